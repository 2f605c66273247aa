// The behavior gallery: one SVG figure per steering behavior, drawn from the library's
// own vehicles stepped at 60 Hz, like the figures of Reynolds 1999.
//
// Usage: gallery [--out DIR] [name ...]
//   DIR defaults to the source tree's docs/images; with names, only those figures.
//   --list prints the names.
//
// The output is deterministic: fixed seeds (steer::rng), double precision, coordinates
// rounded to a tenth of a pixel and printed from integers. tests/check_gallery.cmake
// regenerates the figures and compares them with the committed ones byte for byte.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include <steer/steer.hpp>

#include "../crowds/scenario.hpp"
#include "../horde/scenario.hpp"
#include "svg.hpp"

#ifndef STEER_GALLERY_DEFAULT_OUT
#define STEER_GALLERY_DEFAULT_OUT "docs/images"
#endif

namespace {

using gallery::figure;
using gallery::legend_entry;
using gallery::panel;
using gallery::stroke;
using gallery::vec;
using kind = legend_entry::kind;
namespace color = gallery::color;
using vehicle = steer::vehicle2d;
using steer::sphere;

constexpr double dt = 1.0 / 60.0;
constexpr int hz = 60;
constexpr double pi = 3.14159265358979323846;

// Positions of one character, one per frame (the first is the start).
using track = std::vector<vec>;

// Steps `v` for `seconds` with `steering(v)`, and returns its track.
template <class F>
track run(vehicle& v, double seconds, F&& steering) {
    track t{v.position()};
    const int frames = static_cast<int>(std::lround(seconds * hz));
    for (int frame = 0; frame < frames; ++frame) {
        v.apply_force(steering(v), dt);
        t.push_back(v.position());
    }
    return t;
}

// A trajectory: the line, a dot per second, a hollow circle at the start.
void draw_track(panel& p, const track& t, const char* c, double width = 1.5, const char* dash = nullptr,
                int tick_seconds = 1) {
    p.line(t, {c, width, dash});
    if (tick_seconds > 0) p.ticks(t, static_cast<std::size_t>(tick_seconds * hz), c);
    p.dot(t.front(), 3.2, "#FFFFFF", c);
}
void draw_vehicle(panel& p, const vehicle& v, const char* c, double length_px = 12) {
    p.vehicle(v.position(), v.forward(), c, length_px);
}
// Thin lines joining two characters at the same moments, every `seconds`.
void links(panel& p, const track& a, const track& b, double seconds, const char* c = color::gray) {
    const auto every = static_cast<std::size_t>(std::lround(seconds * hz));
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); i += every)
        p.line({a[i], b[i]}, {c, 0.8, "2 2"}, 0);
}
track tail(const track& t, double seconds) {
    const auto n = static_cast<std::size_t>(std::lround(seconds * hz)) + 1;
    return n >= t.size() ? t : track(t.end() - static_cast<std::ptrdiff_t>(n), t.end());
}
// The box around some tracks, grown by `margin` and widened or heightened to `aspect`
// (width / height) so that the figure keeps a pleasant shape.
std::pair<vec, vec> frame_of(const std::vector<track>& tracks, double margin, double aspect) {
    vec lo(1e300), hi(-1e300);
    for (const track& t : tracks)
        for (const vec& q : t) lo = glm::min(lo, q), hi = glm::max(hi, q);
    lo -= vec(margin), hi += vec(margin);
    const vec mid = (lo + hi) * 0.5;
    vec half = (hi - lo) * 0.5;
    if (half.x < half.y * aspect) half.x = half.y * aspect;
    else half.y = half.x / aspect;
    return {mid - half, mid + half};
}

const legend_entry ticks_entry{kind::ticks, color::gray, "trajectory, a dot per second"};

// ------------------------------------------------------------------ single characters

// The paper's Figure 3: at `v`, its velocity, the desired velocity and the steering
// between their tips, each drawn as the distance covered in one second.
void force_diagram(panel& p, const vehicle& v, const vec& desired) {
    const vec at = v.position();
    p.arrow(at, at + v.velocity(), {color::black, 1.4});
    p.arrow(at, at + desired, {color::green, 1.4, "4 2"});
    p.arrow(at + v.velocity(), at + desired, {color::vermillion, 1.8});
}

figure seek_flee() {
    const vec target(0, 0);
    const double seconds = 16;
    vehicle seeker({.position = {-7, -3}, .velocity = {0, 2}, .max_force = 1, .max_speed = 2});
    vehicle fleer({.position = {2.5, -2.5}, .velocity = {-2, 0}, .max_force = 1, .max_speed = 2});
    const vehicle seeker_start = seeker, fleer_start = fleer;
    const track s = run(seeker, seconds, [&](const vehicle& v) { return steer::seek(v, target); });
    const track f = run(fleer, 4, [&](const vehicle& v) { return steer::flee(v, target); });

    figure fig("Seek and flee", {-9, -6.5}, {9, 2});
    panel& p = fig.main();
    p.grid(1, 5);
    draw_track(p, s, color::blue);
    draw_track(p, f, color::purple);
    force_diagram(p, seeker_start, steer::safe_normalize(target - seeker_start.position()) * seeker_start.max_speed());
    force_diagram(p, fleer_start, steer::safe_normalize(fleer_start.position() - target) * fleer_start.max_speed());
    draw_vehicle(p, fleer, color::purple);
    p.cross(target, 5, color::black);
    p.label(target, "target", 0, -9, "middle");

    panel& c = fig.chart({0, 0}, {seconds, 8}, 90);
    c.axes(1, 2, "time (s)", "seek: distance to the target");
    std::vector<vec> distance;
    for (std::size_t i = 0; i < s.size(); ++i)
        distance.emplace_back(static_cast<double>(i) * dt, glm::length(s[i] - target));
    c.line(distance, {color::blue, 1.5});

    fig.legend({kind::line, color::blue, "seek"});
    fig.legend({kind::line, color::purple, "flee"});
    fig.legend({kind::arrow, color::black, "velocity at the start"});
    fig.legend({kind::arrow, color::green, "desired velocity"});
    fig.legend({kind::arrow, color::vermillion, "steering = desired - velocity"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Seek\" and \"Flee\" (compare Figure 3). Seek asks for full speed straight at the target "
        "and flee for full speed straight away; the steering force is the difference between that desired velocity "
        "and the current one (arrows: one second of each). Seek never asks to slow down: it runs through the target, "
        "turns round and comes back, again and again, as the distance chart shows. Both: max_speed 2, max_force 1.");
    return fig;
}

figure pursuit() {
    figure fig("Pursuit versus seek", {-1, -5}, {13, 6.5});
    panel& p = fig.main();
    p.grid(1, 5);
    const char* colors[] = {color::gray, color::blue};
    track quarry_track;
    for (const bool predict : {false, true}) {
        vehicle v({.max_force = 2, .max_speed = 1});
        vehicle quarry({.position = {10, -4}, .velocity = {0, 0.6}, .max_speed = 0.6});
        track t{v.position()}, q{quarry.position()};
        for (int frame = 0; frame < hz * 30; ++frame) {
            v.apply_force(predict ? steer::pursuit(v, quarry, {.max_prediction_time = 5.0}) : steer::seek(v, quarry.position()), dt);
            quarry.apply_force(vec(0), dt);
            t.push_back(v.position()), q.push_back(quarry.position());
            if (glm::distance(v.position(), quarry.position()) < 0.5) break;
        }
        draw_track(p, t, colors[predict], predict ? 1.8 : 1.5, predict ? nullptr : "5 3");
        if (predict) links(p, t, q, 2, color::blue);
        p.cross(v.position(), 5, colors[predict]);
        p.label(v.position(), "caught at " + gallery::fixed(static_cast<double>(t.size() - 1) / hz, 1) + " s", 8,
                predict ? 4 : -4);
        if (q.size() > quarry_track.size()) quarry_track = q;
    }
    draw_track(p, quarry_track, color::vermillion);
    p.label(quarry_track.front(), "quarry", 8, 4);
    fig.legend({kind::line, color::blue, "pursuit (max_prediction_time 5 s)"});
    fig.legend({kind::line, color::gray, "seek", "5 3"});
    fig.legend({kind::line, color::vermillion, "quarry"});
    fig.legend({kind::line, color::blue, "pursuer and quarry at the same moment", "2 2"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Pursuit\". The quarry walks north at 0.6; the pursuer (max_speed 1) starts at the left. "
        "Pursuit seeks where the quarry will be, re-estimated every frame, so it cuts the corner; seek aims at "
        "where the quarry is and ends in a tail chase.");
    return fig;
}

figure evasion() {
    figure fig("Evasion versus flee", {-11, -2}, {11, 6.5});
    panel& p = fig.main();
    p.grid(1, 5);
    track menace_track;
    for (const bool predict : {false, true}) {
        vehicle v({.position = {0, 0.5}, .max_force = 2, .max_speed = 0.8});
        vehicle menace({.position = {-10, 0}, .velocity = {2, 0}, .max_speed = 2});
        track t{v.position()}, m{menace.position()};
        double closest = 1e9;
        std::size_t at = 0;
        for (int frame = 0; frame < hz * 10; ++frame) {
            v.apply_force(predict ? steer::evasion(v, menace, {.max_prediction_time = 4.0}) : steer::flee(v, menace.position()), dt);
            menace.apply_force(vec(0), dt);
            t.push_back(v.position()), m.push_back(menace.position());
            const double d = glm::distance(v.position(), menace.position());
            if (d < closest) closest = d, at = t.size() - 1;
        }
        const char* c = predict ? color::blue : color::gray;
        draw_track(p, t, c, 1.6, predict ? nullptr : "5 3");
        draw_vehicle(p, v, c);
        p.line({t[at], m[at]}, {c, 1.2}, 0);
        p.dot(m[at], 3, c);
        p.label(t[at], "closest " + gallery::fixed(closest, 1), predict ? -8 : 8, predict ? -4 : -8,
                predict ? "end" : "start", c);
        menace_track = m;
    }
    draw_track(p, menace_track, color::vermillion);
    p.label(menace_track.front(), "menace", 0, -8);
    fig.legend({kind::line, color::blue, "evasion (max_prediction_time 4 s)"});
    fig.legend({kind::line, color::gray, "flee", "5 3"});
    fig.legend({kind::line, color::vermillion, "menace"});
    fig.legend({kind::line, color::black, "closest approach"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Evasion\". A menace crosses at 2 units per second; the evader (max_speed 0.8) stands just "
        "off its line, 10 units ahead. Flee runs from where the menace is, which is along its path, and is "
        "overtaken at close range. Evasion runs from where the menace will be, so it steps off the path early.");
    return fig;
}

figure offset_pursuit() {
    figure fig("Offset pursuit", {-1, -10}, {19, 6});
    panel& p = fig.main();
    p.grid(1, 5);
    const double offsets[] = {0, 2, 4};
    const char* colors[] = {color::gray, color::blue, color::green};
    track quarry_track;
    for (int k = 0; k < 3; ++k) {
        vehicle v({.position = {0, -4}, .velocity = {1, 0}, .max_force = 2, .max_speed = 1});
        vehicle quarry({.position = {12, -9}, .velocity = {0, 0.8}, .max_speed = 1});
        track t{v.position()}, q{quarry.position()};
        double closest = 1e9;
        std::size_t at = 0;
        for (int frame = 0; frame < hz * 16; ++frame) {
            v.apply_force(steer::offset_pursuit(v, quarry, {.offset = offsets[k], .max_prediction_time = 3.0}), dt);
            quarry.apply_force(vec(0), dt);
            t.push_back(v.position()), q.push_back(quarry.position());
            const double d = glm::distance(v.position(), quarry.position());
            if (d < closest) closest = d, at = t.size() - 1;
            if (d < 0.5) break;
        }
        if (k > 0) p.circle(q[at], offsets[k], "none", {colors[k], 1, "4 3"});
        p.line({q[at], t[at]}, {colors[k], 1.2}, 0);
        draw_track(p, t, colors[k], k == 0 ? 1.3 : 1.7, k == 0 ? "5 3" : nullptr);
        if (k == 0) p.cross(v.position(), 5, colors[k]);
        else p.vehicle(t.back(), t.back() - t[t.size() - 2], colors[k], 12);
        p.label(t[at], (k == 0 ? "caught" : "closest " + gallery::fixed(closest, 1)), 0, 16, "middle", colors[k]);
        if (q.size() > quarry_track.size()) quarry_track = q;
    }
    draw_track(p, quarry_track, color::vermillion);
    p.label(quarry_track.front(), "quarry", 0, -8, "middle");
    fig.legend({kind::line, color::gray, "R = 0 (plain pursuit)", "5 3"});
    fig.legend({kind::line, color::blue, "R = 2"});
    fig.legend({kind::line, color::green, "R = 4"});
    fig.legend({kind::line, color::vermillion, "quarry"});
    fig.legend({kind::ring, color::black, "R around the quarry at the closest approach", "4 3"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Offset Pursuit\". Three pursuers (max_speed 1) start together; the quarry crosses their "
        "way northward at 0.8. Each aims at a point R units to its own side of the quarry's predicted position: "
        "R = 0 rams the quarry, R = 2 and R = 4 close in to about R and then run beside it (16 s).");
    return fig;
}

// Speed along a track, as (time, speed) points for a chart.
std::vector<vec> speeds(const track& t) {
    std::vector<vec> out;
    for (std::size_t i = 1; i < t.size(); ++i)
        out.emplace_back(static_cast<double>(i) * dt, glm::length(t[i] - t[i - 1]) / dt);
    return out;
}

figure arrival() {
    const vec target(12, 0);
    const double slowing = 4;
    vehicle seeker({.position = {0, -3}, .velocity = {0, 2}, .max_force = 2, .max_speed = 2});
    const track s = run(seeker, 12, [&](const vehicle& v) { return steer::seek(v, target); });
    vehicle arriver({.position = {0, -3}, .velocity = {0, 2}, .max_force = 2, .max_speed = 2});
    const track a = run(arriver, 12, [&](const vehicle& v) { return steer::arrival(v, target, {.slowing_distance = slowing}); });

    figure fig("Arrival", {-2, -4.5}, {18, 4.5});
    panel& p = fig.main();
    p.grid(1, 5);
    p.circle(target, slowing, "none", {color::green, 1.2, "5 3"});
    draw_track(p, s, color::gray, 1.3, "5 3");
    draw_track(p, a, color::blue, 1.8);
    p.cross(target, 5, color::black);
    p.label(target, "target", 0, 18, "middle");

    panel& c = fig.chart({0, 0}, {12, 2.5}, 90);
    c.axes(1, 1, "time (s)", "speed");
    c.line(speeds(s), {color::gray, 1.3, "5 3"});
    c.line(speeds(a), {color::blue, 1.8});

    fig.legend({kind::line, color::blue, "arrival"});
    fig.legend({kind::line, color::gray, "seek, for comparison", "5 3"});
    fig.legend({kind::ring, color::green, "slowing distance 4", "5 3"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Arrival\". Both vehicles start moving north at full speed (2), max_force 2. Seek keeps "
        "its speed, overshoots and comes back; arrival keeps full speed until the slowing distance, then its speed "
        "falls smoothly to zero on the target (the dots close up), with no overshoot. steer lengthens the ramp "
        "when the vehicle could not brake in time.");
    return fig;
}

figure wander() {
    const steer::wander_params<vec> params{.radius = 1, .distance = 2, .rate = 1};
    std::vector<track> tracks;
    std::vector<vehicle> ends;
    std::vector<steer::wander_state<vec>> states;
    for (const std::uint64_t seed : std::array<std::uint64_t, 3>{1, 2, 3}) {
        steer::rng gen(seed);
        steer::wander_state<vec> state;
        vehicle v({.velocity = {1, 0}, .max_force = 1, .max_speed = 1});
        tracks.push_back(run(v, 40, [&](const vehicle& self) { return steer::wander(self, state, gen, dt, params); }));
        ends.push_back(v);
        states.push_back(state);
    }
    const auto [lo, hi] = frame_of(tracks, 3, 1.7);
    figure fig("Wander", lo, hi);
    panel& p = fig.main();
    p.grid(1, 5);
    const char* colors[] = {color::blue, color::vermillion, color::green};
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        draw_track(p, tracks[i], colors[i], 1.5, nullptr, 2);
        draw_vehicle(p, ends[i], colors[i]);
    }
    // The construction on the first vehicle: the force points at the target on the circle and
    // is max_force long when the target is straight ahead (distance + radius away).
    const vehicle& v = ends[0];
    const vec center = v.position() + v.forward() * params.distance;
    const vec target = center + v.local_space().globalize_direction(states[0].target);  // relative to the center
    p.circle(center, params.radius, "none", {color::black, 1, "3 2"});
    p.arrow(v.position(), target, {color::black, 1.4}, 6);
    p.dot(target, 2.5, color::black);
    fig.legend({kind::line, color::blue, "three seeds from the same start"});
    fig.legend({kind::ring, color::black, "the wander circle, ahead of one vehicle", "3 2"});
    fig.legend({kind::arrow, color::black, "the direction of its steering force"});
    fig.legend({kind::ticks, color::gray, "a dot every 2 s"});
    fig.caption(
        "Reynolds 1999, \"Wander\". 40 s of wander from the origin with three seeds (radius 1, distance 2, rate 1; "
        "max_speed 1, max_force 1). The steering force points at a target that drifts in small random steps on a "
        "circle ahead of the vehicle, so turns are sustained rather than twitchy; it is max_force times the "
        "arrow's length over distance + radius. Same seed, same path, at any frame rate.");
    return fig;
}

figure interpose() {
    vehicle v({.position = {-6, -8}, .max_force = 2, .max_speed = 1});
    vehicle a({.position = {0, 5}, .velocity = {0.4, 0}, .max_speed = 1});
    vehicle b({.position = {2, -5}, .velocity = {0.3, 0.1}, .max_speed = 1});
    track tv{v.position()}, ta{a.position()}, tb{b.position()};
    for (int frame = 0; frame < hz * 30; ++frame) {
        v.apply_force(steer::interpose(v, a, b), dt);
        a.apply_force(vec(0), dt);
        b.apply_force(vec(0), dt);
        tv.push_back(v.position()), ta.push_back(a.position()), tb.push_back(b.position());
    }
    figure fig("Interpose", {-8, -9}, {16, 7});
    panel& p = fig.main();
    p.grid(1, 5);
    const auto every = static_cast<std::size_t>(5 * hz);
    for (std::size_t i = every; i < ta.size(); i += every) {
        p.line({ta[i], tb[i]}, {color::gray, 0.8, "2 2"}, 0);
        p.dot((ta[i] + tb[i]) * 0.5, 2.2, "#FFFFFF", color::gray, 1);
    }
    draw_track(p, ta, color::vermillion);
    draw_track(p, tb, color::orange);
    draw_track(p, tv, color::blue, 1.8);
    draw_vehicle(p, v, color::blue);
    draw_vehicle(p, a, color::vermillion);
    draw_vehicle(p, b, color::orange);
    p.label(ta.front(), "a", 0, -8, "middle");
    p.label(tb.front(), "b", 0, 16, "middle");
    fig.legend({kind::line, color::blue, "interpose"});
    fig.legend({kind::line, color::vermillion, "a"});
    fig.legend({kind::line, color::orange, "b"});
    fig.legend({kind::line, color::gray, "a to b and its midpoint, every 5 s", "2 2"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Interpose\" (a sketch in the paper). Two walkers a and b drift east; the vehicle aims "
        "at the midpoint of where both will be when it could get there, arrives on the line between them and "
        "stays on it.");
    return fig;
}

figure shadow() {
    vehicle v({.position = {6, -7}, .max_force = 4, .max_speed = 1});
    vehicle quarry({.position = {2, 0}, .velocity = {0.6, 0}, .max_force = 1, .max_speed = 0.6});
    track tv{v.position()}, tq{quarry.position()};
    for (int frame = 0; frame < hz * 30; ++frame) {
        v.apply_force(steer::shadow(v, quarry, {.stand_off = 2, .slowing_distance = 3}), dt);
        quarry.apply_force(quarry.side() * (0.03 * quarry.speed()), dt);
        tv.push_back(v.position()), tq.push_back(quarry.position());
    }
    const auto [lo, hi] = frame_of({tv, tq}, 2, 1.8);
    figure fig("Shadow", lo, hi);
    panel& p = fig.main();
    p.grid(1, 5);
    links(p, tv, tq, 3);
    draw_track(p, tq, color::vermillion);
    draw_track(p, tv, color::blue, 1.8);
    draw_vehicle(p, v, color::blue);
    draw_vehicle(p, quarry, color::vermillion);
    fig.legend({kind::line, color::blue, "shadow, stand-off 2"});
    fig.legend({kind::line, color::vermillion, "quarry, turning slowly"});
    fig.legend({kind::line, color::gray, "the two at the same moment, every 3 s", "2 2"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Shadow\" (a sketch in the paper). The vehicle approaches the quarry, then matches its "
        "heading and speed at the stand-off distance: arrival in the quarry's moving frame. From then on the two "
        "move side by side and their dots march in step.");
    return fig;
}

figure docking() {
    const vec target(0, 0), forward(1, 0);
    const vec starts[] = {{-10, 3}, {0, 7}, {8, 1}};
    const char* colors[] = {color::blue, color::green, color::vermillion};
    std::vector<track> tracks;
    for (const vec& start : starts) {
        vehicle v({.position = start, .max_force = 4, .max_speed = 2});
        tracks.push_back(run(v, 30, [&](const vehicle& self) { return steer::docking(self, target, forward, {.slowing_distance = 2}); }));
    }
    const auto [lo, hi] = frame_of(tracks, 1.5, 1.6);
    figure fig("Docking", lo, hi);
    panel& p = fig.main();
    p.grid(1, 5);
    p.rect({-1.5, -0.9}, {1.4, 0.9}, "none", {color::black, 1, "3 2"});
    for (int i = 0; i < 3; ++i) draw_track(p, tracks[static_cast<std::size_t>(i)], colors[i]);
    p.vehicle(target, forward, color::black, 14);
    fig.legend({kind::line, color::blue, "from behind"});
    fig.legend({kind::line, color::green, "from beside"});
    fig.legend({kind::line, color::vermillion, "from in front"});
    fig.legend({kind::vehicle, color::black, "the berth and its heading"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, the closing sketches (arrival that also constrains orientation). Every approach swings "
        "onto an arc tangent to the berth's heading and comes to rest on it facing +x (30 s, max_speed 2, "
        "slowing_distance 2). A vehicle starting in front first leaves the cone ahead of the berth and loops "
        "round the back, in a loop about as wide as its distance from the berth.");
    return fig;
}

figure patrol() {
    const std::vector<vec> checkpoints = {{0, 0}, {10, 0}, {10, 6}, {2, 7}};
    vehicle v({.position = {-3, -3}, .max_force = 2, .max_speed = 1.5});
    steer::patrol_state state;
    const track t = run(v, 45, [&](const vehicle& self) {
        return steer::patrol(self, checkpoints, state, {.slowing_distance = 2, .reach_radius = 0.3});
    });
    figure fig("Patrol", {-5, -4.5}, {13, 9});
    panel& p = fig.main();
    p.grid(1, 5);
    draw_track(p, t, color::blue);
    draw_vehicle(p, v, color::blue);
    for (std::size_t i = 0; i < checkpoints.size(); ++i) {
        p.circle(checkpoints[i], 0.3, color::orange, {color::black, 1});
        p.label(checkpoints[i], std::to_string(i + 1), i == 0 || i == 3 ? -9 : 9, i < 2 ? 16 : -6,
                i == 0 || i == 3 ? "end" : "start", color::black, 14);
    }
    fig.legend({kind::line, color::blue, "patrol, loop mode"});
    fig.legend({kind::disc, color::orange, "checkpoint (reach radius 0.3)"});
    fig.legend(ticks_entry);
    fig.caption(
        "Patrol (the implementation notes). Arrival at each checkpoint in turn, on to the next once within the "
        "reach radius: the vehicle slows into every corner (dots close up) and goes round again. 45 s; "
        "slowing_distance 2, max_speed 1.5.");
    return fig;
}

// ------------------------------------------------------------------ the world

// Non-overlapping obstacles with gaps of at least `gap` between them.
std::vector<sphere<vec>> scatter_obstacles(steer::rng& gen, int count, vec lo, vec hi, double r_min, double r_max,
                                           double gap, const std::vector<vec>& keep_clear = {}) {
    std::vector<sphere<vec>> rocks;
    for (int attempt = 0; attempt < 4000 && static_cast<int>(rocks.size()) < count; ++attempt) {
        const double x = steer::uniform(gen, lo.x, hi.x);  // one draw per statement: argument order
        const double y = steer::uniform(gen, lo.y, hi.y);  // differs between compilers
        const vec c(x, y);
        const double r = steer::uniform(gen, r_min, r_max);
        bool ok = true;
        for (const auto& o : rocks) ok = ok && glm::distance(c, o.center) > r + o.radius + gap;
        for (const vec& k : keep_clear) ok = ok && glm::distance(c, k) > r + 1.5;
        if (ok) rocks.push_back({c, r});
    }
    return rocks;
}
void draw_obstacles(panel& p, const std::vector<sphere<vec>>& rocks) {
    for (const auto& o : rocks) p.circle(o.center, o.radius, color::obstacle_fill, {color::obstacle_edge, 1});
}

figure obstacle_avoidance() {
    steer::rng gen(11);
    const double min_time = 1.5;
    const std::vector<vec> starts = {{-2, 1}, {-2, 7}, {-2, 13}, {-2, 19}};
    const std::vector<vec> goals = {{42, 1}, {42, 7}, {42, 13}, {42, 19}};
    std::vector<vec> keep = starts;
    keep.insert(keep.end(), goals.begin(), goals.end());
    const auto rocks = scatter_obstacles(gen, 80, {3, -1}, {37, 21}, 0.7, 2.0, 1.6, keep);
    figure fig("Obstacle avoidance", {-4, -3.5}, {44, 24});
    panel& p = fig.main();
    p.grid(1, 5);
    draw_obstacles(p, rocks);
    const char* colors[] = {color::blue, color::vermillion, color::green, color::purple};
    bool shown_cylinder = false;
    int collisions = 0;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        vehicle v({.position = starts[i], .velocity = {4, 0}, .radius = 0.5, .max_force = 8, .max_speed = 4});
        track t{v.position()};
        for (int frame = 0; frame < hz * 16; ++frame) {
            const vec avoid =
                steer::obstacle_avoidance(v, rocks, {.min_time_to_collision = min_time, .clearance = 0.05});
            if (!shown_cylinder && i == 1 && avoid != vec(0) && frame > hz * 2) {
                // The free-space cylinder ahead (a rectangle in 2D), as the vehicle tests it now.
                const double length = min_time * v.speed() + 2 * v.radius();
                const vec f = v.forward(), s = v.side(), c = v.position();
                p.polygon({c + s * v.radius(), c + s * v.radius() + f * length, c - s * v.radius() + f * length,
                           c - s * v.radius()},
                          color::blue, {color::blue, 1}, 0.12);
                shown_cylinder = true;
            }
            const vec steering = glm::length(avoid) > 0 ? avoid : steer::arrival(v, goals[i], {.slowing_distance = 3.0});
            v.apply_force(steering, dt);
            t.push_back(v.position());
            for (const auto& o : rocks) collisions += glm::distance(v.position(), o.center) < o.radius + v.radius();
        }
        p.line({starts[i], goals[i]}, {colors[i], 0.8, "2 4"}, 0);
        draw_track(p, t, colors[i]);
        draw_vehicle(p, v, colors[i]);
        p.cross(goals[i], 4, colors[i], 1.5);
    }
    fig.legend({kind::disc, color::obstacle_fill, "obstacle"});
    fig.legend({kind::band, "#DCE9F3", "the cylinder tested at one moment"});
    fig.legend({kind::marker_cross, color::black, "goal"});
    fig.legend({kind::line, color::gray, "straight to the goal", "2 4"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Obstacle Avoidance\". Four vehicles (radius 0.5, max_speed 4) cross a field of " +
        std::to_string(rocks.size()) +
        " obstacles to their goals, each with priority(obstacle_avoidance, arrival): avoidance steers only while an "
        "obstacle cuts into the free-space cylinder ahead (min_time_to_collision 1.5 s), as hard as the turn "
        "takes, and returns zero otherwise. Frames with a body overlapping an obstacle: " + std::to_string(collisions) + ".");
    return fig;
}

// ------------------------------------------------------------------ obstacles of every shape

using any_shape = std::variant<sphere<vec>, steer::box<vec>, steer::oriented_box<vec>, steer::segment<vec>,
                               steer::polygon<vec>, steer::plane<vec>>;

void draw_shape(panel& p, const any_shape& shape) {
    const stroke edge{color::obstacle_edge, 1};
    if (const auto* s = std::get_if<sphere<vec>>(&shape)) {
        p.circle(s->center, s->radius, color::obstacle_fill, edge);
    } else if (const auto* b = std::get_if<steer::box<vec>>(&shape)) {
        p.rect(b->min, b->max, color::obstacle_fill, edge);
    } else if (const auto* o = std::get_if<steer::oriented_box<vec>>(&shape)) {
        const vec u = o->axes[0] * o->half_extents.x, w = o->axes[1] * o->half_extents.y;
        p.polygon({o->center - u - w, o->center + u - w, o->center + u + w, o->center - u + w}, color::obstacle_fill, edge);
    } else if (const auto* g = std::get_if<steer::segment<vec>>(&shape)) {
        p.line({g->a, g->b}, {color::obstacle_edge, 3}, 0);
    } else if (const auto* q = std::get_if<steer::polygon<vec>>(&shape)) {
        p.polygon(q->points(), color::obstacle_fill, edge);
    }
}

// The bounding circle of a shape (a half-space has none: it is never scattered).
sphere<vec> bounds_of(const any_shape& shape) {
    return std::visit(
        [](const auto& o) {
            if constexpr (requires { bounding_sphere(o); }) return bounding_sphere(o);
            else return sphere<vec>{vec(0), 1e9};
        },
        shape);
}

// Shapes of one kind (or of every kind, `shape_kind` < 0) scattered over [lo, hi], their bounding
// circles at least `gap` apart and clear of `keep`.
std::vector<any_shape> scatter_shapes(steer::rng& gen, int shape_kind, int count, vec lo, vec hi, double gap,
                                      const std::vector<vec>& keep) {
    std::vector<any_shape> shapes;
    for (int attempt = 0; attempt < 4000 && static_cast<int>(shapes.size()) < count; ++attempt) {
        const double x = steer::uniform(gen, lo.x, hi.x);  // one draw per statement
        const double y = steer::uniform(gen, lo.y, hi.y);
        const vec c(x, y);
        const double w = steer::uniform(gen, 0.5, 2.2);
        const double h = steer::uniform(gen, 0.4, 1.6);
        const double angle = steer::uniform(gen, 0.0, 3.14);
        const int which = shape_kind >= 0 ? shape_kind : static_cast<int>(gen() % 5);
        any_shape shape = sphere<vec>{c, w * 0.8};
        if (which == 1) shape = steer::box<vec>{c - vec(w, h), c + vec(w, h)};
        if (which == 2) shape = steer::oriented_box<vec>::turned(c, vec(w, h * 0.5), angle);
        if (which == 3) shape = steer::segment<vec>{c - vec(std::cos(angle), std::sin(angle)) * (w * 1.5),
                                                    c + vec(std::cos(angle), std::sin(angle)) * (w * 1.5)};
        if (which == 4) {  // a concave "L" or a star-ish blob
            std::vector<vec> corners;
            for (int k = 0; k < 7; ++k) {
                const double a = angle + 6.2832 * k / 7;
                const double r = (k % 2 ? 0.55 : 1.0) * w * 1.1;
                corners.push_back(c + vec(std::cos(a), std::sin(a)) * r);
            }
            shape = steer::polygon<vec>(corners);
        }
        const sphere<vec> b = bounds_of(shape);
        bool ok = true;
        for (const auto& other : shapes) {
            const sphere<vec> ob = bounds_of(other);
            ok = ok && glm::distance(b.center, ob.center) > b.radius + ob.radius + gap;
        }
        for (const vec& k : keep) ok = ok && glm::distance(b.center, k) > b.radius + 1.5;
        if (ok) shapes.push_back(shape);
    }
    return shapes;
}

// Vehicles from `starts` to `goals` through `shapes` with priority(obstacle_avoidance at its
// defaults, arrival), drawn into `p`. Counts frames with a body overlapping a shape and the
// closest approach.
void cross_shapes(panel& p, const std::vector<any_shape>& shapes, const std::vector<vec>& starts,
                  const std::vector<vec>& goals, int seconds, int& inside, double& closest) {
    for (const auto& shape : shapes) draw_shape(p, shape);
    const char* colors[] = {color::blue, color::vermillion, color::green, color::purple};
    for (std::size_t i = 0; i < starts.size(); ++i) {
        vehicle v({.position = starts[i], .velocity = {4, 0}, .radius = 0.5, .max_force = 8, .max_speed = 4});
        track t{v.position()};
        for (int frame = 0; frame < hz * seconds; ++frame) {
            const vec avoid = steer::obstacle_avoidance(v, shapes);
            v.apply_force(glm::length(avoid) > 0 ? avoid : steer::arrival(v, goals[i], {.slowing_distance = 3.0}), dt);
            t.push_back(v.position());
            for (const auto& shape : shapes) {
                const double gap = std::visit([&](const auto& o) { return signed_distance(o, v.position()); }, shape) - 0.5;
                closest = std::min(closest, gap);
                inside += gap < 0;
            }
        }
        draw_track(p, t, colors[i % 4]);
        draw_vehicle(p, v, colors[i % 4]);
        p.cross(goals[i], 4, colors[i % 4], 1.5);
    }
}

std::string hundredths(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", x);
    return text;
}

figure obstacle_shapes() {
    figure fig("Obstacle avoidance: boxes, oriented boxes, walls, polygons", {-3, -2}, {23, 20}, 4);
    const char* names[] = {"boxes", "oriented boxes", "walls (segments)", "polygons"};
    int inside = 0;
    double closest = 1e9;
    for (int k = 0; k < 4; ++k) {
        steer::rng gen(static_cast<std::uint64_t>(40 + k));
        const std::vector<vec> starts = {{-1, 3}, {-1, 9}, {-1, 15}};
        const std::vector<vec> goals = {{21, 15}, {21, 9}, {21, 3}};
        std::vector<vec> keep = starts;
        keep.insert(keep.end(), goals.begin(), goals.end());
        const auto shapes = scatter_shapes(gen, k + 1, 14, {3, 0}, {17, 18}, 1.2, keep);
        panel& p = fig[static_cast<std::size_t>(k)];
        cross_shapes(p, shapes, starts, goals, 16, inside, closest);
        p.label(vec(-2, 19), names[k]);
    }
    fig.legend({kind::disc, color::obstacle_fill, "obstacle"});
    fig.legend({kind::marker_cross, color::black, "goal"});
    fig.legend(ticks_entry);
    fig.caption("Each shape as an obstacle: three vehicles (radius 0.5, max_speed 4, max_force 8) cross each field with "
                "priority(obstacle_avoidance, arrival), obstacle avoidance at its default parameters. Frames with a "
                "body overlapping an obstacle: " + std::to_string(inside) + "; closest approach of a body to a "
                "surface: " + hundredths(closest) + ".");
    return fig;
}

figure obstacle_field() {
    steer::rng gen(47);
    const std::vector<vec> starts = {{-2, 1}, {-2, 7}, {-2, 13}, {-2, 19}};
    const std::vector<vec> goals = {{42, 19}, {42, 13}, {42, 7}, {42, 1}};
    std::vector<vec> keep = starts;
    keep.insert(keep.end(), goals.begin(), goals.end());
    auto shapes = scatter_shapes(gen, -1, 40, {3, -1}, {37, 21}, 1.2, keep);
    // The map's edges: half-spaces below y = -3.5 and above y = 23.5.
    shapes.push_back(steer::plane<vec>{{0, 1}, -3.5});
    shapes.push_back(steer::plane<vec>{{0, -1}, -23.5});
    figure fig("Obstacle avoidance: a mixed field", {-4, -4.5}, {44, 24.5});
    panel& p = fig.main();
    p.grid(1, 5);
    p.rect({-4, -4.5}, {44, -3.5}, color::obstacle_fill, {color::obstacle_edge, 1});
    p.rect({-4, 23.5}, {44, 24.5}, color::obstacle_fill, {color::obstacle_edge, 1});
    int inside = 0;
    double closest = 1e9;
    cross_shapes(p, shapes, starts, goals, 24, inside, closest);
    fig.legend({kind::disc, color::obstacle_fill, "obstacle"});
    fig.legend({kind::marker_cross, color::black, "goal"});
    fig.legend(ticks_entry);
    fig.caption("One call, every shape: circles, boxes, oriented boxes, walls, polygons and two half-spaces (the "
                "map's top and bottom edges) in one std::vector of std::variant. Four vehicles cross diagonally "
                "with priority(obstacle_avoidance, arrival) at the default parameters. Frames with a body "
                "overlapping an obstacle: " + std::to_string(inside) + "; closest approach: " + hundredths(closest) + ".");
    return fig;
}

figure path_following() {
    const steer::pathway<vec> road({{0, 0}, {13, 5.4}, {26, 0}, {39, 5.4}, {52, 0}}, 2.0);
    figure fig("Path following", {-4, -7}, {56, 11});
    panel& p = fig.main();
    p.grid(1, 5);
    const std::vector<vec> spine(road.points().begin(), road.points().end());
    p.tube(spine, road.radius(), color::tube);
    p.line(spine, {color::obstacle_edge, 1, "6 4"}, 0);
    struct runner {
        int direction;
        vec start;
        vec velocity;
        const char* c;
    };
    const runner runners[] = {{+1, {0, 8}, {0, 0}, color::blue}, {-1, {50, -5}, {0, 0}, color::vermillion}};
    for (const runner& r : runners) {
        vehicle v({.position = r.start, .velocity = r.velocity, .max_force = 6, .max_speed = 3});
        const track t =
            run(v, 20, [&](const vehicle& self) { return steer::path_following(self, road, {.direction = r.direction}); });
        draw_track(p, t, r.c);
        draw_vehicle(p, v, r.c);
    }
    fig.legend({kind::band, color::tube, "pathway, radius 2"});
    fig.legend({kind::line, color::obstacle_edge, "spine", "6 4"});
    fig.legend({kind::line, color::blue, "direction +1"});
    fig.legend({kind::line, color::vermillion, "direction -1"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Path Following\". Two vehicles (max_speed 3, max_force 6) start off the path and follow it "
        "in opposite directions for 20 s. Each predicts its position 1 s ahead and steers only when that "
        "prediction leaves the tube or it is going the wrong way, so the paths are lazy curves that cut the "
        "corners inside the tube rather than tracing the spine.");
    return fig;
}

// Twenty walkers both ways along a path with rocks, stepped for 16 s: with the blend
// docs/behaviors.md recommends for a crowd (examples/walkers runs the same blend with a
// hundred), or with reciprocal avoidance toward what path following and wander want.
figure walkers_on_path(bool reciprocal) {
    const steer::pathway<vec> path({{0, 0}, {16, 0}, {24, 8}, {36, 8}, {44, 0}, {58, 0}}, 2.0);
    const std::vector<sphere<vec>> rocks = {{{8, 0}, 0.5},   {{16.9, -4.7}, 2.2}, {{30, 11}, 1.2},
                                            {{36.9, 12.7}, 2.2}, {{50, -2.8}, 1.0}};
    figure fig(reciprocal ? "Path following in a crowd, with reciprocal avoidance" : "Path following in a crowd",
               {-3, -8}, {61, 15});
    panel& p = fig.main();
    p.grid(1, 5);
    const std::vector<vec> spine(path.points().begin(), path.points().end());
    p.tube(spine, path.radius(), color::tube);
    p.line(spine, {color::obstacle_edge, 1, "6 4"}, 0);
    draw_obstacles(p, rocks);
    struct walker {
        vehicle body;
        int direction;
        steer::wander_state<vec> wander;
        track t;
    };
    steer::rng gen(23);
    std::vector<walker> crowd;
    for (int i = 0; i < 20; ++i) {
        const int direction = i % 2 == 0 ? 1 : -1;
        const double along = path.length() * (i + 0.5) / 20;  // spread along, alternately each way
        const vec tangent = path.tangent_at_distance(along);
        const vec across(-tangent.y, tangent.x);
        const vec start = path.point_at_distance(along) - across * (direction * 1.0);
        crowd.push_back({vehicle({.position = start,
                                  .velocity = tangent * (1.5 * direction),
                                  .radius = 0.5,
                                  .max_force = 3,
                                  .max_speed = 1.5}),
                         direction,
                         {},
                         {start}});
    }
    std::vector<const vehicle*> bodies;
    for (const auto& w : crowd) bodies.push_back(&w.body);
    long frames = 0, inside = 0;
    int touching = 0;
    double closest = 1e300;
    std::vector<vec> forces(crowd.size());
    for (int frame = 0; frame < 16 * hz; ++frame) {
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            walker& w = crowd[i];
            if (reciprocal) {
                const vec wanted = steer::desired_velocity(
                    w.body, steer::path_following(w.body, path, {.direction = w.direction}) +
                                steer::wander(w.body, w.wander, gen, dt) * 0.1);
                forces[i] = steer::reciprocal_avoidance(w.body, bodies, rocks, wanted, dt);
                continue;
            }
            forces[i] = steer::weighted_sum(
                steer::weighted(1.0, [&] { return steer::unaligned_collision_avoidance(w.body, bodies, {.clearance = 0.1}); }),
                steer::weighted(1.0, [&] { return steer::obstacle_avoidance(w.body, rocks, {.clearance = 0.05}); }),
                steer::weighted(0.5, [&] { return steer::path_following(w.body, path, {.direction = w.direction}); }),
                steer::weighted(0.1, [&] { return steer::wander(w.body, w.wander, gen, dt); }));
        }
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            crowd[i].body.apply_force(forces[i], dt);
            crowd[i].t.push_back(crowd[i].body.position());
            ++frames;
            inside += path.nearest(crowd[i].body.position()).outside <= 0;
            for (std::size_t j = 0; j < i; ++j) {
                const double apart = glm::distance(crowd[i].body.position(), crowd[j].body.position());
                touching += apart < 1.0;
                closest = std::min(closest, apart);
            }
        }
    }
    for (const auto& w : crowd) {
        const char* c = w.direction > 0 ? color::blue : color::vermillion;
        draw_track(p, w.t, c, 0.9, nullptr, 0);
        draw_vehicle(p, w.body, c, 9);
    }
    fig.legend({kind::band, color::tube, "pathway, radius 2"});
    fig.legend({kind::disc, color::obstacle_fill, "rock"});
    fig.legend({kind::line, color::blue, "walking +1"});
    fig.legend({kind::line, color::vermillion, "walking -1"});
    char share[32];
    std::snprintf(share, sizeof share, "%.1f%%", 100.0 * static_cast<double>(inside) / static_cast<double>(frames));
    if (reciprocal) {
        fig.caption("The walkers of the figure above (radius 0.5, max_speed 1.5, max_force 3), now each steered by "
                    "reciprocal_avoidance of the walkers and the rocks, toward the velocity path following and a "
                    "tenth of wander ask for (steer::desired_velocity of their sum). They keep inside the tube on " +
                    std::string(share) + " of walker-frames; the closest two centers came " + gallery::fixed(closest, 2) +
                    " m apart (1 m is touching).");
    } else {
        fig.caption("Twenty walkers (radius 0.5, max_speed 1.5) spread along a path go both ways for 16 s, each with the "
                    "weighted sum docs/behaviors.md recommends: unaligned collision avoidance 1 (clearance 0.1), "
                    "obstacle avoidance 1 (clearance 0.05), path following 0.5, wander 0.1. They dodge each other "
                    "and the rock in the tube and keep inside it on " + std::string(share) +
                    " of walker-frames (those reaching an end of the open path circle its last point); frames with two "
                    "bodies overlapping: " + std::to_string(touching) + ".");
    }
    return fig;
}

figure path_walkers() { return walkers_on_path(false); }
figure path_walkers_reciprocal() { return walkers_on_path(true); }

figure strafing() {
    // A guard walks a square round a post while keeping its eyes on the post: facing and
    // heading apart (face + vehicle::turn), its facing drawn every second.
    const vec post(0, 0);
    const std::vector<vec> corners = {{8, -6}, {8, 6}, {-8, 6}, {-8, -6}};
    vehicle guard({.position = {-8, -6}, .max_force = 4, .max_speed = 2, .facing = {1, 0}, .max_turn_rate = 2.0});
    figure fig("Face: a strafing character", {-11, -9}, {11, 9});
    panel& p = fig.main();
    p.grid(1, 5);
    p.circle(post, 0.6, color::obstacle_fill, {color::obstacle_edge, 1});
    track t{guard.position()};
    std::vector<std::pair<vec, vec>> looks;
    std::size_t next = 0;
    double worst = 0;
    for (int frame = 0; frame < 30 * hz; ++frame) {
        if (glm::distance(guard.position(), corners[next]) < 1.0) next = (next + 1) % corners.size();
        guard.apply_force(steer::arrival(guard, corners[next], {.slowing_distance = 1.0}), dt);
        guard.turn(steer::face(guard, post), dt);
        t.push_back(guard.position());
        if (frame % hz == 0) looks.push_back({guard.position(), guard.position() + guard.facing() * 1.6});
        if (frame > hz) {
            const vec to_post = glm::normalize(post - guard.position());
            worst = std::max(worst, std::acos(std::clamp(glm::dot(to_post, guard.facing()), -1.0, 1.0)));
        }
    }
    draw_track(p, t, color::blue, 1.5, nullptr, 0);
    p.arrows(looks, {color::vermillion, 1.2});
    draw_vehicle(p, guard, color::blue);
    fig.legend({kind::disc, color::obstacle_fill, "post"});
    fig.legend({kind::line, color::blue, "path walked (heading)"});
    fig.legend({kind::arrow, color::vermillion, "facing, every second"});
    char off[32];
    std::snprintf(off, sizeof off, "%.1f", worst * 180 / pi);
    fig.caption("A guard (max_speed 2, max_turn_rate 2 rad/s) walks a square round a post with arrival from "
                "corner to corner, and each frame turns its facing with face(guard, post) through "
                "vehicle::turn. It moves forward, sideways and backward relative to where it looks; after the "
                "first second its facing is never more than " + std::string(off) + " degrees off the post.");
    return fig;
}

figure wall_following() {
    const double offset = 2;
    const steer::pathway<vec> wall({{0, 0}, {12, 0}, {20, 8}, {32, 8}, {38, 2}}, 0.5);
    figure fig("Wall following", {-4, -7}, {44, 16});
    panel& p = fig.main();
    p.grid(1, 5);
    const std::vector<vec> spine(wall.points().begin(), wall.points().end());
    p.tube(spine, wall.radius() + offset, "#DCE8F2");
    p.tube(spine, wall.radius(), color::obstacle_edge);
    struct runner {
        vec start;
        vec velocity;
        const char* c;
    };
    const runner runners[] = {{{-2, 7}, {0, 0}, color::blue}, {{36, -4}, {-1, 0}, color::vermillion}};
    for (const runner& r : runners) {
        vehicle v({.position = r.start, .velocity = r.velocity, .max_force = 6, .max_speed = 3});
        const track t =
            run(v, 16, [&](const vehicle& self) { return steer::wall_following(self, wall, {.offset = offset}); });
        draw_track(p, t, r.c);
        draw_vehicle(p, v, r.c);
    }
    fig.legend({kind::band, color::obstacle_edge, "wall (half thickness 0.5)"});
    fig.legend({kind::band, "#DCE8F2", "within the offset (2) of the wall"});
    fig.legend({kind::line, color::blue, "from above"});
    fig.legend({kind::line, color::vermillion, "from below, going west"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Wall Following and Containment\". The vehicle seeks a point on the curve 2 units (the "
        "offset) from the wall's surface, a little ahead of its predicted position: it approaches, then runs along "
        "the edge of the shaded band, around outside corners and early at inside ones, on whichever side it came "
        "from (16 s, max_speed 3, max_force 6, prediction 0.5 s).");
    return fig;
}

figure containment() {
    // A circle and a box side by side, the same wanderer in each.
    const sphere<vec> pond{{0, 0}, 8};
    const steer::box<vec> room{{-10, -6}, {10, 6}};
    figure fig("Containment", {-11, -9}, {11, 9}, 2);
    for (int k = 0; k < 2; ++k) {
        panel& p = fig[static_cast<std::size_t>(k)];
        p.title(k == 0 ? "a circle (sphere<vec2>), radius 8" : "a box, 20 x 12");
        p.grid(1, 5);
        if (k == 0) p.circle(pond.center, pond.radius, "#F7F7F7", {color::black, 1.5});
        else p.rect(room.min, room.max, "#F7F7F7", {color::black, 1.5});
        steer::rng gen(5);
        steer::wander_state<vec> state;
        vehicle v({.position = {-2, 1}, .velocity = {3, 0}, .max_force = 4, .max_speed = 3});
        track t{v.position()};
        std::vector<track> active;  // stretches where containment steers; gaps under 0.25 s bridged
        int last_active = -1000;
        int active_frames = 0;
        const int frames = hz * 40;
        for (int frame = 0; frame < frames; ++frame) {
            const vec inside = k == 0 ? steer::containment(v, pond) : steer::containment(v, room);  // 1 s ahead
            const bool is_active = inside != vec(0);
            const vec steering =
                is_active ? inside : steer::wander(v, state, gen, dt, {.radius = 2, .distance = 1, .rate = 3});
            if (is_active && frame - last_active > hz / 4) active.push_back({v.position()});
            v.apply_force(steering, dt);
            t.push_back(v.position());
            if (is_active) {
                for (int f = last_active + 1; f < frame && frame - last_active <= hz / 4; ++f)
                    active.back().push_back(t[static_cast<std::size_t>(f) + 1]);
                active.back().push_back(v.position()), ++active_frames, last_active = frame;
            }
        }
        draw_track(p, t, color::blue, 1.2, nullptr, 2);
        for (const track& a : active) p.line(a, {color::vermillion, 2.4}, 1.5);
        draw_vehicle(p, v, color::blue);
        p.label(vec(-10.5, 8.5), "containment steers in " + std::to_string(100 * active_frames / frames) + "% of frames", 0,
                8, "start", color::black, 11);
    }
    fig.legend({kind::line, color::blue, "wander"});
    fig.legend({kind::line, color::vermillion, "containment is steering"});
    fig.legend({kind::ticks, color::gray, "a dot every 2 s"});
    fig.caption(
        "Reynolds 1999, \"Wall Following and Containment\". 40 s of priority(containment, wander) (max_speed 3, "
        "max_force 4, prediction 1 s; wander radius 2, distance 1, rate 3). Containment returns zero while the "
        "position predicted 1 s ahead is inside; otherwise it seeks a point inside, deeper by the distance covered "
        "in that second. The vehicle turns back before the wall and then slides along it until wander turns it "
        "away: nothing pulls it toward the middle.");
    return fig;
}

figure flow_field() {
    const steer::box<vec> region{{0, 0}, {36, 20}};
    const vec center(18, 10);
    const steer::flow_field<vec> field(region, {18, 10}, [&](const vec& q) {
        const vec r = (q - center) * vec(1, 1.6);     // an ellipse, wider than tall
        const vec around(-r.y, r.x);                     // counter-clockwise round the center,
        const double pull = std::clamp((glm::length(r) - 11) / 8, -1.0, 1.0);  // drawn toward the ring
        return steer::safe_normalize(steer::safe_normalize(around) - 0.8 * pull * steer::safe_normalize(r));
    });
    figure fig("Flow field following", {0, 0}, {36, 20});
    panel& p = fig.main();
    std::vector<std::pair<vec, vec>> arrows;
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 18; ++x) {
            const vec c = field.cell_center({x, y});
            const vec f = field.at({x, y});
            arrows.emplace_back(c - f * 0.6, c + f * 0.6);
        }
    p.arrows(arrows, {"#A9A9A9", 1});
    const vec starts[] = {{2, 18}, {4, 3}, {33, 3}, {30, 17}};
    const vec velocities[] = {{0, -3}, {3, 0}, {0, 3}, {-3, 0}};
    const char* colors[] = {color::blue, color::vermillion, color::green, color::purple};
    for (int i = 0; i < 4; ++i) {
        vehicle v({.position = starts[i], .velocity = velocities[i], .max_force = 3, .max_speed = 3});
        const track t = run(
            v, 12, [&](const vehicle& self) { return steer::flow_field_following(self, field, {.prediction_time = 0.5}); });
        draw_track(p, t, colors[i], 1.8);
        draw_vehicle(p, v, colors[i]);
    }
    fig.legend({kind::arrow, "#A9A9A9", "the field, one arrow per cell"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Flow Field Following\". The field (18 x 10 cells, interpolated between cell centers) "
        "swirls counter-clockwise and draws everything onto an oval. Sampled 0.5 s ahead and times max_speed, it "
        "is each vehicle's desired velocity: four vehicles released at full speed, each its own way, turn within a "
        "second or two and join the circulation (12 s shown).");
    return fig;
}

figure getting_there() {
    // A U whose pocket opens toward the units, an L and a turned block, on a lot 48 x 30 m.
    const std::vector<steer::polygon<vec>> buildings{
        steer::polygon<vec>({{14, 6}, {26, 6}, {26, 22}, {14, 22}, {14, 19}, {23, 19}, {23, 9}, {14, 9}}),
        steer::polygon<vec>({{30, 2}, {40, 2}, {40, 5}, {33, 5}, {33, 13}, {30, 13}}),
        steer::polygon<vec>({{31, 19}, {38, 17}, {40, 24}, {33, 26}})};
    const double radius = 0.5, clearance = 0.8;
    const steer::navigation_grid<vec> nav({{0, 0}, {48, 30}}, 0.5, buildings, {.clearance = clearance});
    const vec goal(45, 14);
    const steer::flow_field<vec> field = nav.field_toward(goal);
    figure fig("Getting there: routes and fields round buildings", {0, 0}, {48, 30});
    panel& p = fig.main();
    std::vector<std::pair<vec, vec>> arrows;
    for (double y = 1; y < 30; y += 2)
        for (double x = 1; x < 48; x += 2) {
            if (!nav.is_free({x, y})) continue;
            const vec f = field.sample({x, y});
            arrows.emplace_back(vec(x, y) - f * 0.7, vec(x, y) + f * 0.7);
        }
    p.arrows(arrows, {"#A9A9A9", 1});
    for (const auto& b : buildings) {
        const auto points = b.points();
        p.polygon(std::vector<vec>(points.begin(), points.end()), "#D0D0D0", {"#707070", 1});
    }
    // Routes from four starts, one of them deep in the U's pocket.
    const vec starts[] = {{3, 4}, {3, 27}, {19, 14}, {8, 15}};
    double longest = 0;
    for (const vec& start : starts) {
        const auto route = nav.find_path(start, goal, clearance - radius);
        const auto points = route->points();
        p.line(std::vector<vec>(points.begin(), points.end()), {color::blue, 1.8});
        p.dot(start, 4, color::blue);
        longest = std::max(longest, route->length());
    }
    // The unit in the pocket once more, seeking the goal with obstacle avoidance only.
    vehicle lost({.position = starts[2], .radius = radius, .max_force = 6, .max_speed = 3});
    const track t = run(lost, 30, [&](const vehicle& self) {
        return steer::priority(0.0, [&] { return steer::obstacle_avoidance(self, buildings, {.min_time_to_collision = 1}); },
                               [&] { return steer::arrival(self, goal, {.slowing_distance = 3}); });
    });
    draw_track(p, t, color::vermillion, 1.5);
    draw_vehicle(p, lost, color::vermillion);
    p.cross(goal, 5, color::black, 1.8);
    p.label(goal, "goal", 8, -6);
    fig.legend({kind::line, color::blue, "find_path, from each dot"});
    fig.legend({kind::arrow, "#A9A9A9", "field_toward(goal), every 2 m"});
    fig.legend({kind::line, color::vermillion, "30 s of seeking the goal with obstacle avoidance"});
    fig.caption("steer::navigation_grid over three buildings (0.5 m cells, clearance 0.8 m: a body of radius 0.5 and "
                "0.3 m to spare). The routes are any-angle: straight between bends that wrap each building's corners, "
                "grown by the clearance, in a few short segments. The field gives every free cell the direction of "
                "its shortest route, so a whole group can share one order. Local steering alone cannot see round the "
                "U: the unit that only seeks the goal from inside its pocket presses against the back wall.");
    return fig;
}

figure hide() {
    const vec hunter_at(0, 0);
    const std::vector<sphere<vec>> rocks = {{{6, 4}, 1.5}, {{-5, 6}, 1.2}, {{3, -6}, 2.0}, {{-7, -3}, 1.0},
                                            {{12, -2}, 1.3}};
    vehicle hunter({.position = hunter_at});
    figure fig("Hide", {-14, -12}, {18, 12});
    panel& p = fig.main();
    p.grid(1, 5);
    // The shadow of each obstacle as seen by the hunter: where a hider is out of sight.
    for (const auto& o : rocks) {
        const vec d = o.center - hunter_at;
        const double dist = glm::length(d);
        const double half = std::asin(o.radius / dist);
        const double heading = std::atan2(d.y, d.x);
        const double far = 30;
        const double tangent = std::sqrt(dist * dist - o.radius * o.radius);
        const vec a = hunter_at + tangent * vec(std::cos(heading - half), std::sin(heading - half));
        const vec b = hunter_at + tangent * vec(std::cos(heading + half), std::sin(heading + half));
        p.polygon({a, hunter_at + far * vec(std::cos(heading - half), std::sin(heading - half)),
                   hunter_at + far * vec(std::cos(heading + half), std::sin(heading + half)), b},
                  "#B9B9B9", {"none", 0}, 0.25);
    }
    draw_obstacles(p, rocks);
    for (const auto& o : rocks) {  // each obstacle's hiding point (margin 0.5, hider radius 0.5)
        const vec away = steer::safe_normalize(o.center - hunter_at);
        p.cross(o.center + away * (o.radius + 0.5 + 0.5), 3, color::gray, 1.2);
    }
    const vec starts[] = {{-3, 3}, {4, -1.5}, {9, 3}};
    const char* colors[] = {color::blue, color::green, color::purple};
    for (int i = 0; i < 3; ++i) {
        vehicle v({.position = starts[i], .radius = 0.5, .max_force = 4, .max_speed = 2});
        const track t = run(v, 15, [&](const vehicle& self) {
            return steer::priority(0.0,
                                   [&] {
                                       return steer::obstacle_avoidance(self, rocks,
                                                                        {.min_time_to_collision = 1.0, .clearance = 0.05});
                                   },
                                   [&] {
                                       return steer::hide(self, hunter, rocks, {.margin = 0.5, .slowing_distance = 2});
                                   });
        });
        draw_track(p, t, colors[i]);
        draw_vehicle(p, v, colors[i]);
    }
    p.dot(hunter_at, 6, color::vermillion);
    p.label(hunter_at, "hunter", 9, 4);
    fig.legend({kind::disc, color::vermillion, "hunter"});
    fig.legend({kind::band, "#E5E5E5", "out of the hunter's sight"});
    fig.legend({kind::line, color::blue, "hiders"});
    fig.legend({kind::marker_cross, color::gray, "hiding points"});
    fig.legend(ticks_entry);
    fig.caption(
        "Reynolds 1999, \"Other Behaviors\" (hide). Each obstacle offers one hiding point on the line from the "
        "hunter through its center, just beyond its far side. Three hiders caught in the open each arrive at the "
        "hiding point nearest to themselves (with obstacle avoidance first, by priority) and rest in the "
        "obstacle's shadow.");
    return fig;
}

// ------------------------------------------------------------------ groups

// Steps everyone from the same state: all forces first, then all moves.
template <class F>
std::vector<track> step_group(std::vector<vehicle>& group, double seconds, F&& steering) {
    std::vector<track> tracks(group.size());
    for (std::size_t i = 0; i < group.size(); ++i) tracks[i].push_back(group[i].position());
    std::vector<vec> forces(group.size());
    const int frames = static_cast<int>(std::lround(seconds * hz));
    for (int frame = 0; frame < frames; ++frame) {
        for (std::size_t i = 0; i < group.size(); ++i) forces[i] = steering(i);
        for (std::size_t i = 0; i < group.size(); ++i) {
            group[i].apply_force(forces[i], dt);
            tracks[i].push_back(group[i].position());
        }
    }
    return tracks;
}

// Characters scattered in a disc with random headings.
std::vector<vehicle> scatter_group(steer::rng& gen, int count, vec center, double radius, double speed,
                                   const steer::vehicle_params<vec>& base) {
    std::vector<vehicle> group;
    for (int i = 0; i < count; ++i) {
        steer::vehicle_params<vec> params = base;
        params.position = center + radius * steer::random_vector_in_unit_ball<vec>(gen);
        params.velocity = speed * steer::random_unit_vector<vec>(gen);
        group.emplace_back(params);
    }
    return group;
}

figure separation() {
    const steer::neighborhood<vec> near{.max_distance = 3};
    const vec goal(0, 0);
    figure fig("Separation", {-11, -11}, {11, 11}, 2);
    for (int k = 0; k < 2; ++k) {
        panel& p = fig[static_cast<std::size_t>(k)];
        p.title(k == 0 ? "arrival only" : "arrival + separation");
        p.grid(1, 5);
        steer::rng gen(21);
        std::vector<vehicle> crowd;
        for (int i = 0; i < 16; ++i) {
            const double angle = 2 * pi * (i + steer::uniform(gen, -0.3, 0.3)) / 16;
            const double r = steer::uniform(gen, 7.0, 10.0);
            crowd.emplace_back(steer::vehicle_params<vec>{
                .position = r * vec(std::cos(angle), std::sin(angle)), .radius = 0.5, .max_force = 3, .max_speed = 2});
        }
        const auto tracks = step_group(crowd, 12, [&](std::size_t i) {
            const vehicle& v = crowd[i];
            const vec arrive = steer::arrival(v, goal, {.slowing_distance = 4.0});
            return k == 0 ? arrive : arrive + steer::separation(v, crowd, near);
        });
        if (k == 1) {
            const vehicle& focus = crowd[0];
            p.wedge(focus.position(), focus.forward(), near.max_distance, pi, color::blue, {color::blue, 1, "4 3"},
                    0.1);
        }
        int overlapping = 0;
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            draw_track(p, tracks[i], color::gray, 1, nullptr, 1);
            bool hit = false;
            for (std::size_t j = 0; j < crowd.size(); ++j)
                hit = hit || (i != j && glm::distance(crowd[i].position(), crowd[j].position()) < 1.0);
            overlapping += hit;
            const bool neighbor =
                k == 1 && i != 0 && glm::distance(crowd[i].position(), crowd[0].position()) <= near.max_distance;
            const char* fill = k == 1 && i == 0 ? color::blue
                               : neighbor       ? color::sky
                               : hit            ? color::vermillion
                                                : "#FFFFFF";
            p.circle(crowd[i].position(), crowd[i].radius(), fill, {color::black, 1});
        }
        p.cross(goal, 4, color::black, 1.2);
        p.label(vec(-10.5, 10.5), "bodies overlapping another: " + std::to_string(overlapping), 0, 8, "start",
                color::black, 11);
    }
    fig.legend({kind::ticks, color::gray, "paths, a dot per second"});
    fig.legend({kind::disc, color::vermillion, "a body overlapping another"});
    fig.legend({kind::ring, color::blue, "one character's neighborhood (3 units)", "4 3"});
    fig.legend({kind::disc, color::sky, "its neighbors"});
    fig.caption(
        "Reynolds 1999, \"Separation\". 16 characters (radius 0.5) arrive at the same point from all round (12 s). "
        "Alone, arrival piles them on top of each other. Separation adds, for every neighbor within 3 units, a "
        "push away from it of 3/distance - 1 (full force at 1.5 units, fading to nothing at 3): the crowd settles "
        "around the point at an even spacing where the pushes balance the pull.");
    return fig;
}

figure separation_bodies() {
    // The horde of examples/horde at a tenth of its size, seen around the target after 30 s.
    figure fig("Separation between bodies: a horde of mixed sizes", {-12, -12}, {12, 12}, 2);
    std::string results[2];
    for (std::size_t k = 0; k < 2; ++k) {
        horde::settings s;
        s.units = 200;
        s.seconds = 30;
        s.bodies = k == 1;
        std::vector<steer::vehicle2> last;
        vec target(0, 0);
        const horde::figures f =
            horde::run(s, [&](double t, const steer::crowd<horde::vec>& units, horde::vec at) {
                if (std::lround(t * hz) != std::lround(static_cast<double>(s.seconds) * hz)) return;
                const auto all = units.vehicles();
                last.assign(all.begin(), all.end());
                target = vec(at);
            });
        panel& p = fig[k];
        p.title(k == 0 ? "separation between centers" : "separation between bodies");
        p.grid(1, 5);
        for (std::size_t i = 0; i < last.size(); ++i) {
            bool overlapping = false;  // more than 10% of the two radii's sum into another
            for (std::size_t j = 0; j < last.size(); ++j) {
                const double reach = static_cast<double>(last[i].radius()) + static_cast<double>(last[j].radius());
                overlapping = overlapping ||
                              (i != j && static_cast<double>(glm::distance(last[i].position(), last[j].position())) <
                                             0.9 * reach);
            }
            p.circle(vec(last[i].position()) - target, static_cast<double>(last[i].radius()),
                     overlapping ? color::vermillion : "#FFFFFF", {color::black, 1});
        }
        p.cross(vec(0, 0), 4, color::black, 1.2);
        results[k] = std::to_string(f.pair_frames_over_10) + " pair-steps more than 10% into each other, the deepest " +
                     gallery::fixed(100 * f.deepest, 0) + "%";
    }
    fig.legend({kind::disc, color::vermillion, "a body more than 10% into another"});
    fig.caption("200 units of radii 0.3 to 0.9 (top speed 3, max_force 6) chase a target (the cross) circling at 1.5 "
                "m/s, each steered by separation (first, weight 1, neighbors within 3 m) and seek, truncated to "
                "max_force (examples/horde, a tenth of its horde); the bodies after 30 s, around the target. Left, "
                "separation between centers (3/distance - 1): " + results[0] + ". Right, between bodies, personal "
                "space 1 m: " + results[1] + ".");
    return fig;
}

figure cohesion() {
    steer::rng gen(8);
    std::vector<vehicle> group;
    for (int i = 0; i < 30; ++i)
        group.emplace_back(steer::vehicle_params<vec>{
            .position = {steer::uniform(gen, -12.0, 12.0), steer::uniform(gen, -8.0, 8.0)},  // braces: in order
            .radius = 0.3, .max_force = 1, .max_speed = 1.2});
    const steer::neighborhood<vec> near{.max_distance = 5};
    const steer::neighborhood<vec> personal{.max_distance = 1.2};
    const std::vector<vehicle> start = group;
    const auto tracks = step_group(group, 16, [&](std::size_t i) {
        const vehicle& v = group[i];
        return steer::cohesion(v, group, near) * 2.5 + steer::separation(v, group, personal) * 1.5 - v.velocity();
    });
    figure fig("Cohesion", {-14, -10}, {14, 10});
    panel& p = fig.main();
    p.grid(1, 5);
    const std::size_t focus = 3;
    const vehicle& f = start[focus];
    p.wedge(f.position(), f.forward(), near.max_distance, pi, color::blue, {color::blue, 1, "4 3"}, 0.08);
    for (std::size_t i = 0; i < group.size(); ++i) {
        draw_track(p, tracks[i], i == focus ? color::blue : color::gray, i == focus ? 1.6 : 1, nullptr, 2);
        if (i != focus && steer::in_neighborhood(f, start[i], near))
            p.dot(start[i].position(), 3.2, color::sky, color::blue);
        p.circle(group[i].position(), group[i].radius(), i == focus ? color::blue : "#FFFFFF", {color::black, 1});
    }
    if (const auto c = steer::neighborhood_center(f, start, near)) {
        p.arrow(f.position(), *c, {color::vermillion, 1.8}, 7);
        p.dot(*c, 2.5, color::vermillion);
    }
    fig.legend({kind::ticks, color::gray, "paths, a dot every 2 s"});
    fig.legend({kind::ring, color::blue, "one character's neighborhood at the start (5 units)", "4 3"});
    fig.legend({kind::disc, color::sky, "its neighbors then"});
    fig.legend({kind::arrow, color::vermillion, "cohesion: to their average position"});
    fig.caption(
        "Reynolds 1999, \"Cohesion\". 30 characters scattered over a 24 x 16 area, each steered for 16 s by "
        "2.5 x cohesion over neighbors within 5 units (full force once their center is 2 units away), plus a "
        "little separation (1.2 units) and a brake. "
        "Cohesion is local: characters gather with the ones they can see, into a few clumps rather than one.");
    return fig;
}

figure alignment() {
    steer::rng gen(4);
    std::vector<vehicle> group =
        scatter_group(gen, 30, {0, 0}, 7.0, 1.0, {.radius = 0.3, .max_force = 1, .max_speed = 1});
    const steer::neighborhood<vec> near{.max_distance = 6, .max_angle = pi};
    const std::vector<vehicle> start = group;
    const auto tracks = step_group(group, 8, [&](std::size_t i) { return steer::alignment(group[i], group, near); });
    const auto [lo, hi] = frame_of(tracks, 2, 1.6);
    figure fig("Alignment", lo, hi);
    panel& p = fig.main();
    p.grid(1, 5);
    for (std::size_t i = 0; i < group.size(); ++i) {
        draw_track(p, tracks[i], color::gray, 1, nullptr, 2);
        p.arrow(start[i].position(), start[i].position() + start[i].forward() * 1.2, {color::vermillion, 1.4}, 5);
        draw_vehicle(p, group[i], color::blue, 10);
    }
    fig.legend({kind::arrow, color::vermillion, "heading at the start"});
    fig.legend({kind::vehicle, color::blue, "after 8 s"});
    fig.legend({kind::ticks, color::gray, "paths, a dot every 2 s"});
    fig.caption(
        "Reynolds 1999, \"Alignment\". 30 characters with random headings, each steered only by alignment over "
        "neighbors within 6 units: the average heading of its neighbors at full speed, minus its velocity. "
        "Within a few seconds they all point the same way.");
    return fig;
}

const steer::flocking_params<vec> boids{.separation = {.max_distance = 1.5, .max_angle = 2.4},
                                        .alignment = {.max_distance = 4, .max_angle = 2.4},
                                        .cohesion = {.max_distance = 8, .max_angle = 2.4},
                                        .separation_weight = 4.0 / 3,  // fractions of max_force (1.5)
                                        .alignment_weight = 2.0 / 3,
                                        .cohesion_weight = 2.0 / 3};

figure flocking() {
    steer::rng gen(12);
    std::vector<vehicle> flock =
        scatter_group(gen, 60, {0, 0}, 8.0, 1.5, {.radius = 0.3, .max_force = 1.5, .max_speed = 2});
    const vec roost(0, 0);
    const auto tracks = step_group(flock, 40, [&](std::size_t i) {
        return steer::weighted_sum(steer::weighted(1.0, [&] { return steer::flocking(flock[i], flock, boids); }),
                                   steer::weighted(0.05, [&] { return steer::seek(flock[i], roost); }));
    });
    std::vector<track> tails;
    for (const track& t : tracks) tails.push_back(tail(t, 8));
    const auto [lo, hi] = frame_of(tails, 3, 1.6);
    figure fig("Flocking", lo, hi);
    panel& p = fig.main();
    p.grid(1, 5);
    // The boid nearest the flock's center shows its three neighborhoods.
    vec middle(0);
    for (const vehicle& b : flock) middle += b.position() / static_cast<double>(flock.size());
    std::size_t focus = 0;
    for (std::size_t i = 1; i < flock.size(); ++i)
        if (glm::distance(flock[i].position(), middle) < glm::distance(flock[focus].position(), middle)) focus = i;
    const vehicle& f = flock[focus];
    p.wedge(f.position(), f.forward(), boids.cohesion.max_distance, boids.cohesion.max_angle, color::sky,
            {color::sky, 1, "4 3"}, 0.07);
    p.wedge(f.position(), f.forward(), boids.alignment.max_distance, boids.alignment.max_angle, color::green,
            {color::green, 1, "4 3"}, 0.07);
    p.wedge(f.position(), f.forward(), boids.separation.max_distance, boids.separation.max_angle, color::vermillion,
            {color::vermillion, 1, "4 3"}, 0.1);
    for (std::size_t i = 0; i < flock.size(); ++i) {
        p.line(tails[i], {color::gray, 0.8}, 2);
        draw_vehicle(p, flock[i], i == focus ? color::vermillion : color::blue, 10);
    }
    fig.legend({kind::vehicle, color::blue, "boid"});
    fig.legend({kind::line, color::gray, "its last 8 s"});
    fig.legend({kind::ring, color::vermillion, "separation 1.5", "4 3"});
    fig.legend({kind::ring, color::green, "alignment 4", "4 3"});
    fig.legend({kind::ring, color::sky, "cohesion 8 (each 2.4 rad either side)", "4 3"});
    fig.caption(
        "Reynolds 1999, \"Flocking\". 60 boids released over a disc of radius 8 with random headings, after 40 s "
        "of flocking (separation weight 4/3 of max_force, alignment and cohesion 2/3, each over its own field of "
        "view, shown "
        "for the red boid) plus a weak seek toward the origin that keeps the flock turning. They fly as one "
        "polarized group, evenly spaced, at nearly full speed.");
    return fig;
}

figure leader_following() {
    steer::rng gen(9);
    steer::wander_state<vec> state;
    vehicle leader({.position = {0, 0}, .velocity = {1.2, 0}, .max_force = 1, .max_speed = 1.2});
    std::vector<vehicle> followers;
    for (int i = 0; i < 8; ++i) {
        const double x = steer::uniform(gen, 4.0, 12.0);
        const double y = steer::uniform(gen, -6.0, 6.0);
        const vec at(x, y);
        followers.emplace_back(
            steer::vehicle_params<vec>{.position = at, .radius = 0.4, .max_force = 3, .max_speed = 2});
    }
    const steer::leader_following_params<vec> params{.behind_distance = 2,
                                                     .slowing_distance = 2,
                                                     .lane_length = 4,
                                                     .lane_width = 2,
                                                     .separation = {.max_distance = 2},
                                                     .separation_weight = 0.7};
    track lead{leader.position()};
    std::vector<track> tracks(followers.size());
    for (std::size_t i = 0; i < followers.size(); ++i) tracks[i].push_back(followers[i].position());
    std::vector<vec> forces(followers.size());
    for (int frame = 0; frame < hz * 30; ++frame) {
        for (std::size_t i = 0; i < followers.size(); ++i)
            forces[i] = steer::leader_following(followers[i], leader, followers, params);
        leader.apply_force(steer::wander(leader, state, gen, dt, {.radius = 0.6, .distance = 2, .rate = 1}), dt);
        for (std::size_t i = 0; i < followers.size(); ++i) {
            followers[i].apply_force(forces[i], dt);
            tracks[i].push_back(followers[i].position());
        }
        lead.push_back(leader.position());
    }
    const vec f = leader.forward(), side = leader.side(), c = leader.position();
    const double w = params.lane_width / 2;
    const track lane = {c + side * w, c + side * w + f * params.lane_length, c - side * w + f * params.lane_length,
                        c - side * w};
    std::vector<track> all = tracks;
    all.push_back(lead);
    all.push_back(lane);
    const auto [lo, hi] = frame_of(all, 1.5, 1.6);
    figure fig("Leader following", lo, hi);
    panel& p = fig.main();
    p.grid(1, 5);
    // The lane ahead of the leader that followers keep out of.
    p.polygon(lane, color::vermillion, {color::vermillion, 1, "4 3"}, 0.1);
    for (std::size_t i = 0; i < followers.size(); ++i) {
        draw_track(p, tracks[i], color::sky, 0.9, nullptr, 0);
        draw_vehicle(p, followers[i], color::blue, 10);
    }
    draw_track(p, lead, color::vermillion, 2, nullptr, 2);
    draw_vehicle(p, leader, color::vermillion, 13);
    fig.legend({kind::line, color::vermillion, "leader (wandering), a dot every 2 s"});
    fig.legend({kind::line, color::sky, "followers"});
    fig.legend({kind::band, "#F7DFCC", "the lane ahead of the leader"});
    fig.caption(
        "Reynolds 1999, \"Leader Following\". Eight followers start ahead of and beside a wandering leader. Each "
        "arrives at a point 2 units behind it, steps out of the lane ahead of it when it is in the way (the "
        "followers starting in front go round), and keeps apart from the others by separation: they trail it "
        "as a loose crowd.");
    return fig;
}

// The outline of an avatar's neighborhood (Reynolds 2000, Figure 5): a half circle behind,
// a half ellipse ahead stretched by speed.
track avatar_zone_outline(vec position, vec velocity, const steer::avatar_neighborhood<vec>& zone) {
    const vec f = steer::safe_normalize(velocity), side(-f.y, f.x);
    const double ahead = zone.radius + zone.velocity_weight * glm::length(velocity);
    track outline;
    for (int i = 0; i <= 64; ++i) {
        const double a = 2 * pi * i / 64;  // 0 = straight ahead
        const double along = std::cos(a) * (std::cos(a) > 0 ? ahead : zone.radius);
        outline.push_back(position + f * along + side * (std::sin(a) * zone.radius));
    }
    return outline;
}

figure avatar_avoidance() {
    const steer::avatar_neighborhood<vec> zone{.radius = 3, .velocity_weight = 1.2};
    std::vector<vehicle> crowd;
    std::vector<vec> homes;
    for (int row = 0; row < 4; ++row)
        for (int col = 0; col < 7; ++col) {
            homes.emplace_back(-9.0 + 3.0 * col + (row % 2) * 1.5, -4.5 + 3.0 * row);
            crowd.emplace_back(steer::vehicle_params<vec>{.position = homes.back(), .radius = 0.4, .max_force = 4,
                                                          .max_speed = 2.5});
        }
    vec avatar(-16, 0.3);
    const vec avatar_velocity(3, 0);
    std::vector<track> tracks(crowd.size());
    for (std::size_t i = 0; i < crowd.size(); ++i) tracks[i].push_back(crowd[i].position());
    track avatar_track{avatar};
    vec snapshot_at{};
    std::vector<vec> crowd_then;
    for (int frame = 0; frame < hz * 12; ++frame) {
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            vehicle& v = crowd[i];
            const vec away = steer::avatar_avoidance(v, avatar, avatar_velocity, zone);
            v.apply_force(away != vec(0) ? away : steer::arrival(v, homes[i], {.slowing_distance = 2.0}), dt);
            tracks[i].push_back(v.position());
        }
        avatar += avatar_velocity * dt;
        avatar_track.push_back(avatar);
        if (frame == hz * 5) {
            snapshot_at = avatar;
            for (const vehicle& v : crowd) crowd_then.push_back(v.position());
        }
    }
    figure fig("Avatar avoidance", {-17, -8.5}, {17, 8.5});
    panel& p = fig.main();
    p.grid(1, 5);
    p.polygon(avatar_zone_outline(snapshot_at, avatar_velocity, zone), color::vermillion,
              {color::vermillion, 1, "4 3"}, 0.1);
    for (std::size_t i = 0; i < crowd.size(); ++i) {
        p.circle(homes[i], 0.4, "none", {color::blue, 1, "2 2"});
        draw_track(p, tracks[i], color::sky, 1.1, nullptr, 0);
        p.circle(crowd_then[i], 0.4, color::blue, {"#FFFFFF", 0.8});
    }
    p.line(avatar_track, {color::vermillion, 2.2}, 2);
    p.ticks(avatar_track, hz, color::vermillion, 2.2);
    p.dot(snapshot_at, 5, color::vermillion);
    p.label(snapshot_at, "avatar at t = 5 s", 0, -14, "middle", color::vermillion);
    fig.legend({kind::line, color::vermillion, "the avatar (speed 3), a dot per second"});
    fig.legend({kind::band, "#F7DFCC", "its neighborhood at t = 5 s"});
    fig.legend({kind::disc, color::blue, "characters at t = 5 s"});
    fig.legend({kind::line, color::sky, "their paths"});
    fig.legend({kind::ring, color::blue, "their home spots", "2 2"});
    fig.caption(
        "Reynolds 2000, \"Reacting to the User\". A user's avatar runs through a crowd at rest. Its neighborhood "
        "is a half circle behind (radius 3) and a half ellipse ahead, stretched by 1.2 s of its speed; inside it, "
        "avatar_avoidance moves a character away from the avatar and off its path, harder the deeper it is. Outside, "
        "the characters arrive back at their home spots (12 s shown).");
    return fig;
}

// Two perpendicular streams crossing; returns the tracks and counts overlapping pairs.
struct crossing_result {
    std::vector<vehicle> crowd;
    std::vector<track> tracks;
    int overlaps = 0;
    std::vector<vehicle> snapshot;
};
crossing_result crossing(bool avoid) {
    crossing_result r;
    for (int stream = 0; stream < 2; ++stream)
        for (int row = 0; row < 4; ++row)
            for (int lane = 0; lane < 3; ++lane) {
                const double along = -14.0 - 2.2 * row - (stream == 1 ? 1.1 : 0.0);
                const double across = -2.0 + 2.0 * lane;
                const vec position = stream == 0 ? vec(along, across) : vec(across, along);
                const vec velocity = stream == 0 ? vec(1.5, 0) : vec(0, 1.5);
                r.crowd.emplace_back(steer::vehicle_params<vec>{
                    .position = position, .velocity = velocity, .radius = 0.5, .max_force = 3, .max_speed = 1.5});
            }
    std::vector<vec> headings;
    for (const vehicle& v : r.crowd) headings.push_back(v.velocity());
    r.tracks.resize(r.crowd.size());
    for (std::size_t i = 0; i < r.crowd.size(); ++i) r.tracks[i].push_back(r.crowd[i].position());
    std::vector<vec> forces(r.crowd.size());
    for (int frame = 0; frame < hz * 24; ++frame) {
        for (std::size_t i = 0; i < r.crowd.size(); ++i) {
            const vehicle& v = r.crowd[i];
            const vec cruise = headings[i] - v.velocity();  // keep the stream's heading and speed
            const auto dodge = [&] {
                return steer::unaligned_collision_avoidance(v, r.crowd, {.min_time_to_collision = 3.0});
            };
            forces[i] = avoid ? steer::priority(0.0, dodge, [&] { return cruise; }) : cruise;
        }
        for (std::size_t i = 0; i < r.crowd.size(); ++i) {
            r.crowd[i].apply_force(forces[i], dt);
            r.tracks[i].push_back(r.crowd[i].position());
        }
        if (frame % 6 == 0)
            for (std::size_t i = 0; i < r.crowd.size(); ++i)
                for (std::size_t j = i + 1; j < r.crowd.size(); ++j)
                    r.overlaps += glm::distance(r.crowd[i].position(), r.crowd[j].position()) < 1.0;
        if (frame == hz * 11) r.snapshot = r.crowd;
    }
    return r;
}

figure unaligned_collision_avoidance() {
    figure fig("Unaligned collision avoidance", {-12, -12}, {14, 14}, 2);
    for (int k = 0; k < 2; ++k) {
        const crossing_result r = crossing(k == 1);
        panel& p = fig[static_cast<std::size_t>(k)];
        p.title(k == 0 ? "without avoidance" : "priority(unaligned_collision_avoidance, cruise)");
        p.grid(1, 5);
        for (std::size_t i = 0; i < r.crowd.size(); ++i) {
            const bool east = i < r.crowd.size() / 2;
            p.line(r.tracks[i], {east ? color::sky : "#F2B48C", 1}, 1.5);
        }
        for (std::size_t i = 0; i < r.snapshot.size(); ++i) {
            bool overlapping = false;
            for (std::size_t j = 0; j < r.snapshot.size(); ++j)
                overlapping = overlapping ||
                              (i != j && glm::distance(r.snapshot[i].position(), r.snapshot[j].position()) < 1.0);
            const bool east = i < r.snapshot.size() / 2;
            p.circle(r.snapshot[i].position(), 0.5, overlapping ? color::vermillion : "#FFFFFF",
                     {east ? color::blue : color::orange, 1.3});
        }
        p.label(vec(-11.5, -11.5), "overlapping pairs, counted every 0.1 s: " + std::to_string(r.overlaps), 0, -18,
                "start", color::black, 11);
    }
    fig.legend({kind::line, color::sky, "stream going east"});
    fig.legend({kind::line, "#F2B48C", "stream going north"});
    fig.legend({kind::ring, color::black, "bodies at t = 11 s"});
    fig.legend({kind::disc, color::vermillion, "a body overlapping another"});
    fig.caption(
        "Reynolds 1999, \"Unaligned Collision Avoidance\". Two streams of 12 characters (radius 0.5, speed 1.5) "
        "cross at right angles. With avoidance, each character predicts the nearest approach to every other within "
        "3 s and steers away from the soonest threat: sideways, and faster or slower along its way, so the "
        "streams interleave instead of colliding.");
    return fig;
}

// ------------------------------------------------------------------ reciprocal avoidance

// A run of examples/crowds: every agent's track (a point each quarter second) up to
// `seconds` (or the finish), the bodies at `snapshot` seconds, and the run's figures.
struct crowd_run {
    std::vector<track> tracks;
    std::vector<vec> bodies;
    crowds::figures figures;
};
crowd_run crowd_tracks(crowds::scene scene, crowds::method method, double seconds, double snapshot) {
    crowds::settings s;
    s.scene = scene;
    s.method = method;
    s.time_limit = static_cast<float>(seconds);
    crowd_run r;
    r.figures = crowds::run(s, [&](double t, const std::vector<steer::vehicle<crowds::vec>>& agents) {
        if (r.tracks.empty()) r.tracks.resize(agents.size());
        const auto frame = std::lround(t * hz);
        if (frame % (hz / 4) == 0)
            for (std::size_t i = 0; i < agents.size(); ++i) r.tracks[i].push_back(vec(agents[i].position()));
        if (frame == std::lround(snapshot * hz))
            for (const auto& a : agents) r.bodies.push_back(vec(a.position()));
    });
    return r;
}

// The bodies at the snapshot: a body more than 1% into another filled in vermillion.
void draw_bodies(panel& p, const std::vector<vec>& bodies, std::size_t first_of_second_group) {
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        bool overlapping = false;
        for (std::size_t j = 0; j < bodies.size(); ++j)
            overlapping = overlapping || (i != j && glm::distance(bodies[i], bodies[j]) < 0.99);
        p.circle(bodies[i], 0.5, overlapping ? color::vermillion : "#FFFFFF",
                 {i < first_of_second_group ? color::blue : color::orange, 1});
    }
}

std::string crowd_summary(const crowds::figures& f) {
    return "all " + std::to_string(f.agents) + " arrived in " + gallery::fixed(f.finish_time, 1) + " s; " +
           std::to_string(f.deep_pair_frames) + " pair-steps overlapping more than 1%, closest centers " +
           gallery::fixed(f.min_distance, 2) + " m";
}

figure reciprocal_circle() {
    figure fig("Reciprocal avoidance: a circle of 100 walking to the opposite side", {-27, -27}, {27, 27}, 2);
    const crowds::method methods[] = {crowds::method::reciprocal, crowds::method::blend};
    std::string results[2];
    for (std::size_t k = 0; k < 2; ++k) {
        const crowd_run r = crowd_tracks(crowds::scene::circle, methods[k], 120, 14);
        panel& p = fig[k];
        p.title(k == 0 ? "reciprocal_avoidance" : "the best classic blend");
        p.grid(1, 10);
        for (std::size_t i = 0; i < r.tracks.size(); ++i) p.line(r.tracks[i], {i % 2 == 0 ? color::sky : "#F2B48C", 0.6}, 2);
        for (const track& t : r.tracks) p.dot(t.front(), 1.6, color::gray);
        draw_bodies(p, r.bodies, r.bodies.size());
        results[k] = crowd_summary(r.figures);
    }
    fig.legend({kind::line, color::sky, "tracks"});
    fig.legend({kind::ring, color::blue, "bodies at t = 14 s"});
    fig.legend({kind::disc, color::vermillion, "a body more than 1% into another"});
    fig.caption("100 agents (radius 0.5, top speed 2) start 1.5 m apart on a ring of radius 24 and walk to the opposite "
                "point: 24 s walking straight (examples/crowds). Left, reciprocal avoidance from a preferred velocity "
                "toward the goal: the agents that cannot go on turn right, and the knot at the center circulates "
                "counterclockwise; " + results[0] + ". Right, a truncated sum of unaligned collision avoidance, "
                "separation and arrival: " + results[1] + ".");
    return fig;
}

figure reciprocal_crossing() {
    figure fig("Reciprocal avoidance: two blocks of 200 crossing", {-30, -30}, {30, 30}, 2);
    const crowds::method methods[] = {crowds::method::reciprocal, crowds::method::blend};
    std::string results[2];
    for (std::size_t k = 0; k < 2; ++k) {
        const crowd_run full = crowd_tracks(crowds::scene::crossing, methods[k], 120, 16);
        panel& p = fig[k];
        p.title(k == 0 ? "reciprocal_avoidance" : "the best classic blend");
        p.grid(1, 10);
        // The tracks up to the snapshot, every fourth agent's.
        for (std::size_t i = 0; i < full.tracks.size(); i += 4) {
            const track t(full.tracks[i].begin(), full.tracks[i].begin() + std::min<std::ptrdiff_t>(64, static_cast<std::ptrdiff_t>(full.tracks[i].size())));
            p.line(t, {i < 200 ? color::sky : "#F2B48C", 0.7}, 2);
        }
        draw_bodies(p, full.bodies, 200);
        results[k] = crowd_summary(full.figures);
    }
    fig.legend({kind::line, color::sky, "block walking east (every fourth track)"});
    fig.legend({kind::line, "#F2B48C", "block walking north"});
    fig.legend({kind::ring, color::black, "bodies at t = 16 s"});
    fig.legend({kind::disc, color::vermillion, "a body more than 1% into another"});
    fig.caption("Two blocks of 200 (10 abreast, 20 deep, 2 m apart) walk 60 m at right angles and meet in the middle: "
                "30 s walking straight (examples/crowds). The first 16 s are drawn. Left, reciprocal avoidance: the "
                "blocks anticipate each other from 6 m and interleave; " + results[0] + ". Right, the best classic "
                "blend: " + results[1] + ".");
    return fig;
}

// ------------------------------------------------------------------ combiners

figure combiners() {
    // Seek pulls toward a goal up and behind a rock; avoidance turns away from the rock the
    // other way. Summed, the sideways parts cancel.
    const std::vector<sphere<vec>> rocks = {{{10, 0.4}, 3.0}};
    const vec goal(21, 5);
    figure fig("Combining behaviors: one scene, three blends", {-1, -5}, {23, 7});
    panel& p = fig.main();
    p.grid(1, 5);
    draw_obstacles(p, rocks);
    p.cross(goal, 5, color::black, 1.5);
    p.label(goal, "goal", 0, -9, "middle");
    const char* colors[] = {color::vermillion, color::blue, color::green};
    const char* dashes[] = {nullptr, nullptr, "6 3"};
    steer::rng gen(31);
    std::string counts;
    for (int k = 0; k < 3; ++k) {
        vehicle v({.position = {0, 0}, .velocity = {5, 0}, .radius = 0.5, .max_force = 4, .max_speed = 5});
        track t{v.position()};
        int touching = 0;
        double deepest = 0;
        vec deepest_at{};
        for (int frame = 0; frame < hz * 4; ++frame) {
            const auto avoid = [&] {
                return steer::obstacle_avoidance(v, rocks, {.min_time_to_collision = 1.5, .clearance = 0.05});
            };
            const auto go = [&] { return steer::seek(v, goal); };
            vec steering;
            if (k == 0) steering = steer::weighted_sum(steer::weighted(1.0, avoid), steer::weighted(2.0, go));
            else if (k == 1) steering = steer::priority(0.0, avoid, go);
            else steering = steer::prioritized_dither(gen, steer::chance(0.8, avoid), go);
            v.apply_force(steering, dt);
            t.push_back(v.position());
            const double depth = rocks[0].radius + v.radius() - glm::distance(v.position(), rocks[0].center);
            if (depth > 0) ++touching;
            if (depth > deepest) deepest = depth, deepest_at = v.position();
        }
        if (touching > 0) p.circle(deepest_at, 0.5, color::vermillion, {color::black, 1});
        draw_track(p, t, colors[k], 1.8, dashes[k], 0);
        p.ticks(t, hz / 2, colors[k], 2);
        const char* labels[] = {"weighted sum ", "; priority ", "; dither "};
        counts += labels[k] + std::to_string(touching);
    }
    fig.legend({kind::line, color::vermillion, "weighted_sum(avoid 1, seek 2)"});
    fig.legend({kind::line, color::blue, "priority(avoid, seek)"});
    fig.legend({kind::line, color::green, "prioritized_dither(avoid 0.8, seek)", "6 3"});
    fig.legend({kind::disc, color::vermillion, "the body where it cuts deepest into the rock"});
    fig.legend({kind::ticks, color::gray, "a dot every 0.5 s"});
    fig.caption(
        "Reynolds 1999, \"Combining Behaviors\". A vehicle (radius 0.5, max_speed 5, max_force 4) seeks a goal "
        "behind a rock that lies a little to its left, so obstacle_avoidance turns it right while seek pulls it "
        "left. Weighted sum, the goal counting twice: the sideways parts cancel and the body runs into the rock. Priority: avoidance alone "
        "steers whenever it has something to say. Prioritized dither (avoidance considered with probability "
        "0.8, seek the fallback): close to priority at about one behavior per frame. Frames touching the rock: " +
        counts + ".");
    return fig;
}

struct entry {
    const char* name;
    figure (*make)();
};
const entry figures[] = {
    {"seek_flee", seek_flee},
    {"pursuit", pursuit},
    {"evasion", evasion},
    {"offset_pursuit", offset_pursuit},
    {"arrival", arrival},
    {"obstacle_avoidance", obstacle_avoidance},
    {"obstacle_shapes", obstacle_shapes},
    {"obstacle_field", obstacle_field},
    {"wander", wander},
    {"path_following", path_following},
    {"path_walkers", path_walkers},
    {"path_walkers_reciprocal", path_walkers_reciprocal},
    {"strafing", strafing},
    {"wall_following", wall_following},
    {"containment", containment},
    {"flow_field", flow_field},
    {"getting_there", getting_there},
    {"unaligned_collision_avoidance", unaligned_collision_avoidance},
    {"reciprocal_circle", reciprocal_circle},
    {"reciprocal_crossing", reciprocal_crossing},
    {"separation", separation},
    {"separation_bodies", separation_bodies},
    {"cohesion", cohesion},
    {"alignment", alignment},
    {"flocking", flocking},
    {"leader_following", leader_following},
    {"avatar_avoidance", avatar_avoidance},
    {"interpose", interpose},
    {"shadow", shadow},
    {"hide", hide},
    {"docking", docking},
    {"patrol", patrol},
    {"combiners", combiners},
};

}  // namespace

int main(int argc, char** argv) {
    std::string out = STEER_GALLERY_DEFAULT_OUT;
    std::vector<std::string> wanted;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (std::strcmp(argv[i], "--list") == 0) {
            for (const entry& e : figures) std::printf("%s\n", e.name);
            return 0;
        } else if (argv[i][0] == '-') {
            std::fprintf(stderr, "usage: gallery [--out DIR] [--list] [name ...]\n");
            return 2;
        } else {
            wanted.emplace_back(argv[i]);
        }
    }
    for (const std::string& name : wanted) {
        const bool known =
            std::any_of(std::begin(figures), std::end(figures), [&](const entry& e) { return name == e.name; });
        if (!known) {
            std::fprintf(stderr, "gallery: no figure named '%s' (try --list)\n", name.c_str());
            return 2;
        }
    }
    int written = 0;
    for (const entry& e : figures) {
        if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), e.name) == wanted.end()) continue;
        const std::string path = out + "/" + e.name + ".svg";
        const long bytes = e.make().write(path);
        if (bytes < 0) {
            std::fprintf(stderr, "gallery: cannot write %s\n", path.c_str());
            return 1;
        }
        std::printf("%-60s %6.1f KB\n", path.c_str(), static_cast<double>(bytes) / 1024.0);
        ++written;
    }
    std::printf("%d figure(s) written\n", written);
    return 0;
}
