#ifndef STEER_BEHAVIORS_SHADOW_HPP
#define STEER_BEHAVIORS_SHADOW_HPP

/// @file
/// Shadow (Reynolds 1999, the sketch of "Shadow" at the end of "Steering Behaviors"):
/// approach a moving character, then move with it.

#include <algorithm>
#include <cmath>

#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "arrival.hpp"

namespace steer {

/// Steers to come alongside a moving `quarry` and then match its heading and speed
/// (Reynolds 1999, "Shadow", which combines approach as in pursuit with alignment). It is
/// arrival done in the quarry's moving frame: the desired velocity is the quarry's
/// velocity plus an arrival ramp toward a goal `stand_off` units from the quarry on our
/// side of it (behind it when we are on top of it), truncated to max_speed. Far away the
/// ramp dominates and the sum leads the quarry, like pursuit; at the goal only the
/// quarry's velocity is left, so we keep pace with it at that distance. The loop gain and
/// the ramp's slope are arrival's, so the relative motion settles without ringing.
/// A quarry faster than our max_speed cannot be matched; we follow at max_speed.
/// @param stand_off distance (units) to keep from the quarry's centre, >= 0 (0: on top of it).
/// @param slowing_distance distance (units) from the goal at which the approach slows, >= 0
///        (0: as late as the vehicle can manage, as in arrival).
/// @return the scaled velocity error, as arrival's; not truncated.
template <vector V>
[[nodiscard]] V shadow(const vehicle<V>& v, const vehicle<V>& quarry, scalar_t<V> stand_off,
                       scalar_t<V> slowing_distance) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::shadow";
    STEER_EXPECTS(std::isfinite(stand_off) && stand_off >= S(0),
                  detail::describe(where, "stand_off", ">= 0 and finite", stand_off));
    detail::expect_at_least(where, "slowing_distance", slowing_distance, 0);

    constexpr S damping = 4;
    const S slope = detail::ramp_slope(v, slowing_distance, damping);
    V away = safe_normalize(v.position() - quarry.position());
    if (away == V(S(0))) away = -quarry.forward();
    const V offset = quarry.position() + away * stand_off - v.position();
    const V approach = safe_normalize(offset) * std::min(v.max_speed(), slope * safe_length(offset));
    const V desired = truncate(quarry.velocity() + approach, v.max_speed());
    return (desired - v.velocity()) * (damping * slope * v.mass());
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_SHADOW_HPP
