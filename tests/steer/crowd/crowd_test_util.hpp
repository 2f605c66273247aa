// The crowd tier's tests' shared agents and thoughts (tests/steer/crowd/: crowd.cpp, flock.cpp and
// crowd_threads.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <steer/behaviors/cohesion.hpp>
#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/behaviors/seek.hpp>
#include <steer/behaviors/separation.hpp>
#include <steer/behaviors/unaligned_collision_avoidance.hpp>
#include <steer/combiners.hpp>
#include <steer/crowd/crowd.hpp>
#include <steer/crowd/flock.hpp>
#include <steer/random.hpp>
#include <steer/world/sphere.hpp>

namespace steer::test {

/// `count` agents at uniform points of a ball of `radius`, heading anywhere at up to `speed`.
template <steer::vector V>
void add_ball(steer::crowd<V>& c, steer::rng& gen, std::size_t count, double radius, double speed,
              const V& center = V(0)) {
    using S = steer::scalar_t<V>;
    for (std::size_t i = 0; i < count; ++i)
        c.add(steer::vehicle_params<V>{
            .position = center + steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(radius),
            .velocity = steer::random_unit_vector<V>(gen) * static_cast<S>(speed * steer::uniform01<double>(gen)),
            .radius = S(0.3),
            .max_force = 2,
            .max_speed = 2});
}



/// The mixed think of the scenario tests: separation and cohesion over the neighbors,
/// unaligned collision avoidance among them, obstacle avoidance among a few rocks, and a
/// seek toward the middle, in a truncated sum: a pedestrian's behaviors, not only boids'.
template <steer::vector V>
struct mixed_think {
    using S = steer::scalar_t<V>;
    std::vector<steer::sphere<V>> rocks;
    V goal{};
    template <class R>
    V operator()(const steer::vehicle<V>& self, const R& neighbors) const {
        const steer::neighborhood<V> near{.max_distance = S(1.5)};
        return steer::truncated_sum(
            self.max_force(),
            steer::weighted(S(1), [&] { return steer::obstacle_avoidance(self, rocks); }),
            steer::weighted(S(1), [&] { return steer::unaligned_collision_avoidance(self, neighbors); }),
            steer::weighted(S(0.8), [&] { return steer::separation(self, neighbors, near); }),
            steer::weighted(S(0.3), [&] { return steer::cohesion(self, neighbors, near); }),
            steer::weighted(S(0.5), [&] { return steer::seek(self, goal); }));
    }
};


/// `count` agents at uniform points of a ball of `radius`, heading anywhere at up to `speed`.
template <steer::vector V>
steer::flock<V> random_flock(steer::rng& gen, std::size_t count, double radius, double speed,
                             steer::vehicle_params<V> params = {.max_force = 2, .max_speed = 2}) {
    using S = steer::scalar_t<V>;
    steer::flock<V> f;
    f.set_max_neighbors(1024);  // every neighbor counts, as for steer::flocking over the whole flock
    for (std::size_t i = 0; i < count; ++i) {
        params.position = steer::random_vector_in_unit_ball<V>(gen) * static_cast<S>(radius);
        params.velocity = steer::random_unit_vector<V>(gen) * static_cast<S>(speed * steer::uniform01<double>(gen));
        f.add(params);
    }
    return f;
}

/// The data of the kinds tests: a team (its kind) and how many times it thought.
struct member {
    std::uint32_t team = 0;
    int thoughts = 0;
};
[[nodiscard]] inline std::uint32_t team_of(const member& m) noexcept { return m.team; }

}  // namespace steer::test
