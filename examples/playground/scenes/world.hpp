// The world: obstacles of every shape, paths, walls, containment, flow fields and routes (docs/world.md, docs/behaviors.md).
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_WORLD_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_WORLD_HPP

#include <vector>

#include "../scene.hpp"

namespace playground {

inline void add_world_scenes(std::vector<factory>& all) {
    (void)all;
}

}  // namespace playground

#endif
