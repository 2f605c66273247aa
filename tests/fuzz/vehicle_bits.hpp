#ifndef STEER_TESTS_FUZZ_VEHICLE_BITS_HPP
#define STEER_TESTS_FUZZ_VEHICLE_BITS_HPP

// Bitwise comparisons of values and of vehicles, for the harnesses that promise the same
// bits on two paths (the flock and crowd fuzzers).

#include <cstring>

#include <steer/vehicle.hpp>

namespace steer::fuzz {

/// Whether `a` and `b` have the same bits (a NaN equals itself, -0 differs from +0).
template <class X>
bool same_bits(const X& a, const X& b) {
    return std::memcmp(&a, &b, sizeof(X)) == 0;
}

/// Whether two vehicles keep the same state, bit for bit: position, velocity, speed, frame
/// and acceleration.
template <steer::vector V>
bool same_state(const steer::vehicle<V>& a, const steer::vehicle<V>& b) {
    bool all = same_bits(a.position(), b.position()) && same_bits(a.velocity(), b.velocity()) &&
               same_bits(a.forward(), b.forward()) && same_bits(a.side(), b.side()) &&
               same_bits(a.acceleration(), b.acceleration()) && same_bits(a.speed(), b.speed());
    if constexpr (steer::dimension_v<V> == 3) all = all && same_bits(a.up(), b.up());
    return all;
}

}  // namespace steer::fuzz

#endif  // STEER_TESTS_FUZZ_VEHICLE_BITS_HPP
