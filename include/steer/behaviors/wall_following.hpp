#ifndef STEER_BEHAVIORS_WALL_FOLLOWING_HPP
#define STEER_BEHAVIORS_WALL_FOLLOWING_HPP

/// @file
/// Wall following (Reynolds 1999, "Wall Following and Containment"): approach a wall and
/// keep a fixed offset from it while moving along it.

#include <cmath>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
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

/// Approaches `wall` (a pathway spine; its radius is the wall's half thickness) and then
/// keeps `offset` from the wall's surface, on the side the vehicle is on, moving along the
/// wall the way the vehicle already goes (+1, along the wall's points, when at rest or
/// moving square to it). Like offset pursuit of the wall: the position `prediction_time`
/// seconds ahead is projected onto the spine, and the vehicle seeks the point `offset` from
/// the surface in the direction of that prediction, moved `max(max_speed *
/// prediction_time, radius)` further along the wall. So the target lies on the curve
/// parallel to the wall: around an outside corner it follows the arc about the corner
/// (not the chord), and at an inside corner it is pushed out to keep the offset from the
/// next stretch of wall too, so the vehicle turns before it reaches the corner.
///
/// An open wall ends: past its last point the vehicle circles the end. A vehicle exactly on
/// the spine takes the side of its own `side()`. In 3D the wall is a pipe, and "the side"
/// is the direction around it the vehicle is in.
/// @param offset distance to keep from the wall's surface; >= 0.
/// @param prediction_time seconds; >= 0.
/// @return seek's force toward the moving target, not truncated.
template <vector V>
[[nodiscard]] V follow_wall(const vehicle<V>& v, const pathway<V>& wall, scalar_t<V> offset,
                            scalar_t<V> prediction_time) {
    using S = scalar_t<V>;
    detail::expect_at_least("steer::follow_wall", "offset", offset, S(0));
    detail::expect_at_least("steer::follow_wall", "prediction_time", prediction_time, S(0));
    const auto here = wall.nearest(v.position());
    const V toward_vehicle = v.position() - here.point;
    const V side_here = detail::side_of(here.tangent, toward_vehicle, v.side());
    const S direction = glm::dot(v.velocity(), here.tangent) < S(0) ? S(-1) : S(1);

    // The prediction's projection, and the direction from it to the prediction, on the
    // vehicle's side: around an outside corner that direction turns smoothly with the
    // prediction, so the target follows the arc of the offset curve instead of its chord.
    const V predicted = v.predict_future_position(prediction_time);
    const auto future = wall.nearest(predicted);
    V side = safe_normalize(predicted - future.point);
    if (!(glm::dot(side, side_here) > S(0))) side = detail::side_of(future.tangent, side_here, side_here);
    V along = safe_normalize(perpendicular_component(future.tangent, side));
    if (along == V(S(0))) along = future.tangent;
    const S lead = direction * detail::path_lead(v, prediction_time);
    V target = future.point + side * (future.radius + offset) + along * lead;
    // Where another part of the wall comes closer than the offset (an inside corner),
    // push the target out to the offset from that part.
    const auto check = wall.nearest(target);
    if (check.outside < offset) {
        V push = safe_normalize(target - check.point);
        if (!(glm::dot(push, side) > S(0))) push = detail::side_of(check.tangent, side, side);
        target = check.point + push * (check.radius + offset);
    }
    return seek(v, target);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_WALL_FOLLOWING_HPP
