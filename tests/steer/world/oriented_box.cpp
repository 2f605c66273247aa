#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/oriented_box.hpp>

#include "shape_oracle.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

// A box turned by a random rotation, with random half extents.
template <class V>
steer::oriented_box<V> random_oriented_box(steer::rng& gen) {
    using S = steer::scalar_t<V>;
    V half;
    for (int i = 0; i < steer::dimension_v<V>; ++i) half[i] = steer::uniform<S>(gen, S(0.3), S(3));
    const V center = steer::random_vector_in_unit_ball<V>(gen) * S(5);
    if constexpr (steer::dimension_v<V> == 2) {
        return steer::oriented_box<V>::turned(center, half, steer::uniform<S>(gen, S(0), S(6.3)));
    } else {
        const V x = steer::random_unit_vector<V>(gen);
        const V y = steer::safe_normalize(glm::cross(x, steer::random_unit_vector<V>(gen)));
        return {center, half, {x, y, glm::cross(x, y)}};
    }
}

}  // namespace

TEST_CASE_TEMPLATE("an oriented box refuses flat or negative sizes, axes that are not orthonormal, and non-finite members",
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(30);
    const auto good = random_oriented_box<V>(gen);
    CHECK_NOTHROW(validate(good));
    auto flat = good;
    flat.half_extents[1] = S(0);
    CHECK(steer::test::refusal_of([&] { validate(flat); }).find("steer::oriented_box: half_extents must be > 0 on every axis") == 0);
    auto skewed = good;
    skewed.axes[1] = steer::safe_normalize(skewed.axes[1] + skewed.axes[0] * S(0.1));
    CHECK(steer::test::refusal_of([&] { validate(skewed); }).find("steer::oriented_box: axes must be orthonormal") == 0);
    auto stretched = good;
    stretched.axes[0] *= S(2);
    CHECK_THROWS_AS(validate(stretched), std::invalid_argument);
    auto lost = good;
    lost.center[0] = std::numeric_limits<S>::quiet_NaN();
    CHECK(steer::test::refusal_of([&] { validate(lost); }).find("steer::oriented_box: center must be finite") == 0);
}

TEST_CASE_TEMPLATE("an oriented box's queries agree with brute-force geometry", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(31);
    for (int shape = 0; shape < 15; ++shape) {
        const auto b = random_oriented_box<V>(gen);
        const double step = 0.04;
        const auto to_world = [&](const V& local) {
            V world = b.center;
            for (int i = 0; i < steer::dimension_v<V>; ++i) world += b.axes[static_cast<std::size_t>(i)] * local[i];
            return world;
        };
        const auto surface = steer::test::sample_box_surface(b.half_extents, step, to_world);
        const S size = glm::length(b.half_extents);
        for (int query = 0; query < 10; ++query) {
            const V p = b.center + steer::random_vector_in_unit_ball<V>(gen) * (S(2) * size);
            // Inside oracle: the point's coordinates along the axes, by dot products.
            const auto inside = [&](const V& x) {
                for (int i = 0; i < steer::dimension_v<V>; ++i)
                    if (std::abs(glm::dot(x - b.center, b.axes[static_cast<std::size_t>(i)])) > b.half_extents[i]) return false;
                return true;
            };
            steer::test::check_distance_queries(b, surface, step, p, inside);
            CHECK(contains(b, p) == inside(p));
            const V kept = nearest_inside(b, p);
            CHECK(signed_distance(b, kept) <= S(steer::test::geometry_tolerance<V>()));
            if (!inside(p)) CHECK(std::abs(double(glm::distance(kept, p)) - double(signed_distance(b, p))) < 1e-3);
        }
        for (int query = 0; query < 40; ++query)
            steer::test::check_first_contact(b, steer::test::random_sweep<V>(gen, b.center, S(2) * size));
    }
}

TEST_CASE_TEMPLATE("an oriented box with the world's axes answers like the axis-aligned box", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::box<V> aligned{make<V>(-1, 0, 2), make<V>(3, 1, 5)};
    steer::oriented_box<V> turned{(aligned.min + aligned.max) / S(2), (aligned.max - aligned.min) / S(2), {}};
    for (int i = 0; i < steer::dimension_v<V>; ++i) turned.axes[static_cast<std::size_t>(i)][i] = S(1);
    steer::rng gen(32);
    for (int trial = 0; trial < 200; ++trial) {
        const auto w = steer::test::random_sweep<V>(gen, turned.center, S(6));
        const auto a = first_contact(aligned, w);
        const auto b = first_contact(turned, w);
        REQUIRE(a.has_value() == b.has_value());
        if (a) {
            CHECK(std::abs(double(a->distance - b->distance)) < 1e-4);
            CHECK(near(a->normal, b->normal, 1e-3));
        }
    }
}
