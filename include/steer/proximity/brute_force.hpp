#ifndef STEER_PROXIMITY_BRUTE_FORCE_HPP
#define STEER_PROXIMITY_BRUTE_FORCE_HPP

/// @file
/// The brute-force proximity database: every query tests every entry. The honest O(n^2)
/// baseline of Reynolds 2000, "Locality Queries", and the oracle the lattice is tested against.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "../detail/expect.hpp"
#include "../detail/proximity_slots.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "proximity_database.hpp"

namespace steer {

/// A proximity database that keeps its entries in one contiguous array and answers a
/// query by testing the distance of every entry: O(n) per query, O(n^2) per flock step,
/// with no spatial structure to tune. Fine for a few dozen characters, and the reference
/// the bin lattice is measured and tested against (Reynolds 2000, "Locality Queries").
/// Same interface and semantics as `bin_lattice`; handles survive other erasures and a
/// stale handle is refused.
template <vector V, std::copyable Payload>
class brute_force {
    using S = scalar_t<V>;

public:
    using vector_type = V;          ///< the vector type of positions
    using scalar_type = S;          ///< its scalar
    using payload_type = Payload;   ///< what a query hands back
    /// Names one entry; see `detail::proximity_handle`.
    using handle = detail::proximity_handle<brute_force>;

    /// An empty database.
    brute_force() = default;

    /// Adds `payload` at `position` (finite) and returns its handle. Amortized O(1).
    handle insert(const Payload& payload, const V& position, source_location caller = source_location::current()) {
        return emplace(Payload(payload), position, caller);
    }
    /// Adds `payload` at `position`, moving the payload in.
    handle insert(Payload&& payload, const V& position, source_location caller = source_location::current()) {
        return emplace(std::move(payload), position, caller);
    }

    /// Updates the position of the entry `h` names. Refuses a stale handle or a non-finite position.
    void move(handle h, const V& position, source_location caller = source_location::current()) {
        relocate(h, position, "steer::brute_force::move", caller);
    }

    /// Moves the entry `h` names to `position` and returns true: in an array every move is in
    /// place (the twin of `bin_lattice::try_move_in_place`, which may decline). Calls for
    /// different entries may run at the same time, as long as nothing else uses the database.
    bool try_move_in_place(handle h, const V& position, source_location caller = source_location::current()) {
        relocate(h, position, "steer::brute_force::try_move_in_place", caller);
        return true;
    }

    /// Does nothing: the twin of `bin_lattice::prefetch_move`, so that one loop of moves
    /// serves both databases (an array's moves touch one entry each, already in order).
    void prefetch_move(handle, const V&) const noexcept {}

    /// Removes the entry `h` names (the last entry fills its place); other handles stay valid.
    void erase(handle h, source_location caller = source_location::current()) {
        const std::uint32_t i = slots_.checked(h, "steer::brute_force::erase", caller);
        const std::uint32_t index = slots_[i].index;
        if (index + 1 != entries_.size()) {
            entries_[index] = std::move(entries_.back());
            slots_[entries_[index].slot].index = index;
        }
        entries_.pop_back();
        slots_.release(i);
    }

    /// Removes every entry (every handle becomes stale) and keeps the memory for reuse.
    void clear() noexcept {
        entries_.clear();
        slots_.clear();
    }

    /// The number of entries.
    [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }
    /// Whether there are no entries.
    [[nodiscard]] bool empty() const noexcept { return entries_.empty(); }
    /// Whether `h` names a live entry (false for default, erased and cleared handles).
    [[nodiscard]] bool contains(handle h) const noexcept { return slots_.valid(h); }

    /// The stored position of the entry `h` names.
    [[nodiscard]] const V& position(handle h, source_location caller = source_location::current()) const {
        return record(h, "steer::brute_force::position", caller).position;
    }
    /// The payload of the entry `h` names. The reference lasts until the next insert or erase.
    [[nodiscard]] const Payload& payload(handle h, source_location caller = source_location::current()) const {
        return record(h, "steer::brute_force::payload", caller).payload;
    }
    /// The payload of the entry `h` names, for updating it in place.
    [[nodiscard]] Payload& payload(handle h, source_location caller = source_location::current()) {
        return const_cast<entry&>(std::as_const(*this).record(h, "steer::brute_force::payload", caller)).payload;
    }

    /// Reserves room for `n` entries: at most 2^32 - 2, and no more than fit in
    /// `steer::max_table_bytes` (STEER_EXPECTS, before allocating).
    void reserve(std::size_t n, source_location caller = source_location::current()) {
        slots_.reserve(n, "steer::brute_force::reserve",
                       sizeof(entry) + sizeof(typename detail::slot_table<brute_force>::slot), caller);
        entries_.reserve(n);
    }

    /// Calls `f(const Payload&, const V& position)` for every entry, in storage order.
    /// `f` must not modify the database.
    template <class F>
    void for_each(F&& f) const {
        for (const entry& e : entries_) f(std::as_const(e.payload), e.position);
    }

    /// Calls `f(const Payload&, scalar distance_squared)` once for every entry whose
    /// squared distance to `center` is <= `radius * radius` (inclusive), in storage order,
    /// after testing every entry. `center` must be finite and `radius` finite and >= 0;
    /// when `radius * radius` overflows, every entry matches. `f` must not modify the database.
    template <class F>
    void for_each_within(const V& center, S radius, F&& f, source_location caller = source_location::current()) const {
        if (!detail::query_accepted<detail::hot_path::database_query<brute_force>>("steer::brute_force::for_each_within",
                                                                                   center, radius, caller))
            return;
        visit_within(center, radius, f);
    }

    /// The payload of the closest entry within `radius` of `center` (inclusive), or
    /// `std::nullopt`. Among equally close entries the first one in storage order wins.
    [[nodiscard]] std::optional<Payload> nearest(const V& center, S radius,
                                                 source_location caller = source_location::current()) const {
        return nearest(center, radius, [](const Payload&) { return true; }, caller);
    }

    /// The closest entry within `radius` of `center` whose payload `accept` returns true for.
    template <class Accept>
    [[nodiscard]] std::optional<Payload> nearest(const V& center, S radius, Accept&& accept,
                                                 source_location caller = source_location::current()) const {
        if (!detail::query_accepted<detail::hot_path::database_query<brute_force>>("steer::brute_force::nearest", center,
                                                                                   radius, caller))
            return std::nullopt;
        return detail::nearest_accepted<Payload, S>([&](auto& consider) { visit_within(center, radius, consider); },
                                                    accept);
    }

private:
    /// Moves an entry (both kinds of move are this, in an array), refusing, as `where`, a
    /// stale handle or a non-finite position.
    void relocate(handle h, const V& position, const char* where, const source_location& caller) {
        const std::uint32_t i = slots_.checked(h, where, caller);
        if (!detail::move_accepted<detail::hot_path::database_move<brute_force>>(where, position, caller)) return;
        entries_[slots_[i].index].position = position;
    }

    struct entry {
        V position;
        std::uint32_t slot;
        Payload payload;
    };

    handle emplace(Payload&& payload, const V& given, const source_location& caller) {
        constexpr const char* where = "steer::brute_force::insert";
        const V position =
            detail::finite_or_zero<detail::hot_path::database_insert<brute_force>>(where, "position", given, caller);
        slots_.prepare(where, caller);
        entries_.push_back(entry{position, slots_.next(), std::move(payload)});
        return slots_.acquire(0, static_cast<std::uint32_t>(entries_.size() - 1));
    }

    const entry& record(handle h, const char* where, const source_location& caller) const {
        return entries_[slots_[slots_.checked(h, where, caller)].index];
    }

    template <class F>
    void visit_within(const V& center, S radius, F& f) const {
        const S r2 = radius * radius;
        for (const entry& e : entries_) {
            const S d2 = distance_squared(e.position, center);
            if (d2 <= r2) f(std::as_const(e.payload), d2);
        }
    }

    std::vector<entry> entries_;
    detail::slot_table<brute_force> slots_;
};

}  // namespace steer

#endif  // STEER_PROXIMITY_BRUTE_FORCE_HPP
