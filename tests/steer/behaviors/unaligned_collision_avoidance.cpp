#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/unaligned_collision_avoidance.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

/// Two perpendicular streams of 12 characters (3 abreast, 4 deep) that meet at the origin,
/// each cruising at 1.5 toward +X or +Y. Returns the overlapping pairs counted every 6 frames
/// over 20 s at 60 Hz, with or without unaligned_collision_avoidance taking priority over cruising.
template <steer::vector V>
int crossing_overlaps(bool avoid, unsigned seed) {
    using S = steer::scalar_t<V>;
    steer::rng gen(seed);
    std::vector<steer::vehicle<V>> crowd;
    std::vector<V> headings;
    for (int stream = 0; stream < 2; ++stream) {
        const V heading = stream == 0 ? make<V>(1, 0, 0) : make<V>(0, 1, 0);
        const V across = stream == 0 ? make<V>(0, 1, 0) : make<V>(1, 0, 0);
        for (int i = 0; i < 12; ++i) {
            const double behind = 8 + 2 * (i / 3) + 0.3 * steer::uniform01<double>(gen);
            const V position = heading * S(-behind) + across * S(1.5 * (i % 3 - 1));
            crowd.emplace_back(steer::vehicle_params<V>{.position = position, .velocity = heading * S(1.5),
                                                        .radius = S(0.5), .max_force = 3, .max_speed = 2});
            headings.push_back(heading);
        }
    }
    int overlaps = 0;
    for (int frame = 0; frame < 1200; ++frame) {
        steer::test::step_all(crowd, [&](std::size_t i) {
            if (avoid) {
                const V dodge = steer::unaligned_collision_avoidance(crowd[i], crowd, {.min_time_to_collision = 3});
                if (dodge != V(S(0))) return dodge;
            }
            return (headings[i] * S(1.5) - crowd[i].velocity()) * S(2);  // cruise
        }, 1.0 / 60);
        if (frame % 6 != 0) continue;
        for (std::size_t i = 0; i < crowd.size(); ++i)
            for (std::size_t j = i + 1; j < crowd.size(); ++j)
                if (steer::test::gap(crowd[i].position(), crowd[j].position()) <
                    static_cast<double>(crowd[i].radius() + crowd[j].radius()))
                    ++overlaps;
    }
    return overlaps;
}

template <steer::vector V>
steer::vehicle<V> moving(const V& position, const V& velocity, double radius = 0.5) {
    return steer::vehicle<V>({.position = position, .velocity = velocity,
                              .radius = static_cast<steer::scalar_t<V>>(radius), .max_force = 2, .max_speed = 3});
}

}  // namespace

TEST_CASE_TEMPLATE("unaligned_collision_avoidance cuts the overlaps where two streams of 12 cross to a fifth at most", V, STEER_TEST_VECTORS) {
    for (unsigned seed : {1u, 2u}) {
        CAPTURE(seed);
        const int without = crossing_overlaps<V>(false, seed);
        const int with = crossing_overlaps<V>(true, seed);
        CAPTURE(without);
        CAPTURE(with);
        CHECK(without >= 50);  // the scenario does collide
        CHECK(with * 5 <= without);
    }
}

TEST_CASE_TEMPLATE("unaligned_collision_avoidance sends the first to arrive ahead and the second behind, each turning away", V, STEER_TEST_VECTORS) {
    // a crosses +X, b crosses +Y; b is nearer the crossing and gets there first.
    const auto a = moving(make<V>(-4, 0, 0), make<V>(1, 0, 0));
    const auto b = moving(make<V>(0, -3.8, 0), make<V>(0, 1, 0));
    const std::vector<steer::vehicle<V>> both{a, b};
    const V for_a = steer::unaligned_collision_avoidance(a, both, {.min_time_to_collision = 10});
    const V for_b = steer::unaligned_collision_avoidance(b, both, {.min_time_to_collision = 10});
    CHECK(glm::dot(for_a, a.forward()) < 0);                       // a slows down
    CHECK(glm::dot(for_b, b.forward()) > 0);                       // b speeds up
    CHECK(static_cast<double>(for_a.y) < 0);                       // a turns away from b's side of the crossing
    CHECK(static_cast<double>(for_b.x) > 0);                       // b turns away from a's approach
    CHECK(static_cast<double>(glm::length(for_a)) == doctest::Approx(2).epsilon(1e-5));  // full force
}

TEST_CASE_TEMPLATE("unaligned_collision_avoidance sidesteps a dead-on collision, the two passing on opposite sides", V, STEER_TEST_VECTORS) {
    const auto a = moving(make<V>(-5, 1, 0), make<V>(1, 0, 0));
    const auto b = moving(make<V>(5, 1, 0), make<V>(-1, 0, 0));
    const std::vector<const steer::vehicle<V>*> both{&a, &b};
    const V for_a = steer::unaligned_collision_avoidance(a, both, {.min_time_to_collision = 10});
    const V for_b = steer::unaligned_collision_avoidance(b, both, {.min_time_to_collision = 10});
    CHECK(near(for_a, a.side() * steer::scalar_t<V>(2)));
    CHECK(near(for_b, b.side() * steer::scalar_t<V>(2)));
    CHECK(glm::dot(for_a, for_b) < 0);
}

TEST_CASE_TEMPLATE("unaligned_collision_avoidance sees no threat in what passes clear, recedes, matches velocity or is beyond the horizon", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V zero(S(0));
    const auto v = moving(make<V>(0, 0, 0), make<V>(1, 0, 0));
    const auto check = [&](const steer::vehicle<V>& other, double horizon) {
        const std::vector<steer::vehicle<V>> others{other, v};
        return steer::unaligned_collision_avoidance(v, others, {.min_time_to_collision = static_cast<S>(horizon)});
    };
    CHECK(check(moving(make<V>(5, -5, 0), make<V>(0, 1, 0)), 10) != zero);     // the control: they meet at (5, 0)
    CHECK(check(moving(make<V>(5, -3, 0), make<V>(0, 1, 0)), 10) == zero);     // passes 2 ahead: clear of 0.5 + 0.5
    CHECK(check(moving(make<V>(-3, 0, 0), make<V>(-1, 0, 0)), 10) == zero);    // behind and receding
    CHECK(check(moving(make<V>(0, 1.2, 0), make<V>(1, 0, 0)), 10) == zero);    // alongside, same velocity, no overlap
    CHECK(check(moving(make<V>(20, -20, 0), make<V>(0, 1, 0)), 10) == zero);   // meets in 20 s: beyond 10
    CHECK(check(moving(make<V>(20, -20, 0), make<V>(0, 1, 0)), 25) != zero);
    CHECK(check(moving(make<V>(5, -5, 0), make<V>(0, 1, 0)), 0) == zero);      // no look-ahead
    // The clearance widens the gap asked for: passing 2 apart is a threat with a clearance of 1.5.
    const std::vector<steer::vehicle<V>> passing{moving(make<V>(5, -3, 0), make<V>(0, 1, 0))};
    CHECK(steer::unaligned_collision_avoidance(v, passing, {.min_time_to_collision = 10, .clearance = S(1.5)}) != zero);
}

TEST_CASE_TEMPLATE("unaligned_collision_avoidance pushes apart two characters that overlap already", V, STEER_TEST_VECTORS) {
    const auto a = moving(make<V>(0, 0, 0), make<V>(1, 0, 0));
    const auto b = moving(make<V>(0, 0.6, 0), make<V>(1, 0, 0));  // side by side, same velocity, overlapping
    const std::vector<steer::vehicle<V>> both{a, b};
    CHECK(near(steer::unaligned_collision_avoidance(a, both, {.min_time_to_collision = 3}), make<V>(0, -2, 0)));
    CHECK(near(steer::unaligned_collision_avoidance(b, both, {.min_time_to_collision = 3}), make<V>(0, 2, 0)));
}

TEST_CASE_TEMPLATE("unaligned_collision_avoidance is finite and zero with coincident or no neighbors", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V zero(S(0));
    const auto v = moving(make<V>(1, 2, 3), make<V>(0, 1, 0));
    CHECK(steer::unaligned_collision_avoidance(v, std::vector<steer::vehicle<V>>{}, {.min_time_to_collision = 3}) == zero);
    CHECK(steer::unaligned_collision_avoidance(v, std::span<const steer::vehicle<V>* const>{}, {.min_time_to_collision = 3}) == zero);
    CHECK(steer::unaligned_collision_avoidance(v, std::vector<steer::vehicle<V>>(3, v), {.min_time_to_collision = 3}) == zero);
    const auto resting = moving(make<V>(1, 2, 3), make<V>(0, 0, 0));
    const std::vector<steer::vehicle<V>> still{resting, moving(make<V>(4, 2, 3), make<V>(0, 0, 0))};
    CHECK(steer::unaligned_collision_avoidance(resting, still, {.min_time_to_collision = 3}) == zero);
    // Huge but finite coordinates never give NaN.
    const S big = std::numeric_limits<S>::max() / 2;
    const std::vector<steer::vehicle<V>> far_apart{moving(make<V>(-big, 0, 0), make<V>(1, 0, 0)),
                                                   moving(make<V>(big, 0, 0), make<V>(-1, 0, 0))};
    for (const auto& one : far_apart) CHECK(steer::is_finite(steer::unaligned_collision_avoidance(one, far_apart, {.min_time_to_collision = 3})));
}

TEST_CASE_TEMPLATE("unaligned_collision_avoidance answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(36);
    const auto crowd = steer::test::random_states<V>(gen, 60, 4);
    const auto agents = steer::test::bare<false>(crowd);  // no mass(): unaligned_collision_avoidance needs none
    int threatened = 0;
    for (S horizon : {S(0), S(1), S(5)}) {
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const V force = steer::unaligned_collision_avoidance(crowd[i], crowd, {.min_time_to_collision = horizon});
            // Full effort or nothing.
            CHECK((force == V(S(0)) || steer::test::at_full_effort(force, crowd[i].max_force())));
            threatened += force != V(S(0));
            CHECK(steer::test::same_bits(
                steer::unaligned_collision_avoidance(agents[i], agents, {.min_time_to_collision = horizon}), force));
        }
    }
    CHECK(threatened > 0);
    CHECK(threatened < 3 * 60);
}

TEST_CASE_TEMPLATE("unaligned_collision_avoidance refuses a negative look-ahead or clearance, naming it", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const auto v = moving(make<V>(0, 0, 0), make<V>(1, 0, 0));
    const std::vector<steer::vehicle<V>> none;
    const auto message = [&](double horizon, double clearance) {
        const steer::unaligned_collision_avoidance_params<V> p{.min_time_to_collision = static_cast<S>(horizon),
                                                               .clearance = static_cast<S>(clearance)};
        return steer::test::refusal_of([&] { (void)steer::unaligned_collision_avoidance(v, none, p); });
    };
    CHECK(message(-1, 0) == "steer::unaligned_collision_avoidance: min_time_to_collision must be >= 0 and finite (got -1)");
    CHECK(message(1, -0.5) == "steer::unaligned_collision_avoidance: clearance must be >= 0 and finite (got -0.5)");
    CHECK(message(1, 0) == "(nothing thrown)");
    CHECK(steer::test::refusal_of([&] { steer::validate(steer::unaligned_collision_avoidance_params<V>{.clearance = -1}); }) ==
          "steer::unaligned_collision_avoidance: clearance must be >= 0 and finite (got -1)");
}
