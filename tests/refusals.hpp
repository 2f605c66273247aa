#ifndef STEER_TESTS_REFUSALS_HPP
#define STEER_TESTS_REFUSALS_HPP

// Every configuration the library refuses, with the exact message it refuses it with: one
// case per validated parameter (docs/errors.md lists the same). Shared by two programs:
// steer_tests (tests/steer/errors.cpp) checks them under the default STEER_EXPECTS, which
// throws std::invalid_argument; steer_custom_expects (tests/custom_expects/main.cpp) defines
// its own STEER_EXPECTS before including this header and checks that every failure reaches
// it. Include this header after any STEER_EXPECTS definition: it includes steer.

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <steer/steer.hpp>

namespace steer::test {

/// One refused configuration: `attempt` runs it; `message` is the exact message, or its
/// beginning when `prefix` is set (for messages that print platform-dependent numbers).
struct refusal {
    std::string message;
    std::function<void()> attempt;
    bool prefix = false;
};

/// A game's agent whose radius is whatever it says, even a negative one (a vehicle refuses
/// those when it is built, so only a type of the user's can hand one to a behavior, which
/// refuses it too).
template <steer::vector V>
struct odd_radius_agent {
    steer::scalar_t<V> size;
    V position() const { return V(0); }
    V velocity() const { return V(0); }
    V forward() const { return V(1, 0, 0); }
    steer::scalar_t<V> max_speed() const { return 1; }
    steer::scalar_t<V> max_force() const { return 1; }
    steer::scalar_t<V> radius() const { return size; }
};

/// The checks of per-frame values on the hot path (docs/errors.md, "Hot paths"), as the
/// beginnings of their messages: the refuse policy (the default) refuses them like any
/// configuration; under STEER_HOT_PATH_CLAMP they are replaced and reported instead
/// (tests/hot_path_clamp/main.cpp). Every other refusal is the same under both policies.
inline const std::vector<std::string>& hot_path_checks() {
    static const std::vector<std::string> checks = {
        "steer::vehicle::set_position: position ",    "steer::vehicle::set_velocity: velocity ",
        "steer::vehicle::set_speed: speed ",          "steer::vehicle::turn: dt ",
        "steer::vehicle::turn: rate ",                "steer::vehicle::brake: rate ",
        "steer::vehicle::brake: dt ",                 "steer::vehicle::apply_force: dt ",
        "steer::vehicle::apply_force: steering ",     "steer::apply_forces: dt ",
        "steer::apply_forces: steering[",             "steer::set_velocities: velocities[",
        "steer::wander: dt ",                         "steer::wander_turning: dt ",
        "steer::bin_lattice::insert: position ",      "steer::bin_lattice::move: position ",
        "steer::bin_lattice::try_move_in_place: position ", "steer::bin_lattice::for_each_within: center ",
        "steer::bin_lattice::for_each_within: radius ", "steer::bin_lattice::nearest: center ",
        "steer::bin_lattice::nearest: radius ",       "steer::brute_force::insert: position ",
        "steer::brute_force::move: position ",        "steer::brute_force::try_move_in_place: position ",
        "steer::brute_force::for_each_within: center ", "steer::brute_force::for_each_within: radius ",
        "steer::brute_force::nearest: center ",       "steer::brute_force::nearest: radius ",
        "steer::crowd::step: dt ",                    "steer::crowd::step: think's steering for agent ",
        "steer::flock::step: dt ",                    "steer::flock::step: extra steering for agent ",
        "steer::crowd::for_each_within: center ",     "steer::crowd::for_each_within: radius ",
        "steer::crowd::nearest: center ",             "steer::crowd::nearest: radius ",
    };
    return checks;
}

/// Whether the refusal with this message is a hot-path check (see `hot_path_checks`).
inline bool on_hot_path(const std::string& message) {
    for (const std::string& check : hot_path_checks())
        if (message.rfind(check, 0) == 0) return true;
    return false;
}

inline std::vector<refusal> refusals() {
    using V = glm::vec3;
    using V2 = glm::vec2;
    using S = float;
    const S inf = std::numeric_limits<S>::infinity();
    const V bad(inf, 0, 0);
    static const steer::vehicle<V> ok;  // a valid vehicle for the behaviors' other arguments
    static const std::vector<steer::vehicle<V>> none;
    static const std::vector<steer::sphere<V>> no_spheres;
    static const steer::pathway<V> line({V(0), V(1, 0, 0)}, S(1));
    static const steer::flow_field<V> field({V(0), V(1)}, {1, 1, 1});
    std::vector<refusal> r;
    const auto add = [&r](std::string message, std::function<void()> attempt, bool prefix = false) {
        r.push_back({std::move(message), std::move(attempt), prefix});
    };

    // ---- vehicle.hpp
    add("steer::vehicle_params: position must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>({.position = bad}); });
    add("steer::vehicle_params: velocity must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>({.velocity = bad}); });
    add("steer::vehicle_params: mass must be > 0 and finite (got -1)", [] { steer::vehicle<V>({.mass = -1}); });
    add("steer::vehicle_params: mass must be > 0 and finite (got 0)", [] { steer::vehicle<V>({.mass = 0}); });
    add("steer::vehicle_params: radius must be >= 0 and finite (got -1)", [] { steer::vehicle<V>({.radius = -1}); });
    add("steer::vehicle_params: max_force must be >= 0 and finite (got -1)", [] { steer::vehicle<V>({.max_force = -1}); });
    add("steer::vehicle_params: max_speed must be >= 0 and finite (got inf)", [=] { steer::vehicle<V>({.max_speed = inf}); });
    add("steer::vehicle_params: acceleration_smoothing must be >= 0 and finite (got -1)",
        [] { steer::vehicle<V>({.acceleration_smoothing = -1}); });
    add("steer::vehicle_params: banking_gravity must be >= 0 and finite (got -1)",
        [] { steer::vehicle<V>({.banking_gravity = -1}); });
    add("steer::vehicle_params: banking_smoothing must be >= 0 and finite (got -1)",
        [] { steer::vehicle<V>({.banking_smoothing = -1}); });
    add("steer::vehicle::set_position: position must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>().set_position(bad); });
    add("steer::vehicle::set_velocity: velocity must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>().set_velocity(bad); });
    add("steer::vehicle::set_forward: forward must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>().set_forward(bad); });
    add("steer::vehicle::set_forward: forward must be non-zero (got (0, 0, 0))", [] { steer::vehicle<V>().set_forward(V(0)); });
    add("steer::vehicle::set_forward: forward must be long enough to normalize (a component of at least "
        "1.17549435e-38 in magnitude) (got (1.00000022e-39, 0, 0))",
        [] { steer::vehicle<V>().set_forward(V(1e-39f, 0, 0)); });
    add("steer::vehicle::set_mass: mass must be > 0 and finite (got 0)", [] { steer::vehicle<V>().set_mass(0); });
    add("steer::vehicle::set_radius: radius must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().set_radius(-1); });
    add("steer::vehicle::set_max_force: max_force must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().set_max_force(-1); });
    add("steer::vehicle::set_max_speed: max_speed must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().set_max_speed(-1); });
    add("steer::vehicle::apply_force: dt must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().apply_force(V(0), -1); });
    add("steer::vehicle::apply_force: steering must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>().apply_force(bad, 1); });
    add("steer::vehicle_params: max_turn_rate must be >= 0 (infinity for no limit) (got -1)",
        [] { steer::vehicle<V>({.max_turn_rate = -1}); });
    add("steer::vehicle_params: facing must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>({.facing = bad}); });
    add("steer::vehicle::set_facing: facing must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>().set_facing(bad); });
    add("steer::vehicle::set_facing: facing must be non-zero (got (0, 0, 0))", [] { steer::vehicle<V>().set_facing(V(0)); });
    add("steer::vehicle::set_facing: facing must be long enough to normalize (a component of at least "
        "1.17549435e-38 in magnitude) (got (0, 0, -9.9999461e-41))",
        [] { steer::vehicle<V>().set_facing(V(0, 0, -1e-40f)); });
    add("steer::vehicle::set_max_turn_rate: max_turn_rate must be >= 0 (infinity for no limit) (got -1)",
        [] { steer::vehicle<V>().set_max_turn_rate(-1); });
    add("steer::vehicle::turn: dt must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().turn(V(0), -1); });
    add("steer::vehicle::turn: rate must be finite (got (inf, 0, 0))", [=] { steer::vehicle<V>().turn(bad, 1); });
    add("steer::vehicle::turn: rate must be finite (got inf)", [=] { steer::vehicle<V2>().turn(inf, 1); });
    add("steer::vehicle::set_speed: speed must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().set_speed(-1); });
    add("steer::vehicle::brake: rate must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().brake(-1, 1); });
    add("steer::vehicle::brake: dt must be >= 0 and finite (got -1)", [] { steer::vehicle<V>().brake(1, -1); });

    // ---- steering_utilities.hpp
    add("steer::limit_deviation: max_angle must be in [0, pi] (got -1)",
        [] { (void)steer::limit_deviation(V(1), V(1, 0, 0), S(-1)); });
    add("steer::limit_deviation: max_angle must be in [0, pi] (got 4)",
        [] { (void)steer::limit_deviation(V(1), V(1, 0, 0), S(4)); });
    add("steer::low_speed_turning: speed_fraction must be in (0, 1] (got 0)",
        [] { (void)steer::low_speed_turning(ok, V(1), {.speed_fraction = 0}); });
    add("steer::is_ahead: cos_threshold must be in [-1, 1] (got 2)", [] { (void)steer::is_ahead(ok, V(1), S(2)); });
    add("steer::is_aside: cos_threshold must be in [-1, 1] (got -2)", [] { (void)steer::is_aside(ok, V(1), S(-2)); });
    add("steer::is_behind: cos_threshold must be in [-1, 1] (got 2)", [] { (void)steer::is_behind(ok, V(1), S(2)); });

    // ---- schedule.hpp
    add("steer::think_schedule: period must be >= 1 (got 0)", [] { steer::think_schedule(0); });

    // ---- behaviors/
    add("steer::pursuit: max_prediction_time must be >= 0 and finite (got -1)", [] { (void)steer::pursuit(ok, ok, {.max_prediction_time = S(-1)}); });
    add("steer::evasion: max_prediction_time must be >= 0 and finite (got inf)", [=] { (void)steer::evasion(ok, ok, {.max_prediction_time = inf}); });
    add("steer::offset_pursuit: offset must be >= 0 and finite (got -1)", [] { (void)steer::offset_pursuit(ok, ok, {.offset = S(-1), .max_prediction_time = S(1)}); });
    add("steer::offset_pursuit: max_prediction_time must be >= 0 and finite (got -1)",
        [] { (void)steer::offset_pursuit(ok, ok, {.offset = S(1), .max_prediction_time = S(-1)}); });
    add("steer::arrival: slowing_distance must be >= 0 and finite (got -1)", [] { (void)steer::arrival(ok, V(1), {.slowing_distance = S(-1)}); });
    add("steer::interpose: slowing_distance must be >= 0 and finite (got -1)", [] { (void)steer::interpose(ok, ok, ok, {.slowing_distance = S(-1)}); });
    add("steer::shadow: stand_off must be >= 0 and finite (got -1)", [] { (void)steer::shadow(ok, ok, {.stand_off = S(-1), .slowing_distance = S(1)}); });
    add("steer::shadow: slowing_distance must be >= 0 and finite (got -1)", [] { (void)steer::shadow(ok, ok, {.stand_off = S(1), .slowing_distance = S(-1)}); });
    add("steer::docking: slowing_distance must be >= 0 and finite (got -1)", [] { (void)steer::docking(ok, V(1), V(1), {.slowing_distance = S(-1)}); });
    add("steer::patrol: slowing_distance must be >= 0 and finite (got -1)", [] {
        steer::patrol_state s;
        (void)steer::patrol(ok, std::vector<V>{V(1)}, s, {.slowing_distance = -1});
    });
    add("steer::patrol: reach_radius must be >= 0 and finite (got -1)", [] {
        steer::patrol_state s;
        (void)steer::patrol(ok, std::vector<V>{V(1)}, s, {.reach_radius = -1});
    });
    add("steer::face: settle_time must be > 0 and finite (got 0)", [] { (void)steer::face(ok, V(1), {.settle_time = 0}); });
    add("steer::look_where_you_are_going: settle_time must be > 0 and finite (got -1)",
        [] { (void)steer::look_where_you_are_going(ok, {.settle_time = -1}); });
    add("steer::facing_alignment: settle_time must be > 0 and finite (got inf)",
        [=] { (void)steer::facing_alignment(ok, ok, {.settle_time = inf}); });
    add("steer::wander: dt must be >= 0 and finite (got -1)", [] {
        steer::rng gen;
        steer::wander_state<V> s;
        (void)steer::wander(ok, s, gen, S(-1));
    });
    add("steer::wander: radius must be >= 0 and finite (got -1)", [] {
        steer::rng gen;
        steer::wander_state<V> s;
        (void)steer::wander(ok, s, gen, S(1), {.radius = -1});
    });
    add("steer::wander: distance must be >= 0 and finite (got -1)", [] {
        steer::rng gen;
        steer::wander_state<V> s;
        (void)steer::wander(ok, s, gen, S(1), {.distance = -1});
    });
    add("steer::wander: rate must be >= 0 and finite (got -1)", [] {
        steer::rng gen;
        steer::wander_state<V> s;
        (void)steer::wander(ok, s, gen, S(1), {.rate = -1});
    });
    add("steer::wander_turning: dt must be >= 0 and finite (got -1)", [] {
        steer::rng gen;
        steer::wander_turning_state<V2> s;
        (void)steer::wander_turning(steer::vehicle<V2>(), s, gen, S(-1));
    });
    add("steer::wander_turning: max_turn_rate must be >= 0 and finite (got -1)", [] {
        steer::rng gen;
        steer::wander_turning_state<V2> s;
        (void)steer::wander_turning(steer::vehicle<V2>(), s, gen, S(1), {.max_turn_rate = -1});
    });
    add("steer::wander_turning: turn_rate_change must be >= 0 and finite (got -1)", [] {
        steer::rng gen;
        steer::wander_turning_state<V2> s;
        (void)steer::wander_turning(steer::vehicle<V2>(), s, gen, S(1), {.turn_rate_change = -1});
    });
    add("steer::obstacle_avoidance: min_time_to_collision must be >= 0 and finite (got -1)",
        [] { (void)steer::obstacle_avoidance(ok, no_spheres, {.min_time_to_collision = -1}); });
    add("steer::obstacle_avoidance: clearance must be >= 0 and finite (got -1)",
        [] { (void)steer::obstacle_avoidance(ok, no_spheres, {.clearance = -1}); });
    add("steer::obstacle_avoidance: clearance must be >= 0 and finite (got nan)",
        [] { steer::validate(steer::obstacle_avoidance_params<V>{.clearance = std::numeric_limits<S>::quiet_NaN()}); });
    add("steer::containment: prediction_time must be >= 0 and finite (got -1)",
        [] { (void)steer::containment(ok, steer::sphere<V>{V(0), 1}, {.prediction_time = -1}); });
    add("steer::path_following: direction must be +1, -1 or 0 (got 2)",
        [] { (void)steer::path_following(ok, line, {.direction = 2}); });
    add("steer::path_following: direction must be +1, -1 or 0 (got -2)",
        [] { steer::validate(steer::path_following_params<V>{.direction = -2}); });
    add("steer::path_following: prediction_time must be >= 0 and finite (got -1)",
        [] { (void)steer::path_following(ok, line, {.prediction_time = -1}); });
    add("steer::path_following: prediction_time must be >= 0 and finite (got -1)",
        [] { (void)steer::path_following(ok, line, {.direction = 0, .prediction_time = -1}); });
    add("steer::wall_following: offset must be >= 0 and finite (got -1)",
        [] { (void)steer::wall_following(ok, line, {.offset = -1}); });
    add("steer::wall_following: prediction_time must be >= 0 and finite (got -1)",
        [] { (void)steer::wall_following(ok, line, {.prediction_time = -1}); });
    add("steer::flow_field_following: prediction_time must be >= 0 and finite (got -1)",
        [] { (void)steer::flow_field_following(ok, field, {.prediction_time = -1}); });
    add("steer::hide: margin must be >= 0 and finite (got -1)", [] { (void)steer::hide(ok, ok, no_spheres, {.margin = -1}); });
    add("steer::hide: slowing_distance must be >= 0 and finite (got -1)",
        [] { (void)steer::hide(ok, V(1), no_spheres, {.slowing_distance = -1}); });
    add("steer::hide: margin must be >= 0 and finite (got inf)",
        [=] { steer::validate(steer::hide_params<V>{.margin = inf}); });
    add("steer::neighborhood: max_distance must be >= 0 and finite (got -1)",
        [] { (void)steer::separation(ok, none, steer::neighborhood<V>{.max_distance = -1}); });
    add("steer::neighborhood: max_angle must be >= 0 and finite (got -1)",
        [] { (void)steer::cohesion(ok, none, steer::neighborhood<V>{.max_angle = -1}); });
    add("steer::neighborhood: max_distance must be >= 0 and finite (got inf)",
        [=] { (void)steer::alignment(ok, none, steer::neighborhood<V>{.max_distance = inf}); });
    add("steer::neighborhood: max_angle must be >= 0 and finite (got -1)",
        [] { (void)steer::in_neighborhood(ok, ok, steer::neighborhood<V>{.max_angle = -1}); });
    add("steer::neighborhood: max_distance must be >= 0 and finite (got -1)",
        [] { (void)steer::neighborhood_center(ok, none, steer::neighborhood<V>{.max_distance = -1}); });
    add("steer::neighborhood: max_distance must be >= 0 and finite (got -1)",
        [] { (void)steer::flocking(ok, none, steer::flocking_params<V>{.cohesion = {.max_distance = -1}}); });
    add("steer::flocking: separation_weight must be finite (got inf)",
        [=] { (void)steer::flocking(ok, none, steer::flocking_params<V>{.separation_weight = inf}); });
    add("steer::flocking: alignment_weight must be finite (got inf)",
        [=] { (void)steer::flocking(ok, none, steer::flocking_params<V>{.alignment_weight = inf}); });
    add("steer::flocking: cohesion_weight must be finite (got -inf)",
        [=] { (void)steer::flocking(ok, none, steer::flocking_params<V>{.cohesion_weight = -inf}); });
    add("steer::flocking: separation_weight must be finite (got nan)", [] {
        steer::validate(steer::flocking_params<V>{.separation_weight = std::numeric_limits<S>::quiet_NaN()});
    });
    add("steer::separation: personal_space must be > 0 and finite (got 0)", [] {
        (void)steer::separation(ok, none, steer::neighborhood<V>{}, {.bodies = true, .personal_space = 0});
    });
    add("steer::separation: personal_space must be > 0 and finite (got -1)",
        [] { (void)steer::separation(ok, none, steer::neighborhood<V>{}, {.personal_space = -1}); });
    add("steer::separation: personal_space must be > 0 and finite (got nan)", [] {
        steer::validate(steer::separation_params<V>{.personal_space = std::numeric_limits<S>::quiet_NaN()});
    });
    add("steer::separation: personal_space must be > 0 and finite (got inf)", [=] {
        (void)steer::flocking(ok, none, steer::flocking_params<V>{.separation_spacing = {.personal_space = inf}});
    });
    add("steer::separation: personal_space must be > 0 and finite (got 0)", [] {
        steer::flock<V> f;
        f.add(steer::vehicle_params<V>{});
        f.step(S(0.1), steer::flocking_params<V>{.separation_spacing = {.bodies = true, .personal_space = 0}});
    });
    add("steer::unaligned_collision_avoidance: min_time_to_collision must be >= 0 and finite (got -1)",
        [] { (void)steer::unaligned_collision_avoidance(ok, none, {.min_time_to_collision = -1}); });
    add("steer::unaligned_collision_avoidance: clearance must be >= 0 and finite (got -1)",
        [] { (void)steer::unaligned_collision_avoidance(ok, none, {.clearance = -1}); });
    using reciprocal = steer::reciprocal_avoidance_params<V>;
    const S step = S(1) / S(60);
    add("steer::reciprocal_avoidance: time_horizon must be > 0 and finite (got -1)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), step, reciprocal{.time_horizon = -1}); });
    add("steer::reciprocal_avoidance: min_time_horizon must be > 0 and finite (got 0)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), step, reciprocal{.min_time_horizon = 0}); });
    add("steer::reciprocal_avoidance: min_time_horizon must be <= time_horizon (2) (got 3)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), step, reciprocal{.time_horizon = 2, .min_time_horizon = 3}); });
    add("steer::reciprocal_avoidance: obstacle_time_horizon must be > 0 and finite (got -1)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, no_spheres, V(0), step, reciprocal{.obstacle_time_horizon = -1}); });
    add("steer::reciprocal_avoidance: clearance must be >= 0 and finite (got -1)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), step, reciprocal{.clearance = -1}); });
    add("steer::reciprocal_avoidance: max_neighbors must be in [1, 64] (got 0)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), step, reciprocal{.max_neighbors = 0}); });
    add("steer::reciprocal_avoidance: detour_angle must be in [0, 3.14159",
        [=] { steer::validate(reciprocal{.detour_angle = 4}); }, true);
    add("steer::reciprocal_avoidance: neighbor_distance must be > 0 (infinity for no limit) (got 0)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), step, reciprocal{.neighbor_distance = 0}); });
    add("steer::reciprocal_avoidance: time_headway must be >= 0 and finite (got -1)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), step, reciprocal{.time_headway = -1}); });
    add("steer::reciprocal_avoidance: preferred_velocity must be finite (got (inf, 0, 0))",
        [=] { (void)steer::reciprocal_avoidance(ok, none, bad, step); });
    add("steer::reciprocal_avoidance: dt must be > 0 and finite (got 0)",
        [=] { (void)steer::reciprocal_avoidance(ok, none, V(0), S(0)); });
    add("steer::reciprocal_avoidance: radius must be > 0 and finite (got 0)",
        [=] { (void)steer::collision_free_velocity(steer::vehicle<V>({.radius = 0}), none, V(0), step); });
    add("steer::reciprocal_avoidance: radius must be > 0 and finite (got -1)", [=] {
        std::vector<steer::test::odd_radius_agent<V>> odd{{S(-1)}};
        (void)steer::reciprocal_avoidance(odd[0], none, V(0), step);
    });
    add("steer::reciprocal_avoidance: neighbor radius must be > 0 and finite (got 0)", [=] {
        const std::vector<steer::vehicle<V>> dots{steer::vehicle<V>({.position = V(1, 0, 0), .radius = 0})};
        (void)steer::reciprocal_avoidance(ok, dots, V(0), step);
    });
    add("steer::obstacle_avoidance: a.radius() must be >= 0 and finite (got -1)", [] {
        const steer::test::odd_radius_agent<V> odd{S(-1)};
        (void)steer::obstacle_avoidance(odd, std::vector<steer::sphere<V>>{{V(2, 0, 0), 1}});
    });
    add("steer::separation: a.radius() must be >= 0 and finite (got -1)", [] {
        const steer::test::odd_radius_agent<V> odd{S(-1)};
        (void)steer::separation(odd, none, steer::neighborhood<V>{});
    });
    add("steer::seek: a.radius() must be >= 0 and finite (got nan)", [] {
        const steer::test::odd_radius_agent<V> odd{std::numeric_limits<S>::quiet_NaN()};
        (void)steer::seek(odd, V(1));
    });
    using leader = steer::leader_following_params<V>;
    add("steer::leader_following: behind_distance must be >= 0 and finite (got -1)",
        [] { (void)steer::leader_following(ok, ok, none, leader{.behind_distance = -1}); });
    add("steer::leader_following: slowing_distance must be >= 0 and finite (got -1)",
        [] { (void)steer::leader_following(ok, ok, none, leader{.slowing_distance = -1}); });
    add("steer::leader_following: lane_length must be >= 0 and finite (got -1)",
        [] { (void)steer::leader_following(ok, ok, none, leader{.lane_length = -1}); });
    add("steer::leader_following: lane_width must be >= 0 and finite (got -1)",
        [] { (void)steer::leader_following(ok, ok, none, leader{.lane_width = -1}); });
    add("steer::leader_following: behind_time must be >= 0 and finite (got -1)",
        [] { (void)steer::leader_following(ok, ok, none, leader{.behind_time = -1}); });
    add("steer::leader_following: separation_weight must be finite (got inf)",
        [=] { (void)steer::leader_following(ok, ok, none, leader{.separation_weight = inf}); });
    add("steer::neighborhood: max_angle must be >= 0 and finite (got -1)",
        [] { (void)steer::leader_following(ok, ok, none, leader{.separation = {.max_angle = -1}}); });

    // ---- world/
    add("steer::sphere: center must be finite (got (inf, 0, 0))", [=] { steer::validate(steer::sphere<V>{bad, 1}); });
    add("steer::sphere: radius must be >= 0 and finite (got -1)", [] { steer::validate(steer::sphere<V>{V(0), -1}); });
    add("steer::box: min must be finite (got (inf, 0, 0))", [=] { steer::validate(steer::box<V>{bad, V(1)}); });
    add("steer::box: max must be finite (got (inf, 0, 0))", [=] { steer::validate(steer::box<V>{V(0), bad}); });
    add("steer::box: min must be <= max on every axis (got min (0, 2, 0), max (1, 1, 1))",
        [] { steer::validate(steer::box<V>{V(0, 2, 0), V(1)}); });
    add("steer::box: size must be non-zero (got min and max both (1, 1, 1))",
        [] { (void)steer::obstacle_avoidance(ok, steer::box<V>{V(1), V(1)}); });
    add("steer::oriented_box: half_extents must be > 0 on every axis (got (1, 0, 1))",
        [] { steer::validate(steer::oriented_box<V>{V(0), V(1, 0, 1), {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}}); });
    add("steer::oriented_box: axes must be orthonormal (got (2, 0, 0))",
        [] { steer::validate(steer::oriented_box<V>{V(0), V(1), {V(2, 0, 0), V(0, 1, 0), V(0, 0, 1)}}); });
    add("steer::plane: normal must be non-zero (got (0, 0, 0))",
        [] { (void)steer::obstacle_avoidance(ok, steer::plane<V>{V(0), 1}); });
    add("steer::plane: normal must be long enough to normalize (a component of at least 1.17549435e-38 in "
        "magnitude) (got (0, 9.99999935e-39, 0))",
        [] { steer::validate(steer::plane<V>{V(0, 1e-38f, 0), 0}); });
    add("steer::plane: offset must be finite (got inf)", [=] { steer::validate(steer::plane<V>{V(0, 1, 0), inf}); });
    add("steer::plane: offset / |normal| (its distance from the origin) must be finite (got inf)",
        [] { (void)steer::obstacle_avoidance(ok, steer::plane<V>{V(0, 2e-38f, 0), 100}); });
    add("steer::segment: b must be distinct from a (got (1, 1, 1))",
        [] { steer::validate(steer::segment<V>{V(1), V(1)}); });
    add("steer::polygon: points must have at least 3 distinct points (got 2)",
        [] { steer::polygon<V2>({V2(0), V2(1), V2(1)}); });
    add("steer::polygon: points must enclose an area (got all on one line)",
        [] { steer::polygon<V2>({V2(0), V2(1), V2(2)}); });
    add("steer::polygon: points must not cross themselves (got edge 0 meeting edge 2)",
        [] { steer::polygon<V2>({V2(0, 0), V2(2, 2), V2(2, 0), V2(0, 2)}); });  // a bow tie: no area either
    add("steer::polygon: points must not cross themselves (got edge 1 meeting edge 3)",
        [] { steer::polygon<V2>({V2(0, 0), V2(4, 0), V2(0, 3), V2(3, 4)}); });
    add("steer::ray_cast_obstacles: hit distance must be >= 0 and finite (got -1)", [] {
        (void)steer::obstacle_avoidance(ok, steer::ray_cast_obstacles([](const V& o, const V&, S) {
            return std::optional<steer::ray_hit<V>>(steer::ray_hit<V>{-1, o, V(0, 1, 0)});
        }));
    });
    add("steer::ray_cast_obstacles: hit normal must be non-zero and finite (got (0, 0, 0))", [] {
        (void)steer::obstacle_avoidance(ok, steer::ray_cast_obstacles([](const V& o, const V&, S) {
            return std::optional<steer::ray_hit<V>>(steer::ray_hit<V>{1, o, V(0)});
        }));
    });
    add("steer::ray_cast_obstacles: hit normal must be long enough to normalize (a component of at least "
        "1.17549435e-38 in magnitude) (got (0, 9.9999461e-41, 0))",
        [] {
            (void)steer::obstacle_avoidance(ok, steer::ray_cast_obstacles([](const V& o, const V&, S) {
                return std::optional<steer::ray_hit<V>>(steer::ray_hit<V>{1, o, V(0, 1e-40f, 0)});
            }));
        });
    add("steer::avatar_neighborhood: radius must be >= 0 and finite (got -1)",
        [] { steer::validate(steer::avatar_neighborhood<V>{.radius = -1}); });
    add("steer::avatar_neighborhood: velocity_weight must be >= 0 and finite (got -1)",
        [] { steer::validate(steer::avatar_neighborhood<V>{.velocity_weight = -1}); });
    add("steer::pathway: radius must be >= 0 and finite (got -1)", [] { steer::pathway<V>({V(0), V(1)}, S(-1)); });
    add("steer::pathway: points[1] must be finite (got (inf, 0, 0))", [=] { steer::pathway<V>({V(0), bad}, S(1)); });
    add("steer::pathway: points must hold at least 2 distinct points (got 1 distinct of 3)",
        [] { steer::pathway<V>({V(1), V(1), V(1)}, S(1)); });
    add("steer::pathway: points must hold at least 2 distinct points (got 0 distinct of 0)",
        [] { steer::pathway<V>(std::vector<V>{}, S(1)); });
    add("steer::pathway: points[1] and points[0] must be less than the largest finite number apart on each axis "
        "(got (3.00000001e+38, 0, 0) and (-3.00000001e+38, 0, 0): their distance overflows)",
        [] { steer::pathway<V>({V(-3e38f, 0, 0), V(3e38f, 0, 0)}, S(1)); });
    add("steer::pathway: length (the sum of the segments' lengths) must be finite (got inf)",
        [] { steer::pathway<V>({V(0), V(2e38f, 0, 0), V(0)}, S(1)); });
    add("steer::pathway: radii.size() must be equal to points.size() (2) (got 1)",
        [] { steer::pathway<V>({V(0), V(1)}, std::vector<S>{1}); });
    add("steer::pathway: radii[1] must be >= 0 and finite (got -1)",
        [] { steer::pathway<V>({V(0), V(1)}, std::vector<S>{1, -1}); });
    add("steer::box: min must be <= max on every axis (got min (1, 0, 0), max (0, 1, 1))",
        [] { steer::flow_field<V>({V(1, 0, 0), V(0, 1, 1)}, {1, 1, 1}); });
    add("steer::flow_field: cells.y must be >= 1 (got 0)", [] { steer::flow_field<V>({V(0), V(1)}, {1, 0, 1}); });
    add("steer::flow_field: cells must multiply to at most 89478485 cells (got (100000, 100000, 10))",
        [] { steer::flow_field<V>({V(0), V(1)}, {100000, 100000, 10}); });
    add("steer::flow_field: cells must multiply to at most 89478485 cells (got (",
        [] { steer::flow_field<V>({V(0), V(1)}, {2147483647, 2147483647, 2147483647}); }, true);
    add("steer::flow_field: init(cell center) must be finite (got (inf, 0, 0))",
        [=] { steer::flow_field<V>({V(0), V(1)}, {1, 1, 1}, [=](const V&) { return bad; }); });
    add("steer::flow_field::at: cell must be within [0, cells) (got (1, 0, 0), cells (1, 1, 1))",
        [] { (void)field.at({1, 0, 0}); });

    // ---- world/navigation_grid.hpp
    using grid = steer::navigation_grid<V>;
    static const std::vector<steer::sphere<V>> ball{{V(5), 1}};
    static const grid nav({V(0), V(10)}, 1, ball, {.clearance = 0.5f});
    add("steer::box: min must be finite (got (inf, 0, 0))", [=] { grid({bad, V(1)}, 1, ball); });
    add("steer::navigation_grid: bounds must have a size on every axis (got min (0, 0, 0), max (1, 0, 1))",
        [] { grid({V(0), V(1, 0, 1)}, 1, ball); });
    add("steer::navigation_grid: cell_size must be > 0 and finite (got 0)", [] { grid({V(0), V(1)}, 0, ball); });
    add("steer::navigation_grid: cell_size must be > 0 and finite (got nan)",
        [] { grid({V(0), V(1)}, std::numeric_limits<S>::quiet_NaN(), ball); });
    add("steer::navigation_grid: bounds and cell_size must make at most 89478485 cells with the border (got ",
        [] { grid({V(0), V(1000)}, S(0.1), ball); }, true);
    add("steer::navigation_grid: clearance must be >= 0 and finite (got -1)",
        [] { grid({V(0), V(1)}, 1, ball, {.clearance = -1}); });
    add("steer::navigation_grid: snap_distance must be >= 0 (infinity for any distance) (got nan)",
        [] { grid({V(0), V(1)}, 1, ball, {.snap_distance = std::numeric_limits<S>::quiet_NaN()}); });
    add("steer::navigation_grid: the distance query at p must be a number, not NaN (got (0.5, 0.5, 0.5))",
        [] { grid({V(0), V(1)}, 1, [](const V&) { return std::numeric_limits<S>::quiet_NaN(); }); });
    add("steer::navigation_grid::find_path: from must be finite (got (inf, 0, 0))", [=] { (void)nav.find_path(bad, V(1), 0); });
    add("steer::navigation_grid::find_path: to must be finite (got (inf, 0, 0))", [=] { (void)nav.find_path(V(1), bad, 0); });
    add("steer::navigation_grid::find_path: path_radius must be >= 0 and finite (got -1)",
        [] { (void)nav.find_path(V(1), V(2), -1); });
    add("steer::navigation_grid::route: from must be finite (got (inf, 0, 0))", [=] {
        std::vector<V> points;
        (void)nav.route(bad, V(1), points);
    });
    add("steer::navigation_grid::field_toward: goal must be finite (got (inf, 0, 0))", [=] { (void)nav.field_toward(bad); });
    add("steer::navigation_grid::nearest_free: p must be finite (got (inf, 0, 0))", [=] { (void)nav.nearest_free(bad); });
    add("steer::navigation_grid: cell must be within [0, cells) (got (10, 0, 0), cells (10, 10, 10))",
        [] { (void)nav.walkable({10, 0, 0}); });
    add("steer::box: min must be <= max on every axis (got min (1, 1, 1), max (0, 0, 0))", [] {
        grid g({V(0), V(10)}, 1, ball);
        g.update({V(1), V(0)}, ball);
    });

    // ---- proximity/
    using lattice = steer::bin_lattice<V, int>;
    using brute = steer::brute_force<V, int>;
    add("steer::box: min must be <= max on every axis (got min (1, 1, 1), max (0, 0, 0))", [] { lattice({V(1), V(0)}, {1, 1, 1}); });
    add("steer::bin_lattice: divisions must be >= 1 on every axis (got (1, 0, 1))", [] { lattice({V(0), V(1)}, {1, 0, 1}); });
    add("steer::bin_lattice: divisions must multiply to at most 11184809 bins (got (65536, 65536, 1))",
        [] { lattice({V(0), V(1)}, {65536, 65536, 1}); });
    add("steer::bin_lattice: divisions must multiply to at most 11184809 bins (got (46340, 46340, 1))",
        [] { lattice({V(0), V(1)}, {46340, 46340, 1}); });
    add("steer::bin_lattice::reserve: n must be at most 89478485 (got 4000000000)",
        [] { lattice({V(0), V(1)}, {1, 1, 1}).reserve(4000000000u); });
    add("steer::brute_force::reserve: n must be at most 33554432 (got 4000000000)",
        [] { brute().reserve(4000000000u); });
    add("steer::bin_lattice::insert: position must be finite (got (inf, 0, 0))", [=] { lattice({V(0), V(1)}, {1, 1, 1}).insert(0, bad); });
    add("steer::bin_lattice::move: position must be finite (got (inf, 0, 0))", [=] {
        lattice db({V(0), V(1)}, {1, 1, 1});
        db.move(db.insert(0, V(0)), bad);
    });
    add("steer::bin_lattice::move: handle must name a live entry (got a default-constructed handle, or one whose "
        "entry was erased or cleared)",
        [] { lattice({V(0), V(1)}, {1, 1, 1}).move({}, V(0)); });
    add("steer::bin_lattice::erase: handle must name a live entry (got a default-constructed handle, or one whose "
        "entry was erased or cleared)",
        [] {
            lattice db({V(0), V(1)}, {1, 1, 1});
            const auto h = db.insert(0, V(0));
            db.erase(h);
            db.erase(h);
        });
    add("steer::bin_lattice::position: handle must name a live entry (got a default-constructed handle, or one "
        "whose entry was erased or cleared)",
        [] {
            lattice db({V(0), V(1)}, {1, 1, 1});
            const auto h = db.insert(0, V(0));
            db.clear();
            (void)db.position(h);
        });
    add("steer::bin_lattice::payload: handle must name a live entry (got a default-constructed handle, or one "
        "whose entry was erased or cleared)",
        [] {
            const lattice db({V(0), V(1)}, {1, 1, 1});
            (void)db.payload({});
        });
    add("steer::bin_lattice::for_each_within: radius must be >= 0 and finite (got -1)",
        [] { lattice({V(0), V(1)}, {1, 1, 1}).for_each_within(V(0), S(-1), [](int, S) {}); });
    add("steer::bin_lattice::for_each_within: center must be finite (got (inf, 0, 0))",
        [=] { lattice({V(0), V(1)}, {1, 1, 1}).for_each_within(bad, S(1), [](int, S) {}); });
    add("steer::bin_lattice::nearest: radius must be >= 0 and finite (got inf)",
        [=] { (void)lattice({V(0), V(1)}, {1, 1, 1}).nearest(V(0), inf); });
    add("steer::brute_force::insert: position must be finite (got (inf, 0, 0))", [=] { brute().insert(0, bad); });
    add("steer::brute_force::move: position must be finite (got (inf, 0, 0))", [=] {
        brute db;
        db.move(db.insert(0, V(0)), bad);
    });
    add("steer::brute_force::erase: handle must name a live entry (got a default-constructed handle, or one whose "
        "entry was erased or cleared)",
        [] { brute().erase({}); });
    add("steer::brute_force::for_each_within: radius must be >= 0 and finite (got -1)",
        [] { brute().for_each_within(V(0), S(-1), [](int, S) {}); });
    add("steer::brute_force::nearest: center must be finite (got (inf, 0, 0))", [=] { (void)brute().nearest(bad, S(1)); });
    add("steer::brute_force::nearest: radius must be >= 0 and finite (got nan)",
        [] { (void)brute().nearest(V(0), std::numeric_limits<S>::quiet_NaN()); });
    add("steer::brute_force::try_move_in_place: position must be finite (got (inf, 0, 0))", [=] {
        brute db;
        (void)db.try_move_in_place(db.insert(0, V(0)), bad);
    });
    add("steer::bin_lattice::try_move_in_place: position must be finite (got (inf, 0, 0))", [=] {
        lattice db({V(0), V(1)}, {1, 1, 1});
        (void)db.try_move_in_place(db.insert(0, V(0)), bad);
    });
    add("steer::bin_lattice::nearest: center must be finite (got (inf, 0, 0))",
        [=] { (void)lattice({V(0), V(1)}, {1, 1, 1}).nearest(bad, S(1)); });
    add("steer::brute_force::for_each_within: center must be finite (got (inf, 0, 0))",
        [=] { brute().for_each_within(bad, S(1), [](int, S) {}); });

    // ---- apply_forces.hpp
    add("steer::apply_forces: dt must be >= 0 and finite (got -1)", [] {
        std::vector<steer::vehicle<V>> crowd(2);
        steer::apply_forces(crowd, std::vector<V>(2, V(0)), S(-1));
    });
    add("steer::apply_forces: steering[1] must be finite (got (inf, 0, 0))", [=] {
        std::vector<steer::vehicle<V>> crowd(2);
        steer::apply_forces(crowd, std::vector<V>{V(0), bad}, S(1));
    });
    add("steer::apply_forces: steering must have one force per vehicle (got 1 forces for 2 vehicles)", [] {
        std::vector<steer::vehicle<V>> crowd(2);
        steer::apply_forces(crowd, std::vector<V>(1, V(0)), S(1));
    });
    add("steer::set_velocities: velocities[0] must be finite (got (inf, 0, 0))", [=] {
        std::vector<steer::vehicle<V>> crowd(2);
        steer::set_velocities(crowd, std::vector<V>{bad, V(0)});
    });

    // ---- crowd/crowd.hpp, crowd/flock.hpp
    const auto pair = [] {
        steer::crowd<V> c;
        c.add(steer::vehicle_params<V>{});
        c.add(steer::vehicle_params<V>{.position = V(1, 0, 0)});
        return c;
    };
    const auto still = [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(0); };
    add("steer::crowd::step: dt must be >= 0 and finite (got -1)", [=] { pair().step(S(-1), S(1), still); });
    add("steer::crowd::step: radius must be >= 0 and finite (got inf)", [=] { pair().step(S(1), inf, still); });
    add("steer::crowd::step: think's steering for agent 1 (generation 0) must be finite (got (inf, 0, 0))", [=] {
        pair().step(S(1), S(2), [=](steer::crowd_id id, const steer::vehicle<V>&, const auto&) {
            return id.index == 1 ? bad : V(0);
        });
    });
    add("steer::crowd::step: radius for agent 1 (generation 0) must be in [0, widest] (got 3)", [=] {
        pair().step(S(1), steer::radius_by_agent{S(2), [](steer::crowd_id id, const steer::vehicle<V>&) {
                        return id.index == 1 ? S(3) : S(1);
                    }},
                    still);
    });
    add("steer::crowd::for_each_within: center must be finite (got (inf, 0, 0))",
        [=] { pair().for_each_within(bad, S(1), [](steer::crowd_id, S) {}); });
    add("steer::crowd::for_each_within: radius must be >= 0 and finite (got -1)",
        [=] { pair().for_each_within(V(0), S(-1), [](steer::crowd_id, S) {}); });
    add("steer::crowd::nearest: center must be finite (got (inf, 0, 0))", [=] { (void)pair().nearest(bad, S(1)); });
    add("steer::crowd::nearest: radius must be >= 0 and finite (got -1)", [=] { (void)pair().nearest(V(0), S(-1)); });
    add("steer::crowd::set_max_neighbors: max_neighbors must be in [1, 1024] (got 0)",
        [=] { pair().set_max_neighbors(0); });
    add("steer::neighborhood: max_distance must be >= 0 and finite (got -1)", [=] {  // flocking in the crowd's lanes
        pair().step(S(1), S(2), [](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
            return steer::flocking(self, neighbors, steer::flocking_params<V>{.cohesion = {.max_distance = -1}});
        });
    });
    add("steer::neighborhood: max_angle must be >= 0 and finite (got -1)", [=] {  // separation in the crowd's lanes
        pair().step(S(1), S(2), [](steer::crowd_id, const steer::vehicle<V>& self, const auto& neighbors) {
            return steer::separation(self, neighbors, steer::neighborhood<V>{.max_angle = -1});
        });
    });
    const std::string most_agents = std::to_string(steer::crowd<V>::max_reserve());
    add("steer::crowd::reserve: n must be at most " + most_agents + " (got " +
            std::to_string(steer::crowd<V>::max_reserve() + 1) + ")",
        [=] { pair().reserve(steer::crowd<V>::max_reserve() + 1); });
    add("steer::flock::reserve: n must be at most " + most_agents + " (got " +
            std::to_string(std::numeric_limits<std::size_t>::max()) + ")",
        [] { steer::flock<V>().reserve(std::numeric_limits<std::size_t>::max()); });
    add("steer::flock::step: dt must be >= 0 and finite (got nan)", [] {
        steer::flock<V> f;
        f.add(steer::vehicle_params<V>{});
        f.step(std::numeric_limits<S>::quiet_NaN(), steer::flocking_params<V>{});
    });
    add("steer::flock::step: extra steering for agent 0 (generation 0) must be finite (got (inf, 0, 0))", [=] {
        steer::flock<V> f;
        f.add(steer::vehicle_params<V>{});
        f.step(S(1), steer::flocking_params<V>{}, [=](steer::flock_id, const steer::vehicle<V>&, const V&) { return bad; });
    });

    // ---- behavior_list.hpp
    using list = steer::behavior_list<V()>;
    const auto zero = [] { return V(0); };
    add("steer::behavior_list::set_blend: epsilon must be >= 0 and finite (got -1)", [] { list({.epsilon = -1}); });
    add("steer::behavior_list::set_blend: max_force must be >= 0 and finite (got inf)", [=] { list({.max_force = inf}); });
    add("steer::behavior_list::add: the number of terms must be at most the capacity, 1 (got 2)", [=] {
        steer::behavior_list<V(), 1> one;
        one.add("a", zero);
        one.add("b", zero);
    });
    add("steer::behavior_list::add: the name \"a\" is already taken", [=] {
        list l;
        l.add("a", zero);
        l.add("a", zero);
    });
    add("steer::behavior_list term: weight must be finite (got inf)", [=] { list().add("a", zero, {.weight = inf}); });
    add("steer::behavior_list term: probability must be in [0, 1] (got 2)", [=] { list().add("a", zero, {.probability = 2}); });
    add("steer::behavior_list::configure: index must be < size() = 0 (got 0)", [] { list().configure(0, {}); });
    add("steer::behavior_list::name: index must be < size() = 1 (got 3)", [=] {
        list l;
        l.add("a", zero);
        (void)l.name(3);
    });
    add("steer::behavior_list: no term is named \"b\"", [=] {
        list l;
        l.add("a", zero);
        l.set_weight("b", 2);
    });
    add("steer::behavior_list: mode prioritized_dither needs a generator: call list(gen, args...)",
        [] { (void)list({.mode = steer::blend_mode::prioritized_dither})(); });
    return r;
}

}  // namespace steer::test

#endif  // STEER_TESTS_REFUSALS_HPP
