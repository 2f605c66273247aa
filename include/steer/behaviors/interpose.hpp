#ifndef STEER_BEHAVIORS_INTERPOSE_HPP
#define STEER_BEHAVIORS_INTERPOSE_HPP

/// @file
/// Interpose (Reynolds 1999, the sketch of "Interpose" at the end of "Steering
/// Behaviors"): get between two moving characters.

#include <cmath>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "arrival.hpp"

namespace steer {

/// Tuning for `interpose`.
template <vector V>
struct interpose_params {
    /// Distance (world units, >= 0) from the interpose point at which slowing begins, as
    /// in arrival. 0, the default, slows as late as the vehicle can manage (arrival's
    /// meaning of 0), so the vehicle still settles between two characters that stop.
    scalar_t<V> slowing_distance = 0;
};

/// Refuses a negative or non-finite slowing distance, as `interpose` would.
template <vector V>
void validate(const interpose_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::interpose", "slowing_distance", p.slowing_distance, 0, caller);
}

/// The point between `first` and `second` that interpose aims at: each is predicted ahead,
/// as pursuit predicts, by the time `a` needs to reach their current midpoint at
/// max_speed, and the midpoint of those predictions is returned. An agent that cannot
/// move (max_speed 0) predicts nothing.
template <agent A, agent_of<agent_vector_t<A>> B, agent_of<agent_vector_t<A>> C>
[[nodiscard]] agent_vector_t<A> interpose_point(const A& a, const B& first, const C& second) noexcept {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    const V midpoint = (V(first.position()) + V(second.position())) * S(0.5);
    const S distance = safe_length(midpoint - V(a.position()));
    const S max_speed = a.max_speed();
    S time = max_speed > S(0) ? distance / max_speed : S(0);
    if (!std::isfinite(time)) time = S(0);
    const V target = (predict_future_position(first, time) + predict_future_position(second, time)) * S(0.5);
    return is_finite(target) ? target : midpoint;
}

/// Steers to put the agent between two moving characters, e.g. a defender blocking a
/// pass (Reynolds 1999, "Interpose"): predict both over the time it would take us to reach
/// their midpoint, aim halfway between the predictions (`interpose_point`), and arrive
/// there. The paper sketches seek; arrival is seek far from the point and, close to it,
/// settles between characters that slow down or stand still instead of circling there.
/// @return arrival's force toward the interpose point: full effort while far from it and
///         not yet at full speed toward it, zero at rest on it.
template <agent A, agent_of<agent_vector_t<A>> B, agent_of<agent_vector_t<A>> C>
[[nodiscard]] agent_vector_t<A> interpose(const A& a, const B& first, const C& second,
                                          const interpose_params<agent_vector_t<A>>& p = {},
                                          source_location caller = source_location::current()) {
    detail::expect_limits("steer::interpose", a, caller);
    validate(p, caller);
    return arrival(a, interpose_point(a, first, second), {.slowing_distance = p.slowing_distance}, caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_INTERPOSE_HPP
