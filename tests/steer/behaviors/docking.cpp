#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/arrival.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/docking.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;

namespace {

struct docking_record {
    bool rested = false;              // came within 0.05 of the target with speed < 0.05
    double worst_rest_heading = 0;    // degrees from target_forward, over every frame after first resting
    double final_distance = 0;
    double final_speed = 0;
    double furthest_past_target = 0;  // along target_forward, once within 0.5 of the target
};

template <steer::vector V>
docking_record dock_run(steer::vehicle<V> v, const V& target, const V& target_forward,
                        steer::scalar_t<V> slowing_distance, double seconds) {
    using S = steer::scalar_t<V>;
    const V axis = steer::safe_normalize(target_forward);
    docking_record r;
    bool close = false;
    for (int frame = 0; frame < static_cast<int>(seconds * 60); ++frame) {
        v.apply_force(steer::docking(v, target, target_forward, {.slowing_distance = slowing_distance}), S(1) / S(60));
        const double distance = static_cast<double>(glm::length(v.position() - target));
        if (distance < 0.5) close = true;
        if (close) {
            r.furthest_past_target =
                std::max(r.furthest_past_target, static_cast<double>(glm::dot(v.position() - target, axis)));
        }
        if (distance < 0.05 && v.speed() < S(0.05)) r.rested = true;
        if (r.rested) {
            const double cosine = std::clamp(static_cast<double>(glm::dot(v.forward(), axis)), -1.0, 1.0);
            r.worst_rest_heading = std::max(r.worst_rest_heading, std::acos(cosine) * 180 / std::numbers::pi);
        }
    }
    r.final_distance = static_cast<double>(glm::length(v.position() - target));
    r.final_speed = static_cast<double>(v.speed());
    return r;
}

}  // namespace

TEST_CASE_TEMPLATE("docking rests on the target with heading within 10 degrees of target_forward", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V target = make<V>(2, -1, 3);
    const V target_forward = make<V>(1, 0.5, -0.3) * S(3);  // any length
    const V axis = steer::safe_normalize(target_forward);
    const V side = steer::detail::perpendicular_unit(axis, make<V>(0, 1, 1));
    // Starting points in the target's frame: behind, beside, in front (off the axis and on
    // it), and just in front of the target.
    const V starts[] = {target - axis * S(10) + side * S(3), target + side * S(8), target + axis * S(8) + side * S(1),
                        target + axis * S(8), target + axis * S(0.5) + side * S(0.2)};
    for (const S mass : {S(1), S(5)}) {
        for (const S slowing_distance : {S(0), S(2)}) {
            for (const V& start : starts) {
                for (const bool moving : {false, true}) {
                    CAPTURE(mass);
                    CAPTURE(slowing_distance);
                    CAPTURE(start);
                    CAPTURE(moving);
                    // Moving: at full speed, straight toward the target's front.
                    const V velocity = moving ? steer::safe_normalize(target + axis * S(4) - start) * S(2) : V(S(0));
                    const steer::vehicle<V> v(
                        {.position = start, .velocity = velocity, .mass = mass, .max_force = 4, .max_speed = 2});
                    const auto r = dock_run(v, target, target_forward, slowing_distance, 80);
                    CHECK(r.rested);
                    CHECK(r.final_distance < 0.05);
                    CHECK(r.final_speed < 0.05);
                    CHECK(r.worst_rest_heading < 10.0);
                    CHECK(r.furthest_past_target < 0.01);  // the final approach comes from behind
                }
            }
        }
    }
}

TEST_CASE_TEMPLATE("docking without a forward direction is arrival", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(4, 1, -2), .velocity = make<V>(0, 1, 0), .max_speed = 2});
    const V target = make<V>(-1, 3, 2);
    CHECK(steer::docking(v, target, V(S(0)), {.slowing_distance = 2}) == steer::arrival(v, target, {.slowing_distance = S(2)}));
}

TEST_CASE_TEMPLATE("docking stays finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S huge = std::numeric_limits<S>::max() / S(8);
    const S tiny = std::numeric_limits<S>::denorm_min();
    const V target = make<V>(1, 2, 3);
    for (const S max_speed : {S(0), S(2)}) {
        for (const V velocity : {V(S(0)), make<V>(0, 1, 0)}) {
            const steer::vehicle<V> v({.position = target, .velocity = velocity, .max_speed = max_speed});
            for (const V forward : {V(S(0)), make<V>(1, 0, 0), make<V>(1, 1, 1) * tiny, make<V>(-1, 1, 0) * huge}) {
                for (const S slowing_distance : {S(0), S(2)}) {
                    CHECK(steer::is_finite(steer::docking(v, target, forward, {.slowing_distance = slowing_distance})));  // on the target
                    CHECK(steer::is_finite(steer::docking(v, target + make<V>(0, 0, 1) * tiny, forward, {.slowing_distance = slowing_distance})));
                    CHECK(steer::is_finite(steer::docking(v, target + make<V>(3, 0, 0), forward, {.slowing_distance = slowing_distance})));  // on the axis
                    CHECK(steer::is_finite(steer::docking(v, target - make<V>(1, 1, 1) * huge, forward, {.slowing_distance = slowing_distance})));
                }
            }
        }
    }
    const steer::vehicle<V> still({.position = target});
    CHECK(steer::docking(still, target, make<V>(1, 0, 0), {.slowing_distance = 2}) == V(S(0)));
    CHECK_THROWS_WITH_AS((void)steer::docking(still, target, make<V>(1, 0, 0), {.slowing_distance = -1}),
                         "steer::docking: slowing_distance must be >= 0 and finite (got -1)", std::invalid_argument);
    CHECK_THROWS_WITH_AS(steer::validate(steer::docking_params<V>{.slowing_distance = -1}),
                         "steer::docking: slowing_distance must be >= 0 and finite (got -1)", std::invalid_argument);
}

TEST_CASE_TEMPLATE("docking answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng states(41);
    for (int i = 0; i < 300; ++i) {
        const auto v = steer::test::random_vehicle<V>(states);
        const V target = steer::random_vector_in_unit_ball<V>(states) * S(8);
        const V target_forward = steer::random_vector_in_unit_ball<V>(states) * S(3);
        const steer::docking_params<V> p{.slowing_distance = steer::uniform(states, S(0), S(5))};
        const V force = steer::docking(v, target, target_forward, p);
        CAPTURE(force);
        CHECK(steer::test::within_max_force(force, v.max_force()));
        CHECK(steer::test::same_bits(steer::docking(steer::test::bare(v), target, target_forward, p), force));
    }
    // From rest, far behind the target: the whole of max_force along the approach.
    const V target = make<V>(1, 2, 3);
    const V forward = make<V>(1, 0, 0);
    const steer::vehicle<V> v({.position = target - forward * S(20), .mass = 3, .max_force = S(2), .max_speed = 5});
    const V force = steer::docking(v, target, forward);
    CHECK(steer::test::at_full_effort(force, S(2)));
    CHECK(static_cast<double>(glm::dot(steer::safe_normalize(force), forward)) > 1 - 1e-5);
    // At rest on the target: nothing to do.
    const steer::vehicle<V> docked({.position = target, .mass = 3, .max_force = S(2), .max_speed = 5});
    CHECK(steer::docking(docked, target, forward) == V(S(0)));
}
