#ifndef STEER_BEHAVIORS_ARRIVAL_HPP
#define STEER_BEHAVIORS_ARRIVAL_HPP

/// @file
/// Arrival (Reynolds 1999, "Arrival"): seek that slows down and stops on the target.

#include <algorithm>
#include <cmath>
#include <limits>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// Tuning for `arrival`.
template <vector V>
struct arrival_params {
    /// Distance (world units, >= 0) from the target at which slowing begins. 0, the
    /// default, slows as late as the vehicle can manage: over twice its braking distance.
    scalar_t<V> slowing_distance = 0;
};

/// Refuses a negative or non-finite slowing distance, as `arrival` would.
template <vector V>
void validate(const arrival_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::arrival", "slowing_distance", p.slowing_distance, 0, caller);
}

namespace detail {

/// The shortest time constant (seconds) any arrival-style velocity loop is given. A loop
/// faster than the frame time overshoots from frame to frame; 1/30 s keeps every frame
/// rate of 30 Hz and above in the monotone regime.
template <std::floating_point S>
inline constexpr S min_response_time = S(1) / S(30);

/// The slope (1/s) of arrival's speed ramp: desired speed = slope * distance near the
/// target. It is `max_speed / slowing_distance`, made gentler where the vehicle could not
/// follow it: at most `acceleration / max_speed` (the ramp from full speed then asks for at
/// most the vehicle's acceleration) and at most `1 / (damping * min_response_time)` (the
/// velocity loop, whose time constant is 1 / (damping * slope), stays slower than a frame).
/// Zero when the vehicle has no force.
template <agent A>
[[nodiscard]] agent_scalar_t<A> ramp_slope(const A& a, agent_scalar_t<A> slowing_distance,
                                           agent_scalar_t<A> damping) noexcept {
    using S = agent_scalar_t<A>;
    const S speed = a.max_speed();
    const S acceleration = S(a.max_force()) / mass(a);
    S slope = S(1) / (damping * min_response_time<S>);
    if (slowing_distance > S(0) && speed < slope * slowing_distance) slope = speed / slowing_distance;
    if (acceleration < slope * speed) slope = acceleration / speed;  // speed > 0 here, or slope * 0 > acceleration is false
    return slope;
}

/// Whether the vehicle is on the target as far as its coordinates can tell: the offset is
/// within 64 rounding steps of the coordinates involved, or so small that the ramp's
/// desired speed (`slope` times the distance) would move the vehicle by less than one
/// rounding step per frame at 240 Hz. Further in, positions stop changing along some axes
/// while others still move, so the offset turns for no physical reason; steering along it
/// keeps the vehicle at rest but makes its heading drift. The radius is about
/// 240 × epsilon × |coordinates| / slope: 4e-4 units for float coordinates near 10 and
/// arrival's default-like slope of 2/3 per second; negligible for double.
template <vector V>
[[nodiscard]] bool lost_in_rounding(const V& offset, const V& position, const V& target, scalar_t<V> slope) noexcept {
    using S = scalar_t<V>;
    const S step = std::numeric_limits<S>::epsilon() * std::max(max_abs_component(position), max_abs_component(target));
    const S distance = max_abs_component(offset);
    return distance <= S(64) * step || distance * slope <= S(240) * step;
}

/// Arrival's steering toward `target` for a ramp of the given slope, with the velocity
/// loop's gain `damping * slope * mass` (damping 4 makes it critically damped). On the
/// target within rounding it only brakes, which shrinks the velocity without turning it.
/// Beyond the ramp, where the desired speed is max_speed (the paper's "seek" part), the
/// gain is at least seek's (max_force per max_speed of error), so a vehicle far from the
/// target is at full effort until it cruises toward it, whatever the ramp's length. The
/// force is cut to max_force.
template <agent A>
[[nodiscard]] agent_vector_t<A> arrive_with_slope(const A& a, const agent_vector_t<A>& target, agent_scalar_t<A> slope,
                                                  agent_scalar_t<A> damping) noexcept {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    const V position = a.position();
    const V offset = target - position;
    const S max_speed = a.max_speed();
    S gain = damping * slope * mass(a);
    V desired(S(0));
    if (!lost_in_rounding(offset, position, target, slope)) {
        const S ramp_speed = slope * safe_length(offset);
        desired = safe_normalize(offset) * std::min(max_speed, ramp_speed);
        if (ramp_speed >= max_speed && max_speed > S(0)) gain = std::max(gain, S(a.max_force()) / max_speed);
    }
    const V velocity = a.velocity();
    return limit_force(a, (desired - velocity) * gain);
}

}  // namespace detail

/// Steers to `target` and comes to rest on it without overshoot or oscillation
/// (Reynolds 1999, "Arrival"). Outside the slowing zone the desired velocity is
/// max_speed toward the target, as in seek; inside it the desired speed ramps down
/// linearly to zero at the target (the paper's ramp).
///
/// Two changes to the paper make the stop clean for every vehicle:
/// - The ramp is never steeper than the vehicle can follow. Its length is at least
///   `max_speed² / (max_force / mass)` (twice the braking distance from full speed) and at
///   least `max_speed × 4/30 s`, so a heavy, weak or very fast vehicle starts slowing before
///   `slowing_distance` rather than overshooting.
/// - The velocity error is multiplied by `4 × mass × slope` (slope = max_speed over the ramp
///   length), which makes the approach a critically damped second-order system: position
///   decays like (d + v t)·e^(−2 slope t), with no overshoot and no ringing, for any mass.
///   The plain `desired − velocity` of the paper lags by `mass` seconds and circles the
///   target when that lag is longer than a quarter of the ramp's time.
/// The stop is monotone for frame times up to 1/30 s, and the heading at rest stays put:
/// once the remaining offset is lost in the rounding of the coordinates (see
/// `detail::lost_in_rounding`; under a thousandth of a unit for float coordinates near 10,
/// negligible for double) the behavior only brakes instead of chasing rounding noise.
///
/// @return the velocity error times `4 × mass × slope` (at least seek's gain beyond the
///         ramp), cut to max_force: full effort while far from the target and not yet at full
///         speed toward it, shrinking to zero as the vehicle comes to rest on it.
template <agent A>
[[nodiscard]] agent_vector_t<A> arrival(const A& a, const agent_vector_t<A>& target,
                                        const arrival_params<agent_vector_t<A>>& p = {},
                                        source_location caller = source_location::current()) {
    detail::expect_limits("steer::arrival", a, caller);
    using S = agent_scalar_t<A>;
    validate(p, caller);
    constexpr S damping = 4;
    return detail::arrive_with_slope(a, target, detail::ramp_slope(a, p.slowing_distance, damping), damping);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_ARRIVAL_HPP
