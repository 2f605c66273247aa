#include <cmath>
#include <limits>
#include <string>

#include <doctest/doctest.h>

#include <steer/combiners.hpp>
#include <steer/random.hpp>

#include "test_util.hpp"

namespace {

using steer::test::make;
using steer::test::near;

/// A term that returns a fixed vector and counts its calls.
template <class V>
struct counted {
    V value;
    int calls = 0;
    V operator()() {
        ++calls;
        return value;
    }
};

template <class V>
counted<V> counting(const V& value) {
    return counted<V>{value};
}

// Whether the combiners accept these term types (they must refuse mixed vector types).
template <class... T>
concept summable = requires(T... t) { steer::weighted_sum(t...); };
template <class... T>
concept prioritizable = requires(T... t) { steer::priority(0.0, t...); };
template <class... T>
concept truncatable = requires(T... t) { steer::truncated_sum(1.0, t...); };
template <class... T>
concept ditherable = requires(steer::rng& g, T... t) { steer::prioritized_dither(g, t...); };

using vec2_term = glm::vec2 (*)();
using dvec2_term = glm::dvec2 (*)();
using vec3_term = glm::vec3 (*)();
using int_term = int (*)();

static_assert(steer::steering_term<vec2_term>);
static_assert(!steer::steering_term<int_term>);
static_assert(!steer::steering_term<glm::vec2>);
static_assert(summable<vec2_term, vec2_term>);
static_assert(!summable<vec2_term, dvec2_term>);
static_assert(!summable<vec3_term, vec2_term>);
static_assert(!summable<int_term>);
static_assert(!summable<>);
static_assert(prioritizable<vec2_term, vec2_term>);
static_assert(!prioritizable<vec2_term, dvec2_term>);
static_assert(truncatable<vec3_term, vec3_term>);
static_assert(!truncatable<vec3_term, dvec2_term>);
static_assert(ditherable<vec2_term, vec2_term>);
static_assert(!ditherable<vec2_term, dvec2_term>);
static_assert(std::is_same_v<steer::term_vector_t<decltype(steer::weighted(2, std::declval<vec3_term>()))>, glm::vec3>);

}  // namespace

TEST_CASE_TEMPLATE("weighted_sum is exactly the sum of weight times term, in order", V, STEER_TEST_VECTORS) {
    const V a = make<V>(1, 2, 3), b = make<V>(-4, 0.5, 8), c = make<V>(0.25, -1, 2);
    const auto fa = [&] { return a; };
    const auto fb = [&] { return b; };
    const auto fc = [&] { return c; };
    // All products and sums are exact in binary floating point.
    const V expected = make<V>(0.5 * 1 + -2 * -4 + 4 * 0.25, 0.5 * 2 + -2 * 0.5 + 4 * -1, 0.5 * 3 + -2 * 8 + 4 * 2);
    CHECK(steer::weighted_sum(steer::weighted(0.5, fa), steer::weighted(-2, fb), steer::weighted(4.0f, fc)) ==
          expected);
    SUBCASE("a plain term counts with weight 1") {
        CHECK(steer::weighted_sum(fa, steer::weighted(3, fb)) == a + b * steer::scalar_t<V>(3));
    }
    SUBCASE("normalized weights divide by their sum, as the notes do") {
        const V p = make<V>(4, 0, 0), q = make<V>(0, 4, 8);
        CHECK(steer::weighted_sum(steer::normalize_weights, steer::weighted(1, [&] { return p; }),
                                  steer::weighted(3, [&] { return q; })) == make<V>(1, 3, 6));
        // Weights summing to zero have no average: zero, never a division by zero.
        CHECK(steer::weighted_sum(steer::normalize_weights, steer::weighted(1, fa), steer::weighted(-1, fb)) == V(0));
    }
    SUBCASE("a zero weight skips its term without calling it") {
        auto skipped = counting(make<V>(9, 9, 9));
        CHECK(steer::weighted_sum(steer::weighted(2, fa), steer::weighted(0, skipped)) == a + a);
        CHECK(skipped.calls == 0);
    }
}

TEST_CASE_TEMPLATE("a normalized weighted sum of finite weights is finite: no reciprocal overflows", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const S denormal = std::numeric_limits<S>::denorm_min() * S(1000);  // 1e-42 (float), 5e-321 (double)
    const S huge = std::numeric_limits<S>::max() / S(4);
    const V p = make<V>(4, 0, -2), q = make<V>(0, 4, 8);
    const auto fp = [&] { return p; };
    const auto fq = [&] { return q; };
    SUBCASE("one denormal weight averages to its term (1 / weight overflowed to infinity)") {
        CHECK(steer::weighted_sum(steer::normalize_weights, steer::weighted(denormal, fp)) == p);
        CHECK(steer::weighted_sum(steer::normalize_weights, steer::weighted(-denormal, fp)) == p);
        CHECK(steer::weighted_sum(steer::normalize_weights, steer::weighted(std::numeric_limits<S>::denorm_min(), fp)) == p);
    }
    SUBCASE("two ordinary-looking weights whose sum is denormal") {
        // 3 and -2 times the same tiny normal number: the total, one of them, is exact.
        const S tiny = std::numeric_limits<S>::min();
        const V average = steer::weighted_sum(steer::normalize_weights, steer::weighted(S(3) * tiny, fp),
                                              steer::weighted(S(-2) * tiny, fq));
        CHECK(steer::is_finite(average));
        CHECK(near(average, p * S(3) - q * S(2)));
        const V denormal_total = steer::weighted_sum(steer::normalize_weights, steer::weighted(tiny, fp),
                                                     steer::weighted(-tiny + denormal, fq));
        CHECK(steer::is_finite(denormal_total));
    }
    SUBCASE("huge weights") {
        CHECK(near(steer::weighted_sum(steer::normalize_weights, steer::weighted(huge, fp), steer::weighted(huge, fq)),
                   (p + q) * S(0.5)));
        CHECK(steer::weighted_sum(steer::normalize_weights, steer::weighted(huge, fp), steer::weighted(-huge, fq)) ==
              V(0));
    }
    SUBCASE("a total lost in rounding has no average: zero, not a huge or infinite vector") {
        // 1 + (-1) + tiny: the sum is `tiny` only by the order of the additions.
        const V lost = steer::weighted_sum(steer::normalize_weights, steer::weighted(S(1), fp), steer::weighted(S(-1), fq),
                                           steer::weighted(denormal, fq));
        CHECK(lost == V(0));
        const V cancelled = steer::weighted_sum(steer::normalize_weights, steer::weighted(S(1), fp),
                                                steer::weighted(-(S(1) - std::numeric_limits<S>::epsilon()), fq));
        CHECK(cancelled == V(0));
    }
    SUBCASE("non-finite weights give zero, and the terms are still called") {
        auto counted_term = counting(p);
        CHECK(steer::weighted_sum(steer::normalize_weights, steer::weighted(std::numeric_limits<S>::infinity(), fq),
                                  steer::weighted(S(1), counted_term)) == V(0));
        CHECK(counted_term.calls == 1);
    }
}

TEST_CASE_TEMPLATE("priority returns the first term longer than epsilon and never calls the later ones", V,
                   STEER_TEST_VECTORS) {
    auto zero = counting(V(0));
    auto tiny = counting(make<V>(0.03, 0.04, 0));  // length 0.05
    auto big = counting(make<V>(3, 4, 0));
    auto last = counting(make<V>(7, 7, 7));
    SUBCASE("epsilon 0.1 passes over the zero and the tiny term") {
        CHECK(steer::priority(0.1, zero, tiny, big, last) == big.value);
        CHECK(zero.calls == 1);
        CHECK(tiny.calls == 1);
        CHECK(big.calls == 1);
        CHECK(last.calls == 0);
    }
    SUBCASE("epsilon 0 takes the first non-zero term") {
        CHECK(steer::priority(0, zero, tiny, big, last) == tiny.value);
        CHECK(big.calls == 0);
        CHECK(last.calls == 0);
    }
    SUBCASE("nothing long enough gives zero, after calling every term once") {
        CHECK(steer::priority(100.0f, zero, tiny, big, last) == V(0));
        CHECK((zero.calls == 1 && tiny.calls == 1 && big.calls == 1 && last.calls == 1));
    }
    SUBCASE("a weighted term is compared with its weight applied") {
        CHECK(steer::priority(0.1, steer::weighted(2, tiny), big) == big.value);
        CHECK(steer::priority(0.1, steer::weighted(4, tiny), big) == tiny.value * steer::scalar_t<V>(4));
    }
    SUBCASE("a negative or NaN epsilon means any non-zero result wins") {
        CHECK(steer::priority(-1.0, zero, tiny, big) == tiny.value);
        CHECK(steer::priority(std::numeric_limits<float>::quiet_NaN(), zero, tiny, big) == tiny.value);
    }
}

TEST_CASE_TEMPLATE("prioritized_dither picks each term at its probability over 20000 draws", V, STEER_TEST_VECTORS) {
    const V a = make<V>(1, 0, 0), b = make<V>(0, 1, 0);
    steer::rng gen(2024);
    const int draws = 20000;
    int a_wins = 0, b_wins = 0, none = 0;
    for (int i = 0; i < draws; ++i) {
        const V r = steer::prioritized_dither(gen, steer::chance(0.3, [&] { return a; }),
                                              steer::chance(0.6, [&] { return b; }));
        if (r == a) ++a_wins;
        else if (r == b) ++b_wins;
        else if (r == V(0)) ++none;
    }
    REQUIRE(a_wins + b_wins + none == draws);
    // a is considered 30% of the time; b gets its 60% chance in the other 70%.
    CHECK(a_wins / double(draws) == doctest::Approx(0.3).epsilon(0.05));
    CHECK(b_wins / double(draws) == doctest::Approx(0.7 * 0.6).epsilon(0.05));
    CHECK(none / double(draws) == doctest::Approx(0.7 * 0.4).epsilon(0.05));
}

TEST_CASE_TEMPLATE("prioritized_dither calls a later term only when the earlier was skipped or returned zero", V,
                   STEER_TEST_VECTORS) {
    steer::rng gen(7);
    const V a = make<V>(2, 0, 0), b = make<V>(0, 0, 0.5) + make<V>(0, 0.5, 0);
    int a_calls = 0, b_calls = 0, a_nonzero = 0;
    const auto first = [&] {  // returns zero on every third call: "nothing to say"
        ++a_calls;
        return a_calls % 3 == 0 ? V(0) : a;
    };
    const auto second = [&] {
        ++b_calls;
        return b;
    };
    const int draws = 20000;
    for (int i = 0; i < draws; ++i) {
        const int a_before = a_calls, b_before = b_calls;
        const V r = steer::prioritized_dither(gen, steer::chance(0.5, first), steer::chance(1, second));
        const bool a_called = a_calls != a_before;
        const bool a_won = a_called && a_calls % 3 != 0;
        if (a_won) ++a_nonzero;
        REQUIRE((b_calls != b_before) == !a_won);
        REQUIRE(r == (a_won ? a : b));
    }
    CHECK(a_calls / double(draws) == doctest::Approx(0.5).epsilon(0.05));
    CHECK(a_nonzero / double(draws) == doctest::Approx(0.5 * 2.0 / 3.0).epsilon(0.05));
    CHECK(b_calls == draws - a_nonzero);
}

TEST_CASE_TEMPLATE("a zero result passes the dither's turn on", V, STEER_TEST_VECTORS) {
    steer::rng gen(3);
    auto silent = counting(V(0));
    auto speaker = counting(make<V>(0, 2, 0));
    for (int i = 0; i < 100; ++i)
        CHECK(steer::prioritized_dither(gen, steer::chance(1, silent), speaker) == speaker.value);
    CHECK(silent.calls == 100);
    CHECK(speaker.calls == 100);
    SUBCASE("epsilon treats short results as zero too") {
        auto whisper = counting(make<V>(0.01, 0, 0));
        CHECK(steer::prioritized_dither(gen, 0.1, whisper, speaker) == speaker.value);
        CHECK(steer::prioritized_dither(gen, 0.0, whisper, speaker) == whisper.value);
    }
}

TEST_CASE("prioritized_dither is deterministic and draws only for probabilities strictly between 0 and 1") {
    const auto a = [] { return glm::vec3(1, 0, 0); };
    const auto b = [] { return glm::vec3(0, 1, 0); };
    steer::rng one(11), two(11);
    for (int i = 0; i < 1000; ++i)
        REQUIRE(steer::prioritized_dither(one, steer::chance(0.5, a), b) ==
                steer::prioritized_dither(two, steer::chance(0.5, a), b));
    const steer::rng before = one;
    auto never = counting(glm::vec3(5, 5, 5));
    CHECK(steer::prioritized_dither(one, steer::chance(0, never), steer::chance(1.0f, b), a) == b());
    CHECK(never.calls == 0);
    CHECK(one == before);  // neither 0 nor 1 consumed a number
}

TEST_CASE("a dither probability outside 0 to 1 means never or always, without drawing") {
    const auto a = [] { return glm::dvec2(1, 0); };
    const auto b = [] { return glm::dvec2(0, 1); };
    steer::rng gen(5);
    const steer::rng before = gen;
    CHECK(steer::prioritized_dither(gen, steer::chance(1.5, a), b) == a());
    CHECK(steer::prioritized_dither(gen, steer::chance(-0.5, a), b) == b());
    CHECK(steer::prioritized_dither(gen, steer::chance(std::nan(""), a), b) == b());
    CHECK(gen == before);
}

TEST_CASE_TEMPLATE("truncated_sum grants the first term in full and the remainder to the next", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    auto first = counting(make<V>(3, 0, 0));
    auto second = counting(make<V>(0, 4, 0));
    auto third = counting(make<V>(1, 1, 1));
    SUBCASE("a budget of 5 covers 3, leaves 2 of the second's 4, and calls nothing after") {
        const V r = steer::truncated_sum(5, steer::weighted(1, first), steer::weighted(1, second), third);
        CHECK(near(r, make<V>(3, 2, 0)));
        CHECK(static_cast<double>(glm::length(r)) <= 5.0);
        CHECK(third.calls == 0);
    }
    SUBCASE("a first term larger than the budget is truncated to it, and is the only one called") {
        const V r = steer::truncated_sum(S(5), steer::weighted(2, first), second);
        CHECK(near(r, make<V>(5, 0, 0)));
        CHECK(second.calls == 0);
    }
    SUBCASE("a budget spent exactly calls nothing after") {
        CHECK(steer::truncated_sum(7, first, second, third) == make<V>(3, 4, 0));
        CHECK(third.calls == 0);
    }
    SUBCASE("a budget larger than every term is the plain sum") {
        CHECK(near(steer::truncated_sum(100.0, first, second, third), make<V>(4, 5, 1)));
    }
    SUBCASE("a zero budget calls nothing and gives zero") {
        CHECK(steer::truncated_sum(0, first, second) == V(0));
        CHECK(first.calls == 0);
    }
    SUBCASE("a negative or NaN budget is no budget: zero, and nothing called") {
        CHECK(steer::truncated_sum(-2.0f, first) == V(0));
        CHECK(steer::truncated_sum(std::nan(""), first) == V(0));
        CHECK(first.calls == 0);
    }
}

TEST_CASE("truncated_sum truncates a force too long to square, instead of dropping it") {
    const auto huge = [] { return glm::vec3(3e30f, 4e30f, 0); };  // its squared length overflows float
    const glm::vec3 r = steer::truncated_sum(5, [] { return glm::vec3(0, 0, 1); }, huge);
    CHECK(near(r, glm::vec3(3 * 0.8f, 4 * 0.8f, 1)));
}

TEST_CASE_TEMPLATE("truncated_sum keeps the total within max_force", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(5);
    for (int i = 0; i < 2000; ++i) {
        const V a = steer::random_vector_in_unit_ball<V>(gen) * S(4);
        const V b = steer::random_vector_in_unit_ball<V>(gen) * S(4);
        const V c = steer::random_vector_in_unit_ball<V>(gen) * S(4);
        const S budget = steer::uniform(gen, S(0), S(8));
        const V r = steer::truncated_sum(budget, steer::weighted(steer::uniform(gen, S(-2), S(2)), [&] { return a; }),
                                         [&] { return b; }, [&] { return c; });
        REQUIRE(static_cast<double>(glm::length(r)) <= static_cast<double>(budget) * (1 + 1e-5) + 1e-6);
    }
}

TEST_CASE_TEMPLATE("combiners nest: a combiner call inside a lambda is a term", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V zero(0), a = make<V>(2, 4, 6), b = make<V>(0, 3, 4);
    auto inner_called = counting(make<V>(1, 1, 1));
    const V r = steer::weighted_sum(
        steer::weighted(0.5, [&] { return steer::priority(0, [&] { return zero; }, [&] { return a; }, inner_called); }),
        steer::weighted(2, [&] { return steer::truncated_sum(1, [&] { return b; }); }));
    const V expected = a * S(0.5) + steer::truncate(b, S(1)) * S(2);
    CHECK(near(r, expected));
    CHECK(inner_called.calls == 0);

    steer::rng gen(1);
    const V d = steer::priority(0, [&] { return steer::prioritized_dither(gen, steer::chance(0, [&] { return a; })); },
                                [&] { return steer::weighted_sum(steer::weighted(-1, [&] { return b; })); });
    CHECK(d == -b);
}

TEST_CASE("a named term is used in place, a temporary is stored") {
    auto named = counting(glm::vec2(1, 0));
    auto term = steer::weighted(2, named);  // refers to `named`
    CHECK(steer::weighted_sum(term, term) == glm::vec2(4, 0));
    CHECK(named.calls == 2);
    auto stored = steer::weighted(1, counting(glm::vec2(0, 1)));  // owns its copy
    CHECK(steer::weighted_sum(stored) == glm::vec2(0, 1));
    CHECK(stored.behavior.calls == 1);
    int state = 0;
    auto mutable_term = [state]() mutable { return glm::vec2(static_cast<float>(++state), 0); };
    CHECK(steer::priority(0, mutable_term) == glm::vec2(1, 0));
    CHECK(steer::priority(0, mutable_term) == glm::vec2(2, 0));
}

TEST_CASE_TEMPLATE("truncated_sum keeps a denormal budget against forces whose squares underflow", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    // Forces of the smallest normal length: their squares underflow to zero, and they were
    // counted as costing nothing, so three of them went through a budget of one denorm_min.
    const S budget = std::numeric_limits<S>::denorm_min();
    const V small = make<V>(0, -1, 0) * std::numeric_limits<S>::min();
    const auto f = [&] { return small; };
    const V total = steer::truncated_sum(budget, f, f, f);
    CHECK(steer::safe_length(total) <= budget * S(2));  // within a denormal's rounding of the budget
    auto later = counting(small);
    (void)steer::truncated_sum(std::numeric_limits<S>::min() * S(1.5), f, f, later);
    CHECK(later.calls == 0);  // the second term spends the budget
    // A large force against a denormal budget: budget / |force| underflowed and rounded up to
    // a whole denorm_min, which times the force was far more than the budget.
    const V large = make<V>(0, 335.5, 0);
    const V cut = steer::truncated_sum(budget * S(256), [&] { return large; });
    CHECK(steer::safe_length(cut) <= budget * S(257));
    CHECK(steer::safe_length(cut) >= budget * S(255));
}
