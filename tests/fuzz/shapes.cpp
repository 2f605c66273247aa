// World shapes fuzzer: spheres, boxes, oriented boxes, planes, segments and polygons (2D)
// built from the whole finite range (zero, denormal and huge sizes, shapes far from the
// origin, points on their surfaces and at their centers, sweeps grazing them), through
// every query they answer: signed_distance, nearest_point, contains, bounding_sphere and
// first_contact. Checks, within the promise, against the shape's own definition:
// - every answer is finite, and a hit's normal has unit length;
// - |signed_distance(p)| is the distance from p to nearest_point(p), whose own signed
//   distance is zero; the sign agrees with contains; the bounding sphere holds the surface;
// - first_contact: the ball is touching at the reported distance, within the sweep, and
//   is clear of the shape at every sampled point before it (or all along, without a hit).
// Tolerances are relative to the size of the numbers involved.
//
// A shape is built only if `validate` (or polygon's constructor) accepts it: their
// refusals are the one exception the harness expects, and each must name the cause the
// harness finds in the shape itself, and be given alike by every behavior that takes shapes
// (obstacle_avoidance, hide, reciprocal_avoidance; containment for a region) (a plane's normal zero or too short to normalize, an
// outline with too few corners, all on one line, or crossing itself, such as a bow tie).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <steer/behaviors/containment.hpp>
#include <steer/behaviors/hide.hpp>
#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/behaviors/reciprocal_avoidance.hpp>
#include <steer/vehicle.hpp>
#include <steer/world/avatar_neighborhood.hpp>
#include <steer/world/box.hpp>
#include <steer/world/oriented_box.hpp>
#include <steer/world/plane.hpp>
#include <steer/world/polygon.hpp>
#include <steer/world/segment.hpp>
#include <steer/world/sphere.hpp>
#include <steer/world/sweep.hpp>

#include "../refusal_of.hpp"
#include "fuzz_input.hpp"

namespace {

using steer::fuzz::input;

template <steer::vector V>
double magnitude(const V& v) {
    return static_cast<double>(steer::max_abs_component(v));
}

/// Every behavior that takes shapes refuses a shape its own validate refuses, with that
/// message: obstacle_avoidance, hide and reciprocal_avoidance as an obstacle, containment as
/// a region (where a box of no size is allowed).
template <steer::vector V, class Shape>
void refused_alike(const Shape& shape) {
    using S = steer::scalar_t<V>;
    const std::string obstacle = steer::test::refusal_of([&] { steer::detail::validate_obstacle(shape); });
    const steer::vehicle<V> a({.velocity = V(S(1)), .max_force = 2});
    const std::vector<steer::vehicle<V>> none;
    STEER_FUZZ_CHECK(steer::test::refusal_of([&] { (void)steer::obstacle_avoidance(a, shape); }) == obstacle);
    STEER_FUZZ_CHECK(steer::test::refusal_of([&] { (void)steer::hide(a, V(S(-3)), shape); }) == obstacle);
    STEER_FUZZ_CHECK(steer::test::refusal_of([&] { (void)steer::reciprocal_avoidance(a, none, shape, V(S(0)), S(1) / S(60)); }) ==
                     obstacle);
    if constexpr (steer::region<Shape, V>) {
        const std::string region = steer::test::refusal_of([&] { steer::detail::validate_region(shape); });
        STEER_FUZZ_CHECK(steer::test::refusal_of([&] { (void)steer::containment(a, shape); }) == region);
    }
}

/// The checks every shape answers to; `scale` bounds the magnitudes of everything involved.
template <steer::vector V, class Shape>
void check_point(const Shape& shape, const V& p, double scale, bool has_inside) {
    using S = steer::scalar_t<V>;
    const double tolerance = (std::is_same_v<S, float> ? 1e-3 : 1e-7) * scale +
                             64 * static_cast<double>(std::numeric_limits<S>::denorm_min());
    const S distance = signed_distance(shape, p);
    const V nearest = nearest_point(shape, p);
    STEER_FUZZ_PROMISED(std::isfinite(distance));
    STEER_FUZZ_PROMISED(steer::is_finite(nearest));
    if (!std::isfinite(distance) || !steer::is_finite(nearest)) return;
    STEER_FUZZ_PROMISED(std::abs(std::abs(static_cast<double>(distance)) -
                                 static_cast<double>(steer::safe_length(p - nearest))) <= tolerance);
    STEER_FUZZ_PROMISED(std::abs(static_cast<double>(signed_distance(shape, nearest))) <= tolerance);
    if constexpr (requires { contains(shape, p); }) {
        if (has_inside && static_cast<double>(distance) < -tolerance) STEER_FUZZ_PROMISED(contains(shape, p));
        if (has_inside && static_cast<double>(distance) > tolerance) STEER_FUZZ_PROMISED(!contains(shape, p));
    }
    if constexpr (requires { bounding_sphere(shape); }) {  // every shape but the unbounded plane
        const steer::sphere<V> bounds = bounding_sphere(shape);
        STEER_FUZZ_PROMISED(steer::is_finite(bounds.center) && std::isfinite(bounds.radius) && bounds.radius >= S(0));
        STEER_FUZZ_PROMISED(static_cast<double>(steer::safe_length(nearest - bounds.center)) <=
                            static_cast<double>(bounds.radius) + tolerance);
    }
}

template <steer::vector V, class Shape>
void check_sweep(const Shape& shape, const steer::sweep<V>& w, double scale) {
    using S = steer::scalar_t<V>;
    const double tolerance = (std::is_same_v<S, float> ? 1e-3 : 1e-7) * scale +
                             64 * static_cast<double>(std::numeric_limits<S>::denorm_min());
    const std::optional<steer::ray_hit<V>> hit = first_contact(shape, w);
    const double radius = static_cast<double>(w.radius);
    const auto gap_at = [&](double t) {
        const V center = w.origin + w.direction * static_cast<S>(t);
        return static_cast<double>(signed_distance(shape, center)) - radius;
    };
    if (steer::fuzz::tracing()) {
        steer::fuzz::trace("sweep: length %.9g radius %.9g, hit %d at %.9g, tolerance %g", double(w.length), radius,
                           int(hit.has_value()), hit ? double(hit->distance) : -1.0, tolerance);
        for (int i = 0; i < steer::dimension_v<V>; ++i)
            steer::fuzz::trace("  [%d] origin %.17g direction %.17g", i, double(w.origin[i]), double(w.direction[i]));
        const double end = hit ? static_cast<double>(hit->distance) : static_cast<double>(w.length);
        for (int k = 0; k <= 16; ++k) {
            const V center = w.origin + w.direction * static_cast<S>(end * k / 16.0);
            steer::fuzz::trace("  gap at %.9g: %.9g", end * k / 16.0, double(signed_distance(shape, center)) - radius);
        }
    }
    const double end = hit ? static_cast<double>(hit->distance) : static_cast<double>(w.length);
    if (hit) {
        STEER_FUZZ_PROMISED(std::isfinite(hit->distance) && steer::is_finite(hit->point) && steer::is_finite(hit->normal));
        if (!std::isfinite(hit->distance) || !steer::is_finite(hit->point) || !steer::is_finite(hit->normal)) return;
        STEER_FUZZ_PROMISED(hit->distance >= S(0));
        STEER_FUZZ_PROMISED(static_cast<double>(hit->distance) <= static_cast<double>(w.length) + tolerance);
        STEER_FUZZ_PROMISED(std::abs(static_cast<double>(glm::length(hit->normal)) - 1.0) < 1e-3);
        // Touching at the reported distance (overlapping already at distance 0).
        const double gap = gap_at(end);
        if (hit->distance > S(0)) STEER_FUZZ_PROMISED(std::abs(gap) <= tolerance);
        else STEER_FUZZ_PROMISED(gap <= tolerance);
        // The touched point is on the surface.
        STEER_FUZZ_PROMISED(std::abs(static_cast<double>(signed_distance(shape, hit->point))) <= tolerance);
    }
    // Clear of the shape before the contact (or all along): sampled.
    if (hit && !(hit->distance > S(0))) return;
    for (int k = 0; k < 16; ++k) {
        const double t = end * k / 16.0;
        STEER_FUZZ_PROMISED(gap_at(t) >= -tolerance);
    }
}

template <steer::vector V>
V random_unit(input& in) {
    using S = steer::scalar_t<V>;
    V d = steer::safe_normalize(in.vec<V>());
    if (d == V(S(0))) d[static_cast<int>(in.pick(steer::dimension_v<V>))] = in.flag() ? S(1) : S(-1);
    return d;
}

/// A size > 0: usually ordinary, sometimes denormal or huge.
template <class S>
S random_size(input& in) {
    const S s = in.flag() ? in.in_range<S>(S(0.01), S(10)) : in.non_negative<S>();
    return s > S(0) ? s : std::numeric_limits<S>::denorm_min();
}

/// An orthonormal frame: from an angle in 2D, from a unit quaternion in 3D.
template <steer::vector V>
std::array<V, steer::dimension_v<V>> random_axes(input& in) {
    using S = steer::scalar_t<V>;
    if constexpr (steer::dimension_v<V> == 2) {
        const double angle = static_cast<double>(in.in_range<S>(S(-7), S(7)));
        return {V(S(std::cos(angle)), S(std::sin(angle))), V(S(-std::sin(angle)), S(std::cos(angle)))};
    } else {
        double q[4];
        double norm = 0;
        for (double& c : q) {
            c = static_cast<double>(in.in_range<S>(S(-1), S(1)));
            norm += c * c;
        }
        if (norm < 1e-6) {
            q[0] = 1;
            norm = 1;
        }
        norm = std::sqrt(norm);
        const double w = q[0] / norm, x = q[1] / norm, y = q[2] / norm, z = q[3] / norm;
        return {V(S(1 - 2 * (y * y + z * z)), S(2 * (x * y + w * z)), S(2 * (x * z - w * y))),
                V(S(2 * (x * y - w * z)), S(1 - 2 * (x * x + z * z)), S(2 * (y * z + w * x))),
                V(S(2 * (x * z + w * y)), S(2 * (y * z - w * x)), S(1 - 2 * (x * x + y * y)))};
    }
}

/// Points to ask about: anywhere, at a reference point (a center, a corner), or near it.
template <steer::vector V>
V random_point(input& in, const V& reference, steer::scalar_t<V> size) {
    using S = steer::scalar_t<V>;
    switch (in.pick(4)) {
        case 0: return in.vec<V>();
        case 1: return reference;
        default: {
            V p = reference;
            for (int i = 0; i < steer::dimension_v<V>; ++i) p[i] += size * in.in_range<S>(S(-2), S(2));
            return steer::is_finite(p) ? p : reference;
        }
    }
}

template <steer::vector V, class Shape>
void query(input& in, const Shape& shape, const V& reference, steer::scalar_t<V> size, bool has_inside) {
    if (steer::fuzz::tracing())
        for (int i = 0; i < steer::dimension_v<V>; ++i)
            steer::fuzz::trace("  [%d] reference %.9g, size %.9g", i, double(reference[i]), double(size));
    using S = steer::scalar_t<V>;
    double shape_scale = std::max(magnitude(reference), static_cast<double>(size));
    if constexpr (requires { bounding_sphere(shape); }) {
        const steer::sphere<V> bounds = bounding_sphere(shape);
        shape_scale = std::max({shape_scale, magnitude(bounds.center), static_cast<double>(bounds.radius)});
    }
    for (int round = 0; round < 4 && !in.empty(); ++round) {
        const V p = random_point(in, reference, size);
        check_point(shape, p, std::max(shape_scale, magnitude(p)), has_inside);
        steer::sweep<V> w{.origin = random_point(in, reference, size * S(3)),
                          .direction = in.flag() ? steer::safe_normalize(reference - w.origin) : random_unit<V>(in),
                          .length = in.flag() ? size * in.in_range<S>(S(0), S(6)) : in.non_negative<S>(),
                          .radius = in.flag() ? S(0) : (in.flag() ? size * in.in_range<S>(S(0), S(1)) : in.non_negative<S>())};
        if (w.direction == V(S(0))) w.direction = random_unit<V>(in);
        const double scale = std::max({shape_scale, magnitude(w.origin), static_cast<double>(w.length),
                                       static_cast<double>(w.radius)});
        in.note<S>(scale + static_cast<double>(w.length));  // the far end of the sweep is a coordinate too
        check_sweep(shape, w, scale + static_cast<double>(w.length));
    }
}

template <steer::vector V>
void run(input& in) {
    using S = steer::scalar_t<V>;
    std::string expected_cause;  // the start of the message a refusal must give ("" for none)
    std::string polygon_causes;  // what the outline's points allow a refusal to name
    const unsigned kind = in.pick(steer::dimension_v<V> == 2 ? 7 : 6);
    steer::fuzz::trace("shape %u, dimension %d, %s", kind, steer::dimension_v<V>, sizeof(S) == 4 ? "float" : "double");
    try {
        switch (kind) {
            case 0: {
                const steer::sphere<V> s{in.vec<V>(), in.flag() ? random_size<S>(in) : S(0)};
                refused_alike<V>(s);
                refused_alike<V>(steer::sphere<V>{s.center, -random_size<S>(in)});  // always refused
                steer::validate(s);
                query(in, s, s.center, std::max(s.radius, S(1)), true);
                break;
            }
            case 1: {
                const V corner = in.vec<V>();
                V far = corner;
                for (int i = 0; i < steer::dimension_v<V>; ++i) {
                    far[i] = corner[i] + (in.pick(4) == 0 ? S(0) : random_size<S>(in));
                    if (!std::isfinite(far[i])) far[i] = std::numeric_limits<S>::max();
                }
                const steer::box<V> b{corner, far};
                refused_alike<V>(b);
                refused_alike<V>(steer::box<V>{far, corner});  // inverted where any axis has a size
                steer::validate_as_obstacle(b);
                query(in, b, far, std::max(steer::max_abs_component(far - corner), S(1)), true);
                break;
            }
            case 2: {
                V half;
                for (int i = 0; i < steer::dimension_v<V>; ++i) half[i] = random_size<S>(in);
                const steer::oriented_box<V> b{in.vec<V>(), half, random_axes<V>(in)};
                refused_alike<V>(b);
                steer::oriented_box<V> flat = b;  // no size along an axis: refused
                flat.half_extents[static_cast<int>(in.pick(steer::dimension_v<V>))] = S(0);
                refused_alike<V>(flat);
                steer::oriented_box<V> skewed = b;  // axes that are not orthonormal: refused
                skewed.axes[0] = skewed.axes[0] * in.in_range<S>(S(1.01), S(3));
                refused_alike<V>(skewed);
                steer::validate(b);
                query(in, b, b.center, std::max(steer::max_abs_component(half), S(1)), true);
                break;
            }
            case 3: {
                const steer::plane<V> h{in.flag() ? random_unit<V>(in) : in.vec<V>(), in.scalar<S>()};
                // The cause the refusal must name, in the order validate checks them.
                const S largest = steer::max_abs_component(h.normal);
                expected_cause = !steer::is_finite(h.normal)  ? "steer::plane: normal must be finite"
                                 : !std::isfinite(h.offset)   ? "steer::plane: offset must be finite"
                                 : largest == S(0)            ? "steer::plane: normal must be non-zero"
                                 : largest < std::numeric_limits<S>::min() ? "steer::plane: normal must be long enough to normalize"
                                 : !std::isfinite(h.offset / steer::safe_length(h.normal))
                                     ? "steer::plane: offset / |normal|"
                                     : "";
                refused_alike<V>(h);
                steer::validate(h);
                STEER_FUZZ_CHECK(expected_cause.empty());  // accepted: there was nothing to refuse
                const V on = steer::safe_normalize(h.normal) * steer::signed_distance(h, V(S(0))) * S(-1);
                query(in, h, steer::is_finite(on) ? on : V(S(0)), S(1), true);
                break;
            }
            case 4: {
                const V a = in.vec<V>();
                const V b = in.flag() ? in.vec<V>() : a + random_unit<V>(in) * random_size<S>(in);
                const steer::segment<V> s{a, steer::is_finite(b) ? b : a + V(S(1))};
                refused_alike<V>(s);
                steer::validate(s);
                for (int i = 0; i < steer::dimension_v<V>; ++i)
                    steer::fuzz::trace("  [%d] a %.17g b %.17g", i, double(s.a[i]), double(s.b[i]));
                query(in, s, s.a, std::max(steer::safe_length(s.b - s.a), S(1)), false);
                break;
            }
            case 5: {
                // The avatar neighborhood's depth: finite, 1 at the avatar, negative far away.
                const steer::avatar_neighborhood<V> zone{.radius = in.non_negative<S>(),
                                                         .velocity_weight = in.non_negative<S>()};
                const V at = in.vec<V>(), velocity = in.vec<V>(), p = in.vec<V>();
                const S depth = steer::avatar_neighborhood_depth(zone, at, velocity, p);
                STEER_FUZZ_PROMISED(std::isfinite(depth) && depth <= S(1));
                if (zone.radius > S(0)) STEER_FUZZ_PROMISED(steer::avatar_neighborhood_depth(zone, at, velocity, at) == S(1));
                break;
            }
            default: {
                if constexpr (steer::dimension_v<V> == 2) {
                    std::vector<V> points;
                    const V center = in.vec<V>();
                    const S radius = random_size<S>(in);
                    const unsigned count = 3 + in.pick(6);
                    if (in.flag()) {  // a regular polygon, maybe star-shaped by alternating radii
                        const bool star = in.flag();
                        const double turn = static_cast<double>(in.in_range<S>(S(0), S(7)));
                        for (unsigned i = 0; i < count; ++i) {
                            const double angle = turn + 6.283185307179586 * i / count;
                            const S r = star && i % 2 ? radius * S(0.4) : radius;
                            points.push_back(center + V(S(std::cos(angle)), S(std::sin(angle))) * r);
                        }
                    } else if (in.pick(4) == 0) {  // a bow tie, maybe turned: crossing itself, no area
                        const V a = in.vec<V>() * S(0.001) + V(radius, S(0)), b = V(-a.y, a.x);
                        for (const V& corner : {a, -a, b, -b}) points.push_back(center + corner);
                    } else {  // any points: often refused (crossing edges, collinear, repeated)
                        for (unsigned i = 0; i < count; ++i) points.push_back(in.flag() ? in.vec<V>() : center + in.vec<V>());
                    }
                    for (V& p : points)
                        if (!steer::is_finite(p)) p = center;
                    // The causes a refusal may name, found in the points as the constructor
                    // takes them: repeats dropped, then too few, all on one line, or else
                    // (an outline without area that is not a line) crossing itself.
                    std::vector<V> corners;
                    const auto repeat = [](const V& p, const V& q) {
                        return steer::max_abs_component(q - p) < std::numeric_limits<S>::min();
                    };
                    for (const V& p : points)
                        if (corners.empty() || !repeat(corners.back(), p)) corners.push_back(p);
                    while (corners.size() > 1 && repeat(corners.back(), corners.front())) corners.pop_back();
                    bool on_one_line = true;
                    for (const V& p : corners)
                        if (corners.size() >= 2 && (corners[1].x - corners[0].x) * (p.y - corners[0].y) -
                                                           (corners[1].y - corners[0].y) * (p.x - corners[0].x) !=
                                                       S(0))
                            on_one_line = false;
                    polygon_causes = corners.size() < 3 ? "at least 3 distinct points"
                                     : on_one_line      ? "all on one line"
                                                        : "not all on one line";
                    const steer::polygon<V> shape(points);
                    for (const V& p : shape.points()) steer::fuzz::trace("  corner %.17g %.17g", double(p.x), double(p.y));
                    steer::fuzz::trace("  bounds %.17g %.17g radius %.17g", double(shape.bounds().center.x),
                                       double(shape.bounds().center.y), double(shape.bounds().radius));
                    query(in, shape, center, std::max(radius, S(1)), true);
                }
                break;
            }
        }
    } catch (const std::invalid_argument& e) {
        steer::fuzz::trace("refused: %s", e.what());  // the shape's documented refusal: nothing to query
        const std::string message = e.what();
        if (!expected_cause.empty()) STEER_FUZZ_CHECK(message.rfind(expected_cause, 0) == 0);
        if (polygon_causes == "at least 3 distinct points")
            STEER_FUZZ_CHECK(message.find("at least 3 distinct points") != std::string::npos);
        else if (polygon_causes == "all on one line")
            STEER_FUZZ_CHECK(message.find("all on one line") != std::string::npos);
        else if (polygon_causes == "not all on one line")  // a crossing, or (rounding) no area at all
            STEER_FUZZ_CHECK(message.find("all on one line") == std::string::npos &&
                             message.find("distinct points") == std::string::npos);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    steer::fuzz::with_picked_vector(in, [&]<class V>() { run<V>(in); });
    return 0;
}
