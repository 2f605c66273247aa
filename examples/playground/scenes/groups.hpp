// Groups: separation, cohesion, alignment, flocking in 2D and 3D, leader following, unaligned collision avoidance, and the pigeons (docs/behaviors.md, docs/pigeons.md).
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_GROUPS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_GROUPS_HPP

#include <vector>

#include "../scene.hpp"

namespace playground {

inline void add_groups_scenes(std::vector<factory>& all) {
    (void)all;
}

}  // namespace playground

#endif
