// A fixed simulation step inside a variable frame rate: steer runs at 60 Hz whatever the
// display does, and the renderer interpolates between the last two steps.
#include <cstdio>

#include <steer/steer.hpp>

int main() {
    constexpr float step = 1.0f / 60.0f;       // the simulation's dt, always the same
    steer::vehicle2 boid({.max_force = 4, .max_speed = 2});
    const glm::vec2 food{10, 5};
    glm::vec2 previous = boid.position();

    float accumulator = 0;
    const float frame_times[] = {0.016f, 0.033f, 0.007f, 0.050f, 0.016f};  // what the display gave us
    for (int frame = 0; frame < 500; ++frame) {
        accumulator += frame_times[frame % 5];
        while (accumulator >= step) {          // zero, one or several steps per frame
            previous = boid.position();
            boid.apply_force(steer::arrival(boid, food, {.slowing_distance = 3.0f}), step);
            accumulator -= step;
        }
        const float alpha = accumulator / step;               // how far into the next step we are
        const glm::vec2 drawn = previous + (boid.position() - previous) * alpha;
        if (frame % 100 == 0) std::printf("frame %3d: draw at (%.2f, %.2f)\n", frame,
                                          static_cast<double>(drawn.x), static_cast<double>(drawn.y));
    }
    return glm::distance(boid.position(), food) < 0.1f ? 0 : 1;
}
