#ifndef STEER_BEHAVIORS_COHESION_HPP
#define STEER_BEHAVIORS_COHESION_HPP

/// @file
/// Cohesion (Reynolds 1999, "Cohesion"): approach and join the others nearby.

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/force.hpp"
#include "../vector.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Pulls `a` toward the center of its neighbors in `n` (Reynolds 1999, "Cohesion"): the
/// paper's steering is toward the average position of the neighbors, its pull growing with
/// the distance to it. Here the offset to that average is measured against the
/// neighborhood's radius R (`max_distance`) and scaled to force: max_force when the center
/// lies at the neighborhood's edge, proportionally less nearer, so that a neighbor entering
/// at the edge does not make the pull jump. To glide to the center and stop there instead,
/// arrive at `neighborhood_center(a, neighbors, n)`. No neighbors (or R = 0, which admits
/// nobody) gives zero. `neighbors` is any range of agents of `a`'s vector type, or of
/// pointers to them.
/// @return the offset to the neighbors' center × max_force / R, cut to max_force: full
///         effort when the center is at the neighborhood's edge (or beyond), zero on it.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> cohesion(const A& a, const R& neighbors, const neighborhood<agent_vector_t<A>>& n,
                                         source_location caller = source_location::current()) {
    detail::expect_limits("steer::cohesion", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(n, caller);
    const detail::neighborhood_test<V> test(n);
    const V forward = a.forward();
    V sum(S(0));
    S count = 0;
    detail::for_each_neighbor(a, neighbors, [&](const auto&, const V& offset, S distance_squared) {
        if (!test.accepts(distance_squared, glm::dot(forward, offset))) return;
        sum += offset;
        count += S(1);
    });
    if (count == S(0)) return V(S(0));  // also when R = 0: nobody is admitted
    // Every neighbor is within R, so their center is too: offset / R is at most 1 long
    // (before rounding) and never overflows, however small R is.
    return detail::limit_force(a, (sum / count / n.max_distance) * static_cast<S>(a.max_force()));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_COHESION_HPP
