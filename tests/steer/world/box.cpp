#include <cmath>
#include <stdexcept>
#include <string>

#include <doctest/doctest.h>

#include <steer/world/box.hpp>

#include "test_util.hpp"

using steer::test::make;

TEST_CASE_TEMPLATE("a box refuses min above max on any axis and non-finite corners", V, STEER_TEST_VECTORS) {
    CHECK_NOTHROW(validate(steer::box<V>{make<V>(-1, -1, -1), make<V>(1, 1, 1)}));
    CHECK_NOTHROW(validate(steer::box<V>{make<V>(2, 2, 2), make<V>(2, 2, 2)}));  // a point is a box
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
