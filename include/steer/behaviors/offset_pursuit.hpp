#ifndef STEER_BEHAVIORS_OFFSET_PURSUIT_HPP
#define STEER_BEHAVIORS_OFFSET_PURSUIT_HPP

/// @file
/// Offset pursuit (Reynolds 1999, "Offset Pursuit"): fly past a moving character at a
/// chosen distance instead of into it.

#include <cmath>

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "pursuit.hpp"
#include "seek.hpp"

namespace steer {

/// Tuning for `offset_pursuit`.
template <vector V>
struct offset_pursuit_params {
    /// Passing distance (world units, >= 0) from the quarry's center; 0 is plain pursuit.
    scalar_t<V> offset = 1;
    /// Cap on the prediction (seconds, >= 0), as in pursuit.
    scalar_t<V> max_prediction_time = 1;
};

/// Refuses a negative or non-finite offset or prediction cap, as `offset_pursuit` would.
template <vector V>
void validate(const offset_pursuit_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::offset_pursuit", "offset", p.offset, 0, caller);
    detail::expect_at_least("steer::offset_pursuit", "max_prediction_time", p.max_prediction_time, 0, caller);
}

/// Steers a path that passes `offset` units beside a moving `quarry` (a fly-by or strafing
/// run), with the paper's construction (Reynolds 1999, "Offset Pursuit"): predict the
/// quarry as pursuit does, take that point into our local space, drop its forward
/// coordinate to get its lateral offset (in the side-up plane), normalize that and scale
/// it by −offset, add it to the local point, take the result back to world space and seek
/// it. The target point therefore sits `offset` units from the quarry, on our side of it.
/// A quarry dead ahead (no lateral offset) is aimed past toward our −side, so it passes
/// on our +side.
/// @return seek's force toward that point (at most max_force).
template <agent A, agent_of<agent_vector_t<A>> Q>
[[nodiscard]] agent_vector_t<A> offset_pursuit(const A& a, const Q& quarry,
                                               const offset_pursuit_params<agent_vector_t<A>>& p = {},
                                               source_location caller = source_location::current()) {
    detail::expect_limits("steer::offset_pursuit", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    const S time = detail::prediction_time(a, quarry, p.max_prediction_time);
    const auto frame = local_space_of(a);
    const V local_target = frame.localize_point(predict_future_position(quarry, time));
    V lateral = local_target;
    lateral[dimension_v<V> - 1] = S(0);  // local coordinates end with forward
    V lateral_unit = safe_normalize(lateral);
    if (lateral_unit == V(S(0))) lateral_unit[0] = S(1);  // dead ahead or behind: pass on the +side
    return seek(a, frame.globalize_point(local_target - lateral_unit * p.offset), caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_OFFSET_PURSUIT_HPP
