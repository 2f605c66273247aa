// Scenes of single characters, the paper's individual behaviors from seek to wander
// (docs/behaviors.md). Each scene steps one or a few vehicles with one behavior; the target is
// a handle the user drags. Quarries roam on their own (wander, kept in view), so that every
// scene goes on forever.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_CHARACTERS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_CHARACTERS_HPP

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "../scene.hpp"
#include "character_tools.hpp"

namespace playground {

/// Seek and flee: one character runs at the target, the other away from it.
class seek_flee_scene final : public scene {
public:
    seek_flee_scene() {
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"seek_flee", "Seek and flee", "Characters",
                "Blue seeks the target and runs through it, again and again; purple flees it. Drag the target.",
                "behaviors.md#seek-and-flee", false, {0, 0, 0}, 24};
    }
    void reset(std::uint64_t) override {
        target_ = vec2(0, 0);
        seeker_ = vehicle2(
            {.position = {-7, -3}, .velocity = {0, 2}, .max_force = max_force_, .max_speed = max_speed_});
        fleer_ = vehicle2(
            {.position = {2.5, -2.5}, .velocity = {-2, 0}, .max_force = max_force_, .max_speed = max_speed_});
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
        // The fleer comes back in from the far side of the view's 24 m square, so it keeps
        // something to flee and stays in sight.
        characters_detail::wrap(fleer_, 12);
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
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"arrival", "Arrival", "Characters",
                "Blue arrives: full speed until the slowing distance (the ring), then a smooth stop on the target. "
                "Gray seeks, overshoots and circles back. Drag the target.",
                "behaviors.md#arrival", false, {6, 0, 0}, 20};
    }
    void reset(std::uint64_t) override {
        target_ = vec2(12, 0);
        arriver_ = vehicle2(
            {.position = {0, -3}, .velocity = {0, 2}, .max_force = max_force_, .max_speed = max_speed_});
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

/// Pursuit beside seek: both chase a quarry that wanders; pursuit aims at where the quarry
/// will be (the predicted point), seek at where it is.
class pursuit_scene final : public scene {
public:
    pursuit_scene() {
        add_param("pursuit_params.max_prediction_time", "s", max_prediction_time_, 0, 5, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"pursuit", "Pursuit", "Characters",
                "Blue pursues the wandering red quarry, aiming at its predicted position (the red dot); gray seeks "
                "where the quarry is now and trails behind. A catch sends the catcher back to a corner. Try "
                "max_prediction_time 0: pursuit becomes seek.",
                "behaviors.md#pursuit-and-evasion", false, {0, 0, 0}, 24};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        wander_ = {};
        quarry_ = vehicle2({.position = {3, 2}, .velocity = {1.5, 0}, .max_force = 2, .max_speed = 1.6});
        pursuer_ = vehicle2({.position = {-10, -9}, .max_force = max_force_, .max_speed = max_speed_});
        seeker_ = vehicle2({.position = {10, -9}, .max_force = max_force_, .max_speed = max_speed_});
        clear_handles();
    }
    void step() override {
        characters_detail::set_limits({&pursuer_, &seeker_}, max_speed_, max_force_);
        quarry_.apply_force(characters_detail::roam(quarry_, wander_, gen_, {.radius = 1, .distance = 1.5, .rate = 2},
                                                    vec2(0, 0), 6),
                            dt);
        pursuer_.apply_force(steer::pursuit(pursuer_, quarry_, {.max_prediction_time = max_prediction_time_}), dt);
        seeker_.apply_force(steer::seek(seeker_, quarry_.position()), dt);
        for (vehicle2* v : {&pursuer_, &seeker_}) {
            const double touching = static_cast<double>(v->radius() + quarry_.radius());
            if (glm::distance(v->position(), quarry_.position()) < touching) restart_far_away(*v);
        }
    }
    void draw(canvas& out) const override {
        const vec2 predicted = predicted_point();
        out.line(quarry_.position(), predicted, color::vermillion);
        out.disc(predicted, 0.15, color::vermillion);
        out.line(pursuer_.position(), predicted, color::faint);
        out.vehicle(quarry_, color::vermillion);
        out.vehicle(seeker_, color::gray);
        out.vehicle(pursuer_, color::blue);
        characters_detail::velocity_arrow(out, pursuer_, color::blue);
        characters_detail::velocity_arrow(out, quarry_, color::vermillion);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d pursuer({.max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame:\n"
               "pursuer.apply_force(steer::pursuit(pursuer, quarry, {.max_prediction_time = " +
               number(max_prediction_time_) + "}), dt);\n"
               "seeker.apply_force(steer::seek(seeker, quarry.position()), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, quarry_);
        append_position(out, pursuer_);
        append_position(out, seeker_);
    }

private:
    /// Where pursuit aims: the quarry moved along its velocity by pursuit's own estimate of
    /// the time to reach it (steer::prediction_time, the paper's estimator).
    [[nodiscard]] vec2 predicted_point() const {
        const double t = steer::prediction_time(pursuer_, quarry_, {.max_prediction_time = max_prediction_time_});
        return quarry_.predict_future_position(t);
    }
    /// Puts a character that caught the quarry at rest in the corner farthest from it.
    void restart_far_away(vehicle2& v) const {
        const std::array<vec2, 4> corners = {vec2(-10, -8), vec2(10, -8), vec2(10, 8), vec2(-10, 8)};
        vec2 best = corners[0];
        for (const vec2& c : corners)
            if (glm::distance(c, quarry_.position()) > glm::distance(best, quarry_.position())) best = c;
        v.set_position(best);
        v.set_velocity(vec2(0, 0));
    }

    double max_prediction_time_ = 2, max_speed_ = 2.5, max_force_ = 3;
    steer::rng gen_{1};
    steer::wander_state<vec2> wander_;
    vehicle2 quarry_, pursuer_, seeker_;
};

/// Evasion beside flee: a menace makes straight passes at two characters; blue evades
/// (runs from where the menace will be), gray flees (runs from where it is).
class evasion_scene final : public scene {
public:
    evasion_scene() {
        add_param("evasion_params.max_prediction_time", "s", max_prediction_time_, 0, 5, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 4, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"evasion", "Evasion", "Characters",
                "The red menace charges at blue or gray in turn. Within its ring, blue evades: it runs from the "
                "menace's predicted position (the red dot), so it steps off the menace's line; gray flees from "
                "where the menace is, so it runs ahead along that line. Outside the ring both walk home.",
                "behaviors.md#pursuit-and-evasion", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        pass_ = 0;
        evader_ = vehicle2({.position = homes_[0], .max_force = max_force_, .max_speed = max_speed_});
        fleer_ = vehicle2({.position = homes_[1], .max_force = max_force_, .max_speed = max_speed_});
        start_pass();
        clear_handles();
    }
    void step() override {
        characters_detail::set_limits({&evader_, &fleer_}, max_speed_, max_force_);
        menace_.apply_force(vec2(0, 0), dt);  // straight on at its speed
        const bool near_evader = glm::distance(evader_.position(), menace_.position()) < reaction_distance;
        const bool near_fleer = glm::distance(fleer_.position(), menace_.position()) < reaction_distance;
        evader_.apply_force(near_evader
                                ? steer::evasion(evader_, menace_, {.max_prediction_time = max_prediction_time_})
                                : steer::arrival(evader_, homes_[0], {.slowing_distance = 2}),
                            dt);
        fleer_.apply_force(near_fleer ? steer::flee(fleer_, menace_.position())
                                      : steer::arrival(fleer_, homes_[1], {.slowing_distance = 2}),
                           dt);
        const double x = menace_.position().x;
        if ((menace_.velocity().x > 0 ? x : -x) > 14) start_pass();  // out the far side
    }
    void draw(canvas& out) const override {
        for (const vec2& home : homes_) out.circle(home, 0.5, color::faint);
        out.circle(menace_.position(), reaction_distance, color::vermillion);
        // Evasion predicts the menace as the menace would pursue us.
        const double t = steer::prediction_time(menace_, evader_, {.max_prediction_time = max_prediction_time_});
        const vec2 predicted = menace_.predict_future_position(t);
        out.line(menace_.position(), predicted, color::vermillion);
        out.disc(predicted, 0.15, color::vermillion);
        out.vehicle(menace_, color::vermillion);
        out.vehicle(fleer_, color::gray);
        out.vehicle(evader_, color::blue);
        characters_detail::velocity_arrow(out, evader_, color::blue);
        characters_detail::velocity_arrow(out, fleer_, color::gray);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d evader({.max_force = " + number(max_force_) + ", .max_speed = " +
               number(max_speed_) + "});\n"
               "// every frame, while the menace is within " + number(reaction_distance) + " m:\n"
               "evader.apply_force(steer::evasion(evader, menace, {.max_prediction_time = " +
               number(max_prediction_time_) + "}), dt);\n"
               "fleer.apply_force(steer::flee(fleer, menace.position()), dt);\n"
               "// otherwise: steer::arrival(v, home, {.slowing_distance = 2.0})\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, menace_);
        append_position(out, evader_);
        append_position(out, fleer_);
    }

private:
    static constexpr double reaction_distance = 6;
    /// The menace enters from the left or the right (alternately) and charges at a point
    /// near one character's home, the two in turn.
    void start_pass() {
        const bool from_left = pass_ % 2 == 0;
        const vec2 aim = homes_[(pass_ / 2) % 2] + vec2(0, steer::uniform(gen_, -1.0, 1.0));
        const vec2 start(from_left ? -14.0 : 14.0, aim.y + steer::uniform(gen_, -3.0, 3.0));
        menace_ = vehicle2({.position = start, .velocity = steer::safe_normalize(aim - start) * 3.0,
                            .max_speed = 3});
        ++pass_;
    }

    double max_prediction_time_ = 2, max_speed_ = 1.5, max_force_ = 4;
    std::array<vec2, 2> homes_{vec2(0, 3), vec2(0, -3)};
    steer::rng gen_{1};
    std::size_t pass_ = 0;
    vehicle2 menace_, evader_, fleer_;
};

/// Offset pursuit: two characters fly past a circling quarry at the offset distance.
class offset_pursuit_scene final : public scene {
public:
    offset_pursuit_scene() {
        add_param("offset_pursuit_params.offset", "m", offset_, 0, 5, 0.1);
        add_param("offset_pursuit_params.max_prediction_time", "s", max_prediction_time_, 0, 5, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"offset_pursuit", "Offset pursuit", "Characters",
                "Blue and green pursue the red quarry but aim at a point offset to their own side of its predicted "
                "position (the small dots), so they pass it at the offset (blue's ring; green uses twice it) "
                "instead of ramming it. Set the offset to 0 for plain pursuit.",
                "behaviors.md#offset-pursuit", false, {0, 0, 0}, 22};
    }
    void reset(std::uint64_t) override {
        quarry_ = vehicle2({.position = {6, 0}, .velocity = {0, 1.2}, .max_force = 2, .max_speed = 1.2});
        first_ = vehicle2(
            {.position = {-9, -8}, .velocity = {1, 0}, .max_force = max_force_, .max_speed = max_speed_});
        second_ = vehicle2(
            {.position = {-9, 8}, .velocity = {0, -1}, .max_force = max_force_, .max_speed = max_speed_});
        clear_handles();
    }
    void step() override {
        characters_detail::set_limits({&first_, &second_}, max_speed_, max_force_);
        // The quarry circles the origin 6 m out: it seeks a point a little ahead of it on that circle.
        const vec2 p = quarry_.position();
        const vec2 turn = direction_at(0.4);
        const vec2 ahead(p.x * turn.x - p.y * turn.y, p.x * turn.y + p.y * turn.x);
        quarry_.apply_force(steer::seek(quarry_, steer::safe_normalize(ahead) * 6.0), dt);
        // Green passes twice as wide as blue, so that the two do not end up in the same place.
        first_.apply_force(steer::offset_pursuit(first_, quarry_, params(1)), dt);
        second_.apply_force(steer::offset_pursuit(second_, quarry_, params(2)), dt);
    }
    void draw(canvas& out) const override {
        out.circle(quarry_.position(), offset_, color::blue);
        out.circle(quarry_.position(), 2 * offset_, color::green);
        const std::pair<const vehicle2*, color> pursuers[] = {{&first_, color::blue}, {&second_, color::green}};
        for (const auto& [v, c] : pursuers) {
            const vec2 aim = aim_point(*v, v == &first_ ? 1 : 2);
            out.line(v->position(), aim, color::faint);
            out.disc(aim, 0.12, c);
        }
        out.vehicle(quarry_, color::vermillion);
        for (const auto& [v, c] : pursuers) {
            out.vehicle(*v, c);
            characters_detail::velocity_arrow(out, *v, c);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "steer::vehicle2d v({.max_force = " + number(max_force_) + ", .max_speed = " + number(max_speed_) +
               "});\n"
               "// every frame:\n"
               "v.apply_force(steer::offset_pursuit(v, quarry, {.offset = " + number(offset_) +
               ", .max_prediction_time = " + number(max_prediction_time_) + "}), dt);\n"
               "// green: .offset = " + number(2 * offset_) + "\n";
    }
    void positions(std::vector<double>& out) const override {
        append_position(out, quarry_);
        append_position(out, first_);
        append_position(out, second_);
    }

private:
    [[nodiscard]] steer::offset_pursuit_params<vec2> params(double times) const {
        return {.offset = offset_ * times, .max_prediction_time = max_prediction_time_};
    }
    /// The point offset_pursuit seeks, by its own construction: the quarry's predicted
    /// position taken into the pursuer's frame, moved the offset toward the pursuer's side.
    [[nodiscard]] vec2 aim_point(const vehicle2& v, double times) const {
        const double t = steer::prediction_time(v, quarry_, {.max_prediction_time = max_prediction_time_});
        const auto frame = steer::local_space_of(v);
        const vec2 local = frame.localize_point(quarry_.predict_future_position(t));
        vec2 lateral_unit = steer::safe_normalize(vec2(local.x, 0));  // local coordinates are (side, forward)
        if (lateral_unit == vec2(0, 0)) lateral_unit.x = 1;
        return frame.globalize_point(local - lateral_unit * (offset_ * times));
    }

    double offset_ = 2, max_prediction_time_ = 2, max_speed_ = 2, max_force_ = 2;
    vehicle2 quarry_, first_, second_;
};

/// Wander: three characters steered by a point drifting on a circle ahead of each.
class wander_scene final : public scene {
public:
    wander_scene() {
        add_param("wander_params.radius", "m", radius_, 0, 5, 0.1);
        add_param("wander_params.distance", "m", distance_, 0, 6, 0.1);
        add_param("wander_params.rate", "m", rate_, 0, 10, 0.1);
        add_vehicle_limits(max_speed_, max_force_, 6, 10);
    }
    [[nodiscard]] scene_info info() const override {
        return {"wander", "Wander", "Characters",
                "Each character steers at a point (the dot) that drifts at random on a circle ahead of it, so its "
                "turns last. The drawing is scaled to 3 m from the body to the circle's far edge; the arrow is the "
                "force. Raise the rate for twitchier turns, the radius for sharper ones.",
                "behaviors.md#wander", false, {0, 0, 0}, 22};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        const vec2 starts[] = {{-5, -3}, {0, 3}, {5, -3}};
        const vec2 headings[] = {{0, 1}, {1, 0}, {0, -1}};
        for (std::size_t i = 0; i < 3; ++i) {
            walkers_[i] = vehicle2({.position = starts[i], .velocity = headings[i], .max_force = max_force_,
                                    .max_speed = max_speed_});
            states_[i] = {};
        }
        clear_handles();
    }
    void step() override {
        const steer::wander_params<vec2> params{.radius = radius_, .distance = distance_, .rate = rate_};
        for (std::size_t i = 0; i < 3; ++i) {
            vehicle2& v = walkers_[i];
            characters_detail::set_limits({&v}, max_speed_, max_force_);
            v.apply_force(steer::wander(v, states_[i], gen_, dt, params), dt);
            characters_detail::wrap(v, 11);
        }
    }
    void draw(canvas& out) const override {
        const color colors[] = {color::blue, color::vermillion, color::green};
        // wander's sizes are relative: scale the construction so it ends 3 m ahead.
        const double reach = distance_ + radius_;
        const double scale = reach > 0 ? 3 / reach : 0;
        for (std::size_t i = 0; i < 3; ++i) {
            const vehicle2& v = walkers_[i];
            const vec2 center = v.position() + v.forward() * (distance_ * scale);
            const vec2 on_circle = center + steer::local_space_of(v).globalize_direction(states_[i].target) * scale;
            out.circle(center, radius_ * scale, color::faint);
            out.disc(on_circle, 0.12, colors[i]);
            out.arrow_to(v.position(), on_circle, color::gray);
            out.vehicle(v, colors[i]);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "steer::rng gen(seed);\n"
               "steer::wander_state<glm::dvec2> state;  // one per character\n"
               "steer::vehicle2d v({.max_force = " + number(max_force_) + ", .max_speed = " + number(max_speed_) +
               "});\n"
               "// every frame:\n"
               "v.apply_force(steer::wander(v, state, gen, dt, {.radius = " + number(radius_) + ", .distance = " +
               number(distance_) + ", .rate = " + number(rate_) + "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : walkers_) append_position(out, v);
    }

private:
    double radius_ = 1, distance_ = 2, rate_ = 2, max_speed_ = 2, max_force_ = 2;
    steer::rng gen_{1};
    std::array<vehicle2, 3> walkers_;
    std::array<steer::wander_state<vec2>, 3> states_;
};

inline void add_character_scenes(std::vector<factory>& all) {
    add<seek_flee_scene>(all);
    add<arrival_scene>(all);
    add<pursuit_scene>(all);
    add<evasion_scene>(all);
    add<offset_pursuit_scene>(all);
    add<wander_scene>(all);
}

}  // namespace playground

#endif
