# Builds the -fno-exceptions consumer and checks that a bad parameter aborts with the message.
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G ${GENERATOR}
                        -DCMAKE_CXX_COMPILER=${CXX} -DSTEER_SOURCE_DIR=${STEER_SOURCE_DIR}
                RESULT_VARIABLE configure_result)
if(NOT configure_result EQUAL 0)
  message(FATAL_ERROR "configuring the -fno-exceptions consumer failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} RESULT_VARIABLE build_result)
if(NOT build_result EQUAL 0)
  message(FATAL_ERROR "building the -fno-exceptions consumer failed")
endif()
execute_process(COMMAND ${BINARY}/consumer_no_exceptions RESULT_VARIABLE run_result
                OUTPUT_VARIABLE run_output ERROR_VARIABLE run_error)
message(STATUS "stdout: ${run_output}")
message(STATUS "stderr: ${run_error}")
if(run_result EQUAL 0)
  message(FATAL_ERROR "the bad parameter did not abort")
endif()
if(NOT run_output MATCHES "valid vehicle stepped")
  message(FATAL_ERROR "the valid vehicle did not run before the bad one")
endif()
if(NOT run_error MATCHES "mass must be > 0 and finite \\(got -1\\)")
  message(FATAL_ERROR "the abort did not print the parameter and its value")
endif()
# The caller's place: main.cpp's line that built the bad vehicle, not a line of steer's.
if(NOT run_error MATCHES "called from [^\n]*main\\.cpp:11 ")
  message(FATAL_ERROR "the abort did not print the file and line of the refused call")
endif()
message(STATUS "aborted as expected (${run_result})")
