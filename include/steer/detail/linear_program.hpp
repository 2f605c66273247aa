#ifndef STEER_DETAIL_LINEAR_PROGRAM_HPP
#define STEER_DETAIL_LINEAR_PROGRAM_HPP

/// @file
/// The small linear programs of reciprocal avoidance (van den Berg, Guy, Lin and Manocha 2011,
/// "Reciprocal n-body collision avoidance", section 5.2): among the velocities no longer than a
/// speed limit that lie in every one of a few half-planes (2D) or half-spaces (3D), the one
/// nearest a preferred velocity; and, when no velocity lies in all of them, the one that
/// penetrates the deepest of them the least. Solved incrementally, one constraint at a time,
/// as in Seidel's algorithm: when the best velocity so far violates the next constraint, the
/// new best lies on that constraint's boundary, a problem of one dimension fewer. The order is
/// the caller's (no shuffling: the same input gives the same bits); the expected linear time of
/// a random order does not matter for the few dozen constraints of one agent.

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include "../math.hpp"
#include "../vector.hpp"
#include "../world/sweep.hpp"

namespace steer::detail {

/// The velocities `v` with dot(normal, v) >= offset: a half-plane in 2D, a half-space in 3D.
/// `normal` has unit length and points into the allowed side. No initializers: buffers of
/// them are left uninitialized until filled.
template <vector V>
struct half_space {
    V normal;              ///< unit, into the allowed side
    scalar_t<V> offset;    ///< dot(normal, v) >= offset is allowed
};

/// What a linear program optimizes: the point nearest `point` (a preferred velocity), or,
/// when `extreme` is set, the point farthest along the unit direction `point`.
template <vector V>
struct lp_goal {
    V point;                ///< the preferred velocity, or a unit direction
    bool extreme = false;   ///< farthest along `point` instead of nearest to it
};

/// How deep `v` lies outside half-space `h` (negative inside).
template <vector V>
[[nodiscard]] constexpr scalar_t<V> penetration(const half_space<V>& h, const V& v) noexcept {
    return h.offset - glm::dot(h.normal, v);
}

/// The best point of the disk of radius `radius` (no constraint yet).
template <vector V>
[[nodiscard]] V lp_start(const lp_goal<V>& goal, scalar_t<V> radius) noexcept {
    if (goal.extreme) return goal.point * radius;
    return truncate(goal.point, radius);
}

/// 2D, on the boundary line of constraint `i`: the best point of the line within the disk
/// and constraints [0, i). False when that part of the line is empty.
template <class S>
[[nodiscard]] bool lp_on_line(const half_space<glm::vec<2, S>>* constraints, int i, S radius,
                              const lp_goal<glm::vec<2, S>>& goal, glm::vec<2, S>& result) noexcept {
    using V2 = glm::vec<2, S>;
    const V2 normal = constraints[i].normal;
    const S offset = constraints[i].offset;
    const S room = radius * radius - offset * offset;  // squared half-chord of the disk
    if (!(room >= S(0))) return false;
    const V2 foot = normal * offset;       // the line's point nearest the disk's center
    const V2 along(-normal.y, normal.x);   // the line's direction
    const S half_chord = std::sqrt(room);
    S low = -half_chord, high = half_chord;  // the line is foot + along * t
    for (int j = 0; j < i; ++j) {
        // Constraint j on the line: t * dot(n_j, along) >= offset_j - dot(n_j, foot).
        const S slope = glm::dot(constraints[j].normal, along);
        const S needed = constraints[j].offset - glm::dot(constraints[j].normal, foot);
        if (slope == S(0)) {
            if (needed > S(0)) return false;  // parallel, and the line is wholly outside it
            continue;
        }
        const S bound = needed / slope;
        if (slope > S(0)) low = std::max(low, bound);
        else high = std::min(high, bound);
        if (!(low <= high)) return false;
    }
    const S toward = glm::dot(goal.point, along);
    S t;
    if (goal.extreme) t = toward >= S(0) ? high : low;
    else t = clamp(toward, low, high);  // the goal's projection on the line, clamped
    result = foot + along * t;
    return true;
}

/// 2D: the best point of the disk of radius `radius` inside constraints [0, count), in
/// `result`. Returns `count` when there is one; otherwise the index of the constraint that
/// emptied the set, `result` then being the best point for the constraints before it.
template <class S>
[[nodiscard]] int lp_solve(const half_space<glm::vec<2, S>>* constraints, int count, S radius,
                           const lp_goal<glm::vec<2, S>>& goal, glm::vec<2, S>& result) noexcept {
    result = lp_start(goal, radius);
    for (int i = 0; i < count; ++i) {
        if (!(penetration(constraints[i], result) > S(0))) continue;
        const glm::vec<2, S> kept = result;
        if (!lp_on_line(constraints, i, radius, goal, result)) {
            result = kept;
            return i;
        }
    }
    return count;
}

/// 3D, on the boundary plane of constraint `i`: the best point of the plane within the ball
/// and constraints [0, i), found as a 2D program in the plane's own coordinates (the plane
/// cuts the ball in a disk around the plane's point nearest the center). `planar` is room
/// for `i` 2D constraints. False when that part of the plane is empty.
template <class S>
[[nodiscard]] bool lp_on_plane(const half_space<glm::vec<3, S>>* constraints, int i, S radius,
                               const lp_goal<glm::vec<3, S>>& goal, glm::vec<3, S>& result,
                               half_space<glm::vec<2, S>>* planar) noexcept {
    using V2 = glm::vec<2, S>;
    using V3 = glm::vec<3, S>;
    const V3 normal = constraints[i].normal;
    const S offset = constraints[i].offset;
    const S room = radius * radius - offset * offset;
    if (!(room >= S(0))) return false;
    const V3 foot = normal * offset;
    const auto [first, second] = lateral_axes(normal);  // unit, square to the normal and each other
    int count = 0;
    for (int j = 0; j < i; ++j) {
        const V2 across(glm::dot(constraints[j].normal, first), glm::dot(constraints[j].normal, second));
        const S needed = constraints[j].offset - glm::dot(constraints[j].normal, foot);
        const S length = safe_length(across);
        if (!(length > S(0))) {
            if (needed > S(0)) return false;  // parallel, and the plane is wholly outside it
            continue;
        }
        planar[count++] = {across / length, needed / length};
    }
    lp_goal<V2> flat{V2(S(0)), goal.extreme};
    if (goal.extreme) {
        flat.point = safe_normalize(V2(glm::dot(goal.point, first), glm::dot(goal.point, second)));
        // The direction is the plane's normal: every point of the plane is as good; take the
        // one nearest its center.
        if (flat.point == V2(S(0))) flat.extreme = false;
    } else {
        const V3 relative = goal.point - foot;
        flat.point = V2(glm::dot(relative, first), glm::dot(relative, second));
    }
    V2 point;
    if (lp_solve(planar, count, std::sqrt(room), flat, point) < count) return false;
    result = foot + first * point.x + second * point.y;
    return true;
}

/// 3D: as the 2D `lp_solve`, in the ball of radius `radius`; `planar` is room for `count`
/// 2D constraints.
template <class S>
[[nodiscard]] int lp_solve(const half_space<glm::vec<3, S>>* constraints, int count, S radius,
                           const lp_goal<glm::vec<3, S>>& goal, glm::vec<3, S>& result,
                           half_space<glm::vec<2, S>>* planar) noexcept {
    result = lp_start(goal, radius);
    for (int i = 0; i < count; ++i) {
        if (!(penetration(constraints[i], result) > S(0))) continue;
        const glm::vec<3, S> kept = result;
        if (!lp_on_plane(constraints, i, radius, goal, result, planar)) {
            result = kept;
            return i;
        }
    }
    return count;
}

/// Room for the constraints a solve needs beside its own: in 3D, the 2D constraints of a
/// plane; nothing in 2D.
template <vector V>
struct lp_scratch;

template <class S>
struct lp_scratch<glm::vec<2, S>> {
    [[nodiscard]] int solve(const half_space<glm::vec<2, S>>* constraints, int count, S radius,
                            const lp_goal<glm::vec<2, S>>& goal, glm::vec<2, S>& result) noexcept {
        return lp_solve(constraints, count, radius, goal, result);
    }
};

template <class S>
struct lp_scratch<glm::vec<3, S>> {
    half_space<glm::vec<2, S>>* planar;  ///< room for as many 2D constraints as the largest solve has
    [[nodiscard]] int solve(const half_space<glm::vec<3, S>>* constraints, int count, S radius,
                            const lp_goal<glm::vec<3, S>>& goal, glm::vec<3, S>& result) noexcept {
        return lp_solve(constraints, count, radius, goal, result, planar);
    }
};

/// When constraints [0, count) have no common point in the ball of radius `radius` (the
/// solve stopped at `failed`): the velocity that minimizes the largest penetration of the
/// soft constraints [hard, count) while keeping inside the hard ones [0, hard) (obstacles,
/// which do not move out of the way), refining `result`, the best point for the constraints
/// before `failed`. If the hard constraints alone have no common point, every constraint
/// is soft. This is one dimension up (velocity and depth): processed one constraint at a
/// time, a constraint deeper than the depth so far becomes the deepest, and the others
/// become the half-spaces where they are no deeper than it, in which the program goes as
/// far along its normal as it can. `projected` is room for `count` constraints.
template <vector V, class Scratch>
void lp_least_penetration(const half_space<V>* constraints, int hard, int count, int failed,
                          scalar_t<V> radius, V& result, half_space<V>* projected, Scratch& scratch) noexcept {
    using S = scalar_t<V>;
    if (failed < hard) hard = 0;
    S depth = 0;
    for (int i = failed; i < count; ++i) {
        if (!(penetration(constraints[i], result) > depth)) continue;
        int used = 0;
        for (int j = 0; j < hard; ++j) projected[used++] = constraints[j];
        for (int j = hard; j < i; ++j) {
            // Where j is no deeper than i: dot(n_j - n_i, v) >= offset_j - offset_i.
            const V across = constraints[j].normal - constraints[i].normal;
            const S length = safe_length(across);
            if (!(length > S(0))) continue;  // parallel and alike: j is shallower than i everywhere
            projected[used++] = {across / length, (constraints[j].offset - constraints[i].offset) / length};
        }
        V candidate = result;
        if (scratch.solve(projected, used, radius, lp_goal<V>{constraints[i].normal, true}, candidate) == used)
            result = candidate;  // (otherwise rounding lost it: keep the last good point)
        depth = std::max(depth, penetration(constraints[i], result));
    }
}

}  // namespace steer::detail

#endif  // STEER_DETAIL_LINEAR_PROGRAM_HPP
