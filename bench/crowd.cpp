// Crowds of any behavior mix: one full step of N 3D agents in the boids scene (about ten
// others within reach), on three paths, in one program so that their ratios come from one
// run:
//   - crowd_mixed: steer::crowd, each agent's think a pedestrian-like mix: flocking over its
//     neighbors, obstacle avoidance among four rocks, and a seek toward the middle;
//   - per_vehicle_mixed: the same mix as a user writes it without the crowd: the vehicles in
//     a steer::bin_lattice, each one's neighbors gathered from it, the same think, then
//     vehicle::apply_force and a lattice move for everyone;
//   - flock: plain flocking on steer::flock, the batched boids (the target of the mix: at
//     most twice its cost);
//   - crowd_flocking: plain flocking written as a crowd's think (steer::flocking over the
//     neighbors), to show what the flock's lanes save;
//   - crowd_zero_think: a crowd whose think returns zero, the crowd's own machinery alone
//     (sort, neighbor search, move), to read beside flock's whole step.
// Beside them: the flocking crowd kept on a floor by a constraint, with none, one per agent
// and a batch constraint (crowd_constrained: constraint 0, 1, 2), and separation over the
// crowd's neighbors in lanes against the plain loop over the same neighbors (crowd_separation),
// and agents with 160 bytes of data of their own that flock with their own team, telling
// teammates by the data's team or by the crowd's kinds (crowd_kinds: kinds 0 or 1).
// And degenerate placements (crowd_placement, flock_placement), each against the normal
// one: one agent at 1e18 or at float's max / 4, half the crowd on one point, two clusters
// 1e7 apart, the crowd strung along a line. A step must cost at most 3x a normal one.
// The figure to read is per_boid: wall time per agent-step.
// Beside them, crowd_ratio and flock_ratio step a degenerate case and the normal crowd in
// turns, in one loop, and report the ratio of their times (ratio: wall time, cpu_ratio: CPU
// time): a neighbor radius of 0 (flock: neighborhoods of 0), the crowd strung along x from
// 6e17 to 1.1e18 (within float's promised magnitudes, nobody near anybody), and half of it
// so, half in the cube. At 10^4 unless STEER_BENCH_RATIO_MAX asks for more (100000, 1000000).
//
// N = 10^6 is registered only when STEER_BENCH_CROWD_MAX asks for it (e.g. 1000000); the
// per-vehicle path stops at 10^5 unless STEER_BENCH_PER_VEHICLE_MAX says otherwise.
#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <cmath>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/behaviors/separation.hpp>
#include <steer/crowd/apply_forces.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/crowd/flock.hpp>
#include <steer/thread_pool.hpp>
#include <steer/world/sphere.hpp>

#include "boids_scene.hpp"

namespace {

using namespace boids_scene;

/// The pedestrian-like mix: flocking, obstacle avoidance among the rocks, a pull to the middle.
struct mixed_think {
    steer::flocking_params<V> flocking = boids(true);
    std::vector<steer::sphere<V>> rocks;
    V middle{};

    template <class Neighbors>
    V operator()(const steer::vehicle<V>& self, const Neighbors& neighbors) const {
        return steer::flocking(self, neighbors, flocking) + steer::obstacle_avoidance(self, rocks) +
               steer::seek(self, middle) * S(0.05);
    }
};

/// The mix for a cube of n agents: four rocks an eighth of the cube wide.
mixed_think mix_for(std::size_t n) {
    const S side = side_for(n);
    mixed_think mix;
    mix.middle = V(side / 2);
    for (const V corner : {V(0.25f, 0.25f, 0.25f), V(0.75f, 0.25f, 0.75f), V(0.25f, 0.75f, 0.75f), V(0.75f, 0.75f, 0.25f)})
        mix.rocks.push_back({.center = corner * side, .radius = side / 8});
    return mix;
}

/// Where the agents start: the normal cube, or a degenerate placement of it.
enum class placement { normal, far_outlier, max_outlier, half_stacked, two_clusters, line };

const char* name_of(placement p) {
    switch (p) {
        case placement::normal: return "normal";
        case placement::far_outlier: return "one_at_1e18";
        case placement::max_outlier: return "one_at_max_over_4";
        case placement::half_stacked: return "half_on_one_point";
        case placement::two_clusters: return "two_clusters_1e7_apart";
        case placement::line: return "line";
    }
    return "?";
}

std::vector<steer::vehicle<V>> agents_for(std::size_t n, placement p) {
    auto all = boids_in_cube(n);
    const S side = side_for(n);
    switch (p) {
        case placement::normal: break;
        case placement::far_outlier: all[0].set_position(V(1e18f, 0, 0)); break;
        case placement::max_outlier: all[0].set_position(V(std::numeric_limits<S>::max() / 4)); break;
        case placement::half_stacked:
            for (std::size_t i = 0; i < n / 2; ++i) all[i].set_position(V(side / 2));
            break;
        case placement::two_clusters:
            for (std::size_t i = 0; i < n / 2; ++i) all[i].set_position(all[i].position() + V(1e7f, 0, 0));
            break;
        case placement::line: {
            // About `neighbors` others within reach along the line, as in the cube.
            const S spacing = S(2) * reach / static_cast<S>(neighbors);
            for (std::size_t i = 0; i < n; ++i) all[i].set_position(V(static_cast<S>(i) * spacing * S(0.57735f)));
            break;
        }
    }
    return all;
}

std::unique_ptr<steer::thread_pool_executor> pool_for(unsigned threads) {
    return threads > 1 ? std::make_unique<steer::thread_pool_executor>(threads) : nullptr;
}

/// Steps `initial` (a crowd or a flock) with `run(subject, pool)` in the timing loop,
/// restarting from `initial` every `reset_every` steps (outside the timing).
template <class Subject, class Run>
void time_steps(benchmark::State& state, const Subject& initial, std::size_t n, unsigned threads, Run run) {
    Subject subject = initial;
    const auto pool = pool_for(threads);
    run(subject, pool.get());  // warm: buffers sized
    int steps = 0;
    for (auto _ : state) {
        if (++steps == reset_every) {
            state.PauseTiming();
            subject = initial;
            run(subject, pool.get());
            steps = 0;
            state.ResumeTiming();
        }
        run(subject, pool.get());
        benchmark::DoNotOptimize(std::as_const(subject).vehicles().data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

template <class Subject>
Subject filled(const std::vector<steer::vehicle<V>>& agents) {
    Subject s;
    s.reserve(agents.size());
    for (const auto& v : agents) s.add(v);
    return s;
}

/// range(0) = N, range(1) = threads, range(2) = placement.
void crowd_mixed(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto where = static_cast<placement>(state.range(2));
    const mixed_think mix = mix_for(n);
    const auto think = [&mix](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
        return mix(self, neighbors);
    };
    time_steps(state, filled<steer::crowd<V>>(agents_for(n, where)), n, static_cast<unsigned>(state.range(1)),
               [&](steer::crowd<V>& c, steer::thread_pool_executor* pool) {
                   if (pool) c.step(dt, reach, think, *pool);
                   else c.step(dt, reach, think);
               });
}

/// range(0) = N, range(1) = threads.
void crowd_flocking(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto params = boids(true);
    const pull_to_middle pull{V(side_for(n) / 2)};
    const auto think = [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& neighbors) {
        return pull(id, self, steer::flocking(self, neighbors, params));
    };
    time_steps(state, filled<steer::crowd<V>>(boids_in_cube(n)), n, static_cast<unsigned>(state.range(1)),
               [&](steer::crowd<V>& c, steer::thread_pool_executor* pool) {
                   if (pool) c.step(dt, reach, think, *pool);
                   else c.step(dt, reach, think);
               });
}

/// range(0) = N, range(1) = threads: the crowd's own machinery alone (the sort, the neighbor
/// search, the move), its think reading nothing and returning zero: what the crowd costs
/// beside the behaviors it runs, to read beside `flock`'s whole step.
void crowd_zero_think(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto think = [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(0); };
    time_steps(state, filled<steer::crowd<V>>(boids_in_cube(n)), n, static_cast<unsigned>(state.range(1)),
               [&](steer::crowd<V>& c, steer::thread_pool_executor* pool) {
                   if (pool) c.step(dt, reach, think, *pool);
                   else c.step(dt, reach, think);
               });
}

/// How `crowd_constrained` keeps its agents on a floor.
enum class constraint_kind { none, per_agent, batch };

/// The side of the square floor holding n walkers at about `neighbors` others within `reach`.
S floor_side_for(std::size_t n) {
    const double r = static_cast<double>(reach);
    return static_cast<S>(std::sqrt(static_cast<double>(n) * std::numbers::pi * r * r / neighbors));
}

/// n walkers on the floor y = 0, a square `floor_side_for(n)` wide, heading anywhere along it.
std::vector<steer::vehicle<V>> walkers_on_floor(std::size_t n) {
    steer::rng gen(43);
    const S side = floor_side_for(n);
    std::vector<steer::vehicle<V>> all;
    all.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const glm::vec2 heading = steer::random_unit_vector<glm::vec2>(gen);
        all.emplace_back(steer::vehicle_params<V>{
            .position = V(steer::uniform(gen, S(0), side), 0, steer::uniform(gen, S(0), side)),
            .velocity = V(heading.x, 0, heading.y),
            .max_force = 3,
            .max_speed = 2});
    }
    return all;
}

/// range(0) = N, range(1) = constraint_kind: a flocking crowd of walkers on a floor, kept on
/// it after each move (position on it, velocity along it: the pigeons' walkers, on flat
/// ground) by no constraint (they stay on it anyway: every force is along it), by one called
/// per agent (`set_velocity` one by one) or by a batch constraint (`set_velocities`, in lanes).
void crowd_constrained(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto kind = static_cast<constraint_kind>(state.range(1));
    const auto params = boids(false);
    const S floor = 0, middle = floor_side_for(n) / 2;
    const pull_to_middle pull{V(middle, floor, middle)};
    const auto think = [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& neighbors) {
        return pull(id, self, steer::flocking(self, neighbors, params));
    };
    const auto on_floor = [floor](steer::vehicle<V>& v) {
        const V p = v.position();
        v.set_position({p.x, floor, p.z});
        const V u = v.velocity();
        return V(u.x, 0, u.z);
    };
    std::vector<V> along;
    const auto batch = steer::batch_constraint{
        [&](std::span<const steer::crowd_id>, std::span<steer::vehicle<V>> agents) {
            along.clear();
            for (auto& v : agents) along.push_back(on_floor(v));
            steer::set_velocities(agents, along);
        }};
    time_steps(state, filled<steer::crowd<V>>(walkers_on_floor(n)), n, 1, [&](steer::crowd<V>& c, steer::thread_pool_executor*) {
        switch (kind) {
            case constraint_kind::none: c.step(dt, reach, think); break;
            case constraint_kind::per_agent:
                c.step(dt, reach, think, [&](steer::crowd_id, steer::vehicle<V>& v) { v.set_velocity(on_floor(v)); },
                       steer::serial_executor{});
                break;
            case constraint_kind::batch: c.step(dt, reach, think, batch, steer::serial_executor{}); break;
        }
    });
}

/// range(0) = N, range(1) = 1 for separation over the crowd's own neighbor list (its pushes
/// in lanes), 0 for the same neighbors gathered into a vector of pointers first (the plain
/// loop, as over any other range); range(2) = how far the agents look, in `reach`: 1 (about
/// ten neighbors, a third of them within the separation distance) or 2 (lists of the 64 the
/// crowd hands at most, a few within it: a wide look, as the pigeons' main thoughts).
void crowd_separation(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const bool lanes = state.range(1) != 0;
    const S look = reach * static_cast<S>(state.range(2));
    const steer::neighborhood<V> personal_space{.max_distance = S(0.6)};
    const pull_to_middle pull{V(side_for(n) / 2)};
    std::vector<const steer::vehicle<V>*> pointers;
    const auto think = [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& neighbors) {
        if (lanes) return pull(id, self, steer::separation(self, neighbors, personal_space));
        pointers.clear();
        for (const auto& other : neighbors) pointers.push_back(&other);
        return pull(id, self, steer::separation(self, pointers, personal_space));
    };
    time_steps(state, filled<steer::crowd<V>>(boids_in_cube(n)), n, 1,
               [&](steer::crowd<V>& c, steer::thread_pool_executor*) { c.step(dt, look, think); });
}

/// An agent's own data in `crowd_kinds`: its team and what a game keeps beside it (AI and
/// animation state), 160 bytes in all.
struct team_member {
    std::uint32_t team = 0;
    std::array<float, 39> state{};
};
std::uint32_t team_of(const team_member& m) noexcept { return m.team; }

/// range(0) = N, range(1) = 1 to tell teammates by `neighbors.kind(i)` (`set_kinds`), 0 by
/// the neighbors' data (`neighbors.data(i).team`). Two teams, one on each side of the cube
/// (as a herd on the ground and a flock in the air), each agent flocking with its own team
/// only: over the crowd's neighbors (in lanes) where all are teammates, the usual case, and
/// over the teammates' pointers at the border.
void crowd_kinds(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const bool kinds = state.range(1) != 0;
    const auto params = boids(true);
    const S middle = side_for(n) / 2;
    const pull_to_middle pull{V(middle)};
    steer::crowd<V, team_member> initial;
    initial.reserve(n);
    for (const auto& v : boids_in_cube(n)) (void)initial.add(v, team_member{.team = v.position().x < middle ? 0u : 1u});
    if (kinds) initial.set_kinds(&team_of);
    const auto think = [&](steer::crowd_id id, const steer::vehicle<V>& self, team_member& mine, const auto& neighbors) {
        std::array<const steer::vehicle<V>*, steer::crowd<V, team_member>::default_max_neighbors> mates;
        std::size_t count = 0;
        for (std::size_t i = 0; i < neighbors.size(); ++i) {
            const std::uint32_t team = kinds ? neighbors.kind(i) : neighbors.data(i).team;
            if (team == mine.team) mates[count++] = &neighbors[i];
        }
        if (count == neighbors.size()) return pull(id, self, steer::flocking(self, neighbors, params));
        return pull(id, self, steer::flocking(self, std::span(mates.data(), count), params));
    };
    time_steps(state, initial, n, 1, [&](steer::crowd<V, team_member>& c, steer::thread_pool_executor*) {
        c.step(dt, reach, think);
    });
}

/// range(0) = N, range(1) = threads, range(2) = placement.
void flock(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto where = static_cast<placement>(state.range(2));
    const auto params = boids(true);
    const pull_to_middle pull{V(side_for(n) / 2)};
    time_steps(state, filled<steer::flock<V>>(agents_for(n, where)), n, static_cast<unsigned>(state.range(1)),
               [&](steer::flock<V>& f, steer::thread_pool_executor* pool) {
                   if (pool) f.step(dt, params, pull, *pool);
                   else f.step(dt, params, pull);
               });
}

/// The cases of `crowd_ratio` and `flock_ratio`, each timed against the normal cube.
enum class extreme { radius_zero, far_line, half_far_line };

const char* name_of(extreme e) {
    switch (e) {
        case extreme::radius_zero: return "radius_0";
        case extreme::far_line: return "line_6e17_to_1.1e18";
        case extreme::half_far_line: return "half_cube_half_far_line";
    }
    return "?";
}

/// The agents of a case: the cube, with all of it (or half) strung along x from 6e17 to
/// 1.1e18 (at y = z = 0), or as it is (radius 0).
std::vector<steer::vehicle<V>> agents_for(std::size_t n, extreme e) {
    auto all = boids_in_cube(n);
    const std::size_t strung = e == extreme::far_line ? n : e == extreme::half_far_line ? n / 2 : 0;
    for (std::size_t i = 0; i < strung; ++i)
        all[i].set_position(V(static_cast<S>(6e17 + 5e17 * static_cast<double>(i) / static_cast<double>(strung)), 0, 0));
    return all;
}

/// CPU seconds of the process so far.
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

/// Steps `normal` and `odd` in turns with `run_normal` and `run_odd`, one of each per
/// iteration (restarting both every `reset_every` steps, untimed), and reports `ratio` and
/// `cpu_ratio`: the odd steps' wall and CPU time over the normal steps'. Both in one loop,
/// so that whatever else the machine does weighs on both alike.
template <class Subject, class RunNormal, class RunOdd>
void time_ratio(benchmark::State& state, const Subject& normal, const Subject& odd, std::size_t n, RunNormal run_normal,
                RunOdd run_odd) {
    Subject a = normal, b = odd;
    run_normal(a);  // warm: buffers sized
    run_odd(b);
    double wall[2] = {0, 0}, cpu[2] = {0, 0};
    const auto timed = [&](int which, auto&& run) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = cpu_seconds();
        run();
        cpu[which] += cpu_seconds() - cpu_start;
        wall[which] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    int steps = 0;
    for (auto _ : state) {
        if (++steps == reset_every) {
            state.PauseTiming();
            a = normal;
            b = odd;
            run_normal(a);
            run_odd(b);
            steps = 0;
            state.ResumeTiming();
        }
        timed(0, [&] { run_normal(a); });
        timed(1, [&] { run_odd(b); });
        benchmark::DoNotOptimize(std::as_const(a).vehicles().data());
        benchmark::DoNotOptimize(std::as_const(b).vehicles().data());
        benchmark::ClobberMemory();
    }
    state.counters["ratio"] = wall[0] > 0 ? wall[1] / wall[0] : 0;
    state.counters["cpu_ratio"] = cpu[0] > 0 ? cpu[1] / cpu[0] : 0;
    set_counters(state, 2 * n);
}

/// range(0) = N, range(1) = extreme: the mixed crowd of `crowd_mixed`, a case against the
/// normal cube.
void crowd_ratio(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto e = static_cast<extreme>(state.range(1));
    const mixed_think mix = mix_for(n);
    const auto think = [&mix](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
        return mix(self, neighbors);
    };
    const S radius = e == extreme::radius_zero ? S(0) : reach;
    time_ratio(state, filled<steer::crowd<V>>(boids_in_cube(n)), filled<steer::crowd<V>>(agents_for(n, e)), n,
               [&](steer::crowd<V>& c) { c.step(dt, reach, think); },
               [&](steer::crowd<V>& c) { c.step(dt, radius, think); });
}

/// range(0) = N, range(1) = extreme: the flock of `flock`, a case against the normal cube.
void flock_ratio(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto e = static_cast<extreme>(state.range(1));
    const auto params = boids(true);
    auto odd_params = params;
    if (e == extreme::radius_zero)
        odd_params.separation.max_distance = odd_params.alignment.max_distance = odd_params.cohesion.max_distance = 0;
    const pull_to_middle pull{V(side_for(n) / 2)};
    time_ratio(state, filled<steer::flock<V>>(boids_in_cube(n)), filled<steer::flock<V>>(agents_for(n, e)), n,
               [&](steer::flock<V>& f) { f.step(dt, params, pull); },
               [&](steer::flock<V>& f) { f.step(dt, odd_params, pull); });
}

/// range(0) = N. The user's own loop: a lattice with bins of side `reach`.
void per_vehicle_mixed(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const mixed_think mix = mix_for(n);
    time_per_vehicle(state, boids_in_cube(n), mix);
}

const bool registered = [] {
    const std::int64_t largest = max_n("STEER_BENCH_CROWD_MAX");
    const std::int64_t per_vehicle_largest = std::min(largest, max_n("STEER_BENCH_PER_VEHICLE_MAX"));
    // CPU time is the whole process's (every thread's), so that two threads' CPU time over
    // one thread's tells the work the second thread adds, which a loaded machine does not
    // change; their wall times tell the speedup only on a machine with two idle cores.
    const auto add = [](const char* name, void (*f)(benchmark::State&), std::vector<std::int64_t> args,
                        std::vector<std::string> names) {
        benchmark::RegisterBenchmark(name, f)->Args(args)->ArgNames(names)->UseRealTime()->MeasureProcessCPUTime()->Unit(
            benchmark::kMillisecond);
    };
    for (std::int64_t n = 1000; n <= largest; n *= 10) {
        for (std::int64_t threads : {1, 2}) {
            add("crowd_mixed", crowd_mixed, {n, threads, 0}, {"n", "threads", "placement"});
            add("flock", flock, {n, threads, 0}, {"n", "threads", "placement"});
        }
        for (std::int64_t threads : {1, 2}) {
            add("crowd_flocking", crowd_flocking, {n, threads}, {"n", "threads"});
            add("crowd_zero_think", crowd_zero_think, {n, threads}, {"n", "threads"});
        }
        if (n >= 10000 && n <= 100000) {
            for (std::int64_t kind = 0; kind <= 2; ++kind)
                add("crowd_constrained", crowd_constrained, {n, kind}, {"n", "constraint"});
            for (std::int64_t look : {1, 2})
                for (std::int64_t lanes : {0, 1})
                    add("crowd_separation", crowd_separation, {n, lanes, look}, {"n", "lanes", "look"});
            for (std::int64_t kinds : {0, 1}) add("crowd_kinds", crowd_kinds, {n, kinds}, {"n", "kinds"});
        }
        if (n <= per_vehicle_largest) add("per_vehicle_mixed", per_vehicle_mixed, {n}, {"n"});
    }
    // The degenerate placements at 10^4 and 10^5 (one thread), each beside the normal one above.
    for (std::int64_t n = 10000; n <= std::min<std::int64_t>(largest, 100000); n *= 10)
        for (int p = 1; p <= static_cast<int>(placement::line); ++p) {
            const std::string label = std::string("/") + name_of(static_cast<placement>(p));
            benchmark::RegisterBenchmark(("crowd_mixed" + label).c_str(), crowd_mixed)
                ->Args({n, 1, p})->ArgNames({"n", "threads", "placement"})->UseRealTime()->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark(("flock" + label).c_str(), flock)
                ->Args({n, 1, p})->ArgNames({"n", "threads", "placement"})->UseRealTime()->Unit(benchmark::kMillisecond);
        }
    // The extreme cases against the normal cube, in turns, at 10^4 (one thread); up to
    // STEER_BENCH_RATIO_MAX when it is set (e.g. 1000000: 10^5 and 10^6 as well).
    const char* ratio_max = std::getenv("STEER_BENCH_RATIO_MAX");
    const std::int64_t ratio_largest = ratio_max ? std::atoll(ratio_max) : 10000;
    for (std::int64_t n = 10000; n <= ratio_largest; n *= 10)
        for (int e = 0; e <= static_cast<int>(extreme::half_far_line); ++e) {
            const std::string label = std::string("/") + name_of(static_cast<extreme>(e));
            benchmark::RegisterBenchmark(("crowd_ratio" + label).c_str(), crowd_ratio)
                ->Args({n, e})->ArgNames({"n", "case"})->UseRealTime()->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark(("flock_ratio" + label).c_str(), flock_ratio)
                ->Args({n, e})->ArgNames({"n", "case"})->UseRealTime()->Unit(benchmark::kMillisecond);
        }
    return true;
}();

}  // namespace
