#ifndef STEER_BEHAVIORS_AVATAR_AVOIDANCE_HPP
#define STEER_BEHAVIORS_AVATAR_AVOIDANCE_HPP

/// @file
/// The continuous reaction to a user's avatar (Reynolds 2000, "Reacting to the User",
/// Figure 6): inside the avatar's speed-elongated neighborhood, move away from both the
/// avatar and the path it is on.

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/avatar_neighborhood.hpp"

namespace steer {

namespace detail {
/// A fixed sideways escape for points exactly on an avatar's path: its left in 2D,
/// horizontal (perpendicular to heading and world +Y) in 3D.
template <vector V>
[[nodiscard]] V avatar_default_side(const V& heading) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        return V(-heading.y, heading.x);
    } else {
        const V side = safe_normalize(glm::cross(V(0, 1, 0), heading));
        return side != V(S(0)) ? side : V(1, 0, 0);
    }
}

/// Away from the avatar and, for points ahead of it, away from its path, added with equal
/// weights; a unit vector. A point exactly on the path ahead escapes sideways.
template <vector V>
[[nodiscard]] V escape_from_avatar(const V& avatar_position, const V& avatar_velocity, const V& point) noexcept {
    using S = scalar_t<V>;
    const V offset = point - avatar_position;
    const V heading = safe_normalize(avatar_velocity);
    V away = safe_normalize(offset);
    if (heading != V(S(0)) && glm::dot(offset, heading) > S(0)) {
        V off_path = safe_normalize(perpendicular_component(offset, heading));
        if (off_path == V(S(0))) off_path = avatar_default_side(heading);
        away = safe_normalize(away + off_path);
    }
    if (away == V(S(0))) {  // on top of the avatar: take its default side, or +X at rest
        away = heading != V(S(0)) ? avatar_default_side(heading) : V(S(0));
        if (away == V(S(0))) away[0] = S(1);
    }
    return away;
}
}  // namespace detail

/// The direction away from an avatar and from its current path, or zero when `point` is
/// outside `zone`. Away-from-position and away-from-path (the perpendicular from the
/// avatar's heading line, for points ahead of it) are added with equal weight; a point
/// exactly on the path ahead escapes to the avatar's left (2D) or horizontally (3D), so
/// the choice is deterministic.
template <vector V>
[[nodiscard]] V avatar_escape_direction(const avatar_neighborhood<V>& zone, const V& avatar_position,
                                        const V& avatar_velocity, const V& point) noexcept {
    if (!avatar_neighborhood_contains(zone, avatar_position, avatar_velocity, point)) return V(scalar_t<V>(0));
    return detail::escape_from_avatar(avatar_position, avatar_velocity, point);
}

/// Steers the agent away from an avatar and its path while it is inside the avatar's
/// neighborhood `zone` (Reynolds 2000, "Reacting to the User"), scaled by how deep inside
/// it is, so it blends with the character's other behaviors instead of switching abruptly.
/// The desired velocity is the escape direction (`avatar_escape_direction`) at a speed that
/// reaches max_speed halfway in; the whole correction fades out over the outer quarter of
/// the zone, so entering it is not a jolt. Zero outside the neighborhood. The zone is taken
/// as it is (a hot-path reader): `validate` it where it comes from data.
/// @return the velocity error as a force (as seek's, at most max_force) times the fade,
///         min(1, 4 × depth): full effort deep inside, moving the wrong way or from rest;
///         zero outside the zone or once escaping at the desired velocity.
template <agent A>
[[nodiscard]] agent_vector_t<A> avatar_avoidance(const A& a, const agent_vector_t<A>& avatar_position,
                                                 const agent_vector_t<A>& avatar_velocity,
                                                 const avatar_neighborhood<agent_vector_t<A>>& zone,
                                                 source_location caller = source_location::current())
    noexcept(detail::keeps_its_limits<A>) {
    detail::expect_limits("steer::avatar_avoidance", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    const V position = a.position();
    if (detail::far_outside_avatar_neighborhood(zone, avatar_position, avatar_velocity, position)) return V(S(0));
    const S depth = avatar_neighborhood_depth(zone, avatar_position, avatar_velocity, position);
    if (depth < S(0)) return V(S(0));
    const V away = detail::escape_from_avatar(avatar_position, avatar_velocity, position);
    const V desired = away * (S(a.max_speed()) * clamp(depth * S(2), S(0), S(1)));
    return detail::velocity_error_force(a, desired) * clamp(depth * S(4), S(0), S(1));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_AVATAR_AVOIDANCE_HPP
