#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/interpose.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/arrival.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

/// Distance from `p` to the segment from `a` to `b`.
template <steer::vector V>
double distance_to_segment(const V& p, const V& a, const V& b) {
    using S = steer::scalar_t<V>;
    const V ab = b - a;
    const S length2 = glm::dot(ab, ab);
    const S t = length2 > S(0) ? steer::clamp(glm::dot(p - a, ab) / length2, S(0), S(1)) : S(0);
    return static_cast<double>(glm::length(p - (a + ab * t)));
}

/// Steering that keeps a character on a circle of `radius` around `center` at its max speed.
template <steer::vector V>
V circle_steering(const steer::vehicle<V>& c, const V& center, steer::scalar_t<V> radius) {
    const V out = steer::safe_normalize(c.position() - center);
    const V tangent = steer::safe_normalize(steer::perpendicular_component(c.forward(), out));
    const V desired = tangent * c.max_speed();
    const V centripetal = -out * (c.speed() * c.speed() / radius);
    return (desired - c.velocity()) + centripetal * c.mass();
}

}  // namespace

TEST_CASE_TEMPLATE("interpose ends within 1 unit of the segment between two moving characters", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (const S slowing_distance : {S(0), S(2)}) {
        CAPTURE(slowing_distance);
        SUBCASE("two characters walking side by side") {
            steer::vehicle<V> v({.position = make<V>(-6, -8, 2), .max_force = 2, .max_speed = 1});
            steer::vehicle<V> a({.position = make<V>(0, 5, 0), .velocity = make<V>(0.4, 0, 0.1), .max_speed = 1});
            steer::vehicle<V> b({.position = make<V>(2, -5, 0), .velocity = make<V>(0.3, 0.1, 0), .max_speed = 1});
            double worst_late = 0;
            for (int frame = 0; frame < 60 * 40; ++frame) {
                v.apply_force(steer::interpose(v, a, b, {.slowing_distance = slowing_distance}), S(1) / S(60));
                a.apply_force(V(S(0)), S(1) / S(60));
                b.apply_force(V(S(0)), S(1) / S(60));
                if (frame > 60 * 30) worst_late = std::max(worst_late, distance_to_segment(v.position(), a.position(), b.position()));
            }
            CHECK(worst_late < 1.0);
        }
        SUBCASE("one character circling, one walking") {
            const V center = make<V>(0, 0, 0);
            steer::vehicle<V> v({.position = make<V>(8, 8, 0), .max_force = 3, .max_speed = S(1.5)});
            steer::vehicle<V> a({.position = make<V>(6, 0, 0), .velocity = make<V>(0, 0.5, 0), .max_force = 2,
                                 .max_speed = S(0.5)});
            steer::vehicle<V> b({.position = make<V>(-8, -3, 1), .velocity = make<V>(0, 0.2, 0), .max_speed = 1});
            double worst_late = 0;
            for (int frame = 0; frame < 60 * 40; ++frame) {
                v.apply_force(steer::interpose(v, a, b, {.slowing_distance = slowing_distance}), S(1) / S(60));
                a.apply_force(circle_steering(a, center, S(6)), S(1) / S(60));
                b.apply_force(V(S(0)), S(1) / S(60));
                if (frame > 60 * 30) worst_late = std::max(worst_late, distance_to_segment(v.position(), a.position(), b.position()));
            }
            CHECK(worst_late < 1.0);
        }
    }
}

TEST_CASE_TEMPLATE("interpose comes to rest between two standing characters, with or without a slowing distance", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (const S slowing_distance : {S(0), S(2)}) {
        CAPTURE(slowing_distance);
        steer::vehicle<V> v({.position = make<V>(5, 5, 5), .velocity = make<V>(0, -1, 0), .max_force = 2, .max_speed = 1});
        const steer::vehicle<V> a({.position = make<V>(-4, 0, 0)});
        const steer::vehicle<V> b({.position = make<V>(4, 2, 0)});
        for (int frame = 0; frame < 60 * 40; ++frame)
            v.apply_force(steer::interpose(v, a, b, {.slowing_distance = slowing_distance}), S(1) / S(60));
        CHECK(static_cast<double>(glm::length(v.position() - make<V>(0, 1, 0))) < 0.05);
        CHECK(static_cast<double>(v.speed()) < 0.05);
    }
}

TEST_CASE_TEMPLATE("interpose predicts both characters over our time to their midpoint", V, STEER_TEST_VECTORS) {
    const steer::vehicle<V> v({.position = make<V>(0, -6, 0), .max_speed = 2});
    const steer::vehicle<V> a({.position = make<V>(-3, 2, 0), .velocity = make<V>(1, 0, 0)});
    const steer::vehicle<V> b({.position = make<V>(3, 2, 0), .velocity = make<V>(0, 1, 0)});
    // Midpoint (0, 2) is 8 away: 4 seconds at max_speed 2. Predictions (1, 2) and (3, 6).
    CHECK(near(steer::interpose_point(v, a, b), make<V>(2, 4, 0), 1e-4));
    CHECK(near(steer::interpose(v, a, b), steer::arrival(v, make<V>(2, 4, 0)), 1e-4));
    CHECK(near(steer::interpose(v, a, b, {.slowing_distance = 3}), steer::arrival(v, make<V>(2, 4, 0), {.slowing_distance = 3}),
               1e-4));
}

TEST_CASE_TEMPLATE("interpose stays finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S huge = std::numeric_limits<S>::max() / S(8);
    const steer::vehicle<V> here({.position = make<V>(1, 1, 1), .velocity = make<V>(0, 1, 0)});
    const steer::vehicle<V> still({.position = make<V>(1, 1, 1), .max_speed = 0});
    const steer::vehicle<V> far({.position = make<V>(1, -1, 1) * huge, .velocity = make<V>(1, 0, 0)});
    const steer::vehicle<V> crawl({.max_speed = std::numeric_limits<S>::min()});
    for (const S slowing_distance : {S(0), S(3)}) {
        CHECK(steer::is_finite(steer::interpose(here, here, here, {.slowing_distance = slowing_distance})));  // all coincident
        CHECK(steer::is_finite(steer::interpose(still, here, here, {.slowing_distance = slowing_distance})));
        CHECK(steer::is_finite(steer::interpose(here, still, still, {.slowing_distance = slowing_distance})));
        CHECK(steer::is_finite(steer::interpose(crawl, far, here, {.slowing_distance = slowing_distance})));  // a huge prediction time
        CHECK(steer::is_finite(steer::interpose(here, far, far, {.slowing_distance = slowing_distance})));
    }
    CHECK_THROWS_WITH_AS((void)steer::interpose(here, here, here, {.slowing_distance = -2}),
                         "steer::interpose: slowing_distance must be >= 0 and finite (got -2)", std::invalid_argument);
    CHECK_THROWS_WITH_AS(steer::validate(steer::interpose_params<V>{.slowing_distance = -2}),
                         "steer::interpose: slowing_distance must be >= 0 and finite (got -2)", std::invalid_argument);
}

TEST_CASE_TEMPLATE("interpose answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng states(31);
    for (int i = 0; i < 300; ++i) {
        const auto v = steer::test::random_vehicle<V>(states);
        const auto first = steer::test::random_vehicle<V>(states);
        const auto second = steer::test::random_vehicle<V>(states);
        const steer::interpose_params<V> p{.slowing_distance = steer::uniform(states, S(0), S(5))};
        const V force = steer::interpose(v, first, second, p);
        CAPTURE(force);
        CHECK(steer::test::within_max_force(force, v.max_force()));
        // Any agent types, for us and for each of the two: the same answer, bit for bit.
        const auto user = steer::test::bare(v);
        CHECK(steer::test::same_bits(steer::interpose(user, first, steer::test::bare(second), p), force));
        CHECK(steer::test::same_bits(steer::interpose_point(user, steer::test::bare(first), second),
                                     steer::interpose_point(v, first, second)));
    }
    // From rest, far from two standing characters: the whole of max_force toward their midpoint.
    const steer::vehicle<V> v({.position = make<V>(20, -10, 4), .mass = 3, .max_force = S(2.5), .max_speed = 4});
    const steer::vehicle<V> a({.position = make<V>(-4, 0, 0)});
    const steer::vehicle<V> b({.position = make<V>(4, 2, 0)});
    const V force = steer::interpose(v, a, b);
    CHECK(steer::test::at_full_effort(force, S(2.5)));
    CHECK(static_cast<double>(glm::dot(steer::safe_normalize(force), steer::safe_normalize(make<V>(0, 1, 0) - v.position()))) >
          1 - 1e-5);
    // At rest on the point: nothing to do.
    const steer::vehicle<V> between({.position = make<V>(0, 1, 0)});
    CHECK(steer::interpose(between, a, b) == V(S(0)));
}
