#include <cmath>
#include <cstdint>
#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/proximity/bin_lattice.hpp>
#include <steer/proximity/brute_force.hpp>
#include <steer/random.hpp>

#include "proximity_test_util.hpp"
#include "test_util.hpp"

using steer::test::difference;
using steer::test::make;
using steer::test::mentions;
using steer::test::query;
using steer::test::refusal_of;

namespace {

template <steer::vector V>
steer::cell_t<V> make_cell(int x, int y, int z) {
    if constexpr (steer::dimension_v<V> == 2) {
        (void)z;
        return steer::cell_t<V>(x, y);
    } else {
        return steer::cell_t<V>(x, y, z);
    }
}

// Runs rounds of inserts, moves and erases on a lattice and on brute force side by side,
// and after each round compares every kind of query between them. Returns the first
// disagreement found ("" when there is none).
template <steer::vector V>
std::string compare_with_brute_force(const steer::box<V>& region, const steer::cell_t<V>& divisions,
                                     std::uint64_t seed, int count, steer::scalar_t<V> max_radius) {
    using S = steer::scalar_t<V>;
    steer::rng gen(seed);
    steer::bin_lattice<V, int> lattice(region, divisions);
    steer::brute_force<V, int> brute;

    struct record {
        typename steer::bin_lattice<V, int>::handle in_lattice;
        typename steer::brute_force<V, int>::handle in_brute;
        V position;
        bool alive = false;
    };
    std::vector<record> records;
    std::vector<int> alive;  // ids of live entries
    const auto add = [&](const V& p) {
        const int id = static_cast<int>(records.size());
        records.push_back({lattice.insert(id, p), brute.insert(id, p), p, true});
        alive.push_back(id);
    };
    const auto any_alive = [&] { return alive[static_cast<std::size_t>(gen() % alive.size())]; };

    for (int k = 0; k < count; ++k) {
        if (k > 0 && gen() % 20 == 0)
            add(records[static_cast<std::size_t>(any_alive())].position);  // coincident entries
        else
            add(steer::test::cloud_point(gen, region, divisions));
    }

    std::string failure;
    const auto note = [&](const std::string& what) {
        if (failure.empty()) failure = what;
    };
    const auto check_queries = [&](int round) {
        if (lattice.size() != alive.size() || brute.size() != alive.size())
            note("round " + std::to_string(round) + ": sizes " + std::to_string(lattice.size()) + " and " +
                 std::to_string(brute.size()) + ", expected " + std::to_string(alive.size()));
        for (int q = 0; q < steer::test::rounds(120); ++q) {  // (30, three of each kind, where the heavy tests are out)
            V center = steer::test::query_center(gen, region);
            S radius = steer::uniform(gen, S(0), max_radius);
            const int kind = q % 10;
            if (kind <= 3) center = records[static_cast<std::size_t>(any_alive())].position;  // at an entry
            if (kind == 1) radius = 0;
            if (kind == 2) {  // exactly reaching another entry: the inclusive edge
                radius = std::sqrt(steer::distance_squared(records[static_cast<std::size_t>(any_alive())].position,
                                                           center));
                if (!std::isfinite(radius)) radius = max_radius;
            }
            if (kind == 4) radius = S(1e5);  // covers every entry, the far ones included
            const auto got = query(lattice, center, radius);
            const auto want = query(brute, center, radius);
            const std::string diff = difference(got, want);
            if (!diff.empty())
                note("round " + std::to_string(round) + " query " + std::to_string(q) + " at " +
                     doctest::toString(center).c_str() + " radius " + std::to_string(static_cast<double>(radius)) +
                     ": " + diff);
            if (kind == 4 && want.size() != alive.size()) note("a radius of 1e5 missed entries");
            if (kind == 1 && want.empty()) note("radius 0 at an entry found nothing");

            const std::optional<int> near_lattice = lattice.nearest(center, radius);
            const std::optional<int> near_brute = brute.nearest(center, radius);
            if (near_lattice.has_value() != near_brute.has_value() || near_lattice.has_value() != !want.empty()) {
                note("round " + std::to_string(round) + " query " + std::to_string(q) + ": nearest disagrees on presence");
            } else if (near_lattice) {
                S least = want.front().second;
                for (const auto& [id, d2] : want) least = std::min(least, d2);
                const S d_lattice = steer::distance_squared(records[static_cast<std::size_t>(*near_lattice)].position, center);
                const S d_brute = steer::distance_squared(records[static_cast<std::size_t>(*near_brute)].position, center);
                if (d_lattice != least || d_brute != least)
                    note("round " + std::to_string(round) + " query " + std::to_string(q) +
                         ": nearest is not the closest entry");
            }
        }
    };

    check_queries(0);
    for (int round = 1; round <= steer::test::rounds(6); ++round) {
        // Moves: small steps (often within a bin), jumps anywhere (in, on, out), and no-ops.
        for (int k = 0; k < count / 3; ++k) {
            const int id = any_alive();
            record& r = records[static_cast<std::size_t>(id)];
            V p = r.position;
            const int kind = k % 4;
            if (kind == 0 || kind == 1) {
                for (int i = 0; i < steer::dimension_v<V>; ++i) p[i] += steer::uniform(gen, S(-0.5), S(0.5));
            } else if (kind == 2) {
                p = steer::test::cloud_point(gen, region, divisions);
            }
            // Half the moves try the in-place path first (it declines when the bin changes).
            if (k % 2 == 1 || !lattice.try_move_in_place(r.in_lattice, p)) lattice.move(r.in_lattice, p);
            brute.move(r.in_brute, p);
            r.position = p;
        }
        // Erases: the handles of everything else must keep working.
        for (int k = 0; k < count / 10 && alive.size() > 1; ++k) {
            const std::size_t slot = static_cast<std::size_t>(gen() % alive.size());
            record& r = records[static_cast<std::size_t>(alive[slot])];
            lattice.erase(r.in_lattice);
            brute.erase(r.in_brute);
            r.alive = false;
            alive[slot] = alive.back();
            alive.pop_back();
        }
        // Inserts reuse the freed slots.
        for (int k = 0; k < count / 10; ++k) add(steer::test::cloud_point(gen, region, divisions));
        // Stored positions match what each handle was last given.
        for (const int id : alive) {
            const record& r = records[static_cast<std::size_t>(id)];
            if (!steer::test::same_bits(lattice.position(r.in_lattice), r.position) ||
                lattice.payload(r.in_lattice) != id || brute.payload(r.in_brute) != id)
                note("round " + std::to_string(round) + ": a handle lost its entry");
        }
        check_queries(round);
    }
    return failure;
}

}  // namespace

TEST_CASE_TEMPLATE("every lattice query returns exactly the entries and squared distances brute force returns",
                   V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const steer::box<V> region{make<V>(-10, -20, -5), make<V>(30, 20, 15)};
    SUBCASE("a lattice with bins about a query radius wide") {
        CHECK(compare_with_brute_force<V>(region, make_cell<V>(8, 5, 4), 1, 3000, S(12)) == "");
    }
    SUBCASE("a single bin") {
        CHECK(compare_with_brute_force<V>(region, make_cell<V>(1, 1, 1), 2, 1000, S(12)) == "");
    }
    SUBCASE("many small bins, queries spanning dozens of them") {
        CHECK(compare_with_brute_force<V>(region, make_cell<V>(41, 37, 23), 3, 3000, S(12)) == "");
    }
    SUBCASE("a region flat along y, where only entries with y = 2 are inside") {
        const steer::box<V> flat{make<V>(-10, 2, -5), make<V>(30, 2, 15)};
        CHECK(compare_with_brute_force<V>(flat, make_cell<V>(8, 3, 4), 4, 2000, S(12)) == "");
    }
    SUBCASE("a region of tiny extent") {
        const steer::box<V> tiny{make<V>(0, 0, 0), make<V>(1e-3, 1e-3, 1e-3)};
        CHECK(compare_with_brute_force<V>(tiny, make_cell<V>(5, 5, 5), 5, 1000, S(1e-3)) == "");
    }
}

TEST_CASE_TEMPLATE("huge but finite coordinates are filed and found like brute force finds them", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    constexpr S big = std::numeric_limits<S>::max();
    steer::rng gen(11);
    const auto check_region = [&](const steer::box<V>& region) {
        steer::bin_lattice<V, int> lattice(region, make_cell<V>(16, 16, 16));
        steer::brute_force<V, int> brute;
        std::vector<V> positions;
        for (int k = 0; k < 500; ++k) {
            V p{};
            const S scale = k % 3 == 0 ? big : (k % 3 == 1 ? S(1e15) : S(10));
            for (int i = 0; i < steer::dimension_v<V>; ++i) p[i] = steer::uniform(gen, S(-1), S(1)) * scale;
            if (k % 17 == 0) p[0] = k % 2 ? big : -big;  // on the edge of the representable range
            positions.push_back(p);
            (void)lattice.insert(k, p);
            (void)brute.insert(k, p);
        }
        int nonempty = 0;
        for (int q = 0; q < 300; ++q) {
            V center = positions[static_cast<std::size_t>(gen() % positions.size())];
            if (q % 2) {
                for (int i = 0; i < steer::dimension_v<V>; ++i) center[i] = steer::uniform(gen, S(-1), S(1)) * big;
            }
            const S radii[] = {S(0), S(1), S(1e15) * steer::uniform01<S>(gen), std::sqrt(big) * S(0.99),
                               std::sqrt(big) * S(1.01), big * steer::uniform01<S>(gen), big};
            const S radius = radii[q % 7];
            const auto got = query(lattice, center, radius);
            const auto want = query(brute, center, radius);
            CHECK(difference(got, want) == "");
            nonempty += want.empty() ? 0 : 1;
            const auto a = lattice.nearest(center, radius);
            const auto b = brute.nearest(center, radius);
            REQUIRE(a.has_value() == b.has_value());
            if (a) {
                CHECK(steer::distance_squared(positions[static_cast<std::size_t>(*a)], center) ==
                      steer::distance_squared(positions[static_cast<std::size_t>(*b)], center));
            }
        }
        CHECK(nonempty > 100);
    };
    SUBCASE("a region spanning the whole representable range") { check_region({V(-big), V(big)}); }
    SUBCASE("a small region, with almost everything outside it") { check_region({V(S(-1)), V(S(1))}); }
    SUBCASE("a region from the lowest to the highest finite value, offset") {
        check_region({V(-big), V(big / S(3))});
    }
}

TEST_CASE_TEMPLATE("the query radius is inclusive and radius 0 finds entries exactly at the center", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::bin_lattice<V, int> lattice({make<V>(-10, -10, -10), make<V>(10, 10, 10)}, make_cell<V>(4, 4, 4));
    (void)lattice.insert(1, make<V>(3, 4, 0));   // exactly 5 from the origin
    (void)lattice.insert(2, make<V>(0, 0, 0));   // at the origin
    (void)lattice.insert(3, make<V>(0, 1e-3, 0));
    CHECK(query(lattice, V(0), S(5)).size() == 3);
    CHECK(query(lattice, V(0), std::nextafter(S(5), S(0))).size() == 2);  // just short of entry 1
    const auto at_origin = query(lattice, V(0), S(0));
    REQUIRE(at_origin.size() == 1);
    CHECK(at_origin.front().first == 2);
    CHECK(at_origin.front().second == S(0));
    CHECK(lattice.nearest(make<V>(3, 4, 0), S(0)) == std::optional<int>(1));
    CHECK(lattice.nearest(make<V>(3, 4.5, 0), S(0)) == std::nullopt);
    CHECK(lattice.nearest(make<V>(3, 4.5, 0), S(0.5)) == std::optional<int>(1));  // again exactly on the edge
}

TEST_CASE_TEMPLATE("entries outside the region are stored and found", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::bin_lattice<V, int> lattice({V(S(0)), V(S(10))}, make_cell<V>(5, 5, 5));
    (void)lattice.insert(1, V(S(-50)));
    (void)lattice.insert(2, V(S(5)));
    auto h = lattice.insert(3, V(S(10)));  // on the max corner: inside
    CHECK(lattice.size() == 3);
    CHECK(lattice.outside_count() == 1);
    CHECK(query(lattice, V(S(-50)), S(1)).size() == 1);
    CHECK(query(lattice, V(S(5)), S(1)).size() == 1);      // the sphere stays inside: entry 1 not tested
    CHECK(query(lattice, V(S(5)), S(100)).size() == 3);
    lattice.move(h, V(S(10.5)));                           // leaves the region
    CHECK(lattice.outside_count() == 2);
    CHECK(query(lattice, V(S(10.5)), S(0)).size() == 1);
    lattice.move(h, V(S(9.5)));                            // and comes back
    CHECK(lattice.outside_count() == 1);
    CHECK(lattice.nearest(V(S(20)), S(100)) == std::optional<int>(3));
}

TEST_CASE_TEMPLATE("handles stay valid when other entries are erased and stale handles are refused", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::bin_lattice<V, int> lattice({V(S(0)), V(S(10))}, make_cell<V>(3, 3, 3));
    std::vector<typename steer::bin_lattice<V, int>::handle> handles;
    for (int k = 0; k < 9; ++k) handles.push_back(lattice.insert(k, V(S(k))));  // several share a bin
    lattice.erase(handles[0]);
    lattice.erase(handles[4]);
    for (int k : {1, 2, 3, 5, 6, 7, 8}) {
        CHECK(lattice.contains(handles[static_cast<std::size_t>(k)]));
        CHECK(lattice.payload(handles[static_cast<std::size_t>(k)]) == k);
        CHECK(lattice.position(handles[static_cast<std::size_t>(k)]) == V(S(k)));
    }
    CHECK(lattice.size() == 7);

    // The freed slot is reused, but the old handle stays refused.
    const auto fresh = lattice.insert(40, V(S(4)));
    CHECK_FALSE(lattice.contains(handles[4]));
    CHECK(mentions(refusal_of([&] { lattice.move(handles[4], V(S(1))); }), "handle"));
    CHECK(mentions(refusal_of([&] { lattice.erase(handles[4]); }), "steer::bin_lattice::erase"));
    CHECK(mentions(refusal_of([&] { (void)lattice.position(handles[0]); }), "handle"));
    CHECK(lattice.payload(fresh) == 40);
    lattice.payload(fresh) = 41;
    CHECK(lattice.nearest(V(S(4)), S(0)) == std::optional<int>(41));

    const typename steer::bin_lattice<V, int>::handle none{};
    CHECK_FALSE(lattice.contains(none));
    CHECK(mentions(refusal_of([&] { lattice.move(none, V(S(1))); }), "handle must name a live entry"));
    CHECK(mentions(refusal_of([&] { lattice.erase(none); }), "handle"));
    CHECK(lattice.size() == 8);  // the refusals changed nothing
}

TEST_CASE_TEMPLATE("size counts entries and clear empties the lattice for reuse", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::bin_lattice<V, int> lattice({V(S(-1)), V(S(1))}, make_cell<V>(2, 2, 2));
    CHECK(lattice.empty());
    const auto a = lattice.insert(1, V(S(0.5)));
    (void)lattice.insert(2, V(S(-0.5)));
    (void)lattice.insert(3, V(S(7)));
    CHECK(lattice.size() == 3);
    lattice.clear();
    CHECK(lattice.size() == 0);
    CHECK(lattice.outside_count() == 0);
    CHECK(query(lattice, V(S(0)), S(100)).empty());
    CHECK(lattice.nearest(V(S(0)), S(100)) == std::nullopt);
    CHECK_FALSE(lattice.contains(a));
    CHECK(mentions(refusal_of([&] { lattice.erase(a); }), "handle"));
    const auto b = lattice.insert(4, V(S(0.5)));
    CHECK(lattice.size() == 1);
    CHECK(lattice.contains(b));
    CHECK_FALSE(lattice.contains(a));  // same slot, new generation
    lattice.clear();
    lattice.clear();
    CHECK(lattice.empty());
}

TEST_CASE_TEMPLATE("clearing a big lattice that holds few entries empties every bin that held one", V, STEER_TEST_VECTORS) {
    // Fewer entries than bins: clear visits only the entries' bins. Spilled bins, the
    // outside bin, moved and erased entries must all come out empty, their payloads released.
    using S = steer::scalar_t<V>;
    using lattice_t = steer::bin_lattice<V, std::shared_ptr<int>>;
    lattice_t lattice({V(S(0)), V(S(64))}, make_cell<V>(64, 64, 1));
    std::vector<std::shared_ptr<int>> owned;
    std::vector<typename lattice_t::handle> handles;
    const auto add = [&](const V& p) {
        owned.push_back(std::make_shared<int>(static_cast<int>(owned.size())));
        handles.push_back(lattice.insert(owned.back(), p));
    };
    for (int k = 0; k < 11; ++k) add(V(S(10.5)));                           // one bin, spilled twice
    for (int k = 0; k < 20; ++k) add(steer::test::make<V>(1 + 3 * k % 60, 2 + 7 * k % 60, 0) + V(S(0.5)));
    for (int k = 0; k < 3; ++k) add(V(S(-5 - k)));                          // outside
    lattice.move(handles[0], V(S(40.5)));
    lattice.move(handles[12], V(S(10.5)));
    lattice.erase(handles[3]);
    lattice.erase(handles[20]);
    REQUIRE(lattice.size() < 64 * 64);
    lattice.clear();
    CHECK(lattice.size() == 0);
    CHECK(lattice.outside_count() == 0);
    for (const auto& p : owned) CHECK(p.use_count() == 1);
    std::size_t found = 0;
    lattice.for_each([&](const auto&, const V&) { ++found; });
    CHECK(found == 0);
    // Refilled, it answers as a fresh lattice filled the same way does.
    lattice_t fresh({V(S(0)), V(S(64))}, make_cell<V>(64, 64, 1));
    for (int k = 0; k < 40; ++k) {
        const V p = V(S(10.5)) + steer::test::make<V>(k % 5, k % 3, 0) * S(0.1);
        (void)lattice.insert(std::make_shared<int>(k), p);
        (void)fresh.insert(std::make_shared<int>(k), p);
    }
    const auto values = [](const lattice_t& l) {
        std::vector<int> v;
        l.for_each_within(V(S(10.5)), S(3), [&](const std::shared_ptr<int>& p, S) { v.push_back(*p); });
        return v;
    };
    CHECK(values(lattice) == values(fresh));
    CHECK(values(lattice).size() == 40);
}

TEST_CASE_TEMPLATE("a lattice refuses bad divisions, regions, positions and query spheres", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    using lattice_t = steer::bin_lattice<V, int>;
    const steer::box<V> region{V(S(0)), V(S(10))};
    const S nan = std::numeric_limits<S>::quiet_NaN();
    const S inf = std::numeric_limits<S>::infinity();

    CHECK(mentions(refusal_of([&] { lattice_t l(region, make_cell<V>(0, 4, 4)); }), "divisions must be >= 1"));
    CHECK(mentions(refusal_of([&] { lattice_t l(region, make_cell<V>(4, -2, 4)); }), "(got (4, -2"));
    if constexpr (steer::dimension_v<V> == 3)
        CHECK(mentions(refusal_of([&] { lattice_t l(region, make_cell<V>(4, 4, 0)); }), "divisions"));
    CHECK(mentions(refusal_of([&] { lattice_t l(region, make_cell<V>(100000, 100000, 1000)); }), "at most"));
    CHECK(mentions(refusal_of([&] { lattice_t l({V(S(1)), V(S(0))}, make_cell<V>(2, 2, 2)); }), "min must be <= max"));
    CHECK(mentions(refusal_of([&] { lattice_t l({V(nan), V(S(1))}, make_cell<V>(2, 2, 2)); }), "min must be finite"));
    CHECK(mentions(refusal_of([&] { lattice_t l({V(S(0)), V(inf)}, make_cell<V>(2, 2, 2)); }), "max must be finite"));

    lattice_t lattice(region, make_cell<V>(2, 2, 2));
    CHECK(mentions(refusal_of([&] { (void)lattice.insert(1, make<V>(1, nan, 1)); }), "position must be finite"));
    CHECK(mentions(refusal_of([&] { (void)lattice.insert(1, make<V>(inf, 1, 1)); }), "steer::bin_lattice::insert"));
    CHECK(lattice.size() == 0);  // a refused insert leaves nothing behind
    const auto h = lattice.insert(1, V(S(1)));
    CHECK(mentions(refusal_of([&] { lattice.move(h, V(nan)); }), "steer::bin_lattice::move: position"));
    CHECK(lattice.position(h) == V(S(1)));  // a refused move leaves the entry where it was
    CHECK(query(lattice, V(S(1)), S(0)).size() == 1);

    const auto visit = [](const int&, S) {};
    CHECK(mentions(refusal_of([&] { lattice.for_each_within(V(S(1)), S(-1), visit); }), "radius must be >= 0"));
    CHECK(mentions(refusal_of([&] { lattice.for_each_within(V(S(1)), nan, visit); }), "radius"));
    CHECK(mentions(refusal_of([&] { lattice.for_each_within(V(S(1)), inf, visit); }), "(got inf)"));
    CHECK(mentions(refusal_of([&] { lattice.for_each_within(V(nan), S(1), visit); }), "center must be finite"));
    CHECK(mentions(refusal_of([&] { (void)lattice.nearest(V(S(1)), S(-2)); }), "steer::bin_lattice::nearest: radius"));
    CHECK(mentions(refusal_of([&] { (void)lattice.nearest(V(inf), S(2)); }), "center"));
}

TEST_CASE_TEMPLATE("nearest with a filter skips rejected entries", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::bin_lattice<V, int> lattice({V(S(0)), V(S(10))}, make_cell<V>(4, 4, 4));
    (void)lattice.insert(1, V(S(5)));
    (void)lattice.insert(2, V(S(6)));
    (void)lattice.insert(3, V(S(9)));
    CHECK(lattice.nearest(V(S(5)), S(10)) == std::optional<int>(1));
    CHECK(lattice.nearest(V(S(5)), S(10), [](int id) { return id != 1; }) == std::optional<int>(2));
    CHECK(lattice.nearest(V(S(5)), S(1), [](int id) { return id == 3; }) == std::nullopt);
}

TEST_CASE_TEMPLATE("an entry whose squared distance underflows to zero is found like brute force finds it", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    // Two points 2e apart with (2e)^2 below the smallest subnormal: their squared distance
    // rounds to 0, and so does the square of a radius far smaller than 2e, so the distance
    // test admits the entry. The lattice must still visit where it is (here: outside).
    const S e = std::sqrt(std::numeric_limits<S>::denorm_min()) / S(8);
    const S radius = e / S(1000);
    steer::bin_lattice<V, int> lattice({V(S(0)), V(S(1))}, make_cell<V>(2, 2, 2));
    steer::brute_force<V, int> brute;
    V inside(S(0.5)), outside(S(0.5));
    inside[0] = e;
    outside[0] = -e;
    (void)lattice.insert(1, outside);
    (void)brute.insert(1, outside);
    REQUIRE(query(brute, inside, radius).size() == 1);
    CHECK(difference(query(lattice, inside, radius), query(brute, inside, radius)) == "");
}

TEST_CASE_TEMPLATE("payloads that own resources are released by erase, clear and moves, never copied twice", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // One bin of a 2-bin lattice takes every entry, so most of them live past its inline lanes.
    steer::bin_lattice<V, std::shared_ptr<int>> lattice({V(S(0)), V(S(2))}, make_cell<V>(2, 1, 1));
    std::vector<std::shared_ptr<int>> owned;
    std::vector<typename steer::bin_lattice<V, std::shared_ptr<int>>::handle> handles;
    for (int k = 0; k < 12; ++k) {
        owned.push_back(std::make_shared<int>(k));
        handles.push_back(lattice.insert(owned.back(), V(S(0.5))));
    }
    for (const auto& p : owned) CHECK(p.use_count() == 2);  // ours and the lattice's
    for (int k = 0; k < 12; k += 3) lattice.move(handles[static_cast<std::size_t>(k)], V(S(1.5)));  // other bin
    for (int k = 1; k < 12; k += 3) lattice.move(handles[static_cast<std::size_t>(k)], V(S(0.25)));  // same bin
    for (const auto& p : owned) CHECK(p.use_count() == 2);
    for (int k = 0; k < 12; k += 2) lattice.erase(handles[static_cast<std::size_t>(k)]);
    for (int k = 0; k < 12; ++k) CHECK(owned[static_cast<std::size_t>(k)].use_count() == (k % 2 ? 2 : 1));
    for (int k = 1; k < 12; k += 2) CHECK(*lattice.payload(handles[static_cast<std::size_t>(k)]) == k);
    lattice.clear();
    for (const auto& p : owned) CHECK(p.use_count() == 1);
}

namespace {
struct tag {  // a payload without a default constructor
    explicit tag(int v) : value(v) {}
    int value;
    friend bool operator==(const tag&, const tag&) = default;
};
}  // namespace

TEST_CASE("a payload without a default constructor works in every bin") {
    steer::bin_lattice<glm::vec2, tag> lattice({glm::vec2(0), glm::vec2(4)}, {2, 2});
    steer::brute_force<glm::vec2, tag> brute;
    std::vector<steer::bin_lattice<glm::vec2, tag>::handle> handles;
    for (int k = 0; k < 30; ++k) {
        const glm::vec2 p(static_cast<float>(k % 5) * 0.9f, static_cast<float>(k % 3) * 0.3f);
        handles.push_back(lattice.insert(tag(k), p));
        (void)brute.insert(tag(k), p);
    }
    for (int k = 0; k < 30; k += 4) lattice.erase(handles[static_cast<std::size_t>(k)]);
    CHECK(lattice.size() == 22);
    int found = 0;
    lattice.for_each_within(glm::vec2(1, 0.3f), 1.0f, [&](const tag& t, float) { found += t.value % 4 ? 1 : 0; });
    int expected = 0;
    brute.for_each_within(glm::vec2(1, 0.3f), 1.0f, [&](const tag& t, float) { expected += t.value % 4 ? 1 : 0; });
    CHECK(found == expected);
    CHECK(found > 5);
    CHECK(lattice.nearest(glm::vec2(0.9f, 0.3f), 0.0f) == std::optional<tag>(tag(1)));
}

TEST_CASE_TEMPLATE("for_each visits every entry once with its position", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::rng gen(3);
    const steer::box<V> region{V(S(-5)), V(S(5))};
    steer::bin_lattice<V, int> lattice(region, make_cell<V>(3, 3, 3));
    std::vector<V> positions;
    for (int k = 0; k < 400; ++k) {
        positions.push_back(steer::test::cloud_point(gen, region, make_cell<V>(3, 3, 3)));
        (void)lattice.insert(k, positions.back());
    }
    std::vector<int> seen(positions.size(), 0);
    bool positions_match = true;
    lattice.for_each([&](const int& id, const V& p) {
        ++seen[static_cast<std::size_t>(id)];
        positions_match = positions_match && steer::test::same_bits(p, positions[static_cast<std::size_t>(id)]);
    });
    CHECK(positions_match);
    CHECK(std::count(seen.begin(), seen.end(), 1) == 400);
}

TEST_CASE_TEMPLATE("a crowded bin spills, drains and fills again without losing an entry", V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    // Two bins: entries beyond the first four of a bin live in chained spill blocks, which
    // empty, are freed and are reused as entries leave and arrive.
    steer::bin_lattice<V, int> lattice({V(S(0)), V(S(2))}, make_cell<V>(2, 1, 1));
    steer::brute_force<V, int> brute;
    steer::rng gen(5);
    const auto left = [&] { V p(S(0.5)); p[0] = steer::uniform(gen, S(0), S(0.9)); return p; };
    const auto right = [&] { V p(S(0.5)); p[0] = steer::uniform(gen, S(1.1), S(2)); return p; };
    struct entry {
        typename steer::bin_lattice<V, int>::handle in_lattice;
        typename steer::brute_force<V, int>::handle in_brute;
        V position;
    };
    std::vector<entry> entries;  // by id; erased ones are dropped from `live`
    std::vector<int> live;
    const auto add = [&](const V& p) {
        live.push_back(static_cast<int>(entries.size()));
        entries.push_back({lattice.insert(live.back(), p), brute.insert(live.back(), p), p});
    };
    const auto agree = [&] {
        for (const int id : live) {
            const entry& e = entries[static_cast<std::size_t>(id)];
            if (lattice.payload(e.in_lattice) != id ||
                !steer::test::same_bits(lattice.position(e.in_lattice), e.position))
                return false;
        }
        const V near = left();
        return difference(query(lattice, V(S(1)), S(3)), query(brute, V(S(1)), S(3))) == "" &&
               difference(query(lattice, near, S(0.3)), query(brute, near, S(0.3))) == "";
    };
    for (int k = 0; k < 37; ++k) add(left());  // one bin, nine spill blocks deep
    CHECK(agree());
    for (int round = 0; round < 4; ++round) {
        // Move most entries to the other bin and back, erase some, insert more: in random order.
        for (int k = 0; k < 60; ++k) {
            const std::size_t pick = static_cast<std::size_t>(gen() % live.size());
            entry& e = entries[static_cast<std::size_t>(live[pick])];
            const int action = static_cast<int>(gen() % 4);
            if (action == 0 && live.size() > 1) {
                lattice.erase(e.in_lattice);
                brute.erase(e.in_brute);
                live[pick] = live.back();
                live.pop_back();
            } else if (action == 1) {
                add(gen() % 2 ? left() : right());
            } else {
                e.position = e.position[0] < S(1) ? right() : left();
                lattice.move(e.in_lattice, e.position);
                brute.move(e.in_brute, e.position);
            }
        }
        CHECK(lattice.size() == live.size());
        CHECK(agree());
    }
    while (live.size() > 1) {  // drain, so every spill block is freed
        const entry& e = entries[static_cast<std::size_t>(live.back())];
        lattice.erase(e.in_lattice);
        brute.erase(e.in_brute);
        live.pop_back();
    }
    CHECK(agree());
    for (int k = 0; k < 30; ++k) add(right());  // and reused
    CHECK(agree());
}

TEST_CASE_TEMPLATE("prefetch_move changes nothing, and passes over stale handles and bad positions", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::bin_lattice<V, int> lattice({make<V>(0, 0, 0), make<V>(40, 40, 40)}, make_cell<V>(4, 4, 4));
    std::vector<typename steer::bin_lattice<V, int>::handle> handles;
    for (int k = 0; k < 12; ++k)  // twelve in one bin: its block and two spill blocks
        handles.push_back(lattice.insert(k, make<V>(S(12 + k % 2), S(12), S(12))));
    const auto gone = lattice.insert(99, make<V>(31, 31, 31));
    lattice.erase(gone);
    const auto snapshot = [&] {
        std::vector<std::pair<int, V>> entries;
        lattice.for_each([&](const int& payload, const V& p) { entries.emplace_back(payload, p); });
        return entries;
    };
    const auto before = snapshot();
    const S inf = std::numeric_limits<S>::infinity();
    for (const auto& h : handles) {
        lattice.prefetch_move(h, make<V>(25, 25, 25));  // another bin
        lattice.prefetch_move(h, make<V>(-50, 12, 12));  // outside the region
        lattice.prefetch_move(h, make<V>(S(std::nan("")), 0, 0));
        lattice.prefetch_move(h, make<V>(inf, -inf, 0));
    }
    lattice.prefetch_move(gone, make<V>(1, 1, 1));
    lattice.prefetch_move({}, make<V>(1, 1, 1));
    steer::bin_lattice<V, int> bigger({make<V>(0, 0, 0), make<V>(40, 40, 40)}, make_cell<V>(4, 4, 4));
    typename steer::bin_lattice<V, int>::handle foreign{};
    for (int k = 0; k < 64; ++k) foreign = bigger.insert(k, make<V>(1, 1, 1));
    lattice.prefetch_move(foreign, make<V>(1, 1, 1));  // a slot past the end of this lattice's table
    CHECK(snapshot() == before);
    CHECK(lattice.size() == 12);
    CHECK(query(lattice, make<V>(25, 25, 25), S(1)).empty());
    CHECK(query(lattice, make<V>(12, 12, 12), S(0.5)).size() == 6);
    // The moves it prepares still happen as usual.
    lattice.prefetch_move(handles[0], make<V>(25, 25, 25));
    lattice.move(handles[0], make<V>(25, 25, 25));
    CHECK(query(lattice, make<V>(25, 25, 25), S(0.5)) == std::vector<std::pair<int, S>>{{0, S(0)}});
}

TEST_CASE_TEMPLATE("try_move_in_place moves an entry within its bin and declines, changing nothing, across bins", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    // Bins 10 wide along every axis.
    steer::bin_lattice<V, int> lattice({make<V>(0, 0, 0), make<V>(40, 40, 40)}, make_cell<V>(4, 4, 4));
    const auto a = lattice.insert(1, make<V>(12, 12, 12));
    const auto b = lattice.insert(2, make<V>(14, 12, 12));
    REQUIRE(lattice.try_move_in_place(a, make<V>(19, 11, 18)));  // same bin
    CHECK(lattice.position(a) == make<V>(19, 11, 18));
    CHECK(query(lattice, make<V>(19, 11, 18), S(0.5)) == std::vector<std::pair<int, S>>{{1, S(0)}});
    CHECK_FALSE(lattice.try_move_in_place(a, make<V>(21, 11, 18)));  // the next bin along x
    CHECK(lattice.position(a) == make<V>(19, 11, 18));
    CHECK(query(lattice, make<V>(21, 11, 18), S(0.5)).empty());
    CHECK_FALSE(lattice.try_move_in_place(b, make<V>(50, 12, 12)));  // outside the region
    CHECK(lattice.position(b) == make<V>(14, 12, 12));
    lattice.move(a, make<V>(21, 11, 18));
    CHECK(query(lattice, make<V>(21, 11, 18), S(0.5)) == std::vector<std::pair<int, S>>{{1, S(0)}});
    CHECK(lattice.size() == 2);
    CHECK(mentions(refusal_of([&] { (void)lattice.try_move_in_place(a, make<V>(std::nan(""), 0, 0)); }),
                   "steer::bin_lattice::try_move_in_place: position must be finite"));
    lattice.erase(b);
    CHECK(mentions(refusal_of([&] { (void)lattice.try_move_in_place(b, make<V>(1, 1, 1)); }),
                   "steer::bin_lattice::try_move_in_place"));
}
