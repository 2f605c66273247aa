#include <cmath>
#include <random>

#include <doctest/doctest.h>

#include <steer/random.hpp>

#include "test_util.hpp"

TEST_CASE("rng is seedable, copyable and deterministic") {
    steer::rng a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i) CHECK(a() == b());
    steer::rng fork = a;
    CHECK(fork() == a());
    CHECK(steer::rng(42)() != c());
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
