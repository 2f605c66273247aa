#ifndef STEER_WORLD_FLOW_FIELD_HPP
#define STEER_WORLD_FLOW_FIELD_HPP

/// @file
/// A flow field (Reynolds 1999, "Flow Field Following"): vectors on a regular grid over a
/// box, the arrows a level designer paints on the floor.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <glm/common.hpp>

#include "../detail/expect.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "box.hpp"

namespace steer {

/// A vector field stored on a regular grid of cells over a box (a rectangle in 2D). Each
/// cell holds one vector, which belongs to the cell's center; `sample` interpolates between
/// the centers of neighbouring cells (bilinear in 2D, trilinear in 3D), so the field is
/// continuous. Outside the box, and in the half cell between the outermost centers and
/// the box's faces, the sample is clamped: it is the value on the nearest point of the
/// grid of centers. Units of the vectors are the caller's; `flow_field_following` reads a unit
/// vector as "full speed this way".
template <vector V>
class flow_field {
    using S = scalar_t<V>;
    static constexpr int dims = dimension_v<V>;

public:
    using vector_type = V;  ///< the vector type the field stores and is sampled at
    using scalar_type = S;  ///< its scalar
    using cell_type = cell_t<V>;  ///< integer cell coordinates, (0, 0[, 0]) at `region.min`

    /// A field over `region` with `cells` cells per axis (each >= 1), every vector zero;
    /// fill it with `at`. Refused: an invalid box, fewer than one cell on an axis.
    flow_field(box<V> region, cell_type cells, source_location caller = source_location::current())
        : flow_field(region, cells, nullptr, caller) {}

    /// As the two-argument constructor: `{}` or `nullptr` for "no init".
    flow_field(box<V> region, cell_type cells, std::nullptr_t, source_location caller = source_location::current())
        : flow_field(region, cells, static_cast<V (*)(const V&)>(nullptr), caller) {}

    /// A field over `region` with `cells` cells per axis (each >= 1). Each cell's vector is
    /// `init(center of the cell)`: any callable from a point to a vector (a lambda, a function,
    /// a `std::function`; an empty `std::function` or null pointer leaves every vector zero);
    /// refine it later with `at`. Refused: an invalid box, fewer than one cell on an axis, a
    /// non-finite `init` result.
    template <class Init>
        requires std::is_invocable_r_v<V, Init&, const V&>
    flow_field(box<V> region, cell_type cells, Init&& init, source_location caller = source_location::current())
        : region_(region), cells_(cells) {
        validate(region_, caller);
        std::uint64_t count = 1;  // 64 bits whatever size_t is: the product of two axes fits
        for (int i = 0; i < dims; ++i) {
            detail::expect(cells[i] >= 1, where, axis_name("cells", i), ">= 1", cells[i], caller);
            count *= static_cast<std::uint64_t>(cells[i]);
            detail::expect_that(count <= max_cells(), "cells must multiply to at most max_cells() cells", [&] {
                return "steer::flow_field: cells must multiply to at most " + detail::format_value(max_cells()) +
                       " cells (got " + detail::format_vector(V(cells)) + ")";
            }, caller);
        }
        const auto total = static_cast<std::size_t>(count);
        const V extent = region_.max - region_.min;
        for (int i = 0; i < dims; ++i) {
            cell_size_[i] = extent[i] / static_cast<S>(cells[i]);
            inverse_cell_size_[i] = cell_size_[i] > S(0) ? S(1) / cell_size_[i] : S(0);
        }
        values_.assign(total, V(S(0)));
        bool given = true;
        if constexpr (std::is_constructible_v<bool, Init&>) given = static_cast<bool>(init);
        if (given) {
            for (std::size_t k = 0; k < total; ++k) {
                const V value = init(cell_center(cell_of_index(k)));
                detail::expect_finite(where, "init(cell center)", value, caller);
                values_[k] = value;
            }
        }
    }

    /// The most cells a field may have: as many vectors as fit in `steer::max_table_bytes`
    /// (1 GiB unless configured; 12 bytes a cell for `glm::vec3`), and at most 2^31 - 1.
    [[nodiscard]] static constexpr std::uint64_t max_cells() noexcept {
        return detail::table_capacity(sizeof(V), 2147483647);
    }

    /// The field at `p`, interpolated between cell centers and clamped outside the box.
    [[nodiscard]] V sample(const V& p) const noexcept {
        int lo[std::size_t{dims}];
        int hi[std::size_t{dims}];
        S weight[std::size_t{dims}];  // of the upper neighbour on each axis
        for (int i = 0; i < dims; ++i) {
            const int last = cells_[i] - 1;
            S x = (p[i] - region_.min[i]) * inverse_cell_size_[i] - S(0.5);  // in units of cells, from the first center
            if (!(x > S(0))) x = S(0);                                          // also NaN
            if (x > static_cast<S>(last)) x = static_cast<S>(last);
            int base = static_cast<int>(x);
            if (base > last - 1) base = last > 0 ? last - 1 : 0;
            lo[i] = base;
            hi[i] = base < last ? base + 1 : base;
            weight[i] = x - static_cast<S>(base);
        }
        V result(S(0));
        for (int corner = 0; corner < (1 << dims); ++corner) {
            S w = S(1);
            std::size_t index = 0;
            std::size_t stride = 1;
            for (int i = 0; i < dims; ++i) {
                const bool upper = (corner >> i) & 1;
                w *= upper ? weight[i] : S(1) - weight[i];
                index += static_cast<std::size_t>(upper ? hi[i] : lo[i]) * stride;
                stride *= static_cast<std::size_t>(cells_[i]);
            }
            if (w != S(0)) result += values_[index] * w;
        }
        return result;
    }

    /// The vector stored in `cell`, to paint the field cell by cell. Refused: a cell
    /// outside [0, cells) on some axis.
    [[nodiscard]] V& at(cell_type cell, source_location caller = source_location::current()) {
        return values_[checked_index(cell, caller)];
    }
    /// The vector stored in `cell` (read only).
    [[nodiscard]] const V& at(cell_type cell, source_location caller = source_location::current()) const {
        return values_[checked_index(cell, caller)];
    }

    /// The cell containing `p`; points outside the box give the nearest cell.
    [[nodiscard]] cell_type cell_of(const V& p) const noexcept {
        cell_type cell;
        for (int i = 0; i < dims; ++i) {
            S x = (p[i] - region_.min[i]) * inverse_cell_size_[i];
            if (!(x > S(0))) x = S(0);
            const S last = static_cast<S>(cells_[i] - 1);
            cell[i] = x >= last ? cells_[i] - 1 : static_cast<int>(x);
        }
        return cell;
    }

    /// The center of `cell`, where its vector is exact.
    [[nodiscard]] V cell_center(cell_type cell) const noexcept {
        return region_.min + (V(cell) + V(S(0.5))) * cell_size_;
    }

    /// The box the grid covers.
    [[nodiscard]] const box<V>& region() const noexcept { return region_; }
    /// The number of cells on each axis.
    [[nodiscard]] cell_type cells() const noexcept { return cells_; }
    /// Size of one cell on each axis.
    [[nodiscard]] V cell_size() const noexcept { return cell_size_; }
    /// All cell vectors, x fastest, then y, then z.
    [[nodiscard]] std::span<const V> values() const noexcept { return values_; }

private:
    static constexpr const char* where = "steer::flow_field";

    [[nodiscard]] static std::string axis_name(const char* name, int axis) {
        return std::string(name) + "." + "xyz"[axis];
    }

    [[nodiscard]] cell_type cell_of_index(std::size_t k) const noexcept {
        cell_type cell;
        for (int i = 0; i < dims; ++i) {
            const auto n = static_cast<std::size_t>(cells_[i]);
            cell[i] = static_cast<int>(k % n);
            k /= n;
        }
        return cell;
    }

    [[nodiscard]] std::size_t checked_index(cell_type cell, const source_location& caller) const {
        bool inside = true;
        for (int i = 0; i < dims; ++i) inside = inside && cell[i] >= 0 && cell[i] < cells_[i];
        detail::expect_that(inside, "cell must be within [0, cells)", [&] {
            return "steer::flow_field::at: cell must be within [0, cells) (got " + detail::format_vector(V(cell)) +
                   ", cells " + detail::format_vector(V(cells_)) + ")";
        }, caller);
        std::size_t index = 0;
        std::size_t stride = 1;
        for (int i = 0; i < dims; ++i) {
            index += static_cast<std::size_t>(cell[i]) * stride;
            stride *= static_cast<std::size_t>(cells_[i]);
        }
        return index;
    }

    box<V> region_;
    cell_type cells_;
    V cell_size_{};
    V inverse_cell_size_{};
    std::vector<V> values_;
};

}  // namespace steer

#endif  // STEER_WORLD_FLOW_FIELD_HPP
