#ifndef STEER_DETAIL_PORTABLE_MATH_HPP
#define STEER_DETAIL_PORTABLE_MATH_HPP

/// @file
/// Sine, cosine, arc tangent, exponential and cube root by a fixed sequence of IEEE additions,
/// multiplications, divisions and exact scalings (frexp, ldexp, floor, fmod), so that every
/// platform computes the same bits; the C library's versions differ between glibc, musl
/// (WebAssembly), Apple's and Microsoft's, and compilers fold constant calls with yet
/// another. A float argument is computed in double and rounded once. Accuracy: within 2
/// units in the last place of the result, 4 for the cube root and the arc tangent in double
/// (tested against the C library).

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>

#include "determinism.hpp"

namespace steer::detail {

/// sin(x) and cos(x) in double: x = n pi/2 + r with |r| <= pi/4 (pi/2 in three parts, the
/// Cody-Waite reduction), Taylor series of r to the 17th power, and the quadrant from n.
/// Arguments beyond 2^20 are first reduced by fmod with 2 pi, which is exact.
inline void portable_sin_cos(double x, double& sine, double& cosine) noexcept {
    if (!(std::abs(x) <= std::numeric_limits<double>::max())) {  // NaN or infinite
        sine = cosine = x - x;
        return;
    }
    if (std::abs(x) > 1048576.0) x = std::fmod(x, 6.28318530717958647692);
    constexpr double two_over_pi = 6.36619772367581382433e-01;
    constexpr double pio2_1 = 1.57079632673412561417e+00;   // the first 33 bits of pi/2
    constexpr double pio2_2 = 6.07710050630396597660e-11;   // the next 33 bits
    constexpr double pio2_3 = 2.02226624879595063154e-21;   // pi/2 - pio2_1 - pio2_2
    const double n = std::floor(x * two_over_pi + 0.5);
    const double r = ((x - n * pio2_1) - n * pio2_2) - n * pio2_3;
    const double r2 = r * r;
    // Horner forms of the series r - r^3/3! + ... + r^17/17! and 1 - r^2/2! + ... + r^16/16!.
    constexpr double sine_terms[] = {-1.0 / 1307674368000.0, 1.0 / 6227020800.0, -1.0 / 39916800.0,
                                     1.0 / 362880.0, -1.0 / 5040.0, 1.0 / 120.0, -1.0 / 6.0, 1.0};
    constexpr double cosine_terms[] = {-1.0 / 87178291200.0, 1.0 / 479001600.0, -1.0 / 3628800.0, 1.0 / 40320.0,
                                       -1.0 / 720.0, 1.0 / 24.0, -1.0 / 2.0, 1.0};
    double s = 1.0 / 355687428096000.0;
    for (const double k : sine_terms) s = s * r2 + k;
    s = s * r;
    double c = 1.0 / 20922789888000.0;
    for (const double k : cosine_terms) c = c * r2 + k;
    switch (static_cast<std::int64_t>(n) & 3) {
        case 0: sine = s; cosine = c; break;
        case 1: sine = c; cosine = -s; break;
        case 2: sine = -s; cosine = -c; break;
        default: sine = -c; cosine = s; break;
    }
}

/// sin(x) and cos(x) from one evaluation: the bits of `portable_sin` and `portable_cos`.
template <std::floating_point S>
void portable_sin_cos(S x, S& sine, S& cosine) noexcept {
    double s, c;
    portable_sin_cos(static_cast<double>(x), s, c);
    sine = static_cast<S>(s);
    cosine = static_cast<S>(c);
}

/// sin(x), the same bits on every platform.
template <std::floating_point S>
[[nodiscard]] S portable_sin(S x) noexcept {
    S s, c;
    portable_sin_cos(x, s, c);
    return s;
}

/// cos(x), the same bits on every platform.
template <std::floating_point S>
[[nodiscard]] S portable_cos(S x) noexcept {
    S s, c;
    portable_sin_cos(x, s, c);
    return c;
}

/// atan2(y, x) in double: the angle of (|x|, |y|) folded into [0, pi/4] by swapping the two,
/// brought within tan(pi/8) by one halving, atan(t) = 2 atan(t / (1 + sqrt(1 + t^2)))
/// (`sqrt` is exactly rounded everywhere), then the Taylor series of the arc tangent to the
/// 43rd power; the swap and the sign of x add pi/2 or pi (each in two parts), the sign of y
/// the sign. Zeros and infinities follow the C standard's atan2.
[[nodiscard]] inline double portable_atan2(double y, double x) noexcept {
    if (x != x || y != y) return x + y;
    constexpr double pio2_hi = 1.57079632679489655800e+00, pio2_lo = 6.12323399573676603587e-17;
    constexpr double pi_hi = 3.14159265358979311600e+00, pi_lo = 1.22464679914735317720e-16;
    const double ax = std::abs(x), ay = std::abs(y);
    constexpr double huge = std::numeric_limits<double>::max();
    double angle;  // of (x, |y|), in [0, pi]
    if (ax > huge || ay > huge) {  // an infinity
        const double first = ay > huge ? (ax > huge ? pio2_hi / 2 : pio2_hi) : 0.0;
        angle = std::signbit(x) ? pi_hi - first : first;
    } else if (ay == 0.0) {
        angle = std::signbit(x) ? pi_hi : 0.0;
    } else {
        const bool swapped = ay > ax;
        double t = swapped ? ax / ay : ay / ax;
        t = t / (1.0 + std::sqrt(1.0 + t * t));
        const double t2 = t * t;
        double p = 0.0;  // 1 - t^2/3 + t^4/5 - ... - t^42/43, by Horner from the smallest term
        for (int k = 21; k >= 0; --k) p = p * t2 + (k % 2 == 0 ? 1.0 : -1.0) / static_cast<double>(2 * k + 1);
        const double a = 2.0 * (p * t);
        if (std::signbit(x)) angle = swapped ? pio2_hi + (a + pio2_lo) : pi_hi - (a - pi_lo);
        else angle = swapped ? pio2_hi - (a - pio2_lo) : a;
    }
    return std::signbit(y) ? -angle : angle;
}

/// atan2(y, x), the same bits on every platform.
template <std::floating_point S>
[[nodiscard]] S portable_atan2(S y, S x) noexcept {
    return static_cast<S>(portable_atan2(static_cast<double>(y), static_cast<double>(x)));
}

/// e^x in double: x = n ln 2 + r with |r| <= ln 2 / 2 (ln 2 in two parts), the Taylor
/// series of e^r to the 13th power, scaled by 2^n (ldexp, exact).
[[nodiscard]] inline double portable_exp(double x) noexcept {
    if (x != x) return x;
    if (x > 709.8) return std::numeric_limits<double>::infinity();
    if (x < -745.2) return 0.0;
    constexpr double log2_e = 1.44269504088896338700e+00;
    constexpr double ln2_hi = 6.93147180369123816490e-01;  // the first 32 bits of ln 2
    constexpr double ln2_lo = 1.90821492927058770002e-10;  // ln 2 - ln2_hi
    const double n = std::floor(x * log2_e + 0.5);
    const double r = (x - n * ln2_hi) - n * ln2_lo;
    constexpr double terms[] = {1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
                                1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0, 1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0,
                                0.5, 1.0, 1.0};
    double p = 1.0 / 6227020800.0;
    for (const double k : terms) p = p * r + k;
    return std::ldexp(p, static_cast<int>(n));
}

/// e^x, the same bits on every platform.
template <std::floating_point S>
[[nodiscard]] S portable_exp(S x) noexcept {
    return static_cast<S>(portable_exp(static_cast<double>(x)));
}

/// The cube root in double: x = m 2^(3k) with m in [0.5, 4), five Newton steps on m from
/// a linear guess, scaled by 2^k.
[[nodiscard]] inline double portable_cbrt(double x) noexcept {
    if (x == 0.0 || !(std::abs(x) <= std::numeric_limits<double>::max())) return x;  // 0, NaN, infinities
    int e = 0;
    const double m0 = std::frexp(std::abs(x), &e);  // |x| = m0 2^e, m0 in [0.5, 1)
    const int r = ((e % 3) + 3) % 3;
    const double m = std::ldexp(m0, r);
    double y = 0.6 + 0.25 * m;
    for (int i = 0; i < 5; ++i) y = (2.0 * y + m / (y * y)) / 3.0;
    const double root = std::ldexp(y, (e - r) / 3);
    return x < 0 ? -root : root;
}

/// The cube root, the same bits on every platform.
template <std::floating_point S>
[[nodiscard]] S portable_cbrt(S x) noexcept {
    return static_cast<S>(portable_cbrt(static_cast<double>(x)));
}

}  // namespace steer::detail

#endif  // STEER_DETAIL_PORTABLE_MATH_HPP
