// The routes example's RTS level (examples/routes/scenario.hpp): units sent to goals of
// their own across 20 buildings, half of them concave, with routes from the navigation grid
// (issue 48's targets; docs/world.md, "Getting there"). The full 500 units take seconds: they
// run where STEER_TEST_HEAVY is set; elsewhere 60 units run the same checks. The doorway
// (examples/routes/doorway.hpp): routed groups swap sides through a 3 m door; queueing until
// through, most or all get through, pushing, at most two thirds as many, and pushing agents
// clog the door unless stuck agents yield (2 x 100 for 170 s where heavy tests run, 2 x 50
// for 60 s elsewhere).

#include <utility>

#include <doctest/doctest.h>

#include <routes/doorway.hpp>
#include <routes/scenario.hpp>

#include "test_util.hpp"

namespace {

routes::figures routed(routes::blend blend, bool use_routes = true) {
    routes::settings s;
    s.units = STEER_TEST_HEAVY ? 500 : 60;
    s.blend = blend;
    s.use_routes = use_routes;
    if (!use_routes) s.time_limit = 60;  // (long enough: the routed units are all home in 51 s)
    return routes::run(s);
}

/// Every unit arrived within twice its route's length at top speed, and no body ever went
/// more than 5% of its radius into a building.
void check_targets(const routes::figures& f) {
    CAPTURE(f.worst_trip);
    CAPTURE(f.deepest);
    CHECK(f.arrived == f.units);
    CHECK(f.worst_trip <= 2.0);
    CHECK(f.deep_frames == 0);
}

}  // namespace

TEST_CASE("routed units all cross the RTS level in under twice their routes' time, never inside a building: priority") {
    check_targets(routed(routes::blend::priority));
}

TEST_CASE("routed units all cross the RTS level in under twice their routes' time, never inside a building: truncated sum") {
    check_targets(routed(routes::blend::truncated_sum));
}

#if STEER_TEST_HEAVY
TEST_CASE("without routes the same blends leave units stuck behind concave buildings") {
    for (const auto blend : {routes::blend::priority, routes::blend::truncated_sum}) {
        const routes::figures f = routed(blend, false);
        CAPTURE(f.arrived);
        CHECK(f.arrived < f.units * 9 / 10);
    }
}
#endif

namespace {

routes::doorway_settings routed_doorway() {
    routes::doorway_settings s;
    s.per_side = STEER_TEST_HEAVY ? 100 : 50;
    s.time_limit = STEER_TEST_HEAVY ? 170.0f : 60.0f;
    return s;
}

}  // namespace

TEST_CASE("through a door, routed groups that queue until through swap sides; pushing, at most 2/3 as many") {
    routes::doorway_settings s = routed_doorway();
    const routes::doorway_figures queueing = routes::run_doorway(s);
    s.queue = false;
    const routes::doorway_figures pushing = routes::run_doorway(s);
    CAPTURE(queueing.crossed);
    CAPTURE(queueing.last_crossing);
    CAPTURE(pushing.crossed);
    CHECK(queueing.routed == queueing.agents);
    // All of 2 x 100 in 170 s (the last at 164.8 s); 9 in 10 of 2 x 50 in 60 s.
    CHECK(queueing.crossed >= queueing.agents * (STEER_TEST_HEAVY ? 10 : 9) / 10);
    CHECK(pushing.crossed * 3 <= queueing.crossed * 2);
    // Queueing presses no body into another: centers stay at least the two radii apart, to
    // within 1% of a radius.
    CHECK(queueing.closest >= 1.99 * static_cast<double>(s.radius));
}

#if STEER_TEST_HEAVY
TEST_CASE("through a narrower or a wider door, queueing groups never freeze: all get through") {
    // Without the rule that lets the one nearer the wall go first when each is in the other's
    // way, both of these froze for good with 14 and 20 agents left before the wall.
    for (const auto& [door, per_side] : {std::pair{2.5f, 60}, std::pair{3.5f, 100}}) {
        routes::doorway_settings s;
        s.door = door;
        s.per_side = per_side;
        s.time_limit = 150;
        const routes::doorway_figures f = routes::run_doorway(s);
        CAPTURE(door);
        CAPTURE(f.crossed);
        CHECK(f.crossed == f.agents);
    }
}
#endif

TEST_CASE("through a door, routed groups that push swap sides when stuck agents yield; without, the door clogs") {
    routes::doorway_settings s = routed_doorway();
    s.queue = false;
    const routes::doorway_figures yielding = routes::run_doorway(s);
    s.avoidance.yield_when_stuck = false;
    const routes::doorway_figures clogging = routes::run_doorway(s);
    CAPTURE(yielding.crossed);
    CAPTURE(clogging.crossed);
    CHECK(yielding.routed == yielding.agents);
    CHECK(yielding.crossed >= yielding.agents * 2 / 5);
    CHECK(clogging.crossed <= yielding.crossed / 5);
}
