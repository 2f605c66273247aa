#ifndef STEER_DETAIL_NAVIGATION_SCRATCH_HPP
#define STEER_DETAIL_NAVIGATION_SCRATCH_HPP

/// @file
/// The memory one navigation query works in: costs, parents and a priority queue over the
/// lattice's cells, reused from query to query without clearing.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace steer::detail {

/// An entry of the open list: a cell and its priority. A cell is queued again each time its
/// cost drops, and its first entry out is its best: later ones find it closed and are skipped.
template <class S>
struct open_entry {
    S priority;
    std::uint32_t index;
};

/// Whether `a` comes out of the open list after `b`: lower priority first. (The heap's order
/// among equal priorities depends only on the sequence of pushes and pops, which is the same
/// on every platform.)
struct comes_after {
    template <class S>
    [[nodiscard]] constexpr bool operator()(const open_entry<S>& a, const open_entry<S>& b) const noexcept {
        return a.priority > b.priority;
    }
};

/// Per-cell costs and parents over the lattice, with a generation stamp per cell: a cell
/// whose stamp is older than the query's is unseen, so a new query starts without clearing
/// anything. `parent` is a cell index, or `from_start` for a cell whose parent is the
/// query's own start point.
template <class S>
struct navigation_scratch {
    static constexpr std::int32_t from_start = -1;

    std::vector<S> cost;
    std::vector<std::int32_t> parent;
    std::vector<std::uint32_t> stamp;  // the query's generation: seen; generation + 1: closed
    std::uint32_t generation = 0;
    std::vector<open_entry<S>> open;
    std::vector<std::size_t> queue;
    std::vector<std::vector<std::uint32_t>> buckets;  // the untidy queue's ring (see `bucket_queue`)

    /// Starts a query over `cells` cells: every cell unseen, the open list empty.
    void start(std::size_t cells) {
        if (stamp.size() != cells) {
            cost.assign(cells, S(0));
            parent.assign(cells, from_start);
            stamp.assign(cells, 0);
            generation = 0;
        }
        if (generation >= std::numeric_limits<std::uint32_t>::max() - 2) {
            std::fill(stamp.begin(), stamp.end(), 0);
            generation = 0;
        }
        generation += 2;
        open.clear();
        queue.clear();
    }
    [[nodiscard]] bool seen(std::size_t i) const noexcept { return stamp[i] >= generation; }
    [[nodiscard]] bool closed(std::size_t i) const noexcept { return stamp[i] == generation + 1; }
    /// Records a cost and parent for a cell not closed yet.
    void see(std::size_t i, S c, std::int32_t p) noexcept {
        stamp[i] = generation;
        cost[i] = c;
        parent[i] = p;
    }
    void close(std::size_t i) noexcept { stamp[i] = generation + 1; }
    /// The cost of a seen cell; infinity for an unseen one.
    [[nodiscard]] S cost_of(std::size_t i) const noexcept {
        return seen(i) ? cost[i] : std::numeric_limits<S>::infinity();
    }

    void push(S priority, std::size_t i) {
        open.push_back({priority, static_cast<std::uint32_t>(i)});
        std::push_heap(open.begin(), open.end(), comes_after{});
    }
    [[nodiscard]] open_entry<S> pop() {
        std::pop_heap(open.begin(), open.end(), comes_after{});
        const open_entry<S> e = open.back();
        open.pop_back();
        return e;
    }
};

}  // namespace steer::detail

#endif  // STEER_DETAIL_NAVIGATION_SCRATCH_HPP
