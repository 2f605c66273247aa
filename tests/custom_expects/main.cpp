// A consumer that routes STEER_EXPECTS to its own handler (as an engine routes it to its
// assert): the macro is defined before any steer header is included, and every refused
// configuration of tests/refusals.hpp must reach it, with the library's message, instead of
// the default std::invalid_argument; with the rule that failed (not "false") and the file
// of the call that was refused: tests/refusals.hpp, where each case calls the library, never
// a header of the library. This handler records what it is given and throws its own type, so that the
// refused call does not go on (a handler that returns lets the call continue with the bad
// value: see docs/errors.md).
//
// Every header that includes steer must come after the definition in this translation unit;
// a program must not mix translation units with different definitions (the One Definition
// Rule), which is why this is a program of its own.

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace consumer {
struct refused {
    std::string message;
    std::string condition;  // the rule that failed
    std::string file;       // where the refused call was made
    unsigned long line = 0;
};
inline std::vector<std::string> reports;  // what the handler received, in order
/// The engine's handler: takes what STEER_EXPECTS is given as its message, as a
/// steer::refusal (a template, since steer is not yet included where the macro is defined).
template <class Refusal>
[[noreturn]] void handle(const Refusal& r) {
    reports.push_back(std::string(r));
    throw refused{r.message(), r.condition(), r.location().file_name(), static_cast<unsigned long>(r.location().line())};
}
}  // namespace consumer

#define STEER_EXPECTS(condition, message)                      \
    do {                                                       \
        if (!(condition)) ::consumer::handle(::steer::refusal(message)); \
    } while (false)

#include "refusals.hpp"  // includes <steer/steer.hpp>: after the definition

int main() {
    int passed = 0, failed = 0;
    const auto cases = steer::test::refusals();
    for (const auto& c : cases) {
        consumer::reports.clear();
        std::string outcome;
        try {
            c.attempt();
            outcome = "nothing was refused";
        } catch (const consumer::refused& r) {
            const bool matches = c.prefix ? r.message.rfind(c.message, 0) == 0 : r.message == c.message;
            const auto ends_with = [&](const std::string& suffix) {
                return r.file.size() >= suffix.size() && r.file.compare(r.file.size() - suffix.size(), suffix.size(), suffix) == 0;
            };
            if (!matches) outcome = "the handler got \"" + r.message + "\"";
            else if (consumer::reports.size() != 1) outcome = "the handler was called more than once";
            else if (!ends_with("refusals.hpp"))
                outcome = "the refusal was reported from " + r.file + ":" + std::to_string(r.line) + ", not the caller's file";
            else if (r.line == 0)
                outcome = "the refusal named no line";
            else if (r.condition.empty() || r.condition == "false" ||
                     (r.condition.find(" must be ") != std::string::npos &&
                      r.message.find(r.condition) == std::string::npos))
                outcome = "the condition \"" + r.condition + "\" is not the rule the message states";
        } catch (const std::invalid_argument& e) {
            outcome = std::string("the default policy threw instead: ") + e.what();
        } catch (...) {
            outcome = "something else was thrown";
        }
        if (outcome.empty()) {
            ++passed;
        } else {
            ++failed;
            std::printf("FAILED: %s\n  expected \"%s\"\n", outcome.c_str(), c.message.c_str());
        }
    }
    // Valid configuration never reaches the handler.
    consumer::reports.clear();
    steer::vehicle3 v({.max_speed = 2});
    for (int i = 0; i < 10; ++i) v.apply_force(steer::arrival(v, glm::vec3(5, 0, 0), {.slowing_distance = 1.0f}), 0.1f);
    const steer::pathway<glm::vec3> path({glm::vec3(0), glm::vec3(1)}, 1.0f);
    (void)steer::path_following(v, path, {.direction = 1, .prediction_time = 1.0f});
    if (consumer::reports.empty()) {
        ++passed;
    } else {
        ++failed;
        std::printf("FAILED: valid configuration reached the handler: %s\n", consumer::reports.front().c_str());
    }
    std::printf("custom STEER_EXPECTS received %d of %zu refusals, each naming the caller's file and line and the "
                "rule that failed\n",
                passed - 1, cases.size());
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
