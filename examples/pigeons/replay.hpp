#ifndef PIGEONS_REPLAY_HPP
#define PIGEONS_REPLAY_HPP

/// @file
/// What the pigeon example writes besides its text: a self-contained HTML replay (the
/// data embedded as base64, drawn on a canvas by an inline script: no network, no
/// external files), one frame as an SVG picture, and a per-frame CSV of every bird.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "park.hpp"

namespace pigeons {

namespace detail {

inline std::string base64(const std::vector<std::uint8_t>& bytes) {
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const std::uint32_t n = (std::uint32_t(bytes[i]) << 16) | (std::uint32_t(bytes[i + 1]) << 8) | bytes[i + 2];
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += alphabet[(n >> 6) & 63];
        out += alphabet[n & 63];
    }
    if (const std::size_t rest = bytes.size() - i; rest > 0) {
        std::uint32_t n = std::uint32_t(bytes[i]) << 16;
        if (rest == 2) n |= std::uint32_t(bytes[i + 1]) << 8;
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += rest == 2 ? alphabet[(n >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

inline void put_u16(std::vector<std::uint8_t>& out, std::uint16_t v) {
    out.push_back(static_cast<std::uint8_t>(v & 0xff));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
}

inline void put_f32(std::vector<std::uint8_t>& out, float v) {
    std::uint32_t bits = 0;
    static_assert(sizeof bits == sizeof v);
    std::memcpy(&bits, &v, sizeof v);
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>((bits >> (8 * k)) & 0xff));
}

/// `v` in [lo, hi] mapped onto [0, 65535].
inline std::uint16_t quantize(float v, float lo, float hi) {
    const float t = std::clamp((v - lo) / (hi - lo), 0.0f, 1.0f);
    return static_cast<std::uint16_t>(std::lround(t * 65535.0f));
}

/// `v` (float or double) with `decimals` digits after the point.
template <class T>
std::string number(T v, int decimals = 3) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, static_cast<double>(v));
    return buffer;
}

/// The annoyance level at which the colours saturate.
inline constexpr float annoyance_full_colour = 3.0f;

/// A bird's colour, as in the replay: walking from pigeon grey (calm) to orange
/// (annoyed), flying from sky blue (calm) to magenta (annoyed).
inline std::string bird_colour(bool flying, float annoyance) {
    const float t = std::clamp(annoyance / annoyance_full_colour, 0.0f, 1.0f);
    const float calm[2][3] = {{176, 186, 200}, {90, 200, 255}};
    const float angry[2][3] = {{255, 140, 0}, {235, 60, 200}};
    const int s = flying ? 1 : 0;
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", static_cast<int>(calm[s][0] + (angry[s][0] - calm[s][0]) * t),
                  static_cast<int>(calm[s][1] + (angry[s][1] - calm[s][1]) * t),
                  static_cast<int>(calm[s][2] + (angry[s][2] - calm[s][2]) * t));
    return buffer;
}

/// Meadow shading for a ground height in [-amplitude, amplitude].
inline std::string grass_colour(float height, float amplitude) {
    const float t = std::clamp(0.5f + 0.5f * height / std::max(amplitude, 1e-6f), 0.0f, 1.0f);
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", static_cast<int>(38 + 40 * t), static_cast<int>(74 + 60 * t),
                  static_cast<int>(36 + 20 * t));
    return buffer;
}

}  // namespace detail

/// Collects sampled frames of a run and writes them as one self-contained HTML page.
/// It keeps every k-th frame, k chosen so the page stays a few megabytes: at most 20
/// frames per simulated second and at most about 400,000 bird samples. Positions are
/// quantized to 16 bits over the enclosure (under a millimetre for the default park).
class replay_recorder {
public:
    /// Budget: bird samples kept over the whole run.
    static constexpr std::uint64_t sample_budget = 400000;

    replay_recorder(const park_config& config, std::uint64_t total_frames) : config_(config) {
        const auto min_stride = static_cast<std::uint64_t>(std::ceil(config.frame_hz / 20.0f));
        const std::uint64_t samples = std::max<std::uint64_t>(1, config.birds) * (total_frames + 1);
        stride_ = std::max<std::uint64_t>(min_stride, (samples + sample_budget - 1) / sample_budget);
        radius_ = config.enclosure().radius;
        y_min_ = -config.ground.amplitude - 1.0f;
        y_max_ = config.enclosure_center_y + radius_;
    }

    [[nodiscard]] std::uint64_t stride() const noexcept { return stride_; }
    [[nodiscard]] std::size_t frames() const noexcept { return frames_; }

    /// Keeps the park's current state if its frame is one of the sampled ones.
    template <class Park>
    void capture(const Park& park) {
        if (park.frame() % stride_ != 0) return;
        for (const bird& b : park.birds()) {
            const vec3 p = b.body.position();
            detail::put_u16(birds_, detail::quantize(p.x, -radius_, radius_));
            detail::put_u16(birds_, detail::quantize(p.z, -radius_, radius_));
            detail::put_u16(birds_, detail::quantize(p.y, y_min_, y_max_));
            const float a = std::clamp(b.annoyance / config_.max_annoyance, 0.0f, 1.0f);
            std::uint8_t flags = static_cast<std::uint8_t>(std::lround(a * 63.0f));
            if (b.flying) flags |= 0x80;
            if (b.took_off_within(config_.recent_takeoff)) flags |= 0x40;
            birds_.push_back(flags);
        }
        const vec3 c = park.car().position(), v = park.car().velocity();
        for (float x : {c.x, c.y, c.z, v.x, v.z}) detail::put_f32(car_, x);
        claps_ = park.claps();
        ++frames_;
    }

    /// The whole page.
    [[nodiscard]] std::string html() const {
        std::string page(html_head);
        page += "<script id=\"data\" type=\"application/json\">";
        page += data_json();
        page += "</script>\n<script>\n";
        page += html_script;
        page += "</script>\n</body>\n</html>\n";
        return page;
    }

private:
    [[nodiscard]] std::string data_json() const {
        using detail::number;
        const auto& c = config_;
        // The terrain, sampled on a grid over the enclosure's square, as bytes.
        constexpr int grid = 96;
        std::vector<std::uint8_t> ground;
        ground.reserve(grid * grid);
        for (int j = 0; j < grid; ++j)
            for (int i = 0; i < grid; ++i) {
                const float x = -radius_ + 2 * radius_ * (static_cast<float>(i) + 0.5f) / grid;
                const float z = -radius_ + 2 * radius_ * (static_cast<float>(j) + 0.5f) / grid;
                const float t = 0.5f + 0.5f * c.ground.height(x, z) / std::max(c.ground.amplitude, 1e-6f);
                ground.push_back(static_cast<std::uint8_t>(std::lround(std::clamp(t, 0.0f, 1.0f) * 255.0f)));
            }
        std::string claps = "[";
        for (std::size_t k = 0; k < claps_.size(); ++k) {
            const auto& e = claps_[k];
            if (k) claps += ",";
            claps += "{\"t\":" + number(e.time) + ",\"x\":" + number(e.center.x) + ",\"z\":" + number(e.center.z) +
                     ",\"r\":" + number(e.radius) + ",\"n\":" + std::to_string(e.startled) + "}";
        }
        claps += "]";
        const float fps = c.frame_hz / static_cast<float>(stride_);
        std::string j = "{";
        j += "\"birds\":" + std::to_string(c.birds);
        j += ",\"frames\":" + std::to_string(frames_);
        j += ",\"fps\":" + number(fps, 6);
        j += ",\"R\":" + number(radius_, 6);
        j += ",\"yMin\":" + number(y_min_, 6) + ",\"yMax\":" + number(y_max_, 6);
        j += ",\"enclosureY\":" + number(c.enclosure_center_y, 6);
        j += ",\"amplitude\":" + number(c.ground.amplitude, 6);
        j += ",\"maxAnnoyance\":" + number(c.max_annoyance, 6);
        j += ",\"fullColour\":" + number(detail::annoyance_full_colour, 6);
        j += ",\"car\":" + std::string(c.car ? "true" : "false");
        j += ",\"moveAway\":{\"r\":" + number(c.move_away_zone.radius) + ",\"w\":" + number(c.move_away_zone.velocity_weight) + "}";
        j += ",\"takeOff\":{\"r\":" + number(c.take_off_zone.radius) + ",\"w\":" + number(c.take_off_zone.velocity_weight) + "}";
        j += ",\"seed\":" + std::to_string(c.seed);
        j += ",\"thinkHz\":" + number(c.think_hz, 3);
        j += ",\"claps\":" + claps;
        j += ",\"grid\":" + std::to_string(grid) + ",\"ground\":\"" + detail::base64(ground) + "\"";
        j += ",\"carData\":\"" + detail::base64(car_) + "\"";
        j += ",\"birdData\":\"" + detail::base64(birds_) + "\"";
        j += "}";
        return j;
    }

    static constexpr std::string_view html_head = R"HTML(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Pigeons in the Park: replay</title>
<style>
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #1b1f24; color: #dde3ea; }
  header { padding: 10px 14px 0; }
  h1 { font-size: 17px; margin: 0 0 2px; font-weight: 600; }
  .sub { color: #98a4b3; font-size: 13px; }
  .controls { display: flex; gap: 10px; align-items: center; padding: 8px 14px; }
  .controls button { width: 74px; }
  #scrub { flex: 1; }
  #clock { font-variant-numeric: tabular-nums; min-width: 120px; text-align: right; }
  #timeline { display: block; margin: 0 14px; cursor: pointer; }
  main { display: flex; gap: 14px; padding: 10px 14px; flex-wrap: wrap; align-items: flex-start; }
  canvas.view { background: #0d1013; border-radius: 4px; }
  .label { color: #98a4b3; font-size: 12px; margin: 0 0 3px; }
  #stats { font-variant-numeric: tabular-nums; margin-top: 8px; }
  .legend div { margin: 3px 0; }
  .dot { display: inline-block; width: 11px; height: 11px; border-radius: 50%; vertical-align: -1px; margin-right: 5px; }
  .bar { display: inline-block; width: 90px; height: 10px; vertical-align: 0; margin: 0 6px; border-radius: 2px; }
</style>
</head>
<body>
<header>
  <h1>Pigeons in the Park</h1>
  <div class="sub" id="subtitle"></div>
</header>
<div class="controls">
  <button id="play">Pause</button>
  <label>speed <select id="speed">
    <option value="0.25">0.25&times;</option><option value="0.5">0.5&times;</option>
    <option value="1" selected>1&times;</option><option value="2">2&times;</option><option value="4">4&times;</option>
  </select></label>
  <label>view <select id="zoom">
    <option value="1" selected>whole park</option><option value="2">2&times;, following the birds</option>
    <option value="4">4&times;, following the birds</option>
  </select></label>
  <input id="scrub" type="range" min="0" max="0" value="0" step="1">
  <span id="clock"></span>
</div>
<canvas id="timeline" height="44"></canvas>
<main>
  <div><div class="label">top view (x right, z down)</div><canvas class="view" id="top"></canvas></div>
  <div>
    <div class="label">side view (x right, height up; looking along z)</div>
    <canvas class="view" id="side"></canvas>
    <div id="stats"></div>
    <div class="legend" id="legend"></div>
  </div>
</main>
)HTML";

    static constexpr std::string_view html_script = R"JS((() => {
"use strict";
const meta = JSON.parse(document.getElementById("data").textContent);
function bytes(text) {
  const bin = atob(text), out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
const B = meta.birds, F = meta.frames, R = meta.R, REC = 7;
const birdBytes = bytes(meta.birdData), view = new DataView(birdBytes.buffer);
const carView = new DataView(bytes(meta.carData).buffer);
const ground = bytes(meta.ground);
const duration = (F - 1) / meta.fps;

// A recorded bird is 7 bytes: x and z as 16-bit fractions of the enclosure's square,
// height as a 16-bit fraction of [yMin, yMax], then flags: 128 flying, 64 took off in the
// last second, 0-63 annoyance as a fraction of its maximum.
function bx(f, i) { return (view.getUint16((f * B + i) * REC, true) / 65535 * 2 - 1) * R; }
function bz(f, i) { return (view.getUint16((f * B + i) * REC + 2, true) / 65535 * 2 - 1) * R; }
function by(f, i) { return meta.yMin + view.getUint16((f * B + i) * REC + 4, true) / 65535 * (meta.yMax - meta.yMin); }
function bflags(f, i) { return birdBytes[(f * B + i) * REC + 6]; }
function car(f, k) { return carView.getFloat32((f * 5 + k) * 4, true); }   // x, y, z, vx, vz

// ---- colours: walking grey -> orange, flying sky blue -> magenta, by annoyance
const calm = [[176, 186, 200], [90, 200, 255]], angry = [[255, 140, 0], [235, 60, 200]];
function colour(flying, annoyance) {
  const t = Math.min(1, annoyance / meta.fullColour), s = flying ? 1 : 0, c = [0, 0, 0];
  for (let k = 0; k < 3; k++) c[k] = Math.round(calm[s][k] + (angry[s][k] - calm[s][k]) * t);
  return "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
}
function annoyanceOf(flags) { return (flags & 63) / 63 * meta.maxAnnoyance; }

// ---- layout and the view: zoom 1 shows the whole park; closer zooms follow the birds
const topCanvas = document.getElementById("top"), sideCanvas = document.getElementById("side");
const timeline = document.getElementById("timeline");
const pageWidth = document.documentElement.clientWidth || window.innerWidth;
const size = Math.round(Math.max(300, Math.min(window.innerHeight - 200, (pageWidth - 60) / 2)));
topCanvas.width = topCanvas.height = size;
sideCanvas.width = size;
sideCanvas.height = Math.round(size / 2);
timeline.width = Math.max(300, pageWidth - 28);
const topView = topCanvas.getContext("2d"), side = sideCanvas.getContext("2d"), tl = timeline.getContext("2d");
const base = size / (2 * R);  // pixels per metre at zoom 1
let zoom = 1, cx = 0, cz = 0;
function px(x) { return size / 2 + (x - cx) * base * zoom; }
function pz(z) { return size / 2 + (z - cz) * base * zoom; }
function sy(y) { return sideCanvas.height - 4 - (y - meta.yMin) * base * zoom; }
function metres(m) { return m * base * zoom; }

// ---- the meadow, drawn once at twice the view's resolution
const meadow = document.createElement("canvas");
const mres = Math.min(2048, size * 2);
meadow.width = meadow.height = mres;
const groundR = Math.sqrt(Math.max(0, R * R - meta.enclosureY * meta.enclosureY));
{
  const g = meadow.getContext("2d"), img = g.createImageData(mres, mres), n = meta.grid;
  for (let py = 0; py < mres; py++) for (let qx = 0; qx < mres; qx++) {
    // Bilinear in the height grid, so close zooms stay smooth.
    const gx = Math.min(n - 1.001, Math.max(0, qx / mres * n - 0.5)), gz = Math.min(n - 1.001, Math.max(0, py / mres * n - 0.5));
    const i = Math.floor(gx), j = Math.floor(gz), u = gx - i, v = gz - j;
    const h = (ground[j * n + i] * (1 - u) + ground[j * n + i + 1] * u) * (1 - v) +
              (ground[(j + 1) * n + i] * (1 - u) + ground[(j + 1) * n + i + 1] * u) * v;
    const t = h / 255, x = qx / mres * 2 * R - R, z = py / mres * 2 * R - R;
    const dim = x * x + z * z <= groundR * groundR ? 1 : 0.45, o = (py * mres + qx) * 4;
    img.data[o] = (38 + 40 * t) * dim; img.data[o + 1] = (74 + 60 * t) * dim; img.data[o + 2] = (36 + 20 * t) * dim;
    img.data[o + 3] = 255;
  }
  g.putImageData(img, 0, 0);
}
// The ground seen from the side: the band between its lowest and highest points across z.
const profile = [];
{
  const n = meta.grid;
  for (let i = 0; i < n; i++) {
    let lo = 1, hi = 0;
    for (let j = 0; j < n; j++) { const t = ground[j * n + i] / 255; lo = Math.min(lo, t); hi = Math.max(hi, t); }
    profile.push([(-1 + 2 * (i + 0.5) / n) * R, (lo * 2 - 1) * meta.amplitude, (hi * 2 - 1) * meta.amplitude]);
  }
}

// ---- the timeline: birds flying over time, the claps, the cursor
const flyingAt = new Float32Array(F), centre = new Float32Array(2 * F);
let flyingMax = 1;
for (let f = 0; f < F; f++) {
  let n = 0, sx = 0, sz = 0;
  for (let i = 0; i < B; i++) { if (bflags(f, i) & 128) n++; sx += bx(f, i); sz += bz(f, i); }
  flyingAt[f] = n; flyingMax = Math.max(flyingMax, n);
  centre[2 * f] = sx / Math.max(1, B); centre[2 * f + 1] = sz / Math.max(1, B);
}
const strip = document.createElement("canvas");
strip.width = timeline.width; strip.height = timeline.height;
{
  const g = strip.getContext("2d"), w = strip.width, h = strip.height;
  g.fillStyle = "#12161a"; g.fillRect(0, 0, w, h);
  g.fillStyle = "rgba(90,200,255,0.55)"; g.beginPath(); g.moveTo(0, h);
  for (let f = 0; f < F; f++) g.lineTo(f / Math.max(1, F - 1) * w, h - 4 - flyingAt[f] / flyingMax * (h - 10));
  g.lineTo(w, h); g.closePath(); g.fill();
  g.fillStyle = "#ffd84a"; g.font = "11px system-ui, sans-serif";
  for (const c of meta.claps) {
    const x = c.t / Math.max(duration, 1e-6) * w;
    g.fillRect(x - 1, 0, 2, h); g.fillText("clap", x + 3, 11);
  }
  g.fillStyle = "#98a4b3"; g.fillText("birds flying (most: " + flyingMax + ")", 4, h - 4);
}

// ---- drawing one moment
function zone(g, x, z, hx, hz, speed, shape, style, dash) {
  // Half an ellipse ahead (stretched by speed times the velocity weight), half a circle behind.
  const r = metres(shape.r), ahead = metres(shape.r + shape.w * speed);
  g.save(); g.translate(px(x), pz(z)); g.rotate(Math.atan2(hz, hx));
  g.beginPath(); g.ellipse(0, 0, ahead, r, 0, -Math.PI / 2, Math.PI / 2);
  g.arc(0, 0, r, Math.PI / 2, 3 * Math.PI / 2);
  g.closePath(); g.setLineDash(dash); g.strokeStyle = style; g.lineWidth = 1.5; g.stroke();
  g.restore();
}
function follow(f, jump, dt) {
  let tx = 0, tz = 0;
  if (zoom > 1) {
    const half = R / zoom;
    tx = Math.min(R - half, Math.max(-R + half, centre[2 * f]));
    tz = Math.min(R - half, Math.max(-R + half, centre[2 * f + 1]));
  }
  const k = jump ? 1 : Math.min(1, dt * 2);
  cx += (tx - cx) * k; cz += (tz - cz) * k;
}
function draw(t) {
  const pos = Math.min(F - 1, Math.max(0, t * meta.fps)), f0 = Math.floor(pos), f1 = Math.min(F - 1, f0 + 1), u = pos - f0;
  const dot = Math.sqrt(zoom);
  // top view: meadow, enclosure, claps, car and zones, birds (walking first, flying on top)
  const m = mres / (2 * R), half = R / zoom * m;
  topView.setLineDash([]);
  topView.drawImage(meadow, (cx + R) * m - half, (cz + R) * m - half, 2 * half, 2 * half, 0, 0, size, size);
  topView.strokeStyle = "rgba(255,255,255,0.35)"; topView.setLineDash([6, 5]); topView.lineWidth = 1;
  topView.beginPath(); topView.arc(px(0), pz(0), metres(groundR), 0, 2 * Math.PI); topView.stroke();
  topView.setLineDash([]);
  for (const c of meta.claps) {
    const age = t - c.t;
    if (age >= 0 && age < 1.5) {
      topView.strokeStyle = "rgba(255,216,74," + (1 - age / 1.5) + ")"; topView.lineWidth = 2;
      topView.beginPath(); topView.arc(px(c.x), pz(c.z), metres(c.r) * Math.min(1, 0.3 + age * 2), 0, 2 * Math.PI); topView.stroke();
      topView.fillStyle = "#ffd84a"; topView.font = "bold 13px system-ui, sans-serif";
      const left = px(c.x) > size * 0.6;   // keep the label inside the view
      topView.textAlign = left ? "right" : "left";
      topView.fillText("clap! " + c.n + " startled", px(c.x) + (left ? -6 : 6), pz(c.z) - 6);
      topView.textAlign = "left";
    }
  }
  const carX = car(f0, 0) + (car(f1, 0) - car(f0, 0)) * u, carY = car(f0, 1) + (car(f1, 1) - car(f0, 1)) * u;
  const carZ = car(f0, 2) + (car(f1, 2) - car(f0, 2)) * u, vx = car(f0, 3), vz = car(f0, 4);
  const speed = Math.hypot(vx, vz), hx = speed > 1e-4 ? vx : 1, hz = speed > 1e-4 ? vz : 0;
  if (meta.car) {
    zone(topView, carX, carZ, hx, hz, speed, meta.moveAway, "rgba(255,200,80,0.85)", [5, 4]);
    zone(topView, carX, carZ, hx, hz, speed, meta.takeOff, "rgba(255,80,60,0.95)", []);
    topView.save(); topView.translate(px(carX), pz(carZ)); topView.rotate(Math.atan2(hz, hx));
    topView.fillStyle = "#e8313b"; topView.fillRect(-metres(0.35), -metres(0.2), metres(0.7), metres(0.4));
    topView.restore();
  }
  let walking = 0, flying = 0, annoyance = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < B; i++) {
      const flags = bflags(f0, i), fl = (flags & 128) !== 0;
      if (fl !== (pass === 1)) continue;
      const x = bx(f0, i) + (bx(f1, i) - bx(f0, i)) * u, z = bz(f0, i) + (bz(f1, i) - bz(f0, i)) * u;
      const a = annoyanceOf(flags);
      annoyance += a; if (fl) flying++; else walking++;
      topView.fillStyle = colour(fl, a);
      topView.beginPath(); topView.arc(px(x), pz(z), (fl ? 3 : 2.2) * dot, 0, 2 * Math.PI); topView.fill();
      if (flags & 64) { topView.strokeStyle = "#fff"; topView.lineWidth = 1; topView.stroke(); }
    }
  }
  // side view: the enclosure's dome, the ground's profile band, the car, the birds by height
  side.setLineDash([]);
  side.fillStyle = "#0d1013"; side.fillRect(0, 0, sideCanvas.width, sideCanvas.height);
  side.strokeStyle = "rgba(255,255,255,0.35)"; side.setLineDash([6, 5]); side.lineWidth = 1;
  side.beginPath(); side.arc(px(0), sy(meta.enclosureY), metres(R), Math.PI, 2 * Math.PI); side.stroke();
  side.setLineDash([]);
  for (const [k, fill] of [[2, "#3d6a2f"], [1, "#2a4a22"]]) {
    side.fillStyle = fill; side.beginPath(); side.moveTo(px(-R), sideCanvas.height);
    for (const p of profile) side.lineTo(px(p[0]), sy(p[k]));
    side.lineTo(px(R), sideCanvas.height); side.closePath(); side.fill();
  }
  if (meta.car) { side.fillStyle = "#e8313b"; side.fillRect(px(carX) - metres(0.35), sy(carY) - metres(0.3), metres(0.7), metres(0.3)); }
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < B; i++) {
      const flags = bflags(f0, i), fl = (flags & 128) !== 0;
      if (fl !== (pass === 1)) continue;
      const x = bx(f0, i) + (bx(f1, i) - bx(f0, i)) * u, y = by(f0, i) + (by(f1, i) - by(f0, i)) * u;
      side.fillStyle = colour(fl, annoyanceOf(flags));
      side.beginPath(); side.arc(px(x), sy(y), (fl ? 2.6 : 2) * dot, 0, 2 * Math.PI); side.fill();
    }
  }
  // timeline and text
  tl.drawImage(strip, 0, 0);
  tl.fillStyle = "#fff"; tl.fillRect(t / Math.max(duration, 1e-6) * timeline.width - 1, 0, 2, timeline.height);
  document.getElementById("clock").textContent = t.toFixed(1) + " / " + duration.toFixed(1) + " s";
  document.getElementById("stats").innerHTML =
    "walking <b>" + walking + "</b> &middot; flying <b>" + flying + "</b> &middot; mean annoyance <b>" +
    (annoyance / Math.max(1, B)).toFixed(2) + "</b>" + (meta.car ? " &middot; car " + speed.toFixed(1) + " m/s" : "");
}

// ---- legend and subtitle
{
  const grad = (s) => "linear-gradient(90deg," + colour(s, 0) + "," + colour(s, meta.fullColour) + ")";
  document.getElementById("legend").innerHTML =
    "<div><span class=\"dot\" style=\"background:" + colour(false, 0) + "\"></span>walking, calm" +
    "<span class=\"bar\" style=\"background:" + grad(false) + "\"></span>annoyed</div>" +
    "<div><span class=\"dot\" style=\"background:" + colour(true, 0) + "\"></span>flying, calm" +
    "<span class=\"bar\" style=\"background:" + grad(true) + "\"></span>annoyed</div>" +
    "<div><span class=\"dot\" style=\"border:1.5px solid #fff\"></span>took off in the last second</div>" +
    (meta.car ? "<div><span class=\"dot\" style=\"background:#e8313b;border-radius:2px\"></span>RC car: " +
      "<span style=\"color:#ffc850\">dashed, move-away zone</span>; <span style=\"color:#ff503c\">solid, take-off zone</span></div>" : "") +
    "<div><span class=\"dot\" style=\"background:#ffd84a\"></span>hand clap (ring: its radius)</div>" +
    "<div class=\"sub\">space: play or pause &middot; arrows: step &middot; click the strip above to jump</div>";
  document.getElementById("subtitle").textContent = B + " birds, seed " + meta.seed + ", thinking at " + meta.thinkHz +
    " Hz, simulated at 60 Hz, recorded at " + meta.fps.toFixed(0) + " frames per second";
}

// ---- playback; the page's address may say where to start: #t=14&zoom=2
const scrub = document.getElementById("scrub"), play = document.getElementById("play");
const speedBox = document.getElementById("speed"), zoomBox = document.getElementById("zoom");
scrub.max = String(F - 1);
let t = 0, playing = true, last = null;
function seek(time) { t = Math.min(duration, Math.max(0, time)); scrub.value = String(Math.round(t * meta.fps)); follow(Math.round(t * meta.fps), true, 0); draw(t); }
function setPlaying(on) { playing = on; if (playing && t >= duration) t = 0; play.textContent = playing ? "Pause" : "Play"; }
play.addEventListener("click", () => setPlaying(!playing));
scrub.addEventListener("input", () => seek(Number(scrub.value) / meta.fps));
zoomBox.addEventListener("change", () => { zoom = Number(zoomBox.value); seek(t); });
timeline.addEventListener("click", (e) => { const r = timeline.getBoundingClientRect(); seek((e.clientX - r.left) / r.width * duration); });
document.addEventListener("keydown", (e) => {
  if (e.target && e.target.tagName === "SELECT") return;
  if (e.code === "Space") { e.preventDefault(); setPlaying(!playing); }
  else if (e.code === "ArrowRight") { setPlaying(false); seek(t + 1 / meta.fps); }
  else if (e.code === "ArrowLeft") { setPlaying(false); seek(t - 1 / meta.fps); }
});
{
  const hash = new URLSearchParams((window.location && window.location.hash || "").slice(1));
  if (hash.has("zoom")) { zoom = Math.max(1, Number(hash.get("zoom")) || 1); zoomBox.value = String(zoom); }
  if (hash.has("t")) { setPlaying(false); seek(Number(hash.get("t")) || 0); }
}
function tick(now) {
  const dt = last === null ? 0 : (now - last) / 1000;
  last = now;
  if (playing) {
    t += dt * Number(speedBox.value);
    if (t >= duration) { t = duration; setPlaying(false); }
    scrub.value = String(Math.round(t * meta.fps));
  }
  follow(Math.min(F - 1, Math.round(t * meta.fps)), false, dt);
  draw(t);
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);
})();
)JS";

    park_config config_;
    std::uint64_t stride_ = 1;
    float radius_ = 1, y_min_ = 0, y_max_ = 1;
    std::size_t frames_ = 0;
    std::vector<std::uint8_t> birds_;
    std::vector<std::uint8_t> car_;
    std::vector<clap_event> claps_;
};

/// The park at this moment as an SVG picture: the top view and the side view, drawn like
/// the HTML replay. `zoom` > 1 magnifies both views around the birds' centre.
template <class Park>
[[nodiscard]] std::string render_svg(const Park& park, float zoom = 1) {
    using detail::number;
    const park_config& c = park.config();
    const float R = c.enclosure().radius;
    const float y_min = -c.ground.amplitude - 1.0f;
    zoom = std::max(1.0f, zoom);
    const double size = 480, gap = 16, px_per_m = size / (2.0 * static_cast<double>(R)) * static_cast<double>(zoom);
    const double side_h = size / 2, top_y = 40, left = 10, side_x = left + size + gap;
    const double width = side_x + size + 10, height = top_y + size + 14;
    // The view's centre: the birds' centre, kept so the view stays over the park.
    vec3 centre(0);
    for (const bird& b : park.birds()) centre += b.body.position();
    if (!park.birds().empty()) centre /= static_cast<float>(park.birds().size());
    const float half = R / zoom;
    const double cx = zoom > 1 ? static_cast<double>(std::clamp(centre.x, -R + half, R - half)) : 0.0;
    const double cz = zoom > 1 ? static_cast<double>(std::clamp(centre.z, -R + half, R - half)) : 0.0;
    // Metres (float or double) to pixels.
    auto tx = [&](auto x) { return left + size / 2 + (static_cast<double>(x) - cx) * px_per_m; };
    auto tz = [&](auto z) { return top_y + size / 2 + (static_cast<double>(z) - cz) * px_per_m; };
    auto sx = [&](auto x) { return side_x + size / 2 + (static_cast<double>(x) - cx) * px_per_m; };
    auto sy = [&](auto y) { return top_y + side_h - 4 - (static_cast<double>(y) - static_cast<double>(y_min)) * px_per_m; };
    auto m = [&](auto metres) { return static_cast<double>(metres) * px_per_m; };
    const double dot = std::sqrt(static_cast<double>(zoom));

    std::ostringstream s;
    s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"sans-serif\">\n";
    s << "<defs><clipPath id=\"top\"><rect x=\"" << left << "\" y=\"" << top_y << "\" width=\"" << size
      << "\" height=\"" << size << "\"/></clipPath><clipPath id=\"side\"><rect x=\"" << side_x << "\" y=\"" << top_y
      << "\" width=\"" << size << "\" height=\"" << side_h << "\"/></clipPath></defs>\n";
    s << "<rect width=\"100%\" height=\"100%\" fill=\"#1b1f24\"/>\n";
    std::size_t flying = 0;
    for (const bird& b : park.birds()) flying += b.flying ? 1 : 0;
    s << "<text x=\"" << left << "\" y=\"24\" fill=\"#dde3ea\" font-size=\"15\">Pigeons in the Park, t = "
      << number(park.time(), 1) << " s: " << park.birds().size() - flying << " walking, " << flying
      << " flying</text>\n";

    // Top view: the meadow as a grid of cells (dimmed outside the enclosure), the
    // enclosure's edge, a recent clap, the car and its two zones, the birds.
    s << "<g clip-path=\"url(#top)\">\n<g shape-rendering=\"crispEdges\">\n";
    const float ground_r = std::sqrt(std::max(0.0f, R * R - c.enclosure_center_y * c.enclosure_center_y));
    constexpr int cells = 48;
    const double cell = size / cells;
    for (int j = 0; j < cells; ++j)
        for (int i = 0; i < cells; ++i) {
            const auto x = static_cast<float>(cx + static_cast<double>(2 * half) * ((i + 0.5) / cells - 0.5));
            const auto z = static_cast<float>(cz + static_cast<double>(2 * half) * ((j + 0.5) / cells - 0.5));
            const bool inside = x * x + z * z <= ground_r * ground_r;
            s << "<rect x=\"" << number(left + i * cell, 2) << "\" y=\"" << number(top_y + j * cell, 2)
              << "\" width=\"" << number(cell + 0.3, 2) << "\" height=\"" << number(cell + 0.3, 2) << "\" fill=\""
              << detail::grass_colour(c.ground.height(x, z), c.ground.amplitude) << "\""
              << (inside ? "" : " fill-opacity=\"0.45\"") << "/>\n";
        }
    s << "</g>\n";
    s << "<circle cx=\"" << number(tx(0)) << "\" cy=\"" << number(tz(0)) << "\" r=\"" << number(m(ground_r))
      << "\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.35\" stroke-dasharray=\"6 5\"/>\n";
    for (const clap_event& e : park.claps())
        if (park.time() - e.time >= 0 && park.time() - e.time < 1.5f)
            s << "<circle cx=\"" << number(tx(e.center.x)) << "\" cy=\"" << number(tz(e.center.z)) << "\" r=\""
              << number(m(e.radius)) << "\" fill=\"none\" stroke=\"#ffd84a\" stroke-width=\"2\"/>\n";
    if (park.car_active()) {
        const vec3 p = park.car().position(), v = park.car().velocity();
        const float speed = std::hypot(v.x, v.z);
        const double heading = speed > 1e-4f ? static_cast<double>(std::atan2(v.z, v.x)) * 180.0 / std::numbers::pi : 0.0;
        const std::string place = "translate(" + number(tx(p.x)) + " " + number(tz(p.z)) + ") rotate(" + number(heading, 2) + ")";
        auto zone = [&](const steer::avatar_neighborhood<vec3>& n, const char* colour, const char* dash) {
            // Half an ellipse ahead, stretched by speed; half a circle behind.
            const double r = m(n.radius), ahead = m(n.radius + n.velocity_weight * speed);
            s << "<path transform=\"" << place << "\" d=\"M 0 " << number(-r) << " A " << number(ahead) << " "
              << number(r) << " 0 0 1 0 " << number(r) << " A " << number(r) << " " << number(r) << " 0 0 1 0 "
              << number(-r) << " Z\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"1.5\"" << dash << "/>\n";
        };
        zone(c.move_away_zone, "#ffc850", " stroke-dasharray=\"5 4\"");
        zone(c.take_off_zone, "#ff503c", "");
        s << "<rect transform=\"" << place << "\" x=\"" << number(-m(0.35)) << "\" y=\"" << number(-m(0.2))
          << "\" width=\"" << number(m(0.7)) << "\" height=\"" << number(m(0.4)) << "\" fill=\"#e8313b\"/>\n";
    }
    for (int pass = 0; pass < 2; ++pass)
        for (const bird& b : park.birds()) {
            if (b.flying != (pass == 1)) continue;
            const vec3 p = b.body.position();
            s << "<circle cx=\"" << number(tx(p.x), 1) << "\" cy=\"" << number(tz(p.z), 1) << "\" r=\""
              << number((b.flying ? 3.0 : 2.2) * dot, 1) << "\" fill=\"" << detail::bird_colour(b.flying, b.annoyance)
              << "\"" << (b.took_off_within(c.recent_takeoff) ? " stroke=\"#fff\" stroke-width=\"0.8\"" : "") << "/>\n";
        }
    s << "</g>\n";

    // Side view: the enclosure's dome, the ground's highest profile across z, the birds by height.
    s << "<rect x=\"" << side_x << "\" y=\"" << top_y << "\" width=\"" << size << "\" height=\"" << number(side_h)
      << "\" fill=\"#0d1013\"/>\n<g clip-path=\"url(#side)\">\n";
    s << "<path d=\"M " << number(sx(-R)) << " " << number(sy(c.enclosure_center_y)) << " A " << number(m(R)) << " "
      << number(m(R)) << " 0 0 1 " << number(sx(R)) << " " << number(sy(c.enclosure_center_y))
      << "\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.35\" stroke-dasharray=\"6 5\"/>\n";
    std::string ridge = "M " + number(sx(-R)) + " " + number(top_y + side_h);
    for (int i = 0; i <= 96; ++i) {
        const float x = -R + 2 * R * static_cast<float>(i) / 96;
        float highest = -c.ground.amplitude;
        for (int j = 0; j <= 48; ++j)
            highest = std::max(highest, c.ground.height(x, -R + 2 * R * static_cast<float>(j) / 48));
        ridge += " L " + number(sx(x)) + " " + number(sy(highest));
    }
    ridge += " L " + number(sx(R)) + " " + number(top_y + side_h) + " Z";
    s << "<path d=\"" << ridge << "\" fill=\"#3d6a2f\"/>\n";
    if (park.car_active()) {
        const vec3 p = park.car().position();
        s << "<rect x=\"" << number(sx(p.x) - m(0.35)) << "\" y=\"" << number(sy(p.y) - m(0.3)) << "\" width=\""
          << number(m(0.7)) << "\" height=\"" << number(m(0.3)) << "\" fill=\"#e8313b\"/>\n";
    }
    for (int pass = 0; pass < 2; ++pass)
        for (const bird& b : park.birds()) {
            if (b.flying != (pass == 1)) continue;
            const vec3 p = b.body.position();
            s << "<circle cx=\"" << number(sx(p.x), 1) << "\" cy=\"" << number(sy(p.y), 1) << "\" r=\""
              << number((b.flying ? 2.6 : 2.0) * dot, 1) << "\" fill=\"" << detail::bird_colour(b.flying, b.annoyance)
              << "\"/>\n";
        }
    s << "</g>\n";

    // Legend, under the side view.
    const double ly = top_y + side_h + 28;
    auto legend = [&](double x, double y, const std::string& colour, const char* text) {
        s << "<circle cx=\"" << number(x) << "\" cy=\"" << number(y - 4) << "\" r=\"5\" fill=\"" << colour << "\"/>"
          << "<text x=\"" << number(x + 10) << "\" y=\"" << number(y) << "\" fill=\"#dde3ea\" font-size=\"12\">" << text
          << "</text>\n";
    };
    legend(side_x + 6, ly, detail::bird_colour(false, 0), "walking, calm");
    legend(side_x + 6, ly + 20, detail::bird_colour(false, detail::annoyance_full_colour), "walking, annoyed");
    legend(side_x + 160, ly, detail::bird_colour(true, 0), "flying, calm");
    legend(side_x + 160, ly + 20, detail::bird_colour(true, detail::annoyance_full_colour), "flying, annoyed");
    s << "<circle cx=\"" << number(side_x + 6) << "\" cy=\"" << number(ly + 36) << "\" r=\"4.5\" fill=\"none\" "
      << "stroke=\"#fff\"/><text x=\"" << number(side_x + 16) << "\" y=\"" << number(ly + 40)
      << "\" fill=\"#dde3ea\" font-size=\"12\">took off in the last second</text>\n";
    if (park.car_active()) {
        legend(side_x + 320, ly, "#e8313b", "RC car");
        s << "<text x=\"" << number(side_x + 315) << "\" y=\"" << number(ly + 20)
          << "\" fill=\"#ffc850\" font-size=\"12\">dashed: move-away zone</text>\n";
        s << "<text x=\"" << number(side_x + 315) << "\" y=\"" << number(ly + 40)
          << "\" fill=\"#ff503c\" font-size=\"12\">solid: take-off zone</text>\n";
    }
    s << "<text x=\"" << number(side_x) << "\" y=\"" << number(ly + 66) << "\" fill=\"#98a4b3\" font-size=\"12\">"
      << "left: top view (x right, z down); right: side view; " << (zoom > 1 ? number(zoom, 0) + "x, around the birds" : "the whole park")
      << "</text>\n";
    s << "</svg>\n";
    return s.str();
}

/// The CSV columns, one line per bird per frame.
inline void write_csv_header(std::ostream& out) {
    out << "frame,time,bird,state,x,y,z,vx,vy,vz,annoyance,flight_time,last_cause\n";
}

/// Every bird's state at the park's current frame.
template <class Park>
void write_csv_frame(std::ostream& out, const Park& park) {
    static constexpr const char* causes[cause_count] = {"none", "car", "clap", "contagion", "other"};
    char line[256];
    std::size_t i = 0;
    for (const bird& b : park.birds()) {
        const vec3 p = b.body.position(), v = b.body.velocity();
        const int n = std::snprintf(
            line, sizeof line, "%llu,%.4f,%zu,%s,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3f,%s\n",
            static_cast<unsigned long long>(park.frame()), static_cast<double>(park.time()), i++,
            b.flying ? "fly" : "walk", static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z),
            static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z),
            static_cast<double>(b.annoyance), static_cast<double>(b.flight_time),
            causes[static_cast<std::size_t>(b.last_cause)]);
        out.write(line, std::min<std::streamsize>(n, static_cast<std::streamsize>(sizeof line) - 1));
    }
}

}  // namespace pigeons

#endif  // PIGEONS_REPLAY_HPP
