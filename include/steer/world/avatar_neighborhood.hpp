#ifndef STEER_WORLD_AVATAR_NEIGHBORHOOD_HPP
#define STEER_WORLD_AVATAR_NEIGHBORHOOD_HPP

/// @file
/// The speed-elongated neighborhood around a user's avatar (Reynolds 2000, "Reacting to
/// the User", Figure 5): a half circle behind the avatar and a half ellipse ahead of it,
/// stretched along its heading in proportion to its speed. Characters react to an avatar
/// that is coming at them sooner than to one that is passing by or standing still.

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// The shape parameters of an avatar neighborhood.
template <vector V>
struct avatar_neighborhood {
    /// Radius of the half circle behind, and half-width of the ellipse ahead (length units).
    scalar_t<V> radius = 1;
    /// Seconds of travel added ahead: the ellipse's forward semi-axis is
    /// `radius + velocity_weight * speed`. Zero gives a plain circle at any speed.
    scalar_t<V> velocity_weight = 0;

    /// Exact equality of both parameters.
    friend constexpr bool operator==(const avatar_neighborhood&, const avatar_neighborhood&) = default;
};

/// Refuses a negative or non-finite radius or velocity weight.
template <vector V>
void validate(const avatar_neighborhood<V>& n, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::avatar_neighborhood", "radius", n.radius, scalar_t<V>(0), caller);
    detail::expect_at_least("steer::avatar_neighborhood", "velocity_weight", n.velocity_weight, scalar_t<V>(0), caller);
}

/// How deep `point` lies in the neighborhood of an avatar at `avatar_position` moving with
/// `avatar_velocity`: 1 at the avatar, falling to 0 on the boundary (the normalized
/// elliptical distance, one minus it), negative outside. Blend reactions by it. Finite for
/// any finite input, a denormal radius included.
template <vector V>
[[nodiscard]] scalar_t<V> avatar_neighborhood_depth(const avatar_neighborhood<V>& n, const V& avatar_position,
                                                    const V& avatar_velocity, const V& point) noexcept {
    using S = scalar_t<V>;
    const V offset = point - avatar_position;
    const V heading = safe_normalize(avatar_velocity);
    const S along = glm::dot(offset, heading);
    const S across = safe_length(offset - heading * along);
    // Ahead, the forward semi-axis grows with speed; behind (and at rest) it is the radius.
    const S forward_axis = along > S(0) ? n.radius + n.velocity_weight * safe_length(avatar_velocity) : n.radius;
    if (!(n.radius > S(0))) return offset == V(S(0)) ? S(1) : S(-1);  // a degenerate, empty zone
    // The normalized distances, which overflow for a denormal radius: each is cut to the
    // promised magnitude (far outside either way), where its square is still finite.
    const S unlimited = std::numeric_limits<S>::infinity();
    const S u = detail::quotient_within(along, forward_axis, unlimited);
    const S w = detail::quotient_within(across, n.radius, unlimited);
    return S(1) - std::sqrt(u * u + w * w);
}

namespace detail {
/// Whether `point` is certainly outside the neighborhood, told without a square root or a
/// division: its squared distance from the avatar is over 4 (radius^2 + (velocity_weight *
/// speed)^2), at least twice the square of the neighborhood's largest reach, radius +
/// velocity_weight * speed. Most agents are far from an avatar; the margin (at least sqrt 2
/// in distance, where the depth is below 1 - sqrt 2) leaves every point near the boundary
/// to the exact test. False when the bound overflows, or for NaN.
template <vector V>
[[nodiscard]] bool far_outside_avatar_neighborhood(const avatar_neighborhood<V>& n, const V& avatar_position,
                                                   const V& avatar_velocity, const V& point) noexcept {
    using S = scalar_t<V>;
    const V offset = point - avatar_position;
    const S weighted_speed_squared = n.velocity_weight * n.velocity_weight * glm::dot(avatar_velocity, avatar_velocity);
    return glm::dot(offset, offset) > S(4) * (n.radius * n.radius + weighted_speed_squared);
}
}  // namespace detail

/// Whether `point` lies inside (or on) the neighborhood of the avatar.
template <vector V>
[[nodiscard]] bool avatar_neighborhood_contains(const avatar_neighborhood<V>& n, const V& avatar_position,
                                                const V& avatar_velocity, const V& point) noexcept {
    if (detail::far_outside_avatar_neighborhood(n, avatar_position, avatar_velocity, point)) return false;
    return avatar_neighborhood_depth(n, avatar_position, avatar_velocity, point) >= scalar_t<V>(0);
}

}  // namespace steer

#endif  // STEER_WORLD_AVATAR_NEIGHBORHOOD_HPP
