// Crowds: reciprocal avoidance (circle, crossing, doorway) and a crowd of thousands
// (docs/behaviors.md, docs/performance.md).
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_CROWDS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_CROWDS_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../scene.hpp"

namespace playground {

/// What the reciprocal avoidance scenes share (named apart from other scene files' helpers):
/// a steer::crowd whose agents carry their goal, stepped with reciprocal_avoidance toward a
/// preferred velocity that aims at the goal and slows near it.
namespace crowds_detail {

using walkers = steer::crowd<vec2, vec2>;  // each agent's data: its goal

/// The reciprocal_avoidance_params fields the sliders tune, registered on `s`.
struct avoidance_tuning {
    double time_horizon = 3, obstacle_time_horizon = 1, clearance = 0.02, max_neighbors = 6, yield_when_stuck = 0;
    double max_speed = 1.5, max_force = 6;
    [[nodiscard]] steer::reciprocal_avoidance_params<vec2> params() const {
        return {.time_horizon = time_horizon,
                .obstacle_time_horizon = obstacle_time_horizon,
                .clearance = clearance,
                .max_neighbors = static_cast<int>(max_neighbors),
                .yield_when_stuck = yield_when_stuck > 0.5};
    }
    /// The calls, with `obstacles` ("walls, " or nothing) and `aim` (what the agent walks to).
    [[nodiscard]] std::string code(const std::string& obstacles, const std::string& aim = "goal") const {
        return "const steer::reciprocal_avoidance_params<glm::dvec2> params{.time_horizon = " + number(time_horizon) +
               ",\n    .obstacle_time_horizon = " + number(obstacle_time_horizon) + ", .clearance = " +
               number(clearance) + ", .max_neighbors = " + std::to_string(static_cast<int>(max_neighbors)) +
               ",\n    .yield_when_stuck = " + (yield_when_stuck > 0.5 ? "true" : "false") + "};\n"
               "steer::crowd<glm::dvec2, glm::dvec2> crowd;  // each agent's data: its goal\n"
               "crowd.add({.position = start, .radius = 0.4, .max_force = " + number(max_force) +
               ", .max_speed = " + number(max_speed) + "}, goal);\n"
               "// every frame:\n"
               "crowd.step(dt, 5.0, [&](steer::crowd_id, const steer::vehicle2d& me, glm::dvec2& goal,\n"
               "                        const auto& neighbors) {\n"
               "    const glm::dvec2 wanted = steer::truncate((" + aim + " - me.position()) * (me.max_speed() / 2.0),\n"
               "                                              me.max_speed());\n"
               "    return steer::reciprocal_avoidance(me, neighbors, " + obstacles + "wanted, dt, params);\n"
               "});\n";
    }
};

/// Registers the tuning's sliders through `add` (the scene's add_param).
/// The walls' horizon only where there are walls.
template <class Add>
void add_tuning(avoidance_tuning& t, bool walls, Add add) {
    add("reciprocal_avoidance_params.time_horizon", "s", t.time_horizon, 0.25, 8, 0.05);
    if (walls) add("reciprocal_avoidance_params.obstacle_time_horizon", "s", t.obstacle_time_horizon, 0.05, 4, 0.05);
    add("reciprocal_avoidance_params.clearance", "m", t.clearance, 0, 0.5, 0.01);
    add("reciprocal_avoidance_params.max_neighbors", "agents", t.max_neighbors, 1, 16, 1);
    add("reciprocal_avoidance_params.yield_when_stuck", "1", t.yield_when_stuck, 0, 1, 1);  // a bool: 0 or 1
    add("max_speed", "m/s", t.max_speed, 0.5, 4, 0.1);
    add("max_force", "m/s²", t.max_force, 0.5, 20, 0.1);
}

/// The velocity an agent would like: straight at the point at max_speed, slowing within 2 m.
inline vec2 preferred_velocity(const vehicle2& me, const vec2& point) {
    const double top = static_cast<double>(me.max_speed());
    return steer::truncate((point - me.position()) * (top / 2.0), top);
}

/// One step of the crowd: every agent avoids the others (and the walls) on its way to where
/// `aim(me, goal)` says.
template <class Aim>
void step(walkers& crowd, const avoidance_tuning& t, const std::vector<steer::segment<vec2>>& walls, Aim aim) {
    for (vehicle2& v : crowd.vehicles()) {
        v.set_max_speed(t.max_speed);
        v.set_max_force(t.max_force);
    }
    const steer::reciprocal_avoidance_params<vec2> params = t.params();
    crowd.step(dt, 5.0, [&](steer::crowd_id, const vehicle2& me, vec2& goal, const auto& neighbors) {
        const vec2 wanted = preferred_velocity(me, aim(me, goal));
        if (walls.empty()) return steer::reciprocal_avoidance(me, neighbors, wanted, dt, params);
        return steer::reciprocal_avoidance(me, neighbors, walls, wanted, dt, params);
    });
}

/// Whether every agent stands within `reach` of its goal.
inline bool all_arrived(const walkers& crowd, double reach) {
    const auto goals = crowd.data();
    const auto bodies = crowd.vehicles();
    for (std::size_t i = 0; i < bodies.size(); ++i)
        if (glm::distance(bodies[i].position(), goals[i]) > reach) return false;
    return true;
}

/// Draws the agents (a body more than 1% into another filled red) and their velocities;
/// `first_group(goal)` colors the two groups apart.
template <class Group>
void draw(canvas& out, const walkers& crowd, Group first_group) {
    const auto bodies = crowd.vehicles();
    const auto goals = crowd.data();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const vehicle2& v = bodies[i];
        bool overlapping = false;
        for (std::size_t j = 0; j < bodies.size() && !overlapping; ++j)
            overlapping = i != j && glm::distance(v.position(), bodies[j].position()) <
                                        0.99 * static_cast<double>(v.radius() + bodies[j].radius());
        if (overlapping) out.disc(v.position(), static_cast<double>(v.radius()), color::vermillion);
        out.vehicle(v, first_group(goals[i]) ? color::blue : color::orange);
        out.arrow_to(v.position(), v.position() + v.velocity(), color::faint);
    }
}

inline void positions(std::vector<double>& out, const walkers& crowd) {
    for (const vehicle2& v : crowd.vehicles()) append_position(out, v);
}

}  // namespace crowds_detail

/// Reciprocal avoidance on a circle: agents walk to the antipodes, meet in the middle, and
/// walk back once all have arrived.
class reciprocal_circle_scene final : public scene {
public:
    reciprocal_circle_scene() {
        crowds_detail::add_tuning(tuning_, false, [this](const char* name, const char* unit, double& value,
                                                         double min, double max, double step) {
            add_param(name, unit, value, min, max, step);
        });
        add_param("agents", "agents", count_, 2, 64, 1, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"reciprocal_circle", "Reciprocal avoidance: circle", "Crowds",
                "Agents on a circle walk to the opposite point and meet in the middle; each picks the velocity "
                "nearest its wish that avoids the others for time_horizon, trusting them to take half the "
                "avoiding. Once all arrive they walk back. Red bodies overlap.",
                "behaviors.md#reciprocal-avoidance", false, {0, 0, 0}, 26};
    }
    void reset(std::uint64_t) override {
        crowd_.clear();
        const int n = static_cast<int>(count_);
        for (int i = 0; i < n; ++i) {
            const vec2 at = direction_at(2 * 3.141592653589793 * i / n) * 10.0;
            crowd_.add({.position = at, .radius = 0.4, .max_force = tuning_.max_force,
                        .max_speed = tuning_.max_speed}, -at);
        }
        clock_ = 0;
    }
    void step() override {
        clock_ += dt;
        if (clock_ > 40 || crowds_detail::all_arrived(crowd_, 0.5)) {  // then walk back, forever
            clock_ = 0;
            for (vec2& goal : crowd_.data()) goal = -goal;
        }
        crowds_detail::step(crowd_, tuning_, {}, [](const vehicle2&, const vec2& goal) { return goal; });
    }
    void draw(canvas& out) const override {
        out.circle(vec2(0, 0), 10, color::faint);
        crowds_detail::draw(out, crowd_, [](const vec2& goal) { return goal.x + goal.y * 0.001 >= 0; });
    }
    [[nodiscard]] std::string code() const override { return tuning_.code(""); }
    void positions(std::vector<double>& out) const override { crowds_detail::positions(out, crowd_); }

private:
    crowds_detail::avoidance_tuning tuning_;
    double count_ = 32, clock_ = 0;
    crowds_detail::walkers crowd_;
};

/// Reciprocal avoidance at a crossing: two blocks of agents cross at right angles, then
/// walk back.
class reciprocal_crossing_scene final : public scene {
public:
    reciprocal_crossing_scene() {
        crowds_detail::add_tuning(tuning_, false, [this](const char* name, const char* unit, double& value,
                                                         double min, double max, double step) {
            add_param(name, unit, value, min, max, step);
        });
        add_param("agents per side", "agents", side_, 1, 8, 1, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"reciprocal_crossing", "Reciprocal avoidance: crossing", "Crowds",
                "Two square blocks of agents cross at right angles (blue east, orange north) and then walk back; "
                "reciprocal avoidance lets them pass through each other's gaps. Shorten time_horizon and they "
                "react later, closer.",
                "behaviors.md#reciprocal-avoidance", false, {0, 0, 0}, 32};
    }
    void reset(std::uint64_t) override {
        crowd_.clear();
        const int n = static_cast<int>(side_);
        for (int block = 0; block < 2; ++block)
            for (int row = 0; row < n; ++row)
                for (int col = 0; col < n; ++col) {
                    const double along = -6.0 - 1.3 * row, across = 1.3 * (col - (n - 1) / 2.0);
                    const vec2 at = block == 0 ? vec2(along, across) : vec2(across, along);
                    const vec2 goal = block == 0 ? vec2(-along, across) : vec2(across, -along);
                    crowd_.add({.position = at, .radius = 0.4, .max_force = tuning_.max_force,
                                .max_speed = tuning_.max_speed}, goal);
                }
        clock_ = 0;
    }
    void step() override {
        clock_ += dt;
        if (clock_ > 40 || crowds_detail::all_arrived(crowd_, 0.5)) {  // then walk back, forever
            clock_ = 0;
            for (vec2& goal : crowd_.data()) {  // each block back along its own axis, to where it started
                if (goal.x * goal.x > goal.y * goal.y) goal.x = -goal.x;
                else goal.y = -goal.y;
            }
        }
        crowds_detail::step(crowd_, tuning_, {}, [](const vehicle2&, const vec2& goal) { return goal; });
    }
    void draw(canvas& out) const override {
        crowds_detail::draw(out, crowd_, [](const vec2& goal) { return goal.x * goal.x > goal.y * goal.y; });
    }
    [[nodiscard]] std::string code() const override { return tuning_.code(""); }
    void positions(std::vector<double>& out) const override { crowds_detail::positions(out, crowd_); }

private:
    crowds_detail::avoidance_tuning tuning_;
    double side_ = 5, clock_ = 0;
    crowds_detail::walkers crowd_;
};

/// Reciprocal avoidance through a doorway: two groups swap sides through a gap in a wall.
class reciprocal_doorway_scene final : public scene {
public:
    reciprocal_doorway_scene() {
        tuning_.yield_when_stuck = 1;  // without it, bodies wedged at a door frame clog the door
        crowds_detail::add_tuning(tuning_, true, [this](const char* name, const char* unit, double& value,
                                                        double min, double max, double step) {
            add_param(name, unit, value, min, max, step);
        });
        add_param("door width", "m", door_, 1, 6, 0.1, true);
        add_param("agents per side", "agents", count_, 1, 40, 1, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"reciprocal_doorway", "Reciprocal avoidance: doorway", "Crowds",
                "Two groups swap sides through a door in a wall, again and again: each agent heads for the door "
                "until it is through, then for its spot, and avoids the others and the walls (the walls' horizon "
                "is obstacle_time_horizon). Narrow the door and they queue.",
                "behaviors.md#reciprocal-avoidance", false, {0, 0, 0}, 24};
    }
    void reset(std::uint64_t) override {
        crowd_.clear();
        const int n = static_cast<int>(count_);
        for (int side = 0; side < 2; ++side)
            for (int i = 0; i < n; ++i) {
                const double x = 4.0 + 1.2 * (i / 8), y = 1.2 * (i % 8 - 3.5);
                const vec2 at = side == 0 ? vec2(-x, y) : vec2(x, y);
                crowd_.add({.position = at, .radius = 0.4, .max_force = tuning_.max_force,
                            .max_speed = tuning_.max_speed}, vec2(-at.x, at.y));
            }
        walls_ = {{vec2(0, -14), vec2(0, -door_ / 2)}, {vec2(0, door_ / 2), vec2(0, 14)}};
        clock_ = 0;
    }
    void step() override {
        clock_ += dt;
        if (clock_ > 60 || crowds_detail::all_arrived(crowd_, 0.5)) {  // then swap back, forever
            clock_ = 0;
            for (vec2& goal : crowd_.data()) goal.x = -goal.x;
        }
        const double door = door_;
        crowds_detail::step(crowd_, tuning_, walls_, [door](const vehicle2& me, const vec2& goal) {
            // On the wrong side: the door first. Not in line with it, a point just before it on
            // this side (heading straight through would press it against the wall); in line
            // with it (within a margin, so that one standing at the first point goes on), a
            // point just past it; then the goal.
            const vec2 at = me.position();
            const double way = goal.x > 0 ? 1.0 : -1.0;
            if (at.x * way >= 0) return goal;
            const double room = std::max(0.0, door / 2 - 0.5), y = steer::clamp(at.y, -room, room);
            return std::abs(at.y - y) > 0.25 ? vec2(-way * 0.8, y) : vec2(way * 1.5, y);
        });
    }
    void draw(canvas& out) const override {
        for (const auto& wall : walls_) out.line(wall.a, wall.b, color::ink);
        crowds_detail::draw(out, crowd_, [](const vec2& goal) { return goal.x > 0; });
    }
    [[nodiscard]] std::string code() const override {
        return "const std::vector<steer::segment<glm::dvec2>> walls = {{{0.0, -14.0}, {0.0, " + number(-door_ / 2) +
               "}},\n    {{0.0, " + number(door_ / 2) + "}, {0.0, 14.0}}};\n"
               "// door_point(me, goal): on the wrong side of the wall, a point before the door, then one\n"
               "// past it; on the right side, the goal itself.\n" + tuning_.code("walls, ", "door_point(me, goal)");
    }
    void positions(std::vector<double>& out) const override { crowds_detail::positions(out, crowd_); }

private:
    crowds_detail::avoidance_tuning tuning_;
    double door_ = 3, count_ = 16, clock_ = 0;
    std::vector<steer::segment<vec2>> walls_;
    crowds_detail::walkers crowd_;
};

/// A big crowd: thousands of boids in one steer::flock over a square that wraps around,
/// the batched path (a grid, SIMD lanes) that makes it affordable.
class big_flock_scene final : public scene {
public:
    big_flock_scene() {
        add_param("flocking_params.separation_weight", "1", weights_[0], 0, 4, 0.05);
        add_param("flocking_params.alignment_weight", "1", weights_[1], 0, 4, 0.05);
        add_param("flocking_params.cohesion_weight", "1", weights_[2], 0, 4, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 8, 10);
        add_param("max_neighbors", "agents", max_neighbors_, 4, 64, 1);
        add_param("boids", "agents", count_, 500, 20000, 500, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"big_flock", "A crowd of 5,000", "Crowds",
                "Five thousand boids in one steer::flock over a 200 m square that wraps around: the flock finds "
                "everyone's neighbors on a grid at once, sums up to max_neighbors of them in SIMD lanes, and each "
                "boid thinks every other frame. Zoom in to see the separate flocks form and merge.",
                "performance.md#flocks-the-boids-case", false, {0, 0, 0}, 200};
    }
    void reset(std::uint64_t seed) override {
        steer::rng gen(seed);
        // Each boid thinks every other frame (half of them each frame) and holds its steering
        // in between, as Reynolds' pigeons did: half the cost, the same look at 60 Hz.
        flock_ = steer::flock<vec2>(steer::think_schedule(2));
        const int n = static_cast<int>(count_);
        flock_.reserve(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            flock_.add({.position = {steer::uniform(gen, -half, half), steer::uniform(gen, -half, half)},
                        .velocity = steer::random_unit_vector<vec2>(gen) * 2.0,
                        .radius = 0.3, .max_force = max_force_, .max_speed = max_speed_});
    }
    void step() override {
        const bool retune = flock_.size() > 0 && (flock_.vehicles()[0].max_speed() != max_speed_ ||
                                                 flock_.vehicles()[0].max_force() != max_force_);
        if (retune)
            for (vehicle2& v : flock_.vehicles()) {
                v.set_max_speed(max_speed_);
                v.set_max_force(max_force_);
            }
        // At most max_neighbors each: in a dense flock the rest add cost more than direction.
        flock_.set_max_neighbors(static_cast<std::size_t>(max_neighbors_));
        flock_.step(dt, flocking());
        for (vehicle2& v : flock_.vehicles()) {  // wrap around the square
            vec2 p = v.position();
            if (p.x < -half || p.x > half || p.y < -half || p.y > half) {
                if (p.x < -half) p.x += 2 * half; else if (p.x > half) p.x -= 2 * half;
                if (p.y < -half) p.y += 2 * half; else if (p.y > half) p.y -= 2 * half;
                v.set_position(p);
            }
        }
    }
    void draw(canvas& out) const override {
        const std::array<vec2, 4> border = {vec2(-half, -half), vec2(half, -half), vec2(half, half), vec2(-half, half)};
        out.path(border, color::faint, true);
        for (const vehicle2& v : flock_.vehicles()) out.vehicle(v, color::blue);
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::flocking_params<glm::dvec2> boids{\n"
               "    .separation = {.max_distance = 1.5, .max_angle = 2.4},\n"
               "    .alignment = {.max_distance = 4.0, .max_angle = 2.4},\n"
               "    .cohesion = {.max_distance = 4.0, .max_angle = 2.4},\n"
               "    .separation_weight = " + number(weights_[0]) + ", .alignment_weight = " + number(weights_[1]) +
               ", .cohesion_weight = " + number(weights_[2]) + "};\n"
               "steer::flock<glm::dvec2> flock(steer::think_schedule(2));  // each boid thinks every other frame\n"
               "flock.set_max_neighbors(" + std::to_string(static_cast<int>(max_neighbors_)) + ");\n"
               "flock.reserve(" + std::to_string(static_cast<int>(count_)) + ");\n"
               "flock.add({.position = ..., .radius = 0.3, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});  // times " + std::to_string(static_cast<int>(count_)) + "\n"
               "// every frame (then wrap every flock.vehicles() around the square):\n"
               "flock.step(dt, boids);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : flock_.vehicles()) append_position(out, v);
    }

private:
    [[nodiscard]] steer::flocking_params<vec2> flocking() const {
        return {.separation = {.max_distance = 1.5, .max_angle = 2.4},
                .alignment = {.max_distance = 4, .max_angle = 2.4},
                .cohesion = {.max_distance = 4, .max_angle = 2.4},
                .separation_weight = weights_[0],
                .alignment_weight = weights_[1],
                .cohesion_weight = weights_[2]};
    }

    static constexpr double half = 100;
    std::array<double, 3> weights_{1.3333, 0.6667, 0.6667};
    double max_speed_ = 3, max_force_ = 1.5, max_neighbors_ = 16, count_ = 5000;
    steer::flock<vec2> flock_;
};

inline void add_crowds_scenes(std::vector<factory>& all) {
    add<reciprocal_circle_scene>(all);
    add<reciprocal_crossing_scene>(all);
    add<reciprocal_doorway_scene>(all);
    add<big_flock_scene>(all);
}

}  // namespace playground

#endif
