#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/flocking.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/executor.hpp>
#include <steer/thread_pool.hpp>
#include <steer/crowd/flock.hpp>
#include <steer/random.hpp>

#include "test_util.hpp"

using steer::test::close_relative;
using steer::test::make;
using steer::test::same_bits;
using steer::test::same_state;

namespace {

/// `count` agents at uniform points of a ball of `radius`, heading anywhere at up to `speed`.
template <steer::vector V>
steer::flock<V> random_flock(steer::rng& gen, std::size_t count, double radius, double speed,
                             steer::vehicle_params<V> params = {.max_force = 2, .max_speed = 2}) {
    using S = steer::scalar_t<V>;
    steer::flock<V> f;
    f.set_max_neighbors(1024);  // every neighbor counts, as for steer::flocking over the whole flock
    for (std::size_t i = 0; i < count; ++i) {
        params.position = steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(radius);
        params.velocity = steer::random_unit_vector<V>(gen) * static_cast<S>(speed * steer::uniform01<double>(gen));
        f.add(params);
    }
    return f;
}

/// Neighborhoods of every kind: all round, narrower than a half-space, wider, and zero.
template <steer::vector V>
std::vector<steer::flocking_params<V>> parameter_sets() {
    using S = steer::scalar_t<V>;
    const S pi = std::numbers::pi_v<S>;
    return {
        {.separation = {.max_distance = S(0.6)}, .alignment = {.max_distance = 1}, .cohesion = {.max_distance = 1}},
        {.separation = {.max_distance = S(1.5), .max_angle = S(2.4)},
         .alignment = {.max_distance = 4, .max_angle = S(2.4)},
         .cohesion = {.max_distance = 8, .max_angle = S(2.4)},
         .separation_weight = 1},
        {.separation = {.max_distance = 1, .max_angle = S(1.0)},
         .alignment = {.max_distance = 2, .max_angle = pi},
         .cohesion = {.max_distance = S(1.5), .max_angle = pi / 2},
         .separation_weight = S(1.75),
         .alignment_weight = S(0.25),
         .cohesion_weight = S(-0.5)},
        {.separation = {.max_distance = 0, .max_angle = 0}, .alignment = {.max_distance = 2, .max_angle = 0},
         .cohesion = {.max_distance = S(0.5), .max_angle = 5}},
    };
}

/// Steps `f` once and checks every `stride`-th agent's steering against steer::flocking over
/// a snapshot of the whole flock taken before the step.
template <steer::vector V>
void check_forces_against_flocking(steer::flock<V>& f, const steer::flocking_params<V>& p, double dt,
                                   std::size_t stride = 1) {
    const std::vector<steer::vehicle<V>> before(f.vehicles().begin(), f.vehicles().end());
    const std::vector<steer::flock_id> ids(f.ids().begin(), f.ids().end());
    f.step(static_cast<steer::scalar_t<V>>(dt), p);
    for (std::size_t i = 0; i < before.size(); i += stride) {
        const V expected = steer::flocking(before[i], before, p);
        const V got = f.steering(ids[i]);
        CAPTURE(i);
        REQUIRE(close_relative(got, expected));
    }
}

}  // namespace

// The ThreadSanitizer build (tests/threads) compiles only this file's cases that step on
// threads, at its end (STEER_TEST_THREADS_ONLY): the others start no thread.
#if !STEER_TEST_THREADS_ONLY

TEST_CASE_TEMPLATE("flock forces equal steer::flocking over the whole flock, on random flocks", V, STEER_TEST_VECTORS) {
    for (const auto& p : parameter_sets<V>()) {
        for (int seed = 1; seed <= steer::test::rounds(2); ++seed) {  // (one seed where the heavy tests are out)
            CAPTURE(seed);
            steer::rng gen(static_cast<std::uint64_t>(seed));
            // About ten neighbors within 1 of each other, and some far from everyone.
            auto f = random_flock<V>(gen, 600, 5, 2);
            for (int i = 0; i < 5; ++i) {
                V far = steer::random_unit_vector<V>(gen) * steer::scalar_t<V>(40 + 30 * i);
                f.add(steer::vehicle_params<V>{.position = far, .velocity = steer::random_unit_vector<V>(gen)});
            }
            for (int step = 0; step < 3; ++step) check_forces_against_flocking(f, p, 1.0 / 30);
        }
    }
}

TEST_CASE_TEMPLATE("flock forces between bodies equal steer::flocking with separation_spacing.bodies, mixed radii", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (auto p : parameter_sets<V>()) {
        p.separation_spacing = {.bodies = true, .personal_space = S(0.25)};
        steer::rng gen(3);
        steer::flock<V> f;
        f.set_max_neighbors(1024);
        for (int i = 0; i < 500; ++i)
            f.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(5),
                                           .velocity = steer::random_unit_vector<V>(gen),
                                           .radius = steer::uniform(gen, S(0.05), S(0.45)),
                                           .max_force = 2,
                                           .max_speed = 2});
        for (int step = 0; step < 3; ++step) check_forces_against_flocking(f, p, 1.0 / 30);
    }
}

TEST_CASE_TEMPLATE("flock between bodies keeps boids of mixed sizes from overlapping where between centers they do", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // 200 boids of radii 0.1 to 0.5 released in a ball of radius 12, flocking with a strong
    // separation over 1.6 units (a personal space of 0.4 between bodies); the deepest two
    // bodies go into each other from 2 s to 10 s.
    const auto deepest = [](bool bodies) {
        steer::rng gen(9);
        steer::flock<V> f;
        for (int i = 0; i < 200; ++i)
            f.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(12),
                                           .velocity = steer::random_unit_vector<V>(gen),
                                           .radius = steer::uniform(gen, S(0.1), S(0.5)),
                                           .max_force = 4,
                                           .max_speed = 1});
        const steer::flocking_params<V> p{.separation = {.max_distance = S(1.6)},
                                          .alignment = {.max_distance = 3},
                                          .cohesion = {.max_distance = 3},
                                          .separation_weight = 3,
                                          .alignment_weight = 1,
                                          .cohesion_weight = 1,
                                          .separation_spacing = {.bodies = bodies, .personal_space = S(0.4)}};
        double worst = 0;
        for (int step = 0; step < 600; ++step) {
            f.step(S(1.0 / 60), p);
            if (step < 120) continue;  // (released at random: the first 2 s sort them out)
            const auto all = std::as_const(f).vehicles();
            for (std::size_t i = 0; i < all.size(); ++i)
                for (std::size_t j = i + 1; j < all.size(); ++j) {
                    const double sum = static_cast<double>(all[i].radius() + all[j].radius());
                    worst = std::max(worst, (sum - static_cast<double>(glm::distance(all[i].position(),
                                                                                    all[j].position()))) / sum);
                }
        }
        return worst;
    };
    const double centers = deepest(false), bodies = deepest(true);
    CAPTURE(centers);
    CAPTURE(bodies);
    CHECK(bodies < 0.01);
    CHECK(bodies <= centers);
}

TEST_CASE_TEMPLATE("flock forces stay exact when stragglers stretch the grid far beyond the flock", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(5);
    auto f = random_flock<V>(gen, 300, 3, 1);
    // Two agents a million units out: the grid's cells grow so that their table stays small.
    f.add(steer::vehicle_params<V>{.position = make<V>(1e6, -1e6, 1e6)});
    f.add(steer::vehicle_params<V>{.position = make<V>(-1e6, 1e6, 0)});
    const steer::flocking_params<V> p{.separation = {.max_distance = S(0.5)}, .alignment = {.max_distance = 1},
                                      .cohesion = {.max_distance = S(1.2), .max_angle = 2}};
    for (int step = 0; step < 2; ++step) check_forces_against_flocking(f, p, 1.0 / 60);
}

TEST_CASE("flock forces stay exact in a flock big enough to fetch its rows ahead (over 2^15 agents)") {
    using V = glm::vec3;
    steer::rng gen(9);
    // 40,000 boids at about ten neighbors within 1 of each other.
    auto f = random_flock<V>(gen, 40000, 15.9, 2);
    for (int step = 0; step < 2; ++step) check_forces_against_flocking(f, parameter_sets<V>()[0], 1.0 / 60, 397);
}

TEST_CASE_TEMPLATE("flock integration is vehicle::apply_force with the applied steering", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(7);
    steer::flock<V> f;
    std::vector<steer::vehicle<V>> reference;  // by id index
    for (int i = 0; i < 200; ++i) {
        steer::vehicle_params<V> params{.position = steer::random_vector_in_unit_ball<V>(gen) * S(4),
                                        .velocity = steer::random_unit_vector<V>(gen),
                                        .mass = S(0.5) + S(i % 3),
                                        .max_force = S(1 + i % 4),
                                        .max_speed = S(1 + i % 2),
                                        .acceleration_smoothing = i % 2 ? S(0.3) : S(0),
                                        .banking = i % 3 == 0};
        const steer::flock_id id = f.add(params);
        REQUIRE(id.index == reference.size());
        reference.emplace_back(params);
    }
    const steer::flocking_params<V> p{.separation = {.max_distance = 1}, .alignment = {.max_distance = 2},
                                      .cohesion = {.max_distance = 3}};
    for (int step = 0; step < 30; ++step) {
        f.step(S(1) / S(30), p);
        for (const steer::flock_id id : f.ids()) {
            reference[id.index].apply_force(f.steering(id), S(1) / S(30));
            CAPTURE(step);
            CAPTURE(id.index);
            // The flock steps its agents in SIMD lanes: the same bits as apply_force, unless
            // the build fuses multiply-adds (then within rounding).
            REQUIRE(same_state(f.agent(id), reference[id.index], &steer::test::same_bits_unless_fused<V>));
        }
    }
}

TEST_CASE_TEMPLATE("flock agents can be added and removed between steps, with stable handles", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(3);
    auto f = random_flock<V>(gen, 50, 4, 1);
    const steer::flocking_params<V> p{};
    f.step(S(0.05), p);
    std::vector<steer::flock_id> ids(f.ids().begin(), f.ids().end());
    std::sort(ids.begin(), ids.end(), [](auto a, auto b) { return a.index < b.index; });
    // Remove every third agent; the others keep their state and handles.
    std::vector<steer::vehicle<V>> kept;
    std::vector<steer::flock_id> kept_ids, removed;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i % 3 == 0) removed.push_back(ids[i]);
        else {
            kept_ids.push_back(ids[i]);
            kept.push_back(f.agent(ids[i]));
        }
    }
    for (const auto id : removed) f.remove(id);
    CHECK(f.size() == kept.size());
    for (const auto id : removed) CHECK_FALSE(f.contains(id));
    for (std::size_t i = 0; i < kept.size(); ++i) {
        REQUIRE(f.contains(kept_ids[i]));
        CHECK(same_state(f.agent(kept_ids[i]), kept[i]));
    }
    // New agents reuse the freed slots under new generations: the old handles stay refused.
    const steer::flock_id fresh = f.add(steer::vehicle_params<V>{.position = make<V>(1, 2, 3)});
    CHECK(fresh.index == removed.back().index);
    CHECK(fresh.generation == removed.back().generation + 1);
    CHECK(f.agent(fresh).position() == make<V>(1, 2, 3));
    CHECK_FALSE(f.contains(removed.back()));
    CHECK_THROWS_AS((void)f.agent(removed.back()), std::invalid_argument);
    CHECK_THROWS_AS(f.remove(removed.front()), std::invalid_argument);
    // The engine moves an agent between steps; the step starts from there.
    f.agent(kept_ids[0]).set_position(make<V>(-3, 0, 1));
    check_forces_against_flocking(f, p, 0.05);
    CHECK(f.size() == kept.size() + 1);
    for (const auto id : kept_ids) CHECK(f.contains(id));
    f.clear();
    CHECK(f.empty());
    CHECK_FALSE(f.contains(fresh));
    f.step(S(0.05), p);  // an empty flock steps
    CHECK(f.frame() == 3);
}

TEST_CASE_TEMPLATE("flock think schedule: agents not due keep their last steering, and everyone moves", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(9);
    steer::flock<V> f{steer::think_schedule(3)};
    for (int i = 0; i < 90; ++i)
        f.add(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(3),
                                       .velocity = steer::random_unit_vector<V>(gen)});
    std::vector<steer::flock_id> ids(f.ids().begin(), f.ids().end());
    for (std::size_t i = 0; i < ids.size(); ++i) CHECK(f.phase(ids[i]) == i);  // round robin in order of adding
    f.set_phase(ids[5], 7);                                                     // 7 % 3 == 1, as 5 % 3 was 2
    const steer::flocking_params<V> p{.separation = {.max_distance = 1}, .alignment = {.max_distance = 2},
                                      .cohesion = {.max_distance = 2}};
    std::vector<int> calls(ids.size(), 0);
    const auto extra = [&](steer::flock_id id, const steer::vehicle<V>&, const V& flocking) {
        ++calls[id.index];
        return flocking;
    };
    for (std::uint64_t frame = 0; frame < 9; ++frame) {
        REQUIRE(f.frame() == frame);
        std::vector<V> steering_before, position_before;
        for (const auto id : ids) {
            steering_before.push_back(f.steering(id));
            position_before.push_back(f.agent(id).position());
        }
        std::fill(calls.begin(), calls.end(), 0);
        f.step(S(1) / S(30), p, extra);
        int thinkers = 0;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const bool due = f.schedule().due(f.phase(ids[i]), frame);
            CAPTURE(i);
            CHECK(calls[i] == (due ? 1 : 0));
            if (!due) CHECK(same_bits(f.steering(ids[i]), steering_before[i]));
            thinkers += due ? 1 : 0;
            if (frame > 0) CHECK(f.agent(ids[i]).position() != position_before[i]);  // moving every frame
        }
        CHECK(thinkers >= 29);  // 30 per phase, but agent 5 changed phase
        CHECK(thinkers <= 31);
    }
}

TEST_CASE_TEMPLATE("flock extra steering gets each agent's flocking force and its result is applied", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(13);
    auto f = random_flock<V>(gen, 200, 4, 1);
    const steer::flocking_params<V> p{.separation = {.max_distance = 1}, .alignment = {.max_distance = 2},
                                      .cohesion = {.max_distance = 2}};
    const V target = make<V>(10, 0, -5);
    const std::vector<steer::vehicle<V>> before(f.vehicles().begin(), f.vehicles().end());
    const std::vector<steer::flock_id> ids(f.ids().begin(), f.ids().end());
    std::vector<V> seen_position(ids.size());
    f.step(S(0.05), p, [&](steer::flock_id id, const steer::vehicle<V>& v, const V& flocking) {
        seen_position[id.index] = v.position();
        return flocking * S(0.5) + steer::seek(v, target) * S(2);
    });
    for (std::size_t i = 0; i < before.size(); ++i) {
        CAPTURE(i);
        CHECK(seen_position[ids[i].index] == before[i].position());  // the agent itself, before the step
        const V expected = steer::flocking(before[i], before, p) * S(0.5) + steer::seek(before[i], target) * S(2);
        CHECK(close_relative(f.steering(ids[i]), expected));
    }
}

TEST_CASE_TEMPLATE("flock degenerate cases: lone, coincident and neighborless agents get finite forces", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::flocking_params<V> p{.separation = {.max_distance = 1}, .alignment = {.max_distance = 2},
                                      .cohesion = {.max_distance = 2}};
    SUBCASE("an empty flock") {
        steer::flock<V> f;
        f.step(S(0.1), p);
        f.step(S(0.1), p, steer::no_extra_steering{}, steer::serial_executor{});
        CHECK(f.frame() == 2);
        CHECK(f.empty());
    }
    SUBCASE("one agent: no neighbors, zero flocking") {
        steer::flock<V> f;
        const auto id = f.add(steer::vehicle_params<V>{.velocity = make<V>(1, 0, 0)});
        f.step(S(0.1), p);
        CHECK(f.steering(id) == V(S(0)));
        CHECK(f.agent(id).position() == make<V>(0.1, 0, 0));
    }
    SUBCASE("agents stacked on one spot give no direction to each other") {
        steer::flock<V> f;
        for (int i = 0; i < 10; ++i) f.add(steer::vehicle_params<V>{.position = make<V>(2, 3, 4)});
        f.add(steer::vehicle_params<V>{.position = make<V>(2.5, 3, 4), .velocity = make<V>(0, 1, 0)});
        check_forces_against_flocking(f, p, 0.1);
        for (const auto id : f.ids()) CHECK(steer::is_finite(f.steering(id)));
    }
    SUBCASE("zero neighborhoods: nobody is anybody's neighbor") {
        auto f = [] {
            steer::rng gen(17);
            return random_flock<V>(gen, 50, 1, 1);
        }();
        const steer::flocking_params<V> none{.separation = {.max_distance = 0}, .alignment = {.max_distance = 0},
                                             .cohesion = {.max_distance = 0}};
        f.step(S(0.1), none);
        for (const auto id : f.ids()) CHECK(f.steering(id) == V(S(0)));
    }
    SUBCASE("dt = 0 computes steering and moves nobody") {
        steer::rng gen(19);
        auto f = random_flock<V>(gen, 50, 2, 1);
        const std::vector<steer::vehicle<V>> before(f.vehicles().begin(), f.vehicles().end());
        const std::vector<steer::flock_id> ids(f.ids().begin(), f.ids().end());
        f.step(S(0), p);
        for (std::size_t i = 0; i < ids.size(); ++i) CHECK(same_state(f.agent(ids[i]), before[i]));
    }
}

TEST_CASE_TEMPLATE("flock refuses bad input and moves nobody", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(23);
    auto f = random_flock<V>(gen, 100, 3, 1);
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

namespace {

/// combine_flocking_lanes of backend P against detail::combine_flocking, bit for bit, on
/// sums of every kind: ordinary, zero, tiny (squares underflow), huge, and no alignment;
/// separation between centers, and between bodies (its fade reads the sum's length itself).
template <class P, steer::vector V>
void check_combine_lanes(bool bodies) {
    using S = steer::scalar_t<V>;
    constexpr int D = steer::dimension_v<V>;
    constexpr std::size_t B = 16;
    steer::rng gen(11);
    // Separation sums up to 5 long against a reach of 0.7: the fade is none, some and full.
    const steer::flocking_params<V> p{.separation = {.max_distance = S(0.7)},
                                      .separation_weight = S(0.75),
                                      .alignment_weight = S(-0.25),
                                      .cohesion_weight = S(0.5),
                                      .separation_spacing = {.bodies = bodies}};
    const typename P::pack weights[3] = {P::broadcast(p.separation_weight), P::broadcast(p.alignment_weight),
                                         P::broadcast(p.cohesion_weight)};
    const typename P::pack reach = P::broadcast(steer::detail::separation_reach(p));
    const typename P::pack shift = P::broadcast(steer::detail::separation_shift(p));
    const auto any_sum = [&](int kind) {
        V v = steer::random_unit_vector<V>(gen) * steer::uniform(gen, S(0), S(5));
        if (kind == 1) v = V(S(0));
        if (kind == 2) v *= std::numeric_limits<S>::min();
        if (kind == 3) v *= std::numeric_limits<S>::max() / S(8);
        return v;
    };
    std::size_t lanes_used = 0;
    for (int round = 0; round < 200; ++round) {
        steer::detail::flocking_block<S, D, B> block;
        V separation[B], heading[B], offset[B], velocity[B];
        for (std::size_t e = 0; e < B; ++e) {
            separation[e] = any_sum((round + static_cast<int>(e)) % 7);
            heading[e] = any_sum((round + 2 * static_cast<int>(e)) % 5);
            offset[e] = any_sum((round + 3 * static_cast<int>(e)) % 6);
            velocity[e] = steer::random_unit_vector<V>(gen);
            block.heading_count[e] = S((round + static_cast<int>(e)) % 4);
            block.max_speed[e] = S(2);
            // Forces that are cut and forces that are not; no force; a max_force whose
            // square overflows (left to combine_flocking).
            const int force_kind = (round + 5 * static_cast<int>(e)) % 9;
            block.max_force[e] = force_kind == 0   ? S(0)
                                 : force_kind == 1 ? std::numeric_limits<S>::max() / S(4)
                                                   : steer::uniform(gen, S(0.1), S(5));
            for (int d = 0; d < D; ++d) {
                block.separation[d][e] = separation[e][d];
                block.heading[d][e] = heading[e][d];
                block.offset[d][e] = offset[e][d];
                block.velocity[d][e] = velocity[e][d];
            }
        }
        for (std::size_t j = 0; j < B; j += P::width) {
            const unsigned done = steer::detail::combine_flocking_lanes<P, D>(block, j, weights, reach, shift);
            for (std::size_t l = 0; l < P::width; ++l) {
                if (!((done >> l) & 1u)) continue;
                ++lanes_used;
                const std::size_t e = j + l;
                const V expected = steer::detail::combine_flocking(separation[e], heading[e], block.heading_count[e],
                                                                   offset[e], velocity[e], S(2), block.max_force[e], p);
                V got;
                for (int d = 0; d < D; ++d) got[d] = block.force[d][e];
                CAPTURE(e);
                REQUIRE(steer::test::same_bits_unless_fused(got, expected));
            }
        }
    }
    CHECK(lanes_used > 200 * B / 4);  // tiny and huge sums leave some lanes to combine_flocking
}

}  // namespace

TEST_CASE_TEMPLATE("flock's flocking forces in lanes are combine_flocking's, bit for bit", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    for (const bool bodies : {false, true}) {
        CAPTURE(bodies);
        check_combine_lanes<steer::detail::simd::native_pack<S>, V>(bodies);
        check_combine_lanes<steer::detail::simd::array_pack<S, 4>, V>(bodies);
    }
}

TEST_CASE_TEMPLATE("flock steps agents a few denormals apart with a denormal reach (the grid plan ended)", V,
                   glm::dvec2, glm::dvec3) {
    using S = steer::scalar_t<V>;
    // The grid's cell starts at the reach and grows by at least 1.01 a round until the cells
    // are few enough; a cell of 4 denormals times 1.01 rounds back to itself, and the step
    // never returned (found by the flock fuzzer). Two agents 72 denormals apart: 73 cells
    // of a quarter reach along x, one more than the two agents' allowance of 72.
    const S d = std::numeric_limits<S>::denorm_min();
    steer::flock<V> f;
    f.add(steer::vehicle_params<V>{.position = V(S(0))});
    f.add(steer::vehicle_params<V>{.position = make<V>(72, 0, 0) * d});
    const steer::flocking_params<V> p{.separation = {.max_distance = 4 * d}, .alignment = {.max_distance = 4 * d},
                                      .cohesion = {.max_distance = 4 * d}};
    f.step(S(1) / S(60), p);
    for (const auto& v : f.vehicles()) CHECK(steer::is_finite(v.position()));
    CHECK(f.frame() == 1);
    // One agent and a reach of 2 denormals: a quarter cell rounds to zero, 0 / 0 made the
    // cell count NaN, and the plan never ended either.
    steer::flock<V> lone;
    lone.add(steer::vehicle_params<V>{});
    const steer::flocking_params<V> q{.separation = {.max_distance = 2 * d}, .alignment = {.max_distance = 0},
                                      .cohesion = {.max_distance = 0}};
    lone.step(S(1) / S(60), q);
    CHECK(lone.frame() == 1);
}

#endif  // !STEER_TEST_THREADS_ONLY

// ---------------------------------------------------------------------------------------
// The flock on threads and other executors: the same bits as on one thread, and refusals
// that cross threads (the cases the ThreadSanitizer build compiles).

TEST_CASE_TEMPLATE("flock results are the same bits in plain-array lanes as in the native ones (AVX where chosen at "
                   "run time)", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::rng gen(12);
    const auto start = random_flock<V>(gen, 3000, 12, 2);
    const steer::flocking_params<V> all_round{};
    const steer::flocking_params<V> seeing{.separation = {.max_distance = S(0.8), .max_angle = S(2.4)},
                                           .alignment = {.max_distance = S(1.5), .max_angle = S(1.5)},
                                           .cohesion = {.max_distance = 2, .max_angle = S(2.4)},
                                           .separation_spacing = {.bodies = true}};
    // Plain arrays as wide as SSE2's or NEON's vectors: never dispatched to AVX.
    using plain = steer::detail::simd::array_pack<S, 16 / sizeof(S)>;
    for (const auto* p : {&all_round, &seeing}) {
        auto native = start;
        auto arrays = start;
        for (int step = 0; step < steer::test::rounds(10); ++step) {
            native.step(S(1) / S(60), *p);
            arrays.template step<steer::no_extra_steering, steer::serial_executor, plain>(S(1) / S(60), *p);
        }
        for (const steer::flock_id id : native.ids()) {
            REQUIRE(same_state(arrays.agent(id), native.agent(id)));
            REQUIRE(same_bits(arrays.steering(id), native.steering(id)));
        }
    }
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
    REQUIRE(by_pieces.size() == serial.size());
    for (const steer::flock_id id : serial.ids()) {  // (also where no thread can start)
        REQUIRE(same_state(by_pieces.agent(id), serial.agent(id)));
        REQUIRE(same_bits(by_pieces.steering(id), serial.steering(id)));
    }
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
        }
    }
}

TEST_CASE_TEMPLATE("flock on a thread pool refuses a non-finite extra steering and moves nobody" *
                       doctest::skip(!steer::test::threads_available),
                   V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
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
