#ifndef STEER_DETAIL_NAVIGATION_LATTICE_HPP
#define STEER_DETAIL_NAVIGATION_LATTICE_HPP

/// @file
/// The data behind `steer::navigation_grid`: a regular lattice of cell centers over a box,
/// each holding the clearance margin (distance to the nearest obstacle minus the clearance)
/// at its center, with the walkable cells, exact line checks through the interpolated
/// margin, and the connected components of the walkable cells.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include <glm/common.hpp>

#include "../math.hpp"
#include "../vector.hpp"
#include "../world/box.hpp"

namespace steer::detail {

/// A lattice cell's flags.
inline constexpr std::uint8_t walkable_cell = 1;  ///< the margin at its center is >= 0
inline constexpr std::uint8_t clear_corner = 2;   ///< the dual cell whose lowest corner it is has every corner walkable
inline constexpr std::uint8_t padding_cell = 4;   ///< one of the border cells outside the caller's grid

/// A step of the search graph: to a neighbor whose offset is made of -1, 0 and 1 on each
/// axis, allowed when every cell of the box the step spans is walkable (no cutting corners),
/// so that the step stays in free space.
template <vector V>
struct lattice_step {
    std::ptrdiff_t offset = 0;               ///< index offset to the neighbor
    V delta{};                               ///< world offset to the neighbor's center
    scalar_t<V> length = 0;                  ///< |delta|
    std::array<std::ptrdiff_t, 7> needed{};  ///< offsets of the other cells the step spans, the neighbor included
    int needed_count = 0;
};

/// A lattice of cell centers over `bounds`, padded by one blocked cell on every side so that
/// neighbor loops need no bounds checks. Cell (i, j[, k]) of the caller's grid is padded
/// cell (i + 1, j + 1[, k + 1]); its center is at bounds.min + (i + 1/2) * cell_size.
///
/// The free space is where the multilinear interpolation of the center margins is >= 0
/// (bilinear in 2D, trilinear in 3D). A cell is walkable when its center is free; a step
/// between two walkable neighbors along an axis, or across a dual cell whose corners are
/// all walkable, stays in free space, so the search graph needs no line checks; `clear`
/// checks any other segment exactly.
template <vector V>
class navigation_lattice {
public:
    using S = scalar_t<V>;
    static constexpr int dims = dimension_v<V>;
    using cell_type = cell_t<V>;
    /// The label of a blocked cell.
    static constexpr std::uint32_t no_label = 0;

    navigation_lattice() = default;

    /// A lattice of `cells` cells over `bounds` (validated by the caller), every margin
    /// `cap` (free), flags and components not computed yet.
    navigation_lattice(const box<V>& bounds, cell_type cells, S clearance) : bounds_(bounds), cells_(cells) {
        clearance_ = clearance;
        std::size_t total = 1;
        for (int i = 0; i < dims; ++i) {
            cell_size_[i] = (bounds.max[i] - bounds.min[i]) / static_cast<S>(cells[i]);
            inverse_cell_size_[i] = S(1) / cell_size_[i];
            padded_[i] = cells[i] + 2;
            stride_[static_cast<std::size_t>(i)] = static_cast<std::ptrdiff_t>(total);
            total *= static_cast<std::size_t>(padded_[i]);
        }
        S largest = cell_size_[0];
        for (int i = 1; i < dims; ++i) largest = std::max(largest, cell_size_[i]);
        cap_ = S(2) * largest;
        tolerance_ = cap_ * S(1e-4);
        margin_.assign(total, -cap_);
        flags_.assign(total, padding_cell);
        radius_.assign(total, 0);
        label_.assign(total, no_label);
        for_each_cell(cell_type(0), cells_ - 1, [&](std::size_t index) {
            margin_[index] = cap_;
            flags_[index] = 0;
        });
        int corner = 0;
        for (int c = 0; c < (1 << dims); ++c) {
            std::ptrdiff_t offset = 0;
            for (int i = 0; i < dims; ++i)
                if ((c >> i) & 1) offset += stride_[static_cast<std::size_t>(i)];
            corners_[static_cast<std::size_t>(corner++)] = offset;
        }
        for (int i = 0; i < dims; ++i) {
            faces_[static_cast<std::size_t>(2 * i)] = -stride_[static_cast<std::size_t>(i)];
            faces_[static_cast<std::size_t>(2 * i + 1)] = stride_[static_cast<std::size_t>(i)];
        }
        make_steps();
        step_masks_.assign(total, 0);
    }

    // ---- geometry

    [[nodiscard]] const box<V>& bounds() const noexcept { return bounds_; }
    [[nodiscard]] cell_type cells() const noexcept { return cells_; }
    [[nodiscard]] const V& cell_size() const noexcept { return cell_size_; }
    [[nodiscard]] S clearance() const noexcept { return clearance_; }
    /// Margins are stored clamped to [-cap, cap]: two of the largest cell side, enough for
    /// the interpolation near the edge of free space to be that of the unclamped values.
    [[nodiscard]] S cap() const noexcept { return cap_; }
    /// How far below zero a computed margin may be and still count as zero (rounding).
    [[nodiscard]] S tolerance() const noexcept { return tolerance_; }
    /// Cells, the padding included.
    [[nodiscard]] std::size_t size() const noexcept { return margin_.size(); }
    [[nodiscard]] std::ptrdiff_t stride(int axis) const noexcept { return stride_[static_cast<std::size_t>(axis)]; }
    /// Index offsets of the 2^D corners of a dual cell from its lowest corner.
    [[nodiscard]] const std::array<std::ptrdiff_t, std::size_t{1} << dims>& corner_offsets() const noexcept {
        return corners_;
    }
    /// Index offsets of the 2D face neighbors of a cell (-x, +x, -y, +y[, -z, +z]).
    [[nodiscard]] const std::array<std::ptrdiff_t, std::size_t{2 * dims}>& face_offsets() const noexcept { return faces_; }

    /// The index of a caller's cell (not padded).
    [[nodiscard]] std::size_t index_of(const cell_type& cell) const noexcept {
        std::size_t index = 0;
        for (int i = 0; i < dims; ++i)
            index += static_cast<std::size_t>(cell[i] + 1) * static_cast<std::size_t>(stride_[static_cast<std::size_t>(i)]);
        return index;
    }
    /// The caller's cell (not padded) of an index; the padding gives -1 or cells().
    [[nodiscard]] cell_type cell_of(std::size_t index) const noexcept {
        cell_type cell;
        for (int i = 0; i < dims; ++i) {
            cell[i] = static_cast<int>(index % static_cast<std::size_t>(padded_[i])) - 1;
            index /= static_cast<std::size_t>(padded_[i]);
        }
        return cell;
    }
    /// The world position of a cell's center.
    [[nodiscard]] V center(std::size_t index) const noexcept {
        return bounds_.min + (V(cell_of(index)) + V(S(0.5))) * cell_size_;
    }
    /// `p` in lattice units: padded cell I's center is at I on every axis.
    [[nodiscard]] V to_lattice(const V& p) const noexcept { return (p - bounds_.min) * inverse_cell_size_ + V(S(0.5)); }
    /// Whether `p` is inside the bounds.
    [[nodiscard]] bool in_bounds(const V& p) const noexcept { return contains(bounds_, p); }
    /// The cells (not padded) whose centers are within [lo, hi], clamped to the grid; empty
    /// (some first > last) when none is.
    void cells_between(const V& lo, const V& hi, cell_type& first, cell_type& last) const noexcept {
        for (int i = 0; i < dims; ++i) {
            const S a = (lo[i] - bounds_.min[i]) * inverse_cell_size_[i] - S(0.5);
            const S b = (hi[i] - bounds_.min[i]) * inverse_cell_size_[i] - S(0.5);
            const S top = static_cast<S>(cells_[i] - 1);
            first[i] = !(a > S(0)) ? 0 : a > top ? cells_[i] : static_cast<int>(std::ceil(a));
            last[i] = !(b >= S(0)) ? -1 : b > top ? cells_[i] - 1 : static_cast<int>(std::floor(b));
        }
    }
    /// Calls `f(index)`, or `f(index, cell)`, for every cell (not padded) from `first` to
    /// `last`, inclusive, x fastest.
    template <class F>
    void for_each_cell(const cell_type& first, const cell_type& last, F&& f) const {
        for (int i = 0; i < dims; ++i)
            if (first[i] > last[i]) return;
        const auto call = [&](std::size_t index, const cell_type& cell) {
            if constexpr (std::is_invocable_v<F&, std::size_t, const cell_type&>) f(index, cell);
            else f(index);
        };
        if constexpr (dims == 2) {
            for (int y = first.y; y <= last.y; ++y) {
                std::size_t index = index_of(cell_type(first.x, y));
                for (int x = first.x; x <= last.x; ++x, ++index) call(index, cell_type(x, y));
            }
        } else {
            for (int z = first.z; z <= last.z; ++z)
                for (int y = first.y; y <= last.y; ++y) {
                    std::size_t index = index_of(cell_type(first.x, y, z));
                    for (int x = first.x; x <= last.x; ++x, ++index) call(index, cell_type(x, y, z));
                }
        }
    }

    /// The 8 (2D) or 26 (3D) steps of the search graph.
    [[nodiscard]] const std::vector<lattice_step<V>>& steps() const noexcept { return steps_; }
    /// The steps that may be taken from a cell: bit j for `steps()[j]`.
    [[nodiscard]] std::uint32_t step_mask(std::size_t index) const noexcept { return step_masks_[index]; }

    // ---- the clearance field

    [[nodiscard]] S margin(std::size_t index) const noexcept { return margin_[index]; }
    [[nodiscard]] bool walkable(std::size_t index) const noexcept { return (flags_[index] & walkable_cell) != 0; }
    /// How many cells are walkable.
    [[nodiscard]] std::size_t walkable_count() const noexcept { return walkable_count_; }
    /// Whether a cell is part of the border outside the caller's grid.
    [[nodiscard]] bool padding(std::size_t index) const noexcept { return (flags_[index] & padding_cell) != 0; }
    [[nodiscard]] std::uint8_t flags(std::size_t index) const noexcept { return flags_[index]; }
    /// Sets a cell's margin to the free value `cap`, before obstacles lower it.
    void reset_margin(std::size_t index) noexcept { margin_[index] = cap_; }
    /// Lowers a cell's margin to `value` (clamped to [-cap, cap]) when that is lower.
    void lower_margin(std::size_t index, S value) noexcept {
        const S clamped = value < -cap_ ? -cap_ : value > cap_ ? cap_ : value;
        if (clamped < margin_[index]) margin_[index] = clamped;
    }

    /// The interpolated margin at `p` (clamped into the lattice).
    [[nodiscard]] S margin_at(const V& p) const noexcept {
        V u = to_lattice(p);
        cell_type k;
        for (int i = 0; i < dims; ++i) {
            const S top = static_cast<S>(padded_[i] - 1);
            if (!(u[i] > S(0))) u[i] = S(0);
            if (u[i] > top) u[i] = top;
            k[i] = std::min(static_cast<int>(u[i]), padded_[i] - 2);
        }
        std::size_t base = 0;
        for (int i = 0; i < dims; ++i) base += static_cast<std::size_t>(k[i]) * static_cast<std::size_t>(stride_[static_cast<std::size_t>(i)]);
        const V w = u - V(k);
        S value = 0;
        for (std::size_t c = 0; c < corners_.size(); ++c) {
            S weight = 1;
            for (int i = 0; i < dims; ++i) weight *= ((c >> i) & 1) ? w[i] : S(1) - w[i];
            value += weight * margin_[base + static_cast<std::size_t>(corners_[c])];
        }
        return value;
    }

    /// Whether `p` is in free space: in the bounds, interpolated margin >= 0.
    [[nodiscard]] bool free(const V& p) const noexcept { return in_bounds(p) && margin_at(p) >= -tolerance_; }

    /// Whether the segment from `a` to `b` (both in the bounds) stays in free space. Walks
    /// the dual cells the segment crosses: where the clear dual cells around the current one
    /// reach `r` cells, it jumps to where the segment leaves that box (sphere tracing on the
    /// chessboard distance), and a dual cell that is not clear is checked exactly (along a
    /// line the interpolation is a polynomial of degree D in the line's parameter).
    [[nodiscard]] bool clear(const V& a, const V& b) const noexcept { return walk<true>(a, b); }

    /// Whether the segment from `a` to `b` (both in the bounds) crosses only clear dual
    /// cells (every corner walkable): `clear` without the exact check, a little stricter
    /// near obstacles and several times cheaper there. The search uses it; the route's final
    /// shape is checked with `clear`.
    [[nodiscard]] bool clear_of_edges(const V& a, const V& b) const noexcept { return walk<false>(a, b); }

    /// Recomputes the flags of the cells from `first` to `last` (not padded, inclusive) and of
    /// the dual cells they are corners of, after their margins changed. Appends to `freed` and
    /// `blocked` the indices of the cells that became walkable and that stopped being.
    void update_flags(cell_type first, cell_type last, std::vector<std::size_t>& freed,
                      std::vector<std::size_t>& blocked) {
        for_each_cell(first, last, [&](std::size_t index) {
            const bool was = walkable(index);
            const bool is = margin_[index] >= S(0);
            flags_[index] = static_cast<std::uint8_t>((flags_[index] & ~walkable_cell) | (is ? walkable_cell : 0));
            if (is && !was) freed.push_back(index), ++walkable_count_;
            if (was && !is) blocked.push_back(index), --walkable_count_;
        });
        // A dual cell is named by its lowest corner, which may lie one cell lower (the padding too).
        const cell_type low = first - 1;
        for_each_padded(low, glm::min(last, cells_ - 1), [&](std::size_t index) {
            bool all = true;
            for (const std::ptrdiff_t c : corners_) all = all && walkable(index + static_cast<std::size_t>(c));
            flags_[index] = static_cast<std::uint8_t>((flags_[index] & ~clear_corner) | (all ? clear_corner : 0));
        });
        update_radius(low - radius_cap, last + radius_cap);
        // A step from a cell needs its neighbors too.
        for_each_padded(low, last + 1, [&](std::size_t index) {
            std::uint32_t mask = 0;
            if (walkable(index)) {
                for (std::size_t j = 0; j < steps_.size(); ++j) {
                    bool all = true;
                    for (int n = 0; n < steps_[j].needed_count; ++n)
                        all = all && walkable(index + static_cast<std::size_t>(steps_[j].needed[static_cast<std::size_t>(n)]));
                    if (all) mask |= std::uint32_t{1} << j;
                }
            }
            step_masks_[index] = static_cast<step_mask_type>(mask);
        });
    }

    /// How far the clear dual cells around a dual cell reach: 0 when the dual cell (named by
    /// its lowest corner) is not clear, else the Chebyshev distance, in cells, to the nearest
    /// one that is not, at most `radius_cap`. Every dual cell nearer than that is clear, so a
    /// line check crosses that whole box in one step.
    [[nodiscard]] std::uint8_t clear_radius(std::size_t index) const noexcept { return radius_[index]; }
    static constexpr int radius_cap = 32;

    // ---- connected components of the walkable cells (through faces: a diagonal step needs
    // every cell it passes, so the search connects exactly the cells faces connect)

    /// The component of a walkable cell (equal for two cells exactly when one can be reached
    /// from the other); `no_label` for a blocked cell.
    [[nodiscard]] std::uint32_t component(std::size_t index) const noexcept {
        std::uint32_t l = label_[index];
        while (parent_[l] != l) l = parent_[l];
        return l;
    }

    /// Labels every component from scratch.
    void label_components() {
        std::fill(label_.begin(), label_.end(), no_label);
        parent_.assign(1, no_label);
        std::vector<std::size_t> queue;
        for_each_cell(cell_type(0), cells_ - 1, [&](std::size_t index) {
            if (!walkable(index) || label_[index] != no_label) return;
            const std::uint32_t l = new_label();
            label_[index] = l;
            queue.assign(1, index);
            for (std::size_t head = 0; head < queue.size(); ++head)
                for (const std::ptrdiff_t f : faces_) {
                    const std::size_t m = queue[head] + static_cast<std::size_t>(f);
                    if (walkable(m) && label_[m] == no_label) {
                        label_[m] = l;
                        queue.push_back(m);
                    }
                }
        });
    }

    /// Brings the components up to date after the cells in `freed` became walkable and those
    /// in `blocked` stopped being, at a cost that grows with the changed cells and the pieces
    /// a change cuts off, not with the lattice: freed cells join the components they touch;
    /// around blocked cells, the walkable cells that bordered them flood outward together,
    /// one step each in turn, until they have all met (the usual case, after a few steps
    /// round the change) or all but one have run out of cells (each of those is a piece cut
    /// off, and gets a label of its own).
    void update_components(const std::vector<std::size_t>& freed, const std::vector<std::size_t>& blocked) {
        for (const std::size_t c : blocked) label_[c] = no_label;
        join_freed(freed);
        separate_around(blocked);
        for (std::uint32_t l = 1; l < parent_.size(); ++l) parent_[l] = root(l);
    }

    /// Bytes held.
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return margin_.size() * (sizeof(S) + sizeof(std::uint8_t) * 2 + sizeof(step_mask_type) + sizeof(std::uint32_t)) +
               parent_.size() * sizeof(std::uint32_t) + steps_.size() * sizeof(lattice_step<V>);
    }

    /// The number of component labels in use or retired (their union-find table is part of
    /// `memory_bytes`).
    [[nodiscard]] std::size_t label_count() const noexcept { return parent_.size(); }

private:
    /// The walk behind `clear` and `clear_of_edges`: Amanatides and Woo's traversal of the
    /// dual cells the segment crosses, one cell a step, except that where the clear dual
    /// cells around the current one reach 5 cells or more it jumps to where the segment
    /// leaves their box and starts the traversal again from there.
    template <bool Exact>
    [[nodiscard]] bool walk(const V& a, const V& b) const noexcept {
        const V ua = to_lattice(a);
        const V d = to_lattice(b) - ua;
        S span = 0;  // the longest axis of the segment, in cells
        for (int i = 0; i < dims; ++i) span = std::max(span, std::abs(d[i]));
        // Each step reaches the next dual cell at least; a few more for rounding.
        const long long most_steps = static_cast<long long>(span) * dims + 2 * dims + 4;
        const S nudge = S(1e-5) / std::max(span, S(1));  // in the line parameter: far below a cell
        V inverse;  // 1 / d, or 0 on an axis the segment does not move along
        for (int i = 0; i < dims; ++i) inverse[i] = d[i] != S(0) ? S(1) / d[i] : S(0);
        cell_type k;
        V t_max;
        std::size_t index = 0;
        // Starts the traversal in the dual cell holding the point at parameter t.
        const auto enter = [&](S t) {
            const V u = ua + d * std::min(t + nudge, S(1));
            index = 0;
            for (int i = 0; i < dims; ++i) {
                k[i] = dual_cell(u[i], i);
                index += static_cast<std::size_t>(k[i]) * static_cast<std::size_t>(stride_[static_cast<std::size_t>(i)]);
                t_max[i] = d[i] > S(0)   ? (static_cast<S>(k[i] + 1) - ua[i]) * inverse[i]
                           : d[i] < S(0) ? (static_cast<S>(k[i]) - ua[i]) * inverse[i]
                                         : std::numeric_limits<S>::infinity();
            }
        };
        S t = 0;
        enter(t);
        for (long long n = 0; n < most_steps; ++n) {
            const int r = radius_[index];
            if (r >= 5) {  // leave the box [k - r + 1, k + r] of clear dual cells in one jump
                S exit = std::numeric_limits<S>::infinity();
                for (int i = 0; i < dims; ++i) {
                    if (d[i] > S(0)) exit = std::min(exit, (static_cast<S>(k[i] + r) - ua[i]) * inverse[i]);
                    else if (d[i] < S(0)) exit = std::min(exit, (static_cast<S>(k[i] - r + 1) - ua[i]) * inverse[i]);
                }
                if (!(exit < S(1))) return true;
                t = std::max(exit, t + nudge);
                enter(t);
                continue;
            }
            int axis = 0;
            for (int i = 1; i < dims; ++i)
                if (t_max[i] < t_max[axis]) axis = i;
            if (r == 0) {
                if constexpr (!Exact) return false;
                else if (!piece_clear(index, V(k), ua, d, t, std::min(t_max[axis], S(1)))) return false;
            }
            if (!(t_max[axis] < S(1))) return true;
            t = t_max[axis];
            const std::size_t stride = static_cast<std::size_t>(stride_[static_cast<std::size_t>(axis)]);
            if (d[axis] > S(0)) {
                if (k[axis] >= padded_[axis] - 2) return true;  // (rounding at the far edge of the lattice)
                ++k[axis];
                index += stride;
                t_max[axis] += inverse[axis];
            } else {
                if (k[axis] <= 0) return true;
                --k[axis];
                index -= stride;
                t_max[axis] -= inverse[axis];
            }
        }
        return false;  // (rounding kept the walk from ending: no answer is safer than a wrong one)
    }

    [[nodiscard]] int dual_cell(S u, int axis) const noexcept {
        const int top = padded_[axis] - 2;
        if (!(u > S(0))) return 0;
        const int k = static_cast<int>(u);
        return k > top ? top : k;
    }

    /// Whether the piece of the segment ua + t * d, t in [t0, t1], in the dual cell whose
    /// lowest corner is `index` (at lattice position `k`) keeps the interpolated margin >= 0.
    /// The interpolation along the piece is expanded about the piece's start, t0, where the
    /// local coordinates are within the cell: expanded about the segment's start, as many
    /// cells away as the segment is long, its terms grow with the square of that distance and
    /// cancel, and rounding moved the value by more than the tolerance (refusing a segment
    /// 32 m long at 0.25 m cells whose least margin is -0.6 of the tolerance).
    [[nodiscard]] bool piece_clear(std::size_t index, const V& k, const V& ua, const V& d, S t0, S t1) const noexcept {
        std::array<S, std::size_t{1} << dims> c;
        bool any_blocked = false;
        for (std::size_t i = 0; i < c.size(); ++i) {
            c[i] = margin_[index + static_cast<std::size_t>(corners_[i])];
            any_blocked = any_blocked || c[i] < S(0);
        }
        if (!any_blocked) return true;
        const V w0 = ua + d * t0 - k;  // local coordinates of the piece's start
        // The interpolation along the line as p0 + p1 s + p2 s^2 [+ p3 s^3], s = t - t0.
        S p[4] = {0, 0, 0, 0};
        if constexpr (dims == 2) {
            const S a = c[1] - c[0];
            const S b = c[2] - c[0];
            const S e = c[0] - c[1] - c[2] + c[3];
            p[0] = c[0] + a * w0.x + b * w0.y + e * w0.x * w0.y;
            p[1] = a * d.x + b * d.y + e * (w0.x * d.y + w0.y * d.x);
            p[2] = e * d.x * d.y;
        } else {
            // c[i] is the corner with x = bit 0, y = bit 1, z = bit 2 of i.
            const S a = c[1] - c[0], b = c[2] - c[0], cz = c[4] - c[0];
            const S exy = c[3] - c[1] - c[2] + c[0];
            const S exz = c[5] - c[1] - c[4] + c[0];
            const S eyz = c[6] - c[2] - c[4] + c[0];
            const S exyz = c[7] - c[3] - c[5] - c[6] + c[1] + c[2] + c[4] - c[0];
            const S x = w0.x, y = w0.y, z = w0.z, dx = d.x, dy = d.y, dz = d.z;
            p[0] = c[0] + a * x + b * y + cz * z + exy * x * y + exz * x * z + eyz * y * z + exyz * x * y * z;
            p[1] = a * dx + b * dy + cz * dz + exy * (x * dy + y * dx) + exz * (x * dz + z * dx) +
                   eyz * (y * dz + z * dy) + exyz * (dx * y * z + x * dy * z + x * y * dz);
            p[2] = exy * dx * dy + exz * dx * dz + eyz * dy * dz + exyz * (dx * dy * z + dx * y * dz + x * dy * dz);
            p[3] = exyz * dx * dy * dz;
        }
        const auto value = [&](S s) { return p[0] + s * (p[1] + s * (p[2] + s * p[3])); };
        const S limit = -tolerance_;
        const S end = t1 - t0;
        if (value(S(0)) < limit || value(end) < limit) return false;
        // Interior minima: where the derivative p1 + 2 p2 s + 3 p3 s^2 vanishes.
        const S qa = S(3) * p[3], qb = S(2) * p[2], qc = p[1];
        const auto check = [&](S s) { return !(s > S(0) && s < end) || !(value(s) < limit); };
        if (qa == S(0)) {
            if (qb != S(0)) return check(-qc / qb);
            return true;
        }
        const S discriminant = qb * qb - S(4) * qa * qc;
        if (discriminant < S(0)) return true;
        const S root = std::sqrt(discriminant);
        return check((-qb - root) / (S(2) * qa)) && check((-qb + root) / (S(2) * qa));
    }

    /// Calls `f(index)` for every padded cell from `first` to `last` (padded coordinates minus
    /// one, as the caller's cells), clamped to the lattice.
    template <class F>
    void for_each_padded(cell_type first, cell_type last, F&& f) const {
        for (int i = 0; i < dims; ++i) {
            first[i] = std::max(first[i], -1);
            last[i] = std::min(last[i], cells_[i]);
        }
        for_each_cell(first, last, f);
    }

    void make_steps() {
        for (int code = 0; code < (dims == 2 ? 9 : 27); ++code) {
            cell_type d;
            int rest = code;
            for (int i = 0; i < dims; ++i) {
                d[i] = rest % 3 - 1;
                rest /= 3;
            }
            if (d == cell_type(0)) continue;
            lattice_step<V> s;
            for (int i = 0; i < dims; ++i) {
                s.offset += d[i] * stride_[static_cast<std::size_t>(i)];
                s.delta[i] = static_cast<S>(d[i]) * cell_size_[i];
            }
            s.length = std::sqrt(length_squared(s.delta));
            // The cells the step spans: every non-empty subset of its non-zero components.
            for (int subset = 1; subset < (1 << dims); ++subset) {
                std::ptrdiff_t offset = 0;
                bool inside = true;
                for (int i = 0; i < dims; ++i)
                    if ((subset >> i) & 1) {
                        inside = inside && d[i] != 0;
                        offset += d[i] * stride_[static_cast<std::size_t>(i)];
                    }
                if (inside) s.needed[static_cast<std::size_t>(s.needed_count++)] = offset;
            }
            steps_.push_back(s);
        }
    }

    /// Recomputes `clear_radius` for the dual cells from `first` to `last` (clamped), reading
    /// the stored radii around them: a chessboard distance transform in two raster passes
    /// (Rosenfeld and Pfaltz 1966), exact also on a part of the lattice, since a change
    /// reaches at most `radius_cap` cells.
    void update_radius(cell_type first, cell_type last) {
        for (int i = 0; i < dims; ++i) {
            first[i] = std::max(first[i], 0);  // the dual cells at the padding are never clear
            last[i] = std::min(last[i], cells_[i] - 1);
        }
        for (int i = 0; i < dims; ++i)
            if (first[i] > last[i]) return;
        // The 3^D - 1 neighbors, split into those a forward raster pass has already visited
        // (negative index offset) and the others.
        std::array<std::ptrdiff_t, (std::size_t{1} << (2 * dims)) / 2> before{}, after{};
        std::size_t count = 0;
        for (int code = 0; code < (dims == 2 ? 9 : 27); ++code) {
            std::ptrdiff_t offset = 0;
            int rest = code;
            for (int i = 0; i < dims; ++i) {
                offset += (rest % 3 - 1) * stride_[static_cast<std::size_t>(i)];
                rest /= 3;
            }
            if (offset < 0) before[count++] = offset;
        }
        for (std::size_t i = 0; i < count; ++i) after[i] = -before[i];
        const auto pass = [&](const std::array<std::ptrdiff_t, (std::size_t{1} << (2 * dims)) / 2>& seen, std::size_t index) {
            if (!(flags_[index] & clear_corner)) {
                radius_[index] = 0;
                return;
            }
            int r = radius_cap;
            for (std::size_t i = 0; i < count; ++i)
                r = std::min(r, radius_[index + static_cast<std::size_t>(seen[i])] + 1);
            radius_[index] = static_cast<std::uint8_t>(r);
        };
        for_each_cell(first - 1, last - 1, [&](std::size_t index) { radius_[index] = radius_cap; });
        for_each_cell(first - 1, last - 1, [&](std::size_t index) { pass(before, index); });
        std::vector<std::size_t> order;
        for_each_cell(first - 1, last - 1, [&](std::size_t index) { order.push_back(index); });
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const std::size_t index = *it;
            if (!(flags_[index] & clear_corner)) continue;
            int r = radius_[index];
            for (std::size_t i = 0; i < count; ++i)
                r = std::min(r, radius_[index + static_cast<std::size_t>(after[i])] + 1);
            radius_[index] = static_cast<std::uint8_t>(r);
        }
    }

    [[nodiscard]] std::uint32_t new_label() {
        const auto l = static_cast<std::uint32_t>(parent_.size());
        parent_.push_back(l);
        return l;
    }
    [[nodiscard]] std::uint32_t root(std::uint32_t l) const noexcept {
        while (parent_[l] != l) l = parent_[l];
        return l;
    }
    void unite(std::uint32_t a, std::uint32_t b) noexcept {
        a = root(a);
        b = root(b);
        if (a != b) parent_[std::max(a, b)] = std::min(a, b);
    }

    /// Labels the freed cells: each group of them joins the components it touches, or starts one.
    void join_freed(const std::vector<std::size_t>& freed) {
        std::vector<std::size_t> group;
        for (const std::size_t start : freed) {
            if (label_[start] != no_label || !walkable(start)) continue;
            std::uint32_t l = no_label;
            group.assign(1, start);
            label_[start] = std::numeric_limits<std::uint32_t>::max();  // in this group
            for (std::size_t head = 0; head < group.size(); ++head)
                for (const std::ptrdiff_t f : faces_) {
                    const std::size_t m = group[head] + static_cast<std::size_t>(f);
                    if (!walkable(m)) continue;
                    if (label_[m] == no_label) {
                        label_[m] = std::numeric_limits<std::uint32_t>::max();
                        group.push_back(m);
                    } else if (label_[m] != std::numeric_limits<std::uint32_t>::max()) {
                        if (l == no_label) l = root(label_[m]);
                        else unite(l, label_[m]);
                    }
                }
            if (l == no_label) l = new_label();
            l = root(l);
            for (const std::size_t c : group) label_[c] = l;
        }
    }

    /// Finds the pieces that blocking cells may have cut off and labels each apart.
    void separate_around(const std::vector<std::size_t>& blocked) {
        // The walkable cells that bordered the blocked ones, grouped by component (cells of
        // different components cannot be connected, whatever the flood finds).
        std::vector<std::size_t> border;
        for (const std::size_t c : blocked)
            for (const std::ptrdiff_t f : faces_) {
                const std::size_t m = c + static_cast<std::size_t>(f);
                if (walkable(m)) border.push_back(m);
            }
        std::sort(border.begin(), border.end(), [&](std::size_t a, std::size_t b) {
            const std::uint32_t la = root(label_[a]), lb = root(label_[b]);
            return la < lb || (la == lb && a < b);
        });
        border.erase(std::unique(border.begin(), border.end()), border.end());
        std::vector<std::size_t> seeds;
        for (std::size_t i = 0; i < border.size();) {
            const std::uint32_t l = root(label_[border[i]]);
            seeds.clear();
            for (; i < border.size() && root(label_[border[i]]) == l; ++i) seeds.push_back(border[i]);
            if (seeds.size() > 1) flood_apart(seeds, l);
        }
    }

    /// Floods out of every seed (cells of one component, labelled `l` at root) together, one
    /// cell per flood in turn, until all floods have met or at most one still has cells to
    /// visit; each group of floods that ran out is a piece cut off, and gets a new label.
    /// While it runs, a visited cell's label is `flooding | flood`.
    void flood_apart(const std::vector<std::size_t>& seeds, std::uint32_t l) {
        constexpr std::uint32_t flooding = std::uint32_t{1} << 31;
        const std::size_t n = seeds.size();
        std::vector<std::vector<std::size_t>> visited(n);  // each flood's cells, in visiting order
        std::vector<std::size_t> head(n, 0);
        std::vector<std::uint32_t> group(n);  // union-find over the floods
        const auto find = [&](std::uint32_t f) {
            while (group[f] != f) f = group[f] = group[group[f]];
            return f;
        };
        std::size_t groups = n;
        const auto meet = [&](std::uint32_t a, std::uint32_t b) {
            a = find(a);
            b = find(b);
            if (a == b) return;
            group[std::max(a, b)] = std::min(a, b);
            --groups;
        };
        const auto visit = [&](std::uint32_t f, std::size_t cell) {
            if (label_[cell] & flooding) {
                meet(f, label_[cell] & ~flooding);
            } else {
                label_[cell] = flooding | f;
                visited[f].push_back(cell);
            }
        };
        for (std::uint32_t f = 0; f < n; ++f) group[f] = f;
        for (std::uint32_t f = 0; f < n; ++f) visit(f, seeds[f]);
        std::vector<char> running(n);
        while (groups > 1) {
            std::fill(running.begin(), running.end(), 0);
            std::size_t running_groups = 0;
            for (std::uint32_t f = 0; f < n; ++f)
                if (head[f] < visited[f].size() && !running[find(f)]) {
                    running[find(f)] = 1;
                    ++running_groups;
                }
            if (running_groups <= 1) break;
            for (std::uint32_t f = 0; f < n && groups > 1; ++f) {
                if (head[f] == visited[f].size()) continue;
                const std::size_t cell = visited[f][head[f]++];
                for (const std::ptrdiff_t o : faces_) {
                    const std::size_t m = cell + static_cast<std::size_t>(o);
                    if (walkable(m)) visit(f, m);
                }
            }
        }
        // Each group whose floods all ran out is a piece of its own. A group still running is
        // the rest of the component and keeps `l` (as do all when the floods met); when every
        // group ran out, the first keeps it.
        std::vector<char> exhausted(n, 1);
        for (std::uint32_t f = 0; f < n; ++f)
            if (head[f] < visited[f].size()) exhausted[find(f)] = 0;
        std::vector<std::uint32_t> label_of(n, no_label);
        bool kept = groups == 1;
        for (std::uint32_t f = 0; f < n; ++f)
            if (!exhausted[find(f)]) kept = true;
        for (std::uint32_t f = 0; f < n; ++f) {
            const std::uint32_t g = find(f);
            if (label_of[g] == no_label) {
                if (!exhausted[g] || groups == 1) label_of[g] = l;
                else if (!kept) label_of[g] = l, kept = true;
                else label_of[g] = new_label();
            }
            for (const std::size_t c : visited[f]) label_[c] = label_of[g];
        }
    }

    box<V> bounds_{};
    cell_type cells_{};
    cell_type padded_{};
    V cell_size_{};
    V inverse_cell_size_{};
    S clearance_ = 0;
    S cap_ = 1;
    S tolerance_ = 0;
    std::size_t walkable_count_ = 0;
    std::array<std::ptrdiff_t, std::size_t{dims}> stride_{};
    std::array<std::ptrdiff_t, std::size_t{1} << dims> corners_{};
    std::array<std::ptrdiff_t, std::size_t{2 * dims}> faces_{};
    std::vector<S> margin_;             // per padded cell; the padding is -cap
    std::vector<std::uint8_t> flags_;   // per padded cell: walkable_cell, clear_corner, padding_cell
    std::vector<std::uint8_t> radius_;  // per dual cell (by lowest corner): see clear_radius
    using step_mask_type = std::conditional_t<dims == 2, std::uint8_t, std::uint32_t>;
    std::vector<lattice_step<V>> steps_;
    std::vector<step_mask_type> step_masks_;  // per padded cell: the steps allowed from it
    std::vector<std::uint32_t> label_;  // per padded cell: its component label, no_label when blocked
    std::vector<std::uint32_t> parent_{no_label};  // per label: union-find parent; flattened after each update
};

}  // namespace steer::detail

#endif  // STEER_DETAIL_NAVIGATION_LATTICE_HPP
