// The pigeon example's meadow (examples/pigeons/terrain.hpp): its sine-like wave, and the
// ground's heights and normals.

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <random>

#include <pigeons/terrain.hpp>

#include "test_util.hpp"

namespace {

using pigeons::vec3;

}  // namespace

TEST_CASE("pigeons terrain: the wave is a sine of period 1 in arches of parabolas, within 0.06") {
    float slope = 0;
    CHECK(pigeons::terrain::wave(0.0f, slope) == 0.0f);
    CHECK(slope == 8.0f);
    CHECK(pigeons::terrain::wave(0.25f, slope) == 1.0f);
    CHECK(slope == 0.0f);
    CHECK(pigeons::terrain::wave(0.5f, slope) == 0.0f);
    CHECK(slope == -8.0f);
    CHECK(pigeons::terrain::wave(0.75f, slope) == -1.0f);
    CHECK(pigeons::terrain::wave(-0.25f, slope) == -1.0f);
    std::mt19937 gen(7);
    std::uniform_real_distribution<float> pick(-50.0f, 50.0f);
    double worst = 0;
    for (int k = 0; k < 20000; ++k) {
        const float t = pick(gen);
        const double exact = std::sin(2 * std::numbers::pi * static_cast<double>(t));
        worst = std::max(worst, std::abs(static_cast<double>(pigeons::terrain::wave(t, slope)) - exact));
        CHECK(std::abs(slope) <= 8.0f);
    }
    MESSAGE("largest distance from the sine: " << worst);
    CHECK(worst < 0.06);
}

TEST_CASE("pigeons terrain: the wave's value and slope are continuous, and the slope is its derivative") {
    // Across the arches' seams (t = 0 and 1/2) and anywhere else: central differences.
    for (const double t : {-1.0, -0.5, 0.0, 0.5, 1.0, 0.1, 0.3, 0.62, 0.9}) {
        const double h = 1e-3;
        float before_slope = 0, after_slope = 0, slope = 0;
        const auto before = static_cast<double>(pigeons::terrain::wave(static_cast<float>(t - h), before_slope));
        const auto after = static_cast<double>(pigeons::terrain::wave(static_cast<float>(t + h), after_slope));
        (void)pigeons::terrain::wave(static_cast<float>(t), slope);
        CAPTURE(t);
        CHECK(std::abs((after - before) / (2 * h) - static_cast<double>(slope)) < 0.04);
        CHECK(std::abs(static_cast<double>(after_slope - before_slope)) < 0.1);  // 32 * 2h at most
    }
}

TEST_CASE("pigeons terrain: the normal is the unit normal of the height field") {
    const pigeons::terrain ground;
    std::mt19937 gen(9);
    std::uniform_real_distribution<float> pick(-100.0f, 100.0f);
    for (int k = 0; k < 2000; ++k) {
        const float x = pick(gen), z = pick(gen);
        const vec3 n = ground.normal(x, z);
        CHECK(std::abs(glm::length(n) - 1.0f) < 1e-6f);
        CHECK(n.y > 0.0f);
        CHECK(std::abs(ground.height(x, z)) <= ground.amplitude);
        // Central differences in double precision: the slopes of the height field.
        const auto h = [&](double px, double pz) {
            return static_cast<double>(ground.height(static_cast<float>(px), static_cast<float>(pz)));
        };
        const double step = 0.01;
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

TEST_CASE("pigeons terrain: the air above the ground is a region for containment") {
    const pigeons::terrain ground;
    const pigeons::air_above air{&ground, 1.0f};
    const float floor = ground.height(2.0f, 5.0f) + 1.0f;
    CHECK(contains(air, vec3(2.0f, floor + 0.01f, 5.0f)));
    CHECK_FALSE(contains(air, vec3(2.0f, floor - 0.01f, 5.0f)));
    CHECK(nearest_inside(air, vec3(2.0f, floor - 3.0f, 5.0f)) == vec3(2.0f, floor, 5.0f));
    CHECK(nearest_inside(air, vec3(2.0f, floor + 3.0f, 5.0f)) == vec3(2.0f, floor + 3.0f, 5.0f));
}
