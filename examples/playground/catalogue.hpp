// Every scene of the playground, in the order the page lists them.
#ifndef STEER_EXAMPLES_PLAYGROUND_CATALOGUE_HPP
#define STEER_EXAMPLES_PLAYGROUND_CATALOGUE_HPP

#include <vector>

#include "scene.hpp"
#include "scenes/characters.hpp"
#include "scenes/combiners.hpp"
#include "scenes/crowds.hpp"
#include "scenes/groups.hpp"
#include "scenes/obstacles.hpp"
#include "scenes/sketched.hpp"
#include "scenes/world.hpp"

namespace playground {

/// The scenes, grouped as the page lists them.
[[nodiscard]] inline std::vector<factory> catalogue() {
    std::vector<factory> all;
    add_character_scenes(all);
    add_sketched_scenes(all);
    add_obstacle_scenes(all);
    add_world_scenes(all);
    add_combiners_scenes(all);
    add_groups_scenes(all);
    add_crowds_scenes(all);
    return all;
}

}  // namespace playground

#endif
