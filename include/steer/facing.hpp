#ifndef STEER_FACING_HPP
#define STEER_FACING_HPP

/// @file
/// Turn rates: how a facing (the way a character looks, which need not be the way it moves)
/// is turned. In 2D a turn rate is a signed scalar, radians per second, positive turning from
/// forward toward side (counter-clockwise, as the vehicle model's side is forward turned +90
/// degrees). In 3D it is an angular velocity: a vector along the axis of the turn, its length
/// the rate in radians per second (right-handed).

#include <cmath>
#include <limits>
#include <type_traits>

#include <glm/geometric.hpp>

#include "detail/portable_math.hpp"
#include "math.hpp"
#include "vector.hpp"

namespace steer {

/// The type of a turn rate for vectors `V`: `scalar_t<V>` in 2D, `V` (an angular velocity) in 3D.
template <vector V>
using turn_rate_t = std::conditional_t<dimension_v<V> == 2, scalar_t<V>, V>;

/// How fast `rate` turns, radians per second (its absolute value in 2D, its length in 3D).
template <vector V>
[[nodiscard]] scalar_t<V> turn_speed(const turn_rate_t<V>& rate) noexcept {
    if constexpr (dimension_v<V> == 2) return std::abs(rate);
    else return safe_length(rate);
}

/// `rate` cut to at most `max_rate` radians per second, its direction kept. An infinite
/// `max_rate` leaves it as it is; a non-finite rate gives no turn.
template <vector V>
[[nodiscard]] turn_rate_t<V> limit_turn_rate(const turn_rate_t<V>& rate, scalar_t<V> max_rate) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        if (!std::isfinite(rate)) return S(0);
        return clamp(rate, -max_rate, max_rate);
    } else {
        if (!is_finite(rate)) return V(S(0));
        // The unit direction times the limit, not the rate scaled down: exact to rounding
        // even for a denormal limit.
        if (!(safe_length(rate) > max_rate)) return rate;
        return safe_normalize(rate) * max_rate;
    }
}

/// The unit `facing` turned at `rate` for `dt` seconds: by the angle `turn_speed(rate) * dt`,
/// exactly (a rotation, not a step along the tangent), so a constant rate turns the same
/// angle in one second at any frame rate. A zero facing stays zero, and so does any facing
/// when `rate * dt` overflows (no angle is meaningful there).
template <vector V>
[[nodiscard]] V turned(const V& facing, const turn_rate_t<V>& rate, scalar_t<V> dt) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        const S angle = rate * dt;
        if (!std::isfinite(angle)) return facing;  // a finite rate and time whose product overflows: no angle to speak of
        S s, c;
        detail::portable_sin_cos(angle, s, c);
        return safe_normalize(V(facing.x * c - facing.y * s, facing.x * s + facing.y * c));
    } else {
        const S speed = safe_length(rate);
        if (!(speed > S(0))) return facing;
        const V axis = rate / speed;
        const S angle = speed * dt;
        if (!std::isfinite(angle)) return facing;  // as in 2D
        // Rodrigues' rotation formula.
        S s, c;
        detail::portable_sin_cos(angle, s, c);
        return safe_normalize(facing * c + glm::cross(axis, facing) * s + axis * (glm::dot(axis, facing) * (S(1) - c)));
    }
}

/// The turn from unit `from` to unit `to` as a rotation: in 2D the signed angle (radians,
/// positive counter-clockwise), in 3D the axis times the angle. Opposite directions turn
/// about `fallback_axis` in 3D (a unit vector square to `from`, e.g. the agent's up) and
/// counter-clockwise in 2D. A zero `from` or `to` gives no turn.
template <vector V>
[[nodiscard]] turn_rate_t<V> rotation_between(const V& from, const V& to, const V& fallback_axis) noexcept {
    using S = scalar_t<V>;
    if constexpr (dimension_v<V> == 2) {
        (void)fallback_axis;
        if (from == V(S(0)) || to == V(S(0))) return S(0);
        const S cross = from.x * to.y - from.y * to.x;
        const S dot = glm::dot(from, to);
        if (cross == S(0) && dot < S(0)) return static_cast<S>(3.14159265358979323846);
        return detail::portable_atan2(cross, dot);
    } else {
        if (from == V(S(0)) || to == V(S(0))) return V(S(0));
        const V cross = glm::cross(from, to);
        const S sine = safe_length(cross);
        const S dot = glm::dot(from, to);
        const S angle = detail::portable_atan2(sine, dot);
        if (sine > std::numeric_limits<S>::epsilon() * S(4)) return cross * (angle / sine);
        if (dot > S(0)) return V(S(0));
        V axis = safe_normalize(perpendicular_component(fallback_axis, from));
        if (axis == V(S(0))) axis = safe_normalize(perpendicular_component(V(S(0), S(1), S(0)), from));
        if (axis == V(S(0))) axis = safe_normalize(perpendicular_component(V(S(1), S(0), S(0)), from));
        return axis * angle;
    }
}

}  // namespace steer

#endif  // STEER_FACING_HPP
