#ifndef STEER_WORLD_SPHERE_HPP
#define STEER_WORLD_SPHERE_HPP

/// @file
/// A sphere (a circle in 2D): obstacles, containment regions, query volumes.

#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// A sphere in 3D, a circle in 2D. An aggregate: build it with `{center, radius}`.
template <vector V>
struct sphere {
    V center{};
    scalar_t<V> radius = 1;  ///< >= 0

    friend constexpr bool operator==(const sphere&, const sphere&) = default;
};

/// Refuses a sphere with a negative or non-finite radius or a non-finite center.
template <vector V>
void validate(const sphere<V>& s) {
    detail::expect_finite("steer::sphere", "center", s.center);
    detail::expect_at_least("steer::sphere", "radius", s.radius, scalar_t<V>(0));
}

/// Whether `p` lies inside or on the sphere.
template <vector V>
[[nodiscard]] bool contains(const sphere<V>& s, const V& p) noexcept {
    return distance_squared(p, s.center) <= s.radius * s.radius;
}

}  // namespace steer

#endif  // STEER_WORLD_SPHERE_HPP
