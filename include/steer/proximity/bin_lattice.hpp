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
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../detail/proximity_slots.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/box.hpp"
#include "proximity_database.hpp"

namespace steer {

/// A bin-lattice proximity database (Reynolds 2000, "Locality Queries"): `region` is cut
/// into `divisions[i]` equal slabs along each axis, and every entry lives in the bin that
/// contains its position. Entries outside the region are kept in one extra "outside" bin,
/// examined only by queries whose sphere reaches outside the region, so they are still
/// found, just without the speed-up. A query visits the bins overlapping the bounding box
/// of its sphere and tests each entry's distance. For about `k` neighbors per query the
/// cost is O(k) per query and O(n k) for a whole flock, against O(n^2) for `brute_force`.
///
/// Each bin is a dense array of (position, slot, payload) records: a query reads them in
/// order; a `move` that stays in its bin rewrites one position and touches nothing else;
/// a `move` to another bin appends the record there and fills its hole with the bin's
/// last record (O(1), never a scan). Handles index a slot table with generation counters,
/// so they survive other erasures and a stale handle is refused rather than misused.
///
/// Choosing divisions: bins about as wide as the usual query radius work well (a query
/// then visits 3 x 3 x 3 bins); much smaller bins cost more bins per query, much larger
/// ones more distance tests. A region far larger than where the entries are wastes bins;
/// one that misses many entries sends them to the outside bin, which every border query scans.
///
/// @tparam V a `steer::vector` (2D or 3D, float or double)
/// @tparam Payload what each entry carries: a pointer, an index, an entity id (copyable)
template <vector V, std::copyable Payload>
class bin_lattice {
    using S = scalar_t<V>;
    static constexpr int dim = dimension_v<V>;

public:
    using vector_type = V;
    using scalar_type = S;
    using payload_type = Payload;
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
        bins_.resize(count + 1);
    }

    /// The region the bins cover.
    [[nodiscard]] const box<V>& region() const noexcept { return region_; }
    /// The number of bins along each axis.
    [[nodiscard]] const cell_t<V>& divisions() const noexcept { return divisions_; }

    /// Adds `payload` at `position` (finite; inside or outside the region) and returns
    /// its handle. Amortized O(1); allocates only when a bin outgrows its capacity.
    handle insert(const Payload& payload, const V& position) { return emplace(Payload(payload), position); }
    /// Adds `payload` at `position`, moving the payload in.
    handle insert(Payload&& payload, const V& position) { return emplace(std::move(payload), position); }

    /// Updates the position of the entry `h` names. Within the same bin it rewrites one
    /// position; across bins it relinks in O(1). Refuses a stale handle or a non-finite position.
    void move(handle h, const V& position) {
        constexpr const char* where = "steer::bin_lattice::move";
        const std::uint32_t i = slots_.checked(h, where);
        detail::expect_finite(where, "position", position);
        auto& s = slots_[i];
        const std::uint32_t bin = bin_of(position);
        if (bin == s.bin) {
            bins_[bin][s.index].position = position;
            return;
        }
        std::vector<entry>& to = bins_[bin];
        to.push_back(std::move(bins_[s.bin][s.index]));
        to.back().position = position;
        remove_record(s.bin, s.index);
        s.bin = bin;
        s.index = static_cast<std::uint32_t>(to.size() - 1);
    }

    /// Removes the entry `h` names; other handles stay valid, `h` becomes stale.
    void erase(handle h) {
        const std::uint32_t i = slots_.checked(h, "steer::bin_lattice::erase");
        const auto& s = slots_[i];
        remove_record(s.bin, s.index);
        slots_.release(i);
    }

    /// Removes every entry (every handle becomes stale) and keeps the memory for reuse.
    void clear() noexcept {
        for (auto& bin : bins_) bin.clear();
        slots_.clear();
    }

    /// The number of entries, inside and outside the region.
    [[nodiscard]] std::size_t size() const noexcept { return slots_.live(); }
    /// Whether there are no entries.
    [[nodiscard]] bool empty() const noexcept { return size() == 0; }
    /// The number of entries outside the region (a sign the region is too small when large).
    [[nodiscard]] std::size_t outside_count() const noexcept { return bins_[outside_].size(); }
    /// Whether `h` names a live entry (false for default, erased and cleared handles).
    [[nodiscard]] bool contains(handle h) const noexcept { return slots_.valid(h); }

    /// The stored position of the entry `h` names.
    [[nodiscard]] const V& position(handle h) const { return record(h, "steer::bin_lattice::position").position; }
    /// The payload of the entry `h` names. The reference lasts until the next insert, move or erase.
    [[nodiscard]] const Payload& payload(handle h) const { return record(h, "steer::bin_lattice::payload").payload; }
    /// The payload of the entry `h` names, for updating it in place.
    [[nodiscard]] Payload& payload(handle h) {
        return const_cast<entry&>(std::as_const(*this).record(h, "steer::bin_lattice::payload")).payload;
    }

    /// Reserves room for `n` entries in the handle table (bins grow on their own).
    void reserve(std::size_t n) { slots_.reserve(n); }

    /// Calls `f(const Payload&, scalar distance_squared)` once for every entry whose
    /// squared distance to `center` is <= `radius * radius` (inclusive; radius 0 finds
    /// entries exactly at `center`), bin by bin. Visits only the bins overlapping the
    /// sphere's bounding box, plus the outside bin when the sphere reaches outside the
    /// region. `center` must be finite and `radius` finite and >= 0; when `radius * radius`
    /// overflows, every entry matches. `f` must not modify the lattice.
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
        const Payload* best = nullptr;
        S best_distance_squared = 0;
        auto consider = [&](const Payload& p, S d2) {
            if ((best == nullptr || d2 < best_distance_squared) && std::invoke(accept, p)) {
                best = &p;
                best_distance_squared = d2;
            }
        };
        visit_within(center, radius, consider);
        if (best == nullptr) return std::nullopt;
        return *best;
    }

private:
    struct entry {
        V position;
        std::uint32_t slot;
        Payload payload;
    };
    using index_t = glm::vec<dim, std::uint32_t>;
    static constexpr std::size_t max_bins = 2147483647;

    static std::string format_divisions(const cell_t<V>& d) {
        std::string text = "(";
        for (int i = 0; i < dim; ++i) text += (i ? ", " : "") + std::to_string(d[i]);
        return text + ")";
    }

    handle emplace(Payload&& payload, const V& position) {
        constexpr const char* where = "steer::bin_lattice::insert";
        detail::expect_finite(where, "position", position);
        slots_.prepare(where);  // first, so that nothing below can fail after the record is placed
        const std::uint32_t bin = bin_of(position);
        std::vector<entry>& cell = bins_[bin];
        cell.push_back(entry{position, slots_.next(), std::move(payload)});
        return slots_.acquire(bin, static_cast<std::uint32_t>(cell.size() - 1));
    }

    const entry& record(handle h, const char* where) const {
        const auto& s = slots_[slots_.checked(h, where)];
        return bins_[s.bin][s.index];
    }

    // Swap-remove: the bin's last record fills the hole and its slot learns its new index.
    void remove_record(std::uint32_t bin, std::uint32_t index) noexcept {
        std::vector<entry>& cell = bins_[bin];
        if (index + 1 != cell.size()) {
            cell[index] = std::move(cell.back());
            slots_[cell[index].slot].index = index;
        }
        cell.pop_back();
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
        const auto scan = [&](const std::vector<entry>& cell) {
            for (const entry& e : cell) {
                const S d2 = distance_squared(e.position, center);
                if (d2 <= r2) f(std::as_const(e.payload), d2);
            }
        };
        if (!std::isfinite(r2)) {  // every entry matches; visit them all
            for (const auto& cell : bins_) scan(cell);
            return;
        }
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
                    for (std::uint32_t x = lo[0]; x <= hi[0]; ++x) scan(bins_[row + x]);
                }
            } else {
                for (std::uint32_t z = lo[2]; z <= hi[2]; ++z)
                    for (std::uint32_t y = lo[1]; y <= hi[1]; ++y) {
                        const std::uint32_t row = z * stride_[2] + y * stride_[1];
                        for (std::uint32_t x = lo[0]; x <= hi[0]; ++x) scan(bins_[row + x]);
                    }
            }
        }
        if (leaves) scan(bins_[outside_]);
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
    std::vector<std::vector<entry>> bins_;
    detail::slot_table<bin_lattice> slots_;
};

}  // namespace steer

#endif  // STEER_PROXIMITY_BIN_LATTICE_HPP
