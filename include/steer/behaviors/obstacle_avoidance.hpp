#ifndef STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP
#define STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP

/// @file
/// Obstacle avoidance (Reynolds 1999, "Obstacle Avoidance"): keep a cylinder of free space
/// ahead of the character and turn away from the nearest sphere that cuts into it.

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/sphere.hpp"

namespace steer {

/// Tuning for `obstacle_avoidance`.
template <vector V>
struct obstacle_avoidance_params {
    /// How far ahead the agent looks, in seconds of travel at its current speed (>= 0). The
    /// default, 2 s, leaves a vehicle whose max_force is about its max_speed time to turn
    /// aside; a slow or weak turner wants more.
    scalar_t<V> min_time_to_collision = 2;
    /// Extra free distance (world units, >= 0) kept between the agent's body and an
    /// obstacle's surface, on each side of the cylinder. 0, the default, is the paper's
    /// cylinder of exactly the agent's diameter.
    scalar_t<V> clearance = 0;
};

/// Refuses a negative or non-finite look-ahead time or clearance, as `obstacle_avoidance` would.
template <vector V>
void validate(const obstacle_avoidance_params<V>& p) {
    detail::expect_at_least("steer::obstacle_avoidance", "min_time_to_collision", p.min_time_to_collision, 0);
    detail::expect_at_least("steer::obstacle_avoidance", "clearance", p.clearance, 0);
}

/// Steers around spherical obstacles (Reynolds 1999, "Obstacle Avoidance"). The agent keeps
/// a cylinder of free space ahead of it: the cylinder runs along `forward()`, is as wide as
/// the agent's body (plus `clearance` on each side), and reaches `min_time_to_collision *
/// speed + 2 * radius` ahead of the agent's center (the floor of one body length keeps a
/// slow or resting agent looking ahead). Only an obstacle cutting into that cylinder is a
/// threat; one beside the path (a car driving along a wall) draws no reaction at all, which
/// is what sets this apart from flee.
///
/// An obstacle is no threat when its center is behind the agent (driving straight on only
/// moves away from it), when it is laterally clear (its distance from the forward axis is
/// at least the sum of the two radii and the clearance: an agent driving parallel to a row
/// of spheres gets exactly zero), or when the forward axis enters it (grown by the agent's
/// radius and the clearance) beyond the cylinder's end. Of the rest, the one the axis enters
/// first is the threat, and the agent turns away from it at full effort: along the negated
/// side-up projection of its center. An obstacle dead ahead is passed on the agent's side
/// (`steer::side`). An obstacle the agent already overlaps counts as entered at once, so it
/// still turns away from it.
///
/// Like the paper's, this avoidance is local and reactive: it sees one threat at a time, so
/// a gap between two spheres narrower than the agent, or the notch where two spheres
/// overlap, can trap it, bouncing from one to the other. Give such clusters one bounding
/// sphere (the paper's advice). When blended by priority with a behavior that pulls toward
/// the obstacle (seek to a goal behind it), that behavior bends the path inward for one
/// step each time the cylinder is just clear, so the bodies can touch by about
/// `max_force / mass * dt^2`; a `clearance` of a few percent of the radius absorbs that.
///
/// @param obstacles any range of `sphere<V>` or of pointers to spheres (`sphere_range`).
/// @return a lateral force of exactly max_force (full effort) while an obstacle threatens,
///         exactly zero otherwise.
template <agent A, class Obstacles>
    requires sphere_range<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> obstacle_avoidance(const A& a, const Obstacles& obstacles,
                                                   const obstacle_avoidance_params<agent_vector_t<A>>& p = {}) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p);
    const V position = a.position();
    const V forward = a.forward();
    const S radius = static_cast<S>(a.radius());
    const S lookahead = p.min_time_to_collision * speed(a) + S(2) * radius;

    bool threatened = false;
    S first_entry = 0;
    S threat_ahead = 0;
    V threat_lateral{};
    for (const auto& element : obstacles) {
        const sphere<V>& obstacle = detail::sphere_of<V>(element);
        const V offset = obstacle.center - position;
        const S ahead = glm::dot(offset, forward);  // the center's forward coordinate
        if (ahead < S(0)) continue;                 // behind
        const V lateral = offset - forward * ahead;  // the center projected on the side-up plane
        const S reach = obstacle.radius + radius + p.clearance;
        const S lateral_squared = length_squared(lateral);
        if (!(lateral_squared < reach * reach)) continue;  // laterally clear
        const S entry = ahead - std::sqrt(reach * reach - lateral_squared);  // the axis enters the grown sphere
        if (entry > lookahead) continue;                                      // beyond the cylinder
        if (!threatened || entry < first_entry) {
            threatened = true;
            first_entry = entry;
            threat_ahead = ahead;
            threat_lateral = lateral;
        }
    }
    if (!threatened) return V(S(0));
    // Dead ahead (a lateral offset no bigger than the rounding error of computing it) has
    // no "away": pass on the side, so the choice does not depend on rounding noise.
    const S rounding = S(16) * std::numeric_limits<S>::epsilon() * threat_ahead;
    const bool dead_ahead = length_squared(threat_lateral) <= rounding * rounding;
    const V away = dead_ahead ? side(a) : safe_normalize(-threat_lateral);
    return away * static_cast<S>(a.max_force());
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP
