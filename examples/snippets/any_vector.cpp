// One piece of game code for 2D and 3D, float and double: write it as a template over
// steer::vector and let the call site choose.
#include <steer/steer.hpp>

// Guard a spot: chase an intruder while it is within `radius` of the spot, else return to it.
template <steer::vector V>
V guard(const steer::vehicle<V>& me, const V& spot, const steer::vehicle<V>& intruder, steer::scalar_t<V> radius) {
    if (glm::distance(intruder.position(), spot) < radius) return steer::pursuit(me, intruder, {.max_prediction_time = steer::scalar_t<V>(2)});
    return steer::arrival(me, spot, {.slowing_distance = steer::scalar_t<V>(3)});
}

template <steer::vector V>
bool returns_home() {
    steer::vehicle<V> me({.max_force = 4, .max_speed = 2});
    const steer::vehicle<V> intruder({.position = V(50)});   // far away: nothing to chase
    const V spot(5);
    for (int frame = 0; frame < 60 * 15; ++frame)
        me.apply_force(guard(me, spot, intruder, steer::scalar_t<V>(10)), steer::scalar_t<V>(1) / 60);
    return glm::distance(me.position(), spot) < steer::scalar_t<V>(0.1);
}

int main() {
    const bool ok = returns_home<glm::vec2>()     // a game on a plane
                 && returns_home<glm::vec3>()     // flyers and swimmers
                 && returns_home<glm::dvec3>();   // a large world, in double
    return ok ? 0 : 1;
}
