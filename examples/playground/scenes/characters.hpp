// Scenes of single characters: seek and flee through patrol (docs/behaviors.md, the paper's
// "Individual behaviors"). Each scene steps one or a few vehicles with one behavior; the
// target or the other character is a handle the user drags.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_CHARACTERS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_CHARACTERS_HPP

#include <vector>

#include "../scene.hpp"

namespace playground {

/// Seek and flee: one character runs at the target, the other away from it.
class seek_flee_scene final : public scene {
public:
    seek_flee_scene() {
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("max_force", "m/s²", max_force_, 0.2, 10, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"seek_flee", "Seek and flee", "Characters",
                "Blue seeks the target and runs through it, again and again; purple flees it. Drag the target.",
                "behaviors.md#seek-and-flee", false, {0, 0, 0}, 24};
    }
    void reset(std::uint64_t) override {
        target_ = vec2(0, 0);
        seeker_ = vehicle2({.position = {-7, -3}, .velocity = {0, 2}, .max_force = max_force_, .max_speed = max_speed_});
        fleer_ = vehicle2({.position = {2.5, -2.5}, .velocity = {-2, 0}, .max_force = max_force_, .max_speed = max_speed_});
        clear_handles();
        add_handle("target", target_);
    }
    void step() override {
        for (vehicle2* v : {&seeker_, &fleer_}) {
            v->set_max_speed(max_speed_);
            v->set_max_force(max_force_);
        }
        seeker_.apply_force(steer::seek(seeker_, target_), dt);
        fleer_.apply_force(steer::flee(fleer_, target_), dt);
        // The fleer comes back in from the far side of a 30 m square, so it keeps something to flee.
        vec2 p = fleer_.position();
        if (p.x < -15) p.x += 30; else if (p.x > 15) p.x -= 30;
        if (p.y < -15) p.y += 30; else if (p.y > 15) p.y -= 30;
        if (p != fleer_.position()) fleer_.set_position(p);
    }
    void draw(canvas& out) const override {
        out.disc(target_, 0.25, color::ink);
        out.vehicle(seeker_, color::blue);
        out.vehicle(fleer_, color::purple);
        out.arrow_to(seeker_.position(), seeker_.position() + seeker_.velocity(), color::gray);
        out.arrow_to(fleer_.position(), fleer_.position() + fleer_.velocity(), color::gray);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d seeker({.max_force = " + number(max_force_) + ", .max_speed = " + number(max_speed_) +
               "});\n"
               "// every frame:\n"
               "seeker.apply_force(steer::seek(seeker, target), dt);\n"
               "fleer.apply_force(steer::flee(fleer, target), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, seeker_);
        append_position(out, fleer_);
    }

private:
    double max_speed_ = 2, max_force_ = 1;
    vec2 target_{0, 0};
    vehicle2 seeker_, fleer_;
};

/// Arrival beside seek: arrival slows down within its slowing distance and stops on the target.
class arrival_scene final : public scene {
public:
    arrival_scene() {
        add_param("arrival_params.slowing_distance", "m", slowing_distance_, 0, 10, 0.1);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("max_force", "m/s²", max_force_, 0.2, 10, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"arrival", "Arrival", "Characters",
                "Blue arrives: full speed until the slowing distance (the ring), then a smooth stop on the target. "
                "Gray seeks, overshoots and circles back. Drag the target.",
                "behaviors.md#arrival", false, {6, 0, 0}, 20};
    }
    void reset(std::uint64_t) override {
        target_ = vec2(12, 0);
        arriver_ = vehicle2({.position = {0, -3}, .velocity = {0, 2}, .max_force = max_force_, .max_speed = max_speed_});
        seeker_ = arriver_;
        clear_handles();
        add_handle("target", target_);
    }
    void step() override {
        for (vehicle2* v : {&arriver_, &seeker_}) {
            v->set_max_speed(max_speed_);
            v->set_max_force(max_force_);
        }
        arriver_.apply_force(steer::arrival(arriver_, target_, {.slowing_distance = slowing_distance_}), dt);
        seeker_.apply_force(steer::seek(seeker_, target_), dt);
    }
    void draw(canvas& out) const override {
        out.circle(target_, slowing_distance_, color::green);
        out.disc(target_, 0.2, color::ink);
        out.vehicle(seeker_, color::gray);
        out.vehicle(arriver_, color::blue);
        out.arrow_to(arriver_.position(), arriver_.position() + arriver_.velocity(), color::blue);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d v({.max_force = " + number(max_force_) + ", .max_speed = " + number(max_speed_) +
               "});\n"
               "// every frame:\n"
               "v.apply_force(steer::arrival(v, target, {.slowing_distance = " + number(slowing_distance_) +
               "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, arriver_);
        append_position(out, seeker_);
    }

private:
    double slowing_distance_ = 4, max_speed_ = 2, max_force_ = 2;
    vec2 target_{12, 0};
    vehicle2 arriver_, seeker_;
};

inline void add_character_scenes(std::vector<factory>& all) {
    add<seek_flee_scene>(all);
    add<arrival_scene>(all);
}

}  // namespace playground

#endif
