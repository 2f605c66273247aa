#ifndef STEER_WORLD_BOX_HPP
#define STEER_WORLD_BOX_HPP

/// @file
/// An axis-aligned box (a rectangle in 2D): an obstacle (a crate, a building), a containment
/// region, the bounds of a proximity database or a flow field.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>

#include <glm/common.hpp>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "sphere.hpp"
#include "sweep.hpp"

namespace steer {

/// An axis-aligned box from `min` to `max` corner. An aggregate: `{min, max}`.
template <vector V>
struct box {
    V min{};  ///< the corner with the smallest coordinates
    V max{};  ///< the corner with the largest coordinates; max >= min on every axis

    /// Exact equality of both corners.
    friend constexpr bool operator==(const box&, const box&) = default;
};

/// Refuses a box with non-finite corners or with min above max on any axis. (A box of no
/// size, a point, is a valid region; as an obstacle it is refused, see `validate_as_obstacle`.)
template <vector V>
void validate(const box<V>& b, source_location caller = source_location::current()) {
    detail::expect_finite("steer::box", "min", b.min, caller);
    detail::expect_finite("steer::box", "max", b.max, caller);
    bool ordered = true;
    for (int i = 0; i < dimension_v<V>; ++i) ordered = ordered && b.min[i] <= b.max[i];
    detail::expect_that(ordered, "min must be <= max on every axis", [&] {
        return "steer::box: min must be <= max on every axis (got min " + detail::format_vector(b.min) + ", max " +
               detail::format_vector(b.max) + ")";
    }, caller);
}

/// Refuses what `validate` refuses, and a box with no size at all (min equal to max on
/// every axis), which hides nothing and stops nothing. A box flat along some axes (a thin
/// wall) is accepted. The behaviors call this on every box obstacle they consider.
template <vector V>
void validate_as_obstacle(const box<V>& b, source_location caller = source_location::current()) {
    validate(b, caller);
    detail::expect_that(b.min != b.max, "size must be non-zero", [&] {
        return "steer::box: size must be non-zero (got min and max both " + detail::format_vector(b.min) + ")";
    }, caller);
}

/// Whether `p` lies inside or on the box.
template <vector V>
[[nodiscard]] bool contains(const box<V>& b, const V& p) noexcept {
    for (int i = 0; i < dimension_v<V>; ++i)
        if (p[i] < b.min[i] || p[i] > b.max[i]) return false;
    return true;
}

/// The point of the box nearest to `p` (`p` itself when inside).
template <vector V>
[[nodiscard]] V nearest_inside(const box<V>& b, const V& p) noexcept {
    return glm::clamp(p, b.min, b.max);
}

namespace detail {

/// The box [-half, half] (box coordinates), shared by `box` and `oriented_box`.

/// Signed distance from `p` to the centered box: the distance to it outside, minus the
/// distance to the nearest face inside.
template <vector V>
[[nodiscard]] scalar_t<V> centered_box_signed_distance(const V& half, const V& p) noexcept {
    using S = scalar_t<V>;
    const V outside = glm::max(glm::abs(p) - half, V(S(0)));
    if (outside != V(S(0))) return safe_length(outside);
    S deepest = std::abs(p[0]) - half[0];
    for (int i = 1; i < dimension_v<V>; ++i) deepest = std::max(deepest, std::abs(p[i]) - half[i]);
    return deepest;
}

/// The point of the centered box's surface nearest to `p`, and the outward normal there.
/// Outside, the clamp of `p` and the direction from it to `p`; inside (or on the surface),
/// the nearest face (the lowest axis among equally near ones).
template <vector V>
[[nodiscard]] ray_hit<V> centered_box_surface(const V& half, const V& p) noexcept {
    using S = scalar_t<V>;
    const V clamped = glm::clamp(p, -half, half);
    const V normal = safe_normalize(p - clamped);
    if (normal != V(S(0))) return {safe_length(p - clamped), clamped, normal};
    int axis = 0;
    for (int i = 1; i < dimension_v<V>; ++i)
        if (std::abs(p[i]) - half[i] > std::abs(p[axis]) - half[axis]) axis = i;
    V face = p;
    V outward(S(0));
    const S sign = p[axis] < S(0) ? S(-1) : S(1);
    face[axis] = sign * half[axis];
    outward[axis] = sign;
    return {std::abs(p[axis]) - half[axis], face, outward};
}

/// `first_contact` for the centered box. Along the sweep's line, the offset from the box's
/// nearest point is affine in t between the parameters where the line crosses a face's
/// plane (at most two a dimension), so each piece is one `first_within`.
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> centered_box_first_contact(const V& half, const V& origin,
                                                                   const V& direction, scalar_t<V> length,
                                                                   scalar_t<V> radius) noexcept {
    using S = scalar_t<V>;
    constexpr int dimension = dimension_v<V>;
    // Most boxes are far off the sweep: reject them on their bounding sphere first.
    if (sweep_passes_clear(origin, direction, length, safe_length(half) + radius)) return std::nullopt;
    S cuts[static_cast<std::size_t>(2 * dimension + 2)];
    int count = 0;
    cuts[count++] = S(0);
    for (int i = 0; i < dimension; ++i) {
        if (direction[i] == S(0)) continue;
        for (const S bound : {-half[i], half[i]}) {
            const S t = (bound - origin[i]) / direction[i];
            if (t > S(0) && t < length) cuts[count++] = t;
        }
    }
    for (int i = 2; i < count; ++i) {  // insertion sort: at most six cuts
        const S cut = cuts[i];
        int j = i;
        for (; j > 1 && cuts[j - 1] > cut; --j) cuts[j] = cuts[j - 1];
        cuts[j] = cut;
    }
    cuts[count++] = std::max(length, S(0));
    for (int piece = 0; piece + 1 < count; ++piece) {
        const S t0 = cuts[piece];
        const S t1 = cuts[piece + 1];
        const V middle = origin + direction * ((t0 + t1) / S(2));
        V offset(S(0));  // the offset from the nearest box point, offset + slope * t, in this piece
        V slope(S(0));
        bool outside = false;
        for (int i = 0; i < dimension; ++i) {
            if (middle[i] < -half[i]) {
                offset[i] = origin[i] + half[i];
                slope[i] = direction[i];
                outside = true;
            } else if (middle[i] > half[i]) {
                offset[i] = origin[i] - half[i];
                slope[i] = direction[i];
                outside = true;
            }
        }
        // A piece inside the box is in contact from its start, even for a ray (radius 0).
        const auto t = outside ? first_within(offset, slope, radius, t0, t1) : std::optional<S>(t0);
        if (t) {
            ray_hit<V> hit = centered_box_surface(half, origin + direction * *t);
            hit.distance = *t;
            return hit;
        }
    }
    return std::nullopt;
}

}  // namespace detail

/// The distance from `p` to the box's surface: negative inside, zero on it.
template <vector V>
[[nodiscard]] scalar_t<V> signed_distance(const box<V>& b, const V& p) noexcept {
    using S = scalar_t<V>;
    const V center = (b.min + b.max) / S(2);
    return detail::centered_box_signed_distance((b.max - b.min) / S(2), p - center);
}

/// The point of the box's surface nearest to `p` (from inside, on the nearest face).
template <vector V>
[[nodiscard]] V nearest_point(const box<V>& b, const V& p) noexcept {
    using S = scalar_t<V>;
    const V center = (b.min + b.max) / S(2);
    return center + detail::centered_box_surface((b.max - b.min) / S(2), p - center).point;
}

/// Where a ball moving along `w` first touches the box (see `sweep`), exactly: a box grown
/// by a ball has rounded edges and corners, and so does this test. Distance 0 when the ball
/// already overlaps; the normal is then the way out of the nearest face.
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const box<V>& b, const sweep<V>& w) noexcept {
    using S = scalar_t<V>;
    const V center = (b.min + b.max) / S(2);
    auto hit = detail::centered_box_first_contact((b.max - b.min) / S(2), w.origin - center, w.direction, w.length,
                                                  w.radius);
    if (hit) hit->point += center;
    return hit;
}

/// The smallest sphere around the box.
template <vector V>
[[nodiscard]] sphere<V> bounding_sphere(const box<V>& b) noexcept {
    using S = scalar_t<V>;
    return {(b.min + b.max) / S(2), safe_length(b.max - b.min) / S(2)};
}

}  // namespace steer

#endif  // STEER_WORLD_BOX_HPP
