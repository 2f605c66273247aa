// The crowd tier (crowd and flock) stepped on threads and other executors: the same bits as
// on one thread, for every kind of step, and refusals that cross threads. Built on its own
// for ThreadSanitizer too (tests/threads), which watches the tier's loops on the thread pool.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/crowd/apply_forces.hpp>
#include <steer/executor.hpp>
#include <steer/thread_pool.hpp>

#include "steer/crowd/crowd_test_util.hpp"
#include "test_util.hpp"

using steer::test::add_ball;
using steer::test::make;
using steer::test::member;
using steer::test::mixed_think;
using steer::test::random_flock;
using steer::test::same_bits;
using steer::test::same_state;
using steer::test::team_of;

namespace {
[[nodiscard]] std::uint32_t team_parity(const member& m) noexcept { return m.team % 2; }
}  // namespace

TEST_CASE_TEMPLATE("crowd results are bit-identical for 1, 2 and 3 threads and any executor", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    steer::crowd<V> initial{steer::think_schedule(3)};
    add_ball(initial, gen, 700, 8, 2);
    mixed_think<V> think;
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

TEST_CASE_TEMPLATE("crowd batch_constraint: spans of one batch's handles, vehicles and data; the same bits as a "
                   "per-agent constraint on any threads; a throw moves nobody",
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    struct tag {
        std::uint32_t index = 0;  // written by the constraint: the handle it was given with this data
        int constrained = 0;
    };
    steer::rng gen(43);
    steer::crowd<V, tag> initial{steer::think_schedule(2)};
    for (int i = 0; i < 500; ++i)
        (void)initial.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(6),
                                                   .velocity = steer::random_unit_vector<V>(gen),
                                                   .max_force = 2,
                                                   .max_speed = 1});
    const auto think = [](steer::crowd_id, const steer::vehicle<V>& self, tag&, const auto& neighbors) {
        return steer::separation(self, neighbors, {.max_distance = 1}) + make<V>(0, 1, 0);
    };
    // Keep everyone on the ground y = 0, moving along it: one agent at a time...
    const auto ground = [](const steer::vehicle<V>& v) {
        V p = v.position(), u = v.velocity();
        p[1] = 0;
        u[1] = 0;
        return std::pair{p, u};
    };
    const auto one = [&](steer::crowd_id id, steer::vehicle<V>& v, tag& t) {
        const auto [p, u] = ground(v);
        v.set_position(p);
        v.set_velocity(u);
        t.index = id.index;
        ++t.constrained;
    };
    // ...or a batch at a time, the velocities in lanes.
    const auto batch = steer::batch_constraint{
        [&](std::span<const steer::crowd_id> ids, std::span<steer::vehicle<V>> vehicles, std::span<tag> tags) {
            REQUIRE(ids.size() == vehicles.size());
            REQUIRE(tags.size() == vehicles.size());
            std::vector<V> velocities;
            for (std::size_t i = 0; i < vehicles.size(); ++i) {
                const auto [p, u] = ground(vehicles[i]);
                vehicles[i].set_position(p);
                velocities.push_back(u);
                tags[i].index = ids[i].index;
                ++tags[i].constrained;
            }
            steer::set_velocities(vehicles, velocities);
        }};
    const auto run = [&](auto&& constrain, auto&& exec) {
        steer::crowd<V, tag> c = initial;
        for (int step = 0; step < 6; ++step) c.step(S(1) / 30, S(1), think, constrain, exec);
        return c;
    };
    const auto expected = run(one, steer::serial_executor{});
    const auto check = [&](const steer::crowd<V, tag>& c) {
        REQUIRE(c.size() == expected.size());
        for (std::size_t i = 0; i < c.size(); ++i) {
            REQUIRE(c.ids()[i] == expected.ids()[i]);
            REQUIRE(same_state(c.vehicles()[i], expected.vehicles()[i]));
            REQUIRE(c.vehicles()[i].position()[1] == S(0));
            REQUIRE(c.data()[i].index == c.ids()[i].index);  // each tag went with its own handle
            REQUIRE(c.data()[i].constrained == 6);           // each agent once a step
        }
    };
    check(run(batch, steer::serial_executor{}));
    if (steer::test::threads_available)
        for (unsigned threads : {2u, 3u}) check(run(batch, steer::thread_pool_executor(threads)));

    // A batch that throws leaves every agent where it was.
    steer::crowd<V, tag> c = initial;
    std::vector<V> before;
    for (const auto& v : c.vehicles()) before.push_back(v.position());
    const auto fails = steer::batch_constraint{[](std::span<const steer::crowd_id>, std::span<steer::vehicle<V>> vehicles,
                                                  std::span<tag>) {
        vehicles[vehicles.size() / 2].set_position(V(std::numeric_limits<S>::infinity()));
    }};
    CHECK_THROWS_AS(c.step(S(1) / 30, S(1), think, fails, steer::serial_executor{}), std::invalid_argument);
    CHECK(c.frame() == 0);
    for (std::size_t i = 0; i < c.size(); ++i) CHECK(c.vehicles()[i].position() == before[i]);
}

TEST_CASE_TEMPLATE("crowd on a thread pool refuses a think's non-finite steering and moves nobody", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    if (!steer::test::threads_available) return;
    steer::rng gen(23);
    steer::crowd<V> c;
    add_ball(c, gen, 100, 3, 1);
    const std::vector<steer::vehicle<V>> before(c.vehicles().begin(), c.vehicles().end());
    const std::vector<steer::crowd_id> ids(c.ids().begin(), c.ids().end());
    const steer::crowd_id victim = ids[42];
    const auto nan_think = [&](steer::crowd_id id, const steer::vehicle<V>&, const auto&) {
        return id == victim ? V(std::numeric_limits<S>::quiet_NaN()) : V(1);
    };
    const std::string expected = "steer::crowd::step: think's steering for agent " + std::to_string(victim.index) +
                                 " (generation 0) must be finite (got (nan";
    steer::thread_pool_executor pool(2);
    CHECK_THROWS_WITH_AS(c.step(S(0.1), S(1), nan_think, pool), doctest::Contains(expected.c_str()),
                         std::invalid_argument);
    CHECK(c.frame() == 0);
    for (std::size_t i = 0; i < ids.size(); ++i) {  // nobody moved, and no steering was kept
        CHECK(same_state(c.agent(ids[i]), before[i]));
        CHECK(c.steering(ids[i]) == V(0));
    }
}

TEST_CASE_TEMPLATE("crowd kinds: each neighbor's kind is kind_of of its data as before the step, through thoughts, "
                   "constraints, writes between steps, adds and removes, the same on three threads",
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(53);
    steer::crowd<V, member> initial;
    const auto add_member = [](steer::crowd<V, member>& c, steer::rng& draw) {
        return c.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(draw) * S(4),
                                              .velocity = steer::random_unit_vector<V>(draw),
                                              .max_force = 2,
                                              .max_speed = 1},
                     member{.team = static_cast<std::uint32_t>(steer::uniform(draw, S(0), S(4)))});
    };
    for (int i = 0; i < 400; ++i) (void)add_member(initial, gen);
    // Checks every neighbor's kind against its data (thoughts run on several threads: the
    // counts are atomic, and asserted after each run); counts neighbors of another kind than
    // the agent's (the test must meet some).
    std::atomic<std::size_t> checked = 0, others = 0, wrong = 0;
    const auto think = [&](steer::crowd_id id, const steer::vehicle<V>& self, member& mine, const auto& neighbors) {
        const std::uint32_t own = team_of(mine);  // as before the step
        std::size_t others_here = 0;
        for (std::size_t i = 0; i < neighbors.size(); ++i) {
            wrong += neighbors.kind(i) != team_of(neighbors.data(i)) ? 1u : 0u;
            others_here += neighbors.kind(i) != own ? 1u : 0u;
        }
        // all_of_kind answers as the kinds do, for the agent's own kind and the others.
        wrong += neighbors.all_of_kind(own) != (others_here == 0) ? 1u : 0u;
        for (std::uint32_t team = 0; team < 4; ++team) {
            std::size_t of_team = 0;
            for (std::size_t i = 0; i < neighbors.size(); ++i) of_team += team_of(neighbors.data(i)) == team ? 1u : 0u;
            wrong += neighbors.all_of_kind(team) != (of_team == neighbors.size()) ? 1u : 0u;
        }
        others += others_here;
        checked += neighbors.size();
        if (++mine.thoughts % 3 == 0 && id.index % 2 == 0) mine.team = (mine.team + 1) % 4;  // a new kind
        return steer::separation(self, neighbors, {.max_distance = S(1)});
    };
    const auto settle = [](steer::crowd_id id, steer::vehicle<V>&, member& mine) {
        if (id.index % 5 == 0) mine.team = (mine.team + 2) % 4;  // the constraint changes kinds too
    };
    const auto run = [&](auto&& exec) {
        steer::crowd<V, member> c = initial;
        c.set_kinds(&team_of);
        for (int step = 0; step < 4; ++step) c.step(S(0.05), S(1.5), think, settle, exec);
        // Between steps: through data(id), through data(), adding and removing agents.
        for (std::uint32_t index = 0; index < 400; index += 7)
            c.data(steer::crowd_id{index, 0}).team = 3 - c.data(steer::crowd_id{index, 0}).team;
        c.step(S(0.05), S(1.5), think, settle, exec);
        for (member& m : c.data()) m.team = (m.team + 1) % 4;
        c.step(S(0.05), S(1.5), think, settle, exec);
        c.remove(steer::crowd_id{11, 0});  // the last agents take their storage slots
        c.remove(steer::crowd_id{12, 0});
        c.step(S(0.05), S(1.5), think, settle, exec);
        steer::rng newcomers(59);  // the same newcomers in every run
        for (int i = 0; i < 30; ++i) (void)add_member(c, newcomers);
        c.step(S(0.05), S(1.5), think, settle, exec);
        // Another function: the kinds follow it from the next step.
        c.set_kinds(&team_parity);
        c.step(S(0.05), S(1.5),
               [&](steer::crowd_id, const steer::vehicle<V>&, member&, const auto& neighbors) {
                   for (std::size_t i = 0; i < neighbors.size(); ++i)
                       wrong += neighbors.kind(i) != team_parity(neighbors.data(i)) ? 1u : 0u;
                   checked += neighbors.size();
                   return V(0);
               },
               exec);
        // None: every kind is 0.
        c.set_kinds(nullptr);
        c.step(S(0.05), S(1.5),
               [&](steer::crowd_id, const steer::vehicle<V>&, member&, const auto& neighbors) {
                   for (std::size_t i = 0; i < neighbors.size(); ++i) wrong += neighbors.kind(i) != 0 ? 1u : 0u;
                   checked += neighbors.size();
                   return V(0);
               },
               exec);
        return c;
    };
    const auto serial = run(steer::serial_executor{});
    CHECK(wrong == 0);
    CHECK(checked > 10000);
    CHECK(others > 1000);
    if (steer::test::threads_available) {
        // Kinds are computed as agents move, on every thread: the same kinds and results.
        const auto pooled = run(steer::thread_pool_executor(3));
        CHECK(wrong == 0);
        REQUIRE(pooled.size() == serial.size());
        for (std::size_t i = 0; i < serial.size(); ++i) {
            REQUIRE(pooled.ids()[i] == serial.ids()[i]);
            REQUIRE(same_state(pooled.vehicles()[i], serial.vehicles()[i]));
            REQUIRE(pooled.data()[i].team == serial.data()[i].team);
        }
    }
    // A crowd without kinds, and one without data, give every neighbor kind 0.
    steer::crowd<V, member> plain = initial;
    plain.step(S(0.05), S(1.5), [&](steer::crowd_id, const steer::vehicle<V>&, member&, const auto& neighbors) {
        for (std::size_t i = 0; i < neighbors.size(); ++i) REQUIRE(neighbors.kind(i) == 0);
        REQUIRE(neighbors.all_of_kind(0));
        REQUIRE(neighbors.all_of_kind(1) == neighbors.empty());
        return V(0);
    });
    steer::crowd<V> bare;
    for (int i = 0; i < 50; ++i)
        (void)bare.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(2)});
    std::size_t bare_checked = 0;
    bare.step(S(0.05), S(1.5), [&](steer::crowd_id, const steer::vehicle<V>&, const auto& neighbors) {
        for (std::size_t i = 0; i < neighbors.size(); ++i) REQUIRE(neighbors.kind(i) == 0);
        REQUIRE(neighbors.all_of_kind(0));
        REQUIRE(neighbors.all_of_kind(2) == neighbors.empty());
        bare_checked += neighbors.size();
        return V(0);
    });
    CHECK(bare_checked > 0);
}

TEST_CASE_TEMPLATE("flock results are bit-identical for 1, 2 and 3 threads and any executor", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    const auto start = random_flock<V>(gen, 3000, 12, 2);
    const steer::flocking_params<V> p{.separation = {.max_distance = S(0.8), .max_angle = S(2.4)},
                                      .alignment = {.max_distance = S(1.5), .max_angle = S(2.4)},
                                      .cohesion = {.max_distance = 2, .max_angle = S(2.4)},
                                      .separation_weight = 1};
    const V target = make<V>(3, -2, 1);
    const auto extra = [&](steer::flock_id, const steer::vehicle<V>& v, const V& flocking) {
        return flocking + steer::seek(v, target) * S(0.3);
    };
    const int steps = steer::test::rounds(15);
    auto serial = start;
    for (int step = 0; step < steps; ++step) serial.step(S(1) / S(60), p, extra);
    const auto backwards = [](std::size_t count, auto&& body) {  // an engine's own job system
        for (std::size_t piece = 7; piece-- > 0;) body(count * piece / 7, count * (piece + 1) / 7);
    };
    auto by_pieces = start;
    for (int step = 0; step < steps; ++step) by_pieces.step(S(1) / S(60), p, extra, backwards);
    for (unsigned threads : {1u, 2u, 3u}) {
        if (!steer::test::threads_available) break;
        CAPTURE(threads);
        steer::thread_pool_executor pool(threads);
        auto pooled = start;
        for (int step = 0; step < steps; ++step) pooled.step(S(1) / S(60), p, extra, pool);
        REQUIRE(pooled.size() == serial.size());
        for (const steer::flock_id id : serial.ids()) {
            REQUIRE(same_state(pooled.agent(id), serial.agent(id)));
            REQUIRE(same_bits(pooled.steering(id), serial.steering(id)));
            REQUIRE(same_state(by_pieces.agent(id), serial.agent(id)));
        }
    }
}

TEST_CASE_TEMPLATE("flock on a thread pool refuses a non-finite extra steering and moves nobody", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    if (!steer::test::threads_available) return;
    steer::rng gen(23);
    auto f = random_flock<V>(gen, 100, 3, 1);
    const std::vector<steer::vehicle<V>> before(f.vehicles().begin(), f.vehicles().end());
    const std::vector<steer::flock_id> ids(f.ids().begin(), f.ids().end());
    const auto nan_steering = [](steer::flock_id id, const steer::vehicle<V>&, const V& flocking) {
        return id.index == 42 ? V(std::numeric_limits<S>::quiet_NaN()) : flocking;
    };
    steer::thread_pool_executor pool(2);
    CHECK_THROWS_WITH_AS(f.step(S(0.1), steer::flocking_params<V>{}, nan_steering, pool),
                         doctest::Contains("steer::flock::step: extra steering for agent 42 (generation 0) must be "
                                           "finite (got (nan"),
                         std::invalid_argument);
    CHECK(f.frame() == 0);
    for (std::size_t i = 0; i < ids.size(); ++i) {  // nobody moved, and no steering was kept
        CHECK(same_state(f.agent(ids[i]), before[i]));
        CHECK(f.steering(ids[i]) == V(0));
    }
}
