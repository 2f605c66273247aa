#ifndef STEER_BEHAVIORS_ALIGNMENT_HPP
#define STEER_BEHAVIORS_ALIGNMENT_HPP

/// @file
/// Alignment (Reynolds 1999, "Alignment"): head the same way as the others nearby.

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/force.hpp"
#include "../vector.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Turns `a` to head the way its neighbors in `n` head (Reynolds 1999, "Alignment"). It
/// follows their unit forward vectors, the paper's alternative to velocities, so their
/// speeds do not matter: the desired velocity is the average of their forwards times `a`'s
/// max_speed, and the result corrects `a`'s velocity toward it. Where they agree this asks
/// for full speed their way; where they disagree the average is short and `a` slows down.
/// (The paper's literal "average forward minus own forward" never points ahead of `a`, so
/// it can only brake: a flock steered by it grinds to a halt. Using max_speed and the
/// velocity instead keeps an aligned flock cruising.) No neighbors gives zero.
/// `neighbors` is any range of agents of `a`'s vector type, or of pointers to them.
/// @return the velocity error (desired − velocity) as a force, max_force per max_speed of
///         error, cut to max_force: full effort for an error of max_speed or more (a
///         reversal, or from rest), zero when already at full speed their way.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> alignment(const A& a, const R& neighbors, const neighborhood<agent_vector_t<A>>& n,
                                          source_location caller = source_location::current()) {
    detail::expect_limits("steer::alignment", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(n, caller);
    const detail::neighborhood_test<V> test(n);
    const V forward = a.forward();
    V sum(S(0));
    S count = 0;
    detail::for_each_neighbor(a, neighbors, [&](const auto& other, const V& offset, S distance_squared) {
        if (!test.accepts(distance_squared, glm::dot(forward, offset))) return;
        sum += V(other.forward());
        count += S(1);
    });
    if (count == S(0)) return V(S(0));
    return detail::velocity_error_force(a, sum * (static_cast<S>(a.max_speed()) / count));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_ALIGNMENT_HPP
