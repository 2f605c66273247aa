// Stepping a flock on several threads. Pass 1 computes every force from the same state:
// each thread reads the whole flock and writes only its own slots. Pass 2 moves everyone.
#include <cstddef>
#include <thread>
#include <vector>

#include <steer/steer.hpp>

int main() {
    steer::rng gen(7);
    std::vector<steer::vehicle3> flock;
    for (int i = 0; i < 400; ++i)
        flock.emplace_back(steer::vehicle_params<glm::vec3>{
            .position = steer::random_vector_in_unit_ball<glm::vec3>(gen) * 15.0f,
            .velocity = steer::random_unit_vector<glm::vec3>(gen), .max_force = 2, .max_speed = 3});
    const steer::flocking_params<glm::vec3> boids{.separation = {.max_distance = 1.5f},
                                                  .alignment = {.max_distance = 4},
                                                  .cohesion = {.max_distance = 8},
                                                  .separation_weight = 1,   // fractions of max_force
                                                  .alignment_weight = 0.5f,
                                                  .cohesion_weight = 0.5f};
    std::vector<glm::vec3> forces(flock.size());
    const std::size_t workers = 2;

    for (int frame = 0; frame < 30; ++frame) {
        std::vector<std::thread> threads;
        for (std::size_t w = 0; w < workers; ++w)
            threads.emplace_back([&, w] {          // pass 1: read everything, write own slots
                for (std::size_t i = w; i < flock.size(); i += workers)
                    forces[i] = steer::flocking(flock[i], flock, boids);
            });
        for (std::thread& t : threads) t.join();  // nobody reads while pass 2 writes
        for (std::size_t i = 0; i < flock.size(); ++i) flock[i].apply_force(forces[i], 1.0f / 60.0f);
    }
    return 0;
}
