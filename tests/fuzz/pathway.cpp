// Pathway fuzzer: random polylines (repeated and collinear points, tiny and huge coordinates,
// one radius or one per point, open or cyclic), queried at random points. Aborts unless
// every answer is consistent, and finite within the promise (beyond it, fuzz_input.hpp's
// wide inputs, only the exact comparisons are checked):
//   - nearest (the box hierarchy) gives exactly what nearest_by_scan gives, ties included;
//   - the projection's point lies on the spine where point_at_distance(distance) says,
//     its tangent is a unit vector, its distance lies in [0, length()] ([0, length()) cyclic),
//     and outside + radius is the distance from the query to that point;
//   - point_at_distance, tangent_at_distance and radius_at_distance are finite for any
//     finite distance, wrapped or clamped;
//   - nearest_inside gives a point contains() accepts (up to rounding).
// The constructor refuses (STEER_EXPECTS, std::invalid_argument) a polyline with fewer than
// 2 distinct points, two consecutive points whose difference overflows, and a length that
// overflows: the harness finds which of these the points have, in the constructor's order,
// and checks that a refusal happens exactly then, naming that cause.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <steer/world/pathway.hpp>

#include "fuzz_input.hpp"

namespace {

using steer::fuzz::input;

template <class S>
bool close(S a, S b, S tolerance) {
    return std::abs(a - b) <= tolerance;
}

template <steer::vector V>
bool same(const V& a, const V& b) {
    return std::memcmp(&a, &b, sizeof(V)) == 0;
}

/// The same bits (NaN included: beyond the promise, a path's length may overflow).
template <class S>
bool same_scalar(S a, S b) {
    return std::memcmp(&a, &b, sizeof(S)) == 0;
}

template <steer::vector V>
void run(input& in) {
    using S = steer::scalar_t<V>;
    constexpr int dim = steer::dimension_v<V>;
    constexpr S eps = std::numeric_limits<S>::epsilon();

    // Points: from the fuzz input (repeats, reversals, huge, denormal) or on a small integer
    // grid, which makes repeated, collinear and crossing segments common.
    const unsigned count = 1 + (in.flag() ? in.pick(6) : in.pick(40));
    const bool grid = in.flag();
    std::vector<V> points;
    for (unsigned i = 0; i < count; ++i) {
        if (grid) {
            V p;
            for (int k = 0; k < dim; ++k) p[k] = static_cast<S>(static_cast<int>(in.pick(5)) - 2);
            points.push_back(p);
        } else {
            points.push_back(in.vec<V>());
        }
    }
    const bool cyclic = in.flag();
    const bool per_point = in.flag();
    std::vector<S> radii;
    for (unsigned i = 0; i < count; ++i) radii.push_back(per_point ? in.non_negative<S>() : S(0));
    const S radius = in.flag() ? in.in_range<S>(S(0), S(2)) : in.non_negative<S>();

    // The constructor's rule for "distinct": the offset normalizes to a unit vector; an offset
    // that overflows is refused. The cause a refusal must name ("" for none), first found first.
    std::vector<V> distinct;
    std::string cause;
    for (const V& p : points) {
        if (!cause.empty()) break;
        if (distinct.empty()) {
            distinct.push_back(p);
        } else if (!steer::is_finite(p - distinct.back())) {
            cause = "must be less than the largest finite number apart";
        } else if (steer::safe_normalize(p - distinct.back()) != V(S(0))) {
            distinct.push_back(p);
        }
    }
    if (cyclic)
        while (cause.empty() && distinct.size() > 1) {
            if (!steer::is_finite(distinct.front() - distinct.back())) cause = "must be less than the largest finite number apart";
            else if (steer::safe_normalize(distinct.front() - distinct.back()) == V(S(0))) distinct.pop_back();
            else break;
        }
    if (cause.empty() && distinct.size() < 2) cause = "points must hold at least 2 distinct points";
    if (cause.empty()) {
        S sum = 0;  // the length, summed as the constructor sums it
        for (std::size_t i = 0; i + 1 < distinct.size() + (cyclic ? 1 : 0); ++i)
            sum += steer::safe_length(distinct[(i + 1) % distinct.size()] - distinct[i]);
        if (!std::isfinite(sum)) cause = "length (the sum of the segments' lengths) must be finite";
    }

    std::optional<steer::pathway<V>> built;
    try {
        if (per_point) built.emplace(points, radii, cyclic);
        else built.emplace(points, radius, cyclic);
    } catch (const std::invalid_argument& e) {
        STEER_FUZZ_CHECK(!cause.empty() && std::string(e.what()).find(cause) != std::string::npos);
        return;
    }
    STEER_FUZZ_CHECK(cause.empty());
    const steer::pathway<V>& path = *built;

    const auto kept = path.points();
    STEER_FUZZ_CHECK(kept.size() == distinct.size());
    for (std::size_t i = 0; i < kept.size(); ++i) STEER_FUZZ_CHECK(same(kept[i], distinct[i]));
    STEER_FUZZ_CHECK(path.segment_count() == (cyclic ? kept.size() : kept.size() - 1));
    STEER_FUZZ_CHECK(path.cyclic() == cyclic);

    // Length: finite (an overflowing one is refused), positive, the sum of the segment lengths.
    const S length = path.length();
    STEER_FUZZ_CHECK(std::isfinite(length) && length > S(0));
    S scale = 0;  // the largest coordinate: rounding errors are relative to it
    for (const V& p : kept) scale = std::max(scale, steer::max_abs_component(p));
    S sum = 0;
    for (std::size_t i = 0; i < path.segment_count(); ++i)
        sum += steer::safe_length(kept[(i + 1) % kept.size()] - kept[i]);
    STEER_FUZZ_PROMISED(close(sum, length, S(64) * eps * length));
    // Squared distances underflow below sqrt(min) (about 1e-19 in float, 1.5e-154 in double):
    // nearer than that, every point is at distance zero and the lowest segment wins a tie.
    // That absolute floor is the documented resolution of every distance comparison.
    const S floor = S(4) * std::sqrt(std::numeric_limits<S>::min());
    const S tolerance = S(64) * eps * (length + scale) + floor;
    const S radius_max = path.radius();
    STEER_FUZZ_CHECK(std::isfinite(radius_max) && radius_max >= S(0));

    for (int q = 0; q < 16 && !in.empty(); ++q) {
        V p;
        switch (in.pick(5)) {
            case 0: p = kept[in.pick(static_cast<unsigned>(kept.size()))]; break;
            case 1: p = path.point_at_distance(in.in_range<S>(S(-0.5), S(1.5)) * length); break;
            case 2: p = path.point_at_distance(in.in_range<S>(S(0), S(1)) * length) + in.vec<V>(); break;
            default: p = in.vec<V>(); break;
        }
        if (!steer::is_finite(p)) continue;

        const auto near = path.nearest(p);
        const auto scan = path.nearest_by_scan(p);
        STEER_FUZZ_CHECK(same(near.point, scan.point));
        STEER_FUZZ_CHECK(same(near.tangent, scan.tangent));
        STEER_FUZZ_CHECK(near.segment == scan.segment);
        STEER_FUZZ_CHECK(same_scalar(near.distance, scan.distance) && same_scalar(near.outside, scan.outside) &&
                         same_scalar(near.radius, scan.radius));

        STEER_FUZZ_PROMISED(steer::is_finite(near.point) && steer::is_finite(near.tangent));
        STEER_FUZZ_PROMISED(std::isfinite(near.outside) && std::isfinite(near.distance) && std::isfinite(near.radius));
        STEER_FUZZ_PROMISED(close(static_cast<double>(glm::length(near.tangent)), 1.0, 1e-5));
        STEER_FUZZ_PROMISED(near.distance >= S(0) && (cyclic ? near.distance < length : near.distance <= length));
        STEER_FUZZ_CHECK(near.segment < path.segment_count());
        STEER_FUZZ_PROMISED(near.radius >= S(0) && near.radius <= radius_max * (S(1) + S(4) * eps));

        // outside + radius is the distance from the query to the projected point.
        const S gap = steer::safe_length(p - near.point);
        STEER_FUZZ_PROMISED(close(near.outside + near.radius, gap, S(16) * eps * (gap + near.radius) + floor));

        // The projected point is where the path distance says it is.
        STEER_FUZZ_PROMISED(path.distance_along(p) == near.distance);
        const V again = path.point_at_distance(near.distance);
        STEER_FUZZ_PROMISED(steer::is_finite(again));
        STEER_FUZZ_PROMISED(steer::max_abs_component(again - near.point) <= tolerance);

        // No spine point is nearer than the projection: check the corners. Squared distances
        // only tell apart spine points whose distances differ by more than rounding (a few
        // eps times the distance itself): from far away, every point of a small path ties.
        const S resolution = tolerance + S(64) * eps * gap;
        for (const V& corner : kept) STEER_FUZZ_PROMISED(steer::safe_length(p - corner) >= gap - resolution);

        // The tube: nearest_inside lands inside (up to rounding) and is p itself when p is inside.
        const V inside = steer::nearest_inside(path, p);
        STEER_FUZZ_PROMISED(steer::is_finite(inside));
        if (steer::contains(path, p)) {
            STEER_FUZZ_CHECK(same(inside, p));
        } else if (!per_point) {
            // With per-point radii the tube is ambiguous where two segments overlap (a path
            // that doubles back on itself) with different radii: a rounding step decides which
            // segment, and so which radius, a point belongs to. With one radius it is not.
            STEER_FUZZ_PROMISED(path.nearest(inside).outside <= resolution + S(16) * eps * radius_max);
        }

        // Any finite path distance, far outside [0, length] too, gives finite answers.
        const S d = in.flag() ? in.scalar<S>() : in.in_range<S>(S(-2), S(3)) * length;
        const V at = path.point_at_distance(d);
        STEER_FUZZ_PROMISED(steer::is_finite(at));
        STEER_FUZZ_PROMISED(close(static_cast<double>(glm::length(path.tangent_at_distance(d))), 1.0, 1e-5));
        const S r = path.radius_at_distance(d);
        STEER_FUZZ_PROMISED(std::isfinite(r) && r >= S(0) && r <= radius_max * (S(1) + S(4) * eps));
        if (!cyclic) {
            if (d <= S(0)) STEER_FUZZ_CHECK(at == kept.front());  // values: a -0 may come back as +0
            if (d >= length) STEER_FUZZ_CHECK(at == kept.back());
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    steer::fuzz::with_picked_vector(in, [&]<class V>() { run<V>(in); });
    return 0;
}
