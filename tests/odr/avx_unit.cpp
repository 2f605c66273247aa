// Compiled with -mavx: 8-float lanes.
#include "lane_code.hpp"
#include "lane_code.inl"

odr::lane_code odr::lane_code_of_avx_unit() { return this_unit(); }
