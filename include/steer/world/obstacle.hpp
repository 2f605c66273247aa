#ifndef STEER_WORLD_OBSTACLE_HPP
#define STEER_WORLD_OBSTACLE_HPP

/// @file
/// What `obstacle_avoidance` and `hide` accept: one obstacle of any shape, a range of them,
/// a range of variants of shapes, pointers to any of these, and several such sets joined.

#include <concepts>
#include <optional>
#include <type_traits>
#include <utility>

#include "../detail/ranges.hpp"
#include "../error.hpp"
#include "../vector.hpp"
#include "sweep.hpp"

namespace steer {

/// An obstacle for vector type `V`: a type for which `first_contact(o, sweep<V>)`, found
/// by argument-dependent lookup, says where a moving ball first touches it (see `sweep`).
/// The library's shapes (`sphere`, `box`, `oriented_box`, `plane`, `segment`, `polygon`)
/// and `ray_cast_obstacles(cast)` are obstacles; so is any type of yours with that function
/// in its namespace. `bounding_sphere(o)`, when present, lets `hide` hide behind it, and
/// `validate(o)` (or `validate_as_obstacle(o)`), when present, is called by the behaviors on
/// every obstacle they consider.
template <class O, class V>
concept obstacle = vector<V> && requires(const O& o, const sweep<V>& w) {
    { first_contact(o, w) } -> std::convertible_to<std::optional<ray_hit<V>>>;
};

namespace detail {

template <class V, class T>
constexpr bool is_obstacle_set();

/// Several obstacle sets considered as one, by address (built by `steer::join_obstacles`).
template <class... Sets>
class obstacle_group {
public:
    /// Calls `f` with each member set in turn.
    template <class F>
    constexpr void for_each_member(F&&) const noexcept {}
    /// Whether every member is an obstacle set for `V`.
    template <class V>
    static constexpr bool holds_obstacles() noexcept { return true; }
};

template <class First, class... Rest>
class obstacle_group<First, Rest...> {
public:
    explicit constexpr obstacle_group(const First& first, const Rest&... rest) noexcept
        : first_(&first), rest_(rest...) {}
    template <class F>
    constexpr void for_each_member(F&& f) const {
        f(*first_);
        rest_.for_each_member(f);
    }
    template <class V>
    static constexpr bool holds_obstacles() noexcept {
        return is_obstacle_set<V, First>() && obstacle_group<Rest...>::template holds_obstacles<V>();
    }

private:
    const First* first_;
    obstacle_group<Rest...> rest_;
};

template <class T>
inline constexpr bool is_obstacle_group = false;
template <class... Sets>
inline constexpr bool is_obstacle_group<obstacle_group<Sets...>> = true;

/// A visitor that accepts anything: probes whether `visit(probe, x)` compiles.
struct visit_probe {
    template <class U>
    constexpr void operator()(const U&) const noexcept {}
};

/// Whether `T` is a variant-like type (`std::variant`, `boost::variant2::variant`, ...):
/// `visit` found by argument-dependent lookup, so this header need not include <variant>.
template <class T>
concept visitable = requires(const T& x) { visit(visit_probe{}, x); };

template <class T>
struct template_arguments {
    template <template <class> class Test>
    static constexpr bool all = false;
};
template <template <class...> class W, class... Ts>
struct template_arguments<W<Ts...>> {
    template <template <class> class Test>
    static constexpr bool all = (Test<Ts>::value && ...);
};

template <class V>
struct obstacle_for {
    template <class A>
    struct test : std::bool_constant<obstacle<A, V>> {};
};

/// Whether a `T` can be passed as the obstacles of a behavior over vector type `V`.
template <class V, class T>
constexpr bool is_obstacle_set() {
    using U = std::remove_cvref_t<T>;
    if constexpr (obstacle<U, V>) {
        return true;
    } else if constexpr (is_obstacle_group<U>) {
        return U::template holds_obstacles<V>();
    } else if constexpr (requires(const U& x) { x.get(); }) {  // std::reference_wrapper
        return is_obstacle_set<V, decltype(std::declval<const U&>().get())>();
    } else if constexpr (std::is_function_v<std::remove_pointer_t<U>>) {
        return false;  // (a function, or a lambda that converts to one: `*f` is `f` again)
    } else if constexpr (requires(const U& x) {
                             *x;
                             static_cast<bool>(x);
                         }) {  // raw and smart pointers, std::optional
        if constexpr (std::is_function_v<std::remove_reference_t<decltype(*std::declval<const U&>())>>) return false;
        else return is_obstacle_set<V, decltype(*std::declval<const U&>())>();
    } else if constexpr (visitable<U>) {
        return template_arguments<U>::template all<obstacle_for<V>::template test>;
    } else if constexpr (input_range<const U>) {
        return is_obstacle_set<V, range_reference_t<const U>>();
    } else {
        return false;
    }
}

}  // namespace detail

/// What a behavior accepts as its obstacles, for vector type `V`: an `obstacle`; a pointer
/// (raw or smart), `std::reference_wrapper` or `std::optional` holding an obstacle set; a
/// variant of obstacles (`std::variant<sphere<V>, box<V>, ...>`); any range of these (a
/// `std::vector`, a `std::span`, an array, nested ranges); or several of these joined with
/// `join_obstacles`. An empty pointer or optional holds no obstacle.
template <class T, class V>
concept obstacle_set = vector<V> && detail::is_obstacle_set<V, T>();

/// Several obstacle sets of different types considered as one, by reference (keep them
/// alive while the result is used): `obstacle_avoidance(v, join_obstacles(rocks, walls, ground))`.
template <class... Sets>
[[nodiscard]] constexpr detail::obstacle_group<Sets...> join_obstacles(const Sets&... sets) noexcept {
    return detail::obstacle_group<Sets...>(sets...);
}

namespace detail {

/// Validates an obstacle: with its `validate_as_obstacle` when it has one (a box, which
/// may be a point as a region but not as an obstacle), else its `validate` if any; with the
/// caller's place when the function takes one (the library's shapes), without otherwise.
template <class O>
void validate_obstacle(const O& o, const source_location& caller = source_location::current()) {
    if constexpr (requires { validate_as_obstacle(o, caller); }) validate_as_obstacle(o, caller);
    else if constexpr (requires { validate_as_obstacle(o); }) validate_as_obstacle(o);
    else if constexpr (requires { validate(o, caller); }) validate(o, caller);
    else if constexpr (requires { validate(o); }) validate(o);
}

/// Calls `f(o)` with every obstacle of the set, in order (ranges front to back, joined sets
/// left to right).
template <class V, class T, class F>
constexpr void for_each_obstacle(const T& set, F& f) {
    if constexpr (obstacle<T, V>) {
        f(set);
    } else if constexpr (is_obstacle_group<T>) {
        set.for_each_member([&](const auto& member) { for_each_obstacle<V>(member, f); });
    } else if constexpr (requires { set.get(); }) {
        for_each_obstacle<V>(set.get(), f);
    } else if constexpr (requires {
                             *set;
                             static_cast<bool>(set);
                         }) {
        if (set) for_each_obstacle<V>(*set, f);
    } else if constexpr (visitable<T>) {
        visit([&](const auto& alternative) { for_each_obstacle<V>(alternative, f); }, set);
    } else {
        for (const auto& element : set) for_each_obstacle<V>(element, f);
    }
}

}  // namespace detail

}  // namespace steer

#endif  // STEER_WORLD_OBSTACLE_HPP
