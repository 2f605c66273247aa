// Crowds: reciprocal avoidance (circle, crossing, doorway) and a crowd of thousands (docs/behaviors.md, docs/performance.md).
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_CROWDS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_CROWDS_HPP

#include <vector>

#include "../scene.hpp"

namespace playground {

inline void add_crowds_scenes(std::vector<factory>& all) {
    (void)all;
}

}  // namespace playground

#endif
