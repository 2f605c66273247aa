#ifndef PIGEONS_HAND_TUNED_PARK_HPP
#define PIGEONS_HAND_TUNED_PARK_HPP

/// @file
/// The model of "Pigeons in the Park" (Reynolds 2000, "Case study: Pigeons in the Park",
/// "Reacting to the User", "Realtime Performance"), kept apart from the command line so
/// the tests and the benchmark drive exactly the program's simulation.
///
/// Birds feed on an undulating meadow inside an invisible spherical enclosure. Each bird
/// is walking (a loose herd, moving tangent to the ground) or flying (a 3D boids flock
/// that climbs, cruises and descends to land). Startles (the RC car coming too close or
/// too fast, a hand clap, or enough neighbors taking off at once) send a walking bird up;
/// every startle ratchets up its annoyance, which decays slowly and makes the next flight
/// longer. Birds think at 10 Hz with random phases, avoid obstacles at 30 Hz, and hold
/// their steering force in between; every neighbor query goes through a proximity
/// database (a bin lattice by default).
///
/// Units: metres, seconds, kilograms (every bird has mass 1). +Y is up.

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <steer/steer.hpp>

#include "terrain.hpp"

namespace pigeons_hand_tuned {

/// `v` with its component along the unit `normal` removed.
[[nodiscard]] inline vec3 tangent(const vec3& v, const vec3& normal) noexcept {
    return v - normal * glm::dot(v, normal);
}
/// The horizontal unit direction of `v`, or `fallback` when `v` is vertical or zero.
[[nodiscard]] inline vec3 horizontal_direction(const vec3& v, const vec3& fallback = {1, 0, 0}) noexcept {
    const vec3 h = steer::safe_normalize(vec3(v.x, 0, v.z));
    return h == vec3(0) ? fallback : h;
}

/// Why a bird took off.
enum class cause : std::uint8_t { none, car, clap, contagion, other };
inline constexpr std::size_t cause_count = 5;

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
    float frame_hz = 60;     ///< simulation steps per second
    float think_hz = 10;     ///< main thinking rate of each bird (Reynolds 2000: 10 Hz)
    float avoidance_hz = 30; ///< obstacle and ground avoidance rate (Reynolds 2000: about 30 Hz)

    /// World size multiplier: the enclosure and the flock's starting disc grow by it (the car's
    /// route keeps its size, see `route_offset`). `for_birds` sets it so that the starting density stays that of 280 birds.
    float scale = 1;
    terrain ground{};
    float enclosure_radius = 27;      ///< metres, before scaling
    float enclosure_center_y = -2;    ///< the sphere's centre is a little underground
    float flock_radius = 7;           ///< the birds start feeding in a disc this wide (before scaling)
    /// Bins per axis over the enclosure's bounding box: `for_birds` makes them about
    /// `lattice_bin_width` across and one layer high (45 x 1 x 45 for the default park).
    glm::ivec3 lattice_divisions{45, 1, 45};

    // ---- bodies
    float bird_radius = 0.15f;
    float walk_max_speed = 1.6f;   ///< m/s, when hurrying away from the car
    float feed_speed = 0.3f;       ///< m/s, the pace of feeding
    float fly_max_speed = 5.5f;
    float cruise_speed = 4.0f;
    float walk_max_force = 2;
    float fly_max_force = 9;
    float acceleration_smoothing = 0.05f;  ///< seconds: blends the held steering forces

    // ---- walking: the herd (separation, alignment, cohesion), feeding, the car
    steer::flocking_params<vec3> walk_flocking{
        .separation = {.max_distance = 0.7f},
        .alignment = {.max_distance = 1.5f, .max_angle = 2.0f},
        .cohesion = {.max_distance = 2.5f},
        .separation_weight = 0.5f,   // shares of walk_max_force
        .alignment_weight = 0.15f,
        .cohesion_weight = 0.15f};
    float wander_weight = 0.3f;
    float feed_weight = 2.0f;   ///< pull toward feeding speed
    float avatar_weight = 2.4f; ///< move away from the car
    steer::wander_params<vec3> wander{.radius = 1, .distance = 2, .rate = 3};

    // ---- flying: the flock and the flight plan
    /// A flying bird looks as far as a walking one (2.5 m): a flock that takes off from the
    /// dense herd keeps about 40 birds within that, plenty to steer by, where 4 m held about
    /// 130 and made a flying thought cost twice as much, for a flock only a little tighter.
    steer::flocking_params<vec3> fly_flocking{
        .separation = {.max_distance = 1.2f},
        .alignment = {.max_distance = 2.0f, .max_angle = 2.4f},
        .cohesion = {.max_distance = 2.5f, .max_angle = 2.4f},
        .separation_weight = 1.0f / 3,   // shares of fly_max_force
        .alignment_weight = 1.0f / 6,
        .cohesion_weight = 1.0f / 9};
    float flight_control_weight = 1.5f;
    /// After the climb, the flight curves back toward the meadow: this much of the
    /// horizontal direction home, per enclosure radius of distance, is added to the heading.
    float home_pull = 0.8f;
    float climb_rate = 2.5f;      ///< m/s upward during the ascent
    float descent_rate = 1.5f;    ///< m/s downward during the descent, slowing near the ground
    float ascent_time = 0.8f;     ///< seconds of climbing after a take-off, times the annoyance
    float cruise_time = 1.2f;     ///< seconds of level flight before descending, times the annoyance
    float land_altitude = 0.12f;  ///< a descending bird this low lands
    float landing_speed = 0.5f;   ///< m/s: touching down brakes a bird to at most this
    float landing_room = 0.35f;   ///< m: a bird lands only where no walking bird is this close
    float ground_clearance = 1.0f;
    /// Personal space, kept at the avoidance rate (about 30 Hz, like obstacles: at 10 Hz
    /// birds notice a neighbor too late): separation's unnormalized 1/r push from birds
    /// closer than this, growing as they get closer (flocking's separation is normalized).
    float personal_space = 0.5f;
    float personal_space_weight = 0.6f;  ///< a share of max_force, as every weight
    float ground_lookahead = 1.0f;     ///< seconds of prediction for ground avoidance
    /// In flight, the avoidance force is scaled by this before it takes its share of the
    /// force budget: a sharp correction takes all of it, a glancing one leaves room.
    float avoidance_weight = 3.0f;
    float enclosure_lookahead = 1.5f;
    float enclosure_margin = 1.0f;     ///< metres: birds steer to stay this far inside the enclosure
    /// Climbing eases off toward this fraction of the enclosure's height above the ground.
    float ceiling = 0.5f;  ///< seconds of prediction for containment in flight
    float walk_lookahead = 3.0f;       ///< seconds of prediction for containment on foot

    // ---- annoyance: ratcheted up by each startle, decaying slowly
    float annoyance_per_startle = 1;
    float annoyance_time_constant = 20;  ///< seconds for it to fall to 1/e
    float max_annoyance = 4;

    // ---- contagion: take off when enough nearby birds just took off
    float contagion_radius = 1.2f;        ///< metres, measured horizontally
    float contagion_height = 2.0f;        ///< metres above or below that still count as nearby
    float recent_takeoff = 1.0f;          ///< seconds during which a take-off counts as recent
    float contagion_threshold_min = 0.1f; ///< each bird's threshold is drawn from [min, max]
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

    /// Seconds between re-sorts of the birds' storage by place (`park` keeps neighbors near
    /// each other in memory; 0 = never). Speed only, not behavior, but the database's
    /// updates come in storage order, so results differ from another interval by rounding.
    float sort_interval = 1;

    /// Width of the lattice's bins that `for_birds` aims at, metres: about half the radius
    /// of a walking bird's main query (2.5 m), so that a query visits few bins beyond its
    /// sphere and the personal-space query (0.5 m) one to four, yet a bin of the dense herd
    /// holds only two or three birds, which the lattice tests together.
    static constexpr float lattice_bin_width = 1.2f;
    /// At most this many bins across (a bin costs memory whether used or not): 1,024 x 1,024
    /// bins are about 100 MB, reached at about 145,000 birds.
    static constexpr int lattice_max_across = 1024;

    /// The default story for `n` birds, the world scaled so the flock is as dense as with 280,
    /// and bins about `lattice_bin_width` across (45 x 1 x 45 up to 280 birds, 269 x 1 x 269
    /// for 10,000, 850 x 1 x 850 for 100,000). One layer: walking birds are all within a
    /// metre of the meadow, and flying ones mostly a few metres above it, so bins cut in
    /// height would mostly sort fliers from walkers, which the queries filter cheaply anyway
    /// (2 to 4 layers measured no faster).
    [[nodiscard]] static park_config for_birds(std::size_t n) {
        park_config c;
        c.birds = n;
        c.scale = std::max(1.0f, std::sqrt(static_cast<float>(n) / 280.0f));
        const float across = 2.0f * c.enclosure_radius * c.scale / lattice_bin_width;
        const int bins = std::clamp(static_cast<int>(std::lround(across)), 1, lattice_max_across);
        c.lattice_divisions = {bins, 1, bins};
        return c;
    }

    /// Refuses rates, radii and durations that would make the simulation meaningless.
    void validate() const {
        constexpr auto where = "pigeons::park_config";
        using steer::detail::expect_above;
        using steer::detail::expect_at_least;
        expect_above(where, "frame_hz", frame_hz, 0.0f);
        expect_above(where, "think_hz", think_hz, 0.0f);
        expect_above(where, "avoidance_hz", avoidance_hz, 0.0f);
        expect_at_least(where, "scale", scale, 1.0f);
        expect_above(where, "enclosure_radius", enclosure_radius, enclosure_margin);
        expect_above(where, "flock_radius", flock_radius, 0.0f);
        expect_above(where, "annoyance_time_constant", annoyance_time_constant, 0.0f);
        expect_at_least(where, "contagion_threshold_min", contagion_threshold_min, 0.0f);
        expect_at_least(where, "contagion_threshold_max", contagion_threshold_max, contagion_threshold_min);
        expect_at_least(where, "clap_radius", clap_radius, 0.0f);
        expect_at_least(where, "sort_interval", sort_interval, 0.0f);
        for (float t : claps) expect_at_least(where, "claps", t, 0.0f);
        steer::validate(move_away_zone);
        steer::validate(take_off_zone);
    }

    [[nodiscard]] float frame_seconds() const noexcept { return 1.0f / frame_hz; }
    /// The car's route is drawn for the default park; in a scaled park it is moved west by
    /// the flock's extra radius, so the car meets the flock's edge at the same moments.
    [[nodiscard]] vec2 route_offset() const noexcept { return {-(scale - 1.0f) * flock_radius, 0.0f}; }
    [[nodiscard]] std::uint32_t think_period() const noexcept { return period_for(think_hz); }
    /// Frames between re-sorts by place; 0: never.
    [[nodiscard]] std::uint32_t sort_period() const noexcept {
        return sort_interval > 0 ? period_for(1.0f / sort_interval) : 0;
    }
    [[nodiscard]] std::uint32_t avoidance_period() const noexcept {
        return period_for(std::max(avoidance_hz, think_hz));
    }
    [[nodiscard]] steer::sphere<vec3> enclosure() const noexcept {
        return {{0, enclosure_center_y, 0}, enclosure_radius * scale};
    }

private:
    [[nodiscard]] std::uint32_t period_for(float hz) const noexcept {
        return static_cast<std::uint32_t>(std::max(1.0f, std::round(frame_hz / hz)));
    }
};

/// Sorts `keys` by their high 32 bits, keeping the order of equal ones (a radix sort,
/// four passes of eight bits; `scratch` is its buffer). On keys whose low bits are their
/// places, as `sort_by_place` makes them, that is the order std::sort gives, in a quarter
/// of the time (about 0.6 against 2.2 ms at 100,000 birds).
inline void sort_by_high_word(std::vector<std::uint64_t>& keys, std::vector<std::uint64_t>& scratch) {
    scratch.resize(keys.size());
    for (unsigned shift = 32; shift < 64; shift += 8) {
        std::array<std::size_t, 257> start{};
        for (const std::uint64_t key : keys) ++start[((key >> shift) & 0xffu) + 1];
        for (std::size_t d = 1; d < start.size(); ++d) start[d] += start[d - 1];
        for (const std::uint64_t key : keys) scratch[start[(key >> shift) & 0xffu]++] = key;
        keys.swap(scratch);
    }
}

/// One pigeon: its body and its small mind (Reynolds 2000, Figure 4).
struct bird {
    steer::vehicle3 body;
    bool flying = false;
    float annoyance = 0;
    float flight_time = 0;   ///< seconds since the last take-off
    float ascent_time = 0;   ///< this flight climbs until this flight time
    float descent_time = 0;  ///< and descends from this flight time on
    cause last_cause = cause::none;
    std::uint32_t think_phase = 0;
    std::uint32_t avoid_phase = 0;
    vec3 steering{};   ///< held from the last main thought
    vec3 avoidance{};  ///< held from the last avoidance thought: the enclosure, the ground
    vec3 spacing{};    ///< held from the last avoidance thought: personal space
    vec3 ground_normal{0, 1, 0};  ///< walking: the ground's normal under it, kept by each step's snap to the ground
    steer::wander_state<vec3> wander{};
    steer::rng gen{};
    float contagion_threshold = 0.2f;
    std::uint32_t id = 0;  ///< its number: its place in creation order, the order `park::birds()` keeps

    /// Whether the bird is on its way down (landing at the end).
    [[nodiscard]] bool descending() const noexcept { return flying && flight_time >= descent_time; }
    /// Whether it took off less than `window` seconds ago.
    [[nodiscard]] bool took_off_within(float window) const noexcept { return flying && flight_time < window; }
};

/// The birds by number, as a park shows them (it stores them sorted by place): element `i`
/// is bird number `i`. A view: valid until the park's next step, which may re-sort its storage.
class bird_list {
public:
    /// Walks the birds in number order.
    class iterator {
    public:
        using value_type = bird;
        using difference_type = std::ptrdiff_t;
        using reference = const bird&;
        using pointer = const bird*;
        using iterator_category = std::forward_iterator_tag;

        iterator() = default;
        iterator(const bird* stored, const std::uint32_t* slot) noexcept : stored_(stored), slot_(slot) {}
        [[nodiscard]] const bird& operator*() const noexcept { return stored_[*slot_]; }
        [[nodiscard]] const bird* operator->() const noexcept { return stored_ + *slot_; }
        iterator& operator++() noexcept {
            ++slot_;
            return *this;
        }
        iterator operator++(int) noexcept {
            iterator before = *this;
            ++slot_;
            return before;
        }
        [[nodiscard]] friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.slot_ == b.slot_; }

    private:
        const bird* stored_ = nullptr;
        const std::uint32_t* slot_ = nullptr;
    };

    /// `stored` in storage order; `slots[i]` is where bird number `i` is in it.
    bird_list(std::span<const bird> stored, std::span<const std::uint32_t> slots) noexcept
        : stored_(stored), slots_(slots) {}
    /// Bird number `i`.
    [[nodiscard]] const bird& operator[](std::size_t i) const noexcept { return stored_[slots_[i]]; }
    [[nodiscard]] std::size_t size() const noexcept { return slots_.size(); }
    [[nodiscard]] bool empty() const noexcept { return slots_.empty(); }
    [[nodiscard]] iterator begin() const noexcept { return {stored_.data(), slots_.data()}; }
    [[nodiscard]] iterator end() const noexcept { return {stored_.data(), slots_.data() + slots_.size()}; }

private:
    std::span<const bird> stored_;
    std::span<const std::uint32_t> slots_;
};

/// A clap that happened: where, when, how far it carried and how many birds it startled.
struct clap_event {
    float time = 0;
    vec3 center{};
    float radius = 0;
    std::size_t startled = 0;
};

/// The pigeons, the car and the park, stepped one frame at a time. `Database` is the
/// proximity database of bird indices: `steer::bin_lattice<vec3, std::uint32_t>` or
/// `steer::brute_force<vec3, std::uint32_t>`.
template <class Database>
class park {
public:
    explicit park(park_config config)
        : config_(validated(std::move(config))), think_(config_.think_period()), avoid_(config_.avoidance_period()),
          db_(make_database(config_)) {
        const float s = config_.scale;
        steer::rng setup(config_.seed);
        birds_.reserve(config_.birds);
        handles_.reserve(config_.birds);
        const float flock = config_.flock_radius * s;
        const float spacing = 0.35f;
        // Placement always uses a 2D lattice of its own, so every database starts from the
        // same flock (and a brute-force park is not O(n^2) to build).
        const auto cells = static_cast<int>(std::clamp(flock / 2.0f, 1.0f, 512.0f));
        steer::bin_lattice<vec2, std::uint32_t> placed({{-flock, -flock}, {flock, flock}}, {cells, cells});
        for (std::size_t i = 0; i < config_.birds; ++i) {
            // Spread the flock over a disc, rejecting spots too close to an earlier bird.
            vec3 spot{};
            for (int attempt = 0; attempt < 20; ++attempt) {
                const vec2 d = steer::random_vector_in_unit_ball<vec2>(setup) * flock;
                spot = config_.ground.below({d.x, 0, d.y});
                bool crowded = false;
                placed.for_each_within(d, spacing, [&](std::uint32_t, float) { crowded = true; });
                if (!crowded) break;
            }
            placed.insert(static_cast<std::uint32_t>(i), vec2(spot.x, spot.z));
            const vec2 heading = steer::random_unit_vector<vec2>(setup);
            const vec3 n = config_.ground.normal(spot.x, spot.z);
            bird b{.body = steer::vehicle3({.position = spot,
                                            .velocity = tangent(vec3(heading.x, 0, heading.y), n) * config_.feed_speed,
                                            .radius = config_.bird_radius,
                                            .max_force = config_.walk_max_force,
                                            .max_speed = config_.walk_max_speed,
                                            .acceleration_smoothing = config_.acceleration_smoothing})};
            b.ground_normal = n;
            b.think_phase = think_.random_phase(setup);
            b.avoid_phase = avoid_.random_phase(setup);
            b.gen = steer::rng(setup());
            b.contagion_threshold =
                steer::uniform(setup, config_.contagion_threshold_min, config_.contagion_threshold_max);
            b.id = static_cast<std::uint32_t>(i);
            handles_.push_back(db_.insert(static_cast<std::uint32_t>(i), spot));
            slots_.push_back(static_cast<std::uint32_t>(i));
            birds_.push_back(std::move(b));
        }
        pending_.assign(config_.birds, pending{});
        sort_period_ = config_.sort_period();
        if (sort_period_ > 0) sort_by_place();
        const vec2 start = config_.car_start + config_.route_offset();
        car_ = steer::vehicle3({.position = config_.ground.below({start.x, 0, start.y}),
                                .radius = 0.3f,
                                .max_force = config_.car_max_force,
                                .max_speed = 0});
        std::sort(config_.claps.begin(), config_.claps.end());
    }

    // ---- the state, read-only
    [[nodiscard]] const park_config& config() const noexcept { return config_; }
    /// The birds by number (creation order), whatever order the park stores them in.
    [[nodiscard]] bird_list birds() const noexcept { return bird_list(birds_, slots_); }
    [[nodiscard]] const steer::vehicle3& car() const noexcept { return car_; }
    [[nodiscard]] bool car_active() const noexcept { return config_.car; }
    [[nodiscard]] std::uint64_t frame() const noexcept { return frame_; }
    [[nodiscard]] float time() const noexcept { return static_cast<float>(frame_) / config_.frame_hz; }
    [[nodiscard]] const std::vector<clap_event>& claps() const noexcept { return clap_log_; }
    /// Take-offs so far, by cause.
    [[nodiscard]] std::size_t takeoffs(cause c) const noexcept { return takeoffs_[static_cast<std::size_t>(c)]; }
    [[nodiscard]] std::size_t landings() const noexcept { return landings_; }
    /// Birds that ran their main thought during the last frame.
    [[nodiscard]] std::size_t thinkers_last_frame() const noexcept { return thinkers_; }
    /// The proximity database. Its payloads are places in the park's storage, which is
    /// re-sorted by place now and then (see `park_config::sort_interval`), not bird numbers:
    /// bird number `i` is stored at `slot(i)`.
    [[nodiscard]] const Database& database() const noexcept { return db_; }
    /// Where bird number `i` is stored now: its payload in `database()`.
    [[nodiscard]] std::uint32_t slot(std::size_t i) const noexcept { return slots_[i]; }

    [[nodiscard]] std::size_t flying_count() const noexcept {
        return static_cast<std::size_t>(std::count_if(birds_.begin(), birds_.end(), [](const bird& b) { return b.flying; }));
    }
    [[nodiscard]] float mean_annoyance() const noexcept {
        float sum = 0;
        for (const bird& b : birds_) sum += b.annoyance;
        return birds_.empty() ? 0.0f : sum / static_cast<float>(birds_.size());
    }
    /// Birds whose centre is outside the enclosure.
    [[nodiscard]] std::size_t outside_count() const noexcept {
        const auto e = config_.enclosure();
        return static_cast<std::size_t>(std::count_if(
            birds_.begin(), birds_.end(), [&](const bird& b) { return !steer::contains(e, b.body.position()); }));
    }
    /// The smallest distance between two birds, if any pair is closer than `limit`.
    [[nodiscard]] std::optional<float> nearest_pair(float limit) const {
        float best = limit * limit;
        bool found = false;
        for (std::size_t i = 0; i < birds_.size(); ++i)
            db_.for_each_within(birds_[i].body.position(), limit, [&](std::uint32_t j, float d2) {
                if (j != i && d2 <= best) {
                    best = d2;
                    found = true;
                }
            });
        if (!found) return std::nullopt;
        return std::sqrt(best);
    }
    /// Where a clap startles the most walking birds: the position of the walking bird with
    /// the most walking birds within `radius` (the park's centre when none walks); of equally
    /// busy birds, the lowest-numbered one, whatever the storage order. `exec` runs the
    /// search on its threads; the answer is the same whatever it is.
    ///
    /// Counting around every walker takes one query each: at 100,000 birds and the clap's
    /// 7 m, 46 ms on two threads. Instead each walker gets a cheap upper bound (the walkers
    /// in the cells of a grid that the circle around it touches); the 64 highest bounds are
    /// counted exactly, then every walker whose bound reaches the best of those. At the
    /// story's clap that is about 900 of 94,000 walkers, and the search takes 4 ms. The answer
    /// is the same: a walker left out could not even tie. In a herd of even density most
    /// bounds reach the best, and the search costs what counting around every walker does.
    /// Radii too small for a grid to help (cells finer than the walkers' spacing) count
    /// around every walker. Refuses a negative or non-finite radius.
    template <class Exec = steer::serial_executor>
        requires steer::executor<Exec>
    [[nodiscard]] vec3 busiest_spot(float radius, Exec&& exec = {}) const {
        steer::detail::expect_at_least("pigeons::park::busiest_spot", "radius", radius, 0.0f);
        const walker_grid grid(birds_, radius);
        std::mutex best_mutex;
        busy_spot best;
        // Counts around the walkers stored at the given places, on any thread, and keeps the best.
        const auto count_around = [&](std::span<const std::uint32_t> places) {
            exec(places.size(), [&](std::size_t begin, std::size_t end) {
                busy_spot mine;
                for (std::size_t k = begin; k < end; ++k) {
                    const busy_spot here = exact_spot(places[k], radius);
                    if (busier(here, mine)) mine = here;
                }
                const std::lock_guard lock(best_mutex);
                if (busier(mine, best)) best = mine;
            });
        };
        if (grid.empty()) {
            count_around(grid.walkers());
        } else {
            std::vector<std::uint32_t> bound(grid.walkers().size());
            exec(bound.size(), [&](std::size_t begin, std::size_t end) {
                for (std::size_t k = begin; k < end; ++k) bound[k] = grid.count_near(birds_[grid.walkers()[k]].body.position());
            });
            // A good first best from the walkers with the highest bounds; then every walker
            // whose bound reaches it, in storage order (neighbors near in memory).
            std::vector<std::uint32_t> order(bound.size());
            std::iota(order.begin(), order.end(), 0u);
            const std::size_t first = std::min<std::size_t>(order.size(), 64);
            std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(first - 1), order.end(),
                             [&](std::uint32_t a, std::uint32_t b) { return bound[a] > bound[b]; });
            std::vector<std::uint32_t> places;
            for (std::size_t k = 0; k < first; ++k) {
                places.push_back(grid.walkers()[order[k]]);
                bound[order[k]] = 0;  // counted; the best counts at least its own bird, so 0 never reaches it
            }
            count_around(places);
            places.clear();
            for (std::size_t k = 0; k < bound.size(); ++k)
                if (bound[k] >= best.walkers) places.push_back(grid.walkers()[k]);
            count_around(places);
        }
        return best.walkers > 0 ? best.position : config_.ground.below({0, 0, 0});
    }

    // ---- the user's actions
    /// A hand clap at `center`: every bird within `radius` is startled at once (walking
    /// birds take off, flying ones start their flight plan over, more annoyed).
    std::size_t clap(const vec3& center, float radius) {
        std::size_t startled = 0;
        db_.for_each_within(center, radius, [&](std::uint32_t i, float) {
            take_off(i, cause::clap, birds_[i].body.position() - center);
            ++startled;
        });
        clap_log_.push_back({time(), center, radius, startled});
        return startled;
    }
    /// Startles one bird, as if something at `source` frightened it.
    void startle(std::size_t i, const vec3& source) {
        const std::uint32_t k = slots_[i];
        take_off(k, cause::other, birds_[k].body.position() - source);
    }

    /// One frame: the car drives, scheduled claps go off, due birds think (reading the
    /// state of the previous frame), then every bird acts on its held forces and moves.
    /// `exec` (see steer/executor.hpp) runs the loops over the birds, on as many threads as
    /// it has; the frame comes out the same, bit for bit, whatever it is.
    template <class Exec = steer::serial_executor>
        requires steer::executor<Exec>
    void step(Exec&& exec = {}) {
        const float dt = config_.frame_seconds();
        drive_car(dt);
        while (next_clap_ < config_.claps.size() && config_.claps[next_clap_] <= time()) {
            clap(busiest_spot(config_.clap_radius, exec), config_.clap_radius);
            ++next_clap_;
        }
        // The thoughts read only the previous frame's state and write only the thinker's own
        // held urges and pending take-off, so they run in any order, on any thread.
        std::atomic<std::size_t> thinkers{0}, decisions{0};
        const std::uint32_t thinking = think_.phase_on(frame_), avoiding = avoid_.phase_on(frame_);
        exec(birds_.size(), [&](std::size_t begin, std::size_t end) {
            scratch mine;
            std::size_t counted = 0, decided = 0;
            for (auto i = static_cast<std::uint32_t>(begin); i < end; ++i) {
                const bird& b = birds_[i];
                if (b.think_phase == thinking) {
                    think(i, mine);
                    ++counted;
                    decided += pending_[i].why != cause::none ? 1u : 0u;
                }
                if (b.avoid_phase == avoiding) avoid(i, mine);
            }
            thinkers.fetch_add(counted, std::memory_order_relaxed);
            decisions.fetch_add(decided, std::memory_order_relaxed);
        });
        thinkers_ = thinkers.load();
        // The take-offs the thoughts decided on (each changes only its own bird).
        if (decisions.load() > 0)
            for (std::uint32_t i = 0; i < birds_.size(); ++i)
                if (pending_[i].why != cause::none) {
                    take_off(i, pending_[i].why, pending_[i].away);
                    pending_[i] = {};
                }
        // Then every bird acts and moves, 64 at a time and on any thread (see `act`).
        const float calm = steer::detail::portable_exp(-dt / config_.annoyance_time_constant);  // same bits everywhere
        const std::size_t batches = (birds_.size() + batch - 1) / batch;
        deferred_.resize(birds_.size());
        waiting_.resize(birds_.size());
        waiting_count_.resize(batches);
        exec(batches, [&](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k)
                act(k * batch, std::min(batch, birds_.size() - k * batch), dt, calm);
        });
        // Then one by one, in order: walkers changing bins, then flyers changing bins or
        // landing. A landing sees every walker where it is now, and the flyers before it
        // that came down.
        walkers_.clear();
        flyers_.clear();
        for (std::size_t k = 0; k < batches; ++k) {
            const auto waiting = waiting_.begin() + static_cast<std::ptrdiff_t>(k * batch);
            // Counts as iterator offsets (a 32-bit ptrdiff_t on wasm32 is as wide as the counts).
            const auto walking = static_cast<std::ptrdiff_t>(waiting_count_[k].first);
            const auto flying = static_cast<std::ptrdiff_t>(waiting_count_[k].second);
            walkers_.insert(walkers_.end(), waiting, waiting + walking);
            flyers_.insert(flyers_.end(), waiting + walking, waiting + walking + flying);
        }
        // Each move asks for the bins of the move 8 places on, so that it finds its own in
        // cache (late in the story at 100,000 birds, 0.7 -> 0.4 ms a frame).
        const auto prepare = [&](const std::vector<std::uint32_t>& moving, std::size_t k) {
            constexpr std::size_t ahead = 8;
            if (k + ahead >= moving.size()) return;
            const std::uint32_t j = moving[k + ahead];
            db_.prefetch_move(handles_[j], birds_[j].body.position());
        };
        for (std::size_t k = 0; k < walkers_.size(); ++k) {
            prepare(walkers_, k);
            db_.move(handles_[walkers_[k]], birds_[walkers_[k]].body.position());
        }
        for (std::size_t k = 0; k < flyers_.size(); ++k) {
            prepare(flyers_, k);
            const std::uint32_t i = flyers_[k];
            if (deferred_[i] == later::landing) land_or_skim(i, config_.ground.altitude(birds_[i].body.position()));
            db_.move(handles_[i], birds_[i].body.position());
        }
        ++frame_;
        if (sort_period_ > 0 && frame_ % sort_period_ == 0) sort_by_place(exec);
    }

private:
    struct pending {
        cause why = cause::none;
        vec3 away{};
    };

    static park_config validated(park_config c) {
        c.validate();
        return c;
    }

    static Database make_database(const park_config& c) {
        if constexpr (std::is_constructible_v<Database, steer::box<vec3>, glm::ivec3>) {
            const float r = c.enclosure_radius * c.scale;
            const steer::box<vec3> region{{-r, c.enclosure_center_y - 1, -r}, {r, c.enclosure_center_y + r, r}};
            return Database(region, c.lattice_divisions);
        } else {
            return Database();
        }
    }

    /// Birds are acted on this many at a time (see `act`).
    static constexpr std::size_t batch = 64;

    /// The birds stored from `first` (a multiple of `batch`, which numbers the batch's entry
    /// in `waiting_count_`) to `first + count` (at most `batch`) act and move: each
    /// one's force from its held urges, then all of them move at once (steer::apply_forces:
    /// the vehicle model in SIMD lanes, the same bits as apply_force). Walkers keep to the
    /// ground and flyers above it, the ground under all of them evaluated at once, in lanes.
    /// The birds that stay in their database bins move there; each changes only its own bird
    /// and entry, so batches run on any thread. Birds changing bins wait, and so does a flyer
    /// low enough to land: landing looks for walkers below it, so it comes after every walker
    /// has moved: `deferred_` says which wait and why, and `waiting_` lists them (see there).
    void act(std::size_t first, std::size_t count, float dt, float calm) {
        vec3 forces[batch];
        for (std::size_t k = 0; k < count; ++k) forces[k] = urge(birds_[first + k], dt, calm);
        steer::apply_forces(std::span(birds_).subspan(first, count), std::span(forces, count), dt, &bird::body);
        float x[batch], z[batch], height[batch];
        vec3 normal[batch];
        for (std::size_t k = 0; k < count; ++k) {
            const vec3 p = birds_[first + k].body.position();
            x[k] = p.x;
            z[k] = p.z;
        }
        config_.ground.at(std::span(x, count), std::span(z, count), std::span(height, count), std::span(normal, count));
        // Walkers stand on the ground, their velocities along it (set together, in lanes).
        steer::vehicle3* walkers[batch];
        vec3 along_ground[batch]{};  // (initialized: g++ 12 cannot see that set_velocities reads only those set)
        std::size_t walking = 0;
        for (std::size_t k = 0; k < count; ++k) {
            bird& b = birds_[first + k];
            if (b.flying) continue;
            b.body.set_position({x[k], height[k], z[k]});
            b.ground_normal = normal[k];
            walkers[walking] = &b.body;
            along_ground[walking++] = tangent(b.body.velocity(), normal[k]);
        }
        steer::set_velocities(std::span(walkers, walking), std::span(along_ground, walking),
                              [](steer::vehicle3* body) -> steer::vehicle3& { return *body; });
        std::uint32_t waiting_flyers[batch];
        std::uint32_t walkers_waiting = 0, flyers_waiting = 0;
        for (std::size_t k = 0; k < count; ++k) {
            const auto i = static_cast<std::uint32_t>(first + k);
            bird& b = birds_[i];
            later what = later::nothing;
            if (b.flying) {
                const float altitude = b.body.position().y - height[k];
                if (ready_to_land(b, altitude))
                    what = later::landing;
                else
                    keep_above_ground(b, altitude);
            }
            if (what == later::nothing && !db_.try_move_in_place(handles_[i], b.body.position())) what = later::move;
            deferred_[i] = what;
            if (what == later::nothing) continue;
            if (b.flying)
                waiting_flyers[flyers_waiting++] = i;
            else
                waiting_[first + walkers_waiting++] = i;
        }
        const auto flyers_from = waiting_.begin() + static_cast<std::ptrdiff_t>(first + walkers_waiting);
        std::copy_n(waiting_flyers, flyers_waiting, flyers_from);
        waiting_count_[first / batch] = {walkers_waiting, flyers_waiting};
    }

    /// Re-sorts the birds' storage by place, in Morton (Z-curve) order of their ground
    /// position, so that birds near each other in the park are near each other in memory:
    /// a thought's neighbors and the next thinker's then come from the same few cache lines
    /// instead of from anywhere in the flock (at 100,000 birds, 23 MB of it). The database
    /// is refilled in the new order, so that each frame's moves walk its handle table in
    /// order too. Every bird keeps its number. The order is a function of the positions
    /// alone (ties broken by the old place), so a seed still gives one run.
    /// `exec` computes the keys, then refills the database on one thread while the others
    /// move the birds (the refill reads positions noted with the keys; the moves write a copy).
    template <class Exec = steer::serial_executor>
        requires steer::executor<Exec>
    void sort_by_place(Exec&& exec = {}) {
        const float r = config_.enclosure().radius;
        const float to_cell = 65535.0f / (2.0f * r);
        const auto cell = [&](float x) {
            return static_cast<std::uint32_t>(steer::clamp((x + r) * to_cell, 0.0f, 65535.0f));
        };
        keys_.resize(birds_.size());
        places_.resize(birds_.size());
        exec(birds_.size(), [&](std::size_t begin, std::size_t end) {
            for (auto k = static_cast<std::uint32_t>(begin); k < end; ++k) {
                const vec3 p = birds_[k].body.position();
                keys_[k] = static_cast<std::uint64_t>(interleave(cell(p.x)) | interleave(cell(p.z)) << 1) << 32 | k;
                places_[k] = {p, birds_[k].id};
            }
        });
        sort_by_high_word(keys_, sorted_keys_);
        sorted_.resize(birds_.size());
        // Task 0 refills the database; tasks 1 to `slices` each move a slice of the birds.
        const std::size_t slices = 8 * std::max<std::size_t>(1, steer::detail::executor_threads(exec, 2));
        const std::size_t slice = (birds_.size() + slices - 1) / slices;
        exec(slices + 1, [&](std::size_t begin, std::size_t end) {
            for (std::size_t task = begin; task < end; ++task) {
                if (task == 0) {
                    db_.clear();
                    for (std::uint32_t k = 0; k < birds_.size(); ++k) {
                        const place& was = places_[static_cast<std::uint32_t>(keys_[k])];
                        handles_[k] = db_.insert(k, was.position);
                        slots_[was.id] = k;
                    }
                    continue;
                }
                const std::size_t first = (task - 1) * slice, last = std::min(birds_.size(), first + slice);
                for (std::size_t k = first; k < last; ++k) sorted_[k] = birds_[static_cast<std::uint32_t>(keys_[k])];
            }
        });
        birds_.swap(sorted_);
    }

    /// The 16 bits of `v` spread to the even bits of the result (Morton order's interleaving).
    [[nodiscard]] static std::uint32_t interleave(std::uint32_t v) noexcept {
        v = (v | v << 8) & 0x00ff00ffu;
        v = (v | v << 4) & 0x0f0f0f0fu;
        v = (v | v << 2) & 0x33333333u;
        return (v | v << 1) & 0x55555555u;
    }

    /// A candidate for the clap: a walking bird and how many walking birds are near it.
    struct busy_spot {
        std::size_t walkers = 0;  ///< within the radius, itself included; 0: no spot yet
        std::uint32_t id = 0;
        vec3 position{};
    };
    /// A strict order on walking birds (ids differ), so the busiest is one bird, found in any order.
    [[nodiscard]] static bool busier(const busy_spot& a, const busy_spot& b) noexcept {
        return a.walkers > b.walkers || (a.walkers == b.walkers && a.walkers > 0 && a.id < b.id);
    }
    /// The walking birds within `radius` of the walking bird stored at `k`, counted exactly.
    [[nodiscard]] busy_spot exact_spot(std::uint32_t k, float radius) const {
        const bird& b = birds_[k];
        busy_spot here{0, b.id, b.body.position()};
        db_.for_each_within(here.position, radius, [&](std::uint32_t j, float) { here.walkers += birds_[j].flying ? 0u : 1u; });
        return here;
    }

    /// The walking birds counted in square cells of the ground (x, z) over their bounding
    /// box, with running sums along each row of cells: `count_near(p)` adds up the cells
    /// that the circle of `radius` around p touches, one subtraction per row. That counts
    /// every walking bird within `radius` of p (a distance in 3D is at least the one along
    /// the ground), and some a little farther: an upper bound.
    class walker_grid {
    public:
        walker_grid(const std::vector<bird>& birds, float radius) {
            vec2 lo(std::numeric_limits<float>::max()), hi(std::numeric_limits<float>::lowest());
            for (std::uint32_t k = 0; k < birds.size(); ++k) {
                if (birds[k].flying) continue;
                walkers_.push_back(k);
                const vec3 p = birds[k].body.position();
                lo = glm::min(lo, vec2(p.x, p.z));
                hi = glm::max(hi, vec2(p.x, p.z));
            }
            if (walkers_.empty()) return;
            // Cells a quarter of the radius across bound the count within about 40%, which
            // leaves about 900 walkers to count at the story's clap at 100,000 birds; finer
            // cells cost more rows per bound than they save. Cells much finer than the
            // walkers' spacing (or a grid over 2,048 cells across) would not pay: then there
            // is no grid.
            reach_ = radius + 0.01f;  // margin for rounding, far above a float's at 1 km
            const vec2 extent = hi - lo;
            const float spacing = std::sqrt(extent.x * extent.y / static_cast<float>(walkers_.size()));
            cell_ = reach_ / 4.0f;
            if (cell_ < spacing / 2.0f || std::max(extent.x, extent.y) / cell_ > 2048.0f) return;
            origin_ = lo;
            size_ = {static_cast<int>(extent.x / cell_) + 1, static_cast<int>(extent.y / cell_) + 1};
            const std::size_t width = row_width();
            sums_.assign(width * static_cast<std::size_t>(size_.y), 0);
            for (const std::uint32_t k : walkers_) {
                const vec3 p = birds[k].body.position();
                ++sums_[static_cast<std::size_t>(row(p.z)) * width + static_cast<std::size_t>(column(p.x)) + 1];
            }
            for (std::size_t r = 0; r < static_cast<std::size_t>(size_.y); ++r)
                for (std::size_t c = 1; c < width; ++c) sums_[r * width + c] += sums_[r * width + c - 1];
        }

        /// Where the walking birds are stored, in storage order.
        [[nodiscard]] const std::vector<std::uint32_t>& walkers() const noexcept { return walkers_; }
        /// Whether there is no grid (no walkers, or a radius too small for cells to help).
        [[nodiscard]] bool empty() const noexcept { return sums_.empty(); }

        /// The walking birds in the cells that the circle of the radius around p touches.
        [[nodiscard]] std::uint32_t count_near(const vec3& p) const noexcept {
            const std::size_t width = row_width();
            std::uint32_t total = 0;
            for (int r = row(p.z - reach_), last = row(p.z + reach_); r <= last; ++r) {
                // The row's nearest z to p, and the half-width of the circle there.
                const float z0 = origin_.y + static_cast<float>(r) * cell_;
                const float dz = std::max({0.0f, z0 - p.z, p.z - (z0 + cell_)});
                if (dz > reach_) continue;
                const float half = std::sqrt(reach_ * reach_ - dz * dz);
                const std::size_t at = static_cast<std::size_t>(r) * width;
                total += sums_[at + static_cast<std::size_t>(column(p.x + half)) + 1] -
                         sums_[at + static_cast<std::size_t>(column(p.x - half))];
            }
            return total;
        }

    private:
        [[nodiscard]] std::size_t row_width() const noexcept { return static_cast<std::size_t>(size_.x) + 1; }
        [[nodiscard]] int column(float x) const noexcept { return index((x - origin_.x) / cell_, size_.x); }
        [[nodiscard]] int row(float z) const noexcept { return index((z - origin_.y) / cell_, size_.y); }
        [[nodiscard]] static int index(float t, int count) noexcept {
            return static_cast<int>(steer::clamp(t, 0.0f, static_cast<float>(count - 1)));
        }

        std::vector<std::uint32_t> walkers_;
        float reach_ = 0;        ///< the radius, with a margin for rounding
        float cell_ = 1;         ///< metres across a cell
        vec2 origin_{};          ///< the corner of cell (0, 0)
        glm::ivec2 size_{0, 0};  ///< cells along x and z
        std::vector<std::uint32_t> sums_;  ///< per row of cells, size_.x + 1 running sums
    };

    /// An entry a query found: where the bird is stored and its squared distance.
    struct hit {
        std::uint32_t slot;
        float distance_squared;
    };

    /// What a thought needs for its queries, one per thread: the hits of the last query and
    /// the neighbors a behavior reads.
    struct scratch {
        std::vector<hit> hits;
        std::vector<const steer::vehicle3*> neighbors;
    };

    /// The birds within `radius` of `p`, gathered before any is read: then all of their
    /// cache lines that a thought reads are requested at once, rather than each when the
    /// query reports it (at 100,000 birds, 4% less time a frame). Valid until the next call
    /// with the same scratch.
    const std::vector<hit>& gather(const vec3& p, float radius, scratch& s) const {
        std::vector<hit>& hits = s.hits;
        hits.clear();
        db_.for_each_within(p, radius, [&](std::uint32_t j, float d2) { hits.push_back({j, d2}); });
#if defined(__GNUC__) || defined(__clang__)
        for (const hit& h : hits) {
            const bird& o = birds_[h.slot];
            __builtin_prefetch(&o.body.forward());
            __builtin_prefetch(&o.body.position());
            __builtin_prefetch(&o.flight_time);
        }
#endif
        return hits;
    }

    [[nodiscard]] vec3 car_velocity() const noexcept { return config_.car ? car_.velocity() : vec3(0); }

    /// A bird's force this frame, its annoyance calming on the way: its held urges combined.
    [[nodiscard]] vec3 urge(bird& b, float dt, float calm) const {
        b.annoyance *= calm;
        if (b.flying) b.flight_time += dt;
        // On foot, avoidance has priority: while a bird steers clear of the enclosure its
        // other urges wait (Reynolds 1999, "Combining Behaviors"); then personal space
        // spends the force budget before the herd, feeding and the car get what is left
        // (prioritized acceleration allocation, Reynolds 1987), so a crowd pushed by the
        // car does not squeeze birds together. In flight, avoidance (weighted) spends the
        // budget first and the flight plan and flocking get the rest, so a bird skimming
        // the enclosure still follows its plan down.
        const auto avoidance = [&] { return b.avoidance; };
        const auto spacing = [&] { return b.spacing; };
        const auto steering = [&] { return b.steering; };
        if (b.flying)
            return steer::truncated_sum(b.body.max_force(), steer::weighted(config_.avoidance_weight, avoidance),
                                        steer::weighted(1.0f, spacing), steer::weighted(1.0f, steering));
        return steer::priority(1e-4f, avoidance, [&] {
            return steer::truncated_sum(b.body.max_force(), steer::weighted(1.0f, spacing),
                                        steer::weighted(1.0f, steering));
        });
    }

    /// The main thought of bird `i` (about 10 Hz): its discrete reactions (take off?) and
    /// its continuous steering, held until the next thought.
    void think(std::uint32_t i, scratch& mine) {
        bird& b = birds_[i];
        const vec3 p = b.body.position();
        mine.neighbors.clear();
        if (b.flying) {
            const float r = std::max({config_.fly_flocking.separation.max_distance,
                                      config_.fly_flocking.alignment.max_distance,
                                      config_.fly_flocking.cohesion.max_distance});
            for (const hit& h : gather(p, r, mine))
                if (h.slot != i && birds_[h.slot].flying) mine.neighbors.push_back(&birds_[h.slot].body);
            b.steering = steer::flocking(b.body, mine.neighbors, config_.fly_flocking) +
                         flight_control(b) * config_.flight_control_weight;
            return;
        }

        const auto& f = config_.walk_flocking;
        const float herd = std::max({f.separation.max_distance, f.alignment.max_distance, f.cohesion.max_distance});
        const float contagion2 = config_.contagion_radius * config_.contagion_radius;
        const float reach = std::sqrt(contagion2 + config_.contagion_height * config_.contagion_height);
        // Contagion's cylinder around the bird: `contagion_radius` along the ground,
        // `contagion_height` up or down.
        const auto is_nearby = [&](const bird& o) {
            const vec3 offset = o.body.position() - p;
            return offset.x * offset.x + offset.z * offset.z <= contagion2 &&
                   std::abs(offset.y) <= config_.contagion_height;
        };
        // Walkers join the herd; only a flyer that took off recently can alarm the bird, and
        // only then does it count who else is nearby (a second pass, rarely needed: testing
        // the cylinder for every hit made a walking thought 8 to 13% dearer).
        std::size_t recent = 0;
        vec3 alarm(0);
        const std::vector<hit>& hits = gather(p, std::max(herd, reach), mine);
        for (const hit& h : hits) {
            if (h.slot == i) continue;
            const bird& o = birds_[h.slot];
            if (!o.flying) {
                if (h.distance_squared <= herd * herd) mine.neighbors.push_back(&o.body);
            } else if (o.took_off_within(config_.recent_takeoff) && is_nearby(o)) {
                ++recent;
                alarm += o.body.velocity();
            }
        }
        std::size_t nearby = 0;
        if (recent > 0)
            for (const hit& h : hits) nearby += h.slot != i && is_nearby(birds_[h.slot]) ? 1u : 0u;

        // Discrete reactions: the car's take-off zone, then contagion.
        const vec3 car_p = car_.position(), car_v = car_velocity();
        if (config_.car && steer::avatar_neighborhood_contains(config_.take_off_zone, car_p, car_v, p)) {
            pending_[i] = {cause::car, steer::avatar_escape_direction(config_.take_off_zone, car_p, car_v, p)};
        } else if (recent > 0 &&
                   static_cast<float>(recent) >= b.contagion_threshold * static_cast<float>(nearby)) {
            pending_[i] = {cause::contagion, alarm};
        }

        // Continuous steering: herd, feed (slow wander), and move away from the car.
        const float think_dt = static_cast<float>(think_.period()) / config_.frame_hz;
        const vec3 steering = steer::weighted_sum(
            steer::weighted(1.0f, [&] { return steer::flocking(b.body, mine.neighbors, f); }),
            steer::weighted(config_.wander_weight, [&] {
                // Only the turning part: feeding meanders, and the pace is the feed term's job.
                const vec3 w = steer::wander(b.body, b.wander, b.gen, think_dt, config_.wander);
                return steer::safe_normalize(steer::perpendicular_component(w, b.body.forward()));
            }),
            steer::weighted(config_.feed_weight, [&] { return b.body.forward() * config_.feed_speed - b.body.velocity(); }),
            steer::weighted(config_.avatar_weight, [&] {
                return config_.car ? steer::avatar_avoidance(b.body, car_p, car_v, config_.move_away_zone) : vec3(0);
            }));
        b.steering = tangent(steering, b.ground_normal);
    }

    /// The flight plan as a desired velocity: climb, then fly level, then glide down,
    /// slowing the descent near the ground so the bird touches down gently.
    [[nodiscard]] vec3 flight_control(const bird& b) const noexcept {
        vec3 ahead = horizontal_direction(b.body.forward());
        vec3 desired;
        const vec3 p = b.body.position();
        if (b.flight_time < b.ascent_time) {
            const auto e = config_.enclosure();
            const float ceiling = config_.ceiling * (e.center.y + e.radius);
            const float climb = config_.climb_rate * steer::clamp((ceiling - config_.ground.altitude(p)) / 2.0f, 0.0f, 1.0f);
            desired = ahead * (0.8f * config_.cruise_speed) + vec3(0, climb, 0);
            return desired - b.body.velocity();
        }
        const vec3 home = vec3(-p.x, 0, -p.z) / config_.enclosure().radius;
        ahead = horizontal_direction(ahead + home * config_.home_pull, ahead);
        if (b.flight_time < b.descent_time) {
            desired = ahead * config_.cruise_speed;
        } else {
            const float altitude = config_.ground.altitude(b.body.position());
            const float sink = std::min(config_.descent_rate, 0.3f + 0.8f * std::max(altitude, 0.0f));
            desired = ahead * (0.5f * config_.cruise_speed) - vec3(0, sink, 0);
        }
        return desired - b.body.velocity();
    }

    /// Obstacle avoidance (about 30 Hz): containment in the enclosure and, in flight,
    /// above the ground (except while coming down to land).
    void avoid(std::uint32_t i, scratch& mine) {
        bird& b = birds_[i];
        const vec3 p = b.body.position();
        mine.neighbors.clear();
        for (const hit& h : gather(p, config_.personal_space, mine))
            if (h.slot != i && birds_[h.slot].flying == b.flying) mine.neighbors.push_back(&birds_[h.slot].body);
        b.spacing = steer::separation(b.body, mine.neighbors, steer::neighborhood<vec3>{.max_distance = config_.personal_space}) *
                    config_.personal_space_weight;
        auto enclosure = config_.enclosure();
        enclosure.radius -= config_.enclosure_margin;
        if (!b.flying) {
            b.avoidance = tangent(steer::containment(b.body, enclosure, {.prediction_time = config_.walk_lookahead}), b.ground_normal);
            b.spacing = tangent(b.spacing, b.ground_normal);
            return;
        }
        vec3 a = steer::containment(b.body, enclosure, {.prediction_time = config_.enclosure_lookahead});
        if (!b.descending())
            a += steer::containment(b.body, air_above{&config_.ground, config_.ground_clearance},
                                    {.prediction_time = config_.ground_lookahead});
        b.avoidance = a;
    }

    /// Bird `i` takes off (or, already flying, starts its flight plan over), fleeing along
    /// `away` (horizontally). Its annoyance goes up, and with it the length of the flight.
    void take_off(std::uint32_t i, cause why, const vec3& away) {
        bird& b = birds_[i];
        b.annoyance = std::min(config_.max_annoyance, b.annoyance + config_.annoyance_per_startle);
        const float stretch = std::max(1.0f, b.annoyance);
        b.flight_time = 0;
        b.ascent_time = config_.ascent_time * stretch;
        b.descent_time = b.ascent_time + config_.cruise_time * stretch;
        b.last_cause = why;
        const vec3 direction = horizontal_direction(away, horizontal_direction(b.body.forward()));
        if (!b.flying) {
            b.flying = true;
            b.body.set_max_speed(config_.fly_max_speed);
            b.body.set_max_force(config_.fly_max_force);
            b.body.set_velocity(direction * 1.5f + vec3(0, config_.climb_rate, 0));
        }
        // React at once; the next thought refines it.
        b.steering = direction * config_.cruise_speed + vec3(0, config_.climb_rate, 0) - b.body.velocity();
        ++takeoffs_[static_cast<std::size_t>(why)];
    }

    /// Whether a flying bird `altitude` above the ground is coming down low enough to land.
    [[nodiscard]] bool ready_to_land(const bird& b, float altitude) const noexcept {
        return b.descending() && altitude <= config_.land_altitude;
    }

    /// A flying bird that is not landing never goes underground.
    void keep_above_ground(bird& b, float altitude) const {
        if (altitude >= 0) return;
        const vec3 p = b.body.position();
        b.body.set_position(config_.ground.below(p));
        const vec3 v = b.body.velocity();
        if (v.y < 0) b.body.set_velocity(tangent(v, config_.ground.normal(p.x, p.z)));
    }

    /// Bird `i`, ready to land, looks before it lands: with a walking bird right under it,
    /// it skims on at landing height until clear.
    void land_or_skim(std::uint32_t i, float altitude) {
        bird& b = birds_[i];
        const vec3 p = b.body.position();
        bool occupied = false;
        db_.for_each_within(config_.ground.below(p), config_.landing_room, [&](std::uint32_t j, float) {
            occupied = occupied || (j != i && !birds_[j].flying);
        });
        if (!occupied) {
            land(b);
            return;
        }
        b.body.set_position(p + vec3(0, config_.land_altitude - altitude, 0));
        const vec3 v = b.body.velocity();
        if (v.y < 0) b.body.set_velocity(vec3(v.x, 0, v.z));
    }

    void land(bird& b) {
        b.flying = false;
        b.flight_time = 0;
        // Touching down brakes the bird to a walk, so it does not skid into its neighbors.
        b.body.set_velocity(steer::truncate(b.body.velocity(), config_.landing_speed));
        b.body.set_max_speed(config_.walk_max_speed);
        b.body.set_max_force(config_.walk_max_force);
        b.steering = vec3(0);
        b.avoidance = vec3(0);
        b.spacing = vec3(0);
        b.ground_normal = stick_to_ground(b.body);
        ++landings_;
    }

    /// Walking: on the ground, moving tangent to it. Returns the ground's normal there.
    vec3 stick_to_ground(steer::vehicle3& body) const {
        const vec3 p = body.position();
        const terrain::point ground = config_.ground.at(p.x, p.z);
        body.set_position({p.x, ground.height, p.z});
        body.set_velocity(tangent(body.velocity(), ground.normal));
        return ground.normal;
    }

    /// The scripted RC car: each leg seeks its target at the leg's speed; the last one
    /// arrives and parks.
    void drive_car(float dt) {
        if (!config_.car || config_.car_route.empty()) return;
        const car_leg& leg = config_.car_route[car_leg_];
        const bool last = car_leg_ + 1 == config_.car_route.size();
        vec3 force(0);
        if (time() < leg.not_before) {
            force = -car_.velocity() * 4.0f;  // wait, braking
        } else {
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
        stick_to_ground(car_);
    }

    park_config config_;
    steer::think_schedule think_;
    steer::think_schedule avoid_;
    Database db_;
    std::vector<bird> birds_;
    std::vector<typename Database::handle> handles_;
    std::vector<std::uint32_t> slots_;  ///< bird number -> place in birds_ (and payload in db_)
    std::uint32_t sort_period_ = 0;     ///< frames between re-sorts by place; 0: never
    std::vector<std::uint64_t> keys_;   ///< scratch of sort_by_place: Morton key, old place
    std::vector<std::uint64_t> sorted_keys_;  ///< scratch of sort_by_place's radix sort
    /// Scratch of sort_by_place: each bird's position and number, 16 bytes a bird, so that
    /// the refill reads 1.6 MB instead of the birds' 24 MB (which the moves are streaming).
    struct place {
        vec3 position;
        std::uint32_t id;
    };
    std::vector<place> places_;
    std::vector<bird> sorted_;          ///< scratch of sort_by_place, kept to avoid reallocating
    std::vector<pending> pending_;
    /// What is left to do for a bird after the parallel part of a step's database moves.
    enum class later : std::uint8_t {
        nothing,  ///< moved in its bin
        move,     ///< changes bins: moved one by one
        landing,  ///< low enough to land: lands or skims on, then moves, one by one
    };
    std::vector<later> deferred_;  ///< scratch of step: what each bird has left to do
    /// Scratch of step: for each batch of `act`, from its first place on, its walkers that
    /// wait, then its flyers that wait (gathered in parallel, so that the serial part of a
    /// step does not scan every bird), and how many of each.
    std::vector<std::uint32_t> waiting_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> waiting_count_;
    std::vector<std::uint32_t> walkers_;  ///< scratch of step: the walking birds changing bins, in order
    std::vector<std::uint32_t> flyers_;   ///< scratch of step: the flying birds changing bins or landing, in order
    steer::vehicle3 car_;
    std::size_t car_leg_ = 0;
    std::size_t next_clap_ = 0;
    std::vector<clap_event> clap_log_;
    std::array<std::size_t, cause_count> takeoffs_{};
    std::size_t landings_ = 0;
    std::size_t thinkers_ = 0;
    std::uint64_t frame_ = 0;
};

using lattice_database = steer::bin_lattice<vec3, std::uint32_t>;
using brute_force_database = steer::brute_force<vec3, std::uint32_t>;

}  // namespace pigeons_hand_tuned

#endif  // PIGEONS_HAND_TUNED_PARK_HPP
