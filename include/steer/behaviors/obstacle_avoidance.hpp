#ifndef STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP
#define STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP

/// @file
/// Obstacle avoidance (Reynolds 1999, "Obstacle Avoidance"): keep a cylinder of free space
/// ahead of the character and turn away from the nearest sphere that cuts into it.

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "../world/sphere.hpp"

namespace steer {

/// Steers around spherical obstacles with the paper's cylinder test. The cylinder lies
/// along the vehicle's forward axis, has the vehicle's diameter (plus `clearance` on each
/// side), and reaches `min_time_to_collision * speed + 2 * radius` ahead of the vehicle's
/// center (the floor of one body length keeps a slow or resting vehicle looking ahead).
///
/// An obstacle is no threat when its center is behind the vehicle (driving straight on
/// only moves away from it), when it is laterally clear (its distance from the forward axis
/// is at least the sum of the two radii and the clearance: a vehicle driving parallel to a
/// row of spheres gets exactly zero), or when the forward axis enters it (grown by the
/// vehicle's radius and the clearance) beyond the cylinder's end. Of the rest, the one
/// entered first is the threat, and the answer is a full-strength lateral turn away from
/// its center: the negated side-up projection of the center, normalized and scaled to
/// `max_force`. An obstacle dead ahead is passed on the vehicle's `side()`. An obstacle the
/// vehicle already overlaps counts as entered at once, so it still turns away from it.
///
/// Like the paper's, this avoidance is local and reactive: it sees one threat at a time, so
/// a gap between two spheres narrower than the vehicle, or the notch where two spheres
/// overlap, can trap it, bouncing from one to the other. Give such clusters one bounding
/// sphere (the paper's advice). When blended by priority with a behavior that pulls toward
/// the obstacle (seek to a goal behind it), that behavior bends the path inward for one
/// step each time the cylinder is just clear, so the bodies can touch by about
/// `max_force / mass * dt^2`; a `clearance` of a few percent of the radius absorbs that.
///
/// @param spheres any range of `sphere<V>` or of pointers to spheres (`sphere_range`).
/// @param min_time_to_collision seconds of travel at the current speed to look ahead; >= 0.
/// @param clearance extra distance (>= 0) to keep between the vehicle's and the obstacles'
///        surfaces; 0 is the paper's cylinder.
/// @return a lateral force of length `max_force`, or exactly zero when nothing threatens.
template <vector V, sphere_range<V> R>
[[nodiscard]] V avoid_obstacles(const vehicle<V>& v, const R& spheres, scalar_t<V> min_time_to_collision,
                                scalar_t<V> clearance = 0) {
    using S = scalar_t<V>;
    detail::expect_at_least("steer::avoid_obstacles", "min_time_to_collision", min_time_to_collision, S(0));
    detail::expect_at_least("steer::avoid_obstacles", "clearance", clearance, S(0));
    const V& forward = v.forward();
    const S lookahead = min_time_to_collision * v.speed() + S(2) * v.radius();

    bool threatened = false;
    S first_entry = 0;
    S threat_ahead = 0;
    V threat_lateral{};
    for (const auto& element : spheres) {
        const sphere<V>& obstacle = detail::sphere_of<V>(element);
        const V offset = obstacle.center - v.position();
        const S ahead = glm::dot(offset, forward);  // the center's forward coordinate
        if (ahead < S(0)) continue;                 // behind
        const V lateral = offset - forward * ahead;  // the center projected on the side-up plane
        const S reach = obstacle.radius + v.radius() + clearance;
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
    const V away = dead_ahead ? v.side() : safe_normalize(-threat_lateral);
    return away * v.max_force();
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP
