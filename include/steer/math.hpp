#ifndef STEER_MATH_HPP
#define STEER_MATH_HPP

/// @file
/// Small vector math that never returns NaN or infinity for finite input.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <limits>

#include <glm/geometric.hpp>

#include "detail/always_inline.hpp"
#include "vector.hpp"

namespace steer {

/// The squared length of `v`; cheaper than `length` for comparisons.
template <vector V>
[[nodiscard]] constexpr scalar_t<V> length_squared(const V& v) noexcept {
    return glm::dot(v, v);
}

/// The squared distance between two points.
template <vector V>
[[nodiscard]] constexpr scalar_t<V> distance_squared(const V& a, const V& b) noexcept {
    return length_squared(a - b);
}

/// Whether every component of `v` is finite (neither NaN nor infinite).
template <vector V>
[[nodiscard]] bool is_finite(const V& v) noexcept {
    for (int i = 0; i < dimension_v<V>; ++i)
        if (!std::isfinite(v[i])) return false;
    return true;
}

/// The largest absolute component of `v`.
template <vector V>
[[nodiscard]] scalar_t<V> max_abs_component(const V& v) noexcept {
    scalar_t<V> m = std::abs(v[0]);
    for (int i = 1; i < dimension_v<V>; ++i) m = std::max(m, std::abs(v[i]));
    return m;
}

namespace detail {
/// `safe_normalize` for a square that underflows, overflows or is not finite: scales by
/// the largest component first.
template <vector V>
[[nodiscard]] STEER_DETAIL_COLD V safe_normalize_rare(const V& v) noexcept {
    using S = scalar_t<V>;
    const S largest = max_abs_component(v);
    if (!(largest >= std::numeric_limits<S>::min()) || !std::isfinite(largest)) return V(S(0));
    const V scaled = v / largest;
    return scaled / std::sqrt(length_squared(scaled));
}

/// `safe_length` for a square that underflows, overflows or is not finite.
template <vector V>
[[nodiscard]] STEER_DETAIL_COLD scalar_t<V> safe_length_rare(const V& v) noexcept {
    using S = scalar_t<V>;
    const S largest = max_abs_component(v);
    if (largest == S(0) || !std::isfinite(largest)) return largest;  // zero, or not finite input
    return largest * std::sqrt(length_squared(v / largest));
}
}  // namespace detail

/// The unit vector along `v`, or zero when `v` is zero, denormal-tiny or not finite.
/// Huge finite vectors are scaled first, so they do not overflow.
template <vector V>
[[nodiscard]] inline V safe_normalize(const V& v) noexcept {
    using S = scalar_t<V>;
    const S squared = length_squared(v);
    if (squared >= std::numeric_limits<S>::min() && squared <= std::numeric_limits<S>::max()) [[likely]]
        return v / std::sqrt(squared);
    if (v == V(S(0))) return V(S(0));       // common enough (standing still) to stay inline
    return detail::safe_normalize_rare(v);  // squares that underflow or overflow
}

/// The length of `v`, without overflow for huge finite vectors.
template <vector V>
[[nodiscard]] inline scalar_t<V> safe_length(const V& v) noexcept {
    using S = scalar_t<V>;
    const S squared = length_squared(v);
    if (std::isfinite(squared) && squared >= std::numeric_limits<S>::min()) [[likely]]
        return std::sqrt(squared);
    if (v == V(S(0))) return S(0);  // common enough (standing still) to stay inline
    return detail::safe_length_rare(v);
}

namespace detail {
/// `truncate` for squares that overflow or underflow, or a non-finite `v` or limit:
/// compares lengths instead of squares.
template <vector V>
[[nodiscard]] STEER_DETAIL_COLD V truncate_rare(const V& v, scalar_t<V> max_length) noexcept {
    using S = scalar_t<V>;
    if (!is_finite(v)) return V(S(0));
    const S length = safe_length(v);
    if (length <= max_length) return v;
    // A ratio below the smallest normal number keeps only a few bits (2^-149 steps in
    // float): v times it could come out 1e-4 long. The unit vector times the limit rounds
    // by an ulp of the result instead.
    const S ratio = max_length / length;
    if (ratio >= std::numeric_limits<S>::min()) return v * ratio;
    return (v / length) * max_length;
}
}  // namespace detail

/// `v` shortened to `max_length` when it is longer; otherwise `v` itself.
/// Exact for huge finite vectors and limits too (no overflow of the squares);
/// a non-finite `v` gives zero.
template <vector V>
[[nodiscard]] inline V truncate(const V& v, scalar_t<V> max_length) noexcept {
    using S = scalar_t<V>;
    const S squared = length_squared(v);
    const S limit = max_length * max_length;
    if (std::isfinite(squared) && std::isfinite(limit) && squared >= std::numeric_limits<S>::min()) [[likely]] {
        if (squared <= limit) return v;
        const S length = std::sqrt(squared);
        const S ratio = max_length / length;
        if (ratio >= std::numeric_limits<S>::min()) [[likely]]
            return v * ratio;
        return (v / length) * max_length;  // a denormal ratio keeps too few bits (see truncate_rare)
    }
    if (v == V(S(0)) && max_length >= S(0)) return v;  // common enough (no force) to stay inline
    return detail::truncate_rare(v, max_length);
}

/// The component of `v` along `unit_basis` (which must have unit length).
template <vector V>
[[nodiscard]] constexpr V parallel_component(const V& v, const V& unit_basis) noexcept {
    return unit_basis * glm::dot(v, unit_basis);
}

/// The component of `v` perpendicular to `unit_basis` (which must have unit length).
template <vector V>
[[nodiscard]] constexpr V perpendicular_component(const V& v, const V& unit_basis) noexcept {
    return v - parallel_component(v, unit_basis);
}

namespace detail {

/// The largest magnitude the library promises finite results for, about sqrt(max) / 16
/// (docs/errors.md, "Magnitudes"): 2^60 (1.15e18) for float, 2^508 (8.4e152) for double.
/// Squares and sums of a few such values stay finite.
template <std::floating_point S>
[[nodiscard]] constexpr S promised_magnitude() noexcept {
    S value = 1;
    for (int i = 0; i < std::numeric_limits<S>::max_exponent / 2 - 4; ++i) value *= S(2);
    return value;
}

/// `x / divisor` for a divisor > 0, cut to `max_magnitude` (>= 0; infinity: the promised
/// magnitude): a quotient that would overflow comes out at that magnitude with `x`'s sign,
/// never as infinity. Zero for a zero or non-finite `x`.
template <std::floating_point S>
[[nodiscard]] S quotient_within(S x, S divisor, S max_magnitude) noexcept {
    const S limit = max_magnitude < promised_magnitude<S>() ? max_magnitude : promised_magnitude<S>();
    if (!std::isfinite(x) || x == S(0)) return S(0);
    const S quotient = x / divisor;
    if (quotient <= limit && quotient >= -limit) return quotient;
    return x < S(0) ? -limit : limit;
}

/// `v / divisor` for a divisor > 0, cut to `max_length` (>= 0; infinity: the promised
/// magnitude): a quotient that would overflow comes out along `v` at that length, never as
/// infinity (which a later limit would turn into zero). Zero for a zero or non-finite `v`.
template <vector V>
[[nodiscard]] V quotient_within(const V& v, scalar_t<V> divisor, scalar_t<V> max_length) noexcept {
    using S = scalar_t<V>;
    const S limit = max_length < promised_magnitude<S>() ? max_length : promised_magnitude<S>();
    const S length = safe_length(v);
    if (!(length > S(0)) || !std::isfinite(length)) return V(S(0));
    if (length / divisor <= limit) return v / divisor;
    return safe_normalize(v) * limit;
}

}  // namespace detail

/// `x` clamped into [lo, hi].
template <std::floating_point S>
[[nodiscard]] constexpr S clamp(S x, S lo, S hi) noexcept {
    return x < lo ? lo : (hi < x ? hi : x);
}

}  // namespace steer

#endif  // STEER_MATH_HPP
