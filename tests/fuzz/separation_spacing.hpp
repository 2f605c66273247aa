#ifndef STEER_TESTS_FUZZ_SEPARATION_SPACING_HPP
#define STEER_TESTS_FUZZ_SEPARATION_SPACING_HPP

/// @file
/// Separation's params (`steer::separation_params`: between centers or between bodies, and
/// the personal space) as the fuzzers draw them, valid or refused.

#include <cmath>
#include <limits>
#include <string>

#include <steer/behaviors/separation.hpp>

#include "fuzz_input.hpp"

namespace steer::fuzz {

/// Valid separation params: between centers or between bodies, a personal space usually
/// game-like (0.01 to 3), sometimes any finite positive value (denormal to huge).
template <steer::vector V>
steer::separation_params<V> random_separation_params(input& in) {
    using S = steer::scalar_t<V>;
    S space = in.flag() ? in.in_range<S>(S(0.01), S(3)) : in.non_negative<S>();
    if (!(space > S(0))) space = std::numeric_limits<S>::denorm_min();
    return {.bodies = in.flag(), .personal_space = space};
}

/// A personal space that separation refuses, with how its refusal prints it: 0, -1, NaN,
/// +inf, -inf (`shown` exact), or any negative finite value (`shown` empty: its digits
/// are not predicted, only the message's beginning).
template <class S>
struct refused_space {
    S value;
    std::string shown;
};

template <class S>
refused_space<S> random_refused_personal_space(input& in) {
    switch (in.pick(6)) {
        case 0: return {S(0), "0"};
        case 1: return {S(-1), "-1"};
        case 2: return {std::numeric_limits<S>::quiet_NaN(), "nan"};
        case 3: return {std::numeric_limits<S>::infinity(), "inf"};
        case 4: return {-std::numeric_limits<S>::infinity(), "-inf"};
        default: {
            const S magnitude = in.non_negative<S>();
            return {magnitude > S(0) ? -magnitude : -std::numeric_limits<S>::denorm_min(), ""};
        }
    }
}

/// Whether `message` is separation's refusal of the personal space `refused`, by name.
template <class S>
bool refuses_personal_space(const std::string& message, const refused_space<S>& refused) {
    const std::string start = "steer::separation: personal_space must be > 0 and finite (got ";
    if (refused.shown.empty()) return message.rfind(start, 0) == 0 && message.back() == ')';
    return message == start + refused.shown + ")";
}

}  // namespace steer::fuzz

#endif  // STEER_TESTS_FUZZ_SEPARATION_SPACING_HPP
