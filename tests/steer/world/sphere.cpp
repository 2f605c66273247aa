#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/sphere.hpp>

#include "shape_oracle.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("a sphere refuses a negative or non-finite radius and a non-finite center", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    CHECK_NOTHROW(validate(steer::sphere<V>{make<V>(1, 2, 3), S(0)}));
    CHECK_NOTHROW(validate(steer::sphere<V>{make<V>(1, 2, 3), S(4)}));
    try {
        validate(steer::sphere<V>{make<V>(0, 0, 0), S(-1)});
        FAIL("a negative radius was accepted");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) == "steer::sphere: radius must be >= 0 and finite (got -1)");
    }
    CHECK_THROWS_AS(validate(steer::sphere<V>{make<V>(0, 0, 0), std::numeric_limits<S>::infinity()}),
                    std::invalid_argument);
    CHECK_THROWS_AS(validate(steer::sphere<V>{make<V>(0, std::nan(""), 0), S(1)}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("a sphere contains its inside and its surface, and brings outside points to the surface", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> s{make<V>(1, 1, 1), S(2)};
    CHECK(contains(s, make<V>(1, 1, 1)));
    CHECK(contains(s, make<V>(3, 1, 1)));          // on the surface
    CHECK_FALSE(contains(s, make<V>(3.01, 1, 1)));
    CHECK(nearest_inside(s, make<V>(2, 1.5, 1)) == make<V>(2, 1.5, 1));   // inside: itself
    CHECK(near(nearest_inside(s, make<V>(1, 7, 1)), make<V>(1, 3, 1)));   // outside: on the surface
    CHECK(near(nearest_inside(s, make<V>(4, 5, 1)), make<V>(1 + 1.2, 1 + 1.6, 1)));
    const steer::sphere<V> point{make<V>(2, 0, 0), S(0)};                  // zero radius: the center
    CHECK(nearest_inside(point, make<V>(5, 5, 5)) == make<V>(2, 0, 0));
    CHECK(contains(point, make<V>(2, 0, 0)));
}

TEST_CASE_TEMPLATE("a sphere's distance, nearest point and first contact agree with brute-force geometry", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(21);
    for (int shape = 0; shape < 20; ++shape) {
        const steer::sphere<V> s{steer::random_vector_in_unit_ball<V>(gen) * S(5), steer::uniform<S>(gen, S(0.5), S(4))};
        std::vector<V> surface;
        const double step = 0.05;
        if constexpr (steer::dimension_v<V> == 2) {
            for (int i = 0; i < 1000; ++i) {
                const double angle = 2 * 3.14159265358979 * i / 1000;
                surface.push_back(s.center + V(std::cos(angle), std::sin(angle)) * s.radius);
            }
        } else {
            for (int i = 0; i < 200; ++i)
                for (int j = 0; j <= 100; ++j) {
                    const double longitude = 2 * 3.14159265358979 * i / 200, latitude = 3.14159265358979 * j / 100;
                    surface.push_back(s.center + V(std::sin(latitude) * std::cos(longitude),
                                                   std::sin(latitude) * std::sin(longitude), std::cos(latitude)) *
                                                     s.radius);
                }
        }
        for (int query = 0; query < 10; ++query) {
            const V p = s.center + steer::random_vector_in_unit_ball<V>(gen) * (S(2) * s.radius);
            steer::test::check_distance_queries(s, surface, step * double(s.radius) * 1.5, p,
                                                [&](const V& x) { return glm::distance(x, s.center) < s.radius; });
        }
        for (int query = 0; query < 30; ++query)
            steer::test::check_first_contact(s, steer::test::random_sweep<V>(gen, s.center, S(3) * s.radius));
    }
}

TEST_CASE_TEMPLATE("a sphere's first contact is finite from its exact center and on its surface", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> s{make<V>(1, 2, 3), S(2)};
    const V direction = make<V>(1, 0, 0);
    const auto from_center = first_contact(s, steer::sweep<V>{s.center, direction, S(4), S(0.5)});
    REQUIRE(from_center);
    CHECK(from_center->distance == S(0));
    CHECK(near(from_center->normal, -direction));
    CHECK(steer::is_finite(nearest_point(s, s.center)));
    const auto on_surface = first_contact(s, steer::sweep<V>{s.center + make<V>(0, 2, 0), direction, S(4), S(0)});
    CHECK_FALSE(on_surface);  // a ray skimming the surface tangentially never gets strictly inside
    const auto grazing = first_contact(s, steer::sweep<V>{s.center + make<V>(-5, 2.5, 0), direction, S(10), S(0.5)});
    CHECK_FALSE(grazing);     // closest approach exactly radius + 0.5: a tangent pass is no contact
}
