#ifndef STEER_CROWD_CROWD_INDEX_INL
#define STEER_CROWD_CROWD_INDEX_INL

/// @file
/// The definitions of a crowd's grid index (declared, with what they do, in crowd.hpp):
/// whether the grid still holds, sorting the agents into it, the neighbor search over it,
/// and the proximity queries answered from it. Included at the end of crowd.hpp; not a
/// header of its own.

#include "crowd.hpp"

namespace steer {

template <vector V, class T>
template <class Exec>
inline bool crowd<V, T>::index_fresh(S radius, Exec& exec) {
    if (!touched_list_.empty() || indexed_ != vehicles_.size() || index_radius_ != radius) return false;
    if (!index_stale_) return true;
    const std::size_t n = vehicles_.size();
    const std::size_t chunks = std::min<std::size_t>(64, (n + 4095) / 4096);
    std::uint8_t moved[64] = {};
    exec(chunks, [&](std::size_t begin, std::size_t end) {
        for (std::size_t c = begin; c < end; ++c)
            for (std::size_t k = n * c / chunks; k < n * (c + 1) / chunks; ++k) {
                const V& p = vehicles_[order_[k]].position();
                for (int d = 0; d < D; ++d)
                    if (p[d] != hot_position(d)[k]) moved[c] = 1;
            }
    });
    for (std::size_t c = 0; c < chunks; ++c)
        if (moved[c] != 0) return false;
    index_stale_ = false;
    return true;
}

template <vector V, class T>
inline void crowd<V, T>::search_runs(std::size_t k, typename detail::crowd_grid<D>::neighbor_rows& rows,
                                     const S* const (&position)[std::size_t{D}], S near,
                                     std::uint32_t (&first)[most_runs], std::uint32_t (&last)[most_runs],
                                     std::size_t& visits, std::size_t& examined) const noexcept {
    rows.enter(grid_, k);
    const std::int64_t x = grid_.x[k];
    // The grid's reach, or what `near` reaches of it: the rows to visit and the x cells.
    std::int64_t x_lo = x - detail::crowd_grid<D>::split, x_hi = x + detail::crowd_grid<D>::split;
    std::size_t visit[most_runs];
    visits = 0;
    const auto at = [&] {
        V p;
        for (int d = 0; d < D; ++d) p[d] = position[d][k];
        return p;
    };
    if (near < S(0) && grid_.hashed_layout() && grid_.narrow_search(at())) [[unlikely]]
        near = index_radius_;  // only the rows within reach
    if (near >= S(0)) {
        const V p = at();
        std::int64_t row_lo[std::size_t{D - 1}], row_hi[std::size_t{D - 1}], near_lo, near_hi;
        // (at least grid_radius: neighbors whose squared distance underflows may lie a cell away)
        grid_.near_box(p, grid_radius(near), grid_.row[k], near_lo, near_hi, row_lo, row_hi);
        x_lo = std::max(x_lo, near_lo);  // both hold everything within reach: so does their overlap
        x_hi = std::min(x_hi, near_hi);
        for (std::size_t r = 0; r < rows.count; ++r)
            if (rows.within(grid_, r, row_lo, row_hi)) visit[visits++] = r;  // row 0, its own, always
    } else {
        for (std::size_t r = 0; r < rows.count; ++r) visit[visits++] = r;
    }
    examined = 0;
    if (grid_.cells_layout()) [[likely]] {  // every row's table over the same cells: two loads a row
        std::int64_t lo_entry, hi_entry;
        grid_.cell_entries(x_lo, x_hi, lo_entry, hi_entry);
        for (std::size_t i = 0; i < visits; ++i) {
            const std::size_t r = visit[i];
            first[i] = rows.rows[r].table[lo_entry];
            last[i] = rows.rows[r].table[hi_entry];
            examined += last[i] - first[i];
        }
    } else {  // the runs of rows without tables are walked along for the grid's reach
        for (std::size_t i = 0; i < visits; ++i) {
            grid_.run(rows.rows[visit[i]], x, detail::crowd_grid<D>::split, first[i], last[i]);
            examined += last[i] - first[i];
        }
    }
}

template <vector V, class T>
inline std::size_t crowd<V, T>::search_candidates() const noexcept {
    const S* position[std::size_t{D}];
    for (int d = 0; d < D; ++d) position[d] = hot_position(d);
    typename detail::crowd_grid<D>::neighbor_rows rows;
    std::size_t total = 0;
    for (std::size_t k = 0; k < indexed_; ++k) {
        std::uint32_t first[most_runs], last[most_runs];
        std::size_t visits, examined;
        search_runs(k, rows, position, S(-1), first, last, visits, examined);
        total += std::min(examined, 32 * max_neighbors_);
    }
    return total;
}

template <vector V, class T>
template <class P, bool Self>
inline std::size_t crowd<V, T>::gather(std::size_t k, typename detail::crowd_grid<D>::neighbor_rows& rows,
                                       const S* const (&position)[std::size_t{D}],
                                       const typename P::pack (&self)[std::size_t{D}], const typename P::pack& lo,
                                       const typename P::pack& hi, std::uint32_t* found, S near) const noexcept {
    const std::size_t budget = 32 * max_neighbors_;
    std::uint32_t first[most_runs], last[most_runs];
    std::size_t visits, examined;
    search_runs(k, rows, position, near, first, last, visits, examined);
#if defined(__GNUC__) || defined(__clang__)
    if (indexed_ >= prefetch_above) {
        // The agents further along each row, which the next agents' runs reach: the rows
        // are as many streams through each array, too many for the hardware's prefetchers
        // once the arrays no longer fit in a core's cache.
        for (std::size_t r = 0; r < visits; ++r) {
            const std::size_t ahead = std::min<std::size_t>(last[r] + prefetch_ahead, indexed_);
            for (int d = 0; d < D; ++d) __builtin_prefetch(position[d] + ahead);
            __builtin_prefetch(hot_.data() + D * stride() + detail::record_size<D> * ahead);
        }
    }
#endif
    // The usual case: every run whole, row 0 (the agent's own bucket, which holds it) first.
    std::size_t size = 0;
    if (examined <= budget) [[likely]] {
        for (std::size_t r = 0; r < visits && size <= max_neighbors_; ++r) {
            if (first[r] == last[r]) continue;  // (a run's test covers 8 lanes, even none)
            // Row 0 holds the agent itself, which a crowd's test lets in: left out there.
            size = detail::gather_run<P, D>(position, first[r], last[r] - first[r], self, lo, hi, found, size,
                                            max_neighbors_ + 1,
                                            Self && r == 0 ? k : static_cast<std::size_t>(-1));
        }
        if (size <= max_neighbors_) [[likely]]
            return size;
    }
    // Too many: the others of its own row from itself on, then those before it, then the
    // other rows', up to max_neighbors, examining at most `budget` candidates.
    size = 0;
    std::size_t left = budget;
    const auto scan = [&](std::size_t from, std::size_t to) {
        if (from >= to || size >= max_neighbors_ || left == 0) return;
        const std::size_t count = std::min(to - from, left);
        left -= count;
        size = std::min(detail::gather_run<P, D>(position, from, count, self, lo, hi, found, size,
                                                 max_neighbors_),
                        max_neighbors_);
    };
    scan(k + 1, last[0]);
    scan(first[0], k);
    for (std::size_t r = 1; r < visits; ++r) scan(first[r], last[r]);
    return size;
}

template <vector V, class T>
template <class P>
inline std::size_t crowd<V, T>::gather_in_lanes(std::size_t k, typename detail::crowd_grid<D>::neighbor_rows& rows,
                                                const S* const (&position)[std::size_t{D}], S reach_squared,
                                                std::uint32_t* found, S near) const noexcept {
    std::size_t count = 0;
    const auto run = [&]<class L>() {
        typename L::pack self[std::size_t{D}];
        for (int d = 0; d < D; ++d) self[d] = L::broadcast(position[d][k]);
        count = gather<L, true>(k, rows, position, self, L::zero(), L::broadcast(reach_squared), found, near);
    };
    if constexpr (std::is_same_v<P, detail::simd::native_pack<S>>)
        if (detail::simd::run_in_wider_lanes<S>(run)) return count;
    run.template operator()<P>();
    return count;
}

template <vector V, class T>
template <class Exec>
inline void crowd<V, T>::reindex(S radius, Exec& exec, bool moved) {
    const std::size_t n = vehicles_.size();
    typename detail::crowd_grid<D>::cell_bounds bounds;
    if (moved) {
        bounds = moved_bounds_.load();
    } else {
        grid_.plan(grid_radius(radius), std::numeric_limits<S>::digits - 1);
        keys_x_.resize(n);
        keys_row_.resize(n);
        moved_bounds_.reset();
        exec(n, [this](std::size_t begin, std::size_t end) {
            typename detail::crowd_grid<D>::cell_bounds range;
            for (std::size_t i = begin; i < end; ++i) {
                note_cell(i);
                range.include(keys_x_[i], keys_row_[i]);
            }
            moved_bounds_.include(range);
        });
        bounds = moved_bounds_.load();
    }
    grid_.choose_layout(bounds, n);
    // Each agent's bucket, and each handle's slot (the agents may have moved in storage
    // since the last sort).
    keys_bucket_.resize(n);
    exec(n, [this](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            keys_bucket_[i] = grid_.bucket_of(keys_x_[i], keys_row_[i]);
            slot_of_[ids_[i].index] = static_cast<std::uint32_t>(i);
        }
    });
    grid_.x.resize(n);
    grid_.row.resize(n);
    indexed_ = n;
    hot_.resize(D * stride() + (detail::record_size<D> + 1) * n);
    if (kinds_on()) grid_kinds_.resize(n);
    // In grid order, as soon as the sort has settled each range of positions: the cells
    // and the hot copies of the positions and headings.
    grid_.sort(n, keys_x_.data(), keys_bucket_.data(), order_, exec, [this](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            const std::uint32_t slot = order_[k];
            const vehicle_type& v = vehicles_[slot];
            grid_.x[k] = keys_x_[slot];
            grid_.row[k] = keys_row_[slot];
            if constexpr (has_data)
                if (kinds_on()) grid_kinds_[k] = kinds_known_ ? stored_kinds_[slot] : kind_of_(data_.values[slot]);
            const V& p = v.position();
            for (int d = 0; d < D; ++d) hot_position(d)[k] = p[d];
            S* record = hot_records() + detail::record_size<D> * k;
            const V& f = v.forward();
            for (int d = 0; d < D; ++d) {
                record[d] = p[d];
                record[D + d] = f[d];
            }
            for (std::size_t c = 2 * D; c < detail::record_size<D>; ++c) record[c] = S(0);
            hot_radii()[k] = v.radius();
        }
    });
    for (int d = 0; d < D; ++d) std::fill_n(hot_position(d) + n, pad, S(0));
    grid_.index_rows(exec);
    for (const std::uint32_t slot : touched_list_) touched_[slot] = 0;
    touched_list_.clear();
    touched_.resize(n);  // (every flag is clear: slots vacated since the last sort drop out)
    index_stale_ = false;
    index_radius_ = radius;
}

template <vector V, class T>
template <class Exec>
inline void crowd<V, T>::refresh_kinds(Exec& exec) {
    if constexpr (has_data) {
        const std::size_t n = vehicles_.size();
        stored_kinds_.resize(n);
        grid_kinds_.resize(n);
        exec(n, [this](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k) {
                const std::uint32_t slot = order_[k];
                grid_kinds_[k] = stored_kinds_[slot] = kind_of_(data_.values[slot]);
            }
        });
        kinds_known_ = true;
    }
}

template <vector V, class T>
template <class F>
inline void crowd<V, T>::visit_within(const V& center, S radius, F&& f) const {
    const std::size_t n = vehicles_.size();
    const S limit = radius * radius;  // may be infinite: then everyone is within it
    const auto test = [&](std::uint32_t slot) {
        const V offset = vehicles_[slot].position() - center;
        const S distance_squared = glm::dot(offset, offset);
        if (distance_squared <= limit) f(slot, distance_squared);
    };
    // (at least grid_radius: neighbors whose squared distance underflows may lie a cell away)
    const double cells = grid_radius(radius) / grid_.cell();
    const bool grid_usable = !index_stale_ && indexed_ > 0 && touched_list_.size() <= n / 8 + 16 &&
                             cells <= max_query_cells;
    if (!grid_usable) {
        for (std::size_t slot = 0; slot < n; ++slot) test(static_cast<std::uint32_t>(slot));
        return;
    }
    // Rows within `reach` rows of the center's, x cells within `reach_x` of its x cell.
    const auto reach = static_cast<std::int64_t>(std::ceil(cells));
    const auto reach_x = static_cast<std::int64_t>(std::ceil(cells * detail::crowd_grid<D>::split));
    const auto row = grid_.row_of(center);
    const std::int64_t x = grid_.x_of(center[0]);
    constexpr std::size_t most_rows = D == 2 ? 9 : 81;
    std::uint32_t seen[most_rows];
    std::size_t seen_count = 0;
    const auto visit_row = [&](const typename detail::crowd_grid<D>::row_key& r) {
        typename detail::crowd_grid<D>::row_view view;
        if (!grid_.view_of(r, view)) return;
        for (std::size_t i = 0; i < seen_count; ++i)
            if (seen[i] == view.bucket) return;  // a bucket shared by two rows: visited once
        seen[seen_count++] = view.bucket;
        std::uint32_t first, last;
        grid_.run(view, x, reach_x, first, last);
        for (std::uint32_t k = first; k < last; ++k)
            if (const std::uint32_t slot = order_[k]; slot < n && touched_[slot] == 0) test(slot);
    };
    if constexpr (D == 2) {
        for (std::int64_t dy = -reach; dy <= reach; ++dy) visit_row({{row.at[0] + dy}});
    } else {
        for (std::int64_t dz = -reach; dz <= reach; ++dz)
            for (std::int64_t dy = -reach; dy <= reach; ++dy) visit_row({{row.at[0] + dy, row.at[1] + dz}});
    }
    for (const std::uint32_t slot : touched_list_)
        if (slot < n) test(slot);
}

}  // namespace steer

#endif  // STEER_CROWD_CROWD_INDEX_INL
