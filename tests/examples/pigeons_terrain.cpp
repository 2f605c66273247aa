// The pigeon example's meadow (examples/pigeons/terrain.hpp): its sine and cosine, and the
// ground it gives for one point and for a pack of points.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include <pigeons/terrain.hpp>

#include "test_util.hpp"

namespace {

using pigeons::vec3;
using lanes = steer::detail::simd::native_pack<float>;

}  // namespace

TEST_CASE("pigeons terrain: sine_cosine is within 3e-7 of the exact sine and cosine") {
    SUBCASE("at random, up to 10^5") {
        std::mt19937 gen(7);
        for (const float range : {2.0f, 10.0f, 1e3f, 1e5f}) {
            std::uniform_real_distribution<float> pick(-range, range);
            double worst = 0;
            for (int k = 0; k < 20000; ++k) {
                const float x = pick(gen);
                float s = 0, c = 0;
                pigeons::sine_cosine<pigeons::one_lane>(x, s, c);
                worst = std::max({worst, std::abs(static_cast<double>(s) - std::sin(static_cast<double>(x))),
                                  std::abs(static_cast<double>(c) - std::cos(static_cast<double>(x)))});
            }
            CAPTURE(range);
            CHECK(worst < 3e-7);
        }
    }
    SUBCASE("at the reduction's seams: multiples of pi/2") {
        for (int n = -2000; n <= 2000; ++n) {
            const auto x = static_cast<float>(n * std::numbers::pi / 2);
            float s = 0, c = 0;
            pigeons::sine_cosine<pigeons::one_lane>(x, s, c);
            CAPTURE(x);
            CHECK(std::abs(static_cast<double>(s) - std::sin(static_cast<double>(x))) < 3e-7);
            CHECK(std::abs(static_cast<double>(c) - std::cos(static_cast<double>(x))) < 3e-7);
        }
    }
}

TEST_CASE("pigeons terrain: sine_cosine stays finite and bounded for any input") {
    for (const float x : {1e6f, -1e6f, 3e38f, -3e38f, std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
        float s = 0, c = 0;
        pigeons::sine_cosine<pigeons::one_lane>(x, s, c);
        CAPTURE(x);
        CHECK(std::isfinite(s));
        CHECK(std::isfinite(c));
        CHECK(std::abs(s * s + c * c - 1) < 1e-6f);
    }
}

TEST_CASE("pigeons terrain: the lanes give the bits one lane gives") {
    std::mt19937 gen(3);
    std::uniform_real_distribution<float> pick(-3000.0f, 3000.0f);
    std::vector<float> xs(4000);
    for (float& x : xs) x = pick(gen);
    for (std::size_t first = 0; first < xs.size(); first += lanes::width) {
        float s[lanes::width], c[lanes::width];
        lanes::pack sp, cp;
        pigeons::sine_cosine<lanes>(lanes::load(xs.data() + first), sp, cp);
        std::memcpy(s, &sp, sizeof s);
        std::memcpy(c, &cp, sizeof c);
        for (std::size_t l = 0; l < lanes::width; ++l) {
            float one_s = 0, one_c = 0;
            pigeons::sine_cosine<pigeons::one_lane>(xs[first + l], one_s, one_c);
            CAPTURE(xs[first + l]);
            CHECK(s[l] == one_s);
            CHECK(c[l] == one_c);
        }
    }
}

TEST_CASE("pigeons terrain: the ground under many points is the ground under each, for any count") {
    const pigeons::terrain ground;
    std::mt19937 gen(5);
    std::uniform_real_distribution<float> pick(-600.0f, 600.0f);
    for (const std::size_t count : {std::size_t(0), std::size_t(1), std::size_t(3), std::size_t(5), std::size_t(64),
                                    std::size_t(67)}) {
        std::vector<float> x(count), z(count), height(count, -99.0f);
        std::vector<vec3> normal(count, vec3(-99.0f));
        for (std::size_t i = 0; i < count; ++i) {
            x[i] = pick(gen);
            z[i] = pick(gen);
        }
        ground.at(x, z, height, normal);
        for (std::size_t i = 0; i < count; ++i) {
            const pigeons::terrain::point one = ground.at(x[i], z[i]);
            CAPTURE(count);
            CAPTURE(i);
            CHECK(height[i] == one.height);
            CHECK(normal[i] == one.normal);
        }
    }
}

TEST_CASE("pigeons terrain: the normal is the unit normal of the height field") {
    const pigeons::terrain ground;
    std::mt19937 gen(9);
    std::uniform_real_distribution<float> pick(-100.0f, 100.0f);
    for (int k = 0; k < 500; ++k) {
        const float x = pick(gen), z = pick(gen);
        const vec3 n = ground.normal(x, z);
        CHECK(std::abs(glm::length(n) - 1.0f) < 1e-6f);
        CHECK(n.y > 0.0f);
        // Central differences in double precision: the slopes of the height field.
        const auto h = [&](double px, double pz) {
            return static_cast<double>(ground.height(static_cast<float>(px), static_cast<float>(pz)));
        };
        const double step = 0.05;
        const double px = static_cast<double>(x), pz = static_cast<double>(z);
        const double dx = (h(px + step, pz) - h(px - step, pz)) / (2 * step);
        const double dz = (h(px, pz + step) - h(px, pz - step)) / (2 * step);
        const glm::dvec3 expected = glm::normalize(glm::dvec3(-dx, 1, -dz));
        CAPTURE(x);
        CAPTURE(z);
        CHECK(std::abs(static_cast<double>(n.x) - expected.x) < 1e-3);
        CHECK(std::abs(static_cast<double>(n.z) - expected.z) < 1e-3);
    }
    CHECK(ground.below({3.0f, 7.0f, -4.0f}).y == ground.height(3.0f, -4.0f));
    CHECK(ground.altitude({3.0f, 7.0f, -4.0f}) == 7.0f - ground.height(3.0f, -4.0f));
}
