#ifndef STEER_BEHAVIORS_PATH_FOLLOWING_HPP
#define STEER_BEHAVIORS_PATH_FOLLOWING_HPP

/// @file
/// Path following (Reynolds 1999, "Path Following"): move along a pathway's tube in a
/// chosen direction, or merely stay inside it.

#include <algorithm>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/pathway.hpp"
#include "seek.hpp"

namespace steer {

/// Tuning for `path_following`.
template <vector V>
struct path_following_params {
    /// Which way along the path to go: +1 (the default) from the first point toward the
    /// last, -1 back, or 0 to stay inside the tube without preferring a direction (the
    /// paper's undirected path following). Anything else is refused.
    int direction = 1;
    /// How far ahead (seconds, >= 0) the agent's position is predicted and checked against
    /// the tube; also sets how far along the path a straying agent aims (the distance it
    /// covers at its current speed in this time). The default, 1 s, turns back in good time
    /// for a tube a few body widths wide.
    scalar_t<V> prediction_time = 1;
};

/// Refuses a direction other than +1, -1 or 0, and a negative or non-finite prediction
/// time, as `path_following` would.
template <vector V>
void validate(const path_following_params<V>& p, source_location caller = source_location::current()) {
    detail::expect(p.direction == 1 || p.direction == -1 || p.direction == 0, "steer::path_following", "direction",
                   "+1, -1 or 0", p.direction, caller);
    detail::expect_at_least("steer::path_following", "prediction_time", p.prediction_time, 0, caller);
}

namespace detail {

/// How far along the path ahead of the predicted projection a wall follower aims: the
/// distance covered at full speed in the prediction time, and never less than the body radius.
template <agent A>
[[nodiscard]] agent_scalar_t<A> path_lead(const A& a, agent_scalar_t<A> prediction_time) noexcept {
    using S = agent_scalar_t<A>;
    return std::max(static_cast<S>(a.max_speed()) * prediction_time, static_cast<S>(a.radius()));
}

}  // namespace detail

/// Moves along `path` while staying inside its tube (Reynolds 1999, "Path Following").
/// The paper's construction: the agent's position `prediction_time` seconds ahead is
/// projected onto the spine. While that prediction is inside the tube the agent is
/// following correctly and needs no correction.
///
/// - `direction` +1 or -1: inside the tube and moving the requested way (the velocity has
///   a positive component along the path's direction at the prediction's projection), the
///   only steering is a push along `forward()` toward max_speed, so a follower keeps
///   moving; zero once at max_speed. Otherwise the agent seeks the spine point
///   `max(speed * prediction_time, radius)` further along the path (for a point agent at
///   rest, `max_speed * prediction_time`), in `direction`, from
///   the projection of where it is now (not of the prediction: aiming from the prediction
///   cuts corners and lets a weighted sum push it further out; docs/behaviors.md has the
///   figures). A cyclic path is followed round and round. At the end of an open path the
///   target stops at the last point, and the agent circles it (combine with `arrival`).
/// - `direction` 0: the agent only stays in the tube (a kind of containment): zero while
///   the prediction is inside, otherwise seek toward the prediction's projection.
///
/// @return a velocity error as a force (`detail::velocity_error_force`, as seek's): full
///         effort when the error is max_speed or more (reversing, or straying from rest),
///         proportionally less below; exactly zero inside the tube at max_speed the
///         requested way (or, with direction 0, anywhere inside).
template <agent A>
[[nodiscard]] agent_vector_t<A> path_following(const A& a, const pathway<agent_vector_t<A>>& path,
                                               const path_following_params<agent_vector_t<A>>& p = {},
                                               source_location caller = source_location::current()) {
    detail::expect_limits("steer::path_following", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const auto predicted = path.nearest(predict_future_position(a, p.prediction_time));
    if (p.direction == 0) {
        if (predicted.outside <= S(0)) return V(S(0));
        return seek(a, predicted.point, caller);
    }
    const S direction = static_cast<S>(p.direction);
    const V velocity = a.velocity();
    const bool requested_way = glm::dot(velocity, predicted.tangent) * direction > S(0);
    if (predicted.outside <= S(0) && requested_way) {
        const S max_speed = static_cast<S>(a.max_speed());
        if (!(speed(a) < max_speed)) return V(S(0));
        return detail::velocity_error_force(a, static_cast<V>(a.forward()) * max_speed);
    }
    // Aim from where the agent is, the distance it covers at its speed in the prediction
    // time; at least its radius, so that one at rest still has somewhere to go (and a
    // point agent at rest the distance it would cover at max_speed).
    const S now = path.distance_along(static_cast<V>(a.position()));
    S lead = std::max(speed(a) * p.prediction_time, static_cast<S>(a.radius()));
    if (!(lead > S(0))) lead = static_cast<S>(a.max_speed()) * p.prediction_time;
    return seek(a, path.point_at_distance(now + direction * lead), caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_PATH_FOLLOWING_HPP
