#include <cmath>
#include <span>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/cohesion.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("cohesion halves the mean distance to the centroid of 30 scattered characters within 10 s", V, STEER_TEST_VECTORS) {
    steer::rng gen(12);
    auto crowd = steer::test::scatter<V>(gen, 30, 10, 0.5, {.max_force = 1, .max_speed = 2});
    const steer::neighborhood<V> n{.max_distance = 30};
    const double start = steer::test::mean_distance_to_centroid(crowd);
    int halved_at = -1;
    for (int frame = 1; frame <= 600; ++frame) {  // 10 s at 60 Hz
        steer::test::step_all(crowd, [&](std::size_t i) { return steer::cohesion(crowd[i], crowd, n); }, 1.0 / 60);
        if (halved_at < 0 && steer::test::mean_distance_to_centroid(crowd) <= start / 2) halved_at = frame;
    }
    CHECK(halved_at > 0);                                                    // halved within 10 s
    CHECK(steer::test::mean_distance_to_centroid(crowd) <= start / 2);       // and still so at 10 s
}

TEST_CASE_TEMPLATE("cohesion points to the average position of the neighbors in the neighborhood", V, STEER_TEST_VECTORS) {
    const steer::vehicle<V> v({.position = make<V>(-1, 2, 0.5), .velocity = make<V>(0, 0.5, 0)});  // heading +Y
    const auto at = [&](double x, double y, double z) {
        return steer::vehicle<V>({.position = v.position() + make<V>(x, y, z)});
    };
    const std::vector<steer::vehicle<V>> crowd{at(2, 0, 0), at(0, 3, 0), at(1, 0, 0), at(0, -1, 0), v};
    CHECK(near(steer::cohesion(v, crowd, steer::neighborhood<V>{.max_distance = 5}), make<V>(0.75, 0.5, 0)));
    CHECK(near(steer::cohesion(v, crowd, steer::neighborhood<V>{.max_distance = 2.5}), make<V>(1, -1.0 / 3, 0)));
    // Half-space ahead (+Y): only the one at (0, 3) is seen.
    CHECK(near(steer::cohesion(v, crowd, steer::neighborhood<V>{.max_distance = 5, .max_angle = 1.5}), make<V>(0, 3, 0)));
}

TEST_CASE_TEMPLATE("cohesion is finite and zero with coincident or no neighbors", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(2, 3, 4), .velocity = make<V>(0, 1, 0)});
    const steer::neighborhood<V> n{.max_distance = 5};
    const V zero(S(0));
    CHECK(steer::cohesion(v, std::vector<steer::vehicle<V>>{}, n) == zero);
    CHECK(steer::cohesion(v, std::span<const steer::vehicle<V>* const>{}, n) == zero);
    CHECK(steer::cohesion(v, std::vector<steer::vehicle<V>>(4, v), n) == zero);
    const std::vector<steer::vehicle<V>> far_away{steer::vehicle<V>({.position = make<V>(100, 0, 0)})};
    CHECK(steer::cohesion(v, far_away, n) == zero);
}
