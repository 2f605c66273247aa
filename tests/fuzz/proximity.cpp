// Proximity fuzzer: one random sequence of insert, move, erase, clear, for_each_within and
// nearest is applied to a bin_lattice and to a brute_force database side by side, and to a
// plain list that says what both must hold. Positions fall inside the lattice's region, on
// its border, far outside it, at huge but finite values (up to the largest finite float),
// and on top of one another. Aborts on any difference: the entry sets a query reports and
// their squared distances (bit for bit), the nearest entry's distance, sizes, stored
// positions, the outside count, and stale handles (both must refuse them).
//
// Configuration is valid by construction (a finite box with min <= max, 1 to 9 divisions per
// axis, finite query centers, radii >= 0); the only exceptions expected are the refusals of
// stale handles, which the harness provokes on purpose and checks.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <steer/proximity/bin_lattice.hpp>
#include <steer/proximity/brute_force.hpp>
#include <steer/proximity/proximity_database.hpp>

#include "fuzz_input.hpp"

namespace {

using steer::fuzz::input;

template <steer::vector V>
struct harness {
    using S = steer::scalar_t<V>;
    static constexpr int dim = steer::dimension_v<V>;
    using lattice_t = steer::bin_lattice<V, int>;
    using brute_t = steer::brute_force<V, int>;

    struct entry {
        typename lattice_t::handle in_lattice;
        typename brute_t::handle in_brute;
        int id;
        V position;
    };

    input& in;
    steer::box<V> region;
    lattice_t lattice;
    brute_t brute;
    std::vector<entry> live;
    std::vector<std::pair<typename lattice_t::handle, typename brute_t::handle>> stale;
    int next_id = 0;

    harness(input& source, const steer::box<V>& r, const steer::cell_t<V>& divisions)
        : in(source), region(r), lattice(r, divisions) {}

    /// A scalar beyond the fuzz input's range: up to the largest finite value.
    S enormous() {
        const S value = std::numeric_limits<S>::max() / static_cast<S>(1 + in.byte());
        return in.flag() ? -value : value;
    }

    /// A coordinate on axis i: inside, on the border, just outside, far outside, huge, or any;
    /// always finite (just outside a border at the largest finite value, or a point inside a
    /// region wider than it, would be infinite: then the border itself).
    S coordinate(int i) {
        const S lo = region.min[i], hi = region.max[i];
        S c = lo;
        switch (in.pick(8)) {
            case 0: c = lo; break;
            case 1: c = hi; break;
            case 2: c = std::nextafter(lo, -std::numeric_limits<S>::infinity()); break;
            case 3: c = std::nextafter(hi, std::numeric_limits<S>::infinity()); break;
            case 4: c = enormous(); break;
            case 5: c = in.scalar<S>(); break;
            default: c = lo + (hi - lo) * in.in_range<S>(S(0), S(1)); break;
        }
        return std::isfinite(c) ? c : lo;
    }

    V position() {
        if (!live.empty() && in.pick(4) == 0) return live[in.pick(static_cast<unsigned>(live.size()))].position;
        V p;
        for (int i = 0; i < dim; ++i) p[i] = coordinate(i);
        return p;
    }

    /// A query radius: finite and >= 0 (a fraction of a region wider than the largest
    /// finite value would be infinite, or NaN: then the largest finite value).
    S radius(const V& center) {
        const S r = any_radius(center);
        return std::isfinite(r) && r >= S(0) ? r : std::numeric_limits<S>::max();
    }

    S any_radius(const V& center) {
        switch (in.pick(6)) {
            case 0: return S(0);
            case 1: return std::abs(enormous());
            case 2:
                // Exactly the distance to a live entry: the inclusive border of the sphere.
                if (!live.empty()) {
                    const S d = std::sqrt(steer::distance_squared(live[in.pick(static_cast<unsigned>(live.size()))].position, center));
                    if (std::isfinite(d)) return d;
                }
                return S(1);
            case 3: return in.non_negative<S>();
            default: {
                S extent = 0;
                for (int i = 0; i < dim; ++i) extent = std::max(extent, region.max[i] - region.min[i]);
                return extent * in.in_range<S>(S(0), S(1.5));
            }
        }
    }

    void insert() {
        const V p = position();
        const int id = next_id++;
        live.push_back({lattice.insert(id, p), brute.insert(id, p), id, p});
    }

    void move() {
        if (live.empty()) return;
        entry& e = live[in.pick(static_cast<unsigned>(live.size()))];
        e.position = position();
        lattice.move(e.in_lattice, e.position);
        brute.move(e.in_brute, e.position);
    }

    void erase() {
        if (live.empty()) return;
        const std::size_t k = in.pick(static_cast<unsigned>(live.size()));
        lattice.erase(live[k].in_lattice);
        brute.erase(live[k].in_brute);
        stale.emplace_back(live[k].in_lattice, live[k].in_brute);
        live[k] = live.back();
        live.pop_back();
    }

    void clear() {
        lattice.clear();
        brute.clear();
        for (const entry& e : live) stale.emplace_back(e.in_lattice, e.in_brute);
        live.clear();
    }

    /// Both databases refuse a stale handle, and say it is not theirs.
    void poke_stale() {
        if (stale.empty()) return;
        const auto [l, b] = stale[in.pick(static_cast<unsigned>(stale.size()))];
        STEER_FUZZ_CHECK(!lattice.contains(l));
        STEER_FUZZ_CHECK(!brute.contains(b));
        bool refused = false;
        try {
            if (in.flag()) lattice.erase(l);
            else lattice.move(l, position());
        } catch (const std::invalid_argument&) {
            refused = true;
        }
        STEER_FUZZ_CHECK(refused);
        refused = false;
        try {
            if (in.flag()) brute.erase(b);
            else brute.move(b, position());
        } catch (const std::invalid_argument&) {
            refused = true;
        }
        STEER_FUZZ_CHECK(refused);
    }

    const entry* find(int id) const {
        for (const entry& e : live)
            if (e.id == id) return &e;
        return nullptr;
    }

    void query() {
        const V center = in.flag() ? position() : in.vec<V>();
        const S r = radius(center);
        std::vector<std::pair<int, S>> from_lattice, from_brute, expected;
        lattice.for_each_within(center, r, [&](int id, S d2) { from_lattice.emplace_back(id, d2); });
        brute.for_each_within(center, r, [&](int id, S d2) { from_brute.emplace_back(id, d2); });
        const S r2 = r * r;
        for (const entry& e : live) {
            const S d2 = steer::distance_squared(e.position, center);
            if (d2 <= r2) expected.emplace_back(e.id, d2);
        }
        const auto same = [](std::vector<std::pair<int, S>> a, std::vector<std::pair<int, S>> b) {
            const auto by_id = [](const auto& x, const auto& y) { return x.first < y.first; };
            std::sort(a.begin(), a.end(), by_id);
            std::sort(b.begin(), b.end(), by_id);
            if (a.size() != b.size()) return false;
            for (std::size_t i = 0; i < a.size(); ++i)  // same entry, same squared distance, bit for bit
                if (a[i].first != b[i].first || std::memcmp(&a[i].second, &b[i].second, sizeof(S)) != 0) return false;
            return true;
        };
        STEER_FUZZ_CHECK(same(from_brute, expected));
        STEER_FUZZ_CHECK(same(from_lattice, expected));

        // gather_within reports the same set.
        std::vector<int> gathered;
        steer::gather_within(lattice, center, r, gathered);
        STEER_FUZZ_CHECK(gathered.size() == expected.size());

        // nearest: both find one exactly when the sphere holds an entry, at the least distance.
        S best = std::numeric_limits<S>::infinity();
        for (const auto& [id, d2] : expected) best = std::min(best, d2);
        const bool odd_only = in.flag();
        S best_odd = std::numeric_limits<S>::infinity();
        bool any_odd = false;
        for (const auto& [id, d2] : expected)
            if (id % 2 != 0) {
                any_odd = true;
                best_odd = std::min(best_odd, d2);
            }
        const auto accept = [odd_only](int id) { return !odd_only || id % 2 != 0; };
        const std::optional<int> a = lattice.nearest(center, r, accept);
        const std::optional<int> b = brute.nearest(center, r, accept);
        const bool exists = odd_only ? any_odd : !expected.empty();
        STEER_FUZZ_CHECK(a.has_value() == exists);
        STEER_FUZZ_CHECK(b.has_value() == exists);
        if (exists) {
            const S target = odd_only ? best_odd : best;
            const entry* ea = find(*a);
            const entry* eb = find(*b);
            STEER_FUZZ_CHECK(ea != nullptr && eb != nullptr);
            STEER_FUZZ_CHECK(accept(*a) && accept(*b));
            STEER_FUZZ_CHECK(steer::distance_squared(ea->position, center) == target);
            STEER_FUZZ_CHECK(steer::distance_squared(eb->position, center) == target);
        }
    }

    void check_state() const {
        STEER_FUZZ_CHECK(lattice.size() == live.size());
        STEER_FUZZ_CHECK(brute.size() == live.size());
        std::size_t outside = 0;
        for (const entry& e : live) {
            STEER_FUZZ_CHECK(lattice.contains(e.in_lattice) && brute.contains(e.in_brute));
            const V pl = lattice.position(e.in_lattice);
            const V pb = brute.position(e.in_brute);
            STEER_FUZZ_CHECK(std::memcmp(&pl, &e.position, sizeof(V)) == 0);
            STEER_FUZZ_CHECK(std::memcmp(&pb, &e.position, sizeof(V)) == 0);
            STEER_FUZZ_CHECK(lattice.payload(e.in_lattice) == e.id && brute.payload(e.in_brute) == e.id);
            if (!steer::contains(region, e.position)) ++outside;
        }
        STEER_FUZZ_CHECK(lattice.outside_count() == outside);
        std::size_t visited = 0;
        lattice.for_each([&](int, const V&) { ++visited; });
        STEER_FUZZ_CHECK(visited == live.size());
    }

    void run() {
        for (int step = 0; step < 256 && !in.empty(); ++step) {
            switch (in.pick(16)) {
                case 0: case 1: case 2: case 3: case 4: insert(); break;
                case 5: case 6: case 7: move(); break;
                case 8: case 9: erase(); break;
                case 10: if (in.pick(4) == 0) clear(); break;
                case 11: poke_stale(); break;
                default: query(); break;
            }
            check_state();
        }
    }
};

template <steer::vector V>
void run(input& in) {
    using S = steer::scalar_t<V>;
    constexpr int dim = steer::dimension_v<V>;
    steer::box<V> region;
    steer::cell_t<V> divisions;
    for (int i = 0; i < dim; ++i) {
        S a = in.scalar<S>(), b = in.scalar<S>();
        switch (in.pick(4)) {
            case 0: b = a; break;  // an axis of zero extent
            case 1: {              // an ordinary box around the origin
                a = -in.in_range<S>(S(0), S(100));
                b = in.in_range<S>(S(0), S(100));
                break;
            }
            default: break;
        }
        region.min[i] = std::min(a, b);
        region.max[i] = std::max(a, b);
        divisions[i] = 1 + static_cast<int>(in.pick(dim == 2 ? 9 : 6));
    }
    harness<V> h(in, region, divisions);
    h.run();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    steer::fuzz::with_picked_vector(in, [&]<class V>() { run<V>(in); });
    return 0;
}
