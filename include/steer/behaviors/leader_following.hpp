#ifndef STEER_BEHAVIORS_LEADER_FOLLOWING_HPP
#define STEER_BEHAVIORS_LEADER_FOLLOWING_HPP

/// @file
/// Leader following (Reynolds 1999, "Leader Following"): trail a moving leader, keep out
/// of its way, and do not crowd the other followers.

#include <cmath>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
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
    /// Weight of separation (added raw, 1/r per neighbor; see `separation`). Finite.
    scalar_t<V> separation_weight = 1;
    /// The paper's option to drop back further at speed: the target's distance behind the
    /// leader grows by the distance the leader covers in `behind_time` seconds. >= 0; 0 = off.
    scalar_t<V> behind_time = 0;

    /// Exact equality of every field.
    friend constexpr bool operator==(const leader_following_params&, const leader_following_params&) = default;
};

/// Refuses leader-following parameters with a negative or non-finite length or time, an
/// invalid separation neighborhood, or a non-finite separation weight.
template <vector V>
void validate(const leader_following_params<V>& p) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::leader_following_params";
    detail::expect_at_least(where, "behind_distance", p.behind_distance, S(0));
    detail::expect_at_least(where, "slowing_distance", p.slowing_distance, S(0));
    detail::expect_at_least(where, "lane_length", p.lane_length, S(0));
    detail::expect_at_least(where, "lane_width", p.lane_width, S(0));
    detail::expect_at_least(where, "behind_time", p.behind_time, S(0));
    STEER_EXPECTS(std::isfinite(p.separation_weight),
                  detail::describe(where, "separation_weight", "finite", p.separation_weight));
    validate(p.separation);
}

/// Whether `follower` is in the way of `leader` (Reynolds 1999, "Leader Following"): its
/// center is ahead of the leader's by at most `lane_length`, and its body overlaps the lane,
/// the strip `lane_width` wide along the leader's forward axis (center within
/// `lane_width / 2 + follower.radius()` of that axis).
template <vector V>
[[nodiscard]] bool in_leader_lane(const vehicle<V>& leader, const vehicle<V>& follower,
                                  const leader_following_params<V>& p) noexcept {
    using S = scalar_t<V>;
    const V relative = follower.position() - leader.position();
    const S ahead = glm::dot(relative, leader.forward());
    if (!(ahead >= S(0) && ahead <= p.lane_length)) return false;
    const V lateral = relative - leader.forward() * ahead;
    const S reach = p.lane_width / S(2) + follower.radius();
    return glm::dot(lateral, lateral) < reach * reach;
}

/// Follows `leader` (Reynolds 1999, "Leader Following"): arrives at a point
/// `behind_distance` (plus the leader's speed times `behind_time`) behind the leader,
/// slowing within `slowing_distance`. While `v` is in the leader's lane (`in_leader_lane`)
/// it first steers sideways out of the leader's path at full force, away from the lane's
/// axis (to the leader's side when exactly on it). While it is ahead of the leader but out
/// of the lane, its arrival target is moved sideways out of the lane on its own side, so
/// that it comes back around the leader rather than through its path. Added in every case:
/// separation from `neighbors` (the other followers; `v` itself and the leader may be in
/// the range) times `separation_weight`.
/// @return a steering force, not truncated.
template <vector V, class R>
    requires neighbor_range<R, V>
[[nodiscard]] V follow_leader(const vehicle<V>& v, const vehicle<V>& leader, const R& neighbors,
                              const leader_following_params<V>& p) {
    using S = scalar_t<V>;
    validate(p);
    V steering(S(0));
    const V relative = v.position() - leader.position();
    const S ahead = glm::dot(relative, leader.forward());
    V away = safe_normalize(relative - leader.forward() * ahead);
    if (away == V(S(0))) away = leader.side();
    const S behind = p.behind_distance + leader.speed() * p.behind_time;
    if (in_leader_lane(leader, v, p)) {
        steering = away * v.max_force();
    } else {
        V target = leader.position() - leader.forward() * behind;
        if (ahead >= S(0)) target += away * (p.lane_width / S(2) + v.radius());
        steering = arrival(v, target, {.slowing_distance = p.slowing_distance});
    }
    if (p.separation_weight != S(0)) steering += separation(v, neighbors, p.separation) * p.separation_weight;
    return steering;
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_LEADER_FOLLOWING_HPP
