#ifndef STEER_EXAMPLES_PEDESTRIANS_CHART_HPP
#define STEER_EXAMPLES_PEDESTRIANS_CHART_HPP

/// @file
/// The pedestrians' two experiments as one SVG picture, beside what was measured with
/// people: the specific flow through each exit against the measured 1.6 to 2.0 persons per
/// metre per second, and the corridor's walking speed against Weidmann's diagram, each with
/// the band 20% either side that the tests hold the runs to.

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "scenes.hpp"

namespace pedestrians {

/// One run's point: exit width (m) and specific flow, or density (/m²) and mean speed.
struct chart_point {
    double x, y;
};

namespace detail {

/// Formats with one decimal (the picture needs no more), in the C locale the examples run in.
inline std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", v);
    return text;
}

/// A panel: axes over [x0, x1] × [y0, y1] drawn in a box of `width` × `height` pixels at
/// (`left`, `top`).
struct panel {
    double left, top, width, height, x0, x1, y0, y1;
    [[nodiscard]] double px(double x) const { return left + (x - x0) / (x1 - x0) * width; }
    [[nodiscard]] double py(double y) const { return top + height - (y - y0) / (y1 - y0) * height; }
    [[nodiscard]] std::string at(double x, double y) const { return number(px(x)) + "," + number(py(y)); }
};

inline void axes(std::string& s, const panel& p, const char* title, const char* x_label, const char* y_label,
                 double x_step, double y_step) {
    s += "<text x=\"" + number(p.left) + "\" y=\"" + number(p.top - 12) + "\" font-weight=\"bold\">" + title + "</text>\n";
    s += "<path d=\"M" + p.at(p.x0, p.y1) + " L" + p.at(p.x0, p.y0) + " L" + p.at(p.x1, p.y0) +
         "\" fill=\"none\" stroke=\"#222\"/>\n";
    for (double x = p.x0; x <= p.x1 + 1e-9; x += x_step)
        s += "<text x=\"" + number(p.px(x)) + "\" y=\"" + number(p.py(p.y0) + 16) + "\" text-anchor=\"middle\">" +
             number(x) + "</text>\n";
    for (double y = p.y0; y <= p.y1 + 1e-9; y += y_step)
        s += "<text x=\"" + number(p.left - 6) + "\" y=\"" + number(p.py(y) + 4) + "\" text-anchor=\"end\">" +
             number(y) + "</text>\n";
    s += "<text x=\"" + number(p.left + p.width / 2) + "\" y=\"" + number(p.top + p.height + 34) +
         "\" text-anchor=\"middle\">" + x_label + "</text>\n";
    s += "<text transform=\"translate(" + number(p.left - 40) + "," + number(p.top + p.height / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">" + y_label + "</text>\n";
}

inline void dots(std::string& s, const panel& p, const std::vector<chart_point>& points) {
    for (const chart_point& q : points)
        s += "<circle cx=\"" + number(p.px(q.x)) + "\" cy=\"" + number(p.py(q.y)) +
             "\" r=\"4\" fill=\"#D55E00\" fill-opacity=\"0.8\"/>\n";
}

}  // namespace detail

/// The picture: `flows` (exit width, specific flow) and `speeds` (density, mean speed) of
/// the runs, over the measured values.
inline std::string chart(const std::vector<chart_point>& flows, const std::vector<chart_point>& speeds) {
    using detail::number;
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"860\" height=\"380\" font-family=\"sans-serif\" "
                    "font-size=\"12\">\n<rect width=\"860\" height=\"380\" fill=\"white\"/>\n";
    // Left: the bottleneck. People: 1.6 to 2.0 for exits 0.8 to 2.5 m; 20% either side lighter.
    const detail::panel flow{70, 40, 320, 240, 0.6, 2.6, 0, 2.8};
    s += "<polygon points=\"" + flow.at(0.8, 1.28) + " " + flow.at(2.5, 1.28) + " " + flow.at(2.5, 2.4) + " " +
         flow.at(0.8, 2.4) + "\" fill=\"#56B4E9\" fill-opacity=\"0.15\"/>\n";
    s += "<polygon points=\"" + flow.at(0.8, 1.6) + " " + flow.at(2.5, 1.6) + " " + flow.at(2.5, 2.0) + " " +
         flow.at(0.8, 2.0) + "\" fill=\"#56B4E9\" fill-opacity=\"0.45\"/>\n";
    detail::axes(s, flow, "Bottleneck: specific flow", "exit width (m)", "persons / (m s)", 0.4, 0.4);
    detail::dots(s, flow, flows);
    // Right: the corridor. Weidmann's diagram, and 20% either side.
    const detail::panel walk{510, 40, 320, 240, 0, 4, 0, 1.6};
    std::string curve, band;
    std::vector<double> densities;
    for (int i = 0; i <= 74; ++i) densities.push_back(0.3 + 0.05 * i);  // 0.3 to 4 /m²
    for (const double d : densities) {
        curve += curve.empty() ? "M" : " L";
        curve += walk.at(d, weidmann_speed(d));
        band += ' ';
        band += walk.at(d, std::min(1.6, 1.2 * weidmann_speed(d)));
    }
    for (auto d = densities.rbegin(); d != densities.rend(); ++d) {
        band += ' ';
        band += walk.at(*d, 0.8 * weidmann_speed(*d));
    }
    s += "<polygon points=\"" + band + "\" fill=\"#56B4E9\" fill-opacity=\"0.15\"/>\n";
    s += "<path d=\"" + curve + "\" fill=\"none\" stroke=\"#0072B2\" stroke-width=\"2\"/>\n";
    detail::axes(s, walk, "Corridor: walking speed", "density (persons / m²)", "mean speed (m/s)", 0.5, 0.4);
    detail::dots(s, walk, speeds);
    // The key.
    s += "<circle cx=\"77\" cy=\"341\" r=\"4\" fill=\"#D55E00\"/><text x=\"90\" y=\"345\">steer, one dot per run</text>\n";
    s += "<rect x=\"260\" y=\"336\" width=\"14\" height=\"10\" fill=\"#56B4E9\" fill-opacity=\"0.45\"/><text x=\"280\" "
         "y=\"345\">measured with people (Seyfried et al. 2009, Kretz et al. 2006; Weidmann 1993)</text>\n";
    s += "<rect x=\"260\" y=\"356\" width=\"14\" height=\"10\" fill=\"#56B4E9\" fill-opacity=\"0.15\"/><text x=\"280\" "
         "y=\"365\">20% either side of it, the bounds the tests hold the runs to</text>\n";
    s += "</svg>\n";
    return s;
}

}  // namespace pedestrians

#endif  // STEER_EXAMPLES_PEDESTRIANS_CHART_HPP
