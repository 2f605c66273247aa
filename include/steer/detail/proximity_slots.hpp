#ifndef STEER_DETAIL_PROXIMITY_SLOTS_HPP
#define STEER_DETAIL_PROXIMITY_SLOTS_HPP

/// @file
/// Internals shared by the proximity databases: generation-checked handles and the
/// slot table that maps a handle to where its entry currently lives.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "../error.hpp"
#include "expect.hpp"

namespace steer::detail {

template <class Owner, class Generation = std::uint32_t>
class slot_table;

/// Names one entry of a proximity database of type `Owner`: small, copyable and
/// default-constructible. A default handle names nothing. A handle stays valid while its
/// entry exists, whatever happens to other entries; once the entry is erased (or the
/// database cleared) the handle is stale and the database refuses it, forever: a slot is
/// retired rather than given a generation it had before (see `slot_table`).
///
/// A handle does not know which database issued it. One from another database of the same
/// type is not detected: it is refused when its slot there is free or has another
/// generation, and otherwise names whichever entry that database keeps in the slot. It
/// never reaches memory outside the database. (Handles of databases of different types are
/// different types, and mixing them does not compile.)
template <class Owner, class Generation = std::uint32_t>
class proximity_handle {
public:
    /// A handle that names no entry; `move` and `erase` refuse it.
    constexpr proximity_handle() noexcept = default;

    friend constexpr bool operator==(const proximity_handle&, const proximity_handle&) noexcept = default;

private:
    friend class slot_table<Owner, Generation>;
    constexpr proximity_handle(std::uint32_t index, Generation generation) noexcept
        : index_(index), generation_(generation) {}

    std::uint32_t index_ = 0;
    Generation generation_ = 0;  // 0 is never issued, so a default handle never matches
};

/// Slots indexed by handle: each records which bin (or array) holds the entry and at
/// which index, plus a generation that changes whenever the slot is freed, so a stale
/// handle is detected in O(1). Freed slots are reused through a free list.
///
/// Generations count up from 1 and never wrap: a slot whose generation has reached the
/// largest value is retired when it is freed (generation 0, never reused), so no stale
/// handle can match a later entry, however many times slots are reused. A retired slot
/// costs its few bytes, once per 2^32 - 1 reuses of one slot. `Generation` is
/// `std::uint32_t`; the tests use a narrower type to reach the retirement.
template <class Owner, class Generation>
class slot_table {
    static_assert(std::is_unsigned_v<Generation>, "slot_table: Generation must be an unsigned integer type");

public:
    using handle = proximity_handle<Owner, Generation>;

    /// Where a live entry is; `bin` is `free_mark` for a free or retired slot; a free one's
    /// `index` links the free list, and a retired one has generation 0.
    struct slot {
        Generation generation = 1;
        std::uint32_t bin = 0;
        std::uint32_t index = 0;
    };

    static constexpr std::uint32_t free_mark = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();

    /// Makes sure a free slot exists, so that `acquire` cannot fail. May allocate.
    void prepare(const char* where, const source_location& caller = source_location::current()) {
        if (free_head_ != none) return;
        expect_that(slots_.size() < static_cast<std::size_t>(none - 1), "at most 2^32 - 2 entries",
                    [&] { return std::string(where) + ": too many entries (at most 2^32 - 2)"; }, caller);
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
    [[nodiscard]] std::uint32_t checked(handle h, const char* where,
                                        const source_location& caller = source_location::current()) const {
        expect_that(valid(h), "handle must name a live entry", [&] {
            return std::string(where) +
                   ": handle must name a live entry (got a default-constructed handle, or one whose entry was erased "
                   "or cleared)";
        }, caller);
        return h.index_;
    }

    [[nodiscard]] slot& operator[](std::uint32_t i) noexcept { return slots_[i]; }
    [[nodiscard]] const slot& operator[](std::uint32_t i) const noexcept { return slots_[i]; }

    /// Frees slot `i`: its generation moves on, so handles to it go stale; a slot whose
    /// generation cannot move on without repeating is retired instead.
    void release(std::uint32_t i) noexcept {
        slot& s = slots_[i];
        s.bin = free_mark;
        --live_;
        if (s.generation == std::numeric_limits<Generation>::max()) {
            s.generation = 0;  // retired: off the free list for good
            s.index = none;
            return;
        }
        s.generation = static_cast<Generation>(s.generation + 1u);
        s.index = free_head_;
        free_head_ = i;
    }

    /// Frees every slot (all handles go stale); keeps the memory. Later inserts reuse
    /// slots from index 0 up (retired ones excepted), so a cleared database behaves like a
    /// fresh one.
    void clear() noexcept {
        free_head_ = none;
        for (std::size_t k = slots_.size(); k-- > 0;) {
            slot& s = slots_[k];
            if (s.bin != free_mark) {
                s.bin = free_mark;
                if (s.generation == std::numeric_limits<Generation>::max()) s.generation = 0;
                else s.generation = static_cast<Generation>(s.generation + 1u);
            }
            if (s.generation == 0) continue;  // retired
            s.index = free_head_;
            free_head_ = static_cast<std::uint32_t>(k);
        }
        live_ = 0;
    }

    /// Room for `n` slots; refuses, as `where`, more than a table can hold.
    void reserve(std::size_t n, const char* where, const source_location& caller = source_location::current()) {
        reserve(n, where, sizeof(slot), caller);
    }

    /// Room for `n` slots, where each entry takes `bytes_each` bytes in all (its slot and
    /// what the database keeps beside it): refuses, as `where`, more than 2^32 - 2 entries or
    /// more than fit in `steer::max_table_bytes`, before allocating.
    void reserve(std::size_t n, const char* where, std::size_t bytes_each,
                 const source_location& caller = source_location::current()) {
        const unsigned long long most = table_capacity(bytes_each, none - 1);
        expect(n <= most, where, "n", "at most " + format_value(most), n, caller);
        slots_.reserve(n);
    }

    /// The number of live entries.
    [[nodiscard]] std::size_t live() const noexcept { return live_; }
    /// The number of slots, live or free: valid indices are [0, size()).
    [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(slots_.size()); }

private:
    std::vector<slot> slots_;
    std::uint32_t free_head_ = none;
    std::size_t live_ = 0;
};

}  // namespace steer::detail

#endif  // STEER_DETAIL_PROXIMITY_SLOTS_HPP
