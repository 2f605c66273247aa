#ifndef STEER_BEHAVIORS_COHESION_HPP
#define STEER_BEHAVIORS_COHESION_HPP

/// @file
/// Cohesion (Reynolds 1999, "Cohesion"): approach and join the others nearby.

#include <glm/geometric.hpp>

#include "../vector.hpp"
#include "../vehicle.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Pulls `v` toward the average position of its neighbors in `n` (Reynolds 1999,
/// "Cohesion"): that average minus `v`'s position, as in the original boids model. The
/// pull grows with the distance to the center; to glide to the center and stop there
/// instead, arrive at `neighborhood_center(v, neighbors, n)`. No neighbors gives zero.
/// @return the offset to the neighbors' center, in length units. Not truncated.
template <vector V, class R>
    requires neighbor_range<R, V>
[[nodiscard]] V cohesion(const vehicle<V>& v, const R& neighbors, const neighborhood<V>& n) {
    using S = scalar_t<V>;
    validate(n);
    const detail::neighborhood_test<V> test(n);
    V sum(S(0));
    S count = 0;
    detail::for_each_neighbor(v, neighbors, [&](const vehicle<V>&, const V& offset, S distance_squared) {
        if (!test.accepts(distance_squared, glm::dot(v.forward(), offset))) return;
        sum += offset;
        count += S(1);
    });
    return count > S(0) ? sum / count : sum;
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_COHESION_HPP
