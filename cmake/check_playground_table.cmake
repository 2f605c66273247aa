# docs/playground.md lists every scene of the playground in the table that
# `playground_selftest --markdown` prints: the guide must hold that table, unchanged.
# Usage: cmake -DPROGRAM=<playground_selftest> -DGUIDE=<docs/playground.md> -P check_playground_table.cmake
execute_process(COMMAND ${PROGRAM} --markdown OUTPUT_VARIABLE table RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --markdown failed (${code})")
endif()
file(READ ${GUIDE} text)
string(FIND "${text}" "${table}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${GUIDE} does not hold the scene table that `playground_selftest --markdown` prints now:\n"
                      "${table}\nReplace the table under \"The scenes\" with it.")
endif()
message(STATUS "${GUIDE} lists the playground's scenes as the program does")
