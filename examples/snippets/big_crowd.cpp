// A crowd of pedestrians stepped as a whole: each one's own mix of behaviors over its
// neighbors, on two threads, kept on the ground after it moves.
#include <cstdio>
#include <utility>
#include <vector>

#include <steer/steer.hpp>
#include <steer/thread_pool.hpp>

int main() {
    steer::rng gen(1);
    steer::crowd2 people{steer::think_schedule(2)};   // each rethinks every other frame
    std::vector<glm::vec2> goals;                      // per-agent data of our own, by id.index
    for (int i = 0; i < 20000; ++i) {
        const glm::vec2 home = steer::random_vector_in_unit_ball<glm::vec2>(gen) * 60.0f;
        const steer::crowd_id id = people.add({.position = home, .radius = 0.3f, .max_force = 4, .max_speed = 1.4f});
        goals.resize(id.index + 1);
        goals[id.index] = -home;                       // everyone crosses the square
    }
    const std::vector<steer::sphere<glm::vec2>> fountains{{.center = {0, 0}, .radius = 4},
                                                          {.center = {25, -10}, .radius = 2}};
    // Called for each pedestrian that thinks this frame, possibly on several threads at once:
    // `neighbors` holds the others within 2 m, usable by any group behavior.
    const auto think = [&](steer::crowd_id id, const steer::vehicle2& self, const auto& neighbors) {
        return steer::truncated_sum(
            self.max_force(),
            steer::weighted(1.0f, [&] { return steer::obstacle_avoidance(self, fountains); }),
            steer::weighted(1.0f, [&] { return steer::unaligned_collision_avoidance(self, neighbors); }),
            steer::weighted(0.6f, [&] { return steer::separation(self, neighbors, {.max_distance = 1.0f}); }),
            steer::weighted(0.5f, [&] { return steer::arrival(self, goals[id.index], {.slowing_distance = 3}); }));
    };
    // Called for each pedestrian once it has moved: the square ends at 80 m.
    const auto on_square = [](steer::crowd_id, steer::vehicle2& self) {
        if (glm::length(self.position()) > 80.0f) self.set_position(glm::normalize(self.position()) * 80.0f);
    };

    steer::thread_pool_executor pool(2);               // created once, reused every frame
    for (int frame = 0; frame < 60; ++frame) people.step(1.0f / 60.0f, 2.0f, think, on_square, pool);

    // Between steps the crowd is a proximity database: who is near the fountain?
    int near_fountain = 0;
    std::as_const(people).for_each_within({0, 0}, 6.0f, [&](steer::crowd_id, float) { ++near_fountain; });
    std::printf("%d pedestrians within 6 m of the fountain after %llu frames\n", near_fountain,
                static_cast<unsigned long long>(people.frame()));
    return people.size() == 20000 ? 0 : 1;
}
