#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/path_following.hpp>
#include <steer/vehicle.hpp>

#include "contract_util.hpp"
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
        v.apply_force(steer::path_following(v, path, {.direction = direction, .prediction_time = S(1)}), dt);
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

namespace {

// Twelve 12-unit legs whose heading swings by `turn_degrees` at every corner (90: square
// zigzag; 150: hairpins), the radius 1, 2, 3, 1, 2, 3, ... at the points when `varying`.
template <class V>
steer::pathway<V> corners(double turn_degrees, bool varying) {
    using S = steer::scalar_t<V>;
    std::vector<V> points{make<V>(0, 0, 0)};
    std::vector<S> radii{S(2)};
    const double half = turn_degrees / 2 * 3.14159265358979 / 180;
    for (int i = 0; i < 12; ++i) {
        const double heading = i % 2 == 0 ? half : -half;
        points.push_back(points.back() + make<V>(12 * std::cos(heading), 12 * std::sin(heading), 0));
        radii.push_back(varying ? S(1 + i % 3) : S(2));
    }
    return steer::pathway<V>(points, radii);
}

}  // namespace

TEST_CASE_TEMPLATE("path following alone holds its tube round 90 and 150 degree corners of varying radius", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    for (double turn : {90.0, 150.0}) {
        for (bool varying : {false, true}) {
            for (S max_speed : {S(1.5), S(3)}) {
                CAPTURE(turn);
                CAPTURE(varying);
                CAPTURE(max_speed);
                const auto path = corners<V>(turn, varying);
                steer::vehicle<V> v({.position = path.point_at_distance(0),
                                     .velocity = path.tangent_at_distance(0) * max_speed,
                                     .radius = S(0.5),
                                     .max_force = 2 * max_speed,
                                     .max_speed = max_speed});
                int frames = 0, inside = 0;
                double outside = 0;  // in units of the local radius
                bool finished = false;
                for (; frames < 60 * 200 && !finished; ++frames) {
                    v.apply_force(steer::path_following(v, path), S(1) / S(60));
                    const auto near_point = path.nearest(v.position());
                    if (near_point.outside <= S(0)) ++inside;
                    else outside += static_cast<double>(near_point.outside / near_point.radius);
                    finished = near_point.distance > path.length() - S(3);
                }
                CHECK(finished);  // 144 units: the hairpins slow it, but it gets there
                CHECK(frames < static_cast<int>(60 * 2 * 144 / static_cast<double>(max_speed)));  // over half speed
                CHECK(inside >= 0.9 * frames);
                CHECK(outside <= 0.3 * std::max(frames - inside, 1));
            }
        }
    }
}

TEST_CASE_TEMPLATE("path following with direction 0 is zero while the future stays inside, and steers back otherwise", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> road({make<V>(0, 0, 0), make<V>(100, 0, 0)}, S(2));
    const steer::vehicle<V> along({.position = make<V>(10, 1, 0), .velocity = make<V>(2, 0.2, 0), .max_speed = 3});
    // future (18, 1.8): inside
    CHECK(steer::path_following(along, road, {.direction = 0, .prediction_time = S(4)}) == V(S(0)));
    const V back = steer::path_following(along, road, {.direction = 0, .prediction_time = S(6)});  // future (22, 2.2): outside
    CHECK(glm::dot(back, make<V>(0, 1, 0)) < S(0));
    const steer::vehicle<V> backwards({.position = make<V>(50, 0, 0), .velocity = make<V>(-3, 0, 0), .max_speed = 3});
    // either way along is fine
    CHECK(steer::path_following(backwards, road, {.direction = 0, .prediction_time = S(2)}) == V(S(0)));
    // Asked to go +1, it turns round.
    CHECK(glm::dot(steer::path_following(backwards, road, {.direction = +1, .prediction_time = S(2)}), make<V>(1, 0, 0)) >
          S(0));
    // Inside, moving the requested way at max_speed: exactly zero; slower: a push along forward only.
    const steer::vehicle<V> cruising({.position = make<V>(10, 0, 0), .velocity = make<V>(3, 0, 0), .max_speed = 3});
    CHECK(steer::path_following(cruising, road, {.direction = +1, .prediction_time = S(2)}) == V(S(0)));
    const steer::vehicle<V> slow({.position = make<V>(10, 0, 0), .velocity = make<V>(1, 0, 0), .max_speed = 3});
    // The push is the velocity error (2, 0) as a force: max_force / max_speed = 1/3 per unit of speed.
    CHECK(near(steer::path_following(slow, road, {.direction = +1, .prediction_time = S(2)}), make<V>(2.0 / 3, 0, 0)));
}

TEST_CASE_TEMPLATE("path following is finite for degenerate input and refuses a bad direction", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::pathway<V> thin({make<V>(0, 0, 0), make<V>(0, 0, 0), make<V>(5, 0, 0), make<V>(5, 0, 0)}, S(0));
    const steer::vehicle<V> resting_on({.position = make<V>(2, 0, 0)});
    const steer::vehicle<V> resting_off({.position = make<V>(2, 3, 0)});
    const steer::vehicle<V> point_at_rest({.position = make<V>(0, 0, 0), .radius = 0});
    for (const auto* v : {&resting_on, &resting_off, &point_at_rest}) {
        const V f = steer::path_following(*v, thin, {.direction = +1, .prediction_time = S(0)});
        CHECK(steer::is_finite(f));
        CHECK(steer::is_finite(steer::path_following(*v, thin, {.direction = -1, .prediction_time = S(1)})));
        CHECK(steer::is_finite(steer::path_following(*v, thin, {.direction = 0})));
    }
    // A resting vehicle on the path is sent along it, not left standing; a point (radius 0) too.
    CHECK(glm::dot(steer::path_following(resting_on, thin), make<V>(1, 0, 0)) > S(0));  // +1, 1 s: the defaults
    const steer::vehicle<V> resting_point({.position = make<V>(2, 0, 0), .radius = 0});
    CHECK(glm::dot(steer::path_following(resting_point, thin), make<V>(1, 0, 0)) > S(0));
    CHECK(glm::dot(steer::path_following(resting_on, thin, {.direction = -1}), make<V>(1, 0, 0)) < S(0));
    CHECK_THROWS_AS((void)steer::path_following(resting_on, thin, {.direction = -2}), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::path_following(resting_on, thin, {.direction = 2}), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::path_following(resting_on, thin, {.prediction_time = S(-1)}), std::invalid_argument);
    CHECK_THROWS_AS((void)steer::path_following(resting_on, thin, {.direction = 0, .prediction_time = S(-1)}),
                    std::invalid_argument);
}

TEST_CASE_TEMPLATE("path following answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const auto path = zigzag<V>(S(2));
    const auto loop = hexagon<V>(S(1.5));
    steer::rng gen(12);
    for (int trial = 0; trial < 400; ++trial) {
        CAPTURE(trial);
        auto v = steer::test::random_vehicle<V>(gen, 20);
        v.set_position(v.position() + make<V>(60, 8, 0));  // around the zigzag's middle
        const steer::path_following_params<V> p{.direction = trial % 3 - 1,
                                                .prediction_time = steer::uniform<S>(gen, S(0), S(3))};
        for (const auto* route : {&path, &loop}) {
            const V f = steer::path_following(v, *route, p);
            CHECK(steer::test::within_max_force(f, v.max_force()));
            CHECK(steer::test::same_bits(f, steer::path_following(steer::test::bare(v), *route, p)));
        }
    }
    // From rest off the path the velocity error is max_speed: full effort, every direction.
    const steer::vehicle<V> resting({.position = make<V>(5, -8, 0), .mass = 2, .max_force = 5, .max_speed = 2});
    for (int direction : {+1, 0, -1}) {
        CAPTURE(direction);
        CHECK(steer::test::at_full_effort(steer::path_following(resting, path, {.direction = direction}), S(5)));
    }
    // Inside the tube at max_speed the wrong way: a reversal, full effort.
    const steer::pathway<V> road({make<V>(0, 0, 0), make<V>(100, 0, 0)}, S(2));
    const steer::vehicle<V> wrong_way({.position = make<V>(50, 0, 0), .velocity = make<V>(-2, 0, 0), .mass = S(0.5),
                                       .max_force = S(0.3), .max_speed = 2});
    CHECK(steer::test::at_full_effort(steer::path_following(wrong_way, road), S(0.3)));
}
