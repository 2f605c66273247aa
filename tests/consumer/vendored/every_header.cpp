// Every public header, in a translation unit built with the game's strict warnings.
#include <steer/steer.hpp>
#include <steer/thread_pool.hpp>
