// Behavior fuzzer: random finite vehicles, targets and parameters (zeros, denormals, huge
// values, coincident and reversed points) through every behavior; aborts on a non-finite
// steering force, or when apply_force leaves the vehicle's limits or its frame.

#include <cmath>
#include <cstddef>
#include <cstdint>

#include <steer/steer.hpp>

#include "fuzz_input.hpp"

namespace {

using steer::fuzz::input;

template <steer::vector V>
steer::vehicle<V> random_vehicle(input& in) {
    using S = steer::scalar_t<V>;
    return steer::vehicle<V>({.position = in.vec<V>(),
                              .velocity = in.vec<V>(),
                              .mass = in.flag() ? S(1) : in.in_range<S>(S(0.001), S(1000)),
                              .radius = in.non_negative<S>(),
                              .max_force = in.flag() ? S(1) : in.non_negative<S>(),
                              .max_speed = in.flag() ? S(1) : in.non_negative<S>(),
                              .acceleration_smoothing = in.flag() ? S(0) : in.in_range<S>(S(0), S(5)),
                              .banking = in.flag(),
                              .banking_gravity = in.non_negative<S>(),
                              .banking_smoothing = in.in_range<S>(S(0), S(2))});
}

template <steer::vector V>
V one_behavior(input& in, const steer::vehicle<V>& v) {
    using S = steer::scalar_t<V>;
    switch (in.pick(5)) {
        case 0: return steer::seek(v, in.vec<V>());
        case 1: return steer::flee(v, in.vec<V>());
        case 2: return steer::arrival(v, in.vec<V>(), in.scalar<S>());
        case 3: {
            const steer::avatar_neighborhood<V> zone{.radius = in.non_negative<S>(), .velocity_weight = in.non_negative<S>()};
            return steer::avoid_avatar(v, in.vec<V>(), in.vec<V>(), zone);
        }
        default: {
            const steer::avatar_neighborhood<V> zone{.radius = in.non_negative<S>(), .velocity_weight = in.non_negative<S>()};
            return steer::avatar_escape_direction(zone, in.vec<V>(), in.vec<V>(), in.vec<V>());
        }
    }
}

template <steer::vector V>
void check_vehicle(const steer::vehicle<V>& v) {
    using S = steer::scalar_t<V>;
    STEER_FUZZ_CHECK(steer::is_finite(v.velocity()));
    STEER_FUZZ_CHECK(steer::is_finite(v.acceleration()));
    STEER_FUZZ_CHECK(static_cast<double>(v.speed()) <= static_cast<double>(v.max_speed()) * (1 + 1e-5) + 1e-30);
    // The applied (smoothed) acceleration never exceeds max_force / mass: smoothing blends
    // accelerations that each respect the limit.
    const double limit = static_cast<double>(v.max_force()) / static_cast<double>(v.mass());
    STEER_FUZZ_CHECK(static_cast<double>(steer::safe_length(v.acceleration())) <= limit * (1 + 1e-4) + 1e-30);
    const auto unit = [](const V& a) { return std::abs(static_cast<double>(glm::length(a)) - 1.0) < 1e-3; };
    STEER_FUZZ_CHECK(unit(v.forward()));
    STEER_FUZZ_CHECK(unit(v.side()));
    STEER_FUZZ_CHECK(std::abs(static_cast<double>(glm::dot(v.forward(), v.side()))) < 1e-3);
    if constexpr (steer::dimension_v<V> == 3) {
        STEER_FUZZ_CHECK(unit(v.up()));
        STEER_FUZZ_CHECK(std::abs(static_cast<double>(glm::dot(v.forward(), v.up()))) < 1e-3);
    }
    (void)S(0);
}

template <steer::vector V>
void run(input& in) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v = random_vehicle<V>(in);
    for (int step = 0; step < 8 && !in.empty(); ++step) {
        const V steering = one_behavior(in, v);
        STEER_FUZZ_CHECK(steer::is_finite(steering));
        const S dt = in.flag() ? S(1) / S(60) : in.in_range<S>(S(0), S(1));
        // Positions may overflow after many huge steps; the library's promise is about
        // finite state, so stop when the next position would not be finite.
        if (!steer::is_finite(v.position() + v.velocity() * dt + steer::truncate(steering, v.max_force()) * dt * dt))
            return;
        v.apply_force(steering, dt);
        if (!steer::is_finite(v.position())) return;
        check_vehicle(v);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    switch (in.pick(3)) {
        case 0: run<glm::vec2>(in); break;
        case 1: run<glm::vec3>(in); break;
        default: run<glm::dvec3>(in); break;
    }
    return 0;
}
