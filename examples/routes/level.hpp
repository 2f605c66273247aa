#ifndef STEER_EXAMPLES_ROUTES_LEVEL_HPP
#define STEER_EXAMPLES_ROUTES_LEVEL_HPP

/// @file
/// An RTS level: buildings on a square map, half of them concave (L, U and T outlines, whose
/// pockets trap a unit that only steers locally), each turned by a random angle and set in
/// a plot of its own, so that streets at least 8 m wide run between them.

#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include <steer/steer.hpp>

namespace routes {

using vec = glm::vec2;

/// A level: its bounds and its buildings.
struct level {
    steer::box<vec> bounds;
    std::vector<steer::polygon<vec>> buildings;
};

/// The outline of a building of kind `kind` (0 a rectangle, 1 an L, 2 a U, 3 a T), about
/// `size` metres across, centered on the origin, counter-clockwise.
inline std::vector<vec> outline(int kind, float size) {
    const float s = size / 2;   // half the width
    const float w = size / 5;   // the thickness of a wing
    switch (kind) {
        case 1:  // L: a wing along the bottom and one up the left side
            return {{-s, -s}, {s, -s}, {s, -s + w}, {-s + w, -s + w}, {-s + w, s}, {-s, s}};
        case 2:  // U: open toward +y
            return {{-s, -s}, {s, -s}, {s, s}, {s - w, s}, {s - w, -s + w}, {-s + w, -s + w}, {-s + w, s}, {-s, s}};
        case 3:  // T: a bar along the top and a stem down the middle
            return {{-w / 2, -s}, {w / 2, -s}, {w / 2, s - w}, {s, s - w}, {s, s}, {-s, s}, {-s, s - w}, {-w / 2, s - w}};
        default:  // a rectangle, not quite square
            return {{-s, -s * 0.7f}, {s, -s * 0.7f}, {s, s * 0.7f}, {-s, s * 0.7f}};
    }
}

/// `count` buildings, one per plot of 24 x 24 m in rows of five (the default, 20, fills a
/// map 120 x 96 m), each 8 to 11 m across and turned by a random angle: however turned, a
/// building reaches at most 7.8 m from its center, so at least 8 m of street separates two
/// of them and 4 m a building from the map's edge. Every other one is concave (L, U, T in
/// turn). The same seed gives the same level.
inline level make_level(std::uint64_t seed, int count = 20) {
    steer::rng gen(seed);
    const int columns = count < 5 ? count : 5;
    const int rows = (count + columns - 1) / columns;
    const vec plot(24, 24);
    level l{{vec(0), plot * vec(static_cast<float>(columns), static_cast<float>(rows))}, {}};
    for (int i = 0; i < count; ++i) {
        const vec corner(static_cast<float>(i % columns) * plot.x, static_cast<float>(i / columns) * plot.y);
        const float across = 8 + 3 * steer::uniform01<float>(gen);
        const float angle = 6.2831853f * steer::uniform01<float>(gen);
        const int kind = i % 2 == 0 ? 0 : 1 + (i / 2) % 3;
        // Room left in the plot for its center once the building (turned any way: the circle
        // through its square's corners) and 4 m of street on each side are in it.
        const float radius = across / 2 * 1.4143f;
        const vec room = glm::max(plot - 2 * radius - 8.0f, vec(0));
        const vec center = corner + plot / 2.0f +
                           (vec(steer::uniform01<float>(gen), steer::uniform01<float>(gen)) - 0.5f) * room;
        const float c = std::cos(angle), s = std::sin(angle);
        std::vector<vec> points;
        for (const vec& p : outline(kind, across)) points.push_back(center + vec(c * p.x - s * p.y, s * p.x + c * p.y));
        l.buildings.emplace_back(std::move(points));
    }
    return l;
}

}  // namespace routes

#endif  // STEER_EXAMPLES_ROUTES_LEVEL_HPP
