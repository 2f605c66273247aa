#include <cstdio>

#include <steer/steer.hpp>

int main() {
    steer::vehicle2 boid({.max_force = 4, .max_speed = 2});  // a 2D point mass, at rest at the origin
    const glm::vec2 food{10, 5};
    for (int frame = 0; frame <= 600; ++frame) {              // 10 seconds at 60 Hz
        const glm::vec2 steering = steer::arrival(boid, food, {.slowing_distance = 3.0f});  // slow down within 3 units
        boid.apply_force(steering, 1.0f / 60.0f);             // truncate, integrate, re-orient
        if (frame % 60 == 0)
            std::printf("t = %2d s  position (%5.2f, %5.2f)  speed %.2f\n", frame / 60,
                        static_cast<double>(boid.position().x), static_cast<double>(boid.position().y),
                        static_cast<double>(boid.speed()));
    }
}
