#ifndef STEER_BEHAVIORS_OFFSET_PURSUIT_HPP
#define STEER_BEHAVIORS_OFFSET_PURSUIT_HPP

/// @file
/// Offset pursuit (Reynolds 1999, "Offset Pursuit"): fly past a moving character at a
/// chosen distance instead of into it.

#include <cmath>

#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "pursuit.hpp"
#include "seek.hpp"

namespace steer {

/// Steers a path that passes `offset` units beside a moving `quarry` (a fly-by or strafing
/// run), with the paper's construction (Reynolds 1999, "Offset Pursuit"): predict the
/// quarry as pursuit does, take that point into our local space, drop its forward
/// coordinate to get its lateral offset (in the side-up plane), normalize that and scale
/// it by −offset, add it to the local point, take the result back to world space and seek
/// it. The target point therefore sits `offset` units from the quarry, on our side of it.
/// A quarry dead ahead (no lateral offset) is aimed past toward our −side, so it passes
/// on our +side.
/// @param offset passing distance in world units, >= 0; 0 is plain pursuit.
/// @param max_prediction_time cap on the prediction in seconds, >= 0.
/// @return desired velocity minus current velocity, not truncated.
template <vector V>
[[nodiscard]] V offset_pursuit(const vehicle<V>& v, const vehicle<V>& quarry, scalar_t<V> offset,
                               scalar_t<V> max_prediction_time) {
    using S = scalar_t<V>;
    constexpr auto where = "steer::offset_pursuit";
    STEER_EXPECTS(std::isfinite(offset) && offset >= S(0), detail::describe(where, "offset", ">= 0 and finite", offset));
    detail::expect_prediction_time(where, max_prediction_time);

    const S time = detail::prediction_time(v, quarry, max_prediction_time);
    const auto& frame = v.local_space();
    const V local_target = frame.localize_point(quarry.predict_future_position(time));
    V lateral = local_target;
    lateral[dimension_v<V> - 1] = S(0);  // local coordinates end with forward
    V lateral_unit = safe_normalize(lateral);
    if (lateral_unit == V(S(0))) lateral_unit[0] = S(1);  // dead ahead or behind: pass on the +side
    return seek(v, frame.globalize_point(local_target - lateral_unit * offset));
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_OFFSET_PURSUIT_HPP
