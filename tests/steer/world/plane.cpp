#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/plane.hpp>

#include "shape_oracle.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("a plane refuses a zero or non-finite normal and a non-finite offset", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    CHECK_NOTHROW(validate(steer::plane<V>{make<V>(0, 3, 0), S(1)}));
    CHECK(steer::test::refusal_of([] { validate(steer::plane<V>{V(S(0)), S(1)}); })
              .find("steer::plane: normal must be non-zero") == 0);
    CHECK_THROWS_AS(validate(steer::plane<V>{make<V>(0, 1, 0), std::numeric_limits<S>::infinity()}), std::invalid_argument);
    CHECK_THROWS_AS(validate(steer::plane<V>{make<V>(0, NAN, 0), S(0)}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("a plane is solid behind its normal, whatever the normal's length", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::plane<V> ground{make<V>(0, 4, 0), S(8)};  // y = 2, solid below
    CHECK(std::abs(double(signed_distance(ground, make<V>(7, 5, 1))) - 3) < 1e-6);
    CHECK(std::abs(double(signed_distance(ground, make<V>(7, -1, 1))) + 3) < 1e-6);
    CHECK(contains(ground, make<V>(0, 1, 0)));
    CHECK(contains(ground, make<V>(0, 2, 0)));
    CHECK_FALSE(contains(ground, make<V>(0, 2.5, 0)));
    CHECK(near(nearest_point(ground, make<V>(3, 7, 4)), make<V>(3, 2, 4)));
    CHECK(near(nearest_inside(ground, make<V>(3, 7, 4)), make<V>(3, 2, 4)));
    CHECK(nearest_inside(ground, make<V>(3, -7, 4)) == make<V>(3, -7, 4));
    // Falling onto it from 5 above with a ball of radius 1: contact after 2, at the foot.
    const auto hit = first_contact(ground, steer::sweep<V>{make<V>(1, 5, 0), make<V>(0, -1, 0), S(10), S(1)});
    REQUIRE(hit);
    CHECK(std::abs(double(hit->distance) - 2) < 1e-5);
    CHECK(near(hit->point, make<V>(1, 2, 0)));
    CHECK(near(hit->normal, make<V>(0, 1, 0)));
    // Moving away from it, or parallel above it: no contact; below it: contact at once.
    CHECK_FALSE(first_contact(ground, steer::sweep<V>{make<V>(1, 5, 0), make<V>(0, 1, 0), S(10), S(1)}));
    CHECK_FALSE(first_contact(ground, steer::sweep<V>{make<V>(1, 3, 0), make<V>(1, 0, 0), S(10), S(1)}));
    const auto buried = first_contact(ground, steer::sweep<V>{make<V>(1, -4, 0), make<V>(1, 0, 0), S(10), S(0)});
    REQUIRE(buried);
    CHECK(buried->distance == S(0));
    CHECK(near(buried->point, make<V>(1, 2, 0)));
}

TEST_CASE_TEMPLATE("a plane's first contact agrees with a march along the sweep", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(40);
    for (int shape = 0; shape < 20; ++shape) {
        const steer::plane<V> h{steer::random_unit_vector<V>(gen) * steer::uniform<S>(gen, S(0.2), S(5)),
                                steer::uniform<S>(gen, S(-3), S(3))};
        for (int query = 0; query < 30; ++query)
            steer::test::check_first_contact(h, steer::test::random_sweep<V>(gen, nearest_point(h, V(S(0))), S(6)));
    }
}
