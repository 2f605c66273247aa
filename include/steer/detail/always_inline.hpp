#ifndef STEER_DETAIL_ALWAYS_INLINE_HPP
#define STEER_DETAIL_ALWAYS_INLINE_HPP

/// @file
/// Inlining hints. `STEER_DETAIL_ALWAYS_INLINE` asks g++ and clang++ to inline a function,
/// or a lambda (the macro goes after its parameter list), into a hot loop where their
/// heuristics would call it instead. `STEER_DETAIL_COLD` marks a rare path (an error
/// message, overflowing input) to be kept out of line, so the common path around it stays
/// small enough to inline. Both expand to nothing the compiler does not understand.

#if defined(__GNUC__) || defined(__clang__)
#define STEER_DETAIL_ALWAYS_INLINE __attribute__((always_inline))
#else
#define STEER_DETAIL_ALWAYS_INLINE
#endif

#if defined(__GNUC__) || defined(__clang__)
#define STEER_DETAIL_COLD [[gnu::cold]] [[gnu::noinline]]
#elif defined(_MSC_VER)
#define STEER_DETAIL_COLD __declspec(noinline)
#else
#define STEER_DETAIL_COLD
#endif

#endif  // STEER_DETAIL_ALWAYS_INLINE_HPP
