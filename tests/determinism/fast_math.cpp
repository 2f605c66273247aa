// Built with -ffast-math in a deterministic build: must be refused with a clear message
// (tests/CMakeLists.txt, determinism.fast_math_refused).
#include <steer/steer.hpp>

int main() { return 0; }
