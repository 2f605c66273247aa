// A vehicle inside an engine's own entity: the engine owns the transform, steer owns the motion.
#include <vector>

#include <steer/steer.hpp>

struct transform {                      // whatever the engine's renderer reads
    glm::vec3 position{};
    glm::vec3 forward{0, 0, 1}, up{0, 1, 0};
};

struct character {
    transform xform;
    steer::vehicle3 motion{{.max_force = 8, .max_speed = 4, .acceleration_smoothing = 0.1f}};
    glm::vec3 goal{};
};

void fixed_update(std::vector<character>& characters, float dt) {
    for (character& c : characters) {
        c.motion.apply_force(steer::arrival(c.motion, c.goal, {.slowing_distance = 2.0f}), dt);
        c.xform.position = c.motion.position();   // copy the result out for rendering
        c.xform.forward = c.motion.forward();
        c.xform.up = c.motion.up();
    }
}

int main() {
    std::vector<character> characters(3);
    characters[1].goal = {5, 0, 5};
    for (int frame = 0; frame < 120; ++frame) fixed_update(characters, 1.0f / 60.0f);
    return characters[1].xform.position.x > 0 ? 0 : 1;
}
