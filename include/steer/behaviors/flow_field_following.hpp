#ifndef STEER_BEHAVIORS_FLOW_FIELD_FOLLOWING_HPP
#define STEER_BEHAVIORS_FLOW_FIELD_FOLLOWING_HPP

/// @file
/// Flow field following (Reynolds 1999, "Flow Field Following").

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/flow_field.hpp"

namespace steer {

/// Tuning for `flow_field_following`.
template <vector V>
struct flow_field_following_params {
    /// How far ahead (seconds, >= 0) the agent's position is predicted and the field
    /// sampled there; 0 samples where the agent is. The default, 1 s, lets it start turning
    /// before it crosses into a differently painted cell.
    scalar_t<V> prediction_time = 1;
};

/// Refuses a negative or non-finite prediction time, as `flow_field_following` would.
template <vector V>
void validate(const flow_field_following_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::flow_field_following", "prediction_time", p.prediction_time, 0, caller);
}

/// Aligns the agent's motion with `field` (Reynolds 1999, "Flow Field Following"): the
/// field is sampled where the agent will be `prediction_time` seconds ahead, and that flow
/// vector, times max_speed and cut to max_speed, is the desired velocity. A unit flow
/// vector asks for full speed along it, a shorter one for proportionally less, a zero one
/// for a stop.
/// @return the velocity error as a force (`detail::velocity_error_force`): full effort at
///         an error of max_speed or more, zero when already moving as the field asks.
template <agent A>
[[nodiscard]] agent_vector_t<A> flow_field_following(const A& a, const flow_field<agent_vector_t<A>>& field,
                                                     const flow_field_following_params<agent_vector_t<A>>& p = {},
                                                     source_location caller = source_location::current()) {
    detail::expect_limits("steer::flow_field_following", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const S max_speed = static_cast<S>(a.max_speed());
    const V flow = field.sample(predict_future_position(a, p.prediction_time));
    return detail::velocity_error_force(a, truncate(flow * max_speed, max_speed));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_FLOW_FIELD_FOLLOWING_HPP
