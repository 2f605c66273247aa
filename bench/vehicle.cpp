// The cost of one simple-vehicle step, the floor under every behavior benchmark: one
// vehicle stepped again and again, and a crowd stepped vehicle by vehicle against
// steer::apply_forces (the same bits, in lanes).
#include <cstddef>
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/crowd/apply_forces.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace {

template <class V>
void vehicle_apply_force(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    steer::rng gen(1);
    steer::vehicle<V> v({.max_force = 2, .max_speed = 3, .acceleration_smoothing = S(state.range(0)) / S(10),
                         .banking = state.range(1) != 0});
    V forces[64];
    for (auto& f : forces) f = steer::random_unit_vector<V>(gen) * S(3);
    std::size_t i = 0;
    for (auto _ : state) {
        v.apply_force(forces[i++ & 63], S(1) / S(60));
        benchmark::DoNotOptimize(v.position());
    }
}

/// A crowd of range(0) moving vehicles and a steering force for each, half of them
/// beyond max_force.
template <class V>
struct crowd {
    std::vector<steer::vehicle<V>> vehicles;
    std::vector<V> forces;
    explicit crowd(std::size_t n) {
        using S = steer::scalar_t<V>;
        steer::rng gen(2);
        for (std::size_t i = 0; i < n; ++i) {
            vehicles.emplace_back(steer::vehicle_params<V>{.position = steer::random_unit_vector<V>(gen) * S(10),
                                                           .velocity = steer::random_unit_vector<V>(gen),
                                                           .max_force = 2,
                                                           .max_speed = 3});
            forces.push_back(steer::random_unit_vector<V>(gen) * steer::uniform(gen, S(0), S(4)));
        }
    }
};

void per_vehicle_counters(benchmark::State& state) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
    state.counters["per_vehicle"] = benchmark::Counter(static_cast<double>(state.range(0)),
                                                       benchmark::Counter::kIsIterationInvariantRate |
                                                           benchmark::Counter::kInvert);
}

/// The crowd stepped by a loop of vehicle::apply_force.
template <class V>
void crowd_apply_force_loop(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    crowd<V> c(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        for (std::size_t i = 0; i < c.vehicles.size(); ++i) c.vehicles[i].apply_force(c.forces[i], S(1) / S(60));
        benchmark::DoNotOptimize(c.vehicles.data());
        benchmark::ClobberMemory();
    }
    per_vehicle_counters(state);
}

/// The crowd stepped by one steer::apply_forces.
template <class V>
void crowd_apply_forces(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    crowd<V> c(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        steer::apply_forces(c.vehicles, c.forces, S(1) / S(60));
        benchmark::DoNotOptimize(c.vehicles.data());
        benchmark::ClobberMemory();
    }
    per_vehicle_counters(state);
}

}  // namespace

BENCHMARK_TEMPLATE(vehicle_apply_force, glm::vec2)->Args({0, 0})->Args({1, 0});
BENCHMARK_TEMPLATE(vehicle_apply_force, glm::vec3)->Args({0, 0})->Args({1, 0})->Args({1, 1});
BENCHMARK_TEMPLATE(vehicle_apply_force, glm::dvec3)->Args({0, 0})->Args({1, 1});
BENCHMARK_TEMPLATE(crowd_apply_force_loop, glm::vec2)->Arg(1000);
BENCHMARK_TEMPLATE(crowd_apply_forces, glm::vec2)->Arg(1000);
BENCHMARK_TEMPLATE(crowd_apply_force_loop, glm::vec3)->Arg(1000)->Arg(100000);
BENCHMARK_TEMPLATE(crowd_apply_forces, glm::vec3)->Arg(1000)->Arg(100000);
BENCHMARK_TEMPLATE(crowd_apply_force_loop, glm::dvec3)->Arg(1000);
BENCHMARK_TEMPLATE(crowd_apply_forces, glm::dvec3)->Arg(1000);
