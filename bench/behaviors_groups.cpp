// Group behaviors over 5, 10 and 50 neighbors: the per-character cost of one flocking or
// unaligned_collision_avoidance call (items = neighbors examined). `flocking` and `flocking_pointers` go
// round one small crowd, so after a few rounds the processor's branch predictor knows every
// neighborhood test's answer in advance; `flocking_varied` draws its neighbors from a pool,
// thousands of different sets, as a simulation does, and shows what the tests cost when
// their answers come in no pattern.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/unaligned_collision_avoidance.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "random_crowd.hpp"

namespace {

template <class V>
std::vector<steer::vehicle<V>> crowd_of(std::size_t neighbors) {
    return bench::random_crowd<V>(neighbors);
}

/// Each neighborhood with a field of view (2.4 rad), separation the smallest, cohesion the widest.
template <class V>
steer::flocking_params<V> boids_params() {
    using S = steer::scalar_t<V>;
    return {.separation = {.max_distance = S(1.5), .max_angle = S(2.4)},
            .alignment = {.max_distance = 4, .max_angle = S(2.4)},
            .cohesion = {.max_distance = 8, .max_angle = S(2.4)},
            .separation_weight = 1, .alignment_weight = S(0.5), .cohesion_weight = S(0.5)};
}

template <class V>
void flocking(benchmark::State& state) {
    const auto crowd = crowd_of<V>(static_cast<std::size_t>(state.range(0)));
    const auto p = boids_params<V>();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(steer::flocking(crowd[i], crowd, p));
        if (++i == crowd.size()) i = 0;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

template <class V>
void flocking_pointers(benchmark::State& state) {
    const auto crowd = crowd_of<V>(static_cast<std::size_t>(state.range(0)));
    std::vector<const steer::vehicle<V>*> pointers;  // as gathered from a proximity query
    for (const auto& c : crowd) pointers.push_back(&c);
    const auto p = boids_params<V>();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(steer::flocking(crowd[i], pointers, p));
        if (++i == crowd.size()) i = 0;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

/// Flocking over neighbor sets that do not repeat: 4,096 sets of n pointers into a pool of
/// 2,048 characters (small enough to stay in cache), each set around its own character.
template <class V>
void flocking_varied(benchmark::State& state) {
    constexpr std::size_t sets = 4096, pool_size = 2048;
    const auto pool = crowd_of<V>(pool_size - 1);
    steer::rng gen(8);
    std::vector<std::vector<const steer::vehicle<V>*>> neighbors(sets);
    std::vector<std::size_t> self(sets);
    for (std::size_t k = 0; k < sets; ++k) {
        self[k] = static_cast<std::size_t>(gen() % pool_size);
        for (std::int64_t j = 0; j < state.range(0); ++j) neighbors[k].push_back(&pool[gen() % pool_size]);
    }
    const auto p = boids_params<V>();
    std::size_t k = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(steer::flocking(pool[self[k]], neighbors[k], p));
        if (++k == sets) k = 0;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

template <class V>
void unaligned_collision_avoidance(benchmark::State& state) {
    const auto crowd = crowd_of<V>(static_cast<std::size_t>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(steer::unaligned_collision_avoidance(crowd[i], crowd, {.min_time_to_collision = 3}));
        if (++i == crowd.size()) i = 0;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

}  // namespace

BENCHMARK_TEMPLATE(flocking, glm::vec2)->Arg(5)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(flocking, glm::vec3)->Arg(5)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(flocking, glm::dvec3)->Arg(5)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(flocking_pointers, glm::vec3)->Arg(50);
BENCHMARK_TEMPLATE(flocking_varied, glm::vec3)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(unaligned_collision_avoidance, glm::vec2)->Arg(5)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(unaligned_collision_avoidance, glm::vec3)->Arg(5)->Arg(10)->Arg(50);
BENCHMARK_TEMPLATE(unaligned_collision_avoidance, glm::dvec3)->Arg(5)->Arg(10)->Arg(50);
