// People, not particles: the two experiments crowd models are judged by (scenes.hpp), run
// with reciprocal avoidance tuned for people, beside what was measured with people. Prints
// one row per run; docs/behaviors.md, "People", shows the table.

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "../command_line.hpp"
#include "chart.hpp"
#include "scenes.hpp"

namespace {

constexpr const char* usage = R"(usage: pedestrians [options]

options:
  --scene S     bottleneck, corridor or all (default all)
  --people N    the bottleneck's people (default 150)
  --seed N      placements and preferred speeds (default 1)
  --seeds K     run K seeds, from --seed on (default 1)
  --svg FILE    write the runs beside the measured values as an SVG picture
  --tuning T    people (the tuning for people, default) or defaults (the library's)
  --help        show this help
)";

}  // namespace

int main(int argc, char** argv) {
    std::string scene = "all";
    int people = 150;
    std::uint64_t seed = 1;
    std::string tuning = "people";
    int seeds = 1;
    std::string svg;
    for (int i = 1; i < argc; ++i) {
        const std::string_view option = argv[i];
        if (option == "--help") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (i + 1 >= argc) example::fail("pedestrians", std::string(option) + " needs a value, or is unknown");
        const char* value = argv[++i];
        if (option == "--scene") scene = value;
        else if (option == "--people") people = static_cast<int>(example::number("pedestrians", option, value, 1, 400));
        else if (option == "--tuning") tuning = value;
        else if (option == "--seeds") seeds = static_cast<int>(example::number("pedestrians", option, value, 1, 100));
        else if (option == "--svg") svg = value;
        else if (option == "--seed") seed = static_cast<std::uint64_t>(example::number("pedestrians", option, value, 1, 1e9));
        else example::fail("pedestrians", "unknown option " + std::string(option));
    }
    if (scene != "all" && scene != "bottleneck" && scene != "corridor")
        example::fail("pedestrians", "--scene must be bottleneck, corridor or all (got '" + scene + "')");
    if (tuning != "people" && tuning != "defaults")
        example::fail("pedestrians", "--tuning must be people or defaults (got '" + tuning + "')");
    const auto p = pedestrians::avoidance(tuning == "people");
    std::vector<pedestrians::chart_point> flows, speeds;
    for (std::uint64_t run = seed; run < seed + static_cast<std::uint64_t>(seeds); ++run) {
        if (seeds > 1) std::printf("seed %llu\n", static_cast<unsigned long long>(run));
        if (scene != "corridor") {
            for (const float width : {0.8f, 1.2f, 2.4f}) {
                const pedestrians::bottleneck_figures f = pedestrians::bottleneck(width, people, run, p);
                std::printf("bottleneck %.1f m    %3d/%d through   last at %6.1f s   specific flow %.2f /(m s)   people 1.6-2.0\n",
                            static_cast<double>(width), f.through, f.people, f.last, f.specific_flow);
                flows.push_back({static_cast<double>(width), f.specific_flow});
            }
        }
        if (scene != "bottleneck") {
            for (const float density : {0.5f, 1.0f, 2.0f, 3.0f}) {
                const pedestrians::corridor_figures f = pedestrians::corridor(density, run, p);
                if (f.people == 0) {
                    std::printf("corridor %.1f /m2: not everyone could be placed\n", static_cast<double>(density));
                    continue;
                }
                std::printf("corridor %.1f /m2      %3d people   mean speed %.2f m/s   Weidmann %.2f m/s   ratio %.2f\n",
                            static_cast<double>(density), f.people, f.speed, f.weidmann, f.speed / f.weidmann);
                speeds.push_back({static_cast<double>(density), f.speed});
            }
        }
    }
    if (!svg.empty()) {
        std::ofstream out(svg);
        out << pedestrians::chart(flows, speeds);
        if (!out) example::fail("pedestrians", "cannot write " + svg);
    }
}
