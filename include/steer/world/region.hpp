#ifndef STEER_WORLD_REGION_HPP
#define STEER_WORLD_REGION_HPP

/// @file
/// The region concept: what `containment` needs to know about the space a character must
/// stay in (Reynolds 1999, "Containment": the aquarium, the ice rink).

#include <concepts>

#include "../error.hpp"
#include "../vector.hpp"
#include "box.hpp"
#include "sphere.hpp"

namespace steer {

/// A closed region of space a character can be contained in. A type `R` is a region for
/// vector type `V` when two free functions, found by argument-dependent lookup (so define
/// them in your type's namespace), answer:
///
///   - `contains(r, p)`: whether point `p` is inside or on the boundary;
///   - `nearest_inside(r, p)`: the point of the region nearest to `p`, which is `p` itself
///     when `p` is inside. For a point outside it lies on the boundary.
///
/// Neither may return NaN or infinity for a finite `p`. The region need not be convex,
/// but `containment` steers toward the nearest inside point, so in a region with narrow
/// pockets a character can be drawn into the nearest pocket rather than the largest space.
/// `sphere<V>`, `box<V>`, `oriented_box<V>`, `plane<V>` (its solid side), `polygon<V>`
/// and `pathway<V>` (the tube around its spine) are regions. `validate(r)`, when present,
/// is called by `containment` on every call, as the obstacle behaviors call it on their
/// obstacles: an inverted box or a plane without a normal is refused, not contained in.
template <class R, class V>
concept region = vector<V> && requires(const R& r, const V& p) {
    { contains(r, p) } -> std::convertible_to<bool>;
    { nearest_inside(r, p) } -> std::convertible_to<V>;
};

namespace detail {

/// Validates a region with its `validate` (found by argument-dependent lookup) when it has
/// one. A box is validated as a region: a box of no size, a point, is one.
template <class R>
void validate_region(const R& r, const source_location& caller = source_location::current()) {
    if constexpr (requires { validate(r, caller); }) validate(r, caller);
    else if constexpr (requires { validate(r); }) validate(r);
}

}  // namespace detail

}  // namespace steer

#endif  // STEER_WORLD_REGION_HPP
