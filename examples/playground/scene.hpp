// The playground's scene model: what a scene is, what the page can ask of it, and the
// drawing commands it answers with. One scene per behavior (or per group of behaviors)
// lives in scenes/*.hpp; catalogue.hpp lists them; playground.cpp hands them to the page
// (compiled to WebAssembly) and selftest.cpp runs them natively.
//
// Everything is double precision and stepped at a fixed 60 Hz, so the browser and a native
// build of the same scene reach the same bits (docs/determinism.md): the page changes how
// many steps it takes per animation frame, never the step.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENE_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENE_HPP

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <steer/steer.hpp>

namespace playground {

using vec2 = glm::dvec2;
using vec3 = glm::dvec3;
using vehicle2 = steer::vehicle2d;
using vehicle3 = steer::vehicle3d;

/// Every scene steps at 60 Hz.
inline constexpr double dt = 1.0 / 60.0;

/// The page's palette (Okabe-Ito, readable with every common color vision deficiency);
/// playground.js holds the same list in the same order.
enum class color : int { ink, gray, blue, vermillion, green, orange, sky, purple, yellow, faint };

/// The unit vector at `angle` radians from the x axis, with the library's own sine and cosine
/// (the same bits on every platform, which std::sin does not promise).
[[nodiscard]] inline vec2 direction_at(double angle) { return steer::turned(vec2(1, 0), angle, 1.0); }

/// A number as code shows it: at most four significant digits, no trailing zeros, always
/// with a decimal point so that it reads as a double.
[[nodiscard]] inline std::string number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", x);
    std::string s = text;
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
}

/// Drawing commands for the page, as one flat list of numbers (playground.js reads them):
/// per command its kind, color, radius, point count, then x, y, z per point. 2D scenes draw
/// with z = 0, seen from above with y up; 3D scenes with y up, seen through an orbit camera.
class canvas {
public:
    enum kind : int { dot = 1, ring = 2, polyline = 3, closed_polyline = 4, filled_polygon = 5, arrow = 6, body = 7 };

    /// Text at a point of the world (a panel's name, a count), drawn over the shapes.
    struct text {
        vec3 at;
        std::string words;
        color c;
    };

    void clear() {
        data_.clear();
        labels_.clear();
    }
    [[nodiscard]] const std::vector<float>& data() const { return data_; }
    [[nodiscard]] const std::vector<text>& labels() const { return labels_; }

    /// A filled circle of `radius` metres (a point when the radius is 0: the page draws it 3 px wide).
    void disc(const vec3& center, double radius, color c) { command(dot, c, radius, {&center, 1}); }
    void disc(const vec2& center, double radius, color c) { disc(vec3(center, 0), radius, c); }
    /// A circle's outline.
    void circle(const vec3& center, double radius, color c) { command(ring, c, radius, {&center, 1}); }
    void circle(const vec2& center, double radius, color c) { circle(vec3(center, 0), radius, c); }
    void line(const vec3& a, const vec3& b, color c) {
        const vec3 points[] = {a, b};
        command(polyline, c, 0, points);
    }
    void line(const vec2& a, const vec2& b, color c) { line(vec3(a, 0), vec3(b, 0), c); }
    /// An arrow from `from` to `to` (a force or a velocity drawn as what it covers in a second).
    void arrow_to(const vec3& from, const vec3& to, color c) {
        const vec3 points[] = {from, to};
        command(arrow, c, 0, points);
    }
    void arrow_to(const vec2& from, const vec2& to, color c) { arrow_to(vec3(from, 0), vec3(to, 0), c); }
    /// A path through the points, open or closed, or a filled polygon.
    void path(std::span<const vec3> points, color c, bool closed = false) {
        command(closed ? closed_polyline : polyline, c, 0, points);
    }
    void path(std::span<const vec2> points, color c, bool closed = false) {
        command(closed ? closed_polyline : polyline, c, 0, lift(points));
    }
    void polygon(std::span<const vec2> points, color c) { command(filled_polygon, c, 0, lift(points)); }
    /// A character: a body of `radius` with a mark along its `forward`.
    void vehicle(const vec3& position, const vec3& forward, double radius, color c) {
        const vec3 points[] = {position, forward};
        command(body, c, radius, points);
    }
    void vehicle(const vec2& position, const vec2& forward, double radius, color c) {
        vehicle(vec3(position, 0), vec3(forward, 0), radius, c);
    }
    void label(const vec3& at, std::string words, color c = color::ink) {
        labels_.push_back({at, std::move(words), c});
    }
    void label(const vec2& at, std::string words, color c = color::ink) { label(vec3(at, 0), std::move(words), c); }
    template <class V>
    void vehicle(const steer::vehicle<V>& v, color c) {
        if constexpr (steer::dimension_v<V> == 2)
            vehicle(vec2(v.position()), vec2(v.forward()), static_cast<double>(v.radius()), c);
        else
            vehicle(vec3(v.position()), vec3(v.forward()), static_cast<double>(v.radius()), c);
    }

private:
    void command(kind k, color c, double radius, std::span<const vec3> points) {
        data_.push_back(static_cast<float>(k));
        data_.push_back(static_cast<float>(c));
        data_.push_back(static_cast<float>(radius));
        data_.push_back(static_cast<float>(points.size()));
        for (const vec3& p : points) {
            data_.push_back(static_cast<float>(p.x));
            data_.push_back(static_cast<float>(p.y));
            data_.push_back(static_cast<float>(p.z));
        }
    }
    std::span<const vec3> lift(std::span<const vec2> points) {
        lifted_.clear();
        for (const vec2& p : points) lifted_.emplace_back(p, 0);
        return lifted_;
    }
    std::vector<float> data_;
    std::vector<text> labels_;
    std::vector<vec3> lifted_;
};

/// A tuning value the page shows as a slider: the name is the API's (the params struct's
/// field, or the vehicle's), so what the user moves is what the user will write.
struct param {
    std::string name;      ///< e.g. "arrival_params.slowing_distance", "max_force", "weight of seek"
    std::string unit;      ///< "m", "m/s", "m/s²", "s", "rad", "1" (dimensionless), "agents"
    double min = 0, max = 1, step = 0.01;
    double* value = nullptr;  ///< the scene's own member
    bool restarts = false;    ///< a change rebuilds the scene (counts, layouts) rather than tuning it live
};

/// A point the user can drag: a target, an obstacle's center, the avatar.
struct handle {
    std::string name;
    vec2* at2 = nullptr;  ///< one of the two is set
    vec3* at3 = nullptr;
    [[nodiscard]] vec3 position() const { return at2 ? vec3(*at2, 0) : *at3; }
    void move_to(const vec3& p) const {
        if (at2) *at2 = vec2(p);
        else *at3 = p;
    }
};

/// What the page shows about a scene before it runs.
struct scene_info {
    const char* name;   ///< its id: the URL's #name and the self-test's line
    const char* title;  ///< the list's entry
    const char* group;  ///< the list's heading: "Characters", "The world", "Groups", "Combiners", "Crowds"
    const char* about;  ///< one or two sentences: what to look at, what to try
    const char* guide;  ///< the guide section that documents it, e.g. "behaviors.md#arrival"
    bool three_d = false;
    vec3 view_center{0, 0, 0};  ///< what the view is centered on at the start
    double view_size = 20;      ///< metres across the shorter side of the view (3D: the camera's distance)
};

/// A scene: a world of characters stepped by some behaviors, tuned by params, drawn on a canvas.
class scene {
public:
    virtual ~scene() = default;
    scene() = default;
    scene(const scene&) = delete;  // params and handles point into the scene
    scene& operator=(const scene&) = delete;

    [[nodiscard]] virtual scene_info info() const = 0;
    /// Builds the world from the params and the seed; every run from here is the same.
    virtual void reset(std::uint64_t seed) = 0;
    /// One 60 Hz step.
    virtual void step() = 0;
    virtual void draw(canvas& out) const = 0;
    /// The calls that produce this scene, with the params' current values.
    [[nodiscard]] virtual std::string code() const = 0;
    /// Every character's position, for the self-test's digest.
    virtual void positions(std::vector<double>& out) const = 0;

    [[nodiscard]] std::vector<param>& params() { return params_; }
    [[nodiscard]] const std::vector<handle>& handles() const { return handles_; }
    /// The page moved handle `index`; the scene may react (rebuild a route, say).
    virtual void dragged(std::size_t index, const vec3& to) { handles_.at(index).move_to(to); }

protected:
    void add_param(std::string name, std::string unit, double& value, double min, double max, double step,
                   bool restarts = false) {
        params_.push_back({std::move(name), std::move(unit), min, max, step, &value, restarts});
    }
    /// The sliders of the two limits of the simple vehicle model most scenes share: max_speed
    /// from 0.5 to `top_speed` m/s and max_force from 0.2 to `top_force` m/s².
    void add_vehicle_limits(double& max_speed, double& max_force, double top_speed, double top_force) {
        add_param("max_speed", "m/s", max_speed, 0.5, top_speed, 0.1);
        add_param("max_force", "m/s²", max_force, 0.2, top_force, 0.1);
    }
    /// Handles point into the scene's state: register them in reset(), after the state exists.
    void clear_handles() { handles_.clear(); }
    void add_handle(std::string name, vec2& at) { handles_.push_back({std::move(name), &at, nullptr}); }
    void add_handle(std::string name, vec3& at) { handles_.push_back({std::move(name), nullptr, &at}); }

private:
    std::vector<param> params_;
    std::vector<handle> handles_;
};

/// Appends a vehicle's position to a digest's input.
template <class V>
void append_position(std::vector<double>& out, const steer::vehicle<V>& v) {
    for (int i = 0; i < steer::dimension_v<V>; ++i) out.push_back(static_cast<double>(v.position()[i]));
}

/// A hash of the characters' positions (FNV-1a over their bits): the same scene, seed and
/// frame count give the same digest on every platform.
[[nodiscard]] inline std::uint64_t digest(std::span<const double> values) {
    std::uint64_t hash = 14695981039346656037ull;
    for (const double x : values) {
        std::uint64_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        for (int byte = 0; byte < 8; ++byte) {
            hash ^= (bits >> (8 * byte)) & 0xffu;
            hash *= 1099511628211ull;
        }
    }
    return hash;
}

/// Whether every value is finite.
[[nodiscard]] inline bool all_finite(std::span<const double> values) {
    for (const double x : values)
        if (!std::isfinite(x)) return false;
    return true;
}

/// The self-test's line for a scene run `frames` steps from `seed` with its defaults:
/// "scene NAME frames N digest HEX finite yes|no".
[[nodiscard]] inline std::string selftest_line(scene& s, int frames, std::uint64_t seed = 1) {
    s.reset(seed);
    for (int frame = 0; frame < frames; ++frame) s.step();
    std::vector<double> values;
    s.positions(values);
    char text[160];
    std::snprintf(text, sizeof text, "scene %s frames %d digest %016llx finite %s", s.info().name, frames,
                  static_cast<unsigned long long>(digest(values)), all_finite(values) ? "yes" : "no");
    return text;
}

/// How many frames the self-test runs each scene: 4 s at 60 Hz.
inline constexpr int selftest_frames = 240;

using factory = std::unique_ptr<scene> (*)();

/// Registers scene type S in a catalogue.
template <class S>
void add(std::vector<factory>& all) {
    all.push_back([]() -> std::unique_ptr<scene> { return std::make_unique<S>(); });
}

}  // namespace playground

#endif
