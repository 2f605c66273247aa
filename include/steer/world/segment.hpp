#ifndef STEER_WORLD_SEGMENT_HPP
#define STEER_WORLD_SEGMENT_HPP

/// @file
/// A line segment: a thin wall in 2D (a fence, the side of a corridor), a pole or a cable
/// in 3D (a capsule of radius zero; a thick one is a segment plus the body's clearance).

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "sphere.hpp"
#include "sweep.hpp"

namespace steer {

/// The segment from `a` to `b`. Neither side is inside: a body keeps off both faces and
/// both ends. An aggregate: `{{0, 0}, {10, 0}}`.
template <vector V>
struct segment {
    V a{};  ///< one end
    V b{};  ///< the other end, distinct from `a`

    /// Exact equality of both ends.
    friend constexpr bool operator==(const segment&, const segment&) = default;
};

/// Refuses non-finite ends and a segment of zero length.
template <vector V>
void validate(const segment<V>& s, source_location caller = source_location::current()) {
    detail::expect_finite("steer::segment", "a", s.a, caller);
    detail::expect_finite("steer::segment", "b", s.b, caller);
    if (s.a == s.b) detail::refuse_vector("steer::segment", "b", "distinct from a", s.b, caller);
}

namespace detail {

/// The parameter in [0, 1] of the segment's point nearest to `p` (0 for a zero-length one).
template <vector V>
[[nodiscard]] scalar_t<V> segment_parameter(const segment<V>& s, const V& p) noexcept {
    using S = scalar_t<V>;
    const V along = s.b - s.a;
    const S squared = length_squared(along);
    if (!(squared > S(0))) return S(0);
    return steer::clamp(glm::dot(p - s.a, along) / squared, S(0), S(1));
}

/// A unit vector perpendicular to the segment, on the side `toward` points to (any
/// perpendicular when `toward` is along the segment).
template <vector V>
[[nodiscard]] V segment_normal(const segment<V>& s, const V& toward) noexcept {
    using S = scalar_t<V>;
    const V along = safe_normalize(s.b - s.a);
    V across = safe_normalize(toward - along * glm::dot(toward, along));
    if (across == V(S(0))) {
        if (along == V(S(0))) {
            across = V(S(0));
            across[0] = S(1);
        } else {
            across = lateral_axes(along).first;
        }
    }
    return across;
}

}  // namespace detail

/// The point of the segment nearest to `p`.
template <vector V>
[[nodiscard]] V nearest_point(const segment<V>& s, const V& p) noexcept {
    return s.a + (s.b - s.a) * detail::segment_parameter(s, p);
}

/// The distance from `p` to the segment (never negative: a segment has no inside).
template <vector V>
[[nodiscard]] scalar_t<V> signed_distance(const segment<V>& s, const V& p) noexcept {
    return safe_length(p - nearest_point(s, p));
}

namespace detail {

/// Where the center line of `w` crosses the segment (2D), as a contact facing the sweep:
/// the lines are crossed along the segment's unit direction, its length kept apart (with
/// `b - a` itself, a segment a few denormals long made the cross products denormal and
/// their ratio, the distance, wrong by a large fraction). Empty when they do not cross
/// within the sweep, when they are parallel, or when the segment is too short to have a
/// direction (it is a point then).
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> center_line_crossing(const segment<V>& s, const sweep<V>& w) noexcept {
    using S = scalar_t<V>;
    const V along = s.b - s.a;
    const V unit_along = safe_normalize(along);
    if (unit_along == V(S(0))) return std::nullopt;
    const auto cross = [](const V& p, const V& q) { return p.x * q.y - p.y * q.x; };
    const V from_a = w.origin - s.a;
    // The sine of the angle between the two lines. The crossing's distance is uncertain by
    // the coordinates' rounding divided by it: within sqrt(epsilon) of parallel (0.02 degree
    // in float, 1e-8 radians in double) that is more than sqrt(epsilon) of the distances
    // involved, and within a few epsilon the sine is pure noise and the crossing anywhere,
    // even past the wall's end. Such lines skim each other, as parallel ones do (a ray along
    // the wall).
    const S denominator = cross(w.direction, unit_along);
    if (!(std::abs(denominator) > std::sqrt(std::numeric_limits<S>::epsilon()))) return std::nullopt;
    const S t = cross(-from_a, unit_along) / denominator;
    const S reach = cross(-from_a, w.direction) / denominator;  // how far along the segment
    // A line through an end (a polygon's corner) crosses at reach 0 or at the length, to
    // rounding: allow that rounding, or a ray entering a polygon exactly at a corner passes
    // between its two edges unseen.
    const S length = safe_length(along);
    const S slack = S(4) * std::numeric_limits<S>::epsilon() * (max_abs_component(from_a) + length) / std::abs(denominator);
    if (!(t >= S(0) && t <= w.length && reach >= -slack && reach <= length + slack)) return std::nullopt;
    return ray_hit<V>{t, s.a + unit_along * clamp(reach, S(0), length), segment_normal(s, -w.direction)};
}

}  // namespace detail

/// Where a ball moving along `w` first touches the segment (see `sweep`), exactly: the
/// segment grown by the ball is a capsule (a stadium in 2D). Distance 0 when the ball
/// already overlaps. The normal points from the segment to the ball's center; for a ray
/// that hits the segment itself, it faces the ray. In 2D a sweep whose center line crosses
/// the wall touches it there at the latest, whatever the rounding of a tiny radius.
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const segment<V>& s, const sweep<V>& w) noexcept {
    using S = scalar_t<V>;
    const V along = s.b - s.a;
    const S squared = length_squared(along);
    const V from_a = w.origin - s.a;
    // Most segments are far off the sweep: reject them on their bounding sphere first.
    if (detail::sweep_passes_clear(from_a - along / S(2), w.direction, w.length, std::sqrt(squared) / S(2) + w.radius))
        return std::nullopt;
    std::optional<ray_hit<V>> crossing;
    if constexpr (dimension_v<V> == 2) {
        // In 2D the ball's center line crossing the wall is a contact at the latest there.
        // A ray (radius 0) touches a wall only by crossing it, which no distance is below 0
        // for; so does a ball whose radius squared underflows (below sqrt(min), the
        // resolution of squared distances).
        crossing = detail::center_line_crossing(s, w);
        if (!(w.radius * w.radius >= std::numeric_limits<S>::min()) && safe_normalize(along) != V(S(0)))
            return crossing;
    }
    // The nearest segment parameter of the ball's center, before clamping, is start + rate * t.
    const S start = squared > S(0) ? glm::dot(from_a, along) / squared : S(0);
    const S rate = squared > S(0) ? glm::dot(w.direction, along) / squared : S(0);
    S cuts[4] = {S(0), S(0), S(0), S(0)};
    int count = 1;
    if (rate != S(0)) {
        for (const S end : {S(0), S(1)}) {
            const S t = (end - start) / rate;
            if (t > S(0) && t < w.length) cuts[count++] = t;
        }
        if (count == 3 && cuts[2] < cuts[1]) std::swap(cuts[1], cuts[2]);
    }
    cuts[count++] = std::max(w.length, S(0));
    for (int piece = 0; piece + 1 < count; ++piece) {
        const S t0 = cuts[piece];
        const S t1 = cuts[piece + 1];
        if (crossing && t0 > crossing->distance) break;  // the crossing comes first
        const S middle = start + rate * ((t0 + t1) / S(2));
        V offset = from_a;  // from the nearest segment point to the ball's center: offset + slope * t
        V slope = w.direction;
        if (middle > S(1)) {
            offset = w.origin - s.b;
        } else if (middle > S(0)) {
            offset = from_a - along * start;
            slope = w.direction - along * rate;
        }
        if (const auto t = detail::first_within(offset, slope, w.radius, t0, t1)) {
            // A contact found past the crossing is rounding (a radius far below the
            // coordinates' resolution): the crossing is the answer then.
            if (crossing && *t > crossing->distance) break;
            const V center = w.origin + w.direction * *t;
            const V touched = nearest_point(s, center);
            V normal = safe_normalize(center - touched);
            if (normal == V(S(0))) normal = detail::segment_normal(s, -w.direction);
            return ray_hit<V>{*t, touched, normal};
        }
    }
    // Nothing met before the center line crosses the wall (in 2D): a ball whose radius is
    // lost in the rounding of its coordinates is a ray too.
    return crossing;
}

/// The smallest sphere around the segment.
template <vector V>
[[nodiscard]] sphere<V> bounding_sphere(const segment<V>& s) noexcept {
    using S = scalar_t<V>;
    return {(s.a + s.b) / S(2), safe_length(s.b - s.a) / S(2)};
}

}  // namespace steer

#endif  // STEER_WORLD_SEGMENT_HPP
