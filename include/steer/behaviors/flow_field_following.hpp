#ifndef STEER_BEHAVIORS_FLOW_FIELD_FOLLOWING_HPP
#define STEER_BEHAVIORS_FLOW_FIELD_FOLLOWING_HPP

/// @file
/// Flow field following (Reynolds 1999, "Flow Field Following").

#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "../world/flow_field.hpp"

namespace steer {

/// Aligns the vehicle's motion with `field`: the field sampled at the position predicted
/// `prediction_time` seconds ahead, times max_speed and truncated to max_speed, is the
/// desired velocity (a unit flow vector asks for full speed, a shorter one for less, a
/// zero one for a stop).
/// @param prediction_time seconds; >= 0.
/// @return desired velocity minus current velocity, not truncated.
template <vector V>
[[nodiscard]] V follow_flow_field(const vehicle<V>& v, const flow_field<V>& field, scalar_t<V> prediction_time) {
    using S = scalar_t<V>;
    detail::expect_at_least("steer::follow_flow_field", "prediction_time", prediction_time, S(0));
    const V flow = field.sample(v.predict_future_position(prediction_time));
    return truncate(flow * v.max_speed(), v.max_speed()) - v.velocity();
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_FLOW_FIELD_FOLLOWING_HPP
