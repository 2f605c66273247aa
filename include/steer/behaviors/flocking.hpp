#ifndef STEER_BEHAVIORS_FLOCKING_HPP
#define STEER_BEHAVIORS_FLOCKING_HPP

/// @file
/// Flocking (Reynolds 1999, "Flocking"; the boids model of Reynolds 1987): separation,
/// alignment and cohesion, each normalized, weighted, summed and scaled to max_force.

#include <cmath>
#include <concepts>
#include <limits>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/always_inline.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "alignment.hpp"
#include "cohesion.hpp"
#include "neighborhood.hpp"
#include "separation.hpp"

namespace steer {

/// The paper's nine numbers for boids: a neighborhood (distance and angle) and a weight
/// for each of separation, alignment and cohesion (Reynolds 1999, "Flocking").
template <vector V>
struct flocking_params {
    neighborhood<V> separation{};  ///< who is too close: the neighbors to move away from
    neighborhood<V> alignment{};   ///< whose heading to match
    neighborhood<V> cohesion{};    ///< whose center to approach
    // Weights, fractions of max_force (dimensionless): each component is a unit vector times
    // its weight, and the sum is scaled by max_force and cut to it, so a weight of 0.5 asks
    // for half the agent's force. Finite; negative reverses the component.
    scalar_t<V> separation_weight = 1;  ///< fraction of max_force; finite, negative reverses
    scalar_t<V> alignment_weight = 1;   ///< fraction of max_force; finite, negative reverses
    scalar_t<V> cohesion_weight = 1;    ///< fraction of max_force; finite, negative reverses
    /// Whether separation's weight fades with distance (see `flocking`): none for a neighbor
    /// at the edge of its neighborhood, all of it from half that distance in. Without the
    /// fade any neighbor inside the neighborhood, however far, takes the whole weight, and a
    /// strong separation leaves alignment little: 2D flocks then split into groups heading
    /// different ways (docs/behaviors.md, "Flocking").
    bool separation_fades = true;
    /// How separation measures the room between boids: between centers (the paper's way, the
    /// default) or, with `.bodies = true`, between their surfaces with a personal space, as
    /// `separation` does with the same params (docs/behaviors.md, "Separation between bodies").
    separation_params<V> separation_spacing{};

    /// Exact equality of all nine numbers, the fade and the spacing.
    friend constexpr bool operator==(const flocking_params&, const flocking_params&) = default;
};

/// Refuses flocking parameters with an invalid neighborhood or a non-finite weight, as
/// `flocking` (and `flock::step`) would.
template <vector V>
void validate(const flocking_params<V>& p, source_location caller = source_location::current()) {
    // flocking validates its params once per agent: first one test of them all without a
    // branch each (0 <= x <= max: non-negative and finite, NaN failing), then, only when
    // one fails, the checks one by one, which name it.
    using S = scalar_t<V>;
    constexpr S largest = std::numeric_limits<S>::max();
    const auto in = [](S x, S lo, S hi) { return (x >= lo) & (x <= hi); };
    const bool all_good = in(p.separation.max_distance, S(0), largest) & in(p.separation.max_angle, S(0), largest) &
                          in(p.alignment.max_distance, S(0), largest) & in(p.alignment.max_angle, S(0), largest) &
                          in(p.cohesion.max_distance, S(0), largest) & in(p.cohesion.max_angle, S(0), largest) &
                          in(p.separation_weight, -largest, largest) & in(p.alignment_weight, -largest, largest) &
                          in(p.cohesion_weight, -largest, largest) &
                          (p.separation_spacing.personal_space > S(0)) &
                          (p.separation_spacing.personal_space <= largest);
    if (all_good) [[likely]] return;
    validate(p.separation, caller);
    validate(p.alignment, caller);
    validate(p.cohesion, caller);
    constexpr auto where = "steer::flocking";
    detail::expect_finite(where, "separation_weight", p.separation_weight, caller);
    detail::expect_finite(where, "alignment_weight", p.alignment_weight, caller);
    detail::expect_finite(where, "cohesion_weight", p.cohesion_weight, caller);
    validate(p.separation_spacing, caller);
}

namespace detail {

/// How much of its weight separation takes, from the length of its sum (`length`, of
/// -offset / distance^2 over the separation neighbors) and the separation distance `reach`
/// (infinity when separation does not fade: all of it):
/// length * reach - `shift` (1), within [0, 1]. For one neighbor that is reach / distance - 1:
/// nothing at the edge of the neighborhood, the full weight from half its distance in, and
/// more neighbors (or nearer ones) sooner. Between bodies the sum is of the pushes
/// themselves (away × `body_separation_strength`), whose length already starts from nothing
/// at the personal space: reach 1, shift 0. `length` is 1 for a sum that is zero or whose
/// square is not a normal number (its direction is then zero, or taken by the careful branch).
template <std::floating_point S>
[[nodiscard]] constexpr S separation_crowding(S length, S reach, S shift = S(1)) noexcept {
    const S x = length * reach - shift;
    return x > S(1) ? S(1) : x > S(0) ? x : S(0);  // (as the lanes of crowd/lanes.hpp compute it)
}

/// The separation distance `separation_crowding` fades over: infinity when it does not fade.
template <vector V>
[[nodiscard]] constexpr scalar_t<V> separation_reach(const flocking_params<V>& p) noexcept {
    if (!p.separation_fades) return std::numeric_limits<scalar_t<V>>::infinity();
    return p.separation_spacing.bodies ? scalar_t<V>(1) : p.separation.max_distance;
}

/// What `separation_crowding` takes away from the scaled length: 1 between centers, 0
/// between bodies.
template <vector V>
[[nodiscard]] constexpr scalar_t<V> separation_shift(const flocking_params<V>& p) noexcept {
    return p.separation_spacing.bodies ? scalar_t<V>(0) : scalar_t<V>(1);
}

/// The last step of flocking, shared by `flocking` and the batched `flock`: from the sums
/// gathered over the neighbors (separation: sum of -offset / distance^2; heading: sum of
/// the alignment neighbors' forwards and their count; offset: sum of the cohesion
/// neighbors' offsets), each component normalized and weighted (separation's weight faded
/// by `separation_crowding`), the sum times max_force, cut to max_force.
template <vector V>
[[nodiscard]] V combine_flocking(const V& separation_sum, const V& heading_sum, scalar_t<V> heading_count,
                                 const V& offset_sum, const V& velocity, scalar_t<V> max_speed,
                                 scalar_t<V> max_force, const flocking_params<V>& p) noexcept {
    using S = scalar_t<V>;
    // The cohesion offset's direction is that of the sum: no need to divide by the count.
    const V align = heading_count > S(0) ? heading_sum * (max_speed / heading_count) - velocity : V(S(0));
    const S squared = glm::dot(separation_sum, separation_sum);
    const bool plain = squared >= std::numeric_limits<S>::min() && squared <= std::numeric_limits<S>::max();
    const S crowding = separation_crowding(plain ? std::sqrt(squared) : S(1), separation_reach(p), separation_shift(p));
    const V sum = safe_normalize(separation_sum) * (p.separation_weight * crowding) +
                  safe_normalize(align) * p.alignment_weight + safe_normalize(offset_sum) * p.cohesion_weight;
    return truncate(sum * max_force, max_force);
}

}  // namespace detail

namespace detail {

/// `flocking`'s pass over the neighbors and its combination; with `Bodies`, separation's
/// sum is of the pushes between bodies (away × `body_separation_strength` of the gap).
template <bool Bodies, agent A, class R>
[[nodiscard]] agent_vector_t<A> flocking_over(const A& a, const R& neighbors,
                                              const flocking_params<agent_vector_t<A>>& p) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    // Boids usually give the three neighborhoods one field of view: its cosine once.
    const detail::neighborhood_test<V> separation_test(p.separation);
    const detail::neighborhood_test<V> alignment_test(p.alignment, p.separation, separation_test);
    const detail::neighborhood_test<V> cohesion_test(p.cohesion, p.alignment, alignment_test);
    const V forward = a.forward();
    [[maybe_unused]] const S radius = static_cast<S>(a.radius());
    [[maybe_unused]] const S space = p.separation_spacing.personal_space;
    V separation_sum(S(0)), heading_sum(S(0)), offset_sum(S(0));
    S heading_count = 0;
    // Inlined into the loop: called out of line, the sums would live in memory.
    const auto add = [&](const auto& other, const V& offset, S distance_squared) STEER_DETAIL_ALWAYS_INLINE {
        const S forwardness = glm::dot(forward, offset);
        // Separation's neighborhood is usually the smallest: its test mostly fails, a branch
        // predicts it well and skips a division. Alignment's and cohesion's tests, with a
        // field of view or a distance inside the query's, pass in no pattern; adding the
        // heading and the offset times 0 or 1 costs less than the mispredicted branches
        // (the sums are the same: adding a zero changes nothing).
        if (separation_test.accepts(distance_squared, forwardness)) {
            if constexpr (Bodies) {
                const S distance = std::sqrt(distance_squared);
                const S gap = distance - (radius + static_cast<S>(other.radius()));
                separation_sum -= (offset / distance) * body_separation_strength(space, gap);
            } else {
                separation_sum -= offset / distance_squared;
            }
        }
        const S aligning = alignment_test.acceptance(distance_squared, forwardness);
        heading_sum += V(other.forward()) * aligning;
        heading_count += aligning;
        offset_sum += offset * cohesion_test.acceptance(distance_squared, forwardness);
    };
    detail::for_each_neighbor(a, neighbors, add);
    return detail::combine_flocking(separation_sum, heading_sum, heading_count, offset_sum, V(a.velocity()),
                                    static_cast<S>(a.max_speed()), static_cast<S>(a.max_force()), p);
}

}  // namespace detail

/// Boids flocking (Reynolds 1999, "Flocking"): separation, alignment and cohesion, each
/// computed over its own neighborhood, normalized to unit length, scaled by its weight and
/// summed; the paper's way of combining them. Normalizing first makes each weight the
/// component's share of the steering, whatever the distances involved. The directions are
/// those of the three behaviors: away from the neighbors weighted by the paper's 1/r
/// (unshifted: only the direction counts here), toward the alignment neighbors' average
/// heading at max_speed from the current velocity, toward the cohesion neighbors' center.
/// A component with no neighbors contributes zero. One pass over `neighbors` computes all
/// three. With `p.separation_spacing.bodies`, separation's direction is that of the pushes
/// between bodies (`separation` with the same params) and its weight fades with their sum's
/// length. `neighbors` is any range of agents of `a`'s vector type, or of pointers to them.
/// @return max_force × (the weighted sum of the unit components), cut to max_force: full
///         effort when the weighted units add up to 1 or more (one component at weight 1
///         alone, say), zero with no neighbors.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> flocking(const A& a, const R& neighbors, const flocking_params<agent_vector_t<A>>& p,
                                         source_location caller = source_location::current()) {
    detail::expect_limits("steer::flocking", a, caller);
    validate(p, caller);
    // A crowd's neighbors carry the crowd's own copies of their positions and headings:
    // the sums then run in SIMD lanes (steer/crowd/crowd.hpp), found by argument lookup.
    if constexpr (requires { flocking_in_lanes(a, neighbors, p); }) {
        if (const auto in_lanes = flocking_in_lanes(a, neighbors, p)) return *in_lanes;
    }
    return p.separation_spacing.bodies ? detail::flocking_over<true>(a, neighbors, p)
                                       : detail::flocking_over<false>(a, neighbors, p);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_FLOCKING_HPP
