#ifndef STEER_DETAIL_COMBINE_HPP
#define STEER_DETAIL_COMBINE_HPP

/// @file
/// The steps shared by the compile-time combiners (`combiners.hpp`) and the run-time
/// `behavior_list`, so that both give the same answer for the same configuration.

#include <cmath>
#include <random>
#include <type_traits>

#include "../error.hpp"
#include "../math.hpp"
#include "../random.hpp"
#include "../vector.hpp"

namespace steer::detail {

/// Priority step: keeps `candidate` in `chosen` and answers true when its squared length
/// exceeds `threshold` (epsilon squared).
template <vector V>
[[nodiscard]] constexpr bool choose_if_longer(V& chosen, const V& candidate, scalar_t<V> threshold) noexcept {
    if (!(length_squared(candidate) > threshold)) return false;
    chosen = candidate;
    return true;
}

/// Dither step: whether a term with `probability` (in [0, 1]) is considered this time.
/// 0 and 1 decide without drawing; anything between draws one number from `gen`.
template <std::floating_point S, std::uniform_random_bit_generator G>
[[nodiscard]] bool draw_chance(G& gen, S probability) {
    if (probability >= S(1)) return true;
    if (!(probability > S(0))) return false;
    return uniform01<S>(gen) < probability;
}

/// Truncated-sum step: spends `remaining` budget on `force`'s magnitude. Adds the force in
/// full while it fits, else scaled to what remains. Answers true once the budget is spent.
template <vector V>
[[nodiscard]] bool allocate(V& total, scalar_t<V>& remaining, const V& force) noexcept {
    using S = scalar_t<V>;
    const S magnitude = safe_length(force);
    if (magnitude <= remaining) {
        total += force;
        remaining -= magnitude;
        return !(remaining > S(0));
    }
    total += force * (remaining / magnitude);
    remaining = S(0);
    return true;
}

/// Refuses a normalization by a sum of weights that is zero or not finite.
template <std::floating_point S>
void expect_normalizable(const char* where, S total) {
    STEER_EXPECTS(std::isfinite(total) && total != S(0),
                  describe(where, "the sum of the weights", "non-zero and finite to normalize", total));
}

/// Refuses a non-finite floating-point scalar (integers always pass).
template <class S>
void expect_finite_scalar(const char* where, const char* parameter, S value) {
    if constexpr (std::is_floating_point_v<S>) {
        STEER_EXPECTS(std::isfinite(value), describe(where, parameter, "finite", value));
    } else {
        (void)where, (void)parameter, (void)value;
    }
}

/// Refuses a negative or non-finite scalar.
template <class S>
void expect_non_negative(const char* where, const char* parameter, S value) {
    if constexpr (std::is_floating_point_v<S>) {
        STEER_EXPECTS(std::isfinite(value) && value >= S(0), describe(where, parameter, ">= 0 and finite", value));
    } else if constexpr (std::is_signed_v<S>) {
        STEER_EXPECTS(value >= S(0), describe(where, parameter, ">= 0", value));
    } else {
        (void)where, (void)parameter, (void)value;
    }
}

/// Refuses a probability outside [0, 1] (NaN included).
template <class S>
void expect_probability(const char* where, const char* parameter, S value) {
    if constexpr (std::is_floating_point_v<S>) {
        STEER_EXPECTS(value >= S(0) && value <= S(1), describe(where, parameter, "in [0, 1]", value));
    } else {
        STEER_EXPECTS(value == S(0) || value == S(1), describe(where, parameter, "in [0, 1]", value));
    }
}

}  // namespace steer::detail

#endif  // STEER_DETAIL_COMBINE_HPP
