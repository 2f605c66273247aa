#ifndef STEER_BEHAVIORS_ARRIVAL_HPP
#define STEER_BEHAVIORS_ARRIVAL_HPP

/// @file
/// Arrival (Reynolds 1999, "Arrival"): seek that slows down and stops on the target.

#include <algorithm>
#include <cmath>
#include <limits>

#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"

namespace steer {

/// Steers to `target` and comes to rest there. Outside `slowing_distance` the desired
/// speed is max_speed, as in seek; inside it ramps down linearly to zero at the target
/// (the paper's ramp), and never exceeds the speed from which the vehicle can still
/// brake to a stop with its max_force (so a fast, weak vehicle does not overshoot).
///
/// The velocity error is scaled by mass / response_time, where the response time is a
/// quarter of the time the ramp takes to cross `slowing_distance` at full speed. That
/// makes the approach critically damped: speed falls smoothly to zero on the target with
/// no oscillation, whatever the vehicle's mass (the paper's plain `desired - velocity`
/// lags by `mass` seconds and rings around the target for heavy or fast vehicles).
/// `slowing_distance` <= 0 means stop as late as braking allows.
/// @return the scaled velocity error; zero when at rest on the target.
template <vector V>
[[nodiscard]] V arrival(const vehicle<V>& v, const V& target, scalar_t<V> slowing_distance) noexcept {
    using S = scalar_t<V>;
    const V offset = target - v.position();
    const S distance = safe_length(offset);
    const S braking_acceleration = v.max_force() / v.mass();
    S speed = std::min(v.max_speed(), std::sqrt(S(2) * braking_acceleration * distance));
    if (slowing_distance > S(0)) speed = std::min(speed, v.max_speed() * (distance / slowing_distance));
    const V desired = safe_normalize(offset) * speed;
    // Response time of the velocity loop: a quarter of the ramp's time scale gives damping >= 1.
    const S ramp_time = v.max_speed() > S(0) && slowing_distance > S(0) ? slowing_distance / v.max_speed() : S(0);
    const S response_time = std::max(ramp_time / S(4), std::numeric_limits<S>::epsilon());
    const S gain = std::min(v.mass() / response_time, v.mass() * S(1e6));
    return (desired - v.velocity()) * gain;
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_ARRIVAL_HPP
