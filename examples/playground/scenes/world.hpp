// The world beyond obstacles (docs/world.md, docs/behaviors.md): paths, walls, containment,
// flow fields and routes. Each scene puts a few characters in a world they must respect: a path
// or a wall to keep to, a region to stay in, a field to go with, or buildings to route round.
// The regions and goals are handles the user drags.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_WORLD_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_WORLD_HPP

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../scene.hpp"
#include "world_drawing.hpp"

namespace playground {

/// Path following: walkers go both ways round a closed pathway, keeping inside its tube
/// and apart from each other.
class path_following_scene final : public scene {
public:
    path_following_scene() {
        add_param("path_following_params.prediction_time", "s", prediction_time_, 0, 3, 0.05);
        add_param("pathway radius", "m", radius_, 0.5, 4, 0.1);
        add_param("weight of separation", "1", separation_weight_, 0, 3, 0.05);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("max_force", "m/s²", max_force_, 0.5, 10, 0.1);
        add_param("walkers", "agents", count_, 1, 24, 1, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"path_following", "Path following", "The world",
                "Blue walkers go along the path, vermillion ones back. Each checks where it will be in "
                "prediction_time (the dot) and steers only when that point leaves the tube, so the walks are lazy "
                "curves. Narrow the pathway, lengthen the prediction.",
                "behaviors.md#path-following", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t seed) override {
        build_path();
        steer::rng gen(seed);
        walkers_.clear();
        const int count = static_cast<int>(count_);
        for (int i = 0; i < count; ++i) {
            const int direction = i % 2 == 0 ? 1 : -1;
            const double along = path_->length() * (i + 0.5) / count;
            const vec2 tangent = path_->tangent_at_distance(along);
            const double off = steer::uniform(gen, -1.0, 1.0);
            const vec2 start = path_->point_at_distance(along) + vec2(-tangent.y, tangent.x) * off;
            walkers_.push_back({vehicle2({.position = start, .velocity = tangent * (direction * 1.0), .radius = 0.4,
                                          .max_force = max_force_, .max_speed = max_speed_}),
                                direction});
        }
    }
    void step() override {
        if (path_->radius() != radius_) build_path();
        const steer::neighborhood<vec2> near{.max_distance = 1.6};
        forces_.resize(walkers_.size());
        for (std::size_t i = 0; i < walkers_.size(); ++i) {
            const vehicle2& v = walkers_[i].body;
            forces_[i] = steer::weighted_sum(
                steer::weighted(separation_weight_, [&] { return steer::separation(v, bodies(), near); }),
                steer::weighted(1.0, [&] {
                    return steer::path_following(
                        v, *path_, {.direction = walkers_[i].direction, .prediction_time = prediction_time_});
                }));
        }
        for (std::size_t i = 0; i < walkers_.size(); ++i) {
            walkers_[i].body.set_max_speed(max_speed_);
            walkers_[i].body.set_max_force(max_force_);
            walkers_[i].body.apply_force(forces_[i], dt);
        }
    }
    void draw(canvas& out) const override {
        world_detail::draw_tube(out, *path_, radius_, color::gray, color::faint);
        for (const walker& w : walkers_) {
            const color c = w.direction > 0 ? color::blue : color::vermillion;
            const vec2 ahead = w.body.position() + w.body.velocity() * prediction_time_;
            out.line(w.body.position(), ahead, color::faint);
            out.disc(ahead, 0.12, c);
            out.vehicle(w.body, c);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "steer::pathway<glm::dvec2> path(points, " + number(radius_) + ", /*cyclic=*/true);\n"
               "// every frame, for each walker v going `direction` (+1 or -1):\n"
               "v.apply_force(steer::weighted_sum(\n"
               "    steer::weighted(" + number(separation_weight_) +
               ", [&] { return steer::separation(v, walkers, {.max_distance = 1.6}); }),\n"
               "    steer::weighted(1.0, [&] { return steer::path_following(v, path,\n"
               "        {.direction = direction, .prediction_time = " + number(prediction_time_) + "}); })), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const walker& w : walkers_) append_position(out, w.body);
    }

private:
    struct walker {
        vehicle2 body;
        int direction = 1;
    };
    void build_path() {
        path_.emplace(std::vector<vec2>{{-10, -5}, {-4, -7}, {2, -3.5}, {9, -6.5}, {11, 1}, {6, 6.5}, {0, 3},
                                        {-6, 7}, {-11, 2.5}},
                      radius_, true);
    }
    [[nodiscard]] std::vector<const vehicle2*>& bodies() const {
        bodies_.clear();
        for (const walker& w : walkers_) bodies_.push_back(&w.body);
        return bodies_;
    }
    double prediction_time_ = 1, radius_ = 1.5, separation_weight_ = 0.6, max_speed_ = 2, max_force_ = 3,
           count_ = 12;
    std::optional<steer::pathway<vec2>> path_;
    std::vector<walker> walkers_;
    std::vector<vec2> forces_;
    mutable std::vector<const vehicle2*> bodies_;
};

/// Wall following: characters run along a bent wall at a set offset, round its corners and
/// round its ends to the other side.
class wall_following_scene final : public scene {
public:
    wall_following_scene() {
        add_param("wall_following_params.offset", "m", offset_, 0, 4, 0.1);
        add_param("wall_following_params.prediction_time", "s", prediction_time_, 0, 2, 0.05);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("max_force", "m/s²", max_force_, 0.5, 12, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"wall_following", "Wall following", "The world",
                "Each character keeps the offset (the faint band) from the wall's surface, on whichever side it came "
                "from: round the outside corners, early at the inside ones, and round each end to the other side. "
                "Change the offset and the prediction time.",
                "behaviors.md#wall-following", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t) override {
        runners_.clear();
        const vec2 starts[] = {{-11, 7}, {10, -7}, {-2, -8}, {4, 8}};
        const vec2 velocities[] = {{2, 0}, {-2, 0}, {0, 2}, {0, -2}};
        for (int i = 0; i < 4; ++i)
            runners_.emplace_back(vehicle2({.position = starts[i], .velocity = velocities[i], .radius = 0.4,
                                            .max_force = max_force_, .max_speed = max_speed_}));
    }
    void step() override {
        for (vehicle2& v : runners_) {
            v.set_max_speed(max_speed_);
            v.set_max_force(max_force_);
            const steer::wall_following_params<vec2> along{.offset = offset_, .prediction_time = prediction_time_};
            v.apply_force(steer::wall_following(v, wall_, along), dt);
        }
    }
    void draw(canvas& out) const override {
        world_detail::draw_tube(out, wall_, wall_.radius() + offset_, color::faint, color::faint);
        world_detail::draw_tube(out, wall_, wall_.radius(), color::ink, color::gray);
        const color colors[] = {color::blue, color::vermillion, color::green, color::purple};
        for (std::size_t i = 0; i < runners_.size(); ++i) {
            out.vehicle(runners_[i], colors[i]);
            out.arrow_to(runners_[i].position(), runners_[i].position() + runners_[i].velocity() * prediction_time_,
                         colors[i]);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "// a wall is a pathway: its spine, and its half thickness as the radius\n"
               "steer::pathway<glm::dvec2> wall({{-11, -3}, {-4, -3}, {1, 3}, {7, 3}, {11, -1}}, 0.5);\n"
               "// every frame:\n"
               "v.apply_force(steer::wall_following(v, wall, {.offset = " + number(offset_) +
               ", .prediction_time = " + number(prediction_time_) + "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : runners_) append_position(out, v);
    }

private:
    double offset_ = 2, prediction_time_ = 0.5, max_speed_ = 3, max_force_ = 6;
    steer::pathway<vec2> wall_{{{-11, -3}, {-4, -3}, {1, 3}, {7, 3}, {11, -1}}, 0.5};
    std::vector<vehicle2> runners_;
};

/// Containment: wanderers kept inside a circle and a box, with priority(containment, wander).
class containment_scene final : public scene {
public:
    containment_scene() {
        add_param("containment_params.prediction_time", "s", prediction_time_, 0, 3, 0.05);
        add_param("wander_params.rate", "1", rate_, 0, 10, 0.1);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("max_force", "m/s²", max_force_, 0.5, 10, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"containment", "Containment", "The world",
                "Wanderers in a pond and in a room. Containment says nothing while the position predicted "
                "prediction_time ahead (the dot) is inside; then it turns the character back in (vermillion). Drag "
                "the pond and the room.",
                "behaviors.md#containment", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        pond_center_ = vec2(-6.5, 0);
        room_center_ = vec2(6.5, 0);
        wanderers_.clear();
        for (int i = 0; i < 8; ++i) {
            const vec2 home = i < 4 ? pond_center_ : room_center_;
            const vec2 heading = direction_at(1.5707963267948966 * i + 0.4);
            wanderer w;
            w.body = vehicle2({.position = home + heading * 1.5, .velocity = heading * 2.0, .radius = 0.4,
                               .max_force = max_force_, .max_speed = max_speed_});
            w.in_pond = i < 4;
            wanderers_.push_back(w);
        }
        clear_handles();
        add_handle("pond", pond_center_);
        add_handle("room", room_center_);
    }
    void dragged(std::size_t index, const vec3& to) override {
        // Kept in view: the wanderers left outside a region moved away are brought back in.
        scene::dragged(index, vec3(glm::clamp(vec2(to), vec2(-10, -5), vec2(10, 5)), 0));
    }
    void step() override {
        const steer::sphere<vec2> pond{pond_center_, pond_radius};
        const steer::box<vec2> room{room_center_ - room_half, room_center_ + room_half};
        const steer::containment_params<vec2> keep{.prediction_time = prediction_time_};
        for (wanderer& w : wanderers_) {
            w.body.set_max_speed(max_speed_);
            w.body.set_max_force(max_force_);
            const vec2 inside =
                w.in_pond ? steer::containment(w.body, pond, keep) : steer::containment(w.body, room, keep);
            w.turning = inside != vec2(0);
            w.body.apply_force(steer::priority(0.0, [&] { return inside; },
                                               [&] {
                                                   return steer::wander(w.body, w.state, gen_, dt,
                                                                        {.radius = 2, .distance = 1, .rate = rate_});
                                               }),
                               dt);
        }
    }
    void draw(canvas& out) const override {
        out.circle(pond_center_, pond_radius, color::ink);
        const vec2 lo = room_center_ - room_half, hi = room_center_ + room_half;
        const std::array<vec2, 4> corners{lo, vec2(hi.x, lo.y), hi, vec2(lo.x, hi.y)};
        out.path(corners, color::ink, true);
        for (const wanderer& w : wanderers_) {
            const color c = w.turning ? color::vermillion : color::blue;
            const vec2 ahead = w.body.position() + w.body.velocity() * prediction_time_;
            out.line(w.body.position(), ahead, color::faint);
            out.disc(ahead, 0.12, c);
            out.vehicle(w.body, c);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "steer::sphere<glm::dvec2> pond{center, " + number(pond_radius) + "};  // or a box, or a pathway\n"
               "steer::wander_state<glm::dvec2> state;\n"
               "// every frame:\n"
               "v.apply_force(steer::priority(0.0,\n"
               "    [&] { return steer::containment(v, pond, {.prediction_time = " + number(prediction_time_) +
               "}); },\n"
               "    [&] { return steer::wander(v, state, gen, dt, {.radius = 2.0, .distance = 1.0, .rate = " +
               number(rate_) + "}); }), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const wanderer& w : wanderers_) append_position(out, w.body);
    }

private:
    static constexpr double pond_radius = 5;
    static constexpr vec2 room_half{5, 4};
    struct wanderer {
        vehicle2 body;
        steer::wander_state<vec2> state;
        bool in_pond = true;
        bool turning = false;
    };
    double prediction_time_ = 1, rate_ = 3, max_speed_ = 3, max_force_ = 4;
    steer::rng gen_{1};
    vec2 pond_center_{-6.5, 0}, room_center_{6.5, 0};
    std::vector<wanderer> wanderers_;
};

/// Flow field following: characters go with a painted field that swirls round a center the
/// user drags and draws everything onto an oval.
class flow_field_scene final : public scene {
public:
    flow_field_scene() {
        add_param("flow_field_following_params.prediction_time", "s", prediction_time_, 0, 3, 0.05);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("max_force", "m/s²", max_force_, 0.5, 10, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"flow_field_following", "Flow field following", "The world",
                "The field (one arrow per cell) swirls counter-clockwise and draws everything onto an oval; each "
                "character takes as its desired velocity the field sampled where it will be in prediction_time. "
                "Drag the swirl's center.",
                "behaviors.md#flow-field-following", false, {0, 0, 0}, 22};
    }
    void reset(std::uint64_t) override {
        center_ = vec2(0, 0);
        build_field();
        movers_.clear();
        const vec2 starts[] = {{-16, 8}, {-14, -7}, {15, -7}, {12, 7}, {-4, 0}, {4, 1}, {0, -9}, {0, 9}};
        const vec2 velocities[] = {{0, -3}, {3, 0}, {0, 3}, {-3, 0}, {0, 3}, {0, -3}, {-3, 0}, {3, 0}};
        for (int i = 0; i < 8; ++i)
            movers_.emplace_back(vehicle2({.position = starts[i], .velocity = velocities[i], .radius = 0.4,
                                           .max_force = max_force_, .max_speed = max_speed_}));
        clear_handles();
        add_handle("center of the swirl", center_);
    }
    void dragged(std::size_t index, const vec3& to) override {
        // Kept near the middle, so that the oval stays on the painted floor.
        scene::dragged(index, vec3(glm::clamp(vec2(to), vec2(-5, -3), vec2(5, 3)), 0));
        build_field();
    }
    void step() override {
        for (vehicle2& v : movers_) {
            v.set_max_speed(max_speed_);
            v.set_max_force(max_force_);
            v.apply_force(steer::flow_field_following(v, *field_, {.prediction_time = prediction_time_}), dt);
        }
    }
    void draw(canvas& out) const override {
        const auto cells = field_->cells();
        for (int y = 0; y < cells.y; ++y)
            for (int x = 0; x < cells.x; ++x)
                world_detail::draw_flow(out, field_->cell_center({x, y}), field_->at({x, y}), 0.6, color::gray);
        out.disc(center_, 0.2, color::ink);
        const color colors[] = {color::blue, color::vermillion, color::green, color::purple};
        for (std::size_t i = 0; i < movers_.size(); ++i) out.vehicle(movers_[i], colors[i % 4]);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::flow_field<glm::dvec2> field({{-18, -10}, {18, 10}}, {18, 10}, [&](const glm::dvec2& q) {\n"
               "    const glm::dvec2 r = (q - center) * glm::dvec2(1, 1.6);  // an oval, wider than tall\n"
               "    const double pull = std::clamp((glm::length(r) - 11) / 8, -1.0, 1.0);\n"
               "    return steer::safe_normalize(steer::safe_normalize(glm::dvec2(-r.y, r.x))\n"
               "                                 - 0.8 * pull * steer::safe_normalize(r));\n"
               "});\n"
               "// every frame:\n"
               "v.apply_force(steer::flow_field_following(v, field, {.prediction_time = " + number(prediction_time_) +
               "}), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const vehicle2& v : movers_) append_position(out, v);
    }

private:
    void build_field() {
        const vec2 c = center_;
        field_.emplace(steer::box<vec2>{{-18, -10}, {18, 10}}, steer::cell_t<vec2>(18, 10), [c](const vec2& q) {
            const vec2 r = (q - c) * vec2(1, 1.6);
            const double pull = glm::clamp((glm::length(r) - 11) / 8, -1.0, 1.0);
            const vec2 around = steer::safe_normalize(vec2(-r.y, r.x));  // counter-clockwise round the center,
            return steer::safe_normalize(around - 0.8 * pull * steer::safe_normalize(r));  // drawn toward the oval
        });
    }
    double prediction_time_ = 0.5, max_speed_ = 3, max_force_ = 3;
    vec2 center_{0, 0};
    std::optional<steer::flow_field<vec2>> field_;
    std::vector<vehicle2> movers_;
};

/// Getting there: a navigation grid over concave buildings. Three units follow routes of
/// their own (find_path + path_following) to a goal the user drags; a group of eight shares
/// one field (field_toward + flow_field_following) to a rally point.
class routes_scene final : public scene {
public:
    routes_scene() {
        add_param("path_following_params.prediction_time", "s", route_prediction_, 0, 2, 0.05);
        add_param("flow_field_following_params.prediction_time", "s", field_prediction_, 0, 2, 0.05);
        add_param("weight of separation", "1", separation_weight_, 0, 2, 0.05);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"getting_there", "Getting there: routes and fields", "The world",
                "Local steering cannot see round a building: vermillion, with obstacle avoidance and arrival only, "
                "stays in the U. Blue units each follow a route from find_path to the goal and back home; the green "
                "group shares one field_toward the rally point (the arrows) and back to its base. Drag the goal or "
                "the rally point: routes and field are planned again.",
                "world.md#getting-there-navigation_grid", false, {24, 15, 0}, 32};
    }
    void reset(std::uint64_t) override {
        buildings_ = {
            steer::polygon<vec2>({{14, 6}, {26, 6}, {26, 22}, {14, 22}, {14, 19}, {23, 19}, {23, 9}, {14, 9}}),
            steer::polygon<vec2>({{30, 2}, {40, 2}, {40, 5}, {33, 5}, {33, 13}, {30, 13}}),
            steer::polygon<vec2>({{31, 19}, {38, 17}, {40, 24}, {33, 26}})};
        nav_.emplace(bounds, 0.5, buildings_, steer::navigation_grid_params<vec2>{.clearance = 0.8});
        goal_ = vec2(19, 14);  // deep in the U's pocket
        rally_ = vec2(45, 14);
        // The vermillion unit starts in the U's pocket and has local steering only.
        lost_ = vehicle2({.position = {19, 14}, .velocity = {1, 0}, .radius = 0.5, .max_force = 12,
                          .max_speed = max_speed_});
        units_.clear();
        for (int i = 0; i < 3; ++i) {
            unit u;
            u.home = vec2(3, 22 + 2.5 * i);
            u.body = vehicle2({.position = u.home, .radius = 0.5, .max_force = 12, .max_speed = max_speed_});
            u.routed = true;
            units_.push_back(std::move(u));
        }
        for (int i = 0; i < 8; ++i) {
            unit u;
            u.home = vec2(2.5 + 1.5 * (i % 4), 3 + 1.5 * (i / 4));
            u.body = vehicle2({.position = u.home, .radius = 0.5, .max_force = 12, .max_speed = max_speed_});
            units_.push_back(std::move(u));
        }
        group_outbound_ = true;
        to_base_ = nav_->field_toward(base);
        plan();
        clear_handles();
        add_handle("goal", goal_);
        add_handle("rally point", rally_);
    }
    void dragged(std::size_t index, const vec3& to) override {
        // Kept inside the level, so that the route's end is where the handle is drawn.
        const vec2 at = glm::clamp(vec2(to), bounds.min + 0.5, bounds.max - 0.5);
        scene::dragged(index, vec3(at, 0));
        if (index == 0) {
            for (unit& u : units_)
                if (u.routed) u.outbound = true;
        } else {
            group_outbound_ = true;
        }
        plan();
    }
    void step() override {
        const steer::neighborhood<vec2> near{.max_distance = 1.5};
        bodies_.clear();
        for (const unit& u : units_) bodies_.push_back(&u.body);
        bodies_.push_back(&lost_);
        forces_.resize(units_.size());
        for (std::size_t i = 0; i < units_.size(); ++i) {
            const unit& u = units_[i];
            const vehicle2& v = u.body;
            const vec2 goal = destination(u);
            const double left = u.route ? u.route->length() - u.route->distance_along(v.position())
                                        : glm::distance(v.position(), goal);
            const steer::flow_field<vec2>& field = group_outbound_ ? *to_rally_ : *to_base_;
            forces_[i] = steer::truncated_sum(
                v.max_force(),
                steer::weighted(1.0,
                                [&] { return steer::obstacle_avoidance(v, buildings_, {.min_time_to_collision = 1}); }),
                steer::weighted(separation_weight_, [&] { return steer::separation(v, bodies_, near); }),
                steer::weighted(1.0, [&] {
                    if (left < 3) return steer::arrival(v, goal, {.slowing_distance = 3});
                    if (u.route) return steer::path_following(v, *u.route, {.prediction_time = route_prediction_});
                    return steer::flow_field_following(v, field, {.prediction_time = field_prediction_});
                }));
        }
        // The unit without a plan seeks the group's destination past the buildings, and cannot
        // see round them.
        const vec2 lost_goal = group_outbound_ ? rally_ : base;
        const vec2 lost_force = steer::priority(
            0.0, [&] { return steer::obstacle_avoidance(lost_, buildings_, {.min_time_to_collision = 1}); },
            [&] { return steer::arrival(lost_, lost_goal, {.slowing_distance = 3}); });
        int group_there = 0, group_size = 0;
        for (std::size_t i = 0; i < units_.size(); ++i) {
            unit& u = units_[i];
            u.body.set_max_speed(max_speed_);
            u.body.apply_force(forces_[i], dt);
            const bool there = glm::distance(u.body.position(), destination(u)) < (u.routed ? 0.8 : 4.0);
            if (u.routed) {
                // Arrived: a moment's rest, then a route the other way.
                u.rest = there ? u.rest + dt : 0;
                if (u.rest > 1.5) {
                    u.outbound = !u.outbound;
                    u.rest = 0;
                    plan_route(u);
                }
            } else {
                ++group_size;
                group_there += there;
            }
        }
        // The group turns round when nearly all of it has got there.
        lost_.set_max_speed(max_speed_);
        lost_.apply_force(lost_force, dt);
        if (group_there * 4 >= group_size * 3) {
            group_rest_ += dt;
            if (group_rest_ > 2) group_outbound_ = !group_outbound_, group_rest_ = 0;
        } else {
            group_rest_ = 0;
        }
    }
    void draw(canvas& out) const override {
        const steer::flow_field<vec2>& field = group_outbound_ ? *to_rally_ : *to_base_;
        for (double y = 1; y < 30; y += 2)
            for (double x = 1; x < 48; x += 2)
                if (nav_->is_free({x, y}))
                    world_detail::draw_flow(out, {x, y}, field.sample({x, y}), 0.6, color::faint);
        const std::array<vec2, 4> edge{bounds.min, vec2(bounds.max.x, bounds.min.y), bounds.max,
                                       vec2(bounds.min.x, bounds.max.y)};
        out.path(edge, color::gray, true);
        for (const auto& b : buildings_) {
            out.polygon(b.points(), color::faint);
            out.path(b.points(), color::gray, true);
        }
        for (const unit& u : units_)
            if (u.route) out.path(u.route->points(), color::sky);
        out.circle(goal_, 0.5, color::blue);
        out.disc(goal_, 0.15, color::blue);
        out.circle(rally_, 4, color::green);
        out.disc(rally_, 0.2, color::green);
        out.circle(base, 4, color::faint);
        for (const unit& u : units_) out.vehicle(u.body, u.routed ? color::blue : color::green);
        out.vehicle(lost_, color::vermillion);
    }
    [[nodiscard]] std::string code() const override {
        return "steer::navigation_grid<glm::dvec2> nav({{0, 0}, {48, 30}}, 0.5, buildings, {.clearance = 0.8});\n"
               "auto route = nav.find_path(unit.position(), goal, 0.3);  // a unit's own order\n"
               "steer::flow_field<glm::dvec2> to_rally = nav.field_toward(rally);  // the group's\n"
               "// every frame, for each unit v (left: how far it still has to go):\n"
               "v.apply_force(steer::truncated_sum(v.max_force(),\n"
               "    steer::weighted(1.0, [&] { return steer::obstacle_avoidance(v, buildings,\n"
               "        {.min_time_to_collision = 1.0}); }),\n"
               "    steer::weighted(" + number(separation_weight_) +
               ", [&] { return steer::separation(v, units, {.max_distance = 1.5}); }),\n"
               "    steer::weighted(1.0, [&] {\n"
               "        if (left < 3) return steer::arrival(v, destination, {.slowing_distance = 3.0});\n"
               "        if (route) return steer::path_following(v, *route, {.prediction_time = " +
               number(route_prediction_) + "});\n"
               "        return steer::flow_field_following(v, to_rally, {.prediction_time = " +
               number(field_prediction_) + "});\n"
               "    })), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const unit& u : units_) append_position(out, u.body);
        append_position(out, lost_);
    }

private:
    static constexpr steer::box<vec2> bounds{{0, 0}, {48, 30}};
    static constexpr vec2 base{5, 4};
    struct unit {
        vehicle2 body;
        vec2 home{};
        bool routed = false;    ///< has a route of its own; otherwise follows the group's field
        bool outbound = true;   ///< going to the goal (or the rally point), else home
        double rest = 0;        ///< seconds spent at the end of its route
        std::optional<steer::pathway<vec2>> route;
    };
    /// Where a unit is going: the end of its route (the goal or home, moved out of a building if
    /// dragged into one), or the group's rally point or base.
    [[nodiscard]] vec2 destination(const unit& u) const {
        if (u.routed && u.route) return u.route->points().back();
        if (u.routed) return u.outbound ? goal_ : u.home;
        return group_outbound_ ? rally_ : base;
    }
    /// A routed unit's route from where it is to the goal or home.
    void plan_route(unit& u) { u.route = nav_->find_path(u.body.position(), u.outbound ? goal_ : u.home, 0.3); }
    void plan() {
        for (unit& u : units_)
            if (u.routed) plan_route(u);
        to_rally_ = nav_->field_toward(rally_);
    }
    double route_prediction_ = 0.5, field_prediction_ = 0.5, separation_weight_ = 0.6, max_speed_ = 3;
    std::vector<steer::polygon<vec2>> buildings_;
    std::optional<steer::navigation_grid<vec2>> nav_;
    std::optional<steer::flow_field<vec2>> to_rally_, to_base_;
    vec2 goal_{19, 14}, rally_{45, 14};
    bool group_outbound_ = true;
    double group_rest_ = 0;
    std::vector<unit> units_;
    vehicle2 lost_;
    std::vector<const vehicle2*> bodies_;
    std::vector<vec2> forces_;
};

inline void add_world_scenes(std::vector<factory>& all) {
    add<path_following_scene>(all);
    add<wall_following_scene>(all);
    add<containment_scene>(all);
    add<flow_field_scene>(all);
    add<routes_scene>(all);
}

}  // namespace playground

#endif
