#ifndef STEER_BEHAVIORS_CONTAINMENT_HPP
#define STEER_BEHAVIORS_CONTAINMENT_HPP

/// @file
/// Containment (Reynolds 1999, "Wall Following and Containment"): stay inside a region.

#include "../agent.hpp"
#include "../detail/expect.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../world/region.hpp"
#include "seek.hpp"

namespace steer {

/// Tuning for `containment`.
template <vector V>
struct containment_params {
    /// How far ahead (seconds, >= 0) the agent's position is predicted and checked against
    /// the region; 0 reacts only once the agent is outside. The default, 1 s, turns an agent
    /// back before it leaves a region a few seconds of travel across.
    scalar_t<V> prediction_time = 1;
};

/// Refuses a negative or non-finite prediction time, as `containment` would.
template <vector V>
void validate(const containment_params<V>& p, source_location caller = source_location::current()) {
    detail::expect_at_least("steer::containment", "prediction_time", p.prediction_time, 0, caller);
}

/// Keeps the agent inside `region` (Reynolds 1999, "Wall Following and Containment": the
/// fish in the aquarium, the skaters on the rink): a `sphere`, a `box`, a `pathway`'s tube,
/// or any type meeting the `region` concept. The agent's position `prediction_time` seconds
/// ahead is predicted; while it is inside, there is no steering. Otherwise the agent seeks
/// an inside point built from the prediction, the first of the paper's two constructions:
/// the prediction is brought to the nearest point of the region, and that offset is
/// extended inward by the distance the agent covers in `prediction_time` (the target is
/// brought inside again if that overshoots a thin region). The agent turns back into the
/// region rather than skimming along its boundary, so a wanderer contained this way spends
/// most of its time wandering. At zero speed (an agent at rest outside) the target is the
/// nearest inside point itself.
///
/// The region is validated on every call (`validate(region)` when its type has one, as
/// the obstacle behaviors validate their obstacles): an inverted box, a plane whose normal
/// is zero or not finite, a sphere of negative radius or an oriented box without size or
/// with axes that are not orthonormal is refused by name.
///
/// @return seek's force toward that inside point (the velocity error as a force, full
///         effort at an error of max_speed or more), or exactly zero while the prediction
///         is inside.
template <agent A, class Region>
    requires region<Region, agent_vector_t<A>>
[[nodiscard]] agent_vector_t<A> containment(const A& a, const Region& region,
                                            const containment_params<agent_vector_t<A>>& p = {},
                                            source_location caller = source_location::current()) {
    detail::expect_limits("steer::containment", a, caller);
    using V = agent_vector_t<A>;
    using S = scalar_t<V>;
    validate(p, caller);
    detail::validate_region(region, caller);
    const V future = predict_future_position(a, p.prediction_time);
    if (contains(region, future)) return V(S(0));
    const V boundary = static_cast<V>(nearest_inside(region, future));
    const V excursion = boundary - future;  // points inward
    const S depth = safe_length(excursion) + speed(a) * p.prediction_time;
    const V target = static_cast<V>(nearest_inside(region, boundary + safe_normalize(excursion) * depth));
    return seek(a, target, caller);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_CONTAINMENT_HPP
