// The horde example's scene (examples/horde/scenario.hpp): separation between bodies keeps
// units of mixed sizes apart where separation between centers lets them run into each other
// (issue 44's targets; docs/behaviors.md, "Separation between bodies"). The full horde
// (2,000 units, a minute, twice) takes seconds even optimized: it is compiled in only where
// STEER_TEST_HEAVY is set (tests/CMakeLists.txt). A horde of 300 for 20 s runs everywhere.

#include <doctest/doctest.h>

#include <horde/scenario.hpp>

namespace {

/// The horde with separation between centers, then between bodies, in the same blend.
struct pair_of_runs {
    horde::figures centers, bodies;
};

pair_of_runs centers_then_bodies(int units, float seconds) {
    horde::settings s;
    s.units = units;
    s.seconds = seconds;
    pair_of_runs r;
    r.centers = horde::run(s);
    s.bodies = true;
    r.bodies = horde::run(s);
    return r;
}

}  // namespace

TEST_CASE("a horde of 300 chasing a target: bodies keep apart with separation between bodies, not between centers") {
    const pair_of_runs r = centers_then_bodies(300, 20);
    CAPTURE(r.centers.pair_frames_over_10);
    CAPTURE(r.bodies.pair_frames_over_10);
    CAPTURE(r.bodies.deepest);
    CHECK(r.centers.pair_frames_over_10 > 1000);  // the scene does press bodies together
    CHECK(r.bodies.pair_frames_over_10 * 100 <= r.centers.pair_frames_over_10);
    CHECK(r.bodies.deepest <= 0.25);
    // Still a horde on the target, not a scattering: the units stay around it.
    CHECK(r.bodies.mean_distance_to_target < 2 * r.centers.mean_distance_to_target);
}

#if STEER_TEST_HEAVY
TEST_CASE("a horde of 2,000 units of radii 0.3 to 0.9 chasing a target for a minute: overlaps over 10% at most 1% of "
          "separation between centers', none over 25%") {
    const pair_of_runs r = centers_then_bodies(2000, 60);
    CAPTURE(r.centers.pair_frames_over_10);
    CAPTURE(r.centers.deepest);
    CAPTURE(r.bodies.pair_frames_over_10);
    CAPTURE(r.bodies.deepest);
    CHECK(r.bodies.pair_frames_over_10 * 100 <= r.centers.pair_frames_over_10);
    CHECK(r.bodies.deepest <= 0.25);
    CHECK(r.bodies.mean_distance_to_target < 2 * r.centers.mean_distance_to_target);
}
#endif
