# Warnings for the project's own targets only; a consumer's build is never touched.
# The GCC/Clang set is the strictest one a game is likely to build with, and the library's
# headers must stay clean under it when included as ordinary (non-SYSTEM) headers; the
# vendored-glm consumer test (tests/consumer/vendored) checks the same set from outside.
# -Wfloat-equal is left out on purpose: see "Strict warnings" in docs/integrating.md.
set(STEER_GNU_WARNINGS
    -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Wold-style-cast -Wcast-qual
    -Wdouble-promotion -Wnull-dereference)
function(steer_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE ${STEER_GNU_WARNINGS})
    if(STEER_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4 $<$<BOOL:${STEER_WARNINGS_AS_ERRORS}>:/WX>)
  endif()
endfunction()
