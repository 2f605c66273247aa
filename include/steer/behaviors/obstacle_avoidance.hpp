#ifndef STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP
#define STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP

/// @file
/// Obstacle avoidance (Reynolds 1999, "Obstacle Avoidance"): keep a cylinder of free space
/// ahead of the character and turn away from the first obstacle that cuts into it.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/obstacle.hpp"
#include "../world/sphere.hpp"
#include "../world/sweep.hpp"

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
void validate(const obstacle_avoidance_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::obstacle_avoidance", "min_time_to_collision", p.min_time_to_collision, 0, caller);
    detail::expect_at_least("steer::obstacle_avoidance", "clearance", p.clearance, 0, caller);
}

namespace detail {

/// The few contacts nearest along a sweep (the nearest eight), kept to find the surface the
/// body meets just after its first contact.
template <vector V>
class nearest_hits {
public:
    /// Keeps `hit` if it is among the nearest eight so far.
    void add(const ray_hit<V>& hit) noexcept {
        if (count_ < capacity) {
            hits_[count_++] = {hit.distance, hit.normal};
            return;
        }
        int farthest = 0;
        for (int i = 1; i < capacity; ++i)
            if (hits_[i].distance > hits_[farthest].distance) farthest = i;
        if (hit.distance < hits_[farthest].distance) hits_[farthest] = {hit.distance, hit.normal};
    }
    /// The unit sum of the normals of the kept contacts no farther than `distance`.
    [[nodiscard]] V surface_within(scalar_t<V> distance) const noexcept {
        V sum(scalar_t<V>(0));
        for (int i = 0; i < count_; ++i)
            if (hits_[i].distance <= distance) sum += hits_[i].normal;
        return safe_normalize(sum);
    }

private:
    struct kept {  // no initializers: the slots past count_ are never read
        scalar_t<V> distance;
        V normal;
    };
    static constexpr int capacity = 8;
    kept hits_[capacity];
    int count_ = 0;
};

}  // namespace detail

/// Steers around obstacles of any shape (Reynolds 1999, "Obstacle Avoidance"). The agent
/// keeps a cylinder of free space ahead of it: the volume its body sweeps along `forward()`
/// over the next `min_time_to_collision * speed + 2 * radius` (the floor of one body length
/// keeps a slow agent looking ahead). The body is grown by a skin of 1/16 of its radius,
/// which a behavior pulling toward an obstacle between two frames eats into instead of the
/// obstacle, and by `clearance`. Every obstacle is asked where that sweep first touches it
/// (`first_contact`); the one touched first is the threat. An obstacle beside the path (a car
/// driving along a wall) or behind the agent draws no reaction at all, which is what sets
/// this apart from flee.
///
/// The response turns the agent away from the surface it would touch:
///   - its strength is what it takes to turn the heading parallel to the surface within
///     half the distance to the contact: 2 * mass * speed^2 * sin(angle into the surface) /
///     distance, at most max_force. A graze far ahead gets a nudge, a wall close ahead full
///     effort, so an agent slides along a wall instead of rattling against it;
///   - its direction is the paper's sidestep (across the heading, away from the surface)
///     while the agent could stop in a quarter of its way to the surface. Nearer, where a
///     sidestep alone may not clear it, it turns progressively into the surface normal
///     (braking as well as turning), wholly so once stopping takes three quarters of the way;
///   - at contact (the grown body touching or inside an obstacle, whatever side of the
///     agent the obstacle is on) it is full effort straight out: along the normal, or
///     between the normals of everything touched (weighted by depth) when the agent is
///     wedged in a notch or between two obstacles. An agent shoved or chased into an
///     obstacle is steered out.
/// The surface is everything the sweep meets within one body radius after its first contact
/// (the normals summed), so in a V between two obstacles, or a notch of a polygon, the agent
/// turns out of the V instead of from one side into the other. A surface met head on has
/// no sideways part: the sidestep leans a tenth toward the agent's own side (`steer::side`),
/// so it is passed on that side, frame after frame.
///
/// Like the paper's, this avoidance is local and reactive: it sees one threat at a time, so
/// a gap narrower than the agent between two obstacles, or a notch where two meet, can trap
/// it. Give such clusters one bounding shape (the paper's advice).
///
/// @param obstacles an `obstacle_set`: one obstacle of any shape, a range of them, a range
///        of variants of shapes, `ray_cast_obstacles(cast)`, or several joined with
///        `join_obstacles`. Each is validated as it is considered. Cost: linear in their
///        number (cull far ones with a proximity database, see docs/world.md).
/// @return at most max_force long: the strength above while an obstacle is ahead, full
///         effort at contact, exactly zero when nothing is in the way (or the agent is at rest).
template <agent A, class Obstacles>
    requires obstacle_set<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> obstacle_avoidance(const A& a, const Obstacles& obstacles,
                                                   const obstacle_avoidance_params<agent_vector_t<A>>& p = {},
                                                   source_location caller = source_location::current()) {
    detail::expect_limits("steer::obstacle_avoidance", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const V forward = a.forward();
    const S radius = static_cast<S>(a.radius());
    const S current_speed = speed(a);
    const sweep<V> ahead{.origin = a.position(),
                         .direction = forward,
                         .length = p.min_time_to_collision * current_speed + S(2) * radius,
                         .radius = radius + radius / S(16) + p.clearance};
    std::optional<ray_hit<V>> threat;
    V escape(S(0));  // at contact: the outward normals of everything touched, weighted by depth
    detail::nearest_hits<V> hits;
    const auto consider = [&](const auto& obstacle) {
        detail::validate_obstacle(obstacle, caller);
        std::optional<ray_hit<V>> hit;
        if constexpr (requires { first_contact(obstacle, ahead, caller); })  // (a ray cast: refusals name the caller)
            hit = first_contact(obstacle, ahead, caller);
        else
            hit = first_contact(obstacle, ahead);
        if (!hit) return;
        if (hit->distance == S(0)) {
            const S depth = ahead.radius - glm::dot(ahead.origin - hit->point, hit->normal);
            escape += hit->normal * std::max(depth, ahead.radius / S(1024));
        }
        hits.add(*hit);
        if (!threat || hit->distance < threat->distance) threat = hit;
    };
    detail::for_each_obstacle<V>(obstacles, consider);
    if (!threat) return V(S(0));

    const S max_force = static_cast<S>(a.max_force());
    if (threat->distance == S(0)) {  // touching: out, between all that is touched
        V out = safe_normalize(escape);
        if (out == V(S(0))) out = threat->normal;
        return out * max_force;
    }
    // The surface met within one body radius after the first contact: two obstacles forming
    // a V, or a wall behind a post, answer together, so the agent does not turn from one
    // into the other.
    V normal = hits.surface_within(threat->distance + ahead.radius);
    if (normal == V(S(0))) normal = threat->normal;
    const S inertia = current_speed * current_speed * mass(a);  // max_force times the turning radius
    S effort = S(1);
    const S into = std::max(-glm::dot(forward, normal), S(0));  // sine of the angle into the surface
    const S needed = S(2) * inertia * into / threat->distance;
    if (!(needed >= max_force)) effort = needed / max_force;    // (max_force 0: any effort is zero)
    if (!(effort > S(0))) return V(S(0));
    // Across the heading, away from the surface, leaning a tenth toward the agent's own
    // side: a surface met head on (or nearly, within about 6 degrees) is passed on that side,
    // the same side frame after frame, instead of on whichever side rounding noise picks.
    const V across = normal - forward * glm::dot(normal, forward);
    V sidestep = safe_normalize(across + side(a) * S(0.1));
    if (sidestep == V(S(0))) sidestep = side(a);
    // How much of the way to the surface (along its normal) stopping would take at full
    // effort: braking starts at a quarter and takes over by three quarters.
    const S stopping_share = inertia * into / (S(2) * max_force * threat->distance);
    const S urgency = !(stopping_share > S(0.25)) ? S(0) : !(stopping_share < S(0.75)) ? S(1) : (stopping_share - S(0.25)) * S(2);
    V direction = sidestep;
    if (urgency > S(0)) {
        direction = safe_normalize(sidestep * (S(1) - urgency) + normal * urgency);
        if (direction == V(S(0))) direction = sidestep;  // exactly opposed halves: keep turning
    }
    return direction * (max_force * effort);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_OBSTACLE_AVOIDANCE_HPP
