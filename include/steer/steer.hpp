#ifndef STEER_STEER_HPP
#define STEER_STEER_HPP

/// @file
/// Includes every public header of the library.

#include "apply_forces.hpp"
#include "behavior_list.hpp"
#include "combiners.hpp"
#include "error.hpp"
#include "executor.hpp"
#include "facing.hpp"
#include "flock.hpp"
#include "local_space.hpp"
#include "math.hpp"
#include "random.hpp"
#include "schedule.hpp"
#include "steering_utilities.hpp"
#include "vector.hpp"
#include "vehicle.hpp"

#include "behaviors/alignment.hpp"
#include "behaviors/arrival.hpp"
#include "behaviors/avatar_avoidance.hpp"
#include "behaviors/cohesion.hpp"
#include "behaviors/containment.hpp"
#include "behaviors/docking.hpp"
#include "behaviors/flocking.hpp"
#include "behaviors/flow_field_following.hpp"
#include "behaviors/hide.hpp"
#include "behaviors/interpose.hpp"
#include "behaviors/leader_following.hpp"
#include "behaviors/neighborhood.hpp"
#include "behaviors/obstacle_avoidance.hpp"
#include "behaviors/offset_pursuit.hpp"
#include "behaviors/orientation.hpp"
#include "behaviors/path_following.hpp"
#include "behaviors/patrol.hpp"
#include "behaviors/pursuit.hpp"
#include "behaviors/seek.hpp"
#include "behaviors/separation.hpp"
#include "behaviors/shadow.hpp"
#include "behaviors/unaligned_collision_avoidance.hpp"
#include "behaviors/wall_following.hpp"
#include "behaviors/wander.hpp"

#include "proximity/bin_lattice.hpp"
#include "proximity/brute_force.hpp"
#include "proximity/proximity_database.hpp"

#include "world/avatar_neighborhood.hpp"
#include "world/box.hpp"
#include "world/flow_field.hpp"
#include "world/pathway.hpp"
#include "world/region.hpp"
#include "world/sphere.hpp"

#endif  // STEER_STEER_HPP
