#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/arrival.hpp>
#include <steer/behaviors/separation.hpp>
#include <steer/combiners.hpp>
#include <steer/vehicle.hpp>
#include <steer/random.hpp>

#include "groups_util.hpp"
#include "test_util.hpp"

using steer::test::make;
using steer::test::near;

TEST_CASE_TEMPLATE("separation pushes 20 characters released almost on one spot apart", V, STEER_TEST_VECTORS) {
    steer::rng gen(11);
    auto crowd = steer::test::scatter<V>(gen, 20, 0.05, 0, {.max_force = 4, .max_speed = 2});
    const steer::neighborhood<V> n{.max_distance = 3};
    const double start = steer::test::min_pairwise_distance(crowd);
    REQUIRE(start < 0.05);
    for (int frame = 0; frame < 300; ++frame)  // 5 s at 60 Hz
        steer::test::step_all(crowd, [&](std::size_t i) { return steer::separation(crowd[i], crowd, n); }, 1.0 / 60);
    const double end = steer::test::min_pairwise_distance(crowd);
    CHECK(end >= 3 * start);
    CHECK(end > 1);
}

TEST_CASE_TEMPLATE("separation pushes away from each neighbor by R over the distance minus 1, times max_force", V, STEER_TEST_VECTORS) {
    const steer::vehicle<V> v({.position = make<V>(1, 1, 1), .max_force = 2});
    const steer::neighborhood<V> n{.max_distance = 4};
    const auto at = [&](double x, double y, double z) {
        return steer::vehicle<V>({.position = v.position() + make<V>(x, y, z)});
    };
    const std::vector<steer::vehicle<V>> three_quarters{at(3, 0, 0)};  // 4/3 - 1 = 1/3 of max_force
    const std::vector<steer::vehicle<V>> seven_eighths{at(0, 3.5, 0)};  // 4/3.5 - 1 = 1/7
    CHECK(near(steer::separation(v, three_quarters, n), make<V>(-2.0 / 3, 0, 0)));
    CHECK(near(steer::separation(v, seven_eighths, n), make<V>(0, -2.0 / 7, 0)));
    const std::vector<steer::vehicle<V>> both{at(3, 0, 0), at(0, 3.5, 0), v};  // v itself is skipped
    CHECK(near(steer::separation(v, both, n), make<V>(-2.0 / 3, -2.0 / 7, 0)));
    const std::vector<steer::vehicle<V>> opposite{at(2, 0, 0), at(-2, 0, 0)};  // balanced: no push
    CHECK(near(steer::separation(v, opposite, n), make<V>(0, 0, 0)));
    // Half the radius away is full effort; closer is cut there.
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(0, -2, 0)}, n), make<V>(0, 2, 0)));
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(-2, 0, 0)}, n), make<V>(2, 0, 0)));
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(-0.5, 0, 0)}, n), make<V>(2, 0, 0)));
    // The push fades to nothing at the neighborhood's edge instead of jumping: on it, zero;
    // just inside, almost zero; outside, ignored.
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(4, 0, 0)}, n), make<V>(0, 0, 0)));
    CHECK(glm::length(steer::separation(v, std::vector<steer::vehicle<V>>{at(3.99, 0, 0)}, n)) < 0.01);
    CHECK(near(steer::separation(v, seven_eighths, steer::neighborhood<V>{.max_distance = 3}), make<V>(0, 0, 0)));
}

TEST_CASE_TEMPLATE("separation answers at most max_force, and max_force at full effort", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(31);
    const auto crowd = steer::test::random_states<V>(gen, 60, 3);
    const auto agents = steer::test::bare<false>(crowd);  // without mass(): separation must not need one
    for (S reach : {S(0.5), S(1.5), S(4)}) {
        const steer::neighborhood<V> n{.max_distance = reach, .max_angle = S(2.4)};
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const V force = steer::separation(crowd[i], crowd, n);
            CHECK(steer::test::within_max_force(force, crowd[i].max_force()));
            // The same answer, bit for bit, for the game's own agent type.
            CHECK(steer::test::same_bits(steer::separation(agents[i], agents, n), force));
        }
    }
    // One neighbor at half the radius: full effort, straight away from it.
    const steer::vehicle<V> v({.max_force = S(3.7), .max_speed = S(1.3)});
    const std::vector<steer::vehicle<V>> one{steer::vehicle<V>({.position = make<V>(0.3, -0.4, 0)})};
    const V force = steer::separation(v, one, steer::neighborhood<V>{.max_distance = 1});
    CHECK(steer::test::at_full_effort(force, v.max_force()));
    CHECK(near(steer::safe_normalize(force), make<V>(-0.6, 0.8, 0)));
}

TEST_CASE_TEMPLATE("separation is finite and zero with coincident or no neighbors", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(2, 3, 4), .velocity = make<V>(0, 1, 0)});
    const steer::neighborhood<V> n{.max_distance = 5};
    const V zero(S(0));
    CHECK(steer::separation(v, std::vector<steer::vehicle<V>>{}, n) == zero);
    CHECK(steer::separation(v, std::span<const steer::vehicle<V>* const>{}, n) == zero);
    const std::vector<steer::vehicle<V>> stack(5, v);  // five copies on v's spot
    CHECK(steer::separation(v, stack, n) == zero);
    // Almost coincident: a huge push, but finite.
    const V tiny = make<V>(1, 1, 1) * std::numeric_limits<S>::min();
    std::vector<steer::vehicle<V>> almost;
    for (int i = 1; i <= 5; ++i) almost.push_back(steer::vehicle<V>({.position = v.position() + tiny * S(i)}));
    CHECK(steer::is_finite(steer::separation(v, almost, n)));
    std::vector<steer::vehicle<V>> close;
    for (int i = 1; i <= 1000; ++i)
        close.push_back(steer::vehicle<V>({.position = make<V>(1e-18, 0, 0) * S(i)}));
    CHECK(steer::is_finite(steer::separation(steer::vehicle<V>(), close, n)));
}

TEST_CASE_TEMPLATE("separation between bodies pushes by the gap between surfaces, from the personal space in", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::vehicle<V> v({.position = make<V>(1, 1, 1), .radius = S(0.5), .max_force = 2});
    const steer::neighborhood<V> n{.max_distance = 4};
    const steer::separation_params<V> bodies{.bodies = true, .personal_space = S(0.4)};
    const auto at = [&](double x, double y, double z, double radius) {
        return steer::vehicle<V>({.position = v.position() + make<V>(x, y, z), .radius = static_cast<S>(radius)});
    };
    const auto push = [&](const steer::vehicle<V>& other) {
        return steer::separation(v, std::vector<steer::vehicle<V>>{other}, n, bodies);
    };
    // Radii 0.5 and 0.3: the gap is the distance minus 0.8. No push from the personal space
    // (0.4) out; 0.4 / gap - 1 inside it: a third of max_force at a gap of 0.3, full at 0.2.
    CHECK(near(push(at(1.2, 0, 0, 0.3)), make<V>(0, 0, 0)));
    CHECK(near(push(at(3, 0, 0, 0.3)), make<V>(0, 0, 0)));
    CHECK(near(push(at(1.1, 0, 0, 0.3)), make<V>(-2.0 / 3, 0, 0)));
    CHECK(near(push(at(0, -1.0, 0, 0.3)), make<V>(0, 2, 0)));
    // Touching and overlapping bodies: full effort, straight apart.
    CHECK(near(push(at(0, 0.8, 0, 0.3)), make<V>(0, -2, 0)));
    CHECK(near(push(at(-0.3, 0, 0, 0.3)), make<V>(2, 0, 0)));
    // At one distance, the bigger neighbor pushes: between centers both are the same.
    CHECK(near(push(at(1.2, 0, 0, 0.6)), make<V>(-2, 0, 0)));  // a gap of 0.1
    CHECK(near(push(at(1.2, 0, 0, 0.2)), make<V>(0, 0, 0)));   // 0.5
    CHECK(near(steer::separation(v, std::vector<steer::vehicle<V>>{at(1.2, 0, 0, 0.6)}, n),
                steer::separation(v, std::vector<steer::vehicle<V>>{at(1.2, 0, 0, 0.2)}, n)));
    // The default params are separation between centers, bit for bit.
    const auto crowd = std::vector<steer::vehicle<V>>{at(1.1, 0, 0, 0.3), at(0, 2, 0, 0.9), at(-1.5, 0.5, 0, 0.1)};
    CHECK(steer::test::same_bits(steer::separation(v, crowd, n, {}), steer::separation(v, crowd, n)));
    CHECK(steer::test::same_bits(steer::separation(v, crowd, n, {.personal_space = 3}),
                                 steer::separation(v, crowd, n)));
}

TEST_CASE_TEMPLATE("separation between bodies pushes harder the deeper two bodies overlap", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const S space = S(0.3);
    // The strength falls as the gap grows, without a jump: through the sixteenth of the
    // personal space where the curve turns straight, through contact, to the edge.
    S previous = steer::detail::body_separation_strength(space, S(-2));
    CHECK(std::isfinite(previous));
    for (int i = -199; i <= 100; ++i) {
        const S gap = S(i) * S(0.01);
        const S strength = steer::detail::body_separation_strength(space, gap);
        CAPTURE(gap);
        CHECK(strength <= previous);
        if (gap < space) CHECK(strength > S(0));
        else CHECK(strength == S(0));
        previous = strength;
    }
    const S joint = space / S(16);
    CHECK(std::abs(steer::detail::body_separation_strength(space, joint) - S(15)) < S(1e-4));
    CHECK(std::abs(steer::detail::body_separation_strength(space, std::nextafter(joint, S(0))) - S(15)) < S(1e-3));
    CHECK(steer::detail::body_separation_strength(space, S(0)) == S(31));
    CHECK(std::isfinite(steer::detail::body_separation_strength(space, -std::numeric_limits<S>::max())));
    // In a sum: a neighbor deep in the body on one side outweighs one barely touching on the
    // other, where between centers at the same distances the two would cancel.
    const steer::vehicle<V> v({.radius = S(0.5), .max_force = 1});
    const std::vector<steer::vehicle<V>> sides{
        steer::vehicle<V>({.position = make<V>(0.7, 0, 0), .radius = S(0.5)}),     // 0.3 into v
        steer::vehicle<V>({.position = make<V>(-0.7, 0, 0), .radius = S(0.2)})};   // touching
    const V force = steer::separation(v, sides, {.max_distance = 2}, {.bodies = true, .personal_space = space});
    CHECK(force.x < S(-0.99));
    CHECK(near(steer::separation(v, sides, {.max_distance = 2}), make<V>(0, 0, 0)));
}

TEST_CASE_TEMPLATE("separation between bodies answers at most max_force, the same bits for a user's agent type", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::rng gen(41);
    auto crowd = steer::test::random_states<V>(gen, 60, 3);
    for (auto& member : crowd) {  // mixed sizes
        steer::vehicle_params<V> p;
        p.position = member.position();
        p.velocity = member.velocity();
        p.radius = steer::uniform(gen, S(0.1), S(0.6));
        p.max_force = member.max_force();
        p.max_speed = member.max_speed();
        member = steer::vehicle<V>(p);
    }
    const auto agents = steer::test::bare<false>(crowd);
    std::size_t pushed = 0;
    for (S space : {S(0.1), S(0.5), S(2)}) {
        const steer::separation_params<V> bodies{.bodies = true, .personal_space = space};
        for (std::size_t i = 0; i < crowd.size(); ++i) {
            const V force = steer::separation(crowd[i], crowd, {.max_distance = 3, .max_angle = S(2.4)}, bodies);
            CHECK(steer::test::within_max_force(force, crowd[i].max_force()));
            CHECK(steer::test::same_bits(
                steer::separation(agents[i], agents, {.max_distance = 3, .max_angle = S(2.4)}, bodies), force));
            pushed += force != V(S(0)) ? 1u : 0u;
        }
    }
    CHECK(pushed > crowd.size());  // not all zeros
}

TEST_CASE_TEMPLATE("separation between bodies keeps 20 characters of mixed sizes arriving at one point apart", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    // The deepest any two bodies go into each other (a share of their radii's sum) while 20
    // characters of radii 0.2 to 0.7 arrive at the origin from a ring of radius 8, with
    // separation (first, all of the force budget it asks for) and arrival, for 10 s.
    const auto deepest = [](const steer::separation_params<V>& spacing, S reach) {
        steer::rng gen(5);
        std::vector<steer::vehicle<V>> crowd;
        for (int i = 0; i < 20; ++i) {  // on a ring of radius 8 (in the xy plane), 2.5 apart
            const double angle = 2 * std::numbers::pi * i / 20;
            crowd.push_back(steer::vehicle<V>({.position = make<V>(8 * std::cos(angle), 8 * std::sin(angle), 0),
                                               .radius = steer::uniform(gen, S(0.2), S(0.7)),
                                               .max_force = 3,
                                               .max_speed = 1}));
        }
        double worst = 0;
        for (int frame = 0; frame < 600; ++frame) {
            steer::test::step_all(
                crowd,
                [&](std::size_t i) {
                    const steer::vehicle<V>& me = crowd[i];
                    return steer::truncated_sum(
                        me.max_force(),
                        steer::weighted(S(1),
                                        [&] { return steer::separation(me, crowd, {.max_distance = reach}, spacing); }),
                        steer::weighted(S(1), [&] { return steer::arrival(me, V(S(0)), {.slowing_distance = 3}); }));
                },
                1.0 / 60);
            for (std::size_t i = 0; i < crowd.size(); ++i)
                for (std::size_t j = i + 1; j < crowd.size(); ++j) {
                    const double sum = static_cast<double>(crowd[i].radius() + crowd[j].radius());
                    const double apart = static_cast<double>(glm::distance(crowd[i].position(), crowd[j].position()));
                    worst = std::max(worst, (sum - apart) / sum);
                }
        }
        return worst;
    };
    const double bodies = deepest({.bodies = true, .personal_space = 1}, S(2.5));
    const double centers = deepest({}, S(2.5));
    CAPTURE(centers);
    CHECK(bodies <= 0.01);   // never more than 1% of the two radii's sum into each other
    CHECK(centers > 0.1);    // where the same push between centers lets the bigger ones in
}
