// Crowds that neither overlap nor jam: the scenes of scenario.hpp (a circle of 100 and of
// 1,000 agents walking to their antipodes, two blocks of 200 crossing at right angles, two
// streams meeting in a corridor), each steered by reciprocal avoidance and by the best blend
// of the classic behaviors. Prints one table row per scene and method (docs/behaviors.md,
// "Reciprocal avoidance").

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
  --scene S     circle, circle-1000, crossing, corridor, or all (default all; circle-1000
                takes a minute or two)
  --method M    reciprocal, blend, or both (default both)
  --agents N    the circle's agents (default 100; circle-1000 has 1000)
  --seconds T   simulated seconds at most (default 600)
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
    int agents = 100;
    float seconds = 600;
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
        else fail("unknown option " + std::string(option));
    }
    if (scene != "all" && scene != "circle" && scene != "circle-1000" && scene != "crossing" && scene != "corridor")
        fail("--scene must be circle, circle-1000, crossing, corridor or all (got '" + scene + "')");
    if (method != "both" && method != "reciprocal" && method != "blend")
        fail("--method must be reciprocal, blend or both (got '" + method + "')");

    // The scenes, as scenario.hpp builds them.
    struct row {
        const char* name;
        crowds::scene scene;
        int agents;
    };
    std::vector<row> rows;
    if (scene == "all" || scene == "circle") rows.push_back({"circle", crowds::scene::circle, agents});
    if (scene == "all" || scene == "circle-1000") rows.push_back({"circle-1000", crowds::scene::circle, 1000});
    if (scene == "all" || scene == "crossing") rows.push_back({"crossing", crowds::scene::crossing, 0});
    if (scene == "all" || scene == "corridor") rows.push_back({"corridor", crowds::scene::corridor, 0});

    std::printf("radius 0.5 m, top speed 2 m/s, max_force 20 N (mass 1 kg), 60 Hz; an agent has arrived within\n"
                "0.5 m of its goal; overlaps are pairs closer than 99%% of their radii's sum, counted every step\n\n");
    std::printf("%-12s %-10s %11s %9s %7s %10s %9s %11s %12s\n", "scene", "method", "arrived", "finish", "/straight",
                "overlaps", "deepest", "closest", "per agent-step");
    for (const row& r : rows) {
        for (const auto m : {crowds::method::reciprocal, crowds::method::blend}) {
            if (m == crowds::method::reciprocal && method == "blend") continue;
            if (m == crowds::method::blend && method == "reciprocal") continue;
            crowds::settings s;
            s.scene = r.scene;
            s.method = m;
            if (r.agents > 0) s.agents = r.agents;
            s.time_limit = seconds;
            print_row(r.name, m == crowds::method::reciprocal ? "reciprocal" : "blend", crowds::run(s));
        }
    }
    return 0;
}
