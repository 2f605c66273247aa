// The agent concept: every behavior steers the user's own types, and answers for them
// exactly what it answers for a steer::vehicle in the same state.

#include <array>
#include <memory>
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

/// A fresh vehicle in a random state (its frame derived from its velocity, as a plain
/// agent's is), with mass 1 so that an agent without mass() matches it.
template <steer::vector V>
steer::vehicle<V> random_unit_mass_vehicle(steer::rng& gen) {
    auto v = steer::test::random_vehicle<V>(gen);
    return steer::vehicle<V>({.position = v.position(),
                              .velocity = v.velocity(),
                              .radius = steer::uniform(gen, steer::scalar_t<V>(0.1), steer::scalar_t<V>(1)),
                              .max_force = v.max_force(),
                              .max_speed = v.max_speed()});
}

/// Every behavior's answer for agent `a`, with `other` as the quarry, menace, leader or
/// neighbor, in one list, so that two agent types can be compared behavior by behavior.
template <class A, class O>
auto every_behavior(const A& a, const O& other, const steer::agent_vector_t<A>& target) {
    using V = steer::agent_vector_t<A>;
    return std::vector<V>{
        steer::seek(a, target),
        steer::flee(a, target),
        steer::arrival(a, target, {.slowing_distance = 3}),
        steer::pursuit(a, other, {.max_prediction_time = 2}),
        steer::evasion(a, other, {.max_prediction_time = 2}),
        steer::offset_pursuit(a, other, {.offset = 1, .max_prediction_time = 2}),
    };
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
        CHECK(steer::speed(plain) == doctest::Approx(v.speed()).epsilon(1e-6));
        CHECK(steer::mass(plain) == 1);
        CHECK(steer::local_space_of(plain) == v.local_space());
    }
}

TEST_CASE_TEMPLATE("every behavior answers a user's agent bit for bit as it answers a vehicle", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(5);
    for (int i = 0; i < 200; ++i) {
        const auto v = random_unit_mass_vehicle<V>(gen);
        const auto other = random_unit_mass_vehicle<V>(gen);
        const V target = steer::random_vector_in_unit_ball<V>(gen) * S(10);
        const auto plain = plain_copy(v);
        const auto plain_other = plain_copy(other);
        const auto body = body_copy(v);
        const auto body_other = body_copy(other);
        const body_agent<V> adaptor{&body};
        const body_agent<V> adaptor_other{&body_other};

        const auto expected = every_behavior(v, other, target);
        const auto from_plain = every_behavior(plain, plain_other, target);
        const auto from_adaptor = every_behavior(adaptor, adaptor_other, target);
        const auto mixed = every_behavior(adaptor, other, target);  // a vehicle chasing a body, and so on
        REQUIRE(expected.size() == from_plain.size());
        for (std::size_t k = 0; k < expected.size(); ++k) {
            CAPTURE(k);
            CHECK(same_bits(expected[k], from_plain[k]));
            CHECK(same_bits(expected[k], from_adaptor[k]));
            CHECK(same_bits(expected[k], mixed[k]));
        }
    }
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
