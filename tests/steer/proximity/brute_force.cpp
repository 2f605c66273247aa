#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include <steer/proximity/brute_force.hpp>
#include <steer/random.hpp>

#include "proximity_test_util.hpp"
#include "test_util.hpp"

using steer::test::difference;
using steer::test::make;
using steer::test::mentions;
using steer::test::query;
using steer::test::refusal_of;

TEST_CASE_TEMPLATE("brute force reports exactly the entries of a plain list within the radius", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::rng gen(7);
    const steer::box<V> region{make<V>(-10, -20, -5), make<V>(30, 20, 15)};
    const steer::cell_t<V> divisions(4);
    steer::brute_force<V, int> brute;
    // The model: every id's position and handle, and whether it is still stored.
    std::vector<V> positions;
    std::vector<typename steer::brute_force<V, int>::handle> handles;
    std::vector<bool> stored;
    const auto add = [&] {
        const V p = steer::test::cloud_point(gen, region, divisions);
        handles.push_back(brute.insert(static_cast<int>(positions.size()), p));
        positions.push_back(p);
        stored.push_back(true);
    };
    for (int k = 0; k < 2000; ++k) add();

    for (int round = 0; round < 4; ++round) {
        for (std::size_t id = 0; id < positions.size(); ++id) {
            if (!stored[id]) continue;
            if (gen() % 10 == 0) {
                brute.erase(handles[id]);
                stored[id] = false;
            } else if (gen() % 3 == 0) {
                positions[id] = steer::test::cloud_point(gen, region, divisions);
                brute.move(handles[id], positions[id]);
            }
        }
        for (int k = 0; k < 150; ++k) add();
        std::size_t live = 0;
        for (bool s : stored) live += s ? 1 : 0;
        CHECK(brute.size() == live);

        std::string failure;
        for (int q = 0; q < 100; ++q) {
            const V center = steer::test::query_center(gen, region);
            const S radius = q % 5 == 0 ? S(0) : steer::uniform(gen, S(0), S(15));
            std::vector<std::pair<int, S>> want;
            std::optional<int> closest;
            for (std::size_t id = 0; id < positions.size(); ++id) {
                if (!stored[id]) continue;
                const S d2 = steer::distance_squared(positions[id], center);
                if (d2 > radius * radius) continue;
                want.emplace_back(static_cast<int>(id), d2);
                if (!closest || d2 < steer::distance_squared(positions[static_cast<std::size_t>(*closest)], center))
                    closest = static_cast<int>(id);
            }
            const std::string diff = difference(query(brute, center, radius), want);
            if (failure.empty() && !diff.empty()) failure = "query " + std::to_string(q) + ": " + diff;
            const auto nearest = brute.nearest(center, radius);
            if (failure.empty() && nearest.has_value() != closest.has_value()) failure = "nearest presence";
            if (failure.empty() && nearest &&
                steer::distance_squared(positions[static_cast<std::size_t>(*nearest)], center) !=
                    steer::distance_squared(positions[static_cast<std::size_t>(*closest)], center))
                failure = "nearest is not the closest";
        }
        CHECK(failure == "");
    }
}

TEST_CASE_TEMPLATE("brute force keeps handles valid across erasures and refuses stale ones", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::brute_force<V, int> brute;
    std::vector<typename steer::brute_force<V, int>::handle> handles;
    for (int k = 0; k < 6; ++k) handles.push_back(brute.insert(k, V(S(k))));
    brute.erase(handles[0]);  // the last entry fills its place
    brute.erase(handles[3]);
    for (int k : {1, 2, 4, 5}) {
        CHECK(brute.payload(handles[static_cast<std::size_t>(k)]) == k);
        CHECK(brute.position(handles[static_cast<std::size_t>(k)]) == V(S(k)));
    }
    brute.move(handles[5], V(S(50)));
    CHECK(brute.nearest(V(S(49)), S(2)) == std::optional<int>(5));
    const auto reused = brute.insert(30, V(S(3)));
    CHECK(brute.contains(reused));
    CHECK_FALSE(brute.contains(handles[3]));
    CHECK(mentions(refusal_of([&] { brute.move(handles[3], V(S(0))); }), "steer::brute_force::move: handle"));
    CHECK(mentions(refusal_of([&] { brute.erase(typename steer::brute_force<V, int>::handle{}); }), "handle"));
    CHECK(brute.size() == 5);
    brute.clear();
    CHECK(brute.empty());
    CHECK(query(brute, V(S(0)), S(1e3)).empty());
    CHECK(mentions(refusal_of([&] { brute.erase(reused); }), "erased or cleared"));
}

TEST_CASE_TEMPLATE("brute force refuses non-finite positions and bad query spheres", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S nan = std::numeric_limits<S>::quiet_NaN();
    steer::brute_force<V, int> brute;
    CHECK(mentions(refusal_of([&] { (void)brute.insert(1, V(nan)); }), "steer::brute_force::insert: position"));
    CHECK(brute.size() == 0);
    const auto h = brute.insert(1, V(S(1)));
    CHECK(mentions(refusal_of([&] { brute.move(h, V(std::numeric_limits<S>::infinity())); }), "position"));
    CHECK(brute.position(h) == V(S(1)));
    CHECK(mentions(refusal_of([&] { brute.for_each_within(V(S(0)), S(-1), [](const int&, S) {}); }), "radius"));
    CHECK(mentions(refusal_of([&] { (void)brute.nearest(V(nan), S(1)); }), "center"));
}

TEST_CASE_TEMPLATE("brute force moves every entry in place, and try_move_in_place says so", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::brute_force<V, int> brute;
    const auto a = brute.insert(1, make<V>(0, 0, 0));
    REQUIRE(brute.try_move_in_place(a, make<V>(100, -50, 3)));
    CHECK(brute.position(a) == make<V>(100, -50, 3));
    CHECK(query(brute, make<V>(100, -50, 3), S(0)) == std::vector<std::pair<int, S>>{{1, S(0)}});
    CHECK(mentions(refusal_of([&] { (void)brute.try_move_in_place(a, make<V>(0, std::nan(""), 0)); }),
                   "steer::brute_force::try_move_in_place: position must be finite"));
}
