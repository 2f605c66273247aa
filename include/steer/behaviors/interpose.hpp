#ifndef STEER_BEHAVIORS_INTERPOSE_HPP
#define STEER_BEHAVIORS_INTERPOSE_HPP

/// @file
/// Interpose (Reynolds 1999, the sketch of "Interpose" at the end of "Steering
/// Behaviors"): get between two moving characters.

#include <cmath>

#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "arrival.hpp"
#include "seek.hpp"

namespace steer {

/// The point between `a` and `b` that interpose aims at: each is predicted ahead, as
/// pursuit predicts, by the time `v` needs to reach their current midpoint at max_speed,
/// and the midpoint of those predictions is returned. A vehicle that cannot move
/// (max_speed 0) predicts nothing.
template <vector V>
[[nodiscard]] V interpose_point(const vehicle<V>& v, const vehicle<V>& a, const vehicle<V>& b) noexcept {
    using S = scalar_t<V>;
    const V midpoint = (a.position() + b.position()) * S(0.5);
    const S distance = safe_length(midpoint - v.position());
    S time = v.max_speed() > S(0) ? distance / v.max_speed() : S(0);
    if (!std::isfinite(time)) time = S(0);
    const V target = (a.predict_future_position(time) + b.predict_future_position(time)) * S(0.5);
    return is_finite(target) ? target : midpoint;
}

/// Steers to put the vehicle between two moving characters, e.g. a defender blocking a
/// pass (Reynolds 1999, "Interpose"): predict both over the time it would take us to reach
/// their midpoint, aim halfway between the predictions (`interpose_point`), and seek that
/// point, as the paper sketches, or arrive at it when `slowing_distance` is positive, which
/// settles between characters that stand still instead of circling there.
/// @param slowing_distance 0 (default): seek; > 0: arrival with that slowing distance (units).
/// @return the steering of seek or arrival toward the interpose point, not truncated.
template <vector V>
[[nodiscard]] V interpose(const vehicle<V>& v, const vehicle<V>& a, const vehicle<V>& b,
                          scalar_t<V> slowing_distance = 0) {
    using S = scalar_t<V>;
    detail::expect_at_least("steer::interpose", "slowing_distance", slowing_distance, 0);
    const V target = interpose_point(v, a, b);
    return slowing_distance > S(0) ? arrival(v, target, {.slowing_distance = slowing_distance}) : seek(v, target);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_INTERPOSE_HPP
