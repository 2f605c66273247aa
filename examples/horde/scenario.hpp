#ifndef STEER_EXAMPLES_HORDE_SCENARIO_HPP
#define STEER_EXAMPLES_HORDE_SCENARIO_HPP

/// @file
/// A horde of units of mixed sizes chasing a moving target: do their bodies keep apart?
/// 2,000 units (radii drawn from 0.3 to 0.9 m, top speed 3 m/s, max_force 6) start on a
/// jittered grid 2.2 m apart, west of a target that circles the origin at 1.5 m/s on a
/// ring of 25 m. Each unit steers by a truncated sum of separation (first, weight 1: the
/// blend docs/behaviors.md recommends for bodies) and seek toward the target, on a
/// `steer::crowd` at 60 Hz; the weight and the separation distance can be changed (the
/// crowds of docs/world.md give separation 0.6 within 1.5 m). Separation measures either
/// between centers (the paper's way) or between bodies (the gap between surfaces, with a
/// personal space of 1 m). A run counts, after every step, the
/// pairs of bodies more than 10% into each other (the depth, radii's sum minus distance,
/// over the radii's sum, as docs/behaviors.md measures overlap), and the deepest pair.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include <steer/steer.hpp>

namespace horde {

using vec = glm::vec2;

/// What a run is made of.
struct settings {
    int units = 2000;
    float seconds = 60;
    int hz = 60;
    std::uint64_t seed = 1;
    float min_radius = 0.3f, max_radius = 0.9f;
    float spacing = 2.2f;                   ///< of the starting grid, m
    float max_speed = 3, max_force = 6;
    float target_speed = 1.5f, target_ring = 25;
    float separation_weight = 1;            ///< in the truncated sum, before seek (weight 1)
    float separation_distance = 3;          ///< separation's neighborhood (and the crowd's search), m
    bool bodies = false;                    ///< separation between bodies, not centers
    float personal_space = 1;               ///< with `bodies`, m
};

/// What a run measured.
struct figures {
    long long pair_frames_over_10 = 0;  ///< pair-steps with bodies more than 10% into each other
    long long pair_frames_over_1 = 0;   ///< more than 1%
    double deepest = 0;                 ///< the deepest overlap, a share of the radii's sum (0: never touching)
    double mean_distance_to_target = 0; ///< at the end, over the units, m
    double ns_per_agent_step = 0;       ///< the crowd's step, neighbor search included (not the counting)
};

/// The target: on the ring, turned by a fixed small angle each step (the rotation from
/// short series, not the C library's cos and sin: the same bits on every platform).
struct target_path {
    double x, y, c, sn;
    explicit target_path(const settings& s)
        : x(static_cast<double>(s.target_ring)), y(0) {
        const double h = static_cast<double>(s.target_speed) / (static_cast<double>(s.target_ring) * s.hz);
        c = 1 - h * h / 2 + h * h * h * h / 24;
        sn = h - h * h * h / 6 + h * h * h * h * h / 120;
    }
    [[nodiscard]] vec at() const { return {static_cast<float>(x), static_cast<float>(y)}; }
    void advance() {
        const double nx = x * c - y * sn, ny = y * c + x * sn;
        x = nx;
        y = ny;
    }
};

/// Runs the horde; `on_step(t, crowd, target)` after each step (for pictures).
template <class OnStep>
figures run(const settings& s, OnStep&& on_step) {
    steer::crowd<vec> units;
    steer::rng gen(s.seed);
    const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(s.units))));
    const float width = static_cast<float>(columns - 1) * s.spacing;
    for (int i = 0; i < s.units; ++i) {
        const float jitter_x = steer::uniform<float>(gen, -0.1f, 0.1f) * s.spacing;
        const float jitter_y = steer::uniform<float>(gen, -0.1f, 0.1f) * s.spacing;
        const vec at{s.target_ring - 0.5f * width + static_cast<float>(i % columns) * s.spacing + jitter_x,
                     -5.0f - width + static_cast<float>(i / columns) * s.spacing + jitter_y};
        units.add({.position = at,
                   .radius = steer::uniform<float>(gen, s.min_radius, s.max_radius),
                   .max_force = s.max_force,
                   .max_speed = s.max_speed});
    }
    const float dt = 1.0f / static_cast<float>(s.hz);
    const steer::neighborhood<vec> near{.max_distance = s.separation_distance};
    const steer::separation_params<vec> spacing{.bodies = s.bodies, .personal_space = s.personal_space};
    figures f;
    const int steps = static_cast<int>(s.seconds * static_cast<float>(s.hz));
    double stepping_seconds = 0;
    target_path path(s);
    const steer::crowd<vec>& seen = units;  // read-only views: reading marks nothing stale
    for (int step = 1; step <= steps; ++step) {
        const vec target = path.at();
        const auto think = [&](steer::crowd_id, const steer::vehicle2& self, const auto& neighbors) {
            return steer::truncated_sum(
                self.max_force(),
                steer::weighted(s.separation_weight, [&] { return steer::separation(self, neighbors, near, spacing); }),
                steer::weighted(1.0f, [&] { return steer::seek(self, target); }));
        };
        const auto begin = std::chrono::steady_clock::now();
        units.step(dt, s.separation_distance, think);
        stepping_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        // Every pair within reach of each other, once (by handle).
        const auto agents = seen.vehicles();
        const auto ids = seen.ids();
        for (std::size_t i = 0; i < agents.size(); ++i) {
            const steer::vehicle2& a = agents[i];
            units.for_each_within(a.position(), a.radius() + s.max_radius, [&](steer::crowd_id other, float d2) {
                if (other.index <= ids[i].index) return;
                const double reach = static_cast<double>(a.radius()) + static_cast<double>(seen.agent(other).radius());
                const double depth = (reach - std::sqrt(static_cast<double>(d2))) / reach;
                f.deepest = std::max(f.deepest, depth);
                if (depth > 0.01) ++f.pair_frames_over_1;
                if (depth > 0.10) ++f.pair_frames_over_10;
            });
        }
        path.advance();
        on_step(static_cast<double>(step) * static_cast<double>(dt), seen, path.at());
    }
    const vec target = path.at();
    for (const steer::vehicle2& a : seen.vehicles())
        f.mean_distance_to_target += static_cast<double>(glm::distance(a.position(), target));
    f.mean_distance_to_target /= static_cast<double>(s.units);
    f.ns_per_agent_step = 1e9 * stepping_seconds / (static_cast<double>(steps) * static_cast<double>(s.units));
    return f;
}

/// Runs the horde.
inline figures run(const settings& s) {
    return run(s, [](double, const steer::crowd<vec>&, vec) {});
}

}  // namespace horde

#endif  // STEER_EXAMPLES_HORDE_SCENARIO_HPP
