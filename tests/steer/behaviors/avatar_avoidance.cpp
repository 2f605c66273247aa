#include <cmath>

#include <doctest/doctest.h>

#include <steer/behaviors/avatar_avoidance.hpp>
#include <steer/vehicle.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;

TEST_CASE_TEMPLATE("avatar_avoidance is zero outside the zone and pushes away inside it", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 3, .velocity_weight = 1};
    const V car(S(0));
    const V car_velocity = make<V>(2, 0, 0);  // forward reach 5, half-width 3
    steer::vehicle<V> far({.position = make<V>(0, 4, 0), .max_speed = 1});
    CHECK(steer::avatar_avoidance(far, car, car_velocity, zone) == V(S(0)));
    steer::vehicle<V> behind({.position = make<V>(-1, 0, 0), .max_speed = 1});
    CHECK(steer::avatar_avoidance(behind, car, car_velocity, zone).x < 0);  // straight away from the car
}

TEST_CASE_TEMPLATE("avatar_avoidance moves away from the car's path as well as from the car", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 3, .velocity_weight = 2};
    const V car(S(0));
    const V car_velocity = make<V>(2, 0, 0);
    // Ahead and slightly to the left of the path: the escape has a leftward part larger than
    // pure flight from the car would give.
    const V point = make<V>(3, 0.5, 0);
    const V escape = steer::avatar_escape_direction(zone, car, car_velocity, point);
    const V pure_flee = glm::normalize(point - car);
    CHECK(escape.y > pure_flee.y);
    CHECK(escape.x > 0);  // still away from the car, not toward it
    CHECK(std::abs(static_cast<double>(glm::length(escape)) - 1.0) < 1e-5);
    // Exactly on the path ahead: a deterministic sideways escape, never zero or NaN.
    const V on_path = steer::avatar_escape_direction(zone, car, car_velocity, make<V>(2, 0, 0));
    CHECK(steer::is_finite(on_path));
    CHECK(std::abs(static_cast<double>(glm::dot(on_path, make<V>(1, 0, 0)))) < 0.8);  // mostly sideways
    CHECK(std::abs(static_cast<double>(glm::length(on_path)) - 1.0) < 1e-5);
    CHECK(steer::avatar_escape_direction(zone, car, car_velocity, make<V>(2, 0, 0)) == on_path);
}

TEST_CASE_TEMPLATE("a character next to a passing car ends up off its path", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 2, .velocity_weight = 1};
    steer::vehicle<V> bird({.position = make<V>(6, 0.3, 0), .max_force = 4, .max_speed = 1.5});
    V car = make<V>(0, 0, 0);
    const V car_velocity = make<V>(2, 0, 0);
    const S dt = S(1) / S(60);
    double closest = 1e9;
    for (int frame = 0; frame < 6 * 60; ++frame) {
        bird.apply_force(steer::avatar_avoidance(bird, car, car_velocity, zone), dt);
        car += car_velocity * dt;
        closest = std::min(closest, static_cast<double>(glm::length(bird.position() - car)));
    }
    CHECK(closest > 0.8);  // the car never runs the bird over
    CHECK(std::abs(static_cast<double>(bird.position().y)) > 1.0);  // it stepped aside
}

TEST_CASE_TEMPLATE("avatar_avoidance is finite for coincident positions and a car at rest", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 1, .velocity_weight = 1};
    steer::vehicle<V> bird;
    const V at_rest = steer::avatar_avoidance(bird, V(S(0)), V(S(0)), zone);
    const V moving = steer::avatar_avoidance(bird, V(S(0)), make<V>(1, 0, 0), zone);
    CHECK(steer::is_finite(at_rest));
    CHECK(steer::is_finite(moving));
    CHECK(at_rest != V(S(0)));  // on top of the car there is still a way out
}

TEST_CASE_TEMPLATE("avatar_avoidance answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng states(47);
    for (int i = 0; i < 300; ++i) {
        const auto v = steer::test::random_vehicle<V>(states);
        const V avatar = steer::random_vector_in_unit_ball<V>(states) * S(8);
        const V avatar_velocity = steer::random_vector_in_unit_ball<V>(states) * S(4);
        const steer::avatar_neighborhood<V> zone{.radius = steer::uniform(states, S(0), S(10)),
                                                 .velocity_weight = steer::uniform(states, S(0), S(2))};
        const V force = steer::avatar_avoidance(v, avatar, avatar_velocity, zone);
        CAPTURE(force);
        CHECK(steer::test::within_max_force(force, v.max_force()));
        CHECK(steer::test::same_bits(
            steer::avatar_avoidance(steer::test::bare(v), avatar, avatar_velocity, zone), force));
    }
    const steer::avatar_neighborhood<V> zone{.radius = 4, .velocity_weight = 1};
    const V car(S(0));
    // At rest and deep inside (more than halfway in), behind the car: full effort straight away from it.
    const steer::vehicle<V> close({.position = make<V>(-1, 0, 0), .mass = 3, .max_force = S(2.5), .max_speed = 4});
    const V force = steer::avatar_avoidance(close, car, make<V>(2, 0, 0), zone);
    CHECK(steer::test::at_full_effort(force, S(2.5)));
    CHECK(static_cast<double>(glm::dot(steer::safe_normalize(force), make<V>(-1, 0, 0))) > 1 - 1e-5);
    // Already escaping at the desired velocity there: nothing to do.
    const steer::vehicle<V> escaping({.position = make<V>(-1, 0, 0), .velocity = make<V>(-4, 0, 0), .max_force = S(2.5),
                                      .max_speed = 4});
    CHECK(steer::test::near(steer::avatar_avoidance(escaping, car, make<V>(2, 0, 0), zone), V(S(0))));
}
