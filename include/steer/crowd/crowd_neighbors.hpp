#ifndef STEER_CROWD_CROWD_NEIGHBORS_HPP
#define STEER_CROWD_CROWD_NEIGHBORS_HPP

/// @file
/// What a crowd hands each agent's thought: `crowd_id`, the stable handle to an agent, and
/// `crowd_neighbors`, the range of the others within the step's radius (with SIMD-lane
/// flocking and separation over them).

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>
#include <vector>

#include "../behaviors/flocking.hpp"
#include "../behaviors/separation.hpp"
#include "../detail/simd.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "lanes.hpp"

namespace steer {

/// A stable handle to an agent of a `crowd` (or a `flock`): valid from `add` until
/// `remove`, whatever the steps do to the storage order. A removed agent's handle is
/// refused afterwards, even when its slot has been given to a new agent (the generation
/// differs; a slot whose 2^32 generations are used up is retired, never reused). `index` is
/// small and dense (removed agents' indices are reused): index your own per-agent arrays
/// with it. A handle does not know which crowd issued it: one from another crowd is refused
/// when its slot there is out of range, free or of another generation, and otherwise names
/// whichever agent that crowd keeps in the slot (never memory outside the crowd).
struct crowd_id {
    /// The agent's slot: dense, reused after a removal (index your own arrays with it).
    std::uint32_t index = std::numeric_limits<std::uint32_t>::max();
    /// How many times the slot has been reused: tells a stale handle from the new agent's.
    std::uint32_t generation = 0;

    /// Two handles are equal when they name the same agent (slot and generation).
    friend constexpr bool operator==(const crowd_id&, const crowd_id&) = default;
};

template <vector V, class T = void>
class crowd;

namespace detail {

/// A crowd's per-agent data of type `T`, one column of values in storage order: a vector
/// of them, or nothing at all when `T` is void (a crowd without data of its own).
template <class T>
struct data_column {
    std::vector<T> values;
    [[nodiscard]] T* data() noexcept { return values.data(); }
    [[nodiscard]] const T* data() const noexcept { return values.data(); }
};
template <>
struct data_column<void> {
    [[nodiscard]] const void* data() const noexcept { return nullptr; }
};

}  // namespace detail

/// The neighbors `crowd::step` hands to an agent's think callable: the other agents within
/// the step's radius, as a random-access range of `const vehicle<V>&` that every group
/// behavior takes as it is (`steer::separation(self, neighbors, ...)`). `id(i)` is the
/// handle of the i-th, for the caller's own per-agent data. Valid during the call only.
/// `steer::flocking` and `steer::separation` over them run in SIMD lanes on the crowd's own
/// copies of the neighbors' positions and headings, as `steer::flock` does (flocking: the
/// same force up to the rounding of sums taken in another order, about 1e-6 relative;
/// separation: the same bits). `Lanes` is the
/// instruction set's lanes, named in the type so that code built for different instruction
/// sets never shares a name. In a crowd whose agents carry data of their own (`crowd<V, T>`),
/// `data(i)` is the i-th neighbor's, as it was before the step.
template <vector V, class Lanes = detail::simd::native_pack<scalar_t<V>>, class T = void>
class crowd_neighbors {
public:
    /// A random-access iterator over the neighbors' vehicles.
    class iterator {
    public:
        using iterator_concept = std::random_access_iterator_tag;   ///< Random access.
        using iterator_category = std::random_access_iterator_tag;  ///< Random access.
        using value_type = vehicle<V>;                              ///< What it points at.
        using difference_type = std::ptrdiff_t;                     ///< Distance between two.
        using reference = const vehicle<V>&;                        ///< What `*it` gives.
        using pointer = const vehicle<V>*;                          ///< What `it->` uses.

        /// A singular iterator.
        iterator() = default;
        /// The vehicle it points at.
        [[nodiscard]] reference operator*() const noexcept { return agents_[slot(*at_)]; }
        /// Its members.
        [[nodiscard]] pointer operator->() const noexcept { return agents_ + slot(*at_); }
        /// The vehicle `n` places on.
        [[nodiscard]] reference operator[](difference_type n) const noexcept { return agents_[slot(at_[n])]; }
        /// Next.
        iterator& operator++() noexcept { ++at_; return *this; }
        /// Next, returning the old position.
        iterator operator++(int) noexcept { iterator old = *this; ++at_; return old; }
        /// Previous.
        iterator& operator--() noexcept { --at_; return *this; }
        /// Previous, returning the old position.
        iterator operator--(int) noexcept { iterator old = *this; --at_; return old; }
        /// `n` places on.
        iterator& operator+=(difference_type n) noexcept { at_ += n; return *this; }
        /// `n` places back.
        iterator& operator-=(difference_type n) noexcept { at_ -= n; return *this; }
        /// `n` places on.
        [[nodiscard]] friend iterator operator+(iterator it, difference_type n) noexcept { return it += n; }
        /// `n` places on.
        [[nodiscard]] friend iterator operator+(difference_type n, iterator it) noexcept { return it += n; }
        /// `n` places back.
        [[nodiscard]] friend iterator operator-(iterator it, difference_type n) noexcept { return it -= n; }
        /// How many places from `b` to `a`.
        [[nodiscard]] friend difference_type operator-(const iterator& a, const iterator& b) noexcept {
            return a.at_ - b.at_;
        }
        /// Same position.
        [[nodiscard]] friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.at_ == b.at_; }
        /// Order of positions.
        [[nodiscard]] friend auto operator<=>(const iterator& a, const iterator& b) noexcept { return a.at_ <=> b.at_; }

    private:
        friend class crowd_neighbors;
        iterator(const vehicle<V>* agents, const std::uint32_t* at, const std::uint32_t* order) noexcept
            : agents_(agents), at_(at), order_(order) {}
        [[nodiscard]] std::uint32_t slot(std::uint32_t at) const noexcept {
            return order_ != nullptr ? order_[at] : at;
        }
        const vehicle<V>* agents_ = nullptr;
        const std::uint32_t* at_ = nullptr;
        const std::uint32_t* order_ = nullptr;
    };

    /// No neighbors.
    crowd_neighbors() = default;
    /// The agents `agents[at[0]]` to `agents[at[count - 1]]`, whose handles are `ids[at[i]]`.
    crowd_neighbors(const vehicle<V>* agents, const crowd_id* ids, const std::uint32_t* at, std::size_t count) noexcept
        : agents_(agents), ids_(ids), at_(at), count_(count) {}

    /// The first neighbor.
    [[nodiscard]] iterator begin() const noexcept { return {agents_, at_, order_}; }
    /// Past the last neighbor.
    [[nodiscard]] iterator end() const noexcept { return {agents_, at_ + count_, order_}; }
    /// How many neighbors.
    [[nodiscard]] std::size_t size() const noexcept { return count_; }
    /// Whether there are none.
    [[nodiscard]] bool empty() const noexcept { return count_ == 0; }
    /// The i-th neighbor's vehicle.
    [[nodiscard]] const vehicle<V>& operator[](std::size_t i) const noexcept { return agents_[slot(i)]; }
    /// The i-th neighbor's handle.
    [[nodiscard]] crowd_id id(std::size_t i) const noexcept { return ids_[slot(i)]; }
    /// The i-th neighbor's data, as it was before the step (a `crowd<V, T>`'s).
    template <class U = T>
        requires(!std::is_void_v<U>)
    [[nodiscard]] const U& data(std::size_t i) const noexcept {
        return data_[slot(i)];
    }
    /// The i-th neighbor's kind: `kind_of(data(i))` for the function the crowd was given
    /// (`crowd::set_kinds`), 0 without one. Read from the crowd's compact array in grid
    /// order, beside the positions: telling neighbors apart by kind (a herd from a flock, a
    /// team from another) touches none of their data.
    [[nodiscard]] std::uint32_t kind(std::size_t i) const noexcept { return kinds_ != nullptr ? kinds_[grid_[i]] : 0; }
    /// Whether every neighbor is of kind `k` (true when there are none): one tight pass over
    /// the kinds array, so that a thought whose neighbors are all of its kind (a herd with no
    /// flyer among it, the usual case) can skip sorting them one by one.
    [[nodiscard]] bool all_of_kind(std::uint32_t k) const noexcept {
        if (kinds_ == nullptr) return k == 0 || count_ == 0;
        for (std::size_t i = 0; i < count_; ++i)
            if (kinds_[grid_[i]] != k) return false;
        return true;
    }

    /// Flocking over these neighbors in lanes, when the crowd handed them over with its
    /// records (found by `steer::flocking` through argument-dependent lookup; nullopt: take
    /// the plain path).
    template <class A>
    [[nodiscard]] friend std::optional<V> flocking_in_lanes(const A& a, const crowd_neighbors& n,
                                                            const flocking_params<V>& p) {
        if (n.records_ == nullptr) return std::nullopt;
        return detail::flocking_over_records<Lanes>(a, n.records_, n.grid_, n.count_, p, n.radii_);
    }
    /// Separation over these neighbors in lanes, likewise (found by `steer::separation`).
    template <class A>
    [[nodiscard]] friend std::optional<V> separation_in_lanes(const A& a, const crowd_neighbors& n,
                                                              const neighborhood<V>& neighborhood,
                                                              const separation_params<V>& p = {}) {
        if (n.records_ == nullptr) return std::nullopt;
        return detail::separation_over_records<Lanes>(a, n.records_, n.grid_, n.count_, neighborhood, p, n.radii_);
    }

private:
    template <vector, class>
    friend class crowd;
    using data_pointer = std::conditional_t<std::is_void_v<T>, const void*, const T*>;
    /// A crowd's neighbors, listed by grid position: `grid[i]` is the i-th neighbor's record
    /// in `records` (its radius in `radii`, its kind in `kinds`, nullptr: none), with valid entries up to
    /// `detail::sum_lanes` past `count`; `order[grid[i]]` is its storage slot, in `agents`,
    /// `ids` and the crowd's data column `data`. Looked up only when asked for: a thought
    /// that runs its group behaviors in lanes touches no storage slot.
    crowd_neighbors(const vehicle<V>* agents, const crowd_id* ids, const std::uint32_t* order, std::size_t count,
                    const scalar_t<V>* records, const scalar_t<V>* radii, const std::uint32_t* grid,
                    data_pointer data, const std::uint32_t* kinds) noexcept
        : agents_(agents), ids_(ids), at_(grid), order_(order), count_(count), records_(records), radii_(radii),
          grid_(grid), data_(data), kinds_(kinds) {}

    /// The i-th neighbor's storage slot.
    [[nodiscard]] std::uint32_t slot(std::size_t i) const noexcept {
        return order_ != nullptr ? order_[at_[i]] : at_[i];
    }

    const vehicle<V>* agents_ = nullptr;
    const crowd_id* ids_ = nullptr;
    const std::uint32_t* at_ = nullptr;     // storage slots, or with `order_`, grid positions
    const std::uint32_t* order_ = nullptr;  // a crowd's order: the storage slot of each grid position
    std::size_t count_ = 0;
    const scalar_t<V>* records_ = nullptr;
    const scalar_t<V>* radii_ = nullptr;
    const std::uint32_t* grid_ = nullptr;
    data_pointer data_ = nullptr;
    const std::uint32_t* kinds_ = nullptr;
};

}  // namespace steer

#endif  // STEER_CROWD_CROWD_NEIGHBORS_HPP
