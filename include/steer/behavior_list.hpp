#ifndef STEER_BEHAVIOR_LIST_HPP
#define STEER_BEHAVIOR_LIST_HPP

/// @file
/// A run-time combiner for data-driven games (Reynolds 1999, "Combining Behaviors"): a
/// fixed-capacity list of named steering terms whose blend mode, weights, probabilities,
/// order and enabled flags can be changed while the game runs (from a config file or an
/// editor) without recompiling. It gives the same results as the compile-time combiners of
/// `combiners.hpp` for the same configuration, with no heap allocation at all: each term is
/// a small callable copied into inline storage and called through one function pointer.

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "detail/expect.hpp"
#include "detail/combine.hpp"
#include "error.hpp"
#include "math.hpp"
#include "random.hpp"
#include "vector.hpp"

namespace steer {

/// How a `behavior_list` blends its terms; each mode is the compile-time combiner of the
/// same name in `combiners.hpp`.
enum class blend_mode : unsigned char {
    weighted_sum,        ///< sum of weight * term (optionally normalized by the sum of the weights)
    priority,            ///< the first weighted term longer than epsilon
    prioritized_dither,  ///< like priority, but each term is considered only with its probability
    truncated_sum,       ///< the weighted terms spend a budget of max_force, in order
};

/// The mode's name as written in config files: "weighted_sum", "priority", ...
[[nodiscard]] constexpr std::string_view to_string(blend_mode mode) noexcept {
    switch (mode) {
        case blend_mode::weighted_sum: return "weighted_sum";
        case blend_mode::priority: return "priority";
        case blend_mode::prioritized_dither: return "prioritized_dither";
        case blend_mode::truncated_sum: return "truncated_sum";
    }
    return "unknown";
}

/// The mode named `name` (as `to_string` spells it), or nothing for an unknown name.
[[nodiscard]] constexpr std::optional<blend_mode> parse_blend_mode(std::string_view name) noexcept {
    for (const blend_mode mode : {blend_mode::weighted_sum, blend_mode::priority, blend_mode::prioritized_dither,
                                  blend_mode::truncated_sum})
        if (to_string(mode) == name) return mode;
    return std::nullopt;
}

/// How a `behavior_list` blends: the mode and its parameters.
template <std::floating_point S>
struct blend_settings {
    blend_mode mode = blend_mode::weighted_sum;  ///< which blend
    bool normalize_weights = false;  ///< weighted_sum: divide by the sum of the enabled weights (zero sum: zero)
    S epsilon = 0;                   ///< priority, prioritized_dither: a winner must be longer than this; >= 0
    S max_force = 1;                 ///< truncated_sum: the budget, in force units; >= 0; 0 calls no term
};

/// One term's settings in a `behavior_list`.
template <std::floating_point S>
struct term_settings {
    S weight = 1;         ///< finite; the term's result is multiplied by it in every mode; 0 = not called
    S probability = 1;    ///< prioritized_dither only: the chance, in [0, 1], of considering the term
    bool enabled = true;  ///< a disabled term is skipped in every mode and never called
};

/// A run-time list of steering terms, declared like `std::function` by its call signature:
/// `behavior_list<glm::vec2(const agent&)>` holds terms callable as `V(const agent&)` and is
/// itself called as `list(agent)` (or `list(gen, agent)` to dither). Passing the character
/// as an argument lets one configured list serve every character of a kind; terms with no
/// arguments (`behavior_list<glm::vec3()>`) capture what they need instead.
///
/// A term is any callable of that signature, invocable as const, trivially copyable and
/// destructible, and at most `StorageBytes` in size: a lambda capturing a few references,
/// pointers or small values, or a plain function pointer. It is copied into the list, so
/// the list is a self-contained value (copy it to give a character its own tuning).
/// Evaluation calls the enabled terms in list order, through one indirect call each.
/// The storage is 32 bytes on every platform (four pointers on a 64-bit one), so that a term
/// accepted on x86-64 is accepted on wasm32 too.
template <class Signature, std::size_t Capacity = 8, std::size_t StorageBytes = 32>
class behavior_list;

/// The list for terms called as `V(Args...)`: see the primary template's description.
template <class V, class... Args, std::size_t Capacity, std::size_t StorageBytes>
class behavior_list<V(Args...), Capacity, StorageBytes> {
    static_assert(vector<V>,
                  "steer::behavior_list<V(Args...)>: V must be a steer::vector such as glm::vec2 or glm::dvec3");
    static_assert(!(std::is_rvalue_reference_v<Args> || ...),
                  "steer::behavior_list<V(Args...)>: every term receives the same arguments, so they cannot be "
                  "rvalue references; take them by value or by (const) lvalue reference");
    static_assert(Capacity >= 1, "steer::behavior_list: Capacity must be at least 1");

    using S = scalar_t<V>;

    template <class F>
    static constexpr bool returns_vector() {
        if constexpr (std::is_invocable_v<const F&, Args...>) {
            return std::is_same_v<std::remove_cvref_t<std::invoke_result_t<const F&, Args...>>, V>;
        } else {
            return false;
        }
    }

public:
    using vector_type = V;  ///< what the terms return
    using scalar_type = S;  ///< its scalar: the type of weights and probabilities

    /// Whether a callable of type `F` can be a term: invocable as `const F&` with `Args...`
    /// returning exactly `V`, trivially copyable and destructible, and small enough to fit.
    template <class F>
    static constexpr bool can_hold = returns_vector<F>() && std::is_trivially_copyable_v<F> &&
                                     std::is_trivially_destructible_v<F> && sizeof(F) <= StorageBytes &&
                                     alignof(F) <= alignof(std::max_align_t);

    /// An empty list blending as `blend` says (validated, STEER_EXPECTS).
    explicit behavior_list(const blend_settings<S>& blend = {}, source_location caller = source_location::current()) {
        set_blend(blend, caller);
    }

    /// The most terms the list can hold.
    [[nodiscard]] static constexpr std::size_t capacity() noexcept { return Capacity; }
    /// How many terms it holds.
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    /// Whether it holds no term.
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }

    /// The blend mode and its parameters.
    [[nodiscard]] const blend_settings<S>& blend() const noexcept { return blend_; }

    /// Replaces the blend settings; epsilon and max_force must be >= 0 and finite (STEER_EXPECTS).
    void set_blend(const blend_settings<S>& blend, source_location caller = source_location::current()) {
        constexpr auto where = "steer::behavior_list::set_blend";
        detail::expect_at_least(where, "epsilon", blend.epsilon, 0, caller);
        detail::expect_at_least(where, "max_force", blend.max_force, 0, caller);
        blend_ = blend;
    }

    /// Changes only the blend mode.
    void set_mode(blend_mode mode) noexcept { blend_.mode = mode; }

    /// Appends a term named `name` (empty, or unique in the list) and returns its index.
    /// The name is not copied: it must outlive the list (a string literal is ideal).
    /// The list must not be full, and `settings` must be valid (STEER_EXPECTS).
    template <class F>
    std::size_t add(std::string_view name, F behavior, const term_settings<S>& settings = {},
    source_location caller = source_location::current()) {
        static_assert(std::is_invocable_v<const F&, Args...>,
                      "steer::behavior_list::add: the term must be callable as const with the list's arguments "
                      "(Args...); a lambda that changes its captures must be made non-mutable, keeping state "
                      "outside and capturing it by reference");
        if constexpr (std::is_invocable_v<const F&, Args...>) {
            static_assert(std::is_same_v<std::remove_cvref_t<std::invoke_result_t<const F&, Args...>>, V>,
                          "steer::behavior_list::add: the term must return exactly the list's vector type V "
                          "(e.g. glm::vec2, not glm::dvec2); convert inside the lambda");
        }
        static_assert(std::is_trivially_copyable_v<F> && std::is_trivially_destructible_v<F>,
                      "steer::behavior_list::add: the term must be trivially copyable and destructible; capture "
                      "references, pointers or small values, not std::vector, std::string or std::function");
        static_assert(sizeof(F) <= StorageBytes,
                      "steer::behavior_list::add: the term's captures exceed the inline storage; capture a "
                      "pointer to a struct, or raise the list's StorageBytes parameter");
        static_assert(alignof(F) <= alignof(std::max_align_t),
                      "steer::behavior_list::add: the term is over-aligned for the inline storage");
        detail::expect(size_ < Capacity, "steer::behavior_list::add", "the number of terms",
                       "at most the capacity, " + detail::format_value(Capacity), size_ + 1, caller);
        detail::expect_that(name.empty() || !index_of(name).has_value(), "the name must not be taken", [&] {
            return "steer::behavior_list::add: the name \"" + std::string(name) + "\" is already taken";
        }, caller);
        validate(settings, caller);
        entry& e = entries_[size_];
        ::new (static_cast<void*>(e.storage)) F(behavior);
        e.invoke = &invoke_stored<F>;
        store(e, settings);
        names_[size_] = name;
        return size_++;
    }

    /// The index of the term named `name`, or nothing. Indices change when terms are moved
    /// or erased; names do not.
    [[nodiscard]] std::optional<std::size_t> index_of(std::string_view name) const noexcept {
        for (std::size_t i = 0; i < size_; ++i)
            if (names_[i] == name) return i;
        return std::nullopt;
    }

    /// The name of the term at `index` (< size(), STEER_EXPECTS).
    [[nodiscard]] std::string_view name(std::size_t index, source_location caller = source_location::current()) const {
        index = check_index("name", index, caller);
        return names_[index];
    }

    /// The settings of the term at `index` (< size(), STEER_EXPECTS).
    [[nodiscard]] term_settings<S> settings(std::size_t index,
                                            source_location caller = source_location::current()) const {
        index = check_index("settings", index, caller);
        const entry& e = entries_[index];
        return {e.weight, e.probability, e.enabled};
    }

    /// Replaces the settings of the term at `index`; validated (STEER_EXPECTS).
    void configure(std::size_t index, const term_settings<S>& settings,
                   source_location caller = source_location::current()) {
        index = check_index("configure", index, caller);
        validate(settings, caller);
        store(entries_[index], settings);
    }
    /// Replaces the settings of the term named `name`, which must exist (STEER_EXPECTS).
    void configure(std::string_view name, const term_settings<S>& settings,
                   source_location caller = source_location::current()) {
        configure(find(name, caller), settings, caller);
    }

    /// Sets one term's weight (finite); by index or by name.
    void set_weight(std::size_t index, S weight, source_location caller = source_location::current()) {
        term_settings<S> s = settings(index, caller);
        s.weight = weight;
        configure(index, s, caller);
    }
    /// Sets the weight of the term called `name`.
    void set_weight(std::string_view name, S weight, source_location caller = source_location::current()) {
        set_weight(find(name, caller), weight, caller);
    }

    /// Sets one term's dither probability (in [0, 1]); by index or by name.
    void set_probability(std::size_t index, S probability, source_location caller = source_location::current()) {
        term_settings<S> s = settings(index, caller);
        s.probability = probability;
        configure(index, s, caller);
    }
    /// Sets the dither probability of the term called `name`.
    void set_probability(std::string_view name, S probability, source_location caller = source_location::current()) {
        set_probability(find(name, caller), probability, caller);
    }

    /// Enables or disables one term; by index or by name.
    void set_enabled(std::size_t index, bool enabled, source_location caller = source_location::current()) {
        index = check_index("set_enabled", index, caller);
        entries_[index].enabled = enabled;
    }
    /// Enables or disables the term called `name`.
    void set_enabled(std::string_view name, bool enabled, source_location caller = source_location::current()) {
        set_enabled(find(name, caller), enabled, caller);
    }

    /// Moves the term at `from` to position `to` (both < size()), shifting the ones between:
    /// the way to change the priority order. To apply an order read from a file, move each
    /// named term to its position in turn: `move(*index_of(name_k), k)` for k = 0, 1, ...
    void move(std::size_t from, std::size_t to, source_location caller = source_location::current()) {
        from = check_index("move", from, caller);
        to = check_index("move", to, caller);
        if (from < to) {
            std::rotate(entries_.begin() + static_cast<std::ptrdiff_t>(from),
                        entries_.begin() + static_cast<std::ptrdiff_t>(from) + 1,
                        entries_.begin() + static_cast<std::ptrdiff_t>(to) + 1);
            std::rotate(names_.begin() + static_cast<std::ptrdiff_t>(from),
                        names_.begin() + static_cast<std::ptrdiff_t>(from) + 1,
                        names_.begin() + static_cast<std::ptrdiff_t>(to) + 1);
        } else if (to < from) {
            std::rotate(entries_.begin() + static_cast<std::ptrdiff_t>(to),
                        entries_.begin() + static_cast<std::ptrdiff_t>(from),
                        entries_.begin() + static_cast<std::ptrdiff_t>(from) + 1);
            std::rotate(names_.begin() + static_cast<std::ptrdiff_t>(to),
                        names_.begin() + static_cast<std::ptrdiff_t>(from),
                        names_.begin() + static_cast<std::ptrdiff_t>(from) + 1);
        }
    }

    /// Removes the term at `index` (< size()); the later terms move up one place.
    void erase(std::size_t index, source_location caller = source_location::current()) {
        index = check_index("erase", index, caller);
        move(index, size_ - 1);
        entries_[size_ - 1] = entry{};
        names_[size_ - 1] = {};
        --size_;
    }

    /// Removes every term; the blend settings stay.
    void clear() noexcept {
        entries_ = {};
        names_ = {};
        size_ = 0;
    }

    /// Blends the enabled terms, each called with `args...`, as the blend mode says.
    /// The mode must not be prioritized_dither, which needs a generator (STEER_EXPECTS).
    /// @return the blended steering force, not truncated (except by truncated_sum's budget);
    ///         zero for an empty list.
    [[nodiscard]] V operator()(Args... args, source_location caller = source_location::current()) const {
        if (blend_.mode == blend_mode::prioritized_dither) [[unlikely]] {
            detail::refuse_with("steer::behavior_list: mode prioritized_dither needs a generator: call list(gen, args...)",
                                "the mode must not be prioritized_dither without a generator", caller);
            return V(S(0));  // reached only when a custom STEER_EXPECTS returns
        }
        return evaluate(static_cast<rng*>(nullptr), args...);
    }

    /// Blends the enabled terms as the blend mode says, drawing dither decisions from `gen`
    /// (other modes leave `gen` untouched).
    template <std::uniform_random_bit_generator G>
    [[nodiscard]] V operator()(G& gen, Args... args) const {
        return evaluate(&gen, args...);
    }

private:
    using invoker = V (*)(const void*, Args...);

    struct entry {
        alignas(std::max_align_t) unsigned char storage[StorageBytes];
        invoker invoke;
        S weight;
        S probability;
        bool enabled;
    };

    template <class F>
    static V invoke_stored(const void* storage, Args... args) {
        return (*std::launder(static_cast<const F*>(storage)))(args...);
    }

    static void validate(const term_settings<S>& s, const source_location& caller) {
        detail::expect_finite("steer::behavior_list term", "weight", s.weight, caller);
        detail::expect_within("steer::behavior_list term", "probability", s.probability, 0, 1, caller);
    }

    static void store(entry& e, const term_settings<S>& s) noexcept {
        e.weight = s.weight;
        e.probability = s.probability;
        e.enabled = s.enabled;
    }

    /// Refuses an index past the end; returns it clamped into the storage, so that even a
    /// user-defined STEER_EXPECTS that only logs never leads to an out-of-bounds access
    /// (and GCC's -Warray-bounds sees the access is in range).
    [[nodiscard]] std::size_t check_index(const char* what, std::size_t index, const source_location& caller) const {
        detail::expect(index < size_, std::string("steer::behavior_list::") + what, "index",
                       "< size() = " + detail::format_value(size_), index, caller);
        return index < Capacity ? index : Capacity - 1;
    }

    [[nodiscard]] std::size_t find(std::string_view name, const source_location& caller) const {
        const std::optional<std::size_t> index = index_of(name);
        detail::expect_that(index.has_value(), "a term must have the name", [&] {
            return "steer::behavior_list: no term is named \"" + std::string(name) + "\"";
        }, caller);
        return *index;
    }

    /// The term's weighted result, as `weighted_term` computes it: zero (no call) for weight 0.
    static V call(const entry& e, Args... args) {
        if (e.weight == S(0)) [[unlikely]]
            return V(S(0));
        return e.invoke(e.storage, args...) * e.weight;
    }

    /// The weighted sum divided by the enabled weights' sum, each term times its share, as
    /// `weighted_sum(normalize_weights, ...)` computes it: zero (the terms still called) when
    /// the sum is zero or lost in rounding.
    V normalized_sum(Args... args) const {
        detail::weight_total<S> weights;
        for (std::size_t i = 0; i < size_; ++i)
            if (entries_[i].enabled) weights.add(entries_[i].weight);
        V result(S(0));
        if (!weights.meaningful()) {
            for (std::size_t i = 0; i < size_; ++i)
                if (entries_[i].enabled) (void)call(entries_[i], args...);
            return result;
        }
        for (std::size_t i = 0; i < size_; ++i) {
            const entry& e = entries_[i];
            if (e.enabled && e.weight != S(0)) result += e.invoke(e.storage, args...) * weights.share(e.weight);
        }
        return result;
    }

    template <class G>
    V evaluate(G* gen, Args... args) const {
        V result(S(0));
        switch (blend_.mode) {
            case blend_mode::weighted_sum: {
                if (blend_.normalize_weights) return normalized_sum(args...);
                for (std::size_t i = 0; i < size_; ++i) {
                    const entry& e = entries_[i];
                    if (e.enabled) result += call(e, args...);
                }
                return result;
            }
            case blend_mode::priority: {
                const S threshold = detail::squared_threshold<S>(blend_.epsilon);
                for (std::size_t i = 0; i < size_; ++i) {
                    const entry& e = entries_[i];
                    if (e.enabled && detail::choose_if_longer(result, call(e, args...), threshold)) break;
                }
                return result;
            }
            case blend_mode::prioritized_dither: {
                const S threshold = detail::squared_threshold<S>(blend_.epsilon);
                for (std::size_t i = 0; i < size_; ++i) {
                    const entry& e = entries_[i];
                    if (e.enabled && detail::draw_chance(*gen, e.probability) &&
                        detail::choose_if_longer(result, call(e, args...), threshold))
                        break;
                }
                return result;
            }
            case blend_mode::truncated_sum: {
                S remaining = blend_.max_force;
                if (!(remaining > S(0))) return result;
                for (std::size_t i = 0; i < size_; ++i) {
                    const entry& e = entries_[i];
                    if (e.enabled && detail::allocate(result, remaining, call(e, args...))) break;
                }
                return result;
            }
        }
        return result;
    }

    std::array<entry, Capacity> entries_{};
    std::array<std::string_view, Capacity> names_{};
    std::size_t size_ = 0;
    blend_settings<S> blend_{};
};

}  // namespace steer

#endif  // STEER_BEHAVIOR_LIST_HPP
