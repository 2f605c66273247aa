#ifndef STEER_WORLD_RAY_CAST_OBSTACLES_HPP
#define STEER_WORLD_RAY_CAST_OBSTACLES_HPP

/// @file
/// The engine's own geometry as obstacles: level meshes, terrain, whatever its physics ray
/// cast hits (gdx-ai's RaycastObstacleAvoidance, with a body-sized fan of rays).

#include <optional>
#include <type_traits>
#include <utility>

#include "../detail/expect.hpp"
#include "../detail/invoke.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "sweep.hpp"

namespace steer {

/// The obstacles a ray cast reports, as one obstacle (see `ray_cast_obstacles`).
template <class F>
class ray_cast_world {
public:
    /// Keeps a copy of `cast` (wrap a caster that must not be copied in a lambda that
    /// captures it by reference).
    explicit constexpr ray_cast_world(F cast) : cast_(std::move(cast)) {}
    /// The user's ray cast.
    [[nodiscard]] constexpr const F& cast() const noexcept { return cast_; }

private:
    F cast_;
};

/// Makes the engine's geometry an obstacle: `cast(origin, unit_direction, max_distance)`
/// returns the first surface the ray meets within `max_distance` as a `ray_hit<V>` (its
/// distance along the ray, the point, the surface normal), or an empty `std::optional`.
/// Usable wherever obstacles are: `obstacle_avoidance(v, ray_cast_obstacles(cast))`, alone,
/// in a range, or joined with shapes. A hit with a negative or non-finite distance, a
/// non-finite point, or a zero or non-finite normal is refused (`STEER_EXPECTS`).
///
/// A ray is thin and a body is not, so one sweep of radius r costs a fan of rays:
///   - one along the center line, `length + r` long (the ball's front reaches that far);
///   - one along each edge of the swept volume, from the center moved r to either side (in
///     3D, to the eight corners of the octagon around the body's disc), `length` long;
///   - one "feeler" from the center toward each of those points, r * sqrt(2) long in 2D and
///     r / cos(22.5 deg) in 3D, which finds a surface the body already touches (most engines'
///     rays ignore a surface they start inside); with the center ray they meet any face
///     whose normal points at the body.
/// That is 5 rays a query in 2D and 17 in 3D (1 for a sweep of radius zero). Each hit is
/// taken as the plane through it across its normal, which is exact for flat faces. Geometry
/// thinner than the ray spacing (r) standing between two rays, and a corner pointing into
/// the gap between them, can be missed; give thin poles a collision proxy at least r thick,
/// or use `segment`s for them.
template <class F>
[[nodiscard]] constexpr ray_cast_world<std::decay_t<F>> ray_cast_obstacles(F&& cast) {
    return ray_cast_world<std::decay_t<F>>(std::forward<F>(cast));
}

/// Where a ball moving along `w` first touches what the ray cast reports, from the fan of
/// rays `ray_cast_obstacles` describes. Each hit stands for the plane through the hit point
/// across the reported normal (exact for flat faces): the ball touches it where its center
/// comes within its radius of that plane, at once if it already is. A hit the cast reports
/// badly is refused as reported from `caller` (the behavior passes its own caller's place).
template <vector V, class F>
    requires requires(const F& cast, const V& p, scalar_t<V> d) {
        { detail::invoke(cast, p, p, d) } -> std::convertible_to<std::optional<ray_hit<V>>>;
    }
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const ray_cast_world<F>& world, const sweep<V>& w,
                                                      const source_location& caller = source_location::current()) {
    using S = scalar_t<V>;
    constexpr const char* where = "steer::ray_cast_obstacles";
    std::optional<ray_hit<V>> first;
    const auto probe = [&](const V& origin, const V& direction, S max_distance) {
        if (!(max_distance > S(0))) return;
        const std::optional<ray_hit<V>> hit = detail::invoke(world.cast(), origin, direction, max_distance);
        if (!hit) return;
        detail::expect_at_least(where, "hit distance", hit->distance, S(0), caller);
        detail::expect_finite(where, "hit point", hit->point, caller);
        const V normal = safe_normalize(hit->normal);
        if (!is_finite(hit->normal)) [[unlikely]]
            detail::refuse_vector(where, "hit normal", "non-zero and finite", hit->normal, caller);
        else if (normal == V(S(0))) [[unlikely]]
            detail::refuse_direction(where, "hit normal", hit->normal, "non-zero and finite", caller);
        if (hit->distance > max_distance) return;
        const S height = glm::dot(w.origin - hit->point, normal);  // of the ball's center above the plane
        S t = 0;
        if (!(height < w.radius)) {
            const S approach = -glm::dot(w.direction, normal);
            if (!(approach > S(0))) return;
            t = (height - w.radius) / approach;
            if (!(t <= w.length)) return;
        }
        if (!first || t < first->distance)
            first = ray_hit<V>{t, w.origin + w.direction * t - normal * std::min(height, w.radius), normal};
    };
    probe(w.origin, w.direction, w.length + w.radius);
    if (!(w.radius > S(0))) return first;
    const auto [side, up] = detail::lateral_axes(w.direction);
    if constexpr (dimension_v<V> == 2) {
        // Feelers r * sqrt(2) long: a face whose normal lies between a feeler and the center
        // ray (45 degrees at most from one of them) is met by one while the body touches it.
        for (const V& across : {side, -side}) {
            probe(w.origin, across, w.radius * S(1.41421356237309505));
            probe(w.origin + across * w.radius, w.direction, w.length);
        }
    } else {
        // Eight directions around the heading, 45 degrees apart: feelers r / cos(22.5 deg) long.
        const S diagonal = S(0.70710678118654752);
        const V around[8] = {side, (side + up) * diagonal, up, (up - side) * diagonal,
                             -side, -(side + up) * diagonal, -up, (side - up) * diagonal};
        const S circumscribed = w.radius * S(1.08239220029239396);  // the octagon around the body's disc
        for (const V& across : around) {
            probe(w.origin, across, circumscribed);
            probe(w.origin + across * circumscribed, w.direction, w.length);
        }
    }
    return first;
}

}  // namespace steer

#endif  // STEER_WORLD_RAY_CAST_OBSTACLES_HPP
