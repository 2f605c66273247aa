// The hot-path policy STEER_HOT_PATH_CLAMP (docs/errors.md, "Hot paths"): a bad per-frame
// value (a NaN steering force, a negative time step, a non-finite position) is replaced by
// zero, or by the neutral value its function documents, the call goes on, and the first
// replacement of each kind is reported through STEER_HOT_PATH_REPORT. Configuration and
// handles are refused as under the default policy.
//
// The policy is one per program (the One Definition Rule), so this is a program of its own:
// both macros are defined before any steer header is included.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace consumer {
inline std::vector<std::string> reports;  // what the hook received, in order
inline void report(const std::string& message) { reports.push_back(message); }

/// How many reports begin with `prefix`.
inline std::size_t reported(const std::string& prefix) {
    return static_cast<std::size_t>(std::count_if(reports.begin(), reports.end(), [&](const std::string& r) {
        return r.rfind(prefix, 0) == 0;
    }));
}
}  // namespace consumer

#define STEER_HOT_PATH_POLICY STEER_HOT_PATH_CLAMP
#define STEER_HOT_PATH_REPORT(message) ::consumer::report(message)

#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "refusals.hpp"  // includes <steer/steer.hpp>: after the definitions
#include "test_util.hpp"

namespace {

using V = glm::vec3;
using S = float;
const S not_a_number = std::numeric_limits<S>::quiet_NaN();
const S infinity = std::numeric_limits<S>::infinity();

/// Every piece of a vehicle's state, compared bit for bit.
bool same_state(const steer::vehicle<V>& a, const steer::vehicle<V>& b) {
    return steer::test::same_bits(a.position(), b.position()) && steer::test::same_bits(a.velocity(), b.velocity()) &&
           steer::test::same_bits(a.acceleration(), b.acceleration()) &&
           steer::test::same_bits(a.forward(), b.forward()) && steer::test::same_bits(a.side(), b.side()) &&
           steer::test::same_bits(a.up(), b.up()) && steer::test::same_bits(a.facing(), b.facing());
}

steer::vehicle<V> moving() {
    return steer::vehicle<V>({.position = V(1, 2, 3), .velocity = V(0.5f, 0, 0.25f), .max_force = 2, .max_speed = 3});
}

}  // namespace

static_assert(steer::detail::hot_path_clamps);

TEST_CASE("apply_force: a non-finite force is no force, a bad dt no step; each kind reported once") {
    steer::vehicle<V> v = moving(), twin = moving();
    v.apply_force(V(not_a_number, 0, 0), S(0.1));
    twin.apply_force(V(0), S(0.1));
    CHECK(same_state(v, twin));
    CHECK(consumer::reports == std::vector<std::string>{
                                   "steer::vehicle::apply_force: steering must be finite (got (nan, 0, 0))"});
    v.apply_force(V(0, infinity, 0), S(0.1));  // the same kind again: replaced, not reported again
    twin.apply_force(V(0), S(0.1));
    CHECK(same_state(v, twin));
    CHECK(consumer::reported("steer::vehicle::apply_force: steering") == 1);

    const steer::vehicle<V> before = v;
    v.apply_force(V(1, 0, 0), S(-1));
    v.apply_force(V(1, 0, 0), not_a_number);
    v.apply_force(V(1, 0, 0), infinity);
    CHECK(same_state(v, before));
    CHECK(consumer::reported("steer::vehicle::apply_force: dt must be >= 0 and finite (got -1)") == 1);
    CHECK(consumer::reported("steer::vehicle::apply_force: dt") == 1);
}

TEST_CASE("apply_forces: a bad force is zero for that vehicle, as apply_force takes it; a bad dt moves nobody") {
    std::vector<steer::vehicle<V>> crowd, twins;
    std::vector<V> forces;
    for (int i = 0; i < 150; ++i) {
        const S x = S(i) * S(0.1);
        crowd.push_back(steer::vehicle<V>({.position = V(x, 0, -x), .velocity = V(0, x * S(0.01), 0.1f)}));
        forces.push_back(V(S(1) - x, x, S(0.5)));
    }
    twins = crowd;
    forces[140] = V(0, not_a_number, 0);
    forces[7] = V(-infinity, 0, 0);
    steer::apply_forces(crowd, forces, S(0.05));
    for (std::size_t i = 0; i < twins.size(); ++i)
        twins[i].apply_force(steer::is_finite(forces[i]) ? forces[i] : V(0), S(0.05));
    for (std::size_t i = 0; i < crowd.size(); ++i) REQUIRE(same_state(crowd[i], twins[i]));
    CHECK(consumer::reported("steer::apply_forces: steering[7] must be finite (got (-inf, 0, 0))") == 1);
    CHECK(consumer::reported("steer::apply_forces: steering[") == 1);

    steer::apply_forces(crowd, std::vector<V>(crowd.size(), V(1, 0, 0)), not_a_number);
    for (std::size_t i = 0; i < crowd.size(); ++i) REQUIRE(same_state(crowd[i], twins[i]));
    CHECK(consumer::reported("steer::apply_forces: dt must be >= 0 and finite (got nan)") == 1);

    std::vector<V> velocities(crowd.size(), V(0.5f, 0, 0));
    velocities[3] = V(not_a_number, not_a_number, not_a_number);
    steer::set_velocities(crowd, velocities);
    CHECK(crowd[3].velocity() == V(0));
    CHECK(crowd[4].velocity() == V(0.5f, 0, 0));
    CHECK(consumer::reported("steer::set_velocities: velocities[3] must be finite (got (nan, nan, nan))") == 1);
}

TEST_CASE("the vehicle's per-frame setters: a bad value is zero, or changes nothing") {
    steer::vehicle<V> v = moving();
    steer::vehicle<V> before = v;
    v.set_position(V(not_a_number, 0, 0));
    CHECK(same_state(v, before));  // a position has no zero to fall back on: it stays
    v.set_velocity(V(infinity, 0, 0));
    CHECK(v.velocity() == V(0));
    CHECK(v.position() == before.position());
    v = moving();
    v.set_speed(-1);
    CHECK(v.speed() == 0);
    v = moving();
    before = v;
    v.brake(-1, S(0.5));
    v.brake(1, not_a_number);
    CHECK(same_state(v, before));
    v.turn(V(not_a_number, 0, 0), S(0.5));
    v.turn(V(0, 1, 0), S(-0.5));
    before.turn(V(0), S(0.5));  // what the two calls are replaced by: no turn, no time
    before.turn(V(0, 1, 0), S(0));
    CHECK(same_state(v, before));
    steer::vehicle<glm::vec2> flat;
    flat.turn(infinity, 1);
    CHECK(flat.facing() == glm::vec2(1, 0));
    for (const char* kind : {"steer::vehicle::set_position: position must be finite (got (nan, 0, 0))",
                             "steer::vehicle::set_velocity: velocity must be finite (got (inf, 0, 0))",
                             "steer::vehicle::set_speed: speed must be >= 0 and finite (got -1)",
                             "steer::vehicle::brake: rate must be >= 0 and finite (got -1)",
                             "steer::vehicle::brake: dt must be >= 0 and finite (got nan)",
                             "steer::vehicle::turn: rate must be finite (got (nan, 0, 0))",
                             "steer::vehicle::turn: dt must be >= 0 and finite (got -0.5)"}) {
        CAPTURE(kind);
        CHECK(consumer::reported(kind) == 1);
    }
    CHECK(consumer::reported("steer::vehicle::turn: rate") == 1);  // the 2D one is the same kind
}

TEST_CASE_TEMPLATE("proximity databases: a bad position is the origin or no move; a bad query finds nothing", Database,
                   steer::bin_lattice<V, int>, steer::brute_force<V, int>) {
    Database db = [] {
        if constexpr (std::is_same_v<Database, steer::bin_lattice<V, int>>) return Database({V(-5), V(5)}, {4, 4, 4});
        else return Database();
    }();
    const auto stray = db.insert(1, V(not_a_number, 2, 0));
    CHECK(db.position(stray) == V(0));
    const auto h = db.insert(2, V(1, 1, 1));
    db.move(h, V(0, infinity, 0));
    CHECK(db.position(h) == V(1, 1, 1));
    CHECK(db.try_move_in_place(h, V(not_a_number)));
    CHECK(db.position(h) == V(1, 1, 1));
    int calls = 0;
    db.for_each_within(V(not_a_number), S(100), [&](int, S) { ++calls; });
    db.for_each_within(V(0), S(-1), [&](int, S) { ++calls; });
    db.for_each_within(V(0), infinity, [&](int, S) { ++calls; });
    CHECK(calls == 0);
    CHECK_FALSE(db.nearest(V(0), not_a_number).has_value());
    CHECK_FALSE(db.nearest(V(infinity), S(1)).has_value());
    CHECK(db.nearest(V(0), S(0)) == std::optional<int>(1));  // the stray entry, at the origin
    // Handles are program logic, not per-frame values: still refused under this policy.
    db.erase(h);
    CHECK_THROWS_AS(db.erase(h), std::invalid_argument);
}

TEST_CASE("crowd: a bad dt moves nobody, a bad think's force is no force for that agent, a bad query finds nothing") {
    steer::crowd<V> c;
    const auto a = c.add({.position = V(0), .velocity = V(1, 0, 0), .max_force = 2, .max_speed = 3});
    const auto b = c.add({.position = V(2, 0, 0), .velocity = V(0, 0, 1), .max_force = 2, .max_speed = 3});
    const auto push = [](steer::crowd_id, const steer::vehicle<V>&, const auto&) { return V(0, 1, 0); };
    const steer::vehicle<V> a_before = c.agent(a), b_before = c.agent(b);
    c.step(-S(1), S(5), push);
    CHECK(same_state(c.agent(a), a_before));
    CHECK(same_state(c.agent(b), b_before));
    c.step(not_a_number, S(5), push);
    CHECK(consumer::reported("steer::crowd::step: dt ") == 1);
    // Agent b's think answers NaN: it coasts as apply_force(0) would; a steers as asked.
    steer::vehicle<V> a_expected = c.agent(a), b_expected = c.agent(b);
    a_expected.apply_force(V(0, 1, 0), S(0.1));
    b_expected.apply_force(V(0), S(0.1));
    c.step(S(0.1), S(5), [&](steer::crowd_id id, const steer::vehicle<V>&, const auto&) {
        return id == b ? V(not_a_number) : V(0, 1, 0);
    });
    CHECK(same_state(c.agent(a), a_expected));
    CHECK(same_state(c.agent(b), b_expected));
    CHECK(consumer::reported("steer::crowd::step: think's steering for agent 1 (generation 0) must be finite") == 1);
    int calls = 0;
    c.for_each_within(V(not_a_number), S(100), [&](steer::crowd_id, S) { ++calls; });
    c.for_each_within(V(0), -S(1), [&](steer::crowd_id, S) { ++calls; });
    CHECK(calls == 0);
    CHECK_FALSE(c.nearest(V(infinity), S(100)).has_value());
    CHECK(c.nearest(V(0), S(100)).has_value());
    // Configuration is still refused.
    CHECK_THROWS_AS(c.step(S(0.1), -S(1), push), std::invalid_argument);
}

TEST_CASE("wander: a bad dt is a step of zero") {
    const steer::vehicle<V> v = moving();
    steer::wander_state<V> state{V(0, 0, 1)}, twin_state = state;
    steer::rng gen(3), twin_gen(3);
    const V force = steer::wander(v, state, gen, not_a_number);
    const V expected = steer::wander(v, twin_state, twin_gen, S(0));
    CHECK(force == expected);
    CHECK(state.target == twin_state.target);
    CHECK(consumer::reported("steer::wander: dt must be >= 0 and finite (got nan)") == 1);
}

TEST_CASE("every refusal of tests/refusals.hpp: hot-path checks replace and report, every other still refuses") {
    const auto cases = steer::test::refusals();
    for (const std::string& check : steer::test::hot_path_checks()) {
        CAPTURE(check);
        CHECK(std::any_of(cases.begin(), cases.end(), [&](const auto& c) { return c.message.rfind(check, 0) == 0; }));
    }
    std::size_t hot = 0;
    for (const auto& c : cases) {
        CAPTURE(c.message);
        const std::size_t reports_before = consumer::reports.size();
        std::string what = "(nothing thrown)";
        try {
            c.attempt();
        } catch (const std::invalid_argument& e) {
            what = e.what();
        }
        if (steer::test::on_hot_path(c.message)) {
            ++hot;
            CHECK(what == "(nothing thrown)");
            // Reported with the refusal's own words, unless this kind was reported before.
            REQUIRE(consumer::reports.size() <= reports_before + 1);
            if (consumer::reports.size() == reports_before + 1) CHECK(consumer::reports.back() == c.message);
        } else {
            CHECK(consumer::reports.size() == reports_before);
            if (c.prefix)
                CHECK(what.rfind(c.message, 0) == 0);
            else
                CHECK(what == c.message);
        }
    }
    CHECK(hot >= steer::test::hot_path_checks().size());
    // Once per kind over the whole run: no check's prefix was reported twice.
    for (const std::string& check : steer::test::hot_path_checks()) {
        CAPTURE(check);
        CHECK(consumer::reported(check) <= 1);
    }
}
