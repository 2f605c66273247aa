#ifndef STEER_BEHAVIORS_CONTAINMENT_HPP
#define STEER_BEHAVIORS_CONTAINMENT_HPP

/// @file
/// Containment (Reynolds 1999, "Wall Following and Containment"): stay inside a region.

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "../world/region.hpp"
#include "seek.hpp"

namespace steer {

/// Keeps the vehicle inside `area` (a `sphere`, a `box`, a `pathway`'s tube, or any type
/// meeting the `region` concept). The position `prediction_time` seconds ahead is
/// predicted; while it is inside, there is no steering. Otherwise the vehicle seeks an
/// inside point built from the prediction, the first of the paper's two constructions: the
/// prediction is brought to the nearest point of the region, and that offset is extended
/// inward by the distance the vehicle covers in `prediction_time` (the target is brought
/// inside again if that overshoots a thin region). The vehicle turns back into the region
/// rather than skimming along its boundary, so a wanderer contained this way spends most
/// of its time wandering. With zero speed (a vehicle at rest outside) the target is the
/// nearest inside point itself.
///
/// @param prediction_time seconds; >= 0. Zero reacts only once the vehicle is outside.
/// @return seek's force toward that inside point, or exactly zero while the prediction is inside.
template <vector V, region<V> Region>
[[nodiscard]] V contain(const vehicle<V>& v, const Region& area, scalar_t<V> prediction_time) {
    using S = scalar_t<V>;
    detail::expect_at_least("steer::contain", "prediction_time", prediction_time, S(0));
    const V future = v.predict_future_position(prediction_time);
    if (contains(area, future)) return V(S(0));
    const V boundary = static_cast<V>(nearest_inside(area, future));
    const V excursion = boundary - future;  // points inward
    const S depth = safe_length(excursion) + v.speed() * prediction_time;
    const V target = static_cast<V>(nearest_inside(area, boundary + safe_normalize(excursion) * depth));
    return seek(v, target);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_CONTAINMENT_HPP
