#ifndef STEER_TESTS_BEHAVIORS_EFFORT_UTIL_HPP
#define STEER_TESTS_BEHAVIORS_EFFORT_UTIL_HPP

// Helpers for the output contract's tests (at most max_force, max_force at full effort):
// random vehicles whose limits are not the unit ones, and a user agent that mirrors a
// vehicle's state, so a behavior's answers for the two can be compared bit for bit.

#include <cmath>

#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

namespace steer::test {

/// A vehicle in a random state: position within 10 of the origin, any velocity up to its
/// max_speed, mass in [0.3, 4] (never 1), max_force in [0.2, 6] and max_speed in [0.3, 5]
/// (never equal), so that a behavior that confuses force, speed and acceleration shows.
template <steer::vector V>
steer::vehicle<V> random_vehicle(steer::rng& gen) {
    using S = steer::scalar_t<V>;
    const S max_speed = steer::uniform(gen, S(0.3), S(5));
    S max_force = steer::uniform(gen, S(0.2), S(6));
    if (std::abs(max_force - max_speed) < S(0.05)) max_force += S(0.5);
    S mass = steer::uniform(gen, S(0.3), S(4));
    if (std::abs(mass - S(1)) < S(0.05)) mass += S(0.5);
    return steer::vehicle<V>({.position = steer::random_vector_in_unit_ball<V>(gen) * S(10),
                              .velocity = steer::random_vector_in_unit_ball<V>(gen) * max_speed,
                              .mass = mass,
                              .max_force = max_force,
                              .max_speed = max_speed});
}

/// A user's own agent type in the same state as a vehicle: the six members the concept
/// requires, returned by value rather than by reference, plus mass() and, in 3D, the
/// vehicle's side() and up() (a 3D vehicle's frame keeps the up it had, which a frame
/// derived from forward alone rounds differently); in 2D its side is derived by the library.
template <steer::vector V>
struct mirror_agent {
    V p, v, f, s, u;
    steer::scalar_t<V> speed_limit, force_limit, body, weight;
    explicit mirror_agent(const steer::vehicle<V>& source)
        : p(source.position()), v(source.velocity()), f(source.forward()), s(), u(), speed_limit(source.max_speed()),
          force_limit(source.max_force()), body(source.radius()), weight(source.mass()) {
        if constexpr (steer::dimension_v<V> == 3) s = source.side(), u = source.up();
    }
    V side() const
        requires(steer::dimension_v<V> == 3)
    {
        return s;
    }
    V up() const
        requires(steer::dimension_v<V> == 3)
    {
        return u;
    }
    V position() const { return p; }
    V velocity() const { return v; }
    V forward() const { return f; }
    steer::scalar_t<V> max_speed() const { return speed_limit; }
    steer::scalar_t<V> max_force() const { return force_limit; }
    steer::scalar_t<V> radius() const { return body; }
    steer::scalar_t<V> mass() const { return weight; }
};

/// Whether `force` is at most `max_force` long, within float rounding.
template <steer::vector V>
bool within_max_force(const V& force, steer::scalar_t<V> max_force) {
    return static_cast<double>(glm::length(force)) <= static_cast<double>(max_force) * (1 + 1e-5);
}

/// Whether `force` is `max_force` long within 1e-5 relative.
template <steer::vector V>
bool at_max_force(const V& force, steer::scalar_t<V> max_force) {
    return std::abs(static_cast<double>(glm::length(force)) - static_cast<double>(max_force)) <=
           1e-5 * static_cast<double>(max_force);
}

}  // namespace steer::test

#endif  // STEER_TESTS_BEHAVIORS_EFFORT_UTIL_HPP
