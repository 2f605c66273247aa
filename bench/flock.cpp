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
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/seek.hpp>
#include <steer/executor.hpp>
#include <steer/thread_pool.hpp>
#include <steer/crowd/flock.hpp>
#include <steer/random.hpp>

#include "boids_scene.hpp"

namespace {

using namespace boids_scene;

/// The batched flock: range(0) = N, range(1) = threads (1 = serial_executor),
/// range(2) = angle test on, range(3) = think period; with `bodies`, separation between
/// bodies (`separation_spacing`, personal space 0.2: the neighbors' radii read too).
void batched_with(benchmark::State& state, bool bodies) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto threads = static_cast<unsigned>(state.range(1));
    auto params = boids(state.range(2) != 0);
    if (bodies) params.separation_spacing = {.bodies = true, .personal_space = S(0.2)};
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
        benchmark::DoNotOptimize(std::as_const(f).vehicles().data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

/// The batched flock, separation between centers (the default).
void batched(benchmark::State& state) { batched_with(state, false); }

/// The batched flock, separation between bodies.
void batched_bodies(benchmark::State& state) { batched_with(state, true); }

/// The per-vehicle path as a user would write it (`time_per_vehicle`): steer::flocking over
/// each vehicle's neighbors plus the extra steering.
void per_vehicle(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto params = boids(state.range(1) != 0);
    const pull_to_middle extra{V(side_for(n) / 2)};
    time_per_vehicle(state, boids_in_cube(n), [&](const steer::vehicle<V>& boid, const auto& nearby) {
        return extra(steer::flock_id{}, boid, steer::flocking(boid, nearby, params));
    });
}

const bool registered = [] {
    const std::int64_t largest = max_n("STEER_BENCH_FLOCK_MAX");
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
        benchmark::RegisterBenchmark("flock_batched_bodies", batched_bodies)
            ->Args({n, 1, 1, 1})
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
