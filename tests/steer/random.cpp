#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include <doctest/doctest.h>
#include <glm/vec2.hpp>

#include <steer/random.hpp>

#include "test_util.hpp"

TEST_CASE("rng is seedable, copyable and deterministic") {
    steer::rng a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i) CHECK(a() == b());
    steer::rng fork = a;
    CHECK(fork() == a());
    CHECK(steer::rng(42)() != c());
}

namespace {

/// Pairs of draws scaled by sizes the compiler cannot see, each pair one point of a vector
/// (as the playground's scatter draws them): the pattern that clang 14 for wasm with
/// -msimd128 paired into one i64x2 multiplication whose first lane it read from the
/// generator after the second draw's update, so the first draw gave the third draw's bits
/// (docs/determinism.md).
[[gnu::noinline]] std::vector<glm::dvec2> draw_pairs(steer::rng& gen, int count, double width, double height) {
    std::vector<glm::dvec2> points;
    for (int i = 0; i < count; ++i) {
        const double x = steer::uniform(gen, -width / 2, width / 2);
        const double y = steer::uniform(gen, -height / 2, height / 2);
        points.emplace_back(x, y);
    }
    return points;
}

}  // namespace

TEST_CASE("rng: the first draws of seed 1 have the same bits on every platform, drawn alone or in pairs") {
    constexpr std::uint64_t first[6] = {0xb3f2af6d0fc710c5, 0x853b559647364cea, 0x92f89756082a4514,
                                        0x642e1c7bc266a3a7, 0xb27a48e29a233673, 0x24c123126ffda722};
    steer::rng gen(1);
    for (const std::uint64_t bits : first) CHECK(gen() == bits);
    volatile int count = 3;  // read at run time: the loop is neither unrolled nor folded
    volatile double width = 20, height = 16;
    steer::rng paired(1);
    const std::vector<glm::dvec2> points = draw_pairs(paired, count, width, height);
    REQUIRE(points.size() == 3);
    for (int i = 0; i < 6; ++i) {
        CAPTURE(i);
        const double size = i % 2 == 0 ? 20.0 : 16.0;
        CHECK(points[static_cast<std::size_t>(i / 2)][i % 2] ==
              -size / 2 + size * (static_cast<double>(first[i] >> 11) * 0x1p-53));
    }
    CHECK(paired == gen);  // six draws each
}

TEST_CASE("uniform01 stays below 1 and at or above 0, with mean one half") {
    steer::rng gen(1);
    double sum = 0;
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
        const float f = steer::uniform01<float>(gen);
        const double d = steer::uniform01<double>(gen);
        REQUIRE(f >= 0.0f);
        REQUIRE(f < 1.0f);
        REQUIRE(d >= 0.0);
        REQUIRE(d < 1.0);
        sum += d;
    }
    CHECK(sum / n == doctest::Approx(0.5).epsilon(0.01));
    std::mt19937 other(5);  // a 32-bit standard generator works too
    const double x = steer::uniform01<double>(other);
    CHECK((x >= 0.0 && x < 1.0));
}

namespace {
/// A generator of 8 bits per call (0 to 255), or always its largest value when `stuck`.
struct byte_generator {
    using result_type = unsigned;
    steer::rng bits{3};
    bool stuck = false;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return 255; }
    result_type operator()() { return stuck ? max() : static_cast<result_type>(bits() >> 56); }
};
}  // namespace

TEST_CASE("uniform01 fills the mantissa from a narrow generator and stays below 1") {
    static_assert(std::uniform_random_bit_generator<byte_generator>);
    byte_generator gen;
    double sum = 0;
    bool finer_than_a_byte = false;
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const double d = steer::uniform01<double>(gen);
        REQUIRE(d >= 0.0);
        REQUIRE(d < 1.0);
        sum += d;
        finer_than_a_byte = finer_than_a_byte || d * 256 != std::floor(d * 256);
    }
    CHECK(sum / n == doctest::Approx(0.5).epsilon(0.02));
    CHECK(finer_than_a_byte);
    gen.stuck = true;  // every call at its maximum: the exact sum rounds to 1, which is refused
    CHECK(steer::uniform01<double>(gen) < 1.0);
    CHECK(steer::uniform01<float>(gen) < 1.0f);
}

TEST_CASE_TEMPLATE("random unit vectors are unit length and centred", V, STEER_TEST_VECTORS_ALL) {
    steer::rng gen(9);
    V sum(0);
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const V u = steer::random_unit_vector<V>(gen);
        REQUIRE(std::abs(static_cast<double>(glm::length(u)) - 1.0) < 1e-5);
        sum += u;
        const V b = steer::random_vector_in_unit_ball<V>(gen);
        REQUIRE(static_cast<double>(glm::length(b)) <= 1.0 + 1e-6);
    }
    CHECK(static_cast<double>(glm::length(sum)) / n < 0.02);
}
