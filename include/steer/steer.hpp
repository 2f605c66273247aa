#ifndef STEER_STEER_HPP
#define STEER_STEER_HPP

/// @file
/// Includes every public header of the library.

#include "error.hpp"
#include "local_space.hpp"
#include "math.hpp"
#include "random.hpp"
#include "schedule.hpp"
#include "vector.hpp"
#include "vehicle.hpp"

#include "behaviors/arrival.hpp"
#include "behaviors/docking.hpp"
#include "behaviors/interpose.hpp"
#include "behaviors/offset_pursuit.hpp"
#include "behaviors/patrol.hpp"
#include "behaviors/pursuit.hpp"
#include "behaviors/seek.hpp"
#include "behaviors/shadow.hpp"
#include "behaviors/wander.hpp"
#include "world/box.hpp"
#include "world/sphere.hpp"

#endif  // STEER_STEER_HPP
