// Steering a body that a physics engine owns. steer decides the force; the engine moves the
// body. Copy the body's state into the vehicle before thinking, never call apply_force.
#include <steer/steer.hpp>

struct rigid_body {              // stands in for your engine's body
    glm::vec3 position{}, velocity{}, force{};
    float mass = 2;
    void add_force(const glm::vec3& f) { force += f; }
    void add_velocity_change(const glm::vec3& dv) { velocity += dv; }
    void integrate(float dt) {   // the engine's step: gravity, contacts, friction ... omitted
        velocity += force / mass * dt;
        position += velocity * dt;
        force = {};
    }
};

// One think: mirror the body into the vehicle, ask for a steering force, and truncate it the
// way apply_force would (behaviors return untruncated forces).
glm::vec3 steering_for(steer::vehicle3& brain, const rigid_body& body, const glm::vec3& goal) {
    brain.set_position(body.position);
    brain.set_velocity(body.velocity);   // truncated to max_speed; turns the frame with it
    return steer::truncate(steer::arrival(brain, goal, {.slowing_distance = 4.0f}), brain.max_force());
}

int main() {
    const glm::vec3 goal{20, 0, 10};
    rigid_body as_force, as_velocity;
    // One brain per body, with the body's mass: arrival scales its force by the mass.
    const steer::vehicle_params<glm::vec3> params{.mass = as_force.mass, .max_force = 6, .max_speed = 3};
    steer::vehicle3 brain_f(params), brain_v(params);
    const float dt = 1.0f / 60.0f;
    for (int frame = 0; frame < 60 * 20; ++frame) {
        // Either as a force: the engine divides by the body's mass ...
        as_force.add_force(steering_for(brain_f, as_force, goal));
        as_force.integrate(dt);
        // ... or as a velocity change, for engines (or kinematic bodies) that prefer one.
        const glm::vec3 force = steering_for(brain_v, as_velocity, goal);
        as_velocity.add_velocity_change(force / brain_v.mass() * dt);
        as_velocity.integrate(dt);
    }
    const bool arrived = glm::distance(as_force.position, goal) < 0.1f && glm::distance(as_velocity.position, goal) < 0.1f;
    return arrived ? 0 : 1;
}
