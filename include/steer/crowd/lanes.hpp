#ifndef STEER_CROWD_LANES_HPP
#define STEER_CROWD_LANES_HPP

/// @file
/// Flocking and separation in SIMD lanes, for the crowd tier: the neighborhood tests, the
/// sums over a list of neighbors several at a time, and the combination of the sums of
/// several agents at a time, each the very IEEE operations of `steer::flocking` and
/// `steer::separation` (the sums in a fixed order whatever the lane width, so the same bits
/// on every platform; separation's pushes are subtracted in the neighbors' order, so it
/// gives the bits of the plain loop). `steer::flock` runs them for every agent of a step;
/// `steer::flocking` and `steer::separation` run them for a crowd's neighbors.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "../behaviors/flocking.hpp"
#include "../behaviors/neighborhood.hpp"
#include "../detail/simd.hpp"
#include "../vector.hpp"

namespace steer {

namespace detail {

/// The scalars of an agent's record (its position, then its forward), padded to a power of
/// two so that a record is read in whole packs: the crowd's grid keeps one per agent.
template <int D>
inline constexpr std::size_t record_size = D == 2 ? 4 : 8;

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
    mask narrow;  // cos(max_angle) >= 0: the field of view is at most a half-space
    bool angled;  // narrower than all round: only then is there a field to test (`in_field`)

    template <vector V>
    explicit lane_neighborhood_test(const neighborhood_test<V>& t) noexcept
        : max_distance_squared(P::broadcast(std::min(t.max_distance_squared, std::numeric_limits<S>::max()))),
          cos_max_angle_squared(P::broadcast(t.cos_max_angle_squared)),
          narrow(P::broadcast_mask(t.cos_max_angle >= S(0))), angled(!t.all_round) {}

    /// Only the distance: for steps where every neighborhood is all-round.
    [[nodiscard]] mask within(const pack& distance_squared) const noexcept {
        return distance_squared <= max_distance_squared;
    }

    /// The field of view alone, lane by lane (the angle half of `neighborhood_test::accepts`),
    /// for a test that is `angled` (all round, every lane would be in the field).
    [[nodiscard]] mask in_field(const pack& distance_squared, const pack& forwardness) const noexcept {
        const mask ahead = forwardness >= P::zero();
        const pack lhs = forwardness * forwardness;
        const pack rhs = cos_max_angle_squared * distance_squared;
        const mask in_narrow = ahead & (lhs >= rhs);
        const mask in_wide = ahead | (lhs <= rhs);
        return (narrow & in_narrow) | (~narrow & in_wide);
    }

    /// The distance and the field of view, lane by lane, as `neighborhood_test::accepts`
    /// (the field only where `angled`: a branch that goes the same way for every pack).
    [[nodiscard]] mask accepts(const pack& distance_squared, const pack& forwardness) const noexcept {
        const mask near = within(distance_squared);
        return angled ? near & in_field(distance_squared, forwardness) : near;
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
/// huge sum), or whose cut to max_force needs `truncate`'s (squares that are not normal
/// numbers, or a ratio of max_force to the length below the smallest normal number), is
/// left to `combine_flocking` itself.
template <class P, int D, std::size_t B>
unsigned combine_flocking_lanes(flocking_block<typename P::scalar, D, B>& block, std::size_t j,
                                const typename P::pack (&weights)[3], const typename P::pack& separation_reach,
                                const typename P::pack& separation_shift) noexcept {
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
        // Separation's weight, faded by separation_crowding(length, reach, shift), in its operations.
        pack weight = weights[part];
        if (part == 0) {
            const pack x = length * separation_reach - separation_shift;
            weight = weight * P::select(x > one, one, P::max(x, zero));
        }
        for (int d = 0; d < D; ++d) {
            const pack weighted = P::select(plain, parts[part][d] / length) * weight;
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
    fine = fine & ~(cut & (shrink < smallest));  // a denormal ratio: truncate's careful branch
    for (int d = 0; d < D; ++d) {
        const pack shortened = force[d] * shrink;
        force[d] = P::select(cut, shortened, force[d]);
        std::memcpy(block.force[d] + j, &force[d], sizeof(pack));
    }
    return P::bits(fine);
}


/// What the lanes need for separation between bodies: the neighbors' radii (one scalar per
/// record, in the records' order), the agent's own radius and the personal space.
template <class P>
struct lane_bodies {
    using S = typename P::scalar;
    using pack = typename P::pack;
    const S* radii = nullptr;  // nullptr: separation between centers
    pack radius, space, joint, cap;

    /// Separation between centers: no radii read.
    lane_bodies() noexcept : radius(P::zero()), space(P::zero()), joint(P::zero()), cap(P::zero()) {}
    /// Between bodies: `own` is the agent's radius, `personal_space` the params'.
    lane_bodies(const S* neighbor_radii, S own, S personal_space) noexcept
        : radii(neighbor_radii), radius(P::broadcast(own)), space(P::broadcast(personal_space)),
          joint(P::broadcast(personal_space / S(16))),
          cap(P::broadcast(S(1) / (std::numeric_limits<S>::epsilon() * std::numeric_limits<S>::epsilon()))) {}

    /// The radii of the records `index` names, one per lane.
    [[nodiscard]] pack radii_at(const std::uint32_t* index) const noexcept {
        pack r[1];
        P::template gather_records<1, 1>(radii, index, r);
        return r[0];
    }

    /// `body_separation_strength(personal_space, gap)` lane by lane: the same operations.
    [[nodiscard]] pack strength(const pack& gap) const noexcept {
        const pack near = space / gap - P::broadcast(S(1));
        const pack deep = P::broadcast(S(31)) - P::broadcast(S(256)) * (gap / space);
        const pack inside = P::select(gap >= joint, near, deep);
        const pack push = P::select(gap >= space, P::zero(), inside);
        return P::select(cap < push, cap, push);  // std::min(push, cap)
    }
};

/// How a step's three neighborhoods look: all round (no angle test), with one field of view
/// shared by the three (one angle test per neighbor), or with fields of view of their own.
enum class fields_of_view { all_round, shared, separate };

/// Flocking's sums over the `count` neighbors listed in `index` (each within reach and
/// not coincident), exactly as `flocking` does: separation -offset / distance^2;
/// alignment the forward and a count; cohesion the offset. `records` holds each agent's
/// position and forward (`record_size`); `index` must hold valid indices up to
/// `sum_lanes` past `count` (they are masked out). With `Screen`, neighbors at the agent's
/// spot (or so far that the squared distance overflows) are skipped here, as
/// `for_each_neighbor` skips them; without, the caller has left them out.
template <class P, int D, fields_of_view Fields, bool Screen = false, bool Bodies = false>
inline void accumulate_neighbors(const typename P::scalar* records, const std::uint32_t* index,
                                 std::size_t count, const typename P::pack (&self)[std::size_t{D}],
                                 const typename P::pack (&self_forward)[std::size_t{D}],
                                 const lane_neighborhood_test<P, typename P::scalar>& separation,
                                 const lane_neighborhood_test<P, typename P::scalar>& alignment,
                                 const lane_neighborhood_test<P, typename P::scalar>& cohesion,
                                 lane_flocking_sums<P, D>& sums,
                                 [[maybe_unused]] const lane_bodies<P>& bodies = {}) noexcept {
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
        mask valid = P::first(count - done);
        if constexpr (Screen)
            valid = valid & (distance_squared >= smallest) & (distance_squared <= P::broadcast(std::numeric_limits<S>::max()));
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
                // (the angle tests only for the fields narrower than all round: 3 to 5% of a
                // feeding pigeon frame)
                in_separation = valid & separation.accepts(distance_squared, forwardness);
                in_alignment = valid & alignment.accepts(distance_squared, forwardness);
                in_cohesion = valid & cohesion.accepts(distance_squared, forwardness);
            }
        } else {
            in_separation = valid & separation.within(distance_squared);
            in_alignment = valid & alignment.within(distance_squared);
            in_cohesion = valid & cohesion.within(distance_squared);
        }
        if constexpr (Bodies) {
            // Between bodies (separation_spacing.bodies): each push is away × the strength of
            // the gap, as `flocking` computes it: (offset / distance) * strength.
            if (P::bits(in_separation) != 0) {
                const pack distance = P::sqrt(P::select(in_separation, distance_squared, one));
                const pack gap = distance - (bodies.radius + bodies.radii_at(index + done));
                const pack strength = P::select(in_separation, bodies.strength(gap));
                for (int d = 0; d < D; ++d)
                    sums.separation[k][d] = sums.separation[k][d] - (offset[d] / distance) * strength;
            }
            for (int d = 0; d < D; ++d) {
                sums.heading[k][d] = sums.heading[k][d] + P::select(in_alignment, record[D + d]);
                sums.offset[k][d] = sums.offset[k][d] + P::select(in_cohesion, offset[d]);
            }
        } else {
            const pack inverse = P::select(in_separation, one / P::max(distance_squared, smallest));
            for (int d = 0; d < D; ++d) {
                sums.separation[k][d] = sums.separation[k][d] - offset[d] * inverse;
                sums.heading[k][d] = sums.heading[k][d] + P::select(in_alignment, record[D + d]);
                sums.offset[k][d] = sums.offset[k][d] + P::select(in_cohesion, offset[d]);
            }
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



/// `a`'s position and forward, each component in every lane of a pack: what a neighbor
/// loop over records compares the neighbors with.
template <class P, agent A>
void broadcast_position_and_forward(const A& a, typename P::pack (&self)[std::size_t{dimension_v<agent_vector_t<A>>}],
                                    typename P::pack (&self_forward)[std::size_t{dimension_v<agent_vector_t<A>>}]) noexcept {
    const agent_vector_t<A> position = a.position(), forward = a.forward();
    for (int d = 0; d < dimension_v<agent_vector_t<A>>; ++d) {
        self[d] = P::broadcast(position[d]);
        self_forward[d] = P::broadcast(forward[d]);
    }
}

/// `steer::flocking(a, neighbors, p)` over neighbors given as records (`index[i]` is the
/// i-th neighbor's record in `records` and its radius in `radii`, read only between bodies;
/// valid up to `sum_lanes` past `count`), with the sums in lanes of `P`: the same tests and
/// terms, the sums in another order. `p` is valid: `steer::flocking`, which calls this
/// (through `flocking_in_lanes`), has validated it.
template <class P, agent A>
[[nodiscard]] agent_vector_t<A> flocking_over_records(const A& a, const scalar_t<agent_vector_t<A>>* records,
                                                      const std::uint32_t* index, std::size_t count,
                                                      const flocking_params<agent_vector_t<A>>& p,
                                                      const scalar_t<agent_vector_t<A>>* radii) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    using pack = typename P::pack;
    constexpr int D = dimension_v<V>;
    const neighborhood_test<V> separation_test(p.separation);
    const neighborhood_test<V> alignment_test(p.alignment, p.separation, separation_test);
    const neighborhood_test<V> cohesion_test(p.cohesion, p.alignment, alignment_test);
    const lane_neighborhood_test<P, S> separation(separation_test), alignment(alignment_test),
        cohesion(cohesion_test);
    pack self[std::size_t{D}], self_forward[std::size_t{D}];
    broadcast_position_and_forward<P>(a, self, self_forward);
    lane_flocking_sums<P, D> sums;
    const auto same_field = [](const neighborhood_test<V>& x, const neighborhood_test<V>& y) {
        return x.all_round == y.all_round && x.cos_max_angle == y.cos_max_angle;
    };
    // Between bodies, the neighbors' radii (`radii[index[i]]`) and the agent's own.
    const bool bodies = p.separation_spacing.bodies;
    const lane_bodies<P> spacing = bodies ? lane_bodies<P>(radii, static_cast<S>(a.radius()),
                                                           p.separation_spacing.personal_space)
                                          : lane_bodies<P>();
    const auto run = [&]<fields_of_view Fields>() {
        if (bodies)
            accumulate_neighbors<P, D, Fields, true, true>(records, index, count, self, self_forward, separation,
                                                           alignment, cohesion, sums, spacing);
        else
            accumulate_neighbors<P, D, Fields, true>(records, index, count, self, self_forward, separation,
                                                     alignment, cohesion, sums);
    };
    if (separation_test.all_round && alignment_test.all_round && cohesion_test.all_round)
        run.template operator()<fields_of_view::all_round>();
    else if (same_field(separation_test, alignment_test) && same_field(alignment_test, cohesion_test))
        run.template operator()<fields_of_view::shared>();
    else
        run.template operator()<fields_of_view::separate>();
    V separation_sum, heading_sum, offset_sum;
    for (int d = 0; d < D; ++d) {
        separation_sum[d] = sums.total(sums.separation, d);
        heading_sum[d] = sums.total(sums.heading, d);
        offset_sum[d] = sums.total(sums.offset, d);
    }
    return combine_flocking(separation_sum, heading_sum, P::total(sums.heading_count), offset_sum, V(a.velocity()),
                            static_cast<S>(a.max_speed()), static_cast<S>(a.max_force()), p);
}

/// `steer::separation(a, neighbors, n, p)` over neighbors given as records (as for
/// `flocking_over_records`; `radii` in the records' order, read between bodies), the same
/// bits: each neighbor's test and push computed in lanes of `P` with the very operations of
/// `separation` (the square roots and divisions, its costly part, several at a time), the
/// pushes then subtracted one by one in the neighbors' order, as `separation` does.
/// Neighbors at `a`'s spot, or so far that the squared distance overflows, are skipped, as
/// `for_each_neighbor` skips them.
template <class P, agent A>
[[nodiscard]] agent_vector_t<A> separation_over_records(const A& a, const scalar_t<agent_vector_t<A>>* records,
                                                        const std::uint32_t* index, std::size_t count,
                                                        const neighborhood<agent_vector_t<A>>& n,
                                                        const separation_params<agent_vector_t<A>>& p,
                                                        const scalar_t<agent_vector_t<A>>* radii) {
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    using pack = typename P::pack;
    using mask = typename P::mask;
    constexpr int D = dimension_v<V>;
    constexpr std::size_t W = P::width;
    validate(n);
    const neighborhood_test<V> test(n);
    const lane_neighborhood_test<P, S> lanes(test);
    pack self[std::size_t{D}], self_forward[std::size_t{D}];
    broadcast_position_and_forward<P>(a, self, self_forward);
    const pack one = P::broadcast(S(1)), reach = P::broadcast(n.max_distance);
    const pack smallest = P::broadcast(std::numeric_limits<S>::min());
    const pack largest = P::broadcast(std::numeric_limits<S>::max());
    // separation_strength's cap: reach / distance - 1 is never NaN here (distance > 0).
    const pack cap = P::broadcast(S(1) / (std::numeric_limits<S>::epsilon() * std::numeric_limits<S>::epsilon()));
    // Between bodies, the neighbors' radii (`radii[index[i]]`) and the agent's own.
    const lane_bodies<P> bodies = p.bodies ? lane_bodies<P>(radii, static_cast<S>(a.radius()), p.personal_space)
                                           : lane_bodies<P>();
    V sum(S(0));
    for (std::size_t done = 0; done < count; done += W) {
        // Whole records, positions and forwards: the quickest gather (the forwards go unused).
        pack record[std::size_t{2 * D}];
        P::template gather_records<2 * D, record_size<D>>(records, index + done, record);
        pack offset[std::size_t{D}];
        for (int d = 0; d < D; ++d) offset[d] = record[d] - self[d];
        pack distance_squared = offset[0] * offset[0];
        for (int d = 1; d < D; ++d) distance_squared = distance_squared + offset[d] * offset[d];
        mask in = P::first(count - done) & (distance_squared >= smallest) & (distance_squared <= largest) &
                  lanes.within(distance_squared);
        if (lanes.angled) {
            pack forwardness = self_forward[0] * offset[0];
            for (int d = 1; d < D; ++d) forwardness = forwardness + self_forward[d] * offset[d];
            in = in & lanes.in_field(distance_squared, forwardness);
        }
        const unsigned inside = P::bits(in);
        if (inside == 0) continue;  // most of a wide look, for a small neighborhood
        const pack distance = P::sqrt(P::select(in, distance_squared, one));
        pack strength;
        if (p.bodies) {  // body_separation_strength of the gap, as `separation` computes it
            strength = bodies.strength(distance - (bodies.radius + bodies.radii_at(index + done)));
        } else {
            const pack push = reach / distance - one;
            strength = P::select(cap < push, cap, push);  // std::min(push, cap)
        }
        S term[std::size_t{D}][W];
        for (int d = 0; d < D; ++d) {
            const pack t = (offset[d] / distance) * strength;
            std::memcpy(term[d], &t, sizeof(pack));
        }
        for (std::size_t l = 0; l < W; ++l)
            if (inside & (1u << l))
                for (int d = 0; d < D; ++d) sum[d] -= term[d][l];
    }
    // Cut to unit length before scaling, as `separation` does.
    return truncate(sum, S(1)) * static_cast<S>(a.max_force());
}

}  // namespace detail

}  // namespace steer

#endif  // STEER_CROWD_LANES_HPP
