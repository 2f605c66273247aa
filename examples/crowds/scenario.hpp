#ifndef STEER_EXAMPLES_CROWDS_SCENARIO_HPP
#define STEER_EXAMPLES_CROWDS_SCENARIO_HPP

/// @file
/// Crowds that must neither overlap nor jam. Agents of radius 0.5 m and top speed 2 m/s,
/// stepped at 60 Hz, each walk to a goal of their own through the others, in three scenes:
///   - circle: N agents evenly on a ring, 1.5 m apart, each walking to the opposite point
///     (100 agents: a ring of radius 24 m, 24 s of straight walking);
///   - crossing: two blocks of 200 (10 abreast, 20 deep, 2 m apart) meeting at right angles
///     in the middle of their 60 m walks (30 s straight);
///   - corridor: two blocks of 60 (6 abreast, 10 deep, 1.5 m apart) meeting head on between
///     two walls 14 m apart, each walking 40 m (20 s straight);
///   - random: 300 agents at random spots in a 30 m square, each walking to a random goal in
///     it (starts at least 1.2 m apart, and goals too);
///   - standing: a circle of 200, 1.5 m apart, every fifth of whom stays put while the
///     others walk to the opposite point through them;
///   - mixed: a circle of 200, 2 m apart, of radii 0.3 to 0.8 m and top speeds 1 to 3 m/s
///     drawn at random, each walking to the opposite point.
/// An agent arrives when its center comes within one radius of its goal, and then stays
/// there (an obstacle the others must get past); or, with `home_distance`, the run ends when
/// every agent is within that distance of its goal at once (RVO2's examples' criterion). Two ways of steering:
///   - reciprocal: `steer::reciprocal_avoidance` from a preferred velocity toward the goal;
///   - blend: a truncated sum of unaligned collision avoidance, separation, obstacle
///     avoidance (the corridor's walls) and arrival, the best the classic behaviors do.
/// A run measures when the last agent arrived, how often and how deep bodies overlapped,
/// and what a step costs.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <glm/vec2.hpp>

#include <steer/steer.hpp>

namespace crowds {

using vec = glm::vec2;

/// The scenes.
enum class scene { circle, crossing, corridor, random, standing, mixed };

/// The ways of steering.
enum class method {
    reciprocal,  ///< steer::reciprocal_avoidance toward a preferred velocity
    blend,       ///< truncated sum of unaligned collision avoidance, separation, obstacle avoidance, arrival
};

/// The blend's tuning: weights in the truncated sum, in its order, and its terms' parameters.
/// The defaults are the best of a sweep (separation and arrival weights 0.5, 1 and 2;
/// look-ahead 1, 2 and 3 s; separation distance 1.2, 1.6 and 2 m): the only blend of the 54
/// with which every agent arrived in all three scenes (the others jam the corridor), and of
/// those, the one that overlapped least.
struct blend_settings {
    float avoid_weight = 1;             ///< unaligned collision avoidance (and obstacle avoidance)
    float separation_weight = 0.5f;
    float arrival_weight = 0.5f;
    float min_time_to_collision = 2;    ///< unaligned collision avoidance's look-ahead, s
    float separation_distance = 1.2f;   ///< separation's neighborhood, m
};

/// What a run is made of.
struct settings {
    crowds::scene scene = scene::circle;
    crowds::method method = method::reciprocal;
    int agents = 100;             ///< the circle's and the random scene's; the crossing has 400, the corridor 120
    unsigned seed = 1;            ///< the random and mixed scenes'
    float block_spacing = 2;      ///< the crossing's: between neighbors in a block, m
    float corridor_width = 14;    ///< between the corridor's walls, m
    float radius = 0.5f;          ///< every body's (the mixed scene's vary), m
    float max_speed = 2;          ///< m/s
    float max_force = 20;         ///< mass 1: from rest to full speed in a tenth of a second
    float hz = 60;                ///< steps per second
    float time_limit = 600;       ///< simulated seconds at most
    float slowing_distance = 1;   ///< an agent slows down within this distance of its goal, m
    float neighbor_radius = 5;    ///< an agent's neighbors are the others within this distance, m
    /// 0: an agent has arrived for good once within one radius of its goal; > 0: the run ends
    /// when every agent is within this distance of its goal at once, m.
    float home_distance = 0;
    steer::reciprocal_avoidance_params<vec> reciprocal{};
    blend_settings blend{};
};

/// What a run measured.
struct figures {
    int agents = 0;
    int arrived = 0;                  ///< agents that reached their goal
    double finish_time = 0;           ///< when the last one arrived (the time limit if some did not)
    double straight_time = 0;         ///< the longest walk straight to a goal at top speed
    long long deep_pair_frames = 0;   ///< pairs closer than 99% of their radii's sum, summed over steps
    double deepest = 0;               ///< the deepest overlap, a share of the radii's sum (0: never touching)
    double min_distance = std::numeric_limits<double>::infinity();  ///< closest two centers ever, m
    double min_wall_gap = std::numeric_limits<double>::infinity();  ///< closest body surface to a wall, m
    double farthest_shoved = 0;       ///< the standing scene's: farthest an agent staying put was from its spot, m
    double shoved_at_end = 0;         ///< ... and at the end, m
    double ns_per_agent_step = 0;     ///< the step's cost: neighbor search, steering, moving
};

/// Where the agents start and where they go, and the walls.
struct layout {
    std::vector<vec> starts, goals;
    std::vector<float> radii, speeds;  ///< by agent (empty: every agent the settings')
    std::vector<char> stays;           ///< by agent: it stays put (empty: none)
    std::vector<steer::segment<vec>> walls;
};

/// The scene's agents and walls.
inline layout make_layout(const settings& s) {
    layout l;
    if (s.scene == scene::circle || s.scene == scene::standing || s.scene == scene::mixed) {
        const float spacing = s.scene == scene::mixed ? 2.0f : 1.5f;
        const double ring = static_cast<double>(spacing) * s.agents / (2 * 3.14159265358979);
        steer::rng gen(s.seed);
        for (int i = 0; i < s.agents; ++i) {
            const double angle = 2 * 3.14159265358979 * i / s.agents;
            const vec at(static_cast<float>(ring * std::cos(angle)), static_cast<float>(ring * std::sin(angle)));
            const bool stays = s.scene == scene::standing && i % 5 == 0;
            l.starts.push_back(at);
            l.goals.push_back(stays ? at : -at);
            if (s.scene == scene::standing) l.stays.push_back(stays ? 1 : 0);
            if (s.scene == scene::mixed) {
                l.radii.push_back(steer::uniform(gen, 0.3f, 0.8f));
                l.speeds.push_back(steer::uniform(gen, 1.0f, 3.0f));
            }
        }
    } else if (s.scene == scene::crossing) {
        // Block one walks east, block two north, their centers 30 m before the crossing.
        const float spacing = s.block_spacing;
        for (int block = 0; block < 2; ++block) {
            const vec along = block == 0 ? vec(1, 0) : vec(0, 1);
            const vec across(-along.y, along.x);
            for (int row = 0; row < 20; ++row) {
                for (int column = 0; column < 10; ++column) {
                    const vec start = along * (-30 + (9.5f - static_cast<float>(row)) * spacing) +
                                      across * ((static_cast<float>(column) - 4.5f) * spacing);
                    l.starts.push_back(start);
                    l.goals.push_back(start + along * 60.0f);
                }
            }
        }
    } else if (s.scene == scene::random) {
        steer::rng gen(s.seed);
        const auto spot = [&] {
            return (vec(steer::uniform01<float>(gen), steer::uniform01<float>(gen)) - 0.5f) * 30.0f;
        };
        const auto apart = [](const std::vector<vec>& taken, vec p) {
            return std::all_of(taken.begin(), taken.end(), [&](vec q) { return glm::distance(p, q) >= 1.2f; });
        };
        while (static_cast<int>(l.starts.size()) < s.agents)
            if (const vec p = spot(); apart(l.starts, p)) l.starts.push_back(p);
        while (static_cast<int>(l.goals.size()) < s.agents)
            if (const vec p = spot(); apart(l.goals, p)) l.goals.push_back(p);
    } else {
        // Two blocks walk toward each other down a corridor 14 m wide, 40 m each.
        constexpr float spacing = 1.5f;
        for (int block = 0; block < 2; ++block) {
            const float way = block == 0 ? 1.0f : -1.0f;
            for (int row = 0; row < 10; ++row) {
                for (int column = 0; column < 6; ++column) {
                    const vec start(way * (-12 - static_cast<float>(row) * spacing),
                                    (static_cast<float>(column) - 2.5f) * spacing);
                    l.starts.push_back(start);
                    l.goals.push_back(start + vec(way * 40, 0));
                }
            }
        }
        const float wall = s.corridor_width / 2;
        l.walls.push_back({vec(-45, wall), vec(45, wall)});
        l.walls.push_back({vec(-45, -wall), vec(45, -wall)});
    }
    return l;
}

/// The velocity an agent wants: toward its goal at top speed, slowing down within
/// `slowing_distance` of it.
inline vec preferred_velocity(const steer::vehicle<vec>& a, const vec& goal, float slowing_distance) {
    return steer::truncate((goal - a.position()) * (a.max_speed() / slowing_distance), a.max_speed());
}

/// Runs one scene with one way of steering; `on_step(t, agents)` sees every step.
template <class OnStep>
figures run(const settings& s, OnStep&& on_step) {
    const layout l = make_layout(s);
    const std::size_t n = l.starts.size();
    std::vector<steer::vehicle<vec>> agents;
    agents.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        agents.emplace_back(steer::vehicle_params<vec>{
            .position = l.starts[i],
            .radius = l.radii.empty() ? s.radius : l.radii[i],
            // As strong for its top speed as the settings' agent is for its own.
            .max_force = l.speeds.empty() ? s.max_force : s.max_force * l.speeds[i] / s.max_speed,
            .max_speed = l.speeds.empty() ? s.max_speed : l.speeds[i]});
    // Neighbors come from a bin lattice over the scene (4 m bins).
    steer::bin_lattice<vec, std::size_t> lattice({vec(-300), vec(300)}, {150, 150});
    std::vector<steer::bin_lattice<vec, std::size_t>::handle> handles;
    for (std::size_t i = 0; i < n; ++i) handles.push_back(lattice.insert(i, agents[i].position()));

    figures f;
    f.agents = static_cast<int>(n);
    for (std::size_t i = 0; i < n; ++i)
        f.straight_time = std::max(f.straight_time, static_cast<double>(glm::distance(l.starts[i], l.goals[i])) /
                                                        static_cast<double>(agents[i].max_speed()));
    std::vector<bool> arrived(n, false);
    const auto shoved_now = [&] {
        double farthest = 0;
        for (std::size_t i = 0; i < l.stays.size(); ++i)
            if (l.stays[i])
                farthest = std::max(farthest, static_cast<double>(glm::distance(agents[i].position(), l.goals[i])));
        return farthest;
    };
    std::vector<vec> forces(n);
    std::vector<const steer::vehicle<vec>*> nearby;  // reused: no allocation once grown
    const float dt = 1 / s.hz;
    const long long steps = std::llround(static_cast<double>(s.time_limit) * static_cast<double>(s.hz));
    double stepping_seconds = 0;
    f.finish_time = static_cast<double>(s.time_limit);
    for (long long step = 1; step <= steps; ++step) {
        const auto begin = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < n; ++i) {  // every force from the same state ...
            const auto& me = agents[i];
            nearby.clear();
            lattice.for_each_within(me.position(), s.neighbor_radius,
                                    [&](std::size_t j, float) { nearby.push_back(&agents[j]); });
            if (s.method == method::reciprocal) {
                const vec wanted = preferred_velocity(me, l.goals[i], s.slowing_distance);
                forces[i] = steer::reciprocal_avoidance(me, nearby, l.walls, wanted, dt, s.reciprocal);
            } else {
                const blend_settings& b = s.blend;
                forces[i] = steer::truncated_sum(
                    me.max_force(),
                    steer::weighted(b.avoid_weight, [&] {
                        return steer::unaligned_collision_avoidance(me, nearby,
                                                                    {.min_time_to_collision = b.min_time_to_collision});
                    }),
                    steer::weighted(b.separation_weight,
                                    [&] { return steer::separation(me, nearby, {.max_distance = b.separation_distance}); }),
                    steer::weighted(b.avoid_weight, [&] { return steer::obstacle_avoidance(me, l.walls); }),
                    steer::weighted(b.arrival_weight, [&] {
                        return steer::arrival(me, l.goals[i], {.slowing_distance = s.slowing_distance});
                    }));
            }
        }
        for (std::size_t i = 0; i < n; ++i) {  // ... then everyone moves
            agents[i].apply_force(forces[i], dt);
            lattice.move(handles[i], agents[i].position());
        }
        stepping_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

        // Measure: arrivals, overlaps (every pair within 2 m), walls.
        int count = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const vec at = agents[i].position();
            if (s.home_distance > 0) arrived[i] = glm::distance(at, l.goals[i]) <= s.home_distance;
            else if (!arrived[i] && glm::distance(at, l.goals[i]) <= agents[i].radius()) arrived[i] = true;
            if (!l.stays.empty() && l.stays[i])
                f.farthest_shoved = std::max(f.farthest_shoved, static_cast<double>(glm::distance(at, l.goals[i])));
            count += arrived[i] ? 1 : 0;
            lattice.for_each_within(at, 2.0f, [&](std::size_t j, float distance_squared) {
                if (j <= i) return;
                const double distance = std::sqrt(static_cast<double>(distance_squared));
                const double reach = static_cast<double>(agents[i].radius() + agents[j].radius());
                f.min_distance = std::min(f.min_distance, distance);
                f.deepest = std::max(f.deepest, (reach - distance) / reach);
                if (distance < 0.99 * reach) ++f.deep_pair_frames;
            });
            for (const auto& wall : l.walls)
                f.min_wall_gap =
                    std::min(f.min_wall_gap, static_cast<double>(steer::signed_distance(wall, at) - agents[i].radius()));
        }
        f.arrived = count;
        const double now = static_cast<double>(step) / static_cast<double>(s.hz);
        on_step(now, agents);
        if (count == static_cast<int>(n)) {
            f.finish_time = now;
            f.ns_per_agent_step = 1e9 * stepping_seconds / (static_cast<double>(step) * static_cast<double>(n));
            f.shoved_at_end = shoved_now();
            return f;
        }
    }
    f.ns_per_agent_step = 1e9 * stepping_seconds / (static_cast<double>(steps) * static_cast<double>(n));
    f.shoved_at_end = shoved_now();
    return f;
}

/// Runs one scene with one way of steering.
inline figures run(const settings& s) {
    return run(s, [](double, const std::vector<steer::vehicle<vec>>&) {});
}

}  // namespace crowds

#endif  // STEER_EXAMPLES_CROWDS_SCENARIO_HPP
