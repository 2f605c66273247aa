#ifndef STEER_DETAIL_DETERMINISM_HPP
#define STEER_DETAIL_DETERMINISM_HPP

/// @file
/// The compile-time half of the determinism promise (docs/determinism.md): with
/// `STEER_DETERMINISTIC` defined to 1 (the CMake option of the same name does it, with
/// -ffp-contract=off), a build whose floating-point rules would make results differ between
/// platforms is refused here rather than left to drift. What no macro reveals (whether the
/// compiler fuses a * b + c) is checked by the tests instead.

#include <cfloat>

#ifndef STEER_DETERMINISTIC
#define STEER_DETERMINISTIC 0
#endif

#if STEER_DETERMINISTIC
#if defined(__FAST_MATH__)
#error "steer: -ffast-math lets the compiler reorder and approximate floating-point arithmetic, so results differ between compilers and platforms. Drop -ffast-math from the targets that include steer, or configure steer with -DSTEER_DETERMINISTIC=OFF (and give up the same-bits promise; see docs/determinism.md)."
#endif
#if defined(__ASSOCIATIVE_MATH__) || defined(__RECIPROCAL_MATH__)
#error "steer: -fassociative-math or -freciprocal-math changes results between compilers and platforms. Drop them, or configure steer with -DSTEER_DETERMINISTIC=OFF (see docs/determinism.md)."
#endif
#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
#error "steer: -ffinite-math-only removes the library's checks for infinities and NaN. Drop it, or configure steer with -DSTEER_DETERMINISTIC=OFF (see docs/determinism.md)."
#endif
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error "steer: this target evaluates float arithmetic in a wider precision (FLT_EVAL_METHOD != 0, e.g. x87 on 32-bit x86: use -msse2 -mfpmath=sse), so its results differ from other platforms. Fix the flags, or configure steer with -DSTEER_DETERMINISTIC=OFF (see docs/determinism.md)."
#endif
#endif

#endif  // STEER_DETAIL_DETERMINISM_HPP
