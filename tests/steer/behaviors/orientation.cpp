#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <doctest/doctest.h>

#include <steer/behaviors/orientation.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>

#include "test_util.hpp"

using steer::test::angle_between;
using steer::test::make;

namespace {

constexpr double pi = 3.14159265358979323846;

/// A vehicle looking along +x (its own facing), with the given turn rate limit.
template <class V>
steer::vehicle<V> turret(double max_turn_rate) {
    using S = steer::scalar_t<V>;
    return steer::vehicle<V>({.facing = make<V>(1, 0, 0), .max_turn_rate = static_cast<S>(max_turn_rate)});
}

/// The angle turned in one second of `face` toward `point`, stepped at `hz`.
template <class V>
double turned_in_one_second(double hz, V point, double max_turn_rate) {
    using S = steer::scalar_t<V>;
    auto v = turret<V>(max_turn_rate);
    const V start = v.facing();
    const int steps = static_cast<int>(std::lround(hz));
    for (int i = 0; i < steps; ++i) v.turn(steer::face(v, point), static_cast<S>(1 / hz));
    return angle_between(start, v.facing());
}

}  // namespace

TEST_CASE_TEMPLATE("a vehicle's facing follows the velocity by default and is its own once given", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v({.velocity = make<V>(0, 1, 0), .max_speed = 2});
    CHECK_FALSE(v.has_own_facing());
    CHECK(v.facing() == v.forward());
    v.apply_force(make<V>(1, 0, 0), S(0.5));
    CHECK(v.facing() == v.forward());  // still following after a turn of the body
    v.set_facing(make<V>(-3, 0, 0));
    CHECK(v.has_own_facing());
    CHECK(steer::test::near(v.facing(), make<V>(-1, 0, 0)));
    v.apply_force(make<V>(0, 1, 0), S(0.5));  // the body turns, the facing stays
    CHECK(steer::test::near(v.facing(), make<V>(-1, 0, 0)));
    v.follow_velocity_with_facing();
    CHECK(v.facing() == v.forward());
    // The accessor reads it, and falls back to forward() for an agent without facing().
    CHECK(steer::facing(v) == v.facing());
    CHECK(std::isinf(steer::max_turn_rate(v)));
}

TEST_CASE_TEMPLATE("face turns toward a point at the max turn rate, the same at 30, 60 and 240 Hz", V,
                   STEER_TEST_VECTORS_ALL) {
    // 120 degrees away at 90 degrees per second: the rate is at its limit for the whole second.
    const V far_round = make<V>(std::cos(2 * pi / 3), std::sin(2 * pi / 3), 0) * steer::scalar_t<V>(10);
    const double at60 = turned_in_one_second(60, far_round, pi / 2);
    CHECK(at60 == doctest::Approx(pi / 2).epsilon(0.01));
    CHECK(turned_in_one_second(30, far_round, pi / 2) == doctest::Approx(at60).epsilon(0.01));
    CHECK(turned_in_one_second(240, far_round, pi / 2) == doctest::Approx(at60).epsilon(0.01));
    // 60 degrees away: it gets there within the second, and settles on it without overshoot.
    const V near_round = make<V>(std::cos(pi / 3), std::sin(pi / 3), 0);
    for (double hz : {30.0, 60.0, 240.0}) {
        CAPTURE(hz);
        CHECK(turned_in_one_second(hz, near_round, pi / 2) == doctest::Approx(pi / 3).epsilon(0.01));
    }
    if constexpr (steer::dimension_v<V> == 3) {  // and out of the plane, about any axis
        const V up_and_back = make<V>(-1, 0, 2);
        const double want = std::min(angle_between(make<V>(1, 0, 0), up_and_back), pi / 2);
        for (double hz : {30.0, 60.0, 240.0}) {
            CAPTURE(hz);
            CHECK(turned_in_one_second(hz, up_and_back, pi / 2) == doctest::Approx(want).epsilon(0.01));
        }
    }
}

TEST_CASE_TEMPLATE("a strafing vehicle keeps facing its target while it moves across", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v({.position = make<V>(0, -10, 0), .max_force = 4, .max_speed = 2, .facing = make<V>(0, 1, 0),
                         .max_turn_rate = S(2)});
    const V target = make<V>(0, 0, 0);
    const S dt = S(1) / S(60);
    double worst = 0;
    for (int i = 0; i < 600; ++i) {
        v.apply_force(steer::seek(v, make<V>(30, -10, 0)), dt);  // walks along x
        v.turn(steer::face(v, target), dt);
        if (i > 30) worst = std::max(worst, angle_between(v.facing(), target - v.position()));
    }
    CHECK(v.position()[0] > S(15));                   // it moved sideways...
    CHECK(worst < 0.05);                              // ...looking at the target all along,
    CHECK(angle_between(v.forward(), v.facing()) > 1.0);  // which is not where it went
}

TEST_CASE_TEMPLATE("look_where_you_are_going and facing_alignment turn toward the velocity and another's facing", V,
                   STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    steer::vehicle<V> v({.velocity = make<V>(0, 1, 0), .max_speed = 1, .facing = make<V>(1, 0, 0),
                         .max_turn_rate = S(1)});
    const auto rate = steer::look_where_you_are_going(v);
    CHECK(steer::turn_speed<V>(rate) == doctest::Approx(1));  // 90 degrees away: at the limit
    for (int i = 0; i < 120; ++i) v.turn(steer::look_where_you_are_going(v), S(1) / S(60));
    CHECK(angle_between(v.facing(), v.velocity()) < 1e-3);
    CHECK(steer::turn_speed<V>(steer::look_where_you_are_going(v)) < 0.01);

    const steer::vehicle<V> other({.facing = make<V>(-1, 1, 0)});
    for (int i = 0; i < 240; ++i) v.turn(steer::facing_alignment(v, other), S(1) / S(60));
    CHECK(angle_between(v.facing(), other.facing()) < 1e-3);
}

TEST_CASE_TEMPLATE("orientation behaviors answer at most the max turn rate, and are finite in degenerate cases", V,
                   STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    steer::rng gen(5);
    for (int trial = 0; trial < 200; ++trial) {
        CAPTURE(trial);
        const S limit = steer::uniform<S>(gen, S(0), S(4));
        steer::vehicle<V> v({.position = steer::random_vector_in_unit_ball<V>(gen) * S(5),
                             .velocity = steer::random_vector_in_unit_ball<V>(gen),
                             .facing = steer::random_unit_vector<V>(gen),
                             .max_turn_rate = limit});
        const V point = steer::random_vector_in_unit_ball<V>(gen) * S(5);
        CHECK(steer::turn_speed<V>(steer::face(v, point)) <= limit * S(1.0001));
        CHECK(steer::turn_speed<V>(steer::look_where_you_are_going(v)) <= limit * S(1.0001));
        CHECK(steer::turn_speed<V>(steer::facing_alignment(v, v)) <= limit * S(1.0001));
    }
    // Facing the point it stands on, at rest, or a facing exactly opposite: finite.
    const steer::vehicle<V> still({.facing = make<V>(1, 0, 0), .max_turn_rate = S(1)});
    CHECK(steer::turn_speed<V>(steer::face(still, still.position())) == S(0));
    CHECK(steer::turn_speed<V>(steer::look_where_you_are_going(still)) == S(0));
    const steer::vehicle<V> opposite({.facing = make<V>(-1, 0, 0)});
    const auto back = steer::facing_alignment(still, opposite);
    CHECK(steer::turn_speed<V>(back) == doctest::Approx(1));  // full effort, a definite way round
    // A user agent whose facing is zero gets no turn, not a NaN.
    struct blind {
        V position() const { return V(S(0)); }
        V velocity() const { return V(S(0)); }
        V forward() const { return make<V>(1, 0, 0); }
        V facing() const { return V(S(0)); }
        S max_speed() const { return 1; }
        S max_force() const { return 1; }
        S radius() const { return 1; }
        S max_turn_rate() const { return 2; }
    };
    static_assert(steer::agent<blind>);
    CHECK(steer::turn_speed<V>(steer::face(blind{}, make<V>(0, 5, 0))) == S(0));
    CHECK(steer::max_turn_rate(blind{}) == S(2));
    CHECK_THROWS_AS((void)steer::face(still, V(S(1)), {.settle_time = 0}), std::invalid_argument);
}

TEST_CASE_TEMPLATE("a denormal settling time turns at the full rate, and a turn whose angle overflows keeps a unit facing",
                   V, STEER_TEST_VECTORS_ALL) {
    using S = steer::scalar_t<V>;
    const S tiny = std::numeric_limits<S>::denorm_min() * S(64);
    const V point = make<V>(0, 5, 0);  // a quarter turn away
    // rotation / settle_time overflowed to infinity, and the rate limit read it as no turn.
    const auto limited = turret<V>(3);
    CHECK(steer::turn_speed<V>(steer::face(limited, point, {.settle_time = tiny})) == doctest::Approx(3));
    CHECK(steer::turn_speed<V>(steer::face(limited, point, {.settle_time = std::numeric_limits<S>::min()})) ==
          doctest::Approx(3));
    // Without a limit the rate stops at the promised magnitude (2^60 in float, 2^508 in
    // double: docs/errors.md, "Magnitudes"), where it is still finite and so is its square.
    auto unlimited = turret<V>(std::numeric_limits<double>::infinity());
    const auto fastest = steer::face(unlimited, point, {.settle_time = tiny});
    CHECK(steer::turn_speed<V>(fastest) == doctest::Approx(static_cast<double>(steer::detail::promised_magnitude<S>())));
    CHECK(std::isfinite(steer::turn_speed<V>(fastest) * steer::turn_speed<V>(fastest)));
    // Turning at it for a second: the angle overflows; the facing stays a unit vector.
    unlimited.turn(fastest, S(1000));
    CHECK(steer::is_finite(unlimited.facing()));
    CHECK(static_cast<double>(glm::length(unlimited.facing())) == doctest::Approx(1));
}
