#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/separation.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("separation pushes 20 characters released almost on one spot apart", V, STEER_TEST_VECTORS) {
    steer::rng gen(11);
    auto crowd = steer::test::scatter<V>(gen, 20, 0.05, 0, {.max_force = 4, .max_speed = 2});
    const steer::neighborhood<V> n{.max_distance = 3};
    const double start = steer::test::min_pairwise_distance(crowd);
    REQUIRE(start < 0.05);
    for (int frame = 0; frame < 300; ++frame)  // 5 s at 60 Hz
        steer::test::step_all(crowd, [&](std::size_t i) { return steer::separation(crowd[i], crowd, n); }, 1.0 / 60);
    const double end = steer::test::min_pairwise_distance(crowd);
    CHECK(end >= 3 * start);
    CHECK(end > 1);
}

TEST_CASE_TEMPLATE("separation points away from each neighbor, weighted one over the distance", V, STEER_TEST_VECTORS) {
    const steer::vehicle<V> v({.position = make<V>(1, 1, 1)});
    const steer::neighborhood<V> n{.max_distance = 10};
    const auto at = [&](double x, double y, double z) {
        return steer::vehicle<V>({.position = v.position() + make<V>(x, y, z)});
    };
    const std::vector<steer::vehicle<V>> one_near{at(1, 0, 0)};
    const std::vector<steer::vehicle<V>> one_far{at(0, 4, 0)};
    CHECK(near(steer::separation(v, one_near, n), make<V>(-1, 0, 0)));       // 1 unit away: length 1
    CHECK(near(steer::separation(v, one_far, n), make<V>(0, -0.25, 0)));     // 4 units away: length 1/4
    const std::vector<steer::vehicle<V>> both{at(1, 0, 0), at(0, 4, 0), v};  // v itself is skipped
    CHECK(near(steer::separation(v, both, n), make<V>(-1, -0.25, 0)));
    const std::vector<steer::vehicle<V>> opposite{at(2, 0, 0), at(-2, 0, 0)};  // balanced: no push
    CHECK(near(steer::separation(v, opposite, n), make<V>(0, 0, 0)));
    // Outside the neighborhood: ignored.
    CHECK(near(steer::separation(v, one_far, steer::neighborhood<V>{.max_distance = 3}), make<V>(0, 0, 0)));
}

TEST_CASE_TEMPLATE("separation is finite and zero with coincident or no neighbors", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(2, 3, 4), .velocity = make<V>(0, 1, 0)});
    const steer::neighborhood<V> n{.max_distance = 5};
    const V zero(S(0));
    CHECK(steer::separation(v, std::vector<steer::vehicle<V>>{}, n) == zero);
    CHECK(steer::separation(v, std::span<const steer::vehicle<V>* const>{}, n) == zero);
    const std::vector<steer::vehicle<V>> stack(5, v);  // five copies on v's spot
    CHECK(steer::separation(v, stack, n) == zero);
    // Almost coincident: a huge push, but finite.
    const V tiny = make<V>(1, 1, 1) * std::numeric_limits<S>::min();
    std::vector<steer::vehicle<V>> almost;
    for (int i = 1; i <= 5; ++i) almost.push_back(steer::vehicle<V>({.position = v.position() + tiny * S(i)}));
    CHECK(steer::is_finite(steer::separation(v, almost, n)));
    std::vector<steer::vehicle<V>> close;
    for (int i = 1; i <= 1000; ++i)
        close.push_back(steer::vehicle<V>({.position = make<V>(1e-18, 0, 0) * S(i)}));
    CHECK(steer::is_finite(steer::separation(steer::vehicle<V>(), close, n)));
}
