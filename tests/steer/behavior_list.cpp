#include <array>
#include <cstddef>
#include <functional>
#include <limits>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behavior_list.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/combiners.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

namespace {

using steer::test::make;
using steer::test::near;

using list2 = steer::behavior_list<glm::vec2(const steer::vehicle2&)>;

// What a term may be: small, trivially copyable, const-callable, returning exactly V.
inline glm::vec2 plain_function(const steer::vehicle2&) { return {1, 0}; }
constexpr auto small_lambda = [p = glm::vec2(1, 2)](const steer::vehicle2& v) { return steer::seek(v, p); };
static_assert(list2::can_hold<decltype(&plain_function)>);
static_assert(list2::can_hold<decltype(small_lambda)>);
struct too_big {
    double values[5];
    glm::vec2 operator()(const steer::vehicle2&) const { return {}; }
};
struct owns_memory {
    std::vector<int> values;
    glm::vec2 operator()(const steer::vehicle2&) const { return {}; }
};
struct wrong_vector {
    glm::dvec2 operator()(const steer::vehicle2&) const { return {}; }
};
struct mutating {
    int count = 0;
    glm::vec2 operator()(const steer::vehicle2&) { return glm::vec2(static_cast<float>(++count)); }
};
static_assert(!list2::can_hold<too_big>);
static_assert(!list2::can_hold<owns_memory>);
static_assert(!list2::can_hold<wrong_vector>);
static_assert(!list2::can_hold<mutating>);
static_assert(!list2::can_hold<std::function<glm::vec2(const steer::vehicle2&)>>);

static_assert(steer::parse_blend_mode("truncated_sum") == steer::blend_mode::truncated_sum);
static_assert(!steer::parse_blend_mode("sum").has_value());

/// Four terms of a character, each a different kind of steering with an argument.
template <class V>
struct errand_scene {
    using S = steer::scalar_t<V>;
    V food, wolf, tree, home;

    // seek the food; flee the wolf when within 3; avoid the tree when within 1.5; arrive home.
    static V seek_food(const errand_scene& s, const steer::vehicle<V>& v) { return steer::seek(v, s.food); }
    static V flee_wolf(const errand_scene& s, const steer::vehicle<V>& v) {
        return steer::distance_squared(v.position(), s.wolf) < S(9) ? steer::flee(v, s.wolf) : V(S(0));
    }
    static V dodge_tree(const errand_scene& s, const steer::vehicle<V>& v) {
        return steer::distance_squared(v.position(), s.tree) < S(2.25) ? steer::flee(v, s.tree) * S(3) : V(S(0));
    }
    static V go_home(const errand_scene& s, const steer::vehicle<V>& v) { return steer::seek(v, s.home) * S(0.5); }
};

}  // namespace

TEST_CASE_TEMPLATE("a behavior_list gives the same results as the compile-time combiners for the same configuration",
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    using Sc = errand_scene<V>;
    steer::rng gen(99);
    const auto random_point = [&] { return steer::random_vector_in_unit_ball<V>(gen) * S(4); };
    const Sc world{random_point(), random_point(), random_point(), random_point()};
    const Sc* w = &world;

    steer::behavior_list<V(const steer::vehicle<V>&)> list;
    list.add("food", [w](const steer::vehicle<V>& v) { return Sc::seek_food(*w, v); });
    list.add("wolf", [w](const steer::vehicle<V>& v) { return Sc::flee_wolf(*w, v); });
    list.add("tree", [w](const steer::vehicle<V>& v) { return Sc::dodge_tree(*w, v); });
    list.add("home", [w](const steer::vehicle<V>& v) { return Sc::go_home(*w, v); });

    for (int trial = 0; trial < 400; ++trial) {
        const steer::vehicle<V> me({.position = random_point(), .velocity = random_point() * S(0.25), .max_speed = 2});
        std::array<steer::term_settings<S>, 4> t{};
        for (auto& s : t) {
            s.weight = steer::uniform(gen, S(-1), S(3));
            if (steer::uniform01<S>(gen) < S(0.2)) s.weight = 0;
            s.probability = steer::uniform01<S>(gen) < S(0.2) ? S(1) : steer::uniform01<S>(gen);
            s.enabled = steer::uniform01<S>(gen) < S(0.8);
        }
        for (std::size_t i = 0; i < 4; ++i) list.configure(i, t[i]);
        const S epsilon = steer::uniform(gen, S(0), S(1));
        const S max_force = steer::uniform(gen, S(0), S(5));
        const bool normalize = trial % 2 == 0;

        const auto food = [&] { return Sc::seek_food(world, me); };
        const auto wolf = [&] { return Sc::flee_wolf(world, me); };
        const auto tree = [&] { return Sc::dodge_tree(world, me); };
        const auto home = [&] { return Sc::go_home(world, me); };
        // A disabled term is the same as a weight of zero (sums, priority) or a probability of zero (dither).
        const auto w_of = [&](std::size_t i) { return t[i].enabled ? t[i].weight : S(0); };
        const auto p_of = [&](std::size_t i) { return t[i].enabled ? t[i].probability : S(0); };

        list.set_blend({.mode = steer::blend_mode::weighted_sum, .normalize_weights = normalize});
        const S enabled_total = w_of(0) + w_of(1) + w_of(2) + w_of(3);
        if (!normalize) {
            CHECK(near(list(me), steer::weighted_sum(steer::weighted(w_of(0), food), steer::weighted(w_of(1), wolf),
                                                     steer::weighted(w_of(2), tree), steer::weighted(w_of(3), home))));
        } else if (std::abs(enabled_total) > S(0.1)) {
            CHECK(near(list(me), steer::weighted_sum(steer::normalize_weights, steer::weighted(w_of(0), food),
                                                     steer::weighted(w_of(1), wolf), steer::weighted(w_of(2), tree),
                                                     steer::weighted(w_of(3), home)),
                       1e-3));
        }

        list.set_blend({.mode = steer::blend_mode::priority, .epsilon = epsilon});
        CHECK(near(list(me), steer::priority(epsilon, steer::weighted(w_of(0), food), steer::weighted(w_of(1), wolf),
                                             steer::weighted(w_of(2), tree), steer::weighted(w_of(3), home))));

        list.set_blend({.mode = steer::blend_mode::prioritized_dither, .epsilon = epsilon});
        steer::rng run_time(static_cast<std::uint64_t>(trial)), compile_time = run_time;
        CHECK(near(list(run_time, me),
                   steer::prioritized_dither(compile_time, epsilon, steer::chance(p_of(0), steer::weighted(t[0].weight, food)),
                                             steer::chance(p_of(1), steer::weighted(t[1].weight, wolf)),
                                             steer::chance(p_of(2), steer::weighted(t[2].weight, tree)),
                                             steer::chance(p_of(3), steer::weighted(t[3].weight, home)))));
        CHECK(run_time == compile_time);  // the same numbers were drawn

        list.set_blend({.mode = steer::blend_mode::truncated_sum, .max_force = max_force});
        CHECK(near(list(me), steer::truncated_sum(max_force, steer::weighted(w_of(0), food), steer::weighted(w_of(1), wolf),
                                                  steer::weighted(w_of(2), tree), steer::weighted(w_of(3), home))));
    }
}

TEST_CASE_TEMPLATE("a reordered behavior_list matches the compile-time combiner written in the new order", V,
                   STEER_TEST_VECTORS) {
    const V a = make<V>(1, 0, 0), b = make<V>(0, 2, 0), c = make<V>(0, 0, 3) + make<V>(3, 0, 0), d = make<V>(-1, -1, -1);
    steer::behavior_list<V(), 4> list({.mode = steer::blend_mode::priority});
    list.add("a", [a] { return a; });
    list.add("b", [b] { return b; });
    list.add("c", [c] { return c; });
    list.add("d", [d] { return d; });
    // Apply the order "d, c, a, b" the way a config loader would: move each name to its place.
    int position = 0;
    for (const char* name : {"d", "c", "a", "b"}) list.move(*list.index_of(name), static_cast<std::size_t>(position++));
    CHECK(list.name(0) == "d");
    CHECK(list.name(1) == "c");
    CHECK(list.name(2) == "a");
    CHECK(list.name(3) == "b");
    CHECK(list() == d);
    list.set_enabled("d", false);
    CHECK(list() == steer::priority(0, [&] { return c; }, [&] { return a; }, [&] { return b; }));
    list.set_blend({.mode = steer::blend_mode::truncated_sum, .max_force = 100});
    CHECK(near(list(), c + a + b));
    list.erase(*list.index_of("c"));
    CHECK(list.size() == 3);
    CHECK(list.name(1) == "a");
    CHECK(near(list(), a + b));
}

TEST_CASE("a behavior_list calls no term after the chosen one and never calls a disabled one") {
    std::array<int, 4> calls{};
    int* counts = calls.data();
    steer::behavior_list<glm::vec3()> list({.mode = steer::blend_mode::priority});
    list.add("silent", [counts] { ++counts[0]; return glm::vec3(0); });
    list.add("off", [counts] { ++counts[1]; return glm::vec3(5); }, {.enabled = false});
    list.add("speaks", [counts] { ++counts[2]; return glm::vec3(0, 1, 0); });
    list.add("late", [counts] { ++counts[3]; return glm::vec3(1, 0, 0); });
    CHECK(list() == glm::vec3(0, 1, 0));
    CHECK(calls == std::array<int, 4>{1, 0, 1, 0});

    list.set_blend({.mode = steer::blend_mode::truncated_sum, .max_force = 1});
    CHECK(list() == glm::vec3(0, 1, 0));  // "speaks" spends the whole budget
    CHECK(calls == std::array<int, 4>{2, 0, 2, 0});

    list.set_weight("speaks", 0);  // a zero weight is not called either
    list.set_mode(steer::blend_mode::weighted_sum);
    CHECK(list() == glm::vec3(1, 0, 0));
    CHECK(calls == std::array<int, 4>{3, 0, 2, 1});

    steer::rng gen(4);
    const steer::rng before = gen;
    CHECK(list(gen) == glm::vec3(1, 0, 0));  // not dithering: the generator is not used
    CHECK(gen == before);
}

TEST_CASE("behavior_list settings change at run time, by index or by name") {
    const steer::vehicle2 me({.max_speed = 1});
    list2 list;
    const std::size_t east = list.add("east", [](const steer::vehicle2& v) { return steer::seek(v, glm::vec2(10, 0)); });
    list.add("north", [](const steer::vehicle2& v) { return steer::seek(v, glm::vec2(0, 10)); });
    CHECK(east == 0);
    CHECK(list.size() == 2);
    CHECK(list(me) == glm::vec2(1, 1));
    list.set_weight("north", 3);
    list.set_weight(east, 0.5f);
    CHECK(list(me) == glm::vec2(0.5f, 3));
    list.set_blend({.normalize_weights = true});
    CHECK(near(list(me), glm::vec2(0.5f, 3) / 3.5f));
    list.configure("east", {.weight = 2, .probability = 0.25f});
    CHECK(list.settings(0).weight == 2);
    CHECK(list.settings(0).probability == 0.25f);
    CHECK(list.settings(0).enabled);
    list.set_mode(*steer::parse_blend_mode("priority"));
    CHECK(list(me) == glm::vec2(2, 0));
    CHECK(steer::to_string(list.blend().mode) == "priority");
    list.clear();
    CHECK(list.empty());
    CHECK(list(me) == glm::vec2(0));
    list.add("function", &plain_function);  // a plain function pointer is a term too
    CHECK(list(me) == glm::vec2(1, 0));
}

TEST_CASE("a normalized behavior_list with denormal weights answers finitely, as the combiner does") {
    const float denormal = std::numeric_limits<float>::denorm_min() * 1000;  // 1.4e-42
    const float tiny = std::numeric_limits<float>::min();
    steer::behavior_list<glm::vec2(), 2> list({.normalize_weights = true});
    list.add("east", [] { return glm::vec2(4, 0); }, {.weight = denormal});
    list.add("north", [] { return glm::vec2(0, 4); }, {.weight = 0});
    // One denormal weight: the average is its term (1 / weight overflowed to infinity).
    CHECK(list() == glm::vec2(4, 0));
    // Two valid weights whose sum is denormal.
    list.set_weight("east", 3 * tiny);
    list.set_weight("north", -2 * tiny + denormal);
    const glm::vec2 average = list();
    CHECK(steer::is_finite(average));
    CHECK(average == steer::weighted_sum(steer::normalize_weights, steer::weighted(3 * tiny, [] { return glm::vec2(4, 0); }),
                                         steer::weighted(-2 * tiny + denormal, [] { return glm::vec2(0, 4); })));
    // A total lost in rounding has no average.
    list.set_weight("east", 1);
    list.set_weight("north", -1 + std::numeric_limits<float>::epsilon());
    CHECK(list() == glm::vec2(0));
}

TEST_CASE("a copied behavior_list is an independent value") {
    float shared = 1;  // state outside the list, captured by reference
    steer::behavior_list<glm::vec2(), 2> original;
    original.add("x", [&shared] { return glm::vec2(shared, 0); });
    auto copy = original;
    copy.set_weight("x", 10);
    shared = 2;
    CHECK(original() == glm::vec2(2, 0));
    CHECK(copy() == glm::vec2(20, 0));
}

TEST_CASE("behavior_list refuses bad configuration with a message naming it") {
    steer::behavior_list<glm::vec2(), 2> list;
    const auto f = [] { return glm::vec2(1, 0); };
    list.add("a", f);
    CHECK_THROWS_WITH_AS(list.add("a", f), doctest::Contains("\"a\" is already taken"), std::invalid_argument);
    list.add("", f);
    CHECK_THROWS_WITH_AS(list.add("c", f), doctest::Contains("the number of terms must be at most the capacity, 2 (got 3)"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(list.set_weight("zz", 1), doctest::Contains("no term is named \"zz\""), std::invalid_argument);
    CHECK_THROWS_WITH_AS(list.set_weight(5, 1), doctest::Contains("index must be < size() = 2 (got 5)"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(list.set_probability("a", 2), doctest::Contains("probability must be in [0, 1] (got 2)"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(list.set_weight("a", std::numeric_limits<float>::infinity()),
                         doctest::Contains("weight must be finite"), std::invalid_argument);
    CHECK_THROWS_WITH_AS(list.set_blend({.max_force = -1}), doctest::Contains("max_force must be >= 0"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(list.set_blend({.epsilon = std::nanf("")}), doctest::Contains("epsilon must be >= 0"),
                         std::invalid_argument);
    list.set_mode(steer::blend_mode::prioritized_dither);
    CHECK_THROWS_WITH_AS((void)list(), doctest::Contains("needs a generator"), std::invalid_argument);
    CHECK(list.settings(0).weight == 1);  // a refused change leaves the term as it was
    CHECK(list.settings(0).probability == 1);
    list.set_blend({.normalize_weights = true});
    list.set_weight(1, -1);
    CHECK(list() == glm::vec2(0));  // weights summing to zero have no average: zero, not NaN
    list.set_enabled("a", false);
    list.set_enabled(1, false);
    CHECK(list() == glm::vec2(0));  // nothing enabled
}
