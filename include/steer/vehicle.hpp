#ifndef STEER_VEHICLE_HPP
#define STEER_VEHICLE_HPP

/// @file
/// The simple vehicle model (Reynolds 1999, "A Simple Vehicle Model"): a point mass
/// with a velocity, moved by a steering force limited to `max_force`, its speed limited
/// to `max_speed`, and a local frame kept aligned with its velocity.

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "detail/expect.hpp"
#include "detail/portable_math.hpp"
#include "error.hpp"
#include "facing.hpp"
#include "local_space.hpp"
#include "math.hpp"
#include "vector.hpp"

namespace steer {

namespace detail {

/// The default turn rate limit, infinity: none. A variable, not a call in the default
/// member initializer, which g++ 12 fails to compile in some contexts.
template <class S>
inline constexpr S no_turn_rate_limit = std::numeric_limits<S>::infinity();

}  // namespace detail

/// Everything a vehicle is built from. Units are the caller's (metres and seconds
/// are typical); forces are mass times units per second squared.
template <vector V>
struct vehicle_params {
    V position{};                              ///< where the vehicle starts, world units
    V velocity{};                              ///< truncated to max_speed on construction
    scalar_t<V> mass = 1;                      ///< > 0
    scalar_t<V> radius = scalar_t<V>(0.5);     ///< >= 0; the bounding sphere (circle in 2D)
    scalar_t<V> max_force = 1;                 ///< >= 0; steering forces are truncated to this
    scalar_t<V> max_speed = 1;                 ///< >= 0; velocity is truncated to this
    /// Time constant (seconds) of a low-pass filter on acceleration; 0 = none. The filter is
    /// exponential in `dt`, so 30, 60 and 120 Hz give the same motion.
    scalar_t<V> acceleration_smoothing = 0;
    bool banking = false;                      ///< 3D: roll into turns (the paper's banking)
    /// Banking: the gravity the roll balances against (units per second squared); the lower
    /// it is against the vehicle's turning acceleration, the steeper the bank.
    scalar_t<V> banking_gravity = scalar_t<V>(9.81);
    /// Banking: time constant (seconds) with which up follows its target, damping abrupt rolls.
    scalar_t<V> banking_smoothing = scalar_t<V>(0.25);
    /// Where the vehicle looks, if not where it goes: zero (the default) makes the facing
    /// follow the velocity (it is `forward()`); any other finite vector gives the vehicle a
    /// facing of its own, starting this way, turned only by `turn` and `set_facing`.
    V facing{};
    /// The fastest `turn` turns the facing, radians per second: >= 0, infinity (the default)
    /// for no limit. A turret's traverse, a character's neck.
    scalar_t<V> max_turn_rate = detail::no_turn_rate_limit<scalar_t<V>>;
};

/// A steerable point mass: position, velocity, limits and a velocity-aligned frame.
/// A plain value type: copy it, store it in an ECS component, step it from any thread.
template <vector V>
class vehicle {
    using S = scalar_t<V>;

public:
    using vector_type = V;            ///< the vector type, e.g. glm::vec2
    using scalar_type = scalar_t<V>;  ///< its scalar, float or double

    /// A vehicle at the origin, at rest, with the default parameters.
    vehicle() : vehicle(vehicle_params<V>{}) {}

    /// A vehicle built from `params`; each parameter is validated (STEER_EXPECTS).
    explicit vehicle(const vehicle_params<V>& params, source_location caller = source_location::current())
        : mass_(params.mass),
          radius_(params.radius),
          max_force_(params.max_force),
          max_speed_(params.max_speed),
          smoothing_(params.acceleration_smoothing),
          banking_gravity_(params.banking_gravity),
          banking_smoothing_(params.banking_smoothing),
          max_turn_rate_(params.max_turn_rate),
          banking_(params.banking) {
        constexpr auto where = "steer::vehicle_params";
        detail::expect_finite(where, "position", params.position, caller);
        detail::expect_finite(where, "velocity", params.velocity, caller);
        detail::expect_above(where, "mass", mass_, S(0), caller);
        detail::expect_at_least(where, "radius", radius_, S(0), caller);
        detail::expect_at_least(where, "max_force", max_force_, S(0), caller);
        detail::expect_at_least(where, "max_speed", max_speed_, S(0), caller);
        detail::expect_at_least(where, "acceleration_smoothing", smoothing_, S(0), caller);
        detail::expect_at_least(where, "banking_gravity", banking_gravity_, S(0), caller);
        detail::expect_at_least(where, "banking_smoothing", banking_smoothing_, S(0), caller);
        detail::expect_turn_rate_limit(where, max_turn_rate_, "max_turn_rate", caller);
        detail::expect_finite(where, "facing", params.facing, caller);
        frame_.set_position(params.position);
        assign_velocity(params.velocity);
        own_facing_ = params.facing != V(S(0));
        if (own_facing_) facing_ = safe_normalize(params.facing);
    }

    /// Where the vehicle is, world units.
    [[nodiscard]] const V& position() const noexcept { return frame_.position(); }
    /// The velocity, units per second; never longer than max_speed.
    [[nodiscard]] const V& velocity() const noexcept { return velocity_; }
    /// The length of the velocity.
    [[nodiscard]] scalar_type speed() const noexcept { return speed_; }
    /// Unit heading: the direction of the velocity, or the last one while at rest.
    [[nodiscard]] const V& forward() const noexcept { return frame_.forward(); }
    /// Unit direction the vehicle looks: `forward()` unless it has a facing of its own
    /// (`vehicle_params::facing`, `turn`, `set_facing`).
    [[nodiscard]] const V& facing() const noexcept { return own_facing_ ? facing_ : frame_.forward(); }
    /// Whether the facing is the vehicle's own (true) or follows the velocity (false).
    [[nodiscard]] bool has_own_facing() const noexcept { return own_facing_; }
    /// The fastest `turn` turns the facing, radians per second (infinity: no limit).
    [[nodiscard]] scalar_type max_turn_rate() const noexcept { return max_turn_rate_; }
    /// Unit side vector of the local frame (2D: forward turned +90 degrees).
    [[nodiscard]] const V& side() const noexcept { return frame_.side(); }
    /// Unit up vector of the local frame (3D only; tilted into turns with banking).
    [[nodiscard]] const V& up() const noexcept
        requires(dimension_v<V> == 3)
    {
        return frame_.up();
    }
    /// Mass: force divided by mass is acceleration. > 0.
    [[nodiscard]] scalar_type mass() const noexcept { return mass_; }
    /// Radius of the bounding sphere, world units, used by avoidance and separation tests.
    [[nodiscard]] scalar_type radius() const noexcept { return radius_; }
    /// The longest steering force `apply_force` lets through.
    [[nodiscard]] scalar_type max_force() const noexcept { return max_force_; }
    /// The speed limit, units per second.
    [[nodiscard]] scalar_type max_speed() const noexcept { return max_speed_; }
    /// Time constant of the acceleration filter, seconds; 0 = none.
    [[nodiscard]] scalar_type acceleration_smoothing() const noexcept { return smoothing_; }
    /// Whether the frame rolls into turns (3D).
    [[nodiscard]] bool banking() const noexcept { return banking_; }
    /// The acceleration applied by the last `apply_force` (after smoothing).
    [[nodiscard]] const V& acceleration() const noexcept { return acceleration_; }

    /// Moves the vehicle without changing its velocity or frame. A non-finite position is
    /// refused (hot path: under STEER_HOT_PATH_CLAMP the vehicle stays where it is).
    void set_position(const V& p, source_location caller = source_location::current()) {
        if (!is_finite(p)) [[unlikely]] {
            if (detail::hot_path_fault<detail::hot_path::vehicle_set_position>(
                    refusal(detail::describe_vector("steer::vehicle::set_position", "position", "finite", p),
                            detail::rule("position", "finite"), caller)))
                return;
        }
        frame_.set_position(p);
    }
    /// Sets the velocity, truncated to max_speed; a non-zero velocity re-aligns the frame.
    /// A non-finite velocity is refused (hot path: under STEER_HOT_PATH_CLAMP, zero).
    void set_velocity(const V& v, source_location caller = source_location::current()) {
        assign_velocity(detail::finite_or_zero<detail::hot_path::vehicle_set_velocity>("steer::vehicle::set_velocity",
                                                                                        "velocity", v, caller));
    }
    /// Turns the frame to `f` (any non-zero length); a moving vehicle's velocity turns with it.
    void set_forward(const V& f, source_location caller = source_location::current()) {
        constexpr auto where = "steer::vehicle::set_forward";
        detail::expect_finite(where, "forward", f, caller);
        detail::expect_direction(where, "forward", f, "non-zero", caller);
        frame_.reorient(f, current_up());
        velocity_ = frame_.forward() * speed_;
    }
    /// Gives the vehicle a facing of its own, looking along `f` (any non-zero finite length).
    void set_facing(const V& f, source_location caller = source_location::current()) {
        constexpr auto where = "steer::vehicle::set_facing";
        detail::expect_finite(where, "facing", f, caller);
        detail::expect_direction(where, "facing", f, "non-zero", caller);
        facing_ = safe_normalize(f);
        own_facing_ = true;
    }
    /// Makes the facing follow the velocity again (the default).
    void follow_velocity_with_facing() noexcept { own_facing_ = false; }
    /// Sets the turn rate limit, radians per second: >= 0, infinity for none.
    void set_max_turn_rate(scalar_type r, source_location caller = source_location::current()) {
        detail::expect_turn_rate_limit("steer::vehicle::set_max_turn_rate", r, "max_turn_rate", caller);
        max_turn_rate_ = r;
    }
    /// Turns the facing at `rate` (a `face`, `look_where_you_are_going` or `facing_alignment`
    /// answer; radians per second, see facing.hpp) for `dt` seconds, the rate cut to
    /// max_turn_rate. The turn is an exact rotation, so the same rate turns the same angle
    /// per second at any frame rate. A facing that followed the velocity starts from
    /// `forward()` and is the vehicle's own from now on. A non-finite rate, or a negative or
    /// non-finite `dt`, is refused (hot path: under STEER_HOT_PATH_CLAMP, zero).
    void turn(const turn_rate_t<V>& rate, scalar_type dt, source_location caller = source_location::current()) {
        constexpr auto where = "steer::vehicle::turn";
        dt = detail::non_negative_or_zero<detail::hot_path::vehicle_turn_dt>(where, "dt", dt, caller);
        turn_rate_t<V> checked = rate;
        if constexpr (dimension_v<V> == 2) {
            if (!std::isfinite(rate)) [[unlikely]] {
                if (detail::hot_path_fault<detail::hot_path::vehicle_turn_rate>(
                        refusal(detail::describe(where, "rate", "finite", rate), detail::rule("rate", "finite"), caller)))
                    checked = S(0);
            }
        } else {
            checked = detail::finite_or_zero<detail::hot_path::vehicle_turn_rate>(where, "rate", rate, caller);
        }
        if (!own_facing_) facing_ = frame_.forward();
        own_facing_ = true;
        facing_ = turned<V>(facing_, limit_turn_rate<V>(checked, max_turn_rate_), dt);
    }
    /// Sets the speed, keeping the heading: `s` is cut to [0, max_speed]; at rest the
    /// vehicle starts along `forward()`. Negative or non-finite `s` is refused (hot path:
    /// under STEER_HOT_PATH_CLAMP, zero).
    void set_speed(scalar_type s, source_location caller = source_location::current()) {
        s = detail::non_negative_or_zero<detail::hot_path::vehicle_set_speed>("steer::vehicle::set_speed", "speed", s,
                                                                              caller);
        assign_velocity(frame_.forward() * std::min(s, max_speed_));
    }
    /// Slows down at `rate` (units per second, per second) for `dt` seconds, never past rest
    /// and never turning: the speed drops by `rate * dt` (a brake, not a steering force, so
    /// max_force does not limit it). A negative or non-finite rate or dt is refused (hot
    /// path: under STEER_HOT_PATH_CLAMP, zero: no braking).
    void brake(scalar_type rate, scalar_type dt, source_location caller = source_location::current()) {
        constexpr auto where = "steer::vehicle::brake";
        rate = detail::non_negative_or_zero<detail::hot_path::vehicle_brake_rate>(where, "rate", rate, caller);
        dt = detail::non_negative_or_zero<detail::hot_path::vehicle_brake_dt>(where, "dt", dt, caller);
        const S slower = std::max(speed_ - rate * dt, S(0));
        if (slower == speed_) return;
        velocity_ = speed_ > S(0) ? velocity_ * (slower / speed_) : V(S(0));
        speed_ = safe_length(velocity_);
    }
    /// Sets the mass; > 0 and finite.
    void set_mass(scalar_type m, source_location caller = source_location::current()) {
        detail::expect_above("steer::vehicle::set_mass", "mass", m, S(0), caller);
        mass_ = m;
    }
    /// Sets the radius; >= 0 and finite.
    void set_radius(scalar_type r, source_location caller = source_location::current()) {
        detail::expect_at_least("steer::vehicle::set_radius", "radius", r, S(0), caller);
        radius_ = r;
    }
    /// Sets the force limit; >= 0 and finite.
    void set_max_force(scalar_type f, source_location caller = source_location::current()) {
        detail::expect_at_least("steer::vehicle::set_max_force", "max_force", f, S(0), caller);
        max_force_ = f;
    }
    /// Sets the speed limit; a faster current velocity is truncated to it.
    void set_max_speed(scalar_type s, source_location caller = source_location::current()) {
        detail::expect_at_least("steer::vehicle::set_max_speed", "max_speed", s, S(0), caller);
        max_speed_ = s;
        assign_velocity(velocity_);
    }

    /// One step of the simple vehicle model over `dt` seconds (forward Euler):
    /// force = truncate(steering, max_force); a = force / mass (low-passed when smoothing
    /// is on); velocity = truncate(velocity + a dt, max_speed); position += velocity dt;
    /// the frame re-aligns with a non-zero velocity and is kept at rest. `dt = 0` changes
    /// nothing. A non-finite steering force or a negative or non-finite `dt` is refused (hot
    /// path: under STEER_HOT_PATH_CLAMP, zero: no force, or no step).
    void apply_force(const V& steering, scalar_type dt, source_location caller = source_location::current()) {
        constexpr auto where = "steer::vehicle::apply_force";
        dt = detail::non_negative_or_zero<detail::hot_path::vehicle_apply_force_dt>(where, "dt", dt, caller);
        const V checked =
            detail::finite_or_zero<detail::hot_path::vehicle_apply_force_steering>(where, "steering", steering, caller);
        if (dt == S(0)) return;

        const V force = truncate(checked, max_force_);
        const V raw_acceleration = force / mass_;
        if (smoothing_ > S(0)) {
            // Exponential smoothing: the same time constant at any frame rate.
            const S blend = S(1) - detail::portable_exp(-dt / smoothing_);
            acceleration_ += (raw_acceleration - acceleration_) * blend;
        } else {
            acceleration_ = raw_acceleration;
        }

        velocity_ = truncate(velocity_ + acceleration_ * dt, max_speed_);
        speed_ = safe_length(velocity_);
        frame_.set_position(frame_.position() + velocity_ * dt);
        if (speed_ > S(0)) frame_.reorient(velocity_, approximate_up(dt));
    }

    /// Where the vehicle will be after `t` seconds at its current velocity.
    [[nodiscard]] V predict_future_position(scalar_type t) const noexcept { return position() + velocity_ * t; }

    /// The vehicle's frame, for localize/globalize.
    [[nodiscard]] const steer::local_space<V>& local_space() const noexcept { return frame_; }

private:
    template <vector, class>
    friend struct detail::vehicle_lanes;

    void assign_velocity(const V& v) {
        velocity_ = truncate(v, max_speed_);
        speed_ = safe_length(velocity_);
        if (speed_ > S(0)) frame_.reorient(velocity_, current_up());
    }

    [[nodiscard]] V current_up() const noexcept {
        if constexpr (dimension_v<V> == 3) return frame_.up();
        else return V(S(0));
    }

    /// The approximate up for re-orienting: the old up, or with banking a blend of the old
    /// up toward the direction of lift (turning acceleration plus anti-gravity).
    [[nodiscard]] V approximate_up(S dt) const noexcept {
        if constexpr (dimension_v<V> == 3) {
            const V& old_up = frame_.up();
            if (!banking_) return old_up;
            const V new_forward = safe_normalize(velocity_);
            V turning = perpendicular_component(acceleration_, new_forward);
            // Straight-line acceleration leaves only rounding here: no turn, so no roll from it.
            if (!(max_abs_component(turning) > S(64) * std::numeric_limits<S>::epsilon() * max_abs_component(acceleration_)))
                turning = V(S(0));
            const V lift = safe_normalize(turning + V(0, banking_gravity_, 0));
            if (lift == V(S(0))) return old_up;
            const S blend = banking_smoothing_ > S(0) ? S(1) - detail::portable_exp(-dt / banking_smoothing_) : S(1);
            return old_up + (lift - old_up) * blend;
        } else {
            (void)dt;
            return V(S(0));
        }
    }

    steer::local_space<V> frame_{};
    V velocity_{};
    V acceleration_{};
    S speed_ = 0;
    S mass_;
    S radius_;
    S max_force_;
    S max_speed_;
    S smoothing_;
    S banking_gravity_;
    S banking_smoothing_;
    S max_turn_rate_;
    V facing_{};
    bool own_facing_ = false;
    bool banking_;
};

using vehicle2 = vehicle<glm::vec2>;    ///< a 2D vehicle in float
using vehicle3 = vehicle<glm::vec3>;    ///< a 3D vehicle in float
using vehicle2d = vehicle<glm::dvec2>;  ///< a 2D vehicle in double
using vehicle3d = vehicle<glm::dvec3>;  ///< a 3D vehicle in double

}  // namespace steer

#endif  // STEER_VEHICLE_HPP
