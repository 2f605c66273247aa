#ifndef STEER_BEHAVIORS_PATH_FOLLOWING_HPP
#define STEER_BEHAVIORS_PATH_FOLLOWING_HPP

/// @file
/// Path following (Reynolds 1999, "Path Following"): move along a pathway's tube, or
/// merely stay inside it.

#include <algorithm>

#include <glm/geometric.hpp>

#include "../detail/expect.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "../world/pathway.hpp"
#include "seek.hpp"

namespace steer {

namespace detail {

/// How far along the path ahead of the predicted projection a follower aims: the distance
/// covered at full speed in the prediction time, and never less than the body radius.
template <vector V>
[[nodiscard]] scalar_t<V> path_lead(const vehicle<V>& v, scalar_t<V> prediction_time) noexcept {
    return std::max(v.max_speed() * prediction_time, v.radius());
}

}  // namespace detail

/// Moves along `path` in `direction` (+1: from the first point toward the last; -1: back),
/// staying inside its tube. The paper's construction: predict the position
/// `prediction_time` seconds ahead and project it onto the spine. While the prediction is
/// inside the tube and the vehicle moves the requested way (its velocity has a positive
/// component along the path's direction there), no correction is needed; the only
/// steering is then a push along `forward()` up to max_speed (zero once at max_speed), so
/// a follower keeps moving. Otherwise it seeks the spine point `max(max_speed *
/// prediction_time, radius)` further along the path, in `direction`, from that projection.
///
/// A cyclic path is followed round and round. At the end of an open path the target stops
/// at the last point, and the vehicle circles it (combine with `arrival` to stop there).
/// @param direction +1 or -1; anything else is refused.
/// @param prediction_time seconds; >= 0.
/// @return the force described; exactly zero when inside, moving the requested way at max_speed.
template <vector V>
[[nodiscard]] V follow_path(const vehicle<V>& v, const pathway<V>& path, int direction, scalar_t<V> prediction_time) {
    using S = scalar_t<V>;
    STEER_EXPECTS(direction == 1 || direction == -1, detail::describe("steer::follow_path", "direction", "+1 or -1", direction));
    detail::expect_at_least("steer::follow_path", "prediction_time", prediction_time, S(0));
    const auto near = path.nearest(v.predict_future_position(prediction_time));
    const bool requested_way = glm::dot(v.velocity(), near.tangent) * static_cast<S>(direction) > S(0);
    if (near.outside <= S(0) && requested_way) {
        const S missing_speed = v.max_speed() - v.speed();
        return missing_speed > S(0) ? v.forward() * missing_speed : V(S(0));
    }
    const S ahead = near.distance + static_cast<S>(direction) * detail::path_lead(v, prediction_time);
    return seek(v, path.point_at_distance(ahead));
}

/// Stays inside the tube of `path` without caring which way along it the vehicle goes
/// (the paper's undirected path following, a kind of containment). While the position
/// predicted `prediction_time` seconds ahead is inside the tube there is no steering;
/// otherwise it seeks the spine point nearest to that prediction.
/// @param prediction_time seconds; >= 0.
/// @return seek's force, or exactly zero while the prediction is inside.
template <vector V>
[[nodiscard]] V stay_on_path(const vehicle<V>& v, const pathway<V>& path, scalar_t<V> prediction_time) {
    using S = scalar_t<V>;
    detail::expect_at_least("steer::stay_on_path", "prediction_time", prediction_time, S(0));
    const auto near = path.nearest(v.predict_future_position(prediction_time));
    if (near.outside <= S(0)) return V(S(0));
    return seek(v, near.point);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_PATH_FOLLOWING_HPP
