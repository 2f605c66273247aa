#ifndef STEER_BEHAVIORS_PURSUIT_HPP
#define STEER_BEHAVIORS_PURSUIT_HPP

/// @file
/// Pursuit and evasion (Reynolds 1999, "Pursuit" and "Evasion"): seek or flee the place
/// where a moving character is predicted to be, and the prediction-time estimator they share.

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "seek.hpp"

namespace steer {

/// Tuning for `pursuit`.
template <vector V>
struct pursuit_params {
    /// Cap on how far ahead (seconds, >= 0) the quarry is predicted; 0 makes pursuit seek.
    scalar_t<V> max_prediction_time = 1;
};

/// Tuning for `evasion`.
template <vector V>
struct evasion_params {
    /// Cap on how far ahead (seconds, >= 0) the menace is predicted; 0 makes evasion flee.
    scalar_t<V> max_prediction_time = 1;
};

/// Refuses a negative or non-finite prediction cap, as `pursuit` would.
template <vector V>
void validate(const pursuit_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::pursuit", "max_prediction_time", p.max_prediction_time, 0, caller);
}

/// Refuses a negative or non-finite prediction cap, as `evasion` would.
template <vector V>
void validate(const evasion_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::evasion", "max_prediction_time", p.max_prediction_time, 0, caller);
}

namespace detail {

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
template <agent P, agent Q>
[[nodiscard]] agent_scalar_t<P> prediction_time(const P& pursuer, const Q& quarry,
                                                agent_scalar_t<P> max_prediction_time) noexcept {
    using V = agent_vector_t<P>;
    using S = scalar_t<V>;
    const V quarry_forward = quarry.forward();
    const V offset = V(pursuer.position()) - V(quarry.position());
    const S distance = safe_length(offset);
    const V toward_pursuer = safe_normalize(offset);
    const S ahead = glm::dot(quarry_forward, toward_pursuer);
    const S closing = S(pursuer.max_speed()) + glm::dot(V(quarry.velocity()), toward_pursuer);
    S time = closing * max_prediction_time > distance ? distance / closing : max_prediction_time;
    const S aligned = glm::dot(V(pursuer.forward()), quarry_forward);
    time *= S(1) - std::max(ahead, S(0)) * std::max(aligned, S(0));
    return clamp(time, S(0), max_prediction_time);
}

}  // namespace detail

/// How far ahead (seconds) `pursuit` predicts `quarry` for `pursuer`, the paper's estimator
/// described at `detail::prediction_time`; `evasion` uses it with the roles swapped (the
/// menace as the pursuer). For drawing or reusing the point a pursuer aims at:
/// `predict_future_position(quarry, prediction_time(pursuer, quarry, p))`.
/// Refuses a pursuer whose limits are invalid and a negative or non-finite cap.
template <agent P, agent_of<agent_vector_t<P>> Q>
[[nodiscard]] agent_scalar_t<P> prediction_time(const P& pursuer, const Q& quarry,
                                                const pursuit_params<agent_vector_t<P>>& p = {},
                                                source_location caller = source_location::current()) {
    detail::expect_limits("steer::prediction_time", pursuer, caller);
    detail::expect_at_least("steer::prediction_time", "max_prediction_time", p.max_prediction_time, 0, caller);
    return detail::prediction_time(pursuer, quarry, p.max_prediction_time);
}

/// Steers to intercept a moving `quarry`: seek applied to the quarry's position predicted
/// T seconds ahead, assuming it keeps its velocity (Reynolds 1999, "Pursuit"). T comes from
/// the paper's estimator (`prediction_time`): about the time to close the distance, zero
/// when the pursuer is already ahead of and aligned with the quarry.
/// @return seek's force toward the predicted position (at most max_force).
template <agent A, agent_of<agent_vector_t<A>> Q>
[[nodiscard]] agent_vector_t<A> pursuit(const A& a, const Q& quarry, const pursuit_params<agent_vector_t<A>>& p = {},
                                        source_location caller = source_location::current()) {
    detail::expect_limits("steer::pursuit", a, caller);
    validate(p, caller);
    const agent_scalar_t<A> time = detail::prediction_time(a, quarry, p.max_prediction_time);
    return seek(a, predict_future_position(quarry, time), caller);
}

/// Steers away from where a `menace` is heading: flee applied to the menace's position
/// predicted T seconds ahead (Reynolds 1999, "Evasion"). T is the pursuit estimator seen
/// from the menace, i.e. roughly how long it needs to reach us, capped.
/// @return flee's force from the predicted position (at most max_force).
template <agent A, agent_of<agent_vector_t<A>> Q>
[[nodiscard]] agent_vector_t<A> evasion(const A& a, const Q& menace, const evasion_params<agent_vector_t<A>>& p = {},
                                        source_location caller = source_location::current()) {
    detail::expect_limits("steer::evasion", a, caller);
    validate(p, caller);
    const agent_scalar_t<A> time = detail::prediction_time(menace, a, p.max_prediction_time);
    return flee(a, predict_future_position(menace, time), caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_PURSUIT_HPP
