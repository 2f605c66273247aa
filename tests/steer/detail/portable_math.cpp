// The bundled sine, cosine, arc tangent, exponential and cube root: close to the C library's, and the
// same bits on every platform (a digest of many results, computed once and checked by every
// platform CI builds: x86-64, aarch64, wasm32).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include <doctest/doctest.h>

#include <steer/detail/portable_math.hpp>

using steer::detail::portable_atan2;
using steer::detail::portable_cbrt;
using steer::detail::portable_cos;
using steer::detail::portable_exp;
using steer::detail::portable_sin;

namespace {

/// How many representable values of S lie between a and b.
template <class S>
double ulps_apart(S a, S b) {
    if (a == b) return 0;
    return static_cast<double>(std::abs(a - b)) /
           static_cast<double>(std::nextafter(std::abs(b), std::numeric_limits<S>::infinity()) - std::abs(b));
}

/// A digest of the bits of many results (FNV-1a over the bytes).
struct digest {
    std::uint64_t value = 0xcbf29ce484222325ULL;
    template <class S>
    void add(S x) {
        unsigned char bytes[sizeof(S)];
        std::memcpy(bytes, &x, sizeof x);
        for (const unsigned char b : bytes) value = (value ^ b) * 0x100000001b3ULL;
    }
};

}  // namespace

TEST_CASE_TEMPLATE("portable sine and cosine are within 2 units in the last place of the C library's", S, float, double) {
    double worst = 0;
    for (int i = -20000; i <= 20000; ++i) {
        const S x = static_cast<S>(i) * S(0.0005) * S(3.14159);  // over [-10 pi, 10 pi]
        // Near a zero of the function an ulp of the result is tiny: compare away from them.
        if (std::abs(std::sin(x)) > S(1e-3)) worst = std::max(worst, ulps_apart(portable_sin(x), std::sin(x)));
        if (std::abs(std::cos(x)) > S(1e-3)) worst = std::max(worst, ulps_apart(portable_cos(x), std::cos(x)));
    }
    CHECK(worst <= 2);
    CHECK(portable_sin(S(0)) == S(0));
    CHECK(portable_cos(S(0)) == S(1));
    CHECK(std::abs(portable_sin(S(1e7)) - std::sin(S(1e7))) < S(1e-3));  // beyond 2^20: reduced by fmod first
    CHECK(std::isnan(portable_sin(std::numeric_limits<S>::infinity())));
    CHECK(std::isnan(portable_cos(std::numeric_limits<S>::quiet_NaN())));
}

TEST_CASE_TEMPLATE("portable exp is within 2 units in the last place of the C library's, cbrt within 4", S, float, double) {
    double worst_exp = 0, worst_cbrt = 0;
    for (int i = -20000; i <= 20000; ++i) {
        const S x = static_cast<S>(i) * S(0.0035);  // [-70, 70]
        worst_exp = std::max(worst_exp, ulps_apart(portable_exp(x), std::exp(x)));
        const S y = static_cast<S>(i) * S(0.37);
        worst_cbrt = std::max(worst_cbrt, ulps_apart(portable_cbrt(y), std::cbrt(y)));
    }
    CHECK(worst_exp <= 2);
    CHECK(worst_cbrt <= 4);
    CHECK(portable_exp(S(0)) == S(1));
    CHECK(portable_exp(S(-1000)) == S(0));
    CHECK(portable_exp(S(1000)) == std::numeric_limits<S>::infinity());
    CHECK(portable_cbrt(S(8)) == S(2));
    CHECK(portable_cbrt(S(-27)) == S(-3));
    CHECK(portable_cbrt(S(0)) == S(0));
    CHECK(std::isnan(portable_exp(std::numeric_limits<S>::quiet_NaN())));
}

TEST_CASE("portable math gives the same bits on every platform") {
    // The digest of 40,000 results of each function, in float and in double. Every platform
    // the CI builds must arrive at these numbers; a change to the functions changes them
    // (then update them from any one platform: all must agree).
    digest f, d;
    for (int i = -5000; i < 5000; ++i) {
        const double x = i * 0.00731;
        f.add(portable_sin(static_cast<float>(x)));
        f.add(portable_cos(static_cast<float>(x)));
        f.add(portable_exp(static_cast<float>(x / 4)));
        f.add(portable_cbrt(static_cast<float>(x * 100)));
        d.add(portable_sin(x));
        d.add(portable_cos(x));
        d.add(portable_exp(x / 4));
        d.add(portable_cbrt(x * 100));
    }
    CHECK(f.value == 15385607810409377109ULL);
    CHECK(d.value == 14191665696797524544ULL);
}

TEST_CASE_TEMPLATE("portable atan2 is within 4 units in the last place of the C library's, 1 in float", S, float, double) {
    double worst = 0;
    for (int i = -300; i <= 300; ++i) {
        for (int j = -300; j <= 300; ++j) {
            // A grid over [-10, 10]^2, and the same grid squeezed toward each axis.
            const S y = static_cast<S>(i) * S(0.0333), x = static_cast<S>(j) * S(0.0333);
            for (const S squeeze : {S(1), S(1e-5)}) {
                worst = std::max(worst, ulps_apart(portable_atan2(y * squeeze, x), std::atan2(y * squeeze, x)));
                worst = std::max(worst, ulps_apart(portable_atan2(y, x * squeeze), std::atan2(y, x * squeeze)));
            }
        }
    }
    CHECK(worst <= (std::is_same_v<S, float> ? 1 : 4));
    // The C standard's zeros and infinities, sign included.
    const S inf = std::numeric_limits<S>::infinity();
    const S cases[][2] = {{S(0), S(0)}, {-S(0), S(0)}, {S(0), -S(0)}, {-S(0), -S(0)}, {S(1), S(0)}, {S(-1), -S(0)},
                          {S(0), S(-1)}, {-S(0), S(-1)}, {inf, inf}, {-inf, -inf}, {S(1), inf}, {S(1), -inf},
                          {-inf, S(1)}, {S(1), S(1)}, {S(-1), S(-1)}};
    for (const auto& c : cases) {
        const S mine = portable_atan2(c[0], c[1]), libm = std::atan2(c[0], c[1]);
        CHECK(ulps_apart(mine, libm) <= 1);
        CHECK(std::signbit(mine) == std::signbit(libm));
    }
    CHECK(std::isnan(portable_atan2(std::numeric_limits<S>::quiet_NaN(), S(1))));
    CHECK(std::isnan(portable_atan2(S(1), std::numeric_limits<S>::quiet_NaN())));
}

TEST_CASE("portable atan2 gives the same bits on every platform") {
    // As above: a digest computed once, which every platform CI builds must reproduce.
    digest f, d;
    for (int i = -100; i < 100; ++i) {
        for (int j = -100; j < 100; ++j) {
            const double y = i * 0.0731, x = j * 0.0377;
            f.add(portable_atan2(static_cast<float>(y), static_cast<float>(x)));
            d.add(portable_atan2(y, x));
        }
    }
    CHECK(f.value == 8900453979765371131ULL);
    CHECK(d.value == 5446021761341797805ULL);
}
