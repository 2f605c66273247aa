#ifndef STEER_TESTS_REFUSAL_OF_HPP
#define STEER_TESTS_REFUSAL_OF_HPP

/// @file
/// `refusal_of`, shared by the doctest programs (through test_util.hpp) and the fuzzers,
/// which do not link doctest.

#include <stdexcept>
#include <string>

namespace steer::test {

/// The message of the std::invalid_argument `f` throws, or "(nothing thrown)".
template <class F>
std::string refusal_of(F&& f) {
    try {
        f();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(nothing thrown)";
}

}  // namespace steer::test

#endif  // STEER_TESTS_REFUSAL_OF_HPP
