#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/polygon.hpp>

#include "shape_oracle.hpp"
#include "test_util.hpp"

using steer::test::near;

namespace {

// A random star-shaped polygon (so never self-crossing): corners at random radii around a
// center, in angle order; concave more often than not.
template <class V>
std::vector<V> random_star(steer::rng& gen, int corners) {
    using S = steer::scalar_t<V>;
    const V center = steer::random_vector_in_unit_ball<V>(gen) * S(4);
    std::vector<V> points;
    for (int i = 0; i < corners; ++i) {
        const S angle = S(2) * std::numbers::pi_v<S> * (S(i) + steer::uniform<S>(gen, S(0), S(0.8))) / S(corners);
        points.push_back(center + V(std::cos(angle), std::sin(angle)) * steer::uniform<S>(gen, S(1), S(5)));
    }
    return points;
}

}  // namespace

TEST_CASE_TEMPLATE("a polygon refuses too few corners, no area, crossing edges and non-finite corners", V, glm::vec2,
                   glm::dvec2) {
    using S = steer::scalar_t<V>;
    using P = steer::polygon<V>;
    CHECK(steer::test::refusal_of([] { P({V(0, 0), V(1, 0), V(1, 0), V(0, 0)}); }) ==
          "steer::polygon: points must have at least 3 distinct points (got 2)");
    CHECK(steer::test::refusal_of([] { P({V(0, 0), V(1, 1), V(3, 3)}); }) ==
          "steer::polygon: points must enclose an area (got all on one line)");
    CHECK(steer::test::refusal_of([] { P({V(0, 0), V(4, 0), V(0, 3), V(3, 4)}); }) ==  // a bow tie
          "steer::polygon: points must not cross themselves (got edge 1 meeting edge 3)");
    CHECK(steer::test::refusal_of([] { P({V(0, 0), V(4, 0), V(4, 4), V(2, 0), V(0, 4)}); })
              .find("steer::polygon: points must not cross themselves") == 0);  // a corner touching an edge
    CHECK(steer::test::refusal_of([] { P({V(0, 0), V(4, 0), V(2, 0), V(2, 3)}); })
              .find("steer::polygon: points must not cross themselves") == 0);  // folding back
    CHECK(steer::test::refusal_of([] { P({V(0, 0), V(1, 0), V(0, std::numeric_limits<S>::infinity())}); })
              .find("steer::polygon: points must be finite") == 0);
    // Repeats are dropped, either winding is accepted and stored counterclockwise.
    const P clockwise({V(0, 0), V(0, 1), V(0, 1), V(1, 1), V(1, 0), V(0, 0)});
    CHECK(clockwise.size() == 4);
    CHECK(clockwise.points().front() == V(1, 0));
    CHECK(near(steer::detail::outward_normal(clockwise, 0), V(1, 0)));
}

TEST_CASE_TEMPLATE("a polygon's inside, distance, nearest point and first contact agree with brute-force geometry", V,
                   glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    steer::rng gen(60);
    for (int shape = 0; shape < 25; ++shape) {
        const std::vector<V> corners = random_star<V>(gen, 3 + shape % 9);
        const steer::polygon<V> poly(corners);
        std::vector<V> surface;
        const double step = 0.005;
        for (std::size_t i = 0; i < corners.size(); ++i)
            steer::test::sample_segment(surface, corners[i], corners[(i + 1) % corners.size()], step);
        const V center = poly.bounds().center;
        for (int query = 0; query < 20; ++query) {
            const V p = center + steer::random_vector_in_unit_ball<V>(gen) * (S(1.5) * poly.bounds().radius);
            const auto inside = [&](const V& x) { return steer::test::inside_by_winding(corners, x); };
            steer::test::check_distance_queries(poly, surface, step, p, inside);
            if (std::abs(double(signed_distance(poly, p))) > 1e-3) CHECK(contains(poly, p) == inside(p));
            CHECK(contains(poly, nearest_inside(poly, p)));
        }
        for (int query = 0; query < 40; ++query)
            steer::test::check_first_contact(poly, steer::test::random_sweep<V>(gen, center, poly.bounds().radius * S(1.5)));
    }
}

TEST_CASE_TEMPLATE("a sweep from inside a polygon touches at once and points the shortest way out", V, glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    // An L-shaped building.
    const steer::polygon<V> building({V(0, 0), V(6, 0), V(6, 2), V(2, 2), V(2, 6), V(0, 6)});
    const auto inside = first_contact(building, steer::sweep<V>{V(1, 5.5), V(1, 0), S(3), S(0)});
    REQUIRE(inside);
    CHECK(inside->distance == S(0));
    CHECK(near(inside->normal, V(0, 1)));
    CHECK(near(inside->point, V(1, 6)));
    // From the notch (outside, concave corner), the ray hits the inner wall.
    const auto notch = first_contact(building, steer::sweep<V>{V(4, 4), V(-1, 0), S(5), S(0)});
    REQUIRE(notch);
    CHECK(std::abs(double(notch->distance) - 2) < 1e-5);
    CHECK(near(notch->normal, V(1, 0)));
    CHECK(signed_distance(building, V(4, 4)) > S(0));
    CHECK(std::abs(double(signed_distance(building, V(4, 4))) - 2) < 1e-5);
}

TEST_CASE_TEMPLATE("a polygon drops a corner a few denormals from the previous one, so every edge has a normal", V,
                   glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    const S d = std::numeric_limits<S>::denorm_min();
    // The second corner is 3 denormals from the first: that edge had no direction, and a
    // body on it was pushed out along a zero normal.
    const steer::polygon<V> shape({V(0, 0), V(S(3) * d, 0), V(1, 0), V(1, 1), V(0, 1)});
    CHECK(shape.size() == 4);
    for (std::size_t i = 0; i < shape.size(); ++i)
        CHECK(static_cast<double>(glm::length(steer::detail::outward_normal(shape, i))) == doctest::Approx(1));
    const auto hit = steer::first_contact(shape, steer::sweep<V>{.origin = V(d, 0), .direction = V(1, 0)});
    REQUIRE(hit.has_value());
    CHECK(hit->distance == S(0));
    CHECK(static_cast<double>(glm::length(hit->normal)) == doctest::Approx(1));
}

TEST_CASE("contains: a point beside a polygon whose edge rises a few denormals is outside (the shapes fuzzer's sliver)") {
    using Vec = glm::dvec2;
    // The edge from (1718, 5e-324) to (0, 0) crosses y = 0 at x = 0; multiplying first
    // rounded 1717.99 denormals to 1718 and moved the crossing to x = -0.013.
    const steer::polygon<Vec> sliver({Vec(-0.0, -0.0053763440860215058), Vec(1717.9869180000001, 4.9406564584124654e-324),
                                    Vec(0, 0)});
    const Vec beside(-0.0053763440860215058, -0.0);
    CHECK_FALSE(steer::contains(sliver, beside));
    CHECK(steer::signed_distance(sliver, beside) > 0);
    CHECK(steer::contains(sliver, Vec(100, -0.001)));
}

TEST_CASE("a ray entering a polygon at a shallow angle meets it where it enters, not where it leaves") {
    // The shapes fuzzer's sliver: the ray crosses the diagonal edge at 2.5e-6 radians.
    using Vec = glm::dvec2;
    const steer::polygon<Vec> sliver({Vec(-2.4030797671877775e-306, -2.4030797671877775e-306),
                                    Vec(2627.5380649999997, 1313.754702), Vec(2627.5094039999999, 2627.5094039999999)});
    const steer::sweep<Vec> ray{.origin = Vec(-0.0066666666666666671, -2.4030797671877775e-306),
                              .direction = Vec(0.70710857529136018, 0.70710498707718283), .length = 7385.96046};
    const auto hit = steer::first_contact(sliver, ray);
    REQUIRE(hit.has_value());
    CHECK(hit->distance == doctest::Approx(1857.93).epsilon(1e-4));
}

TEST_CASE("a ray entering a polygon exactly at a corner meets it there") {
    // The shapes fuzzer's triangle: the ray runs along y = x through the corner at
    // (-2.2e-16, -2.2e-16), and rounding put the crossing just outside both edges that meet there.
    using Vec = glm::dvec2;
    const steer::polygon<Vec> triangle({Vec(-1.0000000000000002, 1.0000000000000002),
                                      Vec(-2.2204460492503131e-16, -1.0000000000000002),
                                      Vec(-2.2204460492503131e-16, -2.2204460492503131e-16)});
    const steer::sweep<Vec> ray{.origin = Vec(0.57454800000000006, 0.57454800000000006),
                              .direction = Vec(-0.70710678118654746, -0.70710678118654746), .length = 5.778006};
    const auto hit = steer::first_contact(triangle, ray);
    REQUIRE(hit.has_value());
    CHECK(hit->distance == doctest::Approx(0.57454800000000006 * 1.4142135623730951).epsilon(1e-9));
}

TEST_CASE("a ray within rounding of parallel to an edge does not meet it short of the polygon") {
    // The shapes fuzzer's float triangle: the ray runs along one edge and crosses the line
    // of another at 1.3e-5 radians, where float's rounding moves the crossing by more than
    // the triangle is wide. The contact, if any, is where the ray reaches the triangle.
    using Vec = glm::vec2;
    const steer::polygon<Vec> triangle({Vec(-1.1920928955078125e-07f, 1.1920928955078125e-07f),
                                      Vec(-1.2695338988880705e-36f, -1.2695338988880705e-36f),
                                      Vec(0.0092592593282461166f, 0.0092592593282461166f)});
    const steer::sweep<Vec> ray{.origin = Vec(2.1952650547027588f, 2.1952650547027588f),
                              .direction = Vec(-0.7071068286895752f, -0.7071068286895752f), .length = 5.5460372f};
    const auto hit = steer::first_contact(triangle, ray);
    REQUIRE(hit.has_value());
    const Vec reached = ray.origin + ray.direction * hit->distance;
    CHECK(static_cast<double>(steer::signed_distance(triangle, reached)) < 1e-3);
}
