#include <cmath>
#include <limits>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/avatar_neighborhood.hpp>

#include "test_util.hpp"

using steer::test::make;

TEST_CASE_TEMPLATE("the avatar neighborhood is a half circle behind and a half ellipse ahead", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 2, .velocity_weight = 3};
    const V car = make<V>(10, -4, 1);
    const V velocity = make<V>(0, 0.5, 0) * S(2);  // heading +Y at speed 1: forward semi-axis 2 + 3 = 5
    const auto inside = [&](double side, double ahead) {
        return steer::avatar_neighborhood_contains(zone, car, velocity, car + make<V>(side, ahead, 0));
    };
    // Behind: exactly the circle of radius 2.
    CHECK(inside(0, -1.99));
    CHECK_FALSE(inside(0, -2.01));
    CHECK(inside(1.99, 0));
    CHECK_FALSE(inside(2.01, 0));
    CHECK(inside(1.4, -1.4));
    CHECK_FALSE(inside(1.42, -1.42));
    // Ahead: the ellipse with semi-axes 5 (along) and 2 (across).
    CHECK(inside(0, 4.99));
    CHECK_FALSE(inside(0, 5.01));
    const double t = 0.6;  // a point on the ellipse: (2 sin t, 5 cos t)
    CHECK(inside(2 * std::sin(t) * 0.995, 5 * std::cos(t) * 0.995));
    CHECK_FALSE(inside(2 * std::sin(t) * 1.005, 5 * std::cos(t) * 1.005));
}

TEST_CASE_TEMPLATE("the avatar neighborhood elongates in proportion to speed and is a circle at rest", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> zone{.radius = 1, .velocity_weight = 2};
    const V car(S(0));
    // Find the reach straight ahead by bisection on the depth's sign, at several speeds.
    const auto reach_ahead = [&](double speed) {
        double lo = 0, hi = 100;
        for (int i = 0; i < 60; ++i) {
            const double mid = (lo + hi) / 2;
            const bool in = steer::avatar_neighborhood_contains(zone, car, make<V>(speed, 0, 0), make<V>(mid, 0, 0));
            (in ? lo : hi) = mid;
        }
        return lo;
    };
    CHECK(reach_ahead(0) == doctest::Approx(1).epsilon(1e-4));
    CHECK(reach_ahead(1) == doctest::Approx(3).epsilon(1e-4));
    CHECK(reach_ahead(4) == doctest::Approx(9).epsilon(1e-4));
    // The reach grows linearly: equal speed steps give equal length steps.
    CHECK(reach_ahead(3) - reach_ahead(2) == doctest::Approx(reach_ahead(2) - reach_ahead(1)).epsilon(1e-3));
    // At rest it is symmetric: any direction reaches 1.
    steer::rng gen(4);
    for (int i = 0; i < 100; ++i) {
        const V direction = steer::random_unit_vector<V>(gen);
        CHECK(steer::avatar_neighborhood_contains(zone, car, V(S(0)), direction * S(0.999)));
        CHECK_FALSE(steer::avatar_neighborhood_contains(zone, car, V(S(0)), direction * S(1.001)));
    }
}

TEST_CASE_TEMPLATE("the avatar neighborhood depth is 1 at the avatar and 0 on the boundary", V, STEER_TEST_VECTORS) {
    const steer::avatar_neighborhood<V> zone{.radius = 2, .velocity_weight = 1};
    const V car = make<V>(1, 1, 1);
    const V velocity = make<V>(3, 0, 0);
    CHECK(static_cast<double>(steer::avatar_neighborhood_depth(zone, car, velocity, car)) == doctest::Approx(1));
    CHECK(static_cast<double>(steer::avatar_neighborhood_depth(zone, car, velocity, car + make<V>(5, 0, 0))) ==
          doctest::Approx(0).epsilon(1e-5));
    CHECK(steer::avatar_neighborhood_depth(zone, car, velocity, car + make<V>(0, 3, 0)) < 0);
    // A zero radius is an empty zone apart from the avatar's own position: finite, no NaN.
    const steer::avatar_neighborhood<V> empty{.radius = 0, .velocity_weight = 1};
    CHECK_FALSE(steer::avatar_neighborhood_contains(empty, car, velocity, car + make<V>(0.5, 0, 0)));
}

TEST_CASE("avatar neighborhood parameters are validated") {
    CHECK_THROWS_WITH_AS(steer::validate(steer::avatar_neighborhood<glm::vec2>{.radius = -1}),
                         "steer::avatar_neighborhood: radius must be >= 0 and finite (got -1)", std::invalid_argument);
    CHECK_THROWS_AS(steer::validate(steer::avatar_neighborhood<glm::vec3>{.velocity_weight = NAN}),
                    std::invalid_argument);
}

TEST_CASE_TEMPLATE("avatar_neighborhood_depth is finite for a denormal radius, however far the point", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const steer::avatar_neighborhood<V> speck{.radius = std::numeric_limits<S>::denorm_min() * S(3)};
    // across / radius overflowed: 1 - sqrt(inf) was minus infinity.
    for (const double distance : {1.0, 1e-30, 1e18}) {
        CAPTURE(distance);
        const S depth = steer::avatar_neighborhood_depth(speck, V(S(0)), V(S(0)), make<V>(0, distance, 0));
        CHECK(std::isfinite(depth));
        CHECK(depth < S(0));
        CHECK_FALSE(steer::avatar_neighborhood_contains(speck, V(S(0)), V(S(0)), make<V>(0, distance, 0)));
    }
    // Ahead, along a huge forward semi-axis and a denormal radius across it.
    const steer::avatar_neighborhood<V> needle{.radius = std::numeric_limits<S>::denorm_min(), .velocity_weight = 1};
    const S depth = steer::avatar_neighborhood_depth(needle, V(S(0)), make<V>(1, 0, 0), make<V>(0.5, 1, 0));
    CHECK(std::isfinite(depth));
    CHECK(depth < S(0));
    CHECK(steer::avatar_neighborhood_depth(needle, V(S(0)), make<V>(1, 0, 0), V(S(0))) == S(1));
}

TEST_CASE_TEMPLATE("the quick test for points far from an avatar never rules out a point of its neighborhood", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::rng gen(83);
    std::size_t far = 0, inside = 0, near_outside = 0;
    for (int i = 0; i < 20000; ++i) {
        const S radius = steer::uniform(gen, S(0), S(3));  // (drawn first, then the weight)
        const S weight = i % 5 == 0 ? S(0) : steer::uniform(gen, S(0), S(2));
        const steer::avatar_neighborhood<V> zone{.radius = radius, .velocity_weight = weight};
        const V avatar = steer::random_vector_in_unit_ball<V>(gen) * S(10);
        const V velocity = i % 7 == 0 ? V(S(0)) : steer::random_vector_in_unit_ball<V>(gen) * S(5);
        const S reach = zone.radius + zone.velocity_weight * steer::safe_length(velocity);
        // Points from the avatar out to 3 reaches, and some far beyond.
        const S distance = i % 11 == 0 ? S(1e6) : steer::uniform(gen, S(0), S(3)) * reach;
        const V point = avatar + steer::random_unit_vector<V>(gen) * distance;
        const S depth = steer::avatar_neighborhood_depth(zone, avatar, velocity, point);
        const bool quick = steer::detail::far_outside_avatar_neighborhood(zone, avatar, velocity, point);
        CAPTURE(i);
        if (quick) {
            ++far;
            REQUIRE(depth < S(0));      // only points outside,
            REQUIRE(depth < S(-0.4));   // and by a margin (1 - sqrt 2): never near the boundary
        }
        inside += depth >= S(0) ? 1u : 0u;
        near_outside += depth < S(0) && depth > S(-0.4) ? 1u : 0u;
        REQUIRE(steer::avatar_neighborhood_contains(zone, avatar, velocity, point) == (depth >= S(0)));
    }
    // Every case met: points inside, outside near the boundary, and far enough for the quick test.
    CHECK(inside > 1000);
    CHECK(near_outside > 1000);
    CHECK(far > 3000);
}

TEST_CASE_TEMPLATE("the quick test for far points leaves overflowing distances and speeds to the exact one", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const S huge = std::numeric_limits<S>::max() / S(4);
    const steer::avatar_neighborhood<V> zone{.radius = 2, .velocity_weight = 1};
    // A speed whose square overflows: the bound is infinite, nothing is ruled out quickly.
    CHECK_FALSE(steer::detail::far_outside_avatar_neighborhood(zone, V(S(0)), make<V>(huge, 0, 0), make<V>(0, 5, 0)));
    CHECK(steer::avatar_neighborhood_contains(zone, V(S(0)), make<V>(huge, 0, 0), make<V>(1e30, 0, 0)));
    // A distance whose square overflows: far outside, as the exact test says.
    CHECK(steer::detail::far_outside_avatar_neighborhood(zone, V(S(0)), make<V>(1, 0, 0), make<V>(huge, huge, 0)));
    CHECK(steer::avatar_neighborhood_depth(zone, V(S(0)), make<V>(1, 0, 0), make<V>(huge, huge, 0)) < S(0));
}
