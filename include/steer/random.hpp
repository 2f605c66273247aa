#ifndef STEER_RANDOM_HPP
#define STEER_RANDOM_HPP

/// @file
/// Seedable randomness: a small generator and the distributions behaviors need.
/// The library never draws from global state; every random choice takes a
/// generator argument, so the same seed replays the same run bit for bit.
/// Any `std::uniform_random_bit_generator` works. This header does not include `<random>`
/// (a third of a second per file with g++ 12). The standard declares the concept there,
/// but `<algorithm>` needs it for std::ranges::shuffle and sample and brings it along in
/// libstdc++, which is what this header relies on; the other headers that take a generator
/// include this one for it. Other standard libraries (libc++, which emscripten uses) get
/// `<random>`.

#include <algorithm>  // also std::uniform_random_bit_generator in libstdc++ (see above)
#if !defined(__GLIBCXX__)
#include <random>
#endif
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <numbers>
#include <type_traits>

#include "detail/portable_math.hpp"
#include "vector.hpp"

namespace steer {

/// xoshiro256** seeded through splitmix64: 32 bytes of state, fast, copyable, and a
/// `std::uniform_random_bit_generator`. Copy it to fork an identical stream.
class rng {
public:
    using result_type = std::uint64_t;  ///< 64 random bits per call

    /// Seeds the four state words from `seed`; any seed, zero included, is fine.
    explicit constexpr rng(std::uint64_t seed = 0) noexcept {
        for (auto& word : state_) word = splitmix64(seed);
    }

    /// The next 64 random bits.
    constexpr result_type operator()() noexcept {
        std::uint64_t word = state_[1];
#if defined(__wasm_simd128__) && (defined(__GNUC__) || defined(__clang__))
        // clang 14 for wasm with SIMD (Debian's emscripten 3.1.6) pairs the outputs of two
        // draws in one i64x2 multiplication and builds the pair with a v128.load64_splat of
        // state_[1] that it schedules after the stores of the second draw: the first draw
        // then returns the third draw's bits (docs/determinism.md). Passing the word
        // through an empty asm hides that it was loaded; no instruction is emitted.
        if (!std::is_constant_evaluated()) __asm__("" : "+r"(word));
#endif
        const std::uint64_t result = rotl(word * 5, 7) * 9;
        const std::uint64_t t = word << 17;
        state_[2] ^= state_[0];
        state_[3] ^= word;
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    /// The smallest value a call returns: 0.
    static constexpr result_type min() noexcept { return 0; }
    /// The largest value a call returns: 2^64 - 1.
    static constexpr result_type max() noexcept { return std::numeric_limits<result_type>::max(); }

    /// Equal generators produce the same stream from here on.
    friend constexpr bool operator==(const rng&, const rng&) = default;

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    static constexpr std::uint64_t splitmix64(std::uint64_t& x) noexcept {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    std::uint64_t state_[4]{};
};

static_assert(std::uniform_random_bit_generator<rng>);

/// A uniform number in [0, 1). For a full 64-bit generator it uses the top bits
/// directly (24 for float, 53 for double); other generators (std::mt19937, ...) fill the
/// mantissa from as many calls as it takes, as std::generate_canonical does.
template <std::floating_point S, std::uniform_random_bit_generator G>
[[nodiscard]] S uniform01(G& gen) {
    using R = typename G::result_type;
    if constexpr (G::min() == 0 && G::max() == std::numeric_limits<std::uint64_t>::max() &&
                  sizeof(R) == 8) {
        constexpr int bits = std::numeric_limits<S>::digits;
        return static_cast<S>(static_cast<std::uint64_t>(gen()) >> (64 - bits)) *
               (S(1) / static_cast<S>(std::uint64_t(1) << bits));
    } else {
        // Each call gives `range` equally likely values; k calls make one number in
        // [0, range^k), scaled to [0, 1). Enough calls to fill the mantissa.
        constexpr long double range = static_cast<long double>(G::max() - G::min()) + 1.0L;
        long double sum = 0;
        long double scale = 1;
        do {
            sum += static_cast<long double>(gen() - G::min()) * scale;
            scale *= range;
        } while (scale < static_cast<long double>(std::uint64_t(1) << std::numeric_limits<S>::digits));
        const S u = static_cast<S>(sum / scale);
        return u < S(1) ? u : std::nextafter(S(1), S(0));  // rounding to S can give 1
    }
}

/// A uniform number in [lo, hi).
template <std::floating_point S, std::uniform_random_bit_generator G>
[[nodiscard]] S uniform(G& gen, S lo, S hi) {
    return lo + (hi - lo) * uniform01<S>(gen);
}

/// A direction drawn uniformly from the unit circle (2D) or the unit sphere (3D).
template <vector V, std::uniform_random_bit_generator G>
[[nodiscard]] V random_unit_vector(G& gen) {
    using S = scalar_t<V>;
    constexpr S two_pi = S(2) * std::numbers::pi_v<S>;
    const S angle = two_pi * uniform01<S>(gen);
    S s, c;
    detail::portable_sin_cos(angle, s, c);
    if constexpr (dimension_v<V> == 2) {
        return V(c, s);
    } else {
        const S z = S(2) * uniform01<S>(gen) - S(1);  // uniform height: Archimedes' hat-box theorem
        const S ring = std::sqrt(std::max(S(0), S(1) - z * z));
        return V(ring * c, ring * s, z);
    }
}

/// A point drawn uniformly from inside the unit disc (2D) or unit ball (3D).
template <vector V, std::uniform_random_bit_generator G>
[[nodiscard]] V random_vector_in_unit_ball(G& gen) {
    using S = scalar_t<V>;
    const S u = uniform01<S>(gen);
    const S radius = dimension_v<V> == 2 ? std::sqrt(u) : detail::portable_cbrt(u);
    return random_unit_vector<V>(gen) * radius;
}

}  // namespace steer

#endif  // STEER_RANDOM_HPP
