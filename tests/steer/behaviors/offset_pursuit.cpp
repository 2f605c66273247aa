#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/offset_pursuit.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/pursuit.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

/// The closest distance between the two over the first fly-by: until the pursuer, having
/// come close, is more than 3 offsets away again (or `seconds` pass).
template <steer::vector V>
double closest_pass(steer::vehicle<V> v, steer::vehicle<V> quarry, steer::scalar_t<V> offset, double seconds) {
    using S = steer::scalar_t<V>;
    double closest = 1e9;
    for (int frame = 0; frame < static_cast<int>(seconds * 60); ++frame) {
        const V steering = steer::offset_pursuit(v, quarry, {.offset = offset, .max_prediction_time = S(3)});
        v.apply_force(steering, S(1) / S(60));
        quarry.apply_force(V(S(0)), S(1) / S(60));
        const double d = static_cast<double>(glm::length(v.position() - quarry.position()));
        closest = std::min(closest, d);
        if (closest < 2 * static_cast<double>(offset) && d > 3 * static_cast<double>(offset)) break;
    }
    return closest;
}

}  // namespace

TEST_CASE_TEMPLATE("offset pursuit's closest approach lies between 0.5 R and 1.5 R", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (const S offset : {S(1), S(2), S(4)}) {
        SUBCASE("a crossing quarry") {
            const steer::vehicle<V> v({.max_force = 2, .max_speed = 1});
            const steer::vehicle<V> quarry({.position = make<V>(12, -5, 3), .velocity = make<V>(0, 0.5, 0), .max_speed = 1});
            const double closest = closest_pass(v, quarry, offset, 40);
            CAPTURE(offset);
            CHECK(closest >= 0.5 * static_cast<double>(offset));
            CHECK(closest <= 1.5 * static_cast<double>(offset));
        }
        SUBCASE("a quarry coming head-on, dead ahead") {
            const steer::vehicle<V> v({.velocity = make<V>(1, 0, 0), .max_force = 2, .max_speed = 1});
            const steer::vehicle<V> quarry({.position = make<V>(20, 0, 0), .velocity = make<V>(-0.5, 0, 0), .max_speed = 1});
            const double closest = closest_pass(v, quarry, offset, 40);
            CAPTURE(offset);
            CHECK(closest >= 0.5 * static_cast<double>(offset));
            CHECK(closest <= 1.5 * static_cast<double>(offset));
        }
        SUBCASE("a quarry at rest") {
            const steer::vehicle<V> v({.velocity = make<V>(0, 1, 0), .max_force = 2, .max_speed = 1});
            const steer::vehicle<V> quarry({.position = make<V>(10, 8, -4)});
            const double closest = closest_pass(v, quarry, offset, 40);
            CAPTURE(offset);
            CHECK(closest >= 0.5 * static_cast<double>(offset));
            CHECK(closest <= 1.5 * static_cast<double>(offset));
        }
    }
}

TEST_CASE_TEMPLATE("offset pursuit aims offset units to our side of the predicted quarry", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.velocity = make<V>(1, 0, 0), .max_speed = 1});  // heading +x
    const steer::vehicle<V> quarry({.position = make<V>(10, 5, 0)});            // at rest, to the front left
    // The quarry is 5 units off our axis; the aim point is 2 units closer to our axis.
    const V aimed = steer::offset_pursuit(v, quarry, {.offset = S(2), .max_prediction_time = S(3)}) + v.velocity();
    CHECK(near(aimed, steer::safe_normalize(make<V>(10, 3, 0)) * S(1)));
    // Zero offset is pursuit.
    CHECK(near(steer::offset_pursuit(v, quarry, {.offset = S(0), .max_prediction_time = S(3)}), steer::pursuit(v, quarry, {.max_prediction_time = S(3)})));
}

TEST_CASE_TEMPLATE("offset pursuit answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(17);
    for (int i = 0; i < 500; ++i) {
        const auto v = steer::test::random_vehicle<V>(gen);
        const auto other = steer::test::random_vehicle<V>(gen);
        const S offset = steer::uniform(gen, S(0), S(3));
        CHECK(steer::test::within_max_force(steer::offset_pursuit(v, other, {.offset = offset}), v.max_force()));
        // From rest toward a quarry far beyond the offset: full effort.
        const steer::vehicle<V> resting({.position = v.position(), .max_force = v.max_force(), .max_speed = v.max_speed()});
        const steer::vehicle<V> far({.position = v.position() + make<V>(20, 3, 0)});
        CHECK(steer::test::at_full_effort(steer::offset_pursuit(resting, far, {.offset = offset}), v.max_force()));
    }
}

TEST_CASE_TEMPLATE("offset pursuit stays finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> moving({.position = make<V>(1, 2, 3), .velocity = make<V>(0, 1, 0)});
    const steer::vehicle<V> still({.position = make<V>(1, 2, 3), .max_speed = 0});
    for (const S offset : {S(0), S(1)}) {
        for (const S horizon : {S(0), S(2)}) {
            CHECK(steer::is_finite(steer::offset_pursuit(moving, moving, {.offset = offset, .max_prediction_time = horizon})));  // coincident
            CHECK(steer::is_finite(steer::offset_pursuit(still, moving, {.offset = offset, .max_prediction_time = horizon})));
            CHECK(steer::is_finite(steer::offset_pursuit(moving, still, {.offset = offset, .max_prediction_time = horizon})));
            CHECK(steer::is_finite(steer::offset_pursuit(still, still, {.offset = offset, .max_prediction_time = horizon})));
        }
    }
    CHECK_THROWS_WITH_AS((void)steer::offset_pursuit(moving, still, {.offset = S(-1), .max_prediction_time = S(1)}),
                         "steer::offset_pursuit: offset must be >= 0 and finite (got -1)", std::invalid_argument);
    CHECK_THROWS_AS((void)steer::offset_pursuit(moving, still, {.offset = S(1), .max_prediction_time = S(-1)}), std::invalid_argument);
}
