// Groups: separation, cohesion, alignment, flocking in 2D and 3D, leader following, unaligned
// collision avoidance, and the pigeons (docs/behaviors.md, docs/pigeons.md).
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_GROUPS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_GROUPS_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../../pigeons/park.hpp"
#include "../scene.hpp"

namespace playground {

/// Small tools the group scenes share (named apart from other scene files' helpers).
namespace groups_detail {

inline constexpr double pi = 3.141592653589793;

/// Brings a character that left the square of half-size `half` around the origin back in
/// from the far side, so that a group goes on forever inside the view.
inline void wrap(vehicle2& v, double half) {
    vec2 p = v.position();
    if (p.x < -half) p.x += 2 * half; else if (p.x > half) p.x -= 2 * half;
    if (p.y < -half) p.y += 2 * half; else if (p.y > half) p.y -= 2 * half;
    if (p != v.position()) v.set_position(p);
}

/// The scene's vehicles share the speed and force the sliders set.
inline void set_limits(std::vector<vehicle2>& group, double max_speed, double max_force) {
    for (vehicle2& v : group) {
        v.set_max_speed(max_speed);
        v.set_max_force(max_force);
    }
}

/// A neighborhood as the page shows it: its distance and field of view around the
/// character's forward direction (a full circle when it sees all round).
inline void draw_neighborhood(canvas& out, const vehicle2& v, const steer::neighborhood<vec2>& n, color c) {
    const vec2 at = v.position();
    if (n.max_angle >= pi) {
        out.circle(at, n.max_distance, c);
        return;
    }
    const vec2 forward = v.forward(), side(-forward.y, forward.x);
    std::array<vec2, 34> outline;
    outline[0] = at;
    for (std::size_t i = 0; i < 33; ++i) {
        const vec2 d = direction_at(-n.max_angle + 2 * n.max_angle * static_cast<double>(i) / 32.0);
        outline[i + 1] = at + (forward * d.x + side * d.y) * n.max_distance;
    }
    out.path(outline, c, true);
}

/// A velocity drawn as the distance it covers in a second.
inline void velocity_arrow(canvas& out, const vehicle2& v, color c) {
    out.arrow_to(v.position(), v.position() + v.velocity(), c);
}

/// `count` characters scattered over a w x h rectangle with random headings at `speed`.
inline std::vector<vehicle2> scatter(steer::rng& gen, int count, double w, double h, double speed,
                                     double radius, double max_force, double max_speed) {
    std::vector<vehicle2> group;
    for (int i = 0; i < count; ++i) {
        // One draw per statement: the order of a call's arguments is unspecified (and differs
        // between compilers), which would change the digest.
        const double x = steer::uniform(gen, -w / 2, w / 2);
        const double y = steer::uniform(gen, -h / 2, h / 2);
        const vec2 at(x, y);
        group.emplace_back(steer::vehicle_params<vec2>{.position = at,
                                                       .velocity = steer::random_unit_vector<vec2>(gen) * speed,
                                                       .radius = radius, .max_force = max_force,
                                                       .max_speed = max_speed});
    }
    return group;
}

/// A point that walks on its own along a slow loop, toward the loop's moving point at a
/// walking pace, and stays put for a few seconds after the user dragged it.
struct roaming_target {
    vec2 at{0, 0};
    double phase = 0, hands_off = 0;
    void step(double loop_radius, double angular_speed, double speed) {
        if (hands_off > 0) {
            hands_off -= dt;
            return;
        }
        phase += angular_speed * dt;
        if (phase > 2 * pi) phase -= 2 * pi;
        const vec2 d = direction_at(phase);
        // A figure eight: the loop's y goes round twice as fast.
        const vec2 goal(d.x * loop_radius, direction_at(2 * phase).y * loop_radius * 0.5);
        at += steer::truncate(goal - at, speed * dt);
    }
};

/// Code text for a neighborhood.
inline std::string neighborhood_code(double max_distance, double max_angle) {
    return "{.max_distance = " + number(max_distance) + ", .max_angle = " + number(max_angle) + "}";
}

}  // namespace groups_detail

/// Separation: a crowd arrives at one point, and separation spreads it out around it.
class separation_scene final : public scene {
public:
    separation_scene() {
        add_param("neighborhood.max_distance", "m", max_distance_, 0, 6, 0.1);
        add_param("neighborhood.max_angle", "rad", max_angle_, 0, 3.15, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"separation", "Separation", "Groups",
                "Twenty characters all arrive at the same moving target; separation from the neighbors inside "
                "each one's neighborhood (the blue one's is drawn) keeps them apart. Set max_distance to 0 and they "
                "pile up; drag the target.",
                "behaviors.md#separation", false, {0, 0, 0}, 24};
    }
    void reset(std::uint64_t seed) override {
        steer::rng gen(seed);
        group_ = groups_detail::scatter(gen, 20, 20, 16, 0, 0.5, max_force_, max_speed_);
        target_ = {};
        clear_handles();
        add_handle("target", target_.at);
    }
    void dragged(std::size_t index, const vec3& to) override {
        scene::dragged(index, to);
        target_.hands_off = 4;
    }
    void step() override {
        target_.step(6, 0.12, 1);
        groups_detail::set_limits(group_, max_speed_, max_force_);
        const steer::neighborhood<vec2> near{.max_distance = max_distance_, .max_angle = max_angle_};
        std::vector<vec2> forces(group_.size());
        for (std::size_t i = 0; i < group_.size(); ++i) {
            const vehicle2& v = group_[i];
            forces[i] = steer::arrival(v, target_.at, {.slowing_distance = 4}) + steer::separation(v, group_, near);
        }
        for (std::size_t i = 0; i < group_.size(); ++i) group_[i].apply_force(forces[i], dt);
    }
    void draw(canvas& out) const override {
        const steer::neighborhood<vec2> near{.max_distance = max_distance_, .max_angle = max_angle_};
        groups_detail::draw_neighborhood(out, group_[0], near, color::blue);
        out.disc(target_.at, 0.3, color::vermillion);
        for (std::size_t i = 0; i < group_.size(); ++i) {
            const bool neighbor = i > 0 && steer::in_neighborhood(group_[0], group_[i], near);
            out.vehicle(group_[i], i == 0 ? color::blue : neighbor ? color::sky : color::gray);
        }
        const vec2 push = steer::separation(group_[0], group_, near);
        out.arrow_to(group_[0].position(), group_[0].position() + push, color::vermillion);
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::neighborhood<glm::dvec2> near" +
               groups_detail::neighborhood_code(max_distance_, max_angle_) + ";\n"
               "steer::vehicle2d v({.radius = 0.5, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame, for every character v of the crowd:\n"
               "v.apply_force(steer::arrival(v, target, {.slowing_distance = 4.0})\n"
               "              + steer::separation(v, crowd, near), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : group_) append_position(out, v);
    }

private:
    double max_distance_ = 3, max_angle_ = 3.15, max_speed_ = 2, max_force_ = 3;
    std::vector<vehicle2> group_;
    groups_detail::roaming_target target_;
};

/// Cohesion: scattered characters gather with the ones they can see, into clumps.
class cohesion_scene final : public scene {
public:
    cohesion_scene() {
        add_param("neighborhood.max_distance", "m", max_distance_, 0, 12, 0.1);
        add_param("neighborhood.max_angle", "rad", max_angle_, 0, 3.15, 0.05);
        add_param("weight of cohesion", "1", weight_, 0, 5, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"cohesion", "Cohesion", "Groups",
                "Thirty characters steer toward the center of the neighbors they see (the red arrow, for the blue "
                "one), with a little separation and a brake: they gather into local clumps, not one. Every 12 s "
                "they scatter again. Widen max_distance for fewer, bigger clumps.",
                "behaviors.md#cohesion", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        group_ = groups_detail::scatter(gen_, 30, 24, 16, 0, 0.3, max_force_, max_speed_);
        clock_ = 0;
    }
    void step() override {
        clock_ += dt;
        if (clock_ > 12) {  // scatter again, so that the gathering goes on forever
            clock_ = 0;
            for (vehicle2& v : group_) {
                const double x = steer::uniform(gen_, -12.0, 12.0);  // one draw per statement (see scatter)
                const double y = steer::uniform(gen_, -8.0, 8.0);
                v.set_position(vec2(x, y));
                v.set_velocity(vec2(0, 0));
            }
        }
        groups_detail::set_limits(group_, max_speed_, max_force_);
        const steer::neighborhood<vec2> near{.max_distance = max_distance_, .max_angle = max_angle_};
        const steer::neighborhood<vec2> personal{.max_distance = 1.2};
        std::vector<vec2> forces(group_.size());
        for (std::size_t i = 0; i < group_.size(); ++i) {
            const vehicle2& v = group_[i];
            forces[i] = steer::cohesion(v, group_, near) * weight_ + steer::separation(v, group_, personal) * 1.5 -
                        v.velocity();
        }
        for (std::size_t i = 0; i < group_.size(); ++i) group_[i].apply_force(forces[i], dt);
    }
    void draw(canvas& out) const override {
        const steer::neighborhood<vec2> near{.max_distance = max_distance_, .max_angle = max_angle_};
        const vehicle2& focus = group_[0];
        groups_detail::draw_neighborhood(out, focus, near, color::blue);
        for (std::size_t i = 0; i < group_.size(); ++i) {
            const bool neighbor = i > 0 && steer::in_neighborhood(focus, group_[i], near);
            out.vehicle(group_[i], i == 0 ? color::blue : neighbor ? color::sky : color::gray);
        }
        if (const auto center = steer::neighborhood_center(focus, group_, near)) {
            out.arrow_to(focus.position(), *center, color::vermillion);
            out.disc(*center, 0.15, color::vermillion);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::neighborhood<glm::dvec2> near" +
               groups_detail::neighborhood_code(max_distance_, max_angle_) + ";\n"
               "const steer::neighborhood<glm::dvec2> personal{.max_distance = 1.2};\n"
               "steer::vehicle2d v({.radius = 0.3, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame, for every character v of the group:\n"
               "v.apply_force(steer::cohesion(v, group, near) * " + number(weight_) + "\n"
               "              + steer::separation(v, group, personal) * 1.5 - v.velocity(), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : group_) append_position(out, v);
    }

private:
    double max_distance_ = 5, max_angle_ = 3.15, weight_ = 2.5, max_speed_ = 1.2, max_force_ = 1;
    std::vector<vehicle2> group_;
    steer::rng gen_{1};
    double clock_ = 0;
};

/// Alignment: characters with random headings come to head the same way.
class alignment_scene final : public scene {
public:
    alignment_scene() {
        add_param("neighborhood.max_distance", "m", max_distance_, 0, 12, 0.1);
        add_param("neighborhood.max_angle", "rad", max_angle_, 0, 3.15, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"alignment", "Alignment", "Groups",
                "Forty characters steered only by alignment: each turns toward the average heading of the "
                "neighbors it sees (the blue one's neighborhood is drawn), so groups come to head one way. Every "
                "10 s their headings are scrambled. Shrink max_distance and several groups form.",
                "behaviors.md#alignment", false, {0, 0, 0}, 24};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        group_ = groups_detail::scatter(gen_, 40, 24, 24, 1, 0.3, max_force_, max_speed_);
        clock_ = 0;
    }
    void step() override {
        clock_ += dt;
        if (clock_ > 10) {  // new random headings, so that aligning goes on forever
            clock_ = 0;
            for (vehicle2& v : group_) v.set_velocity(steer::random_unit_vector<vec2>(gen_) * max_speed_);
        }
        groups_detail::set_limits(group_, max_speed_, max_force_);
        const steer::neighborhood<vec2> near{.max_distance = max_distance_, .max_angle = max_angle_};
        std::vector<vec2> forces(group_.size());
        for (std::size_t i = 0; i < group_.size(); ++i) forces[i] = steer::alignment(group_[i], group_, near);
        for (std::size_t i = 0; i < group_.size(); ++i) {
            group_[i].apply_force(forces[i], dt);
            groups_detail::wrap(group_[i], half);
        }
    }
    void draw(canvas& out) const override {
        const steer::neighborhood<vec2> near{.max_distance = max_distance_, .max_angle = max_angle_};
        groups_detail::draw_neighborhood(out, group_[0], near, color::blue);
        for (std::size_t i = 0; i < group_.size(); ++i) {
            const bool neighbor = i > 0 && steer::in_neighborhood(group_[0], group_[i], near);
            out.vehicle(group_[i], i == 0 ? color::blue : neighbor ? color::sky : color::gray);
            groups_detail::velocity_arrow(out, group_[i], color::faint);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::neighborhood<glm::dvec2> near" +
               groups_detail::neighborhood_code(max_distance_, max_angle_) + ";\n"
               "steer::vehicle2d v({.radius = 0.3, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame, for every character v of the group:\n"
               "v.apply_force(steer::alignment(v, group, near), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : group_) append_position(out, v);
    }

private:
    static constexpr double half = 12;
    double max_distance_ = 6, max_angle_ = 3.15, max_speed_ = 1.5, max_force_ = 1;
    std::vector<vehicle2> group_;
    steer::rng gen_{1};
    double clock_ = 0;
};

/// Flocking in 2D: boids (separation, alignment, cohesion, each over its own neighborhood)
/// flying over a square that wraps around.
class flocking_scene final : public scene {
public:
    flocking_scene() {
        add_param("flocking_params.separation.max_distance", "m", p_[0], 0, 6, 0.1);
        add_param("flocking_params.separation.max_angle", "rad", p_[1], 0, 3.15, 0.05);
        add_param("flocking_params.alignment.max_distance", "m", p_[2], 0, 12, 0.1);
        add_param("flocking_params.alignment.max_angle", "rad", p_[3], 0, 3.15, 0.05);
        add_param("flocking_params.cohesion.max_distance", "m", p_[4], 0, 16, 0.1);
        add_param("flocking_params.cohesion.max_angle", "rad", p_[5], 0, 3.15, 0.05);
        add_param("flocking_params.separation_weight", "1", p_[6], 0, 4, 0.05);
        add_param("flocking_params.alignment_weight", "1", p_[7], 0, 4, 0.05);
        add_param("flocking_params.cohesion_weight", "1", p_[8], 0, 4, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 8, 10);
        add_param("boids", "agents", count_, 2, 300, 1, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"flocking", "Flocking (2D)", "Groups",
                "Boids: separation, alignment and cohesion, each over its own neighborhood (drawn for the red "
                "boid), over a square that wraps around. Set a weight to 0 and see what it was doing; a small "
                "alignment distance breaks the flock into many.",
                "behaviors.md#flocking", false, {0, 0, 0}, 40};
    }
    void reset(std::uint64_t seed) override {
        steer::rng gen(seed);
        flock_ = groups_detail::scatter(gen, static_cast<int>(count_), 30, 30, 1.5, 0.3, max_force_, max_speed_);
    }
    void step() override {
        groups_detail::set_limits(flock_, max_speed_, max_force_);
        const steer::flocking_params<vec2> params = flocking();
        std::vector<vec2> forces(flock_.size());
        for (std::size_t i = 0; i < flock_.size(); ++i) forces[i] = steer::flocking(flock_[i], flock_, params);
        for (std::size_t i = 0; i < flock_.size(); ++i) {
            flock_[i].apply_force(forces[i], dt);
            groups_detail::wrap(flock_[i], half);
        }
    }
    void draw(canvas& out) const override {
        const steer::flocking_params<vec2> params = flocking();
        const std::array<vec2, 4> border = {vec2(-half, -half), vec2(half, -half), vec2(half, half), vec2(-half, half)};
        out.path(border, color::faint, true);
        const vehicle2& focus = flock_[0];
        groups_detail::draw_neighborhood(out, focus, params.cohesion, color::sky);
        groups_detail::draw_neighborhood(out, focus, params.alignment, color::green);
        groups_detail::draw_neighborhood(out, focus, params.separation, color::vermillion);
        for (std::size_t i = 0; i < flock_.size(); ++i)
            out.vehicle(flock_[i], i == 0 ? color::vermillion : color::blue);
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::flocking_params<glm::dvec2> boids{\n"
               "    .separation = " + groups_detail::neighborhood_code(p_[0], p_[1]) + ",\n"
               "    .alignment = " + groups_detail::neighborhood_code(p_[2], p_[3]) + ",\n"
               "    .cohesion = " + groups_detail::neighborhood_code(p_[4], p_[5]) + ",\n"
               "    .separation_weight = " + number(p_[6]) + ",\n"
               "    .alignment_weight = " + number(p_[7]) + ",\n"
               "    .cohesion_weight = " + number(p_[8]) + "};\n"
               "steer::vehicle2d boid({.radius = 0.3, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame, for every boid of the flock (then wrap it around the square):\n"
               "boid.apply_force(steer::flocking(boid, flock, boids), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : flock_) append_position(out, v);
    }

private:
    [[nodiscard]] steer::flocking_params<vec2> flocking() const {
        return {.separation = {.max_distance = p_[0], .max_angle = p_[1]},
                .alignment = {.max_distance = p_[2], .max_angle = p_[3]},
                .cohesion = {.max_distance = p_[4], .max_angle = p_[5]},
                .separation_weight = p_[6],
                .alignment_weight = p_[7],
                .cohesion_weight = p_[8]};
    }

    static constexpr double half = 20;
    // The gallery's boids: neighborhoods 1.5, 4 and 8 m, 2.4 rad either side; weights 4/3, 2/3, 2/3.
    std::array<double, 9> p_{1.5, 2.4, 4, 2.4, 8, 2.4, 1.3333, 0.6667, 0.6667};
    double max_speed_ = 3, max_force_ = 1.5, count_ = 120;
    std::vector<vehicle2> flock_;
};

/// Flocking in 3D: a few hundred boids in a steer::flock, kept inside a sphere by containment.
class flocking_3d_scene final : public scene {
public:
    flocking_3d_scene() {
        add_param("flocking_params.separation.max_distance", "m", p_[0], 0, 6, 0.1);
        add_param("flocking_params.alignment.max_distance", "m", p_[1], 0, 12, 0.1);
        add_param("flocking_params.cohesion.max_distance", "m", p_[2], 0, 16, 0.1);
        add_param("flocking_params.separation_weight", "1", p_[3], 0, 4, 0.05);
        add_param("flocking_params.alignment_weight", "1", p_[4], 0, 4, 0.05);
        add_param("flocking_params.cohesion_weight", "1", p_[5], 0, 4, 0.05);
        add_param("containment_params.prediction_time", "s", prediction_time_, 0, 4, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 10, 12);
        add_param("boids", "agents", count_, 10, 1000, 10, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"flocking_3d", "Flocking (3D)", "Groups",
                "Three hundred boids in a steer::flock fly inside a sphere, kept in by containment (steering back "
                "from where each would be in prediction_time). Orbit the camera; lower the cohesion weight and "
                "the flock breaks into many.",
                "behaviors.md#flocking", true, {0, 0, 0}, 60};
    }
    void reset(std::uint64_t seed) override {
        steer::rng gen(seed);
        flock_ = steer::flock<vec3>();
        for (int i = 0; i < static_cast<int>(count_); ++i)
            flock_.add({.position = steer::random_vector_in_unit_ball<vec3>(gen) * 12.0,
                        .velocity = steer::random_unit_vector<vec3>(gen) * 2.0,
                        .radius = 0.3, .max_force = max_force_, .max_speed = max_speed_});
    }
    void step() override {
        for (vehicle3& v : flock_.vehicles()) {
            v.set_max_speed(max_speed_);
            v.set_max_force(max_force_);
        }
        const steer::sphere<vec3> region{{0, 0, 0}, radius};
        const steer::containment_params<vec3> keep{.prediction_time = prediction_time_};
        // Containment added to each boid's flocking force (the vehicle cuts the sum to max_force).
        flock_.step(dt, flocking(), [&](steer::flock_id, const vehicle3& v, const vec3& force) {
            return force + steer::containment(v, region, keep);
        });
    }
    void draw(canvas& out) const override {
        // The sphere as three great circles.
        std::array<vec3, 64> ring;
        for (int axis = 0; axis < 3; ++axis) {
            for (std::size_t i = 0; i < ring.size(); ++i) {
                const vec2 d = direction_at(2 * groups_detail::pi * static_cast<double>(i) / 64.0) * radius;
                ring[i] = axis == 0 ? vec3(d.x, 0, d.y) : axis == 1 ? vec3(d.x, d.y, 0) : vec3(0, d.x, d.y);
            }
            out.path(ring, color::faint, true);
        }
        for (const vehicle3& v : flock_.vehicles()) out.vehicle(v, color::blue);
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::flocking_params<glm::dvec3> boids{\n"
               "    .separation = {.max_distance = " + number(p_[0]) + ", .max_angle = 2.4},\n"
               "    .alignment = {.max_distance = " + number(p_[1]) + ", .max_angle = 2.4},\n"
               "    .cohesion = {.max_distance = " + number(p_[2]) + ", .max_angle = 2.4},\n"
               "    .separation_weight = " + number(p_[3]) + ", .alignment_weight = " + number(p_[4]) +
               ", .cohesion_weight = " + number(p_[5]) + "};\n"
               "const steer::sphere<glm::dvec3> region{{0.0, 0.0, 0.0}, " + number(radius) + "};\n"
               "steer::flock<glm::dvec3> flock;\n"
               "flock.add({.position = ..., .radius = 0.3, .max_force = " + number(max_force_) +
               ", .max_speed = " + number(max_speed_) + "});  // times " +
               std::to_string(static_cast<int>(count_)) + "\n"
               "// every frame:\n"
               "flock.step(dt, boids, [&](steer::flock_id, const steer::vehicle3d& v, const glm::dvec3& force) {\n"
               "    return force + steer::containment(v, region, {.prediction_time = " + number(prediction_time_) +
               "});\n"
               "});\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle3& v : flock_.vehicles()) append_position(out, v);
    }

private:
    [[nodiscard]] steer::flocking_params<vec3> flocking() const {
        return {.separation = {.max_distance = p_[0], .max_angle = 2.4},
                .alignment = {.max_distance = p_[1], .max_angle = 2.4},
                .cohesion = {.max_distance = p_[2], .max_angle = 2.4},
                .separation_weight = p_[3],
                .alignment_weight = p_[4],
                .cohesion_weight = p_[5]};
    }

    static constexpr double radius = 25;
    std::array<double, 6> p_{1.5, 4, 8, 1.3333, 0.6667, 0.6667};
    double prediction_time_ = 1.5, max_speed_ = 5, max_force_ = 3, count_ = 300;
    steer::flock<vec3> flock_;
};

/// Leader following: followers trail a leader that arrives at a roaming (draggable) target,
/// and keep out of the lane ahead of it.
class leader_following_scene final : public scene {
public:
    leader_following_scene() {
        add_param("leader_following_params.behind_distance", "m", behind_distance_, 0, 6, 0.1);
        add_param("leader_following_params.slowing_distance", "m", slowing_distance_, 0, 6, 0.1);
        add_param("leader_following_params.lane_length", "m", lane_length_, 0, 10, 0.1);
        add_param("leader_following_params.lane_width", "m", lane_width_, 0, 5, 0.1);
        add_param("leader_following_params.separation.max_distance", "m", separation_distance_, 0, 5, 0.1);
        add_param("leader_following_params.separation_weight", "1", separation_weight_, 0, 3, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"leader_following", "Leader following", "Groups",
                "Eight followers arrive at a point behind the red leader, spread by separation, and step out of "
                "the lane ahead of it (the red rectangle). The leader heads for the target: drag it behind the "
                "followers and watch them make way.",
                "behaviors.md#leader-following", false, {0, 0, 0}, 26};
    }
    void reset(std::uint64_t seed) override {
        steer::rng gen(seed);
        leader_ = vehicle2({.position = {-6, 0}, .velocity = {1, 0}, .radius = 0.5, .max_force = 1.5,
                            .max_speed = 1.5});
        followers_.clear();
        for (int i = 0; i < 8; ++i)
            followers_.emplace_back(steer::vehicle_params<vec2>{
                .position = {steer::uniform(gen, -2.0, 6.0), steer::uniform(gen, -6.0, 6.0)}, .radius = 0.4,
                .max_force = max_force_, .max_speed = max_speed_});
        target_ = {};
        target_.at = vec2(6, 0);
        clear_handles();
        add_handle("target", target_.at);
    }
    void dragged(std::size_t index, const vec3& to) override {
        scene::dragged(index, to);
        target_.hands_off = 5;
    }
    void step() override {
        target_.step(9, 0.1, 1.3);
        groups_detail::set_limits(followers_, max_speed_, max_force_);
        const steer::leader_following_params<vec2> params = following();
        std::vector<vec2> forces(followers_.size());
        for (std::size_t i = 0; i < followers_.size(); ++i)
            forces[i] = steer::leader_following(followers_[i], leader_, followers_, params);
        leader_.apply_force(steer::arrival(leader_, target_.at, {.slowing_distance = 3}), dt);
        for (std::size_t i = 0; i < followers_.size(); ++i) followers_[i].apply_force(forces[i], dt);
    }
    void draw(canvas& out) const override {
        const vec2 f = leader_.forward(), side(-f.y, f.x), c = leader_.position();
        const double w = lane_width_ / 2;
        const std::array<vec2, 4> lane = {c + side * w, c + side * w + f * lane_length_,
                                          c - side * w + f * lane_length_, c - side * w};
        out.polygon(lane, color::faint);
        out.path(lane, color::vermillion, true);
        out.circle(c - f * behind_distance_, 0.15, color::ink);  // the point behind
        out.disc(target_.at, 0.3, color::orange);
        for (const vehicle2& v : followers_) out.vehicle(v, color::blue);
        out.vehicle(leader_, color::vermillion);
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::leader_following_params<glm::dvec2> params{\n"
               "    .behind_distance = " + number(behind_distance_) + ", .slowing_distance = " +
               number(slowing_distance_) + ",\n"
               "    .lane_length = " + number(lane_length_) + ", .lane_width = " + number(lane_width_) + ",\n"
               "    .separation = {.max_distance = " + number(separation_distance_) + "}, .separation_weight = " +
               number(separation_weight_) + "};\n"
               "steer::vehicle2d follower({.radius = 0.4, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame, for every follower:\n"
               "follower.apply_force(steer::leader_following(follower, leader, followers, params), dt);\n"
               "leader.apply_force(steer::arrival(leader, target, {.slowing_distance = 3.0}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, leader_);
        for (const vehicle2& v : followers_) append_position(out, v);
    }

private:
    [[nodiscard]] steer::leader_following_params<vec2> following() const {
        return {.behind_distance = behind_distance_,
                .slowing_distance = slowing_distance_,
                .lane_length = lane_length_,
                .lane_width = lane_width_,
                .separation = {.max_distance = separation_distance_},
                .separation_weight = separation_weight_};
    }

    double behind_distance_ = 2, slowing_distance_ = 2, lane_length_ = 4, lane_width_ = 2;
    double separation_distance_ = 2, separation_weight_ = 0.7, max_speed_ = 2, max_force_ = 3;
    vehicle2 leader_;
    std::vector<vehicle2> followers_;
    groups_detail::roaming_target target_;
};

/// Unaligned collision avoidance: two streams cross at right angles, each character
/// dodging the soonest predicted collision, else cruising on.
class unaligned_collision_avoidance_scene final : public scene {
public:
    unaligned_collision_avoidance_scene() {
        add_param("unaligned_collision_avoidance_params.min_time_to_collision", "s", min_time_, 0, 6, 0.1);
        add_param("unaligned_collision_avoidance_params.clearance", "m", clearance_, 0, 2, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 4, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"unaligned_collision_avoidance", "Unaligned collision avoidance", "Groups",
                "Two streams cross at right angles, around and around. Each character predicts its nearest "
                "approach to every other and dodges the soonest threat (sideways, faster or slower); red bodies "
                "overlap another. Set min_time_to_collision to 0 to switch avoidance off.",
                "behaviors.md#unaligned-collision-avoidance", false, {0, 0, 0}, 26};
    }
    void reset(std::uint64_t) override {
        crowd_.clear();
        headings_.clear();
        for (int stream = 0; stream < 2; ++stream)
            for (int row = 0; row < 5; ++row)
                for (int lane = 0; lane < 3; ++lane) {
                    const double along = -4.0 - 2.6 * row - (stream == 1 ? 1.3 : 0.0);
                    const double across = -2.0 + 2.0 * lane;
                    const vec2 heading = stream == 0 ? vec2(1, 0) : vec2(0, 1);
                    const vec2 position = stream == 0 ? vec2(along, across) : vec2(across, along);
                    crowd_.emplace_back(steer::vehicle_params<vec2>{.position = position,
                                                                    .velocity = heading * max_speed_, .radius = 0.5,
                                                                    .max_force = max_force_,
                                                                    .max_speed = max_speed_});
                    headings_.push_back(heading);
                }
    }
    void step() override {
        groups_detail::set_limits(crowd_, max_speed_, max_force_);
        const steer::unaligned_collision_avoidance_params<vec2> params{.min_time_to_collision = min_time_,
                                                                       .clearance = clearance_};
        std::vector<vec2> forces(crowd_.size());
        for (std::size_t i = 0; i < crowd_.size(); ++i) {
            const vehicle2& v = crowd_[i];
            const vec2 cruise = headings_[i] * max_speed_ - v.velocity();  // keep the stream's heading and speed
            forces[i] = steer::priority(0.0, [&] { return steer::unaligned_collision_avoidance(v, crowd_, params); },
                                        [&] { return cruise; });
        }
        for (std::size_t i = 0; i < crowd_.size(); ++i) {
            crowd_[i].apply_force(forces[i], dt);
            groups_detail::wrap(crowd_[i], half);
        }
    }
    void draw(canvas& out) const override {
        for (std::size_t i = 0; i < crowd_.size(); ++i) {
            bool overlapping = false;
            for (std::size_t j = 0; j < crowd_.size(); ++j)
                overlapping = overlapping ||
                              (i != j && glm::distance(crowd_[i].position(), crowd_[j].position()) < 1.0);
            if (overlapping) out.disc(crowd_[i].position(), 0.5, color::vermillion);
            out.vehicle(crowd_[i], headings_[i].x > 0 ? color::blue : color::orange);
            groups_detail::velocity_arrow(out, crowd_[i], color::gray);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d v({.radius = 0.5, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame, for every character v (then wrap it around the square):\n"
               "const glm::dvec2 cruise = heading * " + number(max_speed_) + " - v.velocity();\n"
               "v.apply_force(steer::priority(0.0,\n"
               "    [&] { return steer::unaligned_collision_avoidance(v, crowd,\n"
               "              {.min_time_to_collision = " + number(min_time_) + ", .clearance = " +
               number(clearance_) + "}); },\n"
               "    [&] { return cruise; }), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : crowd_) append_position(out, v);
    }

private:
    static constexpr double half = 13;
    double min_time_ = 3, clearance_ = 0.1, max_speed_ = 1.5, max_force_ = 3;
    std::vector<vehicle2> crowd_;
    std::vector<vec2> headings_;
};

/// Pigeons in the Park (examples/pigeons): birds feed on a meadow, walking as a loose herd;
/// a clap, the RC car or enough neighbors taking off send them up as a 3D flock that lands again.
class pigeons_scene final : public scene {
public:
    pigeons_scene() {
        add_param("park_config.clap_radius", "m", clap_radius_, 0, 20, 0.5);
        add_param("seconds between claps", "s", clap_every_, 5, 120, 1);
        add_param("park_config.birds", "agents", birds_, 10, 2000, 10, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"pigeons", "Pigeons in the Park", "Groups",
                "Pigeons feed on a meadow (gray: walking, blue: flying). The RC car drives through and parks; "
                "every so often a clap where the most birds walk sends them up, and neighbors taking off "
                "startle others. Drag the hand (the clap ring) and let go to clap there.",
                "pigeons.md#the-model", true, {0, 2, 0}, 55};
    }
    void reset(std::uint64_t seed) override {
        pigeons::park_config config = pigeons::park_config::for_birds(static_cast<std::size_t>(birds_));
        config.seed = seed;
        config.claps.clear();  // the scene claps itself, forever
        park_ = std::make_unique<pigeons::park>(std::move(config));
        clock_ = 0;
        since_clap_ = 1e9;
        hand_ = vec3(park_->busiest_spot(static_cast<float>(clap_radius_)));
        clear_handles();
        add_handle("hand", hand_);
    }
    void dragged(std::size_t index, const vec3& to) override {
        scene::dragged(index, to);
        clap_at(hand_);
        clock_ = 0;  // the next scheduled clap waits a whole interval
    }
    void step() override {
        clock_ += dt;
        since_clap_ += dt;
        if (clock_ >= clap_every_) {
            clock_ = 0;
            clap_at(vec3(park_->busiest_spot(static_cast<float>(clap_radius_))));
        }
        park_->step();
    }
    void draw(canvas& out) const override {
        const pigeons::park_config& c = park_->config();
        // The meadow: lines of the height field every 4 m across the enclosure.
        const double reach = static_cast<double>(c.enclosure_radius * c.scale) * 0.9;
        std::vector<vec3> line;
        for (int k = -6; k <= 6; ++k)
            for (int along_x = 0; along_x < 2; ++along_x) {
                line.clear();
                const double fixed = reach * k / 6.0;
                for (int i = 0; i <= 24; ++i) {
                    const double moving = -reach + 2 * reach * i / 24.0;
                    const double x = along_x ? moving : fixed, z = along_x ? fixed : moving;
                    const float h = c.ground.at(static_cast<float>(x), static_cast<float>(z)).height;
                    line.emplace_back(x, static_cast<double>(h), z);
                }
                out.path(line, color::faint);
            }
        for (std::size_t i = 0; i < park_->size(); ++i)
            out.vehicle(park_->body(i), park_->mind(i).flying ? color::blue : color::gray);
        if (park_->car_active()) out.vehicle(park_->car(), color::orange);
        // The hand: a ring on the ground as wide as a clap carries, red just after a clap.
        std::array<vec3, 48> ring;
        for (std::size_t i = 0; i < ring.size(); ++i) {
            const vec2 d = direction_at(2 * groups_detail::pi * static_cast<double>(i) / 48.0) * clap_radius_;
            ring[i] = hand_ + vec3(d.x, 0.05, d.y);
        }
        out.path(ring, since_clap_ < 1.5 ? color::vermillion : color::purple, true);
        out.disc(hand_, 0.3, color::purple);
    }
    [[nodiscard]] std::string code() const override {
        return "#include \"pigeons/park.hpp\"  // examples/pigeons\n"
               "pigeons::park_config config = pigeons::park_config::for_birds(" +
               std::to_string(static_cast<int>(birds_)) + ");\n"
               "config.claps.clear();\n"
               "pigeons::park park(std::move(config));\n"
               "// every frame:\n"
               "park.step();\n"
               "// every " + number(clap_every_) + " s, or where the user claps:\n"
               "park.clap(park.busiest_spot(" + number(clap_radius_) + "f), " + number(clap_radius_) + "f);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (std::size_t i = 0; i < park_->size(); ++i) append_position(out, park_->body(i));
        append_position(out, park_->car());
    }

private:
    void clap_at(const vec3& where) {
        const glm::vec3 at(where);
        const pigeons::terrain::point ground = park_->config().ground.at(at.x, at.z);
        hand_ = vec3(where.x, static_cast<double>(ground.height), where.z);
        park_->clap(glm::vec3(hand_), static_cast<float>(clap_radius_));
        since_clap_ = 0;
    }

    double clap_radius_ = 7, clap_every_ = 25, birds_ = 280;
    std::unique_ptr<pigeons::park> park_;
    vec3 hand_{0, 0, 0};
    double clock_ = 0, since_clap_ = 1e9;
};

inline void add_groups_scenes(std::vector<factory>& all) {
    add<separation_scene>(all);
    add<cohesion_scene>(all);
    add<alignment_scene>(all);
    add<flocking_scene>(all);
    add<flocking_3d_scene>(all);
    add<leader_following_scene>(all);
    add<unaligned_collision_avoidance_scene>(all);
    add<pigeons_scene>(all);
}

}  // namespace playground

#endif
