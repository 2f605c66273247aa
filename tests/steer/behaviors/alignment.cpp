#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/alignment.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("alignment lifts the polarization of 40 characters from below 0.5 to above 0.95", V, STEER_TEST_VECTORS) {
    steer::rng gen(13);
    auto crowd = steer::test::scatter<V>(gen, 40, 6, 1, {.max_force = 2, .max_speed = 1});
    const steer::neighborhood<V> n{.max_distance = 8};
    REQUIRE(steer::test::polarization(crowd) < 0.5);
    for (int frame = 0; frame < 600; ++frame)  // 10 s at 60 Hz
        steer::test::step_all(crowd, [&](std::size_t i) { return steer::alignment(crowd[i], crowd, n); }, 1.0 / 60);
    CHECK(steer::test::polarization(crowd) > 0.95);
}

TEST_CASE_TEMPLATE("alignment asks for the neighbors' average heading at full speed, whatever their speeds", V, STEER_TEST_VECTORS) {
    // max_force 3 per max_speed 2 of velocity error.
    const steer::vehicle<V> v({.position = make<V>(0, 0, 0), .velocity = make<V>(1, 0, 0), .max_force = 3, .max_speed = 2});
    const auto moving = [&](double x, double y, double vx, double vy) {
        return steer::vehicle<V>({.position = make<V>(x, y, 0), .velocity = make<V>(vx, vy, 0), .max_speed = 10});
    };
    // Both head +Y, one slow and one fast: desired velocity is (0, 2), minus v's (1, 0): an
    // error longer than max_speed, so full effort along it.
    const std::vector<steer::vehicle<V>> up{moving(1, 0, 0, 0.1), moving(0, 1, 0, 7)};
    const steer::neighborhood<V> n{.max_distance = 3};
    CHECK(near(steer::alignment(v, up, n), steer::safe_normalize(make<V>(-1, 2, 0)) * steer::scalar_t<V>(3)));
    // Opposite headings cancel: desired velocity zero, so the result brakes v: an error of
    // (-1, 0), half of max_speed, asks for half of max_force.
    const std::vector<steer::vehicle<V>> split{moving(1, 0, 0, 1), moving(0, 1, 0, -1)};
    CHECK(near(steer::alignment(v, split, n), make<V>(-1.5, 0, 0)));
    // Already heading their way at half speed: half of max_force forward.
    const steer::vehicle<V> slow({.velocity = make<V>(0, 1, 0), .max_force = 3, .max_speed = 2});
    CHECK(near(steer::alignment(slow, up, n), make<V>(0, 1.5, 0)));
    // Already aligned at full speed: nothing to do.
    const steer::vehicle<V> cruising({.velocity = make<V>(0, 2, 0), .max_speed = 2});
    CHECK(near(steer::alignment(cruising, up, n), make<V>(0, 0, 0)));
}

TEST_CASE_TEMPLATE("alignment answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(33);
    const auto crowd = steer::test::random_states<V>(gen, 60, 3);
    const auto agents = steer::test::bare<false>(crowd);  // without mass(): alignment must not need one
    for (S reach : {S(0.5), S(1.5), S(4)}) {
        const steer::neighborhood<V> n{.max_distance = reach, .max_angle = S(2.4)};
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const V force = steer::alignment(crowd[i], crowd, n);
            CHECK(steer::test::within_max_force(force, crowd[i].max_force()));
            CHECK(steer::test::same_bits(steer::alignment(agents[i], agents, n), force));
        }
    }
    // At rest among neighbors that all head one way: an error of max_speed, full effort.
    const steer::vehicle<V> v({.max_force = S(3.7), .max_speed = S(1.3)});
    const std::vector<steer::vehicle<V>> heading_y{
        steer::vehicle<V>({.position = make<V>(1, 0, 0), .velocity = make<V>(0, 0.2, 0)}),
        steer::vehicle<V>({.position = make<V>(-1, 1, 0), .velocity = make<V>(0, 0.9, 0)})};
    const V force = steer::alignment(v, heading_y, steer::neighborhood<V>{.max_distance = 2});
    CHECK(steer::test::at_full_effort(force, v.max_force()));
    CHECK(near(steer::safe_normalize(force), make<V>(0, 1, 0)));
}

TEST_CASE_TEMPLATE("alignment is finite and zero with coincident or no neighbors", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(2, 3, 4), .velocity = make<V>(0, 1, 0)});
    const steer::neighborhood<V> n{.max_distance = 5};
    const V zero(S(0));
    CHECK(steer::alignment(v, std::vector<steer::vehicle<V>>{}, n) == zero);
    CHECK(steer::alignment(v, std::span<const steer::vehicle<V>* const>{}, n) == zero);
    CHECK(steer::alignment(v, std::vector<steer::vehicle<V>>(4, v), n) == zero);
    const steer::vehicle<V> resting({.position = make<V>(2, 3, 4)});
    CHECK(steer::alignment(resting, std::vector<steer::vehicle<V>>(4, resting), n) == zero);
}

TEST_CASE_TEMPLATE("alignment stays within a max_force near the smallest normal number against a fast error", V,
                   STEER_TEST_VECTORS) {
    // Found by the behavior fuzzer: max_force / max(|error|, max_speed) was a denormal scale,
    // a few bits wide, and the force came out up to 1e-4 longer than max_force.
    using S = steer::scalar_t<V>;
    const S least = std::numeric_limits<S>::min();
    const S fast = std::is_same_v<S, float> ? S(1740.61) : S(1e12);
    double worst = 0;
    for (int i = 0; i < 64; ++i) {
        const S limit = least * S(1 + i % 5);
        const V heading = make<V>(0.5, 0.5 - 0.03 * i, 0.5) * fast;
        const steer::vehicle<V> self({.velocity = heading * S(-0.01 * (i % 9)), .max_force = limit, .max_speed = fast});
        const std::vector<steer::vehicle<V>> others{
            steer::vehicle<V>({.position = make<V>(0.5, 0.5, 0.5), .velocity = heading, .max_speed = fast})};
        const V force = steer::alignment(self, others, {.max_distance = 2, .max_angle = 4});
        worst = std::max(worst, static_cast<double>(steer::safe_length(force)) / static_cast<double>(limit));
    }
    CHECK(worst > 0.5);  // full effort, or nearly
    CHECK(worst <= 1 + 1e-6);
}
