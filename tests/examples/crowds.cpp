// The crowds example's scenes (examples/crowds/scenario.hpp): reciprocal avoidance keeps
// dense crowds apart without freezing them (issue 27's targets; docs/behaviors.md,
// "Reciprocal avoidance"). The full scenes take seconds even optimized: they are compiled
// in only where STEER_TEST_HEAVY is set (optimized builds; not the sanitizer and emulated
// ones, tests/CMakeLists.txt). A circle of 30 runs everywhere.

#include <doctest/doctest.h>

#include <crowds/scenario.hpp>

namespace {

crowds::figures reciprocal_run(crowds::scene scene, int agents = 100) {
    crowds::settings s;
    s.scene = scene;
    s.agents = agents;
    s.time_limit = 150;
    return crowds::run(s);
}

/// Every agent arrived, and no two bodies ever went more than 1% of their radii's sum into
/// each other.
void check_all_arrived_apart(const crowds::figures& f) {
    CAPTURE(f.finish_time);
    CAPTURE(f.deepest);
    CHECK(f.arrived == f.agents);
    CHECK(f.deep_pair_frames == 0);
}

}  // namespace

TEST_CASE("a circle of 30 swaps sides with reciprocal avoidance, no body ever 1% into another") {
    const crowds::figures f = reciprocal_run(crowds::scene::circle, 30);
    check_all_arrived_apart(f);
    CHECK(f.finish_time < 3 * f.straight_time);
}

#if STEER_TEST_HEAVY
TEST_CASE("a circle of 100 swaps sides: all arrive within 1.5 times the straight walk, no body ever 1% into another") {
    const crowds::figures f = reciprocal_run(crowds::scene::circle);
    check_all_arrived_apart(f);
    // The 1.5x (36 s): 35.6 s. A narrow margin: circles of 86 to 114 take 1.49x to
    // 1.76x (docs/behaviors.md, "What it guarantees, and what it does not").
    CHECK(f.finish_time < 1.5 * f.straight_time);
}

TEST_CASE("two blocks of 200 cross at right angles within 1.5 times the straight walk, no body ever 1% into another") {
    const crowds::figures f = reciprocal_run(crowds::scene::crossing);
    check_all_arrived_apart(f);
    CHECK(f.finish_time < 1.5 * f.straight_time);
}

TEST_CASE("two streams 6 abreast pass each other in a corridor, no body ever 1% into another or into a wall") {
    const crowds::figures f = reciprocal_run(crowds::scene::corridor);
    check_all_arrived_apart(f);
    CHECK(f.min_wall_gap > -0.005);
}

/// The scenes RVO2's way (docs/behaviors.md, "Coming from RVO2"): agents that take the chosen
/// velocity in one step (max_force 2 × mass × max_speed / dt), done when every agent is
/// within 0.1 m of its goal at once, with shorten_horizons_when_blocked.
crowds::settings rvo2_way(crowds::scene scene, int neighbors) {
    crowds::settings s;
    s.scene = scene;
    s.max_force = 2 * s.max_speed * s.hz;
    s.home_distance = 0.1f;
    s.time_limit = 120;
    s.reciprocal.max_neighbors = neighbors;
    s.reciprocal.shorten_horizons_when_blocked = true;
    return s;
}

TEST_CASE("shortened horizons: two blocks of 200 cross within 1.5 times the straight walk with 6 to 16 neighbors, "
          "all within 0.1 m of their goals, no body ever 1% into another") {
    for (const int neighbors : {6, 10, 16}) {
        CAPTURE(neighbors);
        const crowds::figures f = crowds::run(rvo2_way(crowds::scene::crossing, neighbors));
        check_all_arrived_apart(f);
        // 1.43, 1.16 and 1.05 times; without shortened horizons 1.07, 1.53 and 3.32.
        CHECK(f.finish_time < 1.5 * f.straight_time);
    }
}

TEST_CASE("shortened horizons: 300 agents to random goals all get within 0.1 m of them, within 4 times the "
          "straight walk, no body ever 1% into another") {
    for (const unsigned seed : {1u, 2u, 3u}) {
        CAPTURE(seed);
        crowds::settings s = rvo2_way(crowds::scene::random, 10);
        s.agents = 300;
        s.seed = seed;
        const crowds::figures f = crowds::run(s);
        check_all_arrived_apart(f);
        // 2.25, 2.69 and 3.61 times (the target, 3, is not met by the third); without
        // shortened horizons the first took 3.96 times.
        CHECK(f.finish_time < 4 * f.straight_time);
    }
}

TEST_CASE("a circle of 200 of mixed sizes and speeds swaps sides within 1.3 times the slowest straight walk, all "
          "within 0.1 m of their goals, no body ever 1% into another") {
    crowds::settings s = rvo2_way(crowds::scene::mixed, 10);
    s.agents = 200;
    s.time_limit = 300;  // the slowest walks 126 s straight
    s.reciprocal.shorten_horizons_when_blocked = false;
    const crowds::figures f = crowds::run(s);
    check_all_arrived_apart(f);
    CHECK(f.finish_time < 1.3 * f.straight_time);  // 1.05 (1.03 with shortened horizons)
}

TEST_CASE("agents staying put in a circle of 200 step aside for those crossing at most 1 m, and go back to their "
          "spots") {
    crowds::settings s = rvo2_way(crowds::scene::standing, 10);
    s.agents = 200;
    s.reciprocal.shorten_horizons_when_blocked = false;
    const crowds::figures f = crowds::run(s);
    check_all_arrived_apart(f);
    CAPTURE(f.farthest_shoved);
    CHECK(f.farthest_shoved <= 1.0);  // 0.97 m: a narrow margin (1.45 m with shortened horizons)
    CHECK(f.shoved_at_end <= 0.1);
}

TEST_CASE("nudge_companions with shortened horizons: circles of 86 to 114 swap sides within 1.5 times the straight "
          "walk with 6 to 16 neighbors, and agents staying put are not shoved from their spots") {
    for (const int neighbors : {6, 10, 16}) {
        for (const int agents : {86, 100, 114}) {
            CAPTURE(neighbors);
            CAPTURE(agents);
            crowds::settings s = rvo2_way(crowds::scene::circle, neighbors);
            s.agents = agents;
            s.reciprocal.nudge_companions = true;
            const crowds::figures f = crowds::run(s);
            check_all_arrived_apart(f);
            // 1.31 to 1.43 times over 86 to 114 agents (in steps of 7); without the nudge 1.41 to 1.71.
            CHECK(f.finish_time < 1.5 * f.straight_time);
        }
    }
    crowds::settings s = rvo2_way(crowds::scene::standing, 10);
    s.agents = 200;
    s.reciprocal.nudge_companions = true;
    const crowds::figures f = crowds::run(s);
    check_all_arrived_apart(f);
    CAPTURE(f.farthest_shoved);
    CHECK(f.farthest_shoved <= 0.1);  // 0.00 m (1.45 m without the nudge)
    CHECK(f.finish_time < 1.3 * f.straight_time);  // 1.23 (1.40 without)
}

TEST_CASE("the crossing is demanding: the best blend of the classic behaviors overlaps in it, and is slower") {
    crowds::settings s;
    s.scene = crowds::scene::crossing;
    s.method = crowds::method::blend;
    s.time_limit = 150;
    const crowds::figures blend = crowds::run(s);
    const crowds::figures reciprocal = reciprocal_run(crowds::scene::crossing);
    CHECK(blend.deep_pair_frames > 0);
    CHECK(blend.finish_time > reciprocal.finish_time);
}
#endif
