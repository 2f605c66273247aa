#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/pursuit.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/behaviors/wander.hpp>
#include <steer/random.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

constexpr double catch_distance = 0.5;

/// Frames until `chaser` comes within catch_distance of `quarry`, or `limit` if never.
/// `chase(chaser, quarry)` gives the chaser's steering; `flee_step(quarry)` the quarry's.
template <steer::vector V, class Chase, class QuarrySteering>
int frames_to_catch(steer::vehicle<V> chaser, steer::vehicle<V> quarry, Chase chase, QuarrySteering quarry_steering,
                    int limit) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    for (int frame = 0; frame < limit; ++frame) {
        const V chaser_steering = chase(chaser, quarry);
        const V quarry_force = quarry_steering(quarry);
        chaser.apply_force(chaser_steering, dt);
        quarry.apply_force(quarry_force, dt);
        if (static_cast<double>(glm::length(chaser.position() - quarry.position())) < catch_distance) return frame;
    }
    return limit;
}

}  // namespace

TEST_CASE_TEMPLATE("pursuit catches a crossing quarry in fewer steps than seek", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> chaser({.max_force = 2, .max_speed = 1});
    const steer::vehicle<V> quarry({.position = make<V>(10, -4, 2), .velocity = make<V>(0, 0.8, 0), .max_speed = S(0.8)});
    const auto coast = [](const steer::vehicle<V>&) { return V(S(0)); };
    const int by_pursuit = frames_to_catch(
        chaser, quarry, [](const auto& c, const auto& q) { return steer::pursuit(c, q, {.max_prediction_time = S(5)}); }, coast, 60 * 120);
    const int by_seek = frames_to_catch(
        chaser, quarry, [](const auto& c, const auto& q) { return steer::seek(c, q.position()); }, coast, 60 * 120);
    CAPTURE(by_pursuit);
    CAPTURE(by_seek);
    CHECK(by_pursuit < 60 * 120);
    CHECK(by_pursuit < by_seek);
}

TEST_CASE_TEMPLATE("over 20 seeds pursuit catches a wandering quarry sooner on average than seek", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const int limit = 60 * 120;
    double pursuit_total = 0;
    double seek_total = 0;
    int pursuit_caught = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        const steer::vehicle<V> chaser({.max_force = 2, .max_speed = 1});
        steer::rng start(seed + 1000);
        const V heading = steer::random_unit_vector<V>(start);
        const steer::vehicle<V> quarry({.position = make<V>(8, 3, -2), .velocity = heading * S(0.7), .max_force = 1,
                                        .max_speed = S(0.7)});
        // The quarry's wandering depends only on its own state and generator, so both chasers
        // face the same quarry path.
        const auto wanderer = [seed]() {
            return [gen = steer::rng(seed), state = steer::wander_state<V>{}](const steer::vehicle<V>& q) mutable {
                return steer::wander(q, state, gen, S(1) / S(60));
            };
        };
        const int by_pursuit = frames_to_catch(
            chaser, quarry, [](const auto& c, const auto& q) { return steer::pursuit(c, q, {.max_prediction_time = S(5)}); }, wanderer(), limit);
        const int by_seek = frames_to_catch(
            chaser, quarry, [](const auto& c, const auto& q) { return steer::seek(c, q.position()); }, wanderer(), limit);
        pursuit_total += by_pursuit;
        seek_total += by_seek;
        pursuit_caught += by_pursuit < limit ? 1 : 0;
    }
    CAPTURE(pursuit_total / 20);
    CAPTURE(seek_total / 20);
    CHECK(pursuit_caught == 20);
    CHECK(pursuit_total < seek_total);
}

TEST_CASE_TEMPLATE("evasion gains distance from a predictive pursuer", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> evader({.position = make<V>(0, 0, 1), .max_force = 2, .max_speed = S(1.2)});
    steer::vehicle<V> pursuer({.position = make<V>(-4, 1, 1), .velocity = make<V>(1, 0, 0), .max_force = 2, .max_speed = 1});
    const double start = static_cast<double>(glm::length(evader.position() - pursuer.position()));
    double closest = start;
    for (int frame = 0; frame < 60 * 20; ++frame) {
        const V run = steer::evasion(evader, pursuer, {.max_prediction_time = S(3)});
        const V chase = steer::pursuit(pursuer, evader, {.max_prediction_time = S(3)});
        evader.apply_force(run, S(1) / S(60));
        pursuer.apply_force(chase, S(1) / S(60));
        closest = std::min(closest, static_cast<double>(glm::length(evader.position() - pursuer.position())));
    }
    const double end = static_cast<double>(glm::length(evader.position() - pursuer.position()));
    CAPTURE(closest);
    CHECK(closest > 2.0);      // never caught, never even close
    CHECK(end > start + 2.0);  // and pulling away
}

TEST_CASE_TEMPLATE("the prediction time follows the paper's estimator", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    using steer::detail::prediction_time;
    const S cap = 100;
    const steer::vehicle<V> pursuer({.velocity = make<V>(1, 0, 0), .max_speed = 2});  // at the origin, heading +x
    const auto quarry_at = [](const V& position, const V& velocity) {
        return steer::vehicle<V>({.position = position, .velocity = velocity, .max_speed = 5});
    };
    SUBCASE("larger when far, smaller when near") {
        const S near_time = prediction_time(pursuer, quarry_at(make<V>(0, 3, 0), V(S(0))), cap);
        const S far_time = prediction_time(pursuer, quarry_at(make<V>(0, 12, 0), V(S(0))), cap);
        CHECK(static_cast<double>(near_time) == doctest::Approx(1.5));  // 3 units at max_speed 2
        CHECK(static_cast<double>(far_time) == doctest::Approx(6.0));
    }
    SUBCASE("a quarry running away takes longer to reach than one coming head-on") {
        const V ahead = make<V>(10, 0, 0);
        const S fleeing = prediction_time(pursuer, quarry_at(ahead, make<V>(1, 0, 0)), cap);   // tail chase: 10 / (2 - 1)
        const S head_on = prediction_time(pursuer, quarry_at(ahead, make<V>(-1, 0, 0)), cap);  // 10 / (2 + 1)
        const S beside = prediction_time(pursuer, quarry_at(ahead, make<V>(0, 1, 0)), cap);    // 10 / 2
        CHECK(static_cast<double>(fleeing) == doctest::Approx(10.0));
        CHECK(static_cast<double>(head_on) == doctest::Approx(10.0 / 3.0));
        CHECK(static_cast<double>(beside) == doctest::Approx(5.0));
    }
    SUBCASE("zero when the pursuer is in front of its quarry and heading the same way") {
        const S in_front = prediction_time(pursuer, quarry_at(make<V>(-6, 0, 0), make<V>(1, 0, 0)), cap);
        CHECK(static_cast<double>(in_front) == doctest::Approx(0.0));
        // Partly ahead and partly aligned: reduced, not zeroed.
        const S partly = prediction_time(pursuer, quarry_at(make<V>(-6, -6, 0), make<V>(1, 0, 0)), cap);
        const S unreduced = S(std::sqrt(72.0)) / (S(2) + S(1) * S(std::sqrt(0.5)));
        CHECK(static_cast<double>(partly) > 0.0);
        CHECK(static_cast<double>(partly) < static_cast<double>(unreduced) * 0.75);
    }
    SUBCASE("capped by max_prediction_time, also when the pursuer cannot close in") {
        const S capped = prediction_time(pursuer, quarry_at(make<V>(0, 1000, 0), V(S(0))), S(3));
        CHECK(capped == S(3));
        const S outrun = prediction_time(pursuer, quarry_at(make<V>(10, 0, 0), make<V>(5, 0, 0)), S(3));  // faster quarry
        CHECK(outrun == S(3));
        const steer::vehicle<V> stuck({.max_speed = 0});
        CHECK(prediction_time(stuck, quarry_at(make<V>(1, 0, 0), V(S(0))), S(3)) == S(3));
        CHECK(prediction_time(pursuer, quarry_at(make<V>(1, 0, 0), make<V>(0, 1, 0)), S(0)) == S(0));
    }
}

TEST_CASE_TEMPLATE("pursuit with no prediction is seek, evasion with no prediction is flee", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(1, 2, 0), .velocity = make<V>(0, 1, 0), .max_speed = 2});
    const steer::vehicle<V> other({.position = make<V>(5, -1, 2), .velocity = make<V>(-1, 0, 0)});
    CHECK(near(steer::pursuit(v, other, {.max_prediction_time = S(0)}), steer::seek(v, other.position())));
    CHECK(near(steer::evasion(v, other, {.max_prediction_time = S(0)}), steer::flee(v, other.position())));
    // With prediction they aim at the predicted point instead, the one prediction_time gives.
    const S t = steer::prediction_time(v, other, {.max_prediction_time = S(10)});
    CHECK(t > S(0));
    CHECK(t == steer::detail::prediction_time(v, other, S(10)));
    // Evasion predicts the menace as the menace would pursue: `other` evading `v` flees the
    // point `v` predicted t ahead, t being v's pursuit time for `other`.
    CHECK(near(steer::evasion(other, v, {.max_prediction_time = S(10)}),
               steer::flee(other, v.predict_future_position(t))));
    CHECK(near(steer::pursuit(v, other, {.max_prediction_time = S(10)}), steer::seek(v, other.predict_future_position(t))));
}

TEST_CASE_TEMPLATE("pursuit and evasion answer at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    steer::rng gen(13);
    for (int i = 0; i < 500; ++i) {
        const auto v = steer::test::random_vehicle<V>(gen);
        const auto other = steer::test::random_vehicle<V>(gen);
        CHECK(steer::test::within_max_force(steer::pursuit(v, other), v.max_force()));
        CHECK(steer::test::within_max_force(steer::evasion(v, other), v.max_force()));
        // From rest toward (or away from) a quarry that is not on top of us: full effort.
        const steer::vehicle<V> resting({.position = v.position(), .max_force = v.max_force(), .max_speed = v.max_speed()});
        const steer::vehicle<V> away({.position = v.position() + make<V>(5, 1, 0)});
        CHECK(steer::test::at_full_effort(steer::pursuit(resting, away), v.max_force()));
        CHECK(steer::test::at_full_effort(steer::evasion(resting, away), v.max_force()));
    }
}

TEST_CASE_TEMPLATE("pursuit and evasion stay finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S huge = std::numeric_limits<S>::max() / S(8);
    SUBCASE("coincident characters, moving or at rest") {
        for (const V velocity : {V(S(0)), make<V>(0, 1, 0)}) {
            const steer::vehicle<V> a({.position = make<V>(1, 1, 1), .velocity = velocity});
            const steer::vehicle<V> b({.position = make<V>(1, 1, 1), .velocity = -velocity});
            CHECK(steer::is_finite(steer::pursuit(a, b, {.max_prediction_time = S(2)})));
            CHECK(steer::is_finite(steer::evasion(a, b, {.max_prediction_time = S(2)})));
            CHECK(steer::is_finite(steer::pursuit(a, a, {.max_prediction_time = S(2)})));
            CHECK(steer::is_finite(steer::evasion(a, a, {.max_prediction_time = S(2)})));
        }
    }
    SUBCASE("zero speeds, zero and huge horizons, far apart") {
        const steer::vehicle<V> still({.max_speed = 0});
        const steer::vehicle<V> far({.position = make<V>(1, 1, 1) * huge, .velocity = make<V>(0, 1, 0)});
        for (const S horizon : {S(0), S(1), huge}) {
            CHECK(steer::is_finite(steer::pursuit(still, far, {.max_prediction_time = horizon})));
            CHECK(steer::is_finite(steer::evasion(still, far, {.max_prediction_time = horizon})));
            CHECK(steer::is_finite(steer::pursuit(far, still, {.max_prediction_time = horizon})));
            CHECK(steer::is_finite(steer::evasion(far, still, {.max_prediction_time = horizon})));
        }
    }
    SUBCASE("a negative or non-finite horizon is refused") {
        const steer::vehicle<V> a;
        CHECK_THROWS_WITH_AS((void)steer::pursuit(a, a, {.max_prediction_time = S(-1)}),
                             "steer::pursuit: max_prediction_time must be >= 0 and finite (got -1)", std::invalid_argument);
        CHECK_THROWS_AS((void)steer::evasion(a, a, {.max_prediction_time = std::numeric_limits<S>::infinity()}), std::invalid_argument);
        CHECK_THROWS_WITH_AS((void)steer::prediction_time(a, a, {.max_prediction_time = S(-1)}),
                             "steer::prediction_time: max_prediction_time must be >= 0 and finite (got -1)",
                             std::invalid_argument);
    }
}
