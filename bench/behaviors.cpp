// Cost of one call of each single-character behavior (Behaviors I): ns per call, float and
// double, 2D and 3D. Inputs cycle through 64 random vehicles so nothing is constant-folded.
#include <array>
#include <cstddef>
#include <span>

#include <benchmark/benchmark.h>

#include <steer/behaviors/arrival.hpp>
#include <steer/behaviors/docking.hpp>
#include <steer/behaviors/interpose.hpp>
#include <steer/behaviors/offset_pursuit.hpp>
#include <steer/behaviors/patrol.hpp>
#include <steer/behaviors/pursuit.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/behaviors/shadow.hpp>
#include <steer/behaviors/wander.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace {

constexpr std::size_t count = 64;

template <class V>
struct scene {
    using S = steer::scalar_t<V>;
    std::array<steer::vehicle<V>, count> vehicles;
    std::array<V, count> points;

    scene() {
        steer::rng gen(42);
        for (std::size_t i = 0; i < count; ++i) {
            vehicles[i] = steer::vehicle<V>({.position = steer::random_vector_in_unit_ball<V>(gen) * S(20),
                                             .velocity = steer::random_vector_in_unit_ball<V>(gen) * S(2),
                                             .max_force = 4,
                                             .max_speed = 2});
            points[i] = steer::random_vector_in_unit_ball<V>(gen) * S(20);
        }
    }
    const steer::vehicle<V>& vehicle(std::size_t i) const { return vehicles[i & (count - 1)]; }
    const steer::vehicle<V>& other(std::size_t i) const { return vehicles[(i + 17) & (count - 1)]; }
    const steer::vehicle<V>& third(std::size_t i) const { return vehicles[(i + 41) & (count - 1)]; }
    const V& point(std::size_t i) const { return points[i & (count - 1)]; }
};

/// Runs `f(scene, i)` once per iteration with a fresh index.
template <class V, class F>
void run(benchmark::State& state, F f) {
    const scene<V> s;
    std::size_t i = 0;
    for (auto _ : state) {
        V result = f(s, i++);
        benchmark::DoNotOptimize(result);
    }
    state.SetItemsProcessed(state.iterations());
}

template <class V>
void seek(benchmark::State& state) {
    run<V>(state, [](const auto& s, std::size_t i) { return steer::seek(s.vehicle(i), s.point(i)); });
}
template <class V>
void flee(benchmark::State& state) {
    run<V>(state, [](const auto& s, std::size_t i) { return steer::flee(s.vehicle(i), s.point(i)); });
}
template <class V>
void pursuit(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    run<V>(state, [](const auto& s, std::size_t i) { return steer::pursuit(s.vehicle(i), s.other(i), {.max_prediction_time = S(3)}); });
}
template <class V>
void evasion(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    run<V>(state, [](const auto& s, std::size_t i) { return steer::evasion(s.vehicle(i), s.other(i), {.max_prediction_time = S(3)}); });
}
template <class V>
void offset_pursuit(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    run<V>(state, [](const auto& s, std::size_t i) { return steer::offset_pursuit(s.vehicle(i), s.other(i), {.offset = S(2), .max_prediction_time = S(3)}); });
}
template <class V>
void arrival(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    run<V>(state, [](const auto& s, std::size_t i) { return steer::arrival(s.vehicle(i), s.point(i), {.slowing_distance = S(3)}); });
}
template <class V>
void wander(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    steer::rng gen(7);
    steer::wander_state<V> w;
    run<V>(state, [&](const auto& s, std::size_t i) { return steer::wander(s.vehicle(i), w, gen, S(1) / S(60)); });
}
template <class V>
void wander_turning(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    steer::rng gen(7);
    steer::wander_turning_state<V> w;
    run<V>(state, [&](const auto& s, std::size_t i) { return steer::wander_turning(s.vehicle(i), w, gen, S(1) / S(60)); });
}
template <class V>
void interpose(benchmark::State& state) {
    run<V>(state, [](const auto& s, std::size_t i) { return steer::interpose(s.vehicle(i), s.other(i), s.third(i)); });
}
template <class V>
void shadow(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    run<V>(state, [](const auto& s, std::size_t i) { return steer::shadow(s.vehicle(i), s.other(i), {.stand_off = S(1), .slowing_distance = S(3)}); });
}
template <class V>
void docking(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    run<V>(state, [](const auto& s, std::size_t i) {
        return steer::docking(s.vehicle(i), s.point(i), s.point(i + 1), {.slowing_distance = S(3)});
    });
}
template <class V>
void patrol(benchmark::State& state) {
    steer::patrol_state progress;
    run<V>(state, [&](const auto& s, std::size_t i) {
        return steer::patrol(s.vehicle(i), std::span<const V>(s.points.data(), 8), progress);
    });
}

}  // namespace

#define STEER_BEHAVIOR_BENCHMARK(name)                 \
    BENCHMARK_TEMPLATE(name, glm::vec2);               \
    BENCHMARK_TEMPLATE(name, glm::vec3);               \
    BENCHMARK_TEMPLATE(name, glm::dvec3)

STEER_BEHAVIOR_BENCHMARK(seek);
STEER_BEHAVIOR_BENCHMARK(flee);
STEER_BEHAVIOR_BENCHMARK(pursuit);
STEER_BEHAVIOR_BENCHMARK(evasion);
STEER_BEHAVIOR_BENCHMARK(offset_pursuit);
STEER_BEHAVIOR_BENCHMARK(arrival);
STEER_BEHAVIOR_BENCHMARK(wander);
BENCHMARK_TEMPLATE(wander_turning, glm::vec2);
BENCHMARK_TEMPLATE(wander_turning, glm::dvec2);
STEER_BEHAVIOR_BENCHMARK(interpose);
STEER_BEHAVIOR_BENCHMARK(shadow);
STEER_BEHAVIOR_BENCHMARK(docking);
STEER_BEHAVIOR_BENCHMARK(patrol);
