// Two flocks stepped from two std::threads at once, both reading one shared bin_lattice of
// obstacles, then the same two flocks stepped one after the other on one thread: the
// results must be bit-identical. Built by the `tsan` preset (ThreadSanitizer), which turns
// any data race into a failure; the comparison catches hidden shared state that a race
// detector cannot see (a static cache, a global generator) because it changes the numbers.
//
// Each flock owns its vehicles, its generator and its own neighbor lattice; the obstacle
// lattice and the obstacle spheres are shared and only read while the threads run.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include <steer/steer.hpp>

namespace {

using V = glm::vec3;
using S = float;

struct world {
    std::vector<steer::sphere<V>> obstacles;
    steer::bin_lattice<V, const steer::sphere<V>*> lattice{{V(-60), V(60)}, {12, 12, 12}};
    steer::sphere<V> tank{V(0), 50};
};

struct flock {
    std::vector<steer::vehicle<V>> vehicles;
    std::vector<steer::wander_state<V>> wander;
    steer::rng gen;
    steer::bin_lattice<V, int> neighbors{{V(-60), V(60)}, {12, 12, 12}};
    std::vector<steer::bin_lattice<V, int>::handle> handles;

    flock(std::uint64_t seed, int count) : gen(seed) {
        for (int i = 0; i < count; ++i) {
            const V p = steer::random_vector_in_unit_ball<V>(gen) * S(40);
            vehicles.emplace_back(steer::vehicle_params<V>{.position = p,
                                                           .velocity = steer::random_unit_vector<V>(gen) * S(2),
                                                           .radius = S(0.5),
                                                           .max_force = 8,
                                                           .max_speed = 5,
                                                           .banking = i % 2 == 0});
            wander.emplace_back();
            handles.push_back(neighbors.insert(i, p));
        }
    }

    /// One step of every vehicle: obstacle avoidance first, then containment, then a blend
    /// of flocking and wander chosen by prioritized dithering.
    void step(const world& w, S dt) {
        const steer::flocking_params<V> params{.separation = {.max_distance = 3},
                                               .alignment = {.max_distance = 6},
                                               .cohesion = {.max_distance = 8},
                                               .separation_weight = S(0.75),
                                               .alignment_weight = S(0.25),
                                               .cohesion_weight = S(0.125)};
        std::vector<const steer::vehicle<V>*> near;
        std::vector<const steer::sphere<V>*> threats;
        std::vector<V> forces(vehicles.size());
        for (std::size_t i = 0; i < vehicles.size(); ++i) {
            const auto& v = vehicles[i];
            near.clear();
            neighbors.for_each_within(v.position(), 8, [&](int k, S) { near.push_back(&vehicles[static_cast<std::size_t>(k)]); });
            threats.clear();
            w.lattice.for_each_within(v.position(), 12, [&](const steer::sphere<V>* s, S) { threats.push_back(s); });
            forces[i] = steer::priority(
                S(0.01), [&] { return steer::obstacle_avoidance(v, threats, {.min_time_to_collision = S(2)}); },
                [&] { return steer::containment(v, w.tank, {.prediction_time = S(1)}); },
                [&] {
                    return steer::prioritized_dither(gen, steer::chance(S(0.2), [&] {
                                                         return steer::wander(v, wander[i], gen, dt);
                                                     }),
                                                     [&] { return steer::flocking(v, near, params); });
                });
        }
        for (std::size_t i = 0; i < vehicles.size(); ++i) {
            vehicles[i].apply_force(forces[i], dt);
            neighbors.move(handles[i], vehicles[i].position());
        }
    }
};

bool same_bits(const V& a, const V& b) { return std::memcmp(&a, &b, sizeof(V)) == 0; }

bool identical(const flock& a, const flock& b) {
    if (a.vehicles.size() != b.vehicles.size() || !(a.gen == b.gen)) return false;
    for (std::size_t i = 0; i < a.vehicles.size(); ++i) {
        const auto& x = a.vehicles[i];
        const auto& y = b.vehicles[i];
        if (!same_bits(x.position(), y.position()) || !same_bits(x.velocity(), y.velocity()) ||
            !same_bits(x.forward(), y.forward()) || !same_bits(x.up(), y.up()) ||
            !same_bits(x.acceleration(), y.acceleration()))
            return false;
    }
    return true;
}

}  // namespace

int main() {
    constexpr int vehicles = 200;
    constexpr int steps = 200;
    constexpr S dt = S(1) / S(60);

    world w;
    steer::rng layout(7);
    for (int i = 0; i < 60; ++i)
        w.obstacles.push_back({steer::random_vector_in_unit_ball<V>(layout) * S(45), steer::uniform(layout, S(1), S(4))});
    for (const auto& s : w.obstacles) w.lattice.insert(&s, s.center);
    const world& shared = w;  // read-only from here on

    flock a(1, vehicles), b(2, vehicles);
    std::thread first([&] {
        for (int s = 0; s < steps; ++s) a.step(shared, dt);
    });
    std::thread second([&] {
        for (int s = 0; s < steps; ++s) b.step(shared, dt);
    });
    first.join();
    second.join();

    flock a_alone(1, vehicles), b_alone(2, vehicles);
    for (int s = 0; s < steps; ++s) a_alone.step(shared, dt);
    for (int s = 0; s < steps; ++s) b_alone.step(shared, dt);

    const bool ok_a = identical(a, a_alone);
    const bool ok_b = identical(b, b_alone);
    const bool moved = !same_bits(a.vehicles[0].position(), flock(1, vehicles).vehicles[0].position());
    const bool distinct = !identical(a, b);
    std::printf("flock a: %s, flock b: %s (%d vehicles x %d steps each, two threads vs one)\n",
                ok_a ? "identical" : "DIFFERENT", ok_b ? "identical" : "DIFFERENT", vehicles, steps);
    if (!moved || !distinct) std::printf("the flocks did not move, or are the same flock: the test shows nothing\n");
    const bool ok = ok_a && ok_b && moved && distinct;
    std::printf("%d passed, %d failed\n", ok ? 1 : 0, ok ? 0 : 1);
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
