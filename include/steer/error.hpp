#ifndef STEER_ERROR_HPP
#define STEER_ERROR_HPP

/// @file
/// The library's error policy for invalid configuration: `STEER_EXPECTS`.
///
/// By default a failed expectation throws `std::invalid_argument` whose `what()`
/// names the parameter and its value. Built without exceptions it prints the
/// message and the caller's file and line to stderr and aborts. Define
/// `STEER_EXPECTS(condition, message)` before including any steer header to route
/// failures to an engine's assert; `message` is then a `steer::refusal` (convertible to
/// `std::string`), evaluated only when the condition fails, which also holds the rule that
/// failed and the file and line of the call into the library that was refused.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#endif
#if defined(__cpp_lib_source_location)
#include <source_location>
#endif

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

// The compiler builtins `source_location::current` reads: the call site's file, function,
// line and column, when used in a default argument (std::source_location is built on the
// same; g++ has no column builtin before version 13).
#if defined(__has_builtin)
#if __has_builtin(__builtin_COLUMN)
#define STEER_DETAIL_COLUMN __builtin_COLUMN()
#endif
#endif
#if defined(__GNUC__) || defined(__clang__) || (defined(_MSC_VER) && _MSC_VER >= 1926)
#define STEER_DETAIL_FILE __builtin_FILE()
#define STEER_DETAIL_FUNCTION __builtin_FUNCTION()
#define STEER_DETAIL_LINE __builtin_LINE()
#if !defined(STEER_DETAIL_COLUMN) && defined(_MSC_VER)
#define STEER_DETAIL_COLUMN __builtin_COLUMN()
#endif
#else
#define STEER_DETAIL_FILE ""
#define STEER_DETAIL_FUNCTION ""
#define STEER_DETAIL_LINE 0
#endif
#ifndef STEER_DETAIL_COLUMN
#define STEER_DETAIL_COLUMN 0
#endif

namespace steer {

/// The most bytes one table sized by a parameter may take (`STEER_MAX_TABLE_BYTES`).
inline constexpr unsigned long long max_table_bytes = STEER_MAX_TABLE_BYTES;
static_assert(max_table_bytes >= 1, "STEER_MAX_TABLE_BYTES must be a positive number of bytes");

/// Where in the caller's code a call into the library was made: what a refusal reports.
/// It has `std::source_location`'s interface and is made the same way, by `current()` in a
/// default argument, so every public function that can refuse takes one last, defaulted to
/// its caller's place (pass your own to report a place of yours, e.g. a helper's caller).
/// It is the library's own type, not `std::source_location` itself, because clang 14 with
/// libstdc++ 12 has no `std::source_location` (it needs clang 15's builtin), and every
/// translation unit of a program must see one type.
class source_location {
public:
    /// No place: an empty file and function name, line 0.
    constexpr source_location() noexcept = default;
    /// The place where it is called, when called in a default argument: the call site.
    [[nodiscard]] static constexpr source_location current(const char* file = STEER_DETAIL_FILE,
                                                           const char* function = STEER_DETAIL_FUNCTION,
                                                           std::uint_least32_t line = STEER_DETAIL_LINE,
                                                           std::uint_least32_t column = STEER_DETAIL_COLUMN) noexcept {
        source_location here;
        here.file_ = file;
        here.function_ = function;
        here.line_ = line;
        here.column_ = column;
        return here;
    }
#if defined(__cpp_lib_source_location)
    /// The place a `std::source_location` names.
    constexpr source_location(const std::source_location& place) noexcept  // NOLINT: implicit on purpose
        : file_(place.file_name()), function_(place.function_name()), line_(place.line()), column_(place.column()) {}
#endif
    /// The source file's name, as the compiler saw it.
    [[nodiscard]] constexpr const char* file_name() const noexcept { return file_; }
    /// The enclosing function's name.
    [[nodiscard]] constexpr const char* function_name() const noexcept { return function_; }
    /// The line, from 1 (0: unknown).
    [[nodiscard]] constexpr std::uint_least32_t line() const noexcept { return line_; }
    /// The column, from 1 (0: unknown; g++ before 13 does not give it).
    [[nodiscard]] constexpr std::uint_least32_t column() const noexcept { return column_; }

private:
    const char* file_ = "";
    const char* function_ = "";
    std::uint_least32_t line_ = 0;
    std::uint_least32_t column_ = 0;
};

/// What a refused call hands to `STEER_EXPECTS` as its `message`: the message ("steer::arrival:
/// slowing_distance must be >= 0 and finite (got -1)"), the rule that failed
/// ("slowing_distance must be >= 0 and finite"), and where the caller called the library.
/// Convertible to `std::string` (the message), so a handler that takes a string keeps working.
class refusal {
public:
    /// A refusal with its message, its rule and the caller's place.
    refusal(std::string message, std::string condition, const source_location& caller)
        : message_(std::move(message)), condition_(std::move(condition)), caller_(caller) {}
    /// A refusal known only by its message (no rule, no place), so that a handler taking a
    /// `const refusal&` also takes a plain string.
    refusal(std::string message) : message_(std::move(message)) {}  // NOLINT: implicit on purpose
    /// The message: "<where>: <parameter> must be <requirement> (got <value>)".
    [[nodiscard]] const std::string& message() const noexcept { return message_; }
    /// The rule that failed, without the value: "<parameter> must be <requirement>".
    [[nodiscard]] const std::string& condition() const noexcept { return condition_; }
    /// Where in the caller's code the refused call was made (its file, line and function).
    [[nodiscard]] const source_location& location() const noexcept { return caller_; }
    /// The message.
    operator std::string() const { return message_; }  // NOLINT: implicit on purpose
    /// The message, as a C string.
    [[nodiscard]] const char* c_str() const noexcept { return message_.c_str(); }

private:
    std::string message_;
    std::string condition_;
    source_location caller_;
};

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

/// Reports a refusal: throws its message, or prints it and the caller's place and aborts
/// without exceptions.
[[noreturn]] inline void fail_expectation(const refusal& r) {
#if STEER_HAS_EXCEPTIONS
    throw std::invalid_argument(r.message());
#else
    std::fprintf(stderr, "steer: invalid argument: %s\n  called from %s:%lu (%s)\n", r.message().c_str(),
                 r.location().file_name(), static_cast<unsigned long>(r.location().line()),
                 r.location().function_name());
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

/// The hot-path policy's two values: what a function called every frame with per-frame
/// values (a steering force, a time step, a position; docs/errors.md, "Hot paths") does with
/// one that is not finite or out of range.
/// Refuse it through STEER_EXPECTS, like bad configuration: an exception by default.
#define STEER_HOT_PATH_REFUSE 0
/// Replace it by zero (or the neutral value the function documents), carry on, and report
/// the first such replacement of each kind through STEER_HOT_PATH_REPORT.
#define STEER_HOT_PATH_CLAMP 1

/// The hot-path policy: STEER_HOT_PATH_REFUSE (the default) or STEER_HOT_PATH_CLAMP. Define
/// it before including steer, the same in every translation unit of a program.
#ifndef STEER_HOT_PATH_POLICY
#define STEER_HOT_PATH_POLICY STEER_HOT_PATH_REFUSE
#endif
#if STEER_HOT_PATH_POLICY != STEER_HOT_PATH_REFUSE && STEER_HOT_PATH_POLICY != STEER_HOT_PATH_CLAMP
#error "steer: STEER_HOT_PATH_POLICY must be STEER_HOT_PATH_REFUSE (0) or STEER_HOT_PATH_CLAMP (1)"
#endif

#if defined(_MSC_VER)
// Two translation units built with different policies or limits would break the One
// Definition Rule silently; MSVC's linker can tell.
#if STEER_HOT_PATH_POLICY == STEER_HOT_PATH_CLAMP
#pragma detect_mismatch("steer_hot_path_policy", "clamp")
#else
#pragma detect_mismatch("steer_hot_path_policy", "refuse")
#endif
#define STEER_DETAIL_STRINGIZE2(x) #x
#define STEER_DETAIL_STRINGIZE(x) STEER_DETAIL_STRINGIZE2(x)
#pragma detect_mismatch("steer_max_table_bytes", STEER_DETAIL_STRINGIZE(STEER_MAX_TABLE_BYTES))
#endif

#if STEER_HOT_PATH_POLICY == STEER_HOT_PATH_CLAMP
#include <atomic>

namespace steer::detail {
/// The default STEER_HOT_PATH_REPORT: one line on stderr.
inline void print_hot_path_report(const std::string& message) {
    std::fprintf(stderr, "steer: replaced a bad value by zero (reported once): %s\n", message.c_str());
    std::fflush(stderr);
}

/// Whether the replacement of kind `Site` has been reported: the library's only static
/// state, present under the clamp policy alone. It never changes a result.
template <class Site>
inline std::atomic<bool> hot_path_reported{false};
}  // namespace steer::detail

#ifndef STEER_HOT_PATH_REPORT
/// Reports a bad value replaced on the hot path (the clamp policy): called once per kind of
/// replacement (function and parameter) per program run, with the message the refuse policy
/// would have refused it with. Define it before including steer to route it to your log;
/// `message` is a `const std::string&`. It may be called from any thread the library runs on.
#define STEER_HOT_PATH_REPORT(message) ::steer::detail::print_hot_path_report(message)
#endif
#endif

namespace steer::detail {

/// Whether the hot path replaces bad values (STEER_HOT_PATH_CLAMP) rather than refusing them.
inline constexpr bool hot_path_clamps = STEER_HOT_PATH_POLICY == STEER_HOT_PATH_CLAMP;

}  // namespace steer::detail

#ifndef STEER_EXPECTS
/// Checks a precondition on configuration; see the file comment for the policy.
#define STEER_EXPECTS(condition, message)                                  \
    do {                                                                   \
        if (!(condition)) [[unlikely]]                                     \
            ::steer::detail::fail_expectation(message);                    \
    } while (false)
#endif

namespace steer::detail {

/// The one place the library expands STEER_EXPECTS: reports `r` (the condition is false
/// here; what failed, and the caller's place, are in `r`). Out of line: called only when a
/// check fails.
#if defined(__GNUC__) || defined(__clang__)
[[gnu::cold]] [[gnu::noinline]]
#endif
inline void refuse_with(const refusal& r) {
    STEER_EXPECTS(false, r);
}

/// Refuses with `message`, the rule `condition` that failed, and the caller's place.
#if defined(__GNUC__) || defined(__clang__)
[[gnu::cold]] [[gnu::noinline]]
#endif
inline void refuse_with(std::string message, std::string condition, const source_location& caller) {
    refuse_with(refusal(std::move(message), std::move(condition), caller));
}

/// A bad value met on the hot path, described by `r` (the refusal's own words and the
/// caller's place), of the kind `Site` (a tag type per function and parameter). Under the
/// refuse policy it refuses through STEER_EXPECTS and, only if a custom STEER_EXPECTS
/// returns, answers false: go on with the value as given. Under the clamp policy it reports
/// the first fault of each kind through STEER_HOT_PATH_REPORT (the message, a
/// `const std::string&`) and answers true: replace the value by the neutral one. Called
/// only when a check fails, so it is kept out of line.
template <class Site>
#if defined(__GNUC__) || defined(__clang__)
[[gnu::cold]] [[gnu::noinline]]
#endif
bool hot_path_fault(const refusal& r) {
#if STEER_HOT_PATH_POLICY == STEER_HOT_PATH_CLAMP
    if (!hot_path_reported<Site>.exchange(true, std::memory_order_relaxed)) STEER_HOT_PATH_REPORT(r.message());
    return true;
#else
    refuse_with(r);
    return false;
#endif
}

}  // namespace steer::detail

#endif  // STEER_ERROR_HPP
