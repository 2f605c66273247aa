#ifndef STEER_BEHAVIORS_LEADER_FOLLOWING_HPP
#define STEER_BEHAVIORS_LEADER_FOLLOWING_HPP

/// @file
/// Leader following (Reynolds 1999, "Leader Following"): trail a moving leader, keep out
/// of its way, and do not crowd the other followers.

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "arrival.hpp"
#include "neighborhood.hpp"
#include "separation.hpp"

namespace steer {

/// How followers trail a leader (Reynolds 1999, "Leader Following"). Lengths in world
/// units, times in seconds.
template <vector V>
struct leader_following_params {
    /// How far behind the leader's center the followers' arrival target sits; >= 0.
    scalar_t<V> behind_distance = 2;
    /// Arrival's slowing distance toward that target; >= 0 (see `arrival`).
    scalar_t<V> slowing_distance = 2;
    /// The rectangle ahead of the leader to keep out of: it starts at the leader's center
    /// and reaches `lane_length` ahead, `lane_width` wide in total (half on each side). In
    /// 3D it is a cylinder of diameter `lane_width` around the leader's forward axis. >= 0.
    scalar_t<V> lane_length = 4;
    /// The lane's full width (see `lane_length`); >= 0.
    scalar_t<V> lane_width = 1;
    /// The neighborhood in which followers keep apart from one another.
    neighborhood<V> separation{};
    /// Weight of separation from the other followers, a fraction of max_force
    /// (dimensionless, like every weight): 0.5 lets crowding ask for half the follower's
    /// force. Finite; 0 = off.
    scalar_t<V> separation_weight = 1;
    /// The paper's option to drop back further at speed: the target's distance behind the
    /// leader grows by the distance the leader covers in `behind_time` seconds. >= 0; 0 = off.
    scalar_t<V> behind_time = 0;

    /// Exact equality of every field.
    friend constexpr bool operator==(const leader_following_params&, const leader_following_params&) = default;
};

/// Refuses leader-following parameters with a negative or non-finite length or time, an
/// invalid separation neighborhood, or a non-finite separation weight, as
/// `leader_following` would.
template <vector V>
void validate(const leader_following_params<V>& p, source_location caller = source_location::current()) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::leader_following";
    detail::expect_at_least(where, "behind_distance", p.behind_distance, S(0), caller);
    detail::expect_at_least(where, "slowing_distance", p.slowing_distance, S(0), caller);
    detail::expect_at_least(where, "lane_length", p.lane_length, S(0), caller);
    detail::expect_at_least(where, "lane_width", p.lane_width, S(0), caller);
    detail::expect_at_least(where, "behind_time", p.behind_time, S(0), caller);
    detail::expect_finite(where, "separation_weight", p.separation_weight, caller);
    validate(p.separation, caller);
}

/// Whether `follower` is in the way of `leader` (Reynolds 1999, "Leader Following"): its
/// center is ahead of the leader's by at most `lane_length`, and its body overlaps the lane,
/// the strip `lane_width` wide along the leader's forward axis (center within
/// `lane_width / 2 + follower.radius()` of that axis).
template <agent L, agent_of<agent_vector_t<L>> F>
[[nodiscard]] bool in_leader_lane(const L& leader, const F& follower,
                                  const leader_following_params<agent_vector_t<L>>& p) noexcept {
    using V = agent_vector_t<L>;
    using S = scalar_t<V>;
    const V forward = leader.forward();
    const V relative = V(follower.position()) - V(leader.position());
    const S ahead = glm::dot(relative, forward);
    if (!(ahead >= S(0) && ahead <= p.lane_length)) return false;
    const V lateral = relative - forward * ahead;
    const S reach = p.lane_width / S(2) + static_cast<S>(follower.radius());
    return glm::dot(lateral, lateral) < reach * reach;
}

/// Follows `leader` (Reynolds 1999, "Leader Following"): arrives at a point
/// `behind_distance` (plus the leader's speed times `behind_time`) behind the leader,
/// slowing within `slowing_distance`. While `a` is in the leader's lane (`in_leader_lane`)
/// it first steers sideways out of the leader's path at full force, away from the lane's
/// axis (to the leader's side when exactly on it). While it is ahead of the leader but out
/// of the lane, its arrival target is moved sideways out of the lane on its own side, so
/// that it comes back around the leader rather than through its path. Added in every case:
/// `separation` from `neighbors` (the other followers; `a` itself and the leader may be in
/// the range) times `separation_weight`. `leader` is any agent of `a`'s vector type;
/// `neighbors` any range of them, or of pointers to them.
/// @return (max_force sideways in the lane, else arrival's force) + separation ×
///         separation_weight, cut to max_force: full effort in the lane or far behind,
///         zero at rest on the point behind with nobody too close.
template <agent A, agent_of<agent_vector_t<A>> L, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> leader_following(const A& a, const L& leader, const R& neighbors,
                                                 const leader_following_params<agent_vector_t<A>>& p = {},
                                                 source_location caller = source_location::current()) {
    detail::expect_limits("steer::leader_following", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    V steering(S(0));
    const V leader_position = leader.position();
    const V leader_forward = leader.forward();
    const V relative = V(a.position()) - leader_position;
    const S ahead = glm::dot(relative, leader_forward);
    V away = safe_normalize(relative - leader_forward * ahead);
    if (away == V(S(0))) away = side(leader);
    const S behind = p.behind_distance + speed(leader) * p.behind_time;
    if (in_leader_lane(leader, a, p)) {
        steering = away * static_cast<S>(a.max_force());
    } else {
        V target = leader_position - leader_forward * behind;
        if (ahead >= S(0)) target += away * (p.lane_width / S(2) + static_cast<S>(a.radius()));
        steering = arrival(a, target, {.slowing_distance = p.slowing_distance}, caller);
    }
    if (p.separation_weight != S(0))
        steering += separation(a, neighbors, p.separation, {}, caller) * p.separation_weight;
    return detail::limit_force(a, steering);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_LEADER_FOLLOWING_HPP
