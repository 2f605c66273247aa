#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/containment.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>
#include <steer/world/oriented_box.hpp>
#include <steer/world/pathway.hpp>
#include <steer/world/plane.hpp>
#include <steer/world/polygon.hpp>

#include <steer/behaviors/wander.hpp>
#include <steer/combiners.hpp>
#include "contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace game {

// A user's own region: a ring (an annulus in 2D, a spherical shell in 3D), like a race
// track around an infield. Not convex, and not one of the library's types.
template <class V>
struct ring {
    V center{};
    steer::scalar_t<V> inner = 1;
    steer::scalar_t<V> outer = 2;
};

template <class V>
bool contains(const ring<V>& r, const V& p) {
    const auto d = glm::distance(p, r.center);
    return d >= r.inner && d <= r.outer;
}

template <class V>
V nearest_inside(const ring<V>& r, const V& p) {
    const V offset = p - r.center;
    V direction = steer::safe_normalize(offset);
    if (direction == V(0)) direction[0] = 1;  // the center: any direction will do
    const auto d = steer::clamp(steer::safe_length(offset), r.inner, r.outer);
    return r.center + direction * d;
}

}  // namespace game

static_assert(steer::region<steer::sphere<glm::vec2>, glm::vec2>);
static_assert(steer::region<steer::box<glm::dvec3>, glm::dvec3>);
static_assert(steer::region<steer::pathway<glm::vec3>, glm::vec3>);
static_assert(steer::region<game::ring<glm::vec3>, glm::vec3>);
static_assert(!steer::region<glm::vec3, glm::vec3>);
static_assert(!steer::region<steer::sphere<glm::vec2>, glm::vec3>);  // a circle is no region of 3D space

namespace {

// How far outside `area` a wanderer gets over two simulated minutes at 60 Hz, steered by
// priority(containment, wander) and starting inside at `start`.
template <class V, class Region>
double worst_excursion(const Region& area, const V& start, std::uint64_t seed) {
    using S = steer::scalar_t<V>;
    steer::rng gen(seed);
    steer::vehicle<V> v({.position = start, .velocity = steer::random_unit_vector<V>(gen), .max_force = 4,
                         .max_speed = 3});
    steer::wander_state<V> wandering;
    const S dt = S(1) / S(60);
    double worst = 0;
    for (int step = 0; step < 120 * 60; ++step) {
        const V steering = steer::priority(S(1e-6), [&] { return steer::containment(v, area, {.prediction_time = S(1)}); },
                                           // wander answers up to max_force (4); 0.75 of it is the
                                           // force of up to distance + radius = 3 it gave before 1.0.
                                           [&] { return steer::wander(v, wandering, gen, dt) * S(0.75); });
        v.apply_force(steering, dt);
        worst = std::max(worst, static_cast<double>(glm::distance(v.position(), V(nearest_inside(area, v.position())))));
    }
    return worst;
}

}  // namespace

TEST_CASE_TEMPLATE("a wanderer stays inside a sphere, a box and a user's ring for two minutes", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        CAPTURE(seed);
        CHECK(worst_excursion<V>(steer::sphere<V>{make<V>(1, 2, 3), S(10)}, make<V>(1, 2, 3), seed) < 0.5);
        CHECK(worst_excursion<V>(steer::box<V>{make<V>(-10, -5, -8), make<V>(10, 5, 8)}, make<V>(0, 0, 0), seed) < 0.5);
        CHECK(worst_excursion<V>(game::ring<V>{make<V>(0, 0, 0), S(8), S(14)}, make<V>(11, 0, 0), seed) < 0.5);
    }
}

TEST_CASE_TEMPLATE("a wanderer stays inside an oriented box, a polygon and a half-space for two minutes", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::oriented_box<V> tilted{make<V>(3, -2, 1), make<V>(12, 6, 7), {}};
    if constexpr (steer::dimension_v<V> == 2) {
        tilted = steer::oriented_box<V>::turned(V(3, -2), V(12, 6), S(0.6));
    } else {
        const V x = steer::safe_normalize(V(2, 1, 0.5));
        const V y = steer::safe_normalize(glm::cross(V(0, 0, 1), x));
        tilted.axes = {x, y, glm::cross(x, y)};
    }
    static_assert(steer::region<steer::oriented_box<V>, V>);
    static_assert(steer::region<steer::plane<V>, V>);
    // Below a ceiling at height 4 (the solid side of a plane is the region).
    const steer::plane<V> below{make<V>(0, 1, 0), S(4)};
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        CAPTURE(seed);
        CHECK(worst_excursion<V>(tilted, tilted.center, seed) < 0.5);
        CHECK(worst_excursion<V>(below, make<V>(0, 0, 0), seed) < 0.5);
        if constexpr (steer::dimension_v<V> == 2) {
            static_assert(steer::region<steer::polygon<V>, V>);
            // An L-shaped yard: not convex.
            const steer::polygon<V> yard({V(-15, -15), V(15, -15), V(15, -3), V(-3, -3), V(-3, 15), V(-15, 15)});
            CHECK(worst_excursion<V>(yard, V(-10, -10), seed) < 0.5);
        }
    }
}

TEST_CASE_TEMPLATE("containment is exactly zero while the prediction stays inside", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> tank{make<V>(0, 0, 0), S(10)};
    const steer::vehicle<V> inward({.position = make<V>(8, 0, 0), .velocity = make<V>(-3, 0, 0), .max_speed = 3});
    CHECK(steer::containment(inward, tank, {.prediction_time = S(5)}) == V(S(0)));
    const steer::vehicle<V> along({.position = make<V>(0, 5, 0), .velocity = make<V>(2, 0, 0), .max_speed = 3});
    CHECK(steer::containment(along, tank, {.prediction_time = S(4)}) == V(S(0)));  // future (8, 5) is inside
    CHECK(steer::containment(along, tank, {.prediction_time = S(5)}) != V(S(0)));  // future (10, 5) is not
    const steer::box<V> room{make<V>(-1, -1, -1), make<V>(1, 1, 1)};
    const steer::vehicle<V> still({.max_speed = 3});
    CHECK(steer::containment(still, room, {.prediction_time = S(3)}) == V(S(0)));
}

TEST_CASE_TEMPLATE("containment turns a vehicle heading out back toward the inside", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> tank{make<V>(0, 0, 0), S(10)};
    const steer::vehicle<V> out({.position = make<V>(8, 0, 0), .velocity = make<V>(2, 0, 0), .max_speed = 2});
    // future (12, 0): target 2 + 4 inside the surface, (4, 0)
    const V steering = steer::containment(out, tank, {.prediction_time = S(2)});
    CHECK(glm::dot(steering, make<V>(1, 0, 0)) < S(0));
    // A glancing approach gets a mostly lateral correction toward a point ahead.
    const steer::vehicle<V> glancing({.position = make<V>(0, 9, 0), .velocity = make<V>(2, 0.2, 0), .max_speed = 2});
    const V turn = steer::containment(glancing, tank, {.prediction_time = S(2)});
    CHECK(glm::dot(turn, make<V>(0, 1, 0)) < S(0));
    CHECK(glm::dot(glancing.velocity() + turn, make<V>(1, 0, 0)) > S(0));  // still heading on
}

TEST_CASE_TEMPLATE("containment is finite for degenerate regions and vehicles", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> point{make<V>(1, 1, 1), S(0)};
    const steer::vehicle<V> resting_outside({.position = make<V>(5, 0, 0)});
    const V home = steer::containment(resting_outside, point);  // 1 s, the default
    CHECK(steer::is_finite(home));
    CHECK(glm::dot(home, point.center - resting_outside.position()) > S(0));
    const steer::vehicle<V> on_it({.position = make<V>(1, 1, 1)});
    CHECK(steer::containment(on_it, point) == V(S(0)));
    const steer::box<V> flat{make<V>(0, 0, 0), make<V>(4, 0, 0)};
    const steer::vehicle<V> moving({.position = make<V>(2, 0, 0), .velocity = make<V>(0, 1, 0)});
    CHECK(steer::is_finite(steer::containment(moving, flat, {.prediction_time = S(1)})));
    CHECK_THROWS_AS((void)steer::containment(moving, flat, {.prediction_time = S(-1)}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("containment answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> tank{make<V>(1, 2, 3), S(8)};
    const steer::box<V> room{make<V>(-6, -4, -5), make<V>(6, 4, 5)};
    const game::ring<V> track{make<V>(0, 0, 0), S(5), S(9)};
    steer::rng gen(14);
    int outside = 0;
    for (int trial = 0; trial < 400; ++trial) {
        CAPTURE(trial);
        const auto v = steer::test::random_vehicle<V>(gen, 14);
        const steer::containment_params<V> p{.prediction_time = steer::uniform<S>(gen, S(0), S(3))};
        const auto bare = steer::test::bare(v);
        const V in_tank = steer::containment(v, tank, p);
        const V in_room = steer::containment(v, room, p);
        const V on_track = steer::containment(v, track, p);
        for (const V& f : {in_tank, in_room, on_track}) CHECK(steer::test::within_max_force(f, v.max_force()));
        CHECK(steer::test::same_bits(in_tank, steer::containment(bare, tank, p)));
        CHECK(steer::test::same_bits(in_room, steer::containment(bare, room, p)));
        CHECK(steer::test::same_bits(on_track, steer::containment(bare, track, p)));
        outside += in_tank != V(S(0)) ? 1 : 0;
    }
    CHECK(outside > 50);
    // At rest outside: the velocity error toward the inside point is max_speed, full effort.
    const steer::vehicle<V> resting({.position = make<V>(20, 0, 0), .mass = 2, .max_force = 5, .max_speed = 2});
    CHECK(steer::test::at_full_effort(steer::containment(resting, tank), S(5)));
}
