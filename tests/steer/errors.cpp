// Bad configuration: every parameter the library validates is refused through STEER_EXPECTS
// (by default std::invalid_argument) with a message naming the parameter and its value. The
// cases live in tests/refusals.hpp, shared with the custom STEER_EXPECTS program.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

#include "refusals.hpp"
#include "test_util.hpp"

TEST_CASE("every validated parameter is refused with std::invalid_argument naming the parameter and value") {
    const auto cases = steer::test::refusals();
    CHECK(cases.size() >= 100);
    for (const auto& c : cases) {
        CAPTURE(c.message);
        std::string what = "(nothing thrown)";
        try {
            c.attempt();
        } catch (const std::invalid_argument& e) {
            what = e.what();
        }
        if (c.prefix)
            CHECK(what.rfind(c.message, 0) == 0);
        else
            CHECK(what == c.message);
    }
}

namespace {

/// The numbers in `text` ("(1, -2.5, nan)" or "-1"), as doubles (inf and nan included).
std::vector<double> numbers_in(const std::string& text) {
    std::vector<double> out;
    std::string token;
    const auto flush = [&] {
        if (!token.empty()) out.push_back(std::strtod(token.c_str(), nullptr));
        token.clear();
    };
    for (const char c : text) {
        if (c == '(' || c == ')' || c == ',' || c == ' ') flush();
        else token += c;
    }
    flush();
    return out;
}

/// Whether the value a refusal prints, `got`, breaks the rule it states, `requirement`, for
/// the rules whose value can be read back ("" when it can; otherwise why not); `checked`
/// says whether the rule was one of those.
std::string cause_mismatch(const std::string& requirement, const std::string& got, bool& checked) {
    checked = true;
    const std::vector<double> values = numbers_in(got.substr(0, got.find(" distinct of ")));
    if (values.empty()) return "no number printed";
    const auto any = [&](auto&& test) { return std::any_of(values.begin(), values.end(), test); };
    const auto all = [&](auto&& test) { return std::all_of(values.begin(), values.end(), test); };
    const auto finite = [](double v) { return std::isfinite(v); };
    double bound = 0, lo = 0, hi = 0;
    int end = -1;
    const auto whole = [&] { return end == static_cast<int>(requirement.size()); };  // the pattern matched it all
    if ((std::sscanf(requirement.c_str(), "hold at least %lf distinct points%n", &bound, &end) == 1 ||
         std::sscanf(requirement.c_str(), "have at least %lf distinct points%n", &bound, &end) == 1) &&
        whole())  // (got k) or (got k distinct of m)
        return values.front() < bound ? "" : "printed enough distinct points";
    if (got.find_first_not_of("0123456789-+.e(), infa") != std::string::npos) {
        checked = false;  // words beside the value ("min and max both (1, 1, 1)"): not read back
        return "";
    }
    if (requirement == "finite")
        return any([&](double v) { return !finite(v); }) ? "" : "printed a finite value";
    if (requirement == "non-zero" || requirement == "non-zero and finite")
        return all([](double v) { return v == 0; }) || any([&](double v) { return !finite(v); }) ? ""
                                                                                                 : "printed a non-zero value";
    if (requirement.rfind("long enough to normalize", 0) == 0)
        return !all([](double v) { return v == 0; }) &&
                       all([](double v) { return std::abs(v) < static_cast<double>(std::numeric_limits<float>::min()); })
                   ? ""
                   : "printed a zero or normalizable value";
    if (std::sscanf(requirement.c_str(), ">= %lf and finite%n", &bound, &end) == 1 && whole())
        return values.size() == 1 && !(values[0] >= bound && finite(values[0])) ? "" : "printed a valid value";
    if (std::sscanf(requirement.c_str(), "> %lf and finite%n", &bound, &end) == 1 && whole())
        return values.size() == 1 && !(values[0] > bound && finite(values[0])) ? "" : "printed a valid value";
    if (std::sscanf(requirement.c_str(), "at most %lf%n", &bound, &end) == 1 && whole())
        return values.size() == 1 && values[0] > bound ? "" : "printed a valid value";
    if (std::sscanf(requirement.c_str(), "in [%lf, %lf]%n", &lo, &hi, &end) == 2 && whole())
        return values.size() == 1 && !(values[0] >= lo && values[0] <= hi) ? "" : "printed a valid value";
    checked = false;
    return "";
}

}  // namespace

TEST_CASE("every refusal's message names a rule that the value it prints breaks") {
    // Messages that named the wrong cause: "must be non-zero" printing a non-zero normal (too
    // short to normalize), "got 1 distinct of 2" for two distinct points whose distance
    // overflows, "all on one line" for a bow tie. Every message of the form "<parameter>
    // must be <rule> (got <value>)" whose rule can be read back is checked against its value.
    std::size_t checked = 0;
    for (const auto& c : steer::test::refusals()) {
        const std::string m = steer::test::refusal_of(c.attempt);  // what the library says
        CAPTURE(m);
        const std::size_t must = m.find(" must be "), got = m.rfind(" (got ");
        if (must == std::string::npos || got == std::string::npos || got < must || m.back() != ')') continue;
        const std::string requirement = m.substr(must + 9, got - must - 9);
        const std::string value = m.substr(got + 6, m.size() - got - 7);
        bool known = false;
        CHECK(cause_mismatch(requirement, value, known) == "");
        if (known) ++checked;
    }
    CHECK(checked >= 120);
}

TEST_CASE("the same configurations with valid values are accepted") {
    // The boundaries of the documented ranges are valid: zero where >= 0 is asked, one cell.
    using V = glm::vec3;
    CHECK_NOTHROW(steer::vehicle<V>({.radius = 0, .max_force = 0, .max_speed = 0, .acceleration_smoothing = 0}));
    CHECK_NOTHROW(steer::pathway<V>({V(0), V(1)}, 0.0f));
    CHECK_NOTHROW(steer::flow_field<V>({V(0), V(0)}, {1, 1, 1}));
    CHECK_NOTHROW(steer::bin_lattice<V, int>({V(0), V(0)}, {1, 1, 1}));
    CHECK_NOTHROW(steer::think_schedule(1));
    steer::vehicle<V> v;
    CHECK_NOTHROW(v.apply_force(V(0), 0.0f));
    CHECK_NOTHROW((void)steer::arrival(v, V(1), {.slowing_distance = 0.0f}));
}

TEST_CASE("every params struct's validate refuses what its behavior refuses, with the same message") {
    using V = glm::vec2;
    using S = float;
    const S nan = std::numeric_limits<S>::quiet_NaN();
    const steer::vehicle<V> a, b({.position = V(1, 0)});
    const std::vector<steer::vehicle<V>> none;
    const std::vector<steer::sphere<V>> rocks{{V(3, 0), 1}};
    const steer::pathway<V> path({V(0), V(5, 0)}, 1);
    const steer::flow_field<V> field({V(-1), V(1)}, {2, 2});
    steer::rng gen(1);
    steer::wander_state<V> wandering;
    steer::wander_turning_state<V> turning;
    steer::patrol_state patrolling;
    const std::vector<V> checkpoints{V(1, 1)};
    // Each pair: validate(params) alone, then the behavior given the same params.
    const auto same = [](auto validate_alone, auto behavior) {
        const std::string alone = steer::test::refusal_of(validate_alone);
        CAPTURE(alone);
        CHECK(alone.rfind("steer::", 0) == 0);
        CHECK(alone == steer::test::refusal_of(behavior));
    };
    using namespace steer;
    const arrival_params<V> arrive{.slowing_distance = -1};
    same([&] { validate(arrive); }, [&] { (void)arrival(a, V(1), arrive); });
    const pursuit_params<V> chase{.max_prediction_time = nan};
    same([&] { validate(chase); }, [&] { (void)pursuit(a, b, chase); });
    const evasion_params<V> run{.max_prediction_time = -1};
    same([&] { validate(run); }, [&] { (void)evasion(a, b, run); });
    const offset_pursuit_params<V> pass{.offset = -1};
    same([&] { validate(pass); }, [&] { (void)offset_pursuit(a, b, pass); });
    const wander_params<V> roam{.rate = -1};
    same([&] { validate(roam); }, [&] { (void)wander(a, wandering, gen, S(0.1), roam); });
    const wander_turning_params<V> swerve{.max_turn_rate = -1};
    same([&] { validate(swerve); }, [&] { (void)wander_turning(a, turning, gen, S(0.1), swerve); });
    const interpose_params<V> between{.slowing_distance = nan};
    same([&] { validate(between); }, [&] { (void)interpose(a, b, b, between); });
    const shadow_params<V> follow{.stand_off = -1};
    same([&] { validate(follow); }, [&] { (void)shadow(a, b, follow); });
    const docking_params<V> berth{.slowing_distance = -1};
    same([&] { validate(berth); }, [&] { (void)docking(a, V(1), V(1, 0), berth); });
    const patrol_params<V> round{.reach_radius = -1};
    same([&] { validate(round); }, [&] { (void)patrol(a, checkpoints, patrolling, round); });
    const obstacle_avoidance_params<V> dodge{.min_time_to_collision = -1};
    same([&] { validate(dodge); }, [&] { (void)obstacle_avoidance(a, rocks, dodge); });
    const containment_params<V> keep{.prediction_time = -1};
    same([&] { validate(keep); }, [&] { (void)containment(a, sphere<V>{V(0), 5}, keep); });
    const path_following_params<V> lane{.direction = 3};
    same([&] { validate(lane); }, [&] { (void)path_following(a, path, lane); });
    const wall_following_params<V> hug{.offset = nan};
    same([&] { validate(hug); }, [&] { (void)wall_following(a, path, hug); });
    const flow_field_following_params<V> drift{.prediction_time = -1};
    same([&] { validate(drift); }, [&] { (void)flow_field_following(a, field, drift); });
    const hide_params<V> cover{.margin = -1};
    same([&] { validate(cover); }, [&] { (void)hide(a, b, rocks, cover); });
    const unaligned_collision_avoidance_params<V> sidestep{.clearance = -1};
    same([&] { validate(sidestep); }, [&] { (void)unaligned_collision_avoidance(a, none, sidestep); });
    const flocking_params<V> boids{.cohesion_weight = nan};
    same([&] { validate(boids); }, [&] { (void)flocking(a, none, boids); });
    const leader_following_params<V> trail{.lane_width = -1};
    same([&] { validate(trail); }, [&] { (void)leader_following(a, b, none, trail); });
    const face_params<V> look{.settle_time = 0};
    same([&] { validate(look); }, [&] { (void)face(a, V(1), look); });
    const look_where_you_are_going_params<V> ahead{.settle_time = nan};
    same([&] { validate(ahead); }, [&] { (void)look_where_you_are_going(a, ahead); });
    const facing_alignment_params<V> match{.settle_time = -1};
    same([&] { validate(match); }, [&] { (void)facing_alignment(a, b, match); });
    const low_speed_turning_params<V> crawl{.speed_fraction = 2};
    same([&] { validate(crawl); }, [&] { (void)low_speed_turning(a, V(1), crawl); });
}

namespace {

/// A region and obstacle of a game's own: a ball that validates itself.
struct level_ball {
    glm::vec3 center{};
    float radius = 1;
};
void validate(const level_ball& b) {
    if (!(b.radius >= 0)) throw std::invalid_argument("level_ball: radius must be >= 0");
}
bool contains(const level_ball& b, const glm::vec3& p) { return glm::dot(p - b.center, p - b.center) <= b.radius * b.radius; }
glm::vec3 nearest_inside(const level_ball& b, const glm::vec3& p) {
    return contains(b, p) ? p : b.center + steer::safe_normalize(p - b.center) * b.radius;
}

/// Every way a shape of each kind can be invalid, for vector type V.
template <steer::vector V>
struct bad_shapes {
    using S = steer::scalar_t<V>;
    static constexpr S nan = std::numeric_limits<S>::quiet_NaN();
    static constexpr S inf = std::numeric_limits<S>::infinity();
    static constexpr S tiny = std::numeric_limits<S>::min() / 4;  // non-zero, too short to normalize
    std::vector<steer::sphere<V>> spheres{{V(0), -1}, {V(nan), 1}, {V(0), inf}, {V(0), nan}};
    std::vector<steer::box<V>> boxes{{V(1), V(0)}, {steer::test::make<V>(0, 2, 0), V(1)}, {V(nan), V(1)}, {V(0), V(inf)}};
    std::vector<steer::plane<V>> planes{{V(0), 0},
                                        {steer::test::make<V>(nan, 1, 0), 0},
                                        {steer::test::make<V>(0, tiny, 0), 0},
                                        {steer::test::make<V>(0, 1, 0), inf},
                                        {steer::test::make<V>(0, std::numeric_limits<S>::min() * 2, 0), S(1e30)}};
    std::vector<steer::oriented_box<V>> boxes_turned{boxes_turned_of(V(1), V(0)),
                                                     boxes_turned_of(V(1), steer::test::make<V>(1, 0, 1)),
                                                     boxes_turned_of(V(1), V(1), S(2)), boxes_turned_of(V(nan), V(1))};
    std::vector<steer::segment<V>> segments{{V(1), V(1)}, {V(0), V(nan)}};

    static steer::oriented_box<V> boxes_turned_of(const V& center, const V& half, S first_axis_length = 1) {
        steer::oriented_box<V> b{center, half, {}};
        for (int i = 0; i < steer::dimension_v<V>; ++i) {
            b.axes[static_cast<std::size_t>(i)] = V(S(0));
            b.axes[static_cast<std::size_t>(i)][i] = i == 0 ? first_axis_length : S(1);
        }
        return b;
    }
};

}  // namespace

TEST_CASE_TEMPLATE("every invalid shape is refused by every behavior that takes shapes, with the shape's own message", V,
                   glm::vec2, glm::vec3, glm::dvec3) {
    // containment took any region as it was: an inverted box, a plane without a normal (which
    // puts the agent inside everywhere), a sphere of radius -1 were never reported.
    using S = steer::scalar_t<V>;
    using steer::test::refusal_of;
    const steer::vehicle<V> a({.velocity = steer::test::make<V>(1, 0, 0), .max_force = 2});
    const std::vector<steer::vehicle<V>> none;
    const V hunter = steer::test::make<V>(-5, 0, 0);
    const S step = S(1) / 60;
    const bad_shapes<V> bad;
    std::size_t checked = 0;
    // Each shape through the obstacle behaviors, and the region behavior where it is a region.
    const auto through_all = [&](const auto& shape) {
        constexpr bool is_region = steer::region<std::remove_cvref_t<decltype(shape)>, V>;
        const std::string expected = refusal_of([&] { steer::detail::validate_obstacle(shape); });
        CAPTURE(expected);
        CAPTURE(checked);
        REQUIRE(expected.rfind("steer::", 0) == 0);
        CHECK(refusal_of([&] { (void)steer::obstacle_avoidance(a, shape); }) == expected);
        CHECK(refusal_of([&] { (void)steer::hide(a, hunter, shape); }) == expected);
        CHECK(refusal_of([&] { (void)steer::reciprocal_avoidance(a, none, shape, V(0), step); }) == expected);
        if constexpr (is_region) CHECK(refusal_of([&] { (void)steer::containment(a, shape); }) == expected);
        ++checked;
    };
    for (const auto& s : bad.spheres) through_all(s);
    for (const auto& s : bad.boxes) through_all(s);
    for (const auto& s : bad.planes) through_all(s);
    for (const auto& s : bad.boxes_turned) through_all(s);
    for (const auto& s : bad.segments) through_all(s);
    static_assert(!steer::region<steer::segment<V>, V>);
    CHECK(checked == 19);
    // A box of no size is a region (a point to stay on) but no obstacle.
    const steer::box<V> point{V(1), V(1)};
    CHECK_NOTHROW((void)steer::containment(a, point));
    CHECK(refusal_of([&] { (void)steer::obstacle_avoidance(a, point); }) ==
          "steer::box: size must be non-zero (got min and max both " + steer::detail::format_vector(V(1)) + ")");
    if constexpr (std::is_same_v<V, glm::vec3>) {  // a region of the game's own, with its own validate
        CHECK(refusal_of([&] { (void)steer::containment(a, level_ball{V(0), -1}); }) == "level_ball: radius must be >= 0");
        CHECK_NOTHROW((void)steer::containment(a, level_ball{V(0), 1}));
    }
}

TEST_CASE("a target that is not finite is not refused: it is a per-frame value, as docs/errors.md says") {
    // docs/integrating.md said "a NaN target is refused", while docs/errors.md said targets
    // are not validated (the finite-input promise does not cover them) and the code does
    // not check them. This pins the one contract both guides now state.
    using V = glm::vec3;
    using S = float;
    const steer::vehicle<V> a({.velocity = V(1, 0, 0)});
    const std::vector<steer::sphere<V>> rocks{{V(3, 0, 0), 1}};
    for (const S bad : {std::numeric_limits<S>::quiet_NaN(), std::numeric_limits<S>::infinity()}) {
        const V target(bad, 0, 0);
        CAPTURE(bad);
        CHECK_NOTHROW((void)steer::seek(a, target));
        CHECK_NOTHROW((void)steer::flee(a, target));
        CHECK_NOTHROW((void)steer::arrival(a, target));
        CHECK_NOTHROW((void)steer::docking(a, target, V(1, 0, 0)));
        CHECK_NOTHROW((void)steer::hide(a, target, rocks));
        CHECK_NOTHROW((void)steer::face(a, target));
        CHECK_NOTHROW((void)steer::is_ahead(a, target));
    }
    // Whatever it gave, a force that is not finite is refused where it is applied.
    steer::vehicle<V> moved = a;
    CHECK_THROWS_AS(moved.apply_force(V(std::numeric_limits<S>::quiet_NaN()), S(0.1)), std::invalid_argument);
}

namespace {
/// A function that takes its caller's place as the library's public functions do.
steer::source_location where_called(steer::source_location caller = steer::source_location::current()) {
    return caller;
}
}  // namespace

TEST_CASE("steer::source_location in a default argument is the caller's place; a refusal carries it") {
    // Refusals reported detail/expect.hpp's line and the condition `false` to a custom
    // STEER_EXPECTS (tests/custom_expects checks every refusal's place and rule).
    const unsigned line = __LINE__ + 1;
    const steer::source_location here = where_called();
    CHECK(here.line() == line);
    const std::string file = here.file_name();
    CHECK(file.size() >= 10);
    CHECK(file.compare(file.size() - 10, 10, "errors.cpp") == 0);
    CHECK(std::string(here.function_name()).find("DOCTEST_ANON_FUNC") != std::string::npos);
    const steer::source_location nowhere;
    CHECK(nowhere.line() == 0);
    CHECK(std::string(nowhere.file_name()).empty());
    const steer::refusal r("steer::arrival: slowing_distance must be >= 0 and finite (got -1)",
                           "slowing_distance must be >= 0 and finite", here);
    CHECK(std::string(r) == r.message());
    CHECK(std::string(r.c_str()) == r.message());
    CHECK(r.condition() == "slowing_distance must be >= 0 and finite");
    CHECK(r.location().line() == line);
    const steer::refusal plain(std::string("a message"));  // what a check without a rule gives
    CHECK(plain.message() == "a message");
    CHECK(plain.condition().empty());
    CHECK(plain.location().line() == 0);
}
