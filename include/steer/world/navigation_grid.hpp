#ifndef STEER_WORLD_NAVIGATION_GRID_HPP
#define STEER_WORLD_NAVIGATION_GRID_HPP

/// @file
/// Routes around the level: a navigation grid built once from the level's obstacles, which
/// answers "the shortest way from here to there" as a pathway for `path_following` and
/// "the shortest way to there from everywhere" as a flow field for `flow_field_following`.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "../detail/any_angle_search.hpp"
#include "../detail/expect.hpp"
#include "../detail/fast_marching.hpp"
#include "../detail/navigation_lattice.hpp"
#include "../detail/navigation_scratch.hpp"
#include "../detail/scratch_pool.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "box.hpp"
#include "flow_field.hpp"
#include "obstacle.hpp"
#include "pathway.hpp"

namespace steer {

namespace detail {
struct navigation_grid_access;
}  // namespace detail

/// Tuning for `navigation_grid`.
template <vector V>
struct navigation_grid_params {
    /// How far (>= 0) every route keeps from every obstacle: the radius of the bodies that
    /// follow it plus a margin. The default suits the default vehicle (radius 0.5).
    scalar_t<V> clearance = scalar_t<V>(0.5);
    /// How far (>= 0, infinity for any distance) a `from`, `to` or `goal` that is not in free
    /// space (inside an obstacle, or nearer to one than the clearance, or outside the bounds)
    /// is moved to reach the nearest free point. Farther than this there is no route.
    scalar_t<V> snap_distance = std::numeric_limits<scalar_t<V>>::infinity();
};

/// Refuses a negative or non-finite clearance and a negative or NaN snap distance, as the
/// navigation grid would.
template <vector V>
void validate(const navigation_grid_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::navigation_grid", "clearance", p.clearance, 0, caller);
    detail::expect(p.snap_distance >= 0, "steer::navigation_grid", "snap_distance", ">= 0 (infinity for any distance)",
                   p.snap_distance, caller);
}

/// Engine geometry as an overlap test: `f(center, radius)` is true when some solid lies
/// within `radius` of `center` (Unity's `Physics.CheckSphere`, an overlap query in PhysX,
/// Jolt or Godot). The navigation grid asks it once per cell center with the clearance.
template <class F, class V>
concept solid_within_query = vector<V> && std::is_invocable_v<F&, const V&, scalar_t<V>> &&
                             std::same_as<std::invoke_result_t<F&, const V&, scalar_t<V>>, bool>;

/// Engine geometry as a distance: `f(p)` is the signed distance from `p` to the nearest
/// solid surface, negative inside (a signed distance field, a closest-point query). It must
/// return a floating-point number.
template <class F, class V>
concept solid_distance_query = vector<V> && std::is_invocable_v<F&, const V&> &&
                               std::floating_point<std::remove_cvref_t<std::invoke_result_t<F&, const V&>>>;

/// Routes around the level on a regular grid (Recast/Detour's split: the level is
/// rasterized once, then const queries answer from it).
///
/// **Free space.** The grid stores, at every cell center, the distance to the nearest
/// obstacle minus the clearance (the *margin*), and interpolates it between centers
/// (bilinear in 2D, trilinear in 3D); free space is where that is >= 0. Near an obstacle
/// its edge follows the obstacle grown by the clearance to within a few percent of a cell;
/// a passage narrower than about one cell after growing is closed. The bounds are the edge
/// of the world: routes stay inside them.
///
/// **Routes.** `find_path` is any-angle: the shortest route through free space, straight
/// between the bends, which sit on the edge of free space and wrap round a grown obstacle's
/// rounded corner in a few short segments. Lazy Theta* (Nash, Koenig and Tovey 2010) finds
/// it over the cell centers with exact line-of-sight checks through the interpolated margin,
/// then the bends slide onto the edge. Every segment of a route stays in free space.
///
/// **Fields.** `field_toward` gives a whole group one order: arrival times by fast marching
/// (the eikonal equation on the grid, as in Treuille et al., "Continuum Crowds", 2006), and
/// in each free cell the unit vector down their slope, along the shortest route.
///
/// **Changes.** `update(area, obstacles)` rebuilds the cells near one changed area (a
/// building put up or knocked down), at a cost that grows with that area, not the map.
///
/// **Cost and memory.** Construction evaluates `signed_distance` once per cell near each
/// obstacle. The grid keeps sizeof(S) + 7 bytes a cell in 2D, sizeof(S) + 10 in 3D (11 and
/// 14 for `float`: 2.9 MB for 512 x 512 cells, 2.4 MB for a 3D hangar of 80 x 24 x 80);
/// each query running at once borrows sizeof(S) + 8 bytes a cell of scratch, which the grid
/// keeps for the next query. Queries are const and may run on several threads at once;
/// `update` may not run beside them.
template <vector V>
class navigation_grid {
    using S = scalar_t<V>;
    static constexpr int dims = dimension_v<V>;
    using lattice_type = detail::navigation_lattice<V>;

public:
    using vector_type = V;        ///< the vector type of positions
    using scalar_type = S;        ///< its scalar
    using cell_type = cell_t<V>;  ///< integer cell coordinates, (0, 0[, 0]) at `bounds().min`

    /// A grid over `bounds` whose cells are at most `cell_size` on a side (the bounds are
    /// divided evenly: `cells()`, `cell_size()`), free where every obstacle of `obstacles`
    /// is at least `p.clearance` away. `obstacles` is any obstacle set `obstacle_avoidance`
    /// accepts whose shapes answer `signed_distance(o, p)`: the library's shapes but
    /// `ray_cast_obstacles` (for an engine's own geometry, pass a query instead, below).
    /// Refused before anything is allocated: non-finite bounds or bounds with no size on an
    /// axis, a cell size that is not positive and finite, more than `max_cells()` cells, bad
    /// params (see `validate`); and an obstacle its own `validate` refuses.
    template <class Obstacles>
        requires obstacle_set<Obstacles, V>
    navigation_grid(const box<V>& bounds, S cell_size, const Obstacles& obstacles,
                    const navigation_grid_params<V>& p = {}, source_location caller = source_location::current())
        : navigation_grid(bounds, cell_size, p, caller) {
        rasterize(cell_type(0), lattice_.cells() - 1, obstacles, caller);
        build();
    }

    /// A grid over the engine's own geometry, asked through `query`: a `solid_within_query`
    /// (`query(center, clearance)`: is any solid that near?), called once per cell center, or a
    /// `solid_distance_query` (`query(p)`: the signed distance to the nearest solid surface),
    /// which lets the edge of free space fall between cell centers as it does for shapes.
    /// Refused as the other constructor, and a distance query that answers NaN.
    template <class Query>
        requires(solid_within_query<Query, V> || solid_distance_query<Query, V>) && (!obstacle_set<Query, V>)
    navigation_grid(const box<V>& bounds, S cell_size, Query&& query, const navigation_grid_params<V>& p = {},
                    source_location caller = source_location::current())
        : navigation_grid(bounds, cell_size, p, caller) {
        rasterize_query(cell_type(0), lattice_.cells() - 1, query, caller);
        build();
    }

    /// The most cells a grid may have, counting a border of one cell on every side: as many
    /// as a flow field over it may have (`flow_field<V>::max_cells()`).
    [[nodiscard]] static constexpr std::uint64_t max_cells() noexcept { return flow_field<V>::max_cells(); }

    /// The shortest route from `from` to `to` that keeps the clearance from every obstacle,
    /// as a pathway of radius `path_radius` (>= 0: the tube `path_following` keeps a body in;
    /// at most the clearance minus the body's radius keeps followers off the obstacles).
    /// Any-angle: straight between bends. It starts at `from` and ends at `to`; a point that
    /// is not in free space is first moved to the nearest free point, within the snap
    /// distance. Empty when a point is farther than that from free space, or `to` cannot be
    /// reached from `from`. `from` and `to` in one spot give a route of one tiny segment.
    /// Refused: non-finite `from` or `to`, a negative or non-finite `path_radius`.
    [[nodiscard]] std::optional<pathway<V>> find_path(const V& from, const V& to, S path_radius,
                                                      source_location caller = source_location::current()) const {
        constexpr const char* site = "steer::navigation_grid::find_path";
        detail::expect_finite(site, "from", from, caller);
        detail::expect_finite(site, "to", to, caller);
        detail::expect_at_least(site, "path_radius", path_radius, 0, caller);
        std::vector<V> points;
        if (!route(from, to, points, caller)) return std::nullopt;
        bool one_spot = true;  // as a pathway tells points apart
        for (std::size_t i = 0; i + 1 < points.size(); ++i)
            one_spot = one_spot && safe_normalize(points[i + 1] - points[i]) == V(S(0));
        if (one_spot) {
            // A segment a thousandth of a cell long, toward the inside of the bounds.
            const V p = points.front();
            V along(S(0));
            along[0] = lattice_.cell_size()[0] * S(1e-3) * (p[0] < (bounds().min[0] + bounds().max[0]) / S(2) ? S(1) : S(-1));
            points = {p, p + along};
        }
        return pathway<V>(std::move(points), path_radius, false, caller);
    }

    /// The points of the route `find_path` gives, written to `points` (its memory reused):
    /// for a caller who keeps routes in storage of its own. False, with `points` empty, when
    /// there is no route. Refused as `find_path`.
    bool route(const V& from, const V& to, std::vector<V>& points, source_location caller = source_location::current()) const {
        constexpr const char* site = "steer::navigation_grid::route";
        detail::expect_finite(site, "from", from, caller);
        detail::expect_finite(site, "to", to, caller);
        return route_weighted(from, to, points, detail::heuristic_weight, caller);
    }

    /// A flow field over the bounds, one vector per cell, toward `goal` for a whole group:
    /// in each free cell from which `goal` can be reached, the unit vector along the shortest
    /// route (down the arrival time); in a blocked cell, the unit vector toward the nearest
    /// free cell from which it can be reached; zero elsewhere (cells cut off from the goal).
    /// A goal that is not in free space is moved as `find_path` moves it; a goal farther than
    /// the snap distance from free space gives a field of zeros. Refused: a non-finite goal.
    [[nodiscard]] flow_field<V> field_toward(const V& goal, source_location caller = source_location::current()) const {
        detail::expect_finite("steer::navigation_grid::field_toward", "goal", goal, caller);
        flow_field<V> field(lattice_.bounds(), lattice_.cells(), caller);
        const std::optional<V> target = nearest_free(goal, caller);
        if (!target) return field;
        std::vector<std::size_t> seeds;
        detail::visible_cells_near(lattice_, *target, seeds);
        if (seeds.empty()) return field;
        const auto scratch = pool_.borrow();
        detail::march_from(lattice_, *scratch, *target, seeds);
        const cell_type all = lattice_.cells() - 1;
        lattice_.for_each_cell(cell_type(0), all, [&](std::size_t index, const cell_type& cell) {
            if (scratch->closed(index)) field.at(cell) = detail::descent_direction(lattice_, *scratch, index, *target);
        });
        const auto reaches = [&](std::size_t index) { return field.at(lattice_.cell_of(index)) != V(S(0)); };
        detail::nearest_walkable_of_blocked(lattice_, *scratch, reaches, [&](std::size_t blocked, std::size_t source) {
            field.at(lattice_.cell_of(blocked)) = safe_normalize(lattice_.center(source) - lattice_.center(blocked));
        });
        return field;
    }

    /// Rebuilds the grid near `area` after obstacles there were added, removed or moved (a
    /// building put up or knocked down): the cells within the clearance and two cells of
    /// `area` are recomputed from `obstacles`, the level's whole current obstacle set, of
    /// which only the obstacles near the area are evaluated (those without a bounding sphere,
    /// such as planes, always are). Costs about the cells recomputed, plus a flood through
    /// any piece of the map the change cuts off from the rest; routes and fields made before
    /// are values and stay as they were (check one with `is_clear`). Refused: an invalid box.
    template <class Obstacles>
        requires obstacle_set<Obstacles, V>
    void update(const box<V>& area, const Obstacles& obstacles, source_location caller = source_location::current()) {
        cell_type first, last;
        if (!changed_cells(area, first, last, caller)) return;
        reset(first, last);
        rasterize(first, last, obstacles, caller);
        refresh(first, last);
    }

    /// `update` for a grid built from the engine's geometry: `query` as the constructor takes it.
    template <class Query>
        requires(solid_within_query<Query, V> || solid_distance_query<Query, V>) && (!obstacle_set<Query, V>)
    void update(const box<V>& area, Query&& query, source_location caller = source_location::current()) {
        cell_type first, last;
        if (!changed_cells(area, first, last, caller)) return;
        reset(first, last);
        rasterize_query(first, last, query, caller);
        refresh(first, last);
    }

    /// Whether `p` is in free space (inside the bounds, the clearance from every obstacle).
    [[nodiscard]] bool is_free(const V& p) const noexcept { return is_finite(p) && lattice_.free(p); }

    /// Whether the straight segment from `a` to `b` stays in free space (its ends included).
    [[nodiscard]] bool is_clear(const V& a, const V& b) const noexcept {
        return is_finite(a) && is_finite(b) && lattice_.in_bounds(a) && lattice_.in_bounds(b) && lattice_.clear(a, b);
    }

    /// Whether every segment of `route` stays in free space (after an `update`: whether a
    /// route made before still holds).
    [[nodiscard]] bool is_clear(const pathway<V>& route) const noexcept {
        const auto points = route.points();
        for (std::size_t i = 0; i + 1 < points.size(); ++i)
            if (!is_clear(points[i], points[i + 1])) return false;
        return !route.cyclic() || is_clear(points.back(), points.front());
    }

    /// The free point nearest to `p` (`p` itself when it is free), when one is within the
    /// snap distance: where `find_path` and `field_toward` move a point that is not free.
    /// Refused: a non-finite `p`.
    [[nodiscard]] std::optional<V> nearest_free(const V& p, source_location caller = source_location::current()) const {
        detail::expect_finite("steer::navigation_grid::nearest_free", "p", p, caller);
        if (lattice_.free(p)) return p;
        const V inside = glm::clamp(p, bounds().min, bounds().max);
        if (!(glm::distance(p, inside) <= snap_distance_)) return std::nullopt;
        const std::optional<std::size_t> cell = nearest_walkable_cell(inside);
        if (!cell) return std::nullopt;
        // From the cell's center toward p, as far as free space goes.
        const V center = lattice_.center(*cell);
        S lo = 0, hi = 1;
        for (int k = 0; k < 20; ++k) {
            const S mid = (lo + hi) / S(2);
            if (lattice_.free(center + (inside - center) * mid)) lo = mid;
            else hi = mid;
        }
        const V snapped = center + (inside - center) * lo;
        if (!(glm::distance(p, snapped) <= snap_distance_)) return std::nullopt;
        return snapped;
    }

    /// Whether a route joins `from` and `to` (each moved to free space as `find_path` moves
    /// it): one comparison of component labels, no search. Refused: non-finite points.
    [[nodiscard]] bool reachable(const V& from, const V& to, source_location caller = source_location::current()) const {
        const std::optional<V> a = nearest_free(from, caller);
        const std::optional<V> b = nearest_free(to, caller);
        if (!a || !b) return false;
        std::vector<std::size_t> near_a, near_b;
        detail::visible_cells_near(lattice_, *a, near_a);
        detail::visible_cells_near(lattice_, *b, near_b);
        for (const std::size_t i : near_a)
            for (const std::size_t j : near_b)
                if (lattice_.component(i) == lattice_.component(j)) return true;
        return false;
    }

    /// The box the grid covers.
    [[nodiscard]] const box<V>& bounds() const noexcept { return lattice_.bounds(); }
    /// The number of cells on each axis.
    [[nodiscard]] cell_type cells() const noexcept { return lattice_.cells(); }
    /// Size of one cell on each axis (at most the cell size asked for).
    [[nodiscard]] V cell_size() const noexcept { return lattice_.cell_size(); }
    /// How far routes keep from obstacles.
    [[nodiscard]] S clearance() const noexcept { return lattice_.clearance(); }
    /// How far a point is moved to free space at most.
    [[nodiscard]] S snap_distance() const noexcept { return snap_distance_; }
    /// Whether the center of `cell` is in free space. Refused: a cell outside the grid.
    [[nodiscard]] bool walkable(const cell_type& cell, source_location caller = source_location::current()) const {
        return lattice_.walkable(checked_index(cell, caller));
    }
    /// The margin at the center of `cell`: its distance to the nearest obstacle minus the
    /// clearance, clamped to plus or minus two cells. Refused: a cell outside the grid.
    [[nodiscard]] S margin(const cell_type& cell, source_location caller = source_location::current()) const {
        return lattice_.margin(checked_index(cell, caller));
    }
    /// The center of `cell`.
    [[nodiscard]] V cell_center(const cell_type& cell) const noexcept {
        return bounds().min + (V(cell) + V(S(0.5))) * lattice_.cell_size();
    }
    /// Bytes the grid itself holds (not the scratch its queries keep).
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return lattice_.memory_bytes();
    }

private:
    static constexpr const char* where = "steer::navigation_grid";
    friend struct detail::navigation_grid_access;

    /// `route`, its search's heuristic weighted by `weight`.
    bool route_weighted(const V& from, const V& to, std::vector<V>& points, double weight,
                        const source_location& caller) const {
        points.clear();
        const std::optional<V> start = nearest_free(from, caller);
        const std::optional<V> goal = nearest_free(to, caller);
        if (!start || !goal) return false;
        const auto scratch = pool_.borrow();
        if (!detail::any_angle_search(lattice_, *scratch, *start, *goal, points, weight)) return false;
        detail::tighten(lattice_, points);
        return true;
    }

    /// Validates and sizes the grid; every cell free until obstacles are rasterized.
    navigation_grid(const box<V>& bounds, S cell_size, const navigation_grid_params<V>& p,
                    const source_location& caller)
        : lattice_(checked_lattice(bounds, cell_size, p, caller)), snap_distance_(p.snap_distance) {}

    [[nodiscard]] static lattice_type checked_lattice(const box<V>& bounds, S cell_size,
                                                      const navigation_grid_params<V>& p, const source_location& caller) {
        validate(bounds, caller);
        bool sized = true;
        for (int i = 0; i < dims; ++i) sized = sized && bounds.max[i] > bounds.min[i];
        detail::expect_that(sized, "bounds must have a size on every axis", [&] {
            return std::string(where) + ": bounds must have a size on every axis (got min " +
                   detail::format_vector(bounds.min) + ", max " + detail::format_vector(bounds.max) + ")";
        }, caller);
        detail::expect_above(where, "cell_size", cell_size, 0, caller);
        validate(p, caller);
        cell_type cells;
        double total = 1;
        for (int i = 0; i < dims; ++i) {
            const double across = static_cast<double>(bounds.max[i]) - static_cast<double>(bounds.min[i]);
            const double count = std::max(1.0, std::ceil(across / static_cast<double>(cell_size) * (1 - 1e-9)));
            total *= count + 2;
            cells[i] = count < 2e9 ? static_cast<int>(count) : 0;
        }
        detail::expect_that(total <= static_cast<double>(max_cells()), "bounds and cell_size must make at most max_cells() cells", [&] {
            return std::string(where) + ": bounds and cell_size must make at most " + detail::format_value(max_cells()) +
                   " cells with the border (got " + detail::format_value(total) + " for cell_size " +
                   detail::format_value(cell_size) + ")";
        }, caller);
        return lattice_type(bounds, cells, p.clearance);
    }

    /// What the margins computed from distances are lowered by, so that interpolating them
    /// never claims free space that is not. Near a convex corner the distance is a cone, which
    /// (bi/tri)linear interpolation overestimates by at most h^2 (D - 1) / (8 rho), rho the
    /// least distance from the corner within the interpolation cell; at the edge of free space
    /// rho is at least the clearance less a cell's half diagonal (and half a cell is assumed
    /// at least, half a cell taken at most).
    [[nodiscard]] S interpolation_allowance() const noexcept {
        S h = lattice_.cell_size()[0];
        for (int i = 1; i < dims; ++i) h = std::max(h, lattice_.cell_size()[i]);
        const S half_diagonal = h * std::sqrt(static_cast<S>(dims)) / S(2);
        const S rho = std::max(lattice_.clearance() - half_diagonal, h / S(2));
        return std::min(h * h * static_cast<S>(dims - 1) / (S(8) * rho), h / S(2));
    }

    /// Lowers the margins of the cells from `first` to `last` by every obstacle of the set.
    template <class Obstacles>
    void rasterize(const cell_type& first, const cell_type& last, const Obstacles& obstacles,
                   const source_location& caller) {
        const S clearance = lattice_.clearance() + interpolation_allowance();
        const S reach = clearance + lattice_.cap();
        auto lower = [&](const auto& o) {
            using O = std::remove_cvref_t<decltype(o)>;
            static_assert(requires(const O& shape, const V& q) {
                { signed_distance(shape, q) } -> std::convertible_to<S>;
            }, "steer::navigation_grid needs signed_distance(o, p) for every obstacle: the library's shapes have it; "
               "give a type of yours signed_distance(o, p) in its namespace, or build the grid from a query "
               "(solid_within_query, solid_distance_query) for geometry only the engine knows, such as ray casts");
            detail::validate_obstacle(o, caller);
            cell_type lo = first, hi = last;
            if constexpr (requires { bounding_sphere(o); }) {
                const auto around = bounding_sphere(o);
                const V center = static_cast<V>(around.center);
                const S radius = static_cast<S>(around.radius) + reach;
                cell_type a, b;
                lattice_.cells_between(center - V(radius), center + V(radius), a, b);
                lo = glm::max(lo, a);
                hi = glm::min(hi, b);
            }
            lattice_.for_each_cell(lo, hi, [&](std::size_t index) {
                const V center = lattice_.center(index);
                const S d = static_cast<S>(signed_distance(o, center));
                if (d != d)
                    detail::refuse_vector(where, "signed_distance(obstacle, p) at p", "where it is a number, not NaN",
                                          center, caller);
                lattice_.lower_margin(index, d - clearance);
            });
        };
        detail::for_each_obstacle<V>(obstacles, lower);
    }

    /// Sets the margins of the cells from `first` to `last` from the user's query.
    template <class Query>
    void rasterize_query(const cell_type& first, const cell_type& last, Query& query, const source_location& caller) {
        const S clearance = lattice_.clearance();
        const S kept = clearance + interpolation_allowance();  // as `rasterize` keeps it
        lattice_.for_each_cell(first, last, [&](std::size_t index) {
            const V center = lattice_.center(index);
            if constexpr (solid_within_query<Query, V>) {
                lattice_.lower_margin(index, query(center, clearance) ? -lattice_.cap() : lattice_.cap());
            } else {
                const S d = static_cast<S>(query(center));
                if (d != d) detail::refuse_vector(where, "the distance query at p", "a number, not NaN", center, caller);
                lattice_.lower_margin(index, d - kept);
            }
        });
    }

    /// Flags and components of a grid whose margins are all set.
    void build() {
        std::vector<std::size_t> freed, blocked;
        lattice_.update_flags(cell_type(0), lattice_.cells() - 1, freed, blocked);
        lattice_.label_components();
    }

    /// The cells an update of `area` recomputes; false when none.
    [[nodiscard]] bool changed_cells(const box<V>& area, cell_type& first, cell_type& last,
                                     const source_location& caller) const {
        validate(area, caller);
        S largest = lattice_.cell_size()[0];
        for (int i = 1; i < dims; ++i) largest = std::max(largest, lattice_.cell_size()[i]);
        const S reach = lattice_.clearance() + lattice_.cap() + largest;
        lattice_.cells_between(area.min - V(reach), area.max + V(reach), first, last);
        for (int i = 0; i < dims; ++i)
            if (first[i] > last[i]) return false;
        return true;
    }
    void reset(const cell_type& first, const cell_type& last) {
        lattice_.for_each_cell(first, last, [&](std::size_t index) { lattice_.reset_margin(index); });
    }
    void refresh(const cell_type& first, const cell_type& last) {
        std::vector<std::size_t> freed, blocked;
        lattice_.update_flags(first, last, freed, blocked);
        lattice_.update_components(freed, blocked);
    }

    /// The walkable cell whose center is nearest to `p` (in the bounds), searching outward
    /// ring by ring (the cells of each ring only) as far as the snap distance allows.
    [[nodiscard]] std::optional<std::size_t> nearest_walkable_cell(const V& p) const {
        if (lattice_.walkable_count() == 0) return std::nullopt;
        const V u = lattice_.to_lattice(p);
        cell_type home;
        for (int i = 0; i < dims; ++i) home[i] = std::clamp(static_cast<int>(std::floor(u[i])) - 1, 0, cells()[i] - 1);
        S smallest = lattice_.cell_size()[0];
        int widest = cells()[0];
        for (int i = 1; i < dims; ++i) {
            smallest = std::min(smallest, lattice_.cell_size()[i]);
            widest = std::max(widest, cells()[i]);
        }
        std::optional<std::size_t> best;
        S best_squared = std::numeric_limits<S>::infinity();
        const auto consider = [&](const cell_type& c) {
            const std::size_t index = lattice_.index_of(c);
            if (!lattice_.walkable(index)) return;
            const S d2 = distance_squared(lattice_.center(index), p);
            if (d2 < best_squared) best_squared = d2, best = index;
        };
        for (int ring = 0; ring <= widest; ++ring) {
            // Every cell of this ring is at least (ring - 1) cells from p.
            const S nearest_possible = static_cast<S>(ring - 1) * smallest;
            if (ring > 1 && (nearest_possible * nearest_possible > best_squared || nearest_possible > snap_distance_))
                break;
            const cell_type first = home - ring;
            const cell_type last = home + ring;
            for_each_ring_cell(first, last, consider);
        }
        return best;
    }

    /// Calls `f(cell)` for each cell of the grid on the surface of the box from `first` to
    /// `last`: O(ring size), not O(box volume).
    template <class F>
    void for_each_ring_cell(const cell_type& first, const cell_type& last, F&& f) const {
        const cell_type n = cells();
        const auto inside = [&](int axis, int value) { return value >= 0 && value < n[axis]; };
        if constexpr (dims == 2) {
            for (int y = std::max(first[1], 0); y <= std::min(last[1], n[1] - 1); ++y) {
                const bool whole = y == first[1] || y == last[1];
                if (whole) {
                    for (int x = std::max(first[0], 0); x <= std::min(last[0], n[0] - 1); ++x) f(cell_type(x, y));
                } else {
                    if (inside(0, first[0])) f(cell_type(first[0], y));
                    if (last[0] != first[0] && inside(0, last[0])) f(cell_type(last[0], y));
                }
            }
        } else {
            for (int z = std::max(first[2], 0); z <= std::min(last[2], n[2] - 1); ++z)
                for (int y = std::max(first[1], 0); y <= std::min(last[1], n[1] - 1); ++y) {
                    const bool whole = y == first[1] || y == last[1] || z == first[2] || z == last[2];
                    if (whole) {
                        for (int x = std::max(first[0], 0); x <= std::min(last[0], n[0] - 1); ++x) f(cell_type(x, y, z));
                    } else {
                        if (inside(0, first[0])) f(cell_type(first[0], y, z));
                        if (last[0] != first[0] && inside(0, last[0])) f(cell_type(last[0], y, z));
                    }
                }
        }
    }

    [[nodiscard]] std::size_t checked_index(const cell_type& cell, const source_location& caller) const {
        bool inside = true;
        for (int i = 0; i < dims; ++i) inside = inside && cell[i] >= 0 && cell[i] < cells()[i];
        detail::expect_that(inside, "cell must be within [0, cells)", [&] {
            return std::string(where) + ": cell must be within [0, cells) (got " + detail::format_vector(V(cell)) +
                   ", cells " + detail::format_vector(V(cells())) + ")";
        }, caller);
        return lattice_.index_of(cell);
    }

    lattice_type lattice_;
    S snap_distance_;
    mutable detail::scratch_pool<detail::navigation_scratch<S>> pool_;
};

namespace detail {

/// For the benchmark and the tests that measure what the search's heuristic weight buys
/// (bench/navigation.cpp, tests/steer/world/navigation_grid.cpp): not part of the API.
struct navigation_grid_access {
    /// The route `nav.route(from, to, points)` gives, its search's heuristic weighted by
    /// `weight` (>= 1) instead of `heuristic_weight`.
    template <vector V>
    static bool route(const navigation_grid<V>& nav, const V& from, const V& to, std::vector<V>& points,
                      double weight) {
        return nav.route_weighted(from, to, points, weight, source_location::current());
    }
};

}  // namespace detail

}  // namespace steer

#endif  // STEER_WORLD_NAVIGATION_GRID_HPP
