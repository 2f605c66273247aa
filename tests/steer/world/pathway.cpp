#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/pathway.hpp>

#include "test_util.hpp"

using steer::test::make;
using steer::test::near;
using steer::test::refusal_of;

namespace {

// The 3-4-5 path: (0,0) -> (3,0) -> (3,4), lengths 3 and 4; cyclic it closes with 5.
template <class V>
std::vector<V> right_triangle() {
    return {make<V>(0, 0, 0), make<V>(3, 0, 0), make<V>(3, 4, 0)};
}

template <class V>
double as_double(V x) {
    return static_cast<double>(x);
}

}  // namespace

TEST_CASE_TEMPLATE("pathway lengths and points at a distance are exact, clamped when open", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> path(right_triangle<V>(), S(1));
    CHECK(path.length() == S(7));
    CHECK(path.segment_count() == 2);
    CHECK_FALSE(path.cyclic());
    CHECK(path.radius() == S(1));
    CHECK(path.point_at_distance(0) == make<V>(0, 0, 0));
    CHECK(path.point_at_distance(S(1.5)) == make<V>(1.5, 0, 0));
    CHECK(path.point_at_distance(3) == make<V>(3, 0, 0));
    CHECK(path.point_at_distance(5) == make<V>(3, 2, 0));
    CHECK(path.point_at_distance(7) == make<V>(3, 4, 0));
    CHECK(path.point_at_distance(-2) == make<V>(0, 0, 0));   // clamped
    CHECK(path.point_at_distance(100) == make<V>(3, 4, 0));  // clamped
    CHECK(path.tangent_at_distance(1) == make<V>(1, 0, 0));
    CHECK(path.tangent_at_distance(5) == make<V>(0, 1, 0));
    CHECK(path.points().size() == 3);
}

TEST_CASE_TEMPLATE("a cyclic pathway closes on its first point and wraps distances both ways", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> loop(right_triangle<V>(), S(1), true);
    CHECK(loop.cyclic());
    CHECK(loop.length() == S(12));
    CHECK(loop.segment_count() == 3);
    CHECK(loop.points().size() == 3);
    CHECK(loop.point_at_distance(12) == make<V>(0, 0, 0));
    CHECK(near(loop.point_at_distance(13), make<V>(1, 0, 0)));
    CHECK(near(loop.point_at_distance(-1), make<V>(0.6, 0.8, 0)));      // 1 back along the closing segment
    CHECK(near(loop.point_at_distance(S(12 * 5 + 5)), make<V>(3, 2, 0)));  // five laps and 5
    CHECK(near(loop.point_at_distance(S(-12 * 3 + 5)), make<V>(3, 2, 0)));
    CHECK(near(loop.tangent_at_distance(-1), make<V>(-0.6, -0.8, 0)));
    // A point just before the start, beside the closing segment, is near the end of the path.
    const auto back = loop.nearest(make<V>(0.3, 0.4, 0) - make<V>(0.8, -0.6, 0) * S(0.5));
    CHECK(back.segment == 2);
    CHECK(as_double(back.distance) == doctest::Approx(11.5).epsilon(1e-6));
    CHECK(near(back.point, make<V>(0.3, 0.4, 0)));
    CHECK(near(back.tangent, make<V>(-0.6, -0.8, 0)));
    CHECK(as_double(back.outside) == doctest::Approx(-0.5).epsilon(1e-5));
    // Distances stay in [0, length): the start vertex is distance 0, never 12.
    CHECK(loop.nearest(make<V>(-1, -1, 0)).distance == S(0));
}

TEST_CASE_TEMPLATE("nearest projects onto the spine with the path's tangent and a signed outside distance", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> path(right_triangle<V>(), S(1));
    auto p = path.nearest(make<V>(1, 1.5, 0));
    CHECK(p.point == make<V>(1, 0, 0));
    CHECK(p.tangent == make<V>(1, 0, 0));
    CHECK(p.outside == S(0.5));
    CHECK(p.distance == S(1));
    CHECK(p.segment == 0);
    CHECK(p.radius == S(1));
    p = path.nearest(make<V>(4, 3, 0));
    CHECK(p.point == make<V>(3, 3, 0));
    CHECK(p.tangent == make<V>(0, 1, 0));
    CHECK(p.outside == S(0));
    CHECK(p.distance == S(6));
    p = path.nearest(make<V>(2, 0.25, 0));
    CHECK(p.outside == S(-0.75));  // inside the tube
    p = path.nearest(make<V>(-3, -4, 0));  // beyond the start: the start point
    CHECK(p.point == make<V>(0, 0, 0));
    CHECK(p.outside == S(4));
    CHECK(p.distance == S(0));
    p = path.nearest(make<V>(3, 10, 0));  // beyond the end: the end point
    CHECK(p.point == make<V>(3, 4, 0));
    CHECK(p.distance == S(7));
    CHECK(path.distance_along(make<V>(5, 2.5, 0)) == S(5.5));
    if constexpr (steer::dimension_v<V> == 3) {  // off the plane of the path
        p = path.nearest(V(1, 0.5, 2));
        CHECK(p.point == V(1, 0, 0));
        CHECK(as_double(p.outside) == doctest::Approx(std::sqrt(4.25) - 1).epsilon(1e-6));
    }
}

TEST_CASE_TEMPLATE("repeated points are ignored, and too few distinct points are refused", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V a = make<V>(0, 0, 0), b = make<V>(3, 0, 0), c = make<V>(3, 4, 0);
    const steer::pathway<V> open({a, a, b, b, b, c, c}, S(1));
    CHECK(open.segment_count() == 2);
    CHECK(open.length() == S(7));
    CHECK(open.nearest(make<V>(1, 1, 0)).point == make<V>(1, 0, 0));
    const steer::pathway<V> loop({a, b, b, c, a, a}, S(1), true);  // closing repeats of the start too
    CHECK(loop.segment_count() == 3);
    CHECK(loop.length() == S(12));
    CHECK(loop.points().size() == 3);
    const steer::pathway<V> there_and_back({a, b}, S(1), true);  // two points make a cyclic path of two segments
    CHECK(there_and_back.length() == S(6));

    CHECK(refusal_of([&] { (void)steer::pathway<V>({a, a, a}, S(1)); }) ==
          "steer::pathway: points must hold at least 2 distinct points (got 1 distinct of 3)");
    CHECK(refusal_of([&] { (void)steer::pathway<V>(std::vector<V>{}, S(1)); }) ==
          "steer::pathway: points must hold at least 2 distinct points (got 0 distinct of 0)");
    CHECK(refusal_of([&] { (void)steer::pathway<V>({a, b, a}, S(1), true); }).find("at least 2 distinct") ==
          std::string::npos);  // a, b, a closes onto a: still two distinct points
    CHECK(refusal_of([&] { (void)steer::pathway<V>({a, b}, S(-1)); }) ==
          "steer::pathway: radius must be >= 0 and finite (got -1)");
    CHECK(refusal_of([&] { (void)steer::pathway<V>({a, make<V>(1, NAN, 0)}, S(1)); }).find("points[1] must be finite") !=
          std::string::npos);
    CHECK(refusal_of([&] { (void)steer::pathway<V>({a, b, c}, std::vector<S>{1, 2}); }) ==
          "steer::pathway: radii.size() must be equal to points.size() (3) (got 2)");
    CHECK(refusal_of([&] { (void)steer::pathway<V>({a, b, c}, std::vector<S>{1, -2, 1}); }) ==
          "steer::pathway: radii[1] must be >= 0 and finite (got -2)");
}

TEST_CASE_TEMPLATE("per-point radii taper the tube linearly along each segment", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> road(right_triangle<V>(), std::vector<S>{1, 4, 2});
    CHECK(road.radius() == S(4));  // the largest
    CHECK(road.radius_at_distance(0) == S(1));
    CHECK(road.radius_at_distance(S(1.5)) == S(2.5));
    CHECK(road.radius_at_distance(3) == S(4));
    CHECK(road.radius_at_distance(5) == S(3));
    const auto p = road.nearest(make<V>(1.5, -3, 0));
    CHECK(p.radius == S(2.5));
    CHECK(p.outside == S(0.5));
}

TEST_CASE_TEMPLATE("nearest agrees exactly with a scan of every segment", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    for (int trial = 0; trial < 4; ++trial) {
        // A self-crossing random walk, and then queries near it, far from it, and on it.
        std::vector<V> points{V(S(0))};
        const int segments = trial == 0 ? 3 : 600;
        for (int i = 0; i < segments; ++i) points.push_back(points.back() + steer::random_unit_vector<V>(gen));
        const steer::pathway<V> path(points, S(0.5), trial % 2 == 1);
        const V spread = V(S(3 + 2 * trial));
        for (int q = 0; q < 500; ++q) {
            V p = points[static_cast<std::size_t>(q) % points.size()] +
                  steer::random_vector_in_unit_ball<V>(gen) * spread;
            if (q % 50 == 0) p = points[static_cast<std::size_t>(q) % points.size()];  // exactly on a vertex: ties
            const auto expected = path.nearest_by_scan(p);
            const auto plain = path.nearest(p);
            CAPTURE(trial);
            CAPTURE(p);
            CHECK(plain.segment == expected.segment);
            CHECK(plain.point == expected.point);
            CHECK(plain.distance == expected.distance);
            CHECK(plain.outside == expected.outside);
        }
    }
}

TEST_CASE_TEMPLATE("a pathway is a region: its tube", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> path(right_triangle<V>(), S(1));
    CHECK(contains(path, make<V>(1, 0.5, 0)));
    CHECK(contains(path, make<V>(1, 1, 0)));
    CHECK_FALSE(contains(path, make<V>(1, 1.5, 0)));
    CHECK(nearest_inside(path, make<V>(1, 0.5, 0)) == make<V>(1, 0.5, 0));
    CHECK(near(nearest_inside(path, make<V>(1, -5, 0)), make<V>(1, -1, 0)));
    CHECK(near(nearest_inside(path, make<V>(7, 2, 0)), make<V>(4, 2, 0)));
}

TEST_CASE_TEMPLATE("pathway queries stay finite for degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> thin(right_triangle<V>(), S(0));  // zero radius: a bare spine
    CHECK(thin.nearest(make<V>(1, 0, 0)).outside == S(0));
    CHECK(contains(thin, make<V>(1, 0, 0)));
    CHECK(steer::is_finite(thin.point_at_distance(std::numeric_limits<S>::infinity())));
    CHECK(steer::is_finite(thin.point_at_distance(std::numeric_limits<S>::quiet_NaN())));
    const steer::pathway<V> loop(right_triangle<V>(), S(0), true);
    CHECK(loop.point_at_distance(std::numeric_limits<S>::infinity()) == make<V>(0, 0, 0));
    // The far-away query and the tiny segment between nearly equal points are fine too.
    const steer::pathway<V> tiny({make<V>(0, 0, 0), make<V>(1e-3, 0, 0)}, S(0));
    const auto p = tiny.nearest(make<V>(1e6, 1e6, 0));
    CHECK(steer::is_finite(p.point));
    CHECK(std::isfinite(p.outside));
    CHECK(p.tangent == make<V>(1, 0, 0));
}

// Found by the pathway fuzzer: w - cumulative[i] could round one step below the segment's
// length, so the end of an open path came back a rounding step short of its last point.
TEST_CASE_TEMPLATE("point_at_distance at or past the end of an open path is exactly its last point", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::rng gen(2024);
    int wrong = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<V> points;
        const S scale = std::pow(S(10), steer::uniform(gen, S(-4), S(4)));
        for (int i = 0; i < 2 + trial % 5; ++i) points.push_back(steer::random_vector_in_unit_ball<V>(gen) * scale);
        const steer::pathway<V> path(points, S(1));
        const V last = path.points().back();
        for (const S d : {path.length(), path.length() * S(2), std::numeric_limits<S>::max()})
            wrong += path.point_at_distance(d) == last ? 0 : 1;
    }
    CHECK(wrong == 0);
}
