// The scene the crowd-scale benchmarks share (bench_flock, bench_crowd): N 3D boids in a
// cube sized so that each has about ten others within `reach`, the boids rules, a gentle
// pull toward the middle, and the per-boid counter.
#ifndef STEER_BENCH_BOIDS_SCENE_HPP
#define STEER_BENCH_BOIDS_SCENE_HPP

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <numbers>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/proximity/bin_lattice.hpp>
#include <steer/proximity/proximity_database.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace boids_scene {

using V = glm::vec3;
using S = float;

inline constexpr S reach = 1;            // alignment and cohesion distance; separation is 0.6
inline constexpr double neighbors = 10;  // the mean number of others within `reach`
inline constexpr S dt = S(1) / S(60);
inline constexpr int reset_every = 60;   // steps between restarts from the initial state (1 s)

/// The boids rules. `angle` = true gives every neighborhood a 135-degree half-angle field of
/// view; false sees all round (the angle test is skipped).
inline steer::flocking_params<V> boids(bool angle) {
    const S a = angle ? S(2.36) : std::numbers::pi_v<S>;
    return {.separation = {.max_distance = S(0.6), .max_angle = a},
            .alignment = {.max_distance = reach, .max_angle = a},
            .cohesion = {.max_distance = reach, .max_angle = a},
            .separation_weight = S(0.5),  // fractions of max_force (3)
            .alignment_weight = S(1) / S(3),
            .cohesion_weight = S(1) / S(3)};
}

/// The side of the cube holding n boids at about `neighbors` others within `reach`.
inline S side_for(std::size_t n) {
    const double r = static_cast<double>(reach);
    const double density = neighbors / (4.0 / 3.0 * std::numbers::pi * r * r * r);
    return static_cast<S>(std::cbrt(static_cast<double>(n) / density));
}

/// n boids at uniform points of the cube, heading anywhere at max_speed 2.
inline std::vector<steer::vehicle<V>> boids_in_cube(std::size_t n) {
    steer::rng gen(42);
    const S side = side_for(n);
    std::vector<steer::vehicle<V>> all;
    all.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const V p(steer::uniform(gen, S(0), side), steer::uniform(gen, S(0), side), steer::uniform(gen, S(0), side));
        all.emplace_back(steer::vehicle_params<V>{.position = p,
                                                  .velocity = steer::random_unit_vector<V>(gen),
                                                  .max_force = 3,
                                                  .max_speed = 2});
    }
    return all;
}

/// The user's own steering in every variant: a gentle pull toward the middle of the cube,
/// added to the flocking force.
struct pull_to_middle {
    V middle;
    template <class Id>
    V operator()(Id, const steer::vehicle<V>& v, const V& flocking) const {
        return flocking + steer::seek(v, middle) * S(0.05);
    }
};

/// items_per_second and per_boid (wall time per boid-step) for a benchmark stepping n boids.
inline void set_counters(benchmark::State& state, std::size_t n) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(n));
    state.counters["per_boid"] = benchmark::Counter(static_cast<double>(n),
                                                    benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

/// The per-vehicle path as a user would write it, timed in `state`: the boids `initial` in a
/// steer::bin_lattice with bins of side `reach`, moved after each step; for each boid, the
/// others within reach gathered into a vector (steer::gather_within) and its force
/// `force(boid, nearby)`; then every boid applies its force. Restarts from `initial` every
/// `reset_every` steps, untimed.
template <class Force>
void time_per_vehicle(benchmark::State& state, const std::vector<steer::vehicle<V>>& initial, Force&& force) {
    using lattice_type = steer::bin_lattice<V, const steer::vehicle<V>*>;
    const std::size_t n = initial.size();
    auto all = initial;
    const S side = side_for(n);
    const int bins = std::max(1, static_cast<int>(side / reach));
    lattice_type lattice({.min = V(0), .max = V(side)}, glm::ivec3(bins));
    std::vector<typename lattice_type::handle> handles;
    for (const auto& v : all) handles.push_back(lattice.insert(&v, v.position()));
    std::vector<const steer::vehicle<V>*> nearby;
    std::vector<V> forces(n);
    const auto run = [&] {
        for (std::size_t i = 0; i < n; ++i) {
            steer::gather_within(lattice, all[i].position(), reach, nearby);
            forces[i] = force(all[i], nearby);
        }
        for (std::size_t i = 0; i < n; ++i) {
            all[i].apply_force(forces[i], dt);
            lattice.move(handles[i], all[i].position());
        }
    };
    run();
    int steps = 0;
    for (auto _ : state) {
        if (++steps == reset_every) {
            state.PauseTiming();
            all = initial;
            for (std::size_t i = 0; i < n; ++i) lattice.move(handles[i], all[i].position());
            run();
            steps = 0;
            state.ResumeTiming();
        }
        run();
        benchmark::DoNotOptimize(all.data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

/// The largest N to run: 10^5 unless the environment variable `name` says otherwise
/// (e.g. 1000000), so that CI's short pass stays short.
inline std::int64_t max_n(const char* name) {
    const char* text = std::getenv(name);
    return text ? std::max<std::int64_t>(1000, std::atoll(text)) : 100000;
}

}  // namespace boids_scene

#endif  // STEER_BENCH_BOIDS_SCENE_HPP
