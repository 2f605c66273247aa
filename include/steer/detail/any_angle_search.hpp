#ifndef STEER_DETAIL_ANY_ANGLE_SEARCH_HPP
#define STEER_DETAIL_ANY_ANGLE_SEARCH_HPP

/// @file
/// Shortest routes over a navigation lattice: Lazy Theta* (Nash, Koenig and Tovey 2010), an
/// A* whose parents need not be neighbors, so routes run straight between the corners they
/// bend at instead of along the grid's eight directions; then a tightening pass that slides
/// each bend onto the edge of free space.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>

#include "../math.hpp"
#include "../vector.hpp"
#include "navigation_lattice.hpp"
#include "navigation_scratch.hpp"

namespace steer::detail {

/// The walkable cells near `p` whose centers it sees: the corners of its dual cell, or, when
/// none of those is, the cells of the block of 4 (per axis) around it. Appends their
/// indices to `out`.
template <vector V>
void visible_cells_near(const navigation_lattice<V>& lattice, const V& p, std::vector<std::size_t>& out) {
    constexpr int dims = dimension_v<V>;
    const V u = lattice.to_lattice(p);
    cell_t<V> k;
    for (int i = 0; i < dims; ++i) k[i] = static_cast<int>(std::floor(u[i])) - 1;  // the caller's cell below p
    for (int reach = 0; reach < 2 && out.empty(); ++reach) {
        cell_t<V> first = k - reach;
        cell_t<V> last = k + 1 + reach;
        for (int i = 0; i < dims; ++i) {
            first[i] = std::max(first[i], 0);
            last[i] = std::min(last[i], lattice.cells()[i] - 1);
        }
        lattice.for_each_cell(first, last, [&](std::size_t index) {
            if (reach == 1) {  // the ring only: the inner block was tried
                const cell_t<V> c = lattice.cell_of(index);
                bool inner = true;
                for (int i = 0; i < dims; ++i) inner = inner && c[i] >= k[i] && c[i] <= k[i] + 1;
                if (inner) return;
            }
            if (lattice.walkable(index) && lattice.clear(p, lattice.center(index))) out.push_back(index);
        });
    }
}

/// How much the search's heuristic (the straight distance to the goal) is weighted: a
/// weighted A* settles for a route at most this factor longer than the best it could find,
/// and so looks at far fewer cells round a building that lies across the way (on the RTS
/// level of bench/navigation.cpp it finds its routes in about 0.6 of the time:
/// find_path_unweighted). The tightening then takes out the slack: against the exact
/// shortest routes, 300 routes at 0.5 m cells are 0.13% longer on average with the weight
/// and without it (docs/world.md, "Getting there"; tests/steer/world/navigation_grid.cpp).
inline constexpr double heuristic_weight = 1.02;

/// Lazy Theta* from `from` to `to`, both free points in the bounds, over `lattice`, its
/// heuristic weighted by `weight` (>= 1; the benchmark and the tests pass 1 to measure what
/// `heuristic_weight` buys). Writes the route's points, `from` first and `to` last, to
/// `route`; false when `to` cannot be reached. Every segment of the route is clear (`lattice.clear`).
template <vector V>
bool any_angle_search(const navigation_lattice<V>& lattice, navigation_scratch<scalar_t<V>>& w, const V& from,
                      const V& to, std::vector<V>& route, double weight = heuristic_weight) {
    using S = scalar_t<V>;
    constexpr std::int32_t start = navigation_scratch<S>::from_start;
    route.clear();
    if (lattice.clear(from, to)) {
        route = {from, to};
        return true;
    }
    const std::vector<lattice_step<V>>& steps = lattice.steps();
    const S h = static_cast<S>(weight);
    std::vector<std::size_t> starts, goals;
    visible_cells_near(lattice, from, starts);
    visible_cells_near(lattice, to, goals);
    bool connected = false;
    for (const std::size_t a : starts)
        for (const std::size_t b : goals) connected = connected || lattice.component(a) == lattice.component(b);
    if (!connected) return false;
    std::sort(goals.begin(), goals.end());
    const auto is_goal_cell = [&](std::size_t n) {
        return n >= goals.front() && n <= goals.back() && std::binary_search(goals.begin(), goals.end(), n);
    };

    w.start(lattice.size());
    const std::size_t goal_node = lattice.size();  // the goal point, a node of its own
    S goal_cost = std::numeric_limits<S>::infinity();
    std::int32_t goal_parent = start;
    const auto position = [&](std::int32_t p) { return p == start ? from : lattice.center(static_cast<std::size_t>(p)); };
    const auto cost_at = [&](std::int32_t p) { return p == start ? S(0) : w.cost[static_cast<std::size_t>(p)]; };
    for (const std::size_t c : starts) {
        const V center = lattice.center(c);
        const S g = glm::distance(from, center);
        w.see(c, g, start);
        w.push(g + h * glm::distance(center, to), c);
    }
    bool found = false;
    while (!w.open.empty()) {
        const open_entry<S> e = w.pop();
        if (e.index == goal_node) {
            // The goal's parent was assumed to see it; check, else take the best goal cell.
            if (!lattice.clear(position(goal_parent), to)) {
                goal_cost = std::numeric_limits<S>::infinity();
                for (const std::size_t c : goals)
                    if (w.closed(c)) {
                        const S g = w.cost[c] + glm::distance(lattice.center(c), to);
                        if (g < goal_cost) goal_cost = g, goal_parent = static_cast<std::int32_t>(c);
                    }
            }
            found = true;
            break;
        }
        const std::size_t n = e.index;
        if (w.closed(n)) continue;
        const V center = lattice.center(n);
        // Lazy Theta*: the parent was assumed to see this cell when it was queued; check now,
        // and if it does not, take the best closed neighbor instead (a grid step, always clear).
        // Lines from cell centers cross only clear dual cells (a cheap check, a little strict
        // near obstacles); lines from the start point, which may lie where that would refuse
        // every line, are checked exactly.
        const bool sees = w.parent[n] == start ? lattice.clear(from, center)
                                               : lattice.clear_of_edges(position(w.parent[n]), center);
        if (!sees) {
            S best = std::numeric_limits<S>::infinity();
            std::int32_t best_parent = start;
            const std::uint32_t mask = lattice.step_mask(n);
            for (std::size_t j = 0; j < steps.size(); ++j) {
                const std::size_t m = n + static_cast<std::size_t>(steps[j].offset);
                if (!((mask >> j) & 1) || !w.closed(m)) continue;
                const S g = w.cost[m] + steps[j].length;
                if (g < best) best = g, best_parent = static_cast<std::int32_t>(m);
            }
            if (best_parent == start) continue;  // (a seed the start sees: checked when seeded)
            w.cost[n] = best;
            w.parent[n] = best_parent;
        }
        w.close(n);
        const std::int32_t p = w.parent[n];
        const V parent_position = position(p);
        const S parent_cost = cost_at(p);
        if (is_goal_cell(n)) {
            const S g = parent_cost + glm::distance(parent_position, to);
            if (g < goal_cost) {
                goal_cost = g;
                goal_parent = p;
                w.push(g, goal_node);
            }
        }
        const std::uint32_t mask = lattice.step_mask(n);
        for (std::size_t j = 0; j < steps.size(); ++j) {
            const std::size_t m = n + static_cast<std::size_t>(steps[j].offset);
            if (!((mask >> j) & 1) || w.closed(m) || (w.seen(m) && !(parent_cost < w.cost[m]))) continue;
            const V neighbor = center + steps[j].delta;
            const S g = parent_cost + glm::distance(parent_position, neighbor);
            if (w.seen(m) && !(g < w.cost[m])) continue;
            w.see(m, g, p);
            w.push(g + h * glm::distance(neighbor, to), m);
        }
    }
    if (!found) return false;
    route.push_back(to);
    for (std::int32_t p = goal_parent, guard = 0; p != start && guard < static_cast<std::int32_t>(lattice.size());
         p = w.parent[static_cast<std::size_t>(p)], ++guard)
        route.push_back(lattice.center(static_cast<std::size_t>(p)));
    route.push_back(from);
    std::reverse(route.begin(), route.end());
    return true;
}

/// Removes each bend whose neighbors see each other.
template <vector V>
void pull_string(const navigation_lattice<V>& lattice, std::vector<V>& route) {
    if (route.size() < 3) return;
    std::size_t kept = 1;
    for (std::size_t i = 1; i + 1 < route.size(); ++i)
        if (!lattice.clear(route[kept - 1], route[i + 1])) route[kept++] = route[i];
    route[kept++] = route.back();
    route.resize(kept);
}

/// Shortens a route whose segments are all clear, keeping them clear: each bend slides
/// toward the straight line between its neighbors until a segment touches the edge of free
/// space, bends that turn sharply are split in three so that the route can wrap round the
/// rounded corner of a grown obstacle, and bends that are no longer needed are dropped.
/// The ends stay where they are.
template <vector V>
void tighten(const navigation_lattice<V>& lattice, std::vector<V>& route) {
    using S = scalar_t<V>;
    pull_string(lattice, route);
    S cell = lattice.cell_size()[0];
    for (int i = 1; i < dimension_v<V>; ++i) cell = std::min(cell, lattice.cell_size()[i]);
    // The radius of the rounded corners the route wraps: the clearance, and at least half a
    // cell (the interpolated edge of free space is never sharper).
    const S corner_radius = std::max(lattice.clearance(), cell * S(0.5));
    // A bend that turns less than 0.3 rad (cosine above 0.9553) is left whole; tan(turn / 2)
    // is taken from the cosine, and at most tan(1.4), as for a turn of 2.8 rad.
    const S straight_enough = S(0.955336489);
    const std::size_t most_points = 4 * route.size() + 64;
    // Whether the segment from a point of the route to a new point `q` is in free space (a
    // new point between two in the bounds is in them too, but for a rounding).
    const auto joins = [&](const V& p, const V& q) { return lattice.in_bounds(q) && lattice.clear(p, q); };
    std::vector<V> next;
    for (int round = 0; round < 12; ++round) {
        bool moved = false;
        if (round > 0 && route.size() < most_points) {
            next.clear();
            next.push_back(route.front());
            bool after_split = false;  // whether next.back() is the last point a split put after its bend
            for (std::size_t i = 1; i + 1 < route.size(); ++i) {
                const V in = route[i] - route[i - 1];
                const V out = route[i + 1] - route[i];
                const S in_length = glm::length(in), out_length = glm::length(out);
                const S cosine = clamp(in_length > S(0) && out_length > S(0) ? glm::dot(in, out) / (in_length * out_length)
                                                                              : S(1),
                                       S(-1), S(1));
                const S tan_half = cosine > S(-0.942222341) ? std::sqrt((S(1) - cosine) / (S(1) + cosine)) : S(5.79788456);
                const S along = std::min({corner_radius * tan_half, in_length * S(0.4), out_length * S(0.4)});
                if (cosine < straight_enough && along > cell * S(0.05)) {
                    // The new points lie on the bend's segments only to within a rounding, which
                    // is enough to put a piece of a segment that grazes the edge of free space a
                    // hair past it: the split is kept only when its new segments are clear.
                    const V before = route[i] - in * (along / in_length);
                    const V after = route[i] + out * (along / out_length);
                    if (joins(next.back(), before) && joins(before, route[i]) && joins(route[i], after)) {
                        next.push_back(before);
                        next.push_back(route[i]);
                        next.push_back(after);
                        after_split = true;
                        continue;
                    }
                }
                // The bend whole; the point the last split put after its bend goes if it does
                // not see this one (its own bend does: that is a segment of the route).
                if (after_split && !lattice.clear(next.back(), route[i])) next.pop_back();
                next.push_back(route[i]);
                after_split = false;
            }
            if (after_split && !lattice.clear(next.back(), route.back())) next.pop_back();
            next.push_back(route.back());
            route.swap(next);
        }
        for (std::size_t i = 1; i + 1 < route.size(); ++i) {
            const V a = route[i - 1], b = route[i + 1], p = route[i];
            const V ab = b - a;
            const S ab2 = glm::dot(ab, ab);
            const S t = ab2 > S(0) ? clamp(glm::dot(p - a, ab) / ab2, S(0), S(1)) : S(0);
            const V target = a + ab * t;
            if (!(distance_squared(target, p) > cell * cell * S(1e-6))) continue;
            const auto fits = [&](const V& q) { return joins(a, q) && lattice.clear(q, b); };
            if (fits(target)) {
                route[i] = target;
                moved = true;
                continue;
            }
            S lo = 0, hi = 1;
            for (int k = 0; k < 7; ++k) {
                const S mid = (lo + hi) / S(2);
                if (fits(p + (target - p) * mid)) lo = mid;
                else hi = mid;
            }
            if (lo > S(0)) {
                route[i] = p + (target - p) * lo;
                moved = true;
            }
        }
        pull_string(lattice, route);
        if (!moved) break;
    }
}

}  // namespace steer::detail

#endif  // STEER_DETAIL_ANY_ANGLE_SEARCH_HPP
