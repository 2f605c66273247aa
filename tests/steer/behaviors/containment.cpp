#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/containment.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>
#include <steer/world/pathway.hpp>

#include <steer/behaviors/wander.hpp>
#include <steer/combiners.hpp>
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
// priority(contain, wander) and starting inside at `start`.
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
        const V steering = steer::priority(S(1e-6), [&] { return steer::contain(v, area, S(1)); },
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

TEST_CASE_TEMPLATE("contain is exactly zero while the prediction stays inside", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> tank{make<V>(0, 0, 0), S(10)};
    const steer::vehicle<V> inward({.position = make<V>(8, 0, 0), .velocity = make<V>(-3, 0, 0), .max_speed = 3});
    CHECK(steer::contain(inward, tank, S(5)) == V(S(0)));
    const steer::vehicle<V> along({.position = make<V>(0, 5, 0), .velocity = make<V>(2, 0, 0), .max_speed = 3});
    CHECK(steer::contain(along, tank, S(4)) == V(S(0)));   // future (8, 5) is inside
    CHECK(steer::contain(along, tank, S(5)) != V(S(0)));   // future (10, 5) is not
    const steer::box<V> room{make<V>(-1, -1, -1), make<V>(1, 1, 1)};
    const steer::vehicle<V> still({.max_speed = 3});
    CHECK(steer::contain(still, room, S(3)) == V(S(0)));
}

TEST_CASE_TEMPLATE("contain turns a vehicle heading out back toward the inside", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> tank{make<V>(0, 0, 0), S(10)};
    const steer::vehicle<V> out({.position = make<V>(8, 0, 0), .velocity = make<V>(2, 0, 0), .max_speed = 2});
    const V steering = steer::contain(out, tank, S(2));  // future (12, 0): target 2 + 4 inside the surface, (4, 0)
    CHECK(glm::dot(steering, make<V>(1, 0, 0)) < S(0));
    // A glancing approach gets a mostly lateral correction toward a point ahead.
    const steer::vehicle<V> glancing({.position = make<V>(0, 9, 0), .velocity = make<V>(2, 0.2, 0), .max_speed = 2});
    const V turn = steer::contain(glancing, tank, S(2));
    CHECK(glm::dot(turn, make<V>(0, 1, 0)) < S(0));
    CHECK(glm::dot(glancing.velocity() + turn, make<V>(1, 0, 0)) > S(0));  // still heading on
}

TEST_CASE_TEMPLATE("contain is finite for degenerate regions and vehicles", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::sphere<V> point{make<V>(1, 1, 1), S(0)};
    const steer::vehicle<V> resting_outside({.position = make<V>(5, 0, 0)});
    const V home = steer::contain(resting_outside, point, S(1));
    CHECK(steer::is_finite(home));
    CHECK(glm::dot(home, point.center - resting_outside.position()) > S(0));
    const steer::vehicle<V> on_it({.position = make<V>(1, 1, 1)});
    CHECK(steer::contain(on_it, point, S(1)) == V(S(0)));
    const steer::box<V> flat{make<V>(0, 0, 0), make<V>(4, 0, 0)};
    const steer::vehicle<V> moving({.position = make<V>(2, 0, 0), .velocity = make<V>(0, 1, 0)});
    CHECK(steer::is_finite(steer::contain(moving, flat, S(1))));
    CHECK_THROWS_AS((void)steer::contain(moving, flat, S(-1)), std::invalid_argument);
}
