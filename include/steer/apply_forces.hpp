#ifndef STEER_APPLY_FORCES_HPP
#define STEER_APPLY_FORCES_HPP

/// @file
/// Where `steer/apply_forces.hpp` was before the crowd tier got its folder: includes
/// `steer/crowd/apply_forces.hpp`, so that programs written against 1.0 keep compiling.

#include "crowd/apply_forces.hpp"

#endif  // STEER_APPLY_FORCES_HPP
