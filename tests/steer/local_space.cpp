#include <doctest/doctest.h>

#include <steer/local_space.hpp>

#include "test_util.hpp"

using steer::test::near;

TEST_CASE("a 3D frame from a forward parallel to up still has a valid side") {
    const auto frame = steer::local_space<glm::vec3>::from_forward({}, {0, 5, 0});
    CHECK(near(frame.forward(), glm::vec3(0, 1, 0)));
    CHECK(std::abs(glm::dot(frame.side(), frame.forward())) < 1e-6f);
    CHECK(std::abs(glm::length(frame.side()) - 1) < 1e-6f);
    CHECK(near(glm::cross(frame.side(), frame.forward()), frame.up()));
}

TEST_CASE("reorienting to a zero forward keeps the frame") {
    auto frame = steer::local_space<glm::dvec3>::from_forward({}, {1, 0, 0});
    const auto before = frame;
    frame.reorient({0, 0, 0});
    CHECK(frame == before);
}

TEST_CASE("the 2D side is forward turned +90 degrees") {
    const auto frame = steer::local_space<glm::vec2>::from_forward({1, 1}, {0, 2});
    CHECK(near(frame.side(), glm::vec2(-1, 0)));
    CHECK(near(frame.localize_point({1, 3}), glm::vec2(0, 2)));  // (side, forward)
    CHECK(near(frame.localize_point({0, 1}), glm::vec2(1, 0)));
}
