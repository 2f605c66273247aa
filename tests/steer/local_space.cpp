#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include <steer/local_space.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

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

namespace {
template <class V>
double frame_error(const steer::local_space<V>& f) {
    const auto unit = [](const V& a) { return std::abs(static_cast<double>(glm::length(a)) - 1.0); };
    const auto square = [](const V& a, const V& b) { return std::abs(static_cast<double>(glm::dot(a, b))); };
    return std::max({unit(f.forward()), unit(f.side()), unit(f.up()), square(f.forward(), f.side()),
                     square(f.forward(), f.up()), square(f.side(), f.up())});
}
}  // namespace

// Found by the behavior fuzzer (a banking vehicle with banking_gravity 0 starting from rest):
// an up hint within rounding of forward made cross(forward, hint) mostly rounding noise, and
// the side normalized from it was 8 degrees off perpendicular. Then, with a zero hint and a
// forward equal to the old side reversed, the old side projected off forward was pure
// rounding, and normalizing it gave a side parallel to forward.
TEST_CASE_TEMPLATE("a frame stays orthonormal when the up hint is nearly parallel to forward or nearly zero", V,
                   glm::vec3, glm::dvec3) {
    using S = steer::scalar_t<V>;
    steer::rng gen(31);
    double worst = 0;
    for (int i = 0; i < 20000; ++i) {
        auto frame = steer::local_space<V>::from_forward({}, steer::random_unit_vector<V>(gen));
        const S tiny = std::pow(S(10), steer::uniform(gen, S(-12), S(-4)));
        const V nudge = steer::random_unit_vector<V>(gen) * tiny;
        // Sometimes the new forward is the old side or its reverse (a right-angle turn), so
        // that the old side, the fallback for a useless hint, is no help either.
        const int turn = i % 4;
        const V forward = turn == 0 ? frame.side() : (turn == 1 ? -frame.side() : steer::random_unit_vector<V>(gen));
        const V hint = i % 3 == 0 ? nudge * S(i % 2) : (i % 3 == 1 ? forward + nudge : -forward * S(3) + nudge);
        frame.reorient(forward, hint);
        worst = std::max(worst, frame_error(frame));
    }
    CHECK(worst < 1e-5);
}

TEST_CASE("a banking vehicle without gravity that starts from rest keeps an orthonormal frame") {
    // The fuzzer's first case: the lift is the turning acceleration alone, which is rounding
    // noise when the vehicle accelerates straight from rest.
    steer::vehicle3 v({.banking = true, .banking_gravity = 0});
    v.apply_force({-2.66666698f, 5.33333302f, 5.33333302f}, 0.0957439989f);
    CHECK(frame_error(v.local_space()) < 1e-5);
}
