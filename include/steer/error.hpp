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

namespace steer::detail {

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
