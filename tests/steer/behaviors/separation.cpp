#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/separation.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("separation pushes 20 characters released almost on one spot apart", V, STEER_TEST_VECTORS) {
    steer::rng gen(11);
    auto crowd = steer::test::scatter<V>(gen, 20, 0.05, 0, {.max_force = 4, .max_speed = 2});
    const steer::neighborhood<V> n{.max_distance = 3};
    const double start = steer::test::min_pairwise_distance(crowd);
    REQUIRE(start < 0.05);
    for (int frame = 0; frame < 300; ++frame)  // 5 s at 60 Hz
        steer::test::step_all(crowd, [&](std::size_t i) { return steer::separation(crowd[i], crowd, n); }, 1.0 / 60);
    const double end = steer::test::min_pairwise_distance(crowd);
    CHECK(end >= 3 * start);
    CHECK(end > 1);
}

TEST_CASE_TEMPLATE("separation pushes away from each neighbor by R over the distance minus 1, times max_force", V, STEER_TEST_VECTORS) {
    const steer::vehicle<V> v({.position = make<V>(1, 1, 1), .max_force = 2});
    const steer::neighborhood<V> n{.max_distance = 4};
    const auto at = [&](double x, double y, double z) {
        return steer::vehicle<V>({.position = v.position() + make<V>(x, y, z)});
    };
    const std::vector<steer::vehicle<V>> three_quarters{at(3, 0, 0)};  // 4/3 - 1 = 1/3 of max_force
    const std::vector<steer::vehicle<V>> seven_eighths{at(0, 3.5, 0)};  // 4/3.5 - 1 = 1/7
    CHECK(near(steer::separation(v, three_quarters, n), make<V>(-2.0 / 3, 0, 0)));
    CHECK(near(steer::separation(v, seven_eighths, n), make<V>(0, -2.0 / 7, 0)));
    const std::vector<steer::vehicle<V>> both{at(3, 0, 0), at(0, 3.5, 0), v};  // v itself is skipped
    CHECK(near(steer::separation(v, both, n), make<V>(-2.0 / 3, -2.0 / 7, 0)));
    const std::vector<steer::vehicle<V>> opposite{at(2, 0, 0), at(-2, 0, 0)};  // balanced: no push
    CHECK(near(steer::separation(v, opposite, n), make<V>(0, 0, 0)));
    // Half the radius away is full effort; closer is cut there.
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(0, -2, 0)}, n), make<V>(0, 2, 0)));
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(-2, 0, 0)}, n), make<V>(2, 0, 0)));
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(-0.5, 0, 0)}, n), make<V>(2, 0, 0)));
    // The push fades to nothing at the neighborhood's edge instead of jumping: on it, zero;
    // just inside, almost zero; outside, ignored.
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(4, 0, 0)}, n), make<V>(0, 0, 0)));
    CHECK(glm::length(steer::separation(v, std::vector<steer::vehicle<V>>{at(3.99, 0, 0)}, n)) < 0.01);
    CHECK(near(steer::separation(v, seven_eighths, steer::neighborhood<V>{.max_distance = 3}), make<V>(0, 0, 0)));
}

TEST_CASE_TEMPLATE("separation answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(31);
    const auto crowd = steer::test::random_states<V>(gen, 60, 3);
    const auto agents = steer::test::bare<false>(crowd);  // without mass(): separation must not need one
    for (S reach : {S(0.5), S(1.5), S(4)}) {
        const steer::neighborhood<V> n{.max_distance = reach, .max_angle = S(2.4)};
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const V force = steer::separation(crowd[i], crowd, n);
            CHECK(steer::test::within_max_force(force, crowd[i].max_force()));
            // The same answer, bit for bit, for the game's own agent type.
            CHECK(steer::test::same_bits(steer::separation(agents[i], agents, n), force));
        }
    }
    // One neighbor at half the radius: full effort, straight away from it.
    const steer::vehicle<V> v({.max_force = S(3.7), .max_speed = S(1.3)});
    const std::vector<steer::vehicle<V>> one{steer::vehicle<V>({.position = make<V>(0.3, -0.4, 0)})};
    const V force = steer::separation(v, one, steer::neighborhood<V>{.max_distance = 1});
    CHECK(steer::test::at_full_effort(force, v.max_force()));
    CHECK(near(steer::safe_normalize(force), make<V>(-0.6, 0.8, 0)));
}

TEST_CASE_TEMPLATE("separation is finite and zero with coincident or no neighbors", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(2, 3, 4), .velocity = make<V>(0, 1, 0)});
    const steer::neighborhood<V> n{.max_distance = 5};
    const V zero(S(0));
    CHECK(steer::separation(v, std::vector<steer::vehicle<V>>{}, n) == zero);
    CHECK(steer::separation(v, std::span<const steer::vehicle<V>* const>{}, n) == zero);
    const std::vector<steer::vehicle<V>> stack(5, v);  // five copies on v's spot
    CHECK(steer::separation(v, stack, n) == zero);
    // Almost coincident: a huge push, but finite.
    const V tiny = make<V>(1, 1, 1) * std::numeric_limits<S>::min();
    std::vector<steer::vehicle<V>> almost;
    for (int i = 1; i <= 5; ++i) almost.push_back(steer::vehicle<V>({.position = v.position() + tiny * S(i)}));
    CHECK(steer::is_finite(steer::separation(v, almost, n)));
    std::vector<steer::vehicle<V>> close;
    for (int i = 1; i <= 1000; ++i)
        close.push_back(steer::vehicle<V>({.position = make<V>(1e-18, 0, 0) * S(i)}));
    CHECK(steer::is_finite(steer::separation(steer::vehicle<V>(), close, n)));
}
