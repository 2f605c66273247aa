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

/// Separation's push between bodies from one neighbor whose surface is `gap` from ours
/// (distance − both radii; negative when they overlap), for a personal space `space` > 0:
/// nothing from `space` out; space / gap − 1 from there to space / 16 (the library's 1/r
/// falloff measured between surfaces: full effort at half the personal space, 15 at a
/// sixteenth of it); then on along that curve's tangent, 31 − 256 gap / space, so that the
/// push stays finite through contact and grows the deeper the overlap (31 at contact, 31 +
/// 25.6 for every tenth of the personal space of depth). Capped as `separation_strength`.
/// (`separation_over_records` and `accumulate_neighbors` compute it in lanes, the same
/// operations.)
template <std::floating_point S>
[[nodiscard]] S body_separation_strength(S space, S gap) noexcept {
    constexpr S cap = S(1) / (std::numeric_limits<S>::epsilon() * std::numeric_limits<S>::epsilon());
    const S strength = gap >= space            ? S(0)
                       : gap >= space / S(16) ? space / gap - S(1)
                                               : S(31) - S(256) * (gap / space);
    return std::min(strength, cap);
}

}  // namespace detail

/// How `separation` measures the room between characters: by default between centers, as
/// the paper does; with `bodies`, between their surfaces (the gap: distance − both radii),
/// pushing from `personal_space` in and harder the deeper two bodies overlap.
template <vector V>
struct separation_params {
    /// Measure gaps between the bodies' surfaces (`radius()` of each), not between centers.
    bool bodies = false;
    /// With `bodies`: the gap (world units) within which a neighbor pushes; > 0 and finite.
    /// A neighbor pushes with full effort at half this gap, and much harder on contact.
    scalar_t<V> personal_space = scalar_t<V>(0.5);

    /// Exact equality of both fields.
    friend constexpr bool operator==(const separation_params&, const separation_params&) = default;
};

/// Refuses separation parameters whose personal space is not positive and finite.
template <vector V>
void validate(const separation_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_above("steer::separation", "personal_space", p.personal_space, scalar_t<V>(0), caller);
}

/// Pushes `a` away from its neighbors in `n` (Reynolds 1999, "Separation"). For each
/// neighbor the paper takes the unit vector pointing away from it and weights it by 1/r,
/// r being the distance between centers, "a setting that has worked well": closer
/// neighbors push harder. Here the weight is R/r − 1, R being the neighborhood's
/// `max_distance`: the same 1/r falloff, shifted down so that a neighbor entering the
/// neighborhood at its edge starts from no push at all instead of a sudden one. The pushes
/// are summed, and the sum, times max_force, is cut to max_force. A neighbor at R/2 (or
/// closer) alone asks for full effort; pushes from opposite sides cancel. A neighbor
/// exactly on `a`'s position gives no direction and is skipped; no neighbors gives zero.
/// With `p.bodies`, each neighbor's weight comes from the gap between the two bodies
/// instead (`detail::body_separation_strength`): none beyond `p.personal_space`, full
/// effort at half of it, and more the deeper they overlap; `n` still says who counts (by
/// centers), so make its `max_distance` at least the largest two radii plus the personal
/// space. `neighbors` is any range of agents of `a`'s vector type, or of pointers to them.
/// @return max_force × Σ weight × away_unit, cut to max_force: full effort with one
///         neighbor at half the neighborhood's radius or closer (with `bodies`: half the
///         personal space between surfaces, or closer), zero with none inside it.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> separation(const A& a, const R& neighbors, const neighborhood<agent_vector_t<A>>& n,
                                           const separation_params<agent_vector_t<A>>& p = {},
                                           source_location caller = source_location::current()) {
    detail::expect_limits("steer::separation", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(n, caller);
    validate(p, caller);
    // A crowd's neighbors carry the crowd's own copies of their positions, headings and
    // radii: the sum then runs in SIMD lanes (steer/crowd/crowd.hpp), found by argument lookup.
    if constexpr (requires { separation_in_lanes(a, neighbors, n, p); }) {
        if (const auto in_lanes = separation_in_lanes(a, neighbors, n, p)) return *in_lanes;
    }
    const detail::neighborhood_test<V> test(n);
    const V forward = a.forward();
    const S reach = n.max_distance;
    V sum(S(0));
    if (p.bodies) {
        const S radius = static_cast<S>(a.radius());
        detail::for_each_neighbor(a, neighbors, [&](const auto& other, const V& offset, S distance_squared) {
            if (!test.accepts(distance_squared, glm::dot(forward, offset))) return;
            const S distance = std::sqrt(distance_squared);
            const S gap = distance - (radius + static_cast<S>(other.radius()));
            sum -= (offset / distance) * detail::body_separation_strength(p.personal_space, gap);
        });
    } else {
        detail::for_each_neighbor(a, neighbors, [&](const auto&, const V& offset, S distance_squared) {
            if (!test.accepts(distance_squared, glm::dot(forward, offset))) return;
            const S distance = std::sqrt(distance_squared);
            sum -= (offset / distance) * detail::separation_strength(reach, distance);
        });
    }
    // Cut to unit length before scaling: the same as scaling and cutting to max_force, and
    // no overflow however many neighbors crowd in.
    return truncate(sum, S(1)) * static_cast<S>(a.max_force());
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_SEPARATION_HPP
