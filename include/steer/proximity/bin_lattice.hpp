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

#include "../detail/expect.hpp"
#include "../detail/always_inline.hpp"
#include "../detail/proximity_slots.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/box.hpp"
#include "proximity_database.hpp"

// A bin's four entries are tested together in the library's SIMD lanes (detail/simd.hpp:
// vector extensions with GCC and clang, plain arrays elsewhere, the same results).
#include "../detail/simd.hpp"

namespace steer {

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
/// branch per entry; payloads live apart, read only for hits. Entries beyond four go to
/// spill blocks of the same shape, chained from the bin and tested the same way. A `move` within
/// a bin rewrites one position and touches nothing else; a `move` to another bin appends
/// the entry there and fills its hole with that bin's last entry (O(1), never a scan).
/// Handles index a slot table with generation counters, so they survive other erasures
/// and a stale handle is refused rather than misused.
///
/// Choosing divisions: bins about as wide as the usual query radius work best (a query
/// then visits 3 x 3 x 3 bins); at that size a flock of ten neighbors per query radius puts
/// two or three entries in a bin. Each bin costs memory whether used or not (112
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

    /// The most bins a lattice may have: as many as fit in `steer::max_table_bytes` (1 GiB
    /// unless configured), the outside bin included, and at most 2^31 - 1. A bin takes
    /// `bytes_per_bin()` bytes.
    [[nodiscard]] static constexpr std::uint64_t max_bins() noexcept {
        return detail::table_capacity(bytes_per_bin(), addressable_bins + 1) - 1;
    }
    /// The memory one bin takes: its block of four positions, their payloads and handle slots.
    [[nodiscard]] static constexpr std::uint64_t bytes_per_bin() noexcept {
        return sizeof(block) + lanes * (sizeof(stored_payload) + sizeof(std::uint32_t));
    }

    /// A lattice over `region` (finite, min <= max on every axis; an axis of zero extent
    /// is allowed and then holds one layer of bins) with `divisions[i] >= 1` bins along
    /// axis i, at most `max_bins()` bins in all. Refuses anything else with
    /// STEER_EXPECTS, before allocating.
    bin_lattice(const box<V>& region, const cell_t<V>& divisions, source_location caller = source_location::current())
        : region_(region), divisions_(divisions) {
        validate(region, caller);
        std::uint64_t count = 1;  // 64 bits whatever size_t is: the product of two divisions fits
        for (int i = 0; i < dim; ++i) {
            detail::expect_that(divisions[i] >= 1, "divisions must be >= 1 on every axis", [&] {
                return "steer::bin_lattice: divisions must be >= 1 on every axis (got " + format_divisions(divisions) + ")";
            }, caller);
            count *= static_cast<std::uint64_t>(divisions[i]);
            detail::expect_that(count <= max_bins(), "divisions must multiply to at most max_bins() bins", [&] {
                return "steer::bin_lattice: divisions must multiply to at most " + std::to_string(max_bins()) +
                       " bins (got " + format_divisions(divisions) + ")";
            }, caller);
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
        bins_.resize(static_cast<std::size_t>(count) + 1);  // at most 2^31 - 1: fits any size_t
    }

    /// The region the bins cover.
    [[nodiscard]] const box<V>& region() const noexcept { return region_; }
    /// The number of bins along each axis.
    [[nodiscard]] const cell_t<V>& divisions() const noexcept { return divisions_; }

    /// Adds `payload` at `position` (finite; inside or outside the region) and returns
    /// its handle. O(1); allocates only when a bin needs a new spill block (past four entries,
    /// then every four more) and the pool of free ones is empty (it grows by doubling).
    handle insert(const Payload& payload, const V& position, source_location caller = source_location::current()) {
        return emplace(Payload(payload), position, caller);
    }
    /// Adds `payload` at `position`, moving the payload in.
    handle insert(Payload&& payload, const V& position, source_location caller = source_location::current()) {
        return emplace(std::move(payload), position, caller);
    }

    /// Updates the position of the entry `h` names. Within the same bin it rewrites one
    /// position; across bins it relinks in O(1). Refuses a stale handle or a non-finite position.
    void move(handle h, const V& position, source_location caller = source_location::current()) {
        constexpr const char* where = "steer::bin_lattice::move";
        const std::uint32_t i = slots_.checked(h, where, caller);
        if (!detail::move_accepted<detail::hot_path::database_move<bin_lattice>>(where, position, caller)) return;
        const std::uint32_t from = slots_[i].bin;
        const std::uint32_t place = slots_[i].index;
        const std::uint32_t to = bin_of(position);
        if (to == from) {
            write_position(locate(from, place), position);
            return;
        }
        make_room(to);  // the only step that can fail, and it changes nothing visible
        Payload payload = take_payload(locate(from, place));
        slots_[i].bin = to;
        slots_[i].index = append(to, position, i, std::move(payload));
        remove_entry(from, place);
    }

    /// Moves the entry `h` names to `position` if that is in the same bin, and returns true;
    /// otherwise changes nothing and returns false (then call `move`). Calls for different
    /// entries may run at the same time, on several threads, as long as nothing else uses
    /// the lattice meanwhile: a crowd whose members mostly stay in their bins updates the
    /// lattice in parallel, then moves the rest one by one. Refuses what `move` refuses.
    bool try_move_in_place(handle h, const V& position, source_location caller = source_location::current()) {
        constexpr const char* where = "steer::bin_lattice::try_move_in_place";
        const std::uint32_t i = slots_.checked(h, where, caller);
        if (!detail::move_accepted<detail::hot_path::database_move<bin_lattice>>(where, position, caller)) return true;
        const std::uint32_t bin = slots_[i].bin;
        if (bin_of(position) != bin) return false;
        write_position(locate(bin, slots_[i].index), position);
        return true;
    }

    /// Asks the memory system for what `move(h, position)` will touch, and changes nothing:
    /// a loop of moves that calls it a few moves ahead finds its bins already in cache. A
    /// stale handle or a position that `move` would refuse is ignored here.
    void prefetch_move(handle h, const V& position) const noexcept {
#if defined(__GNUC__) || defined(__clang__)
        const std::uint32_t i = slots_.find(h);
        if (i == slots_.size()) return;
        // bin_of sends a NaN or infinite position to the outside bin, like one out of the region.
        for (const std::uint32_t bin : {slots_[i].bin, bin_of(position)}) {
            __builtin_prefetch(&bins_[bin], 1);
            __builtin_prefetch(bins_.payloads(bin), 1);
            __builtin_prefetch(bins_.slots(bin), 1);
        }
#else
        (void)h;
        (void)position;
#endif
    }

    /// Removes the entry `h` names; other handles stay valid, `h` becomes stale.
    void erase(handle h, source_location caller = source_location::current()) {
        const std::uint32_t i = slots_.checked(h, "steer::bin_lattice::erase", caller);
        remove_entry(slots_[i].bin, slots_[i].index);
        slots_.release(i);
    }

    /// Removes every entry (every handle becomes stale) and keeps the memory for reuse.
    /// O(entries) when there are fewer entries than bins, else O(bins).
    void clear() noexcept {
        const auto empty_bin = [&](std::uint32_t bin) {
            block& b = bins_[bin];
            for (std::uint32_t lane = 0; lane < std::min(b.count, lanes); ++lane) clear_lane({&bins_, bin, lane});
            for (std::uint32_t s = b.link; s != none; s = spill_[s].link)
                for (std::uint32_t lane = 0; lane < spill_[s].count; ++lane) clear_lane({&spill_, s, lane});
            b.count = 0;
            b.link = none;
        };
        if (slots_.live() <= outside_) {
            // A big lattice holding few entries (a crowd in a wide world): empty only the bins
            // the live entries are in, rather than touch every bin. (An empty bin already has
            // no spill blocks: removal frees them as they empty.)
            for (std::uint32_t i = 0; i < slots_.size(); ++i) {
                const std::uint32_t bin = slots_[i].bin;
                if (bin != detail::slot_table<bin_lattice>::free_mark && bins_[bin].count != 0) empty_bin(bin);
            }
        } else {
            for (std::uint32_t bin = 0; bin <= outside_; ++bin) empty_bin(bin);
        }
        // Every spill block is free again, lowest first, so a cleared lattice fills like a fresh one.
        free_spill_ = none;
        for (std::size_t s = spill_.size(); s-- > 0;) {
            spill_[static_cast<std::uint32_t>(s)].count = 0;
            spill_[static_cast<std::uint32_t>(s)].link = free_spill_;
            free_spill_ = static_cast<std::uint32_t>(s);
        }
        slots_.clear();
    }

    /// The number of entries, inside and outside the region.
    [[nodiscard]] std::size_t size() const noexcept { return slots_.live(); }
    /// Whether there are no entries.
    [[nodiscard]] bool empty() const noexcept { return size() == 0; }
    /// The number of entries outside the region (a sign the region is too small when large).
    [[nodiscard]] std::size_t outside_count() const noexcept { return bins_[outside_].count; }
    /// Whether `h` names a live entry (false for default, erased and cleared handles).
    [[nodiscard]] bool contains(handle h) const noexcept { return slots_.valid(h); }

    /// The stored position of the entry `h` names.
    [[nodiscard]] V position(handle h, source_location caller = source_location::current()) const {
        const auto& s = slots_[slots_.checked(h, "steer::bin_lattice::position", caller)];
        return position_at(locate(s.bin, s.index));
    }
    /// The payload of the entry `h` names. The reference lasts until the next insert, move or erase.
    [[nodiscard]] const Payload& payload(handle h, source_location caller = source_location::current()) const {
        const auto& s = slots_[slots_.checked(h, "steer::bin_lattice::payload", caller)];
        return unwrap(locate(s.bin, s.index).payload());
    }
    /// The payload of the entry `h` names, for updating it in place.
    [[nodiscard]] Payload& payload(handle h, source_location caller = source_location::current()) {
        return const_cast<Payload&>(std::as_const(*this).payload(h, caller));
    }

    /// Reserves room for `n` entries in the handle table (bins have fixed room for four):
    /// at most 2^32 - 2 entries, and no more than fit in `steer::max_table_bytes` (STEER_EXPECTS).
    void reserve(std::size_t n, source_location caller = source_location::current()) {
        slots_.reserve(n, "steer::bin_lattice::reserve", caller);
    }

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
    void for_each_within(const V& center, S radius, F&& f, source_location caller = source_location::current()) const {
        if (!detail::query_accepted<detail::hot_path::database_query<bin_lattice>>("steer::bin_lattice::for_each_within",
                                                                                   center, radius, caller))
            return;
        visit_within(center, radius, f);
    }

    /// The payload of the closest entry within `radius` of `center` (inclusive), or
    /// `std::nullopt` when there is none. Among equally close entries the first one met
    /// wins. Costs as much as `for_each_within` with the same sphere.
    [[nodiscard]] std::optional<Payload> nearest(const V& center, S radius,
                                                 source_location caller = source_location::current()) const {
        return nearest(center, radius, [](const Payload&) { return true; }, caller);
    }

    /// The closest entry within `radius` of `center` whose payload `accept` returns true
    /// for, e.g. "the nearest other than me": `nearest(p, r, [&](auto* o) { return o != me; })`.
    template <class Accept>
    [[nodiscard]] std::optional<Payload> nearest(const V& center, S radius, Accept&& accept,
                                                 source_location caller = source_location::current()) const {
        if (!detail::query_accepted<detail::hot_path::database_query<bin_lattice>>("steer::bin_lattice::nearest", center,
                                                                                   radius, caller))
            return std::nullopt;
        return detail::nearest_accepted<Payload, S>([&](auto& consider) { visit_within(center, radius, consider); },
                                                    accept);
    }

private:
    static constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();  // no block
    static constexpr std::uint64_t addressable_bins = 2147483647;  // bin indices are 32-bit, none is reserved
    static constexpr std::uint32_t noted_capacity = 32;  // blocks with hits a query holds before reporting
    static constexpr std::uint32_t prefetch_bins = 1024;  // a query prefetches its rows in larger lattices

    // The coordinates of up to `lanes` entries, axis by axis, as a query reads them (unused
    // lanes hold zeros and are masked out), plus a count and a link. A bin's block holds its
    // first `lanes` entries; `count` is the bin's number of entries and `link` its newest
    // spill block. A spill block holds `count` (1 to `lanes`) more entries of the same bin,
    // and `link` is the next older spill block (or, while free, the next free one).
    // Aligned to a cache line when it fits in one (3D float: 56 bytes of 64).
    static constexpr std::size_t block_bytes = sizeof(S) * dim * lanes + 2 * sizeof(std::uint32_t);
    struct alignas(block_bytes <= 64 && block_bytes > 32 ? 64 : alignof(S)) block {
        S coordinate[std::size_t{dim}][lanes] = {};
        std::uint32_t count = 0;
        std::uint32_t link = none;
    };
    // The payload of a lane; unused lanes hold a default payload (or nothing).
    using stored_payload =
        std::conditional_t<std::is_default_constructible_v<Payload>, Payload, std::optional<Payload>>;

    // Blocks with their lanes' payloads and slots kept apart: a query scans the blocks, reads
    // the payloads of hits only, and never touches the slots, which only relinking needs.
    class block_store {
    public:
        [[nodiscard]] std::size_t size() const noexcept { return blocks_.size(); }
        [[nodiscard]] block& operator[](std::uint32_t b) noexcept { return blocks_[b]; }
        [[nodiscard]] const block& operator[](std::uint32_t b) const noexcept { return blocks_[b]; }
        [[nodiscard]] stored_payload* payloads(std::uint32_t b) noexcept { return payloads_.data() + offset(b); }
        [[nodiscard]] const stored_payload* payloads(std::uint32_t b) const noexcept {
            return payloads_.data() + offset(b);
        }
        [[nodiscard]] std::uint32_t* slots(std::uint32_t b) noexcept { return slots_.data() + offset(b); }
        [[nodiscard]] const std::uint32_t* slots(std::uint32_t b) const noexcept { return slots_.data() + offset(b); }
        void resize(std::size_t n) {
            payloads_.resize(n * lanes);
            slots_.resize(n * lanes);
            blocks_.resize(n);
        }
        // Whether one more block fits without allocating.
        [[nodiscard]] bool full() const noexcept { return blocks_.size() == blocks_.capacity(); }
        // Room for `n` blocks; if it throws, the blocks are as they were (only capacity may differ).
        void reserve(std::size_t n) {
            payloads_.reserve(n * lanes);
            slots_.reserve(n * lanes);
            blocks_.reserve(n);
        }
        // Adds a block; after `reserve`, only a throwing default Payload constructor can fail,
        // and then nothing changes.
        std::uint32_t grow() {
            payloads_.resize(payloads_.size() + lanes);
            slots_.resize(slots_.size() + lanes);
            blocks_.emplace_back();
            return static_cast<std::uint32_t>(blocks_.size() - 1);
        }

    private:
        static std::size_t offset(std::uint32_t b) noexcept { return static_cast<std::size_t>(b) * lanes; }
        std::vector<block> blocks_;
        std::vector<stored_payload> payloads_;  // block b's lane l at b * lanes + l
        std::vector<std::uint32_t> slots_;      // the slot (handle index) of each used lane
    };

    // One lane of one block: where an entry lives.
    template <class Store>
    struct lane_ref {
        Store* store;
        std::uint32_t block;
        std::uint32_t lane;
        [[nodiscard]] auto& payload() const noexcept { return store->payloads(block)[lane]; }
        [[nodiscard]] auto& coordinates() const noexcept { return (*store)[block].coordinate; }
    };
    using mutable_lane = lane_ref<block_store>;
    using const_lane = lane_ref<const block_store>;

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

    // A slot records an entry's bin and its place there: a place below `lanes` is that lane
    // of the bin's block; `lanes + s * lanes + l` is lane l of spill block s. (The spill
    // blocks in use never outnumber a quarter of the entries, so a place fits 32 bits.)
    [[nodiscard]] mutable_lane locate(std::uint32_t bin, std::uint32_t place) noexcept {
        if (place < lanes) return {&bins_, bin, place};
        return {&spill_, (place - lanes) / lanes, place % lanes};
    }
    [[nodiscard]] const_lane locate(std::uint32_t bin, std::uint32_t place) const noexcept {
        if (place < lanes) return {&bins_, bin, place};
        return {&spill_, (place - lanes) / lanes, place % lanes};
    }
    [[nodiscard]] static std::uint32_t spill_place(std::uint32_t s, std::uint32_t lane) noexcept {
        return lanes + s * lanes + lane;
    }

    handle emplace(Payload&& payload, const V& given, const source_location& caller) {
        constexpr const char* where = "steer::bin_lattice::insert";
        const V position =
            detail::finite_or_zero<detail::hot_path::database_insert<bin_lattice>>(where, "position", given, caller);
        const std::uint32_t bin = bin_of(position);
        slots_.prepare(where, caller);  // first the steps that can fail, so a failure leaves no trace
        make_room(bin);
        const std::uint32_t slot = slots_.next();
        const std::uint32_t place = append(bin, position, slot, std::move(payload));
        return slots_.acquire(bin, place);
    }

    // Makes sure `append(bin, ...)` will not allocate: a free spill block exists if the bin
    // needs a new one.
    void make_room(std::uint32_t bin) {
        const block& b = bins_[bin];
        if (b.count < lanes || (b.link != none && spill_[b.link].count < lanes) || free_spill_ != none) return;
        if (spill_.full()) spill_.reserve(std::max<std::size_t>(2 * spill_.size(), 16));
        const std::uint32_t s = spill_.grow();
        spill_[s].link = free_spill_;
        free_spill_ = s;
    }

    // Adds an entry at the end of `bin` (after make_room) and returns its place there.
    std::uint32_t append(std::uint32_t bin, const V& position, std::uint32_t slot, Payload&& payload) {
        block& b = bins_[bin];
        mutable_lane at{&bins_, bin, b.count};
        std::uint32_t place = b.count;
        if (b.count >= lanes) {
            std::uint32_t head = b.link;
            if (head == none || spill_[head].count == lanes) {  // start a new spill block
                head = free_spill_;
                free_spill_ = spill_[head].link;
                spill_[head].count = 0;
                spill_[head].link = b.link;
                b.link = head;
            }
            at = {&spill_, head, spill_[head].count++};
            place = spill_place(head, at.lane);
        }
        ++b.count;
        write_position(at, position);
        at.payload() = std::move(payload);
        at.store->slots(at.block)[at.lane] = slot;
        return place;
    }

    [[nodiscard]] static V position_at(const const_lane& at) noexcept {
        V p{};
        for (int i = 0; i < dim; ++i) p[i] = at.coordinates()[i][at.lane];
        return p;
    }

    static void write_position(const mutable_lane& at, const V& position) noexcept {
        for (int i = 0; i < dim; ++i) at.coordinates()[i][at.lane] = position[i];
    }

    static Payload take_payload(const mutable_lane& at) {
        if constexpr (std::is_default_constructible_v<Payload>)
            return std::move(at.payload());
        else
            return std::move(*at.payload());
    }

    // Empties a lane, releasing what its payload holds.
    static void clear_lane(const mutable_lane& at) noexcept {
        for (int i = 0; i < dim; ++i) at.coordinates()[i][at.lane] = S(0);
        at.payload() = stored_payload{};
    }

    // Swap-remove: the bin's last entry (in its newest spill block, or its own block) fills
    // the hole at `place`, and its slot learns the new place. O(1): the last entry is found
    // through the bin's count and newest spill block, never by a scan. The entry at `place`
    // may already have been moved from.
    void remove_entry(std::uint32_t bin, std::uint32_t place) {
        block& b = bins_[bin];
        const std::uint32_t head = b.count > lanes ? b.link : none;
        const std::uint32_t last_place = head == none ? b.count - 1 : spill_place(head, spill_[head].count - 1);
        const mutable_lane last = locate(bin, last_place);
        if (place != last_place) {
            const mutable_lane hole = locate(bin, place);
            const std::uint32_t slot = last.store->slots(last.block)[last.lane];
            write_position(hole, position_at(const_lane{last.store, last.block, last.lane}));
            hole.payload() = std::move(last.payload());
            hole.store->slots(hole.block)[hole.lane] = slot;
            slots_[slot].index = place;
        }
        clear_lane(last);
        if (head != none && --spill_[head].count == 0) {  // the newest spill block emptied: free it
            b.link = spill_[head].link;
            spill_[head].link = free_spill_;
            free_spill_ = head;
        }
        --b.count;
    }

    // Calls f(position, payload) for every entry of `bin`: its own lanes, then its spill blocks.
    template <class F>
    void for_each_in_bin(std::uint32_t bin, F&& f) const {
        const block& b = bins_[bin];
        const auto lanes_of = [&](const block_store& store, std::uint32_t k, std::uint32_t used) {
            for (std::uint32_t lane = 0; lane < used; ++lane)
                f(position_at(const_lane{&store, k, lane}), unwrap(store.payloads(k)[lane]));
        };
        lanes_of(bins_, bin, std::min(b.count, lanes));
        for (std::uint32_t s = b.link; s != none; s = spill_[s].link) lanes_of(spill_, s, spill_[s].count);
    }

    // The bin index of coordinate x along axis i, clamped to [0, divisions - 1]. Computed
    // in floating point and clamped before the cast, so any finite or infinite x is safe;
    // it never decreases as x grows (each rounded step is monotonic), which keeps a query's
    // bin range consistent with where entries were filed.
    // Branch-free (a query near a face of the region would mispredict branches here), and
    // a NaN, which only an axis of zero extent produces, becomes 0.
    [[nodiscard]] STEER_DETAIL_ALWAYS_INLINE std::uint32_t axis_index(int i, S x) const noexcept {
        S t = (x * S(0.5) - half_min_[i]) * scale_[i];
        t = t > S(0) ? t : S(0);
        t = t < limit_[i] ? t : limit_[i];
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

        using P = detail::simd::four_pack<S>;
        static_assert(P::width == lanes, "a block's entries make one pack");
        typename P::pack center_lanes[std::size_t{dim}];
        for (int i = 0; i < dim; ++i) center_lanes[i] = P::broadcast(center[i]);
        const typename P::pack r2_lanes = P::broadcast(r2);
        using distances_t = typename P::pack;
        // A block's lanes are tested four at a time, and blocks with hits are noted without a
        // branch per block or per entry; the hits are reported at the end (or when the notes
        // fill up), so the callback never sits inside the scanning loop.
        const stored_payload* noted_payloads[noted_capacity];
        std::uint32_t noted_mask[noted_capacity];
        distances_t noted_d2[noted_capacity];
        std::uint32_t noted = 0;
        const auto report = [&]() STEER_DETAIL_ALWAYS_INLINE {
            const stored_payload* hit_payload[noted_capacity * lanes];
            S hit_distance[noted_capacity * lanes];
            std::uint32_t hits = 0;
            for (std::uint32_t k = 0; k < noted; ++k) {
                for (std::uint32_t lane = 0; lane < lanes; ++lane) {
                    hit_payload[hits] = noted_payloads[k] + lane;
                    hit_distance[hits] = P::lane(noted_d2[k], lane);
                    hits += (noted_mask[k] >> lane) & 1u;
                }
            }
            for (std::uint32_t k = 0; k < hits; ++k) f(unwrap(*hit_payload[k]), hit_distance[k]);
            noted = 0;
        };
        // Tests the first `used` lanes of block `b`, whose payloads start at `payloads`; the
        // caller makes sure a note is free.
        const auto scan_block = [&](const block& b, std::uint32_t used,
                                    const stored_payload* payloads) STEER_DETAIL_ALWAYS_INLINE {
            // The same arithmetic, in the same order, as distance_squared: (dx^2 + dy^2) + dz^2,
            // for the four lanes at once.
            typename P::pack sum = P::zero();
            for (int i = 0; i < dim; ++i) {
                const typename P::pack d = P::load(b.coordinate[i]) - center_lanes[i];
                sum = i == 0 ? d * d : sum + d * d;
            }
            std::uint32_t mask = P::bits(sum <= r2_lanes);
            noted_d2[noted] = sum;
            mask &= (1u << used) - 1u;  // only lanes that hold entries
            noted_payloads[noted] = payloads;
            noted_mask[noted] = mask;
            noted += static_cast<std::uint32_t>(mask != 0);
        };
        // Bins with spill blocks are noted without a branch and their spill blocks scanned
        // after the bins: a branch on a bin's count, mispredicted whenever a bin happens to
        // spill, would wait for that bin's block to arrive before the next bins' loads could
        // start, so a query whose bins are not in cache would pay their latencies one by one.
        std::uint32_t spilling[noted_capacity];
        std::uint32_t spills = 0;
        const auto scan_spills = [&]() STEER_DETAIL_ALWAYS_INLINE {
            for (std::uint32_t k = 0; k < spills; ++k)
                for (std::uint32_t s = bins_[spilling[k]].link; s != none; s = spill_[s].link) {
                    if (noted == noted_capacity) report();
                    scan_block(spill_[s], spill_[s].count, spill_.payloads(s));
                }
            spills = 0;
        };
        // Scans bins first..last of the row starting at bin `row`, in runs that fit the notes,
        // so that the loop over a run's bins holds no branch but its own.
        const auto scan_row = [&](std::uint32_t row, std::uint32_t first, std::uint32_t last) STEER_DETAIL_ALWAYS_INLINE {
            for (std::uint32_t x = first;;) {
                const std::uint32_t stop = std::min(last, x + (noted_capacity - 1));
                const std::uint32_t run = stop - x + 1;
                if (noted + run > noted_capacity || spills + run > noted_capacity) [[unlikely]] {
                    scan_spills();
                    report();
                }
                for (; x <= stop; ++x) {
                    const block& b = bins_[row + x];
                    scan_block(b, std::min(b.count, lanes), bins_.payloads(row + x));
                    spilling[spills] = row + x;
                    spills += static_cast<std::uint32_t>(b.count > lanes);
                }
                if (stop == last) return;
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
                for (std::uint32_t y = lo[1]; y <= hi[1]; ++y) scan_row(y * stride_[1], lo[0], hi[0]);
            } else {
#if defined(__GNUC__) || defined(__clang__)
                // Ask for every row of a small query at once, so the fetches overlap; not worth
                // its instructions when the blocks fit in a level-1 data cache (64 KB or less).
                if (outside_ > prefetch_bins && (hi[2] - lo[2] + 1) * (hi[1] - lo[1] + 1) <= 16)
                    for (std::uint32_t z = lo[2]; z <= hi[2]; ++z)
                        for (std::uint32_t y = lo[1]; y <= hi[1]; ++y) {
                            const block* row = &bins_[z * stride_[2] + y * stride_[1]];
                            __builtin_prefetch(row + lo[0]);
                            __builtin_prefetch(row + hi[0]);
                        }
#endif
                for (std::uint32_t z = lo[2]; z <= hi[2]; ++z)
                    for (std::uint32_t y = lo[1]; y <= hi[1]; ++y) scan_row(z * stride_[2] + y * stride_[1], lo[0], hi[0]);
            }
        }
        if (leaves) scan_row(outside_, 0, 0);
        scan_spills();
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
    block_store bins_;                // one block per bin, the outside bin last
    block_store spill_;               // spill blocks: entries past the lanes of crowded bins
    std::uint32_t free_spill_ = none;  // the first free spill block
    detail::slot_table<bin_lattice> slots_;
};

}  // namespace steer

#endif  // STEER_PROXIMITY_BIN_LATTICE_HPP
