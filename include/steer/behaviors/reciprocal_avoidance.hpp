#ifndef STEER_BEHAVIORS_RECIPROCAL_AVOIDANCE_HPP
#define STEER_BEHAVIORS_RECIPROCAL_AVOIDANCE_HPP

/// @file
/// Reciprocal avoidance (van den Berg, Guy, Lin and Manocha 2011, "Reciprocal n-body
/// collision avoidance", the ORCA construction): every agent takes its share of avoiding
/// each neighbor, so a crowd whose members all use it stays apart without negotiating; a
/// deterministic right-hand detour keeps dense, symmetric crowds from freezing.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <string>
#include <type_traits>

#include <glm/geometric.hpp>

#include "../agent.hpp"
#include "../detail/always_inline.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../detail/linear_program.hpp"
#include "../detail/portable_math.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/box.hpp"
#include "../world/obstacle.hpp"
#include "../world/oriented_box.hpp"
#include "../world/plane.hpp"
#include "../world/polygon.hpp"
#include "../world/segment.hpp"
#include "../world/sphere.hpp"
#include "neighborhood.hpp"

namespace steer {

/// Tuning for `reciprocal_avoidance` and `collision_free_velocity`.
template <vector V>
struct reciprocal_avoidance_params {
    /// How far ahead a neighbor closing in at the two agents' combined top speed is avoided,
    /// in seconds (> 0): the paper's time horizon τ. A velocity is acceptable when it keeps
    /// clear of the neighbor for this long, the neighbor doing its share. Neighbors that
    /// close in more slowly get a horizon shortened in proportion, down to
    /// `min_time_horizon` for those moving with the agent: a crossing is anticipated from
    /// afar, while the members of one stream may walk close together. Never shorter than
    /// the step `dt` (a shorter one would let a pair meet within the step).
    scalar_t<V> time_horizon = 3;
    /// The horizon for neighbors moving with the agent (no relative speed), in seconds,
    /// > 0 and at most `time_horizon`. Equal to `time_horizon`, every pair has the one
    /// fixed horizon of the paper (RVO2's `timeHorizon`).
    scalar_t<V> min_time_horizon = scalar_t<V>(0.25);
    /// How far ahead obstacles are avoided, in seconds (> 0; never shorter than `dt`).
    /// Shorter lets agents walk closer to walls.
    scalar_t<V> obstacle_time_horizon = 1;
    /// Extra gap kept between bodies, in world units (>= 0), added to the two radii (and to
    /// the agent's radius against obstacles); it absorbs what a crowded step or a limited
    /// max_force leaves over.
    scalar_t<V> clearance = scalar_t<V>(0.02);
    /// How many neighbors are considered, the nearest first (1 to 64). More costs more and
    /// hems the agent in more. Obstacles count apart (their 32 nearest surfaces).
    int max_neighbors = 6;
    /// The deadlock breaker, in radians (0 to pi): an agent that neither moves toward its
    /// preferred velocity nor can (the avoidance leaves it short of it) turns the preferred
    /// velocity to its right by up to this angle, in proportion to both shortfalls. Every
    /// agent turning the same way makes a knot circulate, like traffic round a roundabout,
    /// instead of freezing. A right angle or a little more (the default, 1.6, is 92 degrees)
    /// is what frees a ring of agents pressed shoulder to shoulder: any less and they stay
    /// pressed. 0 turns the detour off (the paper's behavior).
    scalar_t<V> detour_angle = scalar_t<V>(1.6);
    /// Neighbors whose centers are farther than this are not considered, in world units
    /// (> 0; infinity, the default, for no limit): RVO2's `neighborDist`. The range handed
    /// in is the usual place to limit (a proximity query of that radius); this bounds a
    /// range gathered more widely, such as a crowd's neighbors within its step radius.
    scalar_t<V> neighbor_distance = std::numeric_limits<scalar_t<V>>::infinity();
    /// Room kept ahead that grows with speed, in seconds (>= 0; 0, the default, for none):
    /// two agents one behind the other keep this many seconds of their mean speed between
    /// them, on top of the radii and `clearance`, and less as they stand more side by side
    /// (times |cos| of the angle between the line joining them and their summed velocity).
    /// People walking in file keep a distance that grows with their speed (Seyfried et al.
    /// 2005: about 0.36 m + 1.06 s × speed between centers), which is what makes a crowd
    /// slow down as it thickens; 0.25 brings walkers close to Weidmann's diagram at low
    /// densities and to the measured flow through bottlenecks (docs/behaviors.md, "People").
    scalar_t<V> time_headway = 0;
    /// When true, an agent that wants to walk is never pushed faster than it wants along its
    /// way: the program's velocities go no faster than the preferred speed in the preferred
    /// direction (sideways or back, up to max_speed, so that it can still step aside; one
    /// that wants to stand is not limited). Off by default, as in the paper, where a neighbor
    /// closing in from behind may hurry an agent along up to its max_speed.
    bool keep_to_preferred_speed = false;
    /// When true, an agent counts as wanting only as much as it gets: its share of the
    /// avoiding and its standing room are those of an agent that wants its preferred speed
    /// times its progress (the share of the preferred velocity its velocity achieves), so
    /// one that is stuck behaves as one standing still and steps aside. It breaks the arches
    /// that clog a door: three bodies wedged between a door frame and each other, each
    /// waiting for another to move (examples/routes' doorway, its agents pushing rather
    /// than queueing: 0 of 200 through in 120 s without, 86 with). Off by default: in open
    /// scenes the paper's shares do better (the circle of 100 takes 1.99 times the straight
    /// walk with it, 1.49 without).
    bool yield_when_stuck = false;
    /// When true, an agent whose program has no solution (no velocity keeps it clear of
    /// every neighbor for that neighbor's horizon) halves the neighbors' horizons, again and
    /// again, until one does, and takes the velocity nearest its preferred one that keeps
    /// clear for the longest horizons it can. The floor is the step, or the time the agent
    /// needs to reverse at max_force (2 × mass × max_speed / max_force) if longer: a vehicle
    /// that could not follow a later avoidance is not asked for one. Only when none does even
    /// at the floor does it take the velocity that goes least deep into the worst half-plane
    /// (the paper's fallback, which stops dense knots cold). Off by default (every figure
    /// measured without it); with 10 or more neighbors per agent, it keeps crowds moving: two
    /// blocks of 200 crossing take 1.05 to 1.43 times the straight walk with 6 to 16
    /// neighbors, against 1.07 to 3.32 without (docs/behaviors.md, "Getting there, RVO2's
    /// way").
    bool shorten_horizons_when_blocked = false;
    /// When true, an agent walking along with a neighbor (their relative speed under a
    /// quarter of the two top speeds combined) and not touching it may press toward it a
    /// little beyond its share: its half-plane against that neighbor is loosened by 2.5% of
    /// the agent's speed, times how much it wants to move and less as the pair's relative
    /// speed grows (none at a quarter of the combined top speeds). Built about the current
    /// velocities, the paper's half-planes hold walkers packed shoulder to shoulder in a
    /// rigid block: none can turn toward its goal until the one beside it has, and one
    /// standing in the way is carried off by the walker behind it. The press lets the
    /// neighbor, which then takes its share, make way, so the block reshapes. A pair closes in
    /// at most that much faster than the shares allow, and not at all once touching.
    /// Off by default (every figure measured without it); with `shorten_horizons_when_blocked`,
    /// the circles of 86 to 114 with 6 to 16 neighbors take 1.31 to 1.43 times the straight
    /// walk instead of 1.41 to 1.71, agents staying put are no longer shoved from their
    /// spots, and the random scene and the corridor are about as slow as without
    /// (docs/behaviors.md, "Getting there, RVO2's way"). Use it with shortened horizons:
    /// without them it slows the crossing (2.10 and 2.34 times with 6 and 10 neighbors,
    /// against 1.07 and 1.55) and the random scene (4.7 to 6.6 times, against 4.0 to 4.9).
    bool nudge_companions = false;

    /// Exact equality of every field.
    friend constexpr bool operator==(const reciprocal_avoidance_params&, const reciprocal_avoidance_params&) = default;
};

/// Refuses horizons that are not positive (or a `min_time_horizon` above `time_horizon`), a
/// negative clearance, a neighbor count outside [1, 64], a detour angle outside [0, pi], a
/// neighbor distance that is not positive, a negative time headway, and anything not
/// finite but an infinite neighbor distance, as `reciprocal_avoidance` would.
template <vector V>
void validate(const reciprocal_avoidance_params<V>& p, source_location caller = source_location::current()) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::reciprocal_avoidance";
    detail::expect_above(where, "time_horizon", p.time_horizon, S(0), caller);
    detail::expect_above(where, "min_time_horizon", p.min_time_horizon, S(0), caller);
    if (!(p.min_time_horizon <= p.time_horizon)) [[unlikely]]
        detail::refuse(where, "min_time_horizon", "<= time_horizon (" + detail::format_value(p.time_horizon) + ")",
                       p.min_time_horizon, caller);
    detail::expect_above(where, "obstacle_time_horizon", p.obstacle_time_horizon, S(0), caller);
    detail::expect_at_least(where, "clearance", p.clearance, S(0), caller);
    detail::expect_within(where, "max_neighbors", p.max_neighbors, 1, 64, caller);
    detail::expect_within(where, "detour_angle", p.detour_angle, S(0), std::numbers::pi_v<S>, caller);
    if (!(p.neighbor_distance > S(0))) [[unlikely]]
        detail::refuse(where, "neighbor_distance", "> 0 (infinity for no limit)", p.neighbor_distance, caller);
    detail::expect_at_least(where, "time_headway", p.time_headway, S(0), caller);
}

namespace detail {

/// The most neighbors `reciprocal_avoidance` considers, and the most obstacle surfaces.
inline constexpr int reciprocal_neighbor_capacity = 64;
inline constexpr int reciprocal_obstacle_capacity = 32;

/// A buffer that keeps the `capacity` items with the smallest keys, in key order.
template <vector V, class T>
class nearest_by_key {
public:
    /// Room for `capacity` items and their keys.
    nearest_by_key(T* storage, scalar_t<V>* keys, int capacity) noexcept
        : items_(storage), keys_(keys), capacity_(capacity) {}

    /// Adds `item` under `key` if it is among the `capacity` smallest keys so far (ties: the
    /// earlier stays).
    void add(scalar_t<V> key, const T& item) noexcept {
        int at;
        if (count_ < capacity_) {
            at = count_++;
        } else {
            if (!(key < keys_[count_ - 1])) return;
            at = count_ - 1;
        }
        while (at > 0 && key < keys_[at - 1]) {
            keys_[at] = keys_[at - 1];
            items_[at] = items_[at - 1];
            --at;
        }
        keys_[at] = key;
        items_[at] = item;
    }

    /// Whether an item under `key` would be kept (cheaper than building it).
    [[nodiscard]] bool admits(scalar_t<V> key) const noexcept { return count_ < capacity_ || key < keys_[count_ - 1]; }

    /// How many are kept.
    [[nodiscard]] int size() const noexcept { return count_; }

private:
    T* items_;
    scalar_t<V>* keys_;
    int capacity_;
    int count_ = 0;
};

/// The obstacles' half-spaces, nearest first.
template <vector V>
using nearest_constraints = nearest_by_key<V, half_space<V>>;

/// The side to pass a neighbor on when heading straight at it: the right of the direction
/// to it (2D: turned clockwise; 3D: cross(direction, +y), or cross(direction, +x) along y).
/// It changes sign with the direction, so the two agents of a head-on pair pick opposite
/// sides of the line between them and pass each other, left shoulder to left shoulder.
template <vector V>
[[nodiscard]] V head_on_side(const V& unit_offset) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        return V(unit_offset.y, -unit_offset.x);
    } else {
        V side = safe_normalize(glm::cross(unit_offset, V(S(0), S(1), S(0))));
        if (side == V(S(0))) side = safe_normalize(glm::cross(unit_offset, V(S(1), S(0), S(0))));
        return side;
    }
}

/// An agent's share of avoiding one neighbor: of the change needed to leave the velocity
/// obstacle (`required`, at least 1/2: the pair then does all of it between them), and of
/// the room left before entering it (`room`, at most 1/2: the pair never uses more than all
/// of it). The paper's ORCA has both 1/2.
template <std::floating_point S>
struct avoidance_share {
    S required;
    S room;
};

/// The agent's part of avoiding one neighbor (the paper's ORCA_A|B, section 4): the
/// velocities v of A with dot(n, v - (v_A + share * u)) >= 0, where u is the smallest change
/// of the relative velocity that takes it onto the boundary of the truncated velocity
/// obstacle (the cone of relative velocities that meet the neighbor within the horizon,
/// cut off by the disk of radius r/τ around p/τ), and n the obstacle's outward normal there.
///   - `offset` = p_B - p_A, `relative_velocity` = v_A - v_B, `reach` = the two radii plus
///     clearance, `velocity` = v_A;
///   - agents that overlap already use the time step instead of the horizon: the relative
///     velocity must part them within the next step (the paper's section 5.1).
/// `offset` must not be zero (its square a normal number).
template <vector V>
[[nodiscard]] half_space<V> reciprocal_half_space(const V& offset, const V& relative_velocity, scalar_t<V> reach,
                                                  scalar_t<V> inverse_horizon, scalar_t<V> inverse_dt,
                                                  avoidance_share<scalar_t<V>> share, const V& velocity) noexcept {
    using S = scalar_t<V>;
    const S distance_squared = glm::dot(offset, offset);
    const S reach_squared = reach * reach;
    V normal;
    V change;  // u
    if (distance_squared > reach_squared) {
        const V from_cutoff = relative_velocity - offset * inverse_horizon;  // w
        const S from_cutoff_squared = glm::dot(from_cutoff, from_cutoff);
        const S along = glm::dot(from_cutoff, offset);
        if (along < S(0) && along * along > reach_squared * from_cutoff_squared) {
            // Nearest the cut-off disk: seen from its center, the relative velocity lies
            // within the arc that faces the origin.
            const S length = std::sqrt(from_cutoff_squared);  // > 0, as along < 0
            normal = from_cutoff / length;
            change = normal * (reach * inverse_horizon - length);
        } else {
            // Nearest a leg of the cone: the one on the side where the relative velocity
            // passes the neighbor (its part square to the offset), or, dead ahead, the right.
            const S distance = std::sqrt(distance_squared);
            const V axis = offset / distance;
            V side = safe_normalize(relative_velocity - axis * glm::dot(relative_velocity, axis));
            if (side == V(S(0))) side = head_on_side(axis);
            const S cosine = std::sqrt(distance_squared - reach_squared) / distance;  // of the cone's half-angle
            const S sine = reach / distance;
            const V leg = axis * cosine + side * sine;
            normal = side * cosine - axis * sine;
            change = leg * glm::dot(relative_velocity, leg) - relative_velocity;
        }
    } else {
        // Overlapping: the velocity obstacle of the next step is the disk of radius r/dt
        // around p/dt; leave it the shortest way.
        const V from_center = relative_velocity - offset * inverse_dt;
        const S length = safe_length(from_center);
        normal = length > S(0) ? from_center / length : safe_normalize(-offset);
        change = normal * (reach * inverse_dt - length);
    }
    const S taken = glm::dot(change, normal) >= S(0) ? share.required : share.room;
    return {normal, glm::dot(normal, velocity + change * taken)};
}

/// What the agent knows of one neighbor to build its half-plane with any horizon: the
/// arguments of `reciprocal_half_space`, the pair's horizon, and how much of the agent's
/// standing room the neighbor leaves unused (> 0: it is nearer than that room).
template <vector V>
struct neighbor_pair {
    V offset;
    V relative_velocity;
    scalar_t<V> reach;
    scalar_t<V> horizon;
    avoidance_share<scalar_t<V>> share;
    scalar_t<V> unused_room;
    /// How much faster than its share the agent may close in on the neighbor (>= 0:
    /// `nudge_companions`).
    scalar_t<V> nudge = 0;
};

/// The agent's half-plane against one neighbor with the given horizon: the pair's
/// (`reciprocal_half_space`), its line moved in by the standing room the neighbor leaves
/// unused (`unused_room` > 0: closer than that, move away at the rest over the horizon; a
/// tighter line than the pair's, so the pair's guarantee stands), and out by the `nudge`.
template <vector V>
[[nodiscard]] STEER_DETAIL_ALWAYS_INLINE inline half_space<V> neighbor_half_space(const neighbor_pair<V>& pair,
                                                                                 scalar_t<V> horizon,
                                                                                 scalar_t<V> inverse_dt,
                                                                                 const V& velocity) noexcept {
    using S = scalar_t<V>;
    half_space<V> h = reciprocal_half_space(pair.offset, pair.relative_velocity, pair.reach, S(1) / horizon,
                                            inverse_dt, pair.share, velocity);
    if (pair.unused_room > S(0)) h.offset += pair.unused_room / horizon;
    h.offset -= pair.nudge;
    return h;
}

/// Whether a half-plane constrains nothing an agent of `max_speed` can do (or is not finite):
/// such a neighbor is left out of the program.
template <vector V>
[[nodiscard]] bool allows_every_velocity(const half_space<V>& h, scalar_t<V> max_speed) noexcept {
    return !(h.offset > -max_speed) || !std::isfinite(h.offset);
}

/// How much more of the avoiding the agent behind takes, and the one ahead less: at most
/// this share, for a pair walking one behind the other the same way.
inline constexpr double reciprocal_give_way = 0.4;
/// The extra room an agent that wants to stay put keeps from its neighbors, as a share of
/// its radius: within it, the agent's half-plane moves away at the room left over the
/// horizon.
inline constexpr double reciprocal_standing_room = 0.2;
/// `nudge_companions`: how much faster than its share an agent may close in on a neighbor
/// it walks along with, as a share of its speed.
inline constexpr double reciprocal_nudge = 0.025;
/// ... and the relative speed, as a share of the two top speeds combined, at which the
/// nudge has faded to nothing.
inline constexpr double reciprocal_nudge_fade = 0.25;

/// The agent's share of avoiding a neighbor that can move: `usual`, shifted by the rule that
/// the one behind gives way. Of a pair walking the same way, the one whose neighbor is ahead
/// of it along their summed velocity takes `reciprocal_give_way` times the cosine more of
/// both the change and the room, and its neighbor, which sees the opposite sign, as much
/// less: the pair's shares still add up as before, so the guarantee stands. Weighted by
/// how much the two velocities agree (the cosine is of the summed velocity, scaled by
/// |v_A + v_B| / (|v_A| + |v_B|)): nothing for a head-on pair or two standing agents;
/// beside one standing still, the mover's heading alone counts. `offset` = p_B - p_A,
/// `distance` its length (> 0), `speed` the length of `velocity`.
template <vector V>
[[nodiscard]] avoidance_share<scalar_t<V>> give_way(avoidance_share<scalar_t<V>> usual, const V& offset,
                                                    scalar_t<V> distance, const V& velocity, scalar_t<V> speed,
                                                    const V& other_velocity) noexcept {
    using S = scalar_t<V>;
    const S speeds = distance * (speed + safe_length(other_velocity));
    S ahead = glm::dot(offset, velocity + other_velocity) / speeds;  // in [-1, 1]: > 0, the other is ahead
    if (!(ahead >= S(-1) && ahead <= S(1))) ahead = S(0);            // (both still, or overflow)
    const S shift = S(reciprocal_give_way) * ahead;
    return {std::min(S(1), usual.required + shift), usual.room + shift};
}

/// Whether an obstacle of type `O` tells where its nearest surface is, as a convex shape:
/// `signed_distance(o, p)` (negative inside) and `nearest_point(o, p)` on its surface.
template <class O, class V>
concept convex_obstacle = requires(const O& o, const V& p) {
    { signed_distance(o, p) } -> std::convertible_to<scalar_t<V>>;
    { nearest_point(o, p) } -> std::convertible_to<V>;
};

template <class O>
inline constexpr bool unsupported_obstacle = false;

/// The agent's part of avoiding an obstacle (the paper's ORCA_A|O, section 5.1, with
/// v_opt = 0 and no share: obstacles do not move aside): of a convex obstacle whose surface
/// is `distance` away (negative inside) with outward normal `outward` at the nearest point,
/// the velocities v with dot(outward, v) >= (r - distance) / τ, which cannot reach it within
/// the horizon (or, touching already, leave it within the step). Kept by distance; none when
/// every velocity up to max_speed is allowed.
template <vector V>
void add_surface(scalar_t<V> distance, const V& outward, scalar_t<V> radius, scalar_t<V> inverse_horizon,
                 scalar_t<V> inverse_dt, scalar_t<V> max_speed, nearest_constraints<V>& out) noexcept {
    using S = scalar_t<V>;
    if (!std::isfinite(distance) || outward == V(S(0))) return;
    const S gap = distance - radius;
    const S offset = -gap * (gap > S(0) ? inverse_horizon : inverse_dt);
    if (!(offset > -max_speed)) return;
    out.add(gap, {outward, offset});
}

/// `add_surface` for a convex obstacle, its normal from its nearest point; a point exactly
/// on the surface takes `fallback` as the normal.
template <vector V, class O>
void add_convex(const O& o, const V& p, const V& fallback, scalar_t<V> radius, scalar_t<V> inverse_horizon,
                scalar_t<V> inverse_dt, scalar_t<V> max_speed, nearest_constraints<V>& out) {
    using S = scalar_t<V>;
    const S distance = static_cast<S>(signed_distance(o, p));
    V outward = safe_normalize(p - V(nearest_point(o, p)));
    if (distance < S(0)) outward = -outward;
    if (outward == V(S(0))) outward = fallback;
    add_surface(distance, outward, radius, inverse_horizon, inverse_dt, max_speed, out);
}

/// Adds the half-spaces of one obstacle: one for a convex shape, one for each edge of a
/// polygon within reach (each edge is convex, so together they keep the agent out of a
/// concave polygon too), and one out of a polygon the agent is inside.
template <vector V, class O>
void add_obstacle(const O& o, const V& position, const V& velocity, scalar_t<V> radius,
                  scalar_t<V> inverse_horizon, scalar_t<V> inverse_dt, scalar_t<V> max_speed,
                  nearest_constraints<V>& out, const source_location& caller) {
    using S = scalar_t<V>;
    validate_obstacle(o, caller);
    const V back = safe_normalize(-velocity);  // the side an agent exactly on a surface came from
    if constexpr (std::is_same_v<O, polygon<V>>) {
        if (o.size() == 0) return;
        if (signed_distance(o.bounds(), position) > radius + max_speed / inverse_horizon) return;
        if (contains(o, position)) {
            const std::size_t edge = nearest_edge(o, position);
            const segment<V> e = o.edge(edge);
            V outward = safe_normalize(V(nearest_point(e, position)) - position);
            if (outward == V(S(0))) outward = outward_normal(o, edge);
            add_surface(-safe_length(V(nearest_point(e, position)) - position), outward, radius, inverse_horizon,
                        inverse_dt, max_speed, out);
            return;
        }
        for (std::size_t i = 0; i < o.size(); ++i)
            add_convex(o.edge(i), position, outward_normal(o, i), radius, inverse_horizon, inverse_dt, max_speed, out);
    } else if constexpr (std::is_same_v<O, segment<V>>) {
        add_convex(o, position, segment_normal(o, back), radius, inverse_horizon, inverse_dt, max_speed, out);
    } else if constexpr (std::is_same_v<O, plane<V>>) {
        add_surface(signed_distance(o, position), safe_normalize(o.normal), radius, inverse_horizon, inverse_dt,
                    max_speed, out);
    } else if constexpr (convex_obstacle<O, V>) {
        add_convex(o, position, back, radius, inverse_horizon, inverse_dt, max_speed, out);
    } else {
        static_assert(unsupported_obstacle<O>,
                      "steer::reciprocal_avoidance needs each obstacle's nearest surface: the library's shapes "
                      "(sphere, box, oriented_box, plane, segment, polygon) have it; give a convex type of yours "
                      "signed_distance(o, p) and nearest_point(o, p) in its namespace. Ray casts "
                      "(ray_cast_obstacles) are not supported.");
    }
}

/// `preferred` turned to the agent's right by `angle` radians: clockwise in 2D, about the
/// agent's up in 3D (its part along up unchanged).
template <agent A>
[[nodiscard]] agent_vector_t<A> turned_right(const A& a, const agent_vector_t<A>& preferred, agent_scalar_t<A> angle) {
    using V = agent_vector_t<A>;
    using S = agent_scalar_t<A>;
    double sine, cosine;
    portable_sin_cos(static_cast<double>(angle), sine, cosine);
    const V along = preferred * static_cast<S>(cosine);
    if constexpr (dimension_v<V> == 2) {
        return along + V(preferred.y, -preferred.x) * static_cast<S>(sine);
    } else {
        const V unit_up = safe_normalize(V(up(a)));
        const V level = preferred - unit_up * glm::dot(preferred, unit_up);  // the part that turns
        return along + (preferred - level) * static_cast<S>(1 - cosine) + glm::cross(level, unit_up) * static_cast<S>(sine);
    }
}

/// The share of `preferred` that `velocity` achieves along it, in [0, 1]; 1 when
/// `preferred` is zero (nothing is wanted, so nothing is missing).
template <vector V>
[[nodiscard]] scalar_t<V> progress(const V& velocity, const V& preferred) noexcept {
    using S = scalar_t<V>;
    const S wanted_squared = glm::dot(preferred, preferred);
    if (!(wanted_squared >= std::numeric_limits<S>::min() && wanted_squared <= std::numeric_limits<S>::max()))
        return S(1);
    return clamp(glm::dot(velocity, preferred) / wanted_squared, S(0), S(1));
}

/// The velocity of `collision_free_velocity`; `obstacles` null for none.
template <agent A, class R, class Obstacles>
[[nodiscard]] agent_vector_t<A> collision_free_velocity(const A& a, const R& neighbors, const Obstacles* obstacles,
                                                        const agent_vector_t<A>& preferred_velocity,
                                                        agent_scalar_t<A> dt,
                                                        const reciprocal_avoidance_params<agent_vector_t<A>>& p,
                                                        source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    constexpr auto where = "steer::reciprocal_avoidance";
    validate(p, caller);
    expect_finite(where, "preferred_velocity", preferred_velocity, caller);
    expect_above(where, "dt", dt, S(0), caller);
    const S radius = static_cast<S>(a.radius());
    expect_above(where, "radius", radius, S(0), caller);
    expect_limits(where, a, caller);
    const S max_speed = std::max(S(0), static_cast<S>(a.max_speed()));  // (NaN: 0)
    const V position = a.position();
    const V velocity = a.velocity();
    const S inverse_dt = S(1) / dt;

    constexpr int capacity = reciprocal_obstacle_capacity + reciprocal_neighbor_capacity;
    std::array<half_space<V>, capacity> constraints;  // obstacles first (never given up), then neighbors
    std::array<S, capacity> keys;

    // Obstacles: their nearest surfaces, nearest first.
    nearest_constraints<V> walls(constraints.data(), keys.data(), reciprocal_obstacle_capacity);
    if constexpr (!std::is_same_v<Obstacles, std::nullptr_t>) {
        const S inverse_horizon = S(1) / std::max(p.obstacle_time_horizon, dt);
        const S padded = radius + p.clearance;
        const auto consider = [&](const auto& obstacle) {
            add_obstacle(obstacle, position, velocity, padded, inverse_horizon, inverse_dt, max_speed, walls, caller);
        };
        for_each_obstacle<V>(*obstacles, consider);
    }
    if (p.keep_to_preferred_speed) {
        // No faster along the way it wants than it wants (kept first, as an obstacle is):
        // dot(way, v) <= the preferred speed. Sideways and back it may still move at up to
        // max_speed, so it can step aside; one that wants to stand has no way, and no limit.
        const S preferred_speed = safe_length(preferred_velocity);
        if (preferred_speed > S(0) && preferred_speed < max_speed)
            walls.add(-std::numeric_limits<S>::infinity(), {-preferred_velocity / preferred_speed, -preferred_speed});
    }
    const int hard = walls.size();

    // Neighbors: this agent's part of avoiding each, nearest first. An agent that wants to
    // move less takes more of the avoiding (all of it when it wants to stay put), so one at
    // its goal steps aside for one passing; against a neighbor that cannot move, all of it.
    // With yield_when_stuck, it wants only as much as it gets.
    S wanting = max_speed > S(0) ? std::min(S(1), safe_length(preferred_velocity) / max_speed) : S(1);
    if (p.yield_when_stuck) wanting *= progress(velocity, truncate(preferred_velocity, max_speed));
    const avoidance_share<S> usual{S(0.5) + S(0.5) * (S(1) - wanting), S(0.5)};
    // An agent that wants to stay put keeps a little more room (up to a fifth of its radius):
    // it steps aside before a passer-by is pressed against it, so a gap between agents
    // standing at their goals opens for one that must get through it. Only its own
    // half-plane is tightened (the velocity obstacle is the pair's), so the pair's shares
    // still keep them apart.
    const S standing_room = (S(1) - wanting) * radius * S(reciprocal_standing_room);
    const S speed = safe_length(velocity);
    const S longest_horizon = std::max(p.time_horizon, dt);
    const S neighbor_distance_squared = p.neighbor_distance * p.neighbor_distance;  // (overflow: infinity, no limit)
    nearest_constraints<V> others(constraints.data() + hard, keys.data() + hard, p.max_neighbors);
    // With shorten_horizons_when_blocked, the same neighbors' pairs in the same order, to
    // build their half-planes again with shorter horizons when the program has no solution.
    std::array<neighbor_pair<V>, reciprocal_neighbor_capacity> pairs;
    std::array<S, reciprocal_neighbor_capacity> pair_keys;
    nearest_by_key<V, neighbor_pair<V>> kept_pairs(pairs.data(), pair_keys.data(), p.max_neighbors);
    for (auto&& element : neighbors) {
        const auto* other = agent_address<V>(element);
        if (other == nullptr) continue;
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(*other)>, A>) {
            if (other == &a) continue;
        }
        const S other_radius = static_cast<S>(other->radius());
        expect_above(where, "neighbor radius", other_radius, S(0), caller);
        const V offset = V(other->position()) - position;
        const S distance_squared = glm::dot(offset, offset);
        S reach = radius + other_radius + p.clearance;
        if (p.time_headway > S(0)) {
            // Headway: the same for both agents of the pair (their mean speed, and the |cos|
            // of the line between them against their summed velocity), so the pair's shares
            // still keep them apart, at the larger distance.
            const V other_velocity = other->velocity();
            const S in_line = std::abs(glm::dot(safe_normalize(offset), safe_normalize(velocity + other_velocity)));
            reach += p.time_headway * (speed + safe_length(other_velocity)) * S(0.5) * in_line;
        }
        const S other_max_speed = std::max(S(0), static_cast<S>(other->max_speed()));
        // Not even at full speed toward each other within the horizon (or not finite):
        // nothing to avoid. Then, with the buffer full of nearer ones, nothing to add.
        const S closing = max_speed + other_max_speed;
        const S farthest = reach + closing * longest_horizon;
        if (!(distance_squared <= farthest * farthest) || !(distance_squared <= neighbor_distance_squared)) continue;
        // On our very spot (within about 1e-19 units in float): no direction to leave it in.
        // As every group behavior does, skip it: that is also `a` itself in another form (a
        // copy taken before the step, an adaptor over the same body).
        if (!(distance_squared >= std::numeric_limits<S>::min())) continue;
        const S distance = std::sqrt(distance_squared);
        const S gap = distance - reach;
        if (!others.admits(gap)) continue;
        const V relative_velocity = velocity - V(other->velocity());
        // The horizon: the longest for a neighbor closing in at the combined top speed.
        const S fraction =
            closing > S(0) ? std::min(S(1), std::sqrt(glm::dot(relative_velocity, relative_velocity)) / closing) : S(1);
        const S horizon = std::max(dt, p.min_time_horizon + (p.time_horizon - p.min_time_horizon) * fraction);
        const avoidance_share<S> share = other_max_speed > S(0)
                                             ? give_way(usual, offset, distance, velocity, speed, V(other->velocity()))
                                             : avoidance_share<S>{S(1), S(1)};
        // With nudge_companions, a neighbor walking along and not touched: a little more than
        // the share toward it.
        S nudge = S(0);
        if (p.nudge_companions && gap > S(0))
            nudge = S(reciprocal_nudge) * std::min(speed, max_speed) * wanting *
                    std::max(S(0), S(1) - fraction / S(reciprocal_nudge_fade));
        const neighbor_pair<V> pair{offset, relative_velocity, reach, horizon, share,
                                    standing_room - std::max(S(0), gap), nudge};
        const half_space<V> h = neighbor_half_space(pair, horizon, inverse_dt, velocity);
        if (allows_every_velocity(h, max_speed)) continue;
        others.add(gap, h);
        if (p.shorten_horizons_when_blocked) kept_pairs.add(gap, pair);
    }
    // The neighbors' half-planes, after the obstacles', with every horizon scaled by `scale`
    // (never below `floor`); those that allow every velocity up to max_speed left out.
    int count = hard + others.size();
    const auto build = [&](S scale, S floor) {
        int built = hard;
        for (int i = 0; i < kept_pairs.size(); ++i) {
            const neighbor_pair<V>& pair = pairs[static_cast<std::size_t>(i)];
            const half_space<V> h = neighbor_half_space(pair, std::max(floor, pair.horizon * scale), inverse_dt, velocity);
            if (!allows_every_velocity(h, max_speed)) constraints[static_cast<std::size_t>(built++)] = h;
        }
        return built;
    };
    // Shorter horizons, down to the step or the time to reverse at max_force, whichever is longer.
    const S force = static_cast<S>(a.max_force());
    const S reverse_time = force > S(0) ? S(2) * static_cast<S>(mass(a)) * max_speed / force : S(0);
    const S shortest_horizon = std::max(dt, std::isfinite(reverse_time) ? reverse_time : S(0));

    // The program: toward the preferred velocity; then, if the agent is short of it and the
    // program too, toward the preferred velocity turned right in proportion to both.
    std::array<half_space<V>, capacity> projected;
    bool shortened = false;  // the neighbors' half-planes are not those of their own horizons
    const auto solve = [&](const V& wanted, auto& scratch) {
        if (shortened) count = build(S(1), dt);
        shortened = false;
        V chosen;
        int solved = scratch.solve(constraints.data(), count, max_speed, lp_goal<V>{wanted, false}, chosen);
        if (solved < count && p.shorten_horizons_when_blocked) {
            // No solution: halve the horizons until there is one (the velocity that keeps clear
            // for the longest horizons that have one), or the shortest have none either.
            for (S scale = S(0.5); scale * p.time_horizon >= shortest_horizon; scale *= S(0.5)) {
                const int built = build(scale, shortest_horizon);
                shortened = true;
                if (scratch.solve(constraints.data(), built, max_speed, lp_goal<V>{wanted, false}, chosen) == built)
                    return chosen;
            }
            if (shortened) {
                count = build(S(1), dt);
                shortened = false;
                solved = scratch.solve(constraints.data(), count, max_speed, lp_goal<V>{wanted, false}, chosen);
            }
        }
        if (solved < count)
            lp_least_penetration(constraints.data(), hard, count, solved, max_speed, chosen, projected.data(), scratch);
        return chosen;
    };
    const V wanted = truncate(preferred_velocity, max_speed);
    const S wanted_speed = safe_length(wanted);
    const auto solve_with_detour = [&](auto& scratch) {
        V chosen = solve(wanted, scratch);
        // Stuck: the program's answer is slower than wanted (an answer that slides round
        // something at speed is not stuck), and the agent is not moving the way it wants.
        const S short_of = wanted_speed > S(0) ? S(1) - std::min(S(1), safe_length(chosen) / wanted_speed) : S(0);
        const S angle = short_of * (S(1) - progress(velocity, wanted)) * p.detour_angle;
        if (!(angle > S(0.01))) return chosen;  // under a degree: not worth a second program
        // The detour is taken only if it gets the agent moving faster: turned into a wall it
        // slides along, it would stop instead.
        const V turned = solve(turned_right(a, wanted, angle), scratch);
        return length_squared(turned) > length_squared(chosen) ? turned : chosen;
    };
    V result;
    if constexpr (dimension_v<V> == 2) {
        lp_scratch<V> scratch{};
        result = solve_with_detour(scratch);
    } else {
        std::array<half_space<glm::vec<2, S>>, capacity> planar;
        lp_scratch<V> scratch{planar.data()};
        result = solve_with_detour(scratch);
    }
    if (!is_finite(result)) result = V(S(0));  // (only from overflowing input)
    return result;
}

}  // namespace detail

/// The velocity reciprocal avoidance chooses for `a` (see `reciprocal_avoidance`), for
/// programs that set velocities themselves: the one nearest `preferred_velocity` (turned
/// by the detour when the agent is stuck) among those no faster than max_speed that keep
/// `a` clear of its neighbors, each doing its share; or, when there is none, the one that
/// goes least deep into the worst of them.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> collision_free_velocity(const A& a, const R& neighbors,
                                                        const agent_vector_t<A>& preferred_velocity,
                                                        agent_scalar_t<A> dt,
                                                        const reciprocal_avoidance_params<agent_vector_t<A>>& p = {},
                                                        source_location caller = source_location::current()) {
    return detail::collision_free_velocity(a, neighbors, static_cast<const std::nullptr_t*>(nullptr),
                                           preferred_velocity, dt, p, caller);
}

/// `collision_free_velocity` that also keeps clear of `obstacles` (an `obstacle_set`), which
/// are never given up for neighbors.
template <agent A, class R, class Obstacles>
    requires neighbor_range<R, agent_vector_t<A>> && obstacle_set<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> collision_free_velocity(const A& a, const R& neighbors, const Obstacles& obstacles,
                                                        const agent_vector_t<A>& preferred_velocity,
                                                        agent_scalar_t<A> dt,
                                                        const reciprocal_avoidance_params<agent_vector_t<A>>& p = {},
                                                        source_location caller = source_location::current()) {
    return detail::collision_free_velocity(a, neighbors, &obstacles, preferred_velocity, dt, p, caller);
}

/// Steers toward the velocity nearest `preferred_velocity` that keeps `a` clear of its
/// neighbors, each of them doing its share (van den Berg, Guy, Lin and Manocha 2011,
/// "Reciprocal n-body collision avoidance": optimal reciprocal collision avoidance, ORCA).
///
/// The paper's construction, for each of the nearest `max_neighbors` neighbors: the
/// velocity obstacle is the set of relative velocities that bring the two bodies (radii
/// plus `clearance`) into contact within the time horizon, a cone truncated by a disk; u is
/// the smallest change of the current relative velocity that leaves it, and n the
/// obstacle's outward normal there. The agent accepts the velocities beyond the line (plane
/// in 3D) through its velocity plus its share of u, square to n. Among the velocities up
/// to max_speed that every such half-plane accepts, a linear program (solved incrementally,
/// one constraint at a time) finds the one nearest the preferred velocity; when none is
/// accepted by all, the one that enters the worst of them least (the program one dimension
/// up). Obstacles add a half-plane each (a polygon one per nearby edge) that is never given
/// up. If every agent follows its half-planes, none of them collides within the horizon.
///
/// What this library adds to the paper, all deterministic:
///   - the horizon of each pair grows with how fast it closes in: `time_horizon` at the
///     two top speeds combined, down to `min_time_horizon` for neighbors moving along with
///     the agent (a crossing is anticipated, a stream may walk close);
///   - the share of u is 1/2 (the paper's) for an agent that wants its full speed, up to 1
///     for one that wants to stay put, which steps aside for a passer-by; all of u against
///     a neighbor that cannot move (max_speed 0). The room before a collision is split in
///     half, so a pair never takes more than all of it;
///   - the one behind gives way: of two agents moving the same way, the one whose neighbor
///     is ahead (along their summed velocity) takes up to 0.4 more of u and of the room, the
///     other as much less, in proportion to the cosine and to how much the two velocities
///     agree (nothing head on). The pair's shares add up as before. Two walkers pressed side
///     by side whose ways cross part sooner instead of holding each other at an even split;
///   - an agent that wants to stay put keeps up to a fifth of its radius more room from its
///     neighbors (in proportion to how little it wants to move): nearer than that, its
///     half-plane is tightened to move away at what is missing over the horizon. Agents
///     standing at their goals open a gap for one that must get through before it is
///     pressed against them; only the standing agent's own line moves, so the guarantee
///     stands;
///   - the detour: an agent short of its preferred velocity both now and in the program's
///     answer turns the preferred velocity right (clockwise in 2D, about its up in 3D) by
///     `detour_angle` times the product of the two shortfalls, and solves again. Dense,
///     symmetric knots that freeze under the paper's rule circulate instead; agents that
///     make progress are not turned at all;
///   - dead ahead (the relative velocity along the line between the two), each steps to
///     its right, as pedestrians who keep right do.
///
/// The result is the force that reaches the chosen velocity in one step of `dt` seconds,
/// mass × (chosen − velocity) / dt, cut to max_force. A max_force of 2 × mass × max_speed
/// / dt always reaches it (as RVO2's agents, which set their velocity); with one large
/// enough for the changes a crowd needs (about 10 × max_speed × mass), the vehicle follows
/// the chosen velocity closely; a weaker one lags, and bodies may come closer than the
/// construction promises (`clearance` takes up a little of that).
///
/// Use it last, on what the agent wants: `preferred_velocity` is the velocity it would
/// take alone (toward its goal, along its path); `steer::desired_velocity(a, blend)` turns
/// a blend of other behaviors into one. Overlapping agents are pushed apart within a step
/// (so far as max_force allows), and an agent with max_speed 0 answers a force that stops
/// it. Neighbors farther than (the two top speeds) × `time_horizon`, or than
/// `neighbor_distance`, are skipped; so are `a` itself (by its address) and, as in every
/// group behavior, agents exactly on its position (a copy of `a`, or a twin that gives no
/// direction to leave in).
///
/// @param neighbors any range of agents of `a`'s vector type, or of pointers to them; give
///        it the others within a few meters (those a proximity database finds), not all.
/// @param preferred_velocity finite, any length (the program caps it at max_speed).
/// @param dt the step the force is applied over, > 0.
/// @return mass × (chosen velocity − velocity) / dt, cut to max_force: zero when the
///         preferred velocity is safe and already the agent's; full effort for any change
///         larger than max_force × dt / mass.
template <agent A, class R>
    requires neighbor_range<R, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> reciprocal_avoidance(const A& a, const R& neighbors,
                                                     const agent_vector_t<A>& preferred_velocity,
                                                     agent_scalar_t<A> dt,
                                                     const reciprocal_avoidance_params<agent_vector_t<A>>& p = {},
                                                     source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    const V chosen = collision_free_velocity(a, neighbors, preferred_velocity, dt, p, caller);
    return detail::limit_force(a, (chosen - V(a.velocity())) * (mass(a) / dt));
}

/// `reciprocal_avoidance` that also keeps clear of `obstacles` (an `obstacle_set`: the
/// library's shapes in any mix, and convex shapes of yours), which are never given up for
/// neighbors.
template <agent A, class R, class Obstacles>
    requires neighbor_range<R, agent_vector_t<A>> && obstacle_set<Obstacles, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> reciprocal_avoidance(const A& a, const R& neighbors, const Obstacles& obstacles,
                                                     const agent_vector_t<A>& preferred_velocity,
                                                     agent_scalar_t<A> dt,
                                                     const reciprocal_avoidance_params<agent_vector_t<A>>& p = {},
                                                     source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    const V chosen = collision_free_velocity(a, neighbors, obstacles, preferred_velocity, dt, p, caller);
    return detail::limit_force(a, (chosen - V(a.velocity())) * (mass(a) / dt));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_RECIPROCAL_AVOIDANCE_HPP
