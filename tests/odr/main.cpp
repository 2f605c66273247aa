// A program whose translation units are built for different instruction sets (one with
// -mavx, one without) must not get one body for both of the library's lane code: the
// linker keeps one copy of each inline function per name, and a copy built for AVX would
// then run, and crash, on a processor without it. The lane code takes its instruction set
// as a template argument (the pack types live in a namespace named after the target), so
// each unit's instantiation has its own name: this program checks that the two units'
// copies are different functions. (Nothing is called: it runs on any x86-64.)
#include <cstdio>

#include "lane_code.hpp"
#include "lane_code.inl"

odr::lane_code odr::lane_code_of_main_unit() { return this_unit(); }

int main() {
    const odr::lane_code avx = odr::lane_code_of_avx_unit();
    const odr::lane_code plain = odr::lane_code_of_main_unit();
    std::printf("units built for %.*s and %.*s\n", static_cast<int>(avx.target.size()), avx.target.data(),
                static_cast<int>(plain.target.size()), plain.target.data());
    int failures = 0;
    const auto check = [&](const char* what, const void* a, const void* b) {
        if (a == b) {
            std::printf("FAIL: %s is one function in both units\n", what);
            ++failures;
        }
    };
    check("flock::step", avx.flock_step, plain.flock_step);
    check("crowd::step", avx.crowd_step, plain.crowd_step);
    check("apply_forces", avx.apply_forces, plain.apply_forces);
    if (failures == 0) std::printf("each unit has its own lane code\n");
    return failures == 0 ? 0 : 1;
}
