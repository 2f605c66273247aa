#include <algorithm>
#include <cmath>
#include <limits>

#include <doctest/doctest.h>

#include <steer/behaviors/seek.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("seek passes within 0.25 of the target and then overshoots", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V target = make<V>(5, 2, 1);
    for (const V start_velocity : {V(S(0)), make<V>(0, -1, 0)}) {  // from rest, and moving sideways
        CAPTURE(start_velocity);
        steer::vehicle<V> v({.velocity = start_velocity, .max_force = 1, .max_speed = 1});
        bool passed = false;
        double farthest_after_passing = 0;
        for (int frame = 0; frame < 60 * 15; ++frame) {
            v.apply_force(steer::seek(v, target), S(1) / S(60));
            const double d = static_cast<double>(glm::length(v.position() - target));
            if (d < 0.25) passed = true;
            if (passed) farthest_after_passing = std::max(farthest_after_passing, d);
        }
        CHECK(passed);
        CHECK(farthest_after_passing > 0.4);  // it went through and on: seek does not brake for the target
    }
}

TEST_CASE_TEMPLATE("flee ends more than 8 units away after 10 s from 1 unit", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V target = make<V>(3, -1, 2);
    steer::vehicle<V> v({.position = target + make<V>(0.6, 0.8, 0), .max_force = 1, .max_speed = 1});
    for (int frame = 0; frame < 60 * 10; ++frame) v.apply_force(steer::flee(v, target), S(1) / S(60));
    CHECK(static_cast<double>(glm::length(v.position() - target)) > 8.0);
}

TEST_CASE_TEMPLATE("seek and flee ask for max_speed straight toward or away from the target", V, STEER_TEST_VECTORS) {
    // max_force == max_speed: the force is the paper's velocity error itself.
    const steer::vehicle<V> v(
        {.position = make<V>(1, 1, 1), .velocity = make<V>(0, 0.5, 0), .max_force = 2, .max_speed = 2});
    const steer::vehicle<V> resting({.position = v.position(), .max_force = 2, .max_speed = 2});
    const V target = make<V>(4, 5, 1);  // offset (3, 4, 0): length 5
    CHECK(near(steer::seek(v, target) + v.velocity(), make<V>(1.2, 1.6, 0)));
    CHECK(near(steer::flee(resting, target), make<V>(-1.2, -1.6, 0)));
}

TEST_CASE_TEMPLATE("seek's force is the velocity error times max_force / max_speed, cut to max_force", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // Moving at 1.8 almost toward the target with max_speed 2: an error of about 0.2 of max_speed.
    const steer::vehicle<V> v({.velocity = make<V>(1.8, 0.1, 0), .max_force = 3, .max_speed = 2});
    const V target = make<V>(100, 0, 0);
    const V error = make<V>(2, 0, 0) - v.velocity();
    CHECK(near(steer::seek(v, target), error * (S(3) / S(2))));
    // Reversing needs more than max_speed of change: full effort, along the error.
    const V reverse = steer::seek(v, make<V>(-100, 0, 0));
    CHECK(glm::length(reverse) == doctest::Approx(3).epsilon(1e-5));
    CHECK(near(steer::safe_normalize(reverse), steer::safe_normalize(make<V>(-2, 0, 0) - v.velocity())));
}

TEST_CASE_TEMPLATE("seek and flee answer at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(7);
    for (int i = 0; i < 500; ++i) {
        const auto v = steer::test::random_vehicle<V>(gen);
        const V target = steer::random_vector_in_unit_ball<V>(gen) * S(10);
        CHECK(steer::test::within_max_force(steer::seek(v, target), v.max_force()));
        CHECK(steer::test::within_max_force(steer::flee(v, target), v.max_force()));
        // From rest the error is max_speed: full effort toward (or away from) the target.
        const steer::vehicle<V> resting({.position = v.position(), .max_force = v.max_force(), .max_speed = v.max_speed()});
        CHECK(steer::test::at_full_effort(steer::seek(resting, target), v.max_force()));
        CHECK(steer::test::at_full_effort(steer::flee(resting, target), v.max_force()));
    }
}

TEST_CASE_TEMPLATE("seek and flee stay finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    SUBCASE("target on the vehicle: brake") {
        const steer::vehicle<V> v({.position = make<V>(2, 3, 4), .velocity = make<V>(0.5, 0, 0)});  // max_force == max_speed
        CHECK(near(steer::seek(v, v.position()), -v.velocity()));
        CHECK(near(steer::flee(v, v.position()), -v.velocity()));
    }
    SUBCASE("max_speed zero: brake") {
        const steer::vehicle<V> v({.max_speed = 0});
        CHECK(steer::seek(v, make<V>(1, 0, 0)) == V(S(0)));
        CHECK(steer::flee(v, make<V>(1, 0, 0)) == V(S(0)));
    }
    SUBCASE("huge and tiny offsets") {
        const steer::vehicle<V> v({.velocity = make<V>(1, 0, 0)});
        const S huge = std::numeric_limits<S>::max() / S(4);
        const S tiny = std::numeric_limits<S>::denorm_min();
        for (const V target : {make<V>(1, 1, 1) * huge, make<V>(-1, 0, 1) * huge, make<V>(1, 1, 1) * tiny}) {
            CHECK(steer::is_finite(steer::seek(v, target)));
            CHECK(steer::is_finite(steer::flee(v, target)));
        }
    }
}
