#ifndef STEER_BEHAVIORS_DOCKING_HPP
#define STEER_BEHAVIORS_DOCKING_HPP

/// @file
/// Docking (Reynolds 1999, the sketch of "Docking" at the end of "Steering Behaviors"):
/// arrival that also fixes the heading the vehicle comes to rest with.

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../detail/portable_math.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "arrival.hpp"

namespace steer {

/// Tuning for `docking`.
template <vector V>
struct docking_params {
    /// Distance (world units, >= 0) from the target, along the remaining path, at which
    /// slowing begins, as in arrival. 0, the default, slows as late as the vehicle can
    /// manage.
    scalar_t<V> slowing_distance = 0;
};

/// Refuses a negative or non-finite slowing distance, as `docking` would.
template <vector V>
void validate(const docking_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::docking", "slowing_distance", p.slowing_distance, 0, caller);
}

namespace detail {

/// A unit vector perpendicular to the unit vector `axis`, as close to `hint` as possible.
template <vector V>
[[nodiscard]] V perpendicular_unit(const V& axis, const V& hint) noexcept {
    using S = scalar_t<V>;
    V result = safe_normalize(perpendicular_component(hint, axis));
    if (result != V(S(0))) return result;
    if constexpr (dimension_v<V> == 2) {
        return V(-axis.y, axis.x);
    } else {
        const V other = std::abs(axis.x) < S(0.9) ? V(1, 0, 0) : V(0, 1, 0);
        return safe_normalize(glm::cross(axis, other));
    }
}

}  // namespace detail

/// Steers to `target` and comes to rest there facing `target_forward`, e.g. a boat into a
/// berth or a car into a parking bay (Reynolds 1999: arrival "extended to simultaneously
/// constrain orientation ... to produce docking"). Since the simple vehicle faces along its
/// velocity, the heading at rest is the direction of the final approach, so the vehicle
/// must arrive moving along `target_forward`, from behind the target.
///
/// The desired direction follows circles through the target that are tangent to
/// `target_forward` there (the direction is `target_forward` mirrored in the line from
/// the target to the vehicle, 2 (f·u) u − f): from anywhere behind or beside the target
/// the vehicle swings round one of those arcs and enters along `target_forward`. In front
/// of the target, within 45 degrees of its forward axis, it first moves straight sideways
/// out of that cone (on the side it is already on; the +side of its own frame when exactly
/// on the axis), where the arcs take over. The desired speed is arrival's ramp applied to
/// the remaining arc length, and the velocity loop is twice as stiff as arrival's so that
/// the sideways error dies out faster than the distance: the final approach is straight.
///
/// @param target_forward the heading to end with; any non-zero length. Zero: plain arrival.
/// @return the velocity error times twice arrival's gain, cut to max_force: full effort
///         while far from the target and not yet at full speed along the arc, zero at rest
///         on the target.
template <agent A>
[[nodiscard]] agent_vector_t<A> docking(const A& a, const agent_vector_t<A>& target,
                                        const agent_vector_t<A>& target_forward,
                                        const docking_params<agent_vector_t<A>>& p = {},
                                        source_location caller = source_location::current()) {
    detail::expect_limits("steer::docking", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const V axis = safe_normalize(target_forward);
    if (axis == V(S(0)))  // no heading asked for
        return arrival(a, target, {.slowing_distance = p.slowing_distance}, caller);

    constexpr S damping = 8;
    const S slope = detail::ramp_slope(a, p.slowing_distance, damping);
    const S gain = damping * slope * mass(a);
    const V position = a.position();
    const V velocity = a.velocity();
    const V offset = position - target;
    const V radial = safe_normalize(offset);
    // On the target within rounding: brake, which keeps the heading of the final approach.
    if (radial == V(S(0)) || detail::lost_in_rounding(offset, position, target, slope))
        return detail::limit_force(a, -velocity * gain);
    const S distance = safe_length(offset);
    const S along = glm::dot(offset, axis);
    const V lateral = offset - axis * along;
    const S lateral_length = safe_length(lateral);

    V direction;
    S path;  // arc length left to the target, for the speed ramp
    constexpr S widest = S(3) * std::numbers::pi_v<S> / S(4);  // the cone's edge, from behind
    if (along > lateral_length) {
        direction = detail::perpendicular_unit(axis, lateral_length > S(0) ? lateral : side(a));
        path = distance * (widest / detail::portable_sin(widest));
    } else {
        direction = radial * (S(2) * glm::dot(axis, radial)) - axis;
        const S sine = lateral_length / distance;            // of the angle from straight behind
        const S angle = detail::portable_atan2(lateral_length, -along);  // arc = chord * angle / sine
        path = sine > S(1e-4) ? distance * (angle / sine) : distance;
    }
    const V desired = direction * std::min(S(a.max_speed()), slope * path);
    return detail::limit_force(a, (desired - velocity) * gain);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_DOCKING_HPP
