#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include <doctest/doctest.h>

#include <steer/behaviors/seek.hpp>
#include <steer/random.hpp>
#include <steer/steering_utilities.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

using steer::test::angle_between;
using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("limit_deviation keeps a vector within a cone around the basis, its length unchanged", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const V basis = make<V>(1, 0, 0);
    steer::rng gen(3);
    for (int trial = 0; trial < 300; ++trial) {
        CAPTURE(trial);
        const V v = steer::random_vector_in_unit_ball<V>(gen) * S(4);
        const S cone = steer::uniform<S>(gen, S(0), S(3.14159265));
        const V limited = steer::limit_deviation(v, basis, cone);
        CHECK(steer::safe_length(limited) == doctest::Approx(static_cast<double>(steer::safe_length(v))).epsilon(1e-4));
        CHECK(angle_between(limited, basis) <= static_cast<double>(cone) + 1e-3);
        if (angle_between(v, basis) <= static_cast<double>(cone)) CHECK(limited == v);  // inside: untouched
    }
    // Outside, it is turned toward where it pointed: the side part keeps its sign.
    const V up_left = steer::limit_deviation(make<V>(0, 2, 0), basis, S(0.5));
    CHECK(near(up_left, make<V>(2 * std::cos(0.5), 2 * std::sin(0.5), 0)));
    // Straight back, a zero cone, a zero vector: defined answers.
    CHECK(steer::is_finite(steer::limit_deviation(make<V>(-1, 0, 0), basis, S(1))));
    CHECK(angle_between(steer::limit_deviation(make<V>(-1, 0, 0), basis, S(1)), basis) == doctest::Approx(1).epsilon(1e-4));
    CHECK(near(steer::limit_deviation(make<V>(0, 3, 0), basis, S(0)), make<V>(3, 0, 0)));
    CHECK(steer::limit_deviation(V(S(0)), basis, S(1)) == V(S(0)));
    CHECK_THROWS_AS((void)steer::limit_deviation(basis, basis, S(3.2)), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::limit_deviation(basis, basis, S(-0.01)), std::invalid_argument);
}

TEST_CASE_TEMPLATE("low_speed_turning: a slow vehicle asked to turn back arcs round instead of stopping dead", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    // At a crawl, heading +x, told to go to a point behind it.
    const V behind = make<V>(-10, 0.5, 0);
    auto run = [&](bool adjusted) {
        steer::vehicle<V> v({.velocity = make<V>(0.05, 0, 0), .max_force = 2, .max_speed = 2});
        double slowest_after_start = 1e9;
        for (int i = 0; i < 240; ++i) {
            V force = steer::seek(v, behind);
            if (adjusted) force = steer::low_speed_turning(v, force);
            v.apply_force(force, dt);
            if (i > 0) slowest_after_start = std::min(slowest_after_start, static_cast<double>(v.speed()));
        }
        return std::pair{v, slowest_after_start};
    };
    const auto [plain, plain_slowest] = run(false);
    const auto [adjusted, adjusted_slowest] = run(true);
    CHECK(plain_slowest < 0.025);    // unadjusted, it stops dead to reverse on the spot
    CHECK(adjusted_slowest > 0.04);  // adjusted, it never stops...
    CHECK(glm::dot(adjusted.velocity(), make<V>(-1, 0, 0)) > S(1));  // ...and comes round toward the goal
    // Fast enough, the force is untouched; at rest, only forward is left.
    const steer::vehicle<V> quick({.velocity = make<V>(1, 0, 0), .max_speed = 2});
    CHECK(steer::low_speed_turning(quick, make<V>(-1, 1, 0)) == make<V>(-1, 1, 0));
    const steer::vehicle<V> resting({.max_speed = 2});
    const V back_and_aside = -resting.forward() + steer::side(resting) * S(0.5);
    CHECK(near(steer::low_speed_turning(resting, back_and_aside), resting.forward() * glm::length(back_and_aside)));
    CHECK_THROWS_AS((void)steer::low_speed_turning(resting, V(S(1)), {.speed_fraction = S(1.5)}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("is_ahead, is_aside and is_behind split the world by a cosine threshold", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(1, 1, 0), .velocity = make<V>(1, 0, 0)});
    CHECK(steer::is_ahead(v, make<V>(5, 2, 0)));
    CHECK(steer::is_aside(v, make<V>(1, 5, 0)));
    CHECK(steer::is_behind(v, make<V>(-5, 0, 0)));
    CHECK_FALSE(steer::is_ahead(v, make<V>(2, 3, 0)));         // 63 degrees off: not within 45
    CHECK(steer::is_ahead(v, make<V>(2, 3, 0), S(0.4)));       // but within 66
    CHECK(steer::is_behind(v, make<V>(-1, 4, 0), S(0.5)));     // 124 degrees: within 60 of straight back
    CHECK(steer::is_aside(v, v.position()));                   // a point it stands on: aside
    steer::rng gen(8);
    for (int trial = 0; trial < 500; ++trial) {
        const V p = steer::random_vector_in_unit_ball<V>(gen) * S(10);
        const S c = steer::uniform<S>(gen, S(0), S(1));
        const int count = int(steer::is_ahead(v, p, c)) + int(steer::is_aside(v, p, c)) + int(steer::is_behind(v, p, c));
        CHECK(count == 1);
    }
    CHECK_THROWS_AS((void)steer::is_ahead(v, V(S(1)), S(1.5)), std::invalid_argument);
}

TEST_CASE_TEMPLATE("set_speed sets the speed along the heading; brake slows at a rate without turning", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v({.velocity = make<V>(0, 2, 0), .max_speed = 3});
    v.set_speed(1);
    CHECK(near(v.velocity(), make<V>(0, 1, 0)));
    v.set_speed(10);  // cut to max_speed
    CHECK(v.speed() == doctest::Approx(3));
    v.set_speed(0);
    CHECK(v.velocity() == V(S(0)));
    v.set_speed(2);  // from rest: along forward, which was kept
    CHECK(near(v.velocity(), make<V>(0, 2, 0)));
    // Braking at 2 units/s² from 2 units/s: half the speed after half a second, whatever the
    // frame rate, at rest after one second and no further (no reversing).
    for (int hz : {30, 60, 240}) {
        CAPTURE(hz);
        v.set_speed(2);
        for (int i = 0; i < hz / 2; ++i) v.brake(2, S(1) / static_cast<S>(hz));
        CHECK(v.speed() == doctest::Approx(1).epsilon(1e-4));
        CHECK(near(steer::safe_normalize(v.velocity()), make<V>(0, 1, 0)));
        for (int i = 0; i < hz; ++i) v.brake(2, S(1) / static_cast<S>(hz));
        CHECK(v.speed() == S(0));
        CHECK(near(v.forward(), make<V>(0, 1, 0)));
    }
    CHECK_THROWS_AS(v.set_speed(-1), std::invalid_argument);
    CHECK_THROWS_AS(v.brake(-1, 1), std::invalid_argument);
}

TEST_CASE_TEMPLATE("desired_velocity reads a steering force back as the velocity it asks for", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    // Moving at full speed with a target a little off its heading: seek's error is under
    // max_speed, and reading its force back gives seek's desired velocity exactly.
    const steer::vehicle<V> v({.velocity = make<V>(2, 0, 0), .max_force = 5, .max_speed = 2});
    const V target = make<V>(10, 3, 1);
    const V wanted = steer::safe_normalize(target - v.position()) * v.max_speed();
    CHECK(near(steer::desired_velocity(v, steer::seek(v, target)), wanted));
    // No steering: the velocity it has; more than max_speed: cut to it.
    CHECK(steer::desired_velocity(v, V(S(0))) == v.velocity());
    CHECK(near(steer::desired_velocity(v, make<V>(0, 50, 0)), steer::safe_normalize(make<V>(2, 20, 0)) * S(2)));
    // max_force 0, or a steering that is not finite: the velocity it has.
    const steer::vehicle<V> weak({.velocity = make<V>(0, 1, 0), .max_force = 0, .max_speed = 2});
    CHECK(steer::desired_velocity(weak, make<V>(1, 0, 0)) == weak.velocity());
    CHECK(steer::desired_velocity(v, make<V>(std::numeric_limits<S>::quiet_NaN(), 0, 0)) == v.velocity());
}
