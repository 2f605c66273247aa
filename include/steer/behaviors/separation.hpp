#ifndef STEER_BEHAVIORS_SEPARATION_HPP
#define STEER_BEHAVIORS_SEPARATION_HPP

/// @file
/// Separation (Reynolds 1999, "Separation"): keep a distance from the others nearby.

#include <glm/geometric.hpp>

#include "../vector.hpp"
#include "../vehicle.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Pushes `v` away from its neighbors in `n` (Reynolds 1999, "Separation"): the sum over
/// them of the unit vector pointing away from each, weighted by 1/r, where r is the
/// distance between centers. 1/r is the paper's choice, "a setting that has worked well":
/// a neighbor twice as close pushes twice as hard. A neighbor at exactly `v`'s position
/// gives no direction and is skipped; no neighbors gives zero.
/// @return the paper's construction, in 1/length units (about 1 for one neighbor one unit
///         away); scale it with a weight, it is not a desired velocity. Not truncated.
template <vector V, class R>
    requires neighbor_range<R, V>
[[nodiscard]] V separation(const vehicle<V>& v, const R& neighbors, const neighborhood<V>& n) {
    using S = scalar_t<V>;
    validate(n);
    const detail::neighborhood_test<V> test(n);
    V sum(S(0));
    detail::for_each_neighbor(v, neighbors, [&](const vehicle<V>&, const V& offset, S distance_squared) {
        if (test.accepts(distance_squared, glm::dot(v.forward(), offset))) sum -= offset / distance_squared;
    });
    return sum;
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_SEPARATION_HPP
