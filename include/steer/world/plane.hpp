#ifndef STEER_WORLD_PLANE_HPP
#define STEER_WORLD_PLANE_HPP

/// @file
/// A plane (a line in 2D) bounding a solid half-space: the ground, a cliff face, the edge of
/// the map.

#include <optional>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "sweep.hpp"

namespace steer {

/// The half-space behind a plane. Points with `dot(normal, p) == offset` lie on the plane;
/// those with `dot(normal, p) < offset` are solid. `normal` need not be unit length: the
/// plane is the same for any positive multiple of `{normal, offset}`. An aggregate: the
/// ground of a world whose up is +y is `{{0, 1, 0}, 0}`, solid below y = 0.
///
/// As an obstacle the solid side is out of bounds; as a `containment` region it is where
/// the character must stay (flip the signs to keep it on the other side).
template <vector V>
struct plane {
    V normal{};               ///< points out of the solid, non-zero
    scalar_t<V> offset = 0;   ///< dot(normal, p) on the plane

    /// Exact equality of both members.
    friend constexpr bool operator==(const plane&, const plane&) = default;
};

/// Refuses a zero or non-finite normal or one too short to normalize (every component
/// below the smallest normal number), a non-finite offset, and a plane too far from the
/// origin for its distance to be a number: `offset / |normal|` overflows (a tiny normal with
/// an ordinary offset, such as `{{1e-39, 0}, 1}`), where every distance to it would be infinite.
template <vector V>
void validate(const plane<V>& h, source_location caller = source_location::current()) {
    detail::expect_finite("steer::plane", "normal", h.normal, caller);
    detail::expect_finite("steer::plane", "offset", h.offset, caller);
    detail::expect_direction("steer::plane", "normal", h.normal, "non-zero", caller);
    detail::expect_finite("steer::plane", "offset / |normal| (its distance from the origin)",
                          h.offset / safe_length(h.normal), caller);
}

/// The distance from `p` to the plane: negative in the solid, positive on the open side.
template <vector V>
[[nodiscard]] scalar_t<V> signed_distance(const plane<V>& h, const V& p) noexcept {
    const scalar_t<V> length = safe_length(h.normal);
    return (glm::dot(h.normal, p) - h.offset) / length;
}

/// Whether `p` lies in the solid half-space or on the plane (the region `containment` keeps to).
template <vector V>
[[nodiscard]] bool contains(const plane<V>& h, const V& p) noexcept {
    return glm::dot(h.normal, p) <= h.offset;
}

/// The point of the plane nearest to `p`: `p` moved along the normal onto it.
template <vector V>
[[nodiscard]] V nearest_point(const plane<V>& h, const V& p) noexcept {
    return p - safe_normalize(h.normal) * signed_distance(h, p);
}

/// The point of the solid half-space nearest to `p` (`p` itself when inside).
template <vector V>
[[nodiscard]] V nearest_inside(const plane<V>& h, const V& p) noexcept {
    return contains(h, p) ? p : nearest_point(h, p);
}

/// Where a ball moving along `w` first touches the solid (see `sweep`): distance 0 when it
/// already overlaps it. The normal is the plane's unit normal.
template <vector V>
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const plane<V>& h, const sweep<V>& w) noexcept {
    using S = scalar_t<V>;
    const V unit = safe_normalize(h.normal);
    const S height = signed_distance(h, w.origin);  // of the ball's center above the plane
    const S approach = -glm::dot(unit, w.direction);
    S t = 0;
    if (!(height < w.radius)) {
        if (!(approach > S(0))) return std::nullopt;
        t = (height - w.radius) / approach;
        if (!(t < w.length)) return std::nullopt;
    }
    const V center = w.origin + w.direction * t;
    return ray_hit<V>{t, center - unit * signed_distance(h, center), unit};
}

}  // namespace steer

#endif  // STEER_WORLD_PLANE_HPP
