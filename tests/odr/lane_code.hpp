// The lane code of one translation unit, as addresses: the instantiations a program gets
// when it steps a crowd, a flock and a crowd of vehicles with the default arguments.
#ifndef STEER_TESTS_ODR_LANE_CODE_HPP
#define STEER_TESTS_ODR_LANE_CODE_HPP

#include <string_view>

namespace odr {

/// What one translation unit instantiated.
struct lane_code {
    std::string_view target;       // steer::detail::simd::target there
    const void* flock_step;        // flock<vec3>::step with the default extra steering and executor
    const void* crowd_step;        // crowd<vec3>::step with a plain function as think
    const void* apply_forces;      // apply_forces over a vector of vehicles
};

/// A think of the same type in every unit, so that only the lanes can tell the units'
/// crowd steps apart.
struct still_think {
    template <class Id, class Self, class Neighbors>
    auto operator()(Id, const Self& self, const Neighbors&) const {
        return self.velocity() * 0.0f;
    }
};

lane_code lane_code_of_avx_unit();
lane_code lane_code_of_main_unit();

}  // namespace odr

#endif
