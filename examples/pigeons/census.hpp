#ifndef PIGEONS_CENSUS_HPP
#define PIGEONS_CENSUS_HPP

/// @file
/// What the program reports about a park between frames: how many birds fly, how annoyed
/// they are, how close the nearest two are and how many have strayed out of the enclosure.
/// Read-only counts over `park`'s public state; the model itself never needs them.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>

#include "park.hpp"

namespace pigeons {

/// Birds in the air.
[[nodiscard]] inline std::size_t flying_count(const park& p) {
    const auto minds = p.crowd().data();
    return static_cast<std::size_t>(std::count_if(minds.begin(), minds.end(), [](const pigeon& m) { return m.flying; }));
}

/// The flock's mean annoyance, summed by bird number: the same sum whatever order the
/// crowd keeps its agents in.
[[nodiscard]] inline float mean_annoyance(const park& p) {
    float sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) sum += p.mind(i).annoyance;
    return p.size() == 0 ? 0.0f : sum / static_cast<float>(p.size());
}

/// Birds whose centre is outside the enclosure.
[[nodiscard]] inline std::size_t outside_count(const park& p) {
    const auto e = p.config().enclosure();
    const auto bodies = p.crowd().vehicles();
    return static_cast<std::size_t>(std::count_if(bodies.begin(), bodies.end(), [&](const steer::vehicle3& b) {
        return !steer::contains(e, b.position());
    }));
}

/// The smallest distance between two birds, if any pair is closer than `limit`.
[[nodiscard]] inline std::optional<float> nearest_pair(const park& p, float limit) {
    const auto& crowd = p.crowd();
    float best = limit * limit;
    bool found = false;
    for (const steer::vehicle3& b : crowd.vehicles())
        crowd.for_each_within(b.position(), limit, [&](steer::crowd_id other, float d2) {
            if (&crowd.agent(other) != &b && d2 <= best) {
                best = d2;
                found = true;
            }
        });
    return found ? std::optional<float>(std::sqrt(best)) : std::nullopt;
}

/// Pairs of walking birds whose bodies overlap by more than 1% of the sum of their radii
/// (the measure of docs/behaviors.md, "Reciprocal avoidance"). Every bird has the same radius.
[[nodiscard]] inline std::size_t overlapping_walkers(const park& p) {
    const auto& crowd = p.crowd();
    const auto bodies = crowd.vehicles();
    const auto minds = crowd.data();
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        if (minds[i].flying) continue;
        const steer::vehicle3& b = bodies[i];
        crowd.for_each_within(b.position(), 2 * b.radius(), [&](steer::crowd_id other, float d2) {
            const steer::vehicle3& o = crowd.agent(other);
            const float reach = 0.99f * (b.radius() + o.radius());
            // Each pair once: from the one stored first.
            if (&o > &b && !crowd.data(other).flying && d2 < reach * reach) ++pairs;
        });
    }
    return pairs;
}

}  // namespace pigeons

#endif  // PIGEONS_CENSUS_HPP
