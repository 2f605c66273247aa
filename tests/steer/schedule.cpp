#include <stdexcept>
#include <vector>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/schedule.hpp>

TEST_CASE("think_schedule: each phase thinks once per period") {
    const steer::think_schedule schedule(6);
    CHECK(schedule.period() == 6);
    for (std::uint32_t phase = 0; phase < 6; ++phase) {
        int thoughts = 0;
        for (std::uint64_t frame = 0; frame < 60; ++frame) thoughts += schedule.due(phase, frame) ? 1 : 0;
        CHECK(thoughts == 10);
    }
}

TEST_CASE("think_schedule: phase_on names the phase that is due, the same answer as due") {
    // due is written with phase_on, so agreeing with due alone would prove little: phase_on
    // must also be the frame's place in its period, counting up by one a frame.
    const steer::think_schedule schedule(6);
    for (std::uint64_t frame : {0ull, 1ull, 5ull, 6ull, 59ull, 1ull << 40, (1ull << 40) + 5}) {
        CAPTURE(frame);
        const std::uint32_t now = schedule.phase_on(frame);
        CHECK(now == frame % 6);
        CHECK(schedule.phase_on(frame + 1) == (now + 1) % 6);
        for (std::uint32_t phase = 0; phase < 6; ++phase) CHECK(schedule.due(phase, frame) == (phase == now));
    }
}

TEST_CASE("think_schedule: random phases spread about 1/period of the characters over each frame") {
    const steer::think_schedule schedule(6);
    steer::rng gen(2);
    std::vector<int> per_phase(6, 0);
    for (int i = 0; i < 6000; ++i) {
        const auto phase = schedule.random_phase(gen);
        REQUIRE(phase < 6u);
        ++per_phase[phase];
    }
    for (int count : per_phase) CHECK(count == doctest::Approx(1000).epsilon(0.1));
    CHECK(schedule.phase_for(13) == 1u);
}

TEST_CASE("think_schedule: period 1 thinks every frame and period 0 is refused") {
    const steer::think_schedule every_frame(1);
    for (std::uint64_t frame = 0; frame < 5; ++frame) CHECK(every_frame.due(0, frame));
    CHECK_THROWS_WITH_AS(steer::think_schedule(0), "steer::think_schedule: period must be >= 1 (got 0)",
                         std::invalid_argument);
}
