#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

#include <steer/detail/proximity_slots.hpp>
#include <steer/proximity/bin_lattice.hpp>
#include <steer/proximity/brute_force.hpp>

#include "../proximity/proximity_test_util.hpp"
#include "test_util.hpp"

namespace {

struct narrow_owner {};
using narrow_table = steer::detail::slot_table<narrow_owner, std::uint8_t>;

}  // namespace

TEST_CASE("slot_table: a stale handle never becomes valid again, even after its slot's generation is used up") {
    // With 8-bit generations a slot can be handed out 255 times (generations 1 to 255); the
    // library's 32-bit ones work the same way after 2^32 - 1 reuses.
    narrow_table table;
    std::vector<narrow_table::handle> issued;
    std::vector<std::uint32_t> slots_used;
    for (int cycle = 0; cycle < 600; ++cycle) {
        table.prepare("test");
        const std::uint32_t slot = table.next();
        const narrow_table::handle h = table.acquire(0, 0);
        // The new handle is valid; every earlier one is stale, including those whose slot
        // has gone round all its generations.
        CHECK(table.valid(h));
        for (const auto& old : issued) CHECK_FALSE(table.valid(old));
        issued.push_back(h);
        slots_used.push_back(slot);
        if (cycle % 100 == 99) {
            table.clear();
        } else {
            table.release(slot);
        }
    }
    for (const auto& old : issued) CHECK_FALSE(table.valid(old));
    // 600 uses at 255 each: slot 0 and slot 1 were retired and slot 2 took over.
    CHECK(slots_used.front() == 0);
    CHECK(slots_used[254] == 0);
    CHECK(slots_used[255] == 1);
    CHECK(slots_used[510] == 2);
    CHECK(table.size() == 3);
}

TEST_CASE("slot_table: clear keeps retired slots out, and live ones on their last generation are retired too") {
    narrow_table table;
    std::vector<narrow_table::handle> stale;
    // Use slot 0 up to its last generation and leave it live.
    for (int i = 0; i < 254; ++i) {
        table.prepare("test");
        stale.push_back(table.acquire(0, 0));
        table.release(0);
    }
    table.prepare("test");
    const narrow_table::handle last = table.acquire(0, 0);
    CHECK(table.valid(last));
    table.prepare("test");
    const narrow_table::handle other = table.acquire(0, 1);  // slot 1
    table.clear();
    CHECK_FALSE(table.valid(last));
    CHECK_FALSE(table.valid(other));
    for (const auto& h : stale) CHECK_FALSE(table.valid(h));
    // Slot 0 is retired: the next entries go to slot 1, then a new slot 2.
    table.prepare("test");
    CHECK(table.next() == 1);
    (void)table.acquire(0, 0);
    table.prepare("test");
    CHECK(table.next() == 2);
    CHECK(table.live() == 1);
}

TEST_CASE_TEMPLATE("a handle from another database of the same type is refused or names that database's own entry",
                   Database, steer::brute_force<glm::vec2, int>, steer::bin_lattice<glm::vec2, int>) {
    const auto make_database = [] {
        if constexpr (std::is_same_v<Database, steer::brute_force<glm::vec2, int>>) {
            return Database();
        } else {
            return Database({glm::vec2(0), glm::vec2(10)}, {4, 4});
        }
    };
    Database a = make_database();
    Database b = make_database();
    const auto a0 = a.insert(10, glm::vec2(1, 1));
    const auto a1 = a.insert(11, glm::vec2(2, 2));
    const auto a2 = a.insert(12, glm::vec2(3, 3));
    a.erase(a1);
    const auto a1_again = a.insert(13, glm::vec2(4, 4));  // slot 1, second generation
    (void)a2;
    const auto b0 = b.insert(20, glm::vec2(5, 5));
    b.insert(21, glm::vec2(6, 6));
    // Not detected: a's first handle has the slot and generation of b's first entry, and
    // names it (docs/errors.md, "Handles"). It reaches only b's own data.
    CHECK(a0 == b0);
    CHECK(b.contains(a0));
    CHECK(b.payload(a0) == 20);
    // Refused: a slot b does not have, or one of another generation.
    CHECK_FALSE(b.contains(a2));
    CHECK_FALSE(b.contains(a1_again));
    CHECK(steer::test::mentions(steer::test::refusal_of([&] { b.erase(a2); }), "handle must name a live entry"));
    CHECK(steer::test::mentions(steer::test::refusal_of([&] { (void)b.position(a1_again); }),
                                "handle must name a live entry"));
    CHECK(b.size() == 2);
}

// Handles of databases of different types are different types: mixing them does not compile.
static_assert(!std::is_same_v<steer::bin_lattice<glm::vec2, int>::handle, steer::brute_force<glm::vec2, int>::handle>);
static_assert(!std::is_same_v<steer::bin_lattice<glm::vec2, int>::handle, steer::bin_lattice<glm::vec3, int>::handle>);
static_assert(!std::is_convertible_v<steer::bin_lattice<glm::vec2, int>::handle, steer::brute_force<glm::vec2, int>::handle>);
