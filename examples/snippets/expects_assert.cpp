// Routing steer's refused parameters to the engine's own assert. The macro must be the same
// in every translation unit that includes steer: define it in one wrapper header (or on
// the compiler's command line), never in just one .cpp.
#include <cstdio>
#include <string>

namespace engine {
int failures = 0;
// An engine "soft assert": log and carry on. A real engine might break into the debugger.
inline void report(const char* condition, const std::string& message, const char* file, unsigned line) {
    std::fprintf(stderr, "%s:%u: assertion %s failed: %s\n", file, line, condition, message.c_str());
    ++failures;
}
}  // namespace engine

// `message` is a steer::refusal: the message, the rule that failed, and the place in your
// code of the call that was refused (not steer's own __FILE__ and __LINE__).
// (The macro's parameters are not named `condition` and `message`: the refusal's members are.)
#define STEER_EXPECTS(holds, what)                                                        \
    do {                                                                                  \
        if (!(holds)) {                                                                   \
            const ::steer::refusal refused(what);                                         \
            ::engine::report(refused.condition().c_str(), refused.message(),              \
                             refused.location().file_name(), refused.location().line()); \
        }                                                                                 \
    } while (false)
#include <steer/steer.hpp>

int main() {
    const steer::vehicle2 heavy({.mass = -1});     // refused: logged with this file and line
    return engine::failures == 1 ? 0 : 1;          // and, since report returns, construction went on
}
