// Steering an ECS's own components in place: an adaptor makes an entity a steer::agent,
// so the behaviors read the position, velocity and facing pools with no vehicle in between.
#include <cstddef>
#include <vector>

#include <steer/steer.hpp>

struct limits {                  // a component: how fast and how hard this entity can steer
    float max_speed = 2, max_force = 3, radius = 0.5f;
};

struct world {                   // component pools, one slot per entity (EnTT: the registry)
    std::vector<glm::vec2> position, velocity, facing;
    std::vector<limits> limit;
};

// The adaptor: an entity id and the pools. Copying it is free; a range of them is a range
// of neighbors every group behavior accepts.
struct entity_agent {
    const world* w;
    std::size_t e;
    const glm::vec2& position() const { return w->position[e]; }
    const glm::vec2& velocity() const { return w->velocity[e]; }
    const glm::vec2& forward() const { return w->facing[e]; }
    float max_speed() const { return w->limit[e].max_speed; }
    float max_force() const { return w->limit[e].max_force; }
    float radius() const { return w->limit[e].radius; }
};

int main() {
    world w;
    for (int i = 0; i < 12; ++i) {       // a small crowd on a line, all heading +x
        w.position.emplace_back(static_cast<float>(i % 4), static_cast<float>(i / 4));
        w.velocity.emplace_back(1, 0);
        w.facing.emplace_back(1, 0);
        w.limit.push_back({});
    }
    std::vector<entity_agent> crowd;
    for (std::size_t e = 0; e < w.position.size(); ++e) crowd.push_back({&w, e});
    const steer::flocking_params<glm::vec2> flocking{.separation = {.max_distance = 1.5f},
                                                     .alignment = {.max_distance = 3},
                                                     .cohesion = {.max_distance = 3}};
    std::vector<glm::vec2> steering(crowd.size());
    const float dt = 1.0f / 60.0f;
    for (int frame = 0; frame < 300; ++frame) {
        for (std::size_t e = 0; e < crowd.size(); ++e)   // think: every force from the same state
            steering[e] = steer::flocking(crowd[e], crowd, flocking) + steer::seek(crowd[e], {30, 1});
        for (std::size_t e = 0; e < crowd.size(); ++e) { // move: the game's own integration
            w.velocity[e] = steer::truncate(w.velocity[e] + steering[e] * dt, w.limit[e].max_speed);
            w.position[e] += w.velocity[e] * dt;
            if (glm::length(w.velocity[e]) > 1e-3f) w.facing[e] = glm::normalize(w.velocity[e]);
        }
    }
    return w.position[0].x > 5 ? 0 : 1;
}
