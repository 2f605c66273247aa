#ifndef STEER_EXAMPLES_ROUTES_DOORWAY_HPP
#define STEER_EXAMPLES_ROUTES_DOORWAY_HPP

/// @file
/// Two groups of 100 swap sides through a 3 m door in a wall, with no waypoint placed at
/// the door by hand: each agent follows its route from the navigation grid, which finds the
/// door, and reciprocal avoidance keeps the bodies apart and off the wall, its stuck agents
/// yielding (`yield_when_stuck`: without it, bodies wedged at a door frame clog the door).
/// Each aims at the farthest point of its route it sees (not through a door frame's
/// corner) and, until it is through, queues behind whoever ahead goes its way instead of
/// pushing, as people do at a door. Agents of radius 0.5 m and top speed 2 m/s (the crowds
/// example's), 60 Hz, stepped as one `steer::crowd`.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include <glm/vec2.hpp>

#include <steer/steer.hpp>

#include "level.hpp"

namespace routes {

/// What a doorway run is made of.
struct doorway_settings {
    int per_side = 100;          ///< agents in each group (blocks 10 wide)
    float door = 3;              ///< the door's width, m
    float radius = 0.5f;         ///< m
    float max_speed = 2;         ///< m/s
    float max_force = 20;        ///< mass 1
    float hz = 60;
    float time_limit = 120;      ///< s
    /// Until through, queue behind whoever ahead goes the same way, rather than push.
    bool queue = true;
    float queue_gap = 0.2f;      ///< the gap kept between bodies in the queue, m
    float queue_time = 0.5f;     ///< how soon a wider gap is closed, s
    /// Reciprocal avoidance's tuning (without `yield_when_stuck`, pushing agents clog the door).
    steer::reciprocal_avoidance_params<vec> avoidance{.yield_when_stuck = true};
};

/// What a doorway run measured.
struct doorway_figures {
    int agents = 0;
    int routed = 0;              ///< agents the grid found a route for
    int crossed = 0;             ///< agents that got to the other side of the wall
    int home = 0;                ///< agents within 0.5 m of their goal at the end
    double last_crossing = 0;    ///< when the last one that crossed did, s
    double closest = 0;          ///< the least distance between two agents' centers within 4 radii, m
};

/// Runs the doorway scene.
inline doorway_figures run_doorway(const doorway_settings& s) {
    const float half_door = s.door / 2;
    // The wall along x = 0, 0.4 m thick, with the door about y = 0.
    const std::vector<steer::box<vec>> wall{{{-0.2f, -40}, {0.2f, -half_door}}, {{-0.2f, half_door}, {0.2f, 40}}};
    const steer::navigation_grid<vec> nav({vec(-40), vec(40)}, 0.25f, wall, {.clearance = s.radius + 0.05f});
    steer::crowd2 crowd;
    std::vector<vec> goals;
    std::vector<std::optional<steer::pathway<vec>>> route_of;  // by the crowd's handle
    doorway_figures f;
    const int columns = 10;
    for (int side = 0; side < 2; ++side) {
        const float way = side == 0 ? 1.0f : -1.0f;  // the left group walks to +x
        for (int i = 0; i < s.per_side; ++i) {
            const vec start(-way * (6 + 1.5f * static_cast<float>(i / columns)),
                            1.5f * (static_cast<float>(i % columns) - 4.5f));
            const vec goal(-start.x, start.y);
            const steer::crowd_id id =
                crowd.add({.position = start, .radius = s.radius, .max_force = s.max_force, .max_speed = s.max_speed});
            goals.resize(std::max<std::size_t>(goals.size(), id.index + 1));
            route_of.resize(goals.size());
            goals[id.index] = goal;
            route_of[id.index] = nav.find_path(start, goal, 0.3f);
            f.routed += route_of[id.index] ? 1 : 0;
        }
    }
    f.agents = static_cast<int>(crowd.size());
    const float dt = 1 / s.hz;
    // Which way an agent goes, and whether it is still before the wall (not through the door).
    const auto going_right = [&](steer::crowd_id id) { return goals[id.index].x > 0; };
    const auto before_wall = [&](steer::crowd_id id, const vec& at) { return at.x * goals[id.index].x < 0; };
    const auto think = [&](steer::crowd_id id, const steer::vehicle2& self, const auto& neighbors) {
        // The velocity it wants: toward a point up to 1.5 m further along its route, slowing
        // down over the last 2 m to its goal.
        const vec goal = goals[id.index];
        vec aim = goal;
        if (const auto& route = route_of[id.index]) {
            const float along = route->distance_along(self.position());
            if (route->length() - along > 2) {
                // The farthest such point it sees in a straight line. The route bends round a
                // door frame's corner; a point past the bend, seen from a body pressed against
                // the wall beside the frame, lies through the corner: the wall stops the body,
                // the avoidance turns it back along the wall, and it swings there for good
                // (two of 2 x 10 agents stay so for 120 s). Aiming at a point in sight,
                // it walks round the corner.
                float ahead = 1.5f;
                while (ahead > 0.25f && !nav.is_clear(self.position(), route->point_at_distance(along + ahead)))
                    ahead -= 0.25f;
                aim = route->point_at_distance(along + ahead);
            }
        }
        const float left = glm::distance(self.position(), goal);
        float speed = left > 2 ? self.max_speed() : self.max_speed() * left / 2;
        const vec way = steer::safe_normalize(aim - self.position());
        if (s.queue && before_wall(id, self.position())) {
            // Queueing: until through, an agent wants no more than the speed of whoever is
            // ahead of it on its way (the bodies' width across), going the same way and not
            // through either, plus what closes the gap beyond `queue_gap` in `queue_time`
            // (a car-following rule). Pushing instead, everyone presses toward the door,
            // those that get nowhere count as stuck, and the avoidance's detour turns them
            // aside and round: the crowd before the door swirls (within 5 m of it, 50 agents
            // at 1.2 m/s for 0.24 m/s of progress along their routes, a third walking
            // backwards) and each stream fills the other's way out. Queueing, they stand, and
            // standing agents step aside for those coming out.
            for (std::size_t i = 0; i < neighbors.size(); ++i) {
                const steer::vehicle2& other = neighbors[i];
                const steer::crowd_id other_id = neighbors.id(i);
                if (going_right(other_id) != going_right(id) || !before_wall(other_id, other.position())) continue;
                const vec d = other.position() - self.position();
                const float in_front = glm::dot(d, way);
                const float across = std::abs(d.x * way.y - d.y * way.x);
                const float width = self.radius() + other.radius();
                if (in_front <= 0 || across >= width) continue;
                // Two converging on the door from either side can each be in the other's way;
                // both waiting, they would wait for good (so would the queues behind them:
                // whole groups froze so). Then the one nearer the wall goes first.
                if (const auto& theirs = route_of[other_id.index]) {
                    const vec their_way = theirs->tangent_at_distance(theirs->distance_along(other.position()));
                    const bool in_their_way = glm::dot(-d, their_way) > 0 &&
                                              std::abs(d.x * their_way.y - d.y * their_way.x) < width;
                    if (in_their_way && std::abs(self.position().x) < std::abs(other.position().x)) continue;
                }
                const float gap = in_front - width;
                const float follow =
                    std::max(0.0f, glm::dot(other.velocity(), way)) + (gap - s.queue_gap) / s.queue_time;
                speed = std::min(speed, std::max(0.0f, follow));
            }
        }
        // Stuck agents yield: without it, three bodies wedge between a door frame and each
        // other, each waiting for another to move, and the door clogs.
        return steer::reciprocal_avoidance(self, neighbors, wall, way * speed, dt, s.avoidance);
    };
    std::vector<char> crossed(goals.size(), 0);
    f.closest = std::numeric_limits<double>::infinity();
    const auto steps = static_cast<long long>(std::llround(static_cast<double>(s.time_limit * s.hz)));
    for (long long step = 1; step <= steps; ++step) {
        crowd.step(dt, 5.0f, think);
        for (std::size_t k = 0; k < crowd.size(); ++k) {
            const steer::crowd_id id = crowd.ids()[k];
            const vec at = crowd.vehicles()[k].position();
            // The closest other body, asked of the crowd's grid (a proximity query) rather
            // than of every pair; any pair that matters is within two diameters.
            crowd.for_each_within(at, 4 * s.radius, [&](steer::crowd_id other, float distance_squared) {
                if (other != id) f.closest = std::min(f.closest, std::sqrt(static_cast<double>(distance_squared)));
            });
            if (!crossed[id.index] && at.x * goals[id.index].x > s.radius * std::abs(goals[id.index].x)) {
                crossed[id.index] = 1;
                ++f.crossed;
                f.last_crossing = static_cast<double>(step) * static_cast<double>(dt);
            }
        }
        if (f.crossed == f.agents) break;
    }
    for (std::size_t k = 0; k < crowd.size(); ++k)
        f.home += glm::distance(crowd.vehicles()[k].position(), goals[crowd.ids()[k].index]) <= 0.5f ? 1 : 0;
    return f;
}

}  // namespace routes

#endif  // STEER_EXAMPLES_ROUTES_DOORWAY_HPP
