#ifndef STEER_TESTS_FUZZ_FUZZ_INPUT_HPP
#define STEER_TESTS_FUZZ_FUZZ_INPUT_HPP

// Turns a fuzzer's bytes into the awkward inputs a steering library meets in a game:
// zeros, denormals, huge but finite values, exact repeats (coincident points), reversed
// vectors, and ordinary numbers. Never produces NaN or infinity: the library's promise is
// about finite input, and the harnesses check that finite input gives finite output.
//
// The whole finite range is drawn: the edges (the smallest denormal, the smallest normal
// number, epsilon, one ulp either side of 1, the promise's limit `huge`) and, in a "wide"
// input (the last byte's top bit), values beyond `huge` up to the largest finite one. The
// library promises finite answers only up to `huge` (docs/errors.md, "Magnitudes"): the
// input remembers whether anything beyond it was drawn (`within_promise`), and the
// harnesses check finiteness only then; beyond it they still check everything else (no
// crash, no undefined behavior, no hang, no refusal of valid input).

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

class input;

/// The input being run (the harnesses run one at a time), for `STEER_FUZZ_PROMISED`.
inline const input*& current_input() {
    static const input* current = nullptr;
    return current;
}

class input {
public:
    input(const std::uint8_t* data, std::size_t size)
        : data_(data), size_(size), wide_(size > 0 && (data[size - 1] & 0x80) != 0) {
        current_input() = this;
    }
    ~input() { current_input() = nullptr; }
    input(const input&) = delete;
    input& operator=(const input&) = delete;

    /// Whether every value drawn so far is within the magnitudes the library promises finite
    /// answers for (at most `huge`, plus what a harness notes with `note`).
    [[nodiscard]] bool within_promise() const { return !beyond_; }

    /// Records a derived magnitude the promise bounds too (an acceleration max_force / mass).
    template <class S, class T>
    void note(T magnitude) {
        if (!(std::abs(static_cast<double>(magnitude)) <= static_cast<double>(huge<S>()))) beyond_ = true;
    }

    /// Whether this input may draw values beyond the promise (up to the largest finite one).
    [[nodiscard]] bool wide() const { return wide_; }

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
            case 7: value = edge<S>(); break;
            default: value = static_cast<S>(static_cast<double>(static_cast<std::int32_t>(word())) / 1e6); break;
        }
        if (byte() & 1) value = -value;
        if (!std::isfinite(value)) value = 0;
        note<S>(value);
        last_ = static_cast<double>(value);
        return value;
    }

    /// A value at an edge of the floating-point range, or (in a wide input) beyond the
    /// promise: up to the largest finite value.
    template <class S>
    S edge() {
        using limits = std::numeric_limits<S>;
        switch (byte() % 10) {
            case 0: return limits::denorm_min();
            case 1: return limits::min();                         // the smallest normal number
            case 2: return limits::min() - limits::denorm_min();  // the largest denormal
            case 3: return limits::epsilon();
            case 4: return S(1) - limits::epsilon() / 2;         // just below 1
            case 5: return S(1) + limits::epsilon();             // just above 1
            case 6: return huge<S>();                            // the promise's limit
            case 7: return limits::denorm_min() * static_cast<S>(1 + byte()) * static_cast<S>(1 + byte());
            case 8: return wide_ ? limits::max() / static_cast<S>(1 + byte()) : huge<S>() / static_cast<S>(1 + byte());
            default: return wide_ ? limits::max() : huge<S>() * S(0.5);
        }
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
    bool wide_;
    bool beyond_ = false;
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

/// Whether STEER_FUZZ_TRACE is set in the environment: then the harnesses describe what they
/// do, to replay a finding by hand (`STEER_FUZZ_TRACE=1 build/fuzz/tests/fuzz/fuzz_NAME FILE`).
inline bool tracing() {
    static const bool on = std::getenv("STEER_FUZZ_TRACE") != nullptr;
    return on;
}

/// Prints a line of the trace (printf-style) when tracing.
template <class... T>
void trace(const char* format, T... values) {
    if (!tracing()) return;
    std::fprintf(stderr, format, values...);
    std::fputc('\n', stderr);
}

/// Whether the input being run has drawn only values within the library's promise.
inline bool promise_holds() { return current_input() == nullptr || current_input()->within_promise(); }

/// A check of what the library promises for inputs within its magnitudes (finite answers,
/// limits kept): made only while the input being run stayed within them.
#define STEER_FUZZ_PROMISED(condition) \
    do {                               \
        if (::steer::fuzz::promise_holds() && !(condition)) ::steer::fuzz::fail(#condition " (within the promise)"); \
    } while (false)

}  // namespace steer::fuzz

#endif  // STEER_TESTS_FUZZ_FUZZ_INPUT_HPP
