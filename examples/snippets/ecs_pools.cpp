// Vehicles as ECS components: one pool per component type, indexed by entity, and systems
// that run over them. With EnTT this is registry.view<steer::vehicle2, chaser>().
#include <cstddef>
#include <vector>

#include <steer/steer.hpp>

struct chaser {                  // game data: whom to chase
    std::size_t target;          // an entity
};

struct world {
    std::vector<steer::vehicle2> motion;   // component pools, one slot per entity
    std::vector<chaser> chasers;
    std::vector<glm::vec2> steering;       // written by the think system, read by the move system
};

void think_system(world& w) {            // reads every vehicle, writes only its own slot
    for (std::size_t e = 0; e < w.motion.size(); ++e)
        w.steering[e] = steer::pursuit(w.motion[e], w.motion[w.chasers[e].target], {.max_prediction_time = 2.0f});
}

void move_system(world& w, float dt) {
    for (std::size_t e = 0; e < w.motion.size(); ++e) w.motion[e].apply_force(w.steering[e], dt);
}

int main() {
    world w;
    for (int i = 0; i < 4; ++i) {        // four entities on a square, each chasing the next
        const glm::vec2 corner{static_cast<float>(i % 2) * 10, static_cast<float>(i / 2) * 10};
        w.motion.emplace_back(steer::vehicle_params<glm::vec2>{.position = corner, .max_force = 3, .max_speed = 2});
        w.chasers.push_back({static_cast<std::size_t>((i + 1) % 4)});
    }
    w.steering.resize(w.motion.size());
    for (int frame = 0; frame < 300; ++frame) {
        think_system(w);                 // all forces from the same state ...
        move_system(w, 1.0f / 60.0f);    // ... then everyone moves
    }
    return w.motion[0].speed() > 0 ? 0 : 1;
}
