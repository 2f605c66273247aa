// OpenSteer's boids over its bin lattice (lq.c), well sized (bins as wide as the
// neighborhood's reach), beside steer::flock and a steer::crowd thinking steer::flocking, on
// bench_flock's scene (boids_scene.hpp: 3D, about 10 neighbors each, the same rules and pull
// to the middle, a restart every 60 steps), in one program so that the ratios come from one
// run. OpenSteer's boids think as steer's do: every force from the state before the step,
// then every move. Built by scripts/bench-opensteer against a checkout of OpenSteer; not
// part of steer's build.
#include <memory>
#include <vector>
#include <cmath>
#include <cstdlib>
#include <benchmark/benchmark.h>
#include "OpenSteer/SimpleVehicle.h"
#include "OpenSteer/Proximity.h"
#include "OpenSteer/Draw.h"
#include <steer/crowd/flock.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/thread_pool.hpp>
#include "boids_scene.hpp"

using namespace OpenSteer;
using namespace boids_scene;
typedef AbstractProximityDatabase<AbstractVehicle*> PD;
typedef AbstractTokenForProximityDatabase<AbstractVehicle*> PT;

struct Boid : SimpleVehicle {
    PT* token = nullptr;
    AVGroup neighbors;
    ~Boid() { delete token; }
    void update(const float, const float) override {}
    Vec3 flockForce(const Vec3& middle) {
        neighbors.clear();
        token->findNeighbors(position(), reach, neighbors);
        const float all = -2.0f;  // all round, as steer's flock_batched angle:0
        const Vec3 separation = steerForSeparation(0.6f, all, neighbors);
        const Vec3 alignment = steerForAlignment(1.0f, all, neighbors);
        const Vec3 cohesion = steerForCohesion(1.0f, all, neighbors);
        return separation * (0.5f * maxForce()) + alignment * (maxForce() / 3) + cohesion * (maxForce() / 3) +
               steerForSeek(middle) * 0.05f;
    }
};

static void place(std::vector<std::unique_ptr<Boid>>& flock, const std::vector<steer::vehicle<V>>& start) {
    for (std::size_t i = 0; i < start.size(); ++i) {
        Boid& b = *flock[i];
        b.reset();
        b.setMaxForce(3);
        b.setMaxSpeed(2);
        const auto p = start[i].position();
        const auto f = start[i].forward();
        b.regenerateOrthonormalBasisUF(Vec3(f.x, f.y, f.z));
        b.setSpeed(start[i].speed());
        b.setPosition(Vec3(p.x, p.y, p.z));
        b.token->updateForNewPosition(b.position());
    }
}

static void opensteer_lattice(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto start = boids_in_cube(n);
    const float side = side_for(n);
    const float divisions = std::max(1.0f, std::floor(side / reach));
    LQProximityDatabase<AbstractVehicle*> pd(Vec3(side / 2, side / 2, side / 2), Vec3(side, side, side),
                                             Vec3(divisions, divisions, divisions));
    std::vector<std::unique_ptr<Boid>> flock;
    for (std::size_t i = 0; i < n; ++i) {
        flock.push_back(std::make_unique<Boid>());
        flock.back()->token = pd.allocateToken(flock.back().get());
    }
    place(flock, start);
    const Vec3 middle(side / 2, side / 2, side / 2);
    std::vector<Vec3> forces(n);
    const auto run = [&] {
        // as steer's step: every force from the state before the step, then every move
        for (std::size_t i = 0; i < n; ++i) forces[i] = flock[i]->flockForce(middle);
        for (std::size_t i = 0; i < n; ++i) {
            flock[i]->applySteeringForce(forces[i], dt);
            flock[i]->token->updateForNewPosition(flock[i]->position());
        }
    };
    run();
    int steps = 0;
    for (auto _ : state) {
        if (++steps == reset_every) {
            state.PauseTiming();
            place(flock, start);
            run();
            steps = 0;
            state.ResumeTiming();
        }
        run();
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

static void steer_flock(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto threads = static_cast<unsigned>(state.range(1));
    const auto params = boids(false);
    const pull_to_middle extra{V(side_for(n) / 2)};
    steer::flock<V> initial;
    for (const auto& v : boids_in_cube(n)) initial.add(v);
    steer::flock<V> f = initial;
    std::unique_ptr<steer::thread_pool_executor> pool;
    if (threads > 1) pool = std::make_unique<steer::thread_pool_executor>(threads);
    const auto run = [&] { if (pool) f.step(dt, params, extra, *pool); else f.step(dt, params, extra); };
    run();
    int steps = 0;
    for (auto _ : state) {
        if (++steps == reset_every) { state.PauseTiming(); f = initial; run(); steps = 0; state.ResumeTiming(); }
        run();
        benchmark::DoNotOptimize(std::as_const(f).vehicles().data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

static void steer_crowd_flocking(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto threads = static_cast<unsigned>(state.range(1));
    const auto params = boids(false);
    const pull_to_middle pull{V(side_for(n) / 2)};
    const auto think = [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& neighbors) {
        return pull(id, self, steer::flocking(self, neighbors, params));
    };
    steer::crowd<V> initial;
    for (const auto& v : boids_in_cube(n)) initial.add(v);
    steer::crowd<V> c = initial;
    std::unique_ptr<steer::thread_pool_executor> pool;
    if (threads > 1) pool = std::make_unique<steer::thread_pool_executor>(threads);
    const auto run = [&] { if (pool) c.step(dt, reach, think, *pool); else c.step(dt, reach, think); };
    run();
    int steps = 0;
    for (auto _ : state) {
        if (++steps == reset_every) { state.PauseTiming(); c = initial; run(); steps = 0; state.ResumeTiming(); }
        run();
        benchmark::DoNotOptimize(std::as_const(c).vehicles().data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

// N = 10^3, 10^4 and 10^5, and 10^6 with STEER_BENCH_FLOCK_MAX=1000000 (as bench_flock;
// OpenSteer takes seconds a step there); steer on one thread and on two.
static void sizes(benchmark::internal::Benchmark* b, bool threads) {
    const char* max = std::getenv("STEER_BENCH_FLOCK_MAX");
    const long long most = max ? std::atoll(max) : 100000;
    for (long long n = 1000; n <= most; n *= 10)
        for (long long t = 1; t <= (threads ? 2 : 1); ++t) b->Args({n, t});
}
static void opensteer_sizes(benchmark::internal::Benchmark* b) { sizes(b, false); }
static void steer_sizes(benchmark::internal::Benchmark* b) { sizes(b, true); }

// Wall-clock time (the rates, per_boid) beside the whole process's CPU time.
BENCHMARK(opensteer_lattice)->Apply(opensteer_sizes)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);
BENCHMARK(steer_flock)->Apply(steer_sizes)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);
BENCHMARK(steer_crowd_flocking)->Apply(steer_sizes)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();

// No drawing here: annotation off, and the draw calls SimpleVehicle's annotations make do
// nothing (OpenSteer's Draw.cpp needs OpenGL).
namespace OpenSteer {
bool enableAnnotation = false;
bool drawPhaseActive = false;
void drawLine(const Vec3&, const Vec3&, const Color&) {}
void deferredDrawLine(const Vec3&, const Vec3&, const Color&) {}
}  // namespace OpenSteer

