#ifndef STEER_WORLD_BOX_HPP
#define STEER_WORLD_BOX_HPP

/// @file
/// An axis-aligned box (a rectangle in 2D): proximity regions, containment, flow fields.

#include <string>

#include <glm/common.hpp>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// An axis-aligned box from `min` to `max` corner. An aggregate: `{min, max}`.
template <vector V>
struct box {
    V min{};  ///< the corner with the smallest coordinates
    V max{};  ///< the corner with the largest coordinates; max >= min on every axis

    /// Exact equality of both corners.
    friend constexpr bool operator==(const box&, const box&) = default;
};

/// Refuses a box with non-finite corners or with min > max on any axis.
template <vector V>
void validate(const box<V>& b) {
    detail::expect_finite("steer::box", "min", b.min);
    detail::expect_finite("steer::box", "max", b.max);
    bool ordered = true;
    for (int i = 0; i < dimension_v<V>; ++i) ordered = ordered && b.min[i] <= b.max[i];
    STEER_EXPECTS(ordered, "steer::box: min must be <= max on every axis (got min " + detail::format_vector(b.min) +
                               ", max " + detail::format_vector(b.max) + ")");
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

}  // namespace steer

#endif  // STEER_WORLD_BOX_HPP
