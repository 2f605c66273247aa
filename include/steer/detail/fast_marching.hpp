#ifndef STEER_DETAIL_FAST_MARCHING_HPP
#define STEER_DETAIL_FAST_MARCHING_HPP

/// @file
/// Distances to a goal over a navigation lattice by fast marching (Sethian 1996; as
/// Treuille, Cooper and Popovic's "Continuum Crowds", 2006, use it to steer a crowd): a
/// Dijkstra whose update solves the eikonal equation |grad T| = 1 on the grid, so that T
/// approaches the straight-line length of the shortest route in every direction instead of
/// the grid's eight-direction length, and its gradient points along the route.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>

#include "../math.hpp"
#include "../vector.hpp"
#include "navigation_lattice.hpp"
#include "navigation_scratch.hpp"

namespace steer::detail {

/// The arrival time at cell `m` (unit speed) from its closed face neighbors: the largest
/// root of sum over axes of ((T - a_i) / h_i)^2 = 1, using the axes whose nearest closed
/// neighbor a_i is below the answer.
template <vector V>
[[nodiscard]] scalar_t<V> eikonal_update(const navigation_lattice<V>& lattice, const navigation_scratch<scalar_t<V>>& w,
                                         std::size_t m) noexcept {
    using S = scalar_t<V>;
    constexpr int dims = dimension_v<V>;
    constexpr S infinity = std::numeric_limits<S>::infinity();
    S a[std::size_t{dims}];
    S h[std::size_t{dims}];
    int used = 0;
    for (int i = 0; i < dims; ++i) {
        const std::size_t lo = m - static_cast<std::size_t>(lattice.stride(i));
        const std::size_t hi = m + static_cast<std::size_t>(lattice.stride(i));
        const S below = w.closed(lo) ? w.cost[lo] : infinity;
        const S above = w.closed(hi) ? w.cost[hi] : infinity;
        const S nearest = std::min(below, above);
        if (nearest < infinity) {
            a[used] = nearest;
            h[used] = lattice.cell_size()[i];
            ++used;
        }
    }
    // Smallest first (insertion sort of at most three).
    for (int i = 1; i < used; ++i)
        for (int j = i; j > 0 && a[j] < a[j - 1]; --j) std::swap(a[j], a[j - 1]), std::swap(h[j], h[j - 1]);
    S t = a[0] + h[0];
    S sum_w = 0, sum_wa = 0, sum_waa = 0;
    for (int k = 0; k < used; ++k) {
        if (k > 0 && !(a[k] < t)) break;
        const S weight = S(1) / (h[k] * h[k]);
        sum_w += weight;
        sum_wa += weight * a[k];
        sum_waa += weight * a[k] * a[k];
        if (k == 0) continue;
        const S discriminant = sum_wa * sum_wa - sum_w * (sum_waa - S(1));
        if (!(discriminant >= S(0))) break;
        const S root = (sum_wa + std::sqrt(discriminant)) / sum_w;
        if (!(root >= a[k])) break;
        t = root;
    }
    return t;
}

/// An untidy priority queue (Yatziv, Bartesaghi and Sapiro 2006): buckets of a fixed width
/// in a ring, as many as the largest step a value can take past the one being taken out
/// needs. Taking out the lowest bucket in any order inside it costs O(1) and misorders
/// values by less than the width, which fast marching's own error dwarfs.
template <class S>
class bucket_queue {
public:
    /// A queue over `ring` (its buckets' memory is reused), for values at most `reach` above
    /// the last one taken out, ordered to within `width`.
    bucket_queue(std::vector<std::vector<std::uint32_t>>& ring, S width, S reach) : ring_(ring), width_(width) {
        const auto needed = static_cast<std::size_t>(reach / width) + 3;
        if (ring_.size() < needed) ring_.resize(needed);
        for (auto& bucket : ring_) bucket.clear();
        size_ = ring_.size();
    }
    void push(S value, std::size_t index) {
        const auto b = static_cast<std::uint64_t>(value / width_);
        // (never below the bucket being emptied: a value pushed now is not below the last out)
        const std::uint64_t at = b < current_ ? current_ : b;
        ring_[static_cast<std::size_t>(at % size_)].push_back(static_cast<std::uint32_t>(index));
        ++count_;
    }
    [[nodiscard]] bool empty() const noexcept { return count_ == 0; }
    /// Takes out an entry of the lowest non-empty bucket.
    [[nodiscard]] std::size_t pop() {
        for (;;) {
            auto& bucket = ring_[static_cast<std::size_t>(current_ % size_)];
            if (!bucket.empty()) {
                const std::uint32_t index = bucket.back();
                bucket.pop_back();
                --count_;
                return index;
            }
            ++current_;
        }
    }

private:
    std::vector<std::vector<std::uint32_t>>& ring_;
    S width_;
    std::size_t size_ = 0;
    std::uint64_t current_ = 0;
    std::size_t count_ = 0;
};

/// Fast marching from `goal`, a free point: every walkable cell of the goal's component gets
/// its arrival time in `w.cost` and is closed; the cells that see the goal nearby are seeded
/// with their exact distance and have parent `from_start`. The open cells are kept in an
/// untidy queue an eighth of the smallest cell side wide, so the march costs O(cells).
template <vector V>
void march_from(const navigation_lattice<V>& lattice, navigation_scratch<scalar_t<V>>& w, const V& goal,
                const std::vector<std::size_t>& seeds) {
    using S = scalar_t<V>;
    w.start(lattice.size());
    S smallest = lattice.cell_size()[0], largest = smallest;
    for (int i = 1; i < dimension_v<V>; ++i) {
        smallest = std::min(smallest, lattice.cell_size()[i]);
        largest = std::max(largest, lattice.cell_size()[i]);
    }
    // Seeds are within two cell diagonals of the goal; an update adds at most one cell side.
    const S width = smallest / S(8);
    bucket_queue<S> open(w.buckets, width, largest * S(2 * dimension_v<V> + 1));
    for (const std::size_t c : seeds) {
        const S d = glm::distance(goal, lattice.center(c));
        w.see(c, d, navigation_scratch<S>::from_start);
        open.push(d, c);
    }
    const auto& faces = lattice.face_offsets();
    while (!open.empty()) {
        const std::size_t n = open.pop();
        if (w.closed(n)) continue;
        w.close(n);
        for (const std::ptrdiff_t f : faces) {
            const std::size_t m = n + static_cast<std::size_t>(f);
            if (!lattice.walkable(m) || w.closed(m)) continue;
            const S t = eikonal_update(lattice, w, m);
            if (w.seen(m) && !(t < w.cost[m])) continue;
            w.see(m, t, 0);
            open.push(t, m);
        }
    }
}

/// The unit direction of steepest descent of the arrival time at closed cell `n` (from the
/// smaller closed neighbor on each axis), or toward `goal` for a seeded cell.
template <vector V>
[[nodiscard]] V descent_direction(const navigation_lattice<V>& lattice, const navigation_scratch<scalar_t<V>>& w,
                                  std::size_t n, const V& goal) noexcept {
    using S = scalar_t<V>;
    if (w.parent[n] == navigation_scratch<S>::from_start) return safe_normalize(goal - lattice.center(n));
    V direction(S(0));
    const S t = w.cost[n];
    for (int i = 0; i < dimension_v<V>; ++i) {
        const std::size_t lo = n - static_cast<std::size_t>(lattice.stride(i));
        const std::size_t hi = n + static_cast<std::size_t>(lattice.stride(i));
        const S below = w.closed(lo) ? w.cost[lo] : std::numeric_limits<S>::infinity();
        const S above = w.closed(hi) ? w.cost[hi] : std::numeric_limits<S>::infinity();
        if (below < above && below < t) direction[i] = -(t - below) / lattice.cell_size()[i];
        else if (above < t) direction[i] = (t - above) / lattice.cell_size()[i];
    }
    return safe_normalize(direction);
}

/// For every blocked cell (not the padding), the walkable cell found nearest by spreading
/// out of the walkable ones for which `usable(index)` holds through the blocked ones (each blocked cell takes the nearest of
/// the sources its visited neighbors took): calls `f(blocked index, walkable index)`.
/// Uses `w.parent` and `w.queue`; a new generation of `w`.
template <vector V, class Usable, class F>
void nearest_walkable_of_blocked(const navigation_lattice<V>& lattice, navigation_scratch<scalar_t<V>>& w,
                                 Usable&& usable, F&& f) {
    using S = scalar_t<V>;
    w.start(lattice.size());
    const auto& faces = lattice.face_offsets();
    const auto inside = [&](std::size_t index) { return !lattice.padding(index); };
    lattice.for_each_cell(cell_t<V>(0), lattice.cells() - 1, [&](std::size_t index) {
        if (!lattice.walkable(index) || !usable(index)) return;
        for (const std::ptrdiff_t o : faces) {
            const std::size_t m = index + static_cast<std::size_t>(o);
            if (lattice.walkable(m) || w.seen(m) || !inside(m)) continue;
            w.see(m, S(0), static_cast<std::int32_t>(index));
            w.queue.push_back(m);
        }
    });
    for (std::size_t head = 0; head < w.queue.size(); ++head) {
        const std::size_t b = w.queue[head];
        const auto source = static_cast<std::size_t>(w.parent[b]);
        f(b, source);
        const V source_center = lattice.center(source);
        for (const std::ptrdiff_t o : faces) {
            const std::size_t m = b + static_cast<std::size_t>(o);
            if (lattice.walkable(m) || !inside(m)) continue;
            if (!w.seen(m)) {
                w.see(m, S(0), static_cast<std::int32_t>(source));
                w.queue.push_back(m);
            } else if (!w.closed(m) && distance_squared(lattice.center(m), source_center) <
                                           distance_squared(lattice.center(m),
                                                            lattice.center(static_cast<std::size_t>(w.parent[m])))) {
                w.parent[m] = static_cast<std::int32_t>(source);  // a nearer source, before m spreads its own
            }
        }
        w.close(b);
    }
}

}  // namespace steer::detail

#endif  // STEER_DETAIL_FAST_MARCHING_HPP
