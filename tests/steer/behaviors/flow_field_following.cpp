#include <cmath>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/flow_field_following.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

template <class V>
steer::cell_t<V> cells(int n) {
    return steer::cell_t<V>(n);
}

}  // namespace

TEST_CASE_TEMPLATE("a vehicle following a uniform flow field aligns with it", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V flow = steer::safe_normalize(make<V>(1, 2, -1));
    const steer::flow_field<V> field({make<V>(-50, -50, -50), make<V>(50, 50, 50)}, cells<V>(8),
                                     [&](const V&) { return flow; });
    steer::rng gen(3);
    for (int trial = 0; trial < 10; ++trial) {
        steer::vehicle<V> v({.velocity = steer::random_unit_vector<V>(gen) * S(2), .max_force = 3, .max_speed = 2});
        for (int step = 0; step < 5 * 60; ++step) v.apply_force(steer::follow_flow_field(v, field, S(0.5)), S(1) / S(60));
        CHECK(glm::dot(v.forward(), flow) > S(0.95));
        CHECK(std::abs(static_cast<double>(v.speed()) - 2.0) < 0.1);  // a unit flow asks for full speed
    }
}

TEST_CASE_TEMPLATE("flow field following is desired velocity from the sample minus velocity", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // A field that rotates about the origin: flow = (-y, x) in the xy plane, 0.25 per unit of distance.
    const steer::flow_field<V> swirl({make<V>(-10, -10, -10), make<V>(10, 10, 10)}, cells<V>(20),
                                     [](const V& p) { return make<V>(-p.y, p.x, 0) * S(0.25); });
    const steer::vehicle<V> v({.position = make<V>(2, 0, 0), .velocity = make<V>(0, 1, 0), .max_speed = 4});
    // Predicted (2, 1): flow (-0.25, 0.5), times max_speed 4: desired (-1, 2); minus velocity (0, 1).
    CHECK(near(steer::follow_flow_field(v, swirl, S(1)), make<V>(-1, 1, 0)));
    // A flow longer than 1 asks for no more than max_speed.
    const steer::vehicle<V> far({.position = make<V>(8, 0, 0), .max_speed = 4});
    CHECK(std::abs(static_cast<double>(glm::length(steer::follow_flow_field(far, swirl, S(0)))) - 4.0) < 1e-4);
    // Sampling is smooth, so the steering changes little between nearby positions.
    const steer::vehicle<V> a({.position = make<V>(1.49, 1.51, 0.5), .max_speed = 4});
    const steer::vehicle<V> b({.position = make<V>(1.51, 1.49, 0.5), .max_speed = 4});
    CHECK(glm::distance(steer::follow_flow_field(a, swirl, S(0)), steer::follow_flow_field(b, swirl, S(0))) < S(0.05));
}

TEST_CASE_TEMPLATE("flow field following is finite for degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::flow_field<V> still({make<V>(0, 0, 0), make<V>(1, 1, 1)}, cells<V>(1));
    const steer::vehicle<V> resting;
    CHECK(steer::follow_flow_field(resting, still, S(1)) == V(S(0)));
    const steer::vehicle<V> moving({.position = make<V>(100, -100, 5), .velocity = make<V>(1, 0, 0)});
    CHECK(near(steer::follow_flow_field(moving, still, S(1)), make<V>(-1, 0, 0)));  // zero flow: a stop
    steer::flow_field<V> broken({make<V>(0, 0, 0), make<V>(1, 1, 1)}, cells<V>(2));
    broken.at(cells<V>(0)) = V(std::numeric_limits<S>::infinity());  // painted badly by hand
    CHECK(steer::is_finite(steer::follow_flow_field(resting, broken, S(0))));
    CHECK_THROWS_AS((void)steer::follow_flow_field(resting, still, S(-1)), std::invalid_argument);
}
