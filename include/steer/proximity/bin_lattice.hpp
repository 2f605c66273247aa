#ifndef STEER_PROXIMITY_BIN_LATTICE_HPP
#define STEER_PROXIMITY_BIN_LATTICE_HPP

/// @file
/// The bin-lattice spatial database (Reynolds 2000, "Locality Queries"): a box-shaped
/// region cut into equal axis-aligned bins, each holding the entries whose positions
/// fall in it, so that a sphere query examines only the bins the sphere can touch.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../detail/proximity_slots.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/box.hpp"
#include "proximity_database.hpp"

// GCC and Clang: test a bin's four entries with vector extensions, and keep the per-bin
// scan inlined into the query loop. Elsewhere: plain scalar code with the same results
// (the tests run both; defining STEER_DETAIL_HAS_VECTOR_EXTENSIONS to 0 selects it).
#ifndef STEER_DETAIL_HAS_VECTOR_EXTENSIONS
#if defined(__GNUC__) || defined(__clang__)
#define STEER_DETAIL_HAS_VECTOR_EXTENSIONS 1
#else
#define STEER_DETAIL_HAS_VECTOR_EXTENSIONS 0
#endif
#endif
#if defined(__GNUC__) || defined(__clang__)
#define STEER_DETAIL_ALWAYS_INLINE __attribute__((always_inline))
#else
#define STEER_DETAIL_ALWAYS_INLINE
#endif

namespace steer {

namespace detail {
#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS
/// Four scalars in one register-sized value (GCC and Clang vector extensions: SSE, NEON, ...),
/// so that a bin's four inline entries are tested together on any target.
template <class S>
struct four_lanes;
template <>
struct four_lanes<float> {
    typedef float type __attribute__((vector_size(4 * sizeof(float))));
};
template <>
struct four_lanes<double> {
    typedef double type __attribute__((vector_size(4 * sizeof(double))));
};

/// Bit i set when lane i of a comparison result is true (all ones).
template <class M>
[[nodiscard]] inline std::uint32_t sign_mask(const M& m) noexcept {
#if defined(__SSE2__)
    if constexpr (sizeof(m[0]) == 4) {
        typedef float quad __attribute__((vector_size(16)));
        quad q;
        std::memcpy(&q, &m, sizeof q);
        return static_cast<std::uint32_t>(__builtin_ia32_movmskps(q));
    } else {
        typedef double pair __attribute__((vector_size(16)));
        pair lo, hi;
        std::memcpy(&lo, &m, sizeof lo);
        std::memcpy(&hi, reinterpret_cast<const char*>(&m) + sizeof lo, sizeof hi);
        return static_cast<std::uint32_t>(__builtin_ia32_movmskpd(lo) | (__builtin_ia32_movmskpd(hi) << 2));
    }
#else
    std::uint32_t bits = 0;
    for (int lane = 0; lane < 4; ++lane) bits |= static_cast<std::uint32_t>(m[lane] & 1) << lane;
    return bits;
#endif
}
#endif
}  // namespace detail

/// A bin-lattice proximity database (Reynolds 2000, "Locality Queries"): `region` is cut
/// into `divisions[i]` equal slabs along each axis, and every entry lives in the bin that
/// contains its position. Entries outside the region are kept in one extra "outside" bin,
/// examined only by queries whose sphere reaches outside the region, so they are still
/// found, just without the speed-up. A query visits the bins overlapping the bounding box
/// of its sphere and tests each entry's distance. For about `k` neighbors per query the
/// cost is O(k) per query and O(n k) for a whole flock, against O(n^2) for `brute_force`.
///
/// Storage (the paper links proxies in a doubly-linked list per bin; this keeps the same
/// O(1) bin changes with contiguous memory): the bins form one array in x-fastest order, so
/// a query's bins along x are adjacent in memory. Each bin holds the coordinates of its
/// first four entries side by side in one block, which a query tests together without a
/// branch per entry; entries beyond four go to that bin's overflow array. A `move` within
/// a bin rewrites one position and touches nothing else; a `move` to another bin appends
/// the entry there and fills its hole with that bin's last entry (O(1), never a scan).
/// Handles index a slot table with generation counters, so they survive other erasures
/// and a stale handle is refused rather than misused.
///
/// Choosing divisions: bins about as wide as the usual query radius work best (a query
/// then visits 3 x 3 x 3 bins); at that size a flock of ten neighbors per query radius puts
/// two or three entries in a bin. Each bin costs memory whether used or not (128
/// bytes in 3D with float and a pointer payload), so a region far larger than where the
/// entries are wastes memory; one that misses many entries sends them to the outside bin,
/// which every query touching the border scans.
///
/// @tparam V a `steer::vector` (2D or 3D, float or double)
/// @tparam Payload what each entry carries: a pointer, an index, an entity id (copyable)
template <vector V, std::copyable Payload>
class bin_lattice {
    using S = scalar_t<V>;
    static constexpr int dim = dimension_v<V>;
    static constexpr std::uint32_t lanes = 4;  // entries stored inline per bin

public:
    using vector_type = V;          ///< the vector type of positions
    using scalar_type = S;          ///< its scalar
    using payload_type = Payload;   ///< what a query hands back
    /// Names one entry; see `detail::proximity_handle`.
    using handle = detail::proximity_handle<bin_lattice>;

    /// A lattice over `region` (finite, min <= max on every axis; an axis of zero extent
    /// is allowed and then holds one layer of bins) with `divisions[i] >= 1` bins along
    /// axis i, at most 2^31 - 1 bins in all. Refuses anything else with STEER_EXPECTS.
    bin_lattice(const box<V>& region, const cell_t<V>& divisions) : region_(region), divisions_(divisions) {
        validate(region);
        std::size_t count = 1;
        for (int i = 0; i < dim; ++i) {
            STEER_EXPECTS(divisions[i] >= 1, "steer::bin_lattice: divisions must be >= 1 on every axis (got " +
                                                 format_divisions(divisions) + ")");
            count *= static_cast<std::size_t>(divisions[i]);
            STEER_EXPECTS(count <= max_bins, "steer::bin_lattice: divisions must multiply to at most 2147483647 "
                                             "bins (got " + format_divisions(divisions) + ")");
        }
        std::uint32_t stride = 1;
        for (int i = 0; i < dim; ++i) {
            half_min_[i] = region.min[i] * S(0.5);
            // Halving both corners first keeps max - min finite for any finite box.
            const S half_extent = region.max[i] * S(0.5) - half_min_[i];
            limit_[i] = static_cast<S>(divisions[i]);
            scale_[i] = half_extent > S(0) ? limit_[i] / half_extent : S(0);
            last_[i] = static_cast<std::uint32_t>(divisions[i] - 1);
            stride_[i] = stride;
            stride *= static_cast<std::uint32_t>(divisions[i]);
        }
        outside_ = static_cast<std::uint32_t>(count);
        reach_floor_ = S(4) * std::sqrt(std::numeric_limits<S>::min());
        blocks_.resize(count + 1);
        records_.resize((count + 1) * lanes);
    }

    /// The region the bins cover.
    [[nodiscard]] const box<V>& region() const noexcept { return region_; }
    /// The number of bins along each axis.
    [[nodiscard]] const cell_t<V>& divisions() const noexcept { return divisions_; }

    /// Adds `payload` at `position` (finite; inside or outside the region) and returns
    /// its handle. O(1); allocates only when a bin holds more than four entries for the
    /// first time or its overflow array grows.
    handle insert(const Payload& payload, const V& position) { return emplace(Payload(payload), position); }
    /// Adds `payload` at `position`, moving the payload in.
    handle insert(Payload&& payload, const V& position) { return emplace(std::move(payload), position); }

    /// Updates the position of the entry `h` names. Within the same bin it rewrites one
    /// position; across bins it relinks in O(1). Refuses a stale handle or a non-finite position.
    void move(handle h, const V& position) {
        constexpr const char* where = "steer::bin_lattice::move";
        const std::uint32_t i = slots_.checked(h, where);
        detail::expect_finite(where, "position", position);
        const std::uint32_t from = slots_[i].bin;
        const std::uint32_t index = slots_[i].index;
        const std::uint32_t to = bin_of(position);
        if (to == from) {
            write_position(from, index, position);
            return;
        }
        make_room(to);  // the only step that can fail, and it changes nothing visible
        Payload payload = take_payload(from, index);
        slots_[i].bin = to;
        slots_[i].index = append(to, position, i, std::move(payload));
        remove_entry(from, index);
    }

    /// Removes the entry `h` names; other handles stay valid, `h` becomes stale.
    void erase(handle h) {
        const std::uint32_t i = slots_.checked(h, "steer::bin_lattice::erase");
        remove_entry(slots_[i].bin, slots_[i].index);
        slots_.release(i);
    }

    /// Removes every entry (every handle becomes stale) and keeps the memory for reuse.
    void clear() noexcept {
        for (std::uint32_t bin = 0; bin <= outside_; ++bin) {
            block& b = blocks_[bin];
            for (std::uint32_t lane = 0; lane < std::min(b.count, lanes); ++lane) clear_lane(bin, lane);
            if (b.overflow != no_overflow) overflow_[b.overflow].clear();
            b.count = 0;
        }
        slots_.clear();
    }

    /// The number of entries, inside and outside the region.
    [[nodiscard]] std::size_t size() const noexcept { return slots_.live(); }
    /// Whether there are no entries.
    [[nodiscard]] bool empty() const noexcept { return size() == 0; }
    /// The number of entries outside the region (a sign the region is too small when large).
    [[nodiscard]] std::size_t outside_count() const noexcept { return blocks_[outside_].count; }
    /// Whether `h` names a live entry (false for default, erased and cleared handles).
    [[nodiscard]] bool contains(handle h) const noexcept { return slots_.valid(h); }

    /// The stored position of the entry `h` names.
    [[nodiscard]] V position(handle h) const {
        const auto& s = slots_[slots_.checked(h, "steer::bin_lattice::position")];
        return position_at(s.bin, s.index);
    }
    /// The payload of the entry `h` names. The reference lasts until the next insert, move or erase.
    [[nodiscard]] const Payload& payload(handle h) const {
        const auto& s = slots_[slots_.checked(h, "steer::bin_lattice::payload")];
        return payload_at(s.bin, s.index);
    }
    /// The payload of the entry `h` names, for updating it in place.
    [[nodiscard]] Payload& payload(handle h) {
        const auto& s = slots_[slots_.checked(h, "steer::bin_lattice::payload")];
        return const_cast<Payload&>(std::as_const(*this).payload_at(s.bin, s.index));
    }

    /// Reserves room for `n` entries in the handle table (bins have fixed room for four).
    void reserve(std::size_t n) { slots_.reserve(n); }

    /// Calls `f(const Payload&, const V& position)` for every entry, bin by bin (the outside
    /// bin last). Running a flock's queries in this order, rather than in the order of the
    /// caller's own array, keeps each query's bins in cache from the previous one.
    /// `f` must not modify the lattice.
    template <class F>
    void for_each(F&& f) const {
        for (std::uint32_t bin = 0; bin <= outside_; ++bin)
            for_each_in_bin(bin, [&](const V& p, const Payload& payload) { f(payload, p); });
    }

    /// Calls `f(const Payload&, scalar distance_squared)` once for every entry whose
    /// squared distance to `center` is <= `radius * radius` (inclusive; radius 0 finds
    /// entries exactly at `center`). Visits only the bins overlapping the sphere's bounding
    /// box, plus the outside bin when the sphere reaches outside the region. `center` must
    /// be finite and `radius` finite and >= 0; when `radius * radius` overflows, every entry
    /// matches. The order of the calls is unspecified. `f` must not modify the lattice.
    template <class F>
    void for_each_within(const V& center, S radius, F&& f) const {
        detail::expect_query("steer::bin_lattice::for_each_within", center, radius);
        visit_within(center, radius, f);
    }

    /// The payload of the closest entry within `radius` of `center` (inclusive), or
    /// `std::nullopt` when there is none. Among equally close entries the first one met
    /// wins. Costs as much as `for_each_within` with the same sphere.
    [[nodiscard]] std::optional<Payload> nearest(const V& center, S radius) const {
        return nearest(center, radius, [](const Payload&) { return true; });
    }

    /// The closest entry within `radius` of `center` whose payload `accept` returns true
    /// for, e.g. "the nearest other than me": `nearest(p, r, [&](auto* o) { return o != me; })`.
    template <class Accept>
    [[nodiscard]] std::optional<Payload> nearest(const V& center, S radius, Accept&& accept) const {
        detail::expect_query("steer::bin_lattice::nearest", center, radius);
        return detail::nearest_accepted<Payload, S>([&](auto& consider) { visit_within(center, radius, consider); },
                                                    accept);
    }

private:
    static constexpr std::uint32_t no_overflow = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::size_t max_bins = 2147483647;
    static constexpr std::uint32_t noted_capacity = 32;  // bins with hits a query holds before reporting

    // A bin: the coordinates of its first `lanes` entries, axis by axis (unused lanes hold
    // zeros and are masked by `count`), its entry count, and its overflow array if any.
    // Aligned to a cache line when it fits in one (3D float: 56 bytes of 64).
    static constexpr std::size_t block_bytes = sizeof(S) * dim * lanes + 2 * sizeof(std::uint32_t);
    struct alignas(block_bytes <= 64 && block_bytes > 32 ? 64 : alignof(S)) block {
        S coordinate[dim][lanes] = {};
        std::uint32_t count = 0;
        std::uint32_t overflow = no_overflow;
    };
    // The payload of a lane; unused lanes hold a default payload (or nothing).
    using stored_payload =
        std::conditional_t<std::is_default_constructible_v<Payload>, Payload, std::optional<Payload>>;
    struct record {  // records_[bin * lanes + lane]
        std::uint32_t slot = 0;
        stored_payload payload{};
    };
    struct spilled {  // an entry past the lanes of its bin
        V position;
        std::uint32_t slot;
        Payload payload;
    };
    using index_t = glm::vec<dim, std::uint32_t>;

    static std::string format_divisions(const cell_t<V>& d) {
        std::string text = "(";
        for (int i = 0; i < dim; ++i) text += (i ? ", " : "") + std::to_string(d[i]);
        return text + ")";
    }

    static const Payload& unwrap(const stored_payload& p) noexcept {
        if constexpr (std::is_default_constructible_v<Payload>)
            return p;
        else
            return *p;
    }

    [[nodiscard]] static std::size_t record_index(std::uint32_t bin, std::uint32_t lane) noexcept {
        return static_cast<std::size_t>(bin) * lanes + lane;
    }

    handle emplace(Payload&& payload, const V& position) {
        constexpr const char* where = "steer::bin_lattice::insert";
        detail::expect_finite(where, "position", position);
        const std::uint32_t bin = bin_of(position);
        slots_.prepare(where);  // first the steps that can fail, so a failure leaves no trace
        make_room(bin);
        const std::uint32_t slot = slots_.next();
        const std::uint32_t index = append(bin, position, slot, std::move(payload));
        return slots_.acquire(bin, index);
    }

    // Makes sure `append(bin, ...)` will not allocate.
    void make_room(std::uint32_t bin) {
        block& b = blocks_[bin];
        if (b.count < lanes) return;
        if (b.overflow == no_overflow) {
            overflow_.emplace_back();
            b.overflow = static_cast<std::uint32_t>(overflow_.size() - 1);
        }
        std::vector<spilled>& list = overflow_[b.overflow];
        if (list.size() == list.capacity()) list.reserve(std::max<std::size_t>(2 * list.size(), 4));
    }

    // Adds an entry at the end of `bin` (after make_room) and returns its index there.
    std::uint32_t append(std::uint32_t bin, const V& position, std::uint32_t slot, Payload&& payload) {
        block& b = blocks_[bin];
        const std::uint32_t index = b.count;
        if (index < lanes) {
            for (int i = 0; i < dim; ++i) b.coordinate[i][index] = position[i];
            record& r = records_[record_index(bin, index)];
            r.slot = slot;
            r.payload = std::move(payload);
        } else {
            overflow_[b.overflow].push_back(spilled{position, slot, std::move(payload)});
        }
        ++b.count;
        return index;
    }

    [[nodiscard]] V position_at(std::uint32_t bin, std::uint32_t index) const noexcept {
        const block& b = blocks_[bin];
        if (index >= lanes) return overflow_[b.overflow][index - lanes].position;
        V p{};
        for (int i = 0; i < dim; ++i) p[i] = b.coordinate[i][index];
        return p;
    }

    [[nodiscard]] const Payload& payload_at(std::uint32_t bin, std::uint32_t index) const noexcept {
        if (index >= lanes) return overflow_[blocks_[bin].overflow][index - lanes].payload;
        return unwrap(records_[record_index(bin, index)].payload);
    }

    void write_position(std::uint32_t bin, std::uint32_t index, const V& position) noexcept {
        block& b = blocks_[bin];
        if (index >= lanes) {
            overflow_[b.overflow][index - lanes].position = position;
            return;
        }
        for (int i = 0; i < dim; ++i) b.coordinate[i][index] = position[i];
    }

    Payload take_payload(std::uint32_t bin, std::uint32_t index) {
        if (index >= lanes) return std::move(overflow_[blocks_[bin].overflow][index - lanes].payload);
        if constexpr (std::is_default_constructible_v<Payload>)
            return std::move(records_[record_index(bin, index)].payload);
        else
            return std::move(*records_[record_index(bin, index)].payload);
    }

    // Empties an inline lane, releasing what its payload holds.
    void clear_lane(std::uint32_t bin, std::uint32_t lane) noexcept {
        block& b = blocks_[bin];
        for (int i = 0; i < dim; ++i) b.coordinate[i][lane] = S(0);
        records_[record_index(bin, lane)].payload = stored_payload{};
    }

    // Swap-remove: the bin's last entry fills the hole at `index`, and its slot learns its
    // new index. The entry at `index` may already have been moved from.
    void remove_entry(std::uint32_t bin, std::uint32_t index) {
        block& b = blocks_[bin];
        const std::uint32_t last = b.count - 1;
        if (index != last) {
            const std::uint32_t slot = slot_at(bin, last);
            const V p = position_at(bin, last);
            Payload payload = take_payload(bin, last);
            write_position(bin, index, p);
            if (index < lanes) {
                record& r = records_[record_index(bin, index)];
                r.slot = slot;
                r.payload = std::move(payload);
            } else {
                spilled& e = overflow_[b.overflow][index - lanes];
                e.slot = slot;
                e.payload = std::move(payload);
            }
            slots_[slot].index = index;
        }
        if (last < lanes)
            clear_lane(bin, last);
        else
            overflow_[b.overflow].pop_back();
        --b.count;
    }

    [[nodiscard]] std::uint32_t slot_at(std::uint32_t bin, std::uint32_t index) const noexcept {
        if (index >= lanes) return overflow_[blocks_[bin].overflow][index - lanes].slot;
        return records_[record_index(bin, index)].slot;
    }

    template <class F>
    void for_each_in_bin(std::uint32_t bin, F&& f) const {
        const block& b = blocks_[bin];
        const std::uint32_t inline_count = std::min(b.count, lanes);
        for (std::uint32_t lane = 0; lane < inline_count; ++lane) {
            V p{};
            for (int i = 0; i < dim; ++i) p[i] = b.coordinate[i][lane];
            f(p, unwrap(records_[record_index(bin, lane)].payload));
        }
        if (b.count > lanes)
            for (const spilled& s : overflow_[b.overflow]) f(s.position, s.payload);
    }

    // The bin index of coordinate x along axis i, clamped to [0, divisions - 1]. Computed
    // in floating point and clamped before the cast, so any finite or infinite x is safe;
    // it never decreases as x grows (each rounded step is monotonic), which keeps a query's
    // bin range consistent with where entries were filed.
    [[nodiscard]] std::uint32_t axis_index(int i, S x) const noexcept {
        const S t = (x * S(0.5) - half_min_[i]) * scale_[i];
        if (!(t > S(0))) return 0;  // also NaN, which only an axis of zero extent produces
        if (!(t < limit_[i])) return last_[i];
        return std::min(static_cast<std::uint32_t>(t), last_[i]);
    }

    [[nodiscard]] std::uint32_t bin_of(const V& p) const noexcept {
        std::uint32_t bin = 0;
        for (int i = 0; i < dim; ++i) {
            if (!(p[i] >= region_.min[i] && p[i] <= region_.max[i])) return outside_;
            bin += axis_index(i, p[i]) * stride_[i];
        }
        return bin;
    }

    template <class F>
    void visit_within(const V& center, S radius, F& f) const {
        const S r2 = radius * radius;
        if (!std::isfinite(r2)) {  // every entry matches; visit them all
            for (std::uint32_t bin = 0; bin <= outside_; ++bin)
                for_each_in_bin(bin, [&](const V& p, const Payload& payload) {
                    const S d2 = distance_squared(p, center);
                    if (d2 <= r2) f(payload, d2);
                });
            return;
        }

        // The inline lanes are tested four at a time, and bins with hits are noted without a
        // branch per bin or per entry; the hits are reported at the end (or when the notes
        // fill up), so the callback never sits inside the scanning loop.
        std::uint32_t noted_bin[noted_capacity];
        std::uint32_t noted_mask[noted_capacity];
        S noted_d2[noted_capacity][lanes];
        std::uint32_t noted = 0;
        const auto report = [&] {
            std::size_t hit_record[noted_capacity * lanes];
            S hit_distance[noted_capacity * lanes];
            std::uint32_t hits = 0;
            for (std::uint32_t k = 0; k < noted; ++k) {
                const std::size_t base = record_index(noted_bin[k], 0);
                for (std::uint32_t lane = 0; lane < lanes; ++lane) {
                    hit_record[hits] = base + lane;
                    hit_distance[hits] = noted_d2[k][lane];
                    hits += (noted_mask[k] >> lane) & 1u;
                }
            }
            for (std::uint32_t k = 0; k < hits; ++k) f(unwrap(records_[hit_record[k]].payload), hit_distance[k]);
            noted = 0;
        };
        S c[dim];  // plain scalars: glm's operator[] is a switch, which defeats vectorization
        for (int i = 0; i < dim; ++i) c[i] = center[i];
#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS
        using lanes_t = typename detail::four_lanes<S>::type;
        lanes_t center_lanes[dim];
        for (int i = 0; i < dim; ++i) center_lanes[i] = lanes_t{c[i], c[i], c[i], c[i]};
        const lanes_t r2_lanes{r2, r2, r2, r2};
#endif
        const auto scan = [&](std::uint32_t bin) STEER_DETAIL_ALWAYS_INLINE {
            const block& b = blocks_[bin];
            if (noted == noted_capacity) report();
            // The same arithmetic, in the same order, as distance_squared: (dx^2 + dy^2) + dz^2,
            // for the four lanes at once.
            S* lane_d2 = noted_d2[noted];
            std::uint32_t mask = 0;
#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS
            lanes_t sum;
            for (int i = 0; i < dim; ++i) {
                lanes_t x;
                std::memcpy(&x, b.coordinate[i], sizeof x);
                const lanes_t d = x - center_lanes[i];
                sum = i == 0 ? d * d : sum + d * d;
            }
            mask = detail::sign_mask(sum <= r2_lanes);
            std::memcpy(lane_d2, &sum, sizeof sum);
#else
            for (std::uint32_t lane = 0; lane < lanes; ++lane) {
                S sum = 0;
                for (int i = 0; i < dim; ++i) {
                    const S d = b.coordinate[i][lane] - c[i];
                    sum = i == 0 ? d * d : sum + d * d;
                }
                lane_d2[lane] = sum;
                mask |= static_cast<std::uint32_t>(sum <= r2) << lane;
            }
#endif
            mask &= (1u << std::min(b.count, lanes)) - 1u;  // only lanes that hold entries
            noted_bin[noted] = bin;
            noted_mask[noted] = mask;
            noted += static_cast<std::uint32_t>(mask != 0);
            if (b.count > lanes) [[unlikely]] {
                for (const spilled& s : overflow_[b.overflow]) {
                    const S d2 = distance_squared(s.position, center);
                    if (d2 <= r2) f(std::as_const(s.payload), d2);
                }
            }
        };

        // Rounding in the distance test can admit an entry a hair beyond `radius` (or, with
        // underflow, a tiny distance when radius * radius is 0); widen the bin range so
        // that every entry the test can admit lies in a visited bin.
        const S reach = radius * (S(1) + S(8) * std::numeric_limits<S>::epsilon()) + reach_floor_;
        index_t lo{}, hi{};
        bool overlaps = true;
        bool leaves = false;
        for (int i = 0; i < dim; ++i) {
            const S a = center[i] - reach;
            const S b = center[i] + reach;
            overlaps = overlaps && b >= region_.min[i] && a <= region_.max[i];
            leaves = leaves || a < region_.min[i] || b > region_.max[i];
            lo[i] = axis_index(i, a);
            hi[i] = axis_index(i, b);
        }
        if (overlaps) {
            if constexpr (dim == 2) {
                for (std::uint32_t y = lo[1]; y <= hi[1]; ++y) {
                    const std::uint32_t row = y * stride_[1];
                    for (std::uint32_t x = lo[0]; x <= hi[0]; ++x) scan(row + x);
                }
            } else {
#if defined(__GNUC__) || defined(__clang__)
                // Ask for every row of a small query at once, so the fetches overlap.
                if ((hi[2] - lo[2] + 1) * (hi[1] - lo[1] + 1) <= 16)
                    for (std::uint32_t z = lo[2]; z <= hi[2]; ++z)
                        for (std::uint32_t y = lo[1]; y <= hi[1]; ++y) {
                            const block* row = blocks_.data() + (z * stride_[2] + y * stride_[1]);
                            __builtin_prefetch(row + lo[0]);
                            __builtin_prefetch(row + hi[0]);
                        }
#endif
                for (std::uint32_t z = lo[2]; z <= hi[2]; ++z)
                    for (std::uint32_t y = lo[1]; y <= hi[1]; ++y) {
                        const std::uint32_t row = z * stride_[2] + y * stride_[1];
                        for (std::uint32_t x = lo[0]; x <= hi[0]; ++x) scan(row + x);
                    }
            }
        }
        if (leaves) scan(outside_);
        report();
    }

    box<V> region_;
    cell_t<V> divisions_;
    V half_min_{};
    V scale_{};           // bins per half unit, or 0 on an axis of zero extent
    V limit_{};           // divisions as scalars
    index_t last_{};      // divisions - 1
    index_t stride_{};    // bin index step per axis
    std::uint32_t outside_ = 0;  // index of the outside bin, after the lattice's bins
    S reach_floor_ = 0;
    std::vector<block> blocks_;                 // one per bin, the outside bin last
    std::vector<record> records_;               // slot and payload of each inline lane
    std::vector<std::vector<spilled>> overflow_;  // entries past the lanes of a crowded bin
    detail::slot_table<bin_lattice> slots_;
};

}  // namespace steer

#endif  // STEER_PROXIMITY_BIN_LATTICE_HPP
