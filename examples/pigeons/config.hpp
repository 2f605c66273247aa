#ifndef PIGEONS_CONFIG_HPP
#define PIGEONS_CONFIG_HPP

/// @file
/// Every number of "Pigeons in the Park" (examples/pigeons/park.hpp), with its default:
/// the example's story. docs/pigeons.md has them as a table.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <steer/steer.hpp>

#include "terrain.hpp"

namespace pigeons {

/// Refuses a bad parameter the way steer does: "where: name must be rule (got value)".
inline void expect(bool ok, const char* where, const char* name, const char* rule, float value) {
    if (ok) return;
    std::ostringstream message;
    message << where << ": " << name << " must be " << rule << " (got " << value << ")";
    throw std::invalid_argument(message.str());
}

/// One leg of the car's scripted route: drive to `target` (x, z) at `speed`, not before
/// `not_before` seconds. The last leg ends parked on its target.
struct car_leg {
    vec2 target{};
    float speed = 1;
    float not_before = 0;
};

/// Every number of the simulation. The defaults are the example's story.
struct park_config {
    std::size_t birds = 280;
    std::uint64_t seed = 1;
    float frame_hz = 60;      ///< simulation steps per second
    float think_hz = 10;      ///< main thinking rate of each bird (Reynolds 2000: 10 Hz)
    float avoidance_hz = 30;  ///< obstacle avoidance and personal space (Reynolds 2000: about 30 Hz)

    /// World size multiplier: the enclosure and the flock's starting disc grow by it (the
    /// car's route keeps its size, see `route_offset`). `for_birds` keeps the flock's density.
    float scale = 1;
    terrain ground{};
    float enclosure_radius = 27;    ///< metres, before scaling
    float enclosure_center_y = -2;  ///< the sphere's centre is a little underground
    float flock_radius = 7;         ///< the birds start feeding in a disc this wide (before scaling)

    // ---- bodies
    float bird_radius = 0.15f;
    float walk_max_speed = 1.6f;  ///< m/s, when hurrying away from the car
    float feed_speed = 0.3f;      ///< m/s, the pace of feeding
    float fly_max_speed = 5.5f;
    float cruise_speed = 4.0f;
    float walk_max_force = 2;
    float fly_max_force = 9;
    float acceleration_smoothing = 0.05f;  ///< seconds: blends the held steering forces

    // ---- walking: the herd (separation, alignment, cohesion), feeding, the car
    steer::flocking_params<vec3> walk_flocking{.separation = {.max_distance = 0.7f},
                                               .alignment = {.max_distance = 1.5f, .max_angle = 2.0f},
                                               .cohesion = {.max_distance = 2.5f},
                                               .separation_weight = 0.5f,  // shares of walk_max_force
                                               .alignment_weight = 0.15f,
                                               .cohesion_weight = 0.15f,
                                               // (the herd's spacing is tuned with separation at full weight)
                                               .separation_fades = false};
    float wander_weight = 0.3f;
    float feed_weight = 2.0f;    ///< pull toward feeding speed
    float avatar_weight = 2.4f;  ///< move away from the car
    steer::wander_params<vec3> wander{.radius = 1, .distance = 2, .rate = 3};

    // ---- flying: the flock and the flight plan
    steer::flocking_params<vec3> fly_flocking{.separation = {.max_distance = 1.2f},
                                              .alignment = {.max_distance = 2.0f, .max_angle = 2.4f},
                                              .cohesion = {.max_distance = 2.5f, .max_angle = 2.4f},
                                              .separation_weight = 1.0f / 3,  // shares of fly_max_force
                                              .alignment_weight = 1.0f / 6,
                                              .cohesion_weight = 1.0f / 9,
                                              .separation_fades = false};
    float flight_control_weight = 1.5f;
    /// After the climb, the flight curves back toward the meadow: this much of the
    /// horizontal direction home, per enclosure radius of distance, is added to the heading.
    float home_pull = 0.8f;
    float climb_rate = 2.5f;      ///< m/s upward during the ascent
    float descent_rate = 1.5f;    ///< m/s downward during the descent, slowing near the ground
    float ascent_time = 0.8f;     ///< seconds of climbing after a take-off, times the annoyance
    float cruise_time = 1.2f;     ///< seconds of level flight before descending, times the annoyance
    float ceiling = 0.5f;         ///< climbing eases off at this fraction of the enclosure's height
    float land_altitude = 0.12f;  ///< a descending bird this low lands
    float landing_speed = 0.5f;   ///< m/s: touching down brakes a bird to at most this
    float landing_room = 0.35f;   ///< m: a bird lands only where no walking bird is this close

    // ---- avoidance (at avoidance_hz)
    float ground_clearance = 1.0f;     ///< flying birds keep this far above the ground
    float ground_lookahead = 1.0f;     ///< seconds of prediction for ground avoidance
    float enclosure_lookahead = 1.5f;  ///< seconds of prediction for containment in flight
    float walk_lookahead = 3.0f;       ///< seconds of prediction for containment on foot
    float enclosure_margin = 1.0f;     ///< metres: birds steer to stay this far inside the enclosure
    /// In flight, the avoidance force is scaled by this before it takes its share of the
    /// force budget: a sharp correction takes all of it, a glancing one leaves room.
    float avoidance_weight = 3.0f;
    /// Personal space: separation's unnormalized 1/r push from birds closer than this
    /// (flocking's separation is normalized), growing as they get closer.
    float personal_space = 0.5f;
    float personal_space_weight = 0.6f;  ///< a share of max_force, as every weight
    /// Walking birds keep their personal space by reciprocal avoidance (van den Berg et al.
    /// 2011) instead: each takes the velocity nearest what its urges want that keeps it
    /// clear of the herd, each bird doing its share (the `--walkers reciprocal` option).
    bool reciprocal_walkers = false;
    steer::reciprocal_avoidance_params<vec3> walk_reciprocal{.time_horizon = 2, .clearance = 0.05f};
    /// Walking birds' bodies never stay inside each other: at each avoidance thought between
    /// its main ones (where its neighbor list is short) a walking bird finds the walking
    /// birds whose bodies will overlap its own after the frame's move (both moved by their
    /// velocities), notes half of each overlap plus `body_gap` to step back along the line
    /// between them and half of their closing speed to shed, and both are carried out once
    /// it has moved (a position-level contact, as physics engines resolve one; the neighbor
    /// does its half at its own thought). Soft pushes alone cannot hold a herd that
    /// cohesion and the car pack tighter than its bodies fit (`--contacts on|off`).
    bool keep_bodies_apart = true;
    float body_gap = 0.02f;  ///< m: the gap the contact leaves between two walking bodies

    // ---- annoyance: ratcheted up by each startle, decaying slowly
    float annoyance_per_startle = 1;
    float annoyance_time_constant = 20;  ///< seconds for it to fall to 1/e
    float max_annoyance = 4;

    // ---- contagion: take off when enough nearby birds just took off
    float contagion_radius = 1.2f;         ///< metres, measured horizontally
    float contagion_height = 2.0f;         ///< metres above or below that still count as nearby
    float recent_takeoff = 1.0f;           ///< seconds during which a take-off counts as recent
    float contagion_threshold_min = 0.1f;  ///< each bird's threshold is drawn from [min, max]
    float contagion_threshold_max = 0.5f;

    // ---- the RC car and the user's claps
    bool car = true;
    float car_max_force = 12;
    vec2 car_start{-14, -4};
    std::vector<car_leg> car_route{{{-5, -1.5f}, 1.2f, 4}, {{9, 3}, 6, 0}, {{15, 12}, 3, 0}};
    steer::avatar_neighborhood<vec3> move_away_zone{.radius = 4.0f, .velocity_weight = 0.4f};
    steer::avatar_neighborhood<vec3> take_off_zone{.radius = 1.2f, .velocity_weight = 0.6f};
    std::vector<float> claps{21};  ///< seconds; each claps where the most walking birds are
    float clap_radius = 7;         ///< metres

    /// The default story for `n` birds, the world scaled so the flock is as dense as with 280.
    [[nodiscard]] static park_config for_birds(std::size_t n) {
        park_config c;
        c.birds = n;
        c.scale = std::max(1.0f, std::sqrt(static_cast<float>(n) / 280.0f));
        return c;
    }

    /// Refuses rates, radii and durations that would make the simulation meaningless.
    void validate() const {
        constexpr auto where = "pigeons::park_config";
        expect(frame_hz > 0, where, "frame_hz", "> 0", frame_hz);
        // A rate's period in frames, frame_hz / rate, must fit a std::uint32_t: at most 60000.
        expect(think_hz >= frame_hz / 60000 && think_hz <= frame_hz, where, "think_hz",
               "from frame_hz / 60000 to frame_hz", think_hz);
        expect(avoidance_hz >= frame_hz / 60000 && avoidance_hz <= frame_hz, where, "avoidance_hz",
               "from frame_hz / 60000 to frame_hz", avoidance_hz);
        expect(scale >= 1, where, "scale", ">= 1", scale);
        expect(enclosure_radius > enclosure_margin, where, "enclosure_radius", "> enclosure_margin", enclosure_radius);
        expect(flock_radius > 0, where, "flock_radius", "> 0", flock_radius);
        expect(annoyance_time_constant > 0, where, "annoyance_time_constant", "> 0", annoyance_time_constant);
        expect(contagion_threshold_min >= 0, where, "contagion_threshold_min", ">= 0", contagion_threshold_min);
        expect(contagion_threshold_max >= contagion_threshold_min, where, "contagion_threshold_max",
               ">= contagion_threshold_min", contagion_threshold_max);
        expect(clap_radius >= 0 && std::isfinite(clap_radius), where, "clap_radius", ">= 0 and finite", clap_radius);
        for (float t : claps) expect(t >= 0, where, "claps", ">= 0", t);
        steer::validate(move_away_zone);
        steer::validate(take_off_zone);
        expect(body_gap >= 0 && body_gap <= 1, where, "body_gap", "from 0 to 1 m", body_gap);
        steer::validate(walk_reciprocal);
    }

    [[nodiscard]] float frame_seconds() const noexcept { return 1.0f / frame_hz; }
    /// The car's route is drawn for the default park; in a scaled park it is moved west by
    /// the flock's extra radius, so the car meets the flock's edge at the same moments.
    [[nodiscard]] vec2 route_offset() const noexcept { return {-(scale - 1.0f) * flock_radius, 0.0f}; }
    /// Frames between two main thoughts of a bird, and between two avoidance thoughts.
    [[nodiscard]] std::uint32_t think_period() const noexcept { return period_for(think_hz); }
    [[nodiscard]] std::uint32_t avoidance_period() const noexcept { return period_for(std::max(avoidance_hz, think_hz)); }
    [[nodiscard]] steer::sphere<vec3> enclosure() const noexcept {
        return {{0, enclosure_center_y, 0}, enclosure_radius * scale};
    }
    /// The factor a bird's annoyance keeps over one frame: exp(-dt / time constant), by the
    /// series to x^3 after halving x below 1e-3 (then squaring back). Plain arithmetic, so
    /// the same number on every platform, within a few units of a float's last place.
    [[nodiscard]] float annoyance_kept_per_frame() const noexcept {
        double x = 1.0 / (static_cast<double>(frame_hz) * static_cast<double>(annoyance_time_constant));
        int halvings = 0;
        for (; x > 1e-3; x /= 2) ++halvings;
        double e = 1 - x + x * x / 2 - x * x * x / 6;
        for (; halvings > 0; --halvings) e *= e;
        return static_cast<float>(e);
    }
    /// How far a bird looks: the widest of its neighborhoods (the herd's and the flock's
    /// cohesion, contagion's cylinder, personal space).
    [[nodiscard]] float neighbor_radius() const noexcept {
        const auto widest = [](const steer::flocking_params<vec3>& f) {
            return std::max({f.separation.max_distance, f.alignment.max_distance, f.cohesion.max_distance});
        };
        const float contagion = std::sqrt(contagion_radius * contagion_radius + contagion_height * contagion_height);
        return std::max({widest(walk_flocking), widest(fly_flocking), contagion, personal_space});
    }
    /// How far a bird looks for avoidance alone: personal space, and the landing room under
    /// it when it is low enough to land before its next avoidance thought.
    [[nodiscard]] float near_radius() const noexcept {
        return std::min(neighbor_radius(),
                        std::max(personal_space, land_altitude + descent_rate / avoidance_hz + landing_room));
    }

private:
    [[nodiscard]] std::uint32_t period_for(float hz) const noexcept {
        return static_cast<std::uint32_t>(std::max(1.0f, std::round(frame_hz / hz)));
    }
};

}  // namespace pigeons

#endif  // PIGEONS_CONFIG_HPP
