// The playground's scenes run natively: the same lines the page writes at index.html?selftest,
// one per scene, which scripts/playground compares with the browser's (the same bits).
//
// Usage: playground_selftest [--frames N] [--list] [--markdown] [--bench]
//   --frames: how many 60 Hz steps each scene runs (240, the page's, by default)
//   --list prints the scenes' names; --markdown the table of docs/playground.md ("The scenes"),
//   which the test docs.playground_table checks against the committed guide; --bench times the
//   scene with the most characters as the page's index.html?bench does (300 steps after 60),
//   in wall and CPU time, so that scripts/playground reports the browser beside the native build.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "catalogue.hpp"

namespace {

/// Times the scene with the most characters: 60 steps to warm up, then 300.
void bench() {
    std::unique_ptr<playground::scene> biggest;
    std::size_t most = 0;
    for (const playground::factory make : playground::catalogue()) {
        auto s = make();
        s->reset(1);
        std::vector<double> values;
        s->positions(values);
        const std::size_t characters = values.size() / (s->info().three_d ? 3 : 2);
        if (!biggest || characters > most) biggest = std::move(s), most = characters;
    }
    for (int frame = 0; frame < 60; ++frame) biggest->step();
    constexpr int frames = 300;
    const auto wall_start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    for (int frame = 0; frame < frames; ++frame) biggest->step();
    const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const std::chrono::duration<double, std::milli> wall = std::chrono::steady_clock::now() - wall_start;
    const double wall_ms = wall.count();
    std::printf("native scene %s agents %zu frames %d sim_ms_per_frame %.3f cpu_ms_per_frame %.3f\n",
                biggest->info().name, most, frames, wall_ms / frames, cpu_ms / frames);
}

}  // namespace

int main(int argc, char** argv) {
    int frames = playground::selftest_frames;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            char* end = nullptr;
            const long n = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || n < 1 || n > 1000000) {
                std::fprintf(stderr,
                             "playground_selftest: --frames needs a whole number from 1 to 1000000 (got '%s')\n",
                             argv[i]);
                return 2;
            }
            frames = static_cast<int>(n);
        } else if (std::strcmp(argv[i], "--bench") == 0) {
            bench();
            return 0;
        } else if (std::strcmp(argv[i], "--markdown") == 0) {
            std::printf("| scene | group | what to look at, what to try | guide |\n|---|---|---|---|\n");
            for (const playground::factory make : playground::catalogue()) {
                const playground::scene_info info = make()->info();
                std::printf("| `%s` | %s | %s | [%s](%s) |\n", info.name, info.group, info.about, info.guide,
                            info.guide);
            }
            return 0;
        } else if (std::strcmp(argv[i], "--list") == 0) {
            for (const playground::factory make : playground::catalogue()) std::printf("%s\n", make()->info().name);
            return 0;
        } else {
            std::fprintf(stderr,
                         "playground_selftest: unknown option '%s'\n"
                         "Usage: playground_selftest [--frames N] [--list] [--markdown] [--bench]\n",
                         argv[i]);
            return 2;
        }
    }
    bool all_finite = true;
    for (const playground::factory make : playground::catalogue()) {
        const auto s = make();
        const std::string line = playground::selftest_line(*s, frames);
        std::printf("%s\n", line.c_str());
        all_finite = all_finite && line.ends_with("finite yes");
    }
    std::printf("selftest %s\n", all_finite ? "ok" : "failed");
    return all_finite ? 0 : 1;
}
