#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include <doctest/doctest.h>

#include <glm/vec4.hpp>

#include <steer/math.hpp>

#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("truncate shortens only what is too long", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    CHECK(steer::truncate(make<V>(3, 4, 0), S(10)) == make<V>(3, 4, 0));
    CHECK(near(steer::truncate(make<V>(3, 4, 0), S(1)), make<V>(0.6, 0.8, 0)));
    CHECK(steer::truncate(make<V>(3, 4, 0), S(0)) == V(S(0)));
    // Zero, and a vector too short for its square: kept, under any limit.
    CHECK(steer::truncate(V(S(0)), S(0)) == V(S(0)));
    CHECK(std::signbit(steer::truncate(V(-S(0)), S(1))[0]));
    const S short_one = std::numeric_limits<S>::denorm_min() * S(4);
    CHECK(steer::truncate(make<V>(short_one, 0, 0), S(1)) == make<V>(short_one, 0, 0));
    CHECK(steer::truncate(make<V>(short_one, 0, 0), S(0)) == V(S(0)));
    const S huge = std::numeric_limits<S>::max() / S(2);
    const V truncated = steer::truncate(make<V>(huge, huge, 0), S(2));  // the squared length overflows
    CHECK(near(truncated, make<V>(std::sqrt(2.0), std::sqrt(2.0), 0), 1e-3));
    CHECK(steer::truncate(V(std::numeric_limits<S>::quiet_NaN()), S(1)) == V(S(0)));
    // Found by the behavior fuzzer: a huge limit whose square overflows must still truncate.
    const S big = std::numeric_limits<S>::max() / S(8);
    CHECK(near(steer::truncate(make<V>(big, 0, 0), big / S(4)) / big, make<V>(0.25, 0, 0), 1e-5));
    // And a denormal limit still bounds the length.
    const S tiny_limit = std::numeric_limits<S>::denorm_min() * S(64);
    CHECK(steer::safe_length(steer::truncate(make<V>(1, 1, 0), tiny_limit)) <= tiny_limit * S(1.01));
}

TEST_CASE_TEMPLATE("truncate to a limit thousands of times below the smallest normal number per unit of length "
                   "stays within rounding of the limit",
                   V, STEER_TEST_VECTORS_ALL) {
    // Found by the behavior fuzzer (through alignment): limit / length was a denormal number,
    // a few bits wide, and the vector times it came out up to 1.5e-4 too long.
    using S = steer::scalar_t<V>;
    const S least = std::numeric_limits<S>::min();
    const S length = std::is_same_v<S, float> ? S(1740.61) : S(1e12);  // ratios down to 1e-42 and 1e-320
    double worst = 0;
    for (int i = 0; i < 64; ++i) {
        const S limit = least * S(1 + i % 5);
        const V v = make<V>(0.5, 0.5 - 0.03 * i, 0.5) * length;
        worst = std::max(worst, static_cast<double>(steer::safe_length(steer::truncate(v, limit))) /
                                    static_cast<double>(limit));
    }
    CHECK(worst <= 1 + 1e-6);
}

TEST_CASE_TEMPLATE("safe_normalize gives a unit vector or zero, never NaN", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    CHECK(near(steer::safe_normalize(make<V>(0, 5, 0)), make<V>(0, 1, 0)));
    CHECK(steer::safe_normalize(V(S(0))) == V(S(0)));
    const S denormal = std::numeric_limits<S>::denorm_min();
    CHECK(steer::safe_normalize(V(denormal)) == V(S(0)));
    const S tiny = std::numeric_limits<S>::min() * S(8);  // normal, but its square underflows
    CHECK(near(steer::safe_normalize(make<V>(tiny, 0, 0)), make<V>(1, 0, 0)));
    const S huge = std::numeric_limits<S>::max();
    CHECK(near(steer::safe_normalize(make<V>(huge, huge, 0)), make<V>(std::sqrt(0.5), std::sqrt(0.5), 0)));
    CHECK(steer::safe_normalize(V(std::numeric_limits<S>::infinity())) == V(S(0)));
    CHECK(steer::safe_normalize(V(std::numeric_limits<S>::quiet_NaN())) == V(S(0)));
}

TEST_CASE_TEMPLATE("safe_length agrees with glm and survives overflow", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    CHECK(static_cast<double>(steer::safe_length(make<V>(3, 4, 0))) == doctest::Approx(5));
    const S huge = std::numeric_limits<S>::max() / S(2);
    CHECK(static_cast<double>(steer::safe_length(make<V>(huge, 0, 0))) == doctest::Approx(static_cast<double>(huge)));
    CHECK(steer::safe_length(V(S(0))) == S(0));
}

TEST_CASE_TEMPLATE("parallel and perpendicular components add back up", V, STEER_TEST_VECTORS_ALL) {
    const V v = make<V>(2, 3, -1);
    const V basis = make<V>(0, 1, 0);
    CHECK(near(steer::parallel_component(v, basis), make<V>(0, 3, 0)));
    CHECK(near(steer::perpendicular_component(v, basis), make<V>(2, 0, -1)));
    CHECK(near(steer::parallel_component(v, basis) + steer::perpendicular_component(v, basis), v));
}

TEST_CASE_TEMPLATE("length_squared and is_finite", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    CHECK(steer::length_squared(make<V>(1, 2, 0)) == S(5));
    CHECK(steer::is_finite(make<V>(1, 2, 3)));
    CHECK_FALSE(steer::is_finite(make<V>(1, std::numeric_limits<double>::infinity(), 0)));
}

// The concept rejects what the library cannot steer with.
static_assert(steer::vector<glm::vec2> && steer::vector<glm::dvec3>);
static_assert(!steer::vector<glm::ivec2> && !steer::vector<glm::vec4> && !steer::vector<float>);
static_assert(steer::dimension_v<glm::vec3> == 3 && std::is_same_v<steer::scalar_t<glm::dvec2>, double>);
