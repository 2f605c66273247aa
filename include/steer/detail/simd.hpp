#ifndef STEER_DETAIL_SIMD_HPP
#define STEER_DETAIL_SIMD_HPP

/// @file
/// A few lanes of floats processed together: the one SIMD module of the library, for the
/// crowd tier's loops (neighbor searches, flocking sums, the vehicle model in lanes) and
/// the bin lattice's blocks. Two backends with the same operations:
/// - `vector_extension_pack`: GCC/clang vector extensions at the widest width the target
///   enables (16 bytes: SSE2 on x86-64, NEON on ARM; 32 bytes when AVX is on). Portable to
///   every CPU those compilers target; no intrinsics.
/// - `array_pack`: plain arrays and loops, for other compilers (and tested everywhere).
/// Both give the same results lane by lane: they use the same IEEE operations.
///
/// The switch: `STEER_DETAIL_HAS_VECTOR_EXTENSIONS` (1 with GCC and clang, 0 elsewhere)
/// selects the vector extensions; defined to 0 before any steer header, every loop of the
/// library (the flock's, the bin lattice's) runs on plain arrays instead. The results are
/// the same bits either way (docs/determinism.md).
///
/// Code whose layout or width depends on the target lives in an inline namespace named
/// after it (`avx`, `sse2`, `neon`, `wasm_simd128`, `generic_vectors`, `scalar`), so that
/// two translation units built for different targets never share a mangled name.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#ifndef STEER_DETAIL_HAS_VECTOR_EXTENSIONS
#if defined(__GNUC__) || defined(__clang__)
#define STEER_DETAIL_HAS_VECTOR_EXTENSIONS 1
#else
#define STEER_DETAIL_HAS_VECTOR_EXTENSIONS 0
#endif
#endif

#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS && defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#include <bit>
#endif

// The target the lanes are compiled for: the name of the inline namespace below.
#if !STEER_DETAIL_HAS_VECTOR_EXTENSIONS
#define STEER_DETAIL_SIMD_TARGET scalar
#elif defined(__AVX__)
#define STEER_DETAIL_SIMD_TARGET avx
#elif defined(__SSE2__)
#define STEER_DETAIL_SIMD_TARGET sse2
#elif defined(__ARM_NEON)
#define STEER_DETAIL_SIMD_TARGET neon
#elif defined(__wasm_simd128__)
#define STEER_DETAIL_SIMD_TARGET wasm_simd128
#else
#define STEER_DETAIL_SIMD_TARGET generic_vectors
#endif
// AVX chosen at run time: in a build for SSE2 on x86-64, the flock's loops also get a copy
// compiled for AVX (`avx_pack`: 8 float lanes, 4 double ones), run where the CPU has it. The
// lanes give the same bits at any width (docs/determinism.md). Defining
// STEER_DETAIL_NO_AVX_DISPATCH before any steer header turns it off.
#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS && defined(__x86_64__) && defined(__SSE2__) && !defined(__AVX__) && \
    !defined(STEER_DETAIL_NO_AVX_DISPATCH)
#define STEER_DETAIL_AVX_DISPATCH 1
/// A function compiled for AVX, everything it calls inlined into it: the packs of AVX never
/// cross a call into code built for SSE2.
#define STEER_DETAIL_AVX_ENTRY __attribute__((target("avx"), flatten))
#else
#define STEER_DETAIL_AVX_DISPATCH 0
#endif
#define STEER_DETAIL_SIMD_STRING2(name) #name
#define STEER_DETAIL_SIMD_STRING(name) STEER_DETAIL_SIMD_STRING2(name)

namespace steer::detail::simd {
inline namespace STEER_DETAIL_SIMD_TARGET {

/// The instruction set the lanes are compiled for (the inline namespace's name): "avx",
/// "sse2", "neon", "wasm_simd128", "generic_vectors" (vector extensions the compiler
/// lowers to what the target has) or "scalar" (plain arrays).
inline constexpr const char* target = STEER_DETAIL_SIMD_STRING(STEER_DETAIL_SIMD_TARGET);

/// The width, in bytes, of the packs the target runs natively.
#if defined(__AVX__)
inline constexpr std::size_t native_bytes = 32;
#else
inline constexpr std::size_t native_bytes = 16;
#endif

/// The signed integer of the same size as `S`, for lane masks (all bits set = true).
template <class S>
using mask_int = std::conditional_t<sizeof(S) == 4, std::int32_t, std::int64_t>;

/// Lanes as plain arrays; every operation is a loop over the lanes.
template <class S, std::size_t W>
struct array_pack {
    static constexpr std::size_t width = W;
    using scalar = S;

    struct mask {
        mask_int<S> lane[W];
        friend mask operator&(const mask& a, const mask& b) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] & b.lane[l];
            return r;
        }
        friend mask operator|(const mask& a, const mask& b) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] | b.lane[l];
            return r;
        }
        friend mask operator~(const mask& a) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = ~a.lane[l];
            return r;
        }
    };
    struct pack {
        S lane[W];
        friend pack operator-(const pack& a) noexcept {
            pack r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = -a.lane[l];
            return r;
        }
        friend pack operator+(const pack& a, const pack& b) noexcept {
            pack r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] + b.lane[l];
            return r;
        }
        friend pack operator-(const pack& a, const pack& b) noexcept {
            pack r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] - b.lane[l];
            return r;
        }
        friend pack operator*(const pack& a, const pack& b) noexcept {
            pack r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] * b.lane[l];
            return r;
        }
        friend pack operator/(const pack& a, const pack& b) noexcept {
            pack r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] / b.lane[l];
            return r;
        }
        friend mask operator<=(const pack& a, const pack& b) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] <= b.lane[l] ? -1 : 0;
            return r;
        }
        friend mask operator>=(const pack& a, const pack& b) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] >= b.lane[l] ? -1 : 0;
            return r;
        }
        friend mask operator<(const pack& a, const pack& b) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] < b.lane[l] ? -1 : 0;
            return r;
        }
        friend mask operator>(const pack& a, const pack& b) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] > b.lane[l] ? -1 : 0;
            return r;
        }
        friend mask operator==(const pack& a, const pack& b) noexcept {
            mask r;
            for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] == b.lane[l] ? -1 : 0;
            return r;
        }
    };

    [[nodiscard]] static pack broadcast(S s) noexcept {
        pack r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = s;
        return r;
    }
    [[nodiscard]] static pack zero() noexcept { return broadcast(S(0)); }
    [[nodiscard]] static pack load(const S* p) noexcept {
        pack r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = p[l];
        return r;
    }
    /// Lane `l` of `p`.
    [[nodiscard]] static S lane(const pack& p, std::size_t l) noexcept { return p.lane[l]; }
    [[nodiscard]] static mask broadcast_mask(bool b) noexcept {
        mask r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = b ? -1 : 0;
        return r;
    }
    /// Lanes whose index is below `n`.
    [[nodiscard]] static mask first(std::size_t n) noexcept {
        mask r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = l < n ? -1 : 0;
        return r;
    }
    /// The larger of each pair of lanes (`b` when they compare unordered).
    [[nodiscard]] static pack max(const pack& a, const pack& b) noexcept {
        pack r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = a.lane[l] > b.lane[l] ? a.lane[l] : b.lane[l];
        return r;
    }
    /// `a` where `m` is set, zero elsewhere.
    [[nodiscard]] static pack select(const mask& m, const pack& a) noexcept {
        pack r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = m.lane[l] ? a.lane[l] : S(0);
        return r;
    }
    /// The square root of each lane (correctly rounded, as std::sqrt).
    [[nodiscard]] static pack sqrt(const pack& a) noexcept {
        pack r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = std::sqrt(a.lane[l]);
        return r;
    }
    /// `a` where `m` is set, `b` elsewhere.
    [[nodiscard]] static pack select(const mask& m, const pack& a, const pack& b) noexcept {
        pack r;
        for (std::size_t l = 0; l < W; ++l) r.lane[l] = m.lane[l] ? a.lane[l] : b.lane[l];
        return r;
    }
    /// Lane l of `out[c]` is `records[index[l] * Stride + c]`: the first K scalars of the
    /// records of Stride scalars that `index` names, one record per lane.
    template <std::size_t K, std::size_t Stride>
    static void gather_records(const S* records, const std::uint32_t* index, pack (&out)[K]) noexcept {
        for (std::size_t l = 0; l < W; ++l)
            for (std::size_t c = 0; c < K; ++c) out[c].lane[l] = records[index[l] * Stride + c];
    }
    /// Bit l is set when lane l of `m` is.
    [[nodiscard]] static unsigned bits(const mask& m) noexcept {
        unsigned r = 0;
        for (std::size_t l = 0; l < W; ++l) r |= (m.lane[l] != 0 ? 1u : 0u) << l;
        return r;
    }
    /// The lanes' sum, by halves: the upper half of the lanes is added to the lower half
    /// until one lane is left (a fixed order: the same bits on every run and backend).
    [[nodiscard]] static S sum(pack a) noexcept {
        for (std::size_t half = W / 2; half > 0; half /= 2)
            for (std::size_t l = 0; l < half; ++l) a.lane[l] += a.lane[l + half];
        return a.lane[0];
    }
    /// The number of set lanes of a counter made by subtracting masks (see `count`).
    [[nodiscard]] static mask zero_count() noexcept { return broadcast_mask(false); }
    /// Adds one to each lane of `counter` where `m` is set.
    static void count(mask& counter, const mask& m) noexcept {
        for (std::size_t l = 0; l < W; ++l) counter.lane[l] -= m.lane[l];
    }
    [[nodiscard]] static S total(const mask& counter) noexcept {
        mask_int<S> t = 0;
        for (std::size_t l = 0; l < W; ++l) t += counter.lane[l];
        return static_cast<S>(t);
    }
};

/// For each 8-bit lane mask: the positions of its set bits, in order, then zeros; and how
/// many bits are set. 8 KB, built by the compiler.
struct set_lane_table {
    std::uint32_t lanes[256][8] = {};
    std::uint8_t count[256] = {};
    constexpr set_lane_table() noexcept {
        for (unsigned bits = 0; bits < 256; ++bits)
            for (std::uint32_t l = 0; l < 8; ++l)
                if ((bits >> l) & 1u) lanes[bits][count[bits]++] = l;
    }
};
inline constexpr set_lane_table set_lanes{};

/// Writes `first + l` for every set bit l of `bits` (lanes `0..width-1`; no bit set
/// beyond them) to `out`, in order, and returns how many it wrote. Writes up to 8
/// entries past them (scratch).
inline std::size_t compress_indices(unsigned bits, std::size_t width, std::uint32_t first,
                                    std::uint32_t* out) noexcept {
    std::size_t written = 0;
#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS
    typedef std::uint32_t four __attribute__((vector_size(16)));
    const four base = four{} + first;  // broadcast once, not per group
#endif
    for (std::size_t group = 0; group < width; group += 8) {
        const unsigned byte = (bits >> group) & 255u;
        const std::uint32_t* lanes = set_lanes.lanes[byte];
#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS
        // Two loads, two additions and two stores for 8 lanes.
        const four offset = base + static_cast<std::uint32_t>(group);
        four low, high;
        std::memcpy(&low, lanes, sizeof low);
        std::memcpy(&high, lanes + 4, sizeof high);
        low += offset;
        high += offset;
        std::memcpy(out + written, &low, sizeof low);
        std::memcpy(out + written + 4, &high, sizeof high);
#else
        for (std::size_t l = 0; l < 8; ++l) out[written + l] = first + static_cast<std::uint32_t>(group) + lanes[l];
#endif
        written += set_lanes.count[byte];
    }
    return written;
}

#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS

/// Lanes as a GCC/clang vector type of `Bytes` bytes.
template <class S, std::size_t Bytes = native_bytes>
struct vector_extension_pack {
    static constexpr std::size_t width = Bytes / sizeof(S);
    using scalar = S;
    typedef S pack __attribute__((vector_size(Bytes)));
    typedef mask_int<S> mask __attribute__((vector_size(Bytes)));

    /// `s` in every lane, bit for bit: s - 0, one shuffle (0 + s would add, and make -0 +0).
    [[nodiscard]] static pack broadcast(S s) noexcept { return s - pack{}; }
    [[nodiscard]] static pack zero() noexcept { return pack{}; }
    [[nodiscard]] static pack load(const S* p) noexcept {
        pack r;
        std::memcpy(&r, p, sizeof r);
        return r;
    }
    [[nodiscard]] static S lane(const pack& p, std::size_t l) noexcept { return p[l]; }
    [[nodiscard]] static mask broadcast_mask(bool b) noexcept { return mask{} + (b ? -1 : 0); }
    [[nodiscard]] static mask first(std::size_t n) noexcept {
        mask iota;
        for (std::size_t l = 0; l < width; ++l) iota[l] = static_cast<mask_int<S>>(l);
        const auto limit = static_cast<mask_int<S>>(n < width ? n : width);
        return iota < limit;
    }
    [[nodiscard]] static pack max(const pack& a, const pack& b) noexcept { return a > b ? a : b; }
    [[nodiscard]] static pack select(const mask& m, const pack& a) noexcept { return m ? a : pack{}; }
    [[nodiscard]] static pack select(const mask& m, const pack& a, const pack& b) noexcept { return m ? a : b; }
    [[nodiscard]] static pack sqrt(const pack& a) noexcept {
        // One instruction on x86 (the lane loop below is not vectorized while std::sqrt
        // may set errno); the IEEE square root either way, so the lanes agree bit for bit.
#if defined(__SSE2__)
        if constexpr (std::is_same_v<S, float> && Bytes == 16) return __builtin_ia32_sqrtps(a);
        if constexpr (std::is_same_v<S, double> && Bytes == 16) return __builtin_ia32_sqrtpd(a);
#endif
#if defined(__AVX__)
        if constexpr (std::is_same_v<S, float> && Bytes == 32) return __builtin_ia32_sqrtps256(a);
        if constexpr (std::is_same_v<S, double> && Bytes == 32) return __builtin_ia32_sqrtpd256(a);
#endif
#if defined(__ARM_NEON) && defined(__aarch64__)
        if constexpr (std::is_same_v<S, float> && Bytes == 16)
            return std::bit_cast<pack>(vsqrtq_f32(std::bit_cast<float32x4_t>(a)));
        if constexpr (std::is_same_v<S, double> && Bytes == 16)
            return std::bit_cast<pack>(vsqrtq_f64(std::bit_cast<float64x2_t>(a)));
#endif
        pack r = a;
        for (std::size_t l = 0; l < width; ++l) r[l] = std::sqrt(a[l]);
        return r;
    }
    template <std::size_t K, std::size_t Stride>
    static void gather_records(const S* records, const std::uint32_t* index, pack (&out)[K]) noexcept {
        if constexpr (width == 4 && (K == 4 || K == 6) && (Stride == 4 || Stride == 8)) {
            // Four records, read 4 scalars at a time and transposed by shuffles: a third of
            // the instructions of a lane-by-lane gather.
            const auto transpose = [](const pack& a, const pack& b, const pack& c, const pack& d, pack* to,
                                      std::size_t rows) {
                const pack ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5);
                const pack cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5);
                to[0] = __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5);
                to[1] = __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7);
                if (rows > 2) {
                    const pack ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7);
                    const pack cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
                    to[2] = __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5);
                    to[3] = __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7);
                }
            };
            const S* r0 = records + index[0] * Stride;
            const S* r1 = records + index[1] * Stride;
            const S* r2 = records + index[2] * Stride;
            const S* r3 = records + index[3] * Stride;
            transpose(load(r0), load(r1), load(r2), load(r3), out, 4);
            if constexpr (K == 6) transpose(load(r0 + 4), load(r1 + 4), load(r2 + 4), load(r3 + 4), out + 4, 2);
        } else {
            for (std::size_t c = 0; c < K; ++c) {  // lanes gathered in an array, then copied whole
                S lanes[width];
                for (std::size_t l = 0; l < width; ++l) lanes[l] = records[index[l] * Stride + c];
                std::memcpy(&out[c], lanes, sizeof(pack));
            }
        }
    }
    [[nodiscard]] static unsigned bits(const mask& m) noexcept {
#if defined(__SSE2__)
        // One instruction on x86 (clang finds it in the loop below, GCC does not).
        if constexpr (std::is_same_v<S, float> && Bytes == 16)
            return static_cast<unsigned>(__builtin_ia32_movmskps(reinterpret_cast<pack>(m)));
        if constexpr (std::is_same_v<S, double> && Bytes == 16)
            return static_cast<unsigned>(__builtin_ia32_movmskpd(reinterpret_cast<pack>(m)));
#endif
#if defined(__AVX__)
        if constexpr (std::is_same_v<S, float> && Bytes == 32)
            return static_cast<unsigned>(__builtin_ia32_movmskps256(reinterpret_cast<pack>(m)));
        if constexpr (std::is_same_v<S, double> && Bytes == 32)
            return static_cast<unsigned>(__builtin_ia32_movmskpd256(reinterpret_cast<pack>(m)));
#endif
        unsigned r = 0;
        for (std::size_t l = 0; l < width; ++l) r |= (m[l] != 0 ? 1u : 0u) << l;
        return r;
    }
    [[nodiscard]] static S sum(pack a) noexcept {
        // By halves, as array_pack::sum: a shuffle and an addition per halving.
        if constexpr (width == 8) {
            a += __builtin_shufflevector(a, a, 4, 5, 6, 7, 0, 1, 2, 3);
            a += __builtin_shufflevector(a, a, 2, 3, 0, 1, 4, 5, 6, 7);
        } else if constexpr (width == 4) {
            a += __builtin_shufflevector(a, a, 2, 3, 0, 1);
        } else {
            static_assert(width == 2, "packs of 2, 4 or 8 lanes");
        }
        return a[0] + a[1];
    }
    [[nodiscard]] static mask zero_count() noexcept { return mask{}; }
    static void count(mask& counter, const mask& m) noexcept { counter -= m; }
    [[nodiscard]] static S total(const mask& counter) noexcept {
        mask_int<S> t = 0;
        for (std::size_t l = 0; l < width; ++l) t += counter[l];
        return static_cast<S>(t);
    }
};

/// The backend the library uses: vector extensions where the compiler has them.
template <class S>
using native_pack = vector_extension_pack<S>;
/// Four lanes whatever the target (the bin lattice's blocks hold four entries): a vector
/// where the target has registers that wide, plain arrays where not (four doubles without
/// AVX, whose vectors would change how functions pass them).
template <class S>
using four_pack = std::conditional_t<4 * sizeof(S) <= native_bytes, vector_extension_pack<S, 4 * sizeof(S)>,
                                     array_pack<S, 4>>;
#if STEER_DETAIL_AVX_DISPATCH
/// Whether the CPU (and the operating system) runs AVX: then `avx_pack` may run.
inline bool avx_available() noexcept {
    static const bool available = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx") != 0;
    }();
    return available;
}

/// Lanes of AVX (32 bytes) in a build for SSE2, for code inlined into a STEER_DETAIL_AVX_ENTRY
/// function and run only where `avx_available`: the operations of `vector_extension_pack`,
/// the same IEEE operations lane by lane, with each vector wrapped in a struct (a bare
/// 32-byte vector passed or returned by a function built without AVX draws g++'s and clang's
/// -Wpsabi, and this code is built without it) and without the builtins that need AVX
/// outside an AVX function (square roots and lane masks by halves of SSE).
template <class S>
struct avx_pack {
    static constexpr std::size_t width = 32 / sizeof(S);
    using scalar = S;
    typedef S raw_pack __attribute__((vector_size(32)));
    typedef mask_int<S> raw_mask __attribute__((vector_size(32)));
    using half = vector_extension_pack<S, 16>;

    struct mask {
        raw_mask v;
        friend mask operator&(const mask& a, const mask& b) noexcept { return {a.v & b.v}; }
        friend mask operator|(const mask& a, const mask& b) noexcept { return {a.v | b.v}; }
        friend mask operator~(const mask& a) noexcept { return {~a.v}; }
    };
    struct pack {
        raw_pack v;
        friend pack operator-(const pack& a) noexcept { return {-a.v}; }
        friend pack operator+(const pack& a, const pack& b) noexcept { return {a.v + b.v}; }
        friend pack operator-(const pack& a, const pack& b) noexcept { return {a.v - b.v}; }
        friend pack operator*(const pack& a, const pack& b) noexcept { return {a.v * b.v}; }
        friend pack operator/(const pack& a, const pack& b) noexcept { return {a.v / b.v}; }
        friend mask operator<=(const pack& a, const pack& b) noexcept { return {a.v <= b.v}; }
        friend mask operator>=(const pack& a, const pack& b) noexcept { return {a.v >= b.v}; }
        friend mask operator<(const pack& a, const pack& b) noexcept { return {a.v < b.v}; }
        friend mask operator>(const pack& a, const pack& b) noexcept { return {a.v > b.v}; }
        friend mask operator==(const pack& a, const pack& b) noexcept { return {a.v == b.v}; }
    };

    /// `s` in every lane, bit for bit (as vector_extension_pack::broadcast).
    [[nodiscard]] static pack broadcast(S s) noexcept { return {s - raw_pack{}}; }
    [[nodiscard]] static pack zero() noexcept { return {raw_pack{}}; }
    [[nodiscard]] static pack load(const S* p) noexcept {
        pack r;
        std::memcpy(&r.v, p, sizeof r.v);
        return r;
    }
    [[nodiscard]] static S lane(const pack& p, std::size_t l) noexcept { return p.v[l]; }
    [[nodiscard]] static mask broadcast_mask(bool b) noexcept { return {raw_mask{} + (b ? -1 : 0)}; }
    [[nodiscard]] static mask first(std::size_t n) noexcept {
        raw_mask iota;
        for (std::size_t l = 0; l < width; ++l) iota[l] = static_cast<mask_int<S>>(l);
        const auto limit = static_cast<mask_int<S>>(n < width ? n : width);
        return {iota < limit};
    }
    [[nodiscard]] static pack max(const pack& a, const pack& b) noexcept { return {a.v > b.v ? a.v : b.v}; }
    [[nodiscard]] static pack select(const mask& m, const pack& a) noexcept { return {m.v ? a.v : raw_pack{}}; }
    [[nodiscard]] static pack select(const mask& m, const pack& a, const pack& b) noexcept {
        return {m.v ? a.v : b.v};
    }
    [[nodiscard]] static pack sqrt(const pack& a) noexcept {
        return join(half::sqrt(low(a.v)), half::sqrt(high(a.v)));
    }
    template <std::size_t K, std::size_t Stride>
    static void gather_records(const S* records, const std::uint32_t* index, pack (&out)[K]) noexcept {
        if constexpr (half::width == 4 && (K == 4 || K == 6) && (Stride == 4 || Stride == 8)) {
            // Two gathers of four records (shuffles), joined.
            typename half::pack a[K], b[K];
            half::template gather_records<K, Stride>(records, index, a);
            half::template gather_records<K, Stride>(records, index + 4, b);
            for (std::size_t c = 0; c < K; ++c) out[c] = join(a[c], b[c]);
        } else {
            for (std::size_t c = 0; c < K; ++c)
                for (std::size_t l = 0; l < width; ++l) out[c].v[l] = records[index[l] * Stride + c];
        }
    }
    [[nodiscard]] static unsigned bits(const mask& m) noexcept {
        const raw_pack p = reinterpret_cast<raw_pack>(m.v);
        return half::bits(reinterpret_cast<typename half::mask>(low(p))) |
               half::bits(reinterpret_cast<typename half::mask>(high(p))) << (width / 2);
    }
    [[nodiscard]] static S sum(const pack& a) noexcept {
        // By halves, as vector_extension_pack::sum.
        raw_pack r = a.v;
        if constexpr (width == 8) {
            r += __builtin_shufflevector(r, r, 4, 5, 6, 7, 0, 1, 2, 3);
            r += __builtin_shufflevector(r, r, 2, 3, 0, 1, 4, 5, 6, 7);
        } else {
            r += __builtin_shufflevector(r, r, 2, 3, 0, 1);
        }
        return r[0] + r[1];
    }
    [[nodiscard]] static mask zero_count() noexcept { return {raw_mask{}}; }
    static void count(mask& counter, const mask& m) noexcept { counter.v -= m.v; }
    [[nodiscard]] static S total(const mask& counter) noexcept {
        mask_int<S> t = 0;
        for (std::size_t l = 0; l < width; ++l) t += counter.v[l];
        return static_cast<S>(t);
    }

private:
    // Halves of 16 bytes: what SSE2 code may hold, and what the AVX code joins.
    [[nodiscard]] static typename half::pack low(const raw_pack& a) noexcept {
        if constexpr (width == 8) return __builtin_shufflevector(a, a, 0, 1, 2, 3);
        else return __builtin_shufflevector(a, a, 0, 1);
    }
    [[nodiscard]] static typename half::pack high(const raw_pack& a) noexcept {
        if constexpr (width == 8) return __builtin_shufflevector(a, a, 4, 5, 6, 7);
        else return __builtin_shufflevector(a, a, 2, 3);
    }
    [[nodiscard]] static pack join(const typename half::pack& a, const typename half::pack& b) noexcept {
        if constexpr (width == 8) return {__builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7)};
        else return {__builtin_shufflevector(a, b, 0, 1, 2, 3)};
    }
};

/// `f.template operator()<avx_pack<S>>()`, compiled for AVX with all it calls.
template <class S, class F>
STEER_DETAIL_AVX_ENTRY void run_in_avx(F& f) {
    f.template operator()<avx_pack<S>>();
}
#endif
#else
template <class S>
using native_pack = array_pack<S, native_bytes / sizeof(S)>;
template <class S>
using four_pack = array_pack<S, 4>;
#endif

/// Where AVX is chosen at run time (STEER_DETAIL_AVX_DISPATCH: a build for SSE2 on x86-64)
/// and the CPU has it: calls `f.template operator()<P>()` with P the AVX lanes of S, compiled
/// for AVX, and returns true. Elsewhere returns false, and the caller runs its own lanes.
/// (The same tokens in every build: code that calls it is the same in every translation unit.)
template <class S, class F>
bool run_in_wider_lanes([[maybe_unused]] F&& f) {
#if STEER_DETAIL_AVX_DISPATCH
    if (avx_available()) {
        run_in_avx<S>(f);
        return true;
    }
#endif
    return false;
}

}  // namespace STEER_DETAIL_SIMD_TARGET
}  // namespace steer::detail::simd

#endif  // STEER_DETAIL_SIMD_HPP
