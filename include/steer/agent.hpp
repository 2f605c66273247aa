#ifndef STEER_AGENT_HPP
#define STEER_AGENT_HPP

/// @file
/// The agent concept: what a behavior needs to know about the character it steers, so that
/// behaviors act on the game's own types (an ECS view, a physics body) and not only on
/// `steer::vehicle`. Six members are required; the rest of the vehicle model's frame is
/// derived when a type does not provide it.

#include <concepts>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>

#include <glm/geometric.hpp>

#include "detail/always_inline.hpp"
#include "detail/expect.hpp"
#include "local_space.hpp"
#include "math.hpp"
#include "vector.hpp"

namespace steer {

template <vector V>
class vehicle;

namespace detail {

/// The type `a.position()` returns, without references and const.
template <class A>
using position_type_t = std::remove_cvref_t<decltype(std::declval<const A&>().position())>;

}  // namespace detail

/// A character a behavior can steer. A type models it when, on a const object, these six
/// members answer (the vector type `V` is whatever `position()` returns, a `steer::vector`):
///   - `position()`, `velocity()`: world units and units per second;
///   - `forward()`: the unit heading;
///   - `max_speed()`, `max_force()`, `radius()`: the vehicle model's limits and body size.
/// Optional members, used when present and derived when absent: `side()`, `up()` (3D),
/// `speed()` and `mass()` (see `steer::side`, `steer::up`, `steer::speed`, `steer::mass`),
/// and `facing()` and `max_turn_rate()` for a character that looks one way and moves
/// another (`steer::facing`, `steer::max_turn_rate`).
/// `steer::vehicle<V>` models it; so does a ten-line adaptor that forwards to an engine's
/// physics body (docs/integrating.md). The behaviors refuse (STEER_EXPECTS) an agent whose
/// radius, max_speed or max_force is negative or not finite, as a vehicle refuses them when
/// it is built.
template <class A>
concept agent = requires(const A& a) { a.position(); } && vector<detail::position_type_t<A>> &&
    requires(const A& a) {
        { a.velocity() } -> std::convertible_to<detail::position_type_t<A>>;
        { a.forward() } -> std::convertible_to<detail::position_type_t<A>>;
        { a.max_speed() } -> std::convertible_to<scalar_t<detail::position_type_t<A>>>;
        { a.max_force() } -> std::convertible_to<scalar_t<detail::position_type_t<A>>>;
        { a.radius() } -> std::convertible_to<scalar_t<detail::position_type_t<A>>>;
    };

/// The vector type of an agent: what its `position()` returns, e.g. `glm::vec2`.
template <agent A>
using agent_vector_t = detail::position_type_t<A>;

/// The scalar type of an agent's vectors, `float` or `double`.
template <agent A>
using agent_scalar_t = scalar_t<agent_vector_t<A>>;

/// An agent whose vectors are `V`: the steered agent's neighbors must share its vector type.
template <class A, class V>
concept agent_of = agent<A> && std::same_as<agent_vector_t<A>, V>;

/// The agent's speed: its `speed()` when it has one, else the length of its velocity.
template <agent A>
[[nodiscard]] agent_scalar_t<A> speed(const A& a) noexcept {
    if constexpr (requires { { a.speed() } -> std::convertible_to<agent_scalar_t<A>>; })
        return static_cast<agent_scalar_t<A>>(a.speed());
    else
        return safe_length(static_cast<agent_vector_t<A>>(a.velocity()));
}

/// The agent's mass: its `mass()` when it has one, else 1 (the paper's unit point mass).
template <agent A>
[[nodiscard]] agent_scalar_t<A> mass(const A& a) noexcept {
    if constexpr (requires { { a.mass() } -> std::convertible_to<agent_scalar_t<A>>; })
        return static_cast<agent_scalar_t<A>>(a.mass());
    else
        return agent_scalar_t<A>(1);
}

/// The way the agent looks, a unit vector: its `facing()` when it has one, else `forward()`
/// (a character that looks where it goes).
template <agent A>
[[nodiscard]] agent_vector_t<A> facing(const A& a) noexcept {
    using V = agent_vector_t<A>;
    if constexpr (requires { { a.facing() } -> std::convertible_to<V>; })
        return static_cast<V>(a.facing());
    else
        return static_cast<V>(a.forward());
}

/// The fastest the agent's facing turns, radians per second: its `max_turn_rate()` when it
/// has one, else infinity (it turns at once).
template <agent A>
[[nodiscard]] agent_scalar_t<A> max_turn_rate(const A& a) noexcept {
    using S = agent_scalar_t<A>;
    if constexpr (requires { { a.max_turn_rate() } -> std::convertible_to<S>; })
        return static_cast<S>(a.max_turn_rate());
    else
        return std::numeric_limits<S>::infinity();
}

/// The agent's unit side axis: its `side()` when it has one, else derived from `forward()`
/// by the vehicle model's conventions (local_space.hpp): in 2D forward turned +90 degrees;
/// in 3D cross(forward, up), with `up()` when the agent has one and world +Y otherwise.
/// A fresh `vehicle` that has not turned since it was built has exactly this side.
template <agent A>
[[nodiscard]] agent_vector_t<A> side(const A& a) noexcept {
    using V = agent_vector_t<A>;
    if constexpr (requires { { a.side() } -> std::convertible_to<V>; }) {
        return static_cast<V>(a.side());
    } else if constexpr (dimension_v<V> == 2) {
        const V f = static_cast<V>(a.forward());
        return V(-f.y, f.x);
    } else {
        using S = scalar_t<V>;
        V hint(S(0), S(1), S(0));
        if constexpr (requires { { a.up() } -> std::convertible_to<V>; }) hint = static_cast<V>(a.up());
        return local_space<V>::from_unit_forward(V(S(0)), static_cast<V>(a.forward()), hint).side();
    }
}

/// The agent's unit up axis (3D): its `up()` when it has one, else cross(side, forward).
template <agent A>
    requires(dimension_v<agent_vector_t<A>> == 3)
[[nodiscard]] agent_vector_t<A> up(const A& a) noexcept {
    using V = agent_vector_t<A>;
    if constexpr (requires { { a.up() } -> std::convertible_to<V>; })
        return static_cast<V>(a.up());
    else
        return glm::cross(side(a), static_cast<V>(a.forward()));
}

/// The agent's local frame at its position: its own axes when it has `side()` (and `up()`
/// in 3D), else the frame derived from `forward()` as `steer::side` derives it.
template <agent A>
[[nodiscard]] local_space<agent_vector_t<A>> local_space_of(const A& a) noexcept {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    constexpr bool has_side = requires { { a.side() } -> std::convertible_to<V>; };
    constexpr bool has_up = requires { { a.up() } -> std::convertible_to<V>; };
    if constexpr (dimension_v<V> == 2) {
        return local_space<V>::from_axes(V(a.position()), V(a.forward()), side(a));
    } else if constexpr (has_side && has_up) {
        return local_space<V>::from_axes(V(a.position()), V(a.forward()), V(a.side()), V(a.up()));
    } else {
        const V hint = has_up ? up(a) : V(S(0), S(1), S(0));
        return local_space<V>::from_unit_forward(V(a.position()), V(a.forward()), hint);
    }
}

/// Where the agent will be in `t` seconds if it keeps its velocity: position + velocity * t.
template <agent A>
[[nodiscard]] agent_vector_t<A> predict_future_position(const A& a, agent_scalar_t<A> t) noexcept {
    using V = agent_vector_t<A>;
    return static_cast<V>(a.position()) + static_cast<V>(a.velocity()) * t;
}

namespace detail {

/// Whether agents of type `A` keep their limits valid themselves: `steer::vehicle` refuses
/// a negative or non-finite radius, max_speed or max_force when it is built or set, so the
/// behaviors need not check them again.
template <class A>
inline constexpr bool keeps_its_limits = false;
template <vector V>
inline constexpr bool keeps_its_limits<vehicle<V>> = true;

/// Reports the first of an agent's limits that is negative or not finite, as `where`.
template <class S>
STEER_DETAIL_COLD void refuse_limits(std::string_view where, S radius, S max_speed, S max_force,
                                     const source_location& caller) {
    const auto bad = [](S value) { return !(value >= S(0) && value <= std::numeric_limits<S>::max()); };
    if (bad(radius)) refuse(where, "a.radius()", ">= 0 and finite", radius, caller);
    else if (bad(max_speed)) refuse(where, "a.max_speed()", ">= 0 and finite", max_speed, caller);
    else refuse(where, "a.max_force()", ">= 0 and finite", max_force, caller);
}

/// Refuses, as `where`, an agent of the user's own type whose radius, max_speed or max_force
/// is negative or not finite, which `steer::vehicle` refuses when it is built: a check per
/// call (six comparisons), none for a `vehicle`, which keeps its limits valid itself.
template <agent A>
STEER_DETAIL_ALWAYS_INLINE inline void expect_limits(std::string_view where, const A& a,
                                                     const source_location& caller = source_location::current())
    noexcept(keeps_its_limits<A>) {
    if constexpr (!keeps_its_limits<A>) {
        using S = agent_scalar_t<A>;
        constexpr S most = std::numeric_limits<S>::max();
        const auto radius = static_cast<S>(a.radius());
        const auto max_speed = static_cast<S>(a.max_speed());
        const auto max_force = static_cast<S>(a.max_force());
        if (!(radius >= S(0) && radius <= most && max_speed >= S(0) && max_speed <= most && max_force >= S(0) &&
              max_force <= most)) [[unlikely]]
            refuse_limits(where, radius, max_speed, max_force, caller);
    }
}

/// An element of a range of others that points at an agent of vector type `V`: a raw or
/// smart pointer, an iterator, a `std::reference_wrapper`.
template <class E, class V>
concept agent_pointer_of = !agent<E> && requires(const E& e) {
    requires agent_of<std::remove_cvref_t<decltype(*e)>, V>;
};

/// `std::reference_wrapper<T>` for an agent T.
template <class E, class V>
concept agent_reference_wrapper_of = !agent<E> && !agent_pointer_of<E, V> && requires(const E& e) {
    requires agent_of<std::remove_cvref_t<decltype(e.get())>, V>;
};

/// An element of a range of others: an agent with vectors `V`, or something pointing at one.
template <class E, class V>
concept agent_or_pointer_of = agent_of<E, V> || agent_pointer_of<E, V> || agent_reference_wrapper_of<E, V>;

/// The agent an element of a range stands for, or null for a null pointer-like element.
/// The address is valid as long as the element is (the body of a range-for).
template <class V, class E>
[[nodiscard]] constexpr auto agent_address(const E& element) noexcept {
    if constexpr (agent_of<E, V>) {
        return &element;
    } else if constexpr (agent_reference_wrapper_of<E, V>) {
        return &element.get();
    } else {
        using target = std::remove_reference_t<decltype(*element)>;
        if constexpr (std::is_constructible_v<bool, const E&>) {
            if (!static_cast<bool>(element)) return static_cast<const target*>(nullptr);
        }
        return static_cast<const target*>(&*element);
    }
}

}  // namespace detail

}  // namespace steer

#endif  // STEER_AGENT_HPP
