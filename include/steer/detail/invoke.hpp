#ifndef STEER_DETAIL_INVOKE_HPP
#define STEER_DETAIL_INVOKE_HPP

/// @file
/// `std::invoke` and `std::identity` for the few callables the library calls (projections,
/// filters, stored terms), without `<functional>`: that header alone costs about as much to
/// compile as glm, and every user of `steer.hpp` would pay for it.

#include <type_traits>
#include <utility>

namespace steer::detail {

/// Calls `f(args...)`, or reads the member `f` points to from the first argument (a
/// projection such as `&bird::body`), as `std::invoke` does for these two cases.
template <class F, class First, class... Rest>
constexpr decltype(auto) invoke(F&& f, First&& first, Rest&&... rest) {
    if constexpr (std::is_member_object_pointer_v<std::remove_cvref_t<F>> && sizeof...(Rest) == 0) {
        if constexpr (std::is_pointer_v<std::remove_cvref_t<First>>)
            return ((*first).*f);
        else
            return (std::forward<First>(first).*f);
    } else {
        return std::forward<F>(f)(std::forward<First>(first), std::forward<Rest>(rest)...);
    }
}

/// Returns its argument unchanged, as `std::identity`: the default projection.
struct identity {
    template <class T>
    constexpr T&& operator()(T&& t) const noexcept {
        return std::forward<T>(t);
    }
};

}  // namespace steer::detail

#endif  // STEER_DETAIL_INVOKE_HPP
