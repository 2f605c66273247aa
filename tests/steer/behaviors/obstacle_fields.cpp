// Scenario tests for obstacle avoidance over every shape: a vehicle crosses a cluttered
// field, a pursuer chases a quarry through one, a vehicle runs along a long wall. Each
// counts the frames on which the vehicle's body overlapped an obstacle (there must be none,
// at the default parameters) and reports the closest approach.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <string>
#include <variant>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/behaviors/pursuit.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/combiners.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>
#include <steer/world/box.hpp>
#include <steer/world/oriented_box.hpp>
#include <steer/world/plane.hpp>
#include <steer/world/polygon.hpp>
#include <steer/world/segment.hpp>
#include <steer/world/sphere.hpp>

#include "test_util.hpp"

using steer::test::make;

namespace {

enum class shape_kind { sphere, box, oriented_box, segment, polygon, mixed };

template <class V>
using any_shape = std::conditional_t<steer::dimension_v<V> == 2,
                                     std::variant<steer::sphere<V>, steer::box<V>, steer::oriented_box<V>,
                                                  steer::segment<V>, steer::polygon<V>>,
                                     std::variant<steer::sphere<V>, steer::box<V>, steer::oriented_box<V>,
                                                  steer::segment<V>>>;

template <class V>
steer::sphere<V> bounds_of(const any_shape<V>& shape) {
    return std::visit([](const auto& s) { return bounding_sphere(s); }, shape);
}

template <class V>
double gap_to(const any_shape<V>& shape, const V& p) {
    return static_cast<double>(std::visit([&](const auto& s) { return signed_distance(s, p); }, shape));
}

// One random shape of the kind, about `size` across, centered at `c`.
template <class V>
any_shape<V> random_shape(steer::rng& gen, shape_kind kind, const V& c) {
    using S = steer::scalar_t<V>;
    constexpr bool flat = steer::dimension_v<V> == 2;
    if (kind == shape_kind::mixed) kind = static_cast<shape_kind>(gen() % (flat ? 5 : 4));
    V half;
    for (int i = 0; i < steer::dimension_v<V>; ++i) half[i] = steer::uniform<S>(gen, S(0.4), S(2.5));
    switch (kind) {
        case shape_kind::sphere:
            return steer::sphere<V>{c, steer::uniform<S>(gen, S(1), S(3))};
        case shape_kind::box:
            return steer::box<V>{c - half, c + half};
        case shape_kind::oriented_box:
            if constexpr (flat) {
                return steer::oriented_box<V>::turned(c, half, steer::uniform<S>(gen, S(0), S(3.2)));
            } else {
                const V x = steer::random_unit_vector<V>(gen);
                const V y = steer::safe_normalize(glm::cross(x, steer::random_unit_vector<V>(gen)));
                return steer::oriented_box<V>{c, half, {x, y, glm::cross(x, y)}};
            }
        case shape_kind::segment: {
            const V along = steer::random_unit_vector<V>(gen) * steer::uniform<S>(gen, S(1), S(4));
            return steer::segment<V>{c - along, c + along};
        }
        default:
            if constexpr (flat) {
                std::vector<V> corners;
                const int n = 3 + static_cast<int>(gen() % 6);
                for (int i = 0; i < n; ++i) {
                    const S angle = S(2) * std::numbers::pi_v<S> * (S(i) + steer::uniform<S>(gen, S(0), S(0.7))) / S(n);
                    corners.push_back(c + V(std::cos(angle), std::sin(angle)) * steer::uniform<S>(gen, S(0.8), S(3)));
                }
                return steer::polygon<V>(corners);
            } else {
                return steer::sphere<V>{c, S(1)};
            }
    }
}

// A field of `count` shapes between x = -18 and 18, kept two vehicle diameters apart (their
// bounding spheres are), and clear of the start and goal.
template <class V>
std::vector<any_shape<V>> random_field(std::uint64_t seed, shape_kind kind, int count, const V& start, const V& goal) {
    using S = steer::scalar_t<V>;
    steer::rng gen(seed);
    std::vector<any_shape<V>> field;
    for (int attempt = 0; attempt < 5000 && static_cast<int>(field.size()) < count; ++attempt) {
        const V c = make<V>(steer::uniform<S>(gen, -18, 18), steer::uniform<S>(gen, -15, 15), steer::uniform<S>(gen, -15, 15));
        const any_shape<V> shape = random_shape<V>(gen, kind, c);
        const steer::sphere<V> b = bounds_of<V>(shape);
        if (glm::distance(b.center, start) < b.radius + 3 || glm::distance(b.center, goal) < b.radius + 3) continue;
        const bool crowded = std::any_of(field.begin(), field.end(), [&](const any_shape<V>& other) {
            const steer::sphere<V> o = bounds_of<V>(other);
            return glm::distance(b.center, o.center) < b.radius + o.radius + S(2);
        });
        if (!crowded) field.push_back(shape);
    }
    return field;
}

struct run_result {
    int frames_inside = 0;                                   // frames with the body overlapping an obstacle
    double closest = std::numeric_limits<double>::infinity();  // least gap between body and obstacle
    bool reached = false;
};

template <class V>
double body_gap(const std::vector<any_shape<V>>& field, const steer::vehicle<V>& v) {
    double gap = std::numeric_limits<double>::infinity();
    for (const auto& shape : field) gap = std::min(gap, gap_to<V>(shape, v.position()) - static_cast<double>(v.radius()));
    return gap;
}

// The crossing: priority(obstacle_avoidance at its defaults, seek) from start to goal, 60 Hz,
// at most 60 s.
template <class V>
run_result cross(const std::vector<any_shape<V>>& field, const V& start, const V& goal) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v({.position = start, .velocity = make<V>(1, 0, 0), .radius = S(0.5), .max_force = 8,
                         .max_speed = 4});
    run_result result;
    const S dt = S(1) / S(60);
    for (int step = 0; step < 60 * 60 && !result.reached; ++step) {
        v.apply_force(steer::priority(S(1e-6), [&] { return steer::obstacle_avoidance(v, field); },
                                      [&] { return steer::seek(v, goal); }),
                      dt);
        const double gap = body_gap(field, v);
        result.closest = std::min(result.closest, gap);
        result.frames_inside += gap < 0 ? 1 : 0;
        result.reached = glm::distance(v.position(), goal) < S(1);
    }
    return result;
}

const char* name_of(shape_kind kind) {
    switch (kind) {
        case shape_kind::sphere: return "spheres";
        case shape_kind::box: return "boxes";
        case shape_kind::oriented_box: return "oriented boxes";
        case shape_kind::segment: return "segments";
        case shape_kind::polygon: return "polygons";
        default: return "mixed shapes";
    }
}

template <class V>
void cross_fields_of(shape_kind kind) {
    const V start = make<V>(-30, 0, 0);
    const V goal = make<V>(30, 0, 0);
    const int count = steer::dimension_v<V> == 2 ? 25 : 40;
    int reached = 0, inside = 0;
    double closest = std::numeric_limits<double>::infinity();
    const int runs = steer::test::rounds(20);
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(runs); ++seed) {
        const auto field = random_field<V>(seed, kind, count, start, goal);
        const run_result r = cross<V>(field, start, goal);
        CAPTURE(seed);
        CHECK(r.frames_inside == 0);
        inside += r.frames_inside;
        reached += r.reached ? 1 : 0;
        closest = std::min(closest, r.closest);
    }
    MESSAGE(steer::dimension_v<V>, "D ", std::string(name_of(kind)), ": ", reached, "/", runs, " reached, ", inside,
            " frames inside, closest approach ", closest);
    CHECK(reached * 10 >= runs * 8);
}

}  // namespace

TEST_CASE_TEMPLATE("a vehicle crosses a field of each shape without entering one, at the default parameters", V,
                   glm::vec2, glm::dvec3) {
    SUBCASE("spheres") { cross_fields_of<V>(shape_kind::sphere); }
    SUBCASE("boxes") { cross_fields_of<V>(shape_kind::box); }
    SUBCASE("oriented boxes") { cross_fields_of<V>(shape_kind::oriented_box); }
    SUBCASE("segments") { cross_fields_of<V>(shape_kind::segment); }
    if constexpr (steer::dimension_v<V> == 2) {
        SUBCASE("polygons") { cross_fields_of<V>(shape_kind::polygon); }
    }
    SUBCASE("mixed") { cross_fields_of<V>(shape_kind::mixed); }
}

TEST_CASE_TEMPLATE("a pursuer chasing a quarry through a field never enters an obstacle", V, glm::vec2, glm::dvec3) {
    using S = steer::scalar_t<V>;
    int inside = 0;
    double closest = std::numeric_limits<double>::infinity();
    double chase_distance = 0;
    const int fields = steer::test::rounds(10);
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(fields); ++seed) {
        const V start = make<V>(-30, 0, 0);
        const auto field = random_field<V>(seed, shape_kind::mixed, steer::dimension_v<V> == 2 ? 25 : 40, start,
                                           make<V>(30, 0, 0));
        // The quarry tours the field's waypoints (avoiding obstacles too); the pursuer chases it.
        steer::rng gen(seed + 100);
        std::vector<V> tour;
        for (int i = 0; i < 8; ++i)
            tour.push_back(make<V>(steer::uniform<S>(gen, -20, 20), steer::uniform<S>(gen, -15, 15), steer::uniform<S>(gen, -15, 15)));
        steer::vehicle<V> quarry({.position = make<V>(-25, 0, 0), .velocity = make<V>(2, 0, 0), .radius = S(0.5),
                                  .max_force = 6, .max_speed = 3});
        steer::vehicle<V> pursuer({.position = start, .velocity = make<V>(1, 0, 0), .radius = S(0.5), .max_force = 8,
                                   .max_speed = 4});
        const S dt = S(1) / S(60);
        std::size_t next = 0;
        for (int step = 0; step < 60 * 40; ++step) {
            if (glm::distance(quarry.position(), tour[next]) < S(2)) next = (next + 1) % tour.size();
            quarry.apply_force(steer::priority(S(1e-6), [&] { return steer::obstacle_avoidance(quarry, field); },
                                               [&] { return steer::seek(quarry, tour[next]); }),
                               dt);
            pursuer.apply_force(steer::priority(S(1e-6), [&] { return steer::obstacle_avoidance(pursuer, field); },
                                                [&] { return steer::pursuit(pursuer, quarry); }),
                                dt);
            const double gap = body_gap(field, pursuer);
            closest = std::min(closest, gap);
            inside += gap < 0 ? 1 : 0;
            chase_distance += static_cast<double>(glm::distance(pursuer.position(), quarry.position()));
        }
    }
    MESSAGE(steer::dimension_v<V>, "D pursuit through mixed fields: ", inside, " frames inside, closest approach ",
            closest, ", mean distance to the quarry ", chase_distance / (fields * 60 * 40));
    CHECK(inside == 0);
    CHECK(chase_distance / (fields * 60 * 40) < 12);  // it does chase
}

TEST_CASE_TEMPLATE("a vehicle running along a long wall at full speed neither crosses it nor rattles against it", V,
                   glm::vec2, glm::dvec2) {
    using S = steer::scalar_t<V>;
    // 50 segments of 2 along y = 0; the goal lies beyond the wall's far end, below it, so
    // seek keeps pulling the vehicle into the wall the whole way.
    std::vector<steer::segment<V>> wall;
    for (int i = -25; i < 25; ++i) wall.push_back({V(S(2 * i), S(0)), V(S(2 * i + 2), S(0))});
    steer::vehicle<V> v({.position = V(-48, 3), .velocity = V(4, 0), .radius = S(0.5), .max_force = 8, .max_speed = 4});
    const V goal(70, -10);
    const S dt = S(1) / S(60);
    double lowest = 1e9, sum = 0, sum_squared = 0, speed_sum = 0, settled_at = 1e9;
    int samples = 0, frames = 0;
    while (v.position().x < S(48)) {
        ++frames;
        v.apply_force(steer::priority(S(1e-6), [&] { return steer::obstacle_avoidance(v, wall); },
                                      [&] { return steer::seek(v, goal); }),
                      dt);
        REQUIRE(v.position().y > S(0));  // never crosses
        const double y = static_cast<double>(v.position().y);
        lowest = std::min(lowest, y - 0.5);
        if (y < 0.56 && settled_at > 1e8) settled_at = static_cast<double>(v.position().x);
        speed_sum += static_cast<double>(v.speed());
        if (v.position().x > S(5)) {  // long after it has closed in on the wall
            sum += y;
            sum_squared += y * y;
            ++samples;
        }
    }
    const double mean = sum / samples;
    const double jitter = std::sqrt(std::max(0.0, sum_squared / samples - mean * mean));
    MESSAGE("along a wall: closest approach ", lowest, ", closed in (within 0.06) after x = ", settled_at,
            ", then mean gap ", mean - 0.5, ", lateral jitter (std dev) ", jitter, ", mean speed ",
            speed_sum / frames);
    CHECK(speed_sum / frames > 3.8);  // at full speed (4) nearly all the way
    CHECK(lowest >= 0);
    CHECK(settled_at < 0);          // it closes in on the wall (the goal pulls it there)
    CHECK(jitter < 0.005);          // and then runs along it, not rattling against it
    CHECK(steer::scalar_t<V>(mean) > S(0.5));
}
