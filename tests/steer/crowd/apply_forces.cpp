#include <cstddef>
#include <deque>
#include <limits>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/crowd/apply_forces.hpp>
#include <steer/random.hpp>

#include "test_util.hpp"

using steer::test::make;

namespace {

/// Everything the vehicle model keeps, compared bit for bit (within rounding in a build that
/// may fuse multiply-adds, where scalar and lane code can round differently), and the
/// properties a step leaves alone (the lanes write some of them back), exactly.
template <steer::vector V>
bool same_vehicle_state(const steer::vehicle<V>& a, const steer::vehicle<V>& b) {
    const auto same = [](const V& x, const V& y) { return steer::test::same_bits_unless_fused(x, y); };
    bool all = same(a.position(), b.position()) && same(a.velocity(), b.velocity()) &&
               same(a.forward(), b.forward()) && same(a.side(), b.side()) &&
               same(a.acceleration(), b.acceleration()) && same(V(a.speed()), V(b.speed())) &&
               a.mass() == b.mass() && a.radius() == b.radius() && a.max_force() == b.max_force() &&
               a.max_speed() == b.max_speed() && a.acceleration_smoothing() == b.acceleration_smoothing() &&
               a.banking() == b.banking() && a.max_turn_rate() == b.max_turn_rate() &&
               a.has_own_facing() == b.has_own_facing() && a.facing() == b.facing();
    if constexpr (steer::dimension_v<V> == 3) all = all && same(a.up(), b.up());
    return all;
}

/// A crowd that visits every branch of the vehicle model: plain vehicles of assorted
/// masses and limits, smoothed and banking ones, vehicles at rest, moving straight up
/// (forward along the up hint), faster than their limit, and with limits near the smallest
/// normal number.
template <steer::vector V>
std::vector<steer::vehicle<V>> assorted_vehicles(steer::rng& gen, std::size_t count) {
    using S = steer::scalar_t<V>;
    std::vector<steer::vehicle<V>> all;
    for (std::size_t i = 0; i < count; ++i) {
        steer::vehicle_params<V> p{.position = steer::random_vector_in_unit_ball<V>(gen) * S(10),
                                   .velocity = steer::random_unit_vector<V>(gen) * steer::uniform(gen, S(0), S(3)),
                                   .mass = S(0.5) + S(i % 3),
                                   .radius = S(0.25) + S(i % 4),
                                   .max_force = S(i % 5),
                                   .max_speed = S(1 + i % 3)};
        if (i % 11 == 0) p.acceleration_smoothing = S(0.2);
        if (i % 13 == 0) p.banking = true;
        if (i % 7 == 0) p.velocity = V(S(0));
        if (i % 17 == 0) p.velocity = make<V>(0, 1, 0);
        // Limits whose ratio to an ordinary force or speed is below the smallest normal
        // number: truncate's careful branch, which the lanes leave to apply_force.
        if (i % 31 == 0) p.max_force = std::numeric_limits<S>::min() * S(1 + i % 3);
        if (i % 37 == 0) p.max_speed = std::numeric_limits<S>::min() * S(2);
        if (i % 3 == 0) p.max_turn_rate = S(1 + i % 4);
        all.emplace_back(p);
        if (i % 5 == 0) all.back().set_facing(steer::random_unit_vector<V>(gen));
    }
    return all;
}

/// Steering forces of every size: zero, ordinary, beyond max_force, tiny enough that their
/// squares underflow, huge enough that they overflow, and straight up.
template <steer::vector V>
std::vector<V> assorted_forces(steer::rng& gen, std::size_t count) {
    using S = steer::scalar_t<V>;
    std::vector<V> forces;
    for (std::size_t i = 0; i < count; ++i) {
        V f = steer::random_unit_vector<V>(gen) * steer::uniform(gen, S(0), S(6));
        if (i % 9 == 0) f = V(S(0));
        if (i % 19 == 0) f *= std::numeric_limits<S>::min();
        if (i % 23 == 0) f *= std::numeric_limits<S>::max() / S(64);
        if (i % 29 == 0) f = make<V>(0, 5, 0);
        forces.push_back(f);
    }
    return forces;
}

/// Steps `lanes` with `step` (a batched integrator) and `reference` vehicle by vehicle, and
/// requires the same bits after every step.
template <steer::vector V, class Step>
void check_against_apply_force(std::size_t count, Step&& step) {
    using S = steer::scalar_t<V>;
    steer::rng gen(static_cast<std::uint64_t>(count) + 3);
    auto lanes = assorted_vehicles<V>(gen, count);
    auto reference = lanes;
    for (int frame = 0; frame < 20; ++frame) {
        const auto forces = assorted_forces<V>(gen, count);
        const S dt = frame % 2 ? S(1) / S(60) : S(0.1);
        step(lanes, forces, dt);
        for (std::size_t i = 0; i < count; ++i) reference[i].apply_force(forces[i], dt);
        for (std::size_t i = 0; i < count; ++i) {
            CAPTURE(frame);
            CAPTURE(i);
            REQUIRE(same_vehicle_state(lanes[i], reference[i]));
        }
    }
}

}  // namespace

TEST_CASE_TEMPLATE("apply_forces is vehicle::apply_force bit for bit, whatever the crowd", V, STEER_TEST_VECTORS_ALL) {
    // Sizes around the pack width and the staging chunk.
    for (std::size_t count : {1u, 3u, 4u, 5u, 63u, 64u, 65u, 300u}) {
        CAPTURE(count);
        check_against_apply_force<V>(count, [](auto& vehicles, const auto& forces, auto dt) {
            steer::apply_forces(vehicles, forces, dt);
        });
    }
}

TEST_CASE_TEMPLATE("the plain-array lanes give the same bits as vehicle::apply_force too", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    using lanes = steer::detail::vehicle_lanes<V, steer::detail::simd::array_pack<S, 16 / sizeof(S)>>;
    for (std::size_t count : {5u, 130u}) {
        CAPTURE(count);
        check_against_apply_force<V>(count, [](auto& vehicles, const auto& forces, auto dt) {
            const auto at = [&](std::size_t i) -> steer::vehicle<V>& { return vehicles[i]; };
            lanes::step(at, at, forces.data(), vehicles.size(), dt);
        });
    }
}

TEST_CASE_TEMPLATE("the lanes write stepped copies into other vehicles, whole, as a crowd's move does", V,
                   STEER_TEST_VECTORS_ALL) {
    using lanes = steer::detail::vehicle_lanes<V>;
    for (std::size_t count : {3u, 4u, 9u, 64u, 130u}) {
        CAPTURE(count);
        check_against_apply_force<V>(count, [](auto& vehicles, const auto& forces, auto dt) {
            // The targets start as other vehicles: everything of theirs must be replaced.
            std::vector<steer::vehicle<V>> targets(vehicles.rbegin(), vehicles.rend());
            lanes::step([&](std::size_t i) -> const steer::vehicle<V>& { return vehicles[i]; },
                        [&](std::size_t i) -> steer::vehicle<V>& { return targets[i]; }, forces.data(), vehicles.size(),
                        dt);
            vehicles = targets;
        });
    }
}

TEST_CASE_TEMPLATE("apply_forces steps vehicles kept inside other structs, and takes forces from any random-access range", V,
                   STEER_TEST_VECTORS) {
    struct character {
        int health = 100;
        steer::vehicle<V> motion;
    };
    // A deque: random access, not contiguous, for both the characters and the forces.
    check_against_apply_force<V>(150, [](auto& vehicles, const auto& forces, auto dt) {
        std::deque<character> characters;
        for (const auto& v : vehicles) characters.push_back({.motion = v});
        const std::deque<V> spread(forces.begin(), forces.end());
        steer::apply_forces(characters, spread, dt, &character::motion);
        for (std::size_t i = 0; i < vehicles.size(); ++i) {
            REQUIRE(characters[i].health == 100);
            vehicles[i] = characters[i].motion;
        }
    });
}

TEST_CASE_TEMPLATE("apply_forces with dt = 0 changes nothing, as apply_force", V, STEER_TEST_VECTORS) {
    steer::rng gen(4);
    auto vehicles = assorted_vehicles<V>(gen, 50);
    const auto before = vehicles;
    steer::apply_forces(vehicles, assorted_forces<V>(gen, 50), steer::scalar_t<V>(0));
    for (std::size_t i = 0; i < vehicles.size(); ++i) REQUIRE(same_vehicle_state(vehicles[i], before[i]));
}

TEST_CASE_TEMPLATE("apply_forces refuses bad input before anybody moves", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    using steer::test::refusal_of;
    steer::rng gen(5);
    // More vehicles than the lanes stage at a time, the bad force in the last chunk: the
    // vehicles of the first chunk must not have moved either.
    auto vehicles = assorted_vehicles<V>(gen, 150);
    const auto before = vehicles;
    auto forces = assorted_forces<V>(gen, 150);
    const auto fewer = std::vector<V>(forces.begin(), forces.begin() + 149);
    CHECK(refusal_of([&] { steer::apply_forces(vehicles, fewer, S(0.1)); }) ==
          "steer::apply_forces: steering must have one force per vehicle (got 149 forces for 150 vehicles)");
    CHECK(refusal_of([&] { steer::apply_forces(vehicles, forces, S(-1)); }) ==
          "steer::apply_forces: dt must be >= 0 and finite (got -1)");
    forces[140].x = std::numeric_limits<S>::quiet_NaN();
    CHECK(refusal_of([&] { steer::apply_forces(vehicles, forces, S(0.1)); }).starts_with(
        "steer::apply_forces: steering[140] must be finite (got (nan"));
    for (std::size_t i = 0; i < vehicles.size(); ++i) REQUIRE(same_vehicle_state(vehicles[i], before[i]));
}

TEST_CASE_TEMPLATE("set_velocities is vehicle::set_velocity bit for bit, whatever the crowd", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    struct character {
        steer::vehicle<V> motion;
    };
    for (std::size_t count : {1u, 5u, 64u, 65u, 300u}) {
        CAPTURE(count);
        steer::rng gen(static_cast<std::uint64_t>(count) + 11);
        auto reference = assorted_vehicles<V>(gen, count);
        std::vector<character> lanes;
        for (const auto& v : reference) lanes.push_back({v});
        for (int round = 0; round < 10; ++round) {
            // Velocities of every kind: ordinary, beyond max_speed, zero, straight up (along
            // the up hint), and tiny or huge enough that their squares underflow or overflow.
            auto velocities = assorted_forces<V>(gen, count);
            for (std::size_t i = 0; i < count; i += 13) velocities[i] *= S(1e-3);
            steer::set_velocities(lanes, velocities, &character::motion);
            for (std::size_t i = 0; i < count; ++i) reference[i].set_velocity(velocities[i]);
            for (std::size_t i = 0; i < count; ++i) {
                CAPTURE(round);
                CAPTURE(i);
                REQUIRE(same_vehicle_state(lanes[i].motion, reference[i]));
            }
        }
    }
}

TEST_CASE_TEMPLATE("set_velocities refuses bad input before any vehicle changes", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    using steer::test::refusal_of;
    steer::rng gen(6);
    // As for apply_forces: the bad velocity comes after a whole chunk of good ones.
    auto vehicles = assorted_vehicles<V>(gen, 150);
    const auto before = vehicles;
    auto velocities = assorted_forces<V>(gen, 150);
    const auto fewer = std::vector<V>(velocities.begin(), velocities.begin() + 3);
    CHECK(refusal_of([&] { steer::set_velocities(vehicles, fewer); }) ==
          "steer::set_velocities: velocities must have one velocity per vehicle (got 3 velocities for 150 vehicles)");
    velocities[130].y = std::numeric_limits<S>::infinity();
    CHECK(refusal_of([&] { steer::set_velocities(vehicles, velocities); })
              .starts_with("steer::set_velocities: velocities[130] must be finite (got ("));
    for (std::size_t i = 0; i < vehicles.size(); ++i) REQUIRE(same_vehicle_state(vehicles[i], before[i]));
}
