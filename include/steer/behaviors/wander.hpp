#ifndef STEER_BEHAVIORS_WANDER_HPP
#define STEER_BEHAVIORS_WANDER_HPP

/// @file
/// Wander (Reynolds 1999, "Wander"): random steering that keeps turning the same way for a
/// while, plus the bounded-turn-rate 2D variant of the implementation notes.

#include <cmath>
#include <concepts>

#include "../error.hpp"
#include "../math.hpp"
#include "../random.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"

namespace steer {

/// The wander sphere (circle in 2D) of Reynolds 1999, "Wander". Lengths are in force
/// units, since the point on the sphere is a steering force.
template <vector V>
struct wander_params {
    /// Radius of the sphere: the most lateral force wander asks for (its "strength"). >= 0.
    scalar_t<V> radius = 1;
    /// How far ahead of the vehicle the sphere's centre is: a steady forward push that keeps
    /// the vehicle moving. >= 0; when it exceeds `radius` the force always leans forward.
    scalar_t<V> distance = 2;
    /// Wander "rate": the root-mean-square random displacement given to the point on the
    /// sphere over one second, in the same units as `radius`. The displacement is a random
    /// walk, so over `t` seconds it is `rate * sqrt(t)` whatever the frame rate. >= 0;
    /// 0 keeps the point where it is (steady turning).
    scalar_t<V> rate = 1;
};

/// Wander's memory: the point on the sphere, in the vehicle's local coordinates relative
/// to the sphere's centre. Zero (the default) means "not started"; the first call picks a
/// random point.
template <vector V>
struct wander_state {
    V target{};  ///< the point on the sphere, vehicle-local, relative to its centre; zero: not started
};

namespace detail {

template <vector V>
void expect_wander_params(const char* where, const wander_params<V>& p) {
    using S = scalar_t<V>;
    detail::expect_at_least(where, "radius", p.radius, S(0));
    detail::expect_at_least(where, "distance", p.distance, S(0));
    detail::expect_at_least(where, "rate", p.rate, S(0));
}

template <std::floating_point S>
void expect_time_step(const char* where, S dt) {
    STEER_EXPECTS(std::isfinite(dt) && dt >= S(0), describe(where, "dt", ">= 0 and finite", dt));
}

}  // namespace detail

/// Random steering with sustained turns (Reynolds 1999, "Wander"). The state holds a point
/// on a sphere (a circle in 2D) of `p.radius` centred `p.distance` ahead of the vehicle.
/// Each call moves that point by a small random displacement and puts it back on the
/// sphere, so the steering direction drifts instead of jumping; the returned force is the
/// point seen from the vehicle (centre offset plus point), turned into world space.
/// The displacement's size grows with `sqrt(dt)` (a random walk), so the wandering looks
/// the same at 30, 60 or 120 Hz.
/// @param s the point on the sphere; updated. Keep one per vehicle.
/// @param gen any uniform random bit generator, e.g. `steer::rng`; the only source of randomness.
/// @param dt seconds since the last call, >= 0; 0 leaves the point in place.
/// @return the steering force (the paper's construction, not a velocity error), length at
///         most `distance + radius`, not truncated.
template <vector V, std::uniform_random_bit_generator G>
[[nodiscard]] V wander(const vehicle<V>& v, wander_state<V>& s, G& gen, scalar_t<V> dt, const wander_params<V>& p = {}) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::wander";
    detail::expect_time_step(where, dt);
    detail::expect_wander_params(where, p);

    // A uniform point in the unit ball has mean squared length n / (n + 2); rescale it to
    // mean squared length 1, then to the displacement of a walk of `rate` per sqrt(second).
    constexpr S n = S(dimension_v<V>);
    const S step = p.rate * std::sqrt(dt * (n + S(2)) / n);
    V point = s.target;
    if (step > S(0)) point += random_vector_in_unit_ball<V>(gen) * step;
    V direction = safe_normalize(point);
    if (direction == V(S(0))) direction = random_unit_vector<V>(gen);  // first call, or a walk onto the centre
    s.target = direction * p.radius;

    V local = s.target;
    local[dimension_v<V> - 1] += p.distance;  // local coordinates end with forward
    return v.local_space().globalize_direction(local);
}

/// The bounded turn rate wander of the implementation notes (2D only).
template <vector V>
    requires(dimension_v<V> == 2)
struct wander_turning_params {
    /// The fastest the vehicle turns, radians per second (either way). >= 0.
    scalar_t<V> max_turn_rate = 1;
    /// Root-mean-square random change of the turn rate over one second, radians per second;
    /// a random walk, so frame-rate independent as in `wander`. >= 0.
    scalar_t<V> turn_rate_change = 1;
};

/// Memory of `wander_turning`: the current turn rate, radians per second (+ turns toward +side).
template <vector V>
    requires(dimension_v<V> == 2)
struct wander_turning_state {
    scalar_t<V> turn_rate = 0;  ///< radians per second; positive turns toward +side
};

/// A 2D wander that drives at max_speed while its turn rate takes a bounded random walk
/// (the 2D variant in the implementation notes of the papers folder, made frame-rate
/// independent). The turn rate never exceeds `max_turn_rate`, so the path is a chain of
/// arcs no tighter than max_speed / max_turn_rate.
/// @return mass × (turn_rate × speed) along side (the centripetal force of that turn) plus
///         mass × (max_speed − speed) per second along forward; not truncated. A weak
///         vehicle (max_force too small) turns less than asked.
template <vector V, std::uniform_random_bit_generator G>
    requires(dimension_v<V> == 2)
[[nodiscard]] V wander_turning(const vehicle<V>& v, wander_turning_state<V>& s, G& gen, scalar_t<V> dt,
                               const wander_turning_params<V>& p = {}) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::wander_turning";
    detail::expect_time_step(where, dt);
    detail::expect_at_least(where, "max_turn_rate", p.max_turn_rate, S(0));
    detail::expect_at_least(where, "turn_rate_change", p.turn_rate_change, S(0));

    // uniform(-1, 1) has variance 1/3: sqrt(3 dt) makes the walk's variance per second 1.
    const S jitter = uniform(gen, S(-1), S(1)) * p.turn_rate_change * std::sqrt(S(3) * dt);
    s.turn_rate = clamp(s.turn_rate + jitter, -p.max_turn_rate, p.max_turn_rate);
    if (!std::isfinite(s.turn_rate)) s.turn_rate = S(0);
    const S speed = v.speed();
    return (v.side() * (s.turn_rate * speed) + v.forward() * (v.max_speed() - speed)) * v.mass();
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_WANDER_HPP
