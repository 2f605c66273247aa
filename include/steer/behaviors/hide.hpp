#ifndef STEER_BEHAVIORS_HIDE_HPP
#define STEER_BEHAVIORS_HIDE_HPP

/// @file
/// Hide (Reynolds 1999, "Other Behaviors"): get an obstacle between yourself and a hunter.

#include <limits>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/sphere.hpp"
#include "arrival.hpp"
#include "seek.hpp"

namespace steer {

/// Tuning for `hide`.
template <vector V>
struct hide_params {
    /// Clearance (world units, >= 0) between the hider's body and the obstacle's surface at
    /// the hiding point. The default, 1, keeps a hider of radius about 0.5 clear of the
    /// rock while it settles.
    scalar_t<V> margin = 1;
    /// Distance (world units, >= 0) over which `arrival` slows the hider down to stop on the
    /// hiding point (arrival lengthens it where the hider could not stop in time). The
    /// default is 2.
    scalar_t<V> slowing_distance = 2;
};

/// Refuses a negative or non-finite margin or slowing distance, as `hide` would.
template <vector V>
void validate(const hide_params<V>& p) {
    detail::expect_at_least("steer::hide", "margin", p.margin, 0);
    detail::expect_at_least("steer::hide", "slowing_distance", p.slowing_distance, 0);
}

/// Hides from a hunter at `hunter_position` behind one of `obstacles` (Reynolds 1999,
/// "Other Behaviors": a target on the far side of an obstacle from the opponent). Each
/// obstacle offers a hiding point on its far side from the hunter, on the line from the
/// hunter through its center, `radius + a.radius() + margin` from the center; the hider
/// arrives (with `arrival`, stopping there) at the hiding point nearest to itself.
/// Obstacles of zero radius, and one whose center is exactly at the hunter, hide nothing
/// and are skipped. With no usable obstacle the hider flees from the hunter.
/// The straight way to the hiding point may cross the obstacle: combine with
/// `obstacle_avoidance` (first priority) in a cluttered world.
/// @param obstacles any range of `sphere<V>` or of pointers to spheres (`sphere_range`).
/// @return arrival's force toward the hiding point (full effort while far from it, zero at
///         rest on it), or flee's (full effort from rest) when there is nowhere to hide.
template <agent A, class Obstacles>
    requires sphere_range<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> hide(const A& a, const agent_vector_t<A>& hunter_position, const Obstacles& obstacles,
                                     const hide_params<agent_vector_t<A>>& p = {}) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p);
    const V position = a.position();
    const S radius = static_cast<S>(a.radius());
    bool found = false;
    S best_distance_squared = std::numeric_limits<S>::infinity();
    V best{};
    for (const auto& element : obstacles) {
        const sphere<V>& obstacle = detail::sphere_of<V>(element);
        if (!(obstacle.radius > S(0))) continue;
        const V away = safe_normalize(obstacle.center - hunter_position);
        if (away == V(S(0))) continue;
        const V spot = obstacle.center + away * (obstacle.radius + radius + p.margin);
        const S d2 = distance_squared(spot, position);
        if (!found || d2 < best_distance_squared) {
            found = true;
            best_distance_squared = d2;
            best = spot;
        }
    }
    if (!found) return flee(a, hunter_position);
    return arrival(a, best, {.slowing_distance = p.slowing_distance});
}

/// Hides from `hunter` behind one of `obstacles`: the hunter's current position is the one
/// to hide from (see the overload taking a position).
template <agent A, agent_of<agent_vector_t<A>> H, class Obstacles>
    requires sphere_range<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> hide(const A& a, const H& hunter, const Obstacles& obstacles,
                                     const hide_params<agent_vector_t<A>>& p = {}) {
    return hide(a, static_cast<agent_vector_t<A>>(hunter.position()), obstacles, p);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_HIDE_HPP
