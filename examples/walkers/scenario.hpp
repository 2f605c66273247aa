#ifndef STEER_EXAMPLES_WALKERS_SCENARIO_HPP
#define STEER_EXAMPLES_WALKERS_SCENARIO_HPP

/// @file
/// Walkers on a footpath: the scenario of Reynolds' path-following figure under competition.
/// A crowd walks both ways round a closed footpath (a 2D poly-line, radius 2) with rocks
/// beside it and one in it. Each walker blends, in one weighted sum, unaligned collision
/// avoidance, obstacle avoidance, path following and a little wander, at the weights
/// docs/behaviors.md recommends. The scenario measures how well path following holds its
/// tube against the rest: the share of walker-frames inside, how far outside the others are,
/// the progress along the path, and whether any two bodies (or a body and a rock) overlap.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <glm/vec2.hpp>

#include <steer/steer.hpp>

namespace walkers {

using vec = glm::vec2;

/// What a run is made of; the defaults are the scenario of the test and of the example.
struct settings {
    int walkers = 100;           ///< half walk each way
    float seconds = 60;          ///< simulated time, stepped at `hz`
    float hz = 60;               ///< steps per second
    std::uint64_t seed = 1;      ///< places the walkers and drives their wander
    float path_radius = 2;       ///< the tube's radius
    float max_speed = 1.5f;      ///< walking pace, m/s
    float max_force = 3;         ///< a walker reaches its pace in half a second
    float body_radius = 0.5f;    ///< shoulders
    float path_weight = 0.5f;    ///< weights of the blend (docs/behaviors.md, "Path following")
    float avoid_weight = 1;
    float obstacle_weight = 1;
    float wander_weight = 0.1f;
    float avoid_clearance = 0.1f;     ///< unaligned collision avoidance's clearance
    float obstacle_clearance = 0.05f; ///< obstacle avoidance's clearance
    /// Instead of the weighted sum: reciprocal avoidance (of walkers and rocks) toward the
    /// velocity path following and the wander want (steer::desired_velocity of their sum,
    /// path following at weight 1, wander at `wander_weight`).
    bool reciprocal = false;
};

/// The figures of a run. Walker-frames count every walker at every step.
struct figures {
    double inside_fraction = 0;          ///< walker-frames whose centre is inside the tube
    double mean_outside = 0;             ///< mean distance outside the tube, over the frames outside
    double progress = 0;                 ///< mean speed along the path in the walker's direction, m/s
    double closest_gap = 0;              ///< smallest distance between two bodies' surfaces (< 0: overlap)
    double closest_rock_gap = 0;         ///< smallest distance between a body and a rock
    long long overlapping_frames = 0;    ///< walker pairs overlapping, summed over frames
};

/// The footpath: a closed loop about 200 m round with corners from 45 to 135 degrees.
inline steer::pathway<vec> footpath(float radius) {
    return steer::pathway<vec>({vec(0, 0), vec(40, 0), vec(55, 15), vec(55, 40), vec(35, 40), vec(35, 55),
                                vec(0, 55), vec(-15, 30)},
                               radius, true);
}

/// The rocks: big ones just beside the tube on the outside of corners (where a walker who
/// overshoots would go), small ones at the tube's edge along the straights, and one in the
/// middle of a straight that walkers must pass on either side.
inline std::vector<steer::sphere<vec>> rocks(const steer::pathway<vec>& path) {
    std::vector<steer::sphere<vec>> out;
    const float r = path.radius();
    // Outside of corners: along the bisector, the surface 0.5 m beyond the tube.
    const auto pts = path.points();
    const std::size_t n = pts.size();
    for (std::size_t i = 0; i < n; i += 2) {
        const vec before = glm::normalize(pts[i] - pts[(i + n - 1) % n]);
        const vec after = glm::normalize(pts[(i + 1) % n] - pts[i]);
        const vec outward = glm::normalize(before - after);
        const float size = 2.5f;
        out.push_back({pts[i] + outward * (r + 0.5f + size), size});
    }
    // Along straights, half in the tube's edge band.
    out.push_back({vec(20, r + 0.8f), 1.0f});
    out.push_back({vec(55 + r + 0.8f, 28), 1.0f});
    out.push_back({vec(18, 55 - r - 0.8f), 1.0f});
    // In the middle of the first straight: pass it on either side.
    out.push_back({vec(30, 0), 0.5f});
    return out;
}

/// A walker and the way it walks round the loop.
struct walker {
    steer::vehicle<vec> body;
    int direction = 1;
    steer::wander_state<vec> wander{};
};

/// Runs the scenario; `path_term(w, path)` is the path-following term of walker `w`.
template <class PathTerm>
figures run(const settings& s, PathTerm&& path_term) {
    const auto path = footpath(s.path_radius);
    const auto obstacles = rocks(path);
    steer::rng gen(s.seed);

    std::vector<walker> crowd;
    crowd.reserve(static_cast<std::size_t>(s.walkers));
    // Evenly spaced along the loop, alternately each way, jittered across the tube.
    for (int i = 0; i < s.walkers; ++i) {
        float along = path.length() * static_cast<float>(i) / static_cast<float>(s.walkers);
        const int direction = i % 2 == 0 ? 1 : -1;
        // Across their half of the tube at random, clear of the rocks and of the walker placed before (a
        // little further along after ten tries).
        vec position{};
        vec tangent{};
        bool clear = false;
        for (int attempt = 0; !clear; ++attempt) {
            if (attempt % 10 == 9) along += s.body_radius;
            tangent = path.tangent_at_distance(along);
            const vec across(-tangent.y, tangent.x);
            // Keep to the right of the heading, as pedestrians do, so that walkers meeting
            // head-on at the start are not already on top of each other.
            const float offset = -static_cast<float>(direction) * steer::uniform(gen, 0.1f, 0.7f) * s.path_radius;
            position = path.point_at_distance(along) + across * offset;
            clear = crowd.empty() || glm::distance(position, crowd.back().body.position()) > 3 * s.body_radius;
            for (const auto& rock : obstacles)
                clear = clear && glm::distance(position, rock.center) > rock.radius + 2 * s.body_radius;
        }
        crowd.push_back({steer::vehicle<vec>({.position = position,
                                              .velocity = tangent * (s.max_speed * static_cast<float>(direction)),
                                              .radius = s.body_radius,
                                              .max_force = s.max_force,
                                              .max_speed = s.max_speed}),
                         direction,
                         {}});
    }
    std::vector<const steer::vehicle<vec>*> bodies;
    for (const auto& w : crowd) bodies.push_back(&w.body);

    const float dt = 1.0f / s.hz;
    const int steps = static_cast<int>(std::lround(s.seconds * s.hz));
    std::vector<vec> forces(crowd.size());
    std::vector<float> last_distance(crowd.size());
    for (std::size_t i = 0; i < crowd.size(); ++i) last_distance[i] = path.nearest(crowd[i].body.position()).distance;

    long long frames = 0, inside = 0;
    double outside_sum = 0, progress_sum = 0;
    figures f;
    f.closest_gap = std::numeric_limits<double>::infinity();
    f.closest_rock_gap = std::numeric_limits<double>::infinity();
    for (int step = 0; step < steps; ++step) {
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            walker& w = crowd[i];
            const auto& me = w.body;
            if (s.reciprocal) {
                const vec wanted = steer::desired_velocity(
                    me, steer::weighted_sum(steer::weighted(1.0f, [&] { return path_term(w, path); }),
                                            steer::weighted(s.wander_weight, [&] { return steer::wander(me, w.wander, gen, dt); })));
                forces[i] = steer::reciprocal_avoidance(me, bodies, obstacles, wanted, dt);
                continue;
            }
            forces[i] = steer::weighted_sum(
                steer::weighted(s.avoid_weight, [&] {
                    return steer::unaligned_collision_avoidance(me, bodies, {.clearance = s.avoid_clearance});
                }),
                steer::weighted(s.obstacle_weight, [&] {
                    return steer::obstacle_avoidance(me, obstacles, {.clearance = s.obstacle_clearance});
                }),
                steer::weighted(s.path_weight, [&] { return path_term(w, path); }),
                steer::weighted(s.wander_weight, [&] { return steer::wander(me, w.wander, gen, dt); }));
        }
        for (std::size_t i = 0; i < crowd.size(); ++i) crowd[i].body.apply_force(forces[i], dt);

        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const auto& me = crowd[i].body;
            const auto near = path.nearest(me.position());
            ++frames;
            if (near.outside <= 0) ++inside;
            else outside_sum += static_cast<double>(near.outside);
            float moved = near.distance - last_distance[i];
            if (moved > path.length() / 2) moved -= path.length();
            if (moved < -path.length() / 2) moved += path.length();
            progress_sum += static_cast<double>(moved) * crowd[i].direction;
            last_distance[i] = near.distance;
            for (std::size_t j = i + 1; j < crowd.size(); ++j) {
                const double gap = static_cast<double>(glm::distance(me.position(), crowd[j].body.position()) -
                                                       me.radius() - crowd[j].body.radius());
                f.closest_gap = std::min(f.closest_gap, gap);
                if (gap < 0) ++f.overlapping_frames;
            }
            for (const auto& rock : obstacles)
                f.closest_rock_gap = std::min(
                    f.closest_rock_gap,
                    static_cast<double>(glm::distance(me.position(), rock.center) - me.radius() - rock.radius));
        }
    }
    f.inside_fraction = static_cast<double>(inside) / static_cast<double>(frames);
    f.mean_outside = frames > inside ? outside_sum / static_cast<double>(frames - inside) : 0.0;
    f.progress = progress_sum / (static_cast<double>(crowd.size()) * static_cast<double>(s.seconds));
    return f;
}

/// The constructions of docs/behaviors.md's comparison, as path terms for `run`.
enum class construction {
    library,    ///< steer::path_following: aim from the projection of the position, push to max_speed
    steer_1_0,  ///< steer 1.0: aim max_speed × prediction_time past the projection of the prediction
    paper,      ///< the paper as OpenSteer reads it: as `library`, but no push (zero inside the tube)
};

/// The path term of walker `w` under construction `c` (prediction time 1 s).
inline vec path_term(construction c, const walker& w, const steer::pathway<vec>& path) {
    const auto& a = w.body;
    if (c == construction::library) return steer::path_following(a, path, {.direction = w.direction});
    const float direction = static_cast<float>(w.direction);
    const auto predicted = path.nearest(a.position() + a.velocity());
    const bool requested_way = glm::dot(a.velocity(), predicted.tangent) * direction > 0;
    if (predicted.outside <= 0 && requested_way) {
        // Nothing to correct: 1.0 pushed on toward max_speed (seek's force along forward), the paper rests.
        if (c == construction::paper || !(a.speed() < a.max_speed())) return vec(0);
        return steer::seek(a, a.position() + a.forward());
    }
    if (c == construction::steer_1_0)
        return steer::seek(a, path.point_at_distance(predicted.distance +
                                                     direction * std::max(a.max_speed(), a.radius())));
    const float now = path.distance_along(a.position());
    return steer::seek(a, path.point_at_distance(now + direction * std::max(a.speed(), a.radius())));
}

/// The scenario with the path term of construction `c`.
inline figures run(const settings& s, construction c = construction::library) {
    return run(s, [c](const walker& w, const steer::pathway<vec>& path) { return path_term(c, w, path); });
}

}  // namespace walkers

#endif  // STEER_EXAMPLES_WALKERS_SCENARIO_HPP
