#ifndef STEER_BEHAVIORS_HIDE_HPP
#define STEER_BEHAVIORS_HIDE_HPP

/// @file
/// Hide (Reynolds 1999, "Other Behaviors"): get an obstacle between yourself and a hunter.

#include <limits>
#include <optional>
#include <type_traits>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/obstacle.hpp"
#include "../world/sphere.hpp"
#include "../world/sweep.hpp"
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
void validate(const hide_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::hide", "margin", p.margin, 0, caller);
    detail::expect_at_least("steer::hide", "slowing_distance", p.slowing_distance, 0, caller);
}

namespace detail {

/// The hiding point behind `obstacle` from `hunter`, for a body that keeps `reach` from its
/// surface: on the line from the hunter through the obstacle's bounding-sphere center, where
/// the body coming back from beyond first touches the obstacle's far side. Empty for an
/// obstacle with no bounding sphere (a plane, the engine's ray cast), a point-sized one, or
/// one centered on the hunter.
template <vector V, class O>
[[nodiscard]] std::optional<V> hiding_spot(const O& obstacle, const V& hunter, scalar_t<V> reach) {
    using S = scalar_t<V>;
    if constexpr (!requires { bounding_sphere(obstacle); }) {
        return std::nullopt;
    } else {
        const sphere<V> bounds = bounding_sphere(obstacle);
        if (!(bounds.radius > S(0))) return std::nullopt;
        const V away = safe_normalize(bounds.center - hunter);
        if (away == V(S(0))) return std::nullopt;
        if constexpr (std::is_same_v<O, sphere<V>>) {
            return bounds.center + away * (bounds.radius + reach);
        } else {
            const S start = S(2) * (bounds.radius + reach);
            const V beyond = bounds.center + away * start;
            const auto back = first_contact(obstacle, sweep<V>{.origin = beyond, .direction = -away,
                                                               .length = start, .radius = reach});
            if (!back) return std::nullopt;
            return beyond - away * back->distance;
        }
    }
}

}  // namespace detail

/// Hides from a hunter at `hunter_position` behind one of `obstacles` (Reynolds 1999,
/// "Other Behaviors": a target on the far side of an obstacle from the opponent). Each
/// obstacle offers a hiding point on its far side from the hunter, on the line from the
/// hunter through its center (the center of its `bounding_sphere`), where the hider's body
/// plus `margin` just touches the obstacle: for a sphere, `radius + a.radius() + margin`
/// from the center. The hider arrives (with `arrival`, stopping there) at the hiding point
/// nearest to itself. Any shape with a bounding sphere can hide the hider; planes (which
/// have no far side) and the engine's ray cast (which has no shapes to go behind) offer no
/// hiding point, nor do obstacles of zero size or centered on the hunter. With no hiding
/// point the hider flees from the hunter. The straight way to the hiding point may cross
/// the obstacle: combine with `obstacle_avoidance` (first priority) in a cluttered world.
/// @param obstacles an `obstacle_set` (see `obstacle_avoidance`).
/// @return arrival's force toward the hiding point (full effort while far from it, zero at
///         rest on it), or flee's (full effort from rest) when there is nowhere to hide.
template <agent A, class Obstacles>
    requires obstacle_set<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> hide(const A& a, const agent_vector_t<A>& hunter_position, const Obstacles& obstacles,
                                     const hide_params<agent_vector_t<A>>& p = {},
                                     source_location caller = source_location::current()) {
    detail::expect_limits("steer::hide", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const V position = a.position();
    const S reach = static_cast<S>(a.radius()) + p.margin;
    bool found = false;
    S best_distance_squared = std::numeric_limits<S>::infinity();
    V best{};
    const auto consider = [&](const auto& obstacle) {
        detail::validate_obstacle(obstacle, caller);
        const std::optional<V> spot = detail::hiding_spot(obstacle, hunter_position, reach);
        if (!spot) return;
        const S d2 = distance_squared(*spot, position);
        if (!found || d2 < best_distance_squared) {
            found = true;
            best_distance_squared = d2;
            best = *spot;
        }
    };
    detail::for_each_obstacle<V>(obstacles, consider);
    if (!found) return flee(a, hunter_position, caller);
    return arrival(a, best, {.slowing_distance = p.slowing_distance}, caller);
}

/// Hides from `hunter` behind one of `obstacles`: the hunter's current position is the one
/// to hide from (see the overload taking a position).
template <agent A, agent_of<agent_vector_t<A>> H, class Obstacles>
    requires obstacle_set<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> hide(const A& a, const H& hunter, const Obstacles& obstacles,
                                     const hide_params<agent_vector_t<A>>& p = {},
                                     source_location caller = source_location::current()) {
    detail::expect_limits("steer::hide", a, caller);
    return hide(a, static_cast<agent_vector_t<A>>(hunter.position()), obstacles, p, caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_HIDE_HPP
