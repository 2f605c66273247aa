#ifndef STEER_WORLD_SWEEP_HPP
#define STEER_WORLD_SWEEP_HPP

/// @file
/// The one question every obstacle answers: where does a moving body first touch it? A
/// `sweep` is the body (a ball, a disc in 2D) moving along a straight line; a `ray_hit` is
/// the answer. A ray is a sweep of radius zero.

#include <cmath>
#include <concepts>
#include <limits>
#include <optional>
#include <utility>

#include <glm/geometric.hpp>

#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// A ball (a disc in 2D) of `radius` whose center moves from `origin` along the unit vector
/// `direction` for `length`: the volume a character's body sweeps ahead of it, and the
/// question `first_contact` answers for every obstacle. An aggregate:
/// `{.origin = p, .direction = f, .length = 6, .radius = 0.5f}`.
template <vector V>
struct sweep {
    V origin{};                  ///< where the ball's center starts
    V direction{};               ///< unit length
    scalar_t<V> length = 0;      ///< how far the center moves, >= 0
    scalar_t<V> radius = 0;      ///< the ball's radius, >= 0; 0 makes the sweep a ray
};

/// Where a ray or a sweep first meets an obstacle.
template <vector V>
struct ray_hit {
    scalar_t<V> distance{};  ///< how far along the ray (or the sweep's center line) the contact is, >= 0
    V point{};               ///< the point of the obstacle's surface touched
    V normal{};              ///< the obstacle's outward unit normal there
};

namespace detail {

/// The infimum of { t in [t0, t1] : |u + v t| < r }, the first parameter at which a point
/// moving along u + v t comes strictly within `r` of the origin; empty when it never does.
/// "Strictly" makes a tangent pass (closest approach exactly r) no contact, and a start
/// exactly at r moving inward a contact at t0. Never NaN: overflowing squares give "never".
template <vector V>
[[nodiscard]] std::optional<scalar_t<V>> first_within(const V& u, const V& v, scalar_t<V> r, scalar_t<V> t0,
                                                      scalar_t<V> t1) noexcept {
    using S = scalar_t<V>;
    if (length_squared(u + v * t0) < r * r) return t0;
    const S a = length_squared(v);
    if (!(a > S(0))) return std::nullopt;               // standing still: never nearer
    const S half_b = glm::dot(u, v);
    const S c = length_squared(u) - r * r;
    const S discriminant = half_b * half_b - a * c;
    if (!(discriminant > S(0))) return std::nullopt;    // passes at r or farther (or overflowed)
    // The two roots, computed without cancellation (the larger-magnitude one first).
    const S q = -(half_b + std::copysign(std::sqrt(discriminant), half_b));
    const S root1 = q / a;
    const S root2 = q != S(0) ? c / q : root1;
    const S enter = std::min(root1, root2);
    const S leave = std::max(root1, root2);
    if (!(leave > t0) || !(enter < t1)) return std::nullopt;
    return std::max(enter, t0);
}

/// Whether a ball sweeping from `from_center` (its start, relative to a sphere's center)
/// along the unit `direction` for `length` surely stays `reach` or more from that center:
/// the cheap test that rejects far obstacles on their bounding sphere before the exact one.
template <vector V>
[[nodiscard]] bool sweep_passes_clear(const V& from_center, const V& direction, scalar_t<V> length,
                                      scalar_t<V> reach) noexcept {
    using S = scalar_t<V>;
    const S along = -glm::dot(from_center, direction);
    // The offset square to the line, as a vector: |from_center|^2 - along^2 cancelled
    // catastrophically for a far start and a small obstacle, and its rounding alone could
    // exceed reach^2 (a float sweep from 2500 units away missed a 1.4-unit wall it crossed).
    // The rounding that is left, a few epsilon of the start's distance, widens the reach.
    const V off = from_center + direction * along;
    const S widened = reach + S(4) * std::numeric_limits<S>::epsilon() * max_abs_component(from_center);
    return !(along > -widened && along < length + widened && length_squared(off) < widened * widened);
}

/// Two unit vectors perpendicular to the unit `direction` and to each other (the second is
/// zero in 2D): the lateral axes a ray fan is built on. Deterministic and continuous except
/// where `direction` crosses -z in 3D (Duff et al. 2017, "Building an Orthonormal Basis, Revisited").
template <vector V>
[[nodiscard]] std::pair<V, V> lateral_axes(const V& direction) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        return {V(-direction.y, direction.x), V(S(0))};
    } else {
        const S sign = std::copysign(S(1), direction.z);
        const S a = S(-1) / (sign + direction.z);
        const S b = direction.x * direction.y * a;
        return {V(S(1) + sign * direction.x * direction.x * a, sign * b, -sign * direction.x),
                V(b, sign + direction.y * direction.y * a, -direction.y)};
    }
}

}  // namespace detail

}  // namespace steer

#endif  // STEER_WORLD_SWEEP_HPP
