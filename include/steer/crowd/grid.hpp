#ifndef STEER_CROWD_GRID_HPP
#define STEER_CROWD_GRID_HPP

/// @file
/// The grid of the batched tier (`crowd` and `flock`): the agents sorted by cell, and the
/// runs of agents a neighbor search visits. Cells are `cell` wide across y (and z) and a
/// `split`-th of that along x; a row of cells has one y (and z). Three layouts, chosen at
/// each sort by where the agents are, so that memory and time follow the agents and never
/// the extent of the space they span (one agent flung to 1e18 costs what any other does,
/// two clusters a continent apart what two clusters side by side do):
/// - cells: the cells' bounding box holds at most four cells per agent (a crowd without
///   outliers): a counting sort by cell, whose counts are every row's table of x cells;
/// - rows: the rows' box holds at most two rows per agent: a bucket per row, numbered by
///   place, the agents sorted along x within it, a table per row whose x cells are few;
/// - hashed rows: otherwise, half a bucket per agent; rows sharing a bucket are told apart
///   by the distance tests.
/// In the first two, rows near each other in space are near each other in memory.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "../executor.hpp"

namespace steer::detail {

/// The grid of one step, and the agents sorted by it. Keys are computed from positions in
/// double precision (exact for float positions). A cell's key is its coordinate along each
/// axis while that fits in 2^58 cells; further out the keys count the positions' own
/// rounding steps instead (see `axis_keys`), so that the keys of any finite positions stay
/// within +-2^61 and positions the scalar type tells apart keep keys of their own, however
/// far out they are and however small the cells.
template <int D>
class crowd_grid {
public:
    /// The keys along one axis whose cells are `width` wide: a map from coordinates to
    /// integers that never rises faster than one per `width` (so positions within a cell's
    /// width of each other are at most one key apart, as on a plain grid) and never falls.
    /// Within `linear_end` of the origin, where that is 2^57 to 2^58 cells, a key is the
    /// plain cell coordinate, floor(t / width). Beyond, the coordinate's binary exponent and
    /// leading `bits` bits of its mantissa make the key: each binade of coordinates
    /// (2^e <= |t| < 2^(e+1)) takes 2^bits keys, one per step of the positions' rounding at
    /// most (float positions: 23 bits, each value its own key). Without that, the keys of
    /// positions past 2^61 cells (float coordinates past 5.8e17 at a radius of 1, past 0.5
    /// at a radius of 0) were clamped to one value: everyone there shared a cell, and every
    /// search among them paid its whole candidate budget.
    class axis_keys {
    public:
        /// Keys for cells `width` wide (> 0; infinite: one cell for everything), separating
        /// positions to `mantissa_bits` bits (52 at most).
        void plan(double width, int mantissa_bits) noexcept {
            inverse_ = 1.0 / width;
            if (!(inverse_ > 0) || !std::isfinite(inverse_)) {  // a huge or denormal width: one key
                inverse_ = 0;
                linear_end_ = std::numeric_limits<double>::infinity();
                return;
            }
            first_exponent_ = std::ilogb(width) + 58;  // 2^first_exponent: 2^57 to 2^58 cells
            if (first_exponent_ > std::numeric_limits<double>::max_exponent - 1) {  // every coordinate fits
                linear_end_ = std::numeric_limits<double>::infinity();
                return;
            }
            linear_end_ = std::ldexp(1.0, first_exponent_);
            linear_keys_ = static_cast<std::int64_t>(std::floor(linear_end_ * inverse_));
            // Bits per binade: no more than the keys the linear part gives a unit of it, so that
            // the keys rise no faster than there; and few enough that every binade's keys fit.
            const int binades = std::numeric_limits<double>::max_exponent - first_exponent_ + 1;
            bits_ = std::min({mantissa_bits, 52, std::ilogb(linear_end_ * inverse_),
                              60 - static_cast<int>(std::bit_width(static_cast<unsigned>(binades)))});
        }

        /// Whether `t` lies beyond the plain cell coordinates, where keys count rounding steps.
        [[nodiscard]] bool outer(double t) const noexcept { return !(std::abs(t) < linear_end_); }

        /// The key of coordinate `t` (any double: an infinite one gets the outermost key).
        [[nodiscard]] std::int64_t operator()(double t) const noexcept {
            if (std::abs(t) < linear_end_) [[likely]] {
                const double u = t * inverse_;  // |u| < 2^58: exact in an int64
                const auto truncated = static_cast<std::int64_t>(u);
                return static_cast<double>(truncated) > u ? truncated - 1 : truncated;
            }
            return outer_key(t);
        }

    private:
        /// The key of a coordinate at least `linear_end_` from the origin (or NaN).
        [[nodiscard]] std::int64_t outer_key(double t) const noexcept {
            if (!std::isfinite(t)) return t > 0 ? max_coordinate : -max_coordinate;
            // (std::memcpy, not std::bit_cast: emscripten's libc++ has none)
            std::uint64_t bits;
            const double magnitude = std::abs(t);
            std::memcpy(&bits, &magnitude, sizeof bits);
            const auto exponent = static_cast<std::int64_t>(bits >> 52) - 1023;  // a normal number here
            const std::uint64_t mantissa = bits & ((std::uint64_t(1) << 52) - 1);
            const std::int64_t beyond = ((exponent - first_exponent_) << bits_) +
                                        static_cast<std::int64_t>(mantissa >> (52 - bits_));
            // Below zero, mirrored and one lower, so that the keys still never fall across
            // -linear_end_ (the plain keys there reach down to -linear_keys_ - 1).
            return t > 0 ? linear_keys_ + beyond : -linear_keys_ - 1 - beyond;
        }

        double inverse_ = 1;
        double linear_end_ = std::numeric_limits<double>::infinity();
        std::int64_t linear_keys_ = 0;
        int first_exponent_ = 0;
        int bits_ = 0;
    };

    /// Cells along x per cell across: a run of 2 * split + 1 x-cells around an agent holds
    /// everything within a cell's width of it along x, with a quarter of a cell of slack.
    static constexpr std::int64_t split = 4;
    /// The rows a neighbor search visits: the agent's own and those next to it.
    static constexpr std::size_t max_rows = D == 2 ? 3 : 9;
    /// The largest key: differences of two keys, plus a few cells, never overflow.
    static constexpr std::int64_t max_coordinate = std::int64_t(1) << 61;

    /// A row of cells: its y (and z) cell coordinates.
    struct row_key {
        std::int64_t at[std::size_t{D - 1}];
        friend bool operator==(const row_key&, const row_key&) = default;
    };

    /// The bounding box of the agents' cells, gathered with `include`.
    struct cell_bounds {
        row_key lo{}, hi{};
        std::int64_t x_lo = 0, x_hi = 0;
        bool empty = true;
        /// Widens the box to hold the cell (x, r).
        void include(std::int64_t x_cell, const row_key& r) noexcept {
            for (std::size_t a = 0; a < std::size_t{D - 1}; ++a) {
                lo.at[a] = empty ? r.at[a] : std::min(lo.at[a], r.at[a]);
                hi.at[a] = empty ? r.at[a] : std::max(hi.at[a], r.at[a]);
            }
            x_lo = empty ? x_cell : std::min(x_lo, x_cell);
            x_hi = empty ? x_cell : std::max(x_hi, x_cell);
            empty = false;
        }
        /// Widens the box to hold `other`.
        void include(const cell_bounds& other) noexcept {
            if (other.empty) return;
            include(other.x_lo, other.lo);
            include(other.x_hi, other.hi);
        }
    };

    /// A `cell_bounds` that ranges of agents widen from several threads at once (each range
    /// its own bounds, then `include`): the same box whatever the ranges and their order.
    class shared_bounds {
    public:
        shared_bounds() = default;
        /// A copy of the box (a crowd's copy gets its own lock).
        shared_bounds(const shared_bounds& other) noexcept : bounds_(other.bounds_) {}
        /// Copies the box.
        shared_bounds& operator=(const shared_bounds& other) noexcept {
            bounds_ = other.bounds_;
            return *this;
        }
        ~shared_bounds() = default;
        /// An empty box.
        void reset() noexcept {
            bounds_ = {};
            busy_.clear(std::memory_order_relaxed);
        }
        /// Widens the box to hold `range`'s (safe from any thread).
        void include(const cell_bounds& range) noexcept {
            while (busy_.test_and_set(std::memory_order_acquire)) {
            }
            bounds_.include(range);
            busy_.clear(std::memory_order_release);
        }
        /// The box (once the ranges are all in).
        [[nodiscard]] cell_bounds load() const noexcept { return bounds_; }

    private:
        cell_bounds bounds_{};
        std::atomic_flag busy_;  // held while a range widens the box: once per range
    };

    /// The agents of one row (or of one hash bucket), and how to find its runs: through a
    /// table of its x cells (entry i: the first of its agents whose x cell is at least
    /// first_x + i; entry `cells`: its end), or by binary search where it has none.
    struct row_view {
        const std::uint32_t* table = nullptr;
        std::int64_t first_x = 0;
        std::int64_t cells = 0;
        std::uint32_t begin = 0, end = 0;
        std::uint32_t bucket = 0;  // which bucket: rows sharing one are the same agents
        // Without a table: the last run found and the x cell it was for. The agents of one
        // row come in x order, so the next run starts at or after it: a few steps forward.
        std::uint32_t run_lo = 0, run_hi = 0;
        std::int64_t run_x = 0;
        bool has_run = false;
    };

    /// Cells for neighbors within `radius` (>= 0, finite) of each other, among positions
    /// whose scalar has `mantissa_bits` bits of mantissa (23 for float, 52 for double).
    void plan(double radius, int mantissa_bits) {
        // A little wider than the radius, so that rounding never puts two positions within
        // the radius of each other two cells apart. A zero radius still needs some cell.
        cell_ = radius > 0 ? radius * (1.0 + 1.0 / 1024) : 1.0;
        row_keys_.plan(cell_, mantissa_bits);
        x_keys_.plan(cell_ / static_cast<double>(split), mantissa_bits);
    }

    /// The cell width across rows the grid was planned with.
    [[nodiscard]] double cell() const noexcept { return cell_; }
    /// Where a look of `radius` (at most the planned radius) from `p` can find anything:
    /// the x cells [`x_lo`, `x_hi`], and on each other axis the rows from `row_lo` to
    /// `row_hi` offsets of `p`'s own (`of`), within [-1, 1]. Every position whose squared
    /// distance to `p`, rounded as the distance tests round it, is at most `radius`
    /// squared is inside: the bounds are taken a 1024th wider than `radius`, far more than
    /// that rounding, and each bound is rounded as the keys are (toward the position).
    /// `radius` must be at least twice the square root of the positions' smallest normal
    /// number: below that, squared distances underflow to within any radius.
    template <class P>
    void near_box(const P& p, double radius, const row_key& of, std::int64_t& x_lo, std::int64_t& x_hi,
                  std::int64_t (&row_lo)[std::size_t{D - 1}], std::int64_t (&row_hi)[std::size_t{D - 1}]) const noexcept {
        const double wider = radius * (1.0 + 1.0 / 1024);
        const auto along = static_cast<double>(p[0]);
        // The keys never fall: the bounds' keys bound those of everything between them.
        x_lo = x_keys_(along - wider);
        x_hi = x_keys_(along + wider);
        for (int d = 1; d < D; ++d) {
            const auto t = static_cast<double>(p[d]);
            const auto a = static_cast<std::size_t>(d - 1);
            // |keys| <= 2^61: the differences do not overflow
            row_lo[a] = std::max<std::int64_t>(-1, row_keys_(t - wider) - of.at[a]);
            row_hi[a] = std::min<std::int64_t>(1, row_keys_(t + wider) - of.at[a]);
        }
    }

    /// The x cell of coordinate `coordinate`.
    template <class S>
    [[nodiscard]] std::int64_t x_of(S coordinate) const noexcept {
        return x_keys_(static_cast<double>(coordinate));
    }
    /// The row of the position whose y (and z) are `p[1]` (and `p[2]`).
    template <class P>
    [[nodiscard]] row_key row_of(const P& p) const noexcept {
        row_key r{};  // (every element is set below; g++ -O1 cannot see it for D = 2)
        for (int d = 1; d < D; ++d) r.at[d - 1] = row_keys_(static_cast<double>(p[d]));
        return r;
    }

    /// Chooses the layout for `agents` agents whose cells span `bounds` (see the file's
    /// comment).
    void choose_layout(const cell_bounds& bounds, std::size_t agents) {
        double rows = 1;
        for (std::size_t a = 0; a < std::size_t{D - 1}; ++a) {
            extent_[a] = bounds.empty ? 1 : bounds.hi.at[a] - bounds.lo.at[a] + 1;  // <= 2^62 + 1
            rows *= static_cast<double>(extent_[a]);
        }
        origin_ = bounds.lo;
        x_origin_ = bounds.x_lo;
        x_cells_ = bounds.empty ? 1 : bounds.x_hi - bounds.x_lo + 1;
        const auto n = static_cast<double>(agents);
        if (rows * static_cast<double>(x_cells_) <= 4 * n + 64) {
            layout_ = layout::cells;
            buckets_ = static_cast<std::size_t>(rows) * static_cast<std::size_t>(x_cells_);
        } else if (rows <= 2 * n + 64) {
            layout_ = layout::rows;
            buckets_ = static_cast<std::size_t>(rows);
        } else {
            layout_ = layout::hashed;
            const std::size_t wanted = std::max<std::size_t>(64, agents / 2);
            bucket_bits_ = static_cast<unsigned>(std::bit_width(wanted - 1));
            buckets_ = std::size_t(1) << bucket_bits_;
        }
    }

    /// The bucket an agent in cell (x, r) is sorted into.
    [[nodiscard]] std::uint32_t bucket_of(std::int64_t x_cell, const row_key& r) const noexcept {
        if (layout_ == layout::cells)
            return static_cast<std::uint32_t>(row_index(r) * static_cast<std::uint64_t>(x_cells_) +
                                              static_cast<std::uint64_t>(x_cell - x_origin_));
        if (layout_ == layout::rows) return static_cast<std::uint32_t>(row_index(r));
        return hash(r);
    }

    /// Sorts the `n` agents whose keys are in `unsorted_x` and `unsorted_bucket` (storage
    /// order) into `order` (order[k]: the storage slot of the k-th agent in grid order): by
    /// bucket, then along x within a bucket, keeping the previous order among equal keys.
    /// As soon as the order of grid positions [first, last) is final, and in the same loop
    /// (no pass of its own), `place(first, last)` is called to fill them: `x` and `row`
    /// (sized `n` by the caller) and whatever the caller keeps in grid order; the ranges
    /// cover [0, n) once, possibly on several threads at once. The result does not depend on
    /// the executor or on the number of threads. `index_rows` follows.
    template <class Exec, class Place>
    void sort(std::size_t n, const std::int64_t* unsorted_x, const std::uint32_t* unsorted_bucket,
              std::vector<std::uint32_t>& order, Exec& exec, const Place& place) {
        if (layout_ == layout::cells) {  // a cell's agents share their x cell: sorted by bucket alone
            counting_sort(n, unsorted_bucket, order, exec, place);
            return;
        }
        counting_sort(n, unsorted_bucket, order, exec, [](std::size_t, std::size_t) {});
        scratch_.resize(n);
        // Per range of buckets: sort each along x, fill its positions, and (rows layout) size
        // the tables of its rows, which need their x cells.
        const std::size_t tasks = std::min<std::size_t>(buckets_, 64);
        if (layout_ == layout::rows) {
            table_at_.resize(buckets_);
            table_size_.assign(tasks + 1, 0);
        }
        exec(tasks, [&](std::size_t first, std::size_t last) {
            for (std::size_t t = first; t < last; ++t) {
                const std::size_t first_bucket = buckets_ * t / tasks, end_bucket = buckets_ * (t + 1) / tasks;
                for (std::size_t b = first_bucket; b < end_bucket; ++b)
                    sort_along_x(order.data(), bucket_start_[b], bucket_start_[b + 1], unsorted_x);
                place(std::size_t{bucket_start_[first_bucket]}, std::size_t{bucket_start_[end_bucket]});
                if (layout_ == layout::rows) table_size_[t + 1] = size_tables(first_bucket, end_bucket);
            }
        });
    }

    /// Each agent's x cell, in grid order (filled by the caller after the sort).
    std::vector<std::int64_t> x;
    /// Each agent's row, in grid order (filled by the caller after the sort).
    std::vector<row_key> row;

    /// After the sort: the tables of the rows whose x cells span little more than their
    /// agents (in the rows layout, where the sort sized them; the cells layout's tables are
    /// its counts, and hashed buckets are searched).
    template <class Exec>
    void index_rows(Exec& exec) {
        if (layout_ != layout::rows) return;
        const std::size_t tasks = std::min<std::size_t>(buckets_, 64);
        for (std::size_t t = 0; t < tasks; ++t) table_size_[t + 1] += table_size_[t];
        tables_.resize(table_size_[tasks]);
        exec(tasks, [&](std::size_t first, std::size_t last) {
            for (std::size_t t = first; t < last; ++t)
                for (std::size_t b = buckets_ * t / tasks; b < buckets_ * (t + 1) / tasks; ++b) {
                    if (table_at_[b] == no_table) continue;
                    table_at_[b] += static_cast<std::uint32_t>(table_size_[t]);
                    std::uint32_t* table = tables_.data() + table_at_[b];
                    const std::uint32_t begin = bucket_start_[b], end = bucket_start_[b + 1];
                    const std::int64_t base = x[begin];
                    const auto entries = static_cast<std::size_t>(x[end - 1] - base) + 2;
                    std::uint32_t k = begin;
                    for (std::size_t i = 0; i < entries; ++i) {
                        while (k < end && x[k] < base + static_cast<std::int64_t>(i)) ++k;
                        table[i] = k;
                    }
                }
        });
    }

    /// The agents of row `r`, into `view`; false when the row certainly has none (outside
    /// the box of a placed layout, or an empty bucket).
    [[nodiscard]] bool view_of(const row_key& r, row_view& view) const noexcept {
        view.has_run = false;
        if (layout_ == layout::hashed) {
            view.bucket = hash(r);
            view.begin = bucket_start_[view.bucket];
            view.end = bucket_start_[view.bucket + 1];
            view.table = nullptr;
            return view.begin != view.end;
        }
        if (!inside(r)) return false;
        // A placed layout's rows fit in memory, so the index fits in a size_t (32-bit too).
        const auto index = static_cast<std::size_t>(row_index(r));
        view.bucket = static_cast<std::uint32_t>(index);
        if (layout_ == layout::cells) {
            const std::uint32_t* table = bucket_start_.data() + index * static_cast<std::size_t>(x_cells_);
            view.table = table;
            view.first_x = x_origin_;
            view.cells = x_cells_;
            view.begin = table[0];
            view.end = table[x_cells_];
            return view.begin != view.end;
        }
        view.begin = bucket_start_[index];
        view.end = bucket_start_[index + 1];
        if (view.begin == view.end) return false;
        view.first_x = x[view.begin];
        view.cells = x[view.end - 1] - view.first_x + 1;
        view.table = table_at_[index] != no_table ? tables_.data() + table_at_[index] : nullptr;
        return true;
    }

    /// [lo, hi): the agents of `view` whose x cell is within `reach` of `x_cell`. A view
    /// without a table keeps its last run, from which the next one for a larger x cell is
    /// found by stepping forward (binary search otherwise).
    void run(row_view& view, std::int64_t x_cell, std::int64_t reach, std::uint32_t& lo,
             std::uint32_t& hi) const noexcept {
        if (view.table != nullptr) [[likely]] {
            const std::int64_t at = x_cell - view.first_x;  // |coordinates| <= 2^61: no overflow
            lo = view.table[std::clamp<std::int64_t>(at - reach, 0, view.cells)];
            hi = view.table[std::clamp<std::int64_t>(at + reach + 1, 0, view.cells)];
            return;
        }
        if (view.has_run && x_cell >= view.run_x) {
            lo = view.run_lo;
            hi = view.run_hi;
            while (lo < view.end && x[lo] < x_cell - reach) ++lo;
            hi = std::max(hi, lo);
            while (hi < view.end && x[hi] <= x_cell + reach) ++hi;
        } else {
            lo = first_at_least(view.begin, view.end, x_cell - reach);
            hi = first_at_least(lo, view.end, x_cell + reach + 1);
        }
        view.run_lo = lo;
        view.run_hi = hi;
        view.run_x = x_cell;
        view.has_run = true;
    }

    /// The rows around one agent's row that a neighbor search visits (the agent's own
    /// first, each bucket once), kept from one agent to the next of the same row.
    struct neighbor_rows {
        row_view rows[max_rows];
        /// Each row's offset from the agent's on each axis (-1, 0 or 1); a hashed bucket
        /// may hold other rows than the one it was found for.
        std::int8_t offset[max_rows][std::size_t{D - 1}] = {};
        /// Hashed layout: the rows around the agent's that each bucket holds, a bit per
        /// offset (bit (dy + 1) + 3 (dz + 1)).
        std::uint16_t holds[max_rows] = {};
        std::size_t count = 0;
        row_key of{};
        bool ready = false;

        /// Becomes the rows around the row of the agent at grid position `k` (a no-op while
        /// the agents stay in one row).
        void enter(const crowd_grid& g, std::size_t k) noexcept {
            if (ready && g.row[k] == of) return;
            of = g.row[k];
            ready = true;
            count = 0;
            const auto add = [&](const row_key& r) {
                row_view& view = rows[count];
                if (!g.view_of(r, view)) return;
                unsigned bit = 0;
                for (std::size_t a = std::size_t{D - 1}; a-- > 0;)
                    bit = bit * 3 + static_cast<unsigned>(r.at[a] - of.at[a] + 1);
                if (g.layout_ == layout::hashed)
                    for (std::size_t i = 0; i < count; ++i)
                        if (rows[i].bucket == view.bucket) {  // two rows in one bucket: its agents once
                            holds[i] = static_cast<std::uint16_t>(holds[i] | 1u << bit);
                            return;
                        }
                for (std::size_t a = 0; a < std::size_t{D - 1}; ++a)
                    offset[count][a] = static_cast<std::int8_t>(r.at[a] - of.at[a]);
                holds[count] = static_cast<std::uint16_t>(1u << bit);
                ++count;
            };
            add(of);  // the agent's own row first: it holds the agent, so it is never skipped
            if constexpr (D == 2) {
                for (std::int64_t dy = -1; dy <= 1; ++dy)  // |coordinates| <= 2^61: no overflow
                    if (dy != 0) add(row_key{{of.at[0] + dy}});
            } else {
                for (std::int64_t dz = -1; dz <= 1; ++dz)
                    for (std::int64_t dy = -1; dy <= 1; ++dy)
                        if (dy != 0 || dz != 0) add(row_key{{of.at[0] + dy, of.at[1] + dz}});
            }
        }

        /// Whether row `r` (of `count`) can hold anything within the rows `near_box` found
        /// (in the hashed layout: whether any of the rows its bucket holds is among them).
        [[nodiscard]] bool within(const crowd_grid& g, std::size_t r, const std::int64_t (&lo)[std::size_t{D - 1}],
                                  const std::int64_t (&hi)[std::size_t{D - 1}]) const noexcept {
            if (g.layout_ == layout::hashed) {
                unsigned wanted = 0;  // the bits of the rows within [lo, hi]
                if constexpr (D == 2) {
                    for (std::int64_t dy = lo[0]; dy <= hi[0]; ++dy) wanted |= 1u << (dy + 1);
                } else {
                    for (std::int64_t dz = lo[1]; dz <= hi[1]; ++dz)
                        for (std::int64_t dy = lo[0]; dy <= hi[0]; ++dy) wanted |= 1u << ((dy + 1) + 3 * (dz + 1));
                }
                return (holds[r] & wanted) != 0;
            }
            for (std::size_t a = 0; a < std::size_t{D - 1}; ++a)
                if (offset[r][a] < lo[a] || offset[r][a] > hi[a]) return false;
            return true;
        }
    };

    /// The first grid position in [begin, end) whose x cell is at least `value` (end if none).
    [[nodiscard]] std::uint32_t first_at_least(std::uint32_t begin, std::uint32_t end, std::int64_t value) const noexcept {
        while (begin < end) {
            const std::uint32_t middle = begin + (end - begin) / 2;
            if (x[middle] < value) begin = middle + 1;
            else end = middle;
        }
        return begin;
    }

    /// Whether the layout is a grid of cells, where every row's table covers the same x
    /// cells: the table entries of a run are then the same for every row (`cell_entries`).
    [[nodiscard]] bool cells_layout() const noexcept { return layout_ == layout::cells; }
    /// Whether the layout is hashed rows.
    [[nodiscard]] bool hashed_layout() const noexcept { return layout_ == layout::hashed; }
    /// In the hashed layout (`hashed_layout`), whose buckets lie anywhere in memory, each a
    /// miss of the cache to look at: whether a search from `p` had better look only at the
    /// rows its reach can need, `p` lying where the row keys count rounding steps, whose
    /// cells are finer than the radius needs (a radius of 0, or coordinates far out), so
    /// that its reach rarely leaves its own row.
    template <class P>
    [[nodiscard]] bool narrow_search(const P& p) const noexcept {
        for (int d = 1; d < D; ++d)
            if (row_keys_.outer(static_cast<double>(p[d]))) return true;
        return false;
    }
    /// In the cells layout: the table entries of the run of x cells from `x_lo` to `x_hi`
    /// (each within a few cells of an agent's).
    void cell_entries(std::int64_t x_lo, std::int64_t x_hi, std::int64_t& lo, std::int64_t& hi) const noexcept {
        // |coordinates| <= 2^61: no overflow
        lo = std::clamp<std::int64_t>(x_lo - x_origin_, 0, x_cells_);
        hi = std::clamp<std::int64_t>(x_hi + 1 - x_origin_, 0, x_cells_);
    }

private:
    enum class layout { cells, rows, hashed };

    /// Whether row `r` is inside the rows' box (placed layouts).
    [[nodiscard]] bool inside(const row_key& r) const noexcept {
        for (std::size_t a = 0; a < std::size_t{D - 1}; ++a) {
            const std::int64_t offset = r.at[a] - origin_.at[a];  // |coordinates| <= 2^61: no overflow
            if (offset < 0 || offset >= extent_[a]) return false;
        }
        return true;
    }
    /// The place of row `r` in the rows' box, y fastest (r must be inside).
    [[nodiscard]] std::uint64_t row_index(const row_key& r) const noexcept {
        std::uint64_t index = 0;
        for (std::size_t a = std::size_t{D - 1}; a-- > 0;)
            index = index * static_cast<std::uint64_t>(extent_[a]) + static_cast<std::uint64_t>(r.at[a] - origin_.at[a]);
        return index;
    }
    /// The hash bucket of a row: a fixed mix of its coordinates (the same on every platform).
    [[nodiscard]] std::uint32_t hash(const row_key& r) const noexcept {
        std::uint64_t h = static_cast<std::uint64_t>(r.at[0]) * 0x9E3779B97F4A7C15ull;
        if constexpr (D == 3) h ^= static_cast<std::uint64_t>(r.at[1]) * 0xC2B2AE3D27D4EB4Full;
        h ^= h >> 31;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
        return static_cast<std::uint32_t>(h >> (64 - bucket_bits_));
    }

    /// Which rows of buckets [first_bucket, end_bucket) get a table (their x cells filled),
    /// where each starts relative to the first, and how many entries they take in all.
    [[nodiscard]] std::size_t size_tables(std::size_t first_bucket, std::size_t end_bucket) noexcept {
        std::size_t size = 0;
        for (std::size_t b = first_bucket; b < end_bucket; ++b) {
            const std::uint32_t begin = bucket_start_[b], end = bucket_start_[b + 1];
            table_at_[b] = no_table;
            if (begin == end) continue;
            // The span of x cells, in unsigned arithmetic (it may exceed 2^63).
            const std::uint64_t span = static_cast<std::uint64_t>(x[end - 1]) - static_cast<std::uint64_t>(x[begin]);
            if (span > 4 * std::uint64_t{end - begin} + 4) continue;  // stretched: searched
            table_at_[b] = static_cast<std::uint32_t>(size);  // relative to the range, for now
            size += static_cast<std::size_t>(span) + 2;
        }
        return size;
    }

    /// Stable counting sort of the agents by bucket, in ranges of buckets (one task each:
    /// every task reads all the agents' buckets and places only its range's agents), so that
    /// the sort runs on every thread and gives the one stable order whoever runs what.
    /// Each task then calls `place` over the grid positions of its range.
    template <class Exec, class Place>
    void counting_sort(std::size_t n, const std::uint32_t* unsorted_bucket, std::vector<std::uint32_t>& order,
                       Exec& exec, const Place& place) {
        const std::size_t total = buckets_;
        const std::size_t ranges = std::clamp<std::size_t>(executor_threads(exec, 4), 1, 4);
        const auto range_begin = [&](std::size_t r) { return static_cast<std::uint32_t>(total * r / ranges); };
        bucket_start_.assign(total + 1, 0);
        order.resize(n);
        range_offset_.assign(ranges + 1, 0);
        // 1. Per range: count each bucket's agents into bucket_start_[b + 1], turn the counts
        //    into starts relative to the range, and note the range's total.
        exec(ranges, [&](std::size_t first_range, std::size_t end_range) {
            for (std::size_t r = first_range; r < end_range; ++r) {
                const std::uint32_t lo = range_begin(r), hi = range_begin(r + 1);
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint32_t b = unsorted_bucket[i];
                    if (b >= lo && b < hi) ++bucket_start_[b + 1];
                }
                std::uint32_t running = 0;
                for (std::uint32_t b = lo; b < hi; ++b) {
                    const std::uint32_t count = bucket_start_[b + 1];
                    bucket_start_[b + 1] = running;
                    running += count;
                }
                range_offset_[r + 1] = running;
            }
        });
        for (std::size_t r = 0; r < ranges; ++r) range_offset_[r + 1] += range_offset_[r];
        // 2. Per range: scatter its agents in their previous order (bucket_start_[b + 1] is
        //    the cursor of bucket b and ends at the start of bucket b + 1), then make the
        //    starts global.
        exec(ranges, [&](std::size_t first_range, std::size_t end_range) {
            for (std::size_t r = first_range; r < end_range; ++r) {
                const std::uint32_t lo = range_begin(r), hi = range_begin(r + 1);
                const std::size_t offset = range_offset_[r];
                for (std::size_t i = 0; i < n; ++i) {
                    const std::uint32_t b = unsorted_bucket[i];
                    if (b >= lo && b < hi) order[offset + bucket_start_[b + 1]++] = static_cast<std::uint32_t>(i);
                }
                for (std::uint32_t b = lo; b < hi; ++b) bucket_start_[b + 1] += static_cast<std::uint32_t>(offset);
                place(offset, std::size_t{range_offset_[r + 1]});
            }
        });
    }

    /// Sorts order[begin, end) by x, stably. The agents come in their previous order, which
    /// was sorted by x in their previous rows: nearly sorted, so an insertion sort does it in
    /// about linear time. When it would take many moves (a first step, a crowd teleported),
    /// a merge sort does it in n log n instead.
    void sort_along_x(std::uint32_t* order, std::size_t begin, std::size_t end, const std::int64_t* xs) {
        const std::size_t size = end - begin;
        if (size < 2) return;
        std::size_t budget = 8 * size + 64;
        for (std::size_t i = begin + 1; i < end; ++i) {
            const std::uint32_t moving = order[i];
            const std::int64_t key = xs[moving];
            std::size_t j = i;
            while (j > begin && xs[order[j - 1]] > key) {
                order[j] = order[j - 1];
                --j;
                if (--budget == 0) break;
            }
            order[j] = moving;
            if (budget == 0) {
                // The moves so far kept equal keys in order: the merge sort's result is the
                // stable sort of the original order.
                merge_sort(order + begin, scratch_.data() + begin, size, xs);
                return;
            }
        }
    }

    /// A stable bottom-up merge sort of `data[0, size)` by x, with `buffer` as scratch.
    static void merge_sort(std::uint32_t* data, std::uint32_t* buffer, std::size_t size, const std::int64_t* xs) {
        std::uint32_t* from = data;
        std::uint32_t* to = buffer;
        for (std::size_t width = 1; width < size; width *= 2) {
            for (std::size_t lo = 0; lo < size; lo += 2 * width) {
                const std::size_t mid = std::min(lo + width, size), hi = std::min(lo + 2 * width, size);
                std::size_t a = lo, b = mid, out = lo;
                while (a < mid && b < hi) to[out++] = xs[from[b]] < xs[from[a]] ? from[b++] : from[a++];
                while (a < mid) to[out++] = from[a++];
                while (b < hi) to[out++] = from[b++];
            }
            std::swap(from, to);
        }
        if (from != data) std::copy(from, from + size, data);
    }

    static constexpr std::uint32_t no_table = std::numeric_limits<std::uint32_t>::max();

    double cell_ = 1;
    axis_keys row_keys_;
    axis_keys x_keys_;
    layout layout_ = layout::cells;
    row_key origin_{};
    std::int64_t extent_[std::size_t{D - 1}] = {};
    std::int64_t x_origin_ = 0;
    std::int64_t x_cells_ = 1;
    unsigned bucket_bits_ = 6;
    std::size_t buckets_ = 1;
    std::vector<std::uint32_t> bucket_start_{0, 0};  // the first grid position of each bucket, then n
    std::vector<std::size_t> range_offset_;
    std::vector<std::uint32_t> scratch_;
    std::vector<std::uint32_t> table_at_;    // rows layout, per row: where its table starts, or no_table
    std::vector<std::size_t> table_size_;    // per range of rows, then their running sums
    std::vector<std::uint32_t> tables_;
};

}  // namespace steer::detail

#endif  // STEER_CROWD_GRID_HPP
