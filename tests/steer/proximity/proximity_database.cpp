#include <algorithm>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <optional>
#include <vector>

#include <doctest/doctest.h>

#include <steer/proximity/bin_lattice.hpp>
#include <steer/proximity/brute_force.hpp>
#include <steer/proximity/proximity_database.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

using steer::test::make;

namespace {

// A user's own database: a plain list whose handles are positions in the list (erase only
// marks an entry dead). Written only against the documented requirements.
struct list_database {
    using vector_type = glm::vec2;
    using payload_type = int;
    struct handle {
        std::size_t index = 0;
        friend bool operator==(const handle&, const handle&) = default;
    };

    handle insert(const int& payload, const glm::vec2& position) {
        items.push_back({payload, position, true});
        return {items.size() - 1};
    }
    void move(handle h, const glm::vec2& position) { items[h.index].position = position; }
    void erase(handle h) { items[h.index].alive = false; }
    void clear() { items.clear(); }
    [[nodiscard]] std::size_t size() const {
        std::size_t n = 0;
        for (const auto& r : items) n += r.alive ? 1 : 0;
        return n;
    }
    template <class F>
    void for_each_within(const glm::vec2& center, float radius, F&& f) const {
        for (const auto& it : items) {
            const float d2 = steer::distance_squared(it.position, center);
            if (it.alive && d2 <= radius * radius) f(it.payload, d2);
        }
    }
    [[nodiscard]] std::optional<int> nearest(const glm::vec2& center, float radius) const {
        std::optional<int> best;
        float best_d2 = 0;
        for_each_within(center, radius, [&](const int& p, float d2) {
            if (!best || d2 < best_d2) {
                best = p;
                best_d2 = d2;
            }
        });
        return best;
    }

    struct record {
        int payload;
        glm::vec2 position;
        bool alive;
    };
    std::vector<record> items;
};

struct no_nearest {
    using vector_type = glm::vec3;
    using payload_type = int;
    using handle = int;
    handle insert(const int&, const glm::vec3&) { return 0; }
    void move(handle, const glm::vec3&) {}
    void erase(handle) {}
    void clear() {}
    [[nodiscard]] std::size_t size() const { return 0; }
    template <class F>
    void for_each_within(const glm::vec3&, float, F&&) const {}
};

}  // namespace

static_assert(steer::proximity_database<steer::bin_lattice<glm::vec2, int>>);
static_assert(steer::proximity_database<steer::bin_lattice<glm::dvec3, const steer::vehicle3d*>>);
static_assert(steer::proximity_database<steer::brute_force<glm::vec3, steer::vehicle3>>);
static_assert(steer::proximity_database<list_database>);
static_assert(!steer::proximity_database<no_nearest>);
static_assert(!steer::proximity_database<int>);
static_assert(!steer::proximity_database<std::vector<glm::vec3>>);
// A handle of one database type is not a handle of another.
static_assert(!std::is_same_v<steer::bin_lattice<glm::vec2, int>::handle, steer::brute_force<glm::vec2, int>::handle>);

TEST_CASE_TEMPLATE("gather_within collects the payloads in range into a reused vector", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::bin_lattice<V, int> lattice({V(S(0)), V(S(10))}, steer::cell_t<V>(5));
    for (int k = 0; k < 10; ++k) (void)lattice.insert(k, V(S(k)));
    std::vector<int> out{99, 98, 97};
    out.reserve(64);
    const int* storage = out.data();
    steer::gather_within(lattice, V(S(4)), S(1.8) * std::sqrt(S(steer::dimension_v<V>)), out);
    std::sort(out.begin(), out.end());
    CHECK(out == std::vector<int>{3, 4, 5});  // the old contents are gone
    CHECK(out.data() == storage);              // and the capacity was reused
    steer::gather_within(lattice, V(S(-50)), S(1), out);
    CHECK(out.empty());
    CHECK(out.capacity() >= 64);
}

TEST_CASE("a user-written database works wherever a proximity database is taken") {
    list_database db;
    const auto a = db.insert(1, {0, 0});
    (void)db.insert(2, {3, 4});
    (void)db.insert(3, {10, 0});
    CHECK(a == list_database::handle{0});
    db.erase(a);
    std::vector<int> out;
    steer::gather_within(db, glm::vec2(0, 0), 5.0f, out);
    CHECK(out == std::vector<int>{2});
    CHECK(db.nearest({9, 0}, 2.0f) == std::optional<int>(3));
}

TEST_CASE("the lattice and brute force agree through the generic interface") {
    // The same generic code drives both, as group behaviors and examples do.
    const auto fill_and_gather = [](auto& db) {
        using D = std::remove_reference_t<decltype(db)>;
        static_assert(steer::proximity_database<D>);
        std::vector<typename D::handle> handles;
        for (int k = 0; k < 50; ++k)
            handles.push_back(db.insert(k, make<glm::vec3>(k % 5, (k / 5) % 5, k / 25)));
        for (int k = 0; k < 50; k += 7) db.erase(handles[static_cast<std::size_t>(k)]);
        for (int k = 1; k < 50; k += 7) db.move(handles[static_cast<std::size_t>(k)], glm::vec3(2, 2, 1));
        std::vector<int> out;
        steer::gather_within(db, glm::vec3(2, 2, 1), 1.0f, out);
        std::sort(out.begin(), out.end());
        return out;
    };
    steer::bin_lattice<glm::vec3, int> lattice({glm::vec3(0), glm::vec3(5)}, {5, 5, 2});
    steer::brute_force<glm::vec3, int> brute;
    const auto from_lattice = fill_and_gather(lattice);
    CHECK(from_lattice == fill_and_gather(brute));
    // The 7 moved entries, plus the grid points within 1 of (2, 2, 1) that were not erased (42 was).
    CHECK(from_lattice == std::vector<int>{1, 8, 12, 15, 22, 29, 32, 36, 37, 38, 43});
}
