// Crowds that neither overlap nor jam: the scenes of scenario.hpp (a circle of 100 and of
// 1,000 agents walking to their antipodes, two blocks of 200 crossing at right angles, two
// streams meeting in a corridor, 300 agents to random goals), each steered by reciprocal
// avoidance and by the best blend of the classic behaviors. Prints one table row per scene
// and method (docs/behaviors.md, "Reciprocal avoidance"). The options set what an RVO2 user
// sets (neighbors, horizon, max_force, home within 0.1 m) to run the scenes RVO2's way.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "../command_line.hpp"
#include "scenario.hpp"

namespace {

constexpr const char* usage = R"(usage: crowds [options]

options:
  --scene S     circle, circle-1000, crossing, corridor, random, standing, mixed, or all
                (default all: the first four; circle-1000 takes a minute or two)
  --method M    reciprocal, blend, or both (default both)
  --agents N    the circle's agents (default 100; circle-1000 has 1000; random 300;
                standing and mixed 200)
  --seed N      the random and mixed scenes' (default 1)
  --seconds T   simulated seconds at most (default 600)
  --neighbors K reciprocal avoidance's max_neighbors (default 6)
  --horizon T   its time_horizon, s (default 3)
  --force F     every agent's max_force, N (default 20; 240 takes the chosen velocity in
                one step, as RVO2's agents do)
  --hz H        steps per second (default 60)
  --home D      the run ends when every agent is within D m of its goal at once (default:
                each arrives for good within one radius)
  --shorten-horizons on|off  shorten_horizons_when_blocked (default off)
  --nudge-companions on|off  nudge_companions (default off)
  --help        show this help
)";

[[noreturn]] void fail(const std::string& message) { example::fail("crowds", message); }

double number(std::string_view option, const char* text, double low, double high) {
    return example::number("crowds", option, text, low, high);
}

/// One row of the table.
void print_row(const char* scene, const char* method, const crowds::figures& f) {
    std::printf("%-12s %-10s %5d/%-5d %7.1f s %6.2fx %10lld %8.1f%% %9.3f m %9.0f ns\n", scene, method, f.arrived,
                f.agents, f.finish_time, f.finish_time / f.straight_time, f.deep_pair_frames, 100 * f.deepest,
                f.min_distance, f.ns_per_agent_step);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    std::string scene = "all", method = "both";
    int agents = 0;  // the scene's own count
    float seconds = 600;
    crowds::settings base;
    for (int i = 1; i < argc; ++i) {
        const std::string_view option = argv[i];
        if (option == "--help") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (i + 1 >= argc) fail(std::string(option) + " needs a value, or is unknown");
        const char* value = argv[++i];
        if (option == "--scene") scene = value;
        else if (option == "--method") method = value;
        else if (option == "--agents") agents = static_cast<int>(number(option, value, 2, 5000));
        else if (option == "--seconds") seconds = static_cast<float>(number(option, value, 1, 36000));
        else if (option == "--seed") base.seed = static_cast<unsigned>(number(option, value, 0, 4e9));
        else if (option == "--neighbors")
            base.reciprocal.max_neighbors = static_cast<int>(number(option, value, 1, 64));
        else if (option == "--horizon")
            base.reciprocal.time_horizon = static_cast<float>(number(option, value, 0.25, 100));
        else if (option == "--force") base.max_force = static_cast<float>(number(option, value, 0.1, 1e6));
        else if (option == "--hz") base.hz = static_cast<float>(number(option, value, 1, 1000));
        else if (option == "--home") base.home_distance = static_cast<float>(number(option, value, 0.01, 10));
        else if (option == "--shorten-horizons") {
            if (std::string_view(value) != "on" && std::string_view(value) != "off")
                fail("--shorten-horizons must be on or off (got '" + std::string(value) + "')");
            base.reciprocal.shorten_horizons_when_blocked = std::string_view(value) == "on";
        } else if (option == "--nudge-companions") {
            if (std::string_view(value) != "on" && std::string_view(value) != "off")
                fail("--nudge-companions must be on or off (got '" + std::string(value) + "')");
            base.reciprocal.nudge_companions = std::string_view(value) == "on";
        }
        else fail("unknown option " + std::string(option));
    }
    if (scene != "all" && scene != "circle" && scene != "circle-1000" && scene != "crossing" && scene != "corridor" &&
        scene != "random" && scene != "standing" && scene != "mixed")
        fail("--scene must be circle, circle-1000, crossing, corridor, random, standing, mixed or all (got '" + scene +
             "')");
    if (method != "both" && method != "reciprocal" && method != "blend")
        fail("--method must be reciprocal, blend or both (got '" + method + "')");

    // The scenes, as scenario.hpp builds them.
    struct row {
        const char* name;
        crowds::scene scene;
        int agents;
    };
    std::vector<row> rows;
    const auto or_default = [&](int count) { return agents > 0 ? agents : count; };
    if (scene == "all" || scene == "circle") rows.push_back({"circle", crowds::scene::circle, or_default(100)});
    if (scene == "all" || scene == "circle-1000") rows.push_back({"circle-1000", crowds::scene::circle, 1000});
    if (scene == "all" || scene == "crossing") rows.push_back({"crossing", crowds::scene::crossing, 0});
    if (scene == "all" || scene == "corridor") rows.push_back({"corridor", crowds::scene::corridor, 0});
    if (scene == "random") rows.push_back({"random", crowds::scene::random, or_default(300)});
    if (scene == "standing") rows.push_back({"standing", crowds::scene::standing, or_default(200)});
    if (scene == "mixed") rows.push_back({"mixed", crowds::scene::mixed, or_default(200)});

    std::printf("radius 0.5 m, top speed 2 m/s, max_force %g N (mass 1 kg), %g Hz, %d neighbors, horizon %g s,\n"
                "shorten_horizons_when_blocked %s, nudge_companions %s; ",
                static_cast<double>(base.max_force), static_cast<double>(base.hz), base.reciprocal.max_neighbors,
                static_cast<double>(base.reciprocal.time_horizon),
                base.reciprocal.shorten_horizons_when_blocked ? "on" : "off",
                base.reciprocal.nudge_companions ? "on" : "off");
    if (base.home_distance > 0)
        std::printf("done when every agent is within %g m of its goal at once;\n",
                    static_cast<double>(base.home_distance));
    else
        std::printf("an agent has arrived within 0.5 m of its goal;\n");
    std::printf("overlaps are pairs closer than 99%% of their radii's sum, counted every step\n\n");
    std::printf("%-12s %-10s %11s %9s %7s %10s %9s %11s %12s\n", "scene", "method", "arrived", "finish", "/straight",
                "overlaps", "deepest", "closest", "per agent-step");
    for (const row& r : rows) {
        for (const auto m : {crowds::method::reciprocal, crowds::method::blend}) {
            if (m == crowds::method::reciprocal && method == "blend") continue;
            if (m == crowds::method::blend && method == "reciprocal") continue;
            crowds::settings s = base;
            s.scene = r.scene;
            s.method = m;
            if (r.agents > 0) s.agents = r.agents;
            s.time_limit = seconds;
            const crowds::figures f = crowds::run(s);
            print_row(r.name, m == crowds::method::reciprocal ? "reciprocal" : "blend", f);
            if (r.scene == crowds::scene::standing)
                std::printf("%-12s those staying put were shoved up to %.2f m from their spots, %.2f m at the end\n",
                            "", f.farthest_shoved, f.shoved_at_end);
        }
    }
    return 0;
}
