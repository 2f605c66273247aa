#ifndef STEER_FLOCK_HPP
#define STEER_FLOCK_HPP

/// @file
/// Where `steer/flock.hpp` was before the crowd tier got its folder: includes
/// `steer/crowd/flock.hpp`, so that programs written against 1.0 keep compiling.

#include "crowd/flock.hpp"

#endif  // STEER_FLOCK_HPP
