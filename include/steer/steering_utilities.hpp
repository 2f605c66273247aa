#ifndef STEER_STEERING_UTILITIES_HPP
#define STEER_STEERING_UTILITIES_HPP

/// @file
/// Small tools around the vehicle model that steering code keeps reaching for: keeping a
/// force inside a cone around the heading, low-speed turning, where a point lies (ahead,
/// aside, behind), and the velocity a steering force asks for. Braking and setting the speed are `vehicle::brake` and
/// `vehicle::set_speed`.

#include <cmath>

#include <glm/geometric.hpp>

#include "agent.hpp"
#include "detail/expect.hpp"
#include "detail/portable_math.hpp"
#include "math.hpp"
#include "vector.hpp"

namespace steer {

namespace detail {

/// A unit vector square to the unit `basis`: its side in 2D, some perpendicular in 3D.
template <vector V>
[[nodiscard]] V any_perpendicular(const V& basis) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        return V(-basis.y, basis.x);
    } else {
        V p = safe_normalize(perpendicular_component(V(S(0), S(1), S(0)), basis));
        if (p == V(S(0))) p = safe_normalize(perpendicular_component(V(S(1), S(0), S(0)), basis));
        return p;
    }
}

}  // namespace detail

/// `v` kept within `max_angle` radians of the unit `basis` (a cone around it), its length
/// unchanged: a vector outside the cone is turned onto the cone's surface, toward where it
/// pointed (one exactly opposite `basis` goes to the side, `steer::side`'s way in 2D).
/// `max_angle` 0 keeps only directions along `basis`; pi lets everything through. A zero `v`
/// or `basis` gives `v`. `max_angle` outside [0, pi] (or NaN) is refused.
template <vector V>
[[nodiscard]] V limit_deviation(const V& v, const V& basis, scalar_t<V> max_angle,
                                source_location caller = source_location::current()) {
    using S = scalar_t<V>;
    constexpr S pi = S(3.14159265358979323846);
    detail::expect(max_angle >= S(0) && max_angle <= pi, "steer::limit_deviation", "max_angle", "in [0, pi]", max_angle,
                   caller);
    const S length = safe_length(v);
    const V unit_basis = safe_normalize(basis);
    if (!(length > S(0)) || unit_basis == V(S(0))) return v;
    const S cosine = clamp(glm::dot(v / length, unit_basis), S(-1), S(1));
    S max_sine, max_cosine;
    detail::portable_sin_cos(max_angle, max_sine, max_cosine);
    if (cosine >= max_cosine) return v;  // within the cone
    V across = safe_normalize(perpendicular_component(v, unit_basis));
    if (across == V(S(0))) across = detail::any_perpendicular(unit_basis);
    return (unit_basis * max_cosine + across * max_sine) * length;
}

/// The velocity a steering force asks for: the library's velocity-error rule (a behavior
/// answers max_force per max_speed of velocity error, docs/behaviors.md) read backward,
/// velocity + steering × max_speed / max_force, cut to max_speed. For a behavior that
/// corrects an error smaller than max_speed (seek near its speed, arrival, path following
/// near its path) it is the velocity the behavior wanted, exactly; for a blend, the velocity
/// the blend wants. It is what `reciprocal_avoidance` takes as the preferred velocity. An
/// agent with max_force 0, or a non-finite steering, wants the velocity it has.
template <agent A>
[[nodiscard]] agent_vector_t<A> desired_velocity(const A& a, const agent_vector_t<A>& steering) noexcept {
    using V = agent_vector_t<A>;
    using S = agent_scalar_t<A>;
    const V velocity = a.velocity();
    const S max_force = static_cast<S>(a.max_force());
    const S max_speed = static_cast<S>(a.max_speed());
    if (!(max_force > S(0)) || !is_finite(steering)) return velocity;
    return truncate(velocity + steering * (max_speed / max_force), max_speed);
}

/// Tuning for `low_speed_turning`.
template <vector V>
struct low_speed_turning_params {
    /// Below this share of max_speed (in (0, 1]; default 0.2) the steering is held in a cone
    /// around the heading, whose half-angle grows from 0 at rest to pi at this speed.
    scalar_t<V> speed_fraction = scalar_t<V>(0.2);
};

/// Refuses a speed fraction outside (0, 1], as `low_speed_turning` would.
template <vector V>
void validate(const low_speed_turning_params<V>& p, source_location caller = source_location::current()) {
    using S = scalar_t<V>;
    detail::expect(p.speed_fraction > S(0) && p.speed_fraction <= S(1), "steer::low_speed_turning", "speed_fraction",
                   "in (0, 1]", p.speed_fraction, caller);
}

/// A raw steering force adjusted for a slow agent, so that it turns in an arc instead of
/// stopping dead or spinning on the spot: below `speed_fraction × max_speed` the force is
/// kept within a cone around `forward()` (`limit_deviation`) whose half-angle is pi times
/// speed / (speed_fraction × max_speed). At rest only the part along the heading is left in
/// direction (the whole length, turned forward), so a vehicle asked to turn back sets off
/// forward and comes round; under half the threshold it never brakes. Faster agents get the
/// force unchanged. Apply it to the blend's result, before `apply_force`.
/// @return `force` turned into the cone, its length unchanged.
template <agent A>
[[nodiscard]] agent_vector_t<A> low_speed_turning(const A& a, const agent_vector_t<A>& force,
                                                  const low_speed_turning_params<agent_vector_t<A>>& p = {},
                                                  source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    constexpr S pi = S(3.14159265358979323846);
    validate(p, caller);
    const S threshold = p.speed_fraction * static_cast<S>(a.max_speed());
    const S current = speed(a);
    if (!(current < threshold)) return force;
    return limit_deviation(force, static_cast<V>(a.forward()), clamp(pi * current / threshold, S(0), pi));
}

namespace detail {

/// The cosine of the angle between the agent's heading and the direction to `point`; 0 for
/// a point the agent stands on.
template <agent A>
[[nodiscard]] agent_scalar_t<A> cosine_to(const A& a, const agent_vector_t<A>& point, agent_scalar_t<A> threshold,
                                          const char* where, source_location caller = source_location::current()) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    detail::expect_within(where, "cos_threshold", threshold, S(-1), S(1), caller);
    return glm::dot(safe_normalize(point - static_cast<V>(a.position())), safe_normalize(static_cast<V>(a.forward())));
}

}  // namespace detail

/// Whether `point` lies ahead: within the cone around the heading whose half-angle has the
/// cosine `cos_threshold` (in [-1, 1]; default 0.707, 45 degrees). A point the agent stands
/// on is aside, not ahead.
template <agent A>
[[nodiscard]] bool is_ahead(const A& a, const agent_vector_t<A>& point,
                            agent_scalar_t<A> cos_threshold = agent_scalar_t<A>(0.707),
                            source_location caller = source_location::current()) {
    return detail::cosine_to(a, point, cos_threshold, "steer::is_ahead", caller) > cos_threshold;
}

/// Whether `point` lies behind: within the cone around the reversed heading whose
/// half-angle has the cosine `cos_threshold` (default 0.707).
template <agent A>
[[nodiscard]] bool is_behind(const A& a, const agent_vector_t<A>& point,
                             agent_scalar_t<A> cos_threshold = agent_scalar_t<A>(0.707),
                             source_location caller = source_location::current()) {
    return detail::cosine_to(a, point, cos_threshold, "steer::is_behind", caller) < -cos_threshold;
}

/// Whether `point` lies aside: neither ahead nor behind for the same `cos_threshold`. With a
/// threshold in [0, 1] every point is exactly one of ahead, aside and behind.
template <agent A>
[[nodiscard]] bool is_aside(const A& a, const agent_vector_t<A>& point,
                            agent_scalar_t<A> cos_threshold = agent_scalar_t<A>(0.707),
                            source_location caller = source_location::current()) {
    const auto cosine = detail::cosine_to(a, point, cos_threshold, "steer::is_aside", caller);
    return !(cosine > cos_threshold) && !(cosine < -cos_threshold);
}

}  // namespace steer

#endif  // STEER_STEERING_UTILITIES_HPP
