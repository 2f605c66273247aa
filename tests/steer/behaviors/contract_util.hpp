#ifndef STEER_TESTS_BEHAVIORS_CONTRACT_UTIL_HPP
#define STEER_TESTS_BEHAVIORS_CONTRACT_UTIL_HPP

// Helpers for the output contract's tests: every behavior answers with a force at most
// max_force long, and exactly max_force at full effort.

#include <doctest/doctest.h>

#include <glm/geometric.hpp>

#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace steer::test {

/// A vehicle in a random state within 10 units of the origin: mass, max_force and max_speed
/// drawn independently (so max_force is almost never max_speed), velocity up to max_speed.
template <steer::vector V>
steer::vehicle<V> random_vehicle(steer::rng& gen) {
    using S = steer::scalar_t<V>;
    const S max_speed = steer::uniform(gen, S(0.1), S(10));
    return steer::vehicle<V>({.position = steer::random_vector_in_unit_ball<V>(gen) * S(10),
                              .velocity = steer::random_vector_in_unit_ball<V>(gen) * max_speed,
                              .mass = steer::uniform(gen, S(0.2), S(5)),
                              .max_force = steer::uniform(gen, S(0.1), S(10)),
                              .max_speed = max_speed});
}

/// Whether `force` is at most `max_force` long, allowing for the rounding of the length.
template <steer::vector V>
bool within_max_force(const V& force, steer::scalar_t<V> max_force) {
    return static_cast<double>(glm::length(force)) <= static_cast<double>(max_force) * (1 + 1e-5);
}

/// Whether `force` is exactly full effort: max_force long, within rounding.
template <steer::vector V>
bool full_effort(const V& force, steer::scalar_t<V> max_force) {
    return static_cast<double>(glm::length(force)) == doctest::Approx(static_cast<double>(max_force)).epsilon(1e-5);
}

}  // namespace steer::test

#endif  // STEER_TESTS_BEHAVIORS_CONTRACT_UTIL_HPP
