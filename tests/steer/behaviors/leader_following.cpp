#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/arrival.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/leader_following.hpp>
#include <steer/behaviors/separation.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

/// A leader that wanders: cruising at speed 1, turning (and in 3D climbing) with rates
/// that drift at random, up to a turning force of 1.5 against its max_force of 2.
template <steer::vector V>
struct wandering_leader {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> body{{.velocity = make<V>(1, 0, 0), .max_force = 2, .max_speed = 1}};
    double turn = 0, climb = 0;

    void step(steer::rng& gen, double dt) {
        turn = std::clamp(turn + steer::uniform(gen, -1.0, 1.0) * 3 * dt, -1.5, 1.5);
        climb = std::clamp(climb + steer::uniform(gen, -1.0, 1.0) * 3 * dt, -0.5, 0.5);
        V steering = body.side() * S(turn) + (body.forward() - body.velocity());
        if constexpr (steer::dimension_v<V> == 3) steering += body.up() * S(climb);
        body.apply_force(steering, S(dt));
    }
};

template <steer::vector V>
steer::leader_following_params<V> trailing() {
    return {.behind_distance = 2, .slowing_distance = 2, .lane_length = 4, .lane_width = 1,
            .separation = {.max_distance = 2}, .separation_weight = steer::scalar_t<V>(0.25)};
}

}  // namespace

TEST_CASE_TEMPLATE("eight followers of a wandering leader stay behind it, out of its lane and close", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (unsigned seed : {1u, 2u}) {
        CAPTURE(seed);
        steer::rng gen(seed);
        wandering_leader<V> leader;
        std::vector<steer::vehicle<V>> followers;
        for (int i = 0; i < 8; ++i)
            followers.emplace_back(steer::vehicle_params<V>{
                .position = make<V>(-3, 0, 0) + steer::random_vector_in_unit_ball<V>(gen) * S(2),
                .max_force = 4, .max_speed = 2});
        const auto p = trailing<V>();
        int behind = 0, in_lane = 0, close = 0, samples = 0;
        const double dt = 1.0 / 30;
        for (int frame = 0; frame < 1800; ++frame) {  // 60 s
            steer::test::step_all(followers, [&](std::size_t i) {
                return steer::leader_following(followers[i], leader.body, followers, p);
            }, dt);
            leader.step(gen, dt);
            for (const auto& f : followers) {
                const V relative = f.position() - leader.body.position();
                behind += glm::dot(relative, leader.body.forward()) < 0;
                in_lane += steer::in_leader_lane(leader.body, f, p);
                close += glm::length(relative) <= 8;
                ++samples;
            }
        }
        CAPTURE(behind);
        CAPTURE(in_lane);
        CAPTURE(close);
        CHECK(behind > 0.70 * samples);
        CHECK(in_lane < 0.05 * samples);
        CHECK(close > 0.90 * samples);
    }
}

TEST_CASE_TEMPLATE("a follower caught in front of an oncoming leader steps out of its path and lets it pass", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // The leader heads -X toward a follower 3 ahead of it, nearly on its axis.
    for (double offset : {0.0, 0.2, 0.6}) {
        CAPTURE(offset);
        const auto run = [&](const steer::leader_following_params<V>& p) {
            steer::vehicle<V> leader({.velocity = make<V>(-1, 0, 0), .max_force = 2, .max_speed = 1});
            steer::vehicle<V> follower({.position = make<V>(-3, offset, 0), .max_force = 4, .max_speed = 2});
            const std::vector<steer::vehicle<V>> nobody;
            double closest = std::numeric_limits<double>::infinity();
            for (int frame = 0; frame < 300; ++frame) {  // 5 s
                follower.apply_force(steer::leader_following(follower, leader, nobody, p), S(1) / S(60));
                leader.apply_force(V(S(0)), S(1) / S(60));
                closest = std::min(closest, steer::test::gap(follower.position(), leader.position()));
            }
            const bool ends_behind = glm::dot(follower.position() - leader.position(), leader.forward()) < 0;
            return std::pair(closest, ends_behind);
        };
        const auto [closest, ends_behind] = run(trailing<V>());
        CHECK(closest > 1.0);  // the two radii: they never touch
        CHECK(ends_behind);
        auto no_lane = trailing<V>();
        no_lane.lane_length = 0;  // the control: arrival alone runs into the leader
        CHECK(run(no_lane).first < 1.0);
    }
}

TEST_CASE_TEMPLATE("leader_following arrives at the point behind the leader, further back at speed with behind_time", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const std::vector<steer::vehicle<V>> nobody;
    auto p = trailing<V>();
    p.behind_distance = 3;
    // A leader at rest heading +X: the follower stops 3 behind it.
    const steer::vehicle<V> still({.position = make<V>(5, 5, 1), .velocity = make<V>(1e-3, 0, 0), .max_speed = 1});
    steer::vehicle<V> f({.position = make<V>(-4, 8, 0), .max_force = 4, .max_speed = 2});
    for (int frame = 0; frame < 900; ++frame) f.apply_force(steer::leader_following(f, still, nobody, p), S(1) / S(60));
    CHECK(near(f.position(), still.position() - still.forward() * S(3), 1e-2));
    CHECK(static_cast<double>(f.speed()) < 1e-2);
    // Moving leader: the target is behind_distance + speed * behind_time back (arrival as the oracle).
    p.behind_time = S(1.5);
    const steer::vehicle<V> moving({.position = make<V>(0, 0, 0), .velocity = make<V>(0, 0.8, 0), .max_speed = 1});
    const steer::vehicle<V> g({.position = make<V>(3, -9, 0), .velocity = make<V>(0.5, 0.5, 0), .max_speed = 2});
    const V target = moving.position() - moving.forward() * S(3 + 0.8 * 1.5);
    CHECK(near(steer::leader_following(g, moving, nobody, p), steer::arrival(g, target, {.slowing_distance = p.slowing_distance}), 1e-3));
}

TEST_CASE_TEMPLATE("leader_following adds separation from the other followers, weighted, and cuts the sum to max_force", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(5);
    const steer::vehicle<V> leader({.position = make<V>(0, 0, 0), .velocity = make<V>(1, 0, 0)});
    const auto followers = steer::test::scatter<V>(gen, 6, 2, 0.5, {.max_force = 4, .max_speed = 2});
    auto p = trailing<V>();
    p.separation_weight = S(0.6);
    auto alone = p;
    alone.separation_weight = 0;
    const std::vector<steer::vehicle<V>> nobody;
    for (const auto& f : followers) {
        const V expected = steer::truncate(steer::leader_following(f, leader, nobody, alone) +
                                               steer::separation(f, followers, p.separation) * p.separation_weight,
                                           f.max_force());
        CHECK(near(steer::leader_following(f, leader, followers, p), expected, 1e-3));
    }
}

TEST_CASE_TEMPLATE("leader_following answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(35);
    const auto crowd = steer::test::random_states<V>(gen, 60, 4);
    const auto agents = steer::test::bare(crowd);  // arrival reads the mass
    auto p = trailing<V>();
    for (S weight : {S(0.25), S(1), S(3)}) {
        p.separation_weight = weight;
        p.behind_time = weight;
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const std::size_t l = (i + 7) % crowd.size();  // some other agent leads
            const V force = steer::leader_following(crowd[i], crowd[l], crowd, p);
            CHECK(steer::test::within_max_force(force, crowd[i].max_force()));
            CHECK(steer::test::same_bits(steer::leader_following(agents[i], agents[l], agents, p), force));
        }
    }
    // In the leader's lane: full effort sideways, out of it.
    const steer::vehicle<V> leader({.velocity = make<V>(1, 0, 0)});
    const steer::vehicle<V> in_the_way({.position = make<V>(2, 0.2, 0), .max_force = S(3.7), .max_speed = S(1.3)});
    const V force = steer::leader_following(in_the_way, leader, std::vector<steer::vehicle<V>>{}, p);
    CHECK(steer::test::at_full_effort(force, in_the_way.max_force()));
    CHECK(near(steer::safe_normalize(force), make<V>(0, 1, 0)));
}

TEST_CASE_TEMPLATE("the leader's lane starts at its center and reaches lane_length ahead, lane_width wide plus the follower's radius", V, STEER_TEST_VECTORS) {
    const steer::vehicle<V> leader({.position = make<V>(1, 1, 0), .velocity = make<V>(0, 2, 0), .max_speed = 2});  // heading +Y
    const auto p = trailing<V>();  // 4 long, 1 wide
    const auto at = [&](double x, double y, double radius) {
        return steer::vehicle<V>({.position = leader.position() + make<V>(x, y, 0),
                                  .radius = static_cast<steer::scalar_t<V>>(radius)});
    };
    CHECK(steer::in_leader_lane(leader, at(0, 1, 0), p));
    CHECK(steer::in_leader_lane(leader, at(0.4, 3.9, 0), p));
    CHECK_FALSE(steer::in_leader_lane(leader, at(0, 4.1, 0), p));    // too far ahead
    CHECK_FALSE(steer::in_leader_lane(leader, at(0, -0.1, 0), p));   // behind
    CHECK_FALSE(steer::in_leader_lane(leader, at(0.6, 2, 0), p));    // beside
    CHECK(steer::in_leader_lane(leader, at(0.6, 2, 0.2), p));        // beside, but its body overlaps
    CHECK(steer::in_leader_lane(leader, at(-0.6, 2, 0.2), p));
    if constexpr (steer::dimension_v<V> == 3) {                       // a cylinder around the axis in 3D
        CHECK(steer::in_leader_lane(leader, steer::vehicle<V>({.position = leader.position() + V(0.3, 1, 0.3), .radius = 0}), p));
        CHECK_FALSE(steer::in_leader_lane(leader, steer::vehicle<V>({.position = leader.position() + V(0.4, 1, 0.4), .radius = 0}), p));
    }
}

TEST_CASE_TEMPLATE("leader_following is finite with coincident or no neighbors, on top of the leader, or all at rest", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> leader({.position = make<V>(1, 2, 3)});
    const steer::vehicle<V> on_top({.position = make<V>(1, 2, 3)});
    const auto p = trailing<V>();
    const std::vector<steer::vehicle<V>> nobody;
    const std::vector<steer::vehicle<V>> stack(4, on_top);
    for (const auto* neighbors : {&nobody, &stack}) {
        const V s = steer::leader_following(on_top, leader, *neighbors, p);
        CHECK(steer::is_finite(s));
        CHECK(near(s, leader.side() * on_top.max_force()));  // in the lane, dead center: out to the leader's side
    }
    CHECK(steer::is_finite(steer::leader_following(leader, leader, std::span<const steer::vehicle<V>* const>{}, p)));
    steer::leader_following_params<V> zeros{.behind_distance = 0, .slowing_distance = 0, .lane_length = 0,
                                            .lane_width = 0, .separation = {.max_distance = 0}, .separation_weight = 0};
    const steer::vehicle<V> behind({.position = make<V>(0, 2, 3)});
    CHECK(steer::is_finite(steer::leader_following(behind, leader, stack, zeros)));
    CHECK(steer::is_finite(steer::leader_following(on_top, leader, stack, zeros)));
    (void)S(0);
}

TEST_CASE_TEMPLATE("bad leader-following parameters are refused with a message naming the parameter", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v, leader;
    const std::vector<steer::vehicle<V>> none;
    const auto message = [&](const steer::leader_following_params<V>& p) {
        return steer::test::refusal_of([&] { (void)steer::leader_following(v, leader, none, p); });
    };
    auto p = trailing<V>();
    p.lane_width = -1;
    CHECK(message(p) == "steer::leader_following: lane_width must be >= 0 and finite (got -1)");
    p = trailing<V>();
    p.behind_time = std::numeric_limits<S>::quiet_NaN();
    CHECK(message(p) == "steer::leader_following: behind_time must be >= 0 and finite (got nan)");
    p = trailing<V>();
    p.separation.max_angle = -1;
    CHECK(message(p) == "steer::neighborhood: max_angle must be >= 0 and finite (got -1)");
    CHECK(message(trailing<V>()) == "(nothing thrown)");
}
