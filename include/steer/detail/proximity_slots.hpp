#ifndef STEER_DETAIL_PROXIMITY_SLOTS_HPP
#define STEER_DETAIL_PROXIMITY_SLOTS_HPP

/// @file
/// Internals shared by the proximity databases: generation-checked handles and the
/// slot table that maps a handle to where its entry currently lives.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "../error.hpp"

namespace steer::detail {

template <class Owner>
class slot_table;

/// Names one entry of a proximity database of type `Owner`: small, copyable and
/// default-constructible. A default handle names nothing. A handle stays valid while its
/// entry exists, whatever happens to other entries; once the entry is erased (or the
/// database cleared) the handle is stale and the database refuses it.
template <class Owner>
class proximity_handle {
public:
    /// A handle that names no entry; `move` and `erase` refuse it.
    constexpr proximity_handle() noexcept = default;

    friend constexpr bool operator==(const proximity_handle&, const proximity_handle&) noexcept = default;

private:
    friend class slot_table<Owner>;
    constexpr proximity_handle(std::uint32_t index, std::uint32_t generation) noexcept
        : index_(index), generation_(generation) {}

    std::uint32_t index_ = 0;
    std::uint32_t generation_ = 0;  // 0 is never issued, so a default handle never matches
};

/// Slots indexed by handle: each records which bin (or array) holds the entry and at
/// which index, plus a generation that changes whenever the slot is freed, so a stale
/// handle is detected in O(1). Freed slots are reused through a free list.
template <class Owner>
class slot_table {
public:
    using handle = proximity_handle<Owner>;

    /// Where a live entry is; `bin` is `free_mark` for a free slot, whose `index` then
    /// links the free list.
    struct slot {
        std::uint32_t generation = 1;
        std::uint32_t bin = 0;
        std::uint32_t index = 0;
    };

    static constexpr std::uint32_t free_mark = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();

    /// Makes sure a free slot exists, so that `acquire` cannot fail. May allocate.
    void prepare(const char* where) {
        if (free_head_ != none) return;
        STEER_EXPECTS(slots_.size() < static_cast<std::size_t>(none - 1),
                      std::string(where) + ": too many entries (at most 2^32 - 2)");
        slots_.push_back(slot{1, free_mark, none});
        free_head_ = static_cast<std::uint32_t>(slots_.size() - 1);
    }

    /// The index of the slot the next `acquire` returns (after `prepare`).
    [[nodiscard]] std::uint32_t next() const noexcept { return free_head_; }

    /// Takes the prepared free slot for an entry at (`bin`, `index`).
    handle acquire(std::uint32_t bin, std::uint32_t index) noexcept {
        const std::uint32_t i = free_head_;
        slot& s = slots_[i];
        free_head_ = s.index;
        s.bin = bin;
        s.index = index;
        ++live_;
        return handle(i, s.generation);
    }

    /// Whether `h` names a live entry.
    [[nodiscard]] bool valid(handle h) const noexcept {
        return h.index_ < slots_.size() && slots_[h.index_].generation == h.generation_ &&
               slots_[h.index_].bin != free_mark;
    }

    /// The slot index of `h` if it names a live entry, else `size()`.
    [[nodiscard]] std::uint32_t find(handle h) const noexcept { return valid(h) ? h.index_ : size(); }

    /// The slot index of a live handle; refuses a default, erased or cleared handle.
    [[nodiscard]] std::uint32_t checked(handle h, const char* where) const {
        STEER_EXPECTS(valid(h), std::string(where) +
                                    ": handle must name a live entry (got a default-constructed handle, or one "
                                    "whose entry was erased or cleared)");
        return h.index_;
    }

    [[nodiscard]] slot& operator[](std::uint32_t i) noexcept { return slots_[i]; }
    [[nodiscard]] const slot& operator[](std::uint32_t i) const noexcept { return slots_[i]; }

    /// Frees slot `i`: its generation moves on, so handles to it go stale.
    void release(std::uint32_t i) noexcept {
        slot& s = slots_[i];
        s.generation = next_generation(s.generation);
        s.bin = free_mark;
        s.index = free_head_;
        free_head_ = i;
        --live_;
    }

    /// Frees every slot (all handles go stale); keeps the memory. Later inserts reuse
    /// slots from index 0 up, so a cleared database behaves like a fresh one.
    void clear() noexcept {
        free_head_ = none;
        for (std::size_t k = slots_.size(); k-- > 0;) {
            slot& s = slots_[k];
            if (s.bin != free_mark) s.generation = next_generation(s.generation);
            s.bin = free_mark;
            s.index = free_head_;
            free_head_ = static_cast<std::uint32_t>(k);
        }
        live_ = 0;
    }

    /// Room for `n` slots; refuses, as `where`, more than a table can hold.
    void reserve(std::size_t n, const char* where) { reserve(n, where, sizeof(slot)); }

    /// Room for `n` slots, where each entry takes `bytes_each` bytes in all (its slot and
    /// what the database keeps beside it): refuses, as `where`, more than 2^32 - 2 entries or
    /// more than fit in `steer::max_table_bytes`, before allocating.
    void reserve(std::size_t n, const char* where, std::size_t bytes_each) {
        const unsigned long long most = table_capacity(bytes_each, none - 1);
        STEER_EXPECTS(n <= most, describe(where, "n", "at most " + format_value(most), n));
        slots_.reserve(n);
    }

    /// The number of live entries.
    [[nodiscard]] std::size_t live() const noexcept { return live_; }
    /// The number of slots, live or free: valid indices are [0, size()).
    [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(slots_.size()); }

private:
    static constexpr std::uint32_t next_generation(std::uint32_t g) noexcept {
        return g == std::numeric_limits<std::uint32_t>::max() ? 1u : g + 1u;  // never 0
    }

    std::vector<slot> slots_;
    std::uint32_t free_head_ = none;
    std::size_t live_ = 0;
};

}  // namespace steer::detail

#endif  // STEER_DETAIL_PROXIMITY_SLOTS_HPP
