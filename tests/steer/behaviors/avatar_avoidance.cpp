#include <cmath>

#include <doctest/doctest.h>

#include <steer/behaviors/avatar_avoidance.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

using steer::test::make;

TEST_CASE_TEMPLATE("avoid_avatar is zero outside the zone and pushes away inside it", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 3, .velocity_weight = 1};
    const V car(S(0));
    const V car_velocity = make<V>(2, 0, 0);  // forward reach 5, half-width 3
    steer::vehicle<V> far({.position = make<V>(0, 4, 0), .max_speed = 1});
    CHECK(steer::avoid_avatar(far, car, car_velocity, zone) == V(S(0)));
    steer::vehicle<V> behind({.position = make<V>(-1, 0, 0), .max_speed = 1});
    CHECK(steer::avoid_avatar(behind, car, car_velocity, zone).x < 0);  // straight away from the car
}

TEST_CASE_TEMPLATE("avoid_avatar moves away from the car's path as well as from the car", V, STEER_TEST_VECTORS) {
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
        bird.apply_force(steer::avoid_avatar(bird, car, car_velocity, zone), dt);
        car += car_velocity * dt;
        closest = std::min(closest, static_cast<double>(glm::length(bird.position() - car)));
    }
    CHECK(closest > 0.8);  // the car never runs the bird over
    CHECK(std::abs(static_cast<double>(bird.position().y)) > 1.0);  // it stepped aside
}

TEST_CASE_TEMPLATE("avoid_avatar is finite for coincident positions and a car at rest", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 1, .velocity_weight = 1};
    steer::vehicle<V> bird;
    const V at_rest = steer::avoid_avatar(bird, V(S(0)), V(S(0)), zone);
    const V moving = steer::avoid_avatar(bird, V(S(0)), make<V>(1, 0, 0), zone);
    CHECK(steer::is_finite(at_rest));
    CHECK(steer::is_finite(moving));
    CHECK(at_rest != V(S(0)));  // on top of the car there is still a way out
}
