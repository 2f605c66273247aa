#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/arrival.hpp>
#include <steer/vehicle.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;

namespace {

/// What an arrival run looked like. "Inside" starts when the vehicle first comes within
/// `watch_from` (the slowing distance unless given); the approach axis is the line from that
/// point to the target.
struct approach_record {
    double final_distance = 0;
    double final_speed = 0;
    double overshoot = 0;                // furthest point past the target along the approach axis
    int axis_velocity_sign_changes = 0;  // inside: reversals of the velocity along the axis
    double worst_distance_increase = 0;  // inside: largest frame-to-frame growth of the distance
    double worst_speed_increase = 0;     // within half of `watch_from`: largest frame-to-frame growth of the speed
    bool entered = false;
};

template <steer::vector V>
approach_record approach(steer::vehicle<V> v, const V& target, steer::scalar_t<V> slowing_distance, double hz,
                         double seconds, double watch_from = -1) {
    using S = steer::scalar_t<V>;
    approach_record r;
    const S dt = S(1) / static_cast<S>(hz);
    V axis{};
    double previous_distance = 0;
    double previous_speed = 0;
    double previous_axis_velocity = 0;
    const auto frames = static_cast<int>(seconds * hz);
    if (watch_from < 0) watch_from = static_cast<double>(slowing_distance);
    for (int frame = 0; frame < frames; ++frame) {
        v.apply_force(steer::arrival(v, target, {.slowing_distance = slowing_distance}), dt);
        const double distance = static_cast<double>(glm::length(v.position() - target));
        const double speed = static_cast<double>(v.speed());
        if (!r.entered && distance <= watch_from) {
            r.entered = true;
            axis = steer::safe_normalize(target - v.position());
        } else if (r.entered) {
            r.worst_distance_increase = std::max(r.worst_distance_increase, distance - previous_distance);
            if (distance <= watch_from / 2) r.worst_speed_increase = std::max(r.worst_speed_increase, speed - previous_speed);
            r.overshoot = std::max(r.overshoot, static_cast<double>(glm::dot(v.position() - target, axis)));
            const double axis_velocity = static_cast<double>(glm::dot(v.velocity(), axis));
            if (std::abs(axis_velocity) > 1e-9) {
                if (axis_velocity * previous_axis_velocity < 0) ++r.axis_velocity_sign_changes;
                previous_axis_velocity = axis_velocity;
            }
        }
        previous_distance = distance;
        previous_speed = speed;
    }
    r.final_distance = static_cast<double>(glm::length(v.position() - target));
    r.final_speed = static_cast<double>(v.speed());
    return r;
}

/// A vehicle 10 units from `target`, at rest or moving sideways (perpendicular to the
/// line to the target) at full speed.
template <steer::vector V>
steer::vehicle<V> vehicle_near(const V& target, bool sideways, steer::scalar_t<V> mass, steer::scalar_t<V> max_force,
                               steer::scalar_t<V> max_speed) {
    const V offset = steer::safe_normalize(make<V>(-8, -5, 3)) * steer::scalar_t<V>(10);
    const V across = steer::safe_normalize(steer::perpendicular_component(make<V>(0, 1, 1), steer::safe_normalize(offset)));
    return steer::vehicle<V>({.position = target + offset,
                              .velocity = sideways ? across * max_speed : V{},
                              .mass = mass,
                              .max_force = max_force,
                              .max_speed = max_speed});
}

}  // namespace

TEST_CASE_TEMPLATE("arrival comes to rest on the target with overshoot under 0.3", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V target = make<V>(3, -2, 5);
    for (const S mass : {S(1), S(5)}) {
        for (const bool sideways : {false, true}) {
            CAPTURE(mass);
            CAPTURE(sideways);
            const auto r = approach(vehicle_near(target, sideways, mass, S(4), S(2)), target, S(3), 60, 40);
            REQUIRE(r.entered);
            CHECK(r.final_distance < 0.05);
            CHECK(r.final_speed < 0.05);
            CHECK(r.overshoot < 0.3);
        }
    }
}

TEST_CASE_TEMPLATE("arrival does not oscillate: inside the slowing distance it only closes in, then only slows down", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V target = make<V>(-1, 4, 2);
    const double tolerance = std::is_same_v<S, float> ? 1e-5 : 1e-12;
    for (const double hz : {30.0, 60.0, 120.0}) {
        for (const S mass : {S(1), S(5)}) {
            for (const bool sideways : {false, true}) {
                CAPTURE(hz);
                CAPTURE(mass);
                CAPTURE(sideways);
                const auto r = approach(vehicle_near(target, sideways, mass, S(4), S(2)), target, S(3), hz, 60);
                REQUIRE(r.entered);
                CHECK(r.axis_velocity_sign_changes == 0);
                CHECK(r.worst_distance_increase <= tolerance);
                CHECK(r.worst_speed_increase <= tolerance);
                CHECK(r.overshoot <= tolerance);
            }
        }
    }
}

TEST_CASE_TEMPLATE("arrival stops cleanly across speeds, forces, masses, slowing distances and frame rates", V, glm::vec2,
                   glm::dvec3) {
    using S = steer::scalar_t<V>;
    const V target = make<V>(2, 1, -3);
    const double tolerance = std::is_same_v<S, float> ? 1e-5 : 1e-12;
    int runs = 0;
    for (const S max_speed : {S(0.5), S(2), S(10)}) {
        for (const S max_force : {S(1), S(20), S(100)}) {
            for (const S mass : {S(1), S(5)}) {
                // Leave out vehicles that need more than 40 units to stop: they are not slow to test, just slow.
                if (max_speed * max_speed / (max_force / mass) > S(40)) continue;
                for (const S slowing_distance : {S(0), S(1), S(3)}) {
                    for (const double hz : {30.0, 120.0}) {
                        for (const bool sideways : {false, true}) {
                            CAPTURE(max_speed);
                            CAPTURE(max_force);
                            CAPTURE(mass);
                            CAPTURE(slowing_distance);
                            CAPTURE(hz);
                            CAPTURE(sideways);
                            const auto v = vehicle_near(target, sideways, mass, max_force, max_speed);
                            // Watched from 1 unit out at least, also when the requested ramp is shorter.
                            const double watch_from = std::max(1.0, static_cast<double>(slowing_distance));
                            const auto run = approach(v, target, slowing_distance, hz, 90, watch_from);
                            REQUIRE(run.entered);
                            CHECK(run.final_distance < 0.05);
                            CHECK(run.final_speed < 0.05);
                            CHECK(run.overshoot <= tolerance);
                            CHECK(run.axis_velocity_sign_changes == 0);
                            CHECK(run.worst_distance_increase <= tolerance);
                            ++runs;
                        }
                    }
                }
            }
        }
    }
    CHECK(runs >= 100);
}

TEST_CASE_TEMPLATE("arrival keeps its heading once at rest, also far from the origin in float", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (const double scale : {1.0, 100.0}) {
        for (const S mass : {S(1), S(5)}) {
            CAPTURE(scale);
            CAPTURE(mass);
            const V target = make<V>(3, -2, 5) * static_cast<S>(scale);
            auto v = vehicle_near(target, true, mass, S(4), S(2));
            bool resting = false;
            V heading_at_rest{};
            double worst_turn = 0;
            for (int frame = 0; frame < 60 * 200; ++frame) {
                v.apply_force(steer::arrival(v, target, {.slowing_distance = S(3)}), S(1) / S(60));
                if (!resting && glm::length(v.position() - target) < S(0.05) && v.speed() < S(0.05)) {
                    resting = true;
                    heading_at_rest = v.forward();
                }
                if (resting) {
                    const double cosine = std::clamp(static_cast<double>(glm::dot(v.forward(), heading_at_rest)), -1.0, 1.0);
                    worst_turn = std::max(worst_turn, std::acos(cosine));
                }
            }
            REQUIRE(resting);
            CHECK(worst_turn < 0.02);  // about one degree
        }
    }
}

TEST_CASE_TEMPLATE("arrival answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    for (int i = 0; i < 500; ++i) {
        const auto v = steer::test::random_vehicle<V>(gen);
        const V target = steer::random_vector_in_unit_ball<V>(gen) * S(10);
        const S slowing_distance = steer::uniform(gen, S(0), S(5));
        CHECK(steer::test::within_max_force(steer::arrival(v, target, {.slowing_distance = slowing_distance}),
                                            v.max_force()));
        // At rest, far beyond the slowing distance: the whole of max_speed is missing.
        const steer::vehicle<V> resting(
            {.mass = v.mass(), .max_force = v.max_force(), .max_speed = v.max_speed()});
        const V far = steer::safe_normalize(target + make<V>(0.1, 0, 0)) * S(1e4);
        CHECK(steer::test::at_full_effort(steer::arrival(resting, far, {.slowing_distance = slowing_distance}),
                                       v.max_force()));
    }
}

TEST_CASE_TEMPLATE("arrival stays finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    SUBCASE("at rest on the target: no steering at all") {
        const steer::vehicle<V> v({.position = make<V>(1, 2, 3)});
        CHECK(steer::arrival(v, v.position(), {.slowing_distance = S(2)}) == V(S(0)));
        CHECK(steer::arrival(v, v.position(), {.slowing_distance = S(0)}) == V(S(0)));
    }
    SUBCASE("moving over the target: brake") {
        const steer::vehicle<V> v({.position = make<V>(1, 2, 3), .velocity = make<V>(0, 1, 0)});
        const V steering = steer::arrival(v, v.position(), {.slowing_distance = S(2)});
        CHECK(steer::is_finite(steering));
        CHECK(glm::dot(steering, v.velocity()) < S(0));
    }
    SUBCASE("zero speed, zero force, zero slowing distance, huge and tiny offsets") {
        const S huge = std::numeric_limits<S>::max() / S(4);
        const S tiny = std::numeric_limits<S>::denorm_min();
        for (const S max_speed : {S(0), S(1)}) {
            for (const S max_force : {S(0), S(1)}) {
                const steer::vehicle<V> v({.velocity = make<V>(0, max_speed, 0), .max_force = max_force,
                                           .max_speed = max_speed});
                for (const V target : {make<V>(3, 4, 0), make<V>(1, 1, 1) * huge, make<V>(1, -1, 1) * tiny}) {
                    for (const S slowing_distance : {S(0), S(2), huge}) {
                        CHECK(steer::is_finite(steer::arrival(v, target, {.slowing_distance = slowing_distance})));
                    }
                }
            }
        }
    }
}

TEST_CASE("arrival refuses a negative or non-finite slowing distance") {
    const steer::vehicle2 v;
    CHECK_THROWS_WITH_AS((void)steer::arrival(v, glm::vec2(1, 0), {.slowing_distance = -1.0f}),
                         "steer::arrival: slowing_distance must be >= 0 and finite (got -1)", std::invalid_argument);
    CHECK_THROWS_AS((void)steer::arrival(v, glm::vec2(1, 0), {.slowing_distance = std::numeric_limits<float>::quiet_NaN()}),
                    std::invalid_argument);
}
