// Small tools the character scenes share: keeping characters in view, roaming, a handle that
// stands in for a user's character, and the sliders' limits.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_CHARACTER_TOOLS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_CHARACTER_TOOLS_HPP

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "../scene.hpp"

namespace playground {

/// Small tools the character scenes share (named apart from other scene files' helpers).
namespace characters_detail {

/// Brings a character that left the square of half-size `half` around the origin back in
/// from the far side, so that it goes on forever inside the view.
inline void wrap(vehicle2& v, double half) {
    vec2 p = v.position();
    if (p.x < -half) p.x += 2 * half; else if (p.x > half) p.x -= 2 * half;
    if (p.y < -half) p.y += 2 * half; else if (p.y > half) p.y -= 2 * half;
    if (p != v.position()) v.set_position(p);
}

/// Wander that turns back toward `center` once the character is beyond `radius` of it:
/// wander blended into seek to the center, all seek 2 m outside (a blend, not a sum, so that
/// wander's forward push cannot cancel the way back). A quarry or a bystander that roams the
/// view forever.
inline vec2 roam(const vehicle2& v, steer::wander_state<vec2>& state, steer::rng& gen,
                 const steer::wander_params<vec2>& p, const vec2& center, double radius) {
    const vec2 wandering = steer::wander(v, state, gen, dt, p);
    const double outside = glm::distance(v.position(), center) - radius;
    if (outside <= 0) return wandering;
    const double w = steer::clamp(outside / 2, 0.0, 1.0);
    return wandering * (1 - w) + steer::seek(v, center) * w;
}

/// A point that stands in for a user's character (the avatar): `velocity` follows how fast
/// the point moved over the last frames (a drag or a scripted walk alike), smoothed and
/// capped so that a jump of the handle reads as a fast walk, not a teleport.
struct tracked_point {
    vec2 at{0, 0};
    vec2 last{0, 0};
    vec2 velocity{0, 0};
    void settle(const vec2& p) { at = last = p, velocity = vec2(0, 0); }
    void update(double cap) {
        const vec2 moved = (at - last) / dt;
        velocity = steer::truncate(velocity + (moved - velocity) * 0.2, cap);
        last = at;
    }
};

/// Seconds a scripted walker stays still after the user dragged it, so the drag wins.
inline constexpr double hands_off_time = 3;

/// The scene's vehicles share the speed and force the sliders set.
inline void set_limits(std::initializer_list<vehicle2*> vehicles, double max_speed, double max_force) {
    for (vehicle2* v : vehicles) {
        v->set_max_speed(max_speed);
        v->set_max_force(max_force);
    }
}

/// A velocity drawn as the distance it covers in a second.
inline void velocity_arrow(canvas& out, const vehicle2& v, color c) {
    out.arrow_to(v.position(), v.position() + v.velocity(), c);
}

}  // namespace characters_detail

}  // namespace playground

#endif
