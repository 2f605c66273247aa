// The combiners side by side: weighted sum, priority, prioritized dither and the truncated running sum (docs/combiners.md).
#ifndef STEER_EXAMPLES_PLAYGROUND_SCENES_COMBINERS_HPP
#define STEER_EXAMPLES_PLAYGROUND_SCENES_COMBINERS_HPP

#include <vector>

#include "../scene.hpp"

namespace playground {

inline void add_combiners_scenes(std::vector<factory>& all) {
    (void)all;
}

}  // namespace playground

#endif
