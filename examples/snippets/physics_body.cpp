// Steering a body that a physics engine owns. steer decides the force; the engine moves the
// body. A ten-line adaptor lets the behaviors read the body directly: nothing is mirrored.
#include <steer/steer.hpp>

struct rigid_body {              // stands in for your engine's body, which you cannot change
    glm::vec3 position{}, velocity{}, force{};
    glm::vec3 facing{0, 0, 1};   // the body's orientation, as a unit forward axis
    float mass = 2;
    void add_force(const glm::vec3& f) { force += f; }
    void add_velocity_change(const glm::vec3& dv) { velocity += dv; }
    void integrate(float dt) {   // the engine's step: gravity, contacts, friction ... omitted
        velocity += force / mass * dt;
        position += velocity * dt;
        force = {};
        if (glm::length(velocity) > 1e-3f) facing = glm::normalize(velocity);  // a character controller's turn
    }
};

// The adaptor: a steer::agent over the body. Six members are required; mass() is optional
// (arrival, docking and shadow scale by it, and it defaults to 1).
struct body_agent {
    const rigid_body& body;
    float top_speed, top_force;
    const glm::vec3& position() const { return body.position; }
    const glm::vec3& velocity() const { return body.velocity; }
    const glm::vec3& forward() const { return body.facing; }
    float max_speed() const { return top_speed; }
    float max_force() const { return top_force; }
    float radius() const { return 0.5f; }
    float mass() const { return body.mass; }
};

int main() {
    const glm::vec3 goal{20, 0, 10};
    rigid_body as_force, as_velocity;
    const float dt = 1.0f / 60.0f;
    for (int frame = 0; frame < 60 * 20; ++frame) {
        // Either as a force: the engine divides by the body's mass ...
        const body_agent a{as_force, 3, 6};
        as_force.add_force(steer::arrival(a, goal, {.slowing_distance = 4}));  // at most max_force already
        as_force.integrate(dt);
        // ... or as a velocity change, for engines (or kinematic bodies) that prefer one.
        const body_agent b{as_velocity, 3, 6};
        as_velocity.add_velocity_change(steer::arrival(b, goal, {.slowing_distance = 4}) / as_velocity.mass * dt);
        as_velocity.integrate(dt);
    }
    const bool arrived = glm::distance(as_force.position, goal) < 0.1f && glm::distance(as_velocity.position, goal) < 0.1f;
    return arrived ? 0 : 1;
}
