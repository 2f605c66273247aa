#ifndef STEER_CROWD_CROWD_HPP
#define STEER_CROWD_CROWD_HPP

/// @file
/// The batched crowd: many agents stepped as a whole, each running the caller's own mix
/// of behaviors over its neighbors (Reynolds 2000, "Realtime Performance", at crowd
/// scale). The neighbor search is done for everyone at once on a grid sorted every step,
/// the agents are kept in grid order so that neighbors are neighbors in memory too, and
/// every loop goes to an executor (serial, the bundled thread pool, or a job system).

#include <algorithm>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "../detail/always_inline.hpp"
#include "../detail/expect.hpp"
#include "../detail/simd.hpp"
#include "../error.hpp"
#include "../executor.hpp"
#include "../behaviors/flocking.hpp"
#include "../math.hpp"
#include "../proximity/proximity_database.hpp"
#include "../schedule.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "apply_forces.hpp"
#include "crowd_neighbors.hpp"
#include "grid.hpp"
#include "lanes.hpp"
#include "neighbor_gathering.hpp"
#include "step_arguments.hpp"

namespace steer {

template <vector V>
class flock;

namespace detail {

struct crowd_test_access;  // defined by the tests only

}  // namespace detail

/// Many agents stepped as a whole, each thinking with its own mix of behaviors over its
/// neighbors (Reynolds 1999's behaviors at Reynolds 2000's crowd scale). Each step, every
/// agent due to think calls `think(id, vehicle, neighbors)`, where `neighbors` holds the
/// other agents within the step's radius; then every agent applies its steering with the
/// simple vehicle model (`vehicle::apply_force`). Each agent *is* a `vehicle<V>`, readable
/// and writable between steps, and its force is exactly what the same `think` would
/// return on the per-vehicle path given the same neighbors.
///
/// How it is fast: the neighbor search is done for everyone at once on a grid sorted at
/// each step (`detail::crowd_grid`: its layout follows where the agents are), the agents
/// are kept in grid order so that neighbors are neighbors in memory, the distance tests run
/// several candidates at a time, the integration runs in SIMD lanes, and every loop goes
/// through an executor. Each agent's result depends only on the state before the step, so
/// results are bit-identical whatever the executor and the number of threads. No placement
/// makes a step superlinear: the grid's memory and time follow the agents, not the space
/// they span, and an agent takes at most `max_neighbors` neighbors (see `set_max_neighbors`).
///
/// Think-rate decoupling (Reynolds 2000): with a think_schedule of period p, an agent thinks
/// only on the frames where its phase is due and applies its last steering on the others;
/// every agent moves every frame. A new agent has zero steering until its first thought.
///
/// Between steps the crowd answers proximity queries (`for_each_within`, `nearest`) like a
/// proximity database, from the grid of the last step. Agents are added and removed
/// between steps; handles (`crowd_id`) stay valid. The storage order (`vehicles()`,
/// `ids()`) changes at every step; references into it are valid until the next `step`,
/// `add` or `remove`.
///
/// Per-agent data of your own (`T`, not void: an AI state, a mind, an animation state)
/// lives with the agents in `crowd<V, T>`: stored, sorted and moved with each agent, so that
/// a thought finds its agent's data next to its body in memory. The think callable then
/// takes it too, `think(id, vehicle, T& data, neighbors)`, writable: it is the agent's copy
/// for after the step, while `neighbors.data(i)` reads the others' as they were before it
/// (so thinking on several threads never reads what another thought writes). A constraint
/// gets it too, `constrain(id, vehicle, T& data)`. `data(id)` reads and writes it between
/// steps.
template <vector V, class T>
class crowd {
    using S = scalar_t<V>;
    static constexpr int D = dimension_v<V>;
    static constexpr std::uint32_t no_slot = std::numeric_limits<std::uint32_t>::max();

    /// The constraint that changes nothing.
    struct no_constraint {
        template <class... Data>
        void operator()(crowd_id, vehicle<V>&, Data&...) const noexcept {}
    };
    static constexpr bool has_data = !std::is_void_v<T>;

public:
    using vector_type = V;                       ///< The vector type, e.g. glm::vec2.
    using scalar_type = S;                       ///< Its scalar, float or double.
    using vehicle_type = steer::vehicle<V>;      ///< What each agent is.
    using id_type = crowd_id;                    ///< The handle of an agent.
    using payload_type = crowd_id;               ///< What the proximity queries report.
    using data_type = T;                         ///< The agents' own data (void: none).
    using neighbors_type = crowd_neighbors<V, detail::simd::native_pack<S>, T>;  ///< What a think callable receives.

    /// The `max_neighbors` of a new crowd: more than any flock or crowd of sensible density
    /// holds within its think radius, few enough that a crowd stacked on one spot still
    /// steps in linear time.
    static constexpr std::size_t default_max_neighbors = 64;

    /// An empty crowd whose agents think every frame.
    crowd() = default;
    /// An empty crowd whose agents think on `schedule`.
    explicit crowd(const think_schedule& schedule) : schedule_(schedule) {}

    /// Adds an agent built from `params` (validated as `vehicle` does); returns its handle.
    /// Its phase is the next in round-robin order (see `set_phase`). In a crowd with data,
    /// its data is `T{}`.
    id_type add(const vehicle_params<V>& params, source_location caller = source_location::current()) {
        return add(vehicle_type(params, caller), caller);
    }
    /// Adds a copy of `v`; returns its handle. Its phase is the next in round-robin order.
    id_type add(const vehicle_type& v, source_location caller = source_location::current()) {
        return add(v, next_phase_++, caller);
    }
    /// Adds a copy of `v` with a think phase (any number; it thinks on the frames f with
    /// f % period == phase % period). Returns its handle.
    id_type add(const vehicle_type& v, std::uint32_t phase, source_location caller = source_location::current()) {
        if constexpr (has_data)
            return add_agent(caller, v, phase, T{});
        else
            return add_agent(caller, v, phase);
    }
    /// Adds an agent built from `params` with its data.
    template <class U = T>
        requires(!std::is_void_v<U>)
    id_type add(const vehicle_params<V>& params, U data, source_location caller = source_location::current()) {
        return add_agent(caller, vehicle_type(params, caller), next_phase_++, std::move(data));
    }
    /// Adds a copy of `v` with its data.
    template <class U = T>
        requires(!std::is_void_v<U>)
    id_type add(const vehicle_type& v, U data, source_location caller = source_location::current()) {
        return add_agent(caller, v, next_phase_++, std::move(data));
    }
    /// Adds a copy of `v` with a think phase and its data.
    template <class U = T>
        requires(!std::is_void_v<U>)
    id_type add(const vehicle_type& v, std::uint32_t phase, U data,
                source_location caller = source_location::current()) {
        return add_agent(caller, v, phase, std::move(data));
    }

private:
    template <class... Data>
    id_type add_agent(const source_location& caller, const vehicle_type& v, std::uint32_t phase, Data&&... data) {
        detail::expect(vehicles_.size() < no_slot - 1, where("add"), "size", "< 2^32 - 1", vehicles_.size(), caller);
        // Grow first: if memory runs out, the crowd is left as it was.
        grow(vehicles_);
        grow(steering_);
        grow(phases_);
        grow(ids_);
        grow(slot_of_);
        grow(generations_);
        grow(touched_);
        grow(touched_list_);
        if constexpr (has_data) grow(data_.values);
        id_type id;
        if (free_.empty()) {
            id.index = static_cast<std::uint32_t>(slot_of_.size());
            slot_of_.push_back(no_slot);
            generations_.push_back(0);
        } else {
            id.index = free_.back();
            free_.pop_back();
        }
        id.generation = generations_[id.index];
        const auto slot = static_cast<std::uint32_t>(vehicles_.size());
        slot_of_[id.index] = slot;
        vehicles_.push_back(v);
        steering_.push_back(V(S(0)));
        phases_.push_back(phase);
        ids_.push_back(id);
        if constexpr (has_data) data_.values.push_back(std::forward<Data>(data)...);
        // A slot vacated since the last sort keeps its flag (and its one entry in the list).
        if (touched_.size() == slot) touched_.push_back(0);
        touch(slot);
        kinds_known_ = false;
        return id;
    }

public:

    /// Removes an agent; its handle is refused from now on. Another agent takes its storage
    /// slot (handles are unaffected). A stale handle is refused (see `crowd_id` about
    /// handles from another crowd).
    void remove(id_type id, source_location caller = source_location::current()) {
        const std::uint32_t slot = slot_checked(id, "remove", caller);
        const std::size_t last = vehicles_.size() - 1;
        if (slot != last) {
            vehicles_[slot] = vehicles_[last];
            steering_[slot] = steering_[last];
            phases_[slot] = phases_[last];
            ids_[slot] = ids_[last];
            if constexpr (has_data) data_.values[slot] = std::move(data_.values[last]);
            slot_of_[ids_[slot].index] = slot;
            touch(slot);
        }
        vehicles_.pop_back();
        steering_.pop_back();
        phases_.pop_back();
        ids_.pop_back();
        if constexpr (has_data) data_.values.pop_back();
        // touched_ keeps the vacated slot's flag: the list holds each slot once, and a later
        // agent in the slot must not be listed again.
        kinds_known_ = false;
        release(id.index);
    }

    /// Removes every agent (their handles are refused from now on); keeps the memory.
    void clear() {
        for (const id_type& id : ids_) release(id.index);
        vehicles_.clear();
        steering_.clear();
        phases_.clear();
        ids_.clear();
        if constexpr (has_data) data_.values.clear();
        touched_.clear();
        touched_list_.clear();
        indexed_ = 0;
        kinds_known_ = false;
    }

    /// The most agents `reserve` takes: as many as fit in `steer::max_table_bytes` at
    /// `bytes_per_agent()` each, and at most 2^32 - 2 (what `add` takes).
    [[nodiscard]] static constexpr std::size_t max_reserve() noexcept {
        return static_cast<std::size_t>(detail::table_capacity(bytes_per_agent(), no_slot - 1));
    }
    /// The bytes a step's tables take per agent: its vehicle, steering, phase, handle and data
    /// (each twice: before and after the step), its cell, grid order and hot copies.
    [[nodiscard]] static constexpr std::size_t bytes_per_agent() noexcept {
        using row = typename detail::crowd_grid<D>::row_key;
        std::size_t bytes = 2 * (sizeof(vehicle_type) + sizeof(V) + sizeof(std::uint32_t) + sizeof(id_type));
        bytes += 5 * sizeof(std::uint32_t) + sizeof(std::uint8_t);  // slot_of_, generations_, order_, keys, touched
        bytes += 2 * (sizeof(std::int64_t) + sizeof(row));          // cells, as noted and in grid order
        bytes += sizeof(S) * (D + detail::record_size<D> + 1);      // hot positions, records and radii
        if constexpr (has_data) bytes += 2 * sizeof(T) + 3 * sizeof(std::uint32_t);  // and kinds
        return bytes;
    }

    /// Reserves memory for `n` agents, so that adding up to `n` and stepping them allocates
    /// nothing more. Refuses more than `max_reserve()` before allocating anything.
    void reserve(std::size_t n, source_location caller = source_location::current()) {
        detail::expect(n <= max_reserve(), where("reserve"), "n", "at most " + detail::format_value(max_reserve()), n,
                       caller);
        for (auto* v : {&phases_, &slot_of_, &generations_, &next_phases_, &order_, &keys_bucket_, &touched_list_})
            v->reserve(n);
        vehicles_.reserve(n);
        next_vehicles_.reserve(n);
        steering_.reserve(n);
        next_steering_.reserve(n);
        ids_.reserve(n);
        next_ids_.reserve(n);
        if constexpr (has_data) {
            data_.values.reserve(n);
            next_data_.values.reserve(n);
            for (auto* kinds : {&stored_kinds_, &next_kinds_, &grid_kinds_}) kinds->reserve(n);
        }
        touched_.reserve(n);
        keys_x_.reserve(n);
        keys_row_.reserve(n);
        grid_.x.reserve(n);
        grid_.row.reserve(n);
        hot_.reserve(D * (n + pad) + (detail::record_size<D> + 1) * n);
    }

    /// How many agents the crowd has.
    [[nodiscard]] std::size_t size() const noexcept { return vehicles_.size(); }
    /// Whether the crowd has no agent.
    [[nodiscard]] bool empty() const noexcept { return vehicles_.empty(); }
    /// Whether `id` names an agent of this crowd.
    [[nodiscard]] bool contains(id_type id) const noexcept {
        return id.index < slot_of_.size() && slot_of_[id.index] != no_slot && generations_[id.index] == id.generation;
    }

    /// The agent's vehicle: position, velocity, local space and limits. Write through it
    /// between steps (set_position, set_velocity, set_forward, set_max_speed...). The
    /// reference is valid until the next step, add or remove. A stale handle is refused.
    [[nodiscard]] vehicle_type& agent(id_type id, source_location caller = source_location::current()) {
        const std::uint32_t slot = slot_checked(id, "agent", caller);
        touch(slot);  // it may move: the queries look it up where it is
        return vehicles_[slot];
    }
    /// The agent's vehicle, read-only.
    [[nodiscard]] const vehicle_type& agent(id_type id, source_location caller = source_location::current()) const {
        return vehicles_[slot_checked(id, "agent", caller)];
    }
    /// The steering force the agent applied at the last step (kept on frames it does not
    /// think); zero before its first thought.
    [[nodiscard]] const V& steering(id_type id, source_location caller = source_location::current()) const {
        return steering_[slot_checked(id, "steering", caller)];
    }
    /// The agent's think phase.
    [[nodiscard]] std::uint32_t phase(id_type id, source_location caller = source_location::current()) const {
        return phases_[slot_checked(id, "phase", caller)];
    }
    /// Sets the agent's think phase: it thinks on the frames f with f % period == phase % period.
    void set_phase(id_type id, std::uint32_t phase, source_location caller = source_location::current()) {
        phases_[slot_checked(id, "set_phase", caller)] = phase;
    }
    /// The agent's own data (a `crowd<V, T>`'s), writable between steps.
    template <class U = T>
        requires(!std::is_void_v<U>)
    [[nodiscard]] U& data(id_type id, source_location caller = source_location::current()) {
        const std::uint32_t slot = slot_checked(id, "data", caller);
        kinds_known_ = false;  // it may change the agent's kind
        return data_.values[slot];
    }
    /// The agent's own data, read-only.
    template <class U = T>
        requires(!std::is_void_v<U>)
    [[nodiscard]] const U& data(id_type id, source_location caller = source_location::current()) const {
        return data_.values[slot_checked(id, "data", caller)];
    }
    /// Every agent's data, in storage order (that of `vehicles()` and `ids()`).
    template <class U = T>
        requires(!std::is_void_v<U>)
    [[nodiscard]] std::span<U> data() noexcept {
        kinds_known_ = false;  // any agent's kind may change
        return data_.values;
    }
    /// Every agent's data in storage order, read-only.
    template <class U = T>
        requires(!std::is_void_v<U>)
    [[nodiscard]] std::span<const U> data() const noexcept {
        return data_.values;
    }

    /// A function of an agent's data that names its kind, for `set_kinds`.
    using kind_function = std::uint32_t (*)(const std::conditional_t<has_data, T, char>&);
    /// Gives every agent a kind, `kind_of(data)`, that its neighbors read as
    /// `neighbors.kind(i)` (nullptr: no kinds, every kind 0). Kinds sort neighbors into groups
    /// (a herd and a flock, teams, collision layers) without reading their data: the crowd
    /// keeps them in a compact array beside the positions. `kind_of` is called once per
    /// agent and step, after the agent moved (and was constrained), on any thread; the kinds
    /// a step reads are those of the data as it was before the step. Writing through `data()`
    /// or `data(id)` between steps, or adding or removing agents, makes the next step call it
    /// for every agent again.
    template <class U = T>
        requires(!std::is_void_v<U>)
    void set_kinds(kind_function kind_of) noexcept {
        kind_of_ = kind_of;
        kinds_known_ = false;
    }

    /// Every agent's vehicle, in storage order (which changes at each step); `ids()` has the
    /// same order. For an engine's per-frame copy of positions and frames. Writing through
    /// it is allowed; the queries then scan every agent until the next step.
    [[nodiscard]] std::span<vehicle_type> vehicles() noexcept {
        index_stale_ = true;
        return vehicles_;
    }
    /// Every agent's vehicle in storage order, read-only.
    [[nodiscard]] std::span<const vehicle_type> vehicles() const noexcept { return vehicles_; }
    /// Every agent's handle, in storage order.
    [[nodiscard]] std::span<const id_type> ids() const noexcept { return ids_; }
    /// Every agent's last steering force, in storage order.
    [[nodiscard]] std::span<const V> steering_forces() const noexcept { return steering_; }

    /// The think schedule: how often each agent recomputes its steering.
    [[nodiscard]] const think_schedule& schedule() const noexcept { return schedule_; }
    /// Changes the think schedule; phases are kept (taken modulo the new period).
    void set_schedule(const think_schedule& schedule) noexcept { schedule_ = schedule; }
    /// The number of steps taken: the frame whose thinkers the next step chooses.
    [[nodiscard]] std::uint64_t frame() const noexcept { return frame_; }

    /// The most neighbors an agent is given (default 64).
    [[nodiscard]] std::size_t max_neighbors() const noexcept { return max_neighbors_; }
    /// Caps the neighbors an agent is given, in [1, 1024]. Where more others are within the
    /// radius (a crowd packed tighter than its radius assumes, or stacked on one spot), an
    /// agent gets `max_neighbors` of them: those of its own row of cells first, starting
    /// from itself in the row's order, then those of the rows around; and the search stops
    /// after examining 32 × max_neighbors candidates. So every agent costs a bounded
    /// amount, whatever the placement. Which neighbors is decided by the state before the
    /// step alone (the same whatever the threads), but they are not the nearest ones.
    void set_max_neighbors(std::size_t k, source_location caller = source_location::current()) {
        detail::expect(k >= 1 && k <= detail::crowd_neighbor_limit, where("set_max_neighbors"), "max_neighbors",
                       "in [1, 1024]", k, caller);
        max_neighbors_ = k;
    }

    /// One step of `dt` seconds (>= 0, finite): every agent due to think calls
    /// `think(id, vehicle, neighbors)`, `neighbors` holding the other agents within `radius`
    /// (>= 0, finite; inclusive) of it, at most `max_neighbors()`; its result becomes the
    /// agent's steering. Then every agent applies its steering with
    /// `vehicle::apply_force(steering, dt)`. Every think reads the state before the step.
    /// `exec` runs the loops (see executor.hpp); results do not depend on it.
    /// Refused, with nobody moved: a bad `dt` or `radius`, or a think returning a non-finite
    /// force (named with the agent's handle). `dt` and the forces are on the hot path: under
    /// STEER_HOT_PATH_CLAMP a bad `dt` is zero (nobody moves) and a bad force is zero (that
    /// agent coasts), as `apply_forces` takes them (docs/errors.md, "Hot paths").
    template <class Think, class Exec = serial_executor, class Lanes = detail::simd::native_pack<S>>
        requires crowd_think<Think, V, Lanes, T> && executor<Exec>
    void step(S dt, S radius, Think&& think, Exec&& exec = {}, source_location caller = source_location::current()) {
        this->template step<Think, no_constraint, Exec, Lanes>(dt, radius, std::forward<Think>(think), no_constraint{},
                                                                std::forward<Exec>(exec), caller);
    }

    /// `step`, and then `constrain(id, vehicle)` for every agent once it has moved, before
    /// the crowd sorts itself again: for what the vehicle model does not know, such as
    /// keeping walkers on the ground or everyone inside the world (`vehicle::set_position`,
    /// `set_velocity`...). Called on any thread, once per agent; it may change only the
    /// agent it is given (a `batch_constraint` is called a batch of agents at a time instead).
    /// With a threaded executor it may run while other agents still think (thoughts read the
    /// state before the step, which no constraint changes): what a constraint writes
    /// elsewhere must not be read by a think. If it throws, nobody has moved.
    template <class Think, class Constrain, class Exec, class Lanes = detail::simd::native_pack<S>>
        requires crowd_think<Think, V, Lanes, T> && crowd_step_constraint<Constrain, V, T> && executor<Exec>
    void step(S dt, S radius, Think&& think, Constrain&& constrain, Exec&& exec,
              source_location caller = source_location::current()) {
        dt = checked_step(dt, radius, caller);
        step_with<Lanes>(dt, radius, exec, [&](std::size_t begin, std::size_t end) {
            think_range<Lanes>(begin, end, radius, think, caller);
        }, constrain);
    }

    /// `step` with each agent's own radius (see `radius_by_agent`): an agent due to think gets
    /// the others within `radius.of(...)` of it, in [0, radius.widest]. Refused, with nobody
    /// moved: a bad `widest`, or an agent's radius outside [0, widest] (named with its handle).
    template <class Think, class F, class Exec = serial_executor, class Lanes = detail::simd::native_pack<S>>
        requires crowd_think<Think, V, Lanes, T> && crowd_radius_of<F, V, T> && executor<Exec>
    void step(S dt, const radius_by_agent<S, F>& radius, Think&& think, Exec&& exec = {},
              source_location caller = source_location::current()) {
        this->template step<Think, no_constraint, Exec, F, Lanes>(dt, radius, std::forward<Think>(think),
                                                                   no_constraint{}, std::forward<Exec>(exec), caller);
    }

    /// `step` with each agent's own radius, and a constraint.
    template <class Think, class Constrain, class Exec, class F, class Lanes = detail::simd::native_pack<S>>
        requires crowd_think<Think, V, Lanes, T> && crowd_step_constraint<Constrain, V, T> && crowd_radius_of<F, V, T> &&
                 executor<Exec>
    void step(S dt, const radius_by_agent<S, F>& radius, Think&& think, Constrain&& constrain, Exec&& exec,
              source_location caller = source_location::current()) {
        dt = checked_step(dt, radius.widest, caller);
        step_with<Lanes>(dt, radius.widest, exec, [&](std::size_t begin, std::size_t end) {
// A captureless `of` is an empty object whose one byte nobody writes: g++ 12 at -O1
// (aarch64) warns that its address is passed on uninitialized, though no byte is read.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
            think_range<Lanes>(begin, end, radius.widest, think, caller, &radius.of);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
        }, constrain);
    }

    /// Calls `f(id, distance_squared)` once for every agent whose squared distance to
    /// `center` is at most `radius * radius`: a proximity query, as `bin_lattice`'s, answered
    /// from the grid of the last step (agents written through `agent(id)`, added or moved
    /// since are looked up where they are). Before the first step, or after writing through
    /// `vehicles()`, it scans every agent. Refuses a non-finite center or a negative or
    /// non-finite radius.
    template <class F>
    void for_each_within(const V& center, S radius, F&& f, source_location caller = source_location::current()) const {
        if (!detail::query_accepted<detail::hot_path::database_query<crowd>>(where_query, center, radius, caller))
            return;
        visit_within(center, radius, [&](std::uint32_t slot, S distance_squared) { f(ids_[slot], distance_squared); });
    }

    /// The handle of the agent closest to `center` within `radius` (inclusive), or none;
    /// of equally close agents, the one with the smallest `id.index`.
    [[nodiscard]] std::optional<id_type> nearest(const V& center, S radius,
                                                 source_location caller = source_location::current()) const {
        if (!detail::query_accepted<detail::hot_path::database_query<crowd>>(where_nearest, center, radius, caller))
            return std::nullopt;
        std::optional<id_type> best;
        S best_distance_squared = 0;
        visit_within(center, radius, [&](std::uint32_t slot, S distance_squared) {
            const id_type id = ids_[slot];
            if (!best || distance_squared < best_distance_squared ||
                (distance_squared == best_distance_squared && id.index < best->index)) {
                best = id;
                best_distance_squared = distance_squared;
            }
        });
        return best;
    }

private:
    friend class flock<V>;
    friend struct detail::crowd_test_access;  // the tests' way to a slot's generation

    static constexpr const char* where_query = "steer::crowd::for_each_within";
    static constexpr const char* where_nearest = "steer::crowd::nearest";
    /// Pad after each position array: the distance tests read up to a pack past a run.
    static constexpr std::size_t pad = 16;
    /// Crowds from this size up fetch the rows' next agents ahead of the neighbor search:
    /// their position arrays (and a flock's records: about 44 bytes per agent in 3D) outgrow
    /// a megabyte, a core's L2 cache on common processors.
    static constexpr std::size_t prefetch_above = std::size_t(1) << 15;
    /// How many agents ahead of a run's end that is.
    static constexpr std::size_t prefetch_ahead = 32;
    /// How many grid positions ahead a thought fetches its agent's vehicle and data.
    static constexpr std::size_t thinker_ahead = 8;
    /// The largest query radius, in cells, answered through the grid (9 x 9 rows in 3D);
    /// wider queries scan every agent.
    static constexpr double max_query_cells = 4;

    [[nodiscard]] std::string where(const char* what) const { return std::string(name_) + "::" + what; }

    template <class E>
    static void grow(std::vector<E>& v) {
        if (v.size() == v.capacity()) v.reserve(std::max<std::size_t>(16, 2 * v.capacity()));
    }

    [[nodiscard]] std::uint32_t slot_checked(id_type id, const char* what, const source_location& caller) const {
        detail::expect_that(contains(id), std::string("id must name an agent of this ") + noun_, [&] {
            return where(what) + ": id must name an agent of this " + noun_ + " (got index " +
                   detail::format_value(id.index) + ", generation " + detail::format_value(id.generation) + ")";
        }, caller);
        return slot_of_[id.index];
    }

    /// Frees the id slot `index` for a later agent, under the next generation; a slot whose
    /// generations are used up is retired instead (never given out again), so that no stale
    /// handle ever names a later agent, however many times slots are reused.
    void release(std::uint32_t index) {
        slot_of_[index] = no_slot;
        if (++generations_[index] != 0) free_.push_back(index);
    }

    /// The radius the grid is planned for, and the least a search or a query reaches: at
    /// least twice the square root of the smallest normal number, below which squared
    /// distances underflow and points count as coincident (docs/errors.md, "Resolution"):
    /// such neighbors are within any radius, 0 included, and may lie in the next cell
    /// (cells planned for a denormal radius put them cells apart; found by the crowd fuzzer).
    [[nodiscard]] static double grid_radius(S radius) noexcept {
        return std::max(static_cast<double>(radius), 2 * std::sqrt(static_cast<double>(std::numeric_limits<S>::min())));
    }

    /// Notes that the agent in `slot` may no longer be where the grid has it.
    void touch(std::uint32_t slot) {
        if (touched_[slot] != 0) return;
        touched_[slot] = 1;
        touched_list_.push_back(slot);
    }

    /// Refuses a bad `radius`; answers the `dt` to step by (a bad one is a hot-path fault:
    /// zero under the clamp policy).
    [[nodiscard]] S checked_step(S dt, S radius, const source_location& caller) const {
        detail::expect(std::isfinite(radius) && radius >= S(0), where("step"), "radius", ">= 0 and finite", radius,
                       caller);
        if (std::isfinite(dt) && dt >= S(0)) [[likely]]
            return dt;
        return detail::hot_path_fault<detail::hot_path::crowd_step_dt>(refusal(
                   detail::describe(where("step"), "dt", ">= 0 and finite", dt), detail::rule("dt", ">= 0 and finite"),
                   caller))
                   ? S(0)
                   : dt;
    }

    /// Whether the grid of the last sort is that of `radius` over the agents as they are.
    /// After a write through `vehicles()`, compares every position with the grid's copy
    /// (an engine that only reads through the mutable span keeps its grid).
    template <class Exec>
    [[nodiscard]] bool index_fresh(S radius, Exec& exec);

    /// The frame of a step: sort if the grid is not that of `radius` over the agents as they
    /// are; then, range by range of the grid order through `exec`, `think_all(begin, end)`
    /// (it writes the steering of the agent at grid position k into next_steering_[k]) and
    /// the move of the same agents into grid order as they apply their steering; then sort
    /// again, for the queries and the next step. A range's moves read only what its own
    /// thoughts wrote, and write only the next storage, which no thought reads: so a range
    /// moves while others still think, in one loop through the executor (one barrier), and
    /// each agent moves while its thought's writes are still in the cache.
    template <class Lanes, class Exec, class ThinkAll, class Constrain = no_constraint>
    void step_with(S dt, S radius, Exec& exec, ThinkAll&& think_all, Constrain&& constrain = {});

    /// The agents at grid positions [begin, end) apply their steering
    /// (`vehicle::apply_force`, in lanes: the same bits) and move into grid order: the agent
    /// at grid position k is read from its storage slot and written, stepped (and
    /// constrained), to slot k of the next storage, its cell noted in `keys_x_` and
    /// `keys_row_`, its kind in `next_kinds_` and the cells' bounds in `moved_bounds_`.
    template <class Lanes, class Constrain>
    void move(std::size_t begin, std::size_t end, S dt, Constrain& constrain);

    /// Each due agent of grid positions [begin, end) thinks over its neighbors: those within
    /// `radius`, or within `(*radius_of)(...)` when given (see `radius_by_agent`).
    template <class P, class Think, class RadiusOf = std::nullptr_t>
    void think_range(std::size_t begin, std::size_t end, S radius, Think& think, const source_location& caller,
                     const RadiusOf* radius_of = nullptr);

    /// In a crowd too large for the cache, asks for the vehicle (and data) of the agent
    /// `thinker_ahead` grid positions after `k` (if before `end`), the one a thought at `k`
    /// will read soon. The thoughts read the agents in storage order, but the rows that the
    /// searches walk in between are more streams than the hardware's prefetchers follow.
    void prefetch_thinker([[maybe_unused]] std::size_t k, [[maybe_unused]] std::size_t end) const noexcept {
#if defined(__GNUC__) || defined(__clang__)
        if (indexed_ < prefetch_above || k + thinker_ahead >= end) return;
        const std::uint32_t ahead = order_[k + thinker_ahead];
        detail::prefetch_object(vehicles_.data() + ahead);
        if constexpr (has_data) detail::prefetch_object(data_.values.data() + ahead);
#endif
    }

    /// The non-finite steering `what` of the agent in storage slot `slot`, a hot-path fault:
    /// refused by default, zero (the agent coasts) under the clamp policy.
    STEER_DETAIL_COLD V steering_fault(std::size_t slot, const V& steering, const char* what,
                                       const source_location& caller) const {
        const std::string parameter = std::string(what) + " for agent " + detail::format_value(ids_[slot].index) +
                                      " (generation " + detail::format_value(ids_[slot].generation) + ")";
        return detail::hot_path_fault<detail::hot_path::crowd_step_steering>(refusal(
                   detail::describe_vector(where("step"), parameter, "finite", steering),
                   detail::rule(parameter, "finite"), caller))
                   ? V(S(0))
                   : steering;
    }

    /// The radius `radius_of` gives the agent in storage slot `slot` (refused outside [0, widest]).
    template <class RadiusOf>
    [[nodiscard]] S own_radius(const RadiusOf& radius_of, std::uint32_t slot, S widest,
                               const source_location& caller) const;

    /// Refuses the radius `own` that `radius_by_agent` gave the agent in storage slot `slot`;
    /// where STEER_EXPECTS returns, the agent looks as far as the grid allows: `own` within
    /// [0, widest] (0 for a NaN).
    STEER_DETAIL_COLD S refused_radius(std::size_t slot, S own, S widest, const source_location& caller) const {
        detail::refuse(where("step"),
                       "radius for agent " + detail::format_value(ids_[slot].index) + " (generation " +
                           detail::format_value(ids_[slot].generation) + ")",
                       "in [0, widest]", own, caller);
        return own > widest ? widest : own >= S(0) ? own : S(0);
    }

    /// The most runs a neighbor search visits: one per row.
    static constexpr std::size_t most_runs = detail::crowd_grid<D>::max_rows;

    /// The runs of grid positions the neighbor search of the agent at grid position `k`
    /// examines: [first[i], last[i]) for i < `visits`, the agent's own row first, for the
    /// grid's reach or, when `near` is not negative, for what `near` reaches of it; and
    /// `examined`, the candidates in them all.
    STEER_DETAIL_ALWAYS_INLINE void search_runs(std::size_t k, typename detail::crowd_grid<D>::neighbor_rows& rows,
                     const S* const (&position)[std::size_t{D}], S near, std::uint32_t (&first)[most_runs],
                     std::uint32_t (&last)[most_runs], std::size_t& visits, std::size_t& examined) const noexcept;

    /// The candidates the neighbor searches of a step over the grid of the last sort examine,
    /// summed over every agent (the agent itself included; at most the budget each): the
    /// work of a step's searches, which the tests compare across placements.
    [[nodiscard]] std::size_t search_candidates() const noexcept;

    /// The neighbors of the agent at grid position `k` whose squared distance is in [lo, hi]
    /// (itself excluded: `Self` says that [lo, hi] holds 0), into `found` (grid positions;
    /// room for crowd_neighbor_limit + 16), at most max_neighbors; returns how many. `near`
    /// (when not negative) is the square root of `hi`, nearer than the grid's radius: then
    /// only the rows and x cells it reaches are visited. Where there are more, or more than
    /// 32 × max_neighbors candidates to examine, the list is taken as `set_max_neighbors`
    /// says.
    template <class P, bool Self>
    [[nodiscard]] std::size_t gather(std::size_t k, typename detail::crowd_grid<D>::neighbor_rows& rows,
                                     const S* const (&position)[std::size_t{D}],
                                     const typename P::pack (&self)[std::size_t{D}], const typename P::pack& lo,
                                     const typename P::pack& hi, std::uint32_t* found, S near = S(-1)) const noexcept;

    /// `gather` with itself excluded and [0, reach_squared], for the agent at grid position
    /// `k`, in lanes of `P`, or of AVX where chosen at run time (the same neighbors in the
    /// same order: the search alone is compiled for AVX, not the think that reads them).
    template <class P>
    [[nodiscard]] std::size_t gather_in_lanes(std::size_t k, typename detail::crowd_grid<D>::neighbor_rows& rows,
                                              const S* const (&position)[std::size_t{D}], S reach_squared,
                                              std::uint32_t* found, S near = S(-1)) const noexcept;

    [[nodiscard]] std::size_t stride() const noexcept { return indexed_ + pad; }
    [[nodiscard]] S* hot_position(int d) noexcept { return hot_.data() + static_cast<std::size_t>(d) * stride(); }
    [[nodiscard]] const S* hot_position(int d) const noexcept {
        return hot_.data() + static_cast<std::size_t>(d) * stride();
    }
    [[nodiscard]] S* hot_records() noexcept { return hot_.data() + static_cast<std::size_t>(D) * stride(); }
    [[nodiscard]] const S* hot_records() const noexcept { return hot_.data() + static_cast<std::size_t>(D) * stride(); }
    /// The agents' radii in grid order, after the records: read by separation between bodies.
    [[nodiscard]] S* hot_radii() noexcept { return hot_records() + detail::record_size<D> * indexed_; }
    [[nodiscard]] const S* hot_radii() const noexcept { return hot_records() + detail::record_size<D> * indexed_; }

    /// Sorts the agents into the grid for `radius`: each agent's cell, the order (a
    /// counting sort by row bucket, then along x; order_[k] is the storage slot of the
    /// agent at grid position k), and, in that order, the agents' cells, the per-component
    /// position arrays and the flock's records. The agents themselves move into grid order
    /// in the next step's `move`, with their integration: nearly sorted already, since they
    /// were stored in the order of the grid before. `moved`: the agents' cells and their
    /// bounds were noted by `move` (in `keys_x_`, `keys_row_` and `moved_bounds_`). Three
    /// loops through the executor in the cells layout, four hashed, five in the rows layout
    /// (each a barrier for the threads), each filling what the next needs.
    template <class Exec>
    void reindex(S radius, Exec& exec, bool moved = false);

    /// Whether the crowd has kinds (`set_kinds`).
    [[nodiscard]] bool kinds_on() const noexcept {
        if constexpr (has_data) return kind_of_ != nullptr;
        else return false;
    }
    /// Whether the kinds in grid order are those of the agents' data (every sort fills
    /// them; only a write to the data between steps, or a new function, leaves them behind).
    [[nodiscard]] bool kinds_fresh() const noexcept { return !kinds_on() || kinds_known_; }
    /// The kinds in grid order, for the neighbors (nullptr without kinds).
    [[nodiscard]] const std::uint32_t* kinds_of_grid() const noexcept {
        return kinds_on() ? grid_kinds_.data() : nullptr;
    }
    /// Recomputes every kind from the data (written between steps), in grid order.
    template <class Exec>
    void refresh_kinds(Exec& exec);

    /// Notes the cell of the agent in storage slot `i` (the grid planned for the radius).
    void note_cell(std::size_t i) noexcept {
        const V& p = vehicles_[i].position();
        keys_x_[i] = grid_.x_of(p[0]);
        keys_row_[i] = grid_.row_of(p);
    }

    /// Calls `f(slot, distance_squared)` for every agent within `radius` of `center`.
    template <class F>
    void visit_within(const V& center, S radius, F&& f) const;

    const char* name_ = "steer::crowd";  // "steer::flock" for a flock's
    const char* noun_ = "crowd";
    think_schedule schedule_{1};
    std::uint64_t frame_ = 0;
    std::uint32_t next_phase_ = 0;
    std::size_t max_neighbors_ = default_max_neighbors;

    // The agents, in storage order (grid order after a step), and their bookkeeping.
    std::vector<vehicle_type> vehicles_;
    std::vector<V> steering_;
    std::vector<std::uint32_t> phases_;
    std::vector<id_type> ids_;
    detail::data_column<T> data_;             // the agents' own data (nothing for void)
    std::vector<std::uint32_t> slot_of_;      // by id index: storage slot, or no_slot
    std::vector<std::uint32_t> generations_;  // by id index
    std::vector<std::uint32_t> free_;         // id indices to reuse

    // The grid of the last sort: slots [0, indexed_) were sorted for index_radius_; the
    // agents in touched_list_ (flagged in touched_) have been written, added or moved since.
    // Each slot is listed at most once; touched_ covers every slot used since the sort (a
    // slot vacated by a removal keeps its flag, so an agent added into it is not listed twice).
    detail::crowd_grid<D> grid_;
    std::size_t indexed_ = 0;
    S index_radius_ = -1;
    bool index_stale_ = true;  // true: written through vehicles(); the grid is not to be used
    std::vector<std::uint8_t> touched_;
    std::vector<std::uint32_t> touched_list_;

    // Scratch, kept between steps so that a step allocates nothing once warm.
    std::vector<vehicle_type> next_vehicles_;
    std::vector<V> next_steering_;
    std::vector<std::uint32_t> next_phases_;
    std::vector<id_type> next_ids_;
    detail::data_column<T> next_data_;        // the data after the step, in grid order
    std::vector<std::int64_t> keys_x_;
    std::vector<typename detail::crowd_grid<D>::row_key> keys_row_;
    std::vector<std::uint32_t> keys_bucket_;
    std::vector<std::uint32_t> order_;
    typename detail::crowd_grid<D>::shared_bounds moved_bounds_;  // the cells' bounds, gathered by range
    std::vector<S> hot_;  // positions, one array per component; then the flock's records

    // Kinds (`set_kinds`): by storage slot, as the last step's moves or a refresh computed
    // them, and in grid order for the neighbors, filled by every sort. kinds_known_: both
    // are those of the data (no write to it, no agent added or removed, since).
    kind_function kind_of_ = nullptr;
    bool kinds_known_ = false;
    std::vector<std::uint32_t> stored_kinds_;
    std::vector<std::uint32_t> next_kinds_;
    std::vector<std::uint32_t> grid_kinds_;
};

using crowd2 = crowd<glm::vec2>;    ///< A 2D crowd in float.
using crowd3 = crowd<glm::vec3>;    ///< A 3D crowd in float.
using crowd2d = crowd<glm::dvec2>;  ///< A 2D crowd in double.
using crowd3d = crowd<glm::dvec3>;  ///< A 3D crowd in double.

}  // namespace steer

// The longer member definitions, in files of their own so that this one reads as the crowd's
// interface and its state.
#include "crowd_index.inl"
#include "crowd_step.inl"

#endif  // STEER_CROWD_CROWD_HPP
