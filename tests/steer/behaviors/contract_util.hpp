#ifndef STEER_TESTS_BEHAVIORS_CONTRACT_UTIL_HPP
#define STEER_TESTS_BEHAVIORS_CONTRACT_UTIL_HPP

// Helpers for the output contract's tests (every behavior answers at most max_force, exactly
// max_force at full effort, and the same bits for a user's agent as for a vehicle in the same
// state): random vehicles whose limits are not the unit ones, a user agent type with only the
// members the concept requires, and the two length checks.

#include <cmath>
#include <vector>

#include <steer/agent.hpp>
#include <steer/math.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace steer::test {

/// A fresh vehicle in a random state: position within `spread` of the origin, velocity up to
/// its max_speed, max_speed in [0.3, 5], max_force in [0.2, 8] (never within 0.05 of
/// max_speed), mass in [0.3, 4] (never within 0.05 of 1) and radius in [0, 1], so that a
/// behavior that confuses force, speed and acceleration, or ignores mass, shows.
template <steer::vector V>
steer::vehicle<V> random_vehicle(steer::rng& gen, double spread = 10) {
    using S = steer::scalar_t<V>;
    const S max_speed = steer::uniform(gen, S(0.3), S(5));
    S max_force = steer::uniform(gen, S(0.2), S(8));
    if (std::abs(max_force - max_speed) < S(0.05)) max_force += S(0.5);
    S mass = steer::uniform(gen, S(0.3), S(4));
    if (std::abs(mass - S(1)) < S(0.05)) mass += S(0.5);
    return steer::vehicle<V>({.position = steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(spread),
                              .velocity = steer::random_vector_in_unit_ball<V>(gen) * max_speed,
                              .mass = mass,
                              .radius = steer::uniform(gen, S(0), S(1)),
                              .max_force = max_force,
                              .max_speed = max_speed});
}

/// A game's own character type: the six members `steer::agent` requires, returned by value,
/// plus `mass()` (unless `WithMass` is false, for the behaviors that must not read it), copied
/// from a vehicle. Side, up and speed are derived by the library. That derived frame is the
/// frame of a fresh vehicle, which has not turned since it was built: a 3D vehicle that has
/// turned keeps the up it had, which a frame derived from forward alone may round differently,
/// so the tests compare fresh vehicles with these agents, bit for bit.
template <steer::vector V, bool WithMass = true>
class bare_agent {
public:
    using S = steer::scalar_t<V>;
    explicit bare_agent(const steer::vehicle<V>& v)
        : position_(v.position()), velocity_(v.velocity()), forward_(v.forward()), max_speed_(v.max_speed()),
          max_force_(v.max_force()), radius_(v.radius()), mass_(v.mass()) {}
    V position() const { return position_; }
    V velocity() const { return velocity_; }
    V forward() const { return forward_; }
    S max_speed() const { return max_speed_; }
    S max_force() const { return max_force_; }
    S radius() const { return radius_; }
    S mass() const
        requires WithMass
    {
        return mass_;
    }

private:
    V position_, velocity_, forward_;
    S max_speed_, max_force_, radius_, mass_;
};

static_assert(steer::agent<bare_agent<glm::vec2>>);
static_assert(steer::agent<bare_agent<glm::dvec3, false>>);

/// A user's agent in the same state as `v`.
template <bool WithMass = true, steer::vector V>
bare_agent<V, WithMass> bare(const steer::vehicle<V>& v) {
    return bare_agent<V, WithMass>(v);
}

/// A user's agents in the same states as `crowd`, in the same order.
template <bool WithMass = true, steer::vector V>
std::vector<bare_agent<V, WithMass>> bare(const std::vector<steer::vehicle<V>>& crowd) {
    return std::vector<bare_agent<V, WithMass>>(crowd.begin(), crowd.end());
}

/// Whether `force` is at most `max_force` long, allowing for the rounding of the length.
template <steer::vector V>
bool within_max_force(const V& force, steer::scalar_t<V> max_force) {
    return static_cast<double>(steer::safe_length(force)) <= static_cast<double>(max_force) * (1 + 1e-5);
}

/// Whether `force` is full effort: `max_force` long within 1e-5 relative.
template <steer::vector V>
bool at_full_effort(const V& force, steer::scalar_t<V> max_force) {
    const double length = static_cast<double>(steer::safe_length(force));
    return std::abs(length - static_cast<double>(max_force)) <= 1e-5 * static_cast<double>(max_force);
}

}  // namespace steer::test

#endif  // STEER_TESTS_BEHAVIORS_CONTRACT_UTIL_HPP
