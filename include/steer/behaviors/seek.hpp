#ifndef STEER_BEHAVIORS_SEEK_HPP
#define STEER_BEHAVIORS_SEEK_HPP

/// @file
/// Seek and flee (Reynolds 1999, "Seek" and "Flee").

#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"

namespace steer {

/// Steers toward `target` at full speed: desired velocity is the unit offset to the
/// target times max_speed. It passes through the target and circles back (use
/// `arrival` to stop there). Zero offset gives desired velocity zero (a brake).
/// @return desired velocity minus current velocity, not truncated.
template <vector V>
[[nodiscard]] V seek(const vehicle<V>& v, const V& target) noexcept {
    return safe_normalize(target - v.position()) * v.max_speed() - v.velocity();
}

/// Steers directly away from `target` at full speed: seek's desired velocity reversed.
/// At the target itself there is no "away": desired velocity is zero (a brake).
/// @return desired velocity minus current velocity, not truncated.
template <vector V>
[[nodiscard]] V flee(const vehicle<V>& v, const V& target) noexcept {
    return safe_normalize(v.position() - target) * v.max_speed() - v.velocity();
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_SEEK_HPP
