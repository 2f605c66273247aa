#ifndef STEER_BEHAVIORS_ORIENTATION_HPP
#define STEER_BEHAVIORS_ORIENTATION_HPP

/// @file
/// Orientation behaviors: turning the way a character looks (its facing) apart from the way
/// it moves. A character that strafes, a turret, a bird that looks before it flies. These
/// answer a turn rate (facing.hpp), not a force: feed it to `vehicle::turn`, not `apply_force`.

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../facing.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

/// Tuning for `face`.
template <vector V>
struct face_params {
    /// Seconds (> 0) in which a small remaining angle is turned: the turn rate is the angle
    /// left divided by this, cut to the agent's max_turn_rate. The default 0.1 s settles
    /// without overshoot at any frame rate of 10 Hz or more (keep it above the time step).
    scalar_t<V> settle_time = scalar_t<V>(0.1);
};

/// Tuning for `look_where_you_are_going`.
template <vector V>
struct look_where_you_are_going_params {
    /// Seconds (> 0) in which a small remaining angle is turned, as in `face_params`.
    scalar_t<V> settle_time = scalar_t<V>(0.1);
};

/// Tuning for `facing_alignment`.
template <vector V>
struct facing_alignment_params {
    /// Seconds (> 0) in which a small remaining angle is turned, as in `face_params`.
    scalar_t<V> settle_time = scalar_t<V>(0.1);
};

/// Refuses a settle time that is not positive and finite, as `face` would.
template <vector V>
void validate(const face_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_above("steer::face", "settle_time", p.settle_time, 0, caller);
}

/// Refuses a settle time that is not positive and finite, as `look_where_you_are_going` would.
template <vector V>
void validate(const look_where_you_are_going_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_above("steer::look_where_you_are_going", "settle_time", p.settle_time, 0, caller);
}

/// Refuses a settle time that is not positive and finite, as `facing_alignment` would.
template <vector V>
void validate(const facing_alignment_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_above("steer::facing_alignment", "settle_time", p.settle_time, 0, caller);
}

namespace detail {

/// The turn rate that brings the agent's facing round to `desired`: the rotation between
/// them over `settle_time`, cut to max_turn_rate (without a limit, to the promised magnitude,
/// 2^60 in float: a denormal settle_time would otherwise overflow). No turn for a zero `desired` or facing;
/// opposite directions turn about the agent's up in 3D, counter-clockwise in 2D.
template <agent A>
[[nodiscard]] turn_rate_t<agent_vector_t<A>> turn_toward(const A& a, const agent_vector_t<A>& desired,
                                                         agent_scalar_t<A> settle_time) noexcept {
    using V = agent_vector_t<A>;
    const V from = safe_normalize(facing(a));
    const V to = safe_normalize(desired);
    V fallback{};
    if constexpr (dimension_v<V> == 3) fallback = up(a);
    const turn_rate_t<V> rotation = rotation_between(from, to, fallback);
    // Not rotation / settle_time then the limit: for a tiny settling time the quotient
    // overflows, and the limit would read the infinity as no turn at all.
    return detail::quotient_within(rotation, settle_time, max_turn_rate(a));
}

}  // namespace detail

/// Turns the facing toward `point` (the paper's seek, for the head instead of the body).
/// @return a turn rate (radians per second; a scalar in 2D, an angular velocity in 3D): the
///         angle from the facing to the point over `settle_time`, at most max_turn_rate,
///         which is full effort; zero when already facing the point, and zero (not NaN)
///         for a point the agent stands on or an agent with a zero facing.
template <agent A>
[[nodiscard]] turn_rate_t<agent_vector_t<A>> face(const A& a, const agent_vector_t<A>& point,
                                                  const face_params<agent_vector_t<A>>& p = {},
                                                  source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    validate(p, caller);
    return detail::turn_toward(a, point - static_cast<V>(a.position()), p.settle_time);
}

/// Turns the facing toward the velocity: what a vehicle without a facing of its own does at
/// once, at a bounded rate.
/// @return as `face`: the angle from the facing to the velocity over `settle_time`, at most
///         max_turn_rate; zero at rest or when already looking along the velocity.
template <agent A>
[[nodiscard]] turn_rate_t<agent_vector_t<A>> look_where_you_are_going(
    const A& a, const look_where_you_are_going_params<agent_vector_t<A>>& p = {},
    source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    validate(p, caller);
    return detail::turn_toward(a, static_cast<V>(a.velocity()), p.settle_time);
}

/// Turns the facing to match `other`'s facing (`steer::facing(other)`: its forward when it
/// has no facing of its own), as alignment matches headings.
/// @return as `face`: the angle between the two facings over `settle_time`, at most
///         max_turn_rate; zero when they agree or either is zero.
template <agent A, agent_of<agent_vector_t<A>> Q>
[[nodiscard]] turn_rate_t<agent_vector_t<A>> facing_alignment(const A& a, const Q& other,
                                                              const facing_alignment_params<agent_vector_t<A>>& p = {},
                                                              source_location caller = source_location::current()) {
    validate(p, caller);
    return detail::turn_toward(a, facing(other), p.settle_time);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_ORIENTATION_HPP
