#ifndef STEER_TESTS_PROXIMITY_TEST_UTIL_HPP
#define STEER_TESTS_PROXIMITY_TEST_UTIL_HPP

// Helpers for the proximity tests: clouds of entries inside, on the border of and outside
// a region, and comparison of query results between two databases.

#include <algorithm>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <steer/math.hpp>
#include <steer/random.hpp>
#include <steer/world/box.hpp>

#include "test_util.hpp"

namespace steer::test {


/// Whether `text` contains `part`.
inline bool mentions(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// A point drawn from a mix of places relative to `region`: mostly inside, some exactly on
/// its faces or on inner bin boundaries, some just outside, some far away.
template <steer::vector V>
V cloud_point(steer::rng& gen, const steer::box<V>& region, const steer::cell_t<V>& divisions) {
    using S = steer::scalar_t<V>;
    constexpr int dim = steer::dimension_v<V>;
    V p{};
    for (int i = 0; i < dim; ++i) p[i] = steer::uniform(gen, region.min[i], region.max[i]);
    const S kind = steer::uniform01<S>(gen);
    const int axis = static_cast<int>(gen() % dim);
    if (kind < S(0.55)) return p;                                     // inside
    if (kind < S(0.70)) {                                             // exactly on a face
        p[axis] = (gen() & 1) ? region.min[axis] : region.max[axis];
        return p;
    }
    if (kind < S(0.80)) {                                             // on an inner bin boundary
        const int k = static_cast<int>(gen() % static_cast<unsigned>(divisions[axis] + 1));
        p[axis] = region.min[axis] +
                  (region.max[axis] - region.min[axis]) * static_cast<S>(k) / static_cast<S>(divisions[axis]);
        return p;
    }
    if (kind < S(0.90)) {                                             // just outside a face
        const S extent = region.max[axis] - region.min[axis];
        const S gap = steer::uniform(gen, S(0), S(0.2) * extent + S(1));
        p[axis] = (gen() & 1) ? region.min[axis] - gap : region.max[axis] + gap;
        return p;
    }
    for (int i = 0; i < dim; ++i) p[i] = steer::uniform(gen, S(-1e4), S(1e4));  // far outside
    return p;
}

/// A query center near the region: inside, around it, or now and then far away.
template <steer::vector V>
V query_center(steer::rng& gen, const steer::box<V>& region) {
    using S = steer::scalar_t<V>;
    V c{};
    const bool far = steer::uniform01<S>(gen) < S(0.05);
    for (int i = 0; i < steer::dimension_v<V>; ++i) {
        const S margin = S(0.3) * (region.max[i] - region.min[i]) + S(1);
        c[i] = far ? steer::uniform(gen, S(-1e4), S(1e4))
                   : steer::uniform(gen, region.min[i] - margin, region.max[i] + margin);
    }
    return c;
}

/// Every (payload, distance_squared) a query reports, sorted by payload.
template <class D, steer::vector V>
std::vector<std::pair<int, steer::scalar_t<V>>> query(const D& database, const V& center,
                                                      steer::scalar_t<V> radius) {
    std::vector<std::pair<int, steer::scalar_t<V>>> found;
    database.for_each_within(center, radius,
                             [&](const int& id, steer::scalar_t<V> d2) { found.emplace_back(id, d2); });
    std::sort(found.begin(), found.end());
    return found;
}

/// "" when both lists are equal, else a description of the first difference.
template <class S>
std::string difference(const std::vector<std::pair<int, S>>& got, const std::vector<std::pair<int, S>>& want) {
    if (got == want) return "";
    std::string text = "got " + std::to_string(got.size()) + " entries, expected " + std::to_string(want.size());
    for (std::size_t k = 0; k < std::min(got.size(), want.size()); ++k) {
        if (got[k] != want[k]) {
            text += "; first difference at " + std::to_string(k) + ": id " + std::to_string(got[k].first) + " d2 " +
                    std::to_string(static_cast<double>(got[k].second)) + " vs id " + std::to_string(want[k].first) +
                    " d2 " + std::to_string(static_cast<double>(want[k].second));
            return text;
        }
    }
    return text;
}

}  // namespace steer::test

#endif  // STEER_TESTS_PROXIMITY_TEST_UTIL_HPP
