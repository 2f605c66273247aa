#ifndef STEER_BEHAVIORS_SEEK_HPP
#define STEER_BEHAVIORS_SEEK_HPP

/// @file
/// Seek and flee (Reynolds 1999, "Seek" and "Flee"), one family in one header.

#include "../agent.hpp"
#include "../detail/force.hpp"
#include "../math.hpp"

namespace steer {

/// Steers toward `target` at full speed (Reynolds 1999, "Seek"): the desired velocity is
/// the unit offset to the target times max_speed. It passes through the target and circles
/// back (use `arrival` to stop there). On the target the desired velocity is zero (a brake).
/// @return the velocity error as a force (max_force per max_speed of error, at most
///         max_force): full effort from rest, zero when already at full speed toward it.
template <agent A>
[[nodiscard]] agent_vector_t<A> seek(const A& a, const agent_vector_t<A>& target,
                                     source_location caller = source_location::current())
    noexcept(detail::keeps_its_limits<A>) {
    detail::expect_limits("steer::seek", a, caller);
    using V = agent_vector_t<A>;
    const V desired = safe_normalize(target - static_cast<V>(a.position())) * static_cast<scalar_t<V>>(a.max_speed());
    return detail::velocity_error_force(a, desired);
}

/// Steers directly away from `target` at full speed (Reynolds 1999, "Flee"): seek's desired
/// velocity reversed. At the target itself there is no "away": the desired velocity is zero.
/// @return the velocity error as a force, as seek's.
template <agent A>
[[nodiscard]] agent_vector_t<A> flee(const A& a, const agent_vector_t<A>& target,
                                     source_location caller = source_location::current())
    noexcept(detail::keeps_its_limits<A>) {
    detail::expect_limits("steer::flee", a, caller);
    using V = agent_vector_t<A>;
    const V desired = safe_normalize(static_cast<V>(a.position()) - target) * static_cast<scalar_t<V>>(a.max_speed());
    return detail::velocity_error_force(a, desired);
}

}  // namespace steer

#endif  // STEER_BEHAVIORS_SEEK_HPP
