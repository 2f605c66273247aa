// Scenes of the behaviors the paper sketches (interpose, shadow, docking, hide), the notes'
// patrol, avatar avoidance (Reynolds 2000) and strafing (facing apart from heading). Berths,
// checkpoints, the hunter and the avatar are handles the user drags; bystanders roam on their
// own, so that every scene goes on forever.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_SKETCHED_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_SKETCHED_HPP

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "../scene.hpp"
#include "character_tools.hpp"

namespace playground {

/// Interpose: blue gets between two characters that roam the view.
class interpose_scene final : public scene {
public:
    interpose_scene() {
        add_param("interpose_params.slowing_distance", "m", slowing_distance_, 0, 6, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"interpose", "Interpose", "Characters",
                "Blue keeps itself between red and orange as they roam: it aims at the midpoint of where both will "
                "be by the time it gets there (the green dot), not at their midpoint now (the gray dot).",
                "behaviors.md#interpose", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        wander_a_ = {}, wander_b_ = {};
        a_ = vehicle2({.position = {-5, 5}, .velocity = {1, 0}, .max_force = 2, .max_speed = 1.3});
        b_ = vehicle2({.position = {5, -5}, .velocity = {-1, 0}, .max_force = 2, .max_speed = 1.0});
        blocker_ = vehicle2({.position = {-8, -7}, .max_force = max_force_, .max_speed = max_speed_});
        clear_handles();
    }
    void step() override {
        characters_detail::set_limits({&blocker_}, max_speed_, max_force_);
        const steer::wander_params<vec2> roaming{.radius = 1, .distance = 1.5, .rate = 2};
        // Each roams its own half of the view, so that there is usually room between them.
        a_.apply_force(characters_detail::roam(a_, wander_a_, gen_, roaming, vec2(-4, 2), 4), dt);
        b_.apply_force(characters_detail::roam(b_, wander_b_, gen_, roaming, vec2(4, -2), 4), dt);
        blocker_.apply_force(steer::interpose(blocker_, a_, b_, {.slowing_distance = slowing_distance_}), dt);
    }
    void draw(canvas& out) const override {
        out.line(a_.position(), b_.position(), color::faint);
        out.disc((a_.position() + b_.position()) * 0.5, 0.12, color::gray);
        const vec2 aim = steer::interpose_point(blocker_, a_, b_);
        out.line(blocker_.position(), aim, color::faint);
        out.disc(aim, 0.15, color::green);
        out.vehicle(a_, color::vermillion);
        out.vehicle(b_, color::orange);
        out.vehicle(blocker_, color::blue);
        characters_detail::velocity_arrow(out, blocker_, color::blue);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d v({.max_force = " + number(max_force_) + ", .max_speed = " + number(max_speed_) +
               "});\n"
               "// every frame:\n"
               "v.apply_force(steer::interpose(v, a, b, {.slowing_distance = " + number(slowing_distance_) +
               "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, a_);
        append_position(out, b_);
        append_position(out, blocker_);
    }

private:
    double slowing_distance_ = 1, max_speed_ = 2.5, max_force_ = 4;
    steer::rng gen_{1};
    steer::wander_state<vec2> wander_a_, wander_b_;
    vehicle2 a_, b_, blocker_;
};

/// Shadow: two characters come alongside a roaming quarry and match its velocity.
class shadow_scene final : public scene {
public:
    shadow_scene() {
        add_param("shadow_params.stand_off", "m", stand_off_, 0, 5, 0.1);
        add_param("shadow_params.slowing_distance", "m", slowing_distance_, 0, 6, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"shadow", "Shadow", "Characters",
                "Blue and green approach the red quarry, then keep pace with it at the stand-off distance (the "
                "ring): their velocity arrows match red's. Change the stand-off and watch them settle again.",
                "behaviors.md#shadow", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        wander_ = {};
        quarry_ = vehicle2({.position = {0, 0}, .velocity = {1, 0}, .max_force = 1, .max_speed = 1.2});
        first_ = vehicle2({.position = {-8, -7}, .max_force = max_force_, .max_speed = max_speed_});
        second_ = vehicle2({.position = {8, 7}, .max_force = max_force_, .max_speed = max_speed_});
        clear_handles();
    }
    void step() override {
        characters_detail::set_limits({&first_, &second_}, max_speed_, max_force_);
        quarry_.apply_force(characters_detail::roam(quarry_, wander_, gen_, {.radius = 1, .distance = 3, .rate = 1},
                                                    vec2(0, 0), 5),
                            dt);
        const steer::shadow_params<vec2> params{.stand_off = stand_off_, .slowing_distance = slowing_distance_};
        first_.apply_force(steer::shadow(first_, quarry_, params), dt);
        second_.apply_force(steer::shadow(second_, quarry_, params), dt);
    }
    void draw(canvas& out) const override {
        out.circle(quarry_.position(), stand_off_, color::faint);
        out.line(quarry_.position(), first_.position(), color::faint);
        out.line(quarry_.position(), second_.position(), color::faint);
        out.vehicle(quarry_, color::vermillion);
        out.vehicle(first_, color::blue);
        out.vehicle(second_, color::green);
        characters_detail::velocity_arrow(out, quarry_, color::vermillion);
        characters_detail::velocity_arrow(out, first_, color::blue);
        characters_detail::velocity_arrow(out, second_, color::green);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d v({.max_force = " + number(max_force_) + ", .max_speed = " + number(max_speed_) +
               "});\n"
               "// every frame:\n"
               "v.apply_force(steer::shadow(v, quarry, {.stand_off = " + number(stand_off_) +
               ", .slowing_distance = " + number(slowing_distance_) + "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, quarry_);
        append_position(out, first_);
        append_position(out, second_);
    }

private:
    double stand_off_ = 2, slowing_distance_ = 2, max_speed_ = 2, max_force_ = 4;
    steer::rng gen_{1};
    steer::wander_state<vec2> wander_;
    vehicle2 quarry_, first_, second_;
};

/// Docking: a boat goes from berth to berth and comes to rest in each facing its heading.
class docking_scene final : public scene {
public:
    docking_scene() {
        add_param("docking_params.slowing_distance", "m", slowing_distance_, 0, 6, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"docking", "Docking", "Characters",
                "The boat docks at each berth in turn (green: the next one), swinging round onto an arc so that it "
                "comes to rest facing the berth's heading; from in front of a berth it loops round the back. Drag "
                "the berths.",
                "behaviors.md#docking", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t) override {
        berths_ = {vec2(-5.2, -3), vec2(5.2, -3), vec2(0, 6)};
        next_ = 1;
        resting_ = 0;
        sailing_ = 0;
        boat_ = vehicle2({.position = berths_[0], .velocity = headings_[0] * 0.01, .max_force = max_force_,
                          .max_speed = max_speed_});
        clear_handles();
        add_handle("berth 1", berths_[0]);
        add_handle("berth 2", berths_[1]);
        add_handle("berth 3", berths_[2]);
    }
    void step() override {
        characters_detail::set_limits({&boat_}, max_speed_, max_force_);
        boat_.apply_force(
            steer::docking(boat_, berths_[next_], headings_[next_], {.slowing_distance = slowing_distance_}), dt);
        sailing_ += dt;
        // Docked (or given up after 30 s): rest a second, then sail for the next berth.
        const bool docked = glm::distance(boat_.position(), berths_[next_]) < 0.1 && boat_.speed() < 0.1;
        resting_ = docked || sailing_ > 30 ? resting_ + dt : 0;
        if (resting_ > 1) {
            next_ = (next_ + 1) % berths_.size();
            resting_ = 0;
            sailing_ = 0;
        }
    }
    void draw(canvas& out) const override {
        for (std::size_t i = 0; i < berths_.size(); ++i) {
            const color c = i == next_ ? color::green : color::gray;
            out.circle(berths_[i], 0.6, c);
            out.arrow_to(berths_[i] - headings_[i] * 1.5, berths_[i] + headings_[i] * 0.8, c);
        }
        out.vehicle(boat_, color::blue);
        characters_detail::velocity_arrow(out, boat_, color::blue);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d boat({.max_force = " + number(max_force_) + ", .max_speed = " + number(max_speed_) +
               "});\n"
               "// every frame:\n"
               "boat.apply_force(steer::docking(boat, berth, berth_heading, {.slowing_distance = " +
               number(slowing_distance_) + "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override { append_position(out, boat_); }

private:
    double slowing_distance_ = 2, max_speed_ = 2, max_force_ = 4;
    // Berths and headings that keep every approach within about 6 m of the center (an approach
    // from in front of a berth loops round, about as wide as the way it came).
    std::array<vec2, 3> berths_{vec2(-5.2, -3), vec2(5.2, -3), vec2(0, 6)};
    std::array<vec2, 3> headings_{vec2(0, -1), vec2(1, 0), vec2(-1, 0)};
    std::size_t next_ = 1;
    double resting_ = 0, sailing_ = 0;
    vehicle2 boat_;
};

/// Patrol: two guards go round the same checkpoints, one looping, one turning back at the ends.
class patrol_scene final : public scene {
public:
    patrol_scene() {
        add_param("patrol_params.slowing_distance", "m", slowing_distance_, 0, 6, 0.1);
        add_param("patrol_params.reach_radius", "m", reach_radius_, 0.05, 3, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"patrol", "Patrol", "Characters",
                "Blue loops round the checkpoints (1, 2, 3, 4, 1, ...), green ping-pongs (1, 2, 3, 4, 3, ...); "
                "each arrives at its next checkpoint (the thin line) and moves on once within the reach radius "
                "(the rings). Drag the checkpoints.",
                "behaviors.md#patrol", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t) override {
        checkpoints_ = {vec2(-7, -5), vec2(7, -5), vec2(7, 5), vec2(-3, 6)};
        loop_state_ = {}, ping_pong_state_ = {};
        looper_ = vehicle2({.position = {-8, 0}, .max_force = max_force_, .max_speed = max_speed_});
        ping_ponger_ = vehicle2({.position = {0, 0}, .max_force = max_force_, .max_speed = max_speed_});
        ping_pong_state_.next = 2;
        clear_handles();
        for (std::size_t i = 0; i < checkpoints_.size(); ++i)
            add_handle("checkpoint " + std::to_string(i + 1), checkpoints_[i]);
    }
    void step() override {
        characters_detail::set_limits({&looper_, &ping_ponger_}, max_speed_, max_force_);
        looper_.apply_force(steer::patrol(looper_, checkpoints_, loop_state_, params(steer::patrol_mode::loop)), dt);
        ping_ponger_.apply_force(
            steer::patrol(ping_ponger_, checkpoints_, ping_pong_state_, params(steer::patrol_mode::ping_pong)), dt);
    }
    void draw(canvas& out) const override {
        out.path(checkpoints_, color::faint, true);
        for (const vec2& c : checkpoints_) {
            out.circle(c, reach_radius_, color::orange);
            out.disc(c, 0.12, color::orange);
        }
        out.line(looper_.position(), checkpoints_[loop_state_.next % checkpoints_.size()], color::blue);
        out.line(ping_ponger_.position(), checkpoints_[ping_pong_state_.next % checkpoints_.size()], color::green);
        out.vehicle(looper_, color::blue);
        out.vehicle(ping_ponger_, color::green);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d guard({.max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "steer::patrol_state state;  // one per guard\n"
               "// every frame:\n"
               "guard.apply_force(steer::patrol(guard, checkpoints, state,\n"
               "    {.slowing_distance = " + number(slowing_distance_) + ", .reach_radius = " +
               number(reach_radius_) + ", .mode = steer::patrol_mode::loop}), dt);\n"
               "// green: .mode = steer::patrol_mode::ping_pong\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, looper_);
        append_position(out, ping_ponger_);
    }

private:
    [[nodiscard]] steer::patrol_params<vec2> params(steer::patrol_mode mode) const {
        return {.slowing_distance = slowing_distance_, .reach_radius = reach_radius_, .mode = mode};
    }

    double slowing_distance_ = 2, reach_radius_ = 0.5, max_speed_ = 2, max_force_ = 2;
    std::array<vec2, 4> checkpoints_{vec2(-7, -5), vec2(7, -5), vec2(7, 5), vec2(-3, 6)};
    steer::patrol_state loop_state_, ping_pong_state_;
    vehicle2 looper_, ping_ponger_;
};
/// Hide: three characters keep a rock between themselves and a hunter the user can drag.
class hide_scene final : public scene {
public:
    hide_scene() {
        add_param("hide_params.margin", "m", margin_, 0, 3, 0.1);
        add_param("hide_params.slowing_distance", "m", slowing_distance_, 0, 6, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"hide", "Hide", "Characters",
                "Each rock offers a hiding point (the small dots) just beyond its far side from the red hunter; "
                "every hider arrives at the one nearest to it, out of the hunter's sight (the shaded shadows). "
                "The hunter walks a round; drag it and watch them scurry.",
                "behaviors.md#hide", false, {0, 0, 0}, 24};
    }
    void reset(std::uint64_t) override {
        rocks_ = {steer::sphere<vec2>{{-4, 3}, 1.5}, steer::sphere<vec2>{{4, 3}, 1.2},
                  steer::sphere<vec2>{{3, -4}, 2.0}, steer::sphere<vec2>{{-4, -3.5}, 1.3}};
        walker_ = vehicle2({.position = {-10, 0}, .max_force = 2, .max_speed = 1.2});
        round_ = {};
        hunter_ = walker_.position();
        hands_off_ = 0;
        const vec2 starts[] = {{-1, 0}, {1, 1}, {0, -1}};
        for (std::size_t i = 0; i < hiders_.size(); ++i)
            hiders_[i] = vehicle2({.position = starts[i], .radius = 0.5, .max_force = max_force_,
                                   .max_speed = max_speed_});
        clear_handles();
        add_handle("hunter", hunter_);
    }
    void dragged(std::size_t index, const vec3& to) override {
        scene::dragged(index, to);
        hands_off_ = characters_detail::hands_off_time;
    }
    void step() override {
        // The hunter walks its round (a diamond around the rocks) unless the user just moved it.
        if (hands_off_ > 0) {
            hands_off_ -= dt;
            walker_.set_position(hunter_);
            walker_.set_velocity(vec2(0, 0));
        } else {
            const std::array<vec2, 4> round = {vec2(-10, 0), vec2(0, 10), vec2(10, 0), vec2(0, -10)};
            walker_.apply_force(steer::patrol(walker_, round, round_, {.slowing_distance = 1, .reach_radius = 1}), dt);
            hunter_ = walker_.position();
        }
        const steer::hide_params<vec2> params{.margin = margin_, .slowing_distance = slowing_distance_};
        std::array<vec2, 3> forces;
        for (std::size_t i = 0; i < hiders_.size(); ++i) {
            vehicle2& v = hiders_[i];
            characters_detail::set_limits({&v}, max_speed_, max_force_);
            // Obstacle avoidance first, as the docs advise: the way to a hiding point may cross a
            // rock. Separation keeps two hiders that chose the same rock from standing in one spot.
            forces[i] = steer::priority(
                0.0,
                [&] { return steer::obstacle_avoidance(v, rocks_, {.min_time_to_collision = 1, .clearance = 0.05}); },
                [&] {
                    return steer::hide(v, hunter_, rocks_, params) + steer::separation(v, hiders_, {.max_distance = 2});
                });
        }
        for (std::size_t i = 0; i < hiders_.size(); ++i) hiders_[i].apply_force(forces[i], dt);
    }
    void draw(canvas& out) const override {
        for (const auto& rock : rocks_) draw_shadow(out, rock);
        for (const auto& rock : rocks_) {
            out.disc(rock.center, rock.radius, color::gray);
            // The rock's hiding point for a hider of radius 0.5 (hide's own construction for a sphere).
            const vec2 away = steer::safe_normalize(rock.center - hunter_);
            if (away != vec2(0, 0)) out.disc(rock.center + away * (rock.radius + 0.5 + margin_), 0.1, color::ink);
        }
        out.disc(hunter_, 0.4, color::vermillion);
        const color colors[] = {color::blue, color::green, color::purple};
        for (std::size_t i = 0; i < hiders_.size(); ++i) out.vehicle(hiders_[i], colors[i]);
    }
    [[nodiscard]] std::string code() const override {
        return "std::vector<steer::sphere<glm::dvec2>> rocks = {{{-4.0, 3.0}, 1.5}, ...};\n"
               "steer::vehicle2d v({.radius = 0.5, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame:\n"
               "v.apply_force(steer::priority(0.0,\n"
               "    [&] { return steer::obstacle_avoidance(v, rocks, {.min_time_to_collision = 1.0, "
               ".clearance = 0.05}); },\n"
               "    [&] { return steer::hide(v, hunter, rocks, {.margin = " + number(margin_) +
               ", .slowing_distance = " + number(slowing_distance_) + "})\n"
               "               + steer::separation(v, hiders, {.max_distance = 2.0}); }), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, walker_);
        for (const vehicle2& v : hiders_) append_position(out, v);
    }

private:
    /// The region a rock hides from the hunter: from the two tangent points, straight away
    /// from the hunter for 40 m (tangents from + - * / and sqrt only).
    void draw_shadow(canvas& out, const steer::sphere<vec2>& rock) const {
        const vec2 offset = rock.center - hunter_;
        const double d = glm::length(offset);
        if (!(d > rock.radius)) return;  // the hunter stands in the rock
        const vec2 u = offset / d, n(-u.y, u.x);
        const double sine = rock.radius / d, cosine = std::sqrt(1 - sine * sine);
        const double tangent = std::sqrt(d * d - rock.radius * rock.radius);
        const vec2 left = u * cosine + n * sine, right = u * cosine - n * sine;
        const vec2 shadow[] = {hunter_ + left * tangent, hunter_ + left * 40.0, hunter_ + right * 40.0,
                               hunter_ + right * tangent};
        out.polygon(shadow, color::faint);
    }

    double margin_ = 0.5, slowing_distance_ = 2, max_speed_ = 2, max_force_ = 4;
    std::vector<steer::sphere<vec2>> rocks_;
    vec2 hunter_{-10, 0};
    vehicle2 walker_;  // the hunter's scripted walk
    steer::patrol_state round_;
    double hands_off_ = 0;
    std::array<vehicle2, 3> hiders_;
};

/// Avatar avoidance: a crowd makes way for the user's avatar, inside its speed-stretched neighborhood.
class avatar_avoidance_scene final : public scene {
public:
    avatar_avoidance_scene() {
        add_param("avatar_neighborhood.radius", "m", radius_, 0.5, 6, 0.1);
        add_param("avatar_neighborhood.velocity_weight", "s", velocity_weight_, 0, 3, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"avatar_avoidance", "Avatar avoidance", "Characters",
                "The red avatar walks through a crowd; its neighborhood (the outline) is a half circle behind and a "
                "half ellipse ahead stretched by its speed. Inside it the characters move away from the avatar and "
                "off its path; outside they walk home. Drag the avatar through them, fast and slow.",
                "behaviors.md#avatar-avoidance", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t) override {
        crowd_.clear();
        homes_.clear();
        for (int row = 0; row < 4; ++row)
            for (int col = 0; col < 7; ++col) {
                homes_.emplace_back(-9.0 + 3.0 * col + (row % 2) * 1.5, -4.5 + 3.0 * row);
                crowd_.emplace_back(steer::vehicle_params<vec2>{.position = homes_.back(), .radius = 0.4,
                                                                .max_force = max_force_, .max_speed = max_speed_});
            }
        avatar_.settle(walk_[0]);
        next_ = 1;
        hands_off_ = 0;
        clear_handles();
        add_handle("avatar", avatar_.at);
    }
    void dragged(std::size_t index, const vec3& to) override {
        scene::dragged(index, to);
        hands_off_ = characters_detail::hands_off_time;
    }
    void step() override {
        // The avatar walks its route at 3 m/s unless the user just moved it; either way its
        // velocity is measured from how it moved.
        if (hands_off_ > 0) {
            hands_off_ -= dt;
        } else {
            const vec2 to_go = walk_[next_] - avatar_.at;
            if (glm::length(to_go) < 0.1) next_ = (next_ + 1) % walk_.size();
            avatar_.at += steer::truncate(to_go, 3 * dt);
        }
        avatar_.update(8);
        const steer::avatar_neighborhood<vec2> zone = neighborhood();
        for (std::size_t i = 0; i < crowd_.size(); ++i) {
            vehicle2& v = crowd_[i];
            characters_detail::set_limits({&v}, max_speed_, max_force_);
            const vec2 away = steer::avatar_avoidance(v, avatar_.at, avatar_.velocity, zone);
            v.apply_force(away != vec2(0, 0) ? away : steer::arrival(v, homes_[i], {.slowing_distance = 2}), dt);
        }
    }
    void draw(canvas& out) const override {
        // The neighborhood: a half circle behind, a half ellipse ahead (a circle at rest).
        const vec2 heading = steer::safe_normalize(avatar_.velocity);
        const vec2 forward = heading != vec2(0, 0) ? heading : vec2(1, 0), side(-forward.y, forward.x);
        const double ahead = radius_ + velocity_weight_ * glm::length(avatar_.velocity);
        std::array<vec2, 64> outline;
        for (std::size_t i = 0; i < outline.size(); ++i) {
            const vec2 d = direction_at(6.283185307179586 * static_cast<double>(i) / 64.0);
            outline[i] = avatar_.at + forward * (d.x * (d.x > 0 ? ahead : radius_)) + side * (d.y * radius_);
        }
        out.path(outline, color::vermillion, true);
        for (const vec2& home : homes_) out.circle(home, 0.4, color::faint);
        for (const vehicle2& v : crowd_) out.vehicle(v, color::blue);
        out.disc(avatar_.at, 0.5, color::vermillion);
        out.arrow_to(avatar_.at, avatar_.at + avatar_.velocity, color::vermillion);
    }
    [[nodiscard]] std::string code() const override {
        return "const steer::avatar_neighborhood<glm::dvec2> zone{.radius = " + number(radius_) +
               ", .velocity_weight = " + number(velocity_weight_) + "};\n"
               "steer::vehicle2d v({.radius = 0.4, .max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame:\n"
               "const glm::dvec2 away = steer::avatar_avoidance(v, avatar_position, avatar_velocity, zone);\n"
               "v.apply_force(away != glm::dvec2(0.0) ? away\n"
               "              : steer::arrival(v, home, {.slowing_distance = 2.0}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        out.push_back(avatar_.at.x);
        out.push_back(avatar_.at.y);
        for (const vehicle2& v : crowd_) append_position(out, v);
    }

private:
    [[nodiscard]] steer::avatar_neighborhood<vec2> neighborhood() const {
        return {.radius = radius_, .velocity_weight = velocity_weight_};
    }

    double radius_ = 3, velocity_weight_ = 1.2, max_speed_ = 2.5, max_force_ = 4;
    std::vector<vehicle2> crowd_;
    std::vector<vec2> homes_;
    characters_detail::tracked_point avatar_;
    /// The avatar's route: along the middle of the crowd, then back across it diagonally.
    std::array<vec2, 4> walk_{vec2(-13, 0.3), vec2(13, 0.3), vec2(13, -3), vec2(-13, 3)};
    std::size_t next_ = 1;
    double hands_off_ = 0;
};

/// Strafing: a guard walks a square round a post while its facing stays on the post
/// (face and vehicle::turn: facing apart from heading).
class strafing_scene final : public scene {
public:
    strafing_scene() {
        add_param("max_turn_rate", "rad/s", max_turn_rate_, 0.2, 10, 0.1);
        add_param("face_params.settle_time", "s", settle_time_, 0.05, 2, 0.05);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"strafing", "Strafing: face", "Characters",
                "The guard walks a square from corner to corner (arrival) while it turns its facing (the red "
                "arrow) toward the post with face: it walks forward, sideways and backward. Drag the post; lower "
                "max_turn_rate and the facing lags behind.",
                "behaviors.md#orientation-face-look-where-you-are-going-facing-alignment", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t) override {
        post_ = vec2(0, 0);
        next_ = 0;
        guard_ = vehicle2({.position = corners_[3], .max_force = max_force_, .max_speed = max_speed_,
                           .facing = {1, 0}, .max_turn_rate = max_turn_rate_});
        clear_handles();
        add_handle("post", post_);
    }
    void step() override {
        characters_detail::set_limits({&guard_}, max_speed_, max_force_);
        guard_.set_max_turn_rate(max_turn_rate_);
        if (glm::distance(guard_.position(), corners_[next_]) < 1.0) next_ = (next_ + 1) % corners_.size();
        guard_.apply_force(steer::arrival(guard_, corners_[next_], {.slowing_distance = 1}), dt);
        guard_.turn(steer::face(guard_, post_, {.settle_time = settle_time_}), dt);
    }
    void draw(canvas& out) const override {
        out.path(corners_, color::faint, true);
        out.disc(post_, 0.6, color::gray);
        const vec2 at = guard_.position();
        out.vehicle(at, guard_.facing(), static_cast<double>(guard_.radius()), color::blue);
        out.arrow_to(at, at + guard_.facing() * 1.6, color::vermillion);
        out.arrow_to(at, at + guard_.velocity(), color::gray);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d guard({.max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + ", .facing = {1.0, 0.0}, .max_turn_rate = " + number(max_turn_rate_) +
               "});\n"
               "// every frame:\n"
               "guard.apply_force(steer::arrival(guard, corner, {.slowing_distance = 1.0}), dt);\n"
               "guard.turn(steer::face(guard, post, {.settle_time = " + number(settle_time_) + "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override { append_position(out, guard_); }

private:
    double max_turn_rate_ = 2, settle_time_ = 0.1, max_speed_ = 2, max_force_ = 4;
    vec2 post_{0, 0};
    std::array<vec2, 4> corners_{vec2(8, -6), vec2(8, 6), vec2(-8, 6), vec2(-8, -6)};
    std::size_t next_ = 0;
    vehicle2 guard_;
};

inline void add_sketched_scenes(std::vector<factory>& all) {
    add<interpose_scene>(all);
    add<shadow_scene>(all);
    add<docking_scene>(all);
    add<patrol_scene>(all);
    add<hide_scene>(all);
    add<avatar_avoidance_scene>(all);
    add<strafing_scene>(all);
}

}  // namespace playground

#endif
