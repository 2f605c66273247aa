#ifndef STEER_FLOCK_HPP
#define STEER_FLOCK_HPP

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

#include "detail/expect.hpp"
#include "detail/portable_math.hpp"
#include "apply_forces.hpp"
#include "behaviors/flocking.hpp"
#include "behaviors/neighborhood.hpp"
#include "detail/simd.hpp"
#include "error.hpp"
#include "executor.hpp"
#include "math.hpp"
#include "schedule.hpp"
#include "vector.hpp"
#include "vehicle.hpp"

namespace steer {

/// A stable handle to an agent of a `flock`: valid from `add` until `remove`, whatever the
/// steps do to the storage order. A removed agent's handle is refused afterwards, even when
/// its slot has been given to a new agent (the generation differs). `index` is small and
/// dense (removed agents' indices are reused): index your own per-agent arrays with it.
struct flock_id {
    /// The agent's slot: dense, reused after a removal (index your own arrays with it).
    std::uint32_t index = std::numeric_limits<std::uint32_t>::max();
    /// How many times the slot has been reused: tells a stale handle from the new agent's.
    std::uint32_t generation = 0;

    /// Two handles are equal when they name the same agent (slot and generation).
    friend constexpr bool operator==(const flock_id&, const flock_id&) = default;
};

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

namespace detail {

/// A neighborhood test over lanes: the same comparisons as `neighborhood_test::accepts`,
/// on packs, with the constants taken from a `neighborhood_test`. The squared distance
/// limit is clamped to the largest finite value, so that passing it also means that the
/// squared distance did not overflow (which `for_each_neighbor` checks separately).
template <class P, class S>
struct lane_neighborhood_test {
    using pack = typename P::pack;
    using mask = typename P::mask;

    pack max_distance_squared;
    pack cos_max_angle_squared;
    mask all_round;
    mask narrow;  // cos(max_angle) >= 0: the field of view is at most a half-space

    template <vector V>
    explicit lane_neighborhood_test(const neighborhood_test<V>& t) noexcept
        : max_distance_squared(P::broadcast(std::min(t.max_distance_squared, std::numeric_limits<S>::max()))),
          cos_max_angle_squared(P::broadcast(t.cos_max_angle_squared)),
          all_round(P::broadcast_mask(t.all_round)),
          narrow(P::broadcast_mask(t.cos_max_angle >= S(0))) {}

    /// Only the distance: for steps where every neighborhood is all-round.
    [[nodiscard]] mask within(const pack& distance_squared) const noexcept {
        return distance_squared <= max_distance_squared;
    }

    /// The field of view alone, lane by lane (the angle half of `neighborhood_test::accepts`).
    [[nodiscard]] mask in_field(const pack& distance_squared, const pack& forwardness) const noexcept {
        const mask ahead = forwardness >= P::zero();
        const pack lhs = forwardness * forwardness;
        const pack rhs = cos_max_angle_squared * distance_squared;
        const mask in_narrow = ahead & (lhs >= rhs);
        const mask in_wide = ahead | (lhs <= rhs);
        return all_round | (narrow & in_narrow) | (~narrow & in_wide);
    }

    /// The distance and the field of view, lane by lane, as `neighborhood_test::accepts`.
    [[nodiscard]] mask accepts(const pack& distance_squared, const pack& forwardness) const noexcept {
        return within(distance_squared) & in_field(distance_squared, forwardness);
    }
};

/// The number of partial sums a neighbor loop keeps, whatever the SIMD width: candidate j
/// of a batch goes to partial sum j % 8, and the 8 are added by halves at the end. The order
/// of every addition is thus the same with 4 lanes (SSE2, NEON, plain arrays, wasm) as with 8
/// (AVX), and so are the bits (docs/determinism.md).
inline constexpr std::size_t sum_lanes = 8;

/// The sums flocking gathers for one agent: `sum_lanes` partial sums, as `packs` packs of
/// lanes (pack k holds partial sums k * width to (k + 1) * width - 1), added up by `total`.
template <class P, int D>
struct lane_flocking_sums {
    using S = typename P::scalar;
    using pack = typename P::pack;
    using mask = typename P::mask;
    static_assert(P::width <= sum_lanes && sum_lanes % P::width == 0, "packs of 1, 2, 4 or 8 lanes");
    static constexpr std::size_t packs = sum_lanes / P::width;
    pack separation[packs][std::size_t{D}];
    pack heading[packs][std::size_t{D}];
    pack offset[packs][std::size_t{D}];
    mask heading_count;

    lane_flocking_sums() noexcept : heading_count(P::zero_count()) {
        for (std::size_t k = 0; k < packs; ++k)
            for (int d = 0; d < D; ++d) separation[k][d] = heading[k][d] = offset[k][d] = P::zero();
    }

    /// The 8 partial sums of component `d` of `sum` added by halves: partial sum l + l + 4,
    /// then l + l + 2, then l + l + 1 (across packs first, then within the last one).
    [[nodiscard]] static S total(const pack (&sum)[packs][std::size_t{D}], int d) noexcept {
        pack partial[packs];
        for (std::size_t k = 0; k < packs; ++k) partial[k] = sum[k][d];
        for (std::size_t half = packs / 2; half > 0; half /= 2)
            for (std::size_t k = 0; k < half; ++k) partial[k] = partial[k] + partial[k + half];
        return P::sum(partial[0]);
    }
};

/// The flocking sums of a block of agents, one array per component, waiting for
/// `combine_flocking` in lanes.
template <class S, int D, std::size_t B>
struct flocking_block {
    static constexpr std::size_t capacity = B;
    S separation[std::size_t{D}][B];
    S heading[std::size_t{D}][B];
    S offset[std::size_t{D}][B];
    S velocity[std::size_t{D}][B];
    S heading_count[B];
    S max_speed[B];
    S max_force[B];
    S force[std::size_t{D}][B];               // the result
    std::uint32_t agent[B];      // which agent (grid order) each entry is
    std::size_t size = 0;
};

/// `combine_flocking` for the entries of `block` from `j` on (one pack): the same IEEE
/// operations in the same order, so the same bits. Returns the bits of the lanes it
/// computed; a lane whose normalizations need `safe_normalize`'s careful branch (a tiny or
/// huge sum), or whose cut to max_force needs `truncate`'s, is left to `combine_flocking`
/// itself.
template <class P, int D, std::size_t B>
unsigned combine_flocking_lanes(flocking_block<typename P::scalar, D, B>& block, std::size_t j,
                                const typename P::pack (&weights)[3]) noexcept {
    using S = typename P::scalar;
    using pack = typename P::pack;
    using mask = typename P::mask;
    const pack zero = P::zero(), one = P::broadcast(S(1));
    const pack smallest = P::broadcast(std::numeric_limits<S>::min());
    const pack largest = P::broadcast(std::numeric_limits<S>::max());
    // align = count > 0 ? heading * (max_speed / count) - velocity : 0
    const pack count = P::load(block.heading_count + j);
    const mask some = count > zero;
    const pack scale = P::load(block.max_speed + j) / P::select(some, count, one);
    pack parts[3][std::size_t{D}];
    for (int d = 0; d < D; ++d) {
        parts[0][d] = P::load(block.separation[d] + j);
        parts[1][d] = P::select(some, P::load(block.heading[d] + j) * scale - P::load(block.velocity[d] + j));
        parts[2][d] = P::load(block.offset[d] + j);
    }
    mask fine = P::broadcast_mask(true);
    pack force[std::size_t{D}];
    for (int part = 0; part < 3; ++part) {
        // safe_normalize: v / sqrt(|v|^2) when the square is a normal finite number, zero
        // for the zero vector; anything else takes the careful branch.
        pack squared = parts[part][0] * parts[part][0];
        mask zero_vector = parts[part][0] == zero;
        for (int d = 1; d < D; ++d) {
            squared = squared + parts[part][d] * parts[part][d];
            zero_vector = zero_vector & (parts[part][d] == zero);
        }
        const mask plain = (squared >= smallest) & (squared <= largest);
        fine = fine & (plain | zero_vector);
        const pack length = P::sqrt(P::select(plain, squared, one));
        for (int d = 0; d < D; ++d) {
            const pack weighted = P::select(plain, parts[part][d] / length) * weights[part];
            force[d] = part == 0 ? weighted : force[d] + weighted;
        }
    }
    // truncate(force * max_force, max_force): kept when its square is at most max_force's,
    // scaled down to max_force otherwise; squares that are not normal finite numbers (a
    // tiny or huge force, a huge max_force) take truncate's careful branch, except zero.
    const pack max_force = P::load(block.max_force + j);
    pack squared = zero;
    mask zero_vector = P::broadcast_mask(true);
    for (int d = 0; d < D; ++d) {
        force[d] = force[d] * max_force;
        squared = d == 0 ? force[d] * force[d] : squared + force[d] * force[d];
        zero_vector = zero_vector & (force[d] == zero);
    }
    const pack limit = max_force * max_force;
    const mask plain = (squared >= smallest) & (squared <= largest) & (limit <= largest);
    fine = fine & (plain | zero_vector);
    const mask cut = plain & (squared > limit);
    const pack shrink = P::select(cut, max_force / P::sqrt(P::select(plain, squared, one)), one);
    for (int d = 0; d < D; ++d) {
        const pack shortened = force[d] * shrink;
        force[d] = P::select(cut, shortened, force[d]);
        std::memcpy(block.force[d] + j, &force[d], sizeof(pack));
    }
    return P::bits(fine);
}

/// Indices of candidates that passed the distance test, waiting for the full tests.
struct candidate_buffer {
    static constexpr std::size_t capacity = 256;
    std::uint32_t index[capacity + 16];
    std::size_t size = 0;
};

/// Stage one of the neighbor loop: tests a run of `count` candidates, starting at index
/// `first` of the grid-ordered `position` arrays, against the agent at `self` (distance
/// only: not coincident, within `reach_squared`, the widest neighborhood) and appends the
/// indices of those that pass to `buffer`, calling `flush()` when it is nearly full. Most
/// candidates fail here after a few operations each; reads up to a pack past the run.
template <class P, int D, class Flush>
inline void collect_candidates(const typename P::scalar* const (&position)[std::size_t{D}], std::size_t first,
                               std::size_t count,
                               const typename P::pack (&self)[std::size_t{D}], const typename P::pack& reach_squared,
                               candidate_buffer& buffer, Flush&& flush) {
    using S = typename P::scalar;
    using pack = typename P::pack;
    constexpr std::size_t W = P::width;
    // Runs are short (about five candidates): the first `fixed` lanes are tested whatever
    // the count, so that the loop's exit does not depend on it; longer runs go on below.
    constexpr std::size_t fixed = W >= 8 ? W : 8;
    constexpr std::size_t full = candidate_buffer::capacity - 2 * fixed;
    const pack smallest = P::broadcast(std::numeric_limits<S>::min());
    // Bit l: lane l of the pack at `j` is within reach and not coincident.
    const auto test = [&](std::size_t j) {
        pack distance_squared = P::zero();
        for (int d = 0; d < D; ++d) {
            const pack offset = P::load(position[d] + j) - self[d];
            distance_squared = d == 0 ? offset * offset : distance_squared + offset * offset;
        }
        return P::bits((distance_squared >= smallest) & (distance_squared <= reach_squared));
    };
    // The lanes inside the run, as bits (cheaper than lane masks).
    const auto inside = [](std::size_t lanes) { return lanes >= 32 ? ~0u : (1u << lanes) - 1u; };
    unsigned passed = 0;
    for (std::size_t done = 0; done < fixed; done += W) passed |= test(first + done) << done;
    std::size_t size = buffer.size;  // in a register, not through the reference
    size += simd::compress_indices(passed & inside(count), fixed, static_cast<std::uint32_t>(first),
                                   buffer.index + size);
    if (count > fixed) [[unlikely]]
        for (std::size_t done = fixed; done < count; done += W) {
            if (size > full) {
                buffer.size = size;
                flush();
                size = 0;
            }
            size += simd::compress_indices(test(first + done) & inside(count - done), W,
                                           static_cast<std::uint32_t>(first + done), buffer.index + size);
        }
    buffer.size = size;
    if (size > full) [[unlikely]] {
        flush();
        buffer.size = 0;
    }
}

/// The scalars of an agent's record in stage two: its position, then its forward, padded
/// to a power of two so that a record is read in whole packs.
template <int D>
inline constexpr std::size_t record_size = D == 2 ? 4 : 8;

/// Stage two: the full neighborhood tests and flocking's sums over the `count` candidates
/// listed in `index` (each within reach and not coincident), exactly as `flocking` does:
/// separation -offset / distance^2; alignment the forward and a count; cohesion the offset.
/// `records` holds each agent's position and forward (`record_size`); `index` must hold
/// valid indices up to `sum_lanes` past `count` (they are masked out).
/// How a step's three neighborhoods look: all round (no angle test), with one field of view
/// shared by the three (one angle test per neighbor), or with fields of view of their own.
enum class fields_of_view { all_round, shared, separate };

template <class P, int D, fields_of_view Fields>
inline void accumulate_neighbors(const typename P::scalar* records, const std::uint32_t* index,
                                 std::size_t count, const typename P::pack (&self)[std::size_t{D}],
                                 const typename P::pack (&self_forward)[std::size_t{D}],
                                 const lane_neighborhood_test<P, typename P::scalar>& separation,
                                 const lane_neighborhood_test<P, typename P::scalar>& alignment,
                                 const lane_neighborhood_test<P, typename P::scalar>& cohesion,
                                 lane_flocking_sums<P, D>& sums) noexcept {
    using S = typename P::scalar;
    using pack = typename P::pack;
    using mask = typename P::mask;
    constexpr std::size_t W = P::width;
    const pack smallest = P::broadcast(std::numeric_limits<S>::min());
    const pack one = P::broadcast(S(1));
    constexpr std::size_t packs = lane_flocking_sums<P, D>::packs;
    // Candidate j goes to partial sum j % sum_lanes: pack k of each group of sum_lanes.
    // One pack of candidates from `done` into partial sums pack `k`, a constant so that the
    // sums stay in registers.
    const auto add_pack = [&]<std::size_t k>(std::size_t done, std::integral_constant<std::size_t, k>) {
        pack record[std::size_t{2 * D}];
        P::template gather_records<2 * D, record_size<D>>(records, index + done, record);
        pack offset[std::size_t{D}];
        for (int d = 0; d < D; ++d) offset[d] = record[d] - self[d];
        pack distance_squared = offset[0] * offset[0];
        for (int d = 1; d < D; ++d) distance_squared = distance_squared + offset[d] * offset[d];
        const mask valid = P::first(count - done);
        mask in_separation, in_alignment, in_cohesion;
        if constexpr (Fields != fields_of_view::all_round) {
            pack forwardness = self_forward[0] * offset[0];
            for (int d = 1; d < D; ++d) forwardness = forwardness + self_forward[d] * offset[d];
            if constexpr (Fields == fields_of_view::shared) {
                const mask seen = valid & alignment.in_field(distance_squared, forwardness);
                in_separation = seen & separation.within(distance_squared);
                in_alignment = seen & alignment.within(distance_squared);
                in_cohesion = seen & cohesion.within(distance_squared);
            } else {
                in_separation = valid & separation.accepts(distance_squared, forwardness);
                in_alignment = valid & alignment.accepts(distance_squared, forwardness);
                in_cohesion = valid & cohesion.accepts(distance_squared, forwardness);
            }
        } else {
            in_separation = valid & separation.within(distance_squared);
            in_alignment = valid & alignment.within(distance_squared);
            in_cohesion = valid & cohesion.within(distance_squared);
        }
        const pack inverse = P::select(in_separation, one / P::max(distance_squared, smallest));
        for (int d = 0; d < D; ++d) {
            sums.separation[k][d] = sums.separation[k][d] - offset[d] * inverse;
            sums.heading[k][d] = sums.heading[k][d] + P::select(in_alignment, record[D + d]);
            sums.offset[k][d] = sums.offset[k][d] + P::select(in_cohesion, offset[d]);
        }
        P::count(sums.heading_count, in_alignment);
    };
    for (std::size_t group = 0; group < count; group += sum_lanes)
        [&]<std::size_t... k>(std::index_sequence<k...>) {
            // Packs past the candidates are skipped (masked lanes would add zeros: nothing).
            (void)((group + k * W < count ? (add_pack(group + k * W, std::integral_constant<std::size_t, k>{}), true)
                                          : false) &&
                   ...);
        }(std::make_index_sequence<packs>{});
}

/// The uniform grid of one step, numbered x fastest. Cells are `cell` wide (at least the
/// largest neighborhood distance) across y and z, and a `split`-th of that along x, so that
/// a run of x-cells around a point covers [x - cell, x + cell] with little slack.
template <int D>
struct flock_grid {
    static constexpr int split = 4;

    double origin[std::size_t{D}] = {};
    double cell = 0;             // side across y (and z)
    double inverse_size[std::size_t{D}] = {};  // per axis: 1 / (cell / split) along x, 1 / cell across
    std::int64_t cells[std::size_t{D}] = {};
    std::size_t total = 0;  // number of cells; 0 = no grid (nobody has neighbors)

    /// The cell coordinate of `x` along `axis` (clamped into the grid; NaN goes to 0).
    /// Computed in double, so that rounding never puts points within reach of each other
    /// further apart than the neighbor runs look.
    [[nodiscard]] std::int64_t coordinate(double x, int axis) const noexcept {
        const double t = (x - origin[axis]) * inverse_size[axis];
        if (!(t >= 0)) return 0;
        if (!(t < static_cast<double>(cells[axis]))) return cells[axis] - 1;
        return static_cast<std::int64_t>(t);
    }

    /// The rows of cells next to a row (itself included; 3 in 2D, 9 in 3D, fewer at the
    /// grid's faces), as the index of each row's first cell.
    struct neighbor_rows {
        /// The first cell of the row they are around; no cell index reaches the initial value.
        std::uint32_t begin = std::numeric_limits<std::uint32_t>::max();
        std::uint32_t count = 0;
        std::uint32_t start[D == 2 ? 3 : 9] = {};

        /// Becomes the rows around the row holding cell `index`.
        void enter(const flock_grid& grid, std::uint32_t index) noexcept {
            const auto columns = static_cast<std::uint32_t>(grid.cells[0]);
            const std::uint32_t row = index / columns;
            begin = row * columns;
            count = 0;
            const auto lanes = static_cast<std::uint32_t>(grid.cells[1]);
            const std::uint32_t y = row % lanes;
            const std::uint32_t layer = row / lanes;  // z in 3D, 0 in 2D
            const std::uint32_t y0 = y > 0 ? y - 1 : 0, y1 = std::min(y + 1, lanes - 1);
            std::uint32_t z0 = layer, z1 = layer;
            if constexpr (D == 3) {
                z0 = layer > 0 ? layer - 1 : 0;
                z1 = std::min(layer + 1, static_cast<std::uint32_t>(grid.cells[2]) - 1);
            }
            for (std::uint32_t z = z0; z <= z1; ++z)
                for (std::uint32_t yy = y0; yy <= y1; ++yy) start[count++] = (z * lanes + yy) * columns;
        }
    };

    template <vector V>
    [[nodiscard]] std::size_t index_of(const V& p) const noexcept {
        std::int64_t index = 0;
        for (int d = D - 1; d >= 0; --d) index = index * cells[d] + coordinate(static_cast<double>(p[d]), d);
        return static_cast<std::size_t>(index);
    }
};

}  // namespace detail

/// One big flock stepped as a whole (Reynolds 1999, "Flocking", at crowd scale): each
/// step, every agent computes `flocking(agent, others, params)` over the whole flock, passes
/// it through the caller's extra steering, and applies the result with the simple vehicle
/// model (`vehicle::apply_force`). The forces equal the per-vehicle path's (up to float
/// rounding in the sums: about 1e-6 relative), and the motion is the vehicle model's,
/// because each agent *is* a `vehicle<V>`, readable and writable between steps.
///
/// How it is fast: the neighbor search is done for everyone at once on a uniform grid
/// rebuilt each step (cells of the largest neighborhood distance, a counting sort), the
/// agents are kept in grid order so that neighbors are neighbors in memory too, the inner
/// loop tests several candidates at a time on per-component copies of the positions (and
/// reads the survivors' positions and forwards as records), and the flocking forces and
/// the integration run in SIMD lanes too. Every loop of a step goes through an executor;
/// each agent's result depends only on the state before the step, so results are
/// bit-identical whatever the executor and the number of threads.
///
/// Think-rate decoupling (Reynolds 2000, "Realtime Performance"): with a think_schedule of
/// period p, an agent computes a new steering force (flocking and the extra steering) only
/// on the frames where its phase is due, and applies its last one on the others; every
/// agent moves every frame. A new agent has zero steering until its first thought.
///
/// Agents are added and removed between steps; handles (`flock_id`) stay valid. The storage
/// order (`vehicles()`, `ids()`) changes at every step; references into it are valid until
/// the next `step`, `add` or `remove`.
template <vector V>
class flock {
    using S = scalar_t<V>;
    static constexpr int D = dimension_v<V>;
    static constexpr std::uint32_t no_slot = std::numeric_limits<std::uint32_t>::max();

public:
    using vector_type = V;                  ///< The vector type, e.g. glm::vec3.
    using scalar_type = S;                  ///< Its scalar, float or double.
    using vehicle_type = steer::vehicle<V>; ///< What each agent is.

    /// An empty flock whose agents think every frame.
    flock() = default;
    /// An empty flock whose agents think on `schedule`.
    explicit flock(const think_schedule& schedule) : schedule_(schedule) {}

    /// Adds an agent built from `params` (validated as `vehicle` does); returns its handle.
    /// Its phase is the next in round-robin order (see `set_phase`).
    flock_id add(const vehicle_params<V>& params) { return add(vehicle_type(params)); }
    /// Adds a copy of `v`; returns its handle. Its phase is the next in round-robin order.
    flock_id add(const vehicle_type& v) { return add(v, next_phase_++); }
    /// Adds a copy of `v` with a think phase (any number; it thinks on the frames f with
    /// f % period == phase % period). Returns its handle.
    flock_id add(const vehicle_type& v, std::uint32_t phase) {
        STEER_EXPECTS(vehicles_.size() < no_slot - 1,
                      detail::describe("steer::flock::add", "size", "< 2^32 - 1", vehicles_.size()));
        // Grow first: if memory runs out, the flock is left as it was.
        grow(vehicles_);
        grow(steering_);
        grow(phases_);
        grow(ids_);
        grow(slot_of_);
        grow(generations_);
        flock_id id;
        if (free_.empty()) {
            id.index = static_cast<std::uint32_t>(slot_of_.size());
            slot_of_.push_back(no_slot);
            generations_.push_back(0);
        } else {
            id.index = free_.back();
            free_.pop_back();
        }
        id.generation = generations_[id.index];
        slot_of_[id.index] = static_cast<std::uint32_t>(vehicles_.size());
        vehicles_.push_back(v);
        steering_.push_back(V(S(0)));
        phases_.push_back(phase);
        ids_.push_back(id);
        return id;
    }

    /// Removes an agent; its handle is refused from now on. Another agent takes its storage
    /// slot (handles are unaffected). A stale or foreign handle is refused.
    void remove(flock_id id) {
        const std::uint32_t slot = slot_checked(id, "steer::flock::remove");
        const std::size_t last = vehicles_.size() - 1;
        if (slot != last) {
            vehicles_[slot] = vehicles_[last];
            steering_[slot] = steering_[last];
            phases_[slot] = phases_[last];
            ids_[slot] = ids_[last];
            slot_of_[ids_[slot].index] = slot;
        }
        vehicles_.pop_back();
        steering_.pop_back();
        phases_.pop_back();
        ids_.pop_back();
        slot_of_[id.index] = no_slot;
        ++generations_[id.index];
        free_.push_back(id.index);
    }

    /// Removes every agent (their handles are refused from now on); keeps the memory.
    void clear() {
        for (const flock_id& id : ids_) {
            slot_of_[id.index] = no_slot;
            ++generations_[id.index];
            free_.push_back(id.index);
        }
        vehicles_.clear();
        steering_.clear();
        phases_.clear();
        ids_.clear();
    }

    /// Reserves memory for `n` agents, so that adding up to `n` and stepping them allocates
    /// nothing more (apart from the grid's cell table, sized by the flock's extent).
    void reserve(std::size_t n) {
        vehicles_.reserve(n);
        steering_.reserve(n);
        phases_.reserve(n);
        ids_.reserve(n);
        slot_of_.reserve(n);
        generations_.reserve(n);
        next_vehicles_.reserve(n);
        next_steering_.reserve(n);
        next_phases_.reserve(n);
        next_ids_.reserve(n);
        snapshot_.reserve(2 * D * n);
        cells_.reserve(n);
        sorted_cells_.reserve(n);
        order_.reserve(n);
        hot_.reserve(D * (n + pad) + detail::record_size<D> * n);
    }

    /// How many agents the flock has.
    [[nodiscard]] std::size_t size() const noexcept { return vehicles_.size(); }
    /// Whether the flock has no agent.
    [[nodiscard]] bool empty() const noexcept { return vehicles_.empty(); }
    /// Whether `id` names an agent of this flock.
    [[nodiscard]] bool contains(flock_id id) const noexcept {
        return id.index < slot_of_.size() && slot_of_[id.index] != no_slot && generations_[id.index] == id.generation;
    }

    /// The agent's vehicle: position, velocity, local space and limits. Write through it
    /// between steps (set_position, set_velocity, set_forward, set_max_speed...). The
    /// reference is valid until the next step, add or remove. A stale handle is refused.
    [[nodiscard]] vehicle_type& agent(flock_id id) { return vehicles_[slot_checked(id, "steer::flock::agent")]; }
    /// The agent's vehicle, read-only.
    [[nodiscard]] const vehicle_type& agent(flock_id id) const {
        return vehicles_[slot_checked(id, "steer::flock::agent")];
    }
    /// The steering force the agent applied at the last step (kept on frames it does not
    /// think); zero before its first thought.
    [[nodiscard]] const V& steering(flock_id id) const { return steering_[slot_checked(id, "steer::flock::steering")]; }
    /// The agent's think phase.
    [[nodiscard]] std::uint32_t phase(flock_id id) const { return phases_[slot_checked(id, "steer::flock::phase")]; }
    /// Sets the agent's think phase: it thinks on the frames f with f % period == phase % period.
    void set_phase(flock_id id, std::uint32_t phase) { phases_[slot_checked(id, "steer::flock::set_phase")] = phase; }

    /// Every agent's vehicle, in storage order (which changes at each step); `ids()` has the
    /// same order. For an engine's per-frame copy of positions and frames.
    [[nodiscard]] std::span<vehicle_type> vehicles() noexcept { return vehicles_; }
    /// Every agent's vehicle in storage order, read-only.
    [[nodiscard]] std::span<const vehicle_type> vehicles() const noexcept { return vehicles_; }
    /// Every agent's handle, in storage order.
    [[nodiscard]] std::span<const flock_id> ids() const noexcept { return ids_; }
    /// Every agent's last steering force, in storage order.
    [[nodiscard]] std::span<const V> steering_forces() const noexcept { return steering_; }

    /// The think schedule: how often each agent recomputes its steering.
    [[nodiscard]] const think_schedule& schedule() const noexcept { return schedule_; }
    /// Changes the think schedule; phases are kept (taken modulo the new period).
    void set_schedule(const think_schedule& schedule) noexcept { schedule_ = schedule; }
    /// The number of steps taken: the frame whose thinkers the next step chooses.
    [[nodiscard]] std::uint64_t frame() const noexcept { return frame_; }

    /// One step of `dt` seconds (>= 0, finite): every agent due to think computes its
    /// flocking force over the whole flock with `params` (as `flocking` does: at most the
    /// agent's max_force, the weights fractions of it) and passes it to `extra(id,
    /// vehicle, flocking_force)`, whose result becomes its steering; then every agent applies
    /// its steering with `vehicle::apply_force(steering, dt)`. All forces come from the state
    /// before the step. `exec` runs the loops (see executor.hpp); results do not depend on it.
    /// Refused (nothing moves): a bad `dt` or `params`, or a non-finite extra steering.
    template <class Extra = no_extra_steering, class Exec = serial_executor>
        requires flock_steering<Extra, V> && executor<Exec>
    void step(S dt, const flocking_params<V>& params, Extra&& extra = {}, Exec&& exec = {}) {
        STEER_EXPECTS(std::isfinite(dt) && dt >= S(0),
                      detail::describe("steer::flock::step", "dt", ">= 0 and finite", dt));
        validate(params);
        if (!vehicles_.empty()) {
            sort_into_grid(params, exec);
            think(params, extra, exec);
            move(dt, exec);
        }
        ++frame_;
    }

private:
    /// Pad after each structure-of-arrays copy: the inner loop reads up to 8 lanes (or a
    /// pack, if wider) past the start of a run.
    static constexpr std::size_t pad = 16;
    /// The counting sort's tasks (ranges of cells, each handled by one task, which reads
    /// every agent's cell): one per thread, and 4 for an executor that does not say.
    static constexpr std::size_t max_sort_ranges = 4;
    using pack_backend = detail::simd::native_pack<S>;
    using grid_type = detail::flock_grid<D>;
    static constexpr std::size_t record_size = detail::record_size<D>;
    /// Flocks from this size up fetch the rows' next agents ahead of the neighbor search:
    /// their position arrays and records (about 44 bytes per agent in 3D) outgrow a
    /// megabyte, a core's L2 cache on common processors. At 10^6 boids this saves a tenth
    /// of the search; in flocks that fit, it only costs instructions.
    static constexpr std::size_t prefetch_above = std::size_t(1) << 15;
    /// How many agents ahead of a run's end that is.
    static constexpr std::size_t prefetch_ahead = 32;
    /// Agents whose flocking sums are combined together, in lanes.
    static constexpr std::size_t think_block = 16;

    struct bounds {
        V lo{std::numeric_limits<S>::max()};
        V hi{std::numeric_limits<S>::lowest()};
    };

    /// Makes room for one more element (doubling, as push_back would).
    template <class T>
    static void grow(std::vector<T>& v) {
        if (v.size() == v.capacity()) v.reserve(std::max<std::size_t>(16, 2 * v.capacity()));
    }

    [[nodiscard]] std::uint32_t slot_checked(flock_id id, const char* where) const {
        STEER_EXPECTS(contains(id), std::string(where) + ": id must name an agent of this flock (got index " +
                                        detail::format_value(id.index) + ", generation " +
                                        detail::format_value(id.generation) + ")");
        return slot_of_[id.index];
    }

    [[nodiscard]] std::size_t stride() const noexcept { return vehicles_.size() + pad; }
    [[nodiscard]] S* hot_position(int d) noexcept { return hot_.data() + static_cast<std::size_t>(d) * stride(); }
    [[nodiscard]] S* hot_records() noexcept { return hot_.data() + static_cast<std::size_t>(D) * stride(); }

    /// Builds the grid for `params` and the agents' order in it (`order_[k]`: the storage
    /// slot of the k-th agent in cell order, a stable counting sort), and fills the
    /// grid-ordered copies of positions and forwards that the neighbor search reads. The
    /// agents themselves move into grid order at the end of the step (`move`), so that the
    /// vehicles are copied once per step, together with their integration.
    template <class Exec>
    void sort_into_grid(const flocking_params<V>& params, Exec& exec) {
        const std::size_t n = vehicles_.size();
        const S reach =
            std::max({params.separation.max_distance, params.alignment.max_distance, params.cohesion.max_distance});
        snapshot(exec);
        grid_ = {};
        if (reach > S(0)) {
            plan_grid(static_cast<double>(reach));
            cells_.resize(n);
            exec(n, [this](std::size_t begin, std::size_t end) {
                for (std::size_t i = begin; i < end; ++i)
                    cells_[i] = static_cast<std::uint32_t>(grid_.index_of(snapshot_position(i)));
            });
            counting_sort(exec);
        } else {
            order_.resize(n);
            for (std::size_t k = 0; k < n; ++k) order_[k] = static_cast<std::uint32_t>(k);
        }
        hot_.resize(D * stride() + record_size * n);
        const bool sort = grid_.total > 0;
        if (sort) sorted_cells_.resize(n);
        exec(n, [this, sort](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k) {
                const std::uint32_t from = order_[k];
                const S* taken = snapshot_.data() + 2 * D * from;
                if (sort) sorted_cells_[k] = cells_[from];
                S* record = hot_records() + record_size * k;
                for (int d = 0; d < D; ++d) {
                    hot_position(d)[k] = record[d] = taken[d];
                    record[D + d] = taken[D + d];
                }
                for (std::size_t c = 2 * D; c < record_size; ++c) record[c] = S(0);
            }
        });
        for (int a = 0; a < D; ++a)
            std::fill_n(hot_.data() + static_cast<std::size_t>(a) * stride() + n, pad, S(0));
    }

    /// Copies every agent's position and forward into `snapshot_` (storage order, side by
    /// side: one pass over the vehicles, after which the grid reads 2D scalars per agent
    /// instead of whole vehicles), and the bounding box of the positions into `partials_`
    /// (in chunks through the executor; exact in any order).
    template <class Exec>
    void snapshot(Exec& exec) {
        const std::size_t n = vehicles_.size();
        const std::size_t chunks = std::min<std::size_t>(64, (n + 4095) / 4096);
        snapshot_.resize(2 * D * n);
        partials_.assign(chunks, bounds{});
        exec(chunks, [this, n, chunks](std::size_t begin, std::size_t end) {
            for (std::size_t c = begin; c < end; ++c) {
                bounds b;
                for (std::size_t i = n * c / chunks; i < n * (c + 1) / chunks; ++i) {
                    const V& p = vehicles_[i].position();
                    const V& f = vehicles_[i].forward();
                    S* taken = snapshot_.data() + 2 * D * i;
                    for (int d = 0; d < D; ++d) {
                        taken[d] = p[d];
                        taken[D + d] = f[d];
                        if (!std::isfinite(p[d])) continue;
                        b.lo[d] = std::min(b.lo[d], p[d]);
                        b.hi[d] = std::max(b.hi[d], p[d]);
                    }
                }
                partials_[c] = b;
            }
        });
    }

    /// The position of the agent in storage slot `i`, from the snapshot.
    [[nodiscard]] V snapshot_position(std::size_t i) const noexcept {
        V p;
        for (int d = 0; d < D; ++d) p[d] = snapshot_[2 * D * i + static_cast<std::size_t>(d)];
        return p;
    }

    /// Cells of side `reach` over the bounding box of the snapshot, fewer and larger when the
    /// box is so big that the cell table would outgrow the flock.
    void plan_grid(double reach) {
        const std::size_t n = vehicles_.size();
        bounds box;
        for (const bounds& b : partials_)
            for (int d = 0; d < D; ++d) {
                box.lo[d] = std::min(box.lo[d], b.lo[d]);
                box.hi[d] = std::max(box.hi[d], b.hi[d]);
            }
        // A little wider than the reach, so that rounding never puts two points that are
        // within reach of each other two cells apart.
        double cell = reach * (1.0 + 1.0 / 1024);
        // At most 4 cells per agent, and cell indices that fit the uint32 arrays.
        const double limit = std::min(4.0 * static_cast<double>(n) + 64.0, 4.0e9);
        double extent[std::size_t{D}];
        for (int d = 0; d < D; ++d) {
            extent[d] = box.lo[d] <= box.hi[d] ? static_cast<double>(box.hi[d]) - static_cast<double>(box.lo[d]) : 0.0;
            extent[d] = std::min(extent[d], std::numeric_limits<double>::max());
            grid_.origin[d] = box.lo[d] <= box.hi[d] ? static_cast<double>(box.lo[d]) : 0.0;
        }
        const auto cells_along = [&](double size, int d) {
            // A denormal cell's quarter can round to zero, and a zero extent over it is NaN:
            // one cell then, as for any zero extent.
            const double ratio = extent[d] / (d == 0 ? size / grid_type::split : size);
            return std::floor(ratio == ratio ? ratio : 0.0) + 1;
        };
        for (;;) {
            double total = 1;
            for (int d = 0; d < D; ++d) total *= cells_along(cell, d);
            if (total <= limit) break;
            // (A denormal cell times 1.01 rounds back to itself, and the loop never ended:
            // grow from the smallest normal number at least.)
            cell = std::max(cell * std::max(1.01, D == 2 ? std::sqrt(total / limit) : detail::portable_cbrt(total / limit)),
                            std::numeric_limits<double>::min());
        }
        grid_.cell = cell;
        std::size_t total = 1;
        for (int d = 0; d < D; ++d) {
            grid_.inverse_size[d] = (d == 0 ? grid_type::split : 1) / cell;
            grid_.cells[d] = static_cast<std::int64_t>(cells_along(cell, d));
            total *= static_cast<std::size_t>(grid_.cells[d]);
        }
        grid_.total = total;
    }

    /// order_[k] = the slot of the k-th agent in cell order (stable: agents of one cell keep
    /// their previous order); cell_start_[c] = the first sorted position of cell c. The cells
    /// are cut into ranges (one per thread, at most 4), each sorted by one task of the
    /// executor (every task reads all the cells but handles only its range's agents), so
    /// that the sort runs on all threads; the result is the one stable order, whoever runs
    /// what and however many ranges there are.
    template <class Exec>
    void counting_sort(Exec& exec) {
        const std::size_t n = vehicles_.size();
        const std::size_t total = grid_.total;
        const std::size_t ranges = std::clamp<std::size_t>(
            std::min(detail::executor_threads(exec, max_sort_ranges), max_sort_ranges), 1, total);
        const auto range_begin = [&](std::size_t r) { return static_cast<std::uint32_t>(total * r / ranges); };
        cell_start_.assign(total + 1, 0);
        order_.resize(n);
        range_offset_.assign(ranges + 1, 0);
        // 1. Per range: count each cell's agents into cell_start_[c + 1], then turn the counts
        //    into starts relative to the range, and note the range's total.
        exec(ranges, [&](std::size_t first_range, std::size_t end_range) {
            for (std::size_t r = first_range; r < end_range; ++r) {
                const std::uint32_t lo = range_begin(r), hi = range_begin(r + 1);
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint32_t c = cells_[i];
                    if (c >= lo && c < hi) ++cell_start_[c + 1];
                }
                std::uint32_t running = 0;
                for (std::uint32_t c = lo; c < hi; ++c) {
                    const std::uint32_t count = cell_start_[c + 1];
                    cell_start_[c + 1] = running;
                    running += count;
                }
                range_offset_[r + 1] = running;
            }
        });
        for (std::size_t r = 0; r < ranges; ++r) range_offset_[r + 1] += range_offset_[r];
        // 2. Per range: scatter its agents in their previous order (cell_start_[c + 1] is
        //    the cursor of cell c and ends at the start of cell c + 1), then make the starts global.
        exec(ranges, [&](std::size_t first_range, std::size_t end_range) {
            for (std::size_t r = first_range; r < end_range; ++r) {
                const std::uint32_t lo = range_begin(r), hi = range_begin(r + 1);
                const std::size_t offset = range_offset_[r];
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint32_t c = cells_[i];
                    if (c >= lo && c < hi) order_[offset + cell_start_[c + 1]++] = static_cast<std::uint32_t>(i);
                }
                for (std::uint32_t c = lo; c < hi; ++c) cell_start_[c + 1] += static_cast<std::uint32_t>(offset);
            }
        });
    }

    /// Each due agent's flocking force and extra steering, from the sorted state.
    template <class Extra, class Exec>
    void think(const flocking_params<V>& params, Extra& extra, Exec& exec) {
        const detail::neighborhood_test<V> separation(params.separation);
        const detail::neighborhood_test<V> alignment(params.alignment);
        const detail::neighborhood_test<V> cohesion(params.cohesion);
        const auto same_field = [](const detail::neighborhood_test<V>& a, const detail::neighborhood_test<V>& b) {
            return a.all_round == b.all_round && a.cos_max_angle == b.cos_max_angle &&
                   a.cos_max_angle_squared == b.cos_max_angle_squared;
        };
        const std::size_t n = vehicles_.size();
        next_steering_.resize(n);
        const auto run = [&]<detail::fields_of_view Fields>() {
            exec(n, [&](std::size_t begin, std::size_t end) {
                think_range<Fields>(begin, end, params, separation, alignment, cohesion, extra);
            });
        };
        if (separation.all_round && alignment.all_round && cohesion.all_round)
            run.template operator()<detail::fields_of_view::all_round>();
        else if (same_field(separation, alignment) && same_field(alignment, cohesion))
            run.template operator()<detail::fields_of_view::shared>();  // boids' usual case
        else
            run.template operator()<detail::fields_of_view::separate>();
    }

    template <detail::fields_of_view Fields, class Extra>
    void think_range(std::size_t begin, std::size_t end, const flocking_params<V>& params,
                     const detail::neighborhood_test<V>& separation_test,
                     const detail::neighborhood_test<V>& alignment_test,
                     const detail::neighborhood_test<V>& cohesion_test, Extra& extra) {
        using P = pack_backend;
        using pack = typename P::pack;
        const detail::lane_neighborhood_test<P, S> separation(separation_test);
        const detail::lane_neighborhood_test<P, S> alignment(alignment_test);
        const detail::lane_neighborhood_test<P, S> cohesion(cohesion_test);
        const pack reach_squared_lanes = P::broadcast(
            std::min(std::max({separation_test.max_distance_squared, alignment_test.max_distance_squared,
                               cohesion_test.max_distance_squared}),
                     std::numeric_limits<S>::max()));
        const S* position[std::size_t{D}];
        for (int d = 0; d < D; ++d) position[d] = hot_position(d);
        const S* records = hot_records();
        const std::uint32_t period = schedule_.period();
        const auto frame_phase = static_cast<std::uint32_t>(frame_ % period);
        constexpr std::uint32_t split = grid_type::split;
        // The 9 rows of runs are 9 streams through each array, too many for the hardware's
        // prefetchers once the arrays no longer fit in a core's cache.
        [[maybe_unused]] const std::size_t agents = vehicles_.size();
        [[maybe_unused]] const bool prefetch = agents >= prefetch_above;
        const auto columns = static_cast<std::uint32_t>(grid_.cells[0]);
        // The rows of cells around the current agent's row: the same for every agent of a row.
        typename grid_type::neighbor_rows rows;
        // Agents that have their sums wait in a block for the combination in lanes.
        detail::flocking_block<S, D, think_block> block;
        const pack weights[3] = {P::broadcast(params.separation_weight), P::broadcast(params.alignment_weight),
                                 P::broadcast(params.cohesion_weight)};
        for (std::size_t k = begin; k < end; ++k) {
            const std::uint32_t slot = order_[k];  // the agent's storage slot
            // think_schedule::due, with the frame's half computed once per step.
            if (period > 1 && phases_[slot] % period != frame_phase) {
                next_steering_[k] = steering_[slot];
                continue;
            }
            const vehicle_type& v = vehicles_[slot];
            V separation_sum(S(0)), heading_sum(S(0)), offset_sum(S(0));
            S heading_count = 0;
            if (grid_.total > 0) {
                pack self[std::size_t{D}], self_forward[std::size_t{D}];
                for (int d = 0; d < D; ++d) {
                    self[d] = P::broadcast(position[d][k]);
                    self_forward[d] = P::broadcast(records[record_size * k + static_cast<std::size_t>(D + d)]);
                }
                detail::lane_flocking_sums<P, D> sums;
                // The runs: for each row of cells across y (and z) next to the agent's, the
                // x-cells within `split` of its own, which hold everything within a cell's
                // width of it along x. (Skipping the corner rows that are out of reach saves
                // tests but costs more in mispredicted branches.)
                const std::uint32_t cell = sorted_cells_[k];
                if (!(cell >= rows.begin && cell < rows.begin + columns)) rows.enter(grid_, cell);
                const std::uint32_t x = cell - rows.begin;
                const std::uint32_t x0 = x >= split ? x - split : 0;
                const std::uint32_t x1 = std::min(x + split, columns - 1) + 1;
                detail::candidate_buffer buffer;
                const auto flush = [&] {
                    // Stage two reads whole packs of indices: make the ones past the end valid.
                    for (std::size_t l = 0; l < detail::sum_lanes; ++l) buffer.index[buffer.size + l] = 0;
                    detail::accumulate_neighbors<P, D, Fields>(records, buffer.index, buffer.size, self,
                                                               self_forward, separation, alignment, cohesion, sums);
                };
                for (std::size_t r = 0; r < rows.count; ++r) {
                    const std::uint32_t first = cell_start_[rows.start[r] + x0];
                    const std::uint32_t last = cell_start_[rows.start[r] + x1];
#if defined(__GNUC__) || defined(__clang__)
                    if (prefetch) {
                        // The agents further along the row, which the next agents' runs reach.
                        const std::size_t ahead = std::min(last + prefetch_ahead, agents);
                        for (int d = 0; d < D; ++d) __builtin_prefetch(position[d] + ahead);
                        __builtin_prefetch(records + record_size * ahead);
                    }
#endif
                    detail::collect_candidates<P, D>(position, first, last - first, self, reach_squared_lanes, buffer,
                                                     flush);
                }
                flush();
                for (int d = 0; d < D; ++d) {
                    separation_sum[d] = sums.total(sums.separation, d);
                    heading_sum[d] = sums.total(sums.heading, d);
                    offset_sum[d] = sums.total(sums.offset, d);
                }
                heading_count = P::total(sums.heading_count);
            }
            const std::size_t e = block.size++;
            for (int d = 0; d < D; ++d) {
                block.separation[d][e] = separation_sum[d];
                block.heading[d][e] = heading_sum[d];
                block.offset[d][e] = offset_sum[d];
                block.velocity[d][e] = v.velocity()[d];
            }
            block.heading_count[e] = heading_count;
            block.max_speed[e] = v.max_speed();
            block.max_force[e] = v.max_force();
            block.agent[e] = static_cast<std::uint32_t>(k);
            if (block.size == think_block) finish_block(block, weights, params, extra);
        }
        finish_block(block, weights, params, extra);
    }

    /// The flocking forces of a block of agents (combine_flocking, in lanes), then each
    /// agent's extra steering, which becomes its steering.
    template <class Extra>
    void finish_block(detail::flocking_block<S, D, think_block>& block,
                      const typename pack_backend::pack (&weights)[3], const flocking_params<V>& params,
                      Extra& extra) {
        using P = pack_backend;
        for (std::size_t e = block.size; e < (block.size + P::width - 1) / P::width * P::width; ++e) {
            // Harmless lanes past the last agent (results ignored).
            for (int d = 0; d < D; ++d)
                block.separation[d][e] = block.heading[d][e] = block.offset[d][e] = block.velocity[d][e] = S(0);
            block.heading_count[e] = block.max_speed[e] = block.max_force[e] = S(0);
        }
        unsigned done[think_block / P::width];
        for (std::size_t j = 0; j < block.size; j += P::width)
            done[j / P::width] = detail::combine_flocking_lanes<P, D>(block, j, weights);
        for (std::size_t e = 0; e < block.size; ++e) {
            const std::uint32_t k = block.agent[e];
            const std::uint32_t slot = order_[k];
            const vehicle_type& v = vehicles_[slot];
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
            const V steering = extra(ids_[slot], v, flocking_force);
            detail::expect_finite("steer::flock::step", "extra steering", steering);
            next_steering_[k] = steering;
        }
        block.size = 0;
    }

    /// Every agent applies its steering (`vehicle::apply_force`, in lanes: the same bits)
    /// and moves into grid order: agent k of the grid order is read from its storage slot
    /// and written, stepped, to slot k of the next storage, in one pass.
    template <class Exec>
    void move(S dt, Exec& exec) {
        const std::size_t n = vehicles_.size();
        next_vehicles_.resize(n);
        next_phases_.resize(n);
        next_ids_.resize(n);
        exec(n, [this, dt](std::size_t begin, std::size_t end) {
            if (dt > S(0))
                detail::vehicle_lanes<V>::step(
                    [this, begin](std::size_t i) -> const vehicle_type& { return vehicles_[order_[begin + i]]; },
                    [this, begin](std::size_t i) -> vehicle_type& { return next_vehicles_[begin + i]; },
                    next_steering_.data() + begin, end - begin, dt);
            else  // apply_force moves nobody
                for (std::size_t k = begin; k < end; ++k) next_vehicles_[k] = vehicles_[order_[k]];
            for (std::size_t k = begin; k < end; ++k) {
                const std::uint32_t from = order_[k];
                next_phases_[k] = phases_[from];
                next_ids_[k] = ids_[from];
                slot_of_[ids_[from].index] = static_cast<std::uint32_t>(k);
            }
        });
        vehicles_.swap(next_vehicles_);
        steering_.swap(next_steering_);
        phases_.swap(next_phases_);
        ids_.swap(next_ids_);
    }

    think_schedule schedule_{1};
    std::uint64_t frame_ = 0;
    std::uint32_t next_phase_ = 0;

    // The agents, in storage order (grid order after a step), and their bookkeeping.
    std::vector<vehicle_type> vehicles_;
    std::vector<V> steering_;
    std::vector<std::uint32_t> phases_;
    std::vector<flock_id> ids_;
    std::vector<std::uint32_t> slot_of_;      // by id index: storage slot, or no_slot
    std::vector<std::uint32_t> generations_;  // by id index
    std::vector<std::uint32_t> free_;         // id indices to reuse

    // Scratch, kept between steps so that a step allocates nothing once warm.
    std::vector<vehicle_type> next_vehicles_;  // the agents after the step, in grid order
    std::vector<V> next_steering_;             // their steering, in grid order
    std::vector<std::uint32_t> next_phases_;
    std::vector<flock_id> next_ids_;
    std::vector<S> snapshot_;                  // each agent's position and forward, storage order
    std::vector<std::uint32_t> cells_;         // each agent's cell, in storage order before the sort
    std::vector<std::uint32_t> sorted_cells_;  // each agent's cell, in grid order
    std::vector<std::uint32_t> cell_start_;  // first sorted slot of each cell, then n
    std::vector<std::uint32_t> order_;       // sorted slot -> previous slot
    std::vector<S> hot_;  // positions, one array per component (stage one); then records (stage two)
    std::vector<bounds> partials_;
    std::vector<std::size_t> range_offset_;  // first sorted position of each range of cells
    grid_type grid_;
};

using flock2 = flock<glm::vec2>;    ///< A 2D flock in float.
using flock3 = flock<glm::vec3>;    ///< A 3D flock in float.
using flock2d = flock<glm::dvec2>;  ///< A 2D flock in double.
using flock3d = flock<glm::dvec3>;  ///< A 3D flock in double.

}  // namespace steer

#endif  // STEER_FLOCK_HPP
