// Units that get there: a navigation grid over the level, a route for each unit that has an
// order of its own and one flow field for a group sent to the same place, stepped as a crowd.
#include <cstdio>
#include <optional>
#include <vector>

#include <steer/steer.hpp>

int main() {
    using vec = glm::vec2;
    const std::vector<steer::polygon<vec>> buildings{  // a U whose pocket faces the units, and a block
        steer::polygon<vec>({{14, 6}, {26, 6}, {26, 22}, {14, 22}, {14, 19}, {23, 19}, {23, 9}, {14, 9}}),
        steer::polygon<vec>({{31, 19}, {38, 17}, {40, 24}, {33, 26}})};
    // Built once: 0.5 m cells; routes keep a body of radius 0.5 m 0.3 m off every building.
    const steer::navigation_grid<vec> nav({{0, 0}, {48, 30}}, 0.5f, buildings, {.clearance = 0.8f});

    steer::crowd2 units;
    std::vector<std::optional<steer::pathway<vec>>> routes;  // by id.index: a unit's own order
    steer::crowd_id captain;
    const vec rally{45, 14};
    const steer::flow_field<vec> to_rally = nav.field_toward(rally);  // the group's shared order
    for (int i = 0; i < 20; ++i) {
        const vec start{2.0f + static_cast<float>(i % 4) * 1.5f, 8.0f + static_cast<float>(i / 4) * 2.0f};
        const steer::crowd_id id = units.add({.position = start, .radius = 0.5f, .max_force = 12, .max_speed = 3});
        routes.resize(id.index + 1);
        if (i == 0) {  // the captain has an order of its own: into the U's pocket
            captain = id;
            routes[id.index] = nav.find_path(start, {19, 14}, 0.3f);
        }
    }

    const auto think = [&](steer::crowd_id id, const steer::vehicle2& self, const auto& neighbors) {
        const auto& route = routes[id.index];
        const vec goal = route ? route->points().back() : rally;
        const float left = route ? route->length() - route->distance_along(self.position())
                                 : glm::distance(self.position(), rally);
        return steer::truncated_sum(
            self.max_force(),
            steer::weighted(1.0f, [&] { return steer::obstacle_avoidance(self, buildings, {.min_time_to_collision = 1}); }),
            steer::weighted(0.6f, [&] { return steer::separation(self, neighbors, {.max_distance = 1.5f}); }),
            steer::weighted(1.0f, [&] {
                if (left < 3) return steer::arrival(self, goal, {.slowing_distance = 3});
                if (route) return steer::path_following(self, *route, {.prediction_time = 0.5f});
                return steer::flow_field_following(self, to_rally, {.prediction_time = 0.5f});
            }));
    };
    for (int frame = 0; frame < 60 * 40; ++frame) units.step(1.0f / 60, 1.5f, think);  // 40 s

    int near_rally = 0;
    for (const steer::vehicle2& v : units.vehicles()) near_rally += glm::distance(v.position(), rally) < 6 ? 1 : 0;
    const float off = glm::distance(units.agent(captain).position(), vec(19, 14));
    std::printf("%d of 19 near the rally point; the captain is %.2f m from its spot in the pocket\n", near_rally,
                static_cast<double>(off));
    return near_rally == 19 && off < 1 ? 0 : 1;
}
