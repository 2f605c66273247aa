#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/shadow.hpp>
#include <steer/vehicle.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;

namespace {

/// Steering that makes a character turn at a constant rate (rad/s) at its current speed.
template <steer::vector V>
V turning(const steer::vehicle<V>& c, steer::scalar_t<V> rate) {
    V inward = c.side();  // turn toward +side
    return inward * (c.speed() * rate * c.mass());
}

struct shadow_record {
    double velocity_error = 0;  // |our velocity - quarry's| / quarry's speed, at the end
    double heading_error = 0;   // radians, at the end
    double speed_error = 0;     // relative, at the end
    double distance = 0;        // between centres, at the end
};

template <steer::vector V>
shadow_record shadow_run(steer::vehicle<V> v, steer::vehicle<V> quarry, steer::scalar_t<V> quarry_turn_rate,
                         steer::scalar_t<V> stand_off, double seconds) {
    using S = steer::scalar_t<V>;
    for (int frame = 0; frame < static_cast<int>(seconds * 60); ++frame) {
        const V steering = steer::shadow(v, quarry, {.stand_off = stand_off, .slowing_distance = 3});
        v.apply_force(steering, S(1) / S(60));
        quarry.apply_force(turning(quarry, quarry_turn_rate), S(1) / S(60));
    }
    shadow_record r;
    const double quarry_speed = static_cast<double>(quarry.speed());
    r.velocity_error = static_cast<double>(glm::length(v.velocity() - quarry.velocity())) / quarry_speed;
    r.heading_error = std::acos(std::min(1.0, static_cast<double>(glm::dot(v.forward(), quarry.forward()))));
    r.speed_error = std::abs(static_cast<double>(v.speed()) - quarry_speed) / quarry_speed;
    r.distance = static_cast<double>(glm::length(v.position() - quarry.position()));
    return r;
}

}  // namespace

TEST_CASE_TEMPLATE("shadow ends with heading and speed within 5 percent of the quarry's", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (const S mass : {S(1), S(5)}) {
        for (const S turn_rate : {S(0), S(0.05)}) {
            CAPTURE(mass);
            CAPTURE(turn_rate);
            const steer::vehicle<V> v({.position = make<V>(-5, -8, 3), .mass = mass, .max_force = 4, .max_speed = 1});
            const steer::vehicle<V> quarry(
                {.position = make<V>(2, 0, 0), .velocity = make<V>(0.6, 0, 0), .max_force = 1, .max_speed = S(0.6)});
            const auto r = shadow_run(v, quarry, turn_rate, S(2), 40);
            CAPTURE(r.heading_error);
            CAPTURE(r.speed_error);
            CAPTURE(r.distance);
            CHECK(r.speed_error < 0.05);
            CHECK(r.heading_error < 0.05 * std::numbers::pi);  // within 5% of a half turn: 9 degrees
            CHECK(r.velocity_error < 0.05);                    // stricter: within 0.05 rad and 5% of speed both
            CHECK(r.distance == doctest::Approx(2.0).epsilon(0.1));
        }
    }
}

TEST_CASE_TEMPLATE("shadow follows a quarry it cannot catch at its own max_speed, in the quarry's direction", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(-2, 3, 0), .max_force = 4, .max_speed = S(0.5)});
    const steer::vehicle<V> quarry({.velocity = make<V>(0.6, 0.8, 0), .max_speed = 1});
    const auto r = shadow_run(v, quarry, S(0), S(1), 30);
    CHECK(r.heading_error < 0.1);
    CHECK(r.speed_error == doctest::Approx(0.5).epsilon(0.01));  // 0.5 against 1
}

TEST_CASE_TEMPLATE("shadow stays finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> moving({.position = make<V>(1, 2, 3), .velocity = make<V>(0, 1, 0)});
    const steer::vehicle<V> still({.position = make<V>(1, 2, 3), .max_speed = 0});
    const steer::vehicle<V> weak({.position = make<V>(4, 2, 3), .max_force = 0});
    for (const S stand_off : {S(0), S(1)}) {
        for (const S slowing_distance : {S(0), S(2)}) {
            CHECK(steer::is_finite(steer::shadow(moving, moving, {.stand_off = stand_off, .slowing_distance = slowing_distance})));  // coincident
            CHECK(steer::is_finite(steer::shadow(still, moving, {.stand_off = stand_off, .slowing_distance = slowing_distance})));
            CHECK(steer::is_finite(steer::shadow(moving, still, {.stand_off = stand_off, .slowing_distance = slowing_distance})));
            CHECK(steer::is_finite(steer::shadow(weak, moving, {.stand_off = stand_off, .slowing_distance = slowing_distance})));
        }
    }
    // At the goal and moving with the quarry there is nothing to do.
    const steer::vehicle<V> quarry({.velocity = make<V>(0.5, 0, 0)});
    const steer::vehicle<V> alongside({.position = make<V>(0, 1, 0), .velocity = make<V>(0.5, 0, 0)});
    CHECK(steer::test::near(steer::shadow(alongside, quarry, {.stand_off = 1, .slowing_distance = 2}), V(S(0))));
    CHECK_THROWS_WITH_AS((void)steer::shadow(moving, still, {.stand_off = -1, .slowing_distance = 1}),
                         "steer::shadow: stand_off must be >= 0 and finite (got -1)", std::invalid_argument);
    CHECK_THROWS_AS((void)steer::shadow(moving, still, {.stand_off = 1, .slowing_distance = -1}), std::invalid_argument);
    CHECK_THROWS_WITH_AS(steer::validate(steer::shadow_params<V>{.slowing_distance = -1}),
                         "steer::shadow: slowing_distance must be >= 0 and finite (got -1)", std::invalid_argument);
}

TEST_CASE_TEMPLATE("shadow answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng states(37);
    for (int i = 0; i < 300; ++i) {
        const auto v = steer::test::random_vehicle<V>(states);
        const auto quarry = steer::test::random_vehicle<V>(states);
        const steer::shadow_params<V> p{.stand_off = steer::uniform(states, S(0), S(4)),
                                        .slowing_distance = steer::uniform(states, S(0), S(5))};
        const V force = steer::shadow(v, quarry, p);
        CAPTURE(force);
        CHECK(steer::test::within_max_force(force, v.max_force()));
        CHECK(steer::test::same_bits(
            steer::shadow(steer::test::bare(v), steer::test::bare(quarry), p), force));
    }
    // From rest, far from a quarry standing still: the whole of max_force toward the stand-off point.
    const steer::vehicle<V> v({.position = make<V>(-15, 6, 2), .mass = 2, .max_force = S(1.5), .max_speed = 3});
    const steer::vehicle<V> quarry({.position = make<V>(1, 1, 1)});
    const V force = steer::shadow(v, quarry);
    CHECK(steer::test::at_full_effort(force, S(1.5)));
    CHECK(static_cast<double>(glm::dot(steer::safe_normalize(force), steer::safe_normalize(quarry.position() - v.position()))) >
          1 - 1e-5);
}
