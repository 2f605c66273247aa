// Routing steer's refused parameters to the engine's own assert. The macro must be the same
// in every translation unit that includes steer: define it in one wrapper header (or on
// the compiler's command line), never in just one .cpp.
#include <cstdio>
#include <string>

namespace engine {
int failures = 0;
// An engine "soft assert": log and carry on. A real engine might break into the debugger.
inline void report(const char* condition, const std::string& message, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: assertion %s failed: %s\n", file, line, condition, message.c_str());
    ++failures;
}
}  // namespace engine

#define STEER_EXPECTS(condition, message) \
    do { if (!(condition)) ::engine::report(#condition, (message), __FILE__, __LINE__); } while (false)
#include <steer/steer.hpp>

int main() {
    const steer::vehicle2 heavy({.mass = -1});     // refused: logged through engine::report
    return engine::failures == 1 ? 0 : 1;          // and, since report returns, construction went on
}
