#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/world/sphere.hpp>

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

TEST_CASE_TEMPLATE("sphere ranges accept containers of spheres and of pointers to spheres", V, STEER_TEST_VECTORS) {
    static_assert(steer::sphere_range<std::vector<steer::sphere<V>>, V>);
    static_assert(steer::sphere_range<std::vector<const steer::sphere<V>*>, V>);
    static_assert(steer::sphere_range<std::vector<std::unique_ptr<steer::sphere<V>>>, V>);
    static_assert(steer::sphere_range<steer::sphere<V>[3], V>);
    static_assert(!steer::sphere_range<std::vector<V>, V>);
    static_assert(!steer::sphere_range<steer::sphere<V>, V>);
    const steer::sphere<V> s{make<V>(1, 2, 3), 4};
    CHECK(&steer::detail::sphere_of<V>(s) == &s);
    const steer::sphere<V>* p = &s;
    CHECK(&steer::detail::sphere_of<V>(p) == &s);
}
