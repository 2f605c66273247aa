#ifndef STEER_WORLD_SPHERE_HPP
#define STEER_WORLD_SPHERE_HPP

/// @file
/// A sphere (a circle in 2D): obstacles, containment regions, query volumes.

#include <concepts>
#include <type_traits>

#include "../detail/expect.hpp"
#include "../detail/ranges.hpp"
#include "../math.hpp"
#include "../vector.hpp"

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
void validate(const sphere<V>& s) {
    detail::expect_finite("steer::sphere", "center", s.center);
    detail::expect_at_least("steer::sphere", "radius", s.radius, scalar_t<V>(0));
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

/// A range of obstacles: a container or view whose elements are `sphere<V>` (or convert to
/// `const sphere<V>&`, like `std::reference_wrapper`) or point to one (raw or smart pointers).
template <class R, class V>
concept sphere_range =
    vector<V> && detail::input_range<const R> &&
    (std::convertible_to<detail::range_reference_t<const R>, const sphere<V>&> ||
     requires(detail::range_reference_t<const R> element) {
         { *element } -> std::convertible_to<const sphere<V>&>;
     });

namespace detail {

/// The sphere an element of a `sphere_range` stands for.
template <vector V, class E>
[[nodiscard]] constexpr const sphere<V>& sphere_of(const E& element) noexcept {
    if constexpr (std::is_convertible_v<const E&, const sphere<V>&>) return element;
    else return *element;
}

}  // namespace detail

}  // namespace steer

#endif  // STEER_WORLD_SPHERE_HPP
