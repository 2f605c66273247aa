#ifndef STEER_DETAIL_ALWAYS_INLINE_HPP
#define STEER_DETAIL_ALWAYS_INLINE_HPP

/// @file
/// `STEER_DETAIL_ALWAYS_INLINE`: asks g++ and clang++ to inline a function, or a lambda (the
/// macro goes after its parameter list), into a hot loop where their heuristics would call
/// it instead. Expands to nothing on other compilers.

#if defined(__GNUC__) || defined(__clang__)
#define STEER_DETAIL_ALWAYS_INLINE __attribute__((always_inline))
#else
#define STEER_DETAIL_ALWAYS_INLINE
#endif

#endif  // STEER_DETAIL_ALWAYS_INLINE_HPP
