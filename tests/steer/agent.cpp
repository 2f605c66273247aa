// The agent concept: every behavior steers the user's own types, and answers for them
// exactly what it answers for a steer::vehicle in the same state.

#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <utility>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <steer/agent.hpp>
#include <steer/steer.hpp>

#include "steer/behaviors/contract_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::same_bits;

namespace {

/// A game's own character: a plain struct with the six required members and nothing else.
template <steer::vector V>
struct plain_agent {
    using S = steer::scalar_t<V>;
    V where{}, moving{}, heading{};
    S top_speed = 1, top_force = 1, size = 0;
    V position() const { return where; }
    V velocity() const { return moving; }
    V forward() const { return heading; }
    S max_speed() const { return top_speed; }
    S max_force() const { return top_force; }
    S radius() const { return size; }
};

/// A physics engine's rigid body, which the game cannot change: other names, other layout.
template <steer::vector V>
struct rigid_body {
    using S = steer::scalar_t<V>;
    S inverse_mass = 1;
    V linear_velocity{};
    V origin{};
    V facing{};
    S collision_radius = 0;
    S thrust = 1;
    S speed_cap = 1;
};

/// The adaptor the docs recommend: a reference to the body and six forwarding calls, plus
/// the optional mass.
template <steer::vector V>
struct body_agent {
    using S = steer::scalar_t<V>;
    const rigid_body<V>* body;
    V position() const { return body->origin; }
    V velocity() const { return body->linear_velocity; }
    V forward() const { return body->facing; }
    S max_speed() const { return body->speed_cap; }
    S max_force() const { return body->thrust; }
    S radius() const { return body->collision_radius; }
    S mass() const { return S(1) / body->inverse_mass; }
};

template <steer::vector V>
plain_agent<V> plain_copy(const steer::vehicle<V>& v) {
    return {v.position(), v.velocity(), v.forward(), v.max_speed(), v.max_force(), v.radius()};
}

template <steer::vector V>
rigid_body<V> body_copy(const steer::vehicle<V>& v) {
    using S = steer::scalar_t<V>;
    return {S(1) / v.mass(), v.velocity(), v.position(), v.forward(), v.radius(), v.max_force(), v.max_speed()};
}

/// `v` rebuilt with another mass: still fresh, its frame derived from its velocity.
template <steer::vector V>
steer::vehicle<V> with_mass(const steer::vehicle<V>& v, steer::scalar_t<V> mass) {
    return steer::vehicle<V>({.position = v.position(),
                              .velocity = v.velocity(),
                              .mass = mass,
                              .radius = v.radius(),
                              .max_force = v.max_force(),
                              .max_speed = v.max_speed()});
}

/// A fresh vehicle in a random state (its frame derived from its velocity, as a plain
/// agent's is), with mass 1 so that an agent without mass() matches it.
template <steer::vector V>
steer::vehicle<V> random_unit_mass_vehicle(steer::rng& gen, double spread = 10) {
    return with_mass(steer::test::random_vehicle<V>(gen, spread), steer::scalar_t<V>(1));
}

/// A fresh vehicle in a random state whose mass (never 1) survives the rigid body's
/// inverse: 1 / (1 / m) rounds back to m, so the adaptor's mass() is the vehicle's, bit for bit.
template <steer::vector V>
steer::vehicle<V> random_massive_vehicle(steer::rng& gen, double spread = 10) {
    using S = steer::scalar_t<V>;
    const auto v = steer::test::random_vehicle<V>(gen, spread);
    S mass = v.mass();
    while (S(1) / (S(1) / mass) != mass) mass = std::nextafter(mass, S(10));
    return with_mass(v, mass);
}

/// The agent an element of a neighbor range stands for (the range holds agents or pointers).
template <class E>
const auto& agent_in(const E& element) {
    if constexpr (steer::agent<E>) return element;
    else return *element;
}

/// Everything the behaviors react to besides agents: a target, rocks, regions, a path, a
/// wall, a flow field, checkpoints, an avatar, neighborhoods, and the memory of wander and
/// patrol with the random generator wander draws from. Each agent type gets a copy of the
/// memory and of the generator, so that all of them start from the same state and draws.
template <steer::vector V>
struct scene {
    using S = steer::scalar_t<V>;
    V target{};
    V dock_forward{};
    std::vector<steer::sphere<V>> rocks;
    steer::sphere<V> tank{};
    steer::box<V> room{};
    steer::pathway<V> path;
    steer::pathway<V> wall;
    steer::flow_field<V> field;
    std::vector<V> checkpoints;
    steer::patrol_state patrol{};
    steer::wander_state<V> wander{};
    S turn_rate = 0;  // wander_turning's memory (2D)
    steer::rng gen{1};
    V avatar_position{};
    V avatar_velocity{};
    steer::neighborhood<V> around{};
    steer::neighborhood<V> ahead{};
};

/// A scene around the origin, where `random_vehicle(gen, 4)` puts the agents, with its
/// random parts drawn from `gen`.
template <steer::vector V>
scene<V> random_scene(steer::rng& gen) {
    using S = steer::scalar_t<V>;
    const auto random_point = [&](double spread) {
        return steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(spread);
    };
    scene<V> w{
        .target = random_point(8),
        .dock_forward = steer::random_unit_vector<V>(gen),
        .rocks = {},
        .tank = {random_point(2), steer::uniform(gen, S(2), S(4))},
        .room = {make<V>(-3, -2, -2.5), make<V>(2, 3, 1.5)},
        .path = steer::pathway<V>({make<V>(-8, -2, 0), make<V>(-3, 2, 1), make<V>(2, -2, -1), make<V>(7, 1, 0)},
                                  S(1.5)),
        .wall = steer::pathway<V>({make<V>(-8, 4, -1), make<V>(0, 5, 0), make<V>(8, 3, 1)}, S(0)),
        .field = steer::flow_field<V>({make<V>(-8, -8, -8), make<V>(8, 8, 8)}, steer::cell_t<V>(6),
                                      [](const V& p) { return make<V>(-p.y, p.x, p.x * S(0.1)) * S(0.3); }),
        .checkpoints = {make<V>(-3, 0, 0), make<V>(0, 3, 1), make<V>(3, 0, -1), make<V>(0, -3, 0)},
        .patrol = {.next = static_cast<std::size_t>(gen() % 4), .backward = gen() % 2 == 0},
        .wander = {random_point(1)},
        .turn_rate = steer::uniform(gen, S(-1), S(1)),
        .gen = steer::rng(gen()),
        .avatar_position = random_point(4),
        .avatar_velocity = random_point(3),
        .around = {.max_distance = 3},
        .ahead = {.max_distance = 5, .max_angle = S(2)},
    };
    for (int i = 0; i < 4; ++i) w.rocks.push_back({random_point(5), steer::uniform(gen, S(0.3), S(1.5))});
    return w;
}

/// One named answer of a behavior (a force, or memory it updated, or a query's result).
template <steer::vector V>
struct answer {
    std::string name;
    V value;
};

/// Every public behavior's answer for agent `a`, with `other` as the quarry, menace, leader
/// or hunter, `third` as interpose's second agent, and `neighbors` as the group (holding
/// `a`, `other` and `third` themselves, or agents in their states), in one list, so that
/// agent types can be compared behavior by behavior.
template <class A, class O, class T, class R>
std::vector<answer<steer::agent_vector_t<A>>> every_behavior(const A& a, const O& other, const T& third,
                                                             const R& neighbors,
                                                             const scene<steer::agent_vector_t<A>>& w) {
    using V = steer::agent_vector_t<A>;
    using S = steer::scalar_t<V>;
    std::vector<answer<V>> out;
    const auto add = [&](std::string name, const V& value) { out.push_back({std::move(name), value}); };
    const auto number = [](auto n) { return V(static_cast<S>(n)); };
    const S dt = S(1) / S(30);

    add("seek", steer::seek(a, w.target));
    add("flee", steer::flee(a, w.target));
    add("arrival", steer::arrival(a, w.target, {.slowing_distance = 3}));
    add("pursuit", steer::pursuit(a, other, {.max_prediction_time = 2}));
    add("evasion", steer::evasion(a, other, {.max_prediction_time = 2}));
    add("offset_pursuit", steer::offset_pursuit(a, other, {.offset = 1, .max_prediction_time = 2}));
    {
        auto state = w.wander;
        auto gen = w.gen;
        add("wander", steer::wander(a, state, gen, dt, {.radius = 1, .distance = 2, .rate = 3}));
        add("wander's state", state.target);
        add("wander's draws", number(gen() >> 44));  // the same number of draws taken
    }
    if constexpr (steer::dimension_v<V> == 2) {
        steer::wander_turning_state<V> state{.turn_rate = w.turn_rate};
        auto gen = w.gen;
        add("wander_turning", steer::wander_turning(a, state, gen, dt, {.max_turn_rate = 2, .turn_rate_change = 3}));
        add("wander_turning's state", number(state.turn_rate));
        add("wander_turning's draws", number(gen() >> 44));
    }
    add("interpose", steer::interpose(a, other, third, {.slowing_distance = 2}));
    add("interpose_point", steer::interpose_point(a, other, third));
    add("shadow", steer::shadow(a, other, {.stand_off = S(1.5), .slowing_distance = 2}));
    add("docking", steer::docking(a, w.target, w.dock_forward, {.slowing_distance = 2}));
    for (const auto mode : {steer::patrol_mode::loop, steer::patrol_mode::ping_pong}) {
        const std::string name = mode == steer::patrol_mode::loop ? "patrol (loop)" : "patrol (ping-pong)";
        auto state = w.patrol;
        add(name, steer::patrol(a, w.checkpoints, state, {.slowing_distance = 2, .reach_radius = S(1.5), .mode = mode}));
        add(name + "'s state", V(number(state.next)) + number(state.backward ? 10 : 0));
    }
    add("obstacle_avoidance", steer::obstacle_avoidance(a, w.rocks, {.min_time_to_collision = 3, .clearance = S(0.2)}));
    add("containment (sphere)", steer::containment(a, w.tank, {.prediction_time = 1}));
    add("containment (box)", steer::containment(a, w.room, {.prediction_time = 1}));
    add("containment (pathway)", steer::containment(a, w.path, {.prediction_time = 1}));
    for (const int direction : {+1, -1, 0})
        add("path_following " + std::to_string(direction),
            steer::path_following(a, w.path, {.direction = direction, .prediction_time = 1}));
    add("wall_following", steer::wall_following(a, w.wall, {.offset = 1, .prediction_time = S(0.5)}));
    add("flow_field_following", steer::flow_field_following(a, w.field, {.prediction_time = 1}));
    add("hide (hunter agent)", steer::hide(a, other, w.rocks, {.margin = S(0.5), .slowing_distance = 2}));
    add("hide (hunter position)", steer::hide(a, V(other.position()), w.rocks, {.margin = S(0.5)}));
    add("unaligned_collision_avoidance",
        steer::unaligned_collision_avoidance(a, neighbors, {.min_time_to_collision = 3, .clearance = S(0.2)}));
    for (const auto& [label, n] : {std::pair{"around", w.around}, std::pair{"ahead", w.ahead}}) {
        add(std::string("separation ") + label, steer::separation(a, neighbors, n));
        add(std::string("cohesion ") + label, steer::cohesion(a, neighbors, n));
        add(std::string("alignment ") + label, steer::alignment(a, neighbors, n));
        const auto center = steer::neighborhood_center(a, neighbors, n);
        add(std::string("neighborhood_center ") + label, center.value_or(V(S(0))));
        add(std::string("neighborhood_center found ") + label, number(center.has_value()));
    }
    add("flocking", steer::flocking(a, neighbors,
                                    {.separation = w.around,
                                     .alignment = w.ahead,
                                     .cohesion = {.max_distance = 4},
                                     .separation_weight = S(0.8),
                                     .alignment_weight = S(0.5),
                                     .cohesion_weight = S(0.4)}));
    add("leader_following", steer::leader_following(a, other, neighbors,
                                                    {.behind_distance = S(1.5),
                                                     .slowing_distance = 2,
                                                     .lane_length = 3,
                                                     .lane_width = S(1.5),
                                                     .separation = w.around,
                                                     .separation_weight = S(0.5),
                                                     .behind_time = S(0.5)}));
    add("reciprocal_avoidance", steer::reciprocal_avoidance(a, neighbors, w.target - V(a.position()), dt));
    add("reciprocal_avoidance (obstacles)",
        steer::reciprocal_avoidance(a, neighbors, w.rocks, w.target - V(a.position()), dt, {.detour_angle = 1}));
    add("collision_free_velocity", steer::collision_free_velocity(a, neighbors, w.target, dt));
    add("desired_velocity", steer::desired_velocity(a, w.target));
    add("avatar_avoidance", steer::avatar_avoidance(a, w.avatar_position, w.avatar_velocity,
                                                    {.radius = 3, .velocity_weight = 1}));
    std::size_t i = 0;
    for (const auto& element : neighbors) {
        const auto& neighbor = agent_in(element);
        // The first neighbor is `a` itself, or an agent in its place: never its own neighbor.
        add(i == 0 ? std::string("in_neighborhood of itself") : "in_neighborhood " + std::to_string(i), number(steer::in_neighborhood(a, neighbor, w.around)) +
                                                        number(steer::in_neighborhood(a, neighbor, w.ahead) ? 10 : 0));
        ++i;
    }
    return out;
}

/// Checks that `answers` are `expected`, name by name and bit for bit.
template <steer::vector V>
void check_same(const std::vector<answer<V>>& expected, const std::vector<answer<V>>& answers, const char* who) {
    CAPTURE(who);
    REQUIRE(answers.size() == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        CAPTURE(expected[k].name);
        CAPTURE(expected[k].value);
        CAPTURE(answers[k].value);
        CHECK(answers[k].name == expected[k].name);
        CHECK(same_bits(answers[k].value, expected[k].value));
    }
}

/// Counts, per answer, the trials in which the vehicle's answer was not zero: a comparison
/// of zeros only would prove nothing about the behavior's arithmetic.
template <steer::vector V>
void count_nonzero(const std::vector<answer<V>>& answers, std::map<std::string, int>& counts) {
    for (const auto& [name, value] : answers) counts[name] += value != V(steer::scalar_t<V>(0)) ? 1 : 0;
}

void check_each_answered(const std::map<std::string, int>& counts) {
    for (const auto& entry : counts) {  // not a structured binding: CAPTURE's lambda cannot see one in clang
        CAPTURE(entry.first);
        if (entry.first == "in_neighborhood of itself") CHECK(entry.second == 0);
        else CHECK(entry.second > 0);
    }
}

}  // namespace

static_assert(steer::agent<steer::vehicle2>);
static_assert(steer::agent<steer::vehicle3d>);
static_assert(steer::agent<plain_agent<glm::vec3>>);
static_assert(steer::agent<body_agent<glm::dvec2>>);
static_assert(!steer::agent<rigid_body<glm::vec2>>);  // the body itself has none of the members
static_assert(!steer::agent<int>);
static_assert(std::same_as<steer::agent_vector_t<body_agent<glm::dvec2>>, glm::dvec2>);
static_assert(steer::neighbor_range<std::vector<plain_agent<glm::vec2>>, glm::vec2>);
static_assert(steer::neighbor_range<std::vector<const body_agent<glm::vec3>*>, glm::vec3>);
static_assert(steer::neighbor_range<std::vector<std::unique_ptr<plain_agent<glm::vec3>>>, glm::vec3>);
static_assert(!steer::neighbor_range<std::vector<plain_agent<glm::vec3>>, glm::vec2>);  // another vector type

TEST_CASE_TEMPLATE("an agent without side, up, speed or mass gets the frame and mass a fresh vehicle has", V,
                   STEER_TEST_VECTORS) {
    steer::rng gen(3);
    for (int i = 0; i < 200; ++i) {
        const auto v = random_unit_mass_vehicle<V>(gen);
        const auto plain = plain_copy(v);
        CHECK(same_bits(steer::side(plain), v.side()));
        if constexpr (steer::dimension_v<V> == 3) CHECK(same_bits(steer::up(plain), v.up()));
        CHECK(steer::speed(plain) == doctest::Approx(static_cast<double>(v.speed())).epsilon(1e-6));
        CHECK(steer::mass(plain) == 1);
        CHECK(steer::local_space_of(plain) == v.local_space());
    }
}

// The group behaviors read a range of neighbors of the agent's own type (or pointers to it),
// holding the agent itself, built from the same vehicles: `crowd[0]` steers, `crowd[1]` is
// the other agent, `crowd[2]` the third.
constexpr std::size_t crowd_size = 12;

/// The crowd again as rigid bodies, adaptors over them, and pointers to the adaptors: the
/// three forms a game's own agents take in the comparisons below.
template <steer::vector V>
struct body_views {
    std::vector<rigid_body<V>> bodies;
    std::vector<body_agent<V>> adaptors;
    std::vector<const body_agent<V>*> pointers;

    explicit body_views(const std::vector<steer::vehicle<V>>& crowd) {
        for (const auto& v : crowd) bodies.push_back(body_copy(v));
        for (const auto& body : bodies) adaptors.push_back({&body});
        for (const auto& adaptor : adaptors) pointers.push_back(&adaptor);
    }
    body_views(const body_views&) = delete;  // the adaptors point into `bodies`
};

TEST_CASE_TEMPLATE("every behavior answers a user's agent bit for bit as it answers a vehicle", V, STEER_TEST_VECTORS) {
    steer::rng gen(5);
    std::map<std::string, int> nonzero;
    for (int trial = 0; trial < 200; ++trial) {
        CAPTURE(trial);
        const scene<V> w = random_scene<V>(gen);
        std::vector<steer::vehicle<V>> crowd;
        for (std::size_t i = 0; i < crowd_size; ++i) crowd.push_back(random_unit_mass_vehicle<V>(gen, 4));
        std::vector<plain_agent<V>> plains;
        for (const auto& v : crowd) plains.push_back(plain_copy(v));
        const body_views<V> views(crowd);
        const auto& adaptors = views.adaptors;
        const auto& pointers = views.pointers;

        const auto expected = every_behavior(crowd[0], crowd[1], crowd[2], crowd, w);
        count_nonzero(expected, nonzero);
        check_same(expected, every_behavior(plains[0], plains[1], plains[2], plains, w), "plain agents");
        check_same(expected, every_behavior(adaptors[0], adaptors[1], adaptors[2], adaptors, w), "adaptors");
        check_same(expected, every_behavior(*pointers[0], *pointers[1], *pointers[2], pointers, w),
                   "pointers to adaptors");
        // A body among vehicles, chasing a vehicle, between a vehicle and a plain agent: the
        // range holds the steering agent only as a vehicle in the same place.
        check_same(expected, every_behavior(adaptors[0], crowd[1], plains[2], crowd, w), "mixed");
    }
    check_each_answered(nonzero);
}

TEST_CASE_TEMPLATE("every behavior answers an agent with mass() bit for bit as it answers a vehicle of that mass", V,
                   STEER_TEST_VECTORS) {
    steer::rng gen(7);
    std::map<std::string, int> nonzero;
    for (int trial = 0; trial < 200; ++trial) {
        CAPTURE(trial);
        const scene<V> w = random_scene<V>(gen);
        std::vector<steer::vehicle<V>> crowd;
        for (std::size_t i = 0; i < crowd_size; ++i) crowd.push_back(random_massive_vehicle<V>(gen, 4));
        const auto bares = steer::test::bare(crowd);
        const body_views<V> views(crowd);
        const auto& adaptors = views.adaptors;
        const auto& pointers = views.pointers;
        for (std::size_t i = 0; i < crowd_size; ++i) REQUIRE(steer::mass(adaptors[i]) == crowd[i].mass());

        const auto expected = every_behavior(crowd[0], crowd[1], crowd[2], crowd, w);
        count_nonzero(expected, nonzero);
        check_same(expected, every_behavior(bares[0], bares[1], bares[2], bares, w), "plain agents with mass");
        check_same(expected, every_behavior(adaptors[0], adaptors[1], adaptors[2], adaptors, w), "adaptors");
        check_same(expected, every_behavior(*pointers[0], *pointers[1], *pointers[2], pointers, w),
                   "pointers to adaptors");
        check_same(expected, every_behavior(adaptors[0], crowd[1], bares[2], crowd, w), "mixed");
    }
    check_each_answered(nonzero);
}

TEST_CASE_TEMPLATE("an adaptor's mass is used where the behavior needs one", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> heavy({.mass = 3, .max_force = 2, .max_speed = 1});
    const auto body = body_copy(heavy);
    const body_agent<V> adaptor{&body};
    const V target = make<V>(0.5, 0.2, 0);
    CHECK(steer::mass(adaptor) == doctest::Approx(3));
    CHECK(same_bits(steer::arrival(heavy, target, {.slowing_distance = S(2)}),
                    steer::arrival(adaptor, target, {.slowing_distance = S(2)})));
}

TEST_CASE_TEMPLATE("every behavior refuses a user's agent whose radius, max_speed or max_force is negative or not "
                   "finite, naming the behavior and the member",
                   V, STEER_TEST_VECTORS) {
    // A vehicle refuses such limits when it is built; an agent of the game's own type reached
    // the behaviors with them (obstacle_avoidance then returned zero, separation went on).
    using S = steer::scalar_t<V>;
    steer::rng gen(3);
    const scene<V> w = random_scene<V>(gen);
    const steer::vehicle<V> other({.position = make<V>(1, 1, 0), .velocity = make<V>(0, 1, 0)});
    const steer::vehicle<V> third({.position = make<V>(-1, 2, 0)});
    const std::vector<steer::vehicle<V>> group{other, third};
    const S dt = S(1) / S(30);
    const S nan = std::numeric_limits<S>::quiet_NaN(), inf = std::numeric_limits<S>::infinity();
    struct bad_limit {
        plain_agent<V> agent;
        std::string member;  // as the message names it, with the value it prints
    };
    const auto agent_with = [](S size, S top_speed, S top_force) {
        plain_agent<V> a{make<V>(0, 0, 0), make<V>(1, 0, 0), make<V>(1, 0, 0)};
        a.size = size;
        a.top_speed = top_speed;
        a.top_force = top_force;
        return a;
    };
    const std::vector<bad_limit> bad{{agent_with(-1, 1, 1), "a.radius() must be >= 0 and finite (got -1)"},
                                     {agent_with(nan, 1, 1), "a.radius() must be >= 0 and finite (got nan)"},
                                     {agent_with(S(0.5), -2, 1), "a.max_speed() must be >= 0 and finite (got -2)"},
                                     {agent_with(S(0.5), inf, 1), "a.max_speed() must be >= 0 and finite (got inf)"},
                                     {agent_with(S(0.5), 1, -3), "a.max_force() must be >= 0 and finite (got -3)"},
                                     {agent_with(S(0.5), 1, nan), "a.max_force() must be >= 0 and finite (got nan)"}};
    for (const bad_limit& b : bad) {
        const plain_agent<V>& a = b.agent;
        CAPTURE(b.member);
        auto wandering = w.wander;
        auto patrolling = w.patrol;
        auto gen_copy = w.gen;
        std::vector<std::pair<std::string, std::function<void()>>> calls{
            {"seek", [&] { (void)steer::seek(a, w.target); }},
            {"flee", [&] { (void)steer::flee(a, w.target); }},
            {"arrival", [&] { (void)steer::arrival(a, w.target); }},
            {"pursuit", [&] { (void)steer::pursuit(a, other); }},
            {"evasion", [&] { (void)steer::evasion(a, other); }},
            {"offset_pursuit", [&] { (void)steer::offset_pursuit(a, other); }},
            {"wander", [&] { (void)steer::wander(a, wandering, gen_copy, dt); }},
            {"interpose", [&] { (void)steer::interpose(a, other, third); }},
            {"shadow", [&] { (void)steer::shadow(a, other); }},
            {"docking", [&] { (void)steer::docking(a, w.target, w.dock_forward); }},
            {"patrol", [&] { (void)steer::patrol(a, w.checkpoints, patrolling); }},
            {"obstacle_avoidance", [&] { (void)steer::obstacle_avoidance(a, w.rocks); }},
            {"containment", [&] { (void)steer::containment(a, w.tank); }},
            {"path_following", [&] { (void)steer::path_following(a, w.path); }},
            {"wall_following", [&] { (void)steer::wall_following(a, w.wall); }},
            {"flow_field_following", [&] { (void)steer::flow_field_following(a, w.field); }},
            {"hide", [&] { (void)steer::hide(a, other, w.rocks); }},
            {"hide", [&] { (void)steer::hide(a, V(other.position()), w.rocks); }},
            {"unaligned_collision_avoidance", [&] { (void)steer::unaligned_collision_avoidance(a, group); }},
            {"separation", [&] { (void)steer::separation(a, group, w.around); }},
            {"cohesion", [&] { (void)steer::cohesion(a, group, w.around); }},
            {"alignment", [&] { (void)steer::alignment(a, group, w.around); }},
            {"flocking", [&] { (void)steer::flocking(a, group, steer::flocking_params<V>{}); }},
            {"leader_following", [&] { (void)steer::leader_following(a, other, group); }},
            {"avatar_avoidance", [&] { (void)steer::avatar_avoidance(a, w.avatar_position, w.avatar_velocity, {.radius = 3}); }},
        };
        if constexpr (steer::dimension_v<V> == 2)
            calls.emplace_back("wander_turning", [&] {
                steer::wander_turning_state<V> state;
                (void)steer::wander_turning(a, state, gen_copy, dt);
            });
        if (b.member.rfind("a.radius()", 0) != 0) {  // (reciprocal_avoidance asks a radius > 0 first: its own message)
            calls.emplace_back("reciprocal_avoidance", [&] { (void)steer::reciprocal_avoidance(a, group, V(0), dt); });
            calls.emplace_back("reciprocal_avoidance", [&] { (void)steer::collision_free_velocity(a, group, V(0), dt); });
        }
        for (const auto& entry : calls) {  // (not a structured binding: CAPTURE's lambda cannot take one in clang 14)
            const std::string& name = entry.first;
            CAPTURE(name);
            CHECK(steer::test::refusal_of(entry.second) == "steer::" + name + ": " + b.member);
        }
        CHECK(wandering.target == w.wander.target);  // refused before anything changed
    }
    // The library's vehicle keeps its limits valid: the behaviors do not check them again.
    static_assert(steer::detail::keeps_its_limits<steer::vehicle<V>>);
    static_assert(!steer::detail::keeps_its_limits<plain_agent<V>>);
    static_assert(noexcept(steer::seek(std::declval<const steer::vehicle<V>&>(), V())));
}
