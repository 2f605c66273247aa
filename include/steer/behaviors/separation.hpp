#ifndef STEER_BEHAVIORS_SEPARATION_HPP
#define STEER_BEHAVIORS_SEPARATION_HPP

/// @file
/// Separation (Reynolds 1999, "Separation"): keep a distance from the others nearby.

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "neighborhood.hpp"

namespace steer {

namespace detail {

/// Separation's push from one neighbor at `distance` in a neighborhood of radius `reach`:
/// reach / distance − 1, capped at 1 / epsilon² (so that a neighbor almost on our spot
/// pushes hard without overflowing the sum; from the cap on, only the direction matters).
template <std::floating_point S>
[[nodiscard]] S separation_strength(S reach, S distance) noexcept {
    constexpr S cap = S(1) / (std::numeric_limits<S>::epsilon() * std::numeric_limits<S>::epsilon());
    return std::min(reach / distance - S(1), cap);
}

}  // namespace detail

/// Pushes `a` away from its neighbors in `n` (Reynolds 1999, "Separation"). For each
/// neighbor the paper takes the unit vector pointing away from it and weights it by 1/r,
/// r being the distance between centers, "a setting that has worked well": closer
/// neighbors push harder. Here the weight is R/r − 1, R being the neighborhood's
/// `max_distance`: the same 1/r falloff, shifted down so that a neighbor entering the
/// neighborhood at its edge starts from no push at all instead of a sudden one. The pushes
/// are summed, and the sum, times max_force, is cut to max_force. A neighbor at R/2 (or
/// closer) alone asks for full effort; pushes from opposite sides cancel. A neighbor
/// exactly on `a`'s position gives no direction and is skipped; no neighbors gives zero.
/// `neighbors` is any range of agents of `a`'s vector type, or of pointers to them.
/// @return max_force × Σ (R/r − 1) × away_unit, cut to max_force: full effort with one
///         neighbor at half the neighborhood's radius or closer, zero with none inside it.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> separation(const A& a, const R& neighbors, const neighborhood<agent_vector_t<A>>& n,
                                           source_location caller = source_location::current()) {
    detail::expect_limits("steer::separation", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(n, caller);
    // A crowd's neighbors carry the crowd's own copies of their positions and headings:
    // the sum then runs in SIMD lanes (steer/crowd/crowd.hpp), found by argument lookup.
    if constexpr (requires { separation_in_lanes(a, neighbors, n); }) {
        if (const auto in_lanes = separation_in_lanes(a, neighbors, n)) return *in_lanes;
    }
    const detail::neighborhood_test<V> test(n);
    const V forward = a.forward();
    const S reach = n.max_distance;
    V sum(S(0));
    detail::for_each_neighbor(a, neighbors, [&](const auto&, const V& offset, S distance_squared) {
        if (!test.accepts(distance_squared, glm::dot(forward, offset))) return;
        const S distance = std::sqrt(distance_squared);
        sum -= (offset / distance) * detail::separation_strength(reach, distance);
    });
    // Cut to unit length before scaling: the same as scaling and cutting to max_force, and
    // no overflow however many neighbors crowd in.
    return truncate(sum, S(1)) * static_cast<S>(a.max_force());
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_SEPARATION_HPP
