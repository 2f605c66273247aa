// Soak test: a 3D flock of 1,000 vehicles for 1,000 steps (one million vehicle-steps) with
// flocking over bin-lattice neighbors, containment in a sphere and wander drawn from
// steer::rng, half of the vehicles banking. After every step every vehicle must have a
// finite state, a speed within max_speed, and a local space still orthonormal (every
// length within 1e-4 of 1, every pair of axes within 1e-4 of perpendicular).
// Not part of the default test run (ctest label `soak`): `ctest --preset soak`, or run
// the program with an optional step count.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <steer/steer.hpp>

namespace {

using V = glm::vec3;
using S = float;

double drift_of(const steer::vehicle<V>& v) {
    const auto off_unit = [](const V& a) { return std::abs(static_cast<double>(glm::length(a)) - 1.0); };
    const auto off_square = [](const V& a, const V& b) { return std::abs(static_cast<double>(glm::dot(a, b))); };
    return std::max({off_unit(v.forward()), off_unit(v.side()), off_unit(v.up()), off_square(v.forward(), v.side()),
                     off_square(v.forward(), v.up()), off_square(v.side(), v.up())});
}

}  // namespace

int main(int argc, char** argv) {
    const int count = 1000;
    const int steps = argc > 1 ? std::atoi(argv[1]) : 1000;
    constexpr S dt = S(1) / S(60);
    const auto start = std::chrono::steady_clock::now();

    steer::rng gen(20261122);
    const steer::sphere<V> tank{V(0), 60};
    std::vector<steer::vehicle<V>> flock;
    std::vector<steer::wander_state<V>> wandering(count);
    flock.reserve(count);
    steer::bin_lattice<V, const steer::vehicle<V>*> lattice({V(-64), V(64)}, {16, 16, 16});
    std::vector<steer::bin_lattice<V, const steer::vehicle<V>*>::handle> handles;
    for (int i = 0; i < count; ++i) {
        flock.emplace_back(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * S(50),
                                                    .velocity = steer::random_unit_vector<V>(gen) * S(3),
                                                    .mass = steer::uniform(gen, S(0.5), S(2)),
                                                    .radius = S(0.5),
                                                    .max_force = 10,
                                                    .max_speed = steer::uniform(gen, S(4), S(8)),
                                                    .acceleration_smoothing = i % 3 == 0 ? S(0.1) : S(0),
                                                    .banking = i % 2 == 0});
        handles.push_back(lattice.insert(&flock.back(), flock.back().position()));
    }
    const steer::flocking_params<V> params{.separation = {.max_distance = 2},
                                           .alignment = {.max_distance = 5, .max_angle = 2},
                                           .cohesion = {.max_distance = 7, .max_angle = 2},
                                           .separation_weight = S(0.8),
                                           .alignment_weight = S(0.3),
                                           .cohesion_weight = S(0.2)};
    // Wander answers up to max_force (10); at weight 0.25 it asks for at most a quarter of it,
    // as the raw force of up to distance + radius = 5 at weight 0.5 did before 1.0.
    const steer::wander_params<V> wander{.radius = 2, .distance = 3, .rate = 4};

    std::vector<const steer::vehicle<V>*> near;
    std::vector<V> forces(count);
    double worst_drift = 0, worst_speed_ratio = 0;
    long long failures = 0, vehicle_steps = 0, neighbor_total = 0;
    for (int step = 0; step < steps; ++step) {
        for (int i = 0; i < count; ++i) {
            const auto& v = flock[static_cast<std::size_t>(i)];
            steer::gather_within(lattice, v.position(), S(7), near);
            neighbor_total += static_cast<long long>(near.size());
            forces[static_cast<std::size_t>(i)] = steer::priority(
                S(0), [&] { return steer::containment(v, tank, {.prediction_time = S(1)}) * S(4); },
                [&] {
                    return steer::weighted_sum(
                        [&] { return steer::flocking(v, near, params); },
                        steer::weighted(S(0.25), [&] { return steer::wander(v, wandering[static_cast<std::size_t>(i)], gen, dt, wander); }));
                });
        }
        for (int i = 0; i < count; ++i) {
            auto& v = flock[static_cast<std::size_t>(i)];
            v.apply_force(forces[static_cast<std::size_t>(i)], dt);
            lattice.move(handles[static_cast<std::size_t>(i)], v.position());
            const bool finite = steer::is_finite(v.position()) && steer::is_finite(v.velocity()) &&
                                steer::is_finite(v.forward()) && steer::is_finite(v.side()) && steer::is_finite(v.up()) &&
                                steer::is_finite(v.acceleration());
            const double ratio = static_cast<double>(v.speed()) / static_cast<double>(v.max_speed());
            const double drift = drift_of(v);
            worst_speed_ratio = std::max(worst_speed_ratio, ratio);
            worst_drift = std::max(worst_drift, drift);
            if (!finite || !(ratio <= 1.0 + 1e-6) || !(drift < 1e-4)) {
                if (failures < 5)
                    std::printf("step %d vehicle %d: finite %d, speed/max_speed %.9g, frame drift %.3g\n", step, i,
                                finite ? 1 : 0, ratio, drift);
                ++failures;
            }
            ++vehicle_steps;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::size_t inside = 0;
    for (const auto& v : flock) inside += steer::contains(steer::sphere<V>{tank.center, tank.radius + 5}, v.position()) ? 1u : 0u;
    std::printf("soak: %lld vehicle-steps (%d vehicles x %d steps) in %.1f s; %.1f neighbors per query on average\n",
                vehicle_steps, count, steps, seconds, static_cast<double>(neighbor_total) / static_cast<double>(vehicle_steps));
    std::printf("soak: worst frame drift %.3g (limit 1e-4), worst speed / max_speed %.9g, %zu of %d within 5 of the tank\n",
                worst_drift, worst_speed_ratio, inside, count);
    std::printf("%lld passed, %lld failed\n", vehicle_steps - failures, failures);
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
