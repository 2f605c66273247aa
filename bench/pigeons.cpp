// The cost of one simulated frame of Pigeons in the Park (examples/pigeons), neighbors
// found through the bin lattice or by brute force (Reynolds 2000, "Realtime Performance").
// Targets: 280 birds under 2% of a 16.7 ms frame (0.33 ms); 10,000 birds faster than real
// time (under 16.7 ms); 100,000 birds (issue 10's --birds 100000) in real time on two
// threads (threads:2, wall-clock time; one thread is about twice too slow). The park runs
// its default story (car, clap) from half a second in, so a short run measures the herd
// feeding; longer runs reach the car and the take-off waves.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <optional>

#include <steer/thread_pool.hpp>

#include "../examples/pigeons/park.hpp"

namespace {

template <class Database>
void pigeons_frame(benchmark::State& state) {
    auto config = pigeons::park_config::for_birds(static_cast<std::size_t>(state.range(0)));
    // lattice:0 is the example's own choice (bins about 1.2 m across, one layer: 45 x 1 x 45
    // for 280 birds, 269 x 1 x 269 for 10,000, 850 x 1 x 850 for 100,000); lattice:10
    // forces 10 x 10 x 10 at any size.
    if (state.range(1) > 0) {
        const int d = static_cast<int>(state.range(1));
        config.lattice_divisions = {d, d, d};
    }
    pigeons::park<Database> park(config);
    // threads:2 steps on the bundled thread pool (the same run, bit for bit).
    std::optional<steer::thread_pool_executor> pool;
    if (state.range(2) > 1) pool.emplace(static_cast<unsigned>(state.range(2)));
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

}  // namespace

BENCHMARK_TEMPLATE(pigeons_frame, pigeons::lattice_database)
    ->ArgNames({"birds", "lattice", "threads"})
    ->Args({280, 0, 1})
    ->Args({10000, 0, 1})
    ->Args({10000, 10, 1})
    ->Args({100000, 0, 1})
    ->Unit(benchmark::kMicrosecond);
// Two threads: wall-clock time, since CPU time adds the threads up.
BENCHMARK_TEMPLATE(pigeons_frame, pigeons::lattice_database)
    ->ArgNames({"birds", "lattice", "threads"})
    ->Args({100000, 0, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(pigeons_frame, pigeons::brute_force_database)
    ->ArgNames({"birds", "lattice", "threads"})
    ->Args({280, 0, 1})
    ->Args({10000, 0, 1})
    ->Unit(benchmark::kMicrosecond);
