#ifndef STEER_DETAIL_RANGES_HPP
#define STEER_DETAIL_RANGES_HPP

/// @file
/// The few range concepts and aliases the library's signatures need, with the meaning of
/// their std::ranges namesakes, built on `<iterator>` (which the standard says provides
/// std::ranges::begin, end, size and data, and the iterator concepts). `<ranges>` itself adds
/// the views and their machinery, which no library header uses, to every includer's build.
/// libc++ up to at least 13 (emscripten's) declares std::ranges::size and data only in
/// `<ranges>`: there it is included.

#include <concepts>
#include <iterator>
#if defined(_LIBCPP_VERSION)
#include <ranges>
#endif
#include <type_traits>
#include <utility>

namespace steer::detail {

/// The iterator type of `R`, as std::ranges::iterator_t.
template <class R>
using iterator_t = decltype(std::ranges::begin(std::declval<R&>()));

/// As std::ranges::range: `begin` and `end` work on an lvalue `R`.
template <class R>
concept range = requires(R& r) {
    std::ranges::begin(r);
    std::ranges::end(r);
};

/// As std::ranges::input_range.
template <class R>
concept input_range = range<R> && std::input_iterator<iterator_t<R>>;

/// As std::ranges::random_access_range.
template <class R>
concept random_access_range = range<R> && std::random_access_iterator<iterator_t<R>>;

/// As std::ranges::sized_range.
template <class R>
concept sized_range = range<R> && requires(R& r) { std::ranges::size(r); };

/// As std::ranges::contiguous_range.
template <class R>
concept contiguous_range = random_access_range<R> && std::contiguous_iterator<iterator_t<R>> &&
    requires(R& r) {
        { std::ranges::data(r) } -> std::same_as<std::add_pointer_t<std::iter_reference_t<iterator_t<R>>>>;
    };

/// As std::ranges::range_value_t.
template <range R>
using range_value_t = std::iter_value_t<iterator_t<R>>;

/// As std::ranges::range_reference_t.
template <range R>
using range_reference_t = std::iter_reference_t<iterator_t<R>>;

/// As std::ranges::range_difference_t.
template <range R>
using range_difference_t = std::iter_difference_t<iterator_t<R>>;

}  // namespace steer::detail

#endif  // STEER_DETAIL_RANGES_HPP
