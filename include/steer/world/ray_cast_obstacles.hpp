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
///   - one along each edge of the swept volume, from the center moved r to either side
///     (and above and below, in 3D), `length` long;
///   - one "feeler" from the center to each of those sides, r long, which finds a surface
///     the body already touches (most engines' rays ignore a surface they start inside).
/// That is 5 rays a query in 2D and 9 in 3D (1 for a sweep of radius zero). Geometry
/// thinner than r standing exactly between two rays can be missed; give thin poles a
/// collision proxy at least r thick, or use `segment`s for them.
template <class F>
[[nodiscard]] constexpr ray_cast_world<std::decay_t<F>> ray_cast_obstacles(F&& cast) {
    return ray_cast_world<std::decay_t<F>>(std::forward<F>(cast));
}

/// Where a ball moving along `w` first touches what the ray cast reports, from the fan of
/// rays `ray_cast_obstacles` describes. The normal is the reported one, normalized.
template <vector V, class F>
    requires requires(const F& cast, const V& p, scalar_t<V> d) {
        { detail::invoke(cast, p, p, d) } -> std::convertible_to<std::optional<ray_hit<V>>>;
    }
[[nodiscard]] std::optional<ray_hit<V>> first_contact(const ray_cast_world<F>& world, const sweep<V>& w) {
    using S = scalar_t<V>;
    constexpr const char* where = "steer::ray_cast_obstacles";
    std::optional<ray_hit<V>> first;
    // One ray: a hit at distance d counts as a contact `d - shift` along the sweep.
    const auto probe = [&](const V& origin, const V& direction, S max_distance, S shift) {
        if (!(max_distance > S(0))) return;
        const std::optional<ray_hit<V>> hit = detail::invoke(world.cast(), origin, direction, max_distance);
        if (!hit) return;
        detail::expect_at_least(where, "hit distance", hit->distance, S(0));
        detail::expect_finite(where, "hit point", hit->point);
        const V normal = safe_normalize(hit->normal);
        if (!is_finite(hit->normal) || normal == V(S(0)))
            detail::refuse_vector(where, "hit normal", "non-zero and finite", hit->normal);
        if (hit->distance > max_distance) return;
        const S along = std::max(hit->distance - shift, S(0));
        if (!first || along < first->distance) first = ray_hit<V>{along, hit->point, normal};
    };
    probe(w.origin, w.direction, w.length + w.radius, w.radius);
    if (!(w.radius > S(0))) return first;
    const auto [side, up] = detail::lateral_axes(w.direction);
    for (const V& across : {side, -side, up, -up}) {
        if (across == V(S(0))) continue;  // 2D: no up
        probe(w.origin, across, w.radius, w.radius);
        probe(w.origin + across * w.radius, w.direction, w.length, S(0));
    }
    return first;
}

}  // namespace steer

#endif  // STEER_WORLD_RAY_CAST_OBSTACLES_HPP
