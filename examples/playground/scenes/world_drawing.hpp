// The world scenes' shared shapes and drawings: a variant of every 2D obstacle shape, and how
// an obstacle, a pathway's tube and a flow field's arrow are drawn.
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_WORLD_DRAWING_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_WORLD_DRAWING_HPP

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../scene.hpp"

namespace playground {

namespace world_detail {

/// Any of the 2D obstacle shapes, as one level file would mix them (docs/world.md, "One call, many shapes").
using shape = std::variant<steer::sphere<vec2>, steer::box<vec2>, steer::oriented_box<vec2>, steer::segment<vec2>,
                           steer::polygon<vec2>, steer::plane<vec2>>;

/// Draws one obstacle: filled in the faint color with a gray outline; a segment as a gray line.
/// A half-space has no outline to draw: its scene draws the part in view.
inline void draw_shape(canvas& out, const shape& s) {
    if (const auto* c = std::get_if<steer::sphere<vec2>>(&s)) {
        out.disc(c->center, c->radius, color::faint);
        out.circle(c->center, c->radius, color::gray);
    } else if (const auto* b = std::get_if<steer::box<vec2>>(&s)) {
        const std::array<vec2, 4> corners{b->min, vec2(b->max.x, b->min.y), b->max, vec2(b->min.x, b->max.y)};
        out.polygon(corners, color::faint);
        out.path(corners, color::gray, true);
    } else if (const auto* o = std::get_if<steer::oriented_box<vec2>>(&s)) {
        const vec2 u = o->axes[0] * o->half_extents.x, w = o->axes[1] * o->half_extents.y;
        const std::array<vec2, 4> corners{o->center - u - w, o->center + u - w, o->center + u + w, o->center - u + w};
        out.polygon(corners, color::faint);
        out.path(corners, color::gray, true);
    } else if (const auto* g = std::get_if<steer::segment<vec2>>(&s)) {
        out.line(g->a, g->b, color::gray);
    } else if (const auto* q = std::get_if<steer::polygon<vec2>>(&s)) {
        out.polygon(q->points(), color::faint);
        out.path(q->points(), color::gray, true);
    }
}

/// Draws a pathway's tube: its spine, and each segment's two edges `radius` to either side
/// (with a ring at each point, so the outer side of a bend and an open end show their rounded edge).
inline void draw_tube(canvas& out, const steer::pathway<vec2>& path, double radius, color edge, color spine) {
    const auto points = path.points();
    out.path(points, spine, path.cyclic());
    const std::size_t n = points.size();
    const std::size_t segments = path.cyclic() ? n : n - 1;
    for (std::size_t i = 0; i < segments; ++i) {
        const vec2 a = points[i], b = points[(i + 1) % n];
        const vec2 t = steer::safe_normalize(b - a);
        const vec2 across(-t.y, t.x);
        out.line(a + across * radius, b + across * radius, edge);
        out.line(a - across * radius, b - across * radius, edge);
    }
    for (const vec2& p : points) out.circle(p, radius, color::faint);
}

/// Draws a flow field's value at `p` as an arrow `half` metres each side of `p` (a unit vector).
inline void draw_flow(canvas& out, const vec2& p, const vec2& flow, double half, color c) {
    if (flow == vec2(0)) return;
    out.arrow_to(p - flow * half, p + flow * half, c);
}

}  // namespace world_detail

}  // namespace playground

#endif
