#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/world/box.hpp>
#include <steer/world/plane.hpp>
#include <steer/world/polygon.hpp>
#include <steer/world/segment.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/random.hpp>

#include <steer/behaviors/wander.hpp>
#include <steer/combiners.hpp>
#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

struct crossing_result {
    int collisions = 0;    // steps on which the vehicle's body overlapped an obstacle
    bool reached = false;  // came within 1 unit of the goal
};

// A random field of `count` spheres (radius 1 to 3) between a start and a goal 60 units
// apart. In 2D the spheres keep gaps of at least two vehicle diameters between them (a
// forest): the paper's reactive avoidance sees one threat at a time and cannot tell that a
// narrower gap is closed. In 3D they are placed freely and may overlap. The vehicle steers
// with priority(obstacle_avoidance, seek) for up to 60 simulated seconds at 60 Hz.
template <class V>
crossing_result cross_field(std::uint64_t seed, int count) {
    using S = steer::scalar_t<V>;
    constexpr bool flat = steer::dimension_v<V> == 2;
    steer::rng gen(seed);
    const V start = make<V>(-30, 0, 0);
    const V goal = make<V>(30, 0, 0);
    const S vehicle_radius = S(0.5);
    std::vector<steer::sphere<V>> field;
    while (static_cast<int>(field.size()) < count) {
        const S r = steer::uniform<S>(gen, 1, 3);
        const V c = make<V>(steer::uniform<S>(gen, -18, 18), steer::uniform<S>(gen, -15, 15),
                            steer::uniform<S>(gen, -15, 15));
        if (glm::distance(c, start) < r + 3 || glm::distance(c, goal) < r + 3) continue;
        const bool crowded = flat && std::any_of(field.begin(), field.end(), [&](const steer::sphere<V>& s) {
                                 return glm::distance(c, s.center) < r + s.radius + 4 * vehicle_radius;
                             });
        if (!crowded) field.push_back({c, r});
    }
    steer::vehicle<V> v({.position = start, .velocity = make<V>(1, 0, 0), .radius = vehicle_radius, .max_force = 8,
                         .max_speed = 4});
    crossing_result result;
    const S dt = S(1) / S(60);
    const steer::obstacle_avoidance_params<V> avoiding{.min_time_to_collision = S(1.5), .clearance = S(0.05)};
    for (int step = 0; step < 60 * 60 && !result.reached; ++step) {
        // priority(obstacle_avoidance, seek), with a clearance of a tenth of the vehicle's radius
        v.apply_force(steer::priority(S(1e-6), [&] { return steer::obstacle_avoidance(v, field, avoiding); },
                                      [&] { return steer::seek(v, goal); }),
                      dt);
        const bool overlapping = std::any_of(field.begin(), field.end(), [&](const steer::sphere<V>& s) {
            return glm::distance(v.position(), s.center) < s.radius + v.radius();
        });
        result.collisions += overlapping ? 1 : 0;
        result.reached = glm::distance(v.position(), goal) < S(1);
    }
    return result;
}

}  // namespace

TEST_CASE_TEMPLATE("a vehicle crosses a random obstacle field with no collision and reaches the goal", V, STEER_TEST_VECTORS) {
    const int count = steer::dimension_v<V> == 2 ? 25 : 40;
    int reached = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const auto r = cross_field<V>(seed, count);
        CAPTURE(seed);
        CHECK(r.collisions == 0);
        reached += r.reached ? 1 : 0;
    }
    CHECK(reached >= 24);  // at least 80% of 30 runs
}

TEST_CASE_TEMPLATE("obstacle avoidance gives exactly zero beside and behind obstacles", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(0, 0, 0), .velocity = make<V>(2, 0, 0), .radius = 1, .max_force = 3,
                               .max_speed = 2});
    SUBCASE("driving parallel to a row of obstacles beside it") {
        std::vector<steer::sphere<V>> row;
        for (int i = -5; i <= 20; ++i) {
            row.push_back({make<V>(i, 3, 0), S(1.5)});   // 3 off the axis, reach 2.5
            row.push_back({make<V>(i, -2.0625, 0), S(1)});  // exactly touching the cylinder (skin 1/16): clear
        }
        if constexpr (steer::dimension_v<V> == 3)
            for (int i = -5; i <= 20; ++i) row.push_back({V(i, 0, 2.5), S(0.5)});  // a row off the other lateral axis
        CHECK(steer::obstacle_avoidance(v, row, {.min_time_to_collision = S(10)}) == V(S(0)));
    }
    SUBCASE("driving away from obstacles behind it") {
        const std::vector<steer::sphere<V>> behind{
            {make<V>(-3, 0, 0), S(1)}, {make<V>(-2.5, 1, 0), S(1.2)}, {make<V>(-8, 0.5, 0), S(5)}};
        CHECK(steer::obstacle_avoidance(v, behind, {.min_time_to_collision = S(10)}) == V(S(0)));
    }
    SUBCASE("obstacles beyond the cylinder's end") {
        // lookahead = 2 s * 2 + 2 * 1 = 6; the axis enters this one at 7.
        const std::vector<steer::sphere<V>> far{{make<V>(8, 0, 0), S(0)}};
        CHECK(steer::obstacle_avoidance(v, far, {.min_time_to_collision = S(2)}) == V(S(0)));
        CHECK(steer::obstacle_avoidance(v, far, {.min_time_to_collision = S(2.6)}) != V(S(0)));
    }
}

TEST_CASE_TEMPLATE("obstacle avoidance turns laterally away from the nearest threat", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // max_force 2: B is met head on enough to need full effort.
    const steer::vehicle<V> v({.velocity = make<V>(2, 0, 0), .radius = 1, .max_force = 2, .max_speed = 2});
    // The paper's figure 7: A is clear, B and C intersect the cylinder, B is nearer.
    const std::vector<steer::sphere<V>> world{
        {make<V>(3, 4, 0), S(1)},      // A: clear
        {make<V>(8, -1, 0), S(1.5)},   // C: farther
        {make<V>(5, 0.5, 0), S(1)},    // B: the threat, slightly to the +y side
    };
    const V steering = steer::obstacle_avoidance(v, world, {.min_time_to_collision = S(5)});
    // Away from B's center, full effort, nearly all of it across the heading (a little
    // braking: stopping would take a third of the way).
    CHECK(steer::test::at_full_effort(steering, S(2)));
    CHECK(steering.y < S(-1.8));
    CHECK(steering.x <= S(0));
    // Reversing the range order does not change the choice.
    const std::vector<steer::sphere<V>> reversed(world.rbegin(), world.rend());
    CHECK(steer::obstacle_avoidance(v, reversed, {.min_time_to_collision = S(5)}) == steering);
    // Pointers to spheres work the same.
    std::vector<const steer::sphere<V>*> pointers;
    for (const auto& s : world) pointers.push_back(&s);
    CHECK(steer::obstacle_avoidance(v, pointers, {.min_time_to_collision = S(5)}) == steering);
}

TEST_CASE_TEMPLATE("an obstacle dead ahead is passed on the vehicle's side", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (int turn = 0; turn < 8; ++turn) {
        const S angle = S(turn) * S(0.785398);
        const V heading = make<V>(std::cos(angle), std::sin(angle), 0.3 * turn);
        // max_force 8: stopping (at most 2.33^2 / 16 = 0.34) takes less than a quarter of the
        // 2.47 to the contact, so there is no braking.
        const steer::vehicle<V> v({.velocity = heading, .radius = S(0.5), .max_force = 8, .max_speed = 3});
        const std::vector<steer::sphere<V>> ahead{{v.forward() * S(4), S(1)}};
        const V steering = steer::obstacle_avoidance(v, ahead, {.min_time_to_collision = S(2)});
        CHECK(near(steer::safe_normalize(steering), v.side()));
    }
}

TEST_CASE_TEMPLATE("the sidestep turns into braking once stopping would take a quarter of the way", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // Speed 4, max_force 4, mass 1: stopping takes 2. A wall across the way, met head on:
    // a pure sidestep while the contact is 8 or more away.
    const steer::plane<V> wall{make<V>(-1, 0, 0), S(0)};  // solid beyond x = 0
    double previous_braking = -1;
    for (const S gap : {S(9.4), S(8.6), S(6), S(4), S(2.5), S(1.2)}) {
        CAPTURE(gap);
        const steer::vehicle<V> v({.position = make<V>(-gap, 0, 0), .velocity = make<V>(4, 0, 0), .radius = S(0.5),
                                   .max_force = 4, .max_speed = 4});
        const V f = steer::obstacle_avoidance(v, wall);
        const double contact = static_cast<double>(gap) - 0.5 - 0.5 / 16;  // the body and its skin
        CHECK(steer::test::within_max_force(f, v.max_force()));
        if (contact <= 8) CHECK(steer::test::at_full_effort(f, v.max_force()));  // 2 * 16 / contact >= 4
        const double braking = -static_cast<double>(glm::dot(f, v.forward()));
        if (contact >= 8) {
            CHECK(std::abs(braking) < 1e-5);          // the paper's pure sidestep
            CHECK(near(steer::safe_normalize(f), v.side()));
        } else {
            CHECK(braking >= previous_braking);       // more braking, the nearer
            CHECK(glm::dot(f, v.side()) >= S(0));    // and still passing on its side, until it only brakes
        }
        previous_braking = braking;
    }
}

TEST_CASE_TEMPLATE("a vehicle touching or inside an obstacle is pushed out, whatever side the obstacle is on", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.velocity = make<V>(2, 0, 0), .radius = 1, .max_force = 3, .max_speed = 2});
    SUBCASE("a sphere behind it, its center behind the vehicle") {
        const std::vector<steer::sphere<V>> behind{{make<V>(-1.5, 0.5, 0), S(1)}};
        const V f = steer::obstacle_avoidance(v, behind);
        CHECK(near(f, steer::safe_normalize(make<V>(1.5, -0.5, 0)) * S(3)));
    }
    SUBCASE("a box beside it, overlapping its body") {
        const steer::box<V> crate{make<V>(-3, 0.8, -3), make<V>(3, 4, 3)};
        CHECK(near(steer::obstacle_avoidance(v, crate), make<V>(0, -3, 0)));
    }
    SUBCASE("inside a polygon or a segment's reach") {
        if constexpr (steer::dimension_v<V> == 2) {
            const steer::polygon<V> room({V(-1, -5), V(5, -5), V(5, 0.5), V(-1, 0.5)});
            CHECK(near(steer::obstacle_avoidance(v, room), V(0, 3)));  // the shortest way out
        }
        const steer::segment<V> rail{make<V>(-4, -0.5, 0), make<V>(4, -0.5, 0)};
        CHECK(near(steer::obstacle_avoidance(v, rail), make<V>(0, 3, 0)));
    }
}

TEST_CASE_TEMPLATE("obstacle avoidance is finite for degenerate input and refuses bad parameters", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> resting({.radius = S(0.5)});
    const steer::vehicle<V> point({.velocity = make<V>(1, 0, 0), .radius = 0});
    const std::vector<steer::sphere<V>> none;
    CHECK(steer::obstacle_avoidance(resting, none) == V(S(0)));
    // Zero radii everywhere: nothing can intersect a zero-width cylinder.
    const std::vector<steer::sphere<V>> dots{{make<V>(1, 0, 0), S(0)}, {make<V>(0, 0, 0), S(0)}};
    CHECK(steer::obstacle_avoidance(point, dots) == V(S(0)));
    // A resting vehicle has nothing to turn from an obstacle ahead, until it touches one.
    const std::vector<steer::sphere<V>> ahead{{resting.forward() * S(1.2) + resting.side() * S(0.1), S(0.5)}};
    CHECK(steer::obstacle_avoidance(resting, ahead) == V(S(0)));
    const std::vector<steer::sphere<V>> touching{{resting.forward() * S(0.9) + resting.side() * S(0.1), S(0.5)}};
    CHECK(steer::test::at_full_effort(steer::obstacle_avoidance(resting, touching), resting.max_force()));
    // Inside an obstacle, even at its exact center: finite, full effort (back out the way it
    // came, at the exact center).
    const std::vector<steer::sphere<V>> around{{make<V>(0.5, 0.2, 0), S(3)}};
    CHECK(steer::is_finite(steer::obstacle_avoidance(point, around)));
    const std::vector<steer::sphere<V>> centered{{make<V>(0, 0, 0), S(3)}};
    CHECK(near(steer::obstacle_avoidance(point, centered), -point.forward()));
    // On the surface of every shape, and at a box's exact center: finite and full effort.
    const steer::box<V> crate{make<V>(-1, -1, -1), make<V>(1, 1, 1)};
    CHECK(steer::test::at_full_effort(steer::obstacle_avoidance(point, crate), point.max_force()));
    // A point skimming a surface is not inside it: nothing to do, and no NaN.
    const steer::plane<V> floor{make<V>(0, 1, 0), S(0)};
    CHECK(steer::obstacle_avoidance(point, floor) == V(S(0)));
    const steer::segment<V> through{make<V>(-1, 0, 0), make<V>(1, 0, 0)};
    CHECK(steer::obstacle_avoidance(point, through) == V(S(0)));
    CHECK(steer::test::at_full_effort(steer::obstacle_avoidance(resting, through), resting.max_force()));
    CHECK_THROWS_AS((void)steer::obstacle_avoidance(point, centered, {.min_time_to_collision = S(-1)}), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::obstacle_avoidance(point, centered, {.clearance = S(-0.1)}), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::obstacle_avoidance(point, centered, {.min_time_to_collision = std::numeric_limits<S>::quiet_NaN()}),
                    std::invalid_argument);
}

TEST_CASE_TEMPLATE("obstacle avoidance answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(11);
    std::vector<steer::sphere<V>> rocks;
    for (int i = 0; i < 30; ++i)
        rocks.push_back({steer::random_vector_in_unit_ball<V>(gen) * S(12), steer::uniform<S>(gen, S(0), S(3))});
    int threatened = 0;
    for (int trial = 0; trial < 400; ++trial) {
        CAPTURE(trial);
        const auto v = steer::test::random_vehicle<V>(gen, 15);
        const steer::obstacle_avoidance_params<V> p{.min_time_to_collision = steer::uniform<S>(gen, S(0), S(3)),
                                                    .clearance = steer::uniform<S>(gen, S(0), S(0.5))};
        const V f = steer::obstacle_avoidance(v, rocks, p);
        CHECK(steer::test::same_bits(f, steer::obstacle_avoidance(steer::test::bare(v), rocks, p)));
        CHECK(steer::test::within_max_force(f, v.max_force()));
        if (f != V(S(0))) ++threatened;
        // Touching a rock: full effort.
        const bool touching = std::any_of(rocks.begin(), rocks.end(), [&](const steer::sphere<V>& s) {
            return glm::distance(s.center, v.position()) < s.radius + v.radius() + p.clearance;
        });
        if (touching) CHECK(steer::test::at_full_effort(f, v.max_force()));
    }
    CHECK(threatened > 20);
    // Heading for a rock. A strong turner sidesteps across the heading, with what the turn takes; a weak
    // one (turning radius 17, the rock 1.6 away) brakes as well, at full effort.
    const std::vector<steer::sphere<V>> ahead{{make<V>(3, 0.5, 0), S(1)}};
    const steer::vehicle<V> nimble({.velocity = make<V>(2, 0, 0), .mass = 3, .max_force = S(70), .max_speed = 4});
    const V sidestep = steer::obstacle_avoidance(nimble, ahead);
    CHECK(glm::length(sidestep) > S(1));
    CHECK(std::abs(static_cast<double>(glm::dot(steer::safe_normalize(sidestep), nimble.forward()))) < 1e-5);
    const steer::vehicle<V> heavy({.velocity = make<V>(2, 0, 0), .mass = 3, .max_force = S(0.7), .max_speed = 4});
    const V f = steer::obstacle_avoidance(heavy, ahead);
    CHECK(std::abs(static_cast<double>(glm::length(f)) - 0.7) <= 0.7e-5);
    CHECK(glm::dot(f, heavy.forward()) < S(-0.3));
    CHECK(f.y < S(0));
}
