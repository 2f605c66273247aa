#ifndef STEER_CROWD_FLOCK_HPP
#define STEER_CROWD_FLOCK_HPP

/// @file
/// The batched flock: one big flock of boids (Reynolds 1999, "Flocking") stepped as a
/// whole, fast. Same semantics as the per-vehicle path (`flocking` over each vehicle's
/// neighbors, then `vehicle::apply_force`), with the neighbor search done for everyone at
/// once on a grid rebuilt every step, the state kept in grid order, and the loops handed to
/// an executor (serial, the bundled thread pool, or an engine's job system).

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../detail/portable_math.hpp"
#include "crowd.hpp"
#include "lanes.hpp"
#include "../behaviors/flocking.hpp"
#include "../behaviors/neighborhood.hpp"
#include "../detail/simd.hpp"
#include "../error.hpp"
#include "../executor.hpp"
#include "../math.hpp"
#include "../schedule.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"

namespace steer {

/// The handle of a flock's agent: the crowd's (see `crowd_id`).
using flock_id = crowd_id;


/// The extra steering that adds nothing: each agent applies its flocking force as it is.
struct no_extra_steering {
    /// Returns `flocking_force` unchanged.
    template <vector V>
    [[nodiscard]] constexpr V operator()(flock_id, const vehicle<V>&, const V& flocking_force) const noexcept {
        return flocking_force;
    }
};

/// A per-agent steering callable for `flock::step`: `f(id, vehicle, flocking_force)` returns
/// the steering force the agent applies this step (typically the flocking force combined
/// with the user's own behaviors). It may be called from several threads at once, for
/// different agents; with `serial_executor` it is called on the stepping thread only.
template <class F, class V>
concept flock_steering = vector<V> && std::invocable<F&, flock_id, const vehicle<V>&, const V&> &&
    std::convertible_to<std::invoke_result_t<F&, flock_id, const vehicle<V>&, const V&>, V>;


/// One big flock stepped as a whole (Reynolds 1999, "Flocking", at crowd scale): each
/// step, every agent computes `flocking(agent, others, params)` over the whole flock, passes
/// it through the caller's extra steering, and applies the result with the simple vehicle
/// model (`vehicle::apply_force`). The forces equal the per-vehicle path's (up to float
/// rounding in the sums: about 1e-6 relative), and the motion is the vehicle model's,
/// because each agent *is* a `vehicle<V>`, readable and writable between steps.
///
/// A flock is the boids case of `crowd`, on the same storage, grid and handles: the
/// neighbor search, the sort into grid order and the integration are the crowd's, and
/// only the thinking differs. Where a crowd hands each agent its neighbors, the flock
/// sums flocking's three components over them in SIMD lanes (the distance and field-of-view
/// tests, the sums and their combination several neighbors or agents at a time), which
/// makes plain boids about twice as fast as `flocking` called from a crowd's think.
/// Each agent's result depends only on the state before the step, so results are
/// bit-identical whatever the executor and the number of threads; no placement makes a
/// step superlinear (see `crowd` and `set_max_neighbors`: neighbors here are the others
/// within the largest of the three neighborhood distances, not at the same spot).
///
/// Think-rate decoupling (Reynolds 2000, "Realtime Performance"): with a think_schedule of
/// period p, an agent computes a new steering force (flocking and the extra steering) only
/// on the frames where its phase is due, and applies its last one on the others; every
/// agent moves every frame. A new agent has zero steering until its first thought.
///
/// Agents are added and removed between steps; handles (`flock_id`) stay valid. The storage
/// order (`vehicles()`, `ids()`) changes at every step; references into it are valid until
/// the next `step`, `add` or `remove`. Between steps the flock answers proximity queries
/// (`for_each_within`, `nearest`) as a crowd does.
template <vector V>
class flock {
    using S = scalar_t<V>;
    static constexpr int D = dimension_v<V>;

public:
    using vector_type = V;                  ///< The vector type, e.g. glm::vec3.
    using scalar_type = S;                  ///< Its scalar, float or double.
    using vehicle_type = steer::vehicle<V>; ///< What each agent is.
    using id_type = flock_id;               ///< The handle of an agent.
    using payload_type = flock_id;          ///< What the proximity queries report.

    /// An empty flock whose agents think every frame.
    flock() { adopt(); }
    /// An empty flock whose agents think on `schedule`.
    explicit flock(const think_schedule& schedule) : agents_(schedule) { adopt(); }

    /// Adds an agent built from `params` (validated as `vehicle` does); returns its handle.
    /// Its phase is the next in round-robin order (see `set_phase`).
    flock_id add(const vehicle_params<V>& params, source_location caller = source_location::current()) {
        return agents_.add(params, caller);
    }
    /// Adds a copy of `v`; returns its handle. Its phase is the next in round-robin order.
    flock_id add(const vehicle_type& v, source_location caller = source_location::current()) {
        return agents_.add(v, caller);
    }
    /// Adds a copy of `v` with a think phase (any number; it thinks on the frames f with
    /// f % period == phase % period). Returns its handle.
    flock_id add(const vehicle_type& v, std::uint32_t phase, source_location caller = source_location::current()) {
        return agents_.add(v, phase, caller);
    }
    /// Removes an agent; its handle is refused from now on. Another agent takes its storage
    /// slot (handles are unaffected). A stale handle is refused (see `crowd_id` about
    /// handles from another flock).
    void remove(flock_id id, source_location caller = source_location::current()) { agents_.remove(id, caller); }
    /// Removes every agent (their handles are refused from now on); keeps the memory.
    void clear() { agents_.clear(); }
    /// The most agents `reserve` takes (see `crowd::max_reserve`).
    [[nodiscard]] static constexpr std::size_t max_reserve() noexcept { return crowd<V>::max_reserve(); }
    /// Reserves memory for `n` agents, so that adding up to `n` and stepping them allocates
    /// nothing more. Refuses more than `max_reserve()` before allocating anything.
    void reserve(std::size_t n, source_location caller = source_location::current()) { agents_.reserve(n, caller); }

    /// How many agents the flock has.
    [[nodiscard]] std::size_t size() const noexcept { return agents_.size(); }
    /// Whether the flock has no agent.
    [[nodiscard]] bool empty() const noexcept { return agents_.empty(); }
    /// Whether `id` names an agent of this flock.
    [[nodiscard]] bool contains(flock_id id) const noexcept { return agents_.contains(id); }

    /// The agent's vehicle: position, velocity, local space and limits. Write through it
    /// between steps (set_position, set_velocity, set_forward, set_max_speed...). The
    /// reference is valid until the next step, add or remove. A stale handle is refused.
    [[nodiscard]] vehicle_type& agent(flock_id id, source_location caller = source_location::current()) {
        return agents_.agent(id, caller);
    }
    /// The agent's vehicle, read-only.
    [[nodiscard]] const vehicle_type& agent(flock_id id, source_location caller = source_location::current()) const {
        return agents_.agent(id, caller);
    }
    /// The steering force the agent applied at the last step (kept on frames it does not
    /// think); zero before its first thought.
    [[nodiscard]] const V& steering(flock_id id, source_location caller = source_location::current()) const {
        return agents_.steering(id, caller);
    }
    /// The agent's think phase.
    [[nodiscard]] std::uint32_t phase(flock_id id, source_location caller = source_location::current()) const {
        return agents_.phase(id, caller);
    }
    /// Sets the agent's think phase: it thinks on the frames f with f % period == phase % period.
    void set_phase(flock_id id, std::uint32_t phase, source_location caller = source_location::current()) {
        agents_.set_phase(id, phase, caller);
    }

    /// Every agent's vehicle, in storage order (which changes at each step); `ids()` has the
    /// same order. For an engine's per-frame copy of positions and frames.
    [[nodiscard]] std::span<vehicle_type> vehicles() noexcept { return agents_.vehicles(); }
    /// Every agent's vehicle in storage order, read-only.
    [[nodiscard]] std::span<const vehicle_type> vehicles() const noexcept { return agents_.vehicles(); }
    /// Every agent's handle, in storage order.
    [[nodiscard]] std::span<const flock_id> ids() const noexcept { return agents_.ids(); }
    /// Every agent's last steering force, in storage order.
    [[nodiscard]] std::span<const V> steering_forces() const noexcept { return agents_.steering_forces(); }

    /// The think schedule: how often each agent recomputes its steering.
    [[nodiscard]] const think_schedule& schedule() const noexcept { return agents_.schedule(); }
    /// Changes the think schedule; phases are kept (taken modulo the new period).
    void set_schedule(const think_schedule& schedule) noexcept { agents_.set_schedule(schedule); }
    /// The number of steps taken: the frame whose thinkers the next step chooses.
    [[nodiscard]] std::uint64_t frame() const noexcept { return agents_.frame(); }

    /// The most neighbors an agent counts (default 64; see `crowd::set_max_neighbors`).
    [[nodiscard]] std::size_t max_neighbors() const noexcept { return agents_.max_neighbors(); }
    /// Caps the neighbors an agent counts, in [1, 1024] (see `crowd::set_max_neighbors`).
    void set_max_neighbors(std::size_t k, source_location caller = source_location::current()) {
        agents_.set_max_neighbors(k, caller);
    }

    /// Calls `f(id, distance_squared)` for every agent within `radius` of `center` (see
    /// `crowd::for_each_within`).
    template <class F>
    void for_each_within(const V& center, S radius, F&& f, source_location caller = source_location::current()) const {
        agents_.for_each_within(center, radius, std::forward<F>(f), caller);
    }
    /// The agent closest to `center` within `radius`, or none (see `crowd::nearest`).
    [[nodiscard]] std::optional<flock_id> nearest(const V& center, S radius,
                                                  source_location caller = source_location::current()) const {
        return agents_.nearest(center, radius, caller);
    }

    /// One step of `dt` seconds (>= 0, finite): every agent due to think computes its
    /// flocking force over the whole flock with `params` (as `flocking` does: at most the
    /// agent's max_force, the weights fractions of it) and passes it to `extra(id,
    /// vehicle, flocking_force)`, whose result becomes its steering; then every agent applies
    /// its steering with `vehicle::apply_force(steering, dt)`. All forces come from the state
    /// before the step. `exec` runs the loops (see executor.hpp); results do not depend on it.
    /// Refused (nothing moves): a bad `dt` or `params`, or a non-finite extra steering.
    template <class Extra = no_extra_steering, class Exec = serial_executor,
              class Lanes = detail::simd::native_pack<S>>
        requires flock_steering<Extra, V> && executor<Exec>
    void step(S dt, const flocking_params<V>& params, Extra&& extra = {}, Exec&& exec = {},
              source_location caller = source_location::current()) {
        validate(params, caller);
        const S reach =
            std::max({params.separation.max_distance, params.alignment.max_distance, params.cohesion.max_distance});
        dt = agents_.checked_step(dt, reach, caller);
        const detail::neighborhood_test<V> separation(params.separation);
        const detail::neighborhood_test<V> alignment(params.alignment);
        const detail::neighborhood_test<V> cohesion(params.cohesion);
        const auto same_field = [](const detail::neighborhood_test<V>& a, const detail::neighborhood_test<V>& b) {
            return a.all_round == b.all_round && a.cos_max_angle == b.cos_max_angle &&
                   a.cos_max_angle_squared == b.cos_max_angle_squared;
        };
        const auto run = [&]<detail::fields_of_view Fields>() {
            agents_.template step_with<Lanes>(dt, reach, exec, [&](std::size_t begin, std::size_t end) {
                // The native lanes: AVX's where chosen at run time (the same bits), for the
                // all-round neighborhoods between centers: with fields of view, or between
                // bodies, the AVX copy took 1.37 and 1.14 times the SSE2 lanes' time (bench_flock,
                // 10^4 boids), where all round it takes 0.83 times.
                if constexpr (std::is_same_v<Lanes, detail::simd::native_pack<S>> &&
                              Fields == detail::fields_of_view::all_round)
                    if (!params.separation_spacing.bodies && detail::simd::run_in_wider_lanes<S>([&]<class P>() {
                            think_range<P, Fields>(begin, end, params, separation, alignment, cohesion, extra, caller);
                        }))
                        return;
                think_range<Lanes, Fields>(begin, end, params, separation, alignment, cohesion, extra, caller);
            });
        };
        if (separation.all_round && alignment.all_round && cohesion.all_round)
            run.template operator()<detail::fields_of_view::all_round>();
        else if (same_field(separation, alignment) && same_field(alignment, cohesion))
            run.template operator()<detail::fields_of_view::shared>();  // boids' usual case
        else
            run.template operator()<detail::fields_of_view::separate>();
    }

private:
    /// Agents whose flocking sums are combined together, in lanes.
    static constexpr std::size_t think_block = 16;
    static constexpr std::size_t record_size = detail::record_size<D>;

    /// Makes the crowd speak as a flock in its messages.
    void adopt() noexcept {
        agents_.name_ = "steer::flock";
        agents_.noun_ = "flock";
    }

    /// Each due agent of grid positions [begin, end): its flocking sums over its neighbors
    /// (the candidates within reach and not coincident, gathered as a crowd gathers them),
    /// in lanes; then, a block of agents at a time, the flocking forces and the extra steering.
    template <class P, detail::fields_of_view Fields, class Extra>
    void think_range(std::size_t begin, std::size_t end, const flocking_params<V>& params,
                     const detail::neighborhood_test<V>& separation_test,
                     const detail::neighborhood_test<V>& alignment_test,
                     const detail::neighborhood_test<V>& cohesion_test, Extra& extra, const source_location& caller) {
        using pack = typename P::pack;
        crowd<V>& c = agents_;
        const detail::lane_neighborhood_test<P, S> separation(separation_test);
        const detail::lane_neighborhood_test<P, S> alignment(alignment_test);
        const detail::lane_neighborhood_test<P, S> cohesion(cohesion_test);
        // Within reach (the widest neighborhood) and not coincident: for_each_neighbor's test.
        const pack lo = P::broadcast(std::numeric_limits<S>::min());
        const pack hi = P::broadcast(
            std::min(std::max({separation_test.max_distance_squared, alignment_test.max_distance_squared,
                               cohesion_test.max_distance_squared}),
                     std::numeric_limits<S>::max()));
        const S* position[std::size_t{D}];
        for (int d = 0; d < D; ++d) position[d] = c.hot_position(d);
        const S* records = c.hot_records();
        const detail::due_phases due(c.schedule_, c.frame_);
        typename detail::crowd_grid<D>::neighbor_rows rows;
        std::uint32_t found[detail::crowd_neighbor_limit + 16];
        // Agents that have their sums wait in a block for the combination in lanes.
        detail::flocking_block<S, D, think_block> block;
        const pack weights[3] = {P::broadcast(params.separation_weight), P::broadcast(params.alignment_weight),
                                 P::broadcast(params.cohesion_weight)};
        const pack separation_reach[2] = {P::broadcast(detail::separation_reach(params)),
                                          P::broadcast(detail::separation_shift(params))};
        const bool bodies = params.separation_spacing.bodies;
        const S* radii = c.hot_radii();
        for (std::size_t k = begin; k < end; ++k) {
            c.prefetch_thinker(k, end);
            const std::uint32_t slot = c.order_[k];  // where the agent is stored
            if (!due(c.phases_[slot])) {
                c.next_steering_[k] = c.steering_[slot];
                continue;
            }
            const vehicle_type& v = c.vehicles_[slot];
            pack self[std::size_t{D}], self_forward[std::size_t{D}];
            for (int d = 0; d < D; ++d) {
                self[d] = P::broadcast(position[d][k]);
                self_forward[d] = P::broadcast(records[record_size * k + static_cast<std::size_t>(D + d)]);
            }
            const std::size_t count = c.template gather<P, false>(k, rows, position, self, lo, hi, found);
            // The sums read whole packs of indices: make the ones past the end valid.
            for (std::size_t l = 0; l < detail::sum_lanes; ++l) found[count + l] = 0;
            detail::lane_flocking_sums<P, D> sums;
            if (bodies)  // between bodies: the neighbors' radii too
                detail::accumulate_neighbors<P, D, Fields, false, true>(
                    records, found, count, self, self_forward, separation, alignment, cohesion, sums,
                    detail::lane_bodies<P>(radii, v.radius(), params.separation_spacing.personal_space));
            else
                detail::accumulate_neighbors<P, D, Fields>(records, found, count, self, self_forward, separation,
                                                           alignment, cohesion, sums);
            const std::size_t e = block.size++;
            for (int d = 0; d < D; ++d) {
                block.separation[d][e] = sums.total(sums.separation, d);
                block.heading[d][e] = sums.total(sums.heading, d);
                block.offset[d][e] = sums.total(sums.offset, d);
                block.velocity[d][e] = v.velocity()[d];
            }
            block.heading_count[e] = P::total(sums.heading_count);
            block.max_speed[e] = v.max_speed();
            block.max_force[e] = v.max_force();
            block.agent[e] = static_cast<std::uint32_t>(k);
            if (block.size == think_block) finish_block<P>(block, weights, separation_reach, params, extra, caller);
        }
        finish_block<P>(block, weights, separation_reach, params, extra, caller);
    }

    /// The flocking forces of a block of agents (combine_flocking, in lanes), then each
    /// agent's extra steering, which becomes its steering.
    template <class P, class Extra>
    void finish_block(detail::flocking_block<S, D, think_block>& block, const typename P::pack (&weights)[3],
                      const typename P::pack (&separation_reach)[2], const flocking_params<V>& params, Extra& extra,
                      const source_location& caller) {
        crowd<V>& c = agents_;
        for (std::size_t e = block.size; e < (block.size + P::width - 1) / P::width * P::width; ++e) {
            // Harmless lanes past the last agent (results ignored).
            for (int d = 0; d < D; ++d)
                block.separation[d][e] = block.heading[d][e] = block.offset[d][e] = block.velocity[d][e] = S(0);
            block.heading_count[e] = block.max_speed[e] = block.max_force[e] = S(0);
        }
        unsigned done[think_block / P::width];
        for (std::size_t j = 0; j < block.size; j += P::width)
            done[j / P::width] =
                detail::combine_flocking_lanes<P, D>(block, j, weights, separation_reach[0], separation_reach[1]);
        for (std::size_t e = 0; e < block.size; ++e) {
            const std::uint32_t k = block.agent[e];
            const std::uint32_t slot = c.order_[k];
            const vehicle_type& v = c.vehicles_[slot];
            V flocking_force;
            if (done[e / P::width] >> (e % P::width) & 1u) {
                for (int d = 0; d < D; ++d) flocking_force[d] = block.force[d][e];
            } else {
                V separation_sum, heading_sum, offset_sum;
                for (int d = 0; d < D; ++d) {
                    separation_sum[d] = block.separation[d][e];
                    heading_sum[d] = block.heading[d][e];
                    offset_sum[d] = block.offset[d][e];
                }
                flocking_force =
                    detail::combine_flocking(separation_sum, heading_sum, block.heading_count[e], offset_sum,
                                             v.velocity(), v.max_speed(), v.max_force(), params);
            }
            const V steering = extra(c.ids_[slot], v, flocking_force);
            c.next_steering_[k] =
                is_finite(steering) ? steering : c.steering_fault(slot, steering, "extra steering", caller);
        }
        block.size = 0;
    }

    crowd<V> agents_;
};

using flock2 = flock<glm::vec2>;    ///< A 2D flock in float.
using flock3 = flock<glm::vec3>;    ///< A 3D flock in float.
using flock2d = flock<glm::dvec2>;  ///< A 2D flock in double.
using flock3d = flock<glm::dvec3>;  ///< A 3D flock in double.

}  // namespace steer

#endif  // STEER_CROWD_FLOCK_HPP
