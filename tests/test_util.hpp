#ifndef STEER_TESTS_TEST_UTIL_HPP
#define STEER_TESTS_TEST_UTIL_HPP

// Shared test helpers: printing glm vectors in failures, tolerances, and small scenarios.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <doctest/doctest.h>
#include <glm/geometric.hpp>

#include <steer/math.hpp>
#include <steer/vector.hpp>
#include <steer/vehicle.hpp>

#include "refusal_of.hpp"

namespace doctest {
/// Prints glm vectors in failure messages: "vec2(1.0, 0.0)".
template <glm::length_t L, class T, glm::qualifier Q>
struct StringMaker<glm::vec<L, T, Q>> {
    static String convert(const glm::vec<L, T, Q>& v) {
        std::ostringstream out;
        out.precision(std::is_same_v<T, float> ? 9 : 17);
        out << (std::is_same_v<T, double> ? "dvec" : "vec") << L << "(";
        for (glm::length_t i = 0; i < L; ++i) out << (i ? ", " : "") << v[i];
        out << ")";
        return out.str().c_str();
    }
};
}  // namespace doctest

namespace steer::test {

/// 1 in a build with a sanitizer that reserves address space or watches threads (ASan,
/// TSan, MSan): tests that cap the address space skip themselves there.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define STEER_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define STEER_TEST_SANITIZED 1
#endif
#endif
#ifndef STEER_TEST_SANITIZED
#define STEER_TEST_SANITIZED 0
#endif

/// How many rounds (seeds, steps) a slow randomized test runs: `full` where the heavy tests
/// are compiled in (STEER_TEST_HEAVY: optimized builds, g++'s in CI), a quarter of it, at
/// least 1, where they are not (the sanitizer builds, and the emulated aarch64 and wasm32
/// runs): the same property checked on fewer cases. Under AddressSanitizer at -O0 the full
/// rounds of the four slowest took a third of the unit tests' time.
#ifndef STEER_TEST_HEAVY
#define STEER_TEST_HEAVY 0
#endif
constexpr int rounds(int full) { return STEER_TEST_HEAVY ? full : std::max(1, full / 4); }

/// Set by the ThreadSanitizer build (tests/threads): the crowd tier's test files
/// (crowd.cpp, flock.cpp) compile only their cases that step on threads, which they keep
/// at their ends. Compiled whole, they took 94 s of that build's compiler time; so, 56.
#ifndef STEER_TEST_THREADS_ONLY
#define STEER_TEST_THREADS_ONLY 0
#endif

/// Whether this build can start threads. A wasm32 build without pthreads cannot (a game in
/// the browser often ships so): there, the tests of the thread pool are skipped and the
/// others run their serial parts only.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool threads_available = false;
#else
inline constexpr bool threads_available = true;
#endif

/// Builds a vector of either dimension from 2D or 3D components (z ignored in 2D), each of
/// any arithmetic type (converted straight to the vector's scalar).
template <steer::vector V, class X, class Y, class Z = double>
V make(X x, Y y, Z z = 0) {
    using S = steer::scalar_t<V>;
    if constexpr (steer::dimension_v<V> == 2) {
        (void)z;
        return V(static_cast<S>(x), static_cast<S>(y));
    } else {
        return V(static_cast<S>(x), static_cast<S>(y), static_cast<S>(z));
    }
}

/// A tolerance suited to the scalar type.
template <steer::vector V>
constexpr double tolerance() {
    return std::is_same_v<steer::scalar_t<V>, float> ? 1e-4 : 1e-10;
}

/// Whether two vectors agree within an absolute tolerance per component.
template <steer::vector V>
bool near(const V& a, const V& b, double eps = tolerance<V>()) {
    for (int i = 0; i < steer::dimension_v<V>; ++i)
        if (std::abs(static_cast<double>(a[i]) - static_cast<double>(b[i])) > eps) return false;
    return true;
}

/// Bitwise equality of two vectors (same bits, not just same value).
template <steer::vector V>
bool same_bits(const V& a, const V& b) {
    for (int i = 0; i < steer::dimension_v<V>; ++i)
        if (std::memcmp(&a[i], &b[i], sizeof(a[i])) != 0) return false;
    return true;
}

/// |a - b| <= 1e-4 max(|b|, 1) for float, 1e-9 for double: results summed in another
/// order (the batched crowd's neighbors, a flock's lanes) than the reference.
template <steer::vector V>
bool close_relative(const V& a, const V& b) {
    const double tolerance = std::is_same_v<steer::scalar_t<V>, float> ? 1e-4 : 1e-9;
    const double scale = std::max(1.0, static_cast<double>(glm::length(b)));
    return static_cast<double>(glm::length(a - b)) <= tolerance * scale;
}

/// Everything the vehicle model keeps, compared with `same` (bitwise by default).
template <steer::vector V, class Same = bool (*)(const V&, const V&)>
bool same_state(const steer::vehicle<V>& a, const steer::vehicle<V>& b, Same same = &same_bits<V>) {
    bool all = same(a.position(), b.position()) && same(a.velocity(), b.velocity()) &&
               same(a.forward(), b.forward()) && same(a.side(), b.side()) &&
               same(a.acceleration(), b.acceleration());
    if constexpr (steer::dimension_v<V> == 3) all = all && same(a.up(), b.up());
    return all;
}

/// Whether this build may fuse a multiplication and an addition into one rounding (x86
/// with FMA enabled, as -march=native does; AArch64, where GCC contracts by default), which
/// a deterministic build forbids (-ffp-contract=off). Code that does the same arithmetic in
/// scalars and in SIMD lanes may then round differently.
inline constexpr bool may_fuse_multiply_add =
#if !STEER_DETERMINISTIC && (defined(__FMA__) || defined(__aarch64__) || defined(__ARM_FEATURE_FMA))
    true;
#else
    false;
#endif

/// Bitwise equality; in a build that may fuse multiply-adds, agreement within tolerance.
template <steer::vector V>
bool same_bits_unless_fused(const V& a, const V& b) {
    return may_fuse_multiply_add ? near(a, b) : same_bits(a, b);
}

/// The angle between two directions, radians in [0, pi].
template <class V>
double angle_between(const V& a, const V& b) {
    const double c = static_cast<double>(glm::dot(steer::safe_normalize(a), steer::safe_normalize(b)));
    return std::acos(std::clamp(c, -1.0, 1.0));
}

}  // namespace steer::test

// Test names must not contain square brackets or semicolons: doctest_discover_tests splits on them.

// The vector types every template test runs over.
#define STEER_TEST_VECTORS glm::vec2, glm::vec3, glm::dvec3
#define STEER_TEST_VECTORS_ALL glm::vec2, glm::dvec2, glm::vec3, glm::dvec3

#endif  // STEER_TESTS_TEST_UTIL_HPP
