#ifndef STEER_EXAMPLES_COMMAND_LINE_HPP
#define STEER_EXAMPLES_COMMAND_LINE_HPP

/// @file
/// The two helpers the command-line examples share for reading their options.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace example {

/// Prints "<program>: <message>" and a hint to try --help, and exits with status 2.
[[noreturn]] inline void fail(const char* program, const std::string& message) {
    std::fprintf(stderr, "%s: %s\nTry '%s --help'.\n", program, message.c_str(), program);
    std::exit(2);
}

/// The number an option's value spells, from `low` to `high`; anything else fails.
inline double number(const char* program, std::string_view option, const char* text, double low, double high) {
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    if (end == text || *end != '\0' || !(value >= low && value <= high))
        fail(program, std::string(option) + " needs a number from " + std::to_string(low) + " to " +
                          std::to_string(high) + " (got '" + text + "')");
    return value;
}

}  // namespace example

#endif  // STEER_EXAMPLES_COMMAND_LINE_HPP
