// A horde of units of mixed sizes chasing a moving target (examples/horde/scenario.hpp):
// how often and how deep do their bodies overlap, with separation between centers and
// between bodies? Prints one row per way of keeping apart (docs/behaviors.md, "Separation
// between bodies").

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "../command_line.hpp"
#include "scenario.hpp"

namespace {

constexpr const char* usage = R"(usage: horde [options]

options:
  --units N          number of units (default 2000)
  --seconds S        simulated seconds at 60 Hz (default 60)
  --seed K           random seed (default 1)
  --personal-space M separation's personal space between bodies, m (default 1)
  --help             show this help
)";

[[noreturn]] void fail(const std::string& message) { example::fail("horde", message); }

double number(std::string_view option, const char* text, double low, double high) {
    return example::number("horde", option, text, low, high);
}

/// `x` with up to 3 decimals and no trailing zeros.
std::string example_format(float x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", static_cast<double>(x));
    std::string s = text;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    horde::settings base;
    for (int i = 1; i < argc; ++i) {
        const std::string_view option = argv[i];
        if (option == "--help") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (i + 1 >= argc) fail(std::string(option) + " needs a value, or is unknown");
        const char* value = argv[++i];
        if (option == "--units") base.units = static_cast<int>(number(option, value, 2, 100000));
        else if (option == "--seconds") base.seconds = static_cast<float>(number(option, value, 1, 3600));
        else if (option == "--seed") base.seed = static_cast<std::uint64_t>(number(option, value, 0, 1e15));
        else if (option == "--personal-space")
            base.personal_space = static_cast<float>(number(option, value, 0.001, 100));
        else fail("unknown option " + std::string(option));
    }
    struct row {
        const char* name;
        bool bodies;
        float weight, distance;
    };
    const std::string space = "personal space " + example_format(base.personal_space) + " m";
    const std::string bodies_light = "bodies, 0.6 within 3 m, " + space;
    const std::string bodies_first = "bodies, 1 within 3 m, " + space;
    const row rows[] = {
        {"centers, 0.6 within 1.5 m (docs/world.md's crowds)", false, 0.6f, 1.5f},
        {"centers, 1 within 3 m", false, 1, 3},
        {bodies_light.c_str(), true, 0.6f, 3},
        {bodies_first.c_str(), true, 1, 3},
    };
    std::printf("%d units (radii %.1f to %.1f m), %.0f s at %d Hz, seed %llu: separation then seek, truncated to "
                "max_force\n\n",
                base.units, static_cast<double>(base.min_radius), static_cast<double>(base.max_radius),
                static_cast<double>(base.seconds), base.hz, static_cast<unsigned long long>(base.seed));
    std::printf("| separation between | pair-steps > 10%% | > 1%% | deepest | mean distance to target | "
                "per agent-step |\n");
    std::printf("|---|---|---|---|---|---|\n");
    for (const row& r : rows) {
        horde::settings s = base;
        s.bodies = r.bodies;
        s.separation_weight = r.weight;
        s.separation_distance = r.distance;
        const horde::figures f = horde::run(s);
        std::printf("| %s | %lld | %lld | %.1f%% | %.1f m | %.0f ns |\n", r.name, f.pair_frames_over_10,
                    f.pair_frames_over_1, 100 * f.deepest, f.mean_distance_to_target, f.ns_per_agent_step);
    }
    return 0;
}
