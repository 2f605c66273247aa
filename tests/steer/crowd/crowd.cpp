#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <numbers>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>
#include <glm/common.hpp>
#include <glm/vector_relational.hpp>

#include <steer/behaviors/alignment.hpp>
#include <steer/behaviors/arrival.hpp>
#include <steer/behaviors/cohesion.hpp>
#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/leader_following.hpp>
#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/behaviors/separation.hpp>
#include <steer/behaviors/unaligned_collision_avoidance.hpp>
#include <steer/combiners.hpp>
#include <steer/crowd/apply_forces.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/crowd/flock.hpp>
#include <steer/executor.hpp>
#include <steer/random.hpp>
#include <steer/thread_pool.hpp>
#include <steer/world/sphere.hpp>

#include "test_util.hpp"

using steer::test::make;
using steer::test::close_relative;
using steer::test::same_bits;
using steer::test::same_state;

namespace {

/// `count` agents at uniform points of a ball of `radius`, heading anywhere at up to `speed`.
template <steer::vector V>
void add_ball(steer::crowd<V>& c, steer::rng& gen, std::size_t count, double radius, double speed,
              const V& center = V(0)) {
    using S = steer::scalar_t<V>;
    for (std::size_t i = 0; i < count; ++i)
        c.add(steer::vehicle_params<V>{
            .position = center + steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(radius),
            .velocity = steer::random_unit_vector<V>(gen) * static_cast<S>(speed * steer::uniform01<double>(gen)),
            .radius = S(0.3),
            .max_force = 2,
            .max_speed = 2});
}

/// Adds to a crowd with data one agent at a uniform point of a ball of `radius`, heading
/// anywhere at speed 1 (max_force 2, max_speed 1), with the data `data_of(gen)`, drawn in
/// that order; returns its handle.
template <steer::vector V, class T, class DataOf>
steer::crowd_id add_at_random(steer::crowd<V, T>& c, steer::rng& gen, steer::scalar_t<V> radius, DataOf&& data_of) {
    const steer::vehicle_params<V> params{.position = steer::random_vector_in_unit_ball<V>(gen) * radius,
                                          .velocity = steer::random_unit_vector<V>(gen),
                                          .max_force = 2,
                                          .max_speed = 1};
    return c.add(params, data_of(gen));
}

/// For each agent (by id index): the ids of the others within `radius`, by brute force.
template <steer::vector V>
std::map<std::uint32_t, std::set<std::uint32_t>> brute_neighbors(const steer::crowd<V>& c, double radius) {
    std::map<std::uint32_t, std::set<std::uint32_t>> all;
    const auto vehicles = c.vehicles();
    const auto ids = c.ids();
    for (std::size_t i = 0; i < vehicles.size(); ++i) {
        auto& mine = all[ids[i].index];
        for (std::size_t j = 0; j < vehicles.size(); ++j) {
            if (i == j) continue;
            const V offset = vehicles[j].position() - vehicles[i].position();
            if (static_cast<double>(glm::dot(offset, offset)) <= radius * radius) mine.insert(ids[j].index);
        }
    }
    return all;
}

/// Steps `c` once with a think that records each agent's neighbors, and checks them
/// against brute force over the state before the step (as sets: the order is the grid's).
template <steer::vector V>
void check_neighbors(steer::crowd<V>& c, double radius) {
    using S = steer::scalar_t<V>;
    const auto expected = brute_neighbors(c, radius);
    std::map<std::uint32_t, std::set<std::uint32_t>> got;
    c.step(S(1) / 60, static_cast<S>(radius), [&](steer::crowd_id id, const steer::vehicle<V>&, const auto& neighbors) {
        auto& mine = got[id.index];
        for (std::size_t i = 0; i < neighbors.size(); ++i) {
            const bool fresh = mine.insert(neighbors.id(i).index).second;
            REQUIRE(fresh);  // nobody listed twice
            REQUIRE(&neighbors[i] == &*(neighbors.begin() + static_cast<std::ptrdiff_t>(i)));
        }
        return V(0);
    });
    REQUIRE(got.size() == expected.size());
    for (const auto& entry : expected) {
        const std::uint32_t index = entry.first;
        CAPTURE(index);
        REQUIRE(got[index] == entry.second);
    }
}

/// The mixed think of the scenario tests: separation and cohesion over the neighbors,
/// unaligned collision avoidance among them, obstacle avoidance among a few rocks, and a
/// seek toward the middle, in a truncated sum: a pedestrian's behaviors, not only boids'.
template <steer::vector V>
struct mixed_think {
    using S = steer::scalar_t<V>;
    std::vector<steer::sphere<V>> rocks;
    V goal{};
    template <class R>
    V operator()(const steer::vehicle<V>& self, const R& neighbors) const {
        const steer::neighborhood<V> near{.max_distance = S(1.5)};
        return steer::truncated_sum(
            self.max_force(),
            steer::weighted(S(1), [&] { return steer::obstacle_avoidance(self, rocks); }),
            steer::weighted(S(1), [&] { return steer::unaligned_collision_avoidance(self, neighbors); }),
            steer::weighted(S(0.8), [&] { return steer::separation(self, neighbors, near); }),
            steer::weighted(S(0.3), [&] { return steer::cohesion(self, neighbors, near); }),
            steer::weighted(S(0.5), [&] { return steer::seek(self, goal); }));
    }
};


/// The data of the kinds tests: a team (its kind) and how many times it thought.
struct member {
    std::uint32_t team = 0;
    int thoughts = 0;
};
[[nodiscard]] std::uint32_t team_of(const member& m) noexcept { return m.team; }
[[nodiscard]] std::uint32_t team_parity(const member& m) noexcept { return m.team % 2; }

}  // namespace

// The ThreadSanitizer build (tests/threads) compiles only this file's cases that step on
// threads, at its end (STEER_TEST_THREADS_ONLY): the others start no thread.
#if !STEER_TEST_THREADS_ONLY

TEST_CASE_TEMPLATE("crowd neighbors are exactly the others within the radius, on random crowds", V,
                   STEER_TEST_VECTORS) {
    for (unsigned seed = 1; seed <= static_cast<unsigned>(steer::test::rounds(3)); ++seed) {
        CAPTURE(seed);
        steer::rng gen(seed);
        steer::crowd<V> c;
        c.set_max_neighbors(1024);
        add_ball(c, gen, 500, 6, 2);
        add_ball(c, gen, 20, 0.5, 0, make<V>(30, -20, 10));  // a far tight cluster
        for (int i = 0; i < 4; ++i)                          // and four agents on one spot
            c.add(steer::vehicle_params<V>{.position = make<V>(2, 2, 2)});
        for (const double radius : {1.0, 2.5, 0.0, 0.37}) {
            CAPTURE(radius);
            check_neighbors(c, radius);
            check_neighbors(c, radius);  // the grid kept from the step before
        }
        // Strung out along x: few rows, many cells (a table per row); then a cluster a
        // million units along x (rows searched), then one far off every axis (rows hashed).
        for (int i = 0; i < 300; ++i)
            c.add(steer::vehicle_params<V>{.position = make<V>(40 + 0.9 * i, 0.3 * (i % 3), 0.2 * (i % 2))});
        check_neighbors(c, 1.0);
        add_ball(c, gen, 30, 1, 0, make<V>(1e6, 0, 0));
        check_neighbors(c, 1.0);
        c.add(steer::vehicle_params<V>{.position = make<V>(-1e9, 1e9, -1e9)});
        check_neighbors(c, 1.0);
    }
}

TEST_CASE_TEMPLATE("crowd forces equal the per-vehicle path's for a mixed behavior crowd", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(7);
    steer::crowd<V> c;
    c.set_max_neighbors(1024);
    add_ball(c, gen, 400, 7, 1.5);
    mixed_think<V> think;
    think.goal = make<V>(20, 0, 0);
    for (int i = 0; i < 6; ++i)
        think.rocks.push_back({.center = steer::random_vector_in_unit_ball<V>(gen) * S(6), .radius = S(0.8)});
    const S radius = S(2);
    for (int step = 0; step < 4; ++step) {
        CAPTURE(step);
        const std::vector<steer::vehicle<V>> before(c.vehicles().begin(), c.vehicles().end());
        const std::vector<steer::crowd_id> ids(c.ids().begin(), c.ids().end());
        c.step(S(1) / 30, radius, [&](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
            return think(self, neighbors);
        });
        // The per-vehicle path: each vehicle's neighbors by brute force, the same think.
        for (std::size_t i = 0; i < before.size(); ++i) {
            std::vector<const steer::vehicle<V>*> near;
            for (std::size_t j = 0; j < before.size(); ++j) {
                const V offset = before[j].position() - before[i].position();
                if (j != i && glm::dot(offset, offset) <= radius * radius) near.push_back(&before[j]);
            }
            const V expected = think(before[i], near);
            CAPTURE(i);
            REQUIRE(close_relative(c.steering(ids[i]), expected));
            // And the agent moved by vehicle::apply_force with exactly that steering.
            steer::vehicle<V> stepped = before[i];
            stepped.apply_force(c.steering(ids[i]), S(1) / 30);
            REQUIRE(same_state(c.agent(ids[i]), stepped));
        }
    }
}

TEST_CASE_TEMPLATE("crowd handles survive steps, adds and removes; stale and foreign ones are refused", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(3);
    steer::crowd<V> c;
    std::vector<steer::crowd_id> ids;
    std::vector<V> marks;  // each agent's max_speed tells it apart
    for (int i = 0; i < 50; ++i) {
        ids.push_back(c.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(4),
                                                     .max_speed = S(1) + S(i) / 64}));
    }
    const auto nothing = [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(0); };
    c.step(S(0.1), S(1), nothing);
    const steer::crowd_id gone = ids[7];
    c.remove(gone);
    CHECK_FALSE(c.contains(gone));
    CHECK(c.size() == 49);
    CHECK_THROWS_WITH_AS((void)c.agent(gone),
                         ("steer::crowd::agent: id must name an agent of this crowd (got index 7, generation 0)"),
                         std::invalid_argument);
    const steer::crowd_id again = c.add(steer::vehicle_params<V>{.max_speed = 9});
    CHECK(again.index == gone.index);  // the slot is reused...
    CHECK(again.generation != gone.generation);  // ...under a new generation
    CHECK_THROWS_AS(c.remove(gone), std::invalid_argument);
    for (int step = 0; step < 3; ++step) c.step(S(0.1), S(1), nothing);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i == 7) continue;
        REQUIRE(c.contains(ids[i]));
        CHECK(c.agent(ids[i]).max_speed() == S(1) + S(static_cast<int>(i)) / 64);
    }
    CHECK(c.agent(again).max_speed() == S(9));
    CHECK_THROWS_AS((void)c.agent(steer::crowd_id{}), std::invalid_argument);
    CHECK_THROWS_AS((void)c.steering(steer::crowd_id{1000, 0}), std::invalid_argument);
    c.clear();
    CHECK(c.empty());
    CHECK_FALSE(c.contains(again));
    c.step(S(0.1), S(1), nothing);  // an empty crowd steps
    CHECK(c.frame() == 5);
}

TEST_CASE_TEMPLATE("crowd think schedule: only due agents think, the others keep their steering, all move", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(5);
    steer::crowd<V> c{steer::think_schedule(4)};
    add_ball(c, gen, 200, 5, 1);
    std::vector<std::uint64_t> thought(200, 0);
    std::uint64_t frame = 0;
    for (int step = 0; step < 8; ++step) {
        const std::vector<steer::vehicle<V>> before(c.vehicles().begin(), c.vehicles().end());
        const std::vector<V> steering_before(c.steering_forces().begin(), c.steering_forces().end());
        const std::vector<steer::crowd_id> ids(c.ids().begin(), c.ids().end());
        std::size_t calls = 0;
        c.step(S(0.05), S(1), [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto&) {
            ++calls;
            ++thought[id.index];
            CHECK(c.schedule().due(c.phase(id), frame));
            return steer::seek(self, make<V>(3, 3, 3)) * S(0.5) + V(S(static_cast<int>(frame)) * S(0.01));
        });
        CHECK(calls == 50);  // round-robin phases: a quarter of the crowd each frame
        for (std::size_t i = 0; i < before.size(); ++i) {
            if (!c.schedule().due(c.phase(ids[i]), frame)) CHECK(same_bits(c.steering(ids[i]), steering_before[i]));
            CHECK(c.agent(ids[i]).position() != before[i].position());  // everyone moves
        }
        ++frame;
    }
    for (const auto n : thought) CHECK(n == 2);
}

TEST_CASE_TEMPLATE("crowd queries between steps match brute force, after writes, adds and removes", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(13);
    steer::crowd<V> c;
    add_ball(c, gen, 600, 10, 2);
    const auto check_queries = [&] {
        for (int q = 0; q < 40; ++q) {
            const V center = steer::random_vector_in_unit_ball<V>(gen) * S(12);
            for (const S radius : {S(0), S(0.8), S(2.5), S(7), S(40)}) {
                std::set<std::uint32_t> expected;
                std::optional<steer::crowd_id> closest;
                S best = 0;
                for (std::size_t i = 0; i < c.size(); ++i) {
                    const V offset = c.vehicles()[i].position() - center;
                    const S d2 = glm::dot(offset, offset);
                    if (d2 > radius * radius) continue;
                    expected.insert(c.ids()[i].index);
                    if (!closest || d2 < best || (d2 == best && c.ids()[i].index < closest->index)) {
                        closest = c.ids()[i];
                        best = d2;
                    }
                }
                std::set<std::uint32_t> got;
                std::as_const(c).for_each_within(center, radius, [&](steer::crowd_id id, S d2) {
                    REQUIRE(got.insert(id.index).second);
                    const V offset = c.agent(id).position() - center;
                    REQUIRE(d2 == glm::dot(offset, offset));
                });
                REQUIRE(got == expected);
                REQUIRE(std::as_const(c).nearest(center, radius) == closest);
            }
        }
    };
    check_queries();  // before any step: a scan
    const auto wander = [](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
        return steer::separation(self, neighbors, {.max_distance = S(1.5)}) + self.forward();
    };
    c.step(S(0.1), S(1.5), wander);
    check_queries();
    // Teleports through agent(id), additions and removals: the grid is not rebuilt, but
    // the queries find everyone where they are.
    const std::vector<steer::crowd_id> ids(c.ids().begin(), c.ids().end());
    for (int i = 0; i < 20; ++i) c.agent(ids[static_cast<std::size_t>(i) * 7]).set_position(steer::random_vector_in_unit_ball<V>(gen) * S(12));
    for (int i = 0; i < 15; ++i) c.remove(ids[static_cast<std::size_t>(i) * 13 + 1]);
    add_ball(c, gen, 10, 3, 1);
    check_queries();
    c.step(S(0.1), S(1.5), wander);
    check_queries();
    // Written through vehicles(): every agent may have moved, so the queries scan.
    for (auto& v : c.vehicles()) v.set_position(v.position() * S(0.5));
    check_queries();
    CHECK_THROWS_WITH_AS(c.for_each_within(V(0), S(-1), [](steer::crowd_id, S) {}),
                         "steer::crowd::for_each_within: radius must be >= 0 and finite (got -1)",
                         std::invalid_argument);
    CHECK_THROWS_AS((void)c.nearest(V(std::numeric_limits<S>::infinity()), S(1)), std::invalid_argument);
}

TEST_CASE_TEMPLATE("crowd degenerate placements: outliers at 1e18 and max/4, stacks, far clusters, a line", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S huge = std::numeric_limits<S>::max() / 4;
    steer::rng gen(17);
    steer::crowd<V> c;
    add_ball(c, gen, 300, 5, 1);
    c.add(steer::vehicle_params<V>{.position = make<V>(1e18, 0, 0)});
    c.add(steer::vehicle_params<V>{.position = make<V>(-huge, huge, -huge)});
    c.add(steer::vehicle_params<V>{.position = make<V>(huge, huge, huge)});
    add_ball(c, gen, 50, 1, 1, make<V>(1e7, -1e7, 1e7));                  // a cluster far away
    for (int i = 0; i < 150; ++i) c.add(steer::vehicle_params<V>{.position = make<V>(-3, 1, 2)});  // a stack
    for (int i = 0; i < 100; ++i)                                          // a line
        c.add(steer::vehicle_params<V>{.position = make<V>(S(i) * S(0.3), S(i) * S(0.3), -S(i) * S(0.2))});
    const steer::neighborhood<V> near{.max_distance = 2};
    std::size_t most = 0;
    for (int step = 0; step < 3; ++step) {
        c.step(S(1) / 60, S(2), [&](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
            most = std::max(most, neighbors.size());
            for (const auto& other : neighbors) {
                const V offset = other.position() - self.position();
                REQUIRE(glm::dot(offset, offset) <= S(4));
            }
            return steer::separation(self, neighbors, near) + steer::cohesion(self, neighbors, near);
        });
        for (const auto& v : c.vehicles()) REQUIRE(steer::is_finite(v.position()));
    }
    CHECK(most == c.max_neighbors());  // the stack fills every list to the cap, and no further
    // Within the cap, the lists are whole: the same placements with a cap above any count.
    c.set_max_neighbors(1024);
    check_neighbors(c, 2.0);
}

TEST_CASE_TEMPLATE("crowd's neighbor cap: lists stop at max_neighbors, taken from the agent's own row first", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::crowd<V> c;
    for (int i = 0; i < 100; ++i) c.add(steer::vehicle_params<V>{.position = make<V>(1, 1, 1)});
    c.set_max_neighbors(10);
    CHECK(c.max_neighbors() == 10);
    std::map<std::uint32_t, std::set<std::uint32_t>> lists;
    c.step(S(0.1), S(1), [&](steer::crowd_id id, const steer::vehicle<V>&, const auto& neighbors) {
        REQUIRE(neighbors.size() == 10);
        for (std::size_t i = 0; i < neighbors.size(); ++i) {
            REQUIRE(neighbors.id(i) != id);
            lists[id.index].insert(neighbors.id(i).index);
        }
        return V(0);
    });
    // Each agent starts from itself in the row: the stack's lists differ from agent to agent.
    std::set<std::set<std::uint32_t>> distinct;
    for (const auto& [index, list] : lists) distinct.insert(list);
    CHECK(distinct.size() == 100);
    CHECK_THROWS_WITH_AS(c.set_max_neighbors(0),
                         "steer::crowd::set_max_neighbors: max_neighbors must be in [1, 1024] (got 0)",
                         std::invalid_argument);
    CHECK_THROWS_AS(c.set_max_neighbors(1025), std::invalid_argument);
}

TEST_CASE_TEMPLATE("crowd neighbors work with every group behavior as they are", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(19);
    steer::crowd<V> c;
    add_ball(c, gen, 100, 3, 1);
    const steer::vehicle<V> leader(steer::vehicle_params<V>{.velocity = make<V>(1, 0, 0)});
    const steer::neighborhood<V> near{.max_distance = 2, .max_angle = S(2.4)};
    const steer::flocking_params<V> boids{.separation = near, .alignment = near, .cohesion = near};
    c.step(S(0.1), S(2), [&](steer::crowd_id, const steer::vehicle<V>& self, const steer::crowd_neighbors<V>& n) {
        // Each behavior is given the neighbors as they are, and answers as with a vector of pointers.
        std::vector<const steer::vehicle<V>*> copy;
        for (const auto& other : n) copy.push_back(&other);
        REQUIRE(same_bits(steer::separation(self, n, near), steer::separation(self, copy, near)));
        REQUIRE(same_bits(steer::cohesion(self, n, near), steer::cohesion(self, copy, near)));
        REQUIRE(same_bits(steer::alignment(self, n, near), steer::alignment(self, copy, near)));
        // Flocking over a crowd's neighbors runs in lanes: the same force up to rounding.
        REQUIRE(close_relative(steer::flocking(self, n, boids), steer::flocking(self, copy, boids)));
        REQUIRE(same_bits(steer::unaligned_collision_avoidance(self, n),
                          steer::unaligned_collision_avoidance(self, copy)));
        REQUIRE(same_bits(steer::leader_following(self, leader, n), steer::leader_following(self, leader, copy)));
        return V(0);
    });
}

TEST_CASE_TEMPLATE("flocking over a crowd's neighbors in lanes equals steer::flocking over the same agents", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S pi = std::numbers::pi_v<S>;
    const std::vector<steer::flocking_params<V>> sets{
        {.separation = {.max_distance = S(0.6)}, .alignment = {.max_distance = 1}, .cohesion = {.max_distance = 1}},
        {.separation = {.max_distance = S(1.5), .max_angle = S(2.4)},
         .alignment = {.max_distance = 3, .max_angle = S(2.4)},
         .cohesion = {.max_distance = S(2.5), .max_angle = S(2.4)}},
        {.separation = {.max_distance = 1, .max_angle = S(1.0)},
         .alignment = {.max_distance = 2, .max_angle = pi},
         .cohesion = {.max_distance = S(1.5), .max_angle = pi / 2},
         .cohesion_weight = S(-0.5)},
    };
    steer::rng gen(29);
    steer::crowd<V> c;
    c.set_max_neighbors(1024);
    add_ball(c, gen, 300, 3, 1);
    for (int i = 0; i < 5; ++i) c.add(steer::vehicle_params<V>{.position = make<V>(1, 1, 0)});  // coincident
    for (const auto& p : sets) {
        std::size_t compared = 0;
        c.step(S(0.02), S(2), [&](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
            // The plain path: the same agents as pointers, and a view without the crowd's records.
            std::vector<const steer::vehicle<V>*> copy;
            for (const auto& other : neighbors) copy.push_back(&other);
            const V expected = steer::flocking(self, copy, p);
            REQUIRE(close_relative(steer::flocking(self, neighbors, p), expected));
            std::vector<std::uint32_t> at(copy.size());
            for (std::size_t i = 0; i < at.size(); ++i) at[i] = static_cast<std::uint32_t>(i);
            std::vector<steer::vehicle<V>> own;
            for (const auto* other : copy) own.push_back(*other);
            const steer::crowd_neighbors<V> plain(own.data(), nullptr, at.data(), at.size());
            REQUIRE(same_bits(steer::flocking(self, plain, p), steer::flocking(self, own, p)));
            ++compared;
            return V(0);
        });
        CHECK(compared == c.size());
    }
}

TEST_CASE_TEMPLATE("crowd refuses bad input and moves nobody", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(23);
    steer::crowd<V> c;
    add_ball(c, gen, 100, 3, 1);
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
    CHECK(c.frame() == 0);
    std::vector<V> after = positions();
    std::sort(before.begin(), before.end(), [](const V& a, const V& b) { return a.x < b.x; });
    std::sort(after.begin(), after.end(), [](const V& a, const V& b) { return a.x < b.x; });
    CHECK(after == before);  // nobody moved (the storage may be re-sorted)
    for (const auto& f : c.steering_forces()) CHECK(f == V(0));
}

TEST_CASE_TEMPLATE("crowd constraint: each agent is constrained after it moves, before the grid, and a throw moves nobody",
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(31);
    steer::crowd<V> c;
    add_ball(c, gen, 200, 4, 1);
    const auto up = [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return make<V>(0, 3, 0); };
    // Keep everyone on the "ground" y = 0, moving along it.
    const auto on_ground = [](steer::crowd_id, steer::vehicle<V>& v) {
        V p = v.position(), u = v.velocity();
        p[1] = 0;
        u[1] = 0;
        v.set_position(p);
        v.set_velocity(u);
    };
    std::size_t constrained = 0;
    for (int step = 0; step < 5; ++step) {
        c.step(S(0.1), S(1), up, [&](steer::crowd_id id, steer::vehicle<V>& v) { ++constrained; on_ground(id, v); },
               steer::serial_executor{});
        for (const auto& v : c.vehicles()) REQUIRE(v.position()[1] == S(0));
    }
    CHECK(constrained == 5 * c.size());
    // The grid was made after the constraint: the queries find everyone on the ground.
    std::size_t found = 0;
    std::as_const(c).for_each_within(V(0), S(100), [&](steer::crowd_id id, S) {
        CHECK(c.agent(id).position()[1] == S(0));
        ++found;
    });
    CHECK(found == c.size());
    // A constraint that throws half way leaves every agent where it was, and handles valid.
    std::vector<V> before;
    for (const auto& v : c.vehicles()) before.push_back(v.position());
    const std::vector<steer::crowd_id> ids(c.ids().begin(), c.ids().end());
    std::size_t calls = 0;
    const auto fails = [&](steer::crowd_id, steer::vehicle<V>& v) {
        if (++calls == 100) v.set_position(V(std::numeric_limits<S>::infinity()));
    };
    CHECK_THROWS_AS(c.step(S(0.1), S(1), up, fails, steer::serial_executor{}), std::invalid_argument);
    CHECK(c.frame() == 5);
    for (std::size_t i = 0; i < ids.size(); ++i) CHECK(c.agent(ids[i]).position() == before[i]);
}

namespace steer::detail {
/// The tests' way to a crowd's slot generations (declared a friend by crowd).
struct crowd_test_access {
    template <class V>
    static void set_generation(steer::crowd<V>& c, std::uint32_t index, std::uint32_t generation) {
        c.generations_[index] = generation;
    }
    /// The capacities of a few of the crowd's tables, summed: the first and the last that
    /// `reserve` grows among them.
    template <class V>
    static std::size_t reserved(const steer::crowd<V>& c) {
        return c.phases_.capacity() + c.vehicles_.capacity() + c.hot_.capacity();
    }
    /// The candidates the neighbor searches of a step over the crowd's grid examine, per agent.
    template <class V>
    static double candidates_per_agent(const steer::crowd<V>& c) {
        return static_cast<double>(c.search_candidates()) / static_cast<double>(c.size());
    }
    /// How many entries the crowd's list of agents written, added or moved since its last
    /// sort holds.
    template <class V>
    static std::size_t touched_entries(const steer::crowd<V>& c) {
        return c.touched_list_.size();
    }
};
}  // namespace steer::detail

TEST_CASE_TEMPLATE("crowd and flock refuse a reserve past max_reserve by name, before allocating anything", V,
                   STEER_TEST_VECTORS) {
    using access = steer::detail::crowd_test_access;
    steer::crowd<V> c;
    steer::rng gen(2);
    add_ball(c, gen, 10, 3, 1);
    const std::size_t most = steer::crowd<V>::max_reserve();
    CHECK(most >= 1000000);  // a million agents reserve within the default STEER_MAX_TABLE_BYTES
    CHECK(most <= steer::max_table_bytes / steer::crowd<V>::bytes_per_agent());
    const std::size_t before = access::reserved(c);
    std::vector<std::size_t> sizes{most + 1, std::numeric_limits<std::size_t>::max()};
    if constexpr (sizeof(std::size_t) == 8) sizes.push_back(std::size_t(1) << 33);
    for (const std::size_t n : sizes) {
        CAPTURE(n);
        CHECK_THROWS_WITH_AS(c.reserve(n),
                             ("steer::crowd::reserve: n must be at most " + std::to_string(most) + " (got " +
                              std::to_string(n) + ")")
                                 .c_str(),
                             std::invalid_argument);
        CHECK(access::reserved(c) == before);
        steer::flock<V> f;
        CHECK_THROWS_WITH_AS(f.reserve(n),
                             ("steer::flock::reserve: n must be at most " + std::to_string(most) + " (got " +
                              std::to_string(n) + ")")
                                 .c_str(),
                             std::invalid_argument);
    }
    CHECK(steer::flock<V>::max_reserve() == most);
    // The crowd goes on as before.
    CHECK_NOTHROW(c.reserve(2000));
    CHECK(c.size() == 10);
    c.step(steer::scalar_t<V>(0.1), steer::scalar_t<V>(1), [](steer::crowd_id, const steer::vehicle<V>&, const auto&) {
        return V(0);
    });
}

namespace {

/// `n` agents at uniform points of a cube of the side that gives about ten others within 1
/// of each (as the benchmarks' crowds), at rest.
template <steer::vector V>
std::vector<V> cube_positions(steer::rng& gen, std::size_t n) {
    using S = steer::scalar_t<V>;
    constexpr int D = steer::dimension_v<V>;
    const double ball = D == 2 ? std::numbers::pi : 4.0 / 3.0 * std::numbers::pi;  // of radius 1
    const double side = std::pow(static_cast<double>(n) * ball / 10.0, 1.0 / D);
    std::vector<V> all(n);
    for (V& p : all)
        for (int d = 0; d < D; ++d) p[d] = static_cast<S>(steer::uniform01<double>(gen) * side);
    return all;
}

/// A crowd of agents at `positions`, stepped once with radius `radius` (dt 0: the grid is
/// that of the positions); the candidates its searches examine, per agent.
template <steer::vector V>
double search_cost(const std::vector<V>& positions, steer::scalar_t<V> radius) {
    steer::crowd<V> c;
    for (const V& p : positions) c.add(steer::vehicle_params<V>{.position = p});
    c.step(steer::scalar_t<V>(0), radius, [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(0); });
    return steer::detail::crowd_test_access::candidates_per_agent(c);
}

}  // namespace

TEST_CASE_TEMPLATE("crowd searches cost about what a normal crowd's do at radius 0 and with agents strung out to "
                   "the promised magnitude",
                   V, STEER_TEST_VECTORS) {
    // Operation counts, not time: the candidates every agent's neighbor search examines,
    // summed over the crowd, against those of a normal crowd (about ten others within the
    // radius of 1). No placement may cost more than 3 times as much (docs/performance.md).
    // The grid's keys were clamped at 2^61 cells, so agents beyond (float coordinates past
    // 5.8e17 at radius 1, past 0.5 at radius 0) shared one cell and each paid its whole
    // budget of 32 x 64 candidates.
    using S = steer::scalar_t<V>;
    constexpr std::size_t n = 3000;  // more than the budget: a shared cell shows
    steer::rng gen(5);
    const std::vector<V> cube = cube_positions<V>(gen, n);
    const double normal = search_cost(cube, S(1));
    CAPTURE(normal);
    CHECK(normal > 5);
    const double top = static_cast<double>(steer::detail::promised_magnitude<S>());
    // Along x from `from` to `to` (times the promised magnitude), every `every`-th agent of the cube.
    const auto strung = [&](double from, double to, std::size_t every, double slope = 0) {
        std::vector<V> all = cube;
        for (std::size_t i = 0; i < n; i += every) {
            const double t = from + (to - from) * static_cast<double>(i) / static_cast<double>(n);
            all[i] = V(S(0));
            all[i][0] = static_cast<S>(t * top);
            all[i][1] = static_cast<S>(t * top * slope);
        }
        return all;
    };
    struct placement {
        std::string name;
        std::vector<V> positions;
        S radius;
    };
    const std::vector<placement> placements{
        {"the cube at radius 0", cube, S(0)},
        {"the cube at a denormal radius", cube, std::numeric_limits<S>::denorm_min()},
        {"a line from 0.52 to 0.95 of the promise", strung(0.52, 0.95, 1), S(1)},
        {"half the cube on that line", strung(0.52, 0.95, 2), S(1)},
        {"a line across the origin, from -0.95 to 0.95", strung(-0.95, 0.95, 1, 0.5), S(1)},
        {"a line from 0.52 to 0.95 at radius 0", strung(0.52, 0.95, 1), S(0)},
        {"the line at a radius of 1e6", strung(0.52, 0.95, 1), S(1e6)},
    };
    for (const placement& p : placements) {
        CAPTURE(p.name);
        const double cost = search_cost(p.positions, p.radius);
        CAPTURE(cost);
        CHECK(cost <= 3 * normal);
    }
}

TEST_CASE_TEMPLATE("crowd neighbors stay exact where the grid's keys count rounding steps: stacks out to the promised "
                   "magnitude, at radius 0 and 1",
                   V, STEER_TEST_VECTORS) {
    // Beyond 2^57 cells from the origin the keys follow the coordinates' binary exponent
    // and mantissa; there, only agents that share a position, or lie within a few rounding
    // steps of each other, can be within the radius. Stacks of a few agents at points along
    // both signs of each axis, and pairs one rounding step apart, against brute force.
    using S = steer::scalar_t<V>;
    constexpr int D = steer::dimension_v<V>;
    const double top = static_cast<double>(steer::detail::promised_magnitude<S>());
    for (const double radius : {0.0, 1.0, 1e9}) {
        CAPTURE(radius);
        steer::crowd<V> c;
        c.set_max_neighbors(1024);
        steer::rng gen(11);
        for (int i = 0; i < 120; ++i) {
            V p(S(0));
            const int axis = i % D;
            const double sign = (i / D) % 2 == 0 ? 1.0 : -1.0;
            p[axis] = static_cast<S>(sign * top * std::pow(2.0, -static_cast<double>(i % 70)));
            p[(axis + 1) % D] = static_cast<S>(steer::uniform01<double>(gen));
            for (int k = 0; k < 3; ++k) c.add(steer::vehicle_params<V>{.position = p});
            V next = p;
            next[axis] = std::nextafter(p[axis], std::numeric_limits<S>::infinity());
            c.add(steer::vehicle_params<V>{.position = next});
        }
        check_neighbors(c, radius);
        for (std::size_t q = 0; q < c.size(); q += 7) {  // queries from the grid, against a scan
            const V center = c.vehicles()[q].position();
            std::set<std::uint32_t> expected, got;
            for (std::size_t i = 0; i < c.size(); ++i) {
                const V offset = c.vehicles()[i].position() - center;
                if (static_cast<double>(glm::dot(offset, offset)) <= radius * radius) expected.insert(c.ids()[i].index);
            }
            c.for_each_within(center, static_cast<S>(radius), [&](steer::crowd_id id, S) { got.insert(id.index); });
            REQUIRE(got == expected);
        }
    }
}

TEST_CASE_TEMPLATE("crowd queries report each agent once through adds and removes of any slot between steps", V,
                   STEER_TEST_VECTORS) {
    // A model of the crowd's contents (handle index -> position) beside it: every query
    // between steps must list exactly the model's agents within the radius, each once, after
    // any interleaving of adds and removes, the removal of the agent in the last storage slot
    // (the one just added, or one that the sort put there) among them.
    using S = steer::scalar_t<V>;
    steer::rng gen(43);
    steer::crowd<V> c;
    std::map<std::uint32_t, V> model;
    std::vector<steer::crowd_id> live;
    const auto add = [&] {
        const V p = steer::random_vector_in_unit_ball<V>(gen) * S(3);
        const steer::crowd_id id = c.add(steer::vehicle_params<V>{.position = p});
        model[id.index] = p;
        live.push_back(id);
        return id;
    };
    const auto remove = [&](steer::crowd_id id) {
        c.remove(id);
        model.erase(id.index);
        live.erase(std::find(live.begin(), live.end(), id));
    };
    const auto check_queries = [&] {
        for (int q = 0; q < 4; ++q) {
            const V center = steer::random_vector_in_unit_ball<V>(gen) * S(3);
            const S radius = S(q) * S(0.8);
            std::set<std::uint32_t> expected;
            for (const auto& [index, p] : model)
                if (glm::dot(p - center, p - center) <= radius * radius) expected.insert(index);
            std::set<std::uint32_t> got;
            c.for_each_within(center, radius, [&](steer::crowd_id id, S) { REQUIRE(got.insert(id.index).second); });
            REQUIRE(got == expected);
        }
    };
    for (int i = 0; i < 40; ++i) add();
    const auto still = [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(0); };
    for (int round = 0; round < 6; ++round) {
        c.step(S(0), S(1), still);  // dt 0: nobody moves, the model stays right
        for (int cycle = 0; cycle < 30; ++cycle) {
            switch (gen() % 4) {
                case 0: remove(c.ids().back()); break;             // the last slot (after an add: the new agent)
                case 1: remove(live[gen() % live.size()]); break;  // anyone
                default: add(); break;
            }
            check_queries();
        }
        // The list of agents to look up where they are holds each slot once at most.
        CHECK(steer::detail::crowd_test_access::touched_entries(c) <= c.size() + 30);
    }
    // The cycle of the report: add, remove the agent in the last slot, add; again and again.
    c.step(S(0), S(1), still);
    const V spot = make<V>(50, 0, 0);
    for (int cycle = 0; cycle < 100; ++cycle) {
        c.remove(c.add(steer::vehicle_params<V>{.position = spot}));
        const steer::crowd_id id = c.add(steer::vehicle_params<V>{.position = spot});
        int calls = 0;
        c.for_each_within(spot, S(1), [&](steer::crowd_id found, S) {
            ++calls;
            CHECK(found == id);
        });
        REQUIRE(calls == 1);
        c.remove(id);
    }
    CHECK(steer::detail::crowd_test_access::touched_entries(c) == 1);
}

TEST_CASE("crowd retires an id slot whose generations are used up: no stale handle comes back") {
    using V = glm::vec2;
    steer::crowd<V> c;
    const steer::crowd_id first = c.add(steer::vehicle_params<V>{});
    c.remove(first);
    const steer::crowd_id second = c.add(steer::vehicle_params<V>{});
    REQUIRE(second.index == first.index);  // reused, generation 1
    CHECK(second.generation == 1);
    // Fast-forward the slot to its last generation, as 2^32 - 2 more reuses would.
    c.remove(second);
    steer::detail::crowd_test_access::set_generation(c, first.index, std::numeric_limits<std::uint32_t>::max());
    const steer::crowd_id last = c.add(steer::vehicle_params<V>{});
    REQUIRE(last.index == first.index);
    CHECK(last.generation == std::numeric_limits<std::uint32_t>::max());
    c.remove(last);  // the generation would wrap to 0, which `first` carries: the slot retires
    const steer::crowd_id fresh = c.add(steer::vehicle_params<V>{});
    CHECK(fresh.index != first.index);
    CHECK_FALSE(c.contains(first));
    CHECK_FALSE(c.contains(last));
    CHECK_THROWS_AS((void)c.agent(first), std::invalid_argument);
    // A handle from another crowd is refused when its slot is out of range here.
    steer::crowd<V> other;
    for (int i = 0; i < 5; ++i) (void)other.add(steer::vehicle_params<V>{});
    const steer::crowd_id foreign = other.ids()[4];
    CHECK_FALSE(c.contains(foreign));
    CHECK_THROWS_AS((void)c.agent(foreign), std::invalid_argument);
}

namespace {
/// The data of the tests' crowds with data: a thought counter, a mark, and a name (a type
/// that is not trivially copyable).
struct mind {
    int thoughts = 0;
    int mark = 0;
    std::string name;
};
}  // namespace

TEST_CASE_TEMPLATE("crowd<V, T>: each agent's data lives with it; a thought writes its own, neighbors read theirs "
                   "as before the step",
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(37);
    steer::crowd<V, mind> c;
    std::map<std::uint32_t, int> marks;  // by id index
    for (int i = 0; i < 300; ++i) {
        const steer::crowd_id id = add_at_random(c, gen, S(4), [i](steer::rng&) {
            return mind{.mark = 1000 + i, .name = "agent " + std::to_string(i)};
        });
        marks[id.index] = 1000 + i;
    }
    (void)c.add(steer::vehicle_params<V>{});  // data T{}
    for (int step = 0; step < 6; ++step) {
        std::size_t neighbors_seen = 0;
        c.step(
            S(0.05), S(1.5),
            [&](steer::crowd_id id, const steer::vehicle<V>& self, mind& mine, const auto& neighbors) {
                REQUIRE(mine.thoughts == step);  // its own, as the last step left it
                for (std::size_t i = 0; i < neighbors.size(); ++i) {
                    // The neighbors' data as before this step, whoever has thought already.
                    REQUIRE(neighbors.data(i).thoughts == step);
                    if (neighbors.id(i).index < 300) REQUIRE(neighbors.data(i).mark == marks[neighbors.id(i).index]);
                    ++neighbors_seen;
                }
                ++mine.thoughts;
                (void)id;
                return steer::separation(self, neighbors, {.max_distance = S(1)});
            },
            [&](steer::crowd_id, steer::vehicle<V>&, mind& mine) { REQUIRE(mine.thoughts == step + 1); },
            steer::serial_executor{});
        CHECK(neighbors_seen > 0);
    }
    // Through handles and in storage order, after the agents moved about in storage.
    for (const auto& [index, mark] : marks) {
        const steer::crowd_id id{index, 0};
        REQUIRE(c.data(id).mark == mark);
        REQUIRE(c.data(id).name == "agent " + std::to_string(mark - 1000));
        REQUIRE(c.data(id).thoughts == 6);
    }
    for (std::size_t i = 0; i < c.size(); ++i) REQUIRE(std::as_const(c).data()[i].thoughts == 6);
    // Removing keeps every other agent's data with it.
    const steer::crowd_id gone{7, 0};
    c.remove(gone);
    for (const auto& [index, mark] : marks)
        if (index != gone.index) REQUIRE(c.data(steer::crowd_id{index, 0}).mark == mark);
    // A refused thought changes nobody's data.
    const auto bad = [&](steer::crowd_id id, const steer::vehicle<V>&, mind& mine, const auto&) {
        ++mine.thoughts;
        return id.index == 42 ? V(std::numeric_limits<S>::quiet_NaN()) : V(0);
    };
    CHECK_THROWS_AS(c.step(S(0.05), S(1.5), bad), std::invalid_argument);
    for (std::size_t i = 0; i < c.size(); ++i) CHECK(std::as_const(c).data()[i].thoughts == 6);
    c.data(steer::crowd_id{3, 0}).mark = -1;
    CHECK(std::as_const(c).data(steer::crowd_id{3, 0}).mark == -1);
}

TEST_CASE_TEMPLATE("crowd radius_by_agent: each thinking agent gets exactly the others within its own radius", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(43);
    steer::crowd<V> c{steer::think_schedule(2)};
    c.set_max_neighbors(1024);  // every neighbor, however many (2D: about 80 within the widest radius)
    add_ball(c, gen, 700, 6, 1);
    (void)c.step(S(1) / 60, S(2), [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(0); });
    // Three kinds of look: none, near (a fraction of the grid's radius) and the widest.
    const S widest = S(2);
    const auto own = [&](steer::crowd_id id) {
        const std::uint32_t kind = id.index % 3;
        return kind == 0 ? S(0) : kind == 1 ? S(0.45) : widest;
    };
    const steer::radius_by_agent radius{widest, [&](steer::crowd_id id, const steer::vehicle<V>&) { return own(id); }};
    for (int step = 0; step < 4; ++step) {
        // Brute force over the state before the step, each agent with its own radius.
        std::map<std::uint32_t, std::set<std::uint32_t>> expected;
        const auto vehicles = c.vehicles();
        const auto ids = c.ids();
        const std::uint32_t due = static_cast<std::uint32_t>(c.frame() % 2);
        for (std::size_t i = 0; i < vehicles.size(); ++i) {
            if (c.phase(ids[i]) % 2 != due) continue;
            const auto r = static_cast<double>(own(ids[i]));
            auto& mine = expected[ids[i].index];
            for (std::size_t j = 0; j < vehicles.size(); ++j) {
                const V offset = vehicles[j].position() - vehicles[i].position();
                if (i != j && static_cast<double>(glm::dot(offset, offset)) <= r * r) mine.insert(ids[j].index);
            }
        }
        std::map<std::uint32_t, std::set<std::uint32_t>> got;
        c.step(S(1) / 60, radius, [&](steer::crowd_id id, const steer::vehicle<V>& self, const auto& neighbors) {
            auto& mine = got[id.index];
            for (std::size_t i = 0; i < neighbors.size(); ++i) REQUIRE(mine.insert(neighbors.id(i).index).second);
            return steer::separation(self, neighbors, {.max_distance = S(1)});
        });
        REQUIRE(got.size() == expected.size());
        std::size_t near_found = 0, wide_found = 0;
        for (const auto& entry : expected) {
            const std::uint32_t index = entry.first;
            CAPTURE(index);
            REQUIRE(got[index] == entry.second);
            (index % 3 == 1 ? near_found : wide_found) += entry.second.size();
        }
        CHECK(near_found > 0);  // the test sees near agents with neighbors, and wide ones with many more
        CHECK(wide_found > 4 * near_found);
    }
}

TEST_CASE_TEMPLATE("crowd radius_by_agent: a near look finds the others at exactly its radius across the grid's "
                   "row and x-cell boundaries",
                   V, STEER_TEST_VECTORS) {
    // A near look visits only the rows and x cells its own box touches: agents on a lattice
    // of the near radius's spacing, laid on the grid's cell boundaries (the cells are the
    // widest radius and a 1024th: exactly representable here), so that many pairs are
    // exactly the near radius apart across a boundary, where rounding decides the cells.
    using S = steer::scalar_t<V>;
    constexpr int D = steer::dimension_v<V>;
    const S widest = S(2), near = S(0.5);
    const S cell = widest + widest / S(1024);
    for (const S boundary : {cell, S(37) * cell, -S(5) * cell}) {
        CAPTURE(boundary);
        steer::crowd<V> c;
        c.set_max_neighbors(1024);
        int lattice[std::size_t{D}] = {};
        for (;;) {
            V p;
            for (int d = 0; d < D; ++d) p[d] = boundary + static_cast<S>(lattice[d] - 3) * near;
            c.add(steer::vehicle_params<V>{.position = p});
            int d = 0;
            while (d < D && ++lattice[d] == 7) lattice[d++] = 0;
            if (d == D) break;
        }
        const auto own = [&](steer::crowd_id id) { return id.index % 2 == 0 ? near : widest; };
        std::map<std::uint32_t, std::set<std::uint32_t>> expected;  // brute force, as the crowd rounds
        const auto vehicles = c.vehicles();
        const auto ids = c.ids();
        for (std::size_t i = 0; i < vehicles.size(); ++i)
            for (std::size_t j = 0; j < vehicles.size(); ++j) {
                const V offset = vehicles[j].position() - vehicles[i].position();
                const S r = own(ids[i]);
                if (i != j && glm::dot(offset, offset) <= r * r) expected[ids[i].index].insert(ids[j].index);
            }
        std::map<std::uint32_t, std::set<std::uint32_t>> got;
        c.step(S(0), steer::radius_by_agent{widest, [&](steer::crowd_id id, const steer::vehicle<V>&) { return own(id); }},
               [&](steer::crowd_id id, const steer::vehicle<V>&, const auto& neighbors) {
                   for (std::size_t i = 0; i < neighbors.size(); ++i) got[id.index].insert(neighbors.id(i).index);
                   return V(0);
               });
        std::size_t at_the_radius = 0;
        for (const auto& entry : expected) {
            CAPTURE(entry.first);
            REQUIRE(got[entry.first] == entry.second);
            if (entry.first % 2 == 0) at_the_radius += entry.second.size();
        }
        // The near ones see their lattice neighbors (of D * 6 * 7^(D-1) such pairs, about half).
        CHECK(at_the_radius >= std::size_t{D} * 6 * (D == 2 ? 7u : 49u) * 4 / 10);
    }
}

TEST_CASE_TEMPLATE("crowd neighbors whose squared distance underflows count at a denormal radius", V, STEER_TEST_VECTORS) {
    // Found by the crowd fuzzer: two agents 1e-23 apart in float are coincident to the
    // distance test (their squared distance rounds to zero), but the grid, planned with cells
    // of the denormal radius, put them 1e22 cells apart and neither listed the other.
    using S = steer::scalar_t<V>;
    const S apart = std::sqrt(std::numeric_limits<S>::denorm_min()) / 4;  // squared: denorm_min / 16, rounds to 0
    steer::crowd<V> c;
    c.add(steer::vehicle_params<V>{.position = V(S(0))});
    c.add(steer::vehicle_params<V>{.position = make<V>(1, 0, 0) * apart});
    c.add(steer::vehicle_params<V>{.position = make<V>(0, 1, 0) * apart});
    check_neighbors(c, static_cast<double>(std::numeric_limits<S>::denorm_min()));
    check_neighbors(c, 0.0);
}

TEST_CASE_TEMPLATE("separation over a crowd's neighbors in lanes gives the bits of steer::separation over the same agents", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const std::vector<steer::neighborhood<V>> neighborhoods{
        {.max_distance = S(0.5)},                        // a small personal space inside a wide look
        {.max_distance = S(1.5), .max_angle = S(2.4)},   // a wide field of view
        {.max_distance = 2, .max_angle = S(1.0)},        // a narrow one
        {.max_distance = 0},                             // nobody
    };
    steer::rng gen(37);
    steer::crowd<V> c;
    c.set_max_neighbors(1024);
    add_ball(c, gen, 300, 3, 1);
    for (int i = 0; i < 5; ++i) c.add(steer::vehicle_params<V>{.position = make<V>(1, 1, 0)});  // coincident
    for (const auto& n : neighborhoods) {
        std::size_t compared = 0, pushed = 0;
        c.step(S(0.02), S(2), [&](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
            std::vector<const steer::vehicle<V>*> copy;
            for (const auto& other : neighbors) copy.push_back(&other);
            const V expected = steer::separation(self, copy, n);
            const auto in_lanes = separation_in_lanes(self, neighbors, n);  // what separation calls
            REQUIRE(in_lanes.has_value());
            REQUIRE(same_bits(*in_lanes, expected));
            REQUIRE(same_bits(steer::separation(self, neighbors, n), expected));
            // Without the crowd's records the plain path runs: the very same bits.
            std::vector<std::uint32_t> at(copy.size());
            for (std::size_t i = 0; i < at.size(); ++i) at[i] = static_cast<std::uint32_t>(i);
            std::vector<steer::vehicle<V>> own;
            for (const auto* other : copy) own.push_back(*other);
            const steer::crowd_neighbors<V> plain(own.data(), nullptr, at.data(), at.size());
            REQUIRE(same_bits(steer::separation(self, plain, n), expected));
            ++compared;
            pushed += expected != V(0) ? 1u : 0u;
            return V(0);
        });
        CHECK(compared == c.size());
        if (n.max_distance > 0) CHECK(pushed > c.size() / 4);  // the comparisons are not all of zeros
        else CHECK(pushed == 0);
    }
}

TEST_CASE_TEMPLATE("separation between bodies over a crowd's neighbors reads their radii: steer::separation's bits", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(43);
    steer::crowd<V> c;
    c.set_max_neighbors(1024);
    for (int i = 0; i < 300; ++i)  // mixed sizes
        c.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(3),
                                       .velocity = steer::random_unit_vector<V>(gen),
                                       .radius = steer::uniform(gen, S(0.05), S(0.5)),
                                       .max_force = 2,
                                       .max_speed = 2});
    for (int i = 0; i < 3; ++i) c.add(steer::vehicle_params<V>{.position = make<V>(1, 1, 0), .radius = S(0.2)});
    const steer::neighborhood<V> n{.max_distance = S(1.5), .max_angle = S(2.4)};
    for (const S space : {S(0.05), S(0.3), S(1)}) {
        const steer::separation_params<V> bodies{.bodies = true, .personal_space = space};
        std::size_t compared = 0, pushed = 0;
        // Two steps: the second reads the radii as the move left them in grid order.
        for (int step = 0; step < 2; ++step)
            c.step(S(0.02), S(2), [&](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
                std::vector<const steer::vehicle<V>*> copy;
                for (const auto& other : neighbors) copy.push_back(&other);
                const V expected = steer::separation(self, copy, n, bodies);
                const auto in_lanes = separation_in_lanes(self, neighbors, n, bodies);
                REQUIRE(in_lanes.has_value());
                REQUIRE(same_bits(*in_lanes, expected));
                REQUIRE(same_bits(steer::separation(self, neighbors, n, bodies), expected));
                ++compared;
                pushed += expected != V(0) ? 1u : 0u;
                return expected;
            });
        CHECK(compared == 2 * c.size());
        CHECK(pushed > c.size() / 4);
    }
}

TEST_CASE_TEMPLATE("flocking between bodies over a crowd's neighbors in lanes is steer::flocking's, up to rounding", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(47);
    steer::crowd<V> c;
    c.set_max_neighbors(1024);
    for (int i = 0; i < 300; ++i)
        c.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(4),
                                       .velocity = steer::random_unit_vector<V>(gen),
                                       .radius = steer::uniform(gen, S(0.05), S(0.4)),
                                       .max_force = 2,
                                       .max_speed = 2});
    const steer::flocking_params<V> boids{.separation = {.max_distance = S(1.2), .max_angle = S(2.4)},
                                          .alignment = {.max_distance = 2, .max_angle = S(2.4)},
                                          .cohesion = {.max_distance = 2, .max_angle = S(2.4)},
                                          .separation_spacing = {.bodies = true, .personal_space = S(0.3)}};
    std::size_t compared = 0;
    c.step(S(0.02), S(2), [&](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
        std::vector<steer::vehicle<V>> copy(neighbors.begin(), neighbors.end());
        const V expected = steer::flocking(self, copy, boids);
        const V got = steer::flocking(self, neighbors, boids);
        REQUIRE(glm::length(got - expected) <= S(1e-4) * std::max(S(1), self.max_force()));
        ++compared;
        return got;
    });
    CHECK(compared == c.size());
}

TEST_CASE("crowd batch_constraint without per-agent data: handles and vehicles") {
    using V = glm::vec2;
    steer::rng gen(47);
    steer::crowd<V> c;
    add_ball(c, gen, 100, 3, 1);
    std::size_t calls = 0, agents = 0;
    c.step(0.1f, 1.0f, [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(1, 0); },
           steer::batch_constraint{[&](std::span<const steer::crowd_id> ids, std::span<steer::vehicle<V>> vehicles) {
               REQUIRE(ids.size() == vehicles.size());
               ++calls;
               agents += vehicles.size();
               for (auto& v : vehicles) v.set_position(glm::clamp(v.position(), V(-1), V(1)));
           }},
           steer::serial_executor{});
    CHECK(calls == 1);  // the serial executor: one batch
    CHECK(agents == c.size());
    for (const auto& v : c.vehicles()) CHECK(glm::all(glm::lessThanEqual(glm::abs(v.position()), V(1))));
}

TEST_CASE_TEMPLATE("crowd queries and near looks of radius 0 list the agents whose squared distance underflows",
                   V, STEER_TEST_VECTORS) {
    // Found by the crowd fuzzer: a query of radius 0 visited only its center's cell, and an
    // agent a denormal distance away across a cell boundary (its squared distance rounds to
    // 0, so it is within radius 0) was not listed. A near look of radius_by_agent likewise.
    using S = steer::scalar_t<V>;
    const S apart = std::sqrt(std::numeric_limits<S>::denorm_min()) / 4;  // squared: denorm_min / 16, rounds to 0
    steer::crowd<V> c;
    const std::vector<V> spots{V(S(0)), make<V>(-1, 0, 0) * apart, make<V>(0, -1, 0) * apart, make<V>(1, 0, 0) * apart};
    std::set<std::uint32_t> everyone;
    for (const V& p : spots) everyone.insert(c.add(steer::vehicle_params<V>{.position = p}).index);
    // A near look of 0 (the grid laid out for 1): each agent gets all the others, coincident
    // to the distance test. The step also sorts the crowd with its grid, so the queries below use it.
    std::map<std::uint32_t, std::set<std::uint32_t>> listed;
    c.step(S(0), steer::radius_by_agent{S(1), [](steer::crowd_id, const steer::vehicle<V>&) { return S(0); }},
           [&](steer::crowd_id id, const steer::vehicle<V>&, const auto& neighbors) {
               for (std::size_t i = 0; i < neighbors.size(); ++i) listed[id.index].insert(neighbors.id(i).index);
               return V(0);
           });
    for (const std::uint32_t index : everyone) {
        CAPTURE(index);
        std::set<std::uint32_t> others = everyone;
        others.erase(index);
        CHECK(listed[index] == others);
    }
    for (const V& center : spots) {
        std::set<std::uint32_t> found;
        c.for_each_within(center, S(0), [&](steer::crowd_id id, S d2) {
            CHECK(d2 == S(0));
            found.insert(id.index);
        });
        CHECK(found == everyone);
        const auto nearest = c.nearest(center, S(0));
        REQUIRE(nearest.has_value());
        CHECK(nearest->index == *everyone.begin());  // all at distance 0: the smallest index
    }
}

TEST_CASE_TEMPLATE("crowd kinds: all_of_kind is whether every neighbor is of the kind, over herds of one kind, "
                   "herds with strangers among them, and empty lists",
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(61);
    // Two herds far apart, of teams 0 and 1; a few of team 2 wander into the first; a few
    // loners of team 3 far from everyone.
    steer::crowd<V, member> c;
    const auto place = [&](V center, S spread, std::uint32_t team, int count) {
        for (int i = 0; i < count; ++i)
            (void)c.add(
                steer::vehicle_params<V>{.position = center + steer::random_vector_in_unit_ball<V>(gen) * spread},
                member{.team = team});
    };
    V west(S(0)), east(S(0)), far(S(0));
    west[0] = S(-20);
    east[0] = S(20);
    far[1] = S(40);
    place(west, S(3), 0, 150);
    place(east, S(3), 1, 150);
    place(west, S(3), 2, 4);
    for (int i = 0; i < 5; ++i) place(far + V(S(10 * i)), S(0), 3, 1);
    c.set_kinds(&team_of);
    std::size_t wrong = 0, one_kind = 0, mixed = 0, alone = 0;
    c.step(S(0.05), S(1.5), [&](steer::crowd_id, const steer::vehicle<V>&, member& mine, const auto& neighbors) {
        for (std::uint32_t team = 0; team < 5; ++team) {
            bool all = true;
            for (std::size_t i = 0; i < neighbors.size(); ++i) all = all && neighbors.data(i).team == team;
            wrong += neighbors.all_of_kind(team) != all ? 1u : 0u;
        }
        const bool own = neighbors.all_of_kind(mine.team);
        one_kind += own && !neighbors.empty() ? 1u : 0u;
        mixed += own ? 0u : 1u;
        alone += neighbors.empty() ? 1u : 0u;
        return V(0);
    });
    CHECK(wrong == 0);
    // Every case met: herds of one kind, lists with strangers, and the loners' empty lists.
    CHECK(one_kind > 100);
    CHECK(mixed > 10);
    CHECK(alone == 5);
}

#endif  // !STEER_TEST_THREADS_ONLY

// ---------------------------------------------------------------------------------------
// The crowd on threads and other executors: the same bits as on one thread, and refusals
// that cross threads (the cases the ThreadSanitizer build compiles).

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

TEST_CASE("crowd<V, T> results and data are bit-identical for 1, 2 and 3 threads" *
          doctest::skip(!steer::test::threads_available)) {
    using V = glm::vec3;
    using S = float;
    struct state {
        float urge = 0;
        int calm = 0;
    };
    steer::rng gen(41);
    steer::crowd<V, state> initial{steer::think_schedule(2)};
    for (int i = 0; i < 600; ++i)
        (void)add_at_random(initial, gen, S(7),
                            [](steer::rng& draw) { return state{.urge = steer::uniform(draw, S(0), S(1))}; });
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
        (void)add_at_random(initial, gen, S(8), [i](steer::rng&) { return look{.radius = i % 4 == 0 ? 2.5f : 0.6f}; });
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
    for (int i = 0; i < 500; ++i) (void)add_at_random(initial, gen, S(6), [](steer::rng&) { return tag{}; });
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

TEST_CASE_TEMPLATE("crowd on a thread pool refuses a think's non-finite steering and moves nobody" *
                       doctest::skip(!steer::test::threads_available),
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
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
        return add_at_random(c, draw, S(4), [](steer::rng& g) {
            return member{.team = static_cast<std::uint32_t>(steer::uniform(g, S(0), S(4)))};
        });
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
