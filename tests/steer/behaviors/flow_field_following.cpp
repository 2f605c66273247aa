#include <cmath>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/flow_field_following.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "contract_util.hpp"
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
        for (int step = 0; step < 5 * 60; ++step)
            v.apply_force(steer::flow_field_following(v, field, {.prediction_time = S(0.5)}), S(1) / S(60));
        CHECK(glm::dot(v.forward(), flow) > S(0.95));
        CHECK(std::abs(static_cast<double>(v.speed()) - 2.0) < 0.1);  // a unit flow asks for full speed
    }
}

TEST_CASE_TEMPLATE("flow field following is the velocity error toward the sampled flow, as a force", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // A field that rotates about the origin: flow = (-y, x) in the xy plane, 0.25 per unit of distance.
    const steer::flow_field<V> swirl({make<V>(-10, -10, -10), make<V>(10, 10, 10)}, cells<V>(20),
                                     [](const V& p) { return make<V>(-p.y, p.x, 0) * S(0.25); });
    // max_force == max_speed: the force is the paper's desired velocity minus velocity exactly.
    const steer::vehicle<V> v(
        {.position = make<V>(2, 0, 0), .velocity = make<V>(0, 1, 0), .max_force = 4, .max_speed = 4});
    // Predicted (2, 1): flow (-0.25, 0.5), times max_speed 4: desired (-1, 2); minus velocity (0, 1).
    CHECK(near(steer::flow_field_following(v, swirl, {.prediction_time = S(1)}), make<V>(-1, 1, 0)));
    // A flow longer than 1 asks for no more than max_speed: from rest, full effort (max_force).
    const steer::vehicle<V> far({.position = make<V>(8, 0, 0), .max_force = 2, .max_speed = 4});
    const V from_rest = steer::flow_field_following(far, swirl, {.prediction_time = S(0)});
    CHECK(std::abs(static_cast<double>(glm::length(from_rest)) - 2.0) < 1e-4);
    // Sampling is smooth, so the steering changes little between nearby positions.
    const steer::vehicle<V> a({.position = make<V>(1.49, 1.51, 0.5), .max_force = 4, .max_speed = 4});
    const steer::vehicle<V> b({.position = make<V>(1.51, 1.49, 0.5), .max_force = 4, .max_speed = 4});
    CHECK(glm::distance(steer::flow_field_following(a, swirl, {.prediction_time = S(0)}),
                        steer::flow_field_following(b, swirl, {.prediction_time = S(0)})) < S(0.05));
}

TEST_CASE_TEMPLATE("flow field following is finite for degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::flow_field<V> still({make<V>(0, 0, 0), make<V>(1, 1, 1)}, cells<V>(1));
    const steer::vehicle<V> resting;
    CHECK(steer::flow_field_following(resting, still) == V(S(0)));
    const steer::vehicle<V> moving({.position = make<V>(100, -100, 5), .velocity = make<V>(1, 0, 0)});
    CHECK(near(steer::flow_field_following(moving, still), make<V>(-1, 0, 0)));  // zero flow: a stop
    steer::flow_field<V> broken({make<V>(0, 0, 0), make<V>(1, 1, 1)}, cells<V>(2));
    broken.at(cells<V>(0)) = V(std::numeric_limits<S>::infinity());  // painted badly by hand
    CHECK(steer::is_finite(steer::flow_field_following(resting, broken, {.prediction_time = S(0)})));
    CHECK_THROWS_AS((void)steer::flow_field_following(resting, still, {.prediction_time = S(-1)}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("flow field following answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // A swirl whose flow grows past unit length toward the edges, and a uniform unit flow.
    const steer::flow_field<V> swirl({make<V>(-10, -10, -10), make<V>(10, 10, 10)}, cells<V>(20),
                                     [](const V& p) { return make<V>(-p.y, p.x, p.x * S(0.1)) * S(0.25); });
    const V east = make<V>(1, 0, 0);
    const steer::flow_field<V> uniform({make<V>(-10, -10, -10), make<V>(10, 10, 10)}, cells<V>(4),
                                       [&](const V&) { return east; });
    steer::rng gen(15);
    for (int trial = 0; trial < 400; ++trial) {
        CAPTURE(trial);
        const auto v = steer::test::random_vehicle<V>(gen, 12);
        const steer::flow_field_following_params<V> p{.prediction_time = steer::uniform<S>(gen, S(0), S(3))};
        for (const auto* field : {&swirl, &uniform}) {
            const V f = steer::flow_field_following(v, *field, p);
            CHECK(steer::test::within_max_force(f, v.max_force()));
            CHECK(steer::test::same_bits(f, steer::flow_field_following(steer::test::bare(v), *field, p)));
        }
    }
    // From rest in a unit flow: an error of max_speed, full effort along the flow.
    const steer::vehicle<V> resting({.mass = 2, .max_force = 5, .max_speed = 2});
    const V f = steer::flow_field_following(resting, uniform);
    CHECK(steer::test::at_full_effort(f, S(5)));
    CHECK(near(f, east * S(5)));
}
