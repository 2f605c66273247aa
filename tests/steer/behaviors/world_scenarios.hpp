#ifndef STEER_TESTS_BEHAVIORS_WORLD_SCENARIOS_HPP
#define STEER_TESTS_BEHAVIORS_WORLD_SCENARIOS_HPP

// Small pieces shared by the scenario tests of the world behaviors.

#include <cmath>

#include <steer/math.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace steer::test {

/// The first steering that is longer than a small epsilon, else the second. This is
/// priority(first, second) from the combiners (Reynolds 1999, "Combining Behaviors"),
/// written inline here until steer::priority is merged.
template <class V>
V first_nonzero(const V& first, const V& second) {
    using S = steer::scalar_t<V>;
    return steer::length_squared(first) > S(1e-6) * S(1e-6) ? first : second;
}

/// A wander stand-in for the containment scenarios: the steering target takes a random
/// walk on a circle (sphere) ahead of the vehicle, so turns are sustained, as in the paper.
template <class V>
struct test_wander {
    V target{};  // unit vector, world space
    template <class G>
    V operator()(const steer::vehicle<V>& v, G& gen, steer::scalar_t<V> dt) {
        using S = steer::scalar_t<V>;
        if (target == V(S(0))) target = v.forward();
        target = steer::safe_normalize(target + steer::random_vector_in_unit_ball<V>(gen) * (S(6) * std::sqrt(dt)));
        if (target == V(S(0))) target = v.forward();
        return (v.forward() * S(2) + target) * v.max_force() / S(3) + (v.forward() * v.max_speed() - v.velocity());
    }
};

}  // namespace steer::test

#endif  // STEER_TESTS_BEHAVIORS_WORLD_SCENARIOS_HPP
