#ifndef STEER_DETAIL_EXPECT_HPP
#define STEER_DETAIL_EXPECT_HPP

/// @file
/// The library's one set of parameter checks. Each check is inline and cheap enough for a
/// behavior's every call; the message is built out of line, only when a check fails, and
/// always reads "<where>: <parameter> must be <requirement> (got <value>)", where `where`
/// is the public function (or params struct) the parameter belongs to. Each takes the
/// caller's place last (`source_location`, error.hpp): the public function passes its own
/// caller's; a check left to its default reports the library's line that called it.

#include <cmath>
#include <concepts>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "../error.hpp"
#include "always_inline.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer::detail {

/// Formats a vector for error messages: "(1, 2, nan)".
template <vector V>
[[nodiscard]] std::string format_vector(const V& v) {
    std::string text = "(";
    for (int i = 0; i < dimension_v<V>; ++i) {
        if (i) text += ", ";
        text += format_value(v[i]);
    }
    return text + ")";
}

/// The rule a refusal states, without its value: "<parameter> must be <requirement>".
[[nodiscard]] inline std::string rule(std::string_view parameter, std::string_view requirement) {
    return std::string(parameter) + " must be " + std::string(requirement);
}

/// Reports a refused scalar: the slow half of every scalar check below.
template <class S>
STEER_DETAIL_COLD void refuse(std::string_view where, std::string_view parameter, std::string_view requirement,
                              S value, const source_location& caller = source_location::current()) {
    refuse_with(describe(where, parameter, requirement, value), rule(parameter, requirement), caller);
}

/// Refuses, as reported from `caller`, unless `holds`: `message()` (a callable returning the
/// message) is called only then; `condition` is the rule that failed, in words.
template <class Message>
STEER_DETAIL_ALWAYS_INLINE inline void expect_that(bool holds, std::string_view condition, const Message& message,
                                                   const source_location& caller = source_location::current()) {
    if (!holds) [[unlikely]]
        refuse_with(message(), std::string(condition), caller);
}

/// "<where>: <parameter> must be <requirement> (got (x, y, z))".
template <vector V>
[[nodiscard]] std::string describe_vector(std::string_view where, std::string_view parameter,
                                          std::string_view requirement, const V& v) {
    return std::string(where) + ": " + std::string(parameter) + " must be " + std::string(requirement) + " (got " +
           format_vector(v) + ")";
}

/// Reports a refused vector: the slow half of `expect_finite` for vectors.
template <vector V>
STEER_DETAIL_COLD void refuse_vector(std::string_view where, std::string_view parameter,
                                     std::string_view requirement, const V& v,
                                     const source_location& caller = source_location::current()) {
    refuse_with(describe_vector(where, parameter, requirement, v), rule(parameter, requirement), caller);
}

/// Reports a vector that gives no direction (`safe_normalize` of it is zero), naming why:
/// `zero_requirement` (e.g. "non-zero") when it is zero, too short to normalize when every
/// component is below the smallest normal number but one is not zero.
template <vector V>
STEER_DETAIL_COLD void refuse_direction(std::string_view where, std::string_view parameter, const V& v,
                                        std::string_view zero_requirement,
                                        const source_location& caller = source_location::current()) {
    using S = scalar_t<V>;
    if (v == V(S(0))) {
        refuse_vector(where, parameter, zero_requirement, v, caller);
        return;
    }
    refuse_vector(where, parameter,
                  "long enough to normalize (a component of at least " +
                      format_value(std::numeric_limits<S>::min()) + " in magnitude)",
                  v, caller);
}

/// Refuses a finite vector that gives no direction: zero (`zero_requirement`), or too short
/// to normalize (every component below the smallest normal number), each with its own words.
template <vector V>
STEER_DETAIL_ALWAYS_INLINE inline void expect_direction(std::string_view where, std::string_view parameter, const V& v,
                                                        std::string_view zero_requirement = "non-zero",
                                                        const source_location& caller = source_location::current()) {
    if (safe_normalize(v) == V(scalar_t<V>(0))) [[unlikely]]
        refuse_direction(where, parameter, v, zero_requirement, caller);
}

/// Refuses a condition that does not hold, with the value that broke it.
template <class S>
STEER_DETAIL_ALWAYS_INLINE inline void expect(bool holds, std::string_view where, std::string_view parameter,
                                              std::string_view requirement, S value,
                                              const source_location& caller = source_location::current()) {
    if (!holds) [[unlikely]]
        refuse(where, parameter, requirement, value, caller);
}

/// Refuses a non-finite scalar (integers always pass).
template <class S>
    requires std::is_arithmetic_v<S>
STEER_DETAIL_ALWAYS_INLINE inline void expect_finite(std::string_view where, std::string_view parameter, S value,
                                                     const source_location& caller = source_location::current()) {
    if constexpr (std::is_floating_point_v<S>) {
        if (!std::isfinite(value)) [[unlikely]]
            refuse(where, parameter, "finite", value, caller);
    }
}

/// Refuses a vector with a non-finite component.
template <vector V>
STEER_DETAIL_ALWAYS_INLINE inline void expect_finite(std::string_view where, std::string_view parameter, const V& v,
                                                     const source_location& caller = source_location::current()) {
    if (!is_finite(v)) [[unlikely]]
        refuse_vector(where, parameter, "finite", v, caller);
}

/// Reports a scalar below `minimum` (or not finite): the slow half of `expect_at_least`.
template <class S>
STEER_DETAIL_COLD void refuse_below(std::string_view where, std::string_view parameter, S value, S minimum,
                                    const source_location& caller) {
    refuse(where, parameter, ">= " + format_value(minimum) + " and finite", value, caller);
}

/// Reports a scalar not above `bound` (or not finite): the slow half of `expect_above`.
template <class S>
STEER_DETAIL_COLD void refuse_not_above(std::string_view where, std::string_view parameter, S value, S bound,
                                        const source_location& caller) {
    refuse(where, parameter, "> " + format_value(bound) + " and finite", value, caller);
}

/// Reports a scalar outside [lo, hi]: the slow half of `expect_within`.
template <class S>
STEER_DETAIL_COLD void refuse_outside(std::string_view where, std::string_view parameter, S value, S lo, S hi,
                                      const source_location& caller) {
    refuse(where, parameter, "in [" + format_value(lo) + ", " + format_value(hi) + "]", value, caller);
}

/// Refuses a scalar that is not finite or is below `minimum` (inclusive bound).
template <class S>
    requires std::is_arithmetic_v<S>
STEER_DETAIL_ALWAYS_INLINE inline void expect_at_least(std::string_view where, std::string_view parameter, S value,
                                                       std::type_identity_t<S> minimum,
                                                       const source_location& caller = source_location::current()) {
    bool ok = value >= minimum;
    if constexpr (std::is_floating_point_v<S>) ok = ok && std::isfinite(value);
    if (!ok) [[unlikely]]
        refuse_below<S>(where, parameter, value, minimum, caller);
}

/// Refuses a scalar that is not finite or not strictly above `bound`.
template <class S>
    requires std::is_arithmetic_v<S>
STEER_DETAIL_ALWAYS_INLINE inline void expect_above(std::string_view where, std::string_view parameter, S value,
                                                    std::type_identity_t<S> bound,
                                                    const source_location& caller = source_location::current()) {
    bool ok = value > bound;
    if constexpr (std::is_floating_point_v<S>) ok = ok && std::isfinite(value);
    if (!ok) [[unlikely]]
        refuse_not_above<S>(where, parameter, value, bound, caller);
}

/// Refuses a scalar outside [lo, hi] (NaN included).
template <class S>
    requires std::is_arithmetic_v<S>
STEER_DETAIL_ALWAYS_INLINE inline void expect_within(std::string_view where, std::string_view parameter, S value,
                                                     std::type_identity_t<S> lo, std::type_identity_t<S> hi,
                                                     const source_location& caller = source_location::current()) {
    if (!(value >= lo && value <= hi)) [[unlikely]]
        refuse_outside<S>(where, parameter, value, lo, hi, caller);
}

/// Refuses a turn rate limit that is negative or NaN; +infinity (no limit) is allowed.
template <class S>
    requires std::is_floating_point_v<S>
STEER_DETAIL_ALWAYS_INLINE inline void expect_turn_rate_limit(
    std::string_view where, S value, std::string_view parameter = "max_turn_rate",
    const source_location& caller = source_location::current()) {
    if (!(value >= S(0))) [[unlikely]]
        refuse(where, parameter, ">= 0 (infinity for no limit)", value, caller);
}

/// Tags naming each kind of hot-path fault, for `hot_path_fault` (reported once per kind).
namespace hot_path {
struct vehicle_apply_force_dt;
struct vehicle_apply_force_steering;
struct vehicle_set_position;
struct vehicle_set_velocity;
struct vehicle_set_speed;
struct vehicle_turn_dt;
struct vehicle_turn_rate;
struct vehicle_brake_rate;
struct vehicle_brake_dt;
struct apply_forces_dt;
struct apply_forces_steering;
struct set_velocities_velocity;
struct wander_dt;
struct wander_turning_dt;
struct crowd_step_dt;
struct crowd_step_steering;
template <class Database>
struct database_insert;
template <class Database>
struct database_move;
template <class Database>
struct database_query;
}  // namespace hot_path

/// A per-frame vector that must be finite, checked on the hot path: `v` when it is;
/// otherwise the fault of kind `Site` is refused (the default policy) or reported, and the
/// answer is zero under the clamp policy (`v` as given after a STEER_EXPECTS that returns).
template <class Site, vector V>
[[nodiscard]] STEER_DETAIL_ALWAYS_INLINE inline V finite_or_zero(
    std::string_view where, std::string_view parameter, const V& v,
    const source_location& caller = source_location::current()) {
    if (is_finite(v)) [[likely]]
        return v;
    return hot_path_fault<Site>(
               refusal(describe_vector(where, parameter, "finite", v), rule(parameter, "finite"), caller))
               ? V(scalar_t<V>(0))
               : v;
}

/// A per-frame scalar that must be >= 0 and finite (a time step, a rate), checked on the
/// hot path: `value` when it is; otherwise refused, or replaced by zero under the clamp policy.
template <class Site, std::floating_point S>
[[nodiscard]] STEER_DETAIL_ALWAYS_INLINE inline S non_negative_or_zero(
    std::string_view where, std::string_view parameter, S value,
    const source_location& caller = source_location::current()) {
    if (value >= S(0) && std::isfinite(value)) [[likely]]
        return value;
    return hot_path_fault<Site>(refusal(describe(where, parameter, ">= 0 and finite", value),
                                        rule(parameter, ">= 0 and finite"), caller))
               ? S(0)
               : value;
}

}  // namespace steer::detail

#endif  // STEER_DETAIL_EXPECT_HPP
