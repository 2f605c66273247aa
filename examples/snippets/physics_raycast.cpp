// Avoiding the engine's own geometry. steer asks where a body moving ahead would first touch
// something; the engine's ray cast answers for its level meshes, and steer never sees them.
#include <optional>

#include <steer/steer.hpp>

namespace physics {  // stands in for your engine's query API, which you cannot change

struct hit_result {
    bool blocked = false;
    float fraction = 0;             // along the ray, 0 to 1 of its length
    glm::vec3 position{}, normal{};
};

struct world {
    // The engine's ray cast: here, only the ground plane y = 0 and a wall x = 10.
    hit_result ray_cast(const glm::vec3& from, const glm::vec3& to) const {
        hit_result best;
        const auto consider = [&](float fraction, const glm::vec3& normal) {
            if (fraction >= 0 && fraction <= 1 && (!best.blocked || fraction < best.fraction))
                best = {true, fraction, from + (to - from) * fraction, normal};
        };
        if (to.y < 0 && from.y >= 0) consider(from.y / (from.y - to.y), {0, 1, 0});
        if (to.x > 10 && from.x <= 10) consider((10 - from.x) / (to.x - from.x), {-1, 0, 0});
        return best;
    }
};

}  // namespace physics

int main() {
    const physics::world level;
    // The adaptor: steer's ray (origin, unit direction, length) in, a steer::ray_hit out.
    const auto obstacles = steer::ray_cast_obstacles(
        [&level](const glm::vec3& origin, const glm::vec3& direction, float length) -> std::optional<steer::ray_hit<glm::vec3>> {
            const physics::hit_result hit = level.ray_cast(origin, origin + direction * length);
            if (!hit.blocked) return std::nullopt;
            return steer::ray_hit<glm::vec3>{hit.fraction * length, hit.position, hit.normal};
        });

    steer::vehicle3 runner({.position = {0, 1, 0}, .velocity = {4, 0, 0}, .radius = 0.5f, .max_force = 8, .max_speed = 4});
    const glm::vec3 goal{30, 1, 0};  // beyond the wall
    for (int frame = 0; frame < 60 * 10; ++frame) {
        // Avoid first, then go for the goal: 17 rays a frame for this 3D body (see docs/world.md).
        const glm::vec3 avoid = steer::obstacle_avoidance(runner, obstacles);
        runner.apply_force(avoid != glm::vec3(0) ? avoid : steer::seek(runner, goal), 1.0f / 60.0f);
    }
    return runner.position().x < 10 ? 0 : 1;  // it never goes through the wall
}
