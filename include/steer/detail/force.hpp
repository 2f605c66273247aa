#ifndef STEER_DETAIL_FORCE_HPP
#define STEER_DETAIL_FORCE_HPP

/// @file
/// The output contract's two conversions (docs/behaviors.md, "What a behavior returns"):
/// every behavior answers with a force at most `max_force` long, full effort being
/// `max_force` and nothing to do being zero.

#include <algorithm>
#include <cmath>
#include <limits>

#include "../agent.hpp"
#include "always_inline.hpp"
#include "expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer::detail {

/// `velocity_error_force` for errors and limits whose squares are not normal numbers
/// (zero, tiny or huge): lengths compared instead of squares. Rare, so out of line.
template <vector V>
[[nodiscard]] STEER_DETAIL_COLD V velocity_error_force_careful(const V& error, scalar_t<V> max_speed,
                                                               scalar_t<V> max_force) noexcept {
    const scalar_t<V> magnitude = safe_length(error);
    if (!(magnitude < max_speed)) return truncate(safe_normalize(error) * max_force, max_force);
    return truncate((error / max_speed) * max_force, max_force);  // |error / max_speed| < 1
}

/// The force that corrects a velocity error `desired - velocity`: the error scaled by
/// max_force / max_speed, at most max_force long. An error of max_speed or more (from rest
/// to full speed, or any reversal) is full effort; a smaller one asks for proportionally
/// less. This is the paper's "desired velocity minus velocity", put in the units of force
/// so that it weighs the same as every other behavior; for a vehicle whose max_force equals
/// its max_speed it is the paper's value exactly. Zero error gives zero; an agent that
/// cannot move (max_speed 0) but has a velocity gets full effort against it.
template <agent A>
[[nodiscard]] STEER_DETAIL_ALWAYS_INLINE inline agent_vector_t<A> velocity_error_force(
    const A& a, const agent_vector_t<A>& desired) noexcept {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    const V error = desired - static_cast<V>(a.velocity());
    const S max_speed = static_cast<S>(a.max_speed());
    const S max_force = static_cast<S>(a.max_force());
    // The common case, without a branch on the error's size: its square is a normal number,
    // and the force is error × max_force / max(|error|, max_speed).
    const S squared = length_squared(error);
    if (squared >= std::numeric_limits<S>::min() && squared <= std::numeric_limits<S>::max()) [[likely]] {
        // A denormal scale (a max_force near the smallest normal number against a large
        // error) keeps too few bits: the careful path scales a unit vector instead.
        const S scale = max_force / std::max(std::sqrt(squared), max_speed);
        if (scale >= std::numeric_limits<S>::min() && scale <= std::numeric_limits<S>::max()) return error * scale;
    }
    return velocity_error_force_careful(error, max_speed, max_force);
}

/// A steering force already in force units (a gain times a velocity error, a sum of
/// pushes), cut to the agent's max_force: the vehicle would cut it there anyway, and a
/// blend then sees what the vehicle will do. Branch-free in the common case, as
/// `velocity_error_force`: force × min(1, max_force / |force|).
template <agent A>
[[nodiscard]] STEER_DETAIL_ALWAYS_INLINE inline agent_vector_t<A> limit_force(const A& a,
                                                                              const agent_vector_t<A>& force) noexcept {
    using S = agent_scalar_t<A>;
    const S max_force = static_cast<S>(a.max_force());
    const S squared = length_squared(force);
    if (squared >= std::numeric_limits<S>::min() && squared <= std::numeric_limits<S>::max()) [[likely]] {
        const S scale = std::min(S(1), max_force / std::sqrt(squared));
        if (scale >= std::numeric_limits<S>::min() && scale <= std::numeric_limits<S>::max()) return force * scale;
    }
    return truncate(force, max_force);
}

}  // namespace steer::detail

#endif  // STEER_DETAIL_FORCE_HPP
