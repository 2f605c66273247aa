#ifndef STEER_TESTS_STEER_BEHAVIORS_WORLD_UTIL_HPP
#define STEER_TESTS_STEER_BEHAVIORS_WORLD_UTIL_HPP

// Helpers for the tests of the behaviors that react to the world (obstacle avoidance, path
// and wall following, containment, flow field following, hide): random vehicles for the
// output-contract tests, and a user agent with only the six required members.

#include <cmath>

#include <doctest/doctest.h>

#include <steer/agent.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

namespace steer::test {

/// A user's agent with only what `steer::agent` requires, plus its mass (state a behavior
/// may read): side, up and speed are derived by the library. Built from a vehicle that has
/// not turned since it was built, its answers must be bit-identical to the vehicle's.
template <steer::vector V>
struct bare_agent {
    using S = steer::scalar_t<V>;
    V at{}, moving{}, heading{};
    S top_speed = 1, top_force = 1, size = 0, weight = 1;

    V position() const { return at; }
    V velocity() const { return moving; }
    V forward() const { return heading; }
    S max_speed() const { return top_speed; }
    S max_force() const { return top_force; }
    S radius() const { return size; }
    S mass() const { return weight; }
};

template <steer::vector V>
bare_agent<V> bare(const steer::vehicle<V>& v) {
    return {v.position(), v.velocity(), v.forward(), v.max_speed(), v.max_force(), v.radius(), v.mass()};
}

static_assert(steer::agent<bare_agent<glm::vec2>>);
static_assert(steer::agent<bare_agent<glm::dvec3>>);

/// A vehicle in a random state within `spread` of the origin: max_force and max_speed
/// unrelated (0.2 to 10, 0.5 to 5), mass 0.3 to 4, radius 0 to 1, speed 0 to max_speed.
template <steer::vector V>
steer::vehicle<V> random_vehicle(steer::rng& gen, double spread) {
    using S = steer::scalar_t<V>;
    const S max_speed = steer::uniform<S>(gen, S(0.5), S(5));
    return steer::vehicle<V>({.position = steer::random_vector_in_unit_ball<V>(gen) * S(spread),
                              .velocity = steer::random_unit_vector<V>(gen) * steer::uniform<S>(gen, S(0), max_speed),
                              .mass = steer::uniform<S>(gen, S(0.3), S(4)),
                              .radius = steer::uniform<S>(gen, S(0), S(1)),
                              .max_force = steer::uniform<S>(gen, S(0.2), S(10)),
                              .max_speed = max_speed});
}

/// Whether a force is at most `max_force` long, within rounding.
template <steer::vector V>
bool within_max_force(const V& force, steer::scalar_t<V> max_force) {
    return static_cast<double>(steer::safe_length(force)) <= static_cast<double>(max_force) * (1 + 1e-5);
}

/// Whether a force is `max_force` long within 1e-5 relative.
template <steer::vector V>
bool at_full_effort(const V& force, steer::scalar_t<V> max_force) {
    const double length = static_cast<double>(steer::safe_length(force));
    return std::abs(length - static_cast<double>(max_force)) <= 1e-5 * static_cast<double>(max_force);
}

}  // namespace steer::test

#endif  // STEER_TESTS_STEER_BEHAVIORS_WORLD_UTIL_HPP
