// Big flocks: one full step (neighbors, flocking, an extra steering, integration) of N 3D
// boids at about 10 neighbors each, for the batched steer::flock on 1 and 2 threads and for
// the per-vehicle path (steer::bin_lattice queries, steer::flocking over each vehicle's
// neighbors, vehicle::apply_force). The figure to read is per_boid: wall time per boid-step.
//
// N = 10^6 is registered only when STEER_BENCH_FLOCK_MAX asks for it (e.g. 1000000), so
// that the short CI pass stays short; the per-vehicle path stops at 10^5.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <numbers>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/seek.hpp>
#include <steer/executor.hpp>
#include <steer/thread_pool.hpp>
#include <steer/flock.hpp>
#include <steer/proximity/bin_lattice.hpp>
#include <steer/proximity/proximity_database.hpp>
#include <steer/random.hpp>

namespace {

using V = glm::vec3;
using S = float;

constexpr S reach = 1;            // alignment and cohesion distance; separation is 0.6
constexpr double neighbors = 10;  // the mean number of others within `reach`
constexpr S dt = S(1) / S(60);
constexpr int reset_every = 60;   // steps between restarts from the initial state (1 s)

/// The boids rules of the benchmark. `angle` = true gives every neighborhood a 135-degree
/// half-angle field of view; false sees all round (the angle test is skipped).
steer::flocking_params<V> boids(bool angle) {
    const S a = angle ? S(2.36) : std::numbers::pi_v<S>;
    return {.separation = {.max_distance = S(0.6), .max_angle = a},
            .alignment = {.max_distance = reach, .max_angle = a},
            .cohesion = {.max_distance = reach, .max_angle = a},
            .separation_weight = S(0.5),  // fractions of max_force (3)
            .alignment_weight = S(1) / S(3),
            .cohesion_weight = S(1) / S(3)};
}

/// The side of the cube holding n boids at about `neighbors` others within `reach`.
S side_for(std::size_t n) {
    const double r = static_cast<double>(reach);
    const double density = neighbors / (4.0 / 3.0 * std::numbers::pi * r * r * r);
    return static_cast<S>(std::cbrt(static_cast<double>(n) / density));
}

std::vector<steer::vehicle<V>> boids_in_cube(std::size_t n) {
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
    V operator()(steer::flock_id, const steer::vehicle<V>& v, const V& flocking) const {
        return flocking + steer::seek(v, middle) * S(0.05);
    }
};

void set_counters(benchmark::State& state, std::size_t n) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(n));
    state.counters["per_boid"] = benchmark::Counter(static_cast<double>(n),
                                                    benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

/// The batched flock: range(0) = N, range(1) = threads (1 = serial_executor),
/// range(2) = angle test on, range(3) = think period.
void batched(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto threads = static_cast<unsigned>(state.range(1));
    const auto params = boids(state.range(2) != 0);
    const auto period = static_cast<std::uint32_t>(state.range(3));
    const auto start = boids_in_cube(n);
    const pull_to_middle extra{V(side_for(n) / 2)};
    steer::flock<V> initial{steer::think_schedule(period)};
    initial.reserve(n);
    for (const auto& v : start) initial.add(v);
    steer::flock<V> f = initial;
    std::unique_ptr<steer::thread_pool_executor> pool;
    if (threads > 1) pool = std::make_unique<steer::thread_pool_executor>(threads);
    const auto run = [&] {
        if (pool) f.step(dt, params, extra, *pool);
        else f.step(dt, params, extra);
    };
    run();  // warm: buffers sized
    int steps = 0;
    for (auto _ : state) {
        if (++steps == reset_every) {
            state.PauseTiming();
            f = initial;
            run();
            steps = 0;
            state.ResumeTiming();
        }
        run();
        benchmark::DoNotOptimize(f.vehicles().data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

/// The per-vehicle path as a user would write it: the vehicles in a steer::bin_lattice with
/// bins of side `reach`, moved after each step; for each vehicle, the others within reach
/// gathered into a vector (steer::gather_within), steer::flocking over them plus the extra
/// steering; then every vehicle applies its force.
void per_vehicle(benchmark::State& state) {
    using lattice_type = steer::bin_lattice<V, const steer::vehicle<V>*>;
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto params = boids(state.range(1) != 0);
    const auto initial = boids_in_cube(n);
    const S side = side_for(n);
    const pull_to_middle extra{V(side / 2)};
    auto all = initial;
    const int bins = std::max(1, static_cast<int>(side / reach));
    lattice_type lattice({.min = V(0), .max = V(side)}, glm::ivec3(bins));
    std::vector<lattice_type::handle> handles;
    for (const auto& v : all) handles.push_back(lattice.insert(&v, v.position()));
    std::vector<const steer::vehicle<V>*> nearby;
    std::vector<V> forces(n);
    const auto run = [&] {
        for (std::size_t i = 0; i < n; ++i) {
            steer::gather_within(lattice, all[i].position(), reach, nearby);
            forces[i] = extra(steer::flock_id{}, all[i], steer::flocking(all[i], nearby, params));
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

/// The largest N to run: 10^5 unless STEER_BENCH_FLOCK_MAX says otherwise.
std::int64_t max_n() {
    const char* text = std::getenv("STEER_BENCH_FLOCK_MAX");
    return text ? std::max<std::int64_t>(1000, std::atoll(text)) : 100000;
}

const bool registered = [] {
    const std::int64_t largest = max_n();
    for (std::int64_t n = 1000; n <= largest; n *= 10) {
        for (std::int64_t threads : {1, 2})
            benchmark::RegisterBenchmark("flock_batched", batched)
                ->Args({n, threads, 0, 1})
                ->ArgNames({"n", "threads", "angle", "period"})
                ->UseRealTime()
                ->Unit(benchmark::kMillisecond);
        for (std::int64_t threads : {1, 2})
            benchmark::RegisterBenchmark("flock_batched", batched)
                ->Args({n, threads, 1, 1})
                ->ArgNames({"n", "threads", "angle", "period"})
                ->UseRealTime()
                ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark("flock_batched", batched)
            ->Args({n, 1, 0, 4})
            ->ArgNames({"n", "threads", "angle", "period"})
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
        if (n <= std::min<std::int64_t>(largest, 100000))
            benchmark::RegisterBenchmark("flock_per_vehicle", per_vehicle)
                ->Args({n, 0})
                ->ArgNames({"n", "angle"})
                ->UseRealTime()
                ->Unit(benchmark::kMillisecond);
    }
    return true;
}();

}  // namespace
