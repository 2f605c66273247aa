// Obstacles of every shape (docs/world.md, docs/behaviors.md "Obstacle avoidance"): characters
// shuttle through circles, boxes, oriented boxes, walls, polygons and half-spaces, whose
// centers and goals the user drags.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_OBSTACLES_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_OBSTACLES_HPP

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../scene.hpp"
#include "world_drawing.hpp"

namespace playground {

/// Obstacle avoidance among every shape: four characters shuttle across a field of circles,
/// boxes, oriented boxes, walls and polygons, with priority(obstacle_avoidance, arrival).
class obstacle_avoidance_scene final : public scene {
public:
    obstacle_avoidance_scene() {
        add_param("obstacle_avoidance_params.min_time_to_collision", "s", min_time_, 0, 4, 0.1);
        add_param("obstacle_avoidance_params.clearance", "m", clearance_, 0, 1, 0.05);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("max_force", "m/s²", max_force_, 0.5, 12, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"obstacle_avoidance", "Obstacle avoidance", "The world",
                "Four characters shuttle between the two sides through circles, boxes, turned boxes, walls and "
                "polygons. Each tests the band ahead of it (outlined; vermillion while it steers away). Drag the "
                "obstacles into their way, and shorten min_time_to_collision.",
                "behaviors.md#obstacle-avoidance", false, {0, 0, 0}, 22};
    }
    void reset(std::uint64_t) override {
        centers_ = {vec2(-5, 4), vec2(-4.5, -3.5), vec2(0, 0.5), vec2(4.5, 4.5), vec2(5, -4), vec2(0, -6.5),
                    vec2(0, 7)};
        build_shapes();
        walkers_.clear();
        for (int i = 0; i < 4; ++i) {
            const double y = -6 + 4 * i;
            const double side = i % 2 == 0 ? -1 : 1;
            walker w;
            w.body = vehicle2({.position = {side * 11, y}, .velocity = {-side * 2, 0}, .radius = 0.5,
                               .max_force = max_force_, .max_speed = max_speed_});
            w.goal = vec2(-side * 11, -y);
            walkers_.push_back(w);
        }
        clear_handles();
        const char* names[] = {"circle", "box", "polygon", "turned box", "star polygon", "wall", "wall"};
        for (std::size_t i = 0; i < centers_.size(); ++i) add_handle(names[i], centers_[i]);
    }
    void dragged(std::size_t index, const vec3& to) override {
        // Kept in view, so that an obstacle dragged off the edge can be fetched back.
        scene::dragged(index, vec3(glm::clamp(vec2(to), vec2(-13, -9), vec2(13, 9)), 0));
        build_shapes();
    }
    void step() override {
        const steer::obstacle_avoidance_params<vec2> avoid{.min_time_to_collision = min_time_, .clearance = clearance_};
        for (walker& w : walkers_) {
            w.body.set_max_speed(max_speed_);
            w.body.set_max_force(max_force_);
            const vec2 avoidance = steer::obstacle_avoidance(w.body, shapes_, avoid);
            w.avoiding = avoidance != vec2(0);
            const auto arrive = [&] { return steer::arrival(w.body, w.goal, {.slowing_distance = 3.0}); };
            w.body.apply_force(steer::priority(0.0, [&] { return avoidance; }, arrive), dt);
            // Arrived (or kept from the goal for 20 s by an obstacle dragged onto it): head back
            // across, to the point mirrored through the middle.
            w.seconds += dt;
            if (glm::distance(w.body.position(), w.goal) < 0.6 || w.seconds > 20) {
                w.goal = vec2(-w.goal.x, -w.goal.y);
                w.seconds = 0;
            }
        }
    }
    void draw(canvas& out) const override {
        for (const auto& s : shapes_) world_detail::draw_shape(out, s);
        for (std::size_t i = 0; i < walkers_.size(); ++i) {
            const walker& w = walkers_[i];
            const color c = colors[i % 4];
            // The band the body sweeps in min_time_to_collision (the paper's cylinder), clearance included.
            const vec2 f = w.body.forward(), s = w.body.side(), p = w.body.position();
            const double half = w.body.radius() + clearance_;
            const double length = min_time_ * w.body.speed() + w.body.radius();
            const std::array<vec2, 4> band{p + s * half, p + s * half + f * length, p - s * half + f * length,
                                           p - s * half};
            out.path(band, w.avoiding ? color::vermillion : color::gray, true);
            out.line(w.goal - vec2(0.3, 0.3), w.goal + vec2(0.3, 0.3), c);
            out.line(w.goal - vec2(0.3, -0.3), w.goal + vec2(0.3, -0.3), c);
            out.vehicle(w.body, c);
        }
    }
    [[nodiscard]] std::string code() const override {
        return "using shape = std::variant<steer::sphere<glm::dvec2>, steer::box<glm::dvec2>,\n"
               "    steer::oriented_box<glm::dvec2>, steer::segment<glm::dvec2>, steer::polygon<glm::dvec2>>;\n"
               "std::vector<shape> obstacles = ...;  // one call takes them all\n"
               "steer::vehicle2d v({.radius = 0.5, .max_force = " + number(max_force_) +
               ", .max_speed = " + number(max_speed_) + "});\n"
               "// every frame:\n"
               "v.apply_force(steer::priority(0.0,\n"
               "    [&] { return steer::obstacle_avoidance(v, obstacles, {.min_time_to_collision = " +
               number(min_time_) + ", .clearance = " + number(clearance_) + "}); },\n"
               "    [&] { return steer::arrival(v, goal, {.slowing_distance = 3.0}); }), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const walker& w : walkers_) append_position(out, w.body);
    }

private:
    static constexpr color colors[] = {color::blue, color::vermillion, color::green, color::purple};
    struct walker {
        vehicle2 body;
        vec2 goal{};
        double seconds = 0;  ///< since it set out for this goal
        bool avoiding = false;
    };
    /// The obstacles from their centers (the handles): the shapes keep their size and turn.
    void build_shapes() {
        shapes_.clear();
        shapes_.emplace_back(steer::sphere<vec2>{centers_[0], 1.6});
        shapes_.emplace_back(steer::box<vec2>{centers_[1] - vec2(1.5, 1.0), centers_[1] + vec2(1.5, 1.0)});
        // A concave "L".
        const vec2 l = centers_[2];
        shapes_.emplace_back(steer::polygon<vec2>({l + vec2(-1.5, -1.5), l + vec2(1.5, -1.5), l + vec2(1.5, -0.5),
                                                   l + vec2(-0.5, -0.5), l + vec2(-0.5, 1.5), l + vec2(-1.5, 1.5)}));
        shapes_.emplace_back(steer::oriented_box<vec2>::turned(centers_[3], vec2(1.8, 0.6), 0.6));
        std::vector<vec2> star;
        for (int k = 0; k < 10; ++k)
            star.push_back(centers_[4] + direction_at(0.2 + 0.6283185307179586 * k) * (k % 2 == 0 ? 1.8 : 0.8));
        shapes_.emplace_back(steer::polygon<vec2>(std::move(star)));
        shapes_.emplace_back(steer::segment<vec2>{centers_[5] - vec2(2.5, 0.8), centers_[5] + vec2(2.5, 0.8)});
        shapes_.emplace_back(steer::segment<vec2>{centers_[6] - vec2(2.5, -0.8), centers_[6] + vec2(2.5, -0.8)});
    }
    double min_time_ = 2, clearance_ = 0.1, max_speed_ = 3, max_force_ = 6;
    std::vector<vec2> centers_;
    std::vector<world_detail::shape> shapes_;
    std::vector<walker> walkers_;
};

/// A mixed field in one call: characters shuttle between their homes and a goal the user
/// drags, through shapes of every kind scattered from the seed and between two half-spaces.
class obstacle_field_scene final : public scene {
public:
    obstacle_field_scene() {
        add_param("obstacle_avoidance_params.min_time_to_collision", "s", min_time_, 0, 4, 0.1);
        add_param("obstacle_avoidance_params.clearance", "m", clearance_, 0, 1, 0.05);
        add_param("weight of separation", "1", separation_weight_, 0, 2, 0.05);
        add_param("max_speed", "m/s", max_speed_, 0.5, 6, 0.1);
        add_param("characters", "agents", count_, 1, 12, 1, true);
        add_param("obstacles", "1", obstacle_count_, 0, 40, 1, true);
    }
    [[nodiscard]] scene_info info() const override {
        return {"obstacle_field", "Obstacle avoidance: a mixed field", "The world",
                "Circles, boxes, turned boxes, walls, polygons and two half-spaces (the top and bottom edges) in one "
                "std::vector of std::variant, one obstacle_avoidance call. The characters run from their homes on the "
                "left to the goal and back. Drag the goal; change the seed for another field.",
                "world.md#one-call-many-shapes", false, {0, 0, 0}, 20};
    }
    void reset(std::uint64_t seed) override {
        steer::rng gen(seed);
        goal_ = vec2(12, 0);
        homes_.clear();
        walkers_.clear();
        const int count = static_cast<int>(count_);
        for (int i = 0; i < count; ++i) {
            const vec2 home(-13 + (i % 2) * 1.2, -6.6 + 13.2 * (i + 0.5) / count);
            homes_.push_back(home);
            walkers_.push_back({vehicle2({.position = home, .velocity = {1, 0}, .radius = 0.4, .max_force = 8,
                                          .max_speed = max_speed_}),
                                true, 0});
        }
        scatter(gen);
        clear_handles();
        add_handle("goal", goal_);
    }
    void dragged(std::size_t index, const vec3& to) override {
        scene::dragged(index, vec3(glm::clamp(vec2(to), vec2(-13, -7), vec2(13, 7)), 0));
        for (walker& w : walkers_) w.outbound = true, w.seconds = 0;
    }
    void step() override {
        const steer::obstacle_avoidance_params<vec2> avoid{.min_time_to_collision = min_time_, .clearance = clearance_};
        const steer::neighborhood<vec2> near{.max_distance = 1.4};
        bodies_.clear();
        for (const walker& w : walkers_) bodies_.push_back(&w.body);
        forces_.resize(walkers_.size());
        for (std::size_t i = 0; i < walkers_.size(); ++i) {
            const vehicle2& v = walkers_[i].body;
            const vec2 to = walkers_[i].outbound ? goal_ : homes_[i];
            forces_[i] = steer::truncated_sum(
                v.max_force(), steer::weighted(1.0, [&] { return steer::obstacle_avoidance(v, shapes_, avoid); }),
                steer::weighted(separation_weight_, [&] { return steer::separation(v, bodies_, near); }),
                steer::weighted(1.0, [&] { return steer::arrival(v, to, {.slowing_distance = 2.0}); }));
        }
        for (std::size_t i = 0; i < walkers_.size(); ++i) {
            walker& w = walkers_[i];
            w.body.set_max_speed(max_speed_);
            w.body.apply_force(forces_[i], dt);
            // There (or kept away for 25 s): a moment's rest, then the other way.
            w.seconds += dt;
            const vec2 to = w.outbound ? goal_ : homes_[i];
            if ((glm::distance(w.body.position(), to) < 1.2 && w.body.speed() < 0.5) || w.seconds > 25) {
                w.outbound = !w.outbound;
                w.seconds = 0;
            }
        }
    }
    void draw(canvas& out) const override {
        for (const double y : {-edge, edge}) {
            const double outer = y < 0 ? y - 1 : y + 1;
            const std::array<vec2, 4> band{vec2(-16, y), vec2(16, y), vec2(16, outer), vec2(-16, outer)};
            out.polygon(band, color::faint);
            out.line(vec2(-16, y), vec2(16, y), color::gray);
        }
        for (const auto& shape : shapes_) world_detail::draw_shape(out, shape);
        for (const vec2& home : homes_) out.circle(home, 0.5, color::faint);
        out.circle(goal_, 1.2, color::ink);
        out.disc(goal_, 0.2, color::ink);
        for (const walker& w : walkers_) out.vehicle(w.body, w.outbound ? color::blue : color::sky);
    }
    [[nodiscard]] std::string code() const override {
        return "using shape = std::variant<steer::sphere<glm::dvec2>, steer::box<glm::dvec2>,\n"
               "    steer::oriented_box<glm::dvec2>, steer::segment<glm::dvec2>, steer::polygon<glm::dvec2>,\n"
               "    steer::plane<glm::dvec2>>;\n"
               "std::vector<shape> level = scattered_shapes;\n"
               "level.push_back(steer::plane<glm::dvec2>{{0, 1}, -" + number(edge) + "});  // solid below\n"
               "level.push_back(steer::plane<glm::dvec2>{{0, -1}, -" + number(edge) + "});  // solid above\n"
               "// every frame, for each character v:\n"
               "v.apply_force(steer::truncated_sum(v.max_force(),\n"
               "    steer::weighted(1.0, [&] { return steer::obstacle_avoidance(v, level,\n"
               "        {.min_time_to_collision = " + number(min_time_) + ", .clearance = " + number(clearance_) +
               "}); }),\n"
               "    steer::weighted(" + number(separation_weight_) +
               ", [&] { return steer::separation(v, others, {.max_distance = 1.4}); }),\n"
               "    steer::weighted(1.0, [&] { return steer::arrival(v, goal, {.slowing_distance = 2.0}); })), dt);\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const walker& w : walkers_) append_position(out, w.body);
    }

private:
    static constexpr double edge = 8;  ///< the half-spaces' surfaces, at y = -edge and y = edge
    struct walker {
        vehicle2 body;
        bool outbound = true;  ///< going to the goal, else home
        double seconds = 0;    ///< since it set out
    };
    /// Shapes of every kind over the middle of the field, their bounding circles apart and clear
    /// of the homes and the goal's start, then the two half-spaces.
    void scatter(steer::rng& gen) {
        shapes_.clear();
        std::vector<steer::sphere<vec2>> bounds;
        const int wanted = static_cast<int>(obstacle_count_);
        for (int attempt = 0; attempt < 2000 && static_cast<int>(bounds.size()) < wanted; ++attempt) {
            const double x = steer::uniform(gen, -9.5, 9.5);  // one draw per statement: a fixed order
            const double y = steer::uniform(gen, -6.5, 6.5);
            const double w = steer::uniform(gen, 0.5, 1.6);
            const double h = steer::uniform(gen, 0.4, 1.1);
            const double angle = steer::uniform(gen, 0.0, 3.14);
            const auto which = gen() % 5;
            const vec2 c(x, y), along = direction_at(angle);
            world_detail::shape shape = steer::sphere<vec2>{c, w * 0.8};
            if (which == 1) shape = steer::box<vec2>{c - vec2(w, h), c + vec2(w, h)};
            if (which == 2) shape = steer::oriented_box<vec2>::turned(c, vec2(w, h * 0.5), angle);
            if (which == 3) shape = steer::segment<vec2>{c - along * (w * 1.5), c + along * (w * 1.5)};
            if (which == 4) {
                std::vector<vec2> corners;
                for (int k = 0; k < 7; ++k)
                    corners.push_back(c + direction_at(angle + 0.8975979010256552 * k) *
                                              ((k % 2 ? 0.55 : 1.0) * w * 1.1));  // a star-ish blob
                shape = steer::polygon<vec2>(std::move(corners));
            }
            const steer::sphere<vec2> b = std::visit(
                [](const auto& o) {
                    if constexpr (requires { bounding_sphere(o); }) return bounding_sphere(o);
                    else return steer::sphere<vec2>{vec2(0), 1e9};
                },
                shape);
            bool apart = glm::distance(b.center, goal_) > b.radius + 2;
            for (const auto& other : bounds)
                apart = apart && glm::distance(b.center, other.center) > b.radius + other.radius + 1.1;
            if (!apart) continue;
            bounds.push_back(b);
            shapes_.push_back(std::move(shape));
        }
        shapes_.emplace_back(steer::plane<vec2>{{0, 1}, -edge});
        shapes_.emplace_back(steer::plane<vec2>{{0, -1}, -edge});
    }
    double min_time_ = 1.5, clearance_ = 0.1, separation_weight_ = 0.5, max_speed_ = 3, count_ = 8,
           obstacle_count_ = 22;
    vec2 goal_{12, 0};
    std::vector<vec2> homes_;
    std::vector<world_detail::shape> shapes_;
    std::vector<walker> walkers_;
    std::vector<const vehicle2*> bodies_;
    std::vector<vec2> forces_;
};

inline void add_obstacle_scenes(std::vector<factory>& all) {
    add<obstacle_avoidance_scene>(all);
    add<obstacle_field_scene>(all);
}

}  // namespace playground

#endif
