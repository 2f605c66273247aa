// OpenSteer's Boids plug-in on steer: open() becomes the set-up, update() one step of a
// loop the application owns, and each OpenSteer number is converted as docs/porting.md says.
#include <algorithm>
#include <cmath>
#include <vector>

#include <steer/steer.hpp>

// Boids.cpp's numbers, in OpenSteer's units.
constexpr float os_max_force = 27, os_max_speed = 9;
constexpr float os_separation_weight = 12, os_alignment_weight = 8, os_cohesion_weight = 8;
constexpr float os_separation_cos = -0.707f, os_alignment_cos = 0.7f, os_cohesion_cos = -0.15f;

// OpenSteer's three components are unit vectors, so a weight over maxForce is a share of
// max_force; a neighbourhood takes an angle where OpenSteer takes its cosine.
steer::flocking_params<glm::vec3> boids_params() {
    return {.separation = {.max_distance = 5, .max_angle = std::acos(os_separation_cos)},
            .alignment = {.max_distance = 7.5f, .max_angle = std::acos(os_alignment_cos)},
            .cohesion = {.max_distance = 9, .max_angle = std::acos(os_cohesion_cos)},
            .separation_weight = os_separation_weight / os_max_force,  // 0.44
            .alignment_weight = os_alignment_weight / os_max_force,    // 0.30
            .cohesion_weight = os_cohesion_weight / os_max_force,      // 0.30
            .separation_fades = false};                                // OpenSteer's does not fade
}

// OpenSteer blends each frame's acceleration in by clip(9 dt, 0.15, 0.4): at 60 Hz that is
// an exponential smoothing of time constant -dt / ln(1 - 0.15), about 0.10 s.
float opensteer_smoothing_time_constant(float dt) {
    return -dt / std::log(1 - std::clamp(9 * dt, 0.15f, 0.4f));
}
// Its banking blends the up vector in by 3 dt a frame: about 1/3 s.
float opensteer_banking_time_constant(float dt) { return -dt / std::log(1 - 3 * dt); }

int main() {
    const float dt = 1.0f / 60.0f;
    const float smoothing = opensteer_smoothing_time_constant(dt);  // 0.10 s at 60 Hz
    steer::rng gen(1);
    std::vector<steer::vehicle3> boids;                             // PlugIn::open()
    for (int i = 0; i < 40; ++i)
        boids.emplace_back(steer::vehicle_params<glm::vec3>{
            .position = steer::random_vector_in_unit_ball<glm::vec3>(gen) * 20.0f,
            .velocity = steer::random_unit_vector<glm::vec3>(gen) * os_max_speed * 0.5f,
            .max_force = os_max_force, .max_speed = os_max_speed, .acceleration_smoothing = smoothing});
    const auto params = boids_params();
    std::vector<const steer::vehicle3*> neighbors;
    std::vector<glm::vec3> forces(boids.size());
    for (int frame = 0; frame < 300; ++frame) {                     // PlugIn::update(), 5 s
        for (std::size_t i = 0; i < boids.size(); ++i) {            // decide, all from the same state
            neighbors.clear();
            for (const steer::vehicle3& other : boids)
                if (&other != &boids[i] && glm::distance(other.position(), boids[i].position()) < 9)
                    neighbors.push_back(&other);
            forces[i] = steer::flocking(boids[i], neighbors, params);
        }
        for (std::size_t i = 0; i < boids.size(); ++i) boids[i].apply_force(forces[i], dt);  // then move
    }
    // applyBrakingForce(rate, dt) takes a fraction of speed per second, capped by maxForce;
    // vehicle::brake(rate, dt) takes a deceleration: pass it speed × rate, capped.
    steer::vehicle3 car({.velocity = {0, 0, 9}, .max_force = 27, .max_speed = 9});
    float opensteer_speed = 9;
    for (int frame = 0; frame < 60; ++frame) {
        car.brake(std::min(car.speed() * 2.0f, car.max_force()), dt);         // applyBrakingForce(2, dt)
        opensteer_speed -= std::min(opensteer_speed * 2.0f, 27.0f) * dt;     // OpenSteer's formula
    }
    // A velocity-change term: OpenSteer's steerForSeek is the velocity error itself, steer's
    // seek is that error times max_force / max_speed, so Pedestrian's path-following weight
    // 0.5 (maxSpeed 2, maxForce 8) becomes 0.5 * 2 / 8 = 0.125.
    const steer::vehicle3 walker({.velocity = {0.5f, 0, 1.5f}, .max_force = 8, .max_speed = 2});
    const glm::vec3 target{0, 0, 10};
    const glm::vec3 opensteer_seek = glm::normalize(target - walker.position()) * 2.0f - walker.velocity();
    const glm::vec3 difference = steer::seek(walker, target) * 0.125f - opensteer_seek * 0.5f;
    const bool converted = glm::length(difference) < 1e-5f && std::abs(params.separation_weight - 0.44f) < 0.005f &&
                           std::abs(params.alignment_weight - 0.30f) < 0.005f &&
                           std::abs(params.separation.max_angle - 2.36f) < 0.005f &&
                           std::abs(params.alignment.max_angle - 0.80f) < 0.005f &&
                           std::abs(params.cohesion.max_angle - 1.72f) < 0.005f &&
                           std::abs(smoothing - 0.10f) < 0.005f &&
                           std::abs(opensteer_smoothing_time_constant(1.0f / 30) - 0.093f) < 0.001f &&
                           std::abs(opensteer_smoothing_time_constant(1.0f / 120) - 0.051f) < 0.001f &&
                           std::abs(opensteer_banking_time_constant(dt) - 0.325f) < 0.001f &&
                           std::abs(car.speed() - opensteer_speed) < 1e-4f;
    return converted ? 0 : 1;
}
