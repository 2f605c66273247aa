#ifndef STEER_BEHAVIORS_WALL_FOLLOWING_HPP
#define STEER_BEHAVIORS_WALL_FOLLOWING_HPP

/// @file
/// Wall following (Reynolds 1999, "Wall Following and Containment"): approach a wall and
/// keep a fixed offset from it while moving along it.

#include <cmath>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/pathway.hpp"
#include "path_following.hpp"
#include "seek.hpp"

namespace steer {

namespace detail {

/// A unit vector perpendicular to `tangent` on the same side as `toward` (which need not be
/// perpendicular); when `toward` gives no side, a fixed perpendicular.
template <vector V>
[[nodiscard]] V side_of(const V& tangent, const V& toward, const V& fallback) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        const V left(-tangent.y, tangent.x);
        const S cross = tangent.x * toward.y - tangent.y * toward.x;
        if (cross != S(0)) return cross > S(0) ? left : -left;
        const S fallback_cross = tangent.x * fallback.y - tangent.y * fallback.x;
        return fallback_cross < S(0) ? -left : left;
    } else {
        V side = safe_normalize(perpendicular_component(toward, tangent));
        if (side == V(S(0))) side = safe_normalize(perpendicular_component(fallback, tangent));
        if (side == V(S(0))) side = safe_normalize(glm::cross(tangent, std::abs(tangent.y) < S(0.9) ? V(0, 1, 0) : V(1, 0, 0)));
        return side;
    }
}

}  // namespace detail

/// Tuning for `wall_following`.
template <vector V>
struct wall_following_params {
    /// Distance (world units, >= 0) to keep between the wall's surface and the agent's
    /// center. The default, 1, is a body width or two for a character of radius about 0.5;
    /// scale it with your world.
    scalar_t<V> offset = 1;
    /// How far ahead (seconds, >= 0) the agent's position is predicted and projected onto
    /// the wall; also sets how far along the wall the target leads (the distance covered at
    /// max_speed in this time). The target is thus about twice this time's travel ahead,
    /// and the agent cuts an inside corner by more the further ahead it aims. The default,
    /// 0.5 s, holds the offset within a unit or so through 45 degree corners at a few
    /// units per second; a longer time gives a smoother, looser line.
    scalar_t<V> prediction_time = scalar_t<V>(0.5);
};

/// Refuses a negative or non-finite offset or prediction time, as `wall_following` would.
template <vector V>
void validate(const wall_following_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::wall_following", "offset", p.offset, 0, caller);
    detail::expect_at_least("steer::wall_following", "prediction_time", p.prediction_time, 0, caller);
}

/// Approaches `wall` and then keeps `offset` from its surface while moving along it
/// (Reynolds 1999, "Wall Following and Containment"). The wall is a pathway's spine, its
/// radius the wall's half thickness. The agent stays on the side it is on and goes along
/// the wall the way it already goes (+1, along the wall's points, when at rest or moving
/// square to it). Like offset pursuit of the wall: the position `prediction_time` seconds
/// ahead is projected onto the spine, and the agent seeks the point `offset` from the
/// surface in the direction of that prediction, moved `max(max_speed * prediction_time,
/// radius)` further along the wall. So the target lies on the curve parallel to the wall:
/// around an outside corner it follows the arc about the corner (not the chord), and at an
/// inside corner it is pushed out to keep the offset from the next stretch of wall too, so
/// the agent turns before it reaches the corner.
///
/// An open wall ends: past its last point the agent circles the end. An agent exactly on
/// the spine takes the side of its own side axis (`steer::side`). In 3D the wall is a pipe,
/// and "the side" is the direction around it the agent is in.
/// @return seek's force toward the moving target: the velocity error as a force, full
///         effort at an error of max_speed or more, zero when already moving at max_speed
///         straight at the target.
template <agent A>
[[nodiscard]] agent_vector_t<A> wall_following(const A& a, const pathway<agent_vector_t<A>>& wall,
                                               const wall_following_params<agent_vector_t<A>>& p = {},
                                               source_location caller = source_location::current()) {
    detail::expect_limits("steer::wall_following", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const V position = a.position();
    const auto here = wall.nearest(position);
    const V toward_agent = position - here.point;
    const V side_here = detail::side_of(here.tangent, toward_agent, side(a));
    const S direction = glm::dot(static_cast<V>(a.velocity()), here.tangent) < S(0) ? S(-1) : S(1);

    // The prediction's projection, and the direction from it to the prediction, on the
    // agent's side: around an outside corner that direction turns smoothly with the
    // prediction, so the target follows the arc of the offset curve instead of its chord.
    const V predicted = predict_future_position(a, p.prediction_time);
    const auto future = wall.nearest(predicted);
    V away = safe_normalize(predicted - future.point);
    if (!(glm::dot(away, side_here) > S(0))) away = detail::side_of(future.tangent, side_here, side_here);
    V along = safe_normalize(perpendicular_component(future.tangent, away));
    if (along == V(S(0))) along = future.tangent;
    const S lead = direction * detail::path_lead(a, p.prediction_time);
    V target = future.point + away * (future.radius + p.offset) + along * lead;
    // Where another part of the wall comes closer than the offset (an inside corner),
    // push the target out to the offset from that part.
    const auto check = wall.nearest(target);
    if (check.outside < p.offset) {
        V push = safe_normalize(target - check.point);
        if (!(glm::dot(push, away) > S(0))) push = detail::side_of(check.tangent, away, away);
        target = check.point + push * (check.radius + p.offset);
    }
    return seek(a, target, caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_WALL_FOLLOWING_HPP
