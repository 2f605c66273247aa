#ifndef STEER_WORLD_PATHWAY_HPP
#define STEER_WORLD_PATHWAY_HPP

/// @file
/// A pathway (Reynolds 1999, "Path Following"): a poly-line spine swept by a radius into
/// a tube, open or cyclic, with exact nearest-point queries that do not scan every segment.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// A poly-line spine with a radius: the tube of the paper's path following, also the
/// "wall" of wall following. Open (from the first point to the last) or cyclic (the last
/// point joins the first). Points repeated one after the other are ignored. The radius is
/// one number for the whole path, or one per point, interpolated linearly along each
/// segment (a road that narrows at a bridge).
///
/// `nearest` is exact (the same answer as scanning every segment, ties going to the lower
/// segment index) and costs about log(segments), wherever the query is: the segments are
/// held in a bounding-box hierarchy built once by the constructor.
///
/// A pathway is an immutable value: copy it, share it between threads, query it concurrently.
template <vector V>
class pathway {
    using S = scalar_t<V>;

public:
    using vector_type = V;  ///< the vector type of the spine's points
    using scalar_type = S;  ///< its scalar

    /// The answer of `nearest`: where a point projects onto the spine.
    struct projection {
        V point{};                ///< the spine point nearest to the query
        V tangent{};              ///< unit direction of the spine at `point`, in the path's order
        S outside = 0;            ///< distance from the query to `point` minus the radius there; < 0 inside the tube
        S distance = 0;           ///< path distance of `point` from the start: [0, length()], [0, length()) when cyclic
        std::size_t segment = 0;  ///< the segment holding `point` (segment 0 joins the first two points)
        S radius = 0;             ///< the tube's radius at `point`
    };

    /// A path through `points` with one `radius` (>= 0). Refused: fewer than 2 distinct
    /// points, a non-finite point, two consecutive points whose distance overflows, a length
    /// that overflows, a negative or non-finite radius.
    pathway(std::vector<V> points, S radius, bool cyclic = false,
            source_location caller = source_location::current()) : cyclic_(cyclic) {
        detail::expect_at_least(where, "radius", radius, S(0), caller);
        std::vector<S> radii(points.size(), radius);
        build(std::move(points), std::move(radii), caller);
    }

    /// A path whose radius varies: `radii[i]` (>= 0) is the radius at `points[i]`, and the
    /// radius changes linearly between points. `radii` must be as long as `points`.
    pathway(std::vector<V> points, std::vector<S> radii, bool cyclic = false,
            source_location caller = source_location::current()) : cyclic_(cyclic) {
        detail::expect(radii.size() == points.size(), where, "radii.size()",
                       "equal to points.size() (" + detail::format_value(points.size()) + ")", radii.size(), caller);
        for (std::size_t i = 0; i < radii.size(); ++i)
            detail::expect_at_least(where, "radii[" + detail::format_value(i) + "]", radii[i], S(0), caller);
        build(std::move(points), std::move(radii), caller);
    }

    /// Total spine length; a cyclic path counts its closing segment.
    [[nodiscard]] S length() const noexcept { return cumulative_.back(); }
    /// The radius: the one given, or the largest of the per-point radii.
    [[nodiscard]] S radius() const noexcept { return radius_; }
    /// Whether the last point joins the first.
    [[nodiscard]] bool cyclic() const noexcept { return cyclic_; }
    /// The number of segments: distinct points - 1 when open, distinct points when cyclic.
    [[nodiscard]] std::size_t segment_count() const noexcept { return lengths_.size(); }
    /// The distinct points, in order (repeats removed; a cyclic path's first point is not repeated).
    [[nodiscard]] std::span<const V> points() const noexcept {
        return std::span<const V>(points_).first(points_.size() - (cyclic_ ? 1 : 0));
    }

    /// The spine point `d` units along the path from its start. Open paths clamp `d` to
    /// [0, length()]; cyclic paths wrap it (negative `d` counts back from the start).
    [[nodiscard]] V point_at_distance(S d) const noexcept {
        const S w = wrap_or_clamp(d);
        const std::size_t i = segment_at(w);
        // Compared with the next point's path distance, not t with the segment's length:
        // w - cumulative_[i] can round below the length, and the end must be the last point.
        if (w >= cumulative_[i + 1]) return points_[i + 1];
        return points_[i] + tangents_[i] * (w - cumulative_[i]);
    }

    /// The unit spine direction `d` units along the path (clamped or wrapped as above). At a
    /// corner it is the direction of the segment that starts there.
    [[nodiscard]] V tangent_at_distance(S d) const noexcept { return tangents_[segment_at(wrap_or_clamp(d))]; }

    /// The tube's radius `d` units along the path (clamped or wrapped as above).
    [[nodiscard]] S radius_at_distance(S d) const noexcept {
        const S w = wrap_or_clamp(d);
        const std::size_t i = segment_at(w);
        return radius_along(i, w - cumulative_[i]);
    }

    /// The path distance of the spine point nearest to `p` (see `nearest`).
    [[nodiscard]] S distance_along(const V& p) const noexcept { return nearest(p).distance; }

    /// Projects `p` onto the nearest point of the spine: the point, the path's direction
    /// there, how far `p` is outside the tube, and the path distance of the point. Costs
    /// about log(segments): a depth-first search of the box hierarchy, nearer child first,
    /// skipping boxes farther than the best segment so far.
    [[nodiscard]] projection nearest(const V& p) const noexcept {
        candidate best{};

        // The tree is balanced (median splits), so its depth, and this stack, stays below 64
        // for any segment count.
        struct pending {
            std::size_t node;
            S distance_squared;
        };
        pending stack[64];
        int top = 0;
        stack[top++] = {0, box_distance_squared(nodes_[0], p)};
        while (top > 0) {
            const pending item = stack[--top];
            if (item.distance_squared > best.distance_squared) continue;
            const node& n = nodes_[item.node];
            if (n.count > 0) {
                for (std::size_t k = n.first; k < n.first + n.count; ++k) keep_better(best, evaluate(order_[k], p));
                continue;
            }
            const std::size_t left = item.node + 1;
            const std::size_t right = n.first;
            const S left_d2 = box_distance_squared(nodes_[left], p);
            const S right_d2 = box_distance_squared(nodes_[right], p);
            const bool left_first = !(right_d2 < left_d2);
            const pending near_child = left_first ? pending{left, left_d2} : pending{right, right_d2};
            const pending far_child = left_first ? pending{right, right_d2} : pending{left, left_d2};
            if (!(far_child.distance_squared > best.distance_squared)) stack[top++] = far_child;
            if (!(near_child.distance_squared > best.distance_squared)) stack[top++] = near_child;
        }
        return make_projection(best);
    }

    /// `nearest` by scanning every segment: the O(segments) reference the hierarchy is
    /// checked and benchmarked against. Same answer, ties included.
    [[nodiscard]] projection nearest_by_scan(const V& p) const noexcept {
        candidate best{};
        for (std::size_t i = 0; i < segment_count(); ++i) keep_better(best, evaluate(i, p));
        return make_projection(best);
    }

private:
    static constexpr const char* where = "steer::pathway";
    static constexpr std::size_t leaf_size = 4;

    struct candidate {
        S distance_squared = std::numeric_limits<S>::infinity();
        std::size_t segment = 0;
        S t = 0;  // distance along the segment
        V point{};
    };

    /// A node of the hierarchy: a box around some segments. A leaf (count > 0) holds
    /// order_[first, first + count); an inner node's children are the next node and `first`.
    struct node {
        V lo{};
        V hi{};
        std::size_t first = 0;
        std::size_t count = 0;
    };

    void build(std::vector<V> points, std::vector<S> radii, const source_location& caller) {
        for (std::size_t i = 0; i < points.size(); ++i)
            detail::expect_finite(where, "points[" + detail::format_value(i) + "]", points[i], caller);
        // Two points are distinct when the step between them has a direction; a step too
        // long to be a number is refused by name (the two points would otherwise count as one).
        std::vector<std::size_t> given(points.size());  // where each kept point was in `points`
        const auto distinct = [&](std::size_t to, std::size_t from) {
            const V step = points[to] - points[from];
            if (!is_finite(step)) [[unlikely]]
                refuse_overflow(given[to], given[from], points[to], points[from], caller);
            return safe_normalize(step) != V(S(0));
        };
        std::size_t kept = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            points[kept] = points[i];
            radii[kept] = radii[i];
            given[kept] = i;
            if (kept > 0 && !distinct(kept, kept - 1)) continue;
            ++kept;
        }
        if (cyclic_)
            while (kept > 1 && !distinct(0, kept - 1)) --kept;
        detail::expect_that(kept >= 2, "points must hold at least 2 distinct points", [&] {
            return "steer::pathway: points must hold at least 2 distinct points (got " + detail::format_value(kept) +
                   " distinct of " + detail::format_value(points.size()) + ")";
        }, caller);
        points.resize(kept);
        radii.resize(kept);
        if (cyclic_) {
            points.push_back(points.front());
            radii.push_back(radii.front());
        }
        points_ = std::move(points);
        radii_ = std::move(radii);
        radius_ = *std::max_element(radii_.begin(), radii_.end());

        const std::size_t segments = points_.size() - 1;
        tangents_.resize(segments);
        lengths_.resize(segments);
        cumulative_.assign(segments + 1, S(0));
        for (std::size_t i = 0; i < segments; ++i) {
            const V d = points_[i + 1] - points_[i];
            tangents_[i] = safe_normalize(d);
            lengths_[i] = safe_length(d);
            cumulative_[i + 1] = cumulative_[i] + lengths_[i];
        }
        detail::expect_finite(where, "length (the sum of the segments' lengths)", cumulative_.back(), caller);
        build_tree();
    }

    /// Refuses two consecutive points, `points[at]` and `points[before]` as given, whose
    /// difference overflows: they are distinct, but no distance between them is a number.
    STEER_DETAIL_COLD static void refuse_overflow(std::size_t at, std::size_t before, const V& p, const V& q,
                                                  const source_location& caller) {
        const std::string pair =
            "points[" + detail::format_value(at) + "] and points[" + detail::format_value(before) + "]";
        detail::refuse_with(std::string(where) + ": " + pair +
                                " must be less than the largest finite number apart on each axis (got " +
                                detail::format_vector(p) + " and " + detail::format_vector(q) +
                                ": their distance overflows)",
                            pair + " must be less than the largest finite number apart on each axis", caller);
    }

    void build_tree() {
        const std::size_t segments = segment_count();
        order_.resize(segments);
        std::iota(order_.begin(), order_.end(), std::size_t(0));
        std::vector<V> centers(segments);
        for (std::size_t i = 0; i < segments; ++i) centers[i] = (points_[i] + points_[i + 1]) * S(0.5);
        nodes_.reserve(2 * (segments / leaf_size + 1));
        build_node(0, segments, centers);
    }

    std::size_t build_node(std::size_t first, std::size_t last, const std::vector<V>& centers) {
        const std::size_t index = nodes_.size();
        nodes_.emplace_back();
        V lo = points_[order_[first]];
        V hi = lo;
        V center_lo = centers[order_[first]];
        V center_hi = center_lo;
        for (std::size_t k = first; k < last; ++k) {
            const std::size_t s = order_[k];
            lo = glm::min(lo, glm::min(points_[s], points_[s + 1]));
            hi = glm::max(hi, glm::max(points_[s], points_[s + 1]));
            center_lo = glm::min(center_lo, centers[s]);
            center_hi = glm::max(center_hi, centers[s]);
        }
        // Widen by a few ulps of the coordinates, so that rounding in the segment projection
        // can never put a point outside its box and let the search wrongly prune it.
        const S pad = S(8) * std::numeric_limits<S>::epsilon() * (max_abs_component(lo) + max_abs_component(hi)) +
                      std::numeric_limits<S>::min();
        lo -= V(pad);
        hi += V(pad);

        if (last - first <= leaf_size) {
            nodes_[index] = node{lo, hi, first, last - first};
            return index;
        }
        int axis = 0;
        const V extent = center_hi - center_lo;
        for (int i = 1; i < dimension_v<V>; ++i)
            if (extent[i] > extent[axis]) axis = i;
        const std::size_t middle = first + (last - first) / 2;
        const auto begin = order_.begin();
        std::nth_element(begin + static_cast<std::ptrdiff_t>(first), begin + static_cast<std::ptrdiff_t>(middle),
                         begin + static_cast<std::ptrdiff_t>(last), [&](std::size_t a, std::size_t b) {
                             return centers[a][axis] < centers[b][axis] ||
                                    (centers[a][axis] == centers[b][axis] && a < b);
                         });
        build_node(first, middle, centers);  // lands at index + 1
        const std::size_t right = build_node(middle, last, centers);
        nodes_[index] = node{lo, hi, right, 0};
        return index;
    }

    [[nodiscard]] static S box_distance_squared(const node& n, const V& p) noexcept {
        const V below = glm::max(n.lo - p, V(S(0)));
        const V above = glm::max(p - n.hi, V(S(0)));
        return length_squared(below + above);
    }

    [[nodiscard]] candidate evaluate(std::size_t i, const V& p) const noexcept {
        const V& a = points_[i];
        S t = glm::dot(p - a, tangents_[i]);
        V q;
        if (!(t > S(0))) {
            t = S(0);
            q = a;
        } else if (t >= lengths_[i]) {
            t = lengths_[i];
            q = points_[i + 1];
        } else {
            q = a + tangents_[i] * t;
        }
        return candidate{distance_squared(p, q), i, t, q};
    }

    static void keep_better(candidate& best, const candidate& c) noexcept {
        if (c.distance_squared < best.distance_squared ||
            (c.distance_squared == best.distance_squared && best.segment > c.segment))
            best = c;
    }

    [[nodiscard]] projection make_projection(const candidate& c) const noexcept {
        if (!(c.distance_squared < std::numeric_limits<S>::infinity()))  // only for non-finite queries
            return projection{points_[0], tangents_[0], std::numeric_limits<S>::infinity(), S(0), 0, radii_[0]};
        S distance = cumulative_[c.segment] + c.t;
        if (cyclic_ && distance >= length()) distance -= length();
        const S r = radius_along(c.segment, c.t);
        return projection{c.point, tangents_[c.segment], std::sqrt(c.distance_squared) - r, distance, c.segment, r};
    }

    [[nodiscard]] S radius_along(std::size_t i, S t) const noexcept {
        const S len = lengths_[i];
        const S u = len > S(0) ? clamp(t / len, S(0), S(1)) : S(0);
        return radii_[i] + (radii_[i + 1] - radii_[i]) * u;
    }

    /// `d` wrapped into [0, length()) when cyclic, clamped to [0, length()] when open; NaN -> 0.
    [[nodiscard]] S wrap_or_clamp(S d) const noexcept {
        const S total = length();
        if (!(d == d)) return S(0);
        if (!cyclic_) return clamp(d, S(0), total);
        S w = std::fmod(d, total);
        if (!(w == w)) return S(0);  // infinite d
        if (w < S(0)) w += total;
        if (w >= total) w = S(0);
        return w;
    }

    /// The segment holding path distance `w` in [0, length()]: the last i with cumulative_[i] <= w.
    [[nodiscard]] std::size_t segment_at(S w) const noexcept {
        const auto it = std::upper_bound(cumulative_.begin() + 1, cumulative_.end(), w);
        const auto i = static_cast<std::size_t>(it - (cumulative_.begin() + 1));
        return std::min(i, segment_count() - 1);
    }

    std::vector<V> points_;      // distinct points; a cyclic path repeats the first at the end
    std::vector<S> radii_;       // one per entry of points_
    std::vector<V> tangents_;    // unit direction of segment i (points_[i] -> points_[i + 1])
    std::vector<S> lengths_;     // length of segment i
    std::vector<S> cumulative_;  // path distance of points_[i]; back() is the total length
    std::vector<std::size_t> order_;  // segment indices, grouped by leaf
    std::vector<node> nodes_;         // the hierarchy; node 0 is the root
    S radius_ = 0;
    bool cyclic_ = false;
};

/// Whether `p` is inside the tube of `path` (within the radius of the spine): a pathway
/// is a `region`, so `containment` can keep a character in a corridor.
template <vector V>
[[nodiscard]] bool contains(const pathway<V>& path, const V& p) noexcept {
    return path.nearest(p).outside <= scalar_t<V>(0);
}

/// The point of the tube nearest to `p`: `p` when inside, else the point of the tube's
/// surface on the way from `p` to the spine.
template <vector V>
[[nodiscard]] V nearest_inside(const pathway<V>& path, const V& p) noexcept {
    const auto near = path.nearest(p);
    if (near.outside <= scalar_t<V>(0)) return p;
    return near.point + safe_normalize(p - near.point) * near.radius;
}

}  // namespace steer

#endif  // STEER_WORLD_PATHWAY_HPP
