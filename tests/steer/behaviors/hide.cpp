#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/hide.hpp>
#include <steer/world/box.hpp>
#include <steer/world/oriented_box.hpp>
#include <steer/world/plane.hpp>
#include <steer/world/polygon.hpp>
#include <steer/world/segment.hpp>
#include <steer/vehicle.hpp>
#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/random.hpp>

#include <steer/behaviors/wander.hpp>
#include <steer/combiners.hpp>
#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

// Whether some obstacle blocks the segment from `eye` to `p`.
template <class V>
bool hidden(const V& eye, const V& p, const std::vector<steer::sphere<V>>& obstacles) {
    using S = steer::scalar_t<V>;
    for (const auto& s : obstacles) {
        const V d = p - eye;
        const S t = steer::clamp(glm::dot(s.center - eye, d) / glm::dot(d, d), S(0), S(1));
        if (glm::distance(eye + d * t, s.center) < s.radius) return true;
    }
    return false;
}

}  // namespace

TEST_CASE_TEMPLATE("a hider ends with an obstacle between it and the hunter, at rest", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(9);
    for (int trial = 0; trial < 10; ++trial) {
        CAPTURE(trial);
        std::vector<steer::sphere<V>> rocks;
        for (int i = 0; i < 6; ++i)
            rocks.push_back({steer::random_vector_in_unit_ball<V>(gen) * S(20), steer::uniform<S>(gen, S(1.5), S(3))});
        steer::vehicle<V> hunter({.position = make<V>(-30, 0, 0) + steer::random_vector_in_unit_ball<V>(gen) * S(5)});
        steer::vehicle<V> hider({.position = steer::random_vector_in_unit_ball<V>(gen) * S(25), .radius = S(0.5),
                                 .max_force = 4, .max_speed = 3});
        const S dt = S(1) / S(60);
        const steer::obstacle_avoidance_params<V> avoiding{.min_time_to_collision = 1, .clearance = S(0.05)};
        for (int step = 0; step < 30 * 60; ++step) {
            hider.apply_force(steer::priority(S(1e-6), [&] { return steer::obstacle_avoidance(hider, rocks, avoiding); },
                                              [&] { return steer::hide(hider, hunter, rocks); }),
                              dt);
        }
        CHECK(hidden(hunter.position(), hider.position(), rocks));
        CHECK(hider.speed() < S(0.5));
    }
}

TEST_CASE_TEMPLATE("hide arrives at the nearest hiding point, behind an obstacle from the hunter", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const std::vector<steer::sphere<V>> rocks{{make<V>(10, 0, 0), S(2)}, {make<V>(0, 10, 0), S(1)}};
    const V hunter = make<V>(0, 0, 0);
    const steer::hide_params<V> params{.margin = 1, .slowing_distance = 3};
    // Hiding points: radius + hider radius + margin beyond each center: (13.5, 0) and (0, 12.5).
    const steer::vehicle<V> by_second({.position = make<V>(2, 14, 0), .radius = S(0.5), .max_speed = 3});
    CHECK(steer::hide(by_second, hunter, rocks, params) == steer::arrival(by_second, make<V>(0, 12.5, 0), {.slowing_distance = S(3)}));
    const steer::vehicle<V> by_first({.position = make<V>(12, -3, 0), .radius = S(0.5), .max_speed = 3});
    CHECK(steer::hide(by_first, hunter, rocks, params) == steer::arrival(by_first, make<V>(13.5, 0, 0), {.slowing_distance = S(3)}));
    // The overload taking the hunter vehicle hides from its position.
    const steer::vehicle<V> hunter_vehicle({.position = hunter});
    CHECK(steer::hide(by_first, hunter_vehicle, rocks, params) == steer::hide(by_first, hunter, rocks, params));
}

TEST_CASE_TEMPLATE("hide is finite for degenerate input and flees with nowhere to hide", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> hider({.position = make<V>(5, 0, 0), .max_force = 2, .max_speed = 2});
    const V hunter = make<V>(0, 0, 0);
    const std::vector<steer::sphere<V>> none;
    CHECK(near(steer::hide(hider, hunter, none), make<V>(2, 0, 0)));  // flee from rest: full effort
    // Zero-radius obstacles and one centered on the hunter hide nothing: flee too.
    const std::vector<steer::sphere<V>> useless{{make<V>(3, 3, 0), S(0)}, {hunter, S(2)}};
    CHECK(near(steer::hide(hider, hunter, useless), make<V>(2, 0, 0)));
    // Inside an obstacle, at rest on the hunter, at the hiding point itself: all finite.
    const std::vector<steer::sphere<V>> rock{{make<V>(5, 0.5, 0), S(2)}};
    CHECK(steer::is_finite(steer::hide(hider, hunter, rock)));
    CHECK(steer::is_finite(steer::hide(hider, hider.position(), rock)));
    const V spot = rock[0].center + steer::safe_normalize(rock[0].center - hunter) * rock[0].radius;
    const steer::vehicle<V> arrived({.position = spot, .radius = 0});
    CHECK(steer::hide(arrived, hunter, rock, {.margin = 0, .slowing_distance = 0}) == V(S(0)));
    CHECK_THROWS_AS((void)steer::hide(hider, hunter, rock, {.margin = -1}), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::hide(hider, hunter, rock, {.margin = 1, .slowing_distance = -1}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("a hider hides behind a box, an oriented box, a segment or a polygon as well as a sphere", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const V hunter = make<V>(-10, 1, 0.5);
    const S margin = S(1.5);  // beyond a resting hider's look-ahead: obstacle avoidance lets it rest
    const auto check_hides_behind = [&](const auto& cover) {
        steer::vehicle<V> v({.position = make<V>(6, -7, 2), .radius = S(0.5), .max_force = 3, .max_speed = 2});
        const S dt = S(1) / S(60);
        for (int step = 0; step < 60 * 30; ++step)
            v.apply_force(steer::priority(S(1e-6), [&] { return steer::obstacle_avoidance(v, cover); },
                                          [&] { return steer::hide(v, hunter, cover, {.margin = margin}); }),
                          dt);
        // At rest behind it: the line of sight from the hunter meets the cover before the
        // hider, and the hider's body keeps `margin` from the surface.
        CHECK(v.speed() < S(0.1));
        const V to_hider = v.position() - hunter;
        const auto sight = first_contact(cover, steer::sweep<V>{hunter, steer::safe_normalize(to_hider), glm::length(to_hider), S(0)});
        REQUIRE(sight);
        CHECK(sight->distance < glm::length(to_hider));
        CHECK(std::abs(double(signed_distance(cover, v.position())) - (0.5 + double(margin))) < 0.05);
    };
    check_hides_behind(steer::sphere<V>{make<V>(2, 1, 0), S(2)});
    check_hides_behind(steer::box<V>{make<V>(1, -1, -2), make<V>(3, 3, 2)});
    if constexpr (steer::dimension_v<V> == 2) {  // a 3D segment is a line: it hides nothing
        check_hides_behind(steer::segment<V>{make<V>(2, -3, 0), make<V>(2, 4, 0)});
        check_hides_behind(steer::oriented_box<V>::turned(V(2, 0), V(1, 3), S(0.4)));
        check_hides_behind(steer::polygon<V>({V(0, -3), V(4, -2), V(3, 4), V(1, 1)}));
    }
    // A plane has no far side: nowhere to hide, so the hider flees.
    const steer::vehicle<V> v({.position = make<V>(6, -7, 2), .radius = S(0.5), .max_force = 3, .max_speed = 2});
    const steer::plane<V> ground{make<V>(0, 1, 0), S(-20)};
    CHECK(steer::hide(v, hunter, ground) == steer::flee(v, hunter));
}

TEST_CASE_TEMPLATE("hide answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(16);
    std::vector<steer::sphere<V>> rocks;
    for (int i = 0; i < 8; ++i)
        rocks.push_back({steer::random_vector_in_unit_ball<V>(gen) * S(15), steer::uniform<S>(gen, S(0.5), S(3))});
    const std::vector<steer::sphere<V>> none;
    for (int trial = 0; trial < 400; ++trial) {
        CAPTURE(trial);
        const auto v = steer::test::random_vehicle<V>(gen, 20);
        const auto hunter = steer::test::random_vehicle<V>(gen, 25);
        const steer::hide_params<V> p{.margin = steer::uniform<S>(gen, S(0), S(2)),
                                      .slowing_distance = steer::uniform<S>(gen, S(0), S(5))};
        const auto bare = steer::test::bare(v);
        for (const auto* obstacles : {&std::as_const(rocks), &none}) {
            const V f = steer::hide(v, hunter, *obstacles, p);
            CHECK(steer::test::within_max_force(f, v.max_force()));
            CHECK(steer::test::same_bits(f, steer::hide(bare, steer::test::bare(hunter), *obstacles, p)));
        }
    }
    // From rest far from the hiding point, and from rest with nowhere to hide: full effort.
    const steer::vehicle<V> resting({.position = make<V>(-20, 5, 0), .mass = 2, .max_force = 5, .max_speed = 2});
    const V hunter = make<V>(-30, 0, 0);
    CHECK(steer::test::at_full_effort(steer::hide(resting, hunter, rocks), S(5)));
    CHECK(steer::test::at_full_effort(steer::hide(resting, hunter, none), S(5)));
}
