// Pigeons in the Park (Reynolds 2000), headless: simulates the flock at 60 Hz, prints one
// line per simulated second, and can write a self-contained HTML replay, an SVG frame and
// a per-frame CSV. See docs/pigeons.md.

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#if defined(_WIN32)
#include <io.h>
#define PIGEONS_ISATTY(f) _isatty(_fileno(f))
#else
#include <unistd.h>
#define PIGEONS_ISATTY(f) isatty(fileno(f))
#endif

#include <steer/thread_pool.hpp>

#include "census.hpp"
#include "park.hpp"
#include "replay.hpp"

namespace {

constexpr const char* usage = R"(usage: pigeons [options]

Pigeons in the Park (Reynolds 2000): a flock feeding on a meadow, an RC car that
makes them walk away or take off, hand claps, contagious take-offs and landings.

options:
  --birds N        number of pigeons (default 280; the park grows with the flock)
  --seconds S      simulated seconds at 60 Hz, 1/60 to 3600 (default 30)
  --seed K         random seed (default 1); the same seed gives the same run
  --car none|route no car, or the scripted drive: slow, then fast through the flock (default route)
  --clap-at T      a hand clap at T seconds (0 to 3600) over the walking birds; repeatable
                   (default: one clap at 21 s; any --clap-at replaces it)
  --think-hz H     main thinking rate of each bird, 0.001 to 60 Hz (default 10)
  --walkers W      how walking birds keep their personal space: separation (default) or
                   reciprocal (reciprocal avoidance: far fewer overlapping birds)
  --contacts on|off
                   walking birds' bodies kept apart by a contact after each move (default on),
                   or only pushed apart by their personal space (off: bodies overlap)
  --threads N      step the flock on N threads, 1 to 64 (default 1); the run is the same
                   bit for bit, and frame costs become wall-clock times
  --html FILE      write a self-contained HTML replay (top and side views)
  --svg FILE       write one frame as an SVG picture (see --svg-at)
  --svg-at T       the simulated time of the SVG frame, 0 to 3600 (default 14, or the end)
  --svg-zoom Z     magnify the SVG views Z times around the birds, 1 to 8 (default 1)
  --csv FILE       write every bird's state at every frame
  --hash           print a digest of the whole state at every simulated second and at
                   the end: the same on every platform (docs/determinism.md)
  --quiet          print only the final summary
  --help           show this help
)";

struct options {
    std::size_t birds = 280;
    double seconds = 30;
    std::uint64_t seed = 1;
    bool car = true;
    std::vector<float> claps;
    bool claps_given = false;
    double think_hz = 10;   // checked as the float the park uses
    bool reciprocal_walkers = false;
    bool contacts = true;
    unsigned threads = 1;
    std::string html, svg, csv;
    std::optional<double> svg_at;
    double svg_zoom = 1;    // checked as the float the picture uses
    bool quiet = false;
    bool hash = false;
    bool help = false;
};

/// A bad command line: the message, then exit code 2.
struct usage_error {
    std::string message;
};

template <class T>
T parse_number(std::string_view option, std::string_view text, const char* what) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty())
        throw usage_error{std::string(option) + " needs " + what + " (got '" + std::string(text) + "')"};
    return value;
}

/// A number from `lo` to `hi`, else a usage error that names the option and says `what`.
/// Checked as a double, the type the program uses it in.
double parse_real(std::string_view option, std::string_view text, double lo, double hi, const char* what) {
    // strtod rather than from_chars: floating-point from_chars is recent in some libraries.
    const std::string copy(text);
    char* end = nullptr;
    const double value = std::strtod(copy.c_str(), &end);
    const bool ok = !copy.empty() && end == copy.c_str() + copy.size() && std::isfinite(value) && value >= lo &&
                    value <= hi;
    if (!ok) throw usage_error{std::string(option) + " needs " + what + " (got '" + copy + "')"};
    return value;
}

/// A number from `lo` to `hi` once rounded to float, the type the park uses it in: 1e-40 is
/// positive as a double but a denormal (or zero) float, and 1e300 an infinite one.
float parse_float(std::string_view option, std::string_view text, float lo, float hi, const char* what) {
    const double wide = parse_real(option, text, -std::numeric_limits<double>::max(),
                                   std::numeric_limits<double>::max(), what);
    const auto value = static_cast<float>(std::clamp(wide, -static_cast<double>(std::numeric_limits<float>::max()),
                                                     static_cast<double>(std::numeric_limits<float>::max())));
    if (!(value >= lo && value <= hi))
        throw usage_error{std::string(option) + " needs " + what + " (got '" + std::string(text) + "')"};
    return value;
}

std::string file_name(std::string_view option, std::string_view text) {
    if (text.empty()) throw usage_error{std::string(option) + " needs a file name"};
    return std::string(text);
}

options parse(int argc, char** argv) {
    options o;
    std::vector<std::string_view> args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view arg = args[i];
        std::optional<std::string_view> inline_value;
        if (const auto eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
            inline_value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
        }
        auto value = [&]() -> std::string_view {
            if (inline_value) return *inline_value;
            if (i + 1 >= args.size()) throw usage_error{std::string(arg) + " needs a value"};
            return args[++i];
        };
        auto flag = [&] {
            if (inline_value) throw usage_error{std::string(arg) + " takes no value"};
        };
        if (arg == "--birds") {
            const auto n = parse_number<std::size_t>(arg, value(), "a whole number of birds from 1 to 1000000");
            if (n < 1 || n > 1000000) throw usage_error{"--birds needs a whole number of birds from 1 to 1000000 (got " + std::to_string(n) + ")"};
            o.birds = n;
        } else if (arg == "--seconds") {
            // At least one whole frame: the run steps round(seconds * frame_hz) frames.
            const auto v = value();
            const char* what = "a number of seconds from 1/60 (one frame) to 3600";
            o.seconds = parse_real(arg, v, 0, 3600, what);
            if (!(o.seconds * static_cast<double>(pigeons::park_config{}.frame_hz) >= 1))
                throw usage_error{"--seconds needs " + std::string(what) + " (got '" + std::string(v) + "')"};
        } else if (arg == "--seed") {
            o.seed = parse_number<std::uint64_t>(arg, value(), "a non-negative whole number");
        } else if (arg == "--car") {
            const auto v = value();
            if (v == "none") o.car = false;
            else if (v == "route") o.car = true;
            else throw usage_error{"--car needs 'none' or 'route' (got '" + std::string(v) + "')"};
        } else if (arg == "--clap-at") {
            o.claps.push_back(parse_float(arg, value(), 0, 3600, "a time in seconds from 0 to 3600"));
            o.claps_given = true;
        } else if (arg == "--think-hz") {
            // As a float, and at least once in 60000 frames, so that the thinking period in
            // frames (60 / H, a std::uint32_t) is a whole number that fits.
            o.think_hz = static_cast<double>(parse_float(arg, value(), 0.001f, 60, "a rate from 0.001 to 60 Hz"));
        } else if (arg == "--walkers") {
            const auto v = value();
            if (v == "separation") o.reciprocal_walkers = false;
            else if (v == "reciprocal") o.reciprocal_walkers = true;
            else throw usage_error{"--walkers needs 'separation' or 'reciprocal' (got '" + std::string(v) + "')"};
        } else if (arg == "--contacts") {
            const auto v = value();
            if (v == "on") o.contacts = true;
            else if (v == "off") o.contacts = false;
            else throw usage_error{"--contacts needs 'on' or 'off' (got '" + std::string(v) + "')"};
        } else if (arg == "--threads") {
            const auto n = parse_number<unsigned>(arg, value(), "a whole number of threads from 1 to 64");
            if (n < 1 || n > 64) throw usage_error{"--threads needs a whole number of threads from 1 to 64 (got " + std::to_string(n) + ")"};
            o.threads = n;
        } else if (arg == "--html") {
            o.html = file_name(arg, value());
        } else if (arg == "--svg") {
            o.svg = file_name(arg, value());
        } else if (arg == "--svg-at") {
            o.svg_at = parse_real(arg, value(), 0, 3600, "a time in seconds from 0 to 3600");
        } else if (arg == "--svg-zoom") {
            o.svg_zoom = static_cast<double>(parse_float(arg, value(), 1, 8, "a magnification from 1 to 8"));
        } else if (arg == "--csv") {
            o.csv = file_name(arg, value());
        } else if (arg == "--quiet") {
            flag();
            o.quiet = true;
        } else if (arg == "--hash") {
            flag();
            o.hash = true;
        } else if (arg == "--help" || arg == "-h") {
            o.help = true;
        } else {
            throw usage_error{"unknown option '" + std::string(arg) + "'"};
        }
    }
    return o;
}

/// A one-line progress bar on stderr, only when stderr is a terminal.
class progress {
public:
    progress(bool enabled, double total) : enabled_(enabled), total_(total) {}
    void show(double t) {
        if (!enabled_) return;
        constexpr int width = 30;
        const int filled = static_cast<int>(width * std::min(1.0, t / total_));
        std::fprintf(stderr, "\r  [%.*s%*s] %6.1f / %.1f s", filled, "##############################",
                     width - filled, "", t, total_);
        std::fflush(stderr);
        shown_ = true;
    }
    void clear() {
        if (!shown_) return;
        std::fprintf(stderr, "\r\033[K");
        std::fflush(stderr);
        shown_ = false;
    }

private:
    bool enabled_;
    double total_;
    bool shown_ = false;
};

const char* percent_of_frame(double ms, char (&buffer)[32]) {
    std::snprintf(buffer, sizeof buffer, "%.2f%%", 100.0 * ms / (1000.0 / 60.0));
    return buffer;
}

/// A digest of the park's state, bit for bit (64-bit FNV-1a over every bird's position,
/// velocity, forward and annoyance, in storage order, then the car's and the clock): two
/// runs that print the same digests have the same state, to the last bit.
template <class Park>
std::uint64_t state_hash(const Park& park) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    const auto add = [&h](const auto& value) {
        unsigned char bytes[sizeof value];
        std::memcpy(bytes, &value, sizeof value);
        for (const unsigned char b : bytes) h = (h ^ b) * 0x100000001b3ULL;
    };
    const auto add_vector = [&add](const glm::vec3& v) {
        for (int i = 0; i < 3; ++i) add(v[i]);
    };
    for (const auto& b : park.birds()) {
        add_vector(b.body.position());
        add_vector(b.body.velocity());
        add_vector(b.body.forward());
        add(b.annoyance);
    }
    add_vector(park.car().position());
    add_vector(park.car().velocity());
    add(park.time());
    return h;
}

int run(const options& o) {
    pigeons::park_config config = pigeons::park_config::for_birds(o.birds);
    config.seed = o.seed;
    config.car = o.car;
    config.think_hz = static_cast<float>(o.think_hz);
    config.reciprocal_walkers = o.reciprocal_walkers;
    config.keep_bodies_apart = o.contacts;
    if (o.claps_given) config.claps = o.claps;
    pigeons::park park(config);
    // More threads: the bundled pool runs the flock's loops (see steer/executor.hpp).
    std::optional<steer::thread_pool_executor> pool;
    if (o.threads > 1) pool.emplace(o.threads);

    const auto frames = static_cast<std::uint64_t>(std::llround(o.seconds * static_cast<double>(config.frame_hz)));
    const double svg_at = std::min(o.svg_at.value_or(14.0), o.seconds);
    const auto svg_frame = static_cast<std::uint64_t>(std::llround(svg_at * static_cast<double>(config.frame_hz)));

    std::optional<pigeons::replay_recorder> replay;
    if (!o.html.empty()) {
        replay.emplace(park.config(), frames);
        replay->capture(park);
    }
    std::ofstream csv;
    if (!o.csv.empty()) {
        csv.open(o.csv);
        if (!csv) {
            std::fprintf(stderr, "pigeons: cannot write '%s'\n", o.csv.c_str());
            return 1;
        }
        pigeons::write_csv_header(csv);
        pigeons::write_csv_frame(csv, park);
    }
    std::string svg_text;
    if (!o.svg.empty() && svg_frame == 0) svg_text = pigeons::render_svg(park, static_cast<float>(o.svg_zoom));

    if (!o.quiet)
        std::printf("pigeons: %zu birds, %.0f s at 60 Hz, seed %llu, car %s, thinking at %g Hz, %s walkers %s contacts, %u thread%s\n",
                    o.birds, o.seconds, static_cast<unsigned long long>(o.seed), o.car ? "route" : "none",
                    o.think_hz, o.reciprocal_walkers ? "reciprocal" : "separating", o.contacts ? "with" : "without",
                    o.threads, o.threads == 1 ? "" : "s");
    progress bar(!o.quiet && PIGEONS_ISATTY(stderr), o.seconds);
    // On one thread, frame costs are the CPU time of park::step(), so a busy machine does not
    // inflate them; on several, CPU time adds up the threads, so they are its wall-clock
    // time. The wall time of the whole run is reported too.
    using clock = std::chrono::steady_clock;
    const auto run_start = clock::now();
    double second_ms = 0, total_ms = 0, worst_ms = 0, slowest_second_ms = 0;
    std::uint64_t second_frames = 0, frames_over = 0, seconds_over = 0, seconds_timed = 0;
    constexpr double frame_budget_ms = 1000.0 / 60.0;
    float nearest_ever = std::numeric_limits<float>::infinity();
    std::size_t outside_ever = 0, overlapping_ever = 0;
    constexpr float nearest_limit = 2.0f;
    char percent[32];

    for (std::uint64_t f = 1; f <= frames; ++f) {
        const std::clock_t start = std::clock();
        const auto wall_start = clock::now();
        if (pool) park.step(*pool);
        else park.step();
        const double ms = pool ? std::chrono::duration<double, std::milli>(clock::now() - wall_start).count()
                               : 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        second_ms += ms;
        total_ms += ms;
        worst_ms = std::max(worst_ms, ms);
        frames_over += ms > frame_budget_ms ? 1 : 0;
        ++second_frames;
        outside_ever = std::max(outside_ever, pigeons::outside_count(park));
        if (replay) replay->capture(park);
        if (csv) pigeons::write_csv_frame(csv, park);
        if (f == svg_frame && !o.svg.empty()) svg_text = pigeons::render_svg(park, static_cast<float>(o.svg_zoom));

        if (o.hash && (f % 60 == 0 || f == frames))
            std::printf("hash t %.2f s: %016llx\n", static_cast<double>(park.time()),
                        static_cast<unsigned long long>(state_hash(park)));
        if (f % 60 == 0 || f == frames) {
            const double second_mean_ms = second_ms / static_cast<double>(second_frames);
            slowest_second_ms = std::max(slowest_second_ms, second_mean_ms);
            seconds_over += second_mean_ms > frame_budget_ms ? 1 : 0;
            ++seconds_timed;
            const auto nearest = pigeons::nearest_pair(park, nearest_limit);
            if (nearest) nearest_ever = std::min(nearest_ever, *nearest);
            overlapping_ever = std::max(overlapping_ever, pigeons::overlapping_walkers(park));
            if (!o.quiet) {
                bar.clear();
                char nearest_text[16];
                if (nearest) std::snprintf(nearest_text, sizeof nearest_text, "%5.2f m", static_cast<double>(*nearest));
                else std::snprintf(nearest_text, sizeof nearest_text, ">%.1f m", static_cast<double>(nearest_limit));
                const std::size_t flying = pigeons::flying_count(park);
                std::printf("t %5.1f s  walking %5zu  flying %5zu  annoyance %4.2f  nearest %s  outside %zu  "
                            "%7.3f ms/frame (%s of 16.7 ms)\n",
                            static_cast<double>(park.time()), o.birds - flying, flying,
                            static_cast<double>(pigeons::mean_annoyance(park)), nearest_text, pigeons::outside_count(park), second_mean_ms,
                            percent_of_frame(second_mean_ms, percent));
                std::fflush(stdout);
            }
            second_ms = 0;
            second_frames = 0;
        }
        if (f % 15 == 0) bar.show(static_cast<double>(park.time()));
    }
    bar.clear();

    const double mean_ms = total_ms / static_cast<double>(std::max<std::uint64_t>(frames, 1));
    const std::size_t flying = pigeons::flying_count(park);
    float max_annoyance = 0;
    for (const auto& b : park.birds()) max_annoyance = std::max(max_annoyance, b.annoyance);
    if (o.hash)
        std::printf("hash final: %016llx\n", static_cast<unsigned long long>(state_hash(park)));
    std::printf("summary: %.1f s simulated (%llu frames), %zu birds, seed %llu\n", o.seconds,
                static_cast<unsigned long long>(frames), o.birds, static_cast<unsigned long long>(o.seed));
    const double wall_s = std::chrono::duration<double>(clock::now() - run_start).count();
    // Real time is o.seconds of simulation in o.seconds of stepping; say by how much the run
    // beat it or missed it (a big flock can be slower than real time: "0x faster" said nothing).
    const double speed = total_ms > 0 ? o.seconds * 1000.0 / total_ms : 0.0;
    char pace[64];
    if (speed >= 10 || speed == 0)
        std::snprintf(pace, sizeof pace, "%.0fx faster than real time", speed);
    else if (speed >= 1)
        std::snprintf(pace, sizeof pace, "%.2fx faster than real time", speed);
    else
        std::snprintf(pace, sizeof pace, "%.1fx SLOWER than real time", 1.0 / speed);
    const std::string measure =
        pool ? "wall-clock time of a simulation step on " + std::to_string(o.threads) + " threads"
             : std::string("CPU time of a simulation step");
    std::printf("  frame cost (%s): mean %.3f ms (%s of a 16.7 ms frame), worst %.3f ms; %s\n", measure.c_str(),
                mean_ms, percent_of_frame(mean_ms, percent), worst_ms, pace);
    // Real time for a game: every frame within its 16.7 ms, not only the mean. Say how many
    // frames, and how many seconds on average, went over.
    std::printf("  frames over 16.7 ms: %llu of %llu; seconds over 16.7 ms a frame on average: %llu of %llu (slowest %.3f ms)\n",
                static_cast<unsigned long long>(frames_over), static_cast<unsigned long long>(frames),
                static_cast<unsigned long long>(seconds_over), static_cast<unsigned long long>(seconds_timed),
                slowest_second_ms);
    std::printf("  the whole run took %.2f s of wall-clock time, output included\n", wall_s);
    std::printf("  take-offs: %zu by the car, %zu by contagion, %zu by claps (%zu clap%s); %zu landings\n",
                park.takeoffs(pigeons::cause::car), park.takeoffs(pigeons::cause::contagion),
                park.takeoffs(pigeons::cause::clap), park.claps().size(), park.claps().size() == 1 ? "" : "s",
                park.landings());
    std::printf("  at the end: %zu walking, %zu flying; annoyance mean %.2f, max %.2f\n", o.birds - flying, flying,
                static_cast<double>(pigeons::mean_annoyance(park)), static_cast<double>(max_annoyance));
    if (std::isfinite(nearest_ever))
        std::printf("  nearest two birds (sampled each second): %.2f m; most birds outside the enclosure at once: %zu\n",
                    static_cast<double>(nearest_ever), outside_ever);
    else
        std::printf("  nearest two birds (sampled each second): over %.1f m; most birds outside the enclosure at once: %zu\n",
                    static_cast<double>(nearest_limit), outside_ever);
    std::printf("  most pairs of walking birds overlapping at once (sampled each second): %zu\n", overlapping_ever);

    int status = 0;
    auto write_file = [&](const std::string& path, const std::string& text, const char* what) {
        std::ofstream out(path, std::ios::binary);
        out << text;
        out.close();
        if (!out) {
            std::fprintf(stderr, "pigeons: cannot write '%s'\n", path.c_str());
            status = 1;
            return;
        }
        std::printf("  %s: %s (%.1f kB)\n", what, path.c_str(), static_cast<double>(text.size()) / 1000.0);
    };
    if (replay) write_file(o.html, replay->html(), "replay, open it in a browser");
    if (!o.svg.empty()) write_file(o.svg, svg_text, "picture");
    if (csv) {
        csv.close();
        if (!csv) {
            std::fprintf(stderr, "pigeons: cannot write '%s'\n", o.csv.c_str());
            status = 1;
        } else {
            std::printf("  per-frame states: %s\n", o.csv.c_str());
        }
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    options o;
    try {
        o = parse(argc, argv);
    } catch (const usage_error& e) {
        std::fprintf(stderr, "pigeons: %s\nTry 'pigeons --help'.\n", e.message.c_str());
        return 2;
    }
    if (o.help) {
        std::fputs(usage, stdout);
        return 0;
    }
    return run(o);
}
