# Runs PROGRAM with ARGS (a ;-list) and fails unless it exits with EXPECTED_CODE and its
# stderr matches EXPECTED_ERROR. Used by tests of command-line programs' usage errors.
execute_process(COMMAND ${PROGRAM} ${ARGS} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code STREQUAL EXPECTED_CODE)
  message(FATAL_ERROR "${PROGRAM} ${ARGS}: exit code ${code}, expected ${EXPECTED_CODE}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${EXPECTED_ERROR}")
  message(FATAL_ERROR "${PROGRAM} ${ARGS}: stderr does not match '${EXPECTED_ERROR}':\n${err}")
endif()
