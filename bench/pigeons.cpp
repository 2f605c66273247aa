// The cost of one simulated frame of Pigeons in the Park (Reynolds 2000, "Realtime
// Performance"), two ways, in one program so that their ratios come from one run:
//   - crowd: the example (examples/pigeons/park.hpp), its birds the agents of a steer::crowd;
//   - hand_tuned: the example as it was before the crowd (bench/pigeons_hand_tuned/park.hpp):
//     a bin lattice of its own sizing, the birds re-sorted by Morton order every second,
//     prefetched queries and moves, 64-bird batches, a SIMD sine for the ground, a
//     branch-and-bound clap search. What the crowd must match without the example's help.
// The two models tell the same story but are not the same simulation (the crowd's birds
// avoid at 30 Hz over their whole neighbor list, the hand-tuned ones with a second, small
// query; the meadow's waves differ), so compare their costs, not their states.
// Targets: 280 birds under 2% of a 16.7 ms frame (0.33 ms); 10,000 birds faster than real
// time (under 16.7 ms); 100,000 birds in real time on two threads (threads:2, wall-clock
// time). Each park runs its default story (car, clap) from half a second in, so a short
// run measures the herd feeding; longer runs reach the car and the take-off waves.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <optional>

#include <steer/thread_pool.hpp>

#include "../examples/pigeons/park.hpp"
#include "pigeons_hand_tuned/park.hpp"

namespace {

template <class Park>
void frames(benchmark::State& state, Park& park) {
    // threads:2 steps on the bundled thread pool (the same run, bit for bit).
    std::optional<steer::thread_pool_executor> pool;
    if (state.range(1) > 1) pool.emplace(static_cast<unsigned>(state.range(1)));
    const auto step = [&] {
        if (pool) park.step(*pool);
        else park.step();
    };
    for (int f = 0; f < 30; ++f) step();  // past the first thoughts
    for (auto _ : state) {
        step();
        benchmark::ClobberMemory();
    }
    // Percent of a 60 Hz frame: elapsed / (iterations / 6000) = 100 * seconds per frame / (1/60 s).
    state.counters["pct_of_frame"] = benchmark::Counter(static_cast<double>(state.iterations()) / 6000.0,
                                                        benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["birds"] = static_cast<double>(state.range(0));
}

void crowd(benchmark::State& state) {
    pigeons::park park(pigeons::park_config::for_birds(static_cast<std::size_t>(state.range(0))));
    frames(state, park);
}

/// The example without the walkers' contacts (`park_config::keep_bodies_apart` off): what
/// keeping the walking birds' bodies apart costs, measured in the same run.
void crowd_no_contacts(benchmark::State& state) {
    auto config = pigeons::park_config::for_birds(static_cast<std::size_t>(state.range(0)));
    config.keep_bodies_apart = false;
    pigeons::park park(config);
    frames(state, park);
}

void hand_tuned(benchmark::State& state) {
    using namespace pigeons_hand_tuned;
    park<lattice_database> park(park_config::for_birds(static_cast<std::size_t>(state.range(0))));
    frames(state, park);
}

}  // namespace

// One thread: CPU time. Two threads: wall-clock time, since CPU time adds the threads up.
BENCHMARK(crowd)->ArgNames({"birds", "threads"})->Args({280, 1})->Args({10000, 1})->Args({100000, 1})->Unit(benchmark::kMicrosecond);
BENCHMARK(hand_tuned)->ArgNames({"birds", "threads"})->Args({280, 1})->Args({10000, 1})->Args({100000, 1})->Unit(benchmark::kMicrosecond);
BENCHMARK(crowd)->ArgNames({"birds", "threads"})->Args({280, 2})->Args({10000, 2})->Args({100000, 2})->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(crowd_no_contacts)->ArgNames({"birds", "threads"})->Args({280, 1})->Args({10000, 1})->Args({100000, 1})->Unit(benchmark::kMicrosecond);
BENCHMARK(crowd_no_contacts)->ArgNames({"birds", "threads"})->Args({280, 2})->Args({10000, 2})->Args({100000, 2})->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(hand_tuned)->ArgNames({"birds", "threads"})->Args({280, 2})->Args({10000, 2})->Args({100000, 2})->UseRealTime()->Unit(benchmark::kMicrosecond);
