#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/segment.hpp>

#include "shape_oracle.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("a segment refuses equal or non-finite ends", V, STEER_TEST_VECTORS) {
    CHECK_NOTHROW(validate(steer::segment<V>{make<V>(0, 0, 0), make<V>(1, 0, 0)}));
    CHECK(steer::test::refusal_of([] { validate(steer::segment<V>{make<V>(1, 2, 3), make<V>(1, 2, 3)}); })
              .find("steer::segment: b must be distinct from a") == 0);
    CHECK_THROWS_AS(validate(steer::segment<V>{make<V>(0, INFINITY, 0), make<V>(1, 0, 0)}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("a segment's distance, nearest point and first contact agree with brute-force geometry", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(50);
    for (int shape = 0; shape < 20; ++shape) {
        const steer::segment<V> s{steer::random_vector_in_unit_ball<V>(gen) * S(6), steer::random_vector_in_unit_ball<V>(gen) * S(6)};
        std::vector<V> surface;
        const double step = 0.002;
        steer::test::sample_segment(surface, s.a, s.b, step);
        for (int query = 0; query < 10; ++query) {
            const V p = steer::random_vector_in_unit_ball<V>(gen) * S(8);
            steer::test::check_distance_queries(s, surface, step, p, [](const V&) { return false; });
        }
        for (int query = 0; query < 40; ++query)
            steer::test::check_first_contact(s, steer::test::random_sweep<V>(gen, (s.a + s.b) / S(2), S(6)));
    }
}

TEST_CASE_TEMPLATE("a wall segment stops a ray on either face and rounds its ends by the ball", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::segment<V> wall{make<V>(0, -5, 0), make<V>(0, 5, 0)};
    for (const S side : {S(-1), S(1)}) {
        // A ray crosses a 2D wall; in 3D it would have to meet a line exactly, so a ball does.
        const S radius = steer::dimension_v<V> == 2 ? S(0) : S(0.25);
        const auto hit = first_contact(wall, steer::sweep<V>{make<V>(4 * side, 1, 0), make<V>(-side, 0, 0), S(10), radius});
        REQUIRE(hit);
        CHECK(std::abs(double(hit->distance + radius) - 4) < 1e-5);
        CHECK(near(hit->normal, make<V>(side, 0, 0)));  // facing the ray
        CHECK(near(hit->point, make<V>(0, 1, 0)));
    }
    if constexpr (steer::dimension_v<V> == 2) {  // a ray missing the wall's end, and one along its line
        CHECK_FALSE(first_contact(wall, steer::sweep<V>{V(4, 5.01), V(-1, 0), S(10), S(0)}));
        CHECK_FALSE(first_contact(wall, steer::sweep<V>{V(0, 9), V(0, -1), S(10), S(0)}));
    }
    // Along the wall's line, toward its end: a ball of radius 1 touches the end 1 before it.
    const auto end_on = first_contact(wall, steer::sweep<V>{make<V>(0, 9, 0), make<V>(0, -1, 0), S(10), S(1)});
    REQUIRE(end_on);
    CHECK(std::abs(double(end_on->distance) - 3) < 1e-5);
    CHECK(near(end_on->point, make<V>(0, 5, 0)));
    CHECK(near(end_on->normal, make<V>(0, 1, 0)));
    // Past the end diagonally, 1.5 from it: a ball of radius 1 misses.
    const V across = steer::safe_normalize(make<V>(1, -1, 0));
    const V start = make<V>(0, 5, 0) + steer::safe_normalize(make<V>(1, 1, 0)) * S(1.5) - across * S(4);
    CHECK_FALSE(first_contact(wall, steer::sweep<V>{start, across, S(8), S(1)}));
}

TEST_CASE_TEMPLATE("a ray meets a segment a few denormals long where the segment is, or not at all", V, glm::vec2,
                   glm::dvec2) {
    using S = steer::scalar_t<V>;
    const S d = std::numeric_limits<S>::denorm_min();
    const S m = std::numeric_limits<S>::min();
    // A ray through the origin along the diagonal, and segments at the origin across it.
    // (The numbers the shapes fuzzer found, to the last bit in double.)
    const steer::sweep<V> ray{.origin = V(S(-0.52531199999999978), S(-0.52531199999999978)),
                              .direction = V(S(0.70710678118654757), S(0.70710678118654757)), .length = S(5.656344)};
    for (const S size : {S(2) * d, S(7) * d, m, S(3) * m, S(1e-20)}) {
        CAPTURE(size);
        const steer::segment<V> tiny{V(-size, size), V(0, 0)};
        const auto hit = steer::first_contact(tiny, ray);
        // The cross products of the two lines were denormal, and their ratio (the distance)
        // came out as 1 instead of 0.743: a "hit" a quarter unit away from the segment.
        // (A ray exactly through a point is a tangent contact: its distance is known to
        // sqrt(epsilon), 3e-4 in float.)
        if (hit) {
            const V reached = ray.origin + ray.direction * hit->distance;
            CHECK(static_cast<double>(steer::safe_length(reached - hit->point)) < 1e-3);
            CHECK(static_cast<double>(hit->distance) == doctest::Approx(0.742903).epsilon(1e-3));
        }
    }
    // A short segment above the resolution of squared distances (docs/errors.md) is crossed.
    const steer::segment<V> short_one{V(S(-1e-3), S(1e-3)), V(S(1e-3), S(-1e-3))};
    const auto hit = steer::first_contact(short_one, ray);
    REQUIRE(hit.has_value());
    CHECK(static_cast<double>(hit->distance) == doctest::Approx(0.742903).epsilon(1e-5));
}

TEST_CASE_TEMPLATE("a ball too small for its radius to square meets a wall where a ray does", V, glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    const steer::segment<V> wall{V(2, -1), V(2, 1)};
    const steer::sweep<V> ray{.origin = V(0, S(0.25)), .direction = V(1, 0), .length = 5};
    const auto by_ray = steer::first_contact(wall, ray);
    REQUIRE(by_ray.has_value());
    // Radii whose squares underflow: the ball went through the wall unseen (the distance to
    // the line never came below a radius squared to zero).
    for (const S radius : {std::numeric_limits<S>::denorm_min() * S(256), std::numeric_limits<S>::min()}) {
        CAPTURE(radius);
        steer::sweep<V> speck = ray;
        speck.radius = radius;
        const auto hit = steer::first_contact(wall, speck);
        REQUIRE(hit.has_value());
        CHECK(hit->distance == doctest::Approx(static_cast<double>(by_ray->distance)));
    }
}

TEST_CASE("a ball whose radius is lost in the rounding of its coordinates meets a wall it crosses") {
    // Float coordinates near 1e16 are 1e9 apart: a radius of 1 vanishes in every difference
    // the exact capsule test takes, and the ball went through the wall (the shapes fuzzer).
    using Vec = glm::vec2;
    const steer::segment<Vec> wall{Vec(2e16f, -1e16f), Vec(2.2e16f, 1e16f)};
    for (const float y : {0.0f, 3.3e14f, -7.1e15f}) {
        CAPTURE(y);
        const steer::sweep<Vec> ball{.origin = Vec(-1e16f, y), .direction = steer::safe_normalize(Vec(1, 0.01f)),
                                   .length = 5e16f, .radius = 1};
        const auto hit = steer::first_contact(wall, ball);
        REQUIRE(hit.has_value());
        const Vec center = ball.origin + ball.direction * hit->distance;
        CHECK(static_cast<double>(steer::signed_distance(wall, center)) <= 1e13);  // touching, to float's resolution
    }
}

TEST_CASE("a ray along a wall, parallel to within rounding, skims it rather than meeting it past its end") {
    // The numbers the shapes fuzzer found: the lines' cross product is rounding noise, and
    // the "crossing" came out past the wall's end, half a unit from it.
    using Vec = glm::vec2;
    const steer::segment<Vec> wall{Vec(1.4012984643248171e-45f, -1), Vec(1.0000001192092896f, 0)};
    const steer::sweep<Vec> ray{.origin = Vec(2.4587457180023193f, 1.4587457180023193f),
                              .direction = Vec(-0.70710676908493042f, -0.70710676908493042f), .length = 5.47201395f};
    const auto hit = steer::first_contact(wall, ray);
    if (hit) {
        const Vec reached = ray.origin + ray.direction * hit->distance;
        CHECK(static_cast<double>(steer::signed_distance(wall, reached)) < 1e-5);
    }
}

TEST_CASE("a far float ray crossing a small wall is not culled by the bounding test's rounding") {
    // The shapes fuzzer's numbers: the cheap bounding-circle test subtracted two squares of
    // about 6e6 to get an offset of 0.1, and float's rounding of them exceeded the wall's
    // half length squared, so the wall was skipped.
    using Vec = glm::vec2;
    const steer::segment<Vec> wall{Vec(-1.1754943508222875e-38f, -1.1754943508222875e-38f),
                                 Vec(-1.0000001192092896f, -1.0000001192092896f)};
    const steer::sweep<Vec> ray{.origin = Vec(-2143.81005859375f, 1284.2593994140625f),
                              .direction = Vec(0.85784709453582764f, -0.51390498876571655f), .length = 11483.6436f};
    const auto hit = steer::first_contact(wall, ray);
    REQUIRE(hit.has_value());
    CHECK(hit->distance == doctest::Approx(2499.04).epsilon(1e-4));
}
