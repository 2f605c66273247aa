// The tests of steer::flock and steer::crowd that step on threads (a thread pool of 2 or 3
// against one thread, and a throw from a pool's worker), apart from their other tests so
// that the tsan preset compiles only these, under ThreadSanitizer (tests/threads).

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/cohesion.hpp>
#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/behaviors/separation.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/crowd/flock.hpp>
#include <steer/executor.hpp>
#include <steer/random.hpp>
#include <steer/thread_pool.hpp>

#include "scenes.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::same_bits;
using steer::test::same_state;

TEST_CASE_TEMPLATE("flock results are bit-identical for 1, 2 and 3 threads and any executor", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    const auto start = steer::test::random_flock<V>(gen, 3000, 12, 2);
    const steer::flocking_params<V> p{.separation = {.max_distance = S(0.8), .max_angle = S(2.4)},
                                      .alignment = {.max_distance = S(1.5), .max_angle = S(2.4)},
                                      .cohesion = {.max_distance = 2, .max_angle = S(2.4)},
                                      .separation_weight = 1};
    const V target = make<V>(3, -2, 1);
    const auto extra = [&](steer::flock_id, const steer::vehicle<V>& v, const V& flocking) {
        return flocking + steer::seek(v, target) * S(0.3);
    };
    auto serial = start;
    for (int step = 0; step < 15; ++step) serial.step(S(1) / S(60), p, extra);
    const auto backwards = [](std::size_t count, auto&& body) {  // an engine's own job system
        for (std::size_t piece = 7; piece-- > 0;) body(count * piece / 7, count * (piece + 1) / 7);
    };
    auto by_pieces = start;
    for (int step = 0; step < 15; ++step) by_pieces.step(S(1) / S(60), p, extra, backwards);
    for (unsigned threads : {1u, 2u, 3u}) {
        if (!steer::test::threads_available) break;
        CAPTURE(threads);
        steer::thread_pool_executor pool(threads);
        auto pooled = start;
        for (int step = 0; step < 15; ++step) pooled.step(S(1) / S(60), p, extra, pool);
        REQUIRE(pooled.size() == serial.size());
        for (const steer::flock_id id : serial.ids()) {
            REQUIRE(same_state(pooled.agent(id), serial.agent(id)));
            REQUIRE(same_bits(pooled.steering(id), serial.steering(id)));
            REQUIRE(same_state(by_pieces.agent(id), serial.agent(id)));
        }
    }
}

TEST_CASE_TEMPLATE("flock refuses bad input and moves nobody", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(23);
    auto f = steer::test::random_flock<V>(gen, 100, 3, 1);
    const steer::flocking_params<V> p{};
    const auto positions = [&] {
        std::vector<V> result;
        for (const auto& v : f.vehicles()) result.push_back(v.position());
        std::sort(result.begin(), result.end(), [](const V& a, const V& b) { return a.x < b.x; });
        return result;
    };
    const auto before = positions();
    CHECK_THROWS_WITH_AS(f.step(S(-1), p), "steer::flock::step: dt must be >= 0 and finite (got -1)",
                         std::invalid_argument);
    CHECK_THROWS_AS(f.step(std::numeric_limits<S>::quiet_NaN(), p), std::invalid_argument);
    steer::flocking_params<V> bad = p;
    bad.alignment.max_distance = -2;
    CHECK_THROWS_WITH_AS(f.step(S(0.1), bad), "steer::neighborhood: max_distance must be >= 0 and finite (got -2)",
                         std::invalid_argument);
    bad = p;
    bad.cohesion_weight = std::numeric_limits<S>::infinity();
    CHECK_THROWS_AS(f.step(S(0.1), bad), std::invalid_argument);
    const auto nan_steering = [](steer::flock_id id, const steer::vehicle<V>&, const V& flocking) {
        return id.index == 42 ? V(std::numeric_limits<S>::quiet_NaN()) : flocking;
    };
    CHECK_THROWS_WITH_AS(f.step(S(0.1), p, nan_steering),
                         doctest::Contains("steer::flock::step: extra steering for agent 42 (generation 0) must be finite (got (nan"),
                         std::invalid_argument);
    if (steer::test::threads_available) {
        steer::thread_pool_executor pool(2);
        CHECK_THROWS_AS(f.step(S(0.1), p, nan_steering, pool), std::invalid_argument);
    }
    CHECK(f.frame() == 0);
    CHECK(positions() == before);
    CHECK_THROWS_AS(f.add(steer::vehicle_params<V>{.mass = 0}), std::invalid_argument);
    CHECK(f.size() == 100);
    const steer::flock_id foreign{12345, 0};
    CHECK_THROWS_WITH_AS((void)f.agent(foreign),
                         "steer::flock::agent: id must name an agent of this flock (got index 12345, generation 0)",
                         std::invalid_argument);
    CHECK_THROWS_AS((void)f.steering(steer::flock_id{}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("crowd results are bit-identical for 1, 2 and 3 threads and any executor", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    steer::crowd<V> initial{steer::think_schedule(3)};
    steer::test::add_ball(initial, gen, 700, 8, 2);
    steer::test::mixed_think<V> think;
    think.goal = make<V>(-5, 5, 0);
    const auto thinker = [&](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
        return think(self, neighbors);
    };
    const auto run = [&](auto&& exec) {
        steer::crowd<V> c = initial;
        for (int step = 0; step < 12; ++step) c.step(S(1) / 60, S(2), thinker, exec);
        return c;
    };
    const auto serial = run(steer::serial_executor{});
    // A job system that runs the pieces backwards, in odd sizes.
    const auto backwards = [](std::size_t count, const auto& body) {
        for (std::size_t end = count; end > 0;) {
            const std::size_t begin = end > 37 ? end - 37 : 0;
            body(begin, end);
            end = begin;
        }
    };
    std::vector<steer::crowd<V>> others{run(backwards)};
    if (steer::test::threads_available)
        for (unsigned threads : {2u, 3u}) others.push_back(run(steer::thread_pool_executor(threads)));
    for (const auto& other : others) {
        REQUIRE(other.size() == serial.size());
        for (std::size_t i = 0; i < serial.size(); ++i) {
            REQUIRE(other.ids()[i] == serial.ids()[i]);
            REQUIRE(same_state(other.vehicles()[i], serial.vehicles()[i]));
            REQUIRE(same_bits(other.steering_forces()[i], serial.steering_forces()[i]));
        }
    }
}

TEST_CASE_TEMPLATE("crowd refuses bad input and moves nobody", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(23);
    steer::crowd<V> c;
    steer::test::add_ball(c, gen, 100, 3, 1);
    std::vector<V> before;
    for (const auto& v : c.vehicles()) before.push_back(v.position());
    const auto positions = [&] {
        std::vector<V> now;
        for (const auto& v : c.vehicles()) now.push_back(v.position());
        return now;
    };
    const auto calm = [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(1); };
    CHECK_THROWS_WITH_AS(c.step(S(-1), S(1), calm), "steer::crowd::step: dt must be >= 0 and finite (got -1)",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(c.step(S(0.1), S(-1), calm),
                         "steer::crowd::step: radius must be >= 0 and finite (got -1)", std::invalid_argument);
    CHECK_THROWS_AS(c.step(S(0.1), std::numeric_limits<S>::quiet_NaN(), calm), std::invalid_argument);
    const steer::crowd_id victim = c.ids()[42];
    const auto nan_think = [&](steer::crowd_id id, const steer::vehicle<V>&, const auto&) {
        return id == victim ? V(std::numeric_limits<S>::quiet_NaN()) : V(1);
    };
    const std::string expected = "steer::crowd::step: think's steering for agent " + std::to_string(victim.index) +
                                 " (generation 0) must be finite (got (nan";
    CHECK_THROWS_WITH_AS(c.step(S(0.1), S(1), nan_think), doctest::Contains(expected.c_str()), std::invalid_argument);
    if (steer::test::threads_available) {
        steer::thread_pool_executor pool(2);
        CHECK_THROWS_AS(c.step(S(0.1), S(1), nan_think, pool), std::invalid_argument);
    }
    CHECK(c.frame() == 0);
    std::vector<V> after = positions();
    std::sort(before.begin(), before.end(), [](const V& a, const V& b) { return a.x < b.x; });
    std::sort(after.begin(), after.end(), [](const V& a, const V& b) { return a.x < b.x; });
    CHECK(after == before);  // nobody moved (the storage may be re-sorted)
    for (const auto& f : c.steering_forces()) CHECK(f == V(0));
}

TEST_CASE("crowd<V, T> results and data are bit-identical for 1, 2 and 3 threads") {
    using V = glm::vec3;
    using S = float;
    struct state {
        float urge = 0;
        int calm = 0;
    };
    steer::rng gen(41);
    steer::crowd<V, state> initial{steer::think_schedule(2)};
    for (int i = 0; i < 600; ++i)
        (void)initial.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(7),
                                                   .velocity = steer::random_unit_vector<V>(gen),
                                                   .max_force = 2,
                                                   .max_speed = 1},
                          state{.urge = steer::uniform(gen, S(0), S(1))});
    const auto think = [](steer::crowd_id, const steer::vehicle<V>& self, state& mine, const auto& neighbors) {
        float pressure = 0;
        for (std::size_t i = 0; i < neighbors.size(); ++i) pressure += neighbors.data(i).urge;
        mine.urge = 0.5f * mine.urge + 0.01f * pressure;
        return steer::cohesion(self, neighbors, {.max_distance = 2}) * mine.urge;
    };
    const auto settle = [](steer::crowd_id, steer::vehicle<V>&, state& mine) { mine.calm += mine.urge < 0.5f ? 1 : 0; };
    const auto run = [&](auto&& exec) {
        steer::crowd<V, state> c = initial;
        for (int step = 0; step < 10; ++step) c.step(S(1) / 60, S(2), think, settle, exec);
        return c;
    };
    const auto serial = run(steer::serial_executor{});
    if (!steer::test::threads_available) return;
    for (unsigned threads : {2u, 3u}) {
        const auto other = run(steer::thread_pool_executor(threads));
        for (std::size_t i = 0; i < serial.size(); ++i) {
            REQUIRE(other.ids()[i] == serial.ids()[i]);
            REQUIRE(same_state(other.vehicles()[i], serial.vehicles()[i]));
            REQUIRE(std::memcmp(&other.data()[i].urge, &serial.data()[i].urge, sizeof(float)) == 0);
            REQUIRE(other.data()[i].calm == serial.data()[i].calm);
        }
    }
}

TEST_CASE("crowd radius_by_agent: the radius may come from the agent's data; the same bits on any threads; a "
          "radius outside [0, widest] is refused by name and moves nobody") {
    using V = glm::vec3;
    using S = float;
    struct look {
        float radius = 0;
    };
    steer::rng gen(47);
    steer::crowd<V, look> initial{steer::think_schedule(3)};
    for (int i = 0; i < 900; ++i)
        (void)initial.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(8),
                                                   .velocity = steer::random_unit_vector<V>(gen),
                                                   .max_force = 2,
                                                   .max_speed = 1},
                          look{.radius = i % 4 == 0 ? 2.5f : 0.6f});
    const steer::radius_by_agent radius{
        S(2.5), [](steer::crowd_id, const steer::vehicle<V>&, const look& mine) { return mine.radius; }};
    const auto think = [](steer::crowd_id, const steer::vehicle<V>& self, look& mine, const auto& neighbors) {
        for (const auto& other : neighbors)
            REQUIRE(steer::distance_squared(other.position(), self.position()) <= mine.radius * mine.radius);
        return steer::flocking(self, neighbors, {}) + steer::separation(self, neighbors, {.max_distance = 0.5f});
    };
    const auto run = [&](auto&& exec) {
        steer::crowd<V, look> c = initial;
        for (int step = 0; step < 8; ++step) c.step(S(1) / 60, radius, think, exec);
        return c;
    };
    const auto serial = run(steer::serial_executor{});
    if (steer::test::threads_available) {
        for (unsigned threads : {2u, 3u}) {
            const auto other = run(steer::thread_pool_executor(threads));
            for (std::size_t i = 0; i < serial.size(); ++i) {
                REQUIRE(other.ids()[i] == serial.ids()[i]);
                REQUIRE(same_state(other.vehicles()[i], serial.vehicles()[i]));
            }
        }
    }
    steer::crowd<V, look> c = initial;
    const steer::crowd_id victim = c.ids()[30];
    c.set_phase(victim, 0);  // due at the first frame
    for (const float bad : {2.6f, -0.1f, std::numeric_limits<float>::quiet_NaN()}) {
        c.data(victim).radius = bad;
        const std::string expected = "steer::crowd::step: radius for agent " + std::to_string(victim.index) +
                                     " (generation 0) must be in [0, widest] (got ";
        CHECK_THROWS_WITH_AS(c.step(S(1) / 60, radius, think), doctest::Contains(expected.c_str()),
                             std::invalid_argument);
    }
    CHECK(c.frame() == 0);  // nobody moved
    CHECK(same_state(c.agent(victim), initial.agent(victim)));
    CHECK_THROWS_WITH_AS(c.step(S(1) / 60, steer::radius_by_agent{S(-1), radius.of}, think),
                         "steer::crowd::step: radius must be >= 0 and finite (got -1)", std::invalid_argument);
}
