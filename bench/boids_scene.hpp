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

/// The largest N to run: 10^5 unless the environment variable `name` says otherwise
/// (e.g. 1000000), so that CI's short pass stays short.
inline std::int64_t max_n(const char* name) {
    const char* text = std::getenv(name);
    return text ? std::max<std::int64_t>(1000, std::atoll(text)) : 100000;
}

}  // namespace boids_scene

#endif  // STEER_BENCH_BOIDS_SCENE_HPP
