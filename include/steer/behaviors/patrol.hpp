#ifndef STEER_BEHAVIORS_PATROL_HPP
#define STEER_BEHAVIORS_PATROL_HPP

/// @file
/// Patrol (the implementation notes in the papers folder, "Patrol"): visit checkpoints in
/// order, forever, arriving at each.

#include <cstddef>
#include <span>
#include <type_traits>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "arrival.hpp"

namespace steer {

/// What patrol does after the last checkpoint.
enum class patrol_mode {
    loop,       ///< go on to the first one: 0, 1, 2, 0, 1, 2, ...
    ping_pong,  ///< turn back: 0, 1, 2, 1, 0, 1, 2, ...
};

/// How patrol moves between checkpoints.
template <vector V>
struct patrol_params {
    /// Arrival's slowing distance at each checkpoint (world units, >= 0; 0: as late as the
    /// vehicle can manage). The vehicle slows toward every checkpoint; the default 2 makes
    /// a visible, unhurried approach, as a guard on a round would.
    scalar_t<V> slowing_distance = 2;
    /// A checkpoint counts as visited once the vehicle is this close to it (world units,
    /// >= 0; default 0.5, the default vehicle's radius: it touches the checkpoint).
    /// Arrival closes in exponentially and stops a rounding error short, so 0 may never
    /// count as a visit: keep it positive (a few hundredths of a unit is plenty).
    scalar_t<V> reach_radius = scalar_t<V>(0.5);
    patrol_mode mode = patrol_mode::loop;  ///< what happens after the last checkpoint; default loop
};

/// Refuses a negative or non-finite slowing distance or reach radius, as `patrol` would.
template <vector V>
void validate(const patrol_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::patrol", "slowing_distance", p.slowing_distance, 0, caller);
    detail::expect_at_least("steer::patrol", "reach_radius", p.reach_radius, 0, caller);
}

/// Patrol's progress: the checkpoint being approached, and in ping-pong mode which way
/// along the list we are going. The default starts at the first checkpoint, going forward.
/// An index past the end (the list got shorter) is wrapped into range on the next call.
struct patrol_state {
    std::size_t next = 0;   ///< index of the checkpoint being approached
    bool backward = false;  ///< ping-pong: going from the last checkpoint toward the first
};

namespace detail {

/// Moves `s` to the checkpoint after `s.next`, for `count` >= 1 checkpoints.
inline void advance_patrol(patrol_state& s, std::size_t count, patrol_mode mode) noexcept {
    if (count == 1) {
        s.next = 0;
    } else if (mode == patrol_mode::loop) {
        s.next = (s.next + 1) % count;
    } else if (s.backward) {
        if (s.next == 0) {
            s.backward = false;
            s.next = 1;
        } else {
            --s.next;
        }
    } else if (s.next + 1 == count) {
        s.backward = true;
        s.next = count - 2;
    } else {
        ++s.next;
    }
}

}  // namespace detail

/// Patrols `checkpoints`: arrival at the current checkpoint and, once within
/// `p.reach_radius` of it, on to the next one, looping or turning back at the ends
/// (the implementation notes' "Patrol": successive arrivals, repeated without end).
/// Progress lives in `s`, so one list can serve many vehicles, each with its own state.
/// At most one checkpoint is ticked off per call.
/// @param checkpoints world positions; any contiguous range of V (std::vector, std::array,
///        C array, std::span). Empty: no steering (zero).
/// @param s progress; updated.
/// @return arrival's force toward the current checkpoint: full effort while far from it and
///         not yet at full speed toward it; zero at rest on a one-checkpoint list's only
///         checkpoint, and for an empty list.
template <agent A>
[[nodiscard]] agent_vector_t<A> patrol(const A& a,
                                       std::type_identity_t<std::span<const agent_vector_t<A>>> checkpoints,
                                       patrol_state& s, const patrol_params<agent_vector_t<A>>& p = {},
                                       source_location caller = source_location::current()) {
    detail::expect_limits("steer::patrol", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    if (checkpoints.empty()) return V(S(0));

    if (s.next >= checkpoints.size()) s.next %= checkpoints.size();
    if (distance_squared(V(a.position()), checkpoints[s.next]) <= p.reach_radius * p.reach_radius)
        detail::advance_patrol(s, checkpoints.size(), p.mode);
    return arrival(a, checkpoints[s.next], {.slowing_distance = p.slowing_distance}, caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_PATROL_HPP
