// The playground's scenes run natively: the same lines the page writes at index.html?selftest,
// one per scene, which scripts/playground compares with the browser's (the same bits).
//
// Usage: playground_selftest [--frames N] [--list] [--markdown]
//   --list prints the scenes' names; --markdown the table of docs/playground.md ("The scenes"),
//   which the test docs.playground_table checks against the committed guide.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "catalogue.hpp"

int main(int argc, char** argv) {
    int frames = playground::selftest_frames;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            frames = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--markdown") == 0) {
            std::printf("| scene | group | what to look at, what to try | guide |\n|---|---|---|---|\n");
            for (const playground::factory make : playground::catalogue()) {
                const playground::scene_info info = make()->info();
                std::printf("| `%s` | %s | %s | [%s](%s) |\n", info.name, info.group, info.about, info.guide, info.guide);
            }
            return 0;
        } else if (std::strcmp(argv[i], "--list") == 0) {
            for (const playground::factory make : playground::catalogue()) std::printf("%s\n", make()->info().name);
            return 0;
        } else {
            std::fprintf(stderr,
                         "playground_selftest: unknown option '%s'\n"
                         "Usage: playground_selftest [--frames N] [--list] [--markdown]\n",
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
