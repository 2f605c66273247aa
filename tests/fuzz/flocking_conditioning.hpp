#ifndef STEER_TESTS_FUZZ_FLOCKING_CONDITIONING_HPP
#define STEER_TESTS_FUZZ_FLOCKING_CONDITIONING_HPP

// Whether `steer::flocking`'s answer for one agent of a group is well conditioned: the
// same, within a tolerance, whatever the order of the sums. Two paths that add the same
// terms in another order (a flock's or a crowd's lanes against the per-vehicle loop) agree
// only there: a sum that is rounding left over, normalized into a direction, points
// anywhere. Shared by the flock and crowd fuzzers.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <steer/behaviors/flocking.hpp>
#include <steer/vehicle.hpp>

#include "fuzz_input.hpp"

namespace steer::fuzz {

/// The distance between two forces.
template <steer::vector V>
double gap(const V& a, const V& b) {
    return static_cast<double>(steer::safe_length(a - b));
}

/// A neighborhood from the input: a sensible distance or one from the whole range.
template <steer::vector V>
steer::neighborhood<V> random_neighborhood(input& in) {
    using S = steer::scalar_t<V>;
    return {.max_distance = in.flag() ? in.in_range<S>(S(0), S(3)) : in.non_negative<S>(),
            .max_angle = in.in_range<S>(S(0), S(4))};
}

/// Every neighborhood `factor` times as far and `turn` radians wider.
template <steer::vector V>
steer::flocking_params<V> scaled(steer::flocking_params<V> p, double factor, double turn) {
    using S = steer::scalar_t<V>;
    for (steer::neighborhood<V>* n : {&p.separation, &p.alignment, &p.cohesion}) {
        const double wider = static_cast<double>(n->max_distance) * factor;
        if (wider <= static_cast<double>(std::numeric_limits<S>::max())) n->max_distance = static_cast<S>(wider);
        n->max_angle = std::max(S(0), static_cast<S>(static_cast<double>(n->max_angle) + turn));
    }
    return p;
}

/// The weights moved apart by relative amounts: a sum of weighted unit vectors that cancel
/// (separation against cohesion at equal weights) is rounding left over, which this turns.
template <steer::vector V>
steer::flocking_params<V> reweighted(steer::flocking_params<V> p, double first, double last) {
    using S = steer::scalar_t<V>;
    const auto times = [](S w, double f) {
        const double x = static_cast<double>(w) * f;
        return std::abs(x) <= static_cast<double>(std::numeric_limits<S>::max()) ? static_cast<S>(x) : w;
    };
    p.separation_weight = times(p.separation_weight, first);
    p.cohesion_weight = times(p.cohesion_weight, last);
    return p;
}

/// Whether each of flocking's three sums over `agent`'s neighbors is more than the rounding
/// of its terms (|sum| > 1000 epsilon * sum of |term|), for the components with a non-zero
/// weight: a sum that is mostly cancellation (offsets of 1e13 either side of an agent whose
/// near neighbors are 0.03 away) points anywhere after its terms are added in another order.
template <steer::vector V>
bool sums_conditioned(const std::vector<steer::vehicle<V>>& all, std::size_t agent, const steer::flocking_params<V>& p) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V>& a = all[agent];
    V sums[3] = {V(S(0)), V(S(0)), V(S(0))};
    double sizes[3] = {0, 0, 0};
    double count = 0;
    for (std::size_t k = 0; k < all.size(); ++k) {
        if (k == agent) continue;
        const steer::vehicle<V>& other = all[k];
        const V offset = other.position() - a.position();
        const S squared = steer::length_squared(offset);
        if (!(squared >= std::numeric_limits<S>::min() && squared <= std::numeric_limits<S>::max())) continue;
        if (steer::in_neighborhood(a, other, p.separation) && p.separation_spacing.bodies) {
            // Between bodies: away from the neighbor, by the push of the gap between surfaces.
            const S distance = std::sqrt(squared);
            const S gap = distance - static_cast<S>(a.radius()) - static_cast<S>(other.radius());
            const V push = -offset / distance *
                           steer::detail::body_separation_strength(p.separation_spacing.personal_space, gap);
            sums[0] += push;
            sizes[0] += static_cast<double>(steer::safe_length(push));
        } else if (steer::in_neighborhood(a, other, p.separation)) {
            sums[0] -= offset / squared;
            sizes[0] += static_cast<double>(steer::safe_length(offset / squared));
        }
        if (steer::in_neighborhood(a, other, p.alignment)) {
            sums[1] += other.forward();
            sizes[1] += 1;
            count += 1;
        }
        if (steer::in_neighborhood(a, other, p.cohesion)) {
            sums[2] += offset;
            sizes[2] += static_cast<double>(steer::safe_length(offset));
        }
    }
    if (count > 0) {  // the velocity error: heading sum * (max_speed / count) - velocity
        sums[1] = sums[1] * (a.max_speed() / static_cast<S>(count)) - a.velocity();
        sizes[1] = static_cast<double>(a.max_speed()) + static_cast<double>(a.speed());
    } else {
        sums[1] = V(S(0));
        sizes[1] = 0;
    }
    const S weights[3] = {p.separation_weight, p.alignment_weight, p.cohesion_weight};
    const double noise = 1000 * static_cast<double>(std::numeric_limits<S>::epsilon());
    for (int c = 0; c < 3; ++c) {
        if (weights[c] == S(0) || sizes[c] == 0) continue;
        if (!(static_cast<double>(steer::safe_length(sums[c])) > noise * sizes[c])) return false;
    }
    return true;
}

/// Whether `reference` (`steer::flocking(before[i], before, p)`) stays within a quarter of
/// `tolerance` when the sums run in reverse order, every neighborhood is 1e-4 larger or
/// smaller, the agent is a little slower, turned or moved, or the weights are 1e-4 apart.
template <steer::vector V>
bool flocking_stable(const std::vector<steer::vehicle<V>>& before, std::size_t i, const steer::flocking_params<V>& p,
                     const V& reference, double tolerance) {
    using S = steer::scalar_t<V>;
    // The agent nudged by a hundred-thousandth of its speed and of the neighborhoods:
    // a component that is only rounding left over (an agent already aligned with its
    // neighbors, a neighbor exactly opposite another) is normalized into a direction
    // that such a nudge turns anywhere.
    const V velocity = before[i].velocity();
    V across;  // square to the velocity
    if constexpr (steer::dimension_v<V> == 2) {
        across = V(-velocity.y, velocity.x);
    } else {
        V axis(S(0));
        const V a = glm::abs(velocity);
        axis[a.x <= a.y && a.x <= a.z ? 0 : (a.y <= a.z ? 1 : 2)] = S(1);
        across = glm::cross(velocity, axis);
    }
    std::vector<steer::vehicle<V>> slower = before, turned = before;
    const V slow = velocity * S(1 - 1e-5);
    const V turn = velocity + steer::safe_normalize(across) * (steer::safe_length(velocity) * S(1e-5));
    if (steer::is_finite(slow)) slower[i].set_velocity(slow);
    if (steer::is_finite(turn)) turned[i].set_velocity(turn);
    std::vector<steer::vehicle<V>> shifted = before;
    const S reach = std::max({p.separation.max_distance, p.alignment.max_distance, p.cohesion.max_distance});
    const V moved = before[i].position() + V(reach * S(1e-5));
    if (steer::is_finite(moved)) shifted[i].set_position(moved);
    const std::vector<steer::vehicle<V>> reversed(before.rbegin(), before.rend());
    const V others[] = {steer::flocking(reversed[reversed.size() - 1 - i], reversed, p),
                        steer::flocking(before[i], before, scaled(p, 1 + 1e-4, 1e-4)),
                        steer::flocking(before[i], before, scaled(p, 1 - 1e-4, -1e-4)),
                        steer::flocking(slower[i], slower, p), steer::flocking(turned[i], turned, p),
                        steer::flocking(shifted[i], shifted, p),
                        steer::flocking(before[i], before, reweighted(p, 1 + 1e-4, 1 - 1e-4)),
                        steer::flocking(before[i], before, reweighted(p, 1 - 1e-4, 1 + 1e-4))};
    for (const V& other : others)
        if (!(gap(other, reference) <= tolerance / 4)) return false;
    return true;
}

}  // namespace steer::fuzz

#endif  // STEER_TESTS_FUZZ_FLOCKING_CONDITIONING_HPP
