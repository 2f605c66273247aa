#ifndef STEER_ERROR_HPP
#define STEER_ERROR_HPP

/// @file
/// The library's error policy for invalid configuration: `STEER_EXPECTS`.
///
/// By default a failed expectation throws `std::invalid_argument` whose `what()`
/// names the parameter and its value. Built without exceptions it prints the
/// message to stderr and aborts. Define `STEER_EXPECTS(condition, message)`
/// before including any steer header to route failures to an engine's assert;
/// `message` is then an expression convertible to `std::string`, evaluated only
/// when the condition fails.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#include <stdexcept>
#define STEER_HAS_EXCEPTIONS 1
#else
#define STEER_HAS_EXCEPTIONS 0
#endif

/// The most bytes one table sized by a parameter may take: a `bin_lattice`'s bins, a
/// `flow_field`'s cells, a `reserve(n)`. A larger request is refused by name
/// (STEER_EXPECTS) before anything is allocated, instead of failing later with a bare
/// `std::bad_alloc` (or succeeding in virtual memory and failing on first touch). The default
/// is 1 GiB; define it before including steer to change it (the same value in every
/// translation unit).
#ifndef STEER_MAX_TABLE_BYTES
#define STEER_MAX_TABLE_BYTES 1073741824
#endif

namespace steer {

/// The most bytes one table sized by a parameter may take (`STEER_MAX_TABLE_BYTES`).
inline constexpr unsigned long long max_table_bytes = STEER_MAX_TABLE_BYTES;
static_assert(max_table_bytes >= 1, "STEER_MAX_TABLE_BYTES must be a positive number of bytes");

}  // namespace steer

namespace steer::detail {

/// How many elements of `bytes_each` bytes fit in `max_table_bytes`, and at most `cap`.
[[nodiscard]] constexpr unsigned long long table_capacity(unsigned long long bytes_each,
                                                          unsigned long long cap) noexcept {
    const unsigned long long fit = max_table_bytes / bytes_each;
    return fit < cap ? fit : cap;
}

/// Reports a refused configuration: throws, or prints and aborts without exceptions.
[[noreturn]] inline void fail_expectation(const std::string& message) {
#if STEER_HAS_EXCEPTIONS
    throw std::invalid_argument(message);
#else
    std::fprintf(stderr, "steer: invalid argument: %s\n", message.c_str());
    std::fflush(stderr);
    std::abort();
#endif
}

/// Formats a number the way messages show it: shortest round-trip-ish `%g`.
template <class T>
[[nodiscard]] std::string format_value(T value) {
    char buffer[64];
    if constexpr (std::is_floating_point_v<T>) {
        std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(value));
    } else if constexpr (std::is_signed_v<T>) {
        std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
    } else {
        std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(value));
    }
    return buffer;
}

/// "<where>: <parameter> must be <requirement> (got <value>)".
template <class T>
[[nodiscard]] std::string describe(std::string_view where, std::string_view parameter,
                                   std::string_view requirement, T value) {
    std::string message;
    message.reserve(96);
    message.append(where).append(": ").append(parameter).append(" must be ");
    message.append(requirement).append(" (got ").append(format_value(value)).append(")");
    return message;
}

}  // namespace steer::detail

#ifndef STEER_EXPECTS
/// Checks a precondition on configuration; see the file comment for the policy.
#define STEER_EXPECTS(condition, message)                                  \
    do {                                                                   \
        if (!(condition)) [[unlikely]]                                     \
            ::steer::detail::fail_expectation(std::string(message));       \
    } while (false)
#endif

#endif  // STEER_ERROR_HPP
