#ifndef STEER_STEER_HPP
#define STEER_STEER_HPP

/// @file
/// Includes every public header of the library.

#include "error.hpp"
#include "executor.hpp"
#include "flock.hpp"
#include "local_space.hpp"
#include "math.hpp"
#include "random.hpp"
#include "schedule.hpp"
#include "vector.hpp"
#include "vehicle.hpp"

#include "behaviors/alignment.hpp"
#include "behaviors/arrival.hpp"
#include "behaviors/avatar_avoidance.hpp"
#include "behaviors/cohesion.hpp"
#include "behaviors/flocking.hpp"
#include "behaviors/leader_following.hpp"
#include "behaviors/neighborhood.hpp"
#include "behaviors/seek.hpp"
#include "behaviors/separation.hpp"
#include "behaviors/unaligned_collision_avoidance.hpp"

#include "world/avatar_neighborhood.hpp"
#include "world/box.hpp"
#include "world/sphere.hpp"

#endif  // STEER_STEER_HPP
