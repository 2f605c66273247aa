#include <vector>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/pathway.hpp>
#include <steer/world/region.hpp>

#include "test_util.hpp"

using steer::test::make;

namespace {

// The two promises of a region, checked at random points in and around it: nearest_inside
// returns a point that is contained, and returns an inside point unchanged.
template <class V, class Region>
void check_region_contract(const Region& r, const V& middle, steer::scalar_t<V> spread, std::uint64_t seed) {
    using S = steer::scalar_t<V>;
    static_assert(steer::region<Region, V>);
    steer::rng gen(seed);
    int inside = 0;
    for (int i = 0; i < 500; ++i) {
        const V p = middle + steer::random_vector_in_unit_ball<V>(gen) * spread;
        const V q = nearest_inside(r, p);
        CAPTURE(p);
        CHECK(steer::is_finite(q));
        if (contains(r, p)) {
            ++inside;
            CHECK(q == p);
        } else {
            // On the boundary, up to rounding: a hair further in is inside.
            const V hair = q + (q - p) * S(1e-3);
            CHECK((contains(r, q) || contains(r, hair)));
        }
    }
    CHECK(inside > 0);
    CHECK(inside < 500);
}

}  // namespace

TEST_CASE_TEMPLATE("sphere, box and pathway keep the region promises", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    check_region_contract(steer::sphere<V>{make<V>(1, 2, 3), S(4)}, make<V>(1, 2, 3), S(8), 1);
    check_region_contract(steer::box<V>{make<V>(-3, 0, 1), make<V>(2, 6, 4)}, make<V>(0, 3, 2), S(8), 2);
    const steer::pathway<V> corridor({make<V>(0, 0, 0), make<V>(10, 0, 0), make<V>(10, 10, 5)}, S(2));
    check_region_contract(corridor, make<V>(7, 3, 1), S(9), 3);
}

static_assert(!steer::region<int, glm::vec2>);
static_assert(!steer::region<std::vector<glm::vec2>, glm::vec2>);
