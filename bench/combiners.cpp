// The cost of blending: each combiner with 3 and 8 terms, next to the same logic written
// by hand, and the run-time behavior_list configured the same way. Terms are seek and a
// "flee when within range" threat test toward different targets: cheap, but each needs a
// square root, so nothing folds away. The vehicle changes every call (64 of them).
//
// Three baselines per combiner:
//   *_hand       straight-line code, one statement per term (expanded from K below so that
//                3 and 8 terms share a source): what one writes for N *different* behaviors;
//                this is the comparison the combiners must match.
//   *_hand_loop  a loop over the targets: only possible because these terms all share one
//                body; shown as a lower bound, since real blends mix different behaviors.
//   *_list       the run-time behavior_list, one indirect call per term.
#include <array>
#include <cstddef>
#include <utility>

#include <benchmark/benchmark.h>

#include <steer/behavior_list.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/combiners.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace {

using V = glm::vec3;
using S = float;
using vehicle = steer::vehicle<V>;
using list = steer::behavior_list<V(const vehicle&), 8>;

constexpr std::size_t vehicle_count = 64;

struct setup {
    std::array<vehicle, vehicle_count> vehicles;
    std::array<V, 8> targets;
    std::array<S, 8> weights;
    std::array<S, 8> probabilities;
    S threat_radius_squared;
    S max_force;
};

/// Vehicles in a 10-unit ball, targets around them, threats that fire ~15% of the time.
setup make_setup(std::size_t n) {
    steer::rng gen(12345);
    setup s{};
    for (auto& v : s.vehicles)
        v = vehicle({.position = steer::random_vector_in_unit_ball<V>(gen) * S(10),
                     .velocity = steer::random_unit_vector<V>(gen),
                     .max_force = 3,
                     .max_speed = 2});
    for (std::size_t i = 0; i < 8; ++i) {
        s.targets[i] = steer::random_vector_in_unit_ball<V>(gen) * S(10);
        s.weights[i] = steer::uniform(gen, S(0.5), S(2));
        s.probabilities[i] = S(0.3);
    }
    s.threat_radius_squared = S(4.5 * 4.5);
    s.max_force = S(2) * static_cast<S>(n);  // typically exhausted around the last terms
    benchmark::DoNotOptimize(s);
    return s;
}

/// Flee `t` when closer than the threat radius, else nothing to say (zero).
inline V threat(const vehicle& v, const V& t, S radius_squared) noexcept {
    return steer::distance_squared(v.position(), t) < radius_squared ? steer::flee(v, t) : V(0);
}

// Each variant is one non-inlined function computing the blended force for one vehicle, as
// a character's steering function would be in a game; `run` times it over 64 vehicles.
#if defined(_MSC_VER)
#define BENCH_NOINLINE __declspec(noinline)
#else
#define BENCH_NOINLINE [[gnu::noinline]]
#endif

// ---- weighted sum: N weighted seeks

template <std::size_t N>
BENCH_NOINLINE V weighted_sum_hand(const setup& s, const vehicle& v, steer::rng&) {
    // seek(v, t0) * w0 + seek(v, t1) * w1 + ...
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return (... + (steer::seek(v, s.targets[K]) * s.weights[K]));
    }(std::make_index_sequence<N>{});
}

template <std::size_t N>
BENCH_NOINLINE V weighted_sum_hand_loop(const setup& s, const vehicle& v, steer::rng&) {
    V sum(0);
    for (std::size_t k = 0; k < N; ++k) sum += steer::seek(v, s.targets[k]) * s.weights[k];
    return sum;
}

template <std::size_t N>
BENCH_NOINLINE V weighted_sum_combiner(const setup& s, const vehicle& v, steer::rng&) {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return steer::weighted_sum(steer::weighted(s.weights[K], [&] { return steer::seek(v, s.targets[K]); })...);
    }(std::make_index_sequence<N>{});
}

// The same sum with the weights written as constants, as they often are in code: the
// zero-weight test folds away. With weights read from memory (above) the combiner tests
// each for zero, since a zero weight skips its term (about half a nanosecond per term).

template <std::size_t N>
BENCH_NOINLINE V weighted_sum_constant_w_hand(const setup& s, const vehicle& v, steer::rng&) {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return (... + (steer::seek(v, s.targets[K]) * S(1.5)));
    }(std::make_index_sequence<N>{});
}

template <std::size_t N>
BENCH_NOINLINE V weighted_sum_constant_w_combiner(const setup& s, const vehicle& v, steer::rng&) {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return steer::weighted_sum(steer::weighted(S(1.5), [&] { return steer::seek(v, s.targets[K]); })...);
    }(std::make_index_sequence<N>{});
}

// ---- priority: N-1 threats that are usually silent, then seek

template <std::size_t N>
BENCH_NOINLINE V priority_hand(const setup& s, const vehicle& v, steer::rng&) {
    // if (|f = threat0| > 0) return f; if (|f = threat1| > 0) return f; ... seek last
    V chosen(0), f;
    [&]<std::size_t... K>(std::index_sequence<K...>) {
        (void)(((steer::length_squared(f = threat(v, s.targets[K], s.threat_radius_squared)) > S(0)) &&
                (chosen = f, true)) ||
               ... ||
               ((steer::length_squared(f = steer::seek(v, s.targets[N - 1])) > S(0)) && (chosen = f, true)));
    }(std::make_index_sequence<N - 1>{});
    return chosen;
}

template <std::size_t N>
BENCH_NOINLINE V priority_hand_loop(const setup& s, const vehicle& v, steer::rng&) {
    for (std::size_t k = 0; k < N; ++k) {
        const V f = k + 1 < N ? threat(v, s.targets[k], s.threat_radius_squared) : steer::seek(v, s.targets[k]);
        if (steer::length_squared(f) > S(0)) return f;
    }
    return V(0);
}

template <std::size_t N>
BENCH_NOINLINE V priority_combiner(const setup& s, const vehicle& v, steer::rng&) {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return steer::priority(0, [&] { return threat(v, s.targets[K], s.threat_radius_squared); }...,
                               [&] { return steer::seek(v, s.targets[N - 1]); });
    }(std::make_index_sequence<N - 1>{});
}

// ---- prioritized dither: N seeks, each considered with probability 0.3, the last always

template <std::size_t N>
BENCH_NOINLINE V dither_hand(const setup& s, const vehicle& v, steer::rng& gen) {
    // if (draw < p0 && |f = seek0| > 0) return f; if (draw < p1 && ...) ...; seek last
    V chosen(0), f;
    [&]<std::size_t... K>(std::index_sequence<K...>) {
        (void)((steer::uniform01<S>(gen) < s.probabilities[K] &&
                steer::length_squared(f = steer::seek(v, s.targets[K])) > S(0) && (chosen = f, true)) ||
               ... || ((steer::length_squared(f = steer::seek(v, s.targets[N - 1])) > S(0)) && (chosen = f, true)));
    }(std::make_index_sequence<N - 1>{});
    return chosen;
}

template <std::size_t N>
BENCH_NOINLINE V dither_hand_loop(const setup& s, const vehicle& v, steer::rng& gen) {
    for (std::size_t k = 0; k < N; ++k) {
        if (k + 1 < N && !(steer::uniform01<S>(gen) < s.probabilities[k])) continue;
        const V f = steer::seek(v, s.targets[k]);
        if (steer::length_squared(f) > S(0)) return f;
    }
    return V(0);
}

template <std::size_t N>
BENCH_NOINLINE V dither_combiner(const setup& s, const vehicle& v, steer::rng& gen) {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return steer::prioritized_dither(gen,
                                         steer::chance(s.probabilities[K], [&] { return steer::seek(v, s.targets[K]); })...,
                                         [&] { return steer::seek(v, s.targets[N - 1]); });
    }(std::make_index_sequence<N - 1>{});
}

// The same dither with the probability written as a constant, as it usually is in code: the
// combiner then costs exactly what the hand-written chain costs. With probabilities read
// from memory (above) it loads all of them up front, since they are arguments.

template <std::size_t N>
BENCH_NOINLINE V dither_constant_p_hand(const setup& s, const vehicle& v, steer::rng& gen) {
    V chosen(0), f;
    [&]<std::size_t... K>(std::index_sequence<K...>) {
        (void)((steer::uniform01<S>(gen) < S(0.3) && steer::length_squared(f = steer::seek(v, s.targets[K])) > S(0) &&
                (chosen = f, true)) ||
               ... || ((steer::length_squared(f = steer::seek(v, s.targets[N - 1])) > S(0)) && (chosen = f, true)));
    }(std::make_index_sequence<N - 1>{});
    return chosen;
}

template <std::size_t N>
BENCH_NOINLINE V dither_constant_p_combiner(const setup& s, const vehicle& v, steer::rng& gen) {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return steer::prioritized_dither(gen, steer::chance(S(0.3), [&] { return steer::seek(v, s.targets[K]); })...,
                                         [&] { return steer::seek(v, s.targets[N - 1]); });
    }(std::make_index_sequence<N - 1>{});
}

// ---- truncated sum: N weighted seeks spending a budget of 2 per term

template <std::size_t N>
BENCH_NOINLINE V truncated_sum_hand(const setup& s, const vehicle& v, steer::rng&) {
    V total(0);
    S remaining = s.max_force;
    const auto spend = [&](const V& f) {  // true once the budget is spent
        const S m = glm::length(f);
        if (m <= remaining) {
            total += f;
            remaining -= m;
            return !(remaining > S(0));
        }
        total += f * (remaining / m);
        remaining = 0;
        return true;
    };
    // spend(seek0 * w0) || spend(seek1 * w1) || ...
    if (remaining > S(0))
        [&]<std::size_t... K>(std::index_sequence<K...>) {
            (void)(spend(steer::seek(v, s.targets[K]) * s.weights[K]) || ...);
        }(std::make_index_sequence<N>{});
    return total;
}

template <std::size_t N>
BENCH_NOINLINE V truncated_sum_hand_loop(const setup& s, const vehicle& v, steer::rng&) {
    V total(0);
    S remaining = s.max_force;
    for (std::size_t k = 0; k < N && remaining > S(0); ++k) {
        const V f = steer::seek(v, s.targets[k]) * s.weights[k];
        const S m = glm::length(f);
        if (m <= remaining) {
            total += f;
            remaining -= m;
        } else {
            total += f * (remaining / m);
            remaining = 0;
        }
    }
    return total;
}

template <std::size_t N>
BENCH_NOINLINE V truncated_sum_combiner(const setup& s, const vehicle& v, steer::rng&) {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
        return steer::truncated_sum(s.max_force,
                                    steer::weighted(s.weights[K], [&] { return steer::seek(v, s.targets[K]); })...);
    }(std::make_index_sequence<N>{});
}

// ---- the run-time list, configured like each of the above

list make_list(const setup& s, std::size_t n, steer::blend_mode mode) {
    list l({.mode = mode, .max_force = s.max_force});
    for (std::size_t k = 0; k < n; ++k) {
        const V t = s.targets[k];
        const S r2 = s.threat_radius_squared;
        const bool last = k + 1 == n;
        steer::term_settings<S> settings{.weight = s.weights[k], .probability = s.probabilities[k]};
        if (mode == steer::blend_mode::priority || mode == steer::blend_mode::prioritized_dither) {
            settings.weight = 1;
            if (last) settings.probability = 1;
        }
        if (mode == steer::blend_mode::priority && !last) {
            l.add("", [t, r2](const vehicle& v) { return threat(v, t, r2); }, settings);
        } else {
            l.add("", [t](const vehicle& v) { return steer::seek(v, t); }, settings);
        }
    }
    return l;
}

BENCH_NOINLINE V evaluate_list(const list& l, const vehicle& v, steer::rng& gen) { return l(gen, v); }

/// Times `blend` over the 64 vehicles.
template <std::size_t N, V (*blend)(const setup&, const vehicle&, steer::rng&)>
void run(benchmark::State& state) {
    const setup s = make_setup(N);
    steer::rng gen(7);
    std::size_t i = 0;
    for (auto _ : state) {
        const V r = blend(s, s.vehicles[i++ % vehicle_count], gen);
        benchmark::DoNotOptimize(r);
    }
}

template <std::size_t N, steer::blend_mode Mode>
void run_list(benchmark::State& state) {
    const setup s = make_setup(N);
    const list l = make_list(s, N, Mode);
    steer::rng gen(7);
    std::size_t i = 0;
    for (auto _ : state) {
        const V r = evaluate_list(l, s.vehicles[i++ % vehicle_count], gen);
        benchmark::DoNotOptimize(r);
    }
}

}  // namespace

#define STEER_BENCH_COMBINER(name, mode, n)                                                     \
    BENCHMARK(run<n, name##_hand<n>>)->Name(#name "/hand/" #n);                               \
    BENCHMARK(run<n, name##_combiner<n>>)->Name(#name "/combiner/" #n);                       \
    BENCHMARK(run_list<n, steer::blend_mode::mode>)->Name(#name "/list/" #n);                 \
    BENCHMARK(run<n, name##_hand_loop<n>>)->Name(#name "/hand_loop/" #n)

STEER_BENCH_COMBINER(weighted_sum, weighted_sum, 3);
STEER_BENCH_COMBINER(weighted_sum, weighted_sum, 8);
STEER_BENCH_COMBINER(priority, priority, 3);
STEER_BENCH_COMBINER(priority, priority, 8);
STEER_BENCH_COMBINER(dither, prioritized_dither, 3);
STEER_BENCH_COMBINER(dither, prioritized_dither, 8);
STEER_BENCH_COMBINER(truncated_sum, truncated_sum, 3);
STEER_BENCH_COMBINER(truncated_sum, truncated_sum, 8);
BENCHMARK(run<3, weighted_sum_constant_w_hand<3>>)->Name("weighted_sum_constant_w/hand/3");
BENCHMARK(run<3, weighted_sum_constant_w_combiner<3>>)->Name("weighted_sum_constant_w/combiner/3");
BENCHMARK(run<8, weighted_sum_constant_w_hand<8>>)->Name("weighted_sum_constant_w/hand/8");
BENCHMARK(run<8, weighted_sum_constant_w_combiner<8>>)->Name("weighted_sum_constant_w/combiner/8");
BENCHMARK(run<3, dither_constant_p_hand<3>>)->Name("dither_constant_p/hand/3");
BENCHMARK(run<3, dither_constant_p_combiner<3>>)->Name("dither_constant_p/combiner/3");
BENCHMARK(run<8, dither_constant_p_hand<8>>)->Name("dither_constant_p/hand/8");
BENCHMARK(run<8, dither_constant_p_combiner<8>>)->Name("dither_constant_p/combiner/8");
