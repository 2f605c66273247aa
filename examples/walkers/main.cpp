// Walkers on a footpath: 100 walkers go both ways round a closed path (radius 2) with rocks
// beside it and in it, each blending unaligned collision avoidance, obstacle avoidance, path
// following and a little wander in one weighted sum. Prints how well path following holds
// its tube against the rest (docs/behaviors.md, "Path following").

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "../command_line.hpp"
#include "scenario.hpp"

namespace {

constexpr const char* usage = R"(usage: walkers [options]

options:
  --walkers N        number of walkers, half each way (default 100)
  --seconds S        simulated seconds at 60 Hz (default 60)
  --seed K           random seed (default 1)
  --path-weight W    path following's weight in the sum (default 0.5)
  --construction C   library (steer::path_following), steer-1.0, or paper (default library)
  --avoidance A      blend (the weighted sum) or reciprocal (steer::reciprocal_avoidance toward
                     what path following and wander want) (default blend)
  --help             show this help
)";

[[noreturn]] void fail(const std::string& message) { example::fail("walkers", message); }

double number(std::string_view option, const char* text, double low, double high) {
    return example::number("walkers", option, text, low, high);
}

}  // namespace

int main(int argc, char** argv) {
    walkers::settings s;
    walkers::construction c = walkers::construction::library;
    const char* name = "library";
    for (int i = 1; i < argc; ++i) {
        const std::string_view option = argv[i];
        if (option == "--help") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (i + 1 >= argc) fail(std::string(option) + " needs a value, or is unknown");
        const char* value = argv[++i];
        if (option == "--walkers") s.walkers = static_cast<int>(number(option, value, 2, 2000));
        else if (option == "--seconds") s.seconds = static_cast<float>(number(option, value, 1, 3600));
        else if (option == "--seed") s.seed = static_cast<std::uint64_t>(number(option, value, 0, 1e15));
        else if (option == "--path-weight") s.path_weight = static_cast<float>(number(option, value, 0, 10));
        else if (option == "--avoidance") {
            if (std::string_view(value) == "reciprocal") s.reciprocal = true;
            else if (std::string_view(value) != "blend")
                fail(std::string("--avoidance must be blend or reciprocal (got '") + value + "')");
        } else if (option == "--construction") {
            name = value;
            if (std::string_view(value) == "library") c = walkers::construction::library;
            else if (std::string_view(value) == "steer-1.0") c = walkers::construction::steer_1_0;
            else if (std::string_view(value) == "paper") c = walkers::construction::paper;
            else fail(std::string("--construction must be library, steer-1.0 or paper (got '") + value + "')");
        } else {
            fail("unknown option " + std::string(option));
        }
    }
    const walkers::figures f = walkers::run(s, c);
    std::printf("%d walkers, %.0f s at %.0f Hz, path radius %.1f, construction %s, ", s.walkers,
                static_cast<double>(s.seconds), static_cast<double>(s.hz), static_cast<double>(s.path_radius), name);
    if (s.reciprocal) std::printf("reciprocal avoidance\n");
    else std::printf("path weight %.2f\n", static_cast<double>(s.path_weight));
    std::printf("inside the tube:         %.1f%% of walker-frames\n", 100 * f.inside_fraction);
    std::printf("mean distance outside:   %.3f radius (over the frames outside)\n",
                f.mean_outside / static_cast<double>(s.path_radius));
    std::printf("progress along the path: %.2f of max speed\n", f.progress / static_cast<double>(s.max_speed));
    std::printf("closest two walkers:     %.3f m apart (surfaces), %lld overlapping pair-frames\n", f.closest_gap,
                f.overlapping_frames);
    std::printf("closest walker to rock:  %.3f m\n", f.closest_rock_gap);
    return 0;
}
