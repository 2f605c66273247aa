// The cost of one simple-vehicle step, the floor under every behavior benchmark.
#include <benchmark/benchmark.h>

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

}  // namespace

BENCHMARK_TEMPLATE(vehicle_apply_force, glm::vec2)->Args({0, 0})->Args({1, 0});
BENCHMARK_TEMPLATE(vehicle_apply_force, glm::vec3)->Args({0, 0})->Args({1, 0})->Args({1, 1});
BENCHMARK_TEMPLATE(vehicle_apply_force, glm::dvec3)->Args({0, 0})->Args({1, 1});
