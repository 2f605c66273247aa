#ifndef STEER_BEHAVIORS_UNALIGNED_COLLISION_AVOIDANCE_HPP
#define STEER_BEHAVIORS_UNALIGNED_COLLISION_AVOIDANCE_HPP

/// @file
/// Unaligned collision avoidance (Reynolds 1999, "Unaligned Collision Avoidance"):
/// characters moving every which way predict their nearest approach and dodge it.

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Avoids collisions with characters moving in any direction (Reynolds 1999, "Unaligned
/// Collision Avoidance"). For each of `others`, assuming both keep their current
/// velocities, it finds when within the next `min_time_to_collision` seconds the two are
/// nearest, and the gap between their centers then. A pair is a threat when that gap is
/// smaller than the two radii plus `margin`. Only the soonest threat counts: `v` steers at
/// full force away from where that character will be then, relative to where `v` will be.
/// The sideways part of that direction turns `v` off the collision course; the part along
/// its forward speeds it up when it would reach the crossing first and slows it down when
/// it would come second, so the two pass one behind the other, as in the paper's Figure 12.
/// When the predicted gap is exactly zero (a dead-on collision), `v` sidesteps along its
/// own side vector, so two characters meeting head-on pass on opposite sides.
///
/// The paper counts a nearest approach only if it lies in the future, within the time
/// limit. Here the nearest approach is sought within the window [now, now +
/// min_time_to_collision] instead, which also catches a slow collision whose contact
/// begins inside the window but whose nearest approach lies beyond it, and two characters
/// that overlap already (the threat is then immediate: time zero, and `v` steers straight
/// away from the other). Ties in time go to the smaller gap. `v` itself and characters at
/// exactly `v`'s position are skipped.
/// @param min_time_to_collision the look-ahead in seconds; >= 0. 0 still sees overlaps.
/// @param margin extra clearance in world units added to the two radii; >= 0.
/// @return max_force times the unit dodge direction, or zero when there is no threat.
template <vector V, class R>
    requires neighbor_range<R, V>
[[nodiscard]] V avoid_neighbors(const vehicle<V>& v, const R& others, scalar_t<V> min_time_to_collision,
                                scalar_t<V> margin = 0) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::avoid_neighbors";
    detail::expect_at_least(where, "min_time_to_collision", min_time_to_collision, S(0));
    detail::expect_at_least(where, "margin", margin, S(0));

    bool threatened = false;
    S soonest = 0, closest = 0;  // the chosen threat's time and squared gap
    V threat_offset(S(0));       // its position relative to ours then
    const S min_speed_squared = std::numeric_limits<S>::min();
    detail::for_each_neighbor(v, others, [&](const vehicle<V>& other, const V& offset, S) {
        const V relative_velocity = other.velocity() - v.velocity();
        const S relative_speed_squared = glm::dot(relative_velocity, relative_velocity);
        // Nearest approach within the look-ahead window [0, min_time_to_collision]: the
        // unconstrained time, clamped. Receding (or equal velocities): now is the nearest.
        S time = 0;
        if (relative_speed_squared >= min_speed_squared)
            time = clamp(-glm::dot(offset, relative_velocity) / relative_speed_squared, S(0), min_time_to_collision);
        if (std::isnan(time)) return;  // only from overflowing velocities: nothing we can judge
        const V approach = offset + relative_velocity * time;
        const S gap_squared = glm::dot(approach, approach);
        const S clearance = v.radius() + other.radius() + margin;
        if (!(gap_squared < clearance * clearance)) return;
        if (threatened && (time > soonest || (time == soonest && gap_squared >= closest))) return;
        threatened = true;
        soonest = time;
        closest = gap_squared;
        threat_offset = approach;
    });
    if (!threatened) return V(S(0));
    V dodge = safe_normalize(-threat_offset);
    if (dodge == V(S(0))) dodge = v.side();  // dead-on: no preferred side, so take our own
    return dodge * v.max_force();
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_UNALIGNED_COLLISION_AVOIDANCE_HPP
