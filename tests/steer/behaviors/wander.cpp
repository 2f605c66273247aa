#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/wander.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::same_bits;

namespace {

template <steer::vector V>
glm::dvec3 as_dvec3(const V& v) {
    if constexpr (steer::dimension_v<V> == 2)
        return {static_cast<double>(v.x), static_cast<double>(v.y), 0.0};
    else
        return {static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)};
}

/// Heading statistics of a run: the largest heading change in one frame, the mean turn
/// rate (rad/s), the lowest speed after the first `warm_up` seconds, and the persistence
/// of the turning direction: the mean cosine between the turn axis now and `lag` seconds
/// later (1: always turning the same way; about 0: no memory, "twitchy").
struct heading_record {
    double largest_turn = 0;
    double mean_turn_rate = 0;
    double slowest = 1e9;
    double persistence = 0;
};

template <steer::vector V, class Steering>
heading_record run(steer::vehicle<V> v, Steering steering, double hz, double seconds, double lag = 0.25,
                   double warm_up = 3) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / static_cast<S>(hz);
    heading_record r;
    std::vector<glm::dvec3> axes;
    double total_turn = 0;
    const auto frames = static_cast<int>(seconds * hz);
    for (int frame = 0; frame < frames; ++frame) {
        const glm::dvec3 before = as_dvec3(v.forward());
        v.apply_force(steering(v, dt), dt);
        const glm::dvec3 after = as_dvec3(v.forward());
        const glm::dvec3 turn = glm::cross(before, after);
        const double angle = std::atan2(glm::length(turn), glm::dot(before, after));
        r.largest_turn = std::max(r.largest_turn, angle);
        total_turn += angle;
        axes.push_back(glm::length(turn) > 0 ? turn / glm::length(turn) : glm::dvec3(0));
        if (frame >= static_cast<int>(warm_up * hz)) r.slowest = std::min(r.slowest, static_cast<double>(v.speed()));
    }
    r.mean_turn_rate = total_turn / seconds;
    const auto offset = static_cast<std::size_t>(lag * hz);
    double sum = 0;
    for (std::size_t i = 0; i + offset < axes.size(); ++i) sum += glm::dot(axes[i], axes[i + offset]);
    r.persistence = sum / static_cast<double>(axes.size() - offset);
    return r;
}

template <steer::vector V>
steer::vehicle<V> cruiser() {
    return steer::vehicle<V>({.velocity = make<V>(1, 0, 1) * steer::scalar_t<V>(0.7), .max_force = 1, .max_speed = 1});
}

}  // namespace

TEST_CASE_TEMPLATE("wander turns smoothly: less than 0.2 rad of heading change per frame at 60 Hz", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (const S max_force : {S(1), S(4)}) {
        CAPTURE(max_force);
        steer::rng gen(11);
        steer::wander_state<V> state;
        auto v = cruiser<V>();
        v.set_max_force(max_force);
        const auto r = run(v, [&](const auto& vehicle, S dt) { return steer::wander(vehicle, state, gen, dt); }, 60, 120);
        CHECK(r.largest_turn < 0.2);
        CHECK(r.mean_turn_rate > 0.05);  // it does turn
    }
}

TEST_CASE_TEMPLATE("wander turns in sustained arcs, unlike a fresh random force each frame", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(5);
    steer::wander_state<V> state;
    const auto wandering =
        run(cruiser<V>(), [&](const auto& vehicle, S dt) { return steer::wander(vehicle, state, gen, dt); }, 60, 120);
    const auto twitchy = run(
        cruiser<V>(),
        [&](const auto& vehicle, S) {
            return vehicle.forward() * S(2) + steer::random_unit_vector<V>(gen);  // same sphere, no memory
        },
        60, 120);
    CAPTURE(wandering.persistence);
    CAPTURE(twitchy.persistence);
    CHECK(wandering.persistence > 0.6);
    CHECK(twitchy.persistence < 0.2);
}

TEST_CASE_TEMPLATE("wander keeps moving", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(3);
    steer::wander_state<V> state;
    steer::vehicle<V> still({.max_force = 1, .max_speed = 1});  // from rest
    const auto r = run(still, [&](const auto& vehicle, S dt) { return steer::wander(vehicle, state, gen, dt); }, 60, 120);
    CHECK(r.slowest > 0.8);
}

TEST_CASE_TEMPLATE("wander looks the same at 30, 60 and 120 Hz", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    SUBCASE("the point on the sphere drifts at the same pace") {
        // Mean cosine between the point now and one second later, over 2000 seconds.
        std::vector<double> drift;
        for (const int hz : {30, 60, 120}) {
            steer::rng gen(21);
            steer::wander_state<V> state;
            const auto v = cruiser<V>();
            double sum = 0;
            V previous = state.target;
            for (int second = 0; second <= 2000; ++second) {
                for (int frame = 0; frame < hz; ++frame) (void)steer::wander(v, state, gen, S(1) / static_cast<S>(hz));
                if (second > 0) sum += static_cast<double>(glm::dot(previous, state.target));
                previous = state.target;
            }
            drift.push_back(sum / 2000);
        }
        CAPTURE(drift[0]);
        CAPTURE(drift[1]);
        CAPTURE(drift[2]);
        CHECK(drift[1] > 0.2);  // it does drift, and not so fast that the cosine is ~0 at any rate
        CHECK(drift[1] < 0.9);
        CHECK(std::abs(drift[0] - drift[1]) < 0.05);
        CHECK(std::abs(drift[2] - drift[1]) < 0.05);
    }
    SUBCASE("the vehicle turns as much and as persistently") {
        std::vector<heading_record> records;
        for (const double hz : {30.0, 60.0, 120.0}) {
            steer::rng gen(21);
            steer::wander_state<V> state;
            records.push_back(run(
                cruiser<V>(), [&](const auto& vehicle, S dt) { return steer::wander(vehicle, state, gen, dt); }, hz, 600,
                1.0));
        }
        for (const auto& r : records) {
            CAPTURE(r.mean_turn_rate);
            CAPTURE(r.persistence);
            CHECK(r.mean_turn_rate == doctest::Approx(records[1].mean_turn_rate).epsilon(0.1));
            CHECK(r.persistence == doctest::Approx(records[1].persistence).epsilon(0.1));
        }
    }
}

TEST_CASE_TEMPLATE("wander replays bit for bit from the same seed", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const auto path = [] {
        steer::rng gen(99);
        steer::wander_state<V> state;
        auto v = cruiser<V>();
        for (int frame = 0; frame < 600; ++frame) v.apply_force(steer::wander(v, state, gen, S(1) / S(60)), S(1) / S(60));
        return v.position();
    };
    CHECK(same_bits(path(), path()));
}

TEST_CASE_TEMPLATE("wander keeps its point on the sphere and leans forward by (distance - radius) / (distance + radius)", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(8);
    steer::wander_state<V> state;
    const steer::wander_params<V> p{.radius = S(1.5), .distance = S(2.5), .rate = 3};
    auto v = cruiser<V>();
    v.set_max_force(S(2));
    for (int i = 0; i < 1000; ++i) {
        const V force = steer::wander(v, state, gen, S(1) / S(60), p);
        REQUIRE(static_cast<double>(glm::length(state.target)) == doctest::Approx(1.5).epsilon(1e-5));
        REQUIRE(static_cast<double>(glm::length(force)) <= 2.0 * (1 + 1e-5));
        REQUIRE(static_cast<double>(glm::dot(force, v.forward())) >= 2.0 * (1.0 / 4.0) * (1 - 1e-5));  // (2.5 - 1.5) / 4
    }
}

TEST_CASE_TEMPLATE("sideways wander only turns: no forward part, at most max_force, and the heading wanders", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(21);
    steer::wander_state<V> state;
    const steer::wander_params<V> p{.rate = 2, .sideways = true};
    auto v = cruiser<V>();
    v.set_max_force(S(2));
    const V start = v.forward();
    double largest = 0;
    double least_heading_cosine = 1;
    for (int i = 0; i < 1200; ++i) {
        const V force = steer::wander(v, state, gen, S(1) / S(60), p);
        REQUIRE(std::abs(static_cast<double>(glm::dot(force, v.forward()))) <= 1e-4);  // square to the heading
        largest = std::max(largest, static_cast<double>(glm::length(force)));
        REQUIRE(largest <= 2.0 * (1 + 1e-5));
        // Drive on at the same speed (path following would), wander turning the heading.
        v.apply_force(force, S(1) / S(60));
        least_heading_cosine = std::min(least_heading_cosine, static_cast<double>(glm::dot(v.forward(), start)));
    }
    CHECK(largest > 1.9);                  // the point reaches the side: full effort
    CHECK(least_heading_cosine < 0.5);     // it wanders off its first heading by more than 60 degrees
    // Radius 0: no wandering at all.
    CHECK(steer::wander(v, state, gen, S(0.1), {.radius = 0, .sideways = true}) == V(S(0)));
}

TEST_CASE_TEMPLATE("wander answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng states(17);
    for (int i = 0; i < 300; ++i) {
        const auto v = steer::test::random_vehicle<V>(states);
        const steer::wander_params<V> p{.radius = steer::uniform(states, S(0), S(4)),
                                        .distance = steer::uniform(states, S(0), S(4)),
                                        .rate = steer::uniform(states, S(0), S(4))};
        steer::wander_state<V> state{steer::random_vector_in_unit_ball<V>(states)};
        steer::wander_state<V> twin = state;
        steer::rng gen(static_cast<std::uint64_t>(i));
        steer::rng twin_gen(static_cast<std::uint64_t>(i));
        const V force = steer::wander(v, state, gen, S(1) / S(30), p);
        CAPTURE(force);
        CHECK(steer::test::within_max_force(force, v.max_force()));
        // A user's agent in the same state gets the same answer, bit for bit.
        CHECK(same_bits(steer::wander(steer::test::bare(v), twin, twin_gen, S(1) / S(30), p), force));
    }
    SUBCASE("the point straight ahead on the sphere is full effort, along forward") {
        steer::rng gen(3);
        const auto v = steer::test::random_vehicle<V>(gen);
        const steer::wander_params<V> p{.radius = S(0.7), .distance = S(3), .rate = 0};
        steer::wander_state<V> state{make<V>(0, 0, 0)};
        state.target[steer::dimension_v<V> - 1] = S(0.7);  // local coordinates end with forward
        const V force = steer::wander(v, state, gen, S(1) / S(60), p);
        CHECK(steer::test::at_full_effort(force, v.max_force()));
        CHECK(static_cast<double>(glm::dot(steer::safe_normalize(force), v.forward())) > 1 - 1e-5);
    }
    SUBCASE("radius, distance and rate are relative sizes: scaling all three changes nothing") {
        steer::rng gen(5);
        const auto v = steer::test::random_vehicle<V>(gen);
        steer::wander_state<V> small_state;
        steer::wander_state<V> large_state;
        steer::rng small_gen(9);
        steer::rng large_gen(9);
        for (int frame = 0; frame < 600; ++frame) {
            const V small = steer::wander(v, small_state, small_gen, S(1) / S(60), {.radius = 1, .distance = 2, .rate = 1});
            const V large = steer::wander(v, large_state, large_gen, S(1) / S(60), {.radius = 10, .distance = 20, .rate = 10});
            REQUIRE(steer::test::near(small, large, 1e-3));
        }
    }
    SUBCASE("no sphere and no distance: nothing to do") {
        steer::rng gen(6);
        steer::wander_state<V> state;
        CHECK(steer::wander(cruiser<V>(), state, gen, S(0.1), {.radius = 0, .distance = 0}) == V(S(0)));
    }
}

TEST_CASE_TEMPLATE("wander stays finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(1);
    SUBCASE("zero dt, zero rate, zero radius, zero distance, at rest") {
        const steer::vehicle<V> still;
        for (const S dt : {S(0), S(1) / S(60), S(1000)}) {
            for (const S radius : {S(0), S(1)}) {
                for (const S distance : {S(0), S(2)}) {
                    for (const S rate : {S(0), S(1)}) {
                        steer::wander_state<V> state;
                        const steer::wander_params<V> p{.radius = radius, .distance = distance, .rate = rate};
                        CHECK(steer::is_finite(steer::wander(still, state, gen, dt, p)));
                        CHECK(steer::is_finite(steer::wander(still, state, gen, dt, p)));
                        CHECK(steer::is_finite(state.target));
                    }
                }
            }
        }
    }
    SUBCASE("zero dt or zero rate leave the point where it is") {
        steer::wander_state<V> state;
        const auto v = cruiser<V>();
        (void)steer::wander(v, state, gen, S(0.1));
        const V kept = state.target;
        (void)steer::wander(v, state, gen, S(0));
        CHECK(same_bits(state.target, kept));
        (void)steer::wander(v, state, gen, S(0.1), {.rate = 0});
        CHECK(same_bits(state.target, kept));
    }
    SUBCASE("a corrupted state restarts on the sphere") {
        steer::wander_state<V> state{V(std::numeric_limits<S>::quiet_NaN())};
        CHECK(steer::is_finite(steer::wander(cruiser<V>(), state, gen, S(0.1))));
        CHECK(static_cast<double>(glm::length(state.target)) == doctest::Approx(1.0).epsilon(1e-5));
    }
    SUBCASE("bad dt or parameters are refused") {
        steer::wander_state<V> state;
        const steer::vehicle<V> v;
        CHECK_THROWS_WITH_AS((void)steer::wander(v, state, gen, S(-1)), "steer::wander: dt must be >= 0 and finite (got -1)",
                             std::invalid_argument);
        CHECK_THROWS_WITH_AS((void)steer::wander(v, state, gen, S(1), {.radius = -2}),
                             "steer::wander: radius must be >= 0 and finite (got -2)", std::invalid_argument);
        CHECK_THROWS_AS((void)steer::wander(v, state, gen, S(1), {.rate = std::numeric_limits<S>::infinity()}),
                        std::invalid_argument);
        CHECK_THROWS_WITH_AS(steer::validate(steer::wander_params<V>{.distance = -1}),
                             "steer::wander: distance must be >= 0 and finite (got -1)", std::invalid_argument);
    }
}

TEST_CASE_TEMPLATE("wander_turning never turns faster than max_turn_rate, keeps moving, and turns in arcs", V, glm::vec2,
                   glm::dvec2) {
    using S = steer::scalar_t<V>;
    steer::rng gen(4);
    steer::wander_turning_state<V> state;
    const steer::wander_turning_params<V> p{.max_turn_rate = S(0.8), .turn_rate_change = S(0.5)};
    steer::vehicle<V> v({.velocity = make<V>(1, 0), .max_force = 3, .max_speed = 1});
    double largest_rate = 0;
    const auto r = run(
        v,
        [&](const auto& vehicle, S dt) {
            const V force = steer::wander_turning(vehicle, state, gen, dt, p);
            largest_rate = std::max(largest_rate, std::abs(static_cast<double>(state.turn_rate)));
            return force;
        },
        60, 120, 0.25, 1);
    CHECK(largest_rate <= 0.8 * (1 + 1e-6));
    CHECK(largest_rate > 0.5);               // the walk does reach the bound
    CHECK(r.largest_turn <= 0.8 / 60 * 1.01);  // heading change per frame follows the turn rate
    CHECK(r.slowest > 0.95);
    CHECK(r.persistence > 0.6);
}

TEST_CASE_TEMPLATE("wander_turning stays finite on degenerate input", V, glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    steer::rng gen(2);
    steer::wander_turning_state<V> state;
    const steer::vehicle<V> still({.max_speed = 0});
    for (const S dt : {S(0), S(1), S(1e6)}) {
        CHECK(steer::is_finite(steer::wander_turning(still, state, gen, dt)));
        CHECK(steer::is_finite(steer::wander_turning(still, state, gen, dt, {.max_turn_rate = 0, .turn_rate_change = 0})));
    }
    CHECK_THROWS_AS((void)steer::wander_turning(still, state, gen, S(-1)), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::wander_turning(still, state, gen, S(1), {.max_turn_rate = -1}), std::invalid_argument);
    CHECK_THROWS_WITH_AS(steer::validate(steer::wander_turning_params<V>{.turn_rate_change = -1}),
                         "steer::wander_turning: turn_rate_change must be >= 0 and finite (got -1)", std::invalid_argument);
}

TEST_CASE_TEMPLATE("wander_turning answers at most max_force, and max_force at full effort", V, glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    steer::rng states(23);
    for (int i = 0; i < 300; ++i) {
        const auto v = steer::test::random_vehicle<V>(states);
        const steer::wander_turning_params<V> p{.max_turn_rate = steer::uniform(states, S(0), S(6)),
                                                .turn_rate_change = steer::uniform(states, S(0), S(6))};
        steer::wander_turning_state<V> state{.turn_rate = steer::uniform(states, -p.max_turn_rate, p.max_turn_rate)};
        steer::wander_turning_state<V> twin = state;
        steer::rng gen(static_cast<std::uint64_t>(i));
        steer::rng twin_gen(static_cast<std::uint64_t>(i));
        const V force = steer::wander_turning(v, state, gen, S(1) / S(30), p);
        CAPTURE(force);
        CHECK(steer::test::within_max_force(force, v.max_force()));
        CHECK(same_bits(steer::wander_turning(steer::test::bare(v), twin, twin_gen, S(1) / S(30), p), force));
    }
    SUBCASE("from rest, speeding up to a max_speed more than max_force / mass away is full effort") {
        steer::rng gen(1);
        steer::wander_turning_state<V> state;
        const steer::vehicle<V> still({.mass = 2, .max_force = 3, .max_speed = 4});  // needs 8, has 3
        const V force = steer::wander_turning(still, state, gen, S(1) / S(60));
        CHECK(steer::test::at_full_effort(force, S(3)));
    }
    SUBCASE("straight at max_speed without turning: nothing to do") {
        steer::rng gen(1);
        steer::wander_turning_state<V> state;
        const steer::vehicle<V> cruising({.velocity = make<V>(2, 0), .max_force = 3, .max_speed = 2});
        CHECK(steer::test::near(steer::wander_turning(cruising, state, gen, S(0), {.max_turn_rate = 0}), V(S(0))));
    }
}

// ----- Conversions stated in docs/behaviors.md ("From OpenSteer's wander", the drift law of
// `wander_params::rate`) and docs/porting.md: measured here, not derived by hand.

namespace {

/// The 1/e time of a signal's autocorrelation, from samples `step` seconds apart
/// (linear between the two lags that straddle 1/e); 0 when it never falls that low.
double wander_correlation_time(const std::vector<double>& x, double step) {
    double mean = 0;
    for (const double v : x) mean += v;
    mean /= static_cast<double>(x.size());
    const auto covariance = [&](std::size_t lag) {
        double sum = 0;
        for (std::size_t i = 0; i + lag < x.size(); ++i) sum += (x[i] - mean) * (x[i + lag] - mean);
        return sum / static_cast<double>(x.size() - lag);
    };
    const double c0 = covariance(0);
    double previous = 1;
    for (std::size_t lag = 1; lag < x.size() / 10; ++lag) {
        const double c = covariance(lag) / c0;
        if (c < std::exp(-1.0)) {
            const double fraction = (previous - std::exp(-1.0)) / (previous - c);
            return (static_cast<double>(lag) - 1 + fraction) * step;
        }
        previous = c;
    }
    return 0;
}

/// OpenSteer's wander side value (SteerLibrary.h, steerForWander and scalarRandomWalk):
/// each frame it moves by uniform(-1, 1) * 12 * dt and is clamped to [-1, 1]; the lateral
/// steering is side() times it. Written here from that formula. Samples every `every` frames.
std::vector<double> opensteer_wander_side(double seconds, double dt, int every) {
    steer::rng gen(45);
    std::vector<double> samples;
    double side = 0;
    const auto frames = static_cast<long>(seconds / dt);
    for (long i = 0; i < frames; ++i) {
        side = std::clamp(side + steer::uniform(gen, -1.0, 1.0) * 12 * dt, -1.0, 1.0);
        if (i % every == 0) samples.push_back(side);
    }
    return samples;
}

/// steer's 2D wander: the side coordinate of its point on the circle, over the radius
/// (the lateral part of `sideways` wander), sampled every `every` calls.
std::vector<double> steer_wander_side(double seconds, double dt, int every, double rate) {
    steer::rng gen(46);
    const steer::vehicle<glm::dvec2> v({.velocity = {0, 1}, .max_force = 1, .max_speed = 1});
    steer::wander_state<glm::dvec2> state;
    std::vector<double> samples;
    const auto frames = static_cast<long>(seconds / dt);
    for (long i = 0; i < frames; ++i) {
        (void)steer::wander(v, state, gen, dt, {.radius = 1, .rate = rate, .sideways = true});
        if (i % every == 0) samples.push_back(state.target.x);  // local coordinates: side, then forward
    }
    return samples;
}

}  // namespace

TEST_CASE("OpenSteer's wander at 60 Hz is steer's wander at rate 1.9: the same 1/e time of the side value") {
    // OpenSteer's side value forgets its past in about 1.1 s at 60 Hz (its walk is 12 * dt per
    // frame, so this time depends on the frame rate); steer's side value, sin(angle) in 2D,
    // forgets in about 4 radius^2 / rate^2 seconds (the drift law below), so rate 1.9 gives
    // the same time. The conversion once stated, 0.9, forgets four times more slowly.
    const double opensteer = wander_correlation_time(opensteer_wander_side(3000, 1.0 / 60, 3), 3.0 / 60);
    const double at_19 = wander_correlation_time(steer_wander_side(3000, 1.0 / 30, 2, 1.9), 2.0 / 30);
    const double at_09 = wander_correlation_time(steer_wander_side(3000, 1.0 / 30, 3, 0.9), 3.0 / 30);
    MESSAGE("1/e time of the side value: OpenSteer at 60 Hz " << opensteer << " s, steer at rate 1.9 " << at_19
                                                             << " s, at rate 0.9 " << at_09 << " s");
    CHECK(opensteer == doctest::Approx(1.1).epsilon(0.1));
    CHECK(at_19 == doctest::Approx(opensteer).epsilon(0.12));
    CHECK(at_09 == doctest::Approx(4 / (0.9 * 0.9)).epsilon(0.15));
}

TEST_CASE("wander's drift law: the circle's point turns rate / (radius sqrt 2) radians rms in one second in 2D") {
    // Only the displacement's tangential half turns the point in 2D (the radial half is lost
    // when the point goes back on the circle): rms turn over t seconds is
    // rate / radius * sqrt(t / 2), 0.71 rad in a second at rate 1, radius 1.
    for (const double radius : {1.0, 2.0}) {
        steer::rng gen(47);
        const steer::vehicle<glm::dvec2> v({.velocity = {0, 1}, .max_force = 1, .max_speed = 1});
        steer::wander_state<glm::dvec2> state;
        const double dt = 1.0 / 30;
        (void)steer::wander(v, state, gen, dt, {.radius = radius, .rate = 1});
        double sum_squares = 0;
        const int seconds = 3000;
        for (int second = 0; second < seconds; ++second) {
            double turned = 0;  // unwrapped: the sum of the per-call turns
            for (int i = 0; i < 30; ++i) {
                const glm::dvec2 before = state.target;
                (void)steer::wander(v, state, gen, dt, {.radius = radius, .rate = 1});
                turned += std::atan2(before.x * state.target.y - before.y * state.target.x, glm::dot(before, state.target));
            }
            sum_squares += turned * turned;
        }
        const double rms = std::sqrt(sum_squares / seconds);
        MESSAGE("radius " << radius << ": rms turn in one second at rate 1: " << rms << " rad");
        CHECK(rms == doctest::Approx(1 / (radius * std::sqrt(2.0))).epsilon(0.05));
    }
}
