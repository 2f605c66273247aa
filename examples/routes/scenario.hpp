#ifndef STEER_EXAMPLES_ROUTES_SCENARIO_HPP
#define STEER_EXAMPLES_ROUTES_SCENARIO_HPP

/// @file
/// Units sent across an RTS level (level.hpp: 20 buildings, half of them concave), each to
/// a goal of its own at least 40 m away, as a game sends them: a route from the navigation
/// grid, then every frame a blend of obstacle avoidance, separation from the others and
/// path following (arrival over the last metres), stepped as one `steer::crowd`. Without
/// routes the same blend seeks the goal straight, which is what local steering alone can do.
/// A run measures when each unit arrives against its route's length at top speed, and how
/// deep any body ever went into a building.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include <glm/vec2.hpp>

#include <steer/steer.hpp>

#include "level.hpp"

namespace routes {

/// How a unit's behaviors are blended.
enum class blend {
    priority,       ///< obstacle avoidance if it has anything to say, else separation plus the route
    truncated_sum,  ///< obstacle avoidance, separation, the route: the budget of max_force spent in that order
};

/// What a run is made of.
struct settings {
    int units = 500;
    std::uint64_t seed = 1;           ///< the level's and the units' placement
    routes::blend blend = blend::truncated_sum;
    bool use_routes = true;           ///< false: each unit steers straight for its goal
    float radius = 0.5f;              ///< every body's, m
    float max_speed = 3;              ///< m/s
    float max_force = 12;             ///< mass 1: from rest to top speed in a quarter second
    float margin = 0.3f;              ///< how far routes keep off buildings beyond a body's radius, m
    float cell_size = 0.5f;           ///< the navigation grid's, m
    float min_trip = 40;              ///< each goal is at least this far from its unit's start, m
    float hz = 60;                    ///< steps per second
    float time_limit = 120;           ///< simulated seconds at most
};

/// What a run measured.
struct figures {
    int units = 0;
    int arrived = 0;                  ///< units that came within 0.5 m of their goal
    double worst_trip = 0;            ///< the largest arrival time over route length / top speed
    double mean_trip = 0;             ///< its mean over the units that arrived
    double finish_time = 0;           ///< when the last one arrived (the time limit if some did not), s
    long long deep_frames = 0;        ///< unit-frames with a body more than 5% of its radius inside a building
    double deepest = 0;               ///< the deepest any body went into a building, as a share of its radius
    double planning_ms = 0;           ///< building the grid and finding every unit's route
    double ns_per_unit_step = 0;      ///< the crowd's step: neighbors, behaviors, moving
};

/// A unit's orders: where it goes and, with routes, how.
struct orders {
    vec goal{};
    std::optional<steer::pathway<vec>> route;
    float trip = 0;  ///< the route's length (or the straight distance without routes), m
};

/// Runs the scene; `on_step(t, crowd, orders)` sees every step.
template <class OnStep>
figures run(const settings& s, OnStep&& on_step) {
    using clock = std::chrono::steady_clock;
    const level l = make_level(s.seed);
    const float clearance = s.radius + s.margin;
    const auto planning = clock::now();
    const steer::navigation_grid<vec> nav(l.bounds, s.cell_size, l.buildings, {.clearance = clearance});

    // Starts and goals in free space, apart from one another; each goal far enough away.
    steer::rng gen(s.seed * 7919 + 1);
    const auto draw = [&](const std::vector<vec>& taken, float apart) {
        for (;;) {
            const vec p = l.bounds.min + vec(steer::uniform01<float>(gen), steer::uniform01<float>(gen)) * (l.bounds.max - l.bounds.min);
            if (!nav.is_free(p)) continue;
            bool alone = true;
            for (const vec& q : taken) alone = alone && glm::distance(p, q) >= apart;
            if (alone) return p;
        }
    };
    std::vector<vec> starts, goals;
    std::vector<orders> units;
    for (int i = 0; i < s.units; ++i) {
        const vec start = draw(starts, 3 * s.radius);
        vec goal;
        do goal = draw(goals, 4 * s.radius);
        while (glm::distance(start, goal) < s.min_trip || !nav.reachable(start, goal));
        starts.push_back(start);
        goals.push_back(goal);
        orders o{goal, std::nullopt, glm::distance(start, goal)};
        if (s.use_routes) {
            o.route = nav.find_path(start, goal, s.margin);  // a tube the body stays off the buildings in
            o.trip = o.route->length();
        }
        units.push_back(std::move(o));
    }
    figures f;
    f.units = s.units;
    f.planning_ms = std::chrono::duration<double, std::milli>(clock::now() - planning).count();

    steer::crowd2 crowd;
    std::vector<orders> by_slot;  // the orders, indexed by the crowd's handle
    for (int i = 0; i < s.units; ++i) {
        const steer::crowd_id id = crowd.add({.position = starts[static_cast<std::size_t>(i)],
                                              .radius = s.radius,
                                              .max_force = s.max_force,
                                              .max_speed = s.max_speed});
        by_slot.resize(std::max<std::size_t>(by_slot.size(), id.index + 1));
        by_slot[id.index] = units[static_cast<std::size_t>(i)];
    }

    const float slowing = 3;  // m: arrival takes over from the route this far from the end
    const auto think = [&](steer::crowd_id id, const steer::vehicle2& self, const auto& neighbors) {
        const orders& o = by_slot[id.index];
        const auto avoid = [&] { return steer::obstacle_avoidance(self, l.buildings, {.min_time_to_collision = 1}); };
        const auto apart = [&] { return steer::separation(self, neighbors, {.max_distance = 3 * s.radius}); };
        const auto onward = [&] {
            const float left = o.route ? o.route->length() - o.route->distance_along(self.position())
                                       : glm::distance(self.position(), o.goal);
            if (!o.route || left < slowing) return steer::arrival(self, o.goal, {.slowing_distance = slowing});
            return steer::path_following(self, *o.route, {.prediction_time = 0.5f});
        };
        if (s.blend == blend::priority)
            return steer::priority(0.01f * self.max_force(), avoid, [&] {
                return steer::weighted_sum(steer::weighted(0.6f, apart), steer::weighted(1.0f, onward));
            });
        return steer::truncated_sum(self.max_force(), steer::weighted(1.0f, avoid), steer::weighted(0.6f, apart),
                                    steer::weighted(1.0f, onward));
    };

    std::vector<double> arrival_time(by_slot.size(), -1);
    const float dt = 1 / s.hz;
    const auto steps = static_cast<long long>(std::llround(static_cast<double>(s.time_limit * s.hz)));
    double stepping = 0;
    long long stepped = 0;
    f.finish_time = static_cast<double>(s.time_limit);
    for (long long step = 1; step <= steps; ++step) {
        const auto begin = clock::now();
        crowd.step(dt, 3 * s.radius, think);
        stepping += std::chrono::duration<double>(clock::now() - begin).count();
        ++stepped;
        const double now = static_cast<double>(step) * static_cast<double>(dt);
        // Measure: arrivals, and bodies inside buildings.
        int arrived = 0;
        for (std::size_t k = 0; k < crowd.size(); ++k) {
            const steer::crowd_id id = crowd.ids()[k];
            const vec at = crowd.vehicles()[k].position();
            if (arrival_time[id.index] < 0 && glm::distance(at, by_slot[id.index].goal) <= 0.5f) arrival_time[id.index] = now;
            arrived += arrival_time[id.index] >= 0 ? 1 : 0;
            for (const auto& b : l.buildings) {
                if (glm::distance(at, b.bounds().center) > b.bounds().radius + s.radius) continue;
                const double depth = static_cast<double>(s.radius - steer::signed_distance(b, at)) / static_cast<double>(s.radius);
                f.deepest = std::max(f.deepest, depth);
                if (depth > 0.05) ++f.deep_frames;
            }
        }
        f.arrived = arrived;
        on_step(now, crowd, by_slot);
        if (arrived == s.units) {
            f.finish_time = now;
            break;
        }
    }
    f.deepest = std::max(f.deepest, 0.0);
    f.ns_per_unit_step = 1e9 * stepping / (static_cast<double>(stepped) * static_cast<double>(s.units));
    double sum = 0;
    for (std::size_t i = 0; i < by_slot.size(); ++i) {
        if (arrival_time[i] < 0) continue;
        const double ratio = arrival_time[i] / (static_cast<double>(by_slot[i].trip) / static_cast<double>(s.max_speed));
        f.worst_trip = std::max(f.worst_trip, ratio);
        sum += ratio;
    }
    f.mean_trip = f.arrived > 0 ? sum / f.arrived : 0;
    return f;
}

/// Runs the scene.
inline figures run(const settings& s) {
    return run(s, [](double, const steer::crowd2&, const std::vector<orders>&) {});
}

}  // namespace routes

#endif  // STEER_EXAMPLES_ROUTES_SCENARIO_HPP
