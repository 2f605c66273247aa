#ifndef PIGEONS_HAND_TUNED_TERRAIN_HPP
#define PIGEONS_HAND_TUNED_TERRAIN_HPP

/// @file
/// The meadow of "Pigeons in the Park": a smooth height field of three long waves, and the
/// air above it as a region for `steer::containment`. Every walking bird stands on it every
/// frame, so `terrain` evaluates it for a SIMD pack of points at a time as well as for one
/// point, with the same arithmetic (and so the same numbers) either way.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <numbers>
#include <span>

#include <steer/steer.hpp>

namespace pigeons_hand_tuned {

using vec2 = glm::vec2;
using vec3 = glm::vec3;

/// One float seen as a pack of one lane: the terrain's code, written for packs, then
/// serves one point with the very operations it performs in each lane of many.
struct one_lane {
    static constexpr std::size_t width = 1;
    using pack = float;
    using mask = bool;
    [[nodiscard]] static float broadcast(float s) noexcept { return s; }
    [[nodiscard]] static float select(bool m, float a, float b) noexcept { return m ? a : b; }
    [[nodiscard]] static float sqrt(float a) noexcept { return std::sqrt(a); }
};

/// sin(x) and cos(x) of each lane, by arithmetic alone (no library call, no branch), so
/// that a pack of lanes costs little more than one: x = r + n pi with r in [-pi/2, pi/2]
/// (pi in three parts), the series of sin r and cos r to the terms in r^13 and r^12
/// (truncation error below 1e-9 there), and the sign (-1)^n. Within 3e-7 of the exact
/// values for |x| <= 10^5, which covers the phases of a park 50 km across; a larger |x|
/// (or a NaN) is clamped into that range first.
template <class L>
STEER_DETAIL_ALWAYS_INLINE inline void sine_cosine(typename L::pack x, typename L::pack& sine,
                                                   typename L::pack& cosine) noexcept {
    using pack = typename L::pack;
    const auto c = [](float v) { return L::broadcast(v); };
    constexpr float limit = 1e5f;
    x = L::select(x < c(limit), x, c(limit));
    x = L::select(x > c(-limit), x, c(-limit));
    // Rounding to the nearest integer by adding and subtracting 1.5 * 2^23: exact for |t| < 2^22.
    const auto nearest = [&](const pack& t) { return (t + c(12582912.0f)) - c(12582912.0f); };
    const pack n = nearest(x * c(std::numbers::inv_pi_v<float>));
    // pi = 3.140625 + 507 / 2^19 + the rest: the first two parts have 8 and 9 significant
    // bits, so n times each is exact for the |n| < 2^15 that occur.
    const pack r = ((x - n * c(3.140625f)) - n * c(9.670257568359375e-4f)) - n * c(6.278329465203569e-7f);
    const pack r2 = r * r;
    const pack s = r + r * r2 * (c(-1.0f / 6) + r2 * (c(1.0f / 120) + r2 * (c(-1.0f / 5040) + r2 * (c(1.0f / 362880) +
                   r2 * (c(-1.0f / 39916800) + r2 * c(1.0f / 6227020800))))));
    const pack k = c(1) + r2 * (c(-1.0f / 2) + r2 * (c(1.0f / 24) + r2 * (c(-1.0f / 720) + r2 * (c(1.0f / 40320) +
                   r2 * (c(-1.0f / 3628800) + r2 * c(1.0f / 479001600))))));
    // n is even when half of it is a whole number.
    const pack half = n * c(0.5f);
    const pack sign = L::select(half == nearest(half), c(1), c(-1));
    sine = s * sign;
    cosine = k * sign;
}

/// The meadow: a smooth height field `y = height(x, z)` made of a few long waves.
struct terrain {
    float amplitude = 0.6f;    ///< metres; the hills are at most this high (and the hollows this deep)
    float wavelength = 16.0f;  ///< metres between crests of the main wave

    /// The ground under a point: its height and its unit upward normal.
    struct point {
        float height = 0;
        vec3 normal{0, 1, 0};
    };

    /// Ground height under (x, z) (without the normal's square root and division).
    [[nodiscard]] float height(float x, float z) const noexcept {
        return height_of<one_lane>(waves_at<one_lane>(x, z));
    }
    /// Ground point under `p` (same x and z).
    [[nodiscard]] vec3 below(const vec3& p) const noexcept { return {p.x, height(p.x, p.z), p.z}; }
    /// Height of `p` above the ground (negative underground).
    [[nodiscard]] float altitude(const vec3& p) const noexcept { return p.y - height(p.x, p.z); }
    /// Unit upward normal of the ground under (x, z).
    [[nodiscard]] vec3 normal(float x, float z) const noexcept { return at(x, z).normal; }
    /// Height and normal under (x, z) at once.
    [[nodiscard]] point at(float x, float z) const noexcept {
        const waves<one_lane> w = waves_at<one_lane>(x, z);
        point p;
        p.height = height_of<one_lane>(w);
        normal_of<one_lane>(w, p.normal.x, p.normal.y, p.normal.z);
        return p;
    }

    /// The ground under many points, a SIMD pack of them at a time (what the walking birds
    /// need every frame): `heights[i]` and `normals[i]` under (x[i], z[i]), the same numbers
    /// as `at(x[i], z[i])` gives, for every i that all four spans have.
    void at(std::span<const float> x, std::span<const float> z, std::span<float> heights,
            std::span<vec3> normals) const noexcept {
        using L = steer::detail::simd::native_pack<float>;
        using pack = L::pack;
        constexpr std::size_t W = L::width;
        const std::size_t count = std::min({x.size(), z.size(), heights.size(), normals.size()});
        for (std::size_t first = 0; first < count; first += W) {
            const std::size_t n = std::min(W, count - first);
            // A last pack that is not full computes its unused lanes at (0, 0).
            float padded[2][W] = {};
            std::copy_n(x.data() + first, n, padded[0]);
            std::copy_n(z.data() + first, n, padded[1]);
            const pack xs = L::load(padded[0]), zs = L::load(padded[1]);
            const waves<L> w = waves_at<L>(xs, zs);
            const pack h = height_of<L>(w);
            pack nx, ny, nz;
            normal_of<L>(w, nx, ny, nz);
            float out[4][W];
            std::memcpy(out[0], &h, sizeof h);
            std::memcpy(out[1], &nx, sizeof nx);
            std::memcpy(out[2], &ny, sizeof ny);
            std::memcpy(out[3], &nz, sizeof nz);
            for (std::size_t l = 0; l < n; ++l) {
                heights[first + l] = out[0][l];
                normals[first + l] = {out[1][l], out[2][l], out[3][l]};
            }
        }
    }

private:
    /// The sines and cosines of the three waves' phases under (x, z), lane by lane.
    template <class L>
    struct waves {
        typename L::pack sin_x, cos_x, sin_z, cos_z, sin_u, cos_u;
    };
    template <class L>
    STEER_DETAIL_ALWAYS_INLINE waves<L> waves_at(const typename L::pack& x,
                                                 const typename L::pack& z) const noexcept {
        const auto c = [](float v) { return L::broadcast(v); };
        const auto k = wave_numbers();
        const typename L::pack u = c(0.8f) * x - c(0.6f) * z;
        waves<L> w;
        sine_cosine<L>(c(k[0]) * x + c(0.4f), w.sin_x, w.cos_x);
        sine_cosine<L>(c(k[1]) * z + c(1.3f), w.sin_z, w.cos_z);
        sine_cosine<L>(c(k[2]) * u + c(2.0f), w.sin_u, w.cos_u);
        return w;
    }
    template <class L>
    STEER_DETAIL_ALWAYS_INLINE typename L::pack height_of(const waves<L>& w) const noexcept {
        const auto c = [](float v) { return L::broadcast(v); };
        return c(amplitude) * (c(0.6f) * w.sin_x * w.sin_z + c(0.4f) * w.cos_u);
    }
    /// The unit normal from the height's slopes d/dx and d/dz: (-dx, 1, -dz), normalized.
    template <class L>
    STEER_DETAIL_ALWAYS_INLINE void normal_of(const waves<L>& w, typename L::pack& nx, typename L::pack& ny,
                                              typename L::pack& nz) const noexcept {
        using pack = typename L::pack;
        const auto c = [](float v) { return L::broadcast(v); };
        const auto k = wave_numbers();
        const pack s = c(-0.4f * k[2]) * w.sin_u;
        const pack dx = c(amplitude) * (c(0.6f * k[0]) * w.cos_x * w.sin_z + c(0.8f) * s);
        const pack dz = c(amplitude) * (c(0.6f * k[1]) * w.sin_x * w.cos_z - c(0.6f) * s);
        const pack inverse_length = c(1) / L::sqrt((dx * dx + c(1)) + dz * dz);
        nx = -dx * inverse_length;
        ny = inverse_length;
        nz = -dz * inverse_length;
    }
    [[nodiscard]] std::array<float, 3> wave_numbers() const noexcept {
        const float k = 2.0f * std::numbers::pi_v<float> / wavelength;
        return {k, k / 1.3f, k / 0.7f};
    }
};

/// The air above the ground with some clearance: a region for `steer::containment`, which
/// keeps flying birds off the ground the way it keeps them inside the enclosure.
struct air_above {
    const terrain* ground = nullptr;
    float clearance = 1;  ///< metres
};
/// Whether `p` is at least the clearance above the ground.
[[nodiscard]] inline bool contains(const air_above& a, const vec3& p) noexcept {
    return a.ground->altitude(p) >= a.clearance;
}
/// `p` raised to the clearance when it is lower (vertical, which is near enough to the
/// nearest point for hills this gentle).
[[nodiscard]] inline vec3 nearest_inside(const air_above& a, const vec3& p) noexcept {
    const float floor = a.ground->height(p.x, p.z) + a.clearance;
    return {p.x, std::max(p.y, floor), p.z};
}

}  // namespace pigeons_hand_tuned

#endif  // PIGEONS_HAND_TUNED_TERRAIN_HPP
