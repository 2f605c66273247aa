// Thinking less often than moving (Reynolds 2000): each character picks a new steering
// force every `period` frames, at its own phase, and re-applies the last one in between.
#include <cstdint>
#include <vector>

#include <steer/steer.hpp>

struct agent {
    steer::vehicle2 motion;
    glm::vec2 steering{};        // the last decision, applied every frame
    std::uint32_t phase = 0;     // when this agent thinks
};

int main() {
    steer::rng gen(42);
    const steer::think_schedule schedule(4);       // think on one frame in four
    std::vector<agent> crowd(100);
    for (agent& a : crowd) {
        a.motion = steer::vehicle2({.position = steer::random_vector_in_unit_ball<glm::vec2>(gen) * 20.0f,
                                    .max_force = 2, .max_speed = 1.5f});
        a.phase = schedule.random_phase(gen);      // spread the thinking over the frames
    }
    const glm::vec2 exit{30, 0};
    int thoughts = 0;
    for (std::uint64_t frame = 0; frame < 600; ++frame) {
        for (agent& a : crowd) {
            if (schedule.due(a.phase, frame)) a.steering = steer::arrival(a.motion, exit, {.slowing_distance = 5.0f}), ++thoughts;
            a.motion.apply_force(a.steering, 1.0f / 60.0f);   // move every frame
        }
    }
    return thoughts < 600 * 100 / 3 ? 0 : 1;       // about a quarter of the work
}
