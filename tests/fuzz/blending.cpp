// Blending fuzzer: the compile-time combiners (weighted_sum, normalized or not, priority,
// prioritized_dither, truncated_sum) and the run-time behavior_list, over terms that return
// vectors from the whole finite range (zeros, denormals, huge, repeated, reversed) with
// weights, probabilities, epsilons and budgets from the whole range too (denormal and huge
// weights, weights that cancel). Checks, against hand-written references:
// - what each combiner returns (the plain sum bit for bit; priority's and dither's pick; a
//   normalized sum with positive weights inside the terms' range, componentwise), and which
//   terms it calls (each at most once; a zero weight never; nothing after the winner or
//   after the budget is spent);
// - finite answers and truncated_sum's bound while the input stays within the promise;
// - a behavior_list configured the same way gives the same bits as the combiner.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <steer/behavior_list.hpp>
#include <steer/combiners.hpp>
#include <steer/random.hpp>

#include "fuzz_input.hpp"

namespace {

using steer::fuzz::input;

/// A term returning a fixed vector and counting its calls (trivially copyable, 32 bytes at
/// most: a behavior_list can hold it).
template <steer::vector V>
struct fixed_term {
    V value;
    int* calls;
    V operator()() const {
        ++*calls;
        return value;
    }
};

/// Equal on every axis (a NaN, possible beyond the promise, equal to a NaN).
template <steer::vector V>
bool same(const V& a, const V& b) {
    for (int i = 0; i < steer::dimension_v<V>; ++i)
        if (!(a[i] == b[i]) && !(std::isnan(a[i]) && std::isnan(b[i]))) return false;
    return true;
}

template <steer::vector V>
void trace_vector(const char* name, const V& v) {
    if (steer::dimension_v<V> == 2) steer::fuzz::trace("%s (%.17g, %.17g)", name, double(v[0]), double(v[1]));
    else steer::fuzz::trace("%s (%.17g, %.17g, %.17g)", name, double(v[0]), double(v[1]), double(v[steer::dimension_v<V> - 1]));
}

template <class S>
S random_weight(input& in) {
    switch (in.pick(5)) {
        case 0: return S(1);
        case 1: return S(0);
        case 2: return in.in_range<S>(S(-4), S(4));
        default: return in.scalar<S>();  // denormal, tiny, huge, repeated (cancelling)
    }
}

template <class S>
S random_probability(input& in) {
    switch (in.pick(4)) {
        case 0: return S(0);
        case 1: return S(1);
        default: return in.in_range<S>(S(0), S(1));
    }
}

template <steer::vector V>
void run(input& in) {
    using S = steer::scalar_t<V>;
    constexpr std::size_t n = 3;
    V value[n];
    S weight[n];
    S probability[n];
    int calls[n] = {};
    for (std::size_t i = 0; i < n; ++i) {
        value[i] = in.vec<V>();
        weight[i] = random_weight<S>(in);
        probability[i] = random_probability<S>(in);
    }
    const auto term = [&](std::size_t i) { return fixed_term<V>{value[i], &calls[i]}; };
    const auto reset = [&] {
        for (int& c : calls) c = 0;
    };
    const auto weighted_value = [&](std::size_t i) { return weight[i] == S(0) ? V(S(0)) : value[i] * weight[i]; };
    const S epsilon = in.flag() ? S(0) : in.non_negative<S>();
    const S budget = in.flag() ? in.in_range<S>(S(0), S(4)) : in.non_negative<S>();
    const std::uint64_t seed = in.byte();
    steer::fuzz::trace("weights %g %g %g, epsilon %g, budget %g", double(weight[0]), double(weight[1]),
                       double(weight[2]), double(epsilon), double(budget));

    // ---- weighted_sum: exactly the sum of weight * term in order; a zero weight not called.
    reset();
    const V sum = steer::weighted_sum(steer::weighted(weight[0], term(0)), steer::weighted(weight[1], term(1)),
                                      steer::weighted(weight[2], term(2)));
    STEER_FUZZ_CHECK(same(sum, (weighted_value(0) + weighted_value(1)) + weighted_value(2)));
    for (std::size_t i = 0; i < n; ++i) STEER_FUZZ_CHECK(calls[i] == (weight[i] == S(0) ? 0 : 1));
    STEER_FUZZ_PROMISED(steer::is_finite(sum));

    // ---- normalized: finite; with positive weights, inside the terms' range on every axis.
    reset();
    const V average = steer::weighted_sum(steer::normalize_weights, steer::weighted(weight[0], term(0)),
                                          steer::weighted(weight[1], term(1)), steer::weighted(weight[2], term(2)));
    for (std::size_t i = 0; i < n; ++i) STEER_FUZZ_CHECK(calls[i] == (weight[i] == S(0) ? 0 : 1));
    STEER_FUZZ_PROMISED(steer::is_finite(average));
    bool positive = true, any = false;
    for (std::size_t i = 0; i < n; ++i) {
        positive = positive && weight[i] >= S(0);
        any = any || weight[i] > S(0);
    }
    if (steer::fuzz::tracing()) {
        for (std::size_t i = 0; i < n; ++i) trace_vector("term", value[i]);
        trace_vector("average", average);
    }
    if (positive && any) {
        for (int axis = 0; axis < steer::dimension_v<V>; ++axis) {
            double lo = std::numeric_limits<double>::infinity(), hi = -lo, largest = 0;
            for (std::size_t i = 0; i < n; ++i) {
                if (weight[i] == S(0)) continue;
                const double x = static_cast<double>(value[i][axis]);
                lo = std::min(lo, x);
                hi = std::max(hi, x);
                largest = std::max(largest, std::abs(x));
            }
            // Each share and product rounds once, and a share times a term can underflow.
            const double slack = 16 * static_cast<double>(std::numeric_limits<S>::epsilon()) * largest +
                                 8 * static_cast<double>(std::numeric_limits<S>::denorm_min());
            const double got = static_cast<double>(average[axis]);
            STEER_FUZZ_PROMISED(got >= lo - slack && got <= hi + slack);
        }
    }

    // ---- priority: the first weighted term longer than epsilon; nothing called after it.
    reset();
    const V first = steer::priority(epsilon, steer::weighted(weight[0], term(0)), steer::weighted(weight[1], term(1)),
                                    steer::weighted(weight[2], term(2)));
    {
        const S threshold = epsilon > S(0) ? epsilon * epsilon : S(0);
        V expected(S(0));
        std::size_t winner = n;
        for (std::size_t i = 0; i < n; ++i) {
            const V candidate = weighted_value(i);
            if (steer::length_squared(candidate) > threshold) {
                expected = candidate;
                winner = i;
                break;
            }
        }
        STEER_FUZZ_CHECK(same(first, expected));
        for (std::size_t i = 0; i < n; ++i)
            STEER_FUZZ_CHECK(calls[i] == (i <= winner && weight[i] != S(0) ? 1 : 0));
    }

    // ---- prioritized_dither: the documented draws (only probabilities strictly between 0
    // and 1 draw a number), then priority over the terms considered.
    reset();
    steer::rng dither_gen(seed), reference_gen(seed);
    const V dithered = steer::prioritized_dither(dither_gen, epsilon,
                                                 steer::chance(probability[0], steer::weighted(weight[0], term(0))),
                                                 steer::chance(probability[1], steer::weighted(weight[1], term(1))),
                                                 steer::chance(probability[2], steer::weighted(weight[2], term(2))));
    {
        const S threshold = epsilon > S(0) ? epsilon * epsilon : S(0);
        V expected(S(0));
        for (std::size_t i = 0; i < n; ++i) {
            const S p = probability[i];
            const bool considered = p >= S(1) ? true : !(p > S(0)) ? false : steer::uniform01<S>(reference_gen) < p;
            if (considered && steer::length_squared(weighted_value(i)) > threshold) {
                expected = weighted_value(i);
                break;
            }
        }
        STEER_FUZZ_CHECK(same(dithered, expected));
        STEER_FUZZ_CHECK(dither_gen() == reference_gen());  // as many numbers drawn
    }

    // ---- truncated_sum: at most the budget; the plain sum when everything fits; nothing
    // called after the budget is spent.
    reset();
    const V allocated = steer::truncated_sum(budget, steer::weighted(weight[0], term(0)),
                                             steer::weighted(weight[1], term(1)), steer::weighted(weight[2], term(2)));
    {
        if (steer::fuzz::tracing()) {
            for (std::size_t i = 0; i < n; ++i) trace_vector("term", value[i]);
            trace_vector("allocated", allocated);
        }
        STEER_FUZZ_PROMISED(steer::is_finite(allocated));
        const double slack = 8 * static_cast<double>(std::numeric_limits<S>::denorm_min());
        STEER_FUZZ_PROMISED(static_cast<double>(steer::safe_length(allocated)) <=
                            static_cast<double>(budget) * (1 + 1e-5) + slack);
        long double spent = 0;
        bool exhausted = !(budget > S(0));
        for (std::size_t i = 0; i < n; ++i) {
            const int expected_calls = exhausted || weight[i] == S(0) ? 0 : 1;
            STEER_FUZZ_CHECK(calls[i] == expected_calls);
            if (!exhausted) {
                spent += static_cast<long double>(steer::safe_length(weighted_value(i)));
                // Past the budget by more than rounding: surely exhausted from here on.
                if (spent > static_cast<long double>(budget) * (1 + 1e-3L)) exhausted = true;
                else if (spent >= static_cast<long double>(budget) * (1 - 1e-3L)) break;  // at the edge: stop judging
            }
        }
    }

    // ---- behavior_list: the same configuration gives the same bits, in every mode.
    steer::behavior_list<V(), 4> list;
    for (std::size_t i = 0; i < n; ++i)
        list.add("", term(i), {.weight = weight[i], .probability = probability[i], .enabled = true});
    list.set_blend({.mode = steer::blend_mode::weighted_sum});
    STEER_FUZZ_CHECK(same(list(), sum));
    list.set_blend({.mode = steer::blend_mode::weighted_sum, .normalize_weights = true});
    if (steer::fuzz::tracing()) {
        for (std::size_t i = 0; i < n; ++i) trace_vector("term", value[i]);
        trace_vector("list", list());
        trace_vector("combiner", average);
    }
    STEER_FUZZ_CHECK(same(list(), average));
    list.set_blend({.mode = steer::blend_mode::priority, .epsilon = epsilon});
    STEER_FUZZ_CHECK(same(list(), first));
    list.set_blend({.mode = steer::blend_mode::prioritized_dither, .epsilon = epsilon});
    steer::rng list_gen(seed);
    STEER_FUZZ_CHECK(same(list(list_gen), dithered));
    list.set_blend({.mode = steer::blend_mode::truncated_sum, .max_force = budget});
    STEER_FUZZ_CHECK(same(list(), allocated));

    // Run-time edits: a disabled term is a zero weight (sums) and never considered.
    const std::size_t off = in.pick(n);
    list.set_enabled(off, false);
    weight[off] = S(0);
    reset();
    list.set_blend({.mode = steer::blend_mode::weighted_sum, .normalize_weights = in.flag()});
    const V edited = list();
    STEER_FUZZ_CHECK(calls[off] == 0);
    const V expected_edit = list.blend().normalize_weights
                                ? steer::weighted_sum(steer::normalize_weights, steer::weighted(weight[0], term(0)),
                                                      steer::weighted(weight[1], term(1)),
                                                      steer::weighted(weight[2], term(2)))
                                : steer::weighted_sum(steer::weighted(weight[0], term(0)),
                                                      steer::weighted(weight[1], term(1)),
                                                      steer::weighted(weight[2], term(2)));
    STEER_FUZZ_CHECK(same(edited, expected_edit));
    STEER_FUZZ_PROMISED(steer::is_finite(edited));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    steer::fuzz::with_picked_vector(in, [&]<class V>() { run<V>(in); });
    return 0;
}
