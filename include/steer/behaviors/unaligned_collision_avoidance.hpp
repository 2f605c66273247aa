#ifndef STEER_BEHAVIORS_UNALIGNED_COLLISION_AVOIDANCE_HPP
#define STEER_BEHAVIORS_UNALIGNED_COLLISION_AVOIDANCE_HPP

/// @file
/// Unaligned collision avoidance (Reynolds 1999, "Unaligned Collision Avoidance"):
/// characters moving every which way predict their nearest approach and dodge it.

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Tuning for `unaligned_collision_avoidance`.
template <vector V>
struct unaligned_collision_avoidance_params {
    /// The look-ahead, in seconds (>= 0): threats further in the future are ignored. 0
    /// still sees characters that overlap already.
    scalar_t<V> min_time_to_collision = 3;
    /// Extra gap, in world units (>= 0), added to the two radii: a predicted approach
    /// closer than radius + other's radius + clearance is a threat. Obstacle avoidance's
    /// field of the same name means the same.
    scalar_t<V> clearance = 0;

    /// Exact equality of both fields.
    friend constexpr bool operator==(const unaligned_collision_avoidance_params&,
                                     const unaligned_collision_avoidance_params&) = default;
};

/// Refuses a negative or non-finite look-ahead or clearance, as
/// `unaligned_collision_avoidance` would.
template <vector V>
void validate(const unaligned_collision_avoidance_params<V>& p, source_location caller = source_location::current()) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::unaligned_collision_avoidance";
    detail::expect_at_least(where, "min_time_to_collision", p.min_time_to_collision, S(0), caller);
    detail::expect_at_least(where, "clearance", p.clearance, S(0), caller);
}

/// Avoids collisions with characters moving in any direction (Reynolds 1999, "Unaligned
/// Collision Avoidance"). For each of `others`, assuming both keep their current
/// velocities, it finds when within the next `min_time_to_collision` seconds the two are
/// nearest, and the gap between their centers then. A pair is a threat when that gap is
/// smaller than the two radii plus `clearance`. Only the soonest threat counts: `a` steers
/// at full force away from where that character will be then, relative to where `a` will
/// be. The sideways part of that direction turns `a` off the collision course; the part
/// along its forward speeds it up when it would reach the crossing first and slows it down
/// when it would come second, so the two pass one behind the other, as in the paper's
/// Figure 12. When the predicted gap is exactly zero (a dead-on collision), `a` sidesteps
/// along its own side vector (`steer::side`), so two characters meeting head-on pass on
/// opposite sides.
///
/// The paper counts a nearest approach only if it lies in the future, within the time
/// limit. Here the nearest approach is sought within the window [now, now +
/// min_time_to_collision] instead, which also catches a slow collision whose contact
/// begins inside the window but whose nearest approach lies beyond it, and two characters
/// that overlap already (the threat is then immediate: time zero, and `a` steers straight
/// away from the other). Ties in time go to the smaller gap. `a` itself and characters at
/// exactly `a`'s position are skipped. `others` is any range of agents of `a`'s vector
/// type, or of pointers to them.
/// @return max_force along the unit dodge direction when there is a threat (full effort,
///         whatever its distance), zero when there is none.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> unaligned_collision_avoidance(
    const A& a, const R& others, const unaligned_collision_avoidance_params<agent_vector_t<A>>& p = {},
    source_location caller = source_location::current()) {
    detail::expect_limits("steer::unaligned_collision_avoidance", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const S horizon = p.min_time_to_collision;
    const V velocity = a.velocity();
    const S radius = a.radius();

    bool threatened = false;
    S soonest = 0, closest = 0;  // the chosen threat's time and squared gap
    V threat_offset(S(0));       // its position relative to ours then
    const S min_speed_squared = std::numeric_limits<S>::min();
    detail::for_each_neighbor(a, others, [&](const auto& other, const V& offset, S) {
        const V relative_velocity = V(other.velocity()) - velocity;
        const S relative_speed_squared = glm::dot(relative_velocity, relative_velocity);
        // Nearest approach within the look-ahead window [0, min_time_to_collision]: the
        // unconstrained time, clamped. Receding (or equal velocities): now is the nearest.
        S time = 0;
        if (relative_speed_squared >= min_speed_squared)
            time = clamp(-glm::dot(offset, relative_velocity) / relative_speed_squared, S(0), horizon);
        if (std::isnan(time)) return;  // only from overflowing velocities: nothing we can judge
        const V approach = offset + relative_velocity * time;
        const S gap_squared = glm::dot(approach, approach);
        const S reach = radius + static_cast<S>(other.radius()) + p.clearance;
        if (!(gap_squared < reach * reach)) return;
        if (threatened && (time > soonest || (time == soonest && gap_squared >= closest))) return;
        threatened = true;
        soonest = time;
        closest = gap_squared;
        threat_offset = approach;
    });
    if (!threatened) return V(S(0));
    V dodge = safe_normalize(-threat_offset);
    if (dodge == V(S(0))) dodge = side(a);  // dead-on: no preferred side, so take our own
    return dodge * static_cast<S>(a.max_force());
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_UNALIGNED_COLLISION_AVOIDANCE_HPP
