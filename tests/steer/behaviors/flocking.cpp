#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/flocking.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

template <steer::vector V>
steer::flocking_params<V> boids() {
    using S = steer::scalar_t<V>;
    return {.separation = {.max_distance = S(1.5), .max_angle = S(2.4)},
            .alignment = {.max_distance = 4, .max_angle = S(2.4)},
            .cohesion = {.max_distance = 8, .max_angle = S(2.4)},
            .separation_weight = 1,
            .alignment_weight = S(0.5),
            .cohesion_weight = S(0.5)};
}

}  // namespace

TEST_CASE_TEMPLATE("60 flocking characters line up and keep their spacing after 30 s", V, STEER_TEST_VECTORS) {
    for (unsigned seed : {1u, 2u}) {
        CAPTURE(seed);
        steer::rng gen(seed);
        auto crowd = steer::test::scatter<V>(gen, 60, 8, 1, {.max_force = 2, .max_speed = 2});
        const auto p = boids<V>();
        REQUIRE(steer::test::polarization(crowd) < 0.3);
        for (int frame = 0; frame < 900; ++frame)  // 30 s at 30 Hz
            steer::test::step_all(crowd, [&](std::size_t i) { return steer::flocking(crowd[i], crowd, p); }, 1.0 / 30);
        CHECK(steer::test::polarization(crowd) > 0.6);
        const double spacing = steer::test::mean_nearest_neighbor_distance(crowd);
        CHECK(spacing > 0.6);
        CHECK(spacing < 4);
    }
}

namespace {

/// The polarization (length of the mean heading) and mean nearest-neighbor distance of 60
/// boids scattered over a disc (ball) of radius 6 after 30 s at 30 Hz, under a strong
/// separation: weight 3 of 5 (3/1/1), separation 2, alignment 5, cohesion 8, max speed and
/// force 2 (issue 44's flock).
template <class V>
std::pair<double, double> strong_separation_flock(unsigned seed, bool fades) {
    steer::rng gen(seed);
    auto crowd = steer::test::scatter<V>(gen, 60, 6, 1, {.max_force = 2, .max_speed = 2});
    const steer::flocking_params<V> p{.separation = {.max_distance = 2},
                                      .alignment = {.max_distance = 5},
                                      .cohesion = {.max_distance = 8},
                                      .separation_weight = 3,
                                      .alignment_weight = 1,
                                      .cohesion_weight = 1,
                                      .separation_fades = fades};
    for (int frame = 0; frame < 900; ++frame)
        steer::test::step_all(crowd, [&](std::size_t i) { return steer::flocking(crowd[i], crowd, p); }, 1.0 / 30);
    return {steer::test::polarization(crowd), steer::test::mean_nearest_neighbor_distance(crowd)};
}

}  // namespace

TEST_CASE_TEMPLATE("under a strong separation a flock still lines up: separation fades with distance", V, glm::vec2, glm::vec3) {
    // Without the fade any neighbor inside separation's 2 m takes its whole weight (3 of 5),
    // and in 2D the flock breaks into groups heading different ways.
    const int seeds = steer::test::rounds(12);
    double faded_sum = 0, faded_worst = 1, full_sum = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        const auto [polarization, spacing] = strong_separation_flock<V>(static_cast<unsigned>(seed), true);
        CAPTURE(seed);
        CHECK(spacing > 0.6);  // neither collapsed ...
        CHECK(spacing < 4);    // ... nor dispersed
        faded_sum += polarization;
        faded_worst = std::min(faded_worst, polarization);
        full_sum += strong_separation_flock<V>(static_cast<unsigned>(seed), false).first;
    }
    const double mean = faded_sum / seeds;
    MESSAGE(steer::dimension_v<V> << "D: polarization " << mean << " on average (worst " << faded_worst << ") over "
                                  << seeds << " seeds; " << full_sum / seeds << " without the fade");
    if constexpr (steer::dimension_v<V> == 2) {
        CHECK(mean >= 0.85);
        CHECK(faded_worst >= 0.6);
    } else {
        CHECK(mean >= 0.95);
    }
    CHECK(mean >= full_sum / seeds);
}

TEST_CASE_TEMPLATE("flocking is the weighted sum of the three normalized components, each over its own neighborhood, times max_force, separation's weight fading with distance", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(21);
    const auto crowd = steer::test::scatter<V>(gen, 25, 5, 1, {.max_force = 2, .max_speed = 2});
    steer::flocking_params<V> p = boids<V>();
    p.separation_weight = S(0.8);
    p.alignment_weight = S(0.5);
    p.cohesion_weight = S(-0.3);  // a negative weight reverses its component
    int cut = 0, faded = 0;
    for (const auto& v : crowd) {
        // Separation's direction: the paper's sum of unit vectors away, weighted 1/r.
        V away(S(0));
        for (const auto& other : crowd)
            if (steer::in_neighborhood(v, other, p.separation)) {
                const V offset = other.position() - v.position();
                away -= offset / glm::dot(offset, offset);
            }
        // Its weight fades: nothing for one neighbor at the neighborhood's edge, all of it
        // from half that distance in: |away| * distance - 1, within [0, 1].
        const S crowding = std::clamp(glm::length(away) * p.separation.max_distance - S(1), S(0), S(1));
        faded += crowding > S(0) && crowding < S(1);
        const V sum = steer::safe_normalize(away) * (p.separation_weight * crowding) +
                      steer::safe_normalize(steer::alignment(v, crowd, p.alignment)) * p.alignment_weight +
                      steer::safe_normalize(steer::cohesion(v, crowd, p.cohesion)) * p.cohesion_weight;
        cut += glm::length(sum) > 1;
        CHECK(near(steer::flocking(v, crowd, p), steer::truncate(sum * v.max_force(), v.max_force()), 1e-4));
    }
    CHECK(cut > 0);  // some sums were cut to max_force, some not
    CHECK(cut < 25);
    CHECK(faded > 0);  // and some separations were partly faded
}

TEST_CASE_TEMPLATE("flocking answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(34);
    const auto crowd = steer::test::random_states<V>(gen, 60, 3);
    const auto agents = steer::test::bare<false>(crowd);  // without mass(): flocking must not need one
    auto p = boids<V>();
    for (S weight : {S(0.3), S(1), S(4)}) {
        p.separation_weight = weight;
        p.cohesion_weight = -weight / 2;
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const V force = steer::flocking(crowd[i], crowd, p);
            CHECK(steer::test::within_max_force(force, crowd[i].max_force()));
            CHECK(steer::test::same_bits(steer::flocking(agents[i], agents, p), force));
        }
    }
    // One component at weight 1, the others off: full effort along it.
    const steer::vehicle<V> v({.max_force = S(3.7), .max_speed = S(1.3)});
    const std::vector<steer::vehicle<V>> one{steer::vehicle<V>({.position = make<V>(0.3, -0.4, 0)})};
    const V force = steer::flocking(v, one, {.separation = {.max_distance = 1}, .alignment = {.max_distance = 1},
                                             .cohesion = {.max_distance = 1}, .separation_weight = 1,
                                             .alignment_weight = 0, .cohesion_weight = 0});
    CHECK(steer::test::at_full_effort(force, v.max_force()));
    CHECK(near(steer::safe_normalize(force), make<V>(-0.6, 0.8, 0)));
}

TEST_CASE_TEMPLATE("flocking is finite and zero with coincident or no neighbors", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(2, 3, 4), .velocity = make<V>(0, 1, 0)});
    const auto p = boids<V>();
    const V zero(S(0));
    CHECK(steer::flocking(v, std::vector<steer::vehicle<V>>{}, p) == zero);
    CHECK(steer::flocking(v, std::span<const steer::vehicle<V>* const>{}, p) == zero);
    CHECK(steer::flocking(v, std::vector<steer::vehicle<V>>(6, v), p) == zero);
    // A stack of characters on one spot (but not exactly v's): finite, whatever it is.
    std::vector<steer::vehicle<V>> stack;
    for (int i = 1; i <= 6; ++i)
        stack.push_back(steer::vehicle<V>({.position = v.position() + make<V>(1, 0, 0) * (std::numeric_limits<S>::min() * S(i))}));
    for (const auto& one : stack) CHECK(steer::is_finite(steer::flocking(one, stack, p)));
}

TEST_CASE_TEMPLATE("bad flocking parameters are refused with a message naming the parameter", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v;
    const std::vector<steer::vehicle<V>> none;
    const auto message = [&](const steer::flocking_params<V>& p) {
        return steer::test::refusal_of([&] { (void)steer::flocking(v, none, p); });
    };
    auto p = boids<V>();
    p.alignment_weight = std::numeric_limits<S>::infinity();
    CHECK(message(p) == "steer::flocking: alignment_weight must be finite (got inf)");
    p = boids<V>();
    p.cohesion.max_distance = -2;
    CHECK(message(p) == "steer::neighborhood: max_distance must be >= 0 and finite (got -2)");
    CHECK(message(boids<V>()) == "(nothing thrown)");
}

TEST_CASE_TEMPLATE("validate(flocking_params) refuses what its checks one by one refuse, with the same message", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // validate tests all the params at once first; the checks one by one, in order, are the reference.
    const auto one_by_one = [](const steer::flocking_params<V>& q) {
        steer::validate(q.separation);
        steer::validate(q.alignment);
        steer::validate(q.cohesion);
        steer::detail::expect_finite("steer::flocking", "separation_weight", q.separation_weight);
        steer::detail::expect_finite("steer::flocking", "alignment_weight", q.alignment_weight);
        steer::detail::expect_finite("steer::flocking", "cohesion_weight", q.cohesion_weight);
        steer::validate(q.separation_spacing);
    };
    constexpr S inf = std::numeric_limits<S>::infinity(), largest = std::numeric_limits<S>::max();
    const S any[] = {S(0), -S(0), S(1.5), largest, -largest, std::numeric_limits<S>::denorm_min(),
                     -std::numeric_limits<S>::denorm_min(), S(-1), inf, -inf, std::numeric_limits<S>::quiet_NaN()};
    steer::rng gen(9);
    int refused = 0;
    for (int round = 0; round < 3000; ++round) {
        auto p = boids<V>();
        S* const fields[] = {&p.separation.max_distance, &p.separation.max_angle, &p.alignment.max_distance,
                             &p.alignment.max_angle,     &p.cohesion.max_distance,  &p.cohesion.max_angle,
                             &p.separation_weight,       &p.alignment_weight,       &p.cohesion_weight,
                             &p.separation_spacing.personal_space};
        // One field, sometimes two, set to any value: good, on the edge or bad.
        for (int changes = 1 + static_cast<int>(gen() % 2); changes > 0; --changes)
            *fields[gen() % std::size(fields)] = any[gen() % std::size(any)];
        const std::string expected = steer::test::refusal_of([&] { one_by_one(p); });
        CAPTURE(expected);
        REQUIRE(steer::test::refusal_of([&] { steer::validate(p); }) == expected);
        refused += expected != "(nothing thrown)";
    }
    CHECK(refused > 1000);  // both paths taken
    CHECK(refused < 2500);
}
