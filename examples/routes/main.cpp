// Getting there: units sent across an RTS level with routes from steer::navigation_grid
// (scenario.hpp), against the same units steering straight for their goals, under both
// blends; and two groups swapping sides through a door (doorway.hpp). Prints one table row
// per run (docs/world.md, "Getting there").

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

#include "../command_line.hpp"
#include "doorway.hpp"
#include "scenario.hpp"

namespace {

constexpr const char* usage = R"(usage: routes [options]

options:
  --scene S     rts, doorway or all (default all)
  --units N     the RTS level's units (default 500)
  --seed N      the RTS level and its units' placement (default 1)
  --seconds T   simulated seconds at most (default 120)
  --help        show this help
)";

[[noreturn]] void fail(const std::string& message) { example::fail("routes", message); }

double number(std::string_view option, const char* text, double low, double high) {
    return example::number("routes", option, text, low, high);
}

}  // namespace

int main(int argc, char** argv) {
    std::string scene = "all";
    routes::settings s;
    for (int i = 1; i < argc; ++i) {
        const std::string_view option = argv[i];
        if (option == "--help") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (i + 1 >= argc) fail(std::string(option) + " needs a value, or is unknown");
        const char* value = argv[++i];
        if (option == "--scene") scene = value;
        else if (option == "--units") s.units = static_cast<int>(number(option, value, 1, 5000));
        else if (option == "--seed") s.seed = static_cast<std::uint64_t>(number(option, value, 1, 1e9));
        else if (option == "--seconds") s.time_limit = static_cast<float>(number(option, value, 1, 3600));
        else fail("unknown option " + std::string(option));
    }
    if (scene != "all" && scene != "rts" && scene != "doorway") fail("--scene must be rts, doorway or all (got '" + scene + "')");

    if (scene != "doorway") {
        std::printf("RTS level (seed %llu): 20 buildings on 120 x 96 m, 10 of them concave; %d units of radius %.1f m,\n"
                    "top speed %.0f m/s, 60 Hz, each to a goal at least %.0f m away. Routes keep %.1f m off the\n"
                    "buildings (grid of %.1f m cells); a unit has arrived within 0.5 m of its goal. \"trip\" is the\n"
                    "arrival time over the route's length at top speed (over the straight distance without routes).\n\n",
                    static_cast<unsigned long long>(s.seed), s.units, static_cast<double>(s.radius),
                    static_cast<double>(s.max_speed), static_cast<double>(s.min_trip), static_cast<double>(s.radius + s.margin),
                    static_cast<double>(s.cell_size));
        std::printf("%-9s %-14s %11s %11s %10s %9s %16s %9s %11s %12s\n", "steering", "blend", "arrived", "worst trip",
                    "mean trip", "finish", "frames >5% in", "deepest", "planning", "per step");
        for (const bool use_routes : {true, false})
            for (const auto blend : {routes::blend::priority, routes::blend::truncated_sum}) {
                routes::settings run = s;
                run.use_routes = use_routes;
                run.blend = blend;
                const routes::figures f = routes::run(run);
                std::printf("%-9s %-14s %5d/%-5d %10.2fx %9.2fx %7.1f s %16lld %8.1f%% %8.0f ms %9.0f ns\n",
                            use_routes ? "routes" : "straight", blend == routes::blend::priority ? "priority" : "truncated_sum",
                            f.arrived, f.units, f.worst_trip, f.mean_trip, f.finish_time, f.deep_frames, 100 * f.deepest,
                            f.planning_ms, f.ns_per_unit_step);
                std::fflush(stdout);
            }
    }
    if (scene != "rts") {
        routes::doorway_settings d;
        d.time_limit = s.time_limit;
        std::printf("\ndoorway: 2 x %d agents swap sides through a %.0f m door, routes from the grid, no waypoint;\n"
                    "reciprocal avoidance, stuck agents yielding; queueing until through (the example's way), or\n"
                    "pushing. A run ends when all are through, or after %.0f s; home is within 0.5 m of the goal.\n\n",
                    d.per_side, static_cast<double>(d.door), static_cast<double>(d.time_limit));
        std::printf("%-10s %8s %10s %11s %10s %16s\n", "at door", "routed", "through", "the last at", "home",
                    "closest centers");
        for (const bool queue : {true, false}) {
            d.queue = queue;
            const routes::doorway_figures f = routes::run_doorway(d);
            std::printf("%-10s %4d/%-3d %6d/%-3d %9.1f s %6d/%-3d %14.3f m\n", queue ? "queueing" : "pushing", f.routed,
                        f.agents, f.crossed, f.agents, f.last_crossing, f.home, f.agents, f.closest);
            std::fflush(stdout);
        }
    }
    return 0;
}
