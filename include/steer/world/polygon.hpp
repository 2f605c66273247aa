#ifndef STEER_WORLD_POLYGON_HPP
#define STEER_WORLD_POLYGON_HPP

/// @file
/// A closed polygon in 2D, solid inside: a building's footprint, a rock, a lake. Convex or
/// not, as long as its edges do not cross.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "segment.hpp"
#include "sphere.hpp"
#include "sweep.hpp"

namespace steer {

/// A simple closed polygon in the plane, solid inside. Built from its corners in order
/// (either winding; it is stored counterclockwise), checked once when built: points must be
/// finite, at least 3 distinct ones must enclose an area, and no two edges may cross or
/// touch except neighbors at their shared corner. Repeated consecutive points, and a last
/// point repeating the first, are dropped; so is a point closer to the previous one than the
/// smallest normal number on both axes (an edge of denormal length has no direction).
template <vector V>
class polygon {
    static_assert(dimension_v<V> == 2, "steer::polygon is a 2D shape; in 3D use oriented_box or a ray_cast_obstacles");

public:
    using scalar_type = scalar_t<V>;  ///< the scalar type of V

    /// Builds the polygon from its corners; refuses (`STEER_EXPECTS`) what it cannot be. (If a
    /// custom `STEER_EXPECTS` returns, the polygon is left empty: nothing is inside it and
    /// nothing touches it.)
    explicit polygon(std::vector<V> points, source_location caller = source_location::current())
        : points_(std::move(points)) {
        if (!accept(caller)) points_.clear();  // only reached when a custom STEER_EXPECTS returns
        if (points_.empty()) return;
        V low = points_.front(), high = points_.front();
        for (const V& p : points_) {
            low = glm::min(low, p);
            high = glm::max(high, p);
        }
        bounds_.center = (low + high) / scalar_type(2);
        bounds_.radius = 0;
        for (const V& p : points_) bounds_.radius = std::max(bounds_.radius, safe_length(p - bounds_.center));
    }

    /// The corners, counterclockwise, without repeats.
    [[nodiscard]] const std::vector<V>& points() const noexcept { return points_; }
    /// The number of edges (equal to the number of corners).
    [[nodiscard]] std::size_t size() const noexcept { return points_.size(); }
    /// Edge `i`, from corner `i` to corner `i + 1` (wrapping); the solid is on its left.
    [[nodiscard]] segment<V> edge(std::size_t i) const noexcept {
        return {points_[i], points_[i + 1 == points_.size() ? 0 : i + 1]};
    }
    /// A sphere (circle) around every corner, used to skip the polygon cheaply.
    [[nodiscard]] const sphere<V>& bounds() const noexcept { return bounds_; }

private:
    /// Checks and normalizes the corners: drops repeats (corners equal to the previous one,
    /// or apart from it by less than the smallest normal number on every axis), refuses what is not a simple
    /// polygon, turns it counterclockwise. Whether it was accepted.
    bool accept(const source_location& caller) {
        using S = scalar_type;
        constexpr const char* where = "steer::polygon";
        for (const V& p : points_) {
            if (!is_finite(p)) {
                detail::refuse_vector(where, "points", "finite", p, caller);
                return false;
            }
        }
        // Repeats, and corners a few denormals from the previous one: such an edge has no
        // direction, and so no outward normal to push a body out along.
        const auto repeat = [](const V& p, const V& q) {
            return max_abs_component(q - p) < std::numeric_limits<S>::min();
        };
        points_.erase(std::unique(points_.begin(), points_.end(), repeat), points_.end());
        while (points_.size() > 1 && repeat(points_.back(), points_.front())) points_.pop_back();
        if (points_.size() < 3) {
            detail::refuse_with(std::string(where) + ": points must have at least 3 distinct points (got " +
                                    std::to_string(points_.size()) + ")",
                                "points must have at least 3 distinct points", caller);
            return false;
        }
        // All on one line, asked first: the area of collinear points can round to a tiny
        // non-zero value, and their edges then overlap and would be named a crossing.
        const auto off_the_line = [&](const V& p) {
            const V& o = points_[0];
            const V& q = points_[1];
            return (q.x - o.x) * (p.y - o.y) - (q.y - o.y) * (p.x - o.x) != S(0);
        };
        if (std::none_of(points_.begin(), points_.end(), off_the_line)) {
            detail::refuse_with(std::string(where) + ": points must enclose an area (got all on one line)",
                                "points must enclose an area", caller);
            return false;
        }
        S doubled_area = 0;
        for (std::size_t i = 0; i < points_.size(); ++i) {
            const V& p = points_[i];
            const V& q = points_[(i + 1) % points_.size()];
            doubled_area += p.x * q.y - q.x * p.y;
        }
        if (!(doubled_area != S(0))) {
            // No area, and not all on one line: an outline that crosses itself (a bow tie)
            // whose halves cancel; the crossing is the cause to name then.
            if (!crossing_edges(caller))
                detail::refuse_with(std::string(where) + ": points must enclose an area (got an area that rounds to 0)",
                                    "points must enclose an area", caller);
            return false;
        }
        if (doubled_area < S(0)) std::reverse(points_.begin(), points_.end());
        return !crossing_edges(caller);
    }

    /// Refuses a polygon two of whose edges cross or touch (other than neighbors at their
    /// shared corner), or whose neighbors fold back over each other, and says whether it
    /// did. Quadratic in the corner count, once, when built.
    bool crossing_edges(const source_location& caller) const {
        using S = scalar_type;
        const std::size_t n = points_.size();
        const auto cross = [](const V& o, const V& p, const V& q) { return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x); };
        const auto on = [](const V& p, const V& q, const V& r) {  // r on segment pq, given collinear
            return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y &&
                   r.y <= std::max(p.y, q.y);
        };
        const auto meet = [&](const V& p1, const V& p2, const V& q1, const V& q2) {
            const S d1 = cross(q1, q2, p1), d2 = cross(q1, q2, p2), d3 = cross(p1, p2, q1), d4 = cross(p1, p2, q2);
            if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
            return (d1 == 0 && on(q1, q2, p1)) || (d2 == 0 && on(q1, q2, p2)) || (d3 == 0 && on(p1, p2, q1)) ||
                   (d4 == 0 && on(p1, p2, q2));
        };
        for (std::size_t i = 0; i < n; ++i) {
            const segment<V> e = edge(i);
            const segment<V> next = edge((i + 1) % n);
            // Neighbors share a corner; they overlap only by folding straight back.
            if (cross(e.a, e.b, next.b) == S(0) && glm::dot(e.b - e.a, next.b - next.a) < S(0))
                return refuse_crossing(i, (i + 1) % n, caller);
            for (std::size_t j = i + 2; j < n; ++j) {
                if (i == 0 && j == n - 1) continue;  // neighbors across the closing corner
                const segment<V> other = edge(j);
                if (meet(e.a, e.b, other.a, other.b)) return refuse_crossing(i, j, caller);
            }
        }
        return false;
    }

    STEER_DETAIL_COLD static bool refuse_crossing(std::size_t first, std::size_t second, const source_location& caller) {
        detail::refuse_with("steer::polygon: points must not cross themselves (got edge " + std::to_string(first) +
                                " meeting edge " + std::to_string(second) + ")",
                            "points must not cross themselves", caller);
        return true;
    }

    std::vector<V> points_;
    sphere<V> bounds_{};
};

/// Whether `p` lies inside the polygon or on its boundary (within rounding: a point a few
/// ulps outside an edge, such as `nearest_point`'s answer, counts as on it).
template <vector V>
[[nodiscard]] bool contains(const polygon<V>& shape, const V& p) noexcept {
    using S = scalar_t<V>;
    bool inside = false;
    S nearest_squared = std::numeric_limits<S>::infinity();
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const segment<V> e = shape.edge(i);
        nearest_squared = std::min(nearest_squared, distance_squared(p, nearest_point(e, p)));
        if ((e.a.y > p.y) != (e.b.y > p.y)) {
            // Where the edge crosses p's height: the fraction first (in [0, 1], as the edge
            // straddles that height), then the run. Multiplying first rounded the product to
            // the denormal grid for an edge a few denormals high, and x came out far off.
            const S along = (p.y - e.a.y) / (e.b.y - e.a.y);
            const S x = e.a.x + along * (e.b.x - e.a.x);
            if (p.x < x) inside = !inside;
        }
    }
    if (inside) return true;
    const S rounding = S(64) * std::numeric_limits<S>::epsilon() * (max_abs_component(p) + shape.bounds().radius);
    return nearest_squared <= rounding * rounding;
}

namespace detail {

/// The index of the edge nearest to `p` (the lowest among equally near ones).
template <vector V>
[[nodiscard]] std::size_t nearest_edge(const polygon<V>& shape, const V& p) noexcept {  // size() > 0
    std::size_t best = 0;
    auto best_squared = distance_squared(p, nearest_point(shape.edge(0), p));
    for (std::size_t i = 1; i < shape.size(); ++i) {
        const auto squared = distance_squared(p, nearest_point(shape.edge(i), p));
        if (squared < best_squared) {
            best_squared = squared;
            best = i;
        }
    }
    return best;
}

/// The outward unit normal of edge `i` (the solid is on every edge's left).
template <vector V>
[[nodiscard]] V outward_normal(const polygon<V>& shape, std::size_t i) noexcept {
    const segment<V> e = shape.edge(i);
    const V along = safe_normalize(e.b - e.a);
    return V(along.y, -along.x);
}

}  // namespace detail

/// The point of the polygon's boundary nearest to `p`.
template <vector V>
[[nodiscard]] V nearest_point(const polygon<V>& shape, const V& p) noexcept {
    if (shape.size() == 0) return p;
    return nearest_point(shape.edge(detail::nearest_edge(shape, p)), p);
}

/// The distance from `p` to the boundary: negative inside, zero on it.
template <vector V>
[[nodiscard]] scalar_t<V> signed_distance(const polygon<V>& shape, const V& p) noexcept {
    const scalar_t<V> distance = safe_length(p - nearest_point(shape, p));
    return contains(shape, p) ? -distance : distance;
}

/// The point of the polygon nearest to `p` (`p` itself when inside): a polygon is a region.
template <vector V>
[[nodiscard]] V nearest_inside(const polygon<V>& shape, const V& p) noexcept {
    return contains(shape, p) ? p : nearest_point(shape, p);
}

/// Where a ball moving along `w` first touches the polygon (see `sweep`): distance 0 when
/// it already overlaps, with the normal pointing the shortest way out. From outside, the
/// first edge the ball touches (the inside cannot be reached without crossing one).
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const polygon<V>& shape, const sweep<V>& w) {
    using S = scalar_t<V>;
    const sphere<V>& bounds = shape.bounds();
    if (shape.size() == 0) return std::nullopt;
    if (detail::sweep_passes_clear(w.origin - bounds.center, w.direction, w.length, bounds.radius + w.radius))
        return std::nullopt;
    if (contains(shape, w.origin)) {
        const std::size_t edge = detail::nearest_edge(shape, w.origin);
        const V exit = nearest_point(shape.edge(edge), w.origin);
        V normal = safe_normalize(exit - w.origin);
        if (normal == V(S(0))) normal = detail::outward_normal(shape, edge);
        return ray_hit<V>{S(0), exit, normal};
    }
    std::optional<ray_hit<V>> first;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const auto hit = first_contact(shape.edge(i), w);
        if (hit && (!first || hit->distance < first->distance)) first = hit;
    }
    if (first && first->distance == S(0)) {
        // Already touching from outside, perhaps two edges at once in a notch: the way out
        // is between their normals, weighted by how deep each is.
        V out(S(0));
        for (std::size_t i = 0; i < shape.size(); ++i) {
            const V touched = nearest_point(shape.edge(i), w.origin);
            const S depth = w.radius - safe_length(w.origin - touched);
            if (depth > S(0)) out += safe_normalize(w.origin - touched) * depth;
        }
        out = safe_normalize(out);
        if (out != V(S(0))) first->normal = out;
    }
    return first;
}

/// The circle around every corner.
template <vector V>
[[nodiscard]] sphere<V> bounding_sphere(const polygon<V>& shape) noexcept {
    return shape.bounds();
}

}  // namespace steer

#endif  // STEER_WORLD_POLYGON_HPP
