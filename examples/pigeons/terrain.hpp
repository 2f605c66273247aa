#ifndef PIGEONS_TERRAIN_HPP
#define PIGEONS_TERRAIN_HPP

/// @file
/// The meadow of "Pigeons in the Park": a smooth height field of three long waves, and the
/// air above it as a region for `steer::containment`.
///
/// The waves are not sines but sine-like arches of parabolas (`terrain::wave`): plain
/// arithmetic, so the ground under a bird is the same number on every platform (a C
/// library's sine differs between platforms in the last bits, docs/determinism.md), and
/// cheap, since every walking bird stands on it every frame.

#include <algorithm>
#include <cmath>

#include <steer/steer.hpp>

namespace pigeons {

using vec2 = glm::vec2;
using vec3 = glm::vec3;

/// `v` with its component along the unit `normal` removed.
[[nodiscard]] inline vec3 tangent(const vec3& v, const vec3& normal) noexcept {
    return v - normal * glm::dot(v, normal);
}
/// The horizontal unit direction of `v`, or `fallback` when `v` is vertical or zero.
[[nodiscard]] inline vec3 horizontal_direction(const vec3& v, const vec3& fallback = {1, 0, 0}) noexcept {
    const vec3 h = steer::safe_normalize(vec3(v.x, 0, v.z));
    return h == vec3(0) ? fallback : h;
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

    /// A wave of period 1 shaped like sin(2 pi t): two arches of parabolas, +1 at t = 1/4,
    /// -1 at t = 3/4, zero at 0 and 1/2. Its value and slope are continuous (so are the
    /// ground's height and normal); it is within 0.06 of the sine. `slope` gets d/dt.
    [[nodiscard]] static float wave(float t, float& slope) noexcept {
        const float g = (t - std::floor(t)) - 0.5f;  // in [-1/2, 1/2): the arch below zero first
        const float a = std::abs(g);
        slope = 32.0f * a - 8.0f;
        return -16.0f * g * (0.5f - a);
    }

    /// Height and normal under (x, z).
    [[nodiscard]] point at(float x, float z) const noexcept {
        // The three waves: along x, along z, and across the diagonal u = 0.8 x - 0.6 z.
        const float lx = wavelength, lz = 1.3f * wavelength, lu = 0.7f * wavelength;
        float dsx, dsz, dcu;
        const float sx = wave(x / lx + 0.06f, dsx);
        const float sz = wave(z / lz + 0.2f, dsz);
        const float cu = wave((0.8f * x - 0.6f * z) / lu + 0.57f, dcu);  // a quarter on: a cosine
        point p;
        p.height = amplitude * (0.6f * sx * sz + 0.4f * cu);
        // The normal from the slopes d/dx and d/dz: (-dx, 1, -dz), normalized.
        const float dx = amplitude * (0.6f * dsx / lx * sz + 0.4f * dcu * 0.8f / lu);
        const float dz = amplitude * (0.6f * sx * dsz / lz - 0.4f * dcu * 0.6f / lu);
        p.normal = vec3(-dx, 1, -dz) / std::sqrt(dx * dx + 1 + dz * dz);
        return p;
    }

    /// Ground height under (x, z).
    [[nodiscard]] float height(float x, float z) const noexcept { return at(x, z).height; }
    /// Unit upward normal of the ground under (x, z).
    [[nodiscard]] vec3 normal(float x, float z) const noexcept { return at(x, z).normal; }
    /// Ground point under `p` (same x and z).
    [[nodiscard]] vec3 below(const vec3& p) const noexcept { return {p.x, height(p.x, p.z), p.z}; }
    /// Height of `p` above the ground (negative underground).
    [[nodiscard]] float altitude(const vec3& p) const noexcept { return p.y - height(p.x, p.z); }
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

}  // namespace pigeons

#endif  // PIGEONS_TERRAIN_HPP
