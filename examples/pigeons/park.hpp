#ifndef PIGEONS_PARK_HPP
#define PIGEONS_PARK_HPP

/// @file
/// The model of "Pigeons in the Park" (Reynolds 2000, "Case study: Pigeons in the Park",
/// "Reacting to the User", "Realtime Performance"), kept apart from the command line so
/// the tests and the benchmark drive exactly the program's simulation.
///
/// Birds feed on an undulating meadow inside an invisible spherical enclosure. Each bird
/// is walking (a loose herd, moving along the ground) or flying (a 3D boids flock that
/// climbs, cruises and descends to land). Startles (the RC car coming too close or too
/// fast, a hand clap, or enough neighbors taking off at once) send a walking bird up; every
/// startle ratchets up its annoyance, which decays slowly and makes the next flight longer.
///
/// The birds are the agents of a `steer::crowd`, which finds every bird's neighbors, calls
/// its thought with them, moves everyone with the vehicle model and answers the park's
/// proximity questions between frames. Each agent carries its bird's mind (`pigeon`: walking
/// or flying, annoyance, the flight plan) as its own data, so a thought finds the mind next
/// to the body, and its neighbors' minds next to theirs.
///
/// Units: metres, seconds, kilograms (every bird has mass 1). +Y is up.

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include <steer/steer.hpp>

#include "config.hpp"

namespace pigeons {

/// Why a bird took off.
enum class cause : std::uint8_t { none, car, clap, contagion, other };
inline constexpr std::size_t cause_count = 5;

/// A pigeon's small mind (Reynolds 2000, Figure 4): the data its agent in the park's crowd
/// carries.
struct pigeon {
    bool flying = false;
    cause last_cause = cause::none;  ///< what last made it take off
    float annoyance = 0;
    float flight_time = 0;   ///< seconds since the last take-off
    float ascent_time = 0;   ///< this flight climbs until this flight time
    float descent_time = 0;  ///< and descends from this flight time on
    float contagion_threshold = 0.2f;
    std::uint32_t think_phase = 0;  ///< its main thoughts are on the frames f with f % think period == this
    std::uint32_t avoid_phase = 0;  ///< and its avoidance thoughts on those with f % avoidance period == this
    std::uint32_t thoughts = 0;     ///< main thoughts so far
    std::uint32_t herd = 0;         ///< walking: the walking birds among its neighbors at its last main thought
    vec3 steering{};   ///< held from the last main thought
    vec3 avoidance{};  ///< held from the last avoidance thought: the enclosure, the ground
    vec3 spacing{};    ///< held from the last avoidance thought: personal space
    vec3 ground_normal{0, 1, 0};  ///< walking: the ground's normal under it
    vec3 contact_step{};   ///< walking: moved by this after the frame's move, out of its neighbors' bodies
    vec3 contact_brake{};  ///< walking: and this added to its velocity, its share of the closing speed shed
    steer::wander_state<vec3> wander{};
    steer::rng gen{};
    // Decided by a thought, carried out once every bird has thought (others read this one's state).
    cause take_off = cause::none;  ///< take off, for this reason
    vec3 away{};                   ///< fleeing along this
    bool room_to_land = true;      ///< no walking bird right under it

    /// Whether the bird is on its way down (landing at the end).
    [[nodiscard]] bool descending() const noexcept { return flying && flight_time >= descent_time; }
    /// Whether it took off less than `window` seconds ago.
    [[nodiscard]] bool took_off_within(float window) const noexcept { return flying && flight_time < window; }
};

/// A bird's kind for its neighbors: walking (0) or flying (1). The crowd keeps every bird's
/// kind beside its position, so a thought tells its herd or its flock from the others
/// without reading their minds.
[[nodiscard]] inline std::uint32_t kind_of(const pigeon& p) noexcept { return p.flying ? 1u : 0u; }

/// A bird as the park shows it: its mind and a copy of its body.
struct bird : pigeon {
    steer::vehicle3 body;
};

/// A clap that happened: where, when, how far it carried and how many birds it startled.
struct clap_event {
    float time = 0;
    vec3 center{};
    float radius = 0;
    std::size_t startled = 0;
};

/// The pigeons, the car and the park, stepped one frame at a time.
class park {
public:
    explicit park(park_config config)
        : config_((config.validate(), std::move(config))),
          thinks_(config_.think_period()), avoids_(config_.avoidance_period()),
          crowd_(steer::think_schedule(std::gcd(thinks_, avoids_))) {
        // Every bird thinks at the crowd's rate (the avoidance rate when it divides the main
        // one); a bird's main and avoidance thoughts fall on the frames of its own phases.
        crowd_.set_kinds(&kind_of);
        const std::uint32_t every = crowd_.schedule().period();
        steer::rng setup(config_.seed);
        const float flock = config_.flock_radius * config_.scale;
        // The flock starts spread over a disc, on a jittered grid with as many points, row by
        // row: birds numbered in that order are near each other in the park and in memory.
        float spacing = flock * std::sqrt(std::numbers::pi_v<float> / static_cast<float>(config_.birds));
        std::vector<vec2> spots;
        for (; spots.size() < config_.birds; spacing *= 0.98f) {
            spots.clear();
            for (float z = -flock + spacing / 2; z < flock; z += spacing)
                for (float x = -flock + spacing / 2; x < flock; x += spacing)
                    if (x * x + z * z <= flock * flock) spots.emplace_back(x, z);
        }
        crowd_.reserve(config_.birds);
        crowd_.set_max_neighbors(max_neighbors);
        for (std::size_t i = 0; i < config_.birds; ++i) {
            vec2 d = spots[static_cast<std::size_t>(std::uint64_t{i} * spots.size() / config_.birds)];  // any size_t
            d.x += steer::uniform(setup, -0.25f, 0.25f) * spacing;
            d.y += steer::uniform(setup, -0.25f, 0.25f) * spacing;
            const terrain::point ground = config_.ground.at(d.x, d.y);
            const vec2 heading = steer::random_unit_vector<vec2>(setup);
            pigeon p;
            p.think_phase = steer::think_schedule(thinks_).random_phase(setup);
            p.avoid_phase = p.think_phase % every + every * steer::think_schedule(avoids_ / every).random_phase(setup);
            p.gen = steer::rng(setup());
            p.contagion_threshold = steer::uniform(setup, config_.contagion_threshold_min, config_.contagion_threshold_max);
            p.ground_normal = ground.normal;
            ids_.push_back(crowd_.add(steer::vehicle3({.position = {d.x, ground.height, d.y},
                                                       .velocity = tangent(vec3(heading.x, 0, heading.y), ground.normal) *
                                                                   config_.feed_speed,
                                                       .radius = config_.bird_radius,
                                                       .max_force = config_.walk_max_force,
                                                       .max_speed = config_.walk_max_speed,
                                                       .acceleration_smoothing = config_.acceleration_smoothing}),
                                      p.think_phase % every, p));
        }
        const vec2 start = config_.car_start + config_.route_offset();
        car_ = steer::vehicle3({.position = config_.ground.below({start.x, 0, start.y}),
                                .radius = 0.3f,
                                .max_force = config_.car_max_force,
                                .max_speed = 0});
        std::sort(config_.claps.begin(), config_.claps.end());
    }

    // ---- the state, read-only
    [[nodiscard]] const park_config& config() const noexcept { return config_; }
    [[nodiscard]] const steer::crowd<vec3, pigeon>& crowd() const noexcept { return crowd_; }
    [[nodiscard]] const steer::vehicle3& car() const noexcept { return car_; }
    [[nodiscard]] bool car_active() const noexcept { return config_.car; }
    [[nodiscard]] std::uint64_t frame() const noexcept { return crowd_.frame(); }
    [[nodiscard]] float time() const noexcept { return static_cast<float>(frame()) / config_.frame_hz; }
    [[nodiscard]] const std::vector<clap_event>& claps() const noexcept { return clap_log_; }
    /// Take-offs so far, by cause.
    [[nodiscard]] std::size_t takeoffs(cause c) const noexcept { return takeoffs_[static_cast<std::size_t>(c)]; }
    [[nodiscard]] std::size_t landings() const noexcept { return landings_; }
    [[nodiscard]] std::size_t size() const noexcept { return ids_.size(); }
    /// Bird number `i` (numbered as created), its mind and a copy of its body.
    [[nodiscard]] bird bird_at(std::size_t i) const { return {mind(i), body(i)}; }
    /// Every bird, by number.
    [[nodiscard]] std::vector<bird> birds() const {
        std::vector<bird> all;
        all.reserve(size());
        for (std::size_t i = 0; i < size(); ++i) all.push_back(bird_at(i));
        return all;
    }
    [[nodiscard]] const steer::vehicle3& body(std::size_t i) const { return crowd_.agent(ids_[i]); }
    /// Bird number `i`'s mind (its agent's data in the crowd).
    [[nodiscard]] const pigeon& mind(std::size_t i) const { return crowd_.data(ids_[i]); }
    /// The steering force bird `i` applies (held between its thoughts).
    [[nodiscard]] const vec3& steering(std::size_t i) const { return crowd_.steering(ids_[i]); }

    /// Where a clap startles about the most walking birds: of the 256 walking birds with the
    /// largest herds at their last thought (the most walking birds within `neighbor_radius`),
    /// the one with the most walking birds within `radius`; of equally busy ones the
    /// lowest-numbered (the park's centre when none walks; before their first thoughts, the
    /// herds are unknown and the candidates are the first 256 by number). Counting around
    /// every walking bird instead would take a wide query each: about a second for 100,000.
    [[nodiscard]] vec3 busiest_spot(float radius) const {
        expect(radius >= 0 && std::isfinite(radius), "pigeons::park::busiest_spot", "radius", ">= 0 and finite", radius);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> herds;  // (herd, bird number)
        for (std::uint32_t i = 0; i < size(); ++i)
            if (!mind(i).flying) herds.emplace_back(mind(i).herd, i);
        const auto candidates = herds.begin() + std::min<std::ptrdiff_t>(256, std::ssize(herds));
        std::partial_sort(herds.begin(), candidates, herds.end(), [](const auto& a, const auto& b) {
            return a.first > b.first || (a.first == b.first && a.second < b.second);
        });
        std::size_t most = 0;
        std::uint32_t busiest = 0;
        for (auto candidate = herds.begin(); candidate != candidates; ++candidate) {
            std::size_t walkers = 0;
            crowd_.for_each_within(body(candidate->second).position(), radius,
                                   [&](steer::crowd_id id, float) { walkers += crowd_.data(id).flying ? 0u : 1u; });
            if (walkers > most || (walkers == most && candidate->second < busiest)) {
                most = walkers;
                busiest = candidate->second;
            }
        }
        return most > 0 ? body(busiest).position() : config_.ground.below({0, 0, 0});
    }

    // ---- the user's actions (between frames)
    /// A hand clap at `center`: every bird within `radius` is startled at once (walking
    /// birds take off, flying ones start their flight plan over, more annoyed).
    std::size_t clap(const vec3& center, float radius) {
        std::vector<steer::crowd_id> startled;
        std::as_const(crowd_).for_each_within(center, radius, [&](steer::crowd_id id, float) { startled.push_back(id); });
        for (const steer::crowd_id id : startled) {
            steer::vehicle3& b = crowd_.agent(id);
            take_off(crowd_.data(id), b, cause::clap, b.position() - center);
        }
        clap_log_.push_back({time(), center, radius, startled.size()});
        return startled.size();
    }
    /// Startles bird `i`, as if something at `source` frightened it.
    void startle(std::size_t i, const vec3& source) {
        steer::vehicle3& b = crowd_.agent(ids_[i]);
        take_off(crowd_.data(ids_[i]), b, cause::other, b.position() - source);
    }

    /// One frame: the car drives, scheduled claps go off, then the crowd steps: every bird
    /// due to think does (reading the state the previous frame left, and writing only its
    /// own mind), every bird moves with its held steering, and `act` keeps it on the ground
    /// or above it and carries out what its thought decided. `exec` (steer/executor.hpp)
    /// runs the crowd's loops on its threads; the frame comes out the same, bit for bit.
    template <class Exec = steer::serial_executor>
        requires steer::executor<Exec>
    void step(Exec&& exec = {}) {
        const float dt = config_.frame_seconds();
        drive_car(dt);
        for (; next_clap_ < config_.claps.size() && config_.claps[next_clap_] <= time(); ++next_clap_)
            clap(busiest_spot(config_.clap_radius), config_.clap_radius);
        thinking_ = static_cast<std::uint32_t>(frame() % thinks_);  // the phases due this frame
        avoiding_ = static_cast<std::uint32_t>(frame() % avoids_);
        // A bird looks as far as its thought needs: its whole neighborhood for a main thought,
        // only personal space and its landing room for avoidance alone.
        const float wide = config_.neighbor_radius(), near = config_.near_radius();
        crowd_.step(
            dt,
            steer::radius_by_agent{wide, [this, wide, near](steer::crowd_id, const steer::vehicle3&, const pigeon& me) {
                                       return me.think_phase == thinking_ ? wide : near;
                                   }},
            [this](steer::crowd_id, const steer::vehicle3& b, pigeon& me, const auto& neighbors) {
                return this->think(me, b, neighbors);
            },
            steer::batch_constraint{[this, dt](std::span<const steer::crowd_id>, std::span<steer::vehicle3> bodies,
                                               std::span<pigeon> minds) { act(minds, bodies, dt); }},
            exec);
    }

private:
    /// The most neighbors a bird is given: more than the densest herd holds within 2.5 m.
    static constexpr std::size_t max_neighbors = 128;

    /// A bird's thought over its neighbors (the others within `neighbor_radius`, or within
    /// `near_radius` for avoidance alone). It reads them, bodies and minds as the previous
    /// frame left them, writes only its own mind, and returns the force the bird applies
    /// until its next thought.
    template <class Neighbors>
    vec3 think(pigeon& me, const steer::vehicle3& b, const Neighbors& neighbors) {
        const bool main = me.think_phase == thinking_, avoid = me.avoid_phase == avoiding_;
        // Where some neighbors are not of its kind, one pass over them: those of its kind
        // (its herd or its flock); for a walking bird, those that just took off near it
        // (contagion); for a bird coming down, whether a walking bird is where it would land.
        const bool all_kin = neighbors.all_of_kind(kind_of(me));
        std::array<const steer::vehicle3*, max_neighbors> kin;
        std::size_t kin_count = all_kin ? neighbors.size() : 0, alarmed = 0;
        vec3 alarm(0);
        const vec3 p = b.position(), landing_spot = me.descending() ? config_.ground.below(p) : p;
        me.room_to_land = true;
        if (!all_kin)
            for (std::size_t i = 0; i < neighbors.size(); ++i) {
                const steer::vehicle3& o = neighbors[i];
                if (neighbors.kind(i) == kind_of(me)) {
                    kin[kin_count++] = &o;
                } else if (!me.flying && neighbors.data(i).took_off_within(config_.recent_takeoff) &&
                           nearby(p, o.position())) {  // (a flying bird's others walk: no mind to read)
                    ++alarmed;
                    alarm += o.velocity();
                } else if (me.descending() && steer::distance_squared(o.position(), landing_spot) <=
                                                  config_.landing_room * config_.landing_room) {
                    me.room_to_land = false;
                }
            }
        // Group behaviors over the crowd's own list when every neighbor is of the bird's kind
        // (the usual case): flocking and separation run in SIMD lanes there.
        const std::span<const steer::vehicle3* const> mine(kin.data(), kin_count);
        if (avoid && all_kin) avoid_obstacles(me, b, neighbors);
        else if (avoid) avoid_obstacles(me, b, mine);
        // Contacts at the avoidance thoughts between main ones (20 of 30 a second), whose short
        // list holds the one or two birds that can touch; at every one when a bird has no other.
        if (avoid && (!main || thinks_ <= avoids_) && !me.flying && config_.keep_bodies_apart) {
            if (all_kin) keep_apart(me, b, neighbors);
            else keep_apart(me, b, mine);
        }
        const auto flocking = [&](const steer::flocking_params<vec3>& params) {
            return all_kin ? steer::flocking(b, neighbors, params) : steer::flocking(b, mine, params);
        };
        if (main && me.flying) {
            me.steering = flocking(config_.fly_flocking) + flight_plan(me, b) * config_.flight_control_weight;
        } else if (main) {
            me.herd = static_cast<std::uint32_t>(kin_count);
            walk(me, b, flocking(config_.walk_flocking));
            // The alarms: the car's take-off zone, then contagion, when the share of birds
            // nearby that just took off reaches the bird's own threshold.
            const vec3 car_p = car_.position(), car_v = car_velocity();
            std::size_t birds_nearby = 0;
            if (alarmed > 0)
                for (const auto& o : neighbors) birds_nearby += nearby(p, o.position()) ? 1u : 0u;
            if (config_.car && steer::avatar_neighborhood_contains(config_.take_off_zone, car_p, car_v, p)) {
                me.take_off = cause::car;
                me.away = steer::avatar_escape_direction(config_.take_off_zone, car_p, car_v, p);
            } else if (alarmed > 0 &&
                       static_cast<float>(alarmed) >= me.contagion_threshold * static_cast<float>(birds_nearby)) {
                me.take_off = cause::contagion;
                me.away = alarm;
            }
        }
        me.thoughts += main ? 1 : 0;
        return urge(me, b.max_force());
    }

    /// Contagion's cylinder around a bird at `p`: `contagion_radius` along the ground,
    /// `contagion_height` up or down.
    [[nodiscard]] bool nearby(const vec3& p, const vec3& q) const noexcept {
        const vec3 d = q - p;
        return d.x * d.x + d.z * d.z <= config_.contagion_radius * config_.contagion_radius &&
               std::abs(d.y) <= config_.contagion_height;
    }

    /// The bird's force: its held urges combined. On foot, avoidance has priority: while a
    /// bird steers clear of the enclosure its other urges wait (Reynolds 1999, "Combining
    /// Behaviors"); then personal space spends the force budget before the herd, feeding
    /// and the car get what is left (prioritized acceleration allocation, Reynolds 1987). In
    /// flight, avoidance (weighted) spends the budget first and the flight plan and flocking
    /// get the rest, so a bird skimming the enclosure still follows its plan down. Reciprocal
    /// walkers follow their reciprocal avoidance alone, once clear of the enclosure.
    [[nodiscard]] vec3 urge(const pigeon& me, float max_force) const {
        const auto avoidance = [&] { return me.avoidance; };
        const auto spacing = [&] { return me.spacing; };
        const auto steering = [&] { return me.steering; };
        if (me.flying)
            return steer::truncated_sum(max_force, steer::weighted(config_.avoidance_weight, avoidance),
                                        steer::weighted(1.0f, spacing), steer::weighted(1.0f, steering));
        return steer::priority(1e-4f, avoidance, [&] {
            if (config_.reciprocal_walkers) return me.spacing;  // it carries the steering's wish already
            return steer::truncated_sum(max_force, steer::weighted(1.0f, spacing), steer::weighted(1.0f, steering));
        });
    }

    /// Walking (the paper's "loosely organized 2D flock, essentially a herd"): `herd` (flocking
    /// with the herd), a slow meander, the feeding pace, and moving away from the car, along the ground.
    void walk(pigeon& me, const steer::vehicle3& b, const vec3& herd) {
        const float think_dt = static_cast<float>(thinks_) / config_.frame_hz;
        const vec3 steering = steer::weighted_sum(
            steer::weighted(1.0f, [&] { return herd; }),
            steer::weighted(config_.wander_weight, [&] {
                // Only the turning part: feeding meanders, and the pace is the feed term's job.
                const vec3 w = steer::wander(b, me.wander, me.gen, think_dt, config_.wander);
                return steer::safe_normalize(steer::perpendicular_component(w, b.forward()));
            }),
            steer::weighted(config_.feed_weight, [&] { return b.forward() * config_.feed_speed - b.velocity(); }),
            steer::weighted(config_.avatar_weight, [&] {
                return config_.car ? steer::avatar_avoidance(b, car_.position(), car_velocity(), config_.move_away_zone)
                                   : vec3(0);
            }));
        me.steering = tangent(steering, me.ground_normal);
    }

    /// The flight plan as a desired velocity: climb, then fly level, then glide down,
    /// slowing the descent near the ground so the bird touches down gently.
    [[nodiscard]] vec3 flight_plan(const pigeon& me, const steer::vehicle3& b) const noexcept {
        vec3 ahead = horizontal_direction(b.forward());
        const vec3 p = b.position();
        const float altitude = config_.ground.altitude(p);
        if (me.flight_time < me.ascent_time) {
            const auto e = config_.enclosure();
            const float ceiling = config_.ceiling * (e.center.y + e.radius);
            const float climb = config_.climb_rate * steer::clamp((ceiling - altitude) / 2.0f, 0.0f, 1.0f);
            return ahead * (0.8f * config_.cruise_speed) + vec3(0, climb, 0) - b.velocity();
        }
        const vec3 home = vec3(-p.x, 0, -p.z) / config_.enclosure().radius;
        ahead = horizontal_direction(ahead + home * config_.home_pull, ahead);
        if (me.flight_time < me.descent_time) return ahead * config_.cruise_speed - b.velocity();
        const float sink = std::min(config_.descent_rate, 0.3f + 0.8f * std::max(altitude, 0.0f));
        return ahead * (0.5f * config_.cruise_speed) - vec3(0, sink, 0) - b.velocity();
    }

    /// Avoidance (about 30 Hz): personal space among its kind, containment in the
    /// enclosure and, in flight, above the ground (except while coming down to land).
    template <class Kin>
    void avoid_obstacles(pigeon& me, const steer::vehicle3& b, const Kin& kin) {
        // Reciprocal walkers: the velocity nearest the one the bird's urges want that keeps it
        // clear of the herd, reached over the frames until its next avoidance thought.
        me.spacing = !me.flying && config_.reciprocal_walkers
                         ? steer::reciprocal_avoidance(b, kin, steer::desired_velocity(b, me.steering),
                                                       static_cast<float>(avoids_) / config_.frame_hz,
                                                       config_.walk_reciprocal)
                         : steer::separation(b, kin, {.max_distance = config_.personal_space}) *
                               config_.personal_space_weight;
        auto enclosure = config_.enclosure();
        enclosure.radius -= config_.enclosure_margin;
        if (!me.flying) {
            me.avoidance = tangent(steer::containment(b, enclosure, {.prediction_time = config_.walk_lookahead}), me.ground_normal);
            me.spacing = tangent(me.spacing, me.ground_normal);
            return;
        }
        me.avoidance = steer::containment(b, enclosure, {.prediction_time = config_.enclosure_lookahead});
        if (!me.descending())
            me.avoidance += steer::containment(b, air_above{&config_.ground, config_.ground_clearance},
                                               {.prediction_time = config_.ground_lookahead});
    }

    /// A walking bird's contacts with the walking birds `kin`: where both will be after the
    /// frame's move (each at its velocity), every neighbor whose body would then be closer
    /// than the two radii plus `body_gap` gives half of that overlap to step back along the
    /// line between them, and half of their closing speed to shed; `act` carries both out
    /// after the move. The neighbor takes the other halves at its own thought.
    template <class Kin>
    void keep_apart(pigeon& me, const steer::vehicle3& b, const Kin& kin) const {
        const float dt = config_.frame_seconds();
        me.contact_step = me.contact_brake = vec3(0);
        // First, in the crowd's SIMD lanes over its compact records (positions and radii):
        // whether any body is within the gap plus what two birds can close in a frame. Its
        // push is zero when none is (or, by chance, when the pushes cancel exactly); reading
        // the neighbors' bodies one by one, each a load from elsewhere in memory, is for
        // the thoughts where one is.
        const float window = config_.body_gap + 2 * config_.walk_max_speed * dt;
        if (steer::separation(b, kin, {.max_distance = config_.near_radius()}, {.bodies = true, .personal_space = window}) ==
            vec3(0))
            return;
        const vec3 p = b.position() + b.velocity() * dt;
        vec3 step(0), brake(0);
        for (const auto& k : kin) {
            const steer::vehicle3& o = vehicle_of(k);
            const vec3 d = p - (o.position() + o.velocity() * dt);
            const float reach = b.radius() + o.radius() + config_.body_gap;
            const float d2 = glm::dot(d, d);
            if (d2 >= reach * reach || d2 == 0) continue;
            const float distance = std::sqrt(d2);
            const vec3 away = d / distance;
            step += away * (0.5f * (reach - distance));
            const float closing = glm::dot(b.velocity() - o.velocity(), away);
            if (closing < 0) brake -= away * (0.5f * closing);
        }
        me.contact_step = step;
        me.contact_brake = brake;
    }
    [[nodiscard]] static const steer::vehicle3& vehicle_of(const steer::vehicle3& v) noexcept { return v; }
    [[nodiscard]] static const steer::vehicle3& vehicle_of(const steer::vehicle3* v) noexcept { return *v; }

    /// After a batch of birds has moved: what each one's thought decided, its annoyance
    /// calming, and its place: a flying bird above the ground, or landing when it comes down
    /// low enough (only where no walking bird is right under it: else it skims on at landing
    /// height); a walking one on the ground, moving along it (the walkers' velocities turned
    /// all at once, several birds per instruction). Runs on any thread, changing only these birds.
    void act(std::span<pigeon> minds, std::span<steer::vehicle3> bodies, float dt) {
        std::vector<steer::vehicle3*> walkers;
        std::vector<vec3> along_ground;
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            pigeon& me = minds[i];
            steer::vehicle3& b = bodies[i];
            me.annoyance *= calm_;
            if (me.take_off != cause::none) take_off(me, b, std::exchange(me.take_off, cause::none), me.away);
            if (me.flying) fly_over_ground(me, b, dt);
            if (me.flying) {
                me.contact_step = me.contact_brake = vec3(0);
                continue;
            }
            if (me.contact_step != vec3(0)) b.set_position(b.position() + std::exchange(me.contact_step, vec3(0)));
            me.ground_normal = put_on_ground(b).normal;
            walkers.push_back(&b);
            const vec3 v = me.contact_brake != vec3(0) ? b.velocity() + std::exchange(me.contact_brake, vec3(0)) : b.velocity();
            along_ground.push_back(tangent(v, me.ground_normal));
        }
        steer::set_velocities(walkers, along_ground, [](steer::vehicle3* b) -> steer::vehicle3& { return *b; });
    }

    /// A flying bird over the ground: landing, skimming at landing height, or off the ground.
    void fly_over_ground(pigeon& me, steer::vehicle3& b, float dt) {
        me.flight_time += dt;
        const vec3 p = b.position(), v = b.velocity();
        const terrain::point ground = config_.ground.at(p.x, p.z);
        const float altitude = p.y - ground.height;
        if (me.descending() && altitude <= config_.land_altitude && me.room_to_land) {
            land(me, b);
        } else if (me.descending() && altitude <= config_.land_altitude) {
            b.set_position({p.x, ground.height + config_.land_altitude, p.z});
            if (v.y < 0) b.set_velocity({v.x, 0, v.z});
        } else if (altitude < 0) {
            b.set_position({p.x, ground.height, p.z});
            if (v.y < 0) b.set_velocity(tangent(v, ground.normal));
        }
    }

    /// The bird takes off (or, already flying, starts its flight plan over), fleeing along
    /// `away` (horizontally). Its annoyance goes up, and with it the length of the flight.
    void take_off(pigeon& me, steer::vehicle3& b, cause why, const vec3& away) {
        me.annoyance = std::min(config_.max_annoyance, me.annoyance + config_.annoyance_per_startle);
        const float stretch = std::max(1.0f, me.annoyance);
        me.flight_time = 0;
        me.ascent_time = config_.ascent_time * stretch;
        me.descent_time = me.ascent_time + config_.cruise_time * stretch;
        me.last_cause = why;
        const vec3 direction = horizontal_direction(away, horizontal_direction(b.forward()));
        if (!me.flying) {
            me.flying = true;
            b.set_max_speed(config_.fly_max_speed);
            b.set_max_force(config_.fly_max_force);
            b.set_velocity(direction * 1.5f + vec3(0, config_.climb_rate, 0));
        }
        me.steering = direction * config_.cruise_speed + vec3(0, config_.climb_rate, 0) - b.velocity();
        ++takeoffs_[static_cast<std::size_t>(why)];
    }

    /// Touching down brakes the bird to a walk, so it does not skid into its neighbors.
    void land(pigeon& me, steer::vehicle3& b) {
        me.flying = false;
        me.flight_time = 0;
        b.set_velocity(steer::truncate(b.velocity(), config_.landing_speed));
        b.set_max_speed(config_.walk_max_speed);
        b.set_max_force(config_.walk_max_force);
        me.steering = me.avoidance = me.spacing = vec3(0);
        ++landings_;
    }

    /// Puts `b` on the ground right under (or over) it; returns the ground there, whose
    /// normal says which plane a walker moves in.
    terrain::point put_on_ground(steer::vehicle3& b) const {
        const vec3 p = b.position();
        const terrain::point ground = config_.ground.at(p.x, p.z);
        b.set_position({p.x, ground.height, p.z});
        return ground;
    }

    [[nodiscard]] vec3 car_velocity() const noexcept { return config_.car ? car_.velocity() : vec3(0); }

    /// The scripted RC car: each leg seeks its target at the leg's speed; the last one
    /// arrives and parks.
    void drive_car(float dt) {
        if (!config_.car || config_.car_route.empty()) return;
        const car_leg& leg = config_.car_route[car_leg_];
        const bool last = car_leg_ + 1 == config_.car_route.size();
        vec3 force = -car_.velocity() * 4.0f;  // waiting, braking
        if (time() >= leg.not_before) {
            const vec2 t2 = leg.target + config_.route_offset();
            const vec3 target = config_.ground.below({t2.x, 0, t2.y});
            if (car_.max_speed() != leg.speed) car_.set_max_speed(leg.speed);
            // A gentle driver: on a seek leg the car steers with a force equal to its speed
            // (seek then corrects the velocity at one per second, in wide curves); parking
            // uses its full force.
            car_.set_max_force(last ? config_.car_max_force : std::min(leg.speed, config_.car_max_force));
            force = last ? steer::arrival(car_, target, {.slowing_distance = 3.0f}) : steer::seek(car_, target);
            if (!last && steer::distance_squared(target, car_.position()) < 1.0f) ++car_leg_;
        }
        car_.apply_force(tangent(force, vec3(0, 1, 0)), dt);
        car_.set_velocity(tangent(car_.velocity(), put_on_ground(car_).normal));
    }

    park_config config_;
    std::uint32_t thinks_, avoids_;  ///< frames between a bird's main thoughts, and its avoidance thoughts
    std::uint32_t thinking_ = 0, avoiding_ = 0;  ///< the phases due in the frame being stepped
    steer::crowd<vec3, pigeon> crowd_;  ///< the birds: bodies and minds
    std::vector<steer::crowd_id> ids_;  ///< bird number -> its handle in the crowd
    float calm_ = config_.annoyance_kept_per_frame();
    steer::vehicle3 car_;
    std::size_t car_leg_ = 0;
    std::size_t next_clap_ = 0;
    std::vector<clap_event> clap_log_;
    std::array<std::atomic<std::size_t>, cause_count> takeoffs_{};  // counted on any thread
    std::atomic<std::size_t> landings_{0};
};

}  // namespace pigeons

#endif  // PIGEONS_PARK_HPP
