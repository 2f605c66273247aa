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

TEST_CASE_TEMPLATE("cohesion points to the average position of the neighbors, max_force per radius of offset", V, STEER_TEST_VECTORS) {
    const steer::vehicle<V> v({.position = make<V>(-1, 2, 0.5), .velocity = make<V>(0, 0.5, 0), .max_force = 2});  // heading +Y
    const auto at = [&](double x, double y, double z) {
        return steer::vehicle<V>({.position = v.position() + make<V>(x, y, z)});
    };
    const std::vector<steer::vehicle<V>> crowd{at(2, 0, 0), at(0, 3, 0), at(1, 0, 0), at(0, -1, 0), v};
    // Center at (0.75, 0.5) from v, radius 5: (0.75, 0.5) * 2 / 5.
    CHECK(near(steer::cohesion(v, crowd, steer::neighborhood<V>{.max_distance = 5}), make<V>(0.3, 0.2, 0)));
    // Radius 2.5 admits three: center (1, -1/3), times 2 / 2.5.
    CHECK(near(steer::cohesion(v, crowd, steer::neighborhood<V>{.max_distance = 2.5}), make<V>(0.8, -0.8 / 3, 0)));
    // Half-space ahead (+Y): only the one at (0, 3) is seen.
    CHECK(near(steer::cohesion(v, crowd, steer::neighborhood<V>{.max_distance = 5, .max_angle = 1.5}), make<V>(0, 1.2, 0)));
    // The center on the neighborhood's edge: full effort.
    CHECK(near(steer::cohesion(v, crowd, steer::neighborhood<V>{.max_distance = 3, .max_angle = 1.5}), make<V>(0, 2, 0)));
}

TEST_CASE_TEMPLATE("cohesion answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(32);
    const auto crowd = steer::test::random_states<V>(gen, 60, 3);
    const auto agents = steer::test::bare<false>(crowd);  // without mass(): cohesion must not need one
    for (S reach : {S(0.5), S(1.5), S(4), S(100)}) {
        const steer::neighborhood<V> n{.max_distance = reach, .max_angle = S(2.4)};
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const V force = steer::cohesion(crowd[i], crowd, n);
            CHECK(steer::test::within_max_force(force, crowd[i].max_force()));
            CHECK(steer::test::same_bits(steer::cohesion(agents[i], agents, n), force));
        }
    }
    // One neighbor exactly on the neighborhood's edge: full effort toward it.
    const steer::vehicle<V> v({.max_force = S(3.7), .max_speed = S(1.3)});
    const std::vector<steer::vehicle<V>> one{steer::vehicle<V>({.position = make<V>(1.5, -2, 0)})};
    const V force = steer::cohesion(v, one, steer::neighborhood<V>{.max_distance = S(2.5)});
    CHECK(steer::test::at_full_effort(force, v.max_force()));
    CHECK(near(steer::safe_normalize(force), make<V>(0.6, -0.8, 0)));
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
