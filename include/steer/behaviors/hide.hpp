#ifndef STEER_BEHAVIORS_HIDE_HPP
#define STEER_BEHAVIORS_HIDE_HPP

/// @file
/// Hide (Reynolds 1999, "Other Behaviors"): get an obstacle between yourself and a hunter.

#include <limits>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "../world/sphere.hpp"
#include "arrival.hpp"
#include "seek.hpp"

namespace steer {

/// Tuning for `hide`.
template <vector V>
struct hide_params {
    /// Clearance (distance units, >= 0) between the hider's body and the obstacle's surface
    /// at the hiding point.
    scalar_t<V> margin = 1;
    /// Distance (>= 0) over which `arrival` slows the hider down to stop on the hiding point.
    scalar_t<V> slowing_distance = 2;
};

namespace detail {

/// Refuses a negative or non-finite margin or slowing distance.
template <vector V>
void validate_hide_params(const hide_params<V>& p) {
    expect_at_least("steer::hide_params", "margin", p.margin, scalar_t<V>(0));
    expect_at_least("steer::hide_params", "slowing_distance", p.slowing_distance, scalar_t<V>(0));
}

}  // namespace detail

/// Hides from a hunter at `hunter_position` behind one of `spheres`. Each obstacle offers a
/// hiding point on its far side from the hunter, on the line from the hunter through its
/// center, `radius + v.radius() + margin` from the center; the hider arrives (with
/// `arrival`, stopping there) at the hiding point nearest to itself. Obstacles of zero
/// radius, and one whose center is exactly at the hunter, hide nothing and are skipped.
/// With no usable obstacle the hider flees from the hunter.
/// The straight way to the hiding point may cross the obstacle: combine with
/// `avoid_obstacles` (first priority) in a cluttered world.
/// @return arrival's force toward the hiding point, or flee's without one.
template <vector V, sphere_range<V> R>
[[nodiscard]] V hide(const vehicle<V>& v, const V& hunter_position, const R& spheres, const hide_params<V>& p = {}) {
    using S = scalar_t<V>;
    detail::validate_hide_params(p);
    bool found = false;
    S best_distance_squared = std::numeric_limits<S>::infinity();
    V best{};
    for (const auto& element : spheres) {
        const sphere<V>& obstacle = detail::sphere_of<V>(element);
        if (!(obstacle.radius > S(0))) continue;
        const V away = safe_normalize(obstacle.center - hunter_position);
        if (away == V(S(0))) continue;
        const V spot = obstacle.center + away * (obstacle.radius + v.radius() + p.margin);
        const S d2 = distance_squared(spot, v.position());
        if (!found || d2 < best_distance_squared) {
            found = true;
            best_distance_squared = d2;
            best = spot;
        }
    }
    if (!found) return flee(v, hunter_position);
    return arrival(v, best, {.slowing_distance = p.slowing_distance});
}

/// Hides from `hunter` behind one of `spheres` (Reynolds 1999's hide sketch): the hunter's
/// current position is the one to hide from (see the overload taking a position).
template <vector V, sphere_range<V> R>
[[nodiscard]] V hide(const vehicle<V>& v, const vehicle<V>& hunter, const R& spheres, const hide_params<V>& p = {}) {
    return hide(v, hunter.position(), spheres, p);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_HIDE_HPP
