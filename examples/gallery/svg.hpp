// A small SVG writer for the gallery: world coordinates in, deterministic text out.
//
// Every coordinate is rounded to a tenth of a pixel and printed from an integer, so the
// bytes depend only on the rounded values: no locale, no printf float formatting, no
// "-0". Trajectories are thinned to points at least `min_step` pixels apart.
#ifndef STEER_EXAMPLES_GALLERY_SVG_HPP
#define STEER_EXAMPLES_GALLERY_SVG_HPP

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace gallery {

using vec = glm::dvec2;

// Colors: the Okabe-Ito palette, readable with every common color vision deficiency.
namespace color {
inline constexpr const char* blue = "#0072B2";
inline constexpr const char* vermillion = "#D55E00";
inline constexpr const char* green = "#009E73";
inline constexpr const char* orange = "#E69F00";
inline constexpr const char* sky = "#56B4E9";
inline constexpr const char* purple = "#CC79A7";
inline constexpr const char* black = "#222222";
inline constexpr const char* gray = "#8C8C8C";
inline constexpr const char* light = "#D9D9D9";
inline constexpr const char* obstacle_fill = "#E3E0D8";
inline constexpr const char* obstacle_edge = "#8A8374";
inline constexpr const char* tube = "#F3E9C6";
}  // namespace color

// A number in tenths of a unit, printed as "12", "12.3", "-0.4".
inline void append_tenths(std::string& out, std::int64_t t) {
    if (t < 0) out += '-', t = -t;
    out += std::to_string(t / 10);
    if (t % 10 != 0) out += '.', out += static_cast<char>('0' + t % 10);
}
inline std::int64_t tenths(double x) { return static_cast<std::int64_t>(std::llround(x * 10.0)); }
inline std::string num(double x) {
    std::string s;
    append_tenths(s, tenths(x));
    return s;
}
// A number with a fixed count of decimals, for captions (rounded half away from zero).
inline std::string fixed(double x, int decimals) {
    double scale = 1;
    for (int i = 0; i < decimals; ++i) scale *= 10;
    std::int64_t n = static_cast<std::int64_t>(std::llround(x * scale));
    std::string s;
    if (n < 0) s += '-', n = -n;
    const auto whole = static_cast<std::int64_t>(scale);
    s += std::to_string(n / whole);
    if (decimals > 0) {
        std::string frac = std::to_string(n % whole);
        s += '.' + std::string(static_cast<std::size_t>(decimals) - frac.size(), '0') + frac;
    }
    return s;
}
inline std::string escape(std::string_view text) {
    std::string s;
    for (const char c : text) {
        if (c == '&') s += "&amp;";
        else if (c == '<') s += "&lt;";
        else if (c == '>') s += "&gt;";
        else s += c;
    }
    return s;
}

// How a line is drawn.
struct stroke {
    const char* color = color::black;
    double width = 1.5;
    const char* dash = nullptr;  // e.g. "4 3"
    double opacity = 1;
};

// A rectangle of the world mapped onto a rectangle of the picture (y up in the world,
// down in SVG). One figure has one or more panels side by side.
class panel {
public:
    panel(vec world_min, vec world_max, double x, double y, double scale, int id)
        : panel(world_min, world_max, x, y, scale, scale, id) {}
    // A chart: different scales on the two axes (pixels per unit).
    panel(vec world_min, vec world_max, double x, double y, double scale_x, double scale_y, int id)
        : lo_(world_min), hi_(world_max), x_(x), y_(y), scale_(scale_x), scale_y_(scale_y), id_(id) {}

    [[nodiscard]] double width() const { return (hi_.x - lo_.x) * scale_; }
    [[nodiscard]] double height() const { return (hi_.y - lo_.y) * scale_y_; }
    [[nodiscard]] double scale() const { return scale_; }
    [[nodiscard]] double top() const { return y_; }
    [[nodiscard]] vec world_min() const { return lo_; }
    [[nodiscard]] vec world_max() const { return hi_; }
    [[nodiscard]] vec to_px(vec p) const { return {x_ + (p.x - lo_.x) * scale_, y_ + (hi_.y - p.y) * scale_y_}; }

    // Chart axes: grid lines every `x_step` and `y_step` with their values outside the
    // frame, and the axis names.
    void axes(double x_step, double y_step, std::string_view x_name, std::string_view y_name) {
        std::string d;
        for (double gx = std::ceil(lo_.x / x_step) * x_step; gx <= hi_.x + 1e-9; gx += x_step) {
            const vec a = to_px({gx, lo_.y}), b = to_px({gx, hi_.y});
            d += 'M' + num(a.x) + ' ' + num(a.y) + 'V' + num(b.y);
            overlay_ += "<text x=\"" + num(a.x) + "\" y=\"" + num(a.y + 13) +
                        "\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555555\">" + num(gx) + "</text>\n";
        }
        for (double gy = std::ceil(lo_.y / y_step) * y_step; gy <= hi_.y + 1e-9; gy += y_step) {
            const vec a = to_px({lo_.x, gy}), b = to_px({hi_.x, gy});
            d += 'M' + num(a.x) + ' ' + num(a.y) + 'H' + num(b.x);
            overlay_ += "<text x=\"" + num(a.x - 4) + "\" y=\"" + num(a.y + 3.5) +
                        "\" font-size=\"10\" text-anchor=\"end\" fill=\"#555555\">" + num(gy) + "</text>\n";
        }
        body_ += "<path d=\"" + d + "\" stroke=\"#EEEEEE\" stroke-width=\"1\" fill=\"none\"/>\n";
        const vec corner = to_px({hi_.x, lo_.y});
        overlay_ += "<text x=\"" + num(corner.x) + "\" y=\"" + num(corner.y + 26) +
                    "\" font-size=\"11\" text-anchor=\"end\" fill=\"#333333\">" + escape(x_name) + "</text>\n";
        overlay_ += "<text x=\"" + num(x_ + width() - 4) + "\" y=\"" + num(y_ + 12) +
                    "\" font-size=\"11\" text-anchor=\"end\" fill=\"#333333\">" + escape(y_name) + "</text>\n";
    }

    // Light grid lines every `step` world units and a scale bar of `bar` units in the corner.
    void grid(double step, double bar) {
        while (step * scale_ < 12) step *= 5;  // no denser than 12 pixels
        std::string d;
        for (double gx = std::ceil(lo_.x / step) * step; gx <= hi_.x; gx += step) {
            const vec a = to_px({gx, lo_.y}), b = to_px({gx, hi_.y});
            d += 'M' + num(a.x) + ' ' + num(a.y) + 'V' + num(b.y);
        }
        for (double gy = std::ceil(lo_.y / step) * step; gy <= hi_.y; gy += step) {
            const vec a = to_px({lo_.x, gy}), b = to_px({hi_.x, gy});
            d += 'M' + num(a.x) + ' ' + num(a.y) + 'H' + num(b.x);
        }
        body_ += "<path d=\"" + d + "\" stroke=\"#EEEEEE\" stroke-width=\"1\" fill=\"none\"/>\n";
        const double px = bar * scale_;
        const double bx = x_ + 10, by = y_ + height() - 10;
        body_ += "<path d=\"M" + num(bx) + ' ' + num(by - 4) + "v4h" + num(px) + "v-4\" stroke=\"" + color::black +
                 "\" stroke-width=\"1.2\" fill=\"none\"/>\n";
        body_ += "<text x=\"" + num(bx + px + 5) + "\" y=\"" + num(by) + "\" font-size=\"11\" fill=\"" + color::black +
                 "\">" + num(bar) + (bar == 1 ? " unit" : " units") + "</text>\n";
    }

    // A poly-line through world points, thinned to steps of at least `min_step` pixels.
    void line(const std::vector<vec>& points, const stroke& s, double min_step = 1.5, bool closed = false) {
        if (points.empty()) return;
        body_ += "<path d=\"" + path_data(points, min_step, closed) + "\"" + stroke_attributes(s) +
                 " fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n";
    }

    // A tube of `radius` world units around a poly-line (a pathway, a wall).
    void tube(const std::vector<vec>& points, double radius, const char* fill, bool closed = false) {
        body_ += "<path d=\"" + path_data(points, 0.5, closed) + "\" stroke=\"" + fill + "\" stroke-width=\"" +
                 num(2 * radius * scale_) + "\" fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n";
    }

    // Dots on a trajectory sampled every frame, one every `every` samples (a time tick).
    // Drawn as zero-length strokes with round caps: one short path for all of them.
    void ticks(const std::vector<vec>& points, std::size_t every, const char* fill, double radius = 1.8) {
        std::vector<vec> dots;
        for (std::size_t i = every; i < points.size(); i += every) dots.push_back(points[i]);
        if (dots.empty()) return;
        body_ += "<path d=\"" + moves(dots) + "\" stroke=\"" + fill + "\" stroke-width=\"" + num(2 * radius) +
                 "\" stroke-linecap=\"round\"/>\n";
    }

    // A circle of world radius (an obstacle, a neighborhood, a body).
    void circle(vec center, double radius, const char* fill, const stroke& s) {
        const vec c = to_px(center);
        body_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(radius * scale_) + "\" fill=\"" +
                 fill + "\"" + stroke_attributes(s) + "/>\n";
    }
    // A circle of pixel radius (a marker).
    void dot(vec center, double radius_px, const char* fill, const char* edge = "none", double edge_width = 1.2) {
        const vec c = to_px(center);
        body_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(radius_px) + "\" fill=\"" + fill +
                 "\" stroke=\"" + edge + "\" stroke-width=\"" + num(edge_width) + "\"/>\n";
    }
    // An x mark (a collision, a catch).
    void cross(vec center, double half_px, const char* color, double width = 2) {
        const vec c = to_px(center);
        body_ += "<path d=\"M" + num(c.x - half_px) + ' ' + num(c.y - half_px) + 'l' + num(2 * half_px) + ' ' +
                 num(2 * half_px) + 'm' + num(-2 * half_px) + " 0l" + num(2 * half_px) + ' ' + num(-2 * half_px) +
                 "\" stroke=\"" + color + "\" stroke-width=\"" + num(width) + "\"/>\n";
    }
    // A closed polygon of world points.
    void polygon(const std::vector<vec>& points, const char* fill, const stroke& s, double fill_opacity = 1) {
        body_ += "<path d=\"" + path_data(points, 0, true) + "\" fill=\"" + fill + "\"" +
                 (fill_opacity < 1 ? " fill-opacity=\"" + fixed(fill_opacity, 2) + "\"" : std::string()) +
                 stroke_attributes(s) + "/>\n";
    }
    // An axis-aligned rectangle of the world.
    void rect(vec min, vec max, const char* fill, const stroke& s) {
        polygon({min, {max.x, min.y}, max, {min.x, max.y}}, fill, s);
    }
    // A vehicle glyph: a triangle pointing along `forward`, `length_px` long, on `position`.
    void vehicle(vec position, vec forward, const char* fill, double length_px = 11) {
        const vec c = to_px(position);
        vec f(forward.x, -forward.y);  // y flips in SVG
        const double n = glm::length(f);
        f = n > 0 ? f / n : vec(1, 0);
        const vec side(-f.y, f.x);
        const vec nose = c + f * (0.6 * length_px);
        const vec left = c - f * (0.4 * length_px) + side * (0.38 * length_px);
        const vec right = c - f * (0.4 * length_px) - side * (0.38 * length_px);
        body_ += "<path d=\"M" + num(nose.x) + ' ' + num(nose.y) + 'L' + num(left.x) + ' ' + num(left.y) + ' ' +
                 num(right.x) + ' ' + num(right.y) + "z\" fill=\"" + fill +
                 "\" stroke=\"#FFFFFF\" stroke-width=\"0.8\"/>\n";
    }
    // An arrow between world points with a head of `head_px` pixels.
    void arrow(vec from, vec to, const stroke& s, double head_px = 7) {
        const vec a = to_px(from), b = to_px(to);
        const vec d = b - a;
        const double n = glm::length(d);
        if (n < 1e-9) return;
        const vec u = d / n, side(-u.y, u.x);
        const double h = std::min(head_px, 0.6 * n);
        const vec l = b - u * h + side * (0.45 * h), r = b - u * h - side * (0.45 * h);
        body_ += "<path d=\"M" + num(a.x) + ' ' + num(a.y) + 'L' + num(b.x) + ' ' + num(b.y) + "M" + num(l.x) + ' ' +
                 num(l.y) + 'L' + num(b.x) + ' ' + num(b.y) + ' ' + num(r.x) + ' ' + num(r.y) + "\"" +
                 stroke_attributes(s) + " fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n";
    }
    // Many short arrows in one element (a flow field).
    void arrows(const std::vector<std::pair<vec, vec>>& segments, const stroke& s, double head_px = 4) {
        std::string d;
        for (const auto& [from, to] : segments) {
            const vec a = to_px(from), b = to_px(to);
            const vec dd = b - a;
            const double n = glm::length(dd);
            if (n < 1e-9) continue;
            const vec u = dd / n, side(-u.y, u.x);
            const double h = std::min(head_px, 0.6 * n);
            const vec l = b - u * h + side * (0.45 * h), r = b - u * h - side * (0.45 * h);
            d += 'M' + num(a.x) + ' ' + num(a.y) + 'L' + num(b.x) + ' ' + num(b.y) + 'M' + num(l.x) + ' ' + num(l.y) +
                 'L' + num(b.x) + ' ' + num(b.y) + ' ' + num(r.x) + ' ' + num(r.y);
        }
        body_ += "<path d=\"" + d + "\"" + stroke_attributes(s) + " fill=\"none\"/>\n";
    }
    // A field-of-view wedge: the region within `radius` and `half_angle` of `forward`
    // (a full circle for half_angle >= pi), the paper's Figure 13.
    void wedge(vec center, vec forward, double radius, double half_angle, const char* fill, const stroke& s,
               double fill_opacity = 0.15) {
        const std::string opacity = " fill-opacity=\"" + fixed(fill_opacity, 2) + "\"";
        if (half_angle >= 3.14159) {
            const vec c = to_px(center);
            body_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(radius * scale_) +
                     "\" fill=\"" + fill + "\"" + opacity + stroke_attributes(s) + "/>\n";
            return;
        }
        const double heading = std::atan2(forward.y, forward.x);
        std::vector<vec> points{center};
        const int steps = 48;
        for (int i = 0; i <= steps; ++i) {
            const double a = heading - half_angle + 2 * half_angle * i / steps;
            points.push_back(center + radius * vec(std::cos(a), std::sin(a)));
        }
        polygon(points, fill, s, fill_opacity);
    }
    // Text at a world point, offset by (dx, dy) pixels; anchor "start", "middle" or "end".
    void label(vec at, std::string_view text, double dx = 0, double dy = 0, const char* anchor = "start",
               const char* fill = color::black, double size = 12) {
        const vec p = to_px(at) + vec(dx, dy);
        const std::string align =
            std::string_view(anchor) == "start" ? std::string() : " text-anchor=\"" + std::string(anchor) + "\"";
        body_ += "<text x=\"" + num(p.x) + "\" y=\"" + num(p.y) + "\" font-size=\"" + num(size) + "\" fill=\"" + fill +
                 "\"" + align +
                 " stroke=\"#FFFFFF\" stroke-width=\"3\" paint-order=\"stroke\">" + escape(text) + "</text>\n";
    }
    // A subtitle above the panel.
    void title(std::string_view text) { title_ = std::string(text); }

    // The panel's SVG: its frame, then everything drawn into it, clipped to the frame.
    [[nodiscard]] std::string render() const {
        const std::string id = "c" + std::to_string(id_);
        std::string s;
        if (!title_.empty())
            s += "<text x=\"" + num(x_) + "\" y=\"" + num(y_ - 6) + "\" font-size=\"13\" font-weight=\"bold\" fill=\"" +
                 color::black + "\">" + escape(title_) + "</text>\n";
        s += "<clipPath id=\"" + id + "\"><rect x=\"" + num(x_) + "\" y=\"" + num(y_) + "\" width=\"" + num(width()) +
             "\" height=\"" + num(height()) + "\"/></clipPath>\n";
        s += "<g clip-path=\"url(#" + id + ")\">\n" + body_ + "</g>\n";
        s += "<rect x=\"" + num(x_) + "\" y=\"" + num(y_) + "\" width=\"" + num(width()) + "\" height=\"" +
             num(height()) + "\" fill=\"none\" stroke=\"#BBBBBB\"/>\n";
        return s + overlay_;
    }

private:
    static std::string stroke_attributes(const stroke& s) {
        std::string a = " stroke=\"" + std::string(s.color) + "\" stroke-width=\"" + num(s.width) + "\"";
        if (s.dash) a += " stroke-dasharray=\"" + std::string(s.dash) + "\"";
        if (s.opacity < 1) a += " stroke-opacity=\"" + fixed(s.opacity, 2) + "\"";
        return a;
    }

    // "M x y l dx dy dx dy ...": absolute start, then steps between points rounded to tenths
    // of a pixel. The steps are differences of rounded positions, so nothing accumulates.
    // Points closer than `min_step` pixels to the last kept one are dropped, then the line
    // is simplified (Ramer-Douglas-Peucker) to within a quarter of a pixel.
    std::string path_data(const std::vector<vec>& points, double min_step, bool closed) const {
        std::vector<vec> px;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const vec p = to_px(points[i]);
            if (i > 0 && i + 1 < points.size() && glm::length(p - px.back()) < min_step) continue;
            px.push_back(p);
        }
        const std::vector<vec> kept = min_step > 0 ? simplify(px, 0.25) : px;
        std::string d = "M";
        std::int64_t x0 = 0, y0 = 0;
        for (std::size_t i = 0; i < kept.size(); ++i) {
            const std::int64_t tx = tenths(kept[i].x), ty = tenths(kept[i].y);
            if (i == 0) {
                append_tenths(d, tx), d += ' ', append_tenths(d, ty), d += 'l';
            } else {
                if (tx == x0 && ty == y0) continue;
                if (d.back() != 'l') d += ' ';
                append_tenths(d, tx - x0), d += ' ', append_tenths(d, ty - y0);
            }
            x0 = tx, y0 = ty;
        }
        if (d.back() == 'l') d.pop_back();
        if (closed) d += 'z';
        return d;
    }

    // "M x y h0 m dx dy h0 ...": a dot at each point (world coordinates).
    std::string moves(const std::vector<vec>& points) const {
        std::string d;
        std::int64_t x0 = 0, y0 = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const vec p = to_px(points[i]);
            const std::int64_t tx = tenths(p.x), ty = tenths(p.y);
            d += i == 0 ? 'M' : 'm';
            append_tenths(d, i == 0 ? tx : tx - x0), d += ' ', append_tenths(d, i == 0 ? ty : ty - y0), d += "h0";
            x0 = tx, y0 = ty;
        }
        return d;
    }

    // Ramer-Douglas-Peucker: the fewest points whose poly-line stays within `tolerance` of
    // the original one. Iterative, so long tracks cannot overflow the stack.
    static std::vector<vec> simplify(const std::vector<vec>& points, double tolerance) {
        if (points.size() < 3) return points;
        std::vector<char> keep(points.size(), 0);
        keep.front() = keep.back() = 1;
        std::vector<std::pair<std::size_t, std::size_t>> spans{{0, points.size() - 1}};
        while (!spans.empty()) {
            const auto [a, b] = spans.back();
            spans.pop_back();
            const vec ab = points[b] - points[a];
            const double len = glm::length(ab);
            double worst = -1;
            std::size_t at = a;
            for (std::size_t i = a + 1; i < b; ++i) {
                const vec ap = points[i] - points[a];
                const double d = len > 1e-12 ? std::abs(ab.x * ap.y - ab.y * ap.x) / len : glm::length(ap);
                if (d > worst) worst = d, at = i;
            }
            if (worst > tolerance) {
                keep[at] = 1;
                spans.emplace_back(a, at);
                spans.emplace_back(at, b);
            }
        }
        std::vector<vec> out;
        for (std::size_t i = 0; i < points.size(); ++i)
            if (keep[i]) out.push_back(points[i]);
        return out;
    }

    vec lo_, hi_;
    double x_, y_, scale_, scale_y_;
    int id_;
    std::string title_;
    std::string body_;
    std::string overlay_;  // drawn after the frame, not clipped (axis labels)
};

// One legend entry: a swatch and its text.
struct legend_entry {
    enum class kind { line, ticks, vehicle, disc, ring, band, marker_cross, arrow } what;
    const char* color;
    std::string text;
    const char* dash = nullptr;
};

// A figure: a title, panels in a row, a legend under them and a caption under that.
class figure {
public:
    static constexpr double page_width = 760;
    static constexpr double margin = 16;

    // One panel showing the world rectangle [world_min, world_max] at `width` pixels.
    explicit figure(std::string title, vec world_min, vec world_max, double width = page_width - 2 * margin)
        : title_(std::move(title)), top_(40) {
        panels_.reserve(4);  // panel references stay valid when a chart is added
        add_panel(world_min, world_max, width);
    }
    // Several panels side by side, each showing the same world rectangle.
    figure(std::string title, vec world_min, vec world_max, int panels) : title_(std::move(title)), top_(60) {
        panels_.reserve(static_cast<std::size_t>(panels) + 2);
        const double gap = 14;
        const double width = (page_width - 2 * margin - gap * (panels - 1)) / panels;
        for (int i = 0; i < panels; ++i) add_panel(world_min, world_max, width, gap);
    }

    panel& operator[](std::size_t i) { return panels_[i]; }

    // A chart under the panels, as wide as the page: `world_min.x` to `world_max.x` across,
    // `world_min.y` to `world_max.y` up, `height` pixels tall. Returns it for drawing.
    panel& chart(vec world_min, vec world_max, double height) {
        double bottom = 0;
        for (const panel& p : panels_) bottom = std::max(bottom, p.top() + p.height());
        const double left = margin + 34;
        const double width = page_width - margin - left;
        panels_.emplace_back(world_min, world_max, left, bottom + 16, width / (world_max.x - world_min.x),
                             height / (world_max.y - world_min.y), static_cast<int>(panels_.size()));
        chart_bottom_pad_ = 24;
        return panels_.back();
    }
    panel& main() { return panels_.front(); }

    void legend(legend_entry e) { legend_.push_back(std::move(e)); }
    void caption(std::string text) { caption_ = std::move(text); }

    // The whole SVG document.
    [[nodiscard]] std::string render() const {
        double bottom = 0;
        for (const panel& p : panels_) bottom = std::max(bottom, p.top() + p.height());
        bottom += chart_bottom_pad_;  // room for a chart's axis labels
        std::string legend_svg;
        double y = bottom + 22;
        if (!legend_.empty()) {
            double x = margin;
            for (const legend_entry& e : legend_) {
                const double w = 30 + 6.3 * static_cast<double>(e.text.size()) + 18;
                if (x + w > page_width - margin && x > margin) x = margin, y += 20;
                legend_svg += swatch(e, x, y - 4) + "<text x=\"" + num(x + 30) + "\" y=\"" + num(y) +
                              "\" font-size=\"12\">" + escape(e.text) + "</text>\n";
                x += w;
            }
            y += 10;
        }
        std::string caption_svg;
        for (const std::string& line : wrap(caption_, 110)) {
            y += 17;
            caption_svg += "<text x=\"" + num(margin) + "\" y=\"" + num(y) + "\" font-size=\"12.5\" fill=\"#333333\">" +
                           escape(line) + "</text>\n";
        }
        const double height = y + 14;
        std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(page_width) + "\" height=\"" +
                        num(height) + "\" viewBox=\"0 0 " + num(page_width) + ' ' + num(height) +
                        "\" font-family=\"Helvetica,Arial,sans-serif\">\n";
        s += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n";
        s += "<text x=\"" + num(margin) + "\" y=\"26\" font-size=\"17\" font-weight=\"bold\" fill=\"" +
             std::string(color::black) + "\">" + escape(title_) + "</text>\n";
        for (const panel& p : panels_) s += p.render();
        s += legend_svg + caption_svg + "</svg>\n";
        return s;
    }

    // Writes the SVG; returns its size in bytes, or -1 on failure.
    long write(const std::string& path) const {
        const std::string s = render();
        std::FILE* f = std::fopen(path.c_str(), "wb");
        if (!f) return -1;
        const bool ok = std::fwrite(s.data(), 1, s.size(), f) == s.size();
        return std::fclose(f) == 0 && ok ? static_cast<long>(s.size()) : -1;
    }

private:
    void add_panel(vec world_min, vec world_max, double width, double gap = 0) {
        const double x = panels_.empty() ? margin : margin + static_cast<double>(panels_.size()) * (width + gap);
        const double scale = width / (world_max.x - world_min.x);
        panels_.emplace_back(world_min, world_max, x, top_, scale, static_cast<int>(panels_.size()));
    }

    static std::string swatch(const legend_entry& e, double x, double y) {
        using k = legend_entry::kind;
        const std::string c = e.color;
        switch (e.what) {
            case k::line:
                return "<path d=\"M" + num(x) + ' ' + num(y) + "h24\" stroke=\"" + c + "\" stroke-width=\"2\"" +
                       (e.dash ? " stroke-dasharray=\"" + std::string(e.dash) + "\"" : std::string()) + "/>\n";
            case k::ticks:
                return "<path d=\"M" + num(x) + ' ' + num(y) + "h24\" stroke=\"" + c + "\" stroke-width=\"1.2\"/>" +
                       "<g fill=\"" + c + "\"><circle cx=\"" + num(x + 4) + "\" cy=\"" + num(y) +
                       "\" r=\"1.8\"/><circle cx=\"" + num(x + 12) + "\" cy=\"" + num(y) +
                       "\" r=\"1.8\"/><circle cx=\"" + num(x + 20) + "\" cy=\"" + num(y) + "\" r=\"1.8\"/></g>\n";
            case k::vehicle:
                return "<path d=\"M" + num(x + 18) + ' ' + num(y) + "l-11 -4.5v9z\" fill=\"" + c + "\"/>\n";
            case k::disc:
                return "<circle cx=\"" + num(x + 12) + "\" cy=\"" + num(y) + "\" r=\"6\" fill=\"" + c +
                       "\" stroke=\"" + color::obstacle_edge + "\"/>\n";
            case k::ring:
                return "<circle cx=\"" + num(x + 12) + "\" cy=\"" + num(y) + "\" r=\"6\" fill=\"none\" stroke=\"" + c +
                       "\" stroke-width=\"1.5\"" +
                       (e.dash ? " stroke-dasharray=\"" + std::string(e.dash) + "\"" : std::string()) + "/>\n";
            case k::band:
                return "<rect x=\"" + num(x) + "\" y=\"" + num(y - 6) + "\" width=\"24\" height=\"12\" fill=\"" + c +
                       "\"/>\n";
            case k::marker_cross:
                return "<path d=\"M" + num(x + 8) + ' ' + num(y - 4) + "l8 8m-8 0l8-8\" stroke=\"" + c +
                       "\" stroke-width=\"2\"/>\n";
            case k::arrow:
                return "<path d=\"M" + num(x) + ' ' + num(y) + "h22m-6 -3.5l6 3.5-6 3.5\" stroke=\"" + c +
                       "\" stroke-width=\"1.5\" fill=\"none\"/>\n";
        }
        return {};
    }

    // Greedy word wrap at `width` characters.
    static std::vector<std::string> wrap(const std::string& text, std::size_t width) {
        std::vector<std::string> lines;
        std::string line;
        std::size_t i = 0;
        while (i < text.size()) {
            const std::size_t j = std::min(text.find(' ', i), text.size());
            const std::string word = text.substr(i, j - i);
            if (!line.empty() && line.size() + 1 + word.size() > width) lines.push_back(line), line.clear();
            line += (line.empty() ? "" : " ") + word;
            i = j + 1;
        }
        if (!line.empty()) lines.push_back(line);
        return lines;
    }

    std::string title_;
    double top_;
    double chart_bottom_pad_ = 0;
    std::vector<panel> panels_;
    std::vector<legend_entry> legend_;
    std::string caption_;
};

}  // namespace gallery

#endif  // STEER_EXAMPLES_GALLERY_SVG_HPP
