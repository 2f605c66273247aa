#ifndef STEER_TESTS_BEHAVIORS_GROUPS_UTIL_HPP
#define STEER_TESTS_BEHAVIORS_GROUPS_UTIL_HPP

// Helpers for the group-behavior scenarios: building crowds, stepping them in lockstep,
// and measuring them (polarization, spacing, spread). The output contract's helpers (random
// vehicles, the user agent type, the length checks) are in contract_util.hpp.

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>

#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "contract_util.hpp"

namespace steer::test {

/// `count` vehicles at uniform random points of a ball of `radius` around the origin,
/// each with `params` otherwise, heading in a random direction at `speed`.
template <steer::vector V>
std::vector<steer::vehicle<V>> scatter(steer::rng& gen, std::size_t count, double radius, double speed,
                                       steer::vehicle_params<V> params) {
    using S = steer::scalar_t<V>;
    std::vector<steer::vehicle<V>> crowd;
    crowd.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        params.position = steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(radius);
        params.velocity = steer::random_unit_vector<V>(gen) * static_cast<S>(speed);
        crowd.emplace_back(params);
    }
    return crowd;
}

/// One synchronous step: every steering force is computed from the same snapshot, then
/// every vehicle moves. `steering(i)` returns vehicle i's force.
template <steer::vector V, class F>
void step_all(std::vector<steer::vehicle<V>>& crowd, F&& steering, double dt) {
    std::vector<V> forces(crowd.size());
    for (std::size_t i = 0; i < crowd.size(); ++i) forces[i] = steering(i);
    for (std::size_t i = 0; i < crowd.size(); ++i)
        crowd[i].apply_force(forces[i], static_cast<steer::scalar_t<V>>(dt));
}

/// The length of the average forward vector: 1 when all head the same way, near 0 when random.
template <steer::vector V>
double polarization(const std::vector<steer::vehicle<V>>& crowd) {
    V sum(0);
    for (const auto& v : crowd) sum += v.forward();
    return static_cast<double>(glm::length(sum)) / static_cast<double>(crowd.size());
}

template <steer::vector V>
double gap(const V& a, const V& b) {
    return static_cast<double>(glm::length(a - b));
}

template <steer::vector V>
double min_pairwise_distance(const std::vector<steer::vehicle<V>>& crowd) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < crowd.size(); ++i)
        for (std::size_t j = i + 1; j < crowd.size(); ++j)
            best = std::min(best, gap(crowd[i].position(), crowd[j].position()));
    return best;
}

template <steer::vector V>
double mean_nearest_neighbor_distance(const std::vector<steer::vehicle<V>>& crowd) {
    double total = 0;
    for (std::size_t i = 0; i < crowd.size(); ++i) {
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t j = 0; j < crowd.size(); ++j)
            if (j != i) best = std::min(best, gap(crowd[i].position(), crowd[j].position()));
        total += best;
    }
    return total / static_cast<double>(crowd.size());
}

template <steer::vector V>
double mean_distance_to_centroid(const std::vector<steer::vehicle<V>>& crowd) {
    V centroid(0);
    for (const auto& v : crowd) centroid += v.position();
    centroid /= static_cast<steer::scalar_t<V>>(crowd.size());
    double total = 0;
    for (const auto& v : crowd) total += gap(v.position(), centroid);
    return total / static_cast<double>(crowd.size());
}

/// `count` fresh random vehicles (contract_util.hpp's random_vehicle) in a ball of `radius`:
/// the random states of the output-bound tests.
template <steer::vector V>
std::vector<steer::vehicle<V>> random_states(steer::rng& gen, std::size_t count, double radius) {
    std::vector<steer::vehicle<V>> crowd;
    crowd.reserve(count);
    for (std::size_t i = 0; i < count; ++i) crowd.push_back(random_vehicle<V>(gen, radius));
    return crowd;
}

}  // namespace steer::test

#endif  // STEER_TESTS_BEHAVIORS_GROUPS_UTIL_HPP
