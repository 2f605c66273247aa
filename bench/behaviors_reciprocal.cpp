// Reciprocal avoidance: the cost of one call for one agent among 5, 10 and 50 neighbors
// (items = neighbors examined), in the same random crowds as unaligned_collision_avoidance's
// benchmark (bench/behaviors_groups.cpp, the same program: compare the two in one run), and
// for the agents of a real dense crowd: the circle of 100 of examples/crowds at its
// densest, each agent with the others within 5 m (`reciprocal_avoidance_circle`, items =
// agents), where most agents are held up and the detour's second program runs. And a
// step of 10,000 walkers milling to random goals, per-vehicle (a bin_lattice) and on the
// crowd path (steer::crowd), each beside unaligned collision avoidance ahead of arrival.
#include <cstddef>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/arrival.hpp>
#include <steer/behaviors/reciprocal_avoidance.hpp>
#include <steer/combiners.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/proximity/bin_lattice.hpp>
#include <steer/behaviors/unaligned_collision_avoidance.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "random_crowd.hpp"

namespace {

template <class V>
void reciprocal_avoidance(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    // The groups' crowd (bench/random_crowd.hpp), with the crowds' max_force (20).
    const auto crowd = bench::random_crowd<V>(static_cast<std::size_t>(state.range(0)), 20);
    // Each wants to cross the ball: toward the opposite side at full speed.
    std::vector<V> wanted;
    for (const auto& a : crowd) wanted.push_back(steer::truncate(-a.position() * S(2), S(2)));
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(steer::reciprocal_avoidance(crowd[i], crowd, wanted[i], S(1) / S(60)));
        if (++i == crowd.size()) i = 0;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

/// The circle of 100 (radius 0.5, 1.5 m apart on a ring of radius 24, each to its
/// antipode), stepped with reciprocal avoidance for `seconds`; then each agent's neighbors
/// within 5 m.
struct circle_snapshot {
    std::vector<steer::vehicle<glm::vec2>> agents;
    std::vector<glm::vec2> goals;
    std::vector<std::vector<const steer::vehicle<glm::vec2>*>> neighbors;
};

circle_snapshot circle_at(float seconds) {
    using V = glm::vec2;
    circle_snapshot c;
    for (int i = 0; i < 100; ++i) {
        const float angle = 6.28318531f * static_cast<float>(i) / 100;
        const V at = V(std::cos(angle), std::sin(angle)) * 23.873f;
        c.agents.emplace_back(steer::vehicle_params<V>{.position = at, .radius = 0.5f, .max_force = 20, .max_speed = 2});
        c.goals.push_back(-at);
    }
    const auto wanted = [&](std::size_t i) { return steer::truncate((c.goals[i] - c.agents[i].position()) * 2.0f, 2.0f); };
    std::vector<V> forces(c.agents.size());
    for (int step = 0; step < static_cast<int>(seconds * 60); ++step) {
        for (std::size_t i = 0; i < c.agents.size(); ++i)
            forces[i] = steer::reciprocal_avoidance(c.agents[i], c.agents, wanted(i), 1.0f / 60);
        for (std::size_t i = 0; i < c.agents.size(); ++i) c.agents[i].apply_force(forces[i], 1.0f / 60);
    }
    c.neighbors.resize(c.agents.size());
    for (std::size_t i = 0; i < c.agents.size(); ++i)
        for (std::size_t j = 0; j < c.agents.size(); ++j)
            if (j != i && glm::distance(c.agents[i].position(), c.agents[j].position()) <= 5.0f)
                c.neighbors[i].push_back(&c.agents[j]);
    return c;
}

void reciprocal_avoidance_circle(benchmark::State& state) {
    const circle_snapshot c = circle_at(static_cast<float>(state.range(0)));
    std::size_t neighbors = 0;
    for (const auto& n : c.neighbors) neighbors += n.size();
    std::size_t i = 0;
    for (auto _ : state) {
        const glm::vec2 wanted = steer::truncate((c.goals[i] - c.agents[i].position()) * 2.0f, 2.0f);
        benchmark::DoNotOptimize(steer::reciprocal_avoidance(c.agents[i], c.neighbors[i], wanted, 1.0f / 60));
        if (++i == c.agents.size()) i = 0;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["neighbors"] = static_cast<double>(neighbors) / static_cast<double>(c.agents.size());
}

void unaligned_collision_avoidance_circle(benchmark::State& state) {
    const circle_snapshot c = circle_at(static_cast<float>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(steer::unaligned_collision_avoidance(c.agents[i], c.neighbors[i], {.min_time_to_collision = 2}));
        if (++i == c.agents.size()) i = 0;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

/// `count` walkers at random in a square of `count` / 0.3 square meters, each with a random
/// goal in it, after 2 s of reciprocal avoidance; and their lattice.
struct milling_crowd {
    using V = glm::vec2;
    std::vector<steer::vehicle<V>> agents;
    std::vector<V> goals;
    steer::bin_lattice<V, std::size_t> lattice;
    std::vector<steer::bin_lattice<V, std::size_t>::handle> handles;
    std::vector<const steer::vehicle<V>*> nearby;
    std::vector<V> forces;

    explicit milling_crowd(std::size_t count)
        : lattice({V(-side(count) / 2 - 10), V(side(count) / 2 + 10)},
                  steer::cell_t<V>(static_cast<int>(side(count) / 4) + 5)) {
        steer::rng gen(11);
        const float half = side(count) / 2;
        for (std::size_t i = 0; i < count; ++i) {
            const V at(steer::uniform(gen, -half, half), steer::uniform(gen, -half, half));
            agents.emplace_back(steer::vehicle_params<V>{.position = at, .radius = 0.5f, .max_force = 20, .max_speed = 2});
            goals.emplace_back(steer::uniform(gen, -half, half), steer::uniform(gen, -half, half));
            handles.push_back(lattice.insert(i, at));
        }
        forces.resize(count);
        for (int frame = 0; frame < 120; ++frame) step(true);
    }
    static float side(std::size_t count) { return std::sqrt(static_cast<float>(count) / 0.3f); }

    /// One step of every agent: with reciprocal avoidance, or with unaligned collision
    /// avoidance ahead of arrival (a priority).
    void step(bool reciprocal) {
        for (std::size_t i = 0; i < agents.size(); ++i) {
            const auto& me = agents[i];
            nearby.clear();
            lattice.for_each_within(me.position(), 4.0f, [&](std::size_t j, float) { nearby.push_back(&agents[j]); });
            if (reciprocal) {
                const V wanted = steer::truncate((goals[i] - me.position()) * 2.0f, 2.0f);
                forces[i] = steer::reciprocal_avoidance(me, nearby, wanted, 1.0f / 60);
            } else {
                forces[i] = steer::priority(
                    0.0f, [&] { return steer::unaligned_collision_avoidance(me, nearby, {.min_time_to_collision = 2}); },
                    [&] { return steer::arrival(me, goals[i], {.slowing_distance = 1}); });
            }
        }
        for (std::size_t i = 0; i < agents.size(); ++i) {
            agents[i].apply_force(forces[i], 1.0f / 60);
            lattice.move(handles[i], agents[i].position());
        }
    }
};

/// The milling crowd of `count` walkers, built once: the four benchmarks below start from
/// copies of it (built by each, twice, it took 14 of this program's 25 s in CI's short pass).
const milling_crowd& milled(std::size_t count) {
    static std::map<std::size_t, milling_crowd> built;
    auto found = built.find(count);
    if (found == built.end()) found = built.emplace(count, milling_crowd(count)).first;
    return found->second;
}

void crowd_step(benchmark::State& state, bool reciprocal) {
    milling_crowd crowd = milled(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) crowd.step(reciprocal);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
void reciprocal_avoidance_step(benchmark::State& state) { crowd_step(state, true); }
void unaligned_collision_avoidance_step(benchmark::State& state) { crowd_step(state, false); }

/// The same walkers, from the same start, on the crowd path: a `steer::crowd` whose think
/// is the same mix over the neighbors it hands over, each walker's goal kept with it as the
/// crowd's per-agent data.
void crowd_path_step(benchmark::State& state, bool reciprocal) {
    using V = glm::vec2;
    const milling_crowd& start = milled(static_cast<std::size_t>(state.range(0)));
    steer::crowd<V, V> crowd;
    for (std::size_t i = 0; i < start.agents.size(); ++i) crowd.add(start.agents[i], start.goals[i]);
    const auto think = [reciprocal](steer::crowd_id, const steer::vehicle<V>& me, V& goal, const auto& nearby) {
        if (reciprocal) {
            const V wanted = steer::truncate((goal - me.position()) * 2.0f, 2.0f);
            return steer::reciprocal_avoidance(me, nearby, wanted, 1.0f / 60);
        }
        return steer::priority(
            0.0f, [&] { return steer::unaligned_collision_avoidance(me, nearby, {.min_time_to_collision = 2}); },
            [&] { return steer::arrival(me, goal, {.slowing_distance = 1}); });
    };
    crowd.step(1.0f / 60, 4.0f, think);  // warm: the grid and buffers sized
    for (auto _ : state) crowd.step(1.0f / 60, 4.0f, think);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
void reciprocal_avoidance_crowd_step(benchmark::State& state) { crowd_path_step(state, true); }
void unaligned_collision_avoidance_crowd_step(benchmark::State& state) { crowd_path_step(state, false); }

}  // namespace

BENCHMARK(reciprocal_avoidance_step)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(unaligned_collision_avoidance_step)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(reciprocal_avoidance_crowd_step)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(unaligned_collision_avoidance_crowd_step)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(reciprocal_avoidance, glm::vec2)->Arg(5)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(reciprocal_avoidance, glm::vec3)->Arg(5)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(reciprocal_avoidance, glm::dvec3)->Arg(5)->Arg(10)->Arg(50);
// At 8 s the ring has closed up (radius about 8 m); at 14 s the agents swirl round the center.
BENCHMARK(reciprocal_avoidance_circle)->Arg(8)->Arg(14);
BENCHMARK(unaligned_collision_avoidance_circle)->Arg(8)->Arg(14);
