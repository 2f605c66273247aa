// Included by both units: the same source, compiled with and without AVX.
#include <vector>

#include <steer/crowd/apply_forces.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/crowd/flock.hpp>

namespace odr {
namespace {

/// The address of a member function, as a plain pointer to compare (never called).
template <class M>
const void* address_of(M member) {
    const void* p = nullptr;
    static_assert(sizeof(member) >= sizeof(p));
    __builtin_memcpy(&p, &member, sizeof(p));
    return p;
}

lane_code this_unit() {
    using flock_step = void (steer::flock3::*)(float, const steer::flocking_params<glm::vec3>&,
                                               steer::no_extra_steering&&, steer::serial_executor&&,
                                               steer::source_location);
    using crowd_step = void (steer::crowd3::*)(float, float, still_think&&, steer::serial_executor&&,
                                               steer::source_location);
    const flock_step f = &steer::flock3::step<steer::no_extra_steering, steer::serial_executor>;
    const crowd_step c = &steer::crowd3::step<still_think, steer::serial_executor>;
    auto forces = &steer::apply_forces<std::vector<steer::vehicle3>&, std::vector<glm::vec3>>;
    return {steer::detail::simd::target, address_of(f), address_of(c), reinterpret_cast<const void*>(forces)};
}

}  // namespace
}  // namespace odr
