// Determinism: the same seed and the same inputs give bit-identical results in the same
// build, through every source of randomness the library has (wander, wander_turning, the
// dither of prioritized_dither and of a behavior_list), and a copied state replays the same
// future. No hidden state: nothing but the generator argument decides.

#include <cstdint>
#include <vector>

#include <doctest/doctest.h>

#include <steer/steer.hpp>

#include "test_util.hpp"

using steer::test::make;
using steer::test::same_bits;

namespace {

/// A small world whose every random choice comes from one generator.
template <steer::vector V>
struct replay_scene {
    using S = steer::scalar_t<V>;
    std::vector<steer::vehicle<V>> flock;
    std::vector<steer::wander_state<V>> wandering;
    steer::rng gen;
    steer::behavior_list<V(const steer::vehicle<V>&)> list{{.mode = steer::blend_mode::prioritized_dither}};

    explicit replay_scene(std::uint64_t seed) : gen(seed) {
        steer::rng layout(1);  // the same start for every seed: only the dither and wander differ
        for (int i = 0; i < 24; ++i) {
            flock.emplace_back(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(layout) * S(10),
                                                        .velocity = steer::random_unit_vector<V>(layout),
                                                        .max_force = 3,
                                                        .max_speed = 2});
            wandering.emplace_back();
        }
        list.add("flee origin", [](const steer::vehicle<V>& v) { return steer::flee(v, V(S(0))); }, {.probability = S(0.3)});
        list.add("seek origin", [](const steer::vehicle<V>& v) { return steer::seek(v, V(S(0))); }, {.probability = S(0.6)});
    }

    void step() {
        constexpr S dt = S(1) / S(60);
        const steer::flocking_params<V> params{};
        std::vector<V> forces;
        for (std::size_t i = 0; i < flock.size(); ++i) {
            const auto& v = flock[i];
            forces.push_back(steer::prioritized_dither(
                gen, steer::chance(S(0.25), [&] { return list(gen, v); }),
                steer::chance(S(0.5), [&] { return steer::wander(v, wandering[i], gen, dt); }),
                [&] { return steer::flocking(v, flock, params); }));
        }
        for (std::size_t i = 0; i < flock.size(); ++i) flock[i].apply_force(forces[i], dt);
    }
};

template <steer::vector V>
bool identical(const replay_scene<V>& a, const replay_scene<V>& b) {
    if (!(a.gen == b.gen)) return false;
    for (std::size_t i = 0; i < a.flock.size(); ++i) {
        const auto& x = a.flock[i];
        const auto& y = b.flock[i];
        if (!same_bits(x.position(), y.position()) || !same_bits(x.velocity(), y.velocity()) ||
            !same_bits(x.forward(), y.forward()) || !same_bits(a.wandering[i].target, b.wandering[i].target))
            return false;
    }
    return true;
}

}  // namespace

TEST_CASE_TEMPLATE("the same seed replays a dithered, wandering flock bit for bit", V, STEER_TEST_VECTORS_ALL) {
    replay_scene<V> a(42), b(42), other(43);
    for (int i = 0; i < 300; ++i) {
        a.step();
        b.step();
        other.step();
    }
    CHECK(identical(a, b));
    CHECK_FALSE(identical(a, other));  // the seed matters, so the comparison can fail
}

TEST_CASE_TEMPLATE("a copied replay_scene, generator included, replays the same future", V, STEER_TEST_VECTORS) {
    replay_scene<V> a(7);
    for (int i = 0; i < 100; ++i) a.step();
    replay_scene<V> b = a;
    for (int i = 0; i < 200; ++i) {
        a.step();
        b.step();
    }
    CHECK(identical(a, b));
}

TEST_CASE("wander_turning replays bit for bit from the same seed") {
    using V = glm::vec2;
    const auto run = [](std::uint64_t seed) {
        steer::rng gen(seed);
        steer::wander_turning_state<V> state;
        steer::vehicle2 v({.velocity = {1, 0}, .max_force = 2, .max_speed = 1});
        for (int i = 0; i < 600; ++i) v.apply_force(steer::wander_turning(v, state, gen, 1.0f / 60), 1.0f / 60);
        return v.position();
    };
    CHECK(same_bits(run(5), run(5)));
    CHECK_FALSE(same_bits(run(5), run(6)));
}

namespace {
/// a * b + c from values the compiler cannot see, as this translation unit's flags compile it.
float multiply_add(float a, float b, float c) {
    volatile float va = a, vb = b, vc = c;
    return va * vb + vc;
}
}  // namespace

TEST_CASE("a deterministic build rounds a product before adding: no fused multiply-add") {
    // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 (a tie, to even); fused with
    // the addition of -(1 + 2^-11), the 2^-24 would survive. Targets with FMA (aarch64,
    // x86-64-v3) contract this unless the build says -ffp-contract=off, which linking
    // steer::steer adds (STEER_DETERMINISTIC): this checks that the project's own targets got it.
    if (!STEER_DETERMINISTIC) return;
    const float a = 1.0f + 0x1p-12f;
    CHECK(multiply_add(a, a, -(1.0f + 0x1p-11f)) == 0.0f);
}
