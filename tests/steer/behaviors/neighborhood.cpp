#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/neighborhood.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

/// A vehicle at `position` heading +X (at speed 1).
template <steer::vector V>
steer::vehicle<V> heading_x(const V& position) {
    return steer::vehicle<V>({.position = position, .velocity = make<V>(1, 0, 0)});
}

/// A point at `distance` from the origin, `degrees` from +X toward +Y.
template <steer::vector V>
V at_angle(double distance, double degrees) {
    const double radians = degrees * std::numbers::pi / 180;
    return make<V>(distance * std::cos(radians), distance * std::sin(radians), 0);
}

template <steer::vector V>
steer::scalar_t<V> degrees(double d) {
    return static_cast<steer::scalar_t<V>>(d * std::numbers::pi / 180);
}

}  // namespace

// The concept accepts the ranges the issue names and refuses others at compile time.
static_assert(steer::neighbor_range<std::vector<steer::vehicle3>, glm::vec3>);
static_assert(steer::neighbor_range<std::vector<const steer::vehicle3*>, glm::vec3>);
static_assert(steer::neighbor_range<std::vector<steer::vehicle3*>, glm::vec3>);
static_assert(steer::neighbor_range<std::span<const steer::vehicle2>, glm::vec2>);
static_assert(steer::neighbor_range<std::span<const steer::vehicle2* const>, glm::vec2>);
static_assert(steer::neighbor_range<std::vector<std::unique_ptr<steer::vehicle3d>>, glm::dvec3>);
static_assert(steer::neighbor_range<std::vector<std::reference_wrapper<const steer::vehicle2>>, glm::vec2>);
static_assert(steer::neighbor_range<const steer::vehicle3*[4], glm::vec3>);
static_assert(!steer::neighbor_range<std::vector<int>, glm::vec3>);
static_assert(!steer::neighbor_range<std::vector<glm::vec3>, glm::vec3>);
static_assert(!steer::neighbor_range<std::vector<steer::vehicle2>, glm::vec3>);    // wrong dimension
static_assert(!steer::neighbor_range<std::vector<steer::vehicle3d>, glm::vec3>);   // wrong scalar
static_assert(!steer::neighbor_range<steer::vehicle3, glm::vec3>);                 // not a range

TEST_CASE_TEMPLATE("the neighborhood admits what is within its distance and excludes what is beyond", V, STEER_TEST_VECTORS) {
    const auto v = heading_x(make<V>(0, 0, 0));
    const steer::neighborhood<V> n{.max_distance = 2};
    for (double angle : {0.0, 45.0, 90.0, 135.0, 180.0, 270.0}) {
        CAPTURE(angle);
        CHECK(steer::in_neighborhood(v, heading_x(at_angle<V>(1.0, angle)), n));
        CHECK(steer::in_neighborhood(v, heading_x(at_angle<V>(1.99, angle)), n));
        CHECK_FALSE(steer::in_neighborhood(v, heading_x(at_angle<V>(2.01, angle)), n));
        CHECK_FALSE(steer::in_neighborhood(v, heading_x(at_angle<V>(50, angle)), n));
    }
    if constexpr (steer::dimension_v<V> == 3) {  // out of the plane too
        CHECK(steer::in_neighborhood(v, heading_x(make<V>(0, 0, 1.9)), n));
        CHECK_FALSE(steer::in_neighborhood(v, heading_x(make<V>(0, 0, 2.1)), n));
    }
    CHECK_FALSE(steer::in_neighborhood(v, heading_x(make<V>(0.5, 0, 0)), steer::neighborhood<V>{.max_distance = 0}));
}

TEST_CASE_TEMPLATE("the neighborhood's angle is measured from forward and excludes what is outside the field of view", V, STEER_TEST_VECTORS) {
    // Forward is +X: angles from it, within 100 degrees seen, beyond not (both sides).
    const auto v = heading_x(make<V>(3, -1, 2));
    const steer::neighborhood<V> wide{.max_distance = 5, .max_angle = degrees<V>(100)};
    const steer::neighborhood<V> narrow{.max_distance = 5, .max_angle = degrees<V>(45)};
    const steer::neighborhood<V> nearly_all{.max_distance = 5, .max_angle = degrees<V>(170)};
    const steer::neighborhood<V> ahead_only{.max_distance = 5, .max_angle = 0};
    const steer::neighborhood<V> all_round{.max_distance = 5};
    const auto at = [&](double degrees_from_forward) {
        return heading_x(v.position() + at_angle<V>(2, degrees_from_forward));
    };
    for (double sign : {1.0, -1.0}) {
        CAPTURE(sign);
        CHECK(steer::in_neighborhood(v, at(sign * 30), wide));
        CHECK(steer::in_neighborhood(v, at(sign * 95), wide));
        CHECK_FALSE(steer::in_neighborhood(v, at(sign * 105), wide));
        CHECK_FALSE(steer::in_neighborhood(v, at(sign * 150), wide));
        CHECK(steer::in_neighborhood(v, at(sign * 40), narrow));
        CHECK_FALSE(steer::in_neighborhood(v, at(sign * 50), narrow));
        CHECK(steer::in_neighborhood(v, at(sign * 165), nearly_all));
        CHECK_FALSE(steer::in_neighborhood(v, at(sign * 175), nearly_all));
        CHECK_FALSE(steer::in_neighborhood(v, at(sign * 5), ahead_only));
        CHECK(steer::in_neighborhood(v, at(sign * 179), all_round));
    }
    CHECK(steer::in_neighborhood(v, at(0), ahead_only));
    CHECK(steer::in_neighborhood(v, at(180), all_round));
    CHECK_FALSE(steer::in_neighborhood(v, at(180), nearly_all));
    // The field of view turns with the vehicle: heading -X, the point ahead is now behind.
    const steer::vehicle<V> turned({.position = v.position(), .velocity = make<V>(-1, 0, 0)});
    CHECK_FALSE(steer::in_neighborhood(turned, at(30), wide));
    CHECK(steer::in_neighborhood(turned, at(150), wide));
}

TEST_CASE_TEMPLATE("a neighborhood's branch-free acceptance answers as its test does", V, STEER_TEST_VECTORS) {
    // flocking weighs alignment and cohesion by acceptance() instead of branching on
    // accepts(): the two must agree everywhere, boundaries included.
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    for (double angle : {0.0, 30.0, 89.0, 90.0, 91.0, 135.0, 179.0, 180.0, 400.0}) {
        for (S distance : {S(0), S(1), S(2.5)}) {
            CAPTURE(angle);
            CAPTURE(distance);
            const steer::neighborhood<V> n{.max_distance = distance, .max_angle = degrees<V>(angle)};
            const steer::detail::neighborhood_test<V> test(n);
            std::size_t accepted = 0, disagreements = 0;
            const auto check = [&](S distance_squared, S forwardness) {
                const bool yes = test.accepts(distance_squared, forwardness);
                accepted += yes ? 1 : 0;
                disagreements += test.acceptance(distance_squared, forwardness) == (yes ? S(1) : S(0)) ? 0u : 1u;
            };
            for (int i = 0; i < 2000; ++i) {
                const V offset = steer::random_vector_in_unit_ball<V>(gen) * S(3);
                check(glm::dot(offset, offset), offset.x);  // forward is +X
            }
            // On the boundaries: at the distance, at the angle, straight ahead and behind.
            const S d2 = distance * distance;
            const S edge = static_cast<S>(std::cos(degrees<V>(angle))) * distance;
            for (S forwardness : {edge, -edge, distance, -distance, S(0)}) check(d2, forwardness);
            check(d2 * S(1.0001) + S(1e-6), S(0));
            CHECK(disagreements == 0);
            if (distance > 0 && angle > 0) CHECK(accepted > 0);
        }
    }
}

TEST_CASE_TEMPLATE("the neighborhood skips the vehicle itself, copies on its spot and null pointers", V, STEER_TEST_VECTORS) {
    const auto v = heading_x(make<V>(1, 2, 3));
    const steer::neighborhood<V> n{.max_distance = 10};
    CHECK_FALSE(steer::in_neighborhood(v, v, n));                       // itself, by identity
    const auto copy = v;
    CHECK_FALSE(steer::in_neighborhood(v, copy, n));                    // coincident: no direction
    const auto other = heading_x(make<V>(2, 2, 3));
    CHECK(steer::in_neighborhood(v, other, n));

    // neighborhood_center over a range holding itself, a coincident copy, a null and one other.
    const std::vector<const steer::vehicle<V>*> pointers{&v, &copy, nullptr, &other};
    const auto center = steer::neighborhood_center(v, pointers, n);
    REQUIRE(center.has_value());
    CHECK(near(*center, other.position()));
    const std::vector<const steer::vehicle<V>*> nobody{&v, &copy, nullptr};
    CHECK_FALSE(steer::neighborhood_center(v, nobody, n).has_value());
}

TEST_CASE_TEMPLATE("neighborhood_center averages the neighbors inside and ignores the rest", V, STEER_TEST_VECTORS) {
    const auto v = heading_x(make<V>(0, 0, 0));
    const std::vector<steer::vehicle<V>> crowd{heading_x(make<V>(1, 1, 0)), heading_x(make<V>(1, -1, 0)),
                                               heading_x(make<V>(3, 0, 0)), heading_x(make<V>(-1, 0, 0)),
                                               heading_x(make<V>(9, 0, 0))};
    const steer::neighborhood<V> ahead{.max_distance = 4, .max_angle = degrees<V>(90)};
    const auto center = steer::neighborhood_center(v, crowd, ahead);   // the first three
    REQUIRE(center.has_value());
    CHECK(near(*center, make<V>(5.0 / 3, 0, 0)));
    const auto around = steer::neighborhood_center(v, std::span(crowd), steer::neighborhood<V>{.max_distance = 4});
    REQUIRE(around.has_value());
    CHECK(near(*around, make<V>(1, 0, 0)));                          // the first four
}

TEST_CASE_TEMPLATE("in_neighborhood and neighborhood_center answer for a game's own agents as for vehicles", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(37);
    const auto crowd = steer::test::random_states<V>(gen, 40, 3);
    const auto agents = steer::test::bare<false>(crowd);  // no mass(): the queries must not need one
    const steer::neighborhood<V> n{.max_distance = S(1.5), .max_angle = S(2)};
    for (std::size_t i = 0; i < crowd.size(); ++i) {
        for (std::size_t j = 0; j < crowd.size(); ++j)
            CHECK(steer::in_neighborhood(agents[i], agents[j], n) == steer::in_neighborhood(crowd[i], crowd[j], n));
        const auto expected = steer::neighborhood_center(crowd[i], crowd, n);
        const auto got = steer::neighborhood_center(agents[i], agents, n);
        REQUIRE(got.has_value() == expected.has_value());
        if (got) CHECK(steer::test::same_bits(*got, *expected));
    }
}

TEST_CASE_TEMPLATE("a bad neighborhood is refused with a message naming the parameter", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const auto v = heading_x(make<V>(0, 0, 0));
    const auto message = [&](steer::neighborhood<V> n) {
        return steer::test::refusal_of([&] { (void)steer::in_neighborhood(v, v, n); });
    };
    CHECK(message({.max_distance = -1}) == "steer::neighborhood: max_distance must be >= 0 and finite (got -1)");
    CHECK(message({.max_distance = 1, .max_angle = -S(0.5)}) ==
          "steer::neighborhood: max_angle must be >= 0 and finite (got -0.5)");
    CHECK(message({.max_distance = std::numeric_limits<S>::infinity()}).find("max_distance must be") != std::string::npos);
    CHECK(message({.max_distance = 1, .max_angle = std::numeric_limits<S>::quiet_NaN()}).find("max_angle") !=
          std::string::npos);
    CHECK(message({.max_distance = 1, .max_angle = 7}) == "(nothing thrown)");   // more than pi: all round
}
