#ifndef STEER_WORLD_SPHERE_HPP
#define STEER_WORLD_SPHERE_HPP

/// @file
/// A sphere (a circle in 2D): an obstacle, a containment region, a query volume.

#include <optional>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "sweep.hpp"

namespace steer {

/// A sphere in 3D, a circle in 2D. An aggregate: build it with `{center, radius}`.
template <vector V>
struct sphere {
    V center{};              ///< world position
    scalar_t<V> radius = 1;  ///< >= 0

    /// Exact equality of center and radius.
    friend constexpr bool operator==(const sphere&, const sphere&) = default;
};

/// Refuses a sphere with a negative or non-finite radius or a non-finite center.
template <vector V>
void validate(const sphere<V>& s, source_location caller = source_location::current()) {
    detail::expect_finite("steer::sphere", "center", s.center, caller);
    detail::expect_at_least("steer::sphere", "radius", s.radius, scalar_t<V>(0), caller);
}

/// Whether `p` lies inside or on the sphere.
template <vector V>
[[nodiscard]] bool contains(const sphere<V>& s, const V& p) noexcept {
    return distance_squared(p, s.center) <= s.radius * s.radius;
}

/// The point of the sphere (solid ball) nearest to `p`: `p` itself when inside, else the
/// point where the segment from the center to `p` crosses the surface. A zero radius gives
/// the center.
template <vector V>
[[nodiscard]] V nearest_inside(const sphere<V>& s, const V& p) noexcept {
    const V offset = p - s.center;
    const scalar_t<V> distance = safe_length(offset);
    if (distance <= s.radius) return p;
    return s.center + offset * (s.radius / distance);
}

/// The distance from `p` to the sphere's surface: negative inside, zero on it.
template <vector V>
[[nodiscard]] scalar_t<V> signed_distance(const sphere<V>& s, const V& p) noexcept {
    return safe_length(p - s.center) - s.radius;
}

/// The point of the sphere's surface nearest to `p`. From the exact center every surface
/// point is equally near; the answer is then the one along +x.
template <vector V>
[[nodiscard]] V nearest_point(const sphere<V>& s, const V& p) noexcept {
    V outward = safe_normalize(p - s.center);
    if (outward == V(scalar_t<V>(0))) outward[0] = scalar_t<V>(1);
    return s.center + outward * s.radius;
}

/// Where a ball moving along `w` first touches the sphere (see `sweep`): distance 0 when it
/// already overlaps. The normal points from the sphere's center to the ball's; a ball
/// centered exactly on the sphere's center is sent back the way it came.
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const sphere<V>& s, const sweep<V>& w) noexcept {
    using S = scalar_t<V>;
    // Most spheres are far off the sweep: reject them on the distance of their center from
    // the line, and along it, before solving for the contact.
    const V from_center = w.origin - s.center;
    const S reach = s.radius + w.radius;
    if (detail::sweep_passes_clear(from_center, w.direction, w.length, reach)) return std::nullopt;
    const auto t = detail::first_within(from_center, w.direction, reach, S(0), w.length);
    if (!t) return std::nullopt;
    const V center = w.origin + w.direction * *t;
    V normal = safe_normalize(center - s.center);
    if (normal == V(S(0))) normal = -w.direction;
    return ray_hit<V>{*t, s.center + normal * s.radius, normal};
}

/// A sphere is its own bounding sphere.
template <vector V>
[[nodiscard]] constexpr sphere<V> bounding_sphere(const sphere<V>& s) noexcept {
    return s;
}

}  // namespace steer

#endif  // STEER_WORLD_SPHERE_HPP
