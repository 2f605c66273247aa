#ifndef STEER_BEHAVIORS_ALIGNMENT_HPP
#define STEER_BEHAVIORS_ALIGNMENT_HPP

/// @file
/// Alignment (Reynolds 1999, "Alignment"): head the same way as the others nearby.

#include <glm/geometric.hpp>

#include "../vector.hpp"
#include "../vehicle.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Turns `v` to head the way its neighbors in `n` head (Reynolds 1999, "Alignment"). It
/// follows their unit forward vectors, the paper's alternative to velocities, so their
/// speeds do not matter: desired velocity is the average of their forwards times `v`'s
/// max_speed, and the result is that minus `v`'s velocity. Where they agree this asks for
/// full speed their way; where they disagree the average is short and `v` slows down.
/// (The paper's literal "average forward minus own forward" never points ahead of `v`, so
/// it can only brake: a flock steered by it grinds to a halt. Using max_speed and the
/// velocity instead keeps an aligned flock cruising.) No neighbors gives zero.
/// @return desired velocity minus velocity, not truncated.
template <vector V, class R>
    requires neighbor_range<R, V>
[[nodiscard]] V alignment(const vehicle<V>& v, const R& neighbors, const neighborhood<V>& n) {
    using S = scalar_t<V>;
    validate(n);
    const detail::neighborhood_test<V> test(n);
    V sum(S(0));
    S count = 0;
    detail::for_each_neighbor(v, neighbors, [&](const vehicle<V>& other, const V& offset, S distance_squared) {
        if (!test.accepts(distance_squared, glm::dot(v.forward(), offset))) return;
        sum += other.forward();
        count += S(1);
    });
    return count > S(0) ? sum * (v.max_speed() / count) - v.velocity() : sum;
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_ALIGNMENT_HPP
