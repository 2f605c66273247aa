#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/vehicle.hpp>
#include <steer/world/box.hpp>
#include <steer/world/obstacle.hpp>
#include <steer/world/oriented_box.hpp>
#include <steer/world/plane.hpp>
#include <steer/world/polygon.hpp>
#include <steer/world/segment.hpp>
#include <steer/world/sphere.hpp>

#include "test_util.hpp"

using steer::test::make;

namespace game {

// A game's own obstacle type: a vertical cylinder standing on the ground, known to steer
// only through `first_contact` in its own namespace (here: its footprint as a circle).
struct pillar {
    glm::vec3 base;
    float radius;
};

inline std::optional<steer::ray_hit<glm::vec3>> first_contact(const pillar& p, const steer::sweep<glm::vec3>& w) {
    auto flat = w;
    flat.origin.y = p.base.y;
    return first_contact(steer::sphere<glm::vec3>{p.base, p.radius}, flat);
}

}  // namespace game

TEST_CASE_TEMPLATE("obstacle sets take shapes, ranges, variants, pointers and joined sets", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    using shape = std::variant<steer::sphere<V>, steer::box<V>, steer::segment<V>, steer::plane<V>>;
    static_assert(steer::obstacle<steer::sphere<V>, V>);
    static_assert(steer::obstacle<steer::box<V>, V>);
    static_assert(steer::obstacle<steer::oriented_box<V>, V>);
    static_assert(steer::obstacle<steer::plane<V>, V>);
    static_assert(steer::obstacle<steer::segment<V>, V>);
    static_assert(!steer::obstacle<V, V>);
    static_assert(steer::obstacle_set<steer::box<V>, V>);
    static_assert(steer::obstacle_set<std::vector<steer::sphere<V>>, V>);
    static_assert(steer::obstacle_set<std::vector<const steer::sphere<V>*>, V>);
    static_assert(steer::obstacle_set<std::vector<std::unique_ptr<steer::box<V>>>, V>);
    static_assert(steer::obstacle_set<std::array<steer::segment<V>, 3>, V>);
    static_assert(steer::obstacle_set<steer::sphere<V>[3], V>);
    static_assert(steer::obstacle_set<std::span<const shape>, V>);
    static_assert(steer::obstacle_set<std::vector<shape>, V>);
    static_assert(steer::obstacle_set<std::vector<std::vector<steer::plane<V>>>, V>);
    static_assert(steer::obstacle_set<std::optional<steer::box<V>>, V>);
    static_assert(steer::obstacle_set<std::reference_wrapper<const steer::box<V>>, V>);
    static_assert(!steer::obstacle_set<std::vector<V>, V>);
    static_assert(!steer::obstacle_set<std::variant<steer::sphere<V>, int>, V>);
    static_assert(!steer::obstacle_set<int, V>);

    // One call, mixed shapes: the threat is the first contact, whatever the container.
    const steer::vehicle<V> v({.velocity = make<V>(2, 0, 0), .radius = S(0.5), .max_force = 30, .max_speed = 2});
    const steer::sphere<V> far_rock{make<V>(6, 0.3, 0), S(1)};
    const steer::box<V> near_crate{make<V>(2.5, -2, -2), make<V>(3.5, -0.2, 2)};  // first touched, below the axis
    const steer::segment<V> fence{make<V>(8, -3, 0), make<V>(8, 3, 0)};
    const std::vector<shape> mixed{far_rock, near_crate, fence};
    const V expected = steer::obstacle_avoidance(v, near_crate);
    CHECK(expected.y > S(0));  // away from the crate, which is below the axis
    CHECK(steer::obstacle_avoidance(v, mixed) == expected);
    const std::vector<shape> reversed(mixed.rbegin(), mixed.rend());
    CHECK(steer::obstacle_avoidance(v, reversed) == expected);
    const std::vector<steer::sphere<V>> rocks{far_rock};
    const std::vector<steer::segment<V>> fences{fence};
    CHECK(steer::obstacle_avoidance(v, steer::join_obstacles(rocks, fences, near_crate)) == expected);
    CHECK(steer::obstacle_avoidance(v, steer::join_obstacles(rocks, fences)) == steer::obstacle_avoidance(v, far_rock));
    const std::unique_ptr<steer::box<V>> owned = std::make_unique<steer::box<V>>(near_crate);
    const std::unique_ptr<steer::box<V>> empty;
    CHECK(steer::obstacle_avoidance(v, owned) == expected);
    CHECK(steer::obstacle_avoidance(v, empty) == V(S(0)));
    CHECK(steer::obstacle_avoidance(v, std::optional<steer::box<V>>{}) == V(S(0)));
    CHECK(steer::obstacle_avoidance(v, std::cref(near_crate)) == expected);
}

TEST_CASE("a game's own obstacle type works through first_contact in its namespace") {
    static_assert(steer::obstacle<game::pillar, glm::vec3>);
    const steer::vehicle<glm::vec3> v({.position = {0, 1, 0}, .velocity = {2, 0, 0}, .radius = 0.5f, .max_force = 3, .max_speed = 2});
    const std::vector<game::pillar> pillars{{{4, 0, 0.3f}, 1}};
    const glm::vec3 f = steer::obstacle_avoidance(v, pillars);
    CHECK(f.z < 0);  // away from the pillar, which stands at +z
}

TEST_CASE_TEMPLATE("behaviors refuse a degenerate shape by name when they meet it", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.velocity = make<V>(2, 0, 0), .radius = S(0.5)});
    using shape = std::variant<steer::sphere<V>, steer::box<V>, steer::plane<V>>;
    const std::vector<shape> field{steer::sphere<V>{make<V>(5, 5, 0), S(1)}, steer::plane<V>{V(S(0)), S(1)}};
    CHECK(steer::test::refusal_of([&] { (void)steer::obstacle_avoidance(v, field); }) ==
          std::string("steer::plane: normal must be non-zero (got ") + (steer::dimension_v<V> == 2 ? "(0, 0))" : "(0, 0, 0))"));
    const steer::box<V> point{make<V>(1, 0, 0), make<V>(1, 0, 0)};
    CHECK(steer::test::refusal_of([&] { (void)steer::obstacle_avoidance(v, point); }).find("steer::box: size must be non-zero") == 0);
    const steer::sphere<V> negative{make<V>(0, 0, 0), S(-1)};
    CHECK(steer::test::refusal_of([&] { (void)steer::obstacle_avoidance(v, negative); }) ==
          "steer::sphere: radius must be >= 0 and finite (got -1)");
}
