// RVO2's Circle example on steer: agents on a circle cross to the opposite point, here round
// a box in the middle. Each RVO2 setting is converted as docs/porting.md says.
#include <algorithm>
#include <cmath>
#include <vector>

#include <steer/steer.hpp>

int main() {
    // RVO2: setTimeStep(0.25f); setAgentDefaults(15 neighborDist, 10 maxNeighbors,
    // 10 timeHorizon, 10 timeHorizonObst, 1.5 radius, 2 maxSpeed).
    const float dt = 0.25f, radius = 1.5f, max_speed = 2;
    const steer::reciprocal_avoidance_params<glm::vec2> rvo2{
        .time_horizon = 10, .min_time_horizon = 10,  // one fixed horizon, as RVO2's
        .obstacle_time_horizon = 10, .max_neighbors = 10, .neighbor_distance = 15};
    // RVO2 sets the velocity it picks; a force reaches it in one step from this max_force on.
    const float max_force = 2 * max_speed / dt;  // mass 1: 16
    const std::vector<steer::box<glm::vec2>> obstacles{{{-2, -2}, {2, 2}}};  // addObstacle
    std::vector<steer::vehicle2> agents;                                      // addAgent
    std::vector<glm::vec2> goals;
    for (int i = 0; i < 16; ++i) {
        const float angle = 6.2831853f * static_cast<float>(i) / 16;
        const glm::vec2 at = 20.0f * glm::vec2(std::cos(angle), std::sin(angle));
        agents.emplace_back(steer::vehicle_params<glm::vec2>{
            .position = at, .radius = radius, .max_force = max_force, .max_speed = max_speed});
        goals.push_back(-at);
    }
    std::vector<const steer::vehicle2*> neighbors;
    std::vector<glm::vec2> forces(agents.size());
    float closest = 1e9f;
    for (int step = 0; step < 4 * 90; ++step) {  // doStep(), 90 s
        for (std::size_t i = 0; i < agents.size(); ++i) {
            neighbors.clear();
            for (const steer::vehicle2& other : agents)
                if (&other != &agents[i]) neighbors.push_back(&other);
            const glm::vec2 to_goal = goals[i] - agents[i].position();
            const glm::vec2 preferred =  // setAgentPrefVelocity: toward the goal, slowing on it
                glm::length(to_goal) > 1 ? steer::safe_normalize(to_goal) * max_speed : to_goal;
            forces[i] = steer::reciprocal_avoidance(agents[i], neighbors, obstacles, preferred, dt, rvo2);
        }
        for (std::size_t i = 0; i < agents.size(); ++i) agents[i].apply_force(forces[i], dt);
        for (std::size_t i = 0; i < agents.size(); ++i)
            for (std::size_t j = i + 1; j < agents.size(); ++j)
                closest = std::min(closest, glm::distance(agents[i].position(), agents[j].position()));
    }
    bool arrived = true;
    for (std::size_t i = 0; i < agents.size(); ++i) arrived = arrived && glm::distance(agents[i].position(), goals[i]) < 1;
    return arrived && closest > 2 * radius - 0.1f ? 0 : 1;
}
