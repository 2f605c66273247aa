// A big flock stepped as a whole: boids plus the game's own steering, on two threads.
#include <cstdio>
#include <vector>

#include <steer/steer.hpp>
#include <steer/thread_pool.hpp>

int main() {
    steer::rng gen(1);
    steer::flock3 birds{steer::think_schedule(2)};   // each bird rethinks every other frame
    std::vector<steer::flock_id> ids;
    for (int i = 0; i < 10000; ++i)
        ids.push_back(birds.add({.position = steer::random_vector_in_unit_ball<glm::vec3>(gen) * 9.5f,
                                 .velocity = steer::random_unit_vector<glm::vec3>(gen),
                                 .max_force = 3, .max_speed = 2}));

    const steer::flocking_params<glm::vec3> boids{
        .separation = {.max_distance = 0.6f, .max_angle = 2.4f},
        .alignment = {.max_distance = 1.0f, .max_angle = 2.4f},
        .cohesion = {.max_distance = 1.0f, .max_angle = 2.4f},
        .separation_weight = 0.5f,      // fractions of max_force
        .alignment_weight = 1.0f / 3,
        .cohesion_weight = 1.0f / 3};
    const steer::sphere<glm::vec3> park{.center = {0, 0, 0}, .radius = 12};
    // Called for each bird that thinks this frame, possibly on several threads at once.
    const auto stay_in_park = [&](steer::flock_id, const steer::vehicle3& bird, const glm::vec3& flocking) {
        const bool outside = glm::length(bird.position() - park.center) > park.radius;
        return outside ? flocking + steer::seek(bird, park.center) : flocking;
    };

    steer::thread_pool_executor pool(2);               // created once, reused every frame
    for (int frame = 0; frame < 60; ++frame) {
        birds.step(1.0f / 60.0f, boids, stay_in_park, pool);
        for (const steer::vehicle3& bird : birds.vehicles()) {
            (void)bird.position();                        // copy positions and frames out
            (void)bird.forward();                         // to the renderer here
        }
    }
    const glm::vec3 first = birds.agent(ids.front()).position();   // by handle, any time
    std::printf("bird 0 at (%.2f, %.2f, %.2f) after %llu frames\n", static_cast<double>(first.x),
                static_cast<double>(first.y), static_cast<double>(first.z),
                static_cast<unsigned long long>(birds.frame()));
    return birds.size() == 10000 ? 0 : 1;
}
