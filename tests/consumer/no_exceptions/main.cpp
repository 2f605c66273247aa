// Built with -fno-exceptions: a valid vehicle runs, then a bad mass must abort with a message.
#include <cstdio>

#include <steer/steer.hpp>

int main() {
    steer::vehicle2 ok({.max_speed = 2});
    ok.apply_force({1, 0}, 0.5f);
    std::printf("valid vehicle stepped to x = %.3f\n", static_cast<double>(ok.position().x));
    std::fflush(stdout);
    steer::vehicle2 bad({.mass = -1});  // refused: prints the message and aborts
    std::printf("unreachable: %f\n", static_cast<double>(bad.mass()));
    return 0;
}
