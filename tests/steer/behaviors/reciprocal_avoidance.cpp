#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/reciprocal_avoidance.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

/// A walker: radius 0.5, top speed 2, max_force 20 (the crowds' vehicles).
template <steer::vector V>
steer::vehicle<V> walker(const V& position, const V& velocity = V(0)) {
    return steer::vehicle<V>({.position = position, .velocity = velocity, .radius = steer::scalar_t<V>(0.5), .max_force = 20,
                              .max_speed = 2});
}

/// Toward `goal` at top speed, slowing within 1 m of it.
template <steer::vector V>
V toward(const steer::vehicle<V>& a, const V& goal) {
    return steer::truncate((goal - a.position()) * a.max_speed(), a.max_speed());
}

/// A crowd walking to its goals with reciprocal avoidance (and `obstacles`), stepped at 60 Hz
/// for at most `seconds`. Returns when every agent came within a radius of its goal (or -1
/// if some did not), the closest two bodies' centers came, and the closest a body came to
/// an obstacle (its `signed_distance` minus the radius).
struct walk_result {
    double finish = -1;
    double closest = std::numeric_limits<double>::infinity();
    double closest_to_obstacle = std::numeric_limits<double>::infinity();
};

template <steer::vector V, class Obstacles>
walk_result walk(std::vector<steer::vehicle<V>>& crowd, const std::vector<V>& goals, const Obstacles& obstacles,
                 double seconds, const steer::reciprocal_avoidance_params<V>& p = {}) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    walk_result r;
    std::vector<bool> arrived(crowd.size(), false);
    for (int step = 1; step <= static_cast<int>(seconds * 60); ++step) {
        steer::test::step_all(crowd, [&](std::size_t i) {
            return steer::reciprocal_avoidance(crowd[i], crowd, obstacles, toward(crowd[i], goals[i]), dt, p);
        }, 1.0 / 60);
        r.closest = std::min(r.closest, steer::test::min_pairwise_distance(crowd));
        std::size_t count = 0;
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            if (glm::distance(crowd[i].position(), goals[i]) <= crowd[i].radius()) arrived[i] = true;
            if (arrived[i]) ++count;
            auto measure = [&](const auto& o) {
                r.closest_to_obstacle =
                    std::min(r.closest_to_obstacle,
                             static_cast<double>(steer::signed_distance(o, crowd[i].position()) - crowd[i].radius()));
            };
            steer::detail::for_each_obstacle<V>(obstacles, measure);
        }
        if (count == crowd.size()) {
            r.finish = step / 60.0;
            return r;
        }
    }
    return r;
}

template <steer::vector V>
walk_result walk(std::vector<steer::vehicle<V>>& crowd, const std::vector<V>& goals, double seconds,
                 const steer::reciprocal_avoidance_params<V>& p = {}) {
    return walk(crowd, goals, std::vector<steer::sphere<V>>{}, seconds, p);
}

/// `count` walkers evenly on a ring 1.5 m apart, and the opposite points: in the xy plane
/// in 2D, on the ground (the xz plane, +y up) in 3D.
template <steer::vector V>
void ring(int count, std::vector<steer::vehicle<V>>& crowd, std::vector<V>& goals) {
    const double radius = 1.5 * count / (2 * 3.14159265358979);
    for (int i = 0; i < count; ++i) {
        const double angle = 2 * 3.14159265358979 * i / count;
        V at = make<V>(radius * std::cos(angle), radius * std::sin(angle), 0);
        if constexpr (steer::dimension_v<V> == 3) at = V(at.x, 0, at.y);
        crowd.push_back(walker(at));
        goals.push_back(-at);
    }
}

}  // namespace

TEST_CASE_TEMPLATE("reciprocal avoidance with nobody around steers to the preferred velocity in one step", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const std::vector<steer::vehicle<V>> nobody;
    const S dt = S(1) / S(60);
    auto a = walker(make<V>(1, 2, 3), make<V>(0.5, 0, 0));
    const V wanted = make<V>(0.7, 0.1, 0);  // a change of 0.22 m/s: 13.4 N for one step of a 1 kg walker
    CHECK(steer::collision_free_velocity(a, nobody, wanted, dt) == wanted);
    const V f = steer::reciprocal_avoidance(a, nobody, wanted, dt);
    CHECK(near(f, (wanted - a.velocity()) / dt, 1e-3));  // mass 1, within max_force 20
    a.apply_force(f, dt);
    CHECK(near(a.velocity(), wanted));
    // Reached and safe: nothing to do, exactly.
    const auto cruising = walker(make<V>(0, 0, 0), wanted);
    CHECK(steer::reciprocal_avoidance(cruising, nobody, wanted, dt) == V(S(0)));
    // Faster than max_speed: capped; a change beyond max_force × dt / mass: full effort.
    CHECK(near(steer::collision_free_velocity(a, nobody, make<V>(30, 40, 0), dt), make<V>(1.2, 1.6, 0)));
    const auto heavy = steer::vehicle<V>({.mass = 4, .radius = S(0.5), .max_force = 3, .max_speed = 2});
    const V brisk = steer::reciprocal_avoidance(heavy, nobody, make<V>(0, 2, 0), dt);
    CHECK(steer::test::at_full_effort(brisk, heavy.max_force()));
    CHECK(near(steer::safe_normalize(brisk), make<V>(0, 1, 0)));
}

TEST_CASE_TEMPLATE("two agents meeting head on each step to their right, pass, and never touch", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    std::vector<steer::vehicle<V>> pair{walker(make<V>(-6, 0, 0)), walker(make<V>(6, 0, 0))};
    const std::vector<V> goals{make<V>(6, 0, 0), make<V>(-6, 0, 0)};
    // After a second, the one walking +x has moved to its right (-y in 2D; in 3D, with +y
    // up, its right is cross(+x, +y) = +z), the other to its own right.
    const V right_of_first = steer::dimension_v<V> == 2 ? make<V>(0, -1, 0) : make<V>(0, 0, 1);
    std::vector<steer::vehicle<V>> early = pair;
    (void)walk(early, goals, 1.5);
    CHECK(glm::dot(early[0].position(), right_of_first) > S(0.1));
    CHECK(glm::dot(early[1].position(), right_of_first) < S(-0.1));
    const walk_result r = walk(pair, goals, 20);
    CHECK(r.finish > 0);
    CHECK(r.finish < 8);  // 6 s straight
    CHECK(r.closest >= 1.0);  // the two radii; the default clearance keeps 2 cm more
}

TEST_CASE_TEMPLATE("two agents that both take their chosen velocities stay apart for the whole horizon", V,
                   STEER_TEST_VECTORS) {
    // The paper's guarantee, pair by pair: each half-plane holds the velocities that, with the
    // other's half, keep the relative velocity out of the truncated velocity obstacle.
    using S = steer::scalar_t<V>;
    steer::rng gen(17);
    const steer::reciprocal_avoidance_params<V> p{.time_horizon = 2, .min_time_horizon = 2, .clearance = 0,
                                                  .detour_angle = 0};
    int constrained = 0;
    for (int trial = 0; trial < 500; ++trial) {
        CAPTURE(trial);
        const S ra = steer::uniform(gen, S(0.2), S(1)), rb = steer::uniform(gen, S(0.2), S(1));
        const V pa = steer::random_vector_in_unit_ball<V>(gen) * S(6);
        const V pb = pa + steer::random_unit_vector<V>(gen) * (ra + rb + steer::uniform(gen, S(0.05), S(5)));
        // Fast enough to leave any velocity obstacle: the program is never infeasible.
        const steer::vehicle<V> a({.position = pa, .velocity = steer::random_vector_in_unit_ball<V>(gen) * S(2),
                                   .radius = ra, .max_force = 1000, .max_speed = 20});
        const steer::vehicle<V> b({.position = pb, .velocity = steer::random_vector_in_unit_ball<V>(gen) * S(2),
                                   .radius = rb, .max_force = 1000, .max_speed = 20});
        const std::vector<const steer::vehicle<V>*> to_a{&b}, to_b{&a};
        const V wanted_a = (pb - pa) * S(0.5), wanted_b = (pa - pb) * S(0.5);  // into each other
        const V va = steer::collision_free_velocity(a, to_a, wanted_a, S(1) / S(60), p);
        const V vb = steer::collision_free_velocity(b, to_b, wanted_b, S(1) / S(60), p);
        if (va != wanted_a || vb != wanted_b) ++constrained;
        double closest = std::numeric_limits<double>::infinity();
        for (int k = 0; k <= 200; ++k) {
            const S t = S(2) * S(k) / S(200);
            closest = std::min(closest, static_cast<double>(glm::distance(pa + va * t, pb + vb * t)));
        }
        CHECK(closest >= static_cast<double>(ra + rb) * (1 - 1e-4));
    }
    CHECK(constrained > 400);  // the goals were collisions: nearly every pair had to avoid
}

TEST_CASE_TEMPLATE("a ring of 24 pressed together freezes under the paper's rule and swaps sides with the detour", V,
                   glm::vec2, glm::dvec2) {
    std::vector<steer::vehicle<V>> crowd;
    std::vector<V> goals;
    ring(24, crowd, goals);
    std::vector<steer::vehicle<V>> paper = crowd;
    const walk_result frozen = walk(paper, goals, 40, {.detour_angle = 0});
    CHECK(frozen.finish < 0);  // not every agent arrived in 40 s (5.7 s straight)
    const walk_result r = walk(crowd, goals, 40);
    CHECK(r.finish > 0);
    CHECK(r.finish < 30);
    CHECK(r.closest >= 0.99);  // never deeper than 1% of the radii's sum
}

TEST_CASE_TEMPLATE("a ring of 24 on the ground in 3D swaps sides, circling about the agents' up", V, glm::vec3,
                   glm::dvec3) {
    std::vector<steer::vehicle<V>> crowd;
    std::vector<V> goals;
    ring(24, crowd, goals);
    const walk_result r = walk(crowd, goals, 40);
    CHECK(r.finish > 0);
    CHECK(r.finish < 20);
    CHECK(r.closest >= 0.99);
}

TEST_CASE_TEMPLATE("a ball of 30 agents swaps to the opposite points in 3D without overlap", V, glm::vec3, glm::dvec3) {
    using S = steer::scalar_t<V>;
    steer::rng gen(23);
    std::vector<steer::vehicle<V>> crowd;
    std::vector<V> goals;
    while (crowd.size() < 30) {
        const V at = steer::random_unit_vector<V>(gen) * S(6);
        if (std::all_of(crowd.begin(), crowd.end(), [&](const auto& c) { return glm::distance(c.position(), at) > S(1.5); })) {
            crowd.push_back(walker(at));
            goals.push_back(-at);
        }
    }
    const walk_result r = walk(crowd, goals, 40);
    CHECK(r.finish > 0);
    CHECK(r.finish < 20);  // 6 s straight
    CHECK(r.closest >= 0.99);
}

TEST_CASE("two blocks crossing at right angles and two streams meeting in a corridor all arrive, never overlapping") {
    using V = glm::vec2;
    SUBCASE("crossing: two blocks of 24, 4 abreast, 2 m apart") {
        std::vector<steer::vehicle<V>> crowd;
        std::vector<V> goals;
        for (int block = 0; block < 2; ++block)
            for (int i = 0; i < 24; ++i) {
                const V along = block == 0 ? V(1, 0) : V(0, 1);
                const V start = along * (-12 - 2.0f * static_cast<float>(i / 4)) + V(-along.y, along.x) * (2.0f * static_cast<float>(i % 4) - 3);
                crowd.push_back(walker(start));
                goals.push_back(start + along * 30.0f);
            }
        const walk_result r = walk(crowd, goals, 60);
        CHECK(r.finish > 0);
        CHECK(r.finish < 15 * 1.5);  // 15 s straight
        CHECK(r.closest >= 0.99);
    }
    SUBCASE("corridor: two streams of 12, 3 abreast, between walls 7 m apart") {
        std::vector<steer::vehicle<V>> crowd;
        std::vector<V> goals;
        for (int stream = 0; stream < 2; ++stream)
            for (int i = 0; i < 12; ++i) {
                const float way = stream == 0 ? 1.0f : -1.0f;
                const V start(way * (-6 - 1.5f * static_cast<float>(i / 3)), 1.5f * static_cast<float>(i % 3 - 1));
                crowd.push_back(walker(start));
                goals.push_back(start + V(way * 24, 0));
            }
        const std::vector<steer::segment<V>> walls{{V(-30, 3.5f), V(30, 3.5f)}, {V(-30, -3.5f), V(30, -3.5f)}};
        const walk_result r = walk(crowd, goals, walls, 90);
        CHECK(r.finish > 0);
        CHECK(r.closest >= 0.99);
        CHECK(r.closest_to_obstacle >= -0.005);
    }
}

TEST_CASE_TEMPLATE("obstacles of every shape are kept out of and walked around", V, glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    using shape = std::variant<steer::sphere<V>, steer::box<V>, steer::oriented_box<V>, steer::plane<V>,
                               steer::segment<V>, steer::polygon<V>>;
    // Each in the way of a walk from (-8, 0.3) to (8, 0.3).
    const std::vector<std::pair<const char*, shape>> shapes{
        {"sphere", steer::sphere<V>{V(0, 0), S(2)}},
        {"box", steer::box<V>{V(-1, -2), V(1, 2)}},
        {"oriented box", steer::oriented_box<V>::turned(V(0, 0), V(2, 1), S(0.7))},
        {"wall", steer::segment<V>{V(0, -3), V(0, 3)}},
        {"concave polygon", steer::polygon<V>({V(-1, -3), V(2, -3), V(2, 3), V(-1, 3), V(-1, 2), V(1, 2), V(1, -2),
                                               V(-1, -2)})},  // a C open to the west: a trap
    };
    for (const auto& [label, obstacle] : shapes) {
        const std::string name = label;
        CAPTURE(name);
        std::vector<steer::vehicle<V>> one{walker(V(-8, S(0.3)))};
        const std::vector<V> goal{V(8, S(0.3))};
        const walk_result r = walk(one, goal, obstacle, 40);
        CHECK(r.closest_to_obstacle >= -0.005);  // never inside
        // Around, except into the mouth of the C, where a local method can be trapped: it
        // must then at least stay out of the walls.
        if (name != "concave polygon") CHECK(r.finish > 0);
    }
    SUBCASE("a half-plane floor: walking into it slides along it") {
        std::vector<steer::vehicle<V>> one{walker(V(0, 2))};
        const std::vector<V> goal{V(40, -4)};
        const steer::plane<V> ground{V(0, 1), S(0)};
        const walk_result r = walk(one, goal, ground, 8);
        CHECK(r.closest_to_obstacle >= -0.005);
        CHECK(one[0].position().x > S(14));  // slid along at nearly full speed
    }
    SUBCASE("mixed in one call: a range of variants and several sets joined") {
        const std::vector<shape> mixed{steer::sphere<V>{V(-3, 0), S(1)}, steer::box<V>{V(2, -1), V(3, 1)}};
        const std::vector<steer::segment<V>> rails{{V(-10, 3), V(10, 3)}, {V(-10, -3), V(10, -3)}};
        std::vector<steer::vehicle<V>> one{walker(V(-8, 0))};
        const std::vector<V> goal{V(8, 0)};
        const walk_result r = walk(one, goal, steer::join_obstacles(mixed, rails), 30);
        CHECK(r.finish > 0);
        CHECK(r.closest_to_obstacle >= -0.005);
    }
}

TEST_CASE_TEMPLATE("in 3D, fliers pass a sphere, a box and a capsule above a floor without entering any", V, glm::vec3,
                   glm::dvec3) {
    using S = steer::scalar_t<V>;
    using shape = std::variant<steer::sphere<V>, steer::box<V>, steer::segment<V>, steer::plane<V>>;
    const std::vector<shape> world{steer::sphere<V>{V(-4, 1, 0), S(1.5)}, steer::box<V>{V(0, 0, -1), V(1, 3, 1)},
                                   steer::segment<V>{V(4, 0, -2), V(4, 3, 2)}, steer::plane<V>{V(0, 1, 0), S(0)}};
    std::vector<steer::vehicle<V>> fliers;
    std::vector<V> goals;
    for (int i = 0; i < 6; ++i) {  // two rows of three, 1.5 apart, to the mirror places beyond
        const S y = S(1 + 1.5 * (i / 3)), z = S(1.5 * (i % 3 - 1));
        fliers.push_back(walker(V(-10, y, z)));
        goals.push_back(V(10, y, -z));
    }
    const walk_result r = walk(fliers, goals, world, 40);
    CHECK(r.finish > 0);
    CHECK(r.closest >= 0.99);
    CHECK(r.closest_to_obstacle >= -0.005);
}

TEST_CASE_TEMPLATE("agents inside an obstacle or inside each other are pushed apart", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    SUBCASE("overlapping pairs separate within a few steps") {
        std::vector<steer::vehicle<V>> pair{walker(make<V>(0, 0, 0)), walker(make<V>(0.3, 0.1, 0))};
        for (int step = 0; step < 30; ++step)
            steer::test::step_all(pair, [&](std::size_t i) {
                return steer::reciprocal_avoidance(pair[i], pair, V(S(0)), dt);
            }, 1.0 / 60);
        CHECK(glm::distance(pair[0].position(), pair[1].position()) >= S(1));
    }
    SUBCASE("agents a hair apart separate; exactly coincident ones are skipped, as in every group behavior") {
        std::vector<steer::vehicle<V>> pair{walker(make<V>(1, 1, 1)), walker(make<V>(1, 1, 1) + make<V>(1e-4, 0, 0))};
        for (int step = 0; step < 30; ++step)
            steer::test::step_all(pair, [&](std::size_t i) {
                const V f = steer::reciprocal_avoidance(pair[i], pair, V(S(0)), dt);
                CHECK(steer::is_finite(f));
                return f;
            }, 1.0 / 60);
        CHECK(glm::distance(pair[0].position(), pair[1].position()) >= S(1));
        const std::vector<steer::vehicle<V>> twins{walker(make<V>(1, 1, 1)), walker(make<V>(1, 1, 1))};
        CHECK(steer::reciprocal_avoidance(twins[0], twins, V(S(0)), dt) == V(S(0)));
        // A snapshot of the crowd taken before the step holds a copy of the agent: skipped.
        const auto moving = walker(make<V>(1, 1, 1), make<V>(1, 0, 0));
        const std::vector<steer::vehicle<V>> with_copy{moving, walker(make<V>(9, 9, 9))};
        CHECK(steer::reciprocal_avoidance(moving, with_copy, make<V>(1, 0, 0), dt) == V(S(0)));
    }
    SUBCASE("inside a box, or a polygon") {
        auto a = walker(make<V>(0.2, 0.4, 0));
        const std::vector<steer::vehicle<V>> nobody;
        const steer::box<V> crate{make<V>(-1, -1, -1), make<V>(1, 1, 1)};
        for (int step = 0; step < 60; ++step) a.apply_force(steer::reciprocal_avoidance(a, nobody, crate, V(S(0)), dt), dt);
        CHECK(steer::signed_distance(crate, a.position()) >= a.radius());
        if constexpr (steer::dimension_v<V> == 2) {
            auto b = walker(V(0.5, 0.5));
            const steer::polygon<V> room({V(-1, -1), V(2, -1), V(2, 2), V(-1, 2)});
            for (int step = 0; step < 120; ++step) b.apply_force(steer::reciprocal_avoidance(b, nobody, room, V(S(0)), dt), dt);
            CHECK(steer::signed_distance(room, b.position()) >= b.radius());
        }
    }
}

TEST_CASE_TEMPLATE("an agent at its goal steps aside for one passing, and neither overlaps", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    std::vector<steer::vehicle<V>> pair{walker(make<V>(-6, 0, 0)), walker(make<V>(0, 0.1, 0))};
    const std::vector<V> goals{make<V>(6, 0, 0), make<V>(0, 0.1, 0)};
    const walk_result r = walk(pair, goals, 15);
    CHECK(r.finish > 0);
    CHECK(r.finish < 8);  // 6 s straight
    CHECK(r.closest >= 0.99);
    CHECK(glm::distance(pair[1].position(), goals[1]) < S(0.5));  // and back on its spot
}

TEST_CASE_TEMPLATE("an agent that wants to stay put keeps a fifth of its radius more room, one walking does not", V,
                   STEER_TEST_VECTORS) {
    // Two walkers 1.07 m apart: 5 cm beyond the two radii and the default 2 cm clearance,
    // within the 10 cm (a fifth of a radius) that one wanting to stay put keeps more.
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    const auto a = walker(make<V>(0, 0, 0));
    const auto b = walker(make<V>(1.07, 0, 0));
    const std::vector<const steer::vehicle<V>*> to_a{&b};
    // Standing: it moves away from b, at 0.1 m/s: the missing 5 cm over the 0.25 s horizon of
    // a pair at rest (0.2 m/s), less what its share of the room before the paper's velocity
    // obstacle allows. Without the rule it would stay still.
    const V standing = steer::collision_free_velocity(a, to_a, V(S(0)), dt);
    CAPTURE(standing);
    CHECK(glm::dot(standing, make<V>(-1, 0, 0)) > S(0.05));
    CHECK(glm::dot(standing, make<V>(-1, 0, 0)) < S(0.25));
    // Walking past, it is not pushed: it keeps its preferred velocity.
    const V along = make<V>(0, 2, 0);
    CHECK(near(steer::collision_free_velocity(a, to_a, along, dt), along));
    // And a walker passes between two standing 2 m apart (a gap one body wide), which make
    // room and go back to their spots.
    std::vector<steer::vehicle<V>> crowd{walker(make<V>(-1, 0, 0)), walker(make<V>(1, 0, 0)),
                                         walker(make<V>(0, -5, 0))};
    const std::vector<V> goals{make<V>(-1, 0, 0), make<V>(1, 0, 0), make<V>(0, 5, 0)};
    const walk_result r = walk(crowd, goals, 20);
    CHECK(r.finish > 0);
    CHECK(r.finish < 6);  // 5 s straight
    CHECK(r.closest >= 1.0);
    CHECK(glm::distance(crowd[0].position(), goals[0]) < S(0.5));
    CHECK(glm::distance(crowd[1].position(), goals[1]) < S(0.5));
}

TEST_CASE_TEMPLATE("of two agents walking the same way into each other, the one behind gives way", V,
                   STEER_TEST_VECTORS) {
    // Both walk +x, converging; the second is ahead. The paper splits the avoiding in half;
    // here the one behind takes more of it, the one ahead less, and together still all of it.
    using S = steer::scalar_t<V>;
    const steer::reciprocal_avoidance_params<V> p{.clearance = 0, .detour_angle = 0};
    const auto fast = [](const V& position, const V& velocity) {
        return steer::vehicle<V>({.position = position, .velocity = velocity, .radius = S(0.5), .max_force = 1000,
                                  .max_speed = 4});
    };
    const auto behind = fast(make<V>(-0.3, 0.55, 0), make<V>(2, -0.5, 0));
    const auto ahead = fast(make<V>(0.3, -0.55, 0), make<V>(2, 0.5, 0));
    const std::vector<const steer::vehicle<V>*> to_behind{&ahead}, to_ahead{&behind};
    const S dt = S(1) / S(60);
    const V v_behind = steer::collision_free_velocity(behind, to_behind, behind.velocity(), dt, p);
    const V v_ahead = steer::collision_free_velocity(ahead, to_ahead, ahead.velocity(), dt, p);
    const S change_behind = glm::length(v_behind - behind.velocity());
    const S change_ahead = glm::length(v_ahead - ahead.velocity());
    CAPTURE(change_behind);
    CAPTURE(change_ahead);
    CHECK(change_ahead > S(0));
    CHECK(change_behind > S(1.5) * change_ahead);
    double closest = std::numeric_limits<double>::infinity();  // and they stay apart over the horizon
    for (int k = 0; k <= 300; ++k) {
        const S t = S(3) * S(k) / S(300);
        closest = std::min(closest, static_cast<double>(glm::distance(behind.position() + v_behind * t,
                                                                         ahead.position() + v_ahead * t)));
    }
    CHECK(closest >= 1 - 1e-4);
}

TEST_CASE_TEMPLATE("a neighbor farther than neighbor_distance is not avoided, a nearer one is", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    // Walking at a standing neighbor 4 m ahead (contact in 1.5 s at 2 m/s).
    const auto a = walker(make<V>(0, 0, 0), make<V>(2, 0, 0));
    const std::vector<steer::vehicle<V>> ahead{walker(make<V>(4, 0, 0))};
    const V wanted = make<V>(2, 0, 0);
    CHECK(steer::collision_free_velocity(a, ahead, wanted, dt) != wanted);
    CHECK(steer::collision_free_velocity(a, ahead, wanted, dt, {.neighbor_distance = 5}) != wanted);
    CHECK(steer::collision_free_velocity(a, ahead, wanted, dt, {.neighbor_distance = S(3.9)}) == wanted);
}

TEST_CASE_TEMPLATE("with min_time_horizon equal to time_horizon every pair has one fixed horizon", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    // Closing slowly (0.5 m/s) on a standing neighbor 1 m away (a gap of 0.5 m: contact in
    // 1 s). By closing speed the horizon is 0.25 + 2.75 × 0.5 / 4 = 0.59 s: no need to slow
    // yet. With a fixed horizon of 3 s (RVO2's timeHorizon) the agent must slow at once.
    const auto a = walker(make<V>(0, 0, 0), make<V>(0.5, 0, 0));
    const std::vector<steer::vehicle<V>> ahead{walker(make<V>(1.5, 0, 0))};
    const V wanted = make<V>(0.5, 0, 0);
    CHECK(steer::collision_free_velocity(a, ahead, wanted, dt) == wanted);
    const V fixed = steer::collision_free_velocity(a, ahead, wanted, dt, {.time_horizon = 3, .min_time_horizon = 3});
    CHECK(fixed.x < S(0.45));
}

TEST_CASE_TEMPLATE("the horizon is never shorter than the step, so a pair does not meet within it", V,
                   STEER_TEST_VECTORS) {
    // Horizons of 0.1 s at a step of 0.5 s: taken as they are, the pair below would be
    // allowed to close 1.6 m in the step across a gap of 1 m. Raised to the step, the two
    // chosen velocities keep them apart through it.
    using S = steer::scalar_t<V>;
    const S dt = S(0.5);
    const steer::reciprocal_avoidance_params<V> p{.time_horizon = S(0.1), .min_time_horizon = S(0.1),
                                                  .obstacle_time_horizon = S(0.1), .clearance = 0, .detour_angle = 0};
    const auto a = walker(make<V>(0, 0, 0), make<V>(1.6, 0, 0));
    const auto b = walker(make<V>(2, 0, 0), make<V>(-1.6, 0, 0));
    const std::vector<steer::vehicle<V>> to_a{b}, to_b{a};
    const V va = steer::collision_free_velocity(a, to_a, make<V>(2, 0, 0), dt, p);
    const V vb = steer::collision_free_velocity(b, to_b, make<V>(-2, 0, 0), dt, p);
    for (int k = 0; k <= 50; ++k) {
        const S t = dt * S(k) / S(50);
        CHECK(glm::distance(a.position() + va * t, b.position() + vb * t) >= S(1) - S(1e-4));
    }
    // A wall 1 m ahead of the agent's surface, approached at 2 m/s: kept out of over the step.
    const steer::plane<V> wall{make<V>(-1, 0, 0), S(-2)};  // solid where x > 2
    const auto c = walker(make<V>(0.5, 0, 0), make<V>(2, 0, 0));
    const std::vector<steer::vehicle<V>> nobody;
    const V vc = steer::collision_free_velocity(c, nobody, wall, make<V>(2, 0, 0), dt, p);
    CHECK(c.position().x + vc.x * dt + c.radius() <= S(2) + S(1e-4));
}

TEST_CASE_TEMPLATE("a max_force of 2 × mass × max_speed / dt takes the chosen velocity in one step", V,
                   STEER_TEST_VECTORS) {
    // The docs' value for following the program exactly, as RVO2's agents do (they set the
    // velocity): enough to turn full speed into full speed the other way within one step.
    using S = steer::scalar_t<V>;
    steer::rng gen(41);
    int changed = 0;
    for (int trial = 0; trial < 200; ++trial) {
        CAPTURE(trial);
        const S dt = steer::uniform(gen, S(0.005), S(0.25));
        const S mass = steer::uniform(gen, S(0.5), S(80));
        const S top = steer::uniform(gen, S(0.5), S(3));
        std::vector<steer::vehicle<V>> crowd;
        for (int i = 0; i < 8; ++i)
            crowd.push_back(steer::vehicle<V>({.position = steer::random_vector_in_unit_ball<V>(gen) * S(3),
                                               .velocity = steer::random_vector_in_unit_ball<V>(gen) * top,
                                               .mass = mass, .radius = S(0.3), .max_force = S(2) * mass * top / dt,
                                               .max_speed = top}));
        steer::vehicle<V> a = crowd[0];
        const V wanted = steer::random_vector_in_unit_ball<V>(gen) * (top * S(2));
        const V chosen = steer::collision_free_velocity(a, crowd, wanted, dt);
        a.apply_force(steer::reciprocal_avoidance(a, crowd, wanted, dt), dt);
        CHECK(glm::distance(a.velocity(), chosen) <= top * S(1e-4));
        if (glm::distance(chosen, crowd[0].velocity()) > top) ++changed;
    }
    CHECK(changed > 20);  // some changes were large ones
}

namespace {

/// A follower that wants 1.6 m/s walks behind a leader that wants `leader_speed`, in file
/// along x (between walls 0.6 m apart: no overtaking), for 20 s; returns the distance between
/// their centers at the end, and the leader's highest speed along x on the way. People-sized: radius
/// 0.22, max speed 1.6.
template <steer::vector V>
std::pair<double, double> in_file(double leader_speed, const steer::reciprocal_avoidance_params<V>& p) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    const auto person = [](double x, double speed) {
        return steer::vehicle<V>({.position = make<V>(x, 0, 0), .velocity = make<V>(speed, 0, 0),
                                  .radius = S(0.22), .max_force = 16, .max_speed = S(1.6)});
    };
    std::vector<steer::vehicle<V>> pair{person(2, leader_speed), person(0, 1.6)};
    const std::vector<V> wanted{make<V>(leader_speed, 0, 0), make<V>(1.6, 0, 0)};
    std::vector<steer::plane<V>> walls{{make<V>(0, 1, 0), S(-0.3)}, {make<V>(0, -1, 0), S(-0.3)}};
    if constexpr (steer::dimension_v<V> == 3) {
        walls.push_back({V(0, 0, 1), S(-0.3)});
        walls.push_back({V(0, 0, -1), S(-0.3)});
    }
    double fastest = 0;
    for (int step = 0; step < 20 * 60; ++step) {
        steer::test::step_all(pair, [&](std::size_t i) {
            return steer::reciprocal_avoidance(pair[i], pair, walls, wanted[i], dt, p);
        }, 1.0 / 60);
        fastest = std::max(fastest, static_cast<double>(pair[0].velocity().x));
    }
    return {static_cast<double>(glm::distance(pair[0].position(), pair[1].position())), fastest};
}

}  // namespace

TEST_CASE_TEMPLATE("with a time headway, walkers in file keep a distance that grows with their speed", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::reciprocal_avoidance_params<V> plain{.keep_to_preferred_speed = true};
    const steer::reciprocal_avoidance_params<V> headway{.time_headway = S(0.5), .keep_to_preferred_speed = true};
    const double touching = 0.44 + 0.02;  // the two radii and the clearance
    // (Distances by name, not by structured binding: clang 14's CAPTURE cannot capture one.)
    const double slow_plain = in_file<V>(0.4, plain).first;
    const double fast_plain = in_file<V>(1.2, plain).first;
    const double slow = in_file<V>(0.4, headway).first;
    const double fast = in_file<V>(1.2, headway).first;
    CAPTURE(slow_plain);
    CAPTURE(fast_plain);
    CAPTURE(slow);
    CAPTURE(fast);
    // Without headway the follower closes up to the bodies (and a little of the horizon)
    // whatever the speed; with it, the gap holds about half a second of their speed.
    CHECK(slow_plain < touching + 0.2);
    CHECK(fast_plain < touching + 0.3);
    CHECK(slow >= touching + 0.5 * 0.4 * 0.95);
    CHECK(fast >= touching + 0.5 * 1.2 * 0.95);
    CHECK(fast - slow > 0.5 * 0.8 * 0.8);
    CHECK(fast < touching + 0.5 * 1.2 + 0.5);  // kept, not pushed far back
}

TEST_CASE_TEMPLATE("keep_to_preferred_speed: a walker is not hurried along by one behind, and one standing still "
                   "still steps aside", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // The paper's rule: the follower's approach pushes the leader past the 0.8 m/s it wants.
    const auto [hurried_gap, hurried_top] = in_file<V>(0.8, steer::reciprocal_avoidance_params<V>{});
    CHECK(hurried_top > 0.9);
    const auto [kept_gap, kept_top] = in_file<V>(0.8, steer::reciprocal_avoidance_params<V>{.keep_to_preferred_speed = true});
    CHECK(kept_top <= 0.8 + 1e-4);
    CHECK(kept_gap >= 0.44);  // and the bodies stay apart
    CHECK(hurried_gap >= 0.44);
    // One standing in the way of a walker still gets out of its way, up to max_speed less
    // what it wants.
    const steer::reciprocal_avoidance_params<V> p{.keep_to_preferred_speed = true};
    const auto standing = walker(make<V>(0, 0, 0));
    const std::vector<steer::vehicle<V>> coming{walker(make<V>(-1.2, 0.1, 0), make<V>(2, 0, 0))};
    const V moved = steer::collision_free_velocity(standing, coming, V(S(0)), S(1) / S(60), p);
    CHECK(steer::safe_length(moved) > S(0.5));
}

TEST_CASE_TEMPLATE("yield_when_stuck: an agent that gets nowhere takes the avoiding of one standing still", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    // Stuck (at rest, though it wants to walk along +y), with a neighbor closing in from +x.
    const auto stuck = walker(make<V>(0, 0, 0));
    const std::vector<steer::vehicle<V>> coming{walker(make<V>(1.5, 0, 0), make<V>(-2, 0, 0))};
    const V wants = make<V>(0, 2, 0);
    const V usual = steer::collision_free_velocity(stuck, coming, wants, dt);
    const V yielding = steer::collision_free_velocity(stuck, coming, wants, dt, {.yield_when_stuck = true});
    // Without: half the avoiding, as an agent that wants its full speed. With: all of it, as
    // one standing still (the same answer as for an agent that wants nothing).
    CHECK(yielding.x < usual.x - S(0.2));
    const V standing = steer::collision_free_velocity(stuck, coming, V(S(0)), dt);
    CHECK(yielding.x <= standing.x + S(1e-4));
    // Walking the way it wants, it keeps its usual share.
    const auto walking = walker(make<V>(0, 0, 0), make<V>(0, 2, 0));
    CHECK(steer::test::same_bits(steer::collision_free_velocity(walking, coming, wants, dt, {.yield_when_stuck = true}),
                                 steer::collision_free_velocity(walking, coming, wants, dt)));
}

TEST_CASE_TEMPLATE("shorten_horizons_when_blocked: hemmed in from every side, an agent keeps clear for a shorter "
                   "horizon instead of giving up its way", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    // At rest, wanting +x, with eight neighbors 2.5 m away closing in at 2 m/s from every
    // side: no velocity keeps clear of all of them for their horizons (1.6 s), so the paper's
    // fallback takes the one that enters the worst half-plane least.
    const auto hemmed = walker(make<V>(0, 0, 0));
    std::vector<steer::vehicle<V>> ring;
    for (int i = 0; i < 8; ++i) {
        const double angle = 2 * 3.14159265358979 * i / 8;
        const V at = make<V>(2.5 * std::cos(angle), 2.5 * std::sin(angle), 0);
        ring.push_back(walker(at, -at * S(0.8)));
    }
    const V wants = make<V>(2, 0, 0);
    // (Without the detour, which would turn it aside: this is about the program alone.)
    const steer::reciprocal_avoidance_params<V> paper{.detour_angle = 0};
    const steer::reciprocal_avoidance_params<V> shorten{.detour_angle = 0, .shorten_horizons_when_blocked = true};
    const V stopped = steer::collision_free_velocity(hemmed, ring, wants, dt, paper);
    const V moving = steer::collision_free_velocity(hemmed, ring, wants, dt, shorten);
    CAPTURE(stopped);
    CAPTURE(moving);
    // The fallback's answer makes no way toward the goal; the shortened horizons' answer goes
    // straight toward it, as fast as the neighbor ahead allows.
    CHECK(stopped.x <= S(0.01));
    CHECK(moving.x > S(0.1));
    CHECK(near(moving, make<V>(moving.x, 0, 0), 1e-5));
    // What it takes keeps it clear of every neighbor, each moving on as it does, for at
    // least a quarter of the horizons it shortened (0.4 s, where they would meet in 0.74 s).
    // (Seen from each neighbor: the agent's body swept along the relative motion for 0.4 s
    // does not touch the neighbor's.)
    for (const auto& b : ring) {
        const V relative = moving - b.velocity();
        const steer::sweep<V> next{hemmed.position(), steer::safe_normalize(relative),
                                   steer::safe_length(relative) * S(0.4), hemmed.radius()};
        CAPTURE(b.position());
        CHECK_FALSE(first_contact(steer::sphere<V>{b.position(), b.radius()}, next));
    }
    // With room for the paper's program, it changes nothing; nor does it for a vehicle too
    // weak to reverse within the longest horizon (the floor: 2 × mass × max_speed / max_force).
    const std::vector<steer::vehicle<V>> one{ring[0]};
    CHECK(steer::test::same_bits(steer::collision_free_velocity(hemmed, one, wants, dt, shorten),
                                 steer::collision_free_velocity(hemmed, one, wants, dt, paper)));
    const steer::vehicle<V> weak({.radius = S(0.5), .max_force = S(1), .max_speed = 2});
    CHECK(steer::test::same_bits(steer::collision_free_velocity(weak, ring, wants, dt, shorten),
                                 steer::collision_free_velocity(weak, ring, wants, dt, paper)));
}

TEST_CASE_TEMPLATE("nudge_companions: an agent walking beside a neighbor may turn toward it a little faster than its "
                   "share, but not while touching it nor against one crossing its way", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    // Two walkers side by side at full speed along +x, 3 cm apart (centers 1.05 m apart, the
    // radii and clearance 1.02 m); the one below wants to turn left, toward the other.
    const auto walking = walker(make<V>(0, 0, 0), make<V>(2, 0, 0));
    const std::vector<steer::vehicle<V>> beside{walker(make<V>(0, 1.05, 0), make<V>(2, 0, 0))};
    const V wants = make<V>(1.2, 1.6, 0);
    const steer::reciprocal_avoidance_params<V> paper{.detour_angle = 0};
    const steer::reciprocal_avoidance_params<V> nudge{.detour_angle = 0, .nudge_companions = true};
    const V held = steer::collision_free_velocity(walking, beside, wants, dt, paper);
    const V nudged = steer::collision_free_velocity(walking, beside, wants, dt, nudge);
    CAPTURE(held);
    CAPTURE(nudged);
    // Without: toward it no faster than its half of the room (3 cm over the 0.25 s horizon of
    // a pair moving together: 0.06 m/s). With: 2.5% of its speed (0.05 m/s) more.
    CHECK(held.y == doctest::Approx(0.06).epsilon(0.01));
    CHECK(nudged.y == doctest::Approx(0.06 + 0.05).epsilon(0.01));
    CHECK(nudged.x == doctest::Approx(static_cast<double>(held.x)).epsilon(1e-4));
    // Touching (or closer): the shares alone.
    const std::vector<steer::vehicle<V>> touching{walker(make<V>(0, 1.02, 0), make<V>(2, 0, 0))};
    CHECK(steer::test::same_bits(steer::collision_free_velocity(walking, touching, wants, dt, nudge),
                                 steer::collision_free_velocity(walking, touching, wants, dt, paper)));
    // A neighbor crossing its way (relative speed a quarter of the two top speeds or more):
    // the shares alone.
    const std::vector<steer::vehicle<V>> crossing{walker(make<V>(0, 1.05, 0), make<V>(1, -0.5, 0))};
    CHECK(steer::test::same_bits(steer::collision_free_velocity(walking, crossing, wants, dt, nudge),
                                 steer::collision_free_velocity(walking, crossing, wants, dt, paper)));
    // One that wants to stay put does not press.
    CHECK(steer::test::same_bits(steer::collision_free_velocity(walking, beside, V(S(0)), dt, nudge),
                                 steer::collision_free_velocity(walking, beside, V(S(0)), dt, paper)));
}

TEST_CASE_TEMPLATE("reciprocal avoidance is finite for degenerate input", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S dt = S(1) / S(60);
    const std::vector<steer::vehicle<V>> nobody;
    SUBCASE("an agent that cannot move stops, and others go round it") {
        const steer::vehicle<V> stuck({.velocity = make<V>(0, 0, 0), .radius = S(0.5), .max_force = 5, .max_speed = 0});
        const std::vector<steer::vehicle<V>> near_it{walker(make<V>(0.8, 0, 0), make<V>(-1, 0, 0))};
        CHECK(steer::reciprocal_avoidance(stuck, near_it, make<V>(1, 0, 0), dt) == V(S(0)));
        std::vector<steer::vehicle<V>> pair{walker(make<V>(-4, 0, 0)), stuck};
        const std::vector<V> goals{make<V>(4, 0, 0), make<V>(0, 0, 0)};
        const walk_result r = walk(pair, goals, 10);
        CHECK(r.finish > 0);
        CHECK(r.closest >= 0.99);
    }
    SUBCASE("huge and tiny numbers") {
        const auto far = walker(make<V>(1e30, -1e30, 0));
        const std::vector<steer::vehicle<V>> others{walker(make<V>(-1e30, 1e30, 0)), walker(make<V>(1e-30, 0, 0))};
        CHECK(steer::is_finite(steer::reciprocal_avoidance(far, others, make<V>(1e30, 0, 0), dt)));
        CHECK(steer::is_finite(steer::reciprocal_avoidance(walker(make<V>(0, 0, 0)), others, make<V>(1e-30, 0, 0), dt)));
        CHECK(steer::is_finite(steer::reciprocal_avoidance(walker(make<V>(0, 0, 0)), others, V(S(0)), S(1e-30))));
        // A huge step: the force that reaches the chosen velocity over it, finite (about zero).
        for (const S huge : {S(1e30), std::numeric_limits<S>::max()}) {
            const auto moving = walker(make<V>(0.9, 0, 0), make<V>(-1, 0, 0));
            const std::vector<steer::vehicle<V>> close_by{walker(make<V>(0, 0, 0), make<V>(1, 0, 0))};
            CHECK(steer::is_finite(steer::collision_free_velocity(moving, close_by, make<V>(-2, 0, 0), huge)));
            CHECK(steer::is_finite(steer::reciprocal_avoidance(moving, close_by, make<V>(-2, 0, 0), huge)));
        }
    }
    SUBCASE("the agent itself in the range, null pointers, an empty range") {
        const auto a = walker(make<V>(0, 0, 0), make<V>(1, 0, 0));
        const std::vector<const steer::vehicle<V>*> with_self{&a, nullptr};
        CHECK(steer::reciprocal_avoidance(a, with_self, make<V>(1, 0, 0), dt) == V(S(0)));
        CHECK(steer::reciprocal_avoidance(a, nobody, make<V>(1, 0, 0), dt) == V(S(0)));
    }
}

TEST_CASE_TEMPLATE("reciprocal avoidance answers at most max_force, the same bits for every form of agent and range", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(29);
    int moved = 0;
    for (int trial = 0; trial < 200; ++trial) {
        CAPTURE(trial);
        std::vector<steer::vehicle<V>> crowd;
        for (int i = 0; i < 10; ++i) {
            auto v = steer::test::random_vehicle<V>(gen, 3);
            v.set_radius(steer::uniform(gen, S(0.1), S(0.8)));
            crowd.push_back(v);
        }
        const auto bares = steer::test::bare(crowd);
        std::vector<const steer::vehicle<V>*> pointers;
        for (const auto& v : crowd) pointers.push_back(&v);
        const V wanted = steer::random_vector_in_unit_ball<V>(gen) * S(4);
        const steer::sphere<V> rock{steer::random_vector_in_unit_ball<V>(gen) * S(4), S(1)};
        const S dt = steer::uniform(gen, S(0.005), S(0.1));
        const V f = steer::reciprocal_avoidance(crowd[0], crowd, rock, wanted, dt);
        CHECK(steer::test::within_max_force(f, crowd[0].max_force()));
        CHECK(steer::test::same_bits(f, steer::reciprocal_avoidance(crowd[0], pointers, rock, wanted, dt)));
        CHECK(steer::test::same_bits(f, steer::reciprocal_avoidance(bares[0], bares, rock, wanted, dt)));
        CHECK(steer::test::same_bits(f, steer::reciprocal_avoidance(crowd[0], crowd, rock, wanted, dt)));  // again
        if (f != V(S(0))) ++moved;
    }
    CHECK(moved > 150);
}

TEST_CASE_TEMPLATE("the same crowd replays bit for bit", V, STEER_TEST_VECTORS_ALL) {
    std::vector<steer::vehicle<V>> first, second;
    std::vector<V> goals;
    ring(16, first, goals);
    second = first;
    (void)walk(first, goals, 6);
    (void)walk(second, goals, 6);
    for (std::size_t i = 0; i < first.size(); ++i) {
        CHECK(steer::test::same_bits(first[i].position(), second[i].position()));
        CHECK(steer::test::same_bits(first[i].velocity(), second[i].velocity()));
    }
}

TEST_CASE_TEMPLATE("reciprocal avoidance refuses bad input by name", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    using steer::test::refusal_of;
    const auto a = walker(make<V>(0, 0, 0));
    const std::vector<steer::vehicle<V>> nobody;
    const S inf = std::numeric_limits<S>::infinity();
    const S dt = S(1) / S(60);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, make<V>(inf, 0, 0), dt); }).find(
              "preferred_velocity must be finite") != std::string::npos);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, V(S(0)), dt, {.time_horizon = -1}); }).find(
              "time_horizon must be > 0") != std::string::npos);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, V(S(0)), dt, {.min_time_horizon = 0}); })
              .find("min_time_horizon must be > 0") != std::string::npos);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, V(S(0)), dt, {.min_time_horizon = 4}); })
              .find("min_time_horizon must be <= time_horizon (3)") != std::string::npos);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, V(S(0)), S(0)); }).find("dt must be > 0") !=
          std::string::npos);
    const steer::vehicle<V> point({.radius = 0});
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(point, nobody, V(S(0)), dt); }).find(
              "radius must be > 0 and finite (got 0)") != std::string::npos);
    const std::vector<steer::vehicle<V>> dots{point};
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, dots, V(S(0)), dt); }).find(
              "neighbor radius must be > 0") != std::string::npos);
    for (const int count : {0, 65})
        CHECK_THROWS_AS(steer::validate(steer::reciprocal_avoidance_params<V>{.max_neighbors = count}), std::invalid_argument);
    CHECK_THROWS_AS(steer::validate(steer::reciprocal_avoidance_params<V>{.detour_angle = 4}), std::invalid_argument);
    CHECK_THROWS_AS(steer::validate(steer::reciprocal_avoidance_params<V>{.clearance = -1}), std::invalid_argument);
    CHECK(refusal_of([&] { steer::validate(steer::reciprocal_avoidance_params<V>{.time_headway = -1}); })
              .find("time_headway must be >= 0") != std::string::npos);
    for (const S distance : {S(0), S(-1), std::numeric_limits<S>::quiet_NaN()})
        CHECK(refusal_of([&] { steer::validate(steer::reciprocal_avoidance_params<V>{.neighbor_distance = distance}); })
                  .find("neighbor_distance must be > 0 (infinity for no limit)") != std::string::npos);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, V(S(0)), -dt); }).find("dt must be > 0") !=
          std::string::npos);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, V(S(0)), inf); }).find("dt must be > 0") !=
          std::string::npos);
    CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, nobody, V(S(0)), std::numeric_limits<S>::quiet_NaN()); })
              .find("dt must be > 0") != std::string::npos);
    CHECK_NOTHROW(steer::validate(steer::reciprocal_avoidance_params<V>{}));
}
