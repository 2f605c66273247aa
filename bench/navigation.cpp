// The navigation grid against the plain searches a game would otherwise write, on the
// same grid: the RTS level of examples/routes/level.hpp (20 buildings, 10 of them concave,
// on 120 x 96 m) in bounds 120 m square, at 512 x 512 cells, clearance 0.6 m.
//   find_path   vs plain_astar:    the same 40 queries (ends at least 40 m apart), one
//                                  iteration runs them all; the plain A* is 8-connected
//                                  without corner cutting, octile heuristic, std::priority_queue,
//                                  and returns the cells of its route (stair-stepped, where
//                                  find_path's route is any-angle and tightened).
//   find_path_unweighted:          find_path's work on the same queries with its search's
//                                  heuristic weighted by 1 instead of 1.02.
//   field_toward vs plain_dijkstra: one goal, every cell; the plain Dijkstra is 8-connected,
//                                  and returns the cost of every cell (where field_toward
//                                  returns a unit vector per cell and one for every blocked cell).
// Both references allocate their per-cell arrays on each call, as a function returning its
// result does; the grid keeps its scratch between queries. scripts/bench-checks/navigation
// takes the ratios (targets: find_path at most 1x, field_toward at most 1.5x).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include <routes/level.hpp>
#include <steer/steer.hpp>

namespace {

using vec = glm::vec2;

/// The level in bounds 120 m square (the last 24 m empty).
routes::level square(routes::level l) {
    l.bounds.max = vec(120);
    return l;
}

/// The level and its grid, built once.
struct scene {
    routes::level level = square(routes::make_level(1));
    steer::navigation_grid<vec> nav{level.bounds, 120.0f / 512, level.buildings, {.clearance = 0.6f}};
    vec goal = *nav.nearest_free({60, 60});  // the field's goal
    std::vector<std::pair<vec, vec>> queries;
    int width = nav.cells().x, height = nav.cells().y;
    std::vector<std::uint8_t> walkable;  // the grid's cells, for the references

    scene() {
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) walkable.push_back(nav.walkable({x, y}) ? 1 : 0);
        steer::rng gen(7);
        const auto free_point = [&] {
            vec p;
            do p = vec(steer::uniform01<float>(gen), steer::uniform01<float>(gen)) * level.bounds.max;
            while (!nav.is_free(p));
            return p;
        };
        while (queries.size() < 40) {
            const vec a = free_point(), b = free_point();
            if (glm::distance(a, b) >= 40) queries.push_back({a, b});
        }
    }
    [[nodiscard]] int cell_index(const vec& p) const {
        const glm::ivec2 c = glm::clamp(glm::ivec2(p / nav.cell_size()), glm::ivec2(0), glm::ivec2(width - 1, height - 1));
        return c.y * width + c.x;
    }
};

const scene& the_scene() {
    static const scene s;
    return s;
}

/// The counters every benchmark here reports (the CSV output needs the same on each): the
/// grid's cells, and the mean route length where there are routes.
void report(benchmark::State& state, double mean_route_m = 0) {
    const scene& s = the_scene();
    state.counters["cells"] = static_cast<double>(s.width * s.height);
    state.counters["mean_route_m"] = mean_route_m;
}

constexpr int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};

/// A plain 8-connected A*: the route's cells from `start` to `goal`, empty when there is none.
std::vector<int> plain_astar(const scene& s, int start, int goal) {
    const int n = s.width * s.height;
    std::vector<float> cost(static_cast<std::size_t>(n), INFINITY);
    std::vector<int> came_from(static_cast<std::size_t>(n), -1);
    std::vector<char> closed(static_cast<std::size_t>(n), 0);
    const int gx = goal % s.width, gy = goal / s.width;
    const auto heuristic = [&](int i) {
        const auto ax = static_cast<float>(std::abs(i % s.width - gx)), ay = static_cast<float>(std::abs(i / s.width - gy));
        return std::max(ax, ay) + 0.41421356f * std::min(ax, ay);
    };
    using entry = std::pair<float, int>;
    std::priority_queue<entry, std::vector<entry>, std::greater<entry>> open;
    cost[static_cast<std::size_t>(start)] = 0;
    open.push({heuristic(start), start});
    while (!open.empty()) {
        const int i = open.top().second;
        open.pop();
        if (closed[static_cast<std::size_t>(i)]) continue;
        closed[static_cast<std::size_t>(i)] = 1;
        if (i == goal) break;
        const int x = i % s.width, y = i / s.width;
        for (int k = 0; k < 8; ++k) {
            const int nx = x + dx[k], ny = y + dy[k];
            if (nx < 0 || ny < 0 || nx >= s.width || ny >= s.height) continue;
            const int j = ny * s.width + nx;
            if (!s.walkable[static_cast<std::size_t>(j)] || closed[static_cast<std::size_t>(j)]) continue;
            if (k >= 4 && (!s.walkable[static_cast<std::size_t>(y * s.width + nx)] ||
                           !s.walkable[static_cast<std::size_t>(ny * s.width + x)]))
                continue;  // no cutting corners
            const float c = cost[static_cast<std::size_t>(i)] + (k >= 4 ? 1.41421356f : 1.0f);
            if (c < cost[static_cast<std::size_t>(j)]) {
                cost[static_cast<std::size_t>(j)] = c;
                came_from[static_cast<std::size_t>(j)] = i;
                open.push({c + heuristic(j), j});
            }
        }
    }
    std::vector<int> route;
    if (!closed[static_cast<std::size_t>(goal)]) return route;
    for (int i = goal; i != -1; i = came_from[static_cast<std::size_t>(i)]) route.push_back(i);
    std::reverse(route.begin(), route.end());
    return route;
}

/// A plain 8-connected Dijkstra: every cell's cost to `goal`.
std::vector<float> plain_dijkstra(const scene& s, int goal) {
    std::vector<float> cost(static_cast<std::size_t>(s.width * s.height), INFINITY);
    using entry = std::pair<float, int>;
    std::priority_queue<entry, std::vector<entry>, std::greater<entry>> open;
    cost[static_cast<std::size_t>(goal)] = 0;
    open.push({0.0f, goal});
    while (!open.empty()) {
        const auto [c0, i] = open.top();
        open.pop();
        if (c0 > cost[static_cast<std::size_t>(i)]) continue;
        const int x = i % s.width, y = i / s.width;
        for (int k = 0; k < 8; ++k) {
            const int nx = x + dx[k], ny = y + dy[k];
            if (nx < 0 || ny < 0 || nx >= s.width || ny >= s.height) continue;
            const int j = ny * s.width + nx;
            if (!s.walkable[static_cast<std::size_t>(j)]) continue;
            if (k >= 4 && (!s.walkable[static_cast<std::size_t>(y * s.width + nx)] ||
                           !s.walkable[static_cast<std::size_t>(ny * s.width + x)]))
                continue;
            const float c = c0 + (k >= 4 ? 1.41421356f : 1.0f);
            if (c < cost[static_cast<std::size_t>(j)]) {
                cost[static_cast<std::size_t>(j)] = c;
                open.push({c, j});
            }
        }
    }
    return cost;
}

void find_path(benchmark::State& state) {
    const scene& s = the_scene();
    double length = 0;
    for (auto _ : state) {
        for (const auto& [from, to] : s.queries) {
            const auto route = s.nav.find_path(from, to, 0.2f);
            benchmark::DoNotOptimize(route);
            length += route ? static_cast<double>(route->length()) : 0;
        }
    }
    report(state, length / (static_cast<double>(state.iterations()) * static_cast<double>(s.queries.size())));
}
BENCHMARK(find_path)->Unit(benchmark::kMillisecond);

/// find_path's work with the search's heuristic unweighted: what its weight of 1.02 buys
/// (docs/world.md, "What it costs").
void find_path_unweighted(benchmark::State& state) {
    const scene& s = the_scene();
    double length = 0;
    std::vector<vec> points;
    for (auto _ : state) {
        for (const auto& [from, to] : s.queries) {
            if (!steer::detail::navigation_grid_access::route(s.nav, from, to, points, 1.0)) continue;
            const steer::pathway<vec> route(points, 0.2f);
            benchmark::DoNotOptimize(route);
            length += static_cast<double>(route.length());
        }
    }
    report(state, length / (static_cast<double>(state.iterations()) * static_cast<double>(s.queries.size())));
}
BENCHMARK(find_path_unweighted)->Unit(benchmark::kMillisecond);

void plain_astar(benchmark::State& state) {
    const scene& s = the_scene();
    double length = 0;
    for (auto _ : state) {
        for (const auto& [from, to] : s.queries) {
            const auto route = plain_astar(s, s.cell_index(from), s.cell_index(to));
            benchmark::DoNotOptimize(route.data());
            for (std::size_t i = 1; i < route.size(); ++i)
                length += route[i] - route[i - 1] == 1 || route[i] - route[i - 1] == -1 ||
                                  route[i] - route[i - 1] == s.width || route[i] - route[i - 1] == -s.width
                              ? 1.0
                              : 1.41421356;
        }
    }
    report(state, length * static_cast<double>(s.nav.cell_size().x) /
                      (static_cast<double>(state.iterations()) * static_cast<double>(s.queries.size())));
}
BENCHMARK(plain_astar)->Unit(benchmark::kMillisecond);

void field_toward(benchmark::State& state) {
    const scene& s = the_scene();
    for (auto _ : state) {
        const steer::flow_field<vec> field = s.nav.field_toward(s.goal);
        benchmark::DoNotOptimize(field.values().data());
    }
    report(state);
}
BENCHMARK(field_toward)->Unit(benchmark::kMillisecond);

void plain_dijkstra(benchmark::State& state) {
    const scene& s = the_scene();
    for (auto _ : state) {
        const std::vector<float> cost = plain_dijkstra(s, s.cell_index(s.goal));
        benchmark::DoNotOptimize(cost.data());
    }
    report(state);
}
BENCHMARK(plain_dijkstra)->Unit(benchmark::kMillisecond);

/// Building the 512 x 512 grid from the 20 buildings.
void build(benchmark::State& state) {
    const scene& s = the_scene();
    for (auto _ : state) {
        const steer::navigation_grid<vec> nav(s.level.bounds, 120.0f / 512, s.level.buildings, {.clearance = 0.6f});
        benchmark::DoNotOptimize(&nav);
    }
    report(state);
}
BENCHMARK(build)->Unit(benchmark::kMillisecond);

/// Knocking one building down and putting it back up: two updates of its area.
void update(benchmark::State& state) {
    const scene& s = the_scene();
    steer::navigation_grid<vec> nav = s.nav;
    std::vector<steer::polygon<vec>> without = s.level.buildings;
    const steer::sphere<vec> around = without[7].bounds();
    without.erase(without.begin() + 7);
    const steer::box<vec> area{around.center - vec(around.radius), around.center + vec(around.radius)};
    for (auto _ : state) {
        nav.update(area, without);
        nav.update(area, s.level.buildings);
    }
    report(state);
}
BENCHMARK(update)->Unit(benchmark::kMillisecond);

}  // namespace
