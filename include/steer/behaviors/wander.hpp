#ifndef STEER_BEHAVIORS_WANDER_HPP
#define STEER_BEHAVIORS_WANDER_HPP

/// @file
/// Wander (Reynolds 1999, "Wander"): random steering that keeps turning the same way for a
/// while, plus the bounded-turn-rate 2D variant of the implementation notes.

#include <algorithm>
#include <cmath>
#include <concepts>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"
#include "../random.hpp"
#include "../vector.hpp"

namespace steer {

/// The wander sphere (circle in 2D) of Reynolds 1999, "Wander". The three sizes are
/// relative: wander answers with max_force times the point on the sphere seen from the
/// vehicle, divided by `distance + radius`, so scaling all three by the same factor
/// changes nothing. What matters is `radius / distance` (how hard it may turn: the
/// sideways part is at most `radius / (distance + radius)` of max_force) and
/// `rate / radius` (how fast the turning drifts).
template <vector V>
struct wander_params {
    /// Radius of the sphere: the wandering "strength". >= 0. The default 1 with distance 2
    /// lets wander spend up to a third of max_force sideways, and at least a third forward.
    scalar_t<V> radius = 1;
    /// How far ahead of the vehicle the sphere's centre is: the steady forward part that
    /// keeps the vehicle moving. >= 0, default 2; when it exceeds `radius` the force always
    /// leans forward.
    scalar_t<V> distance = 2;
    /// Wander "rate": the root-mean-square random displacement of the point on the sphere
    /// over one second, in the units of `radius`. The displacement is a random walk, so over
    /// `t` seconds it is `rate * sqrt(t)` whatever the frame rate. Only its tangential part
    /// turns the point: in 2D the direction turns `rate / radius * sqrt(t / 2)` radians rms
    /// over `t` seconds (0.71 rad in one second with the defaults). >= 0; 0 keeps the point
    /// where it is (steady turning).
    scalar_t<V> rate = 1;
    /// Wander purely sideways (the 2D wander of OpenSteer's pedestrians): the point's
    /// forward coordinate is dropped, so the force only turns the vehicle and never speeds it
    /// up or slows it down; `distance` is then unused. Pair it with something that drives
    /// (path following, seek). Default false.
    bool sideways = false;
};

/// Refuses a negative or non-finite radius, distance or rate, as `wander` would.
template <vector V>
void validate(const wander_params<V>& p, source_location caller = source_location::current()) {
    constexpr auto where = "steer::wander";
    detail::expect_at_least(where, "radius", p.radius, 0, caller);
    detail::expect_at_least(where, "distance", p.distance, 0, caller);
    detail::expect_at_least(where, "rate", p.rate, 0, caller);
}

/// Wander's memory: the point on the sphere, in the vehicle's local coordinates relative
/// to the sphere's centre. Zero (the default) means "not started"; the first call picks a
/// random point.
template <vector V>
struct wander_state {
    V target{};  ///< the point on the sphere, vehicle-local, relative to its centre; zero: not started
};

/// Random steering with sustained turns (Reynolds 1999, "Wander"). The state holds a point
/// on a sphere (a circle in 2D) of `p.radius` centred `p.distance` ahead of the vehicle.
/// Each call moves that point by a small random displacement and puts it back on the
/// sphere, so the steering direction drifts instead of jumping; the force points from the
/// vehicle at that point, turned into world space. The displacement's size grows with
/// `sqrt(dt)` (a random walk), so the wandering looks the same at 30, 60 or 120 Hz.
/// @param s the point on the sphere; updated. Keep one per vehicle.
/// @param gen any uniform random bit generator, e.g. `steer::rng`; the only source of randomness.
/// @param dt seconds since the last call, >= 0; 0 leaves the point in place.
/// @return max_force × (the point seen from the vehicle) / (distance + radius): full effort
///         when the point is straight ahead, at least (distance − radius) / (distance + radius)
///         of it otherwise; zero when distance and radius are both 0. With `sideways`:
///         max_force × the point's sideways part over the radius, full effort when the point
///         is square to the heading, zero when it is straight ahead or behind (or radius 0).
template <agent A, std::uniform_random_bit_generator G>
[[nodiscard]] agent_vector_t<A> wander(const A& a, wander_state<agent_vector_t<A>>& s, G& gen, agent_scalar_t<A> dt,
                                       const wander_params<agent_vector_t<A>>& p = {},
                                       source_location caller = source_location::current()) {
    detail::expect_limits("steer::wander", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    dt = detail::non_negative_or_zero<detail::hot_path::wander_dt>("steer::wander", "dt", dt, caller);
    validate(p, caller);

    // A uniform point in the unit ball has mean squared length n / (n + 2); rescale it to
    // mean squared length 1, then to the displacement of a walk of `rate` per sqrt(second).
    constexpr S n = S(dimension_v<V>);
    const S step = p.rate * std::sqrt(dt * (n + S(2)) / n);
    V point = s.target;
    if (step > S(0)) point += random_vector_in_unit_ball<V>(gen) * step;
    V direction = safe_normalize(point);
    if (direction == V(S(0))) direction = random_unit_vector<V>(gen);  // first call, or a walk onto the centre
    s.target = direction * p.radius;

    if (p.sideways) {
        // Only the side (and up) coordinates of the point on the unit sphere: full effort
        // when the point is square to the heading, nothing when it is straight ahead.
        if (!(p.radius > S(0))) return V(S(0));
        V across = direction;
        across[dimension_v<V> - 1] = S(0);  // local coordinates end with forward
        return detail::limit_force(a, local_space_of(a).globalize_direction(across) * static_cast<S>(a.max_force()));
    }

    // The point seen from the vehicle, as a fraction of distance + radius (sizes divided by
    // the larger one first, so that no size overflows the sum).
    const S largest = std::max(p.distance, p.radius);
    if (!(largest > S(0))) return V(S(0));
    const S radius = p.radius / largest;
    const S distance = p.distance / largest;
    V local = direction * (radius / (distance + radius));
    local[dimension_v<V> - 1] += distance / (distance + radius);  // local coordinates end with forward
    const V seen = local_space_of(a).globalize_direction(local);  // at most 1 long
    return detail::limit_force(a, seen * static_cast<S>(a.max_force()));
}

/// The bounded turn rate wander of the implementation notes (2D only).
template <vector V>
    requires(dimension_v<V> == 2)
struct wander_turning_params {
    /// The fastest the vehicle turns, radians per second (either way). >= 0; the default 1
    /// allows a full circle in about six seconds.
    scalar_t<V> max_turn_rate = 1;
    /// Root-mean-square random change of the turn rate over one second, radians per second;
    /// a random walk, so frame-rate independent as in `wander`. >= 0; the default 1 can
    /// swing from straight to the sharpest turn in about a second.
    scalar_t<V> turn_rate_change = 1;
};

/// Refuses a negative or non-finite turn rate or turn rate change, as `wander_turning` would.
template <vector V>
    requires(dimension_v<V> == 2)
void validate(const wander_turning_params<V>& p, source_location caller = source_location::current()) {
    constexpr auto where = "steer::wander_turning";
    detail::expect_at_least(where, "max_turn_rate", p.max_turn_rate, 0, caller);
    detail::expect_at_least(where, "turn_rate_change", p.turn_rate_change, 0, caller);
}

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
///         mass × (max_speed − speed) per second along forward, cut to max_force: full
///         effort when that turn and speed-up need max_force or more, zero when driving
///         straight at max_speed. A weak vehicle turns less than asked.
template <agent A, std::uniform_random_bit_generator G>
    requires(dimension_v<agent_vector_t<A>> == 2)
[[nodiscard]] agent_vector_t<A> wander_turning(const A& a, wander_turning_state<agent_vector_t<A>>& s, G& gen,
                                               agent_scalar_t<A> dt,
                                               const wander_turning_params<agent_vector_t<A>>& p = {},
                                               source_location caller = source_location::current()) {
    detail::expect_limits("steer::wander_turning", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    dt = detail::non_negative_or_zero<detail::hot_path::wander_turning_dt>("steer::wander_turning", "dt", dt, caller);
    validate(p, caller);

    // uniform(-1, 1) has variance 1/3: sqrt(3 dt) makes the walk's variance per second 1.
    const S jitter = uniform(gen, S(-1), S(1)) * p.turn_rate_change * std::sqrt(S(3) * dt);
    s.turn_rate = clamp(s.turn_rate + jitter, -p.max_turn_rate, p.max_turn_rate);
    if (!std::isfinite(s.turn_rate)) s.turn_rate = S(0);
    const S current_speed = speed(a);
    const V forward = a.forward();
    const V force = (side(a) * (s.turn_rate * current_speed) + forward * (S(a.max_speed()) - current_speed)) * mass(a);
    return detail::limit_force(a, force);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_WANDER_HPP
