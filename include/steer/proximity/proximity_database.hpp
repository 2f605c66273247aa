#ifndef STEER_PROXIMITY_PROXIMITY_DATABASE_HPP
#define STEER_PROXIMITY_PROXIMITY_DATABASE_HPP

/// @file
/// The interface every proximity database offers (Reynolds 2000, "Locality Queries"):
/// store payloads at positions, keep the positions up to date, and answer "which entries
/// lie within this sphere". `bin_lattice` and `brute_force` satisfy it; so can a user's
/// own structure (an engine's physics broadphase, a k-d tree), and everything in the
/// library that needs neighbors takes any `proximity_database`.

#include <cmath>
#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "../detail/expect.hpp"
#include "../detail/invoke.hpp"
#include "../math.hpp"
#include "../vector.hpp"

namespace steer {

namespace detail {

/// A stand-in query callback, used only to state the concept.
template <class Payload, class S>
struct proximity_visitor {
    void operator()(const Payload&, S) const noexcept {}
};

/// Reports why a query sphere was refused (a hot-path fault of kind `Site`); kept out of
/// line. Answers true when the query is to find nothing (the clamp policy).
template <class Site, vector V>
bool refuse_query(const char* where, const V& center, scalar_t<V> radius, const source_location& caller) {
    if (!is_finite(center))
        return hot_path_fault<Site>(
            refusal(describe_vector(where, "center", "finite", center), rule("center", "finite"), caller));
    return hot_path_fault<Site>(
        refusal(describe(where, "radius", ">= 0 and finite", radius), rule("radius", ">= 0 and finite"), caller));
}

/// Checks a query sphere: a non-finite center or a negative or non-finite radius is refused
/// (a hot-path fault of kind `Site`; under STEER_HOT_PATH_CLAMP the query finds nothing).
/// Answers whether to run the query. Inline and branch-light: it runs once per query.
template <class Site, vector V>
[[nodiscard]] bool query_accepted(const char* where, const V& center, scalar_t<V> radius,
                                  const source_location& caller = source_location::current()) {
    bool ok = std::isfinite(radius) && radius >= scalar_t<V>(0);
    for (int i = 0; i < dimension_v<V>; ++i) ok = ok && std::isfinite(center[i]);
    if (!ok) [[unlikely]]
        return !refuse_query<Site>(where, center, radius, caller);
    return true;
}

/// Checks a position given to `move`: true to go on; false (a non-finite position under the
/// clamp policy, a hot-path fault of kind `Site`) to leave the entry where it is.
template <class Site, vector V>
[[nodiscard]] bool move_accepted(const char* where, const V& position,
                                 const source_location& caller = source_location::current()) {
    if (is_finite(position)) [[likely]]
        return true;
    return !hot_path_fault<Site>(
        refusal(describe_vector(where, "position", "finite", position), rule("position", "finite"), caller));
}

/// The closest payload that `visit` offers and `accept` takes, or none: `visit(consider)`
/// calls `consider(payload, distance_squared)` for every candidate; among equally close
/// ones the first offered wins. Shared by the databases' `nearest`.
template <class Payload, class S, class Visit, class Accept>
std::optional<Payload> nearest_accepted(Visit&& visit, Accept& accept) {
    const Payload* best = nullptr;
    S best_distance_squared = 0;
    auto consider = [&](const Payload& p, S d2) {
        if ((best == nullptr || d2 < best_distance_squared) && detail::invoke(accept, p)) {
            best = &p;
            best_distance_squared = d2;
        }
    };
    visit(consider);
    if (best == nullptr) return std::nullopt;
    return *best;
}

}  // namespace detail

/// A spatial database of payloads at positions (Reynolds 2000, "Locality Queries").
/// A type `D` models it when it has:
/// - `D::vector_type` (a `steer::vector`), `D::payload_type` (copyable) and `D::handle`
///   (regular: default-constructible, copyable, equality-comparable);
/// - `h = d.insert(payload, position)`, `d.move(h, position)`, `d.erase(h)`, `d.clear()`,
///   `d.size()`;
/// - `d.for_each_within(center, radius, f)`, calling `f(const payload_type&, scalar
///   distance_squared)` exactly once for every entry whose squared distance to `center`
///   is <= `radius * radius` (the radius is inclusive), in any order;
/// - `d.nearest(center, radius)`, the payload of the closest such entry, or
///   `std::nullopt` when there is none.
/// Handles of other entries must stay valid when one entry is erased. Queries must not
/// modify the database, and `f` must not modify it either.
template <class D>
concept proximity_database =
    vector<typename D::vector_type> && std::copyable<typename D::payload_type> &&
    std::regular<typename D::handle> &&
    requires(D& db, const D& cdb, const typename D::payload_type& payload,
             const typename D::vector_type& position, scalar_t<typename D::vector_type> radius,
             typename D::handle h,
             detail::proximity_visitor<typename D::payload_type, scalar_t<typename D::vector_type>> visit) {
        { db.insert(payload, position) } -> std::same_as<typename D::handle>;
        db.move(h, position);
        db.erase(h);
        db.clear();
        { cdb.size() } -> std::convertible_to<std::size_t>;
        cdb.for_each_within(position, radius, visit);
        { cdb.nearest(position, radius) } -> std::same_as<std::optional<typename D::payload_type>>;
    };

/// Fills `out` with the payloads of every entry within `radius` of `center` (inclusive),
/// in the database's order: the neighbor list the group behaviors take as a range.
/// `out` is cleared first and its capacity reused, so a warm vector never allocates.
/// The entry at `center` itself (a vehicle querying its own position) is included; the
/// group behaviors skip the steered vehicle.
template <proximity_database D>
void gather_within(const D& database, const typename D::vector_type& center,
                   scalar_t<typename D::vector_type> radius, std::vector<typename D::payload_type>& out,
                   source_location caller = source_location::current()) {
    out.clear();
    const auto keep = [&out](const typename D::payload_type& payload, scalar_t<typename D::vector_type>) {
        out.push_back(payload);
    };
    if constexpr (requires { database.for_each_within(center, radius, keep, caller); })
        database.for_each_within(center, radius, keep, caller);  // a refusal names gather_within's caller
    else
        database.for_each_within(center, radius, keep);
}

}  // namespace steer

#endif  // STEER_PROXIMITY_PROXIMITY_DATABASE_HPP
