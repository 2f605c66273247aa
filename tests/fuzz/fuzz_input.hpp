#ifndef STEER_TESTS_FUZZ_FUZZ_INPUT_HPP
#define STEER_TESTS_FUZZ_FUZZ_INPUT_HPP

// Turns a fuzzer's bytes into the awkward inputs a steering library meets in a game:
// zeros, denormals, huge but finite values, exact repeats (coincident points), reversed
// vectors, and ordinary numbers. Never produces NaN or infinity: the library's promise is
// about finite input, and the harnesses check that finite input gives finite output.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include <steer/math.hpp>
#include <steer/vector.hpp>

namespace steer::fuzz {

/// The largest magnitude the library promises finite results for.
template <class S>
constexpr S huge() {
    return static_cast<S>(std::sqrt(static_cast<long double>(std::numeric_limits<S>::max())) / 16);
}

class input {
public:
    input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    [[nodiscard]] bool empty() const { return offset_ >= size_; }

    /// A byte, or 0 once the input is exhausted.
    std::uint8_t byte() { return offset_ < size_ ? data_[offset_++] : std::uint8_t(0); }

    /// An integer in [0, n).
    unsigned pick(unsigned n) { return n == 0 ? 0u : static_cast<unsigned>(word() % n); }

    bool flag() { return (byte() & 1) != 0; }

    /// A finite scalar from one of several classes chosen by the input.
    template <class S>
    S scalar() {
        S value = 0;
        switch (byte() % 8) {
            case 0: value = 0; break;
            case 1: value = std::numeric_limits<S>::denorm_min() * static_cast<S>(1 + byte()); break;
            case 2: value = huge<S>() / static_cast<S>(1 + byte()); break;
            case 3: value = std::numeric_limits<S>::min() * static_cast<S>(1 + byte()); break;
            case 4: value = static_cast<S>(1) / static_cast<S>(1 + byte()); break;
            case 5: value = static_cast<S>(last_); break;  // repeat: coincident points
            default: value = static_cast<S>(static_cast<double>(static_cast<std::int32_t>(word())) / 1e6); break;
        }
        if (byte() & 1) value = -value;
        if (!std::isfinite(value)) value = 0;
        last_ = static_cast<double>(value);
        return value;
    }

    /// A finite scalar >= 0 (for radii, limits, distances).
    template <class S>
    S non_negative() { return std::abs(scalar<S>()); }

    /// A finite scalar in [lo, hi] (for parameters with a sensible range).
    template <class S>
    S in_range(S lo, S hi) { return lo + (hi - lo) * static_cast<S>(word() % 1000001u) / static_cast<S>(1000000); }

    /// A finite vector; sometimes a repeat or the reverse of the previous one.
    template <steer::vector V>
    V vec() {
        const unsigned mode = byte() % 8;
        V v{};
        if (mode == 0) {
            v = last_vector<V>();
        } else if (mode == 1) {
            v = -last_vector<V>();
        } else {
            for (int i = 0; i < steer::dimension_v<V>; ++i) v[i] = scalar<steer::scalar_t<V>>();
        }
        for (int i = 0; i < steer::dimension_v<V>; ++i) last_vec_[i] = static_cast<double>(v[i]);
        return v;
    }

private:
    std::uint32_t word() {
        std::uint32_t w = 0;
        for (int i = 0; i < 4; ++i) w = (w << 8) | byte();
        return w;
    }
    template <steer::vector V>
    V last_vector() const {
        V v{};
        using S = steer::scalar_t<V>;
        for (int i = 0; i < steer::dimension_v<V>; ++i) {
            const double x = last_vec_[i];
            v[i] = std::abs(x) <= static_cast<double>(std::numeric_limits<S>::max()) ? static_cast<S>(x) : S(0);
        }
        return v;
    }

    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t offset_ = 0;
    double last_ = 0;
    double last_vec_[3]{};
};

/// Aborts with a message: libFuzzer records the input that got here.
[[noreturn]] inline void fail(const char* what) {
    std::fprintf(stderr, "fuzz check failed: %s\n", what);
    std::abort();
}

/// Runs `f.template operator()<V>()` for the vector type the input picks (vec2, vec3,
/// dvec2 or dvec3), so that every harness covers 2D, 3D, float and double alike.
template <class F>
void with_picked_vector(input& in, F&& f) {
    switch (in.pick(4)) {
        case 0: f.template operator()<glm::vec2>(); break;
        case 1: f.template operator()<glm::vec3>(); break;
        case 2: f.template operator()<glm::dvec2>(); break;
        default: f.template operator()<glm::dvec3>(); break;
    }
}

#define STEER_FUZZ_CHECK(condition) \
    do {                            \
        if (!(condition)) ::steer::fuzz::fail(#condition); \
    } while (false)

}  // namespace steer::fuzz

#endif  // STEER_TESTS_FUZZ_FUZZ_INPUT_HPP
