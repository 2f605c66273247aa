#ifndef STEER_BEHAVIORS_PURSUIT_HPP
#define STEER_BEHAVIORS_PURSUIT_HPP

/// @file
/// Pursuit and evasion (Reynolds 1999, "Pursuit" and "Evasion"): seek or flee the place
/// where a moving character is predicted to be, and the prediction-time estimator they share.

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "seek.hpp"

namespace steer {

namespace detail {

/// Refuses a prediction horizon that is negative or not finite.
template <std::floating_point S>
void expect_prediction_time(const char* where, S max_prediction_time) {
    STEER_EXPECTS(std::isfinite(max_prediction_time) && max_prediction_time >= S(0),
                  describe(where, "max_prediction_time", ">= 0 and finite", max_prediction_time));
}

/// How far ahead (seconds) `pursuer` should predict `quarry`, the paper's estimator
/// (Reynolds 1999, "Pursuit"): T grows with the distance D between them, shrinks as they
/// close, depends on the headings, and is capped by `max_prediction_time`.
///
/// T = D / closing speed, where the closing speed is the pursuer's max_speed plus the
/// quarry's velocity along the line toward the pursuer (the quarry's forward dotted with
/// the unit offset to the pursuer, times its speed). So T is large when the quarry flees
/// straight away from a pursuer behind it and small when it runs head-on into a pursuer
/// ahead of it, and is the exact time to intercept along that line in both cases. Then T
/// is scaled by 1 − ahead⁺ · aligned⁺, where ahead is that same dot product (1: pursuer
/// straight ahead of the quarry) and aligned is the dot product of the two forward vectors:
/// a pursuer in front of its quarry and heading the same way predicts nothing (T = 0) and
/// turns back toward where the quarry is now, rather than racing the prediction ahead.
/// Coincident positions give 0; a closing speed of zero or less gives the cap.
template <vector V>
[[nodiscard]] scalar_t<V> prediction_time(const vehicle<V>& pursuer, const vehicle<V>& quarry,
                                          scalar_t<V> max_prediction_time) noexcept {
    using S = scalar_t<V>;
    const V offset = pursuer.position() - quarry.position();
    const S distance = safe_length(offset);
    const V toward_pursuer = safe_normalize(offset);
    const S ahead = glm::dot(quarry.forward(), toward_pursuer);
    const S closing = pursuer.max_speed() + glm::dot(quarry.velocity(), toward_pursuer);
    S time = closing * max_prediction_time > distance ? distance / closing : max_prediction_time;
    const S aligned = glm::dot(pursuer.forward(), quarry.forward());
    time *= S(1) - std::max(ahead, S(0)) * std::max(aligned, S(0));
    return clamp(time, S(0), max_prediction_time);
}

}  // namespace detail

/// Steers to intercept a moving `quarry`: seek applied to the quarry's position predicted
/// T seconds ahead, assuming it keeps its velocity (Reynolds 1999, "Pursuit"). T comes from
/// the paper's estimator (see `detail::prediction_time`): about the time to close the
/// distance, zero when the pursuer is already ahead of and aligned with the quarry.
/// @param max_prediction_time cap on T in seconds, >= 0; 0 makes pursuit plain seek.
/// @return desired velocity minus current velocity, not truncated.
template <vector V>
[[nodiscard]] V pursuit(const vehicle<V>& v, const vehicle<V>& quarry, scalar_t<V> max_prediction_time) {
    detail::expect_prediction_time("steer::pursuit", max_prediction_time);
    const scalar_t<V> time = detail::prediction_time(v, quarry, max_prediction_time);
    return seek(v, quarry.predict_future_position(time));
}

/// Steers away from where a `menace` is heading: flee applied to the menace's position
/// predicted T seconds ahead (Reynolds 1999, "Evasion"). T is the pursuit estimator seen
/// from the menace, i.e. roughly how long it needs to reach us, capped.
/// @param max_prediction_time cap on T in seconds, >= 0; 0 makes evasion plain flee.
/// @return desired velocity minus current velocity, not truncated.
template <vector V>
[[nodiscard]] V evasion(const vehicle<V>& v, const vehicle<V>& menace, scalar_t<V> max_prediction_time) {
    detail::expect_prediction_time("steer::evasion", max_prediction_time);
    const scalar_t<V> time = detail::prediction_time(menace, v, max_prediction_time);
    return flee(v, menace.predict_future_position(time));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_PURSUIT_HPP
