// Proximity databases on a 3D flock (Reynolds 2000, "Locality Queries"): the bin lattice
// against brute force, (a) neighbor queries alone and (b) a whole flock step, at a density
// of about 10 neighbors within the query radius, for N from the paper's 280 birds to
// 100,000. Counters: "per_boid" is the CPU time per boid per step, "neighbors" the average
// neighbors a query finds, "bins" the average bins a lattice query visits. google-benchmark
// fits the complexity itself (oAuto) rather than being told what to expect.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <type_traits>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/flocking.hpp>
#include <steer/math.hpp>
#include <steer/proximity/bin_lattice.hpp>
#include <steer/proximity/brute_force.hpp>
#include <steer/proximity/proximity_database.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>


namespace {

using V = glm::vec3;
using boid = steer::vehicle3;
using lattice_db = steer::bin_lattice<V, const boid*>;
using brute_db = steer::brute_force<V, const boid*>;

constexpr float query_radius = 1.0f;
constexpr float neighbors_per_query = 10.0f;
constexpr float dt = 1.0f / 60.0f;

// The side of the cube that holds n boids at about 10 neighbors within the query radius.
float side_for(std::int64_t n) {
    const float ball = 4.0f / 3.0f * std::numbers::pi_v<float> * query_radius * query_radius * query_radius;
    return std::cbrt(static_cast<float>(n) * ball / neighbors_per_query);
}

// A flock of n boids spread uniformly through the cube [0, side)^3, flying in random directions.
std::vector<boid> make_flock(std::int64_t n, std::uint64_t seed) {
    steer::rng gen(seed);
    const float side = side_for(n);
    std::vector<boid> flock;
    flock.reserve(static_cast<std::size_t>(n));
    for (std::int64_t k = 0; k < n; ++k) {
        const V p(steer::uniform(gen, 0.0f, side), steer::uniform(gen, 0.0f, side), steer::uniform(gen, 0.0f, side));
        flock.emplace_back(steer::vehicle_params<V>{.position = p,
                                                    .velocity = steer::random_unit_vector<V>(gen) * 1.5f,
                                                    .max_force = 4.0f,
                                                    .max_speed = 2.0f});
    }
    return flock;
}

// Bins about one query radius wide: a query visits 3 x 3 x 3 of them.
lattice_db make_database(lattice_db*, std::int64_t n) {
    const float side = side_for(n);
    const int divisions = std::max(1, static_cast<int>(side / query_radius));
    return lattice_db({V(0.0f), V(side)}, steer::cell_t<V>(divisions));
}
brute_db make_database(brute_db*, std::int64_t) { return brute_db(); }

template <class Database>
struct world {
    std::vector<boid> flock;
    Database database;
    std::vector<typename Database::handle> handles;

    explicit world(std::int64_t n)
        : flock(make_flock(n, 20000 + static_cast<std::uint64_t>(n))),
          database(make_database(static_cast<Database*>(nullptr), n)) {
        handles.reserve(flock.size());
        for (const boid& b : flock) handles.push_back(database.insert(&b, b.position()));
    }
};

// ---- the steering of (b): the paper's boids, one neighborhood radius for all three
const steer::flocking_params<V> flocking_params{
    .separation = {.max_distance = query_radius, .max_angle = std::numbers::pi_v<float>},
    .alignment = {.max_distance = query_radius, .max_angle = 0.75f * std::numbers::pi_v<float>},
    .cohesion = {.max_distance = query_radius, .max_angle = 0.75f * std::numbers::pi_v<float>},
    .separation_weight = 0.5f,   // fractions of max_force (4)
    .alignment_weight = 0.25f,
    .cohesion_weight = 0.25f};

// The average number of bins a query around each boid visits: the geometry the lattice's
// cost follows. Near the faces of a small flock's cube, queries visit fewer bins.
double bins_per_query(const lattice_db& db, const std::vector<boid>& flock) {
    double total = 0;
    for (const boid& b : flock) {
        double bins = 1;
        for (int i = 0; i < 3; ++i) {
            const float lo = db.region().min[i], width = (db.region().max[i] - lo) / static_cast<float>(db.divisions()[i]);
            const auto index = [&](float x) { return std::clamp(static_cast<int>(std::floor((x - lo) / width)), 0, db.divisions()[i] - 1); };
            bins *= index(b.position()[i] + query_radius) - index(b.position()[i] - query_radius) + 1;
        }
        total += bins;
    }
    return total / static_cast<double>(flock.size());
}

void report(benchmark::State& state, std::int64_t n, std::uint64_t neighbors_seen) {
    state.SetComplexityN(n);
    state.counters["per_boid"] = benchmark::Counter(static_cast<double>(n),
                                                    benchmark::Counter::kIsIterationInvariantRate |
                                                        benchmark::Counter::kInvert);
    state.counters["neighbors"] = static_cast<double>(neighbors_seen) /
                                  (static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1)) *
                                   static_cast<double>(n));
}

// Which order a step runs its queries in: the caller's own array (random in space), or the
// database's storage order (`for_each`: bin by bin for the lattice), which keeps each
// query's bins in cache from the previous query.
enum class order { array, storage };

// Calls f(boid, position) for every boid in the given order.
template <class Database, class F>
void for_each_boid(const world<Database>& w, order o, F&& f) {
    if (o == order::array) {
        for (const boid& b : w.flock) f(b, b.position());
    } else {
        w.database.for_each([&](const boid* b, const V& position) { f(*b, position); });
    }
}

// The neighbor queries of (a) and (a'): each gathers the neighbors around a center moved by
// the next of 4093 offsets of up to a tenth of the query radius (a prime count, so that the
// pairing of offsets with boids does not repeat soon), into one reused vector.
class jittered_queries {
public:
    jittered_queries() {
        steer::rng gen(99);
        for (std::size_t k = 0; k < 4093; ++k)
            jitter_.push_back(steer::random_vector_in_unit_ball<V>(gen) * (0.1f * query_radius));
        neighbors_.reserve(64);
    }
    template <class Database>
    void operator()(const Database& database, const V& center) {
        steer::gather_within(database, center + jitter_[next_], query_radius, neighbors_);
        next_ = next_ + 1 == jitter_.size() ? 0 : next_ + 1;
        seen_ += neighbors_.size();
    }
    /// How many neighbors the queries have found in all.
    [[nodiscard]] std::uint64_t seen() const { return seen_; }

private:
    std::vector<V> jitter_;
    std::vector<const boid*> neighbors_;
    std::size_t next_ = 0;
    std::uint64_t seen_ = 0;
};

// (a) One neighbor query per boid, gathered into a reused vector as a flock step does.
// Each query is centered a little off its boid (up to a tenth of the radius), by an offset
// that changes from step to step: asked the very same sequence every step, a small flock's
// queries are learned by the branch predictor, which flatters small N (at N = 1,000 the
// lattice looked nearly twice as fast as it is with fresh positions).
template <class Database, order Order>
void query_alone(benchmark::State& state) {
    const std::int64_t n = state.range(0);
    const world<Database> w(n);
    jittered_queries query;
    for (auto _ : state) {
        for_each_boid(w, Order, [&](const boid&, const V& position) { query(w.database, position); });
        benchmark::DoNotOptimize(query.seen());
    }
    report(state, n, query.seen());
    if constexpr (std::is_same_v<Database, lattice_db>) state.counters["bins"] = bins_per_query(w.database, w.flock);
}

// (a') The same queries, made only around the boids whose query sphere (jitter included)
// lies wholly inside the cube. Each of those does the same expected work at every N (about
// 10 neighbors in 3 x 3 x 3 bins), so the growth of this cost with N is the database's own;
// in (a), a small cube cuts many queries with its faces, and they do less. "per_query" is
// the CPU time per interior query, "queries" the share of boids that are interior.
template <order Order>
void query_interior(benchmark::State& state) {
    const std::int64_t n = state.range(0);
    const world<lattice_db> w(n);
    const float margin = 1.1f * query_radius, side = side_for(n);
    std::vector<V> centers;
    for_each_boid(w, Order, [&](const boid&, const V& p) {
        if (glm::all(glm::greaterThanEqual(p, V(margin))) && glm::all(glm::lessThanEqual(p, V(side - margin))))
            centers.push_back(p);
    });
    jittered_queries query;
    for (auto _ : state) {
        for (const V& center : centers) query(w.database, center);
        benchmark::DoNotOptimize(query.seen());
    }
    const auto queries = static_cast<double>(centers.size());
    state.SetComplexityN(n);
    state.counters["per_query"] = benchmark::Counter(queries, benchmark::Counter::kIsIterationInvariantRate |
                                                                  benchmark::Counter::kInvert);
    state.counters["queries"] = queries / static_cast<double>(n);
    state.counters["neighbors"] = static_cast<double>(query.seen()) /
        (static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1)) * std::max(queries, 1.0));
}

// Brings a position that left the cube back in from the opposite face.
V wrap(V p, float side) {
    for (int i = 0; i < 3; ++i) {
        if (p[i] < 0.0f) p[i] += side;
        if (p[i] >= side) p[i] -= side;
    }
    return p;
}

// (b) A whole flock step: every boid queries its neighbors and computes its flocking force,
// then every boid applies its force and its entry moves in the database.
template <class Database>
void run_flock_steps(benchmark::State& state, world<Database>& w, order o) {
    const std::int64_t n = state.range(0);
    const float side = side_for(n);
    std::vector<const boid*> neighbors;
    neighbors.reserve(64);
    std::vector<V> steering(w.flock.size());
    std::uint64_t seen = 0;
    for (auto _ : state) {
        for_each_boid(w, o, [&](const boid& b, const V& position) {
            steer::gather_within(w.database, position, query_radius, neighbors);
            seen += neighbors.size();
            steering[static_cast<std::size_t>(&b - w.flock.data())] = steer::flocking(b, neighbors, flocking_params);
        });
        for (std::size_t i = 0; i < w.flock.size(); ++i) {
            boid& b = w.flock[i];
            b.apply_force(steering[i], dt);
            const V p = b.position();
            const V inside = wrap(p, side);
            if (inside != p) b.set_position(inside);
            w.database.move(w.handles[i], inside);
        }
        benchmark::DoNotOptimize(w.flock.data());
    }
    report(state, n, seen);
}

template <class Database, order Order>
void flock_step(benchmark::State& state) {
    world<Database> w(state.range(0));
    run_flock_steps(state, w, Order);
}

// (b') The full step in bin order, with the flock's own vehicles also stored in bin order
// (copied once, before the steps, into the order the lattice's for_each visits them, as
// steer::flock keeps its agents). The same workload as (b) otherwise: it shows how much of
// (b)'s growth with N comes from `flocking` reading neighbors scattered through a flock
// array far larger than the caches, which no proximity database can change. Over the
// measured steps the boids drift and the order slowly decays.
void flock_step_sorted_flock(benchmark::State& state) {
    world<lattice_db> w(state.range(0));
    std::vector<boid> sorted;
    sorted.reserve(w.flock.size());
    w.database.for_each([&](const boid* b, const V&) { sorted.push_back(*b); });
    w.database.clear();
    w.handles.clear();
    w.flock = std::move(sorted);
    for (const boid& b : w.flock) w.handles.push_back(w.database.insert(&b, b.position()));
    run_flock_steps(state, w, order::storage);
}

// (c) A crowded bin: `m` entries piled into one bin of a 32 x 32 x 32 lattice, and a query
// that reaches that bin. range(1) = 1: the sphere holds every entry (each is reported);
// 0: it only grazes the bin and holds none (each is tested and rejected). A query costs a
// distance test per entry of the bins it visits, so both grow linearly in m: the lattice
// is O(k) per query only while bins hold a few entries each (docs/proximity.md).
void query_crowded_bin(benchmark::State& state) {
    const auto m = static_cast<std::size_t>(state.range(0));
    const bool holds = state.range(1) != 0;
    lattice_db lattice({.min = V(0), .max = V(32)}, glm::ivec3(32));
    steer::rng gen(7);
    std::vector<boid> pile;
    pile.reserve(m);
    for (std::size_t k = 0; k < m; ++k)
        pile.emplace_back(steer::vehicle_params<V>{
            .position = V(16.5f) + V(steer::uniform(gen, -0.4f, 0.4f), steer::uniform(gen, -0.4f, 0.4f),
                                     steer::uniform(gen, -0.4f, 0.4f))});
    for (const boid& b : pile) lattice.insert(&b, b.position());
    // Holding: centred on the pile, radius 1. Grazing: from the next bin over, radius 0.55,
    // which reaches into the pile's bin but not to any entry (they are at least 0.6 away).
    const V center = holds ? V(16.5f) : V(17.5f, 16.5f, 16.5f);
    const float radius = holds ? 1.0f : 0.55f;
    std::uint64_t seen = 0;
    for (auto _ : state) {
        lattice.for_each_within(center, radius, [&](const boid*, float) { ++seen; });
        benchmark::DoNotOptimize(seen);
    }
    state.counters["per_entry"] = benchmark::Counter(static_cast<double>(m), benchmark::Counter::kIsIterationInvariantRate |
                                                                             benchmark::Counter::kInvert);
    state.counters["found"] = static_cast<double>(seen) / static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
}

}  // namespace

// The brute-force scan reads every entry whatever the order, so it runs in array order only.
BENCHMARK(query_alone<lattice_db, order::array>)
    ->Name("query/lattice")
    ->Arg(280)->Arg(1000)->Arg(10000)->Arg(100000)
    ->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oAuto);
BENCHMARK(query_alone<lattice_db, order::storage>)
    ->Name("query/lattice_bin_order")
    ->Arg(280)->Arg(1000)->Arg(10000)->Arg(100000)
    ->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oAuto);
BENCHMARK(query_interior<order::array>)
    ->Name("query/lattice_interior")
    ->Arg(1000)->Arg(10000)->Arg(100000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(query_interior<order::storage>)
    ->Name("query/lattice_interior_bin_order")
    ->Arg(1000)->Arg(10000)->Arg(100000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(query_alone<brute_db, order::array>)
    ->Name("query/brute_force")
    ->Arg(280)->Arg(1000)->Arg(10000)
    ->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oAuto);
BENCHMARK(flock_step<lattice_db, order::array>)
    ->Name("flock_step/lattice")
    ->Arg(280)->Arg(1000)->Arg(10000)->Arg(100000)
    ->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oAuto);
BENCHMARK(flock_step<lattice_db, order::storage>)
    ->Name("flock_step/lattice_bin_order")
    ->Arg(280)->Arg(1000)->Arg(10000)->Arg(100000)
    ->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oAuto);
BENCHMARK(flock_step_sorted_flock)
    ->Name("flock_step/lattice_bin_order_sorted_flock")
    ->Arg(280)->Arg(1000)->Arg(10000)->Arg(100000)
    ->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oAuto);
BENCHMARK(flock_step<brute_db, order::array>)
    ->Name("flock_step/brute_force")
    ->Arg(280)->Arg(1000)->Arg(10000)
    ->Unit(benchmark::kMicrosecond)->Complexity(benchmark::oAuto);
BENCHMARK(query_crowded_bin)
    ->Name("query/crowded_bin")
    ->ArgsProduct({{4, 64, 1024, 16384}, {1, 0}})
    ->ArgNames({"entries", "holds"})
    ->Unit(benchmark::kMicrosecond);
