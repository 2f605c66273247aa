// The combiners side by side: weighted sum, priority, prioritized dither and the truncated
// running sum (docs/combiners.md).
// One situation, four copies: characters seek a goal behind a rock while avoiding it and
// keeping apart, and each copy blends the same three behaviors with another combiner.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_COMBINERS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_COMBINERS_HPP

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "../scene.hpp"

namespace playground {

/// The four combiners on one situation, in four panels: weighted_sum (top left), priority
/// (top right), prioritized_dither (bottom left) and truncated_sum (bottom right).
class combiners_scene final : public scene {
public:
    combiners_scene() {
        add_param("weight of obstacle_avoidance", "1", avoid_weight_, 0, 3, 0.05);
        add_param("weight of separation", "1", separation_weight_, 0, 3, 0.05);
        add_param("weight of seek", "1", seek_weight_, 0, 3, 0.05);
        add_param("chance of obstacle_avoidance", "1", avoid_chance_, 0, 1, 0.01);
        add_param("chance of separation", "1", separation_chance_, 0, 1, 0.01);
        add_param("max_force", "m/s²", max_force_, 0.5, 10, 0.1);
    }
    [[nodiscard]] scene_info info() const override {
        return {"combiners", "The combiners side by side", "Combiners",
                "The same three behaviors, four blends: weighted_sum (top left, vermillion), priority (top right, "
                "blue), prioritized_dither (bottom left, green), truncated_sum (bottom right, purple). The rock lies "
                "a little off the line to the goal, so avoidance and seek pull opposite ways: in the sum they cancel "
                "and bodies touch the rock (drawn ringed). Move the weights; drag the goal or the rock.",
                "combiners.md#which-one-to-use", false, {0, 0, 0}, 40};
    }
    void reset(std::uint64_t seed) override {
        gen_ = steer::rng(seed);
        goal_ = corner(0) + vec2(7, 2.5);
        rock_ = corner(0) + vec2(-0.5, 0.4);
        for (std::size_t k = 0; k < panels; ++k) {
            for (std::size_t i = 0; i < per_panel; ++i) {
                runner& r = runners_[k][i];
                r.body = start_body(k, i);
                r.seconds = -1.2 * static_cast<double>(i);  // they set out one after another
                r.touching = false;
            }
        }
        clear_handles();
        add_handle("goal", goal_);
        add_handle("rock", rock_);
    }
    void dragged(std::size_t index, const vec3& to) override {
        // Kept inside the top left panel, whose copies the others are.
        const vec2 lo = corner(0) - vec2(8.5, 4.5), hi = corner(0) + vec2(8.5, 4.5);
        scene::dragged(index, vec3(glm::clamp(vec2(to), lo, hi), 0));
    }
    void step() override {
        const vec2 goal_offset = goal_ - corner(0), rock_offset = rock_ - corner(0);
        const steer::neighborhood<vec2> near{.max_distance = 1.6};
        for (std::size_t k = 0; k < panels; ++k) {
            const vec2 goal = corner(k) + goal_offset;
            const std::vector<steer::sphere<vec2>> rocks{{corner(k) + rock_offset, rock_radius}};
            auto& group = runners_[k];
            std::array<const vehicle2*, per_panel> bodies{};
            for (std::size_t i = 0; i < per_panel; ++i) bodies[i] = &group[i].body;
            std::array<vec2, per_panel> forces{};
            for (std::size_t i = 0; i < per_panel; ++i) {
                runner& r = group[i];
                r.seconds += dt;
                if (r.seconds < 0) continue;  // still waiting at the start
                const vehicle2& v = r.body;
                const auto avoid = [&] {
                    return steer::obstacle_avoidance(v, rocks, {.min_time_to_collision = 1.5, .clearance = 0.05});
                };
                const auto separate = [&] { return steer::separation(v, bodies, near); };
                const auto seek = [&] { return steer::seek(v, goal); };
                if (k == 0) {
                    forces[i] = steer::weighted_sum(steer::weighted(avoid_weight_, avoid),
                                                    steer::weighted(separation_weight_, separate),
                                                    steer::weighted(seek_weight_, seek));
                } else if (k == 1) {
                    forces[i] = steer::priority(0.0, avoid, separate, seek);
                } else if (k == 2) {
                    forces[i] = steer::prioritized_dither(gen_, steer::chance(avoid_chance_, avoid),
                                                          steer::chance(separation_chance_, separate), seek);
                } else {
                    forces[i] = steer::truncated_sum(v.max_force(), steer::weighted(avoid_weight_, avoid),
                                                     steer::weighted(separation_weight_, separate),
                                                     steer::weighted(seek_weight_, seek));
                }
            }
            for (std::size_t i = 0; i < per_panel; ++i) {
                runner& r = group[i];
                if (r.seconds < 0) continue;
                r.body.set_max_force(max_force_);
                r.body.apply_force(forces[i], dt);
                r.touching = glm::distance(r.body.position(), rocks[0].center) < rock_radius + r.body.radius();
                // Past the goal, or out too long: back to the start for another run.
                if (glm::distance(r.body.position(), goal) < 0.8 || r.seconds > 8) {
                    r.body = start_body(k, i);
                    r.seconds = 0;
                }
            }
        }
    }
    void draw(canvas& out) const override {
        const vec2 goal_offset = goal_ - corner(0), rock_offset = rock_ - corner(0);
        const color colors[] = {color::vermillion, color::blue, color::green, color::purple};
        const char* names[] = {"weighted_sum", "priority", "prioritized_dither", "truncated_sum"};
        for (std::size_t k = 0; k < panels; ++k) {
            const vec2 c = corner(k);
            const std::array<vec2, 4> frame{c + vec2(-9, -5), c + vec2(9, -5), c + vec2(9, 5), c + vec2(-9, 5)};
            out.path(frame, color::faint, true);
            out.label(c + vec2(-8.6, 4.3), names[k], colors[k]);
            out.disc(c + rock_offset, rock_radius, color::faint);
            out.circle(c + rock_offset, rock_radius, color::gray);
            const vec2 goal = c + goal_offset;
            out.line(goal - vec2(0.3, 0.3), goal + vec2(0.3, 0.3), color::ink);
            out.line(goal - vec2(0.3, -0.3), goal + vec2(0.3, -0.3), color::ink);
            for (const runner& r : runners_[k]) {
                if (r.seconds < 0) continue;
                if (r.touching) out.circle(r.body.position(), r.body.radius() + 0.2, color::vermillion);
                out.vehicle(r.body, colors[k]);
                out.arrow_to(r.body.position(), r.body.position() + r.body.velocity() * 0.5, color::gray);
            }
        }
    }
    [[nodiscard]] std::string code() const override {
        const std::string wa = number(avoid_weight_), ws = number(separation_weight_), wk = number(seek_weight_);
        return "auto avoid = [&] { return steer::obstacle_avoidance(v, rocks,\n"
               "    {.min_time_to_collision = 1.5, .clearance = 0.05}); };\n"
               "auto separate = [&] { return steer::separation(v, others, {.max_distance = 1.6}); };\n"
               "auto seek = [&] { return steer::seek(v, goal); };\n"
               "// vermillion, top left:\n"
               "steer::weighted_sum(steer::weighted(" + wa + ", avoid), steer::weighted(" + ws +
               ", separate),\n"
               "    steer::weighted(" + wk + ", seek));\n"
               "// blue, top right: the first with something to say\n"
               "steer::priority(0.0, avoid, separate, seek);\n"
               "// green, bottom left: each considered with its chance\n"
               "steer::prioritized_dither(gen, steer::chance(" + number(avoid_chance_) + ", avoid),\n"
               "    steer::chance(" + number(separation_chance_) + ", separate), seek);\n"
               "// purple, bottom right: a budget of max_force, spent in order\n"
               "steer::truncated_sum(v.max_force(), steer::weighted(" + wa + ", avoid),\n"
               "    steer::weighted(" + ws + ", separate), steer::weighted(" + wk + ", seek));\n"
               "// each vehicle: {.radius = 0.5, .max_force = " + number(max_force_) + ", .max_speed = 5.0}\n";
    }
    void positions(std::vector<double>& out) const override {
        for (const auto& group : runners_)
            for (const runner& r : group) append_position(out, r.body);
    }

private:
    static constexpr std::size_t panels = 4, per_panel = 3;
    static constexpr double rock_radius = 2.4;
    struct runner {
        vehicle2 body;
        double seconds = 0;  ///< since this run began (negative: waiting to set out)
        bool touching = false;
    };
    /// The center of panel k: two above, two below.
    [[nodiscard]] static vec2 corner(std::size_t k) {
        return vec2(k % 2 == 0 ? -9.5 : 9.5, k < 2 ? 5.5 : -5.5);
    }
    [[nodiscard]] vehicle2 start_body(std::size_t k, std::size_t i) const {
        const vec2 start = corner(k) + vec2(-7.5, -0.9 + 0.9 * static_cast<double>(i));
        return vehicle2({.position = start, .velocity = {5, 0}, .radius = 0.5, .max_force = max_force_,
                         .max_speed = 5});
    }
    double avoid_weight_ = 1, separation_weight_ = 0.5, seek_weight_ = 2, avoid_chance_ = 0.8,
           separation_chance_ = 0.5, max_force_ = 4;
    steer::rng gen_{1};
    vec2 goal_{}, rock_{};
    std::array<std::array<runner, per_panel>, panels> runners_{};
};

inline void add_combiners_scenes(std::vector<factory>& all) {
    add<combiners_scene>(all);
}

}  // namespace playground

#endif
