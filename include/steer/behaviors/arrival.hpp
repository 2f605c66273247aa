#ifndef STEER_BEHAVIORS_ARRIVAL_HPP
#define STEER_BEHAVIORS_ARRIVAL_HPP

/// @file
/// Arrival (Reynolds 1999, "Arrival"): seek that slows down and stops on the target.

#include <algorithm>
#include <cmath>
#include <limits>

#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"

namespace steer {

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
template <vector V>
[[nodiscard]] scalar_t<V> ramp_slope(const vehicle<V>& v, scalar_t<V> slowing_distance, scalar_t<V> damping) noexcept {
    using S = scalar_t<V>;
    const S speed = v.max_speed();
    const S acceleration = v.max_force() / v.mass();
    S slope = S(1) / (damping * min_response_time<S>);
    if (slowing_distance > S(0) && speed < slope * slowing_distance) slope = speed / slowing_distance;
    if (acceleration < slope * speed) slope = acceleration / speed;  // speed > 0 here, or slope * 0 > acceleration is false
    return slope;
}

/// Refuses a slowing distance that is negative or not finite.
template <std::floating_point S>
void expect_slowing_distance(const char* where, S slowing_distance) {
    STEER_EXPECTS(std::isfinite(slowing_distance) && slowing_distance >= S(0),
                  describe(where, "slowing_distance", ">= 0 and finite", slowing_distance));
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
template <vector V>
[[nodiscard]] V arrive_with_slope(const vehicle<V>& v, const V& target, scalar_t<V> slope, scalar_t<V> damping) noexcept {
    using S = scalar_t<V>;
    const V offset = target - v.position();
    V desired(S(0));
    if (!lost_in_rounding(offset, v.position(), target, slope))
        desired = safe_normalize(offset) * std::min(v.max_speed(), slope * safe_length(offset));
    return (desired - v.velocity()) * (damping * slope * v.mass());
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
/// @param slowing_distance distance (units) from the target at which slowing begins; 0
///        means as late as the vehicle can manage (the minimum ramp above). Must be >= 0.
/// @return the scaled velocity error, not truncated; zero when at rest on the target.
template <vector V>
[[nodiscard]] V arrival(const vehicle<V>& v, const V& target, scalar_t<V> slowing_distance) {
    using S = scalar_t<V>;
    detail::expect_slowing_distance("steer::arrival", slowing_distance);
    constexpr S damping = 4;
    return detail::arrive_with_slope(v, target, detail::ramp_slope(v, slowing_distance, damping), damping);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_ARRIVAL_HPP
