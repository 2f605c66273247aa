#ifndef STEER_WORLD_ORIENTED_BOX_HPP
#define STEER_WORLD_ORIENTED_BOX_HPP

/// @file
/// A box turned any way (a rectangle at an angle in 2D): a tilted wall, a parked truck, a
/// crate that fell over.

#include <array>
#include <cmath>
#include <optional>
#include <string>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../detail/portable_math.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "box.hpp"
#include "sphere.hpp"
#include "sweep.hpp"

namespace steer {

/// A box with its own orthonormal axes: `center`, the half size along each of its axes, and
/// the axes themselves in world space (the columns of its rotation matrix, so a glm user
/// writes `{c, h, {m[0], m[1], m[2]}}` from `glm::mat3_cast(q)`). An aggregate; in 2D,
/// `oriented_box<V>::turned(center, half_extents, angle)` builds one from an angle.
template <vector V>
struct oriented_box {
    V center{};                                 ///< world position of the box's center
    V half_extents{};                           ///< half the size along each of `axes`, > 0
    std::array<V, dimension_v<V>> axes{};       ///< unit, mutually perpendicular, in world space

    /// A 2D box turned by `angle` radians (counterclockwise) from the world axes.
    [[nodiscard]] static oriented_box turned(const V& center, const V& half_extents, scalar_t<V> angle) noexcept
        requires(dimension_v<V> == 2)
    {
        scalar_t<V> s, c;
        detail::portable_sin_cos(angle, s, c);
        return {center, half_extents, {V(c, s), V(-s, c)}};
    }

    /// Exact equality of every member.
    friend constexpr bool operator==(const oriented_box&, const oriented_box&) = default;
};

/// Refuses non-finite members, a half extent that is not positive, and axes that are not
/// orthonormal (each within 1e-3 of unit length, each pair within 1e-3 of perpendicular,
/// which any rotation matrix built in `float` meets).
template <vector V>
void validate(const oriented_box<V>& b, source_location caller = source_location::current()) {
    using S = scalar_t<V>;
    constexpr const char* where = "steer::oriented_box";
    detail::expect_finite(where, "center", b.center, caller);
    detail::expect_finite(where, "half_extents", b.half_extents, caller);
    bool positive = true;
    for (int i = 0; i < dimension_v<V>; ++i) positive = positive && b.half_extents[i] > S(0);
    if (!positive) detail::refuse_vector(where, "half_extents", "> 0 on every axis", b.half_extents, caller);
    for (int i = 0; i < dimension_v<V>; ++i) {
        detail::expect_finite(where, "axes", b.axes[static_cast<std::size_t>(i)], caller);
        for (int j = 0; j <= i; ++j) {
            const S dot = glm::dot(b.axes[static_cast<std::size_t>(i)], b.axes[static_cast<std::size_t>(j)]);
            const S expected = i == j ? S(1) : S(0);
            if (!(std::abs(dot - expected) <= S(1e-3)))
                detail::refuse_vector(where, "axes", "orthonormal", b.axes[static_cast<std::size_t>(i)], caller);
        }
    }
}

namespace detail {

/// `p` in the box's own coordinates (relative to its center, along its axes).
template <vector V>
[[nodiscard]] V to_box_space(const oriented_box<V>& b, const V& p) noexcept {
    V local;
    for (int i = 0; i < dimension_v<V>; ++i) local[i] = glm::dot(p, b.axes[static_cast<std::size_t>(i)]);
    return local;
}

/// A direction given in the box's coordinates, in world space.
template <vector V>
[[nodiscard]] V from_box_space(const oriented_box<V>& b, const V& local) noexcept {
    V world(scalar_t<V>(0));
    for (int i = 0; i < dimension_v<V>; ++i) world += b.axes[static_cast<std::size_t>(i)] * local[i];
    return world;
}

}  // namespace detail

/// Whether `p` lies inside or on the box.
template <vector V>
[[nodiscard]] bool contains(const oriented_box<V>& b, const V& p) noexcept {
    const V local = detail::to_box_space(b, p - b.center);
    for (int i = 0; i < dimension_v<V>; ++i)
        if (std::abs(local[i]) > b.half_extents[i]) return false;
    return true;
}

/// The point of the box nearest to `p` (`p` itself when inside).
template <vector V>
[[nodiscard]] V nearest_inside(const oriented_box<V>& b, const V& p) noexcept {
    if (contains(b, p)) return p;
    const V local = detail::to_box_space(b, p - b.center);
    return b.center + detail::from_box_space(b, glm::clamp(local, -b.half_extents, b.half_extents));
}

/// The distance from `p` to the box's surface: negative inside, zero on it.
template <vector V>
[[nodiscard]] scalar_t<V> signed_distance(const oriented_box<V>& b, const V& p) noexcept {
    return detail::centered_box_signed_distance(b.half_extents, detail::to_box_space(b, p - b.center));
}

/// The point of the box's surface nearest to `p` (from inside, on the nearest face).
template <vector V>
[[nodiscard]] V nearest_point(const oriented_box<V>& b, const V& p) noexcept {
    const V local = detail::centered_box_surface(b.half_extents, detail::to_box_space(b, p - b.center)).point;
    return b.center + detail::from_box_space(b, local);
}

/// Where a ball moving along `w` first touches the box (see `sweep`), exactly, edges and
/// corners rounded by the ball. Distance 0 when it already overlaps.
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const oriented_box<V>& b, const sweep<V>& w) noexcept {
    auto hit = detail::centered_box_first_contact(b.half_extents, detail::to_box_space(b, w.origin - b.center),
                                                  detail::to_box_space(b, w.direction), w.length, w.radius);
    if (hit) {
        hit->point = b.center + detail::from_box_space(b, hit->point);
        hit->normal = detail::from_box_space(b, hit->normal);
    }
    return hit;
}

/// The smallest sphere around the box.
template <vector V>
[[nodiscard]] sphere<V> bounding_sphere(const oriented_box<V>& b) noexcept {
    return {b.center, safe_length(b.half_extents)};
}

}  // namespace steer

#endif  // STEER_WORLD_ORIENTED_BOX_HPP
