// Bad configuration: every parameter the library validates is refused through STEER_EXPECTS
// (by default std::invalid_argument) with a message naming the parameter and its value. The
// cases live in tests/refusals.hpp, shared with the custom STEER_EXPECTS program.

#include <stdexcept>
#include <string>

#include <doctest/doctest.h>

#include "refusals.hpp"

TEST_CASE("every validated parameter is refused with std::invalid_argument naming the parameter and value") {
    const auto cases = steer::test::refusals();
    CHECK(cases.size() >= 100);
    for (const auto& c : cases) {
        CAPTURE(c.message);
        std::string what = "(nothing thrown)";
        try {
            c.attempt();
        } catch (const std::invalid_argument& e) {
            what = e.what();
        }
        if (c.prefix)
            CHECK(what.rfind(c.message, 0) == 0);
        else
            CHECK(what == c.message);
    }
}

TEST_CASE("the same configurations with valid values are accepted") {
    // The boundaries of the documented ranges are valid: zero where >= 0 is asked, one cell.
    using V = glm::vec3;
    CHECK_NOTHROW(steer::vehicle<V>({.radius = 0, .max_force = 0, .max_speed = 0, .acceleration_smoothing = 0}));
    CHECK_NOTHROW(steer::pathway<V>({V(0), V(1)}, 0.0f));
    CHECK_NOTHROW(steer::flow_field<V>({V(0), V(0)}, {1, 1, 1}));
    CHECK_NOTHROW(steer::bin_lattice<V, int>({V(0), V(0)}, {1, 1, 1}));
    CHECK_NOTHROW(steer::think_schedule(1));
    steer::vehicle<V> v;
    CHECK_NOTHROW(v.apply_force(V(0), 0.0f));
    CHECK_NOTHROW((void)steer::arrival(v, V(1), {.slowing_distance = 0.0f}));
}
