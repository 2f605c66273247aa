#include <cmath>
#include <stdexcept>
#include <string>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/box.hpp>

#include "shape_oracle.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("a box refuses min above max on any axis and non-finite corners, and as an obstacle no size at all", V,
                   STEER_TEST_VECTORS) {
    CHECK_NOTHROW(validate(steer::box<V>{make<V>(-1, -1, -1), make<V>(1, 1, 1)}));
    CHECK_NOTHROW(validate(steer::box<V>{make<V>(2, 2, 2), make<V>(2, 2, 2)}));  // a point is a region
    CHECK_NOTHROW(validate_as_obstacle(steer::box<V>{make<V>(0, 0, 0), make<V>(1, 0, 1)}));  // flat: a thin wall
    CHECK(steer::test::refusal_of([] { validate_as_obstacle(steer::box<V>{make<V>(2, 2, 2), make<V>(2, 2, 2)}); }) ==
          "steer::box: size must be non-zero (got min and max both " +
              std::string(steer::dimension_v<V> == 2 ? "(2, 2))" : "(2, 2, 2))"));
    try {
        validate(steer::box<V>{make<V>(0, 3, 0), make<V>(1, 1, 1)});
        FAIL("min > max was accepted");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("steer::box: min must be <= max") == 0);
    }
    CHECK_THROWS_AS(validate(steer::box<V>{make<V>(0, 0, 0), make<V>(INFINITY, 1, 1)}), std::invalid_argument);
    CHECK_THROWS_AS(validate(steer::box<V>{make<V>(NAN, 0, 0), make<V>(1, 1, 1)}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("a box contains its inside and faces, and clamps outside points onto itself", V, STEER_TEST_VECTORS) {
    const steer::box<V> b{make<V>(-1, 0, 2), make<V>(1, 4, 3)};
    CHECK(contains(b, make<V>(0, 2, 2.5)));
    CHECK(contains(b, make<V>(1, 4, 3)));   // a corner
    CHECK_FALSE(contains(b, make<V>(0, 4.5, 2.5)));
    CHECK(nearest_inside(b, make<V>(0, 2, 2.5)) == make<V>(0, 2, 2.5));
    CHECK(nearest_inside(b, make<V>(5, -3, 2.5)) == make<V>(1, 0, 2.5));
    if constexpr (steer::dimension_v<V> == 3) CHECK(nearest_inside(b, V(0, 2, 9)) == V(0, 2, 3));
}

TEST_CASE_TEMPLATE("a box's distance, nearest point and first contact agree with brute-force geometry", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(22);
    for (int shape = 0; shape < 15; ++shape) {
        const V corner = steer::random_vector_in_unit_ball<V>(gen) * S(5);
        V size;
        for (int i = 0; i < steer::dimension_v<V>; ++i) size[i] = steer::uniform<S>(gen, S(0.5), S(6));
        const steer::box<V> b{corner, corner + size};
        const double step = 0.04;
        const V center = (b.min + b.max) / S(2);
        const auto surface = steer::test::sample_box_surface(size / S(2), step, [&](const V& p) { return center + p; });
        for (int query = 0; query < 10; ++query) {
            const V p = center + steer::random_vector_in_unit_ball<V>(gen) * (S(1.5) * glm::length(size));
            steer::test::check_distance_queries(b, surface, step, p, [&](const V& x) { return contains(b, x); });
        }
        for (int query = 0; query < 40; ++query)
            steer::test::check_first_contact(b, steer::test::random_sweep<V>(gen, center, glm::length(size)));
    }
}

TEST_CASE_TEMPLATE("a box's first contact rounds its corners by the ball's radius", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::box<V> b{make<V>(0, 0, 0), make<V>(2, 2, 2)};
    // Passing a corner diagonally at a distance of 0.8 from it: the square corner of the
    // box grown by 1 would be hit, the rounded one is missed.
    const V corner = make<V>(2, 2, 2);
    const V across = steer::safe_normalize(make<V>(1, -1, 0));
    const V outward = steer::safe_normalize(make<V>(1, 1, steer::dimension_v<V> == 3 ? 1 : 0));
    const V start = corner + outward * S(1.2) - across * S(5);
    CHECK_FALSE(first_contact(b, steer::sweep<V>{start, across, S(10), S(1)}));
    const auto hit = first_contact(b, steer::sweep<V>{start, across, S(10), S(1.3)});
    REQUIRE(hit);
    CHECK(near(hit->point, corner, 1e-3));  // it touches the corner itself
    // From inside, the way out is through the nearest face.
    const auto inside = first_contact(b, steer::sweep<V>{make<V>(1.9, 1, 1), make<V>(-1, 0, 0), S(3), S(0.1)});
    REQUIRE(inside);
    CHECK(inside->distance == S(0));
    CHECK(near(inside->normal, make<V>(1, 0, 0)));
    CHECK(near(inside->point, make<V>(2, 1, 1)));
}
