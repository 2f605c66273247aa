#ifndef STEER_TESTS_BEHAVIORS_GROUPS_UTIL_HPP
#define STEER_TESTS_BEHAVIORS_GROUPS_UTIL_HPP

// Helpers for the group-behavior scenarios: building crowds, stepping them in lockstep,
// and measuring them (polarization, spacing, spread).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>

#include <steer/agent.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

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

/// A game's own character type: the six members `steer::agent` asks for and nothing else
/// (no side, up or speed: the library derives them), copied from a vehicle; with `WithMass`
/// also `mass()`, for behaviors that read it. A group behavior must answer for it exactly
/// as for the vehicle.
template <steer::vector V, bool WithMass = false>
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

template <bool WithMass = false, steer::vector V>
std::vector<bare_agent<V, WithMass>> bare(const std::vector<steer::vehicle<V>>& crowd) {
    return std::vector<bare_agent<V, WithMass>>(crowd.begin(), crowd.end());
}

/// `count` vehicles in a ball of `radius`, each with its own random velocity (up to its
/// max_speed), max_speed in [0.5, 3], max_force in [0.2, 6] (so rarely equal to max_speed),
/// mass in [0.3, 4] and radius in [0, 0.8]: the random states of the output-bound tests.
template <steer::vector V>
std::vector<steer::vehicle<V>> random_states(steer::rng& gen, std::size_t count, double radius) {
    using S = steer::scalar_t<V>;
    std::vector<steer::vehicle<V>> crowd;
    crowd.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const S max_speed = steer::uniform(gen, S(0.5), S(3));
        crowd.emplace_back(steer::vehicle_params<V>{
            .position = steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(radius),
            .velocity = steer::random_unit_vector<V>(gen) * (max_speed * steer::uniform01<S>(gen)),
            .mass = steer::uniform(gen, S(0.3), S(4)),
            .radius = steer::uniform(gen, S(0), S(0.8)),
            .max_force = steer::uniform(gen, S(0.2), S(6)),
            .max_speed = max_speed});
    }
    return crowd;
}

/// Whether |force| <= max_force, within float rounding.
template <steer::vector V>
bool within_max_force(const V& force, steer::scalar_t<V> max_force) {
    return static_cast<double>(glm::length(force)) <= static_cast<double>(max_force) * (1 + 1e-5);
}

/// Whether |force| == max_force within 1e-5 relative: full effort.
template <steer::vector V>
bool at_max_force(const V& force, steer::scalar_t<V> max_force) {
    return std::abs(static_cast<double>(glm::length(force)) - static_cast<double>(max_force)) <=
           1e-5 * static_cast<double>(max_force);
}

}  // namespace steer::test

#endif  // STEER_TESTS_BEHAVIORS_GROUPS_UTIL_HPP
