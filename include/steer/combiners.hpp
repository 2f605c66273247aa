#ifndef STEER_COMBINERS_HPP
#define STEER_COMBINERS_HPP

/// @file
/// Blending steering behaviors (Reynolds 1999, "Combining Behaviors"): weighted sum,
/// priority, prioritized dithering, and the truncated running sum that Reynolds 1987
/// calls "prioritized acceleration allocation".
///
/// A term is anything callable with no arguments that returns a steering force, usually
/// a lambda around a behavior: `[&] { return steer::seek(me, food); }`. Combiners call
/// their terms lazily, in the order written, and never call a term whose result cannot
/// change the answer. A combiner call inside a lambda is itself a term, so combiners nest.
/// Everything is resolved at compile time: no allocation, no indirect calls. For blends
/// configured from data at run time, see `behavior_list.hpp`.

#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "detail/combine.hpp"
#include "math.hpp"
#include "vector.hpp"

namespace steer {

/// A combiner term: callable with no arguments (as an lvalue), returning a `steer::vector`
/// such as `glm::vec2` or `glm::dvec3`.
template <class F>
concept steering_term = std::invocable<F&> && vector<std::remove_cvref_t<std::invoke_result_t<F&>>>;

/// The vector type a steering term returns.
template <steering_term F>
using term_vector_t = std::remove_cvref_t<std::invoke_result_t<F&>>;

/// A behavior paired with a weight; made by `weighted`. Calling it returns
/// `weight * behavior()`, and a weight of exactly zero returns zero without calling the
/// behavior. `F` is a reference when `weighted` was given an lvalue, so a named callable
/// is used in place (it must outlive the term), and a temporary is stored by value.
template <class S, class F>
struct weighted_term {
    S weight;    ///< any number; negative reverses the behavior, zero skips it
    F behavior;  ///< the wrapped term

    /// `weight * behavior()`; zero (and no call) when the weight is zero.
    [[nodiscard]] STEER_COMBINE_INLINE constexpr auto operator()() noexcept(std::is_nothrow_invocable_v<F&>) {
        return call(*this);
    }

    /// `weight * behavior()` for a const term whose behavior can be called as const.
    [[nodiscard]] STEER_COMBINE_INLINE constexpr auto operator()() const
        noexcept(std::is_nothrow_invocable_v<const F&>)
        requires std::invocable<const F&>
    {
        return call(*this);
    }

private:
    template <class Self>
    STEER_COMBINE_INLINE static constexpr auto call(Self& self) {
        using V = std::remove_cvref_t<decltype(self.behavior())>;
        using T = scalar_t<V>;
        if (self.weight == S(0)) [[unlikely]]
            return V(T(0));
        return static_cast<V>(self.behavior()) * static_cast<T>(self.weight);
    }
};

/// A behavior paired with the probability of considering it; made by `chance` and read by
/// `prioritized_dither`. It is not itself a term: only the dither knows how to draw.
template <class S, class F>
struct chance_term {
    S probability;  ///< in [0, 1]; 0 (or less) never considers the behavior, 1 (or more) always does
    F behavior;     ///< the wrapped term
};

namespace detail {

template <class S>
concept arithmetic = std::is_arithmetic_v<S> && !std::same_as<std::remove_cv_t<S>, bool>;

template <class T>
struct is_weighted : std::false_type {};
template <class S, class F>
struct is_weighted<weighted_term<S, F>> : std::true_type {};

template <class T>
struct is_chance : std::false_type {};
template <class S, class F>
struct is_chance<chance_term<S, F>> : std::true_type {};

/// What `prioritized_dither` accepts: a `chance` term, or a plain term (probability 1).
template <class T>
concept dither_term = is_chance<std::remove_cvref_t<T>>::value || steering_term<std::remove_reference_t<T>>;

template <class T>
struct dither_vector {
    using type = term_vector_t<std::remove_reference_t<T>>;
};
template <class S, class F>
struct dither_vector<chance_term<S, F>> {
    using type = term_vector_t<std::remove_reference_t<F>>;
};

template <class T>
using dither_vector_t = typename dither_vector<std::remove_cvref_t<T>>::type;

template <class... T>
struct first_type {};
template <class T, class... Rest>
struct first_type<T, Rest...> {
    using type = T;
};

/// The first type of a pack (which must not be empty).
template <class... T>
using first_t = typename first_type<T...>::type;

/// One dither step over a `chance` term or a plain one (probability 1): answers true when
/// the term was considered and its result, longer than sqrt(threshold), is now `chosen`.
template <class G, vector V, class T>
[[nodiscard]] STEER_COMBINE_INLINE bool dither_step(G& gen, V& chosen, scalar_t<V> threshold, T& term) {
    if constexpr (is_chance<std::remove_cv_t<T>>::value) {
        if (!draw_chance(gen, static_cast<scalar_t<V>>(term.probability))) return false;
        return choose_if_longer(chosen, static_cast<V>(term.behavior()), threshold);
    } else {
        return choose_if_longer(chosen, static_cast<V>(term()), threshold);
    }
}

/// Whether calling every term (a `chance` term's behavior) cannot throw.
template <class T>
constexpr bool nothrow_term() noexcept {
    if constexpr (is_chance<std::remove_cvref_t<T>>::value) {
        return std::is_nothrow_invocable_v<decltype((std::declval<T&>().behavior))>;
    } else {
        return std::is_nothrow_invocable_v<std::remove_reference_t<T>&>;
    }
}

template <class... T>
inline constexpr bool nothrow_terms = (nothrow_term<T>() && ...);

/// The terms' results added in order, starting from the first (not from a zero vector,
/// which would put one more addition on the critical path than hand-written code has).
template <class First, class... Rest>
[[nodiscard]] STEER_COMBINE_INLINE constexpr auto sum_terms(First& first, Rest&... rest) {
    using V = term_vector_t<First>;
    V sum = static_cast<V>(first());
    ((sum += static_cast<V>(rest())), ...);
    return sum;
}

/// The weight of a term in a sum: its own for a `weighted` term, 1 for a plain one.
template <class T>
[[nodiscard]] constexpr auto weight_of(const T& t) noexcept {
    if constexpr (is_weighted<std::remove_cvref_t<T>>::value) {
        return t.weight;
    } else {
        return 1;
    }
}

/// A term of a normalized weighted sum: its behavior's result times its share of the total
/// (a `weighted` term with a zero weight is not called, as in the plain sum).
template <vector V, class T, class S>
[[nodiscard]] STEER_COMBINE_INLINE constexpr V normalized_term(T& term, const weight_total<S>& weights) {
    if constexpr (is_weighted<std::remove_cvref_t<T>>::value) {
        if (term.weight == decltype(term.weight)(0)) return V(S(0));
        return static_cast<V>(term.behavior()) * weights.share(static_cast<S>(term.weight));
    } else {
        return static_cast<V>(term()) * weights.share(S(1));
    }
}

}  // namespace detail

/// Every term of a combiner returns the same vector type (all `glm::vec2`, or all
/// `glm::dvec3`, ...). Mixed types do not compile: convert the odd term inside its lambda.
template <class... T>
concept same_term_vectors = sizeof...(T) >= 1 && steering_term<std::remove_reference_t<detail::first_t<T...>>> &&
                            (std::same_as<term_vector_t<std::remove_reference_t<T>>,
                                          term_vector_t<std::remove_reference_t<detail::first_t<T...>>>> &&
                             ...);

/// Tag for `weighted_sum(steer::normalize_weights, ...)`: divide by the sum of the weights.
struct normalize_weights_t {
    explicit normalize_weights_t() = default;
};

/// Asks `weighted_sum` to divide the weights by their sum, as in the notes' formulation,
/// so that the result is a weighted average rather than a sum.
inline constexpr normalize_weights_t normalize_weights{};

/// Pairs `behavior` with `weight` for `weighted_sum` and `truncated_sum` (and it is itself a
/// term returning `weight * behavior()`). Any weight is accepted: negative reverses the
/// behavior, zero turns it off without calling it. Like every combiner argument it is not
/// validated (the hot path stays branch-free); a NaN weight gives a NaN result.
template <class S, class F>
    requires detail::arithmetic<S> && steering_term<std::remove_reference_t<F>>
[[nodiscard]] constexpr weighted_term<S, F> weighted(S weight, F&& behavior) noexcept(
    std::is_nothrow_constructible_v<F, F&&>) {
    return {weight, std::forward<F>(behavior)};
}

/// Pairs `behavior` with the `probability` that `prioritized_dither` considers it when its
/// turn comes: in [0, 1]; 0 (or less, or NaN) never, 1 (or more) always, without drawing.
template <class S, class F>
    requires detail::arithmetic<S> && steering_term<std::remove_reference_t<F>>
[[nodiscard]] constexpr chance_term<S, F> chance(S probability, F&& behavior) noexcept(
    std::is_nothrow_constructible_v<F, F&&>) {
    return {probability, std::forward<F>(behavior)};
}

/// The paper's simplest blend: the sum of `weight_i * behavior_i()` over all terms, in the
/// order written. A plain term counts with weight 1; a zero weight skips its term. Cheap to
/// reason about, but it calls every behavior each frame, and opposing behaviors can cancel
/// out (Reynolds 1999, "Combining Behaviors").
/// @return the sum, not truncated; zero when every weight is zero.
template <class... T>
    requires same_term_vectors<T...>
[[nodiscard]] constexpr auto weighted_sum(T&&... weighted_terms) noexcept(detail::nothrow_terms<T...>) {
    return detail::sum_terms(weighted_terms...);
}

/// The weighted sum divided by the sum of the weights (the notes' normalized weights), so
/// that equal weights average the behaviors. Each term is multiplied by its share of the
/// total, `weight / total`, which stays finite for any finite weights: denormal weights and
/// denormal totals average as well as ordinary ones. Weights summing to zero, or to less than
/// the rounding error of adding them up (`(n - 1) * epsilon * sum of |weight|` for n non-zero
/// weights: 1 and -1 + 1e-7 in float), have no average: the result is then zero (the terms are
/// still called). A non-finite weight also gives zero.
/// @return the weighted average, not truncated.
template <class... T>
    requires same_term_vectors<T...>
[[nodiscard]] constexpr auto weighted_sum(normalize_weights_t, T&&... weighted_terms) noexcept(
    detail::nothrow_terms<T...>) {
    using V = term_vector_t<std::remove_reference_t<detail::first_t<T...>>>;
    using S = scalar_t<V>;
    detail::weight_total<S> weights;
    (weights.add(static_cast<S>(detail::weight_of(weighted_terms))), ...);
    if (!weights.meaningful()) {
        (void)detail::sum_terms(weighted_terms...);
        return V(S(0));
    }
    V sum(S(0));
    ((sum += detail::normalized_term<V>(weighted_terms, weights)), ...);
    return sum;
}

/// Priority blending (Reynolds 1999, "Combining Behaviors"): calls the terms in order and
/// returns the first result longer than `epsilon`; the terms after it are never called.
/// Put the urgent behaviors first (obstacle avoidance, then evasion, ...): they return zero
/// when they have nothing to say and so pass the turn on. `epsilon` <= 0 (or NaN) means
/// any non-zero result wins. Lengths are compared squared, so a vector shorter than about
/// 1e-19 (float) counts as zero.
/// @return the chosen term's result, or zero when no term exceeds `epsilon`.
template <class S, class... F>
    requires detail::arithmetic<S> && same_term_vectors<F...>
[[nodiscard]] constexpr auto priority(S epsilon, F&&... terms) noexcept(detail::nothrow_terms<F...>) {
    using V = term_vector_t<std::remove_reference_t<detail::first_t<F...>>>;
    const scalar_t<V> threshold = detail::squared_threshold<scalar_t<V>>(epsilon);
    V chosen(scalar_t<V>(0));
    (void)(detail::choose_if_longer(chosen, static_cast<V>(terms()), threshold) || ...);
    return chosen;
}

/// Prioritized dithering (Reynolds 1999, "Combining Behaviors"): in order, each term is
/// considered with its `chance` probability, drawn from `gen`; a considered term is called,
/// and the first result longer than `epsilon` (<= 0: any non-zero result) wins. A skipped
/// term, or one returning (near) zero, passes the turn on; the terms after the winner are
/// never called. A plain term has probability 1. Only probabilities strictly between 0 and
/// 1 draw a number, so the same generator state gives the same choice.
/// @return the winning term's result, or zero when none wins.
template <std::uniform_random_bit_generator G, class S, class... T>
    requires detail::arithmetic<S> && (sizeof...(T) >= 1) && (detail::dither_term<T> && ...) &&
             (std::same_as<detail::dither_vector_t<T>, detail::dither_vector_t<detail::first_t<T...>>> && ...)
[[nodiscard]] auto prioritized_dither(G& gen, S epsilon, T&&... chance_terms) noexcept(
    detail::nothrow_terms<T...> && noexcept(gen())) {
    using V = detail::dither_vector_t<detail::first_t<T...>>;
    const scalar_t<V> threshold = detail::squared_threshold<scalar_t<V>>(epsilon);
    V chosen(scalar_t<V>(0));
    (void)(detail::dither_step(gen, chosen, threshold, chance_terms) || ...);
    return chosen;
}

/// `prioritized_dither` where any non-zero result wins (epsilon 0), as the paper states it.
template <std::uniform_random_bit_generator G, class... T>
    requires(sizeof...(T) >= 1) && (detail::dither_term<T> && ...) &&
            (std::same_as<detail::dither_vector_t<T>, detail::dither_vector_t<detail::first_t<T...>>> && ...)
[[nodiscard]] auto prioritized_dither(G& gen, T&&... chance_terms) noexcept(detail::nothrow_terms<T...> &&
                                                                             noexcept(gen())) {
    return prioritized_dither(gen, 0, std::forward<T>(chance_terms)...);
}

/// A truncated running sum: prioritized acceleration allocation (Reynolds 1987, mentioned
/// in Reynolds 1999, "Combining Behaviors"). The terms, in order, spend a budget of
/// `max_force` by their magnitudes: each weighted force is added in full while it fits, the
/// one that exhausts the budget is scaled down to what remains, and the terms after it are
/// never called. So an urgent behavior that asks for everything gets everything, and a calm
/// one leaves the rest to the next. The result is never longer than `max_force`; with
/// `max_force` <= 0 (or NaN) no term is called and the result is zero.
/// @return the allocated sum; zero when every term is zero.
template <class S, class... T>
    requires detail::arithmetic<S> && same_term_vectors<T...>
[[nodiscard]] constexpr auto truncated_sum(S max_force, T&&... weighted_terms) noexcept(detail::nothrow_terms<T...>) {
    using V = term_vector_t<std::remove_reference_t<detail::first_t<T...>>>;
    using R = scalar_t<V>;
    V total(R(0));
    R remaining = static_cast<R>(max_force);
    if (!(remaining > R(0))) return total;
    (void)(detail::allocate(total, remaining, static_cast<V>(weighted_terms())) || ...);
    return total;
}

}  // namespace steer

#endif  // STEER_COMBINERS_HPP
