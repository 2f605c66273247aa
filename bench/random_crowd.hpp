#ifndef STEER_BENCH_RANDOM_CROWD_HPP
#define STEER_BENCH_RANDOM_CROWD_HPP

// The crowd the group behaviors' benchmarks share: n + 1 characters in a ball of radius 4
// with random velocities (1.5 units/s), so that each one's neighbors are the other n (it
// appears in the range itself and is skipped, as in a real flock update).

#include <cstddef>
#include <vector>

#include <steer/random.hpp>
#include <steer/vehicle.hpp>

namespace bench {

template <class V>
std::vector<steer::vehicle<V>> random_crowd(std::size_t neighbors, steer::scalar_t<V> max_force = 2) {
    using S = steer::scalar_t<V>;
    steer::rng gen(7);
    std::vector<steer::vehicle<V>> crowd;
    for (std::size_t i = 0; i <= neighbors; ++i)
        crowd.emplace_back(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(4),
                                                    .velocity = steer::random_unit_vector<V>(gen) * S(1.5),
                                                    .max_force = max_force, .max_speed = 2});
    return crowd;
}

}  // namespace bench

#endif  // STEER_BENCH_RANDOM_CROWD_HPP
