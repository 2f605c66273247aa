// The playground's WebAssembly module: the scenes of catalogue.hpp behind a few C functions
// that playground.js calls. One scene is live at a time; the page steps it, moves its
// params and handles, and reads back drawing commands, code and the self-test's lines.
// Built by scripts/playground with Debian's emscripten (see examples/CMakeLists.txt).
#include <emscripten.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "catalogue.hpp"

namespace {

struct live_scene {
    std::vector<playground::factory> all = playground::catalogue();
    std::unique_ptr<playground::scene> scene;
    std::uint64_t seed = 1;
    playground::canvas canvas;
    std::vector<float> handles;
    std::string text;   // the last string handed to the page
    std::string error;  // the last refusal of the library, for the page to show
};

live_scene& live() {
    static live_scene state;
    return state;
}

/// A JSON string literal of `s`.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string number_json(double x) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", x);
    return text;
}

/// A seed from the page: a whole number from 0 to 2^53 - 1 (what a double holds exactly); anything
/// else, NaN included, is brought into that range rather than converted out of range.
std::uint64_t seed_of(double seed) {
    constexpr double largest = 9007199254740991.0;
    if (!(seed >= 0)) return 0;
    return static_cast<std::uint64_t>(seed < largest ? seed : largest);
}

/// Runs `f`; a refusal of the library (STEER_EXPECTS throws in this build) is kept for the
/// page instead of ending the module.
template <class F>
void guarded(F&& f) {
    try {
        f();
    } catch (const std::exception& e) {
        live().error = e.what();
    }
}

}  // namespace

extern "C" {

/// How many scenes there are.
EMSCRIPTEN_KEEPALIVE int pg_scene_count() { return static_cast<int>(live().all.size()); }

/// Scene `index`'s description as JSON: name, title, group, about, guide, three_d, view.
EMSCRIPTEN_KEEPALIVE const char* pg_scene_info(int index) {
    const auto s = live().all.at(static_cast<std::size_t>(index))();
    const playground::scene_info i = s->info();
    live().text = "{\"name\":" + quoted(i.name) + ",\"title\":" + quoted(i.title) + ",\"group\":" + quoted(i.group) +
                  ",\"about\":" + quoted(i.about) + ",\"guide\":" + quoted(i.guide) +
                  ",\"three_d\":" + (i.three_d ? "true" : "false") + ",\"view_center\":[" +
                  number_json(i.view_center.x) + "," + number_json(i.view_center.y) + "," +
                  number_json(i.view_center.z) + "],\"view_size\":" + number_json(i.view_size) + "}";
    return live().text.c_str();
}

/// Makes scene `index` the live one, built from `seed`.
EMSCRIPTEN_KEEPALIVE void pg_select(int index, double seed) {
    live().seed = seed_of(seed);
    live().scene = live().all.at(static_cast<std::size_t>(index))();
    guarded([] { live().scene->reset(live().seed); });
}

/// Rebuilds the live scene from `seed`, keeping its params.
EMSCRIPTEN_KEEPALIVE void pg_reset(double seed) {
    live().seed = seed_of(seed);
    guarded([] { live().scene->reset(live().seed); });
}

/// Steps the live scene `frames` times at 60 Hz.
EMSCRIPTEN_KEEPALIVE void pg_step(int frames) {
    guarded([frames] {
        for (int i = 0; i < frames; ++i) live().scene->step();
    });
}

/// The live scene's params as JSON: name, unit, min, max, step, value, restarts.
EMSCRIPTEN_KEEPALIVE const char* pg_params() {
    std::string out = "[";
    for (const playground::param& p : live().scene->params()) {
        if (out.size() > 1) out += ",";
        out += "{\"name\":" + quoted(p.name) + ",\"unit\":" + quoted(p.unit) + ",\"min\":" + number_json(p.min) +
               ",\"max\":" + number_json(p.max) + ",\"step\":" + number_json(p.step) +
               ",\"value\":" + number_json(*p.value) + ",\"restarts\":" + (p.restarts ? "true" : "false") + "}";
    }
    live().text = out + "]";
    return live().text.c_str();
}

/// Sets param `index` of the live scene; a param that restarts rebuilds the scene.
EMSCRIPTEN_KEEPALIVE void pg_set_param(int index, double value) {
    playground::param& p = live().scene->params().at(static_cast<std::size_t>(index));
    if (std::isnan(value)) return;  // keep the value the scene has
    *p.value = value < p.min ? p.min : value > p.max ? p.max : value;
    if (p.restarts) guarded([] { live().scene->reset(live().seed); });
}

/// The live scene's code, with its params' current values.
EMSCRIPTEN_KEEPALIVE const char* pg_code() {
    live().text = live().scene->code();
    return live().text.c_str();
}

/// Draws the live scene; returns the commands (see playground::canvas) and sets their count.
EMSCRIPTEN_KEEPALIVE const float* pg_draw() {
    live().canvas.clear();
    live().scene->draw(live().canvas);
    return live().canvas.data().data();
}
EMSCRIPTEN_KEEPALIVE int pg_draw_size() { return static_cast<int>(live().canvas.data().size()); }

/// The labels of the last pg_draw as JSON: [[x, y, z, "words", color], ...].
EMSCRIPTEN_KEEPALIVE const char* pg_labels() {
    std::string out = "[";
    for (const playground::canvas::text& t : live().canvas.labels()) {
        if (out.size() > 1) out += ",";
        out += "[" + number_json(t.at.x) + "," + number_json(t.at.y) + "," + number_json(t.at.z) + "," +
               quoted(t.words) + "," + std::to_string(static_cast<int>(t.c)) + "]";
    }
    live().text = out + "]";
    return live().text.c_str();
}

/// The handles' positions, x y z each; their names come from pg_handle_names.
EMSCRIPTEN_KEEPALIVE const float* pg_handles() {
    live().handles.clear();
    for (const playground::handle& h : live().scene->handles()) {
        const playground::vec3 p = h.position();
        live().handles.insert(live().handles.end(),
                              {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)});
    }
    return live().handles.data();
}
EMSCRIPTEN_KEEPALIVE int pg_handle_count() { return static_cast<int>(live().scene->handles().size()); }
EMSCRIPTEN_KEEPALIVE const char* pg_handle_names() {
    std::string out = "[";
    for (const playground::handle& h : live().scene->handles()) out += (out.size() > 1 ? "," : "") + quoted(h.name);
    live().text = out + "]";
    return live().text.c_str();
}

/// The user dragged handle `index` to (x, y, z).
EMSCRIPTEN_KEEPALIVE void pg_drag(int index, double x, double y, double z) {
    guarded([=] { live().scene->dragged(static_cast<std::size_t>(index), playground::vec3(x, y, z)); });
}

/// The self-test's line for scene `index`: run from seed 1 for `frames` with its defaults.
EMSCRIPTEN_KEEPALIVE const char* pg_selftest_line(int index, int frames) {
    const auto s = live().all.at(static_cast<std::size_t>(index))();
    live().text.clear();
    guarded([&] { live().text = playground::selftest_line(*s, frames); });
    if (live().text.empty()) live().text = "scene " + std::string(s->info().name) + " refused: " + live().error;
    return live().text.c_str();
}

/// How many characters the live scene has (its positions' count over its dimension).
EMSCRIPTEN_KEEPALIVE int pg_position_count() {
    std::vector<double> values;
    live().scene->positions(values);
    return static_cast<int>(values.size()) / (live().scene->info().three_d ? 3 : 2);
}

/// The last refusal of the library, then forgotten ("" if none).
EMSCRIPTEN_KEEPALIVE const char* pg_take_error() {
    live().text = live().error;
    live().error.clear();
    return live().text.c_str();
}

}  // extern "C"
