#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/path_following.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

namespace {

// An open zigzag about 170 units long, with turns of up to 90 degrees, and in 3D climbing.
template <class V>
steer::pathway<V> zigzag(steer::scalar_t<V> radius) {
    return steer::pathway<V>({make<V>(0, 0, 0), make<V>(30, 0, 5), make<V>(45, 15, 5), make<V>(75, 15, -5),
                              make<V>(90, 0, 0), make<V>(105, 15, 10), make<V>(135, 15, 10)},
                             radius);
}

// A closed loop, a hexagon about 90 units round.
template <class V>
steer::pathway<V> hexagon(steer::scalar_t<V> radius) {
    std::vector<V> points;
    for (int i = 0; i < 6; ++i) {
        const double a = i * 3.14159265358979 / 3;
        points.push_back(make<V>(15 * std::cos(a), 15 * std::sin(a), 3 * (i % 2)));
    }
    return steer::pathway<V>(points, radius, true);
}

struct follow_result {
    bool converged = false;
    int steps_after = 0;          // steps after first entering the tube
    int inside_after = 0;         // of those, steps within radius + 0.25
    double progress = 0;          // path distance travelled in the requested direction
};

template <class V>
follow_result follow(const steer::pathway<V>& path, V start, int direction, double seconds) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v({.position = start, .radius = S(0.5), .max_force = 6, .max_speed = 3});
    const S dt = S(1) / S(60);
    follow_result r;
    auto previous = path.nearest(v.position());
    for (int step = 0; step < static_cast<int>(seconds * 60); ++step) {
        v.apply_force(steer::follow_path(v, path, direction, S(1)), dt);
        const auto now = path.nearest(v.position());
        double moved = static_cast<double>(now.distance - previous.distance);
        if (path.cyclic()) {  // unwrap across the start
            const double half = static_cast<double>(path.length()) / 2;
            if (moved > half) moved -= static_cast<double>(path.length());
            if (moved < -half) moved += static_cast<double>(path.length());
        }
        r.progress += moved * direction;
        previous = now;
        if (!r.converged && now.outside <= S(0)) r.converged = true;
        if (r.converged) {
            ++r.steps_after;
            r.inside_after += now.outside <= S(0.25) ? 1 : 0;
        }
    }
    return r;
}

}  // namespace

TEST_CASE_TEMPLATE("path following converges from 8 units off the path and stays inside while progressing", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const auto path = zigzag<V>(S(2));
    const auto r = follow(path, make<V>(5, -8, 0), +1, 50);
    CHECK(r.converged);
    CHECK(r.inside_after >= 0.95 * r.steps_after);
    CHECK(r.progress > 120);  // most of the way along the 170-unit path in 50 s at 3 units/s
}

TEST_CASE_TEMPLATE("path following with direction -1 goes the other way", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const auto path = zigzag<V>(S(2));
    const auto r = follow(path, make<V>(130, 23, 10), -1, 50);
    CHECK(r.converged);
    CHECK(r.inside_after >= 0.95 * r.steps_after);
    CHECK(r.progress > 120);  // progress counted backwards along the path
}

TEST_CASE_TEMPLATE("path following loops a cyclic path", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const auto path = hexagon<V>(S(1.5));
    for (int direction : {+1, -1}) {
        CAPTURE(direction);
        const auto r = follow(path, make<V>(0, 0, 0), direction, 100);  // from the middle, 15 units off
        CHECK(r.converged);
        CHECK(r.inside_after >= 0.95 * r.steps_after);
        CHECK(r.progress > 2.5 * static_cast<double>(path.length()));  // at least two and a half laps
    }
}

TEST_CASE_TEMPLATE("stay_on_path is zero while the future stays inside, and steers back otherwise", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> road({make<V>(0, 0, 0), make<V>(100, 0, 0)}, S(2));
    const steer::vehicle<V> along({.position = make<V>(10, 1, 0), .velocity = make<V>(2, 0.2, 0), .max_speed = 3});
    CHECK(steer::stay_on_path(along, road, S(4)) == V(S(0)));     // future (18, 1.8): inside
    const V back = steer::stay_on_path(along, road, S(6));         // future (22, 2.2): outside
    CHECK(glm::dot(back, make<V>(0, 1, 0)) < S(0));
    const steer::vehicle<V> backwards({.position = make<V>(50, 0, 0), .velocity = make<V>(-3, 0, 0), .max_speed = 3});
    CHECK(steer::stay_on_path(backwards, road, S(2)) == V(S(0)));  // either way along is fine
    // follow_path, asked to go +1, turns it round.
    CHECK(glm::dot(steer::follow_path(backwards, road, +1, S(2)), make<V>(1, 0, 0)) > S(0));
    // Inside, moving the requested way at max_speed: exactly zero; slower: a push along forward only.
    const steer::vehicle<V> cruising({.position = make<V>(10, 0, 0), .velocity = make<V>(3, 0, 0), .max_speed = 3});
    CHECK(steer::follow_path(cruising, road, +1, S(2)) == V(S(0)));
    const steer::vehicle<V> slow({.position = make<V>(10, 0, 0), .velocity = make<V>(1, 0, 0), .max_speed = 3});
    CHECK(near(steer::follow_path(slow, road, +1, S(2)), make<V>(2, 0, 0)));
}

TEST_CASE_TEMPLATE("path following is finite for degenerate input and refuses a bad direction", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> thin({make<V>(0, 0, 0), make<V>(0, 0, 0), make<V>(5, 0, 0), make<V>(5, 0, 0)}, S(0));
    const steer::vehicle<V> resting_on({.position = make<V>(2, 0, 0)});
    const steer::vehicle<V> resting_off({.position = make<V>(2, 3, 0)});
    const steer::vehicle<V> point_at_rest({.position = make<V>(0, 0, 0), .radius = 0});
    for (const auto* v : {&resting_on, &resting_off, &point_at_rest}) {
        const V f = steer::follow_path(*v, thin, +1, S(0));
        CHECK(steer::is_finite(f));
        CHECK(steer::is_finite(steer::follow_path(*v, thin, -1, S(1))));
        CHECK(steer::is_finite(steer::stay_on_path(*v, thin, S(1))));
    }
    // A resting vehicle on the path is sent along it, not left standing.
    CHECK(glm::dot(steer::follow_path(resting_on, thin, +1, S(1)), make<V>(1, 0, 0)) > S(0));
    CHECK(glm::dot(steer::follow_path(resting_on, thin, -1, S(1)), make<V>(1, 0, 0)) < S(0));
    CHECK_THROWS_AS((void)steer::follow_path(resting_on, thin, 0, S(1)), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::follow_path(resting_on, thin, 2, S(1)), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::follow_path(resting_on, thin, 1, S(-1)), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::stay_on_path(resting_on, thin, S(-1)), std::invalid_argument);
}
