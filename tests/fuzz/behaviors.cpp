// Behavior fuzzer: random finite vehicles, worlds and parameters (zeros, denormals, huge
// values, coincident and reversed points) through every behavior in include/steer/behaviors/
// and every combiner; aborts on a non-finite steering force, or when apply_force leaves the
// vehicle's limits or its frame.
//
// Values come from the whole finite range (fuzz_input.hpp); finite answers and limits are
// checked while they stay within the library's promise (docs/errors.md, "Magnitudes").
//
// Configuration is always valid: every parameter is drawn from its documented range (>= 0,
// finite, probabilities in [0, 1], direction +1 or -1), so an exception escaping here is a
// bug found (libFuzzer reports it as a crash). Two exceptions: building a pathway from
// random points (fewer than 2 distinct points is refused by STEER_EXPECTS, the harness does
// not predict that, so it catches std::invalid_argument there and goes on without a path),
// and separation's personal space, drawn now and then from the refused values (<= 0, NaN,
// infinite), whose refusal by separation, flocking and validate must name it.
// Separation and flocking measure between centers or between bodies (`.bodies`), with a
// personal space from a denormal to huge.

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include <steer/steer.hpp>

#include "../refusal_of.hpp"
#include "fuzz_input.hpp"
#include "separation_spacing.hpp"

namespace {

using steer::fuzz::input;

/// A mass: usually 1 or a game-like one, sometimes any positive number (denormal to huge).
template <class S>
S random_mass(input& in) {
    switch (in.pick(4)) {
        case 0: return S(1);
        case 1: {
            const S m = in.non_negative<S>();
            return m > S(0) ? m : std::numeric_limits<S>::denorm_min();
        }
        default: return in.in_range<S>(S(0.001), S(1000));
    }
}

template <steer::vector V>
steer::vehicle<V> random_vehicle(input& in) {
    using S = steer::scalar_t<V>;
    const S mass = random_mass<S>(in);
    steer::vehicle<V> v({.position = in.vec<V>(),
                              .velocity = in.vec<V>(),
                              .mass = mass,
                              .radius = in.non_negative<S>(),
                              .max_force = in.flag() ? S(1) : in.non_negative<S>(),
                              .max_speed = in.flag() ? S(1) : in.non_negative<S>(),
                              .acceleration_smoothing = in.flag() ? S(0) : in.in_range<S>(S(0), S(5)),
                              .banking = in.flag(),
                              .banking_gravity = in.non_negative<S>(),
                              .banking_smoothing = in.in_range<S>(S(0), S(2))});
    in.note<S>(static_cast<double>(v.max_force()) / static_cast<double>(mass));  // the acceleration is promised up to huge too
    return v;
}

/// A time in seconds: usually a game-like horizon, sometimes any non-negative scalar.
template <class S>
S random_time(input& in) {
    return in.flag() ? in.in_range<S>(S(0), S(10)) : in.non_negative<S>();
}

template <steer::vector V>
steer::neighborhood<V> random_neighborhood(input& in) {
    using S = steer::scalar_t<V>;
    return {.max_distance = in.non_negative<S>(), .max_angle = in.in_range<S>(S(0), S(4))};
}

/// Everything a behavior can react to, drawn once per input.
template <steer::vector V>
struct world {
    using S = steer::scalar_t<V>;

    std::vector<steer::vehicle<V>> others;                 // quarries, menaces, leaders, neighbors
    std::vector<const steer::vehicle<V>*> neighbor_pointers;  // may hold the steered vehicle and null
    std::vector<steer::sphere<V>> spheres;
    steer::box<V> area{};
    std::optional<steer::pathway<V>> path;
    std::optional<steer::flow_field<V>> field;
    std::vector<V> checkpoints;
    steer::wander_state<V> wandering{};
    steer::patrol_state patrolling{};
    float turn_rate = 0;  // wander_turning's state, kept as a float so 3D builds need no 2D type
    steer::rng gen;

    world(input& in, const steer::vehicle<V>& self) : gen(in.byte()) {
        const unsigned n = in.pick(6);
        others.reserve(n + 1);
        for (unsigned i = 0; i < n; ++i) others.push_back(random_vehicle<V>(in));
        if (in.flag()) others.push_back(self);  // a copy at the same position: coincident
        for (const auto& o : others) neighbor_pointers.push_back(&o);
        if (in.flag()) neighbor_pointers.push_back(&self);  // the steered vehicle itself
        if (in.flag()) neighbor_pointers.push_back(nullptr);

        const unsigned spheres_count = in.pick(5);
        for (unsigned i = 0; i < spheres_count; ++i) spheres.push_back({in.vec<V>(), in.non_negative<S>()});

        const V corner = in.vec<V>();
        V extent = in.vec<V>();
        for (int i = 0; i < steer::dimension_v<V>; ++i) extent[i] = std::abs(extent[i]);
        V far_corner = corner + extent;
        for (int i = 0; i < steer::dimension_v<V>; ++i)
            if (!std::isfinite(far_corner[i])) far_corner[i] = std::numeric_limits<S>::max();  // a wide input's sum overflowed
        area = {corner, far_corner};

        if (in.flag()) {
            std::vector<V> points;
            const unsigned count = 1 + in.pick(6);
            for (unsigned i = 0; i < count; ++i) points.push_back(in.vec<V>());
            const bool cyclic = in.flag();
            try {
                if (in.flag()) {
                    std::vector<S> radii;
                    for (unsigned i = 0; i < count; ++i) radii.push_back(in.non_negative<S>());
                    path.emplace(std::move(points), std::move(radii), cyclic);
                } else {
                    path.emplace(std::move(points), in.non_negative<S>(), cyclic);
                }
            } catch (const std::invalid_argument&) {
                path.reset();  // fewer than 2 distinct points: refused, as documented
            }
        }

        if (in.flag()) {
            steer::cell_t<V> cells;
            for (int i = 0; i < steer::dimension_v<V>; ++i) cells[i] = 1 + static_cast<int>(in.pick(4));
            field.emplace(area, cells);  // painted cell by cell in paint_field
        }

        const unsigned stops = in.pick(5);
        for (unsigned i = 0; i < stops; ++i) checkpoints.push_back(in.vec<V>());
    }

    const steer::vehicle<V>& other(input& in, const steer::vehicle<V>& self) const {
        if (others.empty() || in.pick(4) == 0) return self;  // sometimes itself: coincident
        return others[in.pick(static_cast<unsigned>(others.size()))];
    }
};

template <steer::vector V>
void paint_field(input& in, world<V>& w) {
    if (!w.field) return;
    const auto cells = w.field->cells();
    steer::cell_t<V> c{};
    if constexpr (steer::dimension_v<V> == 2) {
        for (c.y = 0; c.y < cells.y; ++c.y)
            for (c.x = 0; c.x < cells.x; ++c.x) w.field->at(c) = in.vec<V>();
    } else {
        for (c.z = 0; c.z < cells.z; ++c.z)
            for (c.y = 0; c.y < cells.y; ++c.y)
                for (c.x = 0; c.x < cells.x; ++c.x) w.field->at(c) = in.vec<V>();
    }
}

template <steer::vector V>
V one_behavior(input& in, world<V>& w, const steer::vehicle<V>& v, int depth);

/// The behavior list's context: the pieces a run-time term needs, behind one pointer.
template <steer::vector V>
struct list_context {
    input* in;
    world<V>* w;
    const steer::vehicle<V>* v;
    int depth;
};

template <steer::vector V>
V combined(input& in, world<V>& w, const steer::vehicle<V>& v, int depth) {
    using S = steer::scalar_t<V>;
    const auto term = [&in, &w, &v, depth] { return one_behavior(in, w, v, depth + 1); };
    // Weights: 1, a game-like one, or anything (denormal, tiny, huge, cancelling).
    const auto weight = [&in] {
        switch (in.pick(4)) {
            case 0: return S(1);
            case 1: return in.scalar<S>();
            default: return in.in_range<S>(S(-4), S(4));
        }
    };
    switch (in.pick(6)) {
        case 0: return steer::weighted_sum(steer::weighted(weight(), term), steer::weighted(weight(), term), term);
        case 1:
            return steer::weighted_sum(steer::normalize_weights, steer::weighted(weight(), term),
                                       steer::weighted(weight(), term));
        case 2: return steer::priority(in.non_negative<S>(), term, term, term);
        case 3:
            return steer::prioritized_dither(w.gen, in.non_negative<S>(), steer::chance(in.in_range<S>(S(0), S(1)), term),
                                             steer::chance(in.in_range<S>(S(0), S(1)), term), term);
        case 4:
            return steer::truncated_sum(in.non_negative<S>(), steer::weighted(weight(), term),
                                        steer::weighted(weight(), term), term);
        default: {
            steer::blend_settings<S> blend{.mode = static_cast<steer::blend_mode>(in.pick(4)),
                                           .normalize_weights = in.flag(),
                                           .epsilon = in.non_negative<S>(),
                                           .max_force = in.non_negative<S>()};
            steer::behavior_list<V(const list_context<V>&)> list(blend);
            const unsigned count = 1 + in.pick(3);
            for (unsigned i = 0; i < count; ++i)
                list.add("", [](const list_context<V>& c) { return one_behavior(*c.in, *c.w, *c.v, c.depth + 1); },
                         {.weight = weight(), .probability = in.in_range<S>(S(0), S(1)), .enabled = in.pick(4) != 0});
            const list_context<V> context{&in, &w, &v, depth};
            return list(w.gen, context);
        }
    }
}

/// Checks the output contract of a behavior that follows it: at most max_force long, within
/// rounding. Rounding is relative for normal numbers, but absolute (a few denorm_min per
/// operation) once max_force is denormal: a unit direction times a max_force of 2.6e-43
/// rounds each component to a multiple of 1.4e-45, and the length can come out 0.4% long.
template <steer::vector V>
V within_max_force(const steer::vehicle<V>& v, const V& force) {
    using S = steer::scalar_t<V>;
    const double slack = 8 * static_cast<double>(std::numeric_limits<S>::denorm_min());
    STEER_FUZZ_PROMISED(static_cast<double>(steer::safe_length(force)) <=
                     static_cast<double>(v.max_force()) * (1 + 1e-5) + slack);
    return force;
}

template <steer::vector V>
V one_behavior(input& in, world<V>& w, const steer::vehicle<V>& v, int depth) {
    using S = steer::scalar_t<V>;
    constexpr int count = 37;
    const unsigned choice = in.pick(depth < 2 ? count + 1 : count);
    switch (choice) {
        case 0: return steer::seek(v, in.vec<V>());
        case 1: return steer::flee(v, in.vec<V>());
        case 2: return steer::arrival(v, in.vec<V>(), {.slowing_distance = in.non_negative<S>()});
        case 3: {
            const steer::avatar_neighborhood<V> zone{.radius = in.non_negative<S>(), .velocity_weight = in.non_negative<S>()};
            return steer::avatar_avoidance(v, in.vec<V>(), in.vec<V>(), zone);
        }
        case 4: {
            const steer::avatar_neighborhood<V> zone{.radius = in.non_negative<S>(), .velocity_weight = in.non_negative<S>()};
            return steer::avatar_escape_direction(zone, in.vec<V>(), in.vec<V>(), in.vec<V>());
        }
        case 5: return steer::pursuit(v, w.other(in, v), {.max_prediction_time = random_time<S>(in)});
        case 6: return steer::evasion(v, w.other(in, v), {.max_prediction_time = random_time<S>(in)});
        case 7: return steer::offset_pursuit(v, w.other(in, v), {.offset = in.non_negative<S>(), .max_prediction_time = random_time<S>(in)});
        case 8: {
            const steer::wander_params<V> p{.radius = in.non_negative<S>(), .distance = in.non_negative<S>(),
                                            .rate = in.non_negative<S>()};
            return steer::wander(v, w.wandering, w.gen, random_time<S>(in), p);
        }
        case 9: {
            if constexpr (steer::dimension_v<V> == 2) {
                steer::wander_turning_state<V> state{static_cast<S>(w.turn_rate)};
                const steer::wander_turning_params<V> p{.max_turn_rate = in.non_negative<S>(),
                                                        .turn_rate_change = in.non_negative<S>()};
                const V force = steer::wander_turning(v, state, w.gen, random_time<S>(in), p);
                STEER_FUZZ_PROMISED(std::isfinite(state.turn_rate));
                w.turn_rate = static_cast<float>(state.turn_rate);
                return force;
            } else {
                return steer::wander(v, w.wandering, w.gen, random_time<S>(in));
            }
        }
        case 10: return steer::interpose(v, w.other(in, v), w.other(in, v), {.slowing_distance = in.non_negative<S>()});
        case 11: {
            const steer::shadow_params<V> p{.stand_off = in.non_negative<S>(), .slowing_distance = in.non_negative<S>()};
            return steer::shadow(v, w.other(in, v), p);
        }
        case 12: {
            const V target = in.vec<V>();
            const V target_forward = in.vec<V>();
            return steer::docking(v, target, target_forward, {.slowing_distance = in.non_negative<S>()});
        }
        case 13: {
            const steer::patrol_params<V> p{.slowing_distance = in.non_negative<S>(),
                                            .reach_radius = in.non_negative<S>(),
                                            .mode = in.flag() ? steer::patrol_mode::loop : steer::patrol_mode::ping_pong};
            if (in.flag()) w.patrolling.next = in.pick(8);  // sometimes past the end
            return steer::patrol(v, w.checkpoints, w.patrolling, p);
        }
        case 14: {
            const steer::obstacle_avoidance_params<V> p{.min_time_to_collision = random_time<S>(in),
                                                        .clearance = in.non_negative<S>()};
            return steer::obstacle_avoidance(v, w.spheres, p);
        }
        case 15: {
            const steer::sphere<V> ball{in.vec<V>(), in.non_negative<S>()};
            return steer::containment(v, ball, {.prediction_time = random_time<S>(in)});
        }
        case 16: return steer::containment(v, w.area, {.prediction_time = random_time<S>(in)});
        case 17: return w.path ? steer::containment(v, *w.path, {.prediction_time = random_time<S>(in)}) : V(S(0));
        case 18: {
            const steer::path_following_params<V> p{.direction = in.flag() ? 1 : -1, .prediction_time = random_time<S>(in)};
            return w.path ? steer::path_following(v, *w.path, p) : V(S(0));
        }
        case 19: {
            const steer::path_following_params<V> p{.direction = 0, .prediction_time = random_time<S>(in)};
            return w.path ? steer::path_following(v, *w.path, p) : V(S(0));
        }
        case 20: {
            const steer::wall_following_params<V> p{.offset = in.non_negative<S>(), .prediction_time = random_time<S>(in)};
            return w.path ? steer::wall_following(v, *w.path, p) : V(S(0));
        }
        case 21: {
            const steer::flow_field_following_params<V> p{.prediction_time = random_time<S>(in)};
            return w.field ? steer::flow_field_following(v, *w.field, p) : V(S(0));
        }
        case 22: {
            const steer::hide_params<V> p{.margin = in.non_negative<S>(), .slowing_distance = in.non_negative<S>()};
            return steer::hide(v, in.vec<V>(), w.spheres, p);
        }
        case 23: return steer::hide(v, w.other(in, v), w.spheres);
        case 24: {
            // Between centers or between bodies; now and then a refused personal space, which
            // separation, flocking and validate refuse by name, whether bodies is set or not.
            const steer::neighborhood<V> n = random_neighborhood<V>(in);
            steer::separation_params<V> spacing = steer::fuzz::random_separation_params<V>(in);
            if (in.pick(8) == 0) {
                const auto refused = steer::fuzz::random_refused_personal_space<S>(in);
                spacing.personal_space = refused.value;
                using steer::test::refusal_of;
                STEER_FUZZ_CHECK(steer::fuzz::refuses_personal_space(
                    refusal_of([&] { (void)steer::separation(v, w.neighbor_pointers, n, spacing); }), refused));
                STEER_FUZZ_CHECK(steer::fuzz::refuses_personal_space(
                    refusal_of([&] { (void)steer::flocking(v, w.others, steer::flocking_params<V>{.separation_spacing = spacing}); }),
                    refused));
                STEER_FUZZ_CHECK(steer::fuzz::refuses_personal_space(refusal_of([&] { steer::validate(spacing); }), refused));
                return V(S(0));
            }
            return within_max_force(v, steer::separation(v, w.neighbor_pointers, n, spacing));
        }
        case 25: return within_max_force(v, steer::cohesion(v, w.others, random_neighborhood<V>(in)));
        case 26: return within_max_force(v, steer::alignment(v, w.neighbor_pointers, random_neighborhood<V>(in)));
        case 27: {
            const steer::flocking_params<V> p{.separation = random_neighborhood<V>(in),
                                              .alignment = random_neighborhood<V>(in),
                                              .cohesion = random_neighborhood<V>(in),
                                              .separation_weight = in.scalar<S>(),
                                              .alignment_weight = in.scalar<S>(),
                                              .cohesion_weight = in.scalar<S>(),
                                              .separation_fades = in.flag(),
                                              .separation_spacing = steer::fuzz::random_separation_params<V>(in)};
            return within_max_force(v, in.flag() ? steer::flocking(v, w.neighbor_pointers, p) : steer::flocking(v, w.others, p));
        }
        case 28: {
            const steer::unaligned_collision_avoidance_params<V> p{.min_time_to_collision = random_time<S>(in),
                                                                   .clearance = in.non_negative<S>()};
            return within_max_force(v, steer::unaligned_collision_avoidance(v, w.neighbor_pointers, p));
        }
        case 29: {
            const steer::leader_following_params<V> p{.behind_distance = in.non_negative<S>(),
                                                      .slowing_distance = in.non_negative<S>(),
                                                      .lane_length = in.non_negative<S>(),
                                                      .lane_width = in.non_negative<S>(),
                                                      .separation = random_neighborhood<V>(in),
                                                      .separation_weight = in.scalar<S>(),
                                                      .behind_time = random_time<S>(in)};
            return within_max_force(v, steer::leader_following(v, w.other(in, v), w.neighbor_pointers, p));
        }
        case 30: {
            const auto center = steer::neighborhood_center(v, w.neighbor_pointers, random_neighborhood<V>(in));
            if (!center) return V(S(0));
            STEER_FUZZ_PROMISED(steer::is_finite(*center));
            return steer::seek(v, *center);
        }
        case 31: {
            // The prediction estimator and interpose point feed pursuit and interpose; check them raw.
            const auto& quarry = w.other(in, v);
            const S t = steer::detail::prediction_time(v, quarry, random_time<S>(in));
            STEER_FUZZ_PROMISED(std::isfinite(t) && t >= S(0));
            const V point = steer::interpose_point(v, quarry, w.other(in, v));
            STEER_FUZZ_PROMISED(steer::is_finite(point));
            return V(S(0));
        }
        case 32: {
            const auto& other = w.other(in, v);
            (void)steer::in_neighborhood(v, other, random_neighborhood<V>(in));
            (void)steer::in_leader_lane(other, v, steer::leader_following_params<V>{});
            return V(S(0));
        }
        case 33: {
            // Orientation answers a turn rate, bounded by max_turn_rate; turning keeps a unit facing.
            steer::vehicle<V> looker = v;
            const V facing = in.vec<V>();
            if (in.flag() && steer::safe_normalize(facing) != V(S(0))) looker.set_facing(facing);
            looker.set_max_turn_rate(in.flag() ? std::numeric_limits<S>::infinity() : in.non_negative<S>());
            // A settling time from game-like to denormal: a tiny one turns at any rate up to the limit.
            S settle = in.flag() ? in.in_range<S>(S(0.001), S(10)) : in.non_negative<S>();
            if (!(settle > S(0))) settle = std::numeric_limits<S>::denorm_min();
            const unsigned kind = in.pick(3);
            const V target = in.vec<V>();
            const auto& other = w.other(in, v);
            const auto rate_for = [&](S settle_time) {
                switch (kind) {
                    case 0: return steer::face(looker, target, {.settle_time = settle_time});
                    case 1: return steer::look_where_you_are_going(looker, {.settle_time = settle_time});
                    default: return steer::facing_alignment(looker, other, {.settle_time = settle_time});
                }
            };
            const steer::turn_rate_t<V> rate = rate_for(settle);
            const double turn_speed = static_cast<double>(steer::turn_speed<V>(rate));
            steer::fuzz::trace("orientation %u: settle %g, max_turn_rate %g, turn speed %g", kind, double(settle),
                               double(looker.max_turn_rate()), turn_speed);
            STEER_FUZZ_PROMISED(std::isfinite(turn_speed));
            // As for forces: relative rounding, plus a few denormals for a denormal limit.
            const double slack = 8 * static_cast<double>(std::numeric_limits<S>::denorm_min());
            STEER_FUZZ_PROMISED(turn_speed <= static_cast<double>(looker.max_turn_rate()) * (1 + 1e-5) + slack);
            // A shorter settling time never turns slower (a rate that overflowed once came out zero).
            if (settle < S(1)) {
                const double slower = static_cast<double>(steer::turn_speed<V>(rate_for(S(1))));
                STEER_FUZZ_PROMISED(turn_speed >= slower * (1 - 1e-4) - slack);
            }
            if (!std::isfinite(turn_speed)) return V(S(0));  // beyond the promise
            looker.turn(rate, in.in_range<S>(S(0), S(1)));
            STEER_FUZZ_PROMISED(std::abs(static_cast<double>(glm::length(looker.facing())) - 1.0) < 1e-3);
            return V(S(0));
        }
        case 34: {
            const steer::wander_params<V> p{.radius = in.non_negative<S>(), .rate = in.non_negative<S>(), .sideways = true};
            return within_max_force(v, steer::wander(v, w.wandering, w.gen, random_time<S>(in), p));
        }
        case 35: {
            // The steering utilities on a raw force: lengths kept, answers finite.
            const V raw = in.vec<V>();
            const V adjusted = steer::low_speed_turning(v, raw, {.speed_fraction = in.in_range<S>(S(0.01), S(1))});
            STEER_FUZZ_PROMISED(steer::is_finite(adjusted));
            const V limited = steer::limit_deviation(raw, in.vec<V>(), in.in_range<S>(S(0), S(3.14159)));
            STEER_FUZZ_PROMISED(steer::is_finite(limited));
            const V point = in.vec<V>();
            const S c = in.in_range<S>(S(0), S(1));
            STEER_FUZZ_PROMISED(int(steer::is_ahead(v, point, c)) + int(steer::is_aside(v, point, c)) +
                                 int(steer::is_behind(v, point, c)) == 1);
            return V(S(0));  // not forces under the output contract: checked above, not applied
        }
        case 36: {
            // Reciprocal avoidance with any tuning and every option, among the neighbors (the
            // steered vehicle and null among them) and the spheres, at any step up to a second.
            if (!(v.radius() > S(0))) return V(S(0));  // refused by name: errors.cpp
            for (const auto& o : w.others)
                if (!(o.radius() > S(0))) return V(S(0));
            const S horizon = in.in_range<S>(S(0.01), S(10));
            const steer::reciprocal_avoidance_params<V> p{
                .time_horizon = horizon,
                .min_time_horizon = std::min(horizon, in.in_range<S>(S(0.01), horizon)),
                .obstacle_time_horizon = in.in_range<S>(S(0.01), S(10)),
                .clearance = in.in_range<S>(S(0), S(1)),
                .max_neighbors = 1 + static_cast<int>(in.pick(64)),
                .detour_angle = in.in_range<S>(S(0), S(3.14159)),
                .time_headway = in.flag() ? S(0) : in.in_range<S>(S(0), S(2)),
                .keep_to_preferred_speed = in.flag(),
                .yield_when_stuck = in.flag(),
                .shorten_horizons_when_blocked = in.flag(),
                .nudge_companions = in.flag()};
            const S dt = in.in_range<S>(S(0.001), S(1));
            return within_max_force(v, steer::reciprocal_avoidance(v, w.neighbor_pointers, w.spheres, in.vec<V>(), dt, p));
        }
        default: return combined(in, w, v, depth);
    }
}

template <steer::vector V>
void check_vehicle(const steer::vehicle<V>& v) {
    using S = steer::scalar_t<V>;
    STEER_FUZZ_PROMISED(steer::is_finite(v.velocity()));
    STEER_FUZZ_PROMISED(steer::is_finite(v.acceleration()));
    STEER_FUZZ_PROMISED(static_cast<double>(v.speed()) <= static_cast<double>(v.max_speed()) * (1 + 1e-5) + 1e-30);
    // The applied (smoothed) acceleration never exceeds max_force / mass: smoothing blends
    // accelerations that each respect the limit.
    // Rounding as for forces: relative, plus a few denorm_min of force (which a truncation to
    // a denormal max_force cannot shave off) divided by the mass.
    const double limit = static_cast<double>(v.max_force()) / static_cast<double>(v.mass());
    const double slack = 8 * static_cast<double>(std::numeric_limits<S>::denorm_min()) / static_cast<double>(v.mass());
    STEER_FUZZ_PROMISED(static_cast<double>(steer::safe_length(v.acceleration())) <= limit * (1 + 1e-4) + 1e-30 + slack);
    const auto unit = [](const V& a) { return std::abs(static_cast<double>(glm::length(a)) - 1.0) < 1e-3; };
    STEER_FUZZ_PROMISED(unit(v.forward()));
    STEER_FUZZ_PROMISED(unit(v.side()));
    STEER_FUZZ_PROMISED(std::abs(static_cast<double>(glm::dot(v.forward(), v.side()))) < 1e-3);
    if constexpr (steer::dimension_v<V> == 3) {
        STEER_FUZZ_PROMISED(unit(v.up()));
        STEER_FUZZ_PROMISED(std::abs(static_cast<double>(glm::dot(v.forward(), v.up()))) < 1e-3);
        STEER_FUZZ_PROMISED(std::abs(static_cast<double>(glm::dot(v.side(), v.up()))) < 1e-3);
    }
}

template <steer::vector V>
void run(input& in) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v = random_vehicle<V>(in);
    world<V> w(in, v);
    paint_field(in, w);
    for (int step = 0; step < 8 && !in.empty(); ++step) {
        const V steering = one_behavior(in, w, v, 0);
        STEER_FUZZ_PROMISED(steer::is_finite(steering));
        STEER_FUZZ_PROMISED(steer::is_finite(w.wandering.target));
        if (!steer::is_finite(steering) || !steer::is_finite(w.wandering.target)) return;  // beyond the promise
        const S dt = in.flag() ? S(1) / S(60) : in.in_range<S>(S(0), S(1));
        if (steer::fuzz::tracing()) {
            steer::fuzz::trace("step %d: dim %d, %s; mass %g, max_force %g, max_speed %g, smoothing %g", step,
                               steer::dimension_v<V>, sizeof(S) == 4 ? "float" : "double", double(v.mass()),
                               double(v.max_force()), double(v.max_speed()), double(v.acceleration_smoothing()));
            for (int i = 0; i < steer::dimension_v<V>; ++i)
                steer::fuzz::trace("  [%d] position %g velocity %g steering %g acceleration %g", i,
                                   double(v.position()[i]), double(v.velocity()[i]), double(steering[i]),
                                   double(v.acceleration()[i]));
            steer::fuzz::trace("  dt %g, within the promise: %d", double(dt), int(in.within_promise()));
        }
        // Positions may overflow after many huge steps; the library's promise is about
        // finite state, so stop when the next position would not be finite.
        if (!steer::is_finite(v.position() + v.velocity() * dt + steer::truncate(steering, v.max_force()) * dt * dt))
            return;
        v.apply_force(steering, dt);
        if (!steer::is_finite(v.position())) return;
        check_vehicle(v);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    steer::fuzz::with_picked_vector(in, [&]<class V>() { run<V>(in); });
    return 0;
}
