#ifndef STEER_DETAIL_COMBINE_HPP
#define STEER_DETAIL_COMBINE_HPP

/// @file
/// The steps shared by the compile-time combiners (`combiners.hpp`) and the run-time
/// `behavior_list`, so that both give the same answer for the same configuration.

#include <cmath>
#include <concepts>
#include <limits>
#include <type_traits>

#include "../error.hpp"
#include "expect.hpp"
#include "../math.hpp"
#include "../random.hpp"
#include "../vector.hpp"

/// Forces inlining of the few small steps every combiner repeats once per term: with
/// eight distinct terms expanded in place, the compiler's size heuristics would otherwise
/// stop inlining them and the combiner would cost more than the same code written by hand.
#if defined(__GNUC__) || defined(__clang__)
#define STEER_COMBINE_INLINE [[gnu::always_inline]] inline
#elif defined(_MSC_VER)
#define STEER_COMBINE_INLINE __forceinline
#else
#define STEER_COMBINE_INLINE inline
#endif

namespace steer::detail {

/// Priority step: keeps `candidate` in `chosen` and answers true when its squared length
/// exceeds `threshold` (epsilon squared).
template <vector V>
[[nodiscard]] STEER_COMBINE_INLINE constexpr bool choose_if_longer(V& chosen, const V& candidate, scalar_t<V> threshold) noexcept {
    if (!(length_squared(candidate) > threshold)) return false;
    chosen = candidate;
    return true;
}

/// Dither step: whether a term with `probability` (in [0, 1]) is considered this time.
/// 0 and 1 decide without drawing; anything between draws one number from `gen`.
template <std::floating_point S, std::uniform_random_bit_generator G>
[[nodiscard]] STEER_COMBINE_INLINE bool draw_chance(G& gen, S probability) {
    if (probability >= S(1)) return true;
    if (!(probability > S(0))) return false;
    return uniform01<S>(gen) < probability;
}

/// Truncated-sum step: spends `remaining` budget on `force`'s magnitude. Adds the force in
/// full while it fits, else scaled to what remains. Answers true once the budget is spent.
/// The common path is one square root; a force whose square underflows or overflows is
/// measured without squaring (a tiny force counted as zero would be added in full however
/// small the budget), and a non-finite one can only be the exhausting term.
template <vector V>
[[nodiscard]] STEER_COMBINE_INLINE bool allocate(V& total, scalar_t<V>& remaining, const V& force) noexcept {
    using S = scalar_t<V>;
    const S squared = length_squared(force);
    const S magnitude = squared >= std::numeric_limits<S>::min() && squared <= std::numeric_limits<S>::max()
                            ? std::sqrt(squared)
                            : safe_length(force);
    if (magnitude <= remaining) {
        total += force;
        remaining -= magnitude;
        return !(remaining > S(0));
    }
    // The direction times what remains: the ratio remaining / magnitude would underflow for a
    // denormal budget and a large force, and round up to a whole denorm_min far above it.
    total += std::isfinite(magnitude) ? (force / magnitude) * remaining : safe_normalize(force) * remaining;
    remaining = S(0);
    return true;
}

/// The squared length a result must exceed: epsilon squared, or 0 for epsilon <= 0 or NaN.
template <std::floating_point R, class S>
[[nodiscard]] constexpr R squared_threshold(S epsilon) noexcept {
    const auto e = static_cast<R>(epsilon);
    return e > R(0) ? e * e : R(0);
}

/// The weights of a normalized weighted sum, added up in order: their sum, the sum of their
/// magnitudes and how many are non-zero. Dividing by the sum is meaningful only when it is
/// more than the rounding noise of adding the weights; then every share `w / total` is at
/// most `1 / ((count - 1) epsilon)` in magnitude (1 for a single weight), so the weighted
/// average is finite for any finite weights, denormal or huge. The weights are divided one
/// by one rather than multiplied by `1 / total`, which overflows for a denormal total.
template <std::floating_point S>
struct weight_total {
    S total = 0;      ///< the sum of the weights
    S magnitude = 0;  ///< the sum of their magnitudes
    S count = 0;      ///< how many weights are not zero

    /// Adds one weight.
    STEER_COMBINE_INLINE constexpr void add(S weight) noexcept {
        total += weight;
        magnitude += weight < S(0) ? -weight : weight;
        count += weight != S(0) ? S(1) : S(0);
    }

    /// Whether the sum is finite, not zero and larger than the error that adding `count`
    /// weights can make, `(count - 1) * epsilon * magnitude`: otherwise its size, even its
    /// sign, is rounding noise, and there is no average to take.
    [[nodiscard]] bool meaningful() const noexcept {
        if (!std::isfinite(total) || !std::isfinite(magnitude) || total == S(0)) return false;
        const S noise = (count - S(1)) * std::numeric_limits<S>::epsilon() * magnitude;
        return (total < S(0) ? -total : total) > noise;
    }

    /// The factor a term of weight `weight` is multiplied by: `weight / total` (meaningful() only).
    [[nodiscard]] STEER_COMBINE_INLINE constexpr S share(S weight) const noexcept { return weight / total; }
};

}  // namespace steer::detail

#endif  // STEER_DETAIL_COMBINE_HPP
