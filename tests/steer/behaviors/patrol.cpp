#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/arrival.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/patrol.hpp>

#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;

namespace {

/// The checkpoints ticked off, in order, over `seconds` of patrolling; also checks that the
/// vehicle was within the reach radius of each one when it was ticked off.
template <steer::vector V>
std::vector<std::size_t> visits(std::span<const V> checkpoints, const steer::patrol_params<V>& p, double seconds,
                                bool& all_reached) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v({.position = make<V>(-3, -3, 0), .max_force = 2, .max_speed = S(1.5)});
    steer::patrol_state state;
    std::vector<std::size_t> ticked;
    all_reached = true;
    for (int frame = 0; frame < static_cast<int>(seconds * 60); ++frame) {
        const std::size_t before = state.next;
        const V steering = steer::patrol(v, checkpoints, state, p);
        if (state.next != before) {
            ticked.push_back(before);
            if (glm::length(v.position() - checkpoints[before]) > p.reach_radius) all_reached = false;
        }
        v.apply_force(steering, S(1) / S(60));
    }
    return ticked;
}

}  // namespace

TEST_CASE_TEMPLATE("patrol visits every checkpoint in order, repeatedly", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const std::vector<V> checkpoints = {make<V>(0, 0, 0), make<V>(6, 0, 1), make<V>(6, 5, -1), make<V>(-1, 6, 0)};
    SUBCASE("looping") {
        bool all_reached = false;
        const auto ticked = visits<V>(checkpoints, {.slowing_distance = 2, .reach_radius = S(0.3)}, 150, all_reached);
        REQUIRE(ticked.size() >= 12);  // three laps at least
        for (std::size_t i = 0; i < ticked.size(); ++i) CHECK(ticked[i] == i % 4);
        CHECK(all_reached);
    }
    SUBCASE("ping-pong") {
        bool all_reached = false;
        const auto ticked = visits<V>(
            checkpoints, {.slowing_distance = 2, .reach_radius = S(0.3), .mode = steer::patrol_mode::ping_pong}, 150,
            all_reached);
        const std::size_t expected[] = {0, 1, 2, 3, 2, 1};  // then again from 0
        REQUIRE(ticked.size() >= 12);
        for (std::size_t i = 0; i < ticked.size(); ++i) CHECK(ticked[i] == expected[i % 6]);
        CHECK(all_reached);
    }
    SUBCASE("slowing distance zero") {
        bool all_reached = false;
        const auto ticked = visits<V>(checkpoints, {.slowing_distance = 0, .reach_radius = S(0.1)}, 150, all_reached);
        REQUIRE(ticked.size() >= 12);
        for (std::size_t i = 0; i < ticked.size(); ++i) CHECK(ticked[i] == i % 4);
        CHECK(all_reached);
    }
}

TEST_CASE_TEMPLATE("patrol steers by arrival toward the current checkpoint and takes any contiguous range", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(1, 1, 1), .velocity = make<V>(0, 1, 0)});
    const std::array<V, 3> checkpoints = {make<V>(5, 0, 0), make<V>(0, 5, 0), make<V>(0, 0, 5)};
    const V c_array[3] = {checkpoints[0], checkpoints[1], checkpoints[2]};
    steer::patrol_state state{.next = 1};
    const V expected = steer::arrival(v, checkpoints[1], {.slowing_distance = S(3)});
    CHECK(steer::patrol(v, checkpoints, state, {.slowing_distance = 3}) == expected);
    CHECK(steer::patrol(v, c_array, state, {.slowing_distance = 3}) == expected);
    CHECK(steer::patrol(v, std::span<const V>(checkpoints), state, {.slowing_distance = 3}) == expected);
    CHECK(state.next == 1);  // not reached: no progress
}

TEST_CASE("patrol state moves through loop and ping-pong orders, and wraps an index past the end") {
    steer::patrol_state s;
    std::vector<std::size_t> seen;
    for (int i = 0; i < 8; ++i) {
        steer::detail::advance_patrol(s, 3, steer::patrol_mode::ping_pong);
        seen.push_back(s.next);
    }
    CHECK(seen == std::vector<std::size_t>{1, 2, 1, 0, 1, 2, 1, 0});
    steer::patrol_state single{.next = 0};
    steer::detail::advance_patrol(single, 1, steer::patrol_mode::ping_pong);
    CHECK(single.next == 0);
    steer::patrol_state two{.next = 1};
    steer::detail::advance_patrol(two, 2, steer::patrol_mode::ping_pong);
    CHECK(two.next == 0);

    const std::vector<glm::vec2> checkpoints = {{0, 0}, {5, 0}, {5, 5}};
    const steer::vehicle2 v({.position = {5, 5}});
    steer::patrol_state stale{.next = 7};  // 7 % 3 == 1
    (void)steer::patrol(v, checkpoints, stale);
    CHECK(stale.next == 1);
    steer::patrol_state at_last{.next = 2};  // standing on checkpoint 2: ticked off, on to 0
    (void)steer::patrol(v, checkpoints, at_last);
    CHECK(at_last.next == 0);
}

TEST_CASE_TEMPLATE("patrol stays finite on degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(1, 1, 1), .velocity = make<V>(0, 1, 0)});
    steer::patrol_state state;
    SUBCASE("no checkpoints: no steering") {
        CHECK(steer::patrol(v, std::vector<V>{}, state) == V(S(0)));
        CHECK(state.next == 0);
    }
    SUBCASE("coincident checkpoints, on the vehicle, zero radii and distances") {
        const std::vector<V> same(4, v.position());
        for (const S reach_radius : {S(0), S(1)}) {
            for (const S slowing_distance : {S(0), S(2)}) {
                for (const auto mode : {steer::patrol_mode::loop, steer::patrol_mode::ping_pong}) {
                    for (int call = 0; call < 10; ++call) {
                        CHECK(steer::is_finite(steer::patrol(
                            v, same, state, {.slowing_distance = slowing_distance, .reach_radius = reach_radius, .mode = mode})));
                        CHECK(state.next < same.size());
                    }
                }
            }
        }
    }
    SUBCASE("one checkpoint: arrive there and stay") {
        const std::vector<V> one = {make<V>(3, 0, 0)};
        steer::vehicle<V> walker({.max_force = 2, .max_speed = 1});
        for (int frame = 0; frame < 60 * 30; ++frame) walker.apply_force(steer::patrol(walker, one, state), S(1) / S(60));
        CHECK(glm::length(walker.position() - one[0]) < S(0.05));
        CHECK(walker.speed() < S(0.05));
        CHECK(state.next == 0);
    }
    SUBCASE("bad parameters are refused") {
        const std::vector<V> one = {make<V>(3, 0, 0)};
        CHECK_THROWS_WITH_AS((void)steer::patrol(v, one, state, {.reach_radius = -1}),
                             "steer::patrol: reach_radius must be >= 0 and finite (got -1)", std::invalid_argument);
        CHECK_THROWS_AS((void)steer::patrol(v, one, state, {.slowing_distance = std::numeric_limits<S>::quiet_NaN()}),
                        std::invalid_argument);
        CHECK_THROWS_WITH_AS(steer::validate(steer::patrol_params<V>{.slowing_distance = -1}),
                             "steer::patrol: slowing_distance must be >= 0 and finite (got -1)", std::invalid_argument);
    }
}

TEST_CASE_TEMPLATE("patrol answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng states(43);
    std::vector<V> checkpoints(5);
    for (int i = 0; i < 300; ++i) {
        const auto v = steer::test::random_vehicle<V>(states);
        for (V& c : checkpoints) c = steer::random_vector_in_unit_ball<V>(states) * S(10);
        const steer::patrol_params<V> p{.slowing_distance = steer::uniform(states, S(0), S(5)),
                                        .reach_radius = steer::uniform(states, S(0), S(3)),
                                        .mode = i % 2 ? steer::patrol_mode::loop : steer::patrol_mode::ping_pong};
        steer::patrol_state state{.next = static_cast<std::size_t>(i % 7)};
        steer::patrol_state twin = state;
        const V force = steer::patrol(v, checkpoints, state, p);
        CAPTURE(force);
        CHECK(steer::test::within_max_force(force, v.max_force()));
        CHECK(steer::test::same_bits(steer::patrol(steer::test::bare(v), checkpoints, twin, p), force));
        CHECK(twin.next == state.next);
    }
    // From rest, far from the next checkpoint: the whole of max_force toward it.
    const std::vector<V> route = {make<V>(20, 0, 0), make<V>(0, 20, 0)};
    const steer::vehicle<V> v({.mass = 2, .max_force = S(1.5), .max_speed = 3});
    steer::patrol_state state;
    const V force = steer::patrol(v, route, state);
    CHECK(steer::test::at_full_effort(force, S(1.5)));
    CHECK(static_cast<double>(glm::dot(steer::safe_normalize(force), make<V>(1, 0, 0))) > 1 - 1e-5);
}
