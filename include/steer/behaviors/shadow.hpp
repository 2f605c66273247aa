#ifndef STEER_BEHAVIORS_SHADOW_HPP
#define STEER_BEHAVIORS_SHADOW_HPP

/// @file
/// Shadow (Reynolds 1999, the sketch of "Shadow" at the end of "Steering Behaviors"):
/// approach a moving character, then move with it.

#include <algorithm>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "arrival.hpp"

namespace steer {

/// Tuning for `shadow`.
template <vector V>
struct shadow_params {
    /// Distance (world units, >= 0) to keep between our centre and the quarry's. The
    /// default 2 leaves a body length between two vehicles of the default radius 0.5;
    /// 0 sits on top of the quarry.
    scalar_t<V> stand_off = 2;
    /// Distance (world units, >= 0) from the stand-off point at which the approach slows,
    /// as in arrival. 0, the default, slows as late as the vehicle can manage.
    scalar_t<V> slowing_distance = 0;
};

/// Refuses a negative or non-finite stand-off or slowing distance, as `shadow` would.
template <vector V>
void validate(const shadow_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::shadow", "stand_off", p.stand_off, 0, caller);
    detail::expect_at_least("steer::shadow", "slowing_distance", p.slowing_distance, 0, caller);
}

/// Steers to come alongside a moving `quarry` and then match its heading and speed
/// (Reynolds 1999, "Shadow", which combines approach as in pursuit with alignment). It is
/// arrival done in the quarry's moving frame: the desired velocity is the quarry's
/// velocity plus an arrival ramp toward a goal `stand_off` units from the quarry on our
/// side of it (behind it when we are on top of it), truncated to max_speed. Far away the
/// ramp dominates and the sum leads the quarry, like pursuit; at the goal only the
/// quarry's velocity is left, so we keep pace with it at that distance. The loop gain and
/// the ramp's slope are arrival's, so the relative motion settles without ringing.
/// A quarry faster than our max_speed cannot be matched; we follow at max_speed.
/// @return the velocity error times arrival's gain, cut to max_force: full effort while
///         far from the goal or far from the quarry's velocity, zero when keeping pace at
///         the stand-off distance.
template <agent A, agent_of<agent_vector_t<A>> Q>
[[nodiscard]] agent_vector_t<A> shadow(const A& a, const Q& quarry, const shadow_params<agent_vector_t<A>>& p = {},
                                       source_location caller = source_location::current()) {
    detail::expect_limits("steer::shadow", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);

    constexpr S damping = 4;
    const S slope = detail::ramp_slope(a, p.slowing_distance, damping);
    const V position = a.position();
    const V quarry_position = quarry.position();
    const S max_speed = a.max_speed();
    V away = safe_normalize(position - quarry_position);
    if (away == V(S(0))) away = -V(quarry.forward());
    const V offset = quarry_position + away * p.stand_off - position;
    const V approach = safe_normalize(offset) * std::min(max_speed, slope * safe_length(offset));
    const V desired = truncate(V(quarry.velocity()) + approach, max_speed);
    return detail::limit_force(a, (desired - V(a.velocity())) * (damping * slope * mass(a)));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_SHADOW_HPP
