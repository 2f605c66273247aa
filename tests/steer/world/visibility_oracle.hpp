#ifndef STEER_TESTS_WORLD_VISIBILITY_ORACLE_HPP
#define STEER_TESTS_WORLD_VISIBILITY_ORACLE_HPP

// The exact shortest route around polygons grown by a clearance, for the navigation grid's
// tests: a visibility graph (Lozano-Perez and Wesley 1979). Around a polygon grown by a disc
// the shortest route is straight between arcs of the clearance's radius about the polygon's
// convex corners, so the graph's nodes are points on those arcs, a few degrees apart and
// just outside them (the route through them is feasible and at most a few hundredths of a
// percent longer than the true one), plus the two ends; an edge joins two nodes whose
// segment keeps the clearance from every polygon. Dijkstra over it, in double precision.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace steer::test {

struct visibility_oracle {
    using point = glm::dvec2;

    /// Polygons (counter-clockwise or clockwise outlines) and the clearance.
    visibility_oracle(std::vector<std::vector<point>> polygons, double clearance, double arc_step = 0.15)
        : polygons_(std::move(polygons)), clearance_(clearance) {
        for (const auto& poly : polygons_) {
            point center(0);
            for (const point& p : poly) center += p / static_cast<double>(poly.size());
            double radius = 0;
            for (const point& p : poly) radius = std::max(radius, glm::distance(p, center));
            circles_.push_back({center, radius});
            const std::size_t n = poly.size();
            double area = 0;
            for (std::size_t i = 0; i < n; ++i) area += cross(poly[i], poly[(i + 1) % n]);
            const double orientation = area > 0 ? 1 : -1;  // +1: counter-clockwise
            for (std::size_t i = 0; i < n; ++i) {
                const point prev = poly[(i + n - 1) % n], at = poly[i], next = poly[(i + 1) % n];
                const point in = glm::normalize(at - prev), out = glm::normalize(next - at);
                if (cross(in, out) * orientation <= 0) continue;  // a reflex corner: never a bend
                // The outward normals of the two edges, and the arc between them.
                const point n0 = orientation > 0 ? point(in.y, -in.x) : point(-in.y, in.x);
                const point n1 = orientation > 0 ? point(out.y, -out.x) : point(-out.y, out.x);
                const double a0 = std::atan2(n0.y, n0.x);
                double sweep = std::atan2(n1.y, n1.x) - a0;
                while (sweep < 0) sweep += 2 * 3.14159265358979323846;
                const int pieces = std::max(1, static_cast<int>(std::ceil(sweep / arc_step)));
                // Points on a circle a little larger than the arc, so that the chords between
                // them stay outside it.
                const double reach = clearance_ / std::cos(sweep / pieces / 2) + 1e-9;
                for (int k = 0; k <= pieces; ++k) {
                    const double a = a0 + sweep * k / pieces;
                    nodes_.push_back(at + point(std::cos(a), std::sin(a)) * reach);
                }
            }
        }
        // The graph among the arcs' points, once: the queries add their two ends.
        edges_.resize(nodes_.size());
        for (std::size_t i = 0; i < nodes_.size(); ++i)
            for (std::size_t j = i + 1; j < nodes_.size(); ++j)
                if (keeps_clear(nodes_[i], nodes_[j])) {
                    edges_[i].push_back(j);
                    edges_[j].push_back(i);
                }
    }

    /// The length of the shortest route from `a` to `b` that keeps the clearance; infinity
    /// when there is none.
    [[nodiscard]] double shortest(point a, point b) const {
        if (keeps_clear(a, b)) return glm::distance(a, b);
        const std::size_t n = nodes_.size() + 2, source = n - 2, target = n - 1;
        const auto at = [&](std::size_t i) { return i == source ? a : i == target ? b : nodes_[i]; };
        std::vector<std::vector<std::size_t>> ends(2);  // the arc points each end sees
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            if (keeps_clear(a, nodes_[i])) ends[0].push_back(i);
            if (keeps_clear(b, nodes_[i])) ends[1].push_back(i);
        }
        std::vector<char> sees_target(nodes_.size(), 0);
        for (const std::size_t i : ends[1]) sees_target[i] = 1;
        std::vector<double> cost(n, std::numeric_limits<double>::infinity());
        std::vector<char> done(n, 0);
        cost[source] = 0;
        using entry = std::pair<double, std::size_t>;
        std::priority_queue<entry, std::vector<entry>, std::greater<entry>> open;
        open.push({0, source});
        const auto relax = [&](std::size_t i, std::size_t j) {
            const double next = cost[i] + glm::distance(at(i), at(j));
            if (!done[j] && next < cost[j]) {
                cost[j] = next;
                open.push({next, j});
            }
        };
        while (!open.empty()) {
            const auto [c, i] = open.top();
            open.pop();
            if (done[i]) continue;
            done[i] = 1;
            if (i == target) return c;
            if (i == source) {
                for (const std::size_t j : ends[0]) relax(i, j);
                continue;
            }
            for (const std::size_t j : edges_[i]) relax(i, j);
            if (sees_target[i]) relax(i, target);
        }
        return std::numeric_limits<double>::infinity();
    }

    /// Whether the segment keeps the clearance (less a hair for rounding) from every polygon.
    [[nodiscard]] bool keeps_clear(point a, point b) const {
        for (std::size_t k = 0; k < polygons_.size(); ++k) {
            const auto& poly = polygons_[k];
            if (point_distance(circles_[k].first, a, b) > circles_[k].second + clearance_) continue;
            if (inside(poly, a) || inside(poly, b)) return false;
            for (std::size_t i = 0; i < poly.size(); ++i)
                if (segment_distance(a, b, poly[i], poly[(i + 1) % poly.size()]) < clearance_ - 1e-7) return false;
        }
        return true;
    }

    /// The distance from `p` to the nearest polygon (negative inside one).
    [[nodiscard]] double signed_distance(point p) const {
        double best = std::numeric_limits<double>::infinity();
        for (const auto& poly : polygons_) {
            double d = std::numeric_limits<double>::infinity();
            for (std::size_t i = 0; i < poly.size(); ++i) d = std::min(d, point_distance(p, poly[i], poly[(i + 1) % poly.size()]));
            best = std::min(best, inside(poly, p) ? -d : d);
        }
        return best;
    }

private:
    static double cross(point a, point b) { return a.x * b.y - a.y * b.x; }
    static double point_distance(point p, point a, point b) {
        const point ab = b - a;
        const double t = std::clamp(glm::dot(p - a, ab) / glm::dot(ab, ab), 0.0, 1.0);
        return glm::distance(p, a + ab * t);
    }
    static double segment_distance(point a, point b, point c, point d) {
        const double d1 = cross(b - a, c - a), d2 = cross(b - a, d - a), d3 = cross(d - c, a - c), d4 = cross(d - c, b - c);
        if (((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0) return 0;
        return std::min({point_distance(a, c, d), point_distance(b, c, d), point_distance(c, a, b), point_distance(d, a, b)});
    }
    static bool inside(const std::vector<point>& poly, point p) {
        bool in = false;
        for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++)
            if ((poly[i].y > p.y) != (poly[j].y > p.y) &&
                p.x < (poly[j].x - poly[i].x) * (p.y - poly[i].y) / (poly[j].y - poly[i].y) + poly[i].x)
                in = !in;
        return in;
    }

    std::vector<std::vector<point>> polygons_;
    double clearance_;
    std::vector<std::pair<point, double>> circles_;  // around each polygon
    std::vector<point> nodes_;
    std::vector<std::vector<std::size_t>> edges_;
};

}  // namespace steer::test

#endif  // STEER_TESTS_WORLD_VISIBILITY_ORACLE_HPP
