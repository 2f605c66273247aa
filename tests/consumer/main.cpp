// A consumer's whole program: it must compile against the public API and run.
#include <cstdio>

#include <steer/steer.hpp>

int main() {
    steer::vehicle3 car({.max_force = 2, .max_speed = 3});
    for (int frame = 0; frame < 60; ++frame) car.apply_force({0, 0, 1}, 1.0f / 60);
    std::printf("moved to z = %.3f\n", static_cast<double>(car.position().z));
    return car.position().z > 0 ? 0 : 1;
}
