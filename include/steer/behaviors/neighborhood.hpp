#ifndef STEER_BEHAVIORS_NEIGHBORHOOD_HPP
#define STEER_BEHAVIORS_NEIGHBORHOOD_HPP

/// @file
/// A character's neighborhood (Reynolds 1999, Figure 13): a distance and a field of view
/// around its forward direction. Also the ranges of neighbors that the group behaviors
/// accept, and the one loop over them that separation, cohesion, alignment and flocking share.

#include <cmath>
#include <concepts>
#include <limits>
#include <numbers>
#include <optional>
#include <type_traits>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/portable_math.hpp"
#include "../detail/ranges.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// Who counts as "nearby" for a group behavior (Reynolds 1999, Figure 13): the others whose
/// centers are within `max_distance` of ours and within `max_angle` of our forward direction.
template <vector V>
struct neighborhood {
    /// Center-to-center distance, in world units; >= 0. Zero admits nobody.
    scalar_t<V> max_distance = 1;
    /// Half-angle of the field of view, in radians from forward; >= 0. pi (or more) sees
    /// all round; pi/2 sees the half-space ahead; 0 sees only what is straight ahead.
    scalar_t<V> max_angle = std::numbers::pi_v<scalar_t<V>>;

    /// Exact equality of both parameters.
    friend constexpr bool operator==(const neighborhood&, const neighborhood&) = default;
};

/// Refuses a neighborhood with a negative or non-finite distance or angle, naming it.
template <vector V>
void validate(const neighborhood<V>& n, source_location caller = source_location::current()) {
    using S = scalar_t<V>;
    detail::expect_at_least("steer::neighborhood", "max_distance", n.max_distance, S(0), caller);
    detail::expect_at_least("steer::neighborhood", "max_angle", n.max_angle, S(0), caller);
}

/// A range the group behaviors can read others from: any `std::ranges::input_range`
/// (iterable when const) whose elements are agents with vectors `V`, or point to one (raw
/// or smart pointers, iterators, `std::reference_wrapper`). `std::vector<vehicle3>`,
/// `std::vector<const vehicle3*>`, a span of your own agent type or of adaptors over your
/// physics bodies, and a proximity query's results gathered into a vector all qualify.
template <class R, class V>
concept neighbor_range = vector<V> && detail::input_range<const R> &&
    detail::agent_or_pointer_of<std::remove_cvref_t<detail::range_reference_t<const R>>, V>;

namespace detail {

/// A neighborhood prepared for many tests: squared distance and the cosine of the angle.
template <vector V>
struct neighborhood_test {
    using S = scalar_t<V>;

    S max_distance_squared = 0;
    S cos_max_angle = -1;
    S cos_max_angle_squared = 1;
    bool all_round = true;

    /// `n` must be valid (see `validate`).
    explicit neighborhood_test(const neighborhood<V>& n) noexcept
        : max_distance_squared(n.max_distance * n.max_distance),
          all_round(n.max_angle >= std::numbers::pi_v<S>) {
        if (!all_round) {
            cos_max_angle = detail::portable_cos(n.max_angle);
            cos_max_angle_squared = cos_max_angle * cos_max_angle;
        }
    }

    /// The test of `n`, taking the field of view's cosine from `known` (the test of
    /// `known_n`) when the two share their angle: the cosine is the costly part.
    neighborhood_test(const neighborhood<V>& n, const neighborhood<V>& known_n, const neighborhood_test& known) noexcept
        : max_distance_squared(n.max_distance * n.max_distance) {
        if (n.max_angle == known_n.max_angle) {
            cos_max_angle = known.cos_max_angle;
            cos_max_angle_squared = known.cos_max_angle_squared;
            all_round = known.all_round;
        } else {
            *this = neighborhood_test(n);
        }
    }

    /// Whether a neighbor at squared distance `distance_squared`, whose offset from us has
    /// `forwardness` = dot(our forward, offset), is inside. Compares squares: no square root.
    [[nodiscard]] constexpr bool accepts(S distance_squared, S forwardness) const noexcept {
        if (!(distance_squared <= max_distance_squared)) return false;
        return all_round || in_view(distance_squared, forwardness);
    }

    /// `accepts` as 1 or 0, computed without a branch on the neighbor: for a test that passes
    /// for some neighbors and fails for others in no pattern, where a mispredicted branch
    /// costs more than the arithmetic it would skip.
    [[nodiscard]] constexpr S acceptance(S distance_squared, S forwardness) const noexcept {
        const bool within = distance_squared <= max_distance_squared;
        if (all_round) return static_cast<S>(within);  // the same way for every neighbor: predicted
        return static_cast<S>(within & in_view(distance_squared, forwardness));
    }

private:
    /// Whether the offset is inside the field of view (whatever its length), for a
    /// neighborhood that is not all-round:
    /// angle(forward, offset) <= max_angle  <=>  forwardness >= cos(max_angle) * |offset|.
    /// Its only branch is on the neighborhood's angle, the same for every neighbor.
    [[nodiscard]] constexpr bool in_view(S distance_squared, S forwardness) const noexcept {
        const S lhs = forwardness * forwardness;
        const S rhs = cos_max_angle_squared * distance_squared;
        const bool ahead = forwardness >= S(0);
        return cos_max_angle >= S(0) ? ahead & (lhs >= rhs) : ahead | (lhs <= rhs);
    }
};

/// Calls `f(other, offset, distance_squared)` for every agent of `neighbors` except `a`
/// itself (by address), null pointers, those at (or within about 1e-19 units of, in float)
/// `a`'s position, which give no direction, and those whose squared distance overflows.
/// `offset` is other.position - a.position.
/// The shared loop of every group behavior; no allocation, no copies of agents.
template <agent A, class R, class F>
    requires neighbor_range<R, agent_vector_t<A>>
constexpr void for_each_neighbor(const A& a, const R& neighbors, F&& f) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    const V position = a.position();
    for (auto&& element : neighbors) {
        const auto* other = agent_address<V>(element);
        if (other == nullptr) continue;
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(*other)>, A>) {
            if (other == &a) continue;
        }
        const V offset = V(other->position()) - position;
        const S distance_squared = glm::dot(offset, offset);
        // Coincident (or so close that 1/r would overflow): no direction to speak of. This
        // also skips `a` itself when the range holds it in another form (a copy taken before
        // a step, an adaptor over the same body).
        // So far away that the squared distance overflows: beyond any neighborhood.
        if (!(distance_squared >= std::numeric_limits<S>::min() && distance_squared <= std::numeric_limits<S>::max()))
            continue;
        f(*other, offset, distance_squared);
    }
}

}  // namespace detail

/// Whether `other` is in `v`'s neighborhood `n` (Reynolds 1999, Figure 13): within
/// `max_distance` of `v`, center to center, and within `max_angle` of `v`'s forward.
/// `a` itself, and any agent at exactly `a`'s position, is never its neighbor.
template <agent A, agent_of<agent_vector_t<A>> O>
[[nodiscard]] bool in_neighborhood(const A& a, const O& other, const neighborhood<agent_vector_t<A>>& n,
                                   source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(n, caller);
    if constexpr (std::is_same_v<O, A>) {
        if (&other == &a) return false;
    }
    const V offset = V(other.position()) - V(a.position());
    const S distance_squared = glm::dot(offset, offset);
    if (!(distance_squared >= std::numeric_limits<S>::min())) return false;
    return detail::neighborhood_test<V>(n).accepts(distance_squared, glm::dot(V(a.forward()), offset));
}

/// The average position of `v`'s neighbors in `n` (the paper's "center of gravity" for
/// cohesion), or nothing when the neighborhood is empty. Seek or arrive at it to gather.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] std::optional<agent_vector_t<A>> neighborhood_center(
    const A& a, const R& neighbors, const neighborhood<agent_vector_t<A>>& n,
    source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(n, caller);
    const detail::neighborhood_test<V> test(n);
    const V forward = a.forward();
    V sum(S(0));
    S count = 0;
    detail::for_each_neighbor(a, neighbors, [&](const auto&, const V& offset, S distance_squared) {
        if (!test.accepts(distance_squared, glm::dot(forward, offset))) return;
        sum += offset;  // offsets, not positions: no precision lost far from the origin
        count += S(1);
    });
    if (count == S(0)) return std::nullopt;
    return V(a.position()) + sum / count;
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_NEIGHBORHOOD_HPP
