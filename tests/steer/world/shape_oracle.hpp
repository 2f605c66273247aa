#ifndef STEER_TESTS_WORLD_SHAPE_ORACLE_HPP
#define STEER_TESTS_WORLD_SHAPE_ORACLE_HPP

// Brute-force geometry the obstacle shapes are held to: distances by dense sampling of the
// surface, inside tests by winding angle, first contacts by marching the sweep.

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include <doctest/doctest.h>

#include <steer/math.hpp>
#include <steer/random.hpp>
#include <steer/world/sweep.hpp>

#include "test_util.hpp"

namespace steer::test {

/// Absolute tolerance for geometry on shapes about 10 units across.
template <vector V>
double geometry_tolerance() {
    return std::is_same_v<scalar_t<V>, float> ? 4e-3 : 1e-7;
}

/// The smallest distance from `p` to any of `samples`.
template <vector V>
double sampled_distance(const std::vector<V>& samples, const V& p) {
    double best = std::numeric_limits<double>::infinity();
    for (const V& s : samples) best = std::min(best, static_cast<double>(glm::distance(s, p)));
    return best;
}

/// Points spaced at most `step` apart along the segment from a to b (both ends included).
template <vector V>
void sample_segment(std::vector<V>& out, const V& a, const V& b, double step) {
    const int n = std::max(1, static_cast<int>(std::ceil(static_cast<double>(glm::distance(a, b)) / step)));
    for (int i = 0; i <= n; ++i) out.push_back(a + (b - a) * static_cast<scalar_t<V>>(double(i) / n));
}

/// Points spaced at most `step` apart over the surface of the box [-half, half], mapped by `to_world`.
template <vector V, class F>
std::vector<V> sample_box_surface(const V& half, double step, F to_world) {
    using S = scalar_t<V>;
    std::vector<V> out;
    constexpr int d = dimension_v<V>;
    for (int axis = 0; axis < d; ++axis) {
        for (const S sign : {S(-1), S(1)}) {
            if constexpr (d == 2) {
                const int other = 1 - axis;
                V a, b;
                a[axis] = b[axis] = sign * half[axis];
                a[other] = -half[other];
                b[other] = half[other];
                std::vector<V> local;
                sample_segment(local, a, b, step);
                for (const V& p : local) out.push_back(to_world(p));
            } else {
                const int u = (axis + 1) % 3, w = (axis + 2) % 3;
                const int nu = std::max(1, static_cast<int>(std::ceil(2 * double(half[u]) / step)));
                const int nw = std::max(1, static_cast<int>(std::ceil(2 * double(half[w]) / step)));
                for (int i = 0; i <= nu; ++i)
                    for (int j = 0; j <= nw; ++j) {
                        V p;
                        p[axis] = sign * half[axis];
                        p[u] = -half[u] + S(2) * half[u] * static_cast<S>(double(i) / nu);
                        p[w] = -half[w] + S(2) * half[w] * static_cast<S>(double(j) / nw);
                        out.push_back(to_world(p));
                    }
            }
        }
    }
    return out;
}

/// Whether `p` is inside the closed 2D polyline `corners`, by the winding angle (an oracle
/// independent of the crossing test the library uses).
template <vector V>
bool inside_by_winding(const std::vector<V>& corners, const V& p) {
    double total = 0;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const V a = corners[i] - p;
        const V b = corners[(i + 1) % corners.size()] - p;
        total += std::atan2(double(a.x) * double(b.y) - double(a.y) * double(b.x), double(a.x) * double(b.x) + double(a.y) * double(b.y));
    }
    return std::abs(total) > std::numbers::pi;
}

/// Holds `signed_distance` and `nearest_point` of a shape to the sampled surface and an
/// inside oracle, at `p`. The surface samples are at most `step` apart.
template <class Shape, vector V, class Inside>
void check_distance_queries(const Shape& shape, const std::vector<V>& surface, double step, const V& p, Inside inside) {
    const double tol = geometry_tolerance<V>();
    const double sd = static_cast<double>(signed_distance(shape, p));
    const double sampled = sampled_distance(surface, p);
    CAPTURE(p);
    CHECK(std::abs(sd) <= sampled + tol);               // no sample is nearer than the answer
    CHECK(std::abs(sd) >= sampled - step - tol);         // and the answer is not nearer than the surface
    if (std::abs(sd) > tol) CHECK((sd < 0) == inside(p));
    const V q = nearest_point(shape, p);
    CHECK(std::abs(static_cast<double>(signed_distance(shape, q))) <= tol);           // on the surface
    CHECK(std::abs(static_cast<double>(glm::distance(p, q)) - std::abs(sd)) <= tol);  // the nearest one
}

/// Holds `first_contact(shape, w)` to a march along the sweep with the shape's (separately
/// checked) signed distance: no sample before the contact is within the radius, the body
/// touches at the contact, the point lies on the surface, and the normal points from it to
/// the ball's center. Without a contact, no sample comes within the radius.
template <class Shape, vector V>
void check_first_contact(const Shape& shape, const sweep<V>& w, int samples = 200) {
    using S = scalar_t<V>;
    const double tol = geometry_tolerance<V>();
    const double r = static_cast<double>(w.radius);
    const auto hit = first_contact(shape, w);
    const auto body_gap = [&](double t) {
        return static_cast<double>(signed_distance(shape, w.origin + w.direction * static_cast<S>(t))) - r;
    };
    CAPTURE(w.origin);
    CAPTURE(w.direction);
    CAPTURE(w.length);
    CAPTURE(w.radius);
    if (!hit) {
        for (int k = 0; k <= samples; ++k) CHECK(body_gap(double(w.length) * k / samples) >= -tol);
        return;
    }
    const double t = static_cast<double>(hit->distance);
    CAPTURE(t);
    CHECK(t >= 0);
    CHECK(t <= double(w.length) + tol);
    if (t > 0)
        for (int k = 0; k < samples; ++k) CHECK(body_gap(t * k / samples) >= -tol);
    CHECK(body_gap(t) <= tol);
    CHECK(std::abs(static_cast<double>(glm::length(hit->normal)) - 1) <= tol);
    CHECK(std::abs(static_cast<double>(signed_distance(shape, hit->point))) <= tol);
    const V center = w.origin + w.direction * hit->distance;
    if (t > 0 && r > 10 * tol) CHECK(near(center - hit->point, hit->normal * w.radius, 10 * tol));
}

/// A random sweep starting within `spread` of `around`, aimed near it, of random length and
/// radius (a ray one time in five).
template <vector V>
sweep<V> random_sweep(rng& gen, const V& around, scalar_t<V> spread) {
    using S = scalar_t<V>;
    const V origin = around + random_vector_in_unit_ball<V>(gen) * spread;
    const V aim = around + random_vector_in_unit_ball<V>(gen) * (spread / S(3));
    V direction = safe_normalize(aim - origin);
    if (direction == V(S(0))) direction = safe_normalize(random_vector_in_unit_ball<V>(gen) + V(S(0.01)));
    const S radius = uniform<S>(gen, S(0), S(5)) < S(1) ? S(0) : uniform<S>(gen, S(0), S(1.5));
    return {.origin = origin, .direction = direction, .length = uniform<S>(gen, S(0), S(2) * spread), .radius = radius};
}

}  // namespace steer::test

#endif  // STEER_TESTS_WORLD_SHAPE_ORACLE_HPP
