# Configures, builds and runs the vendored-glm consumer with one compiler.
# Usage: cmake -DSOURCE=<this dir> -DBINARY=<scratch dir> -DSTEER_SOURCE_DIR=<steer> -DCXX=<compiler>
#              [-DGENERATOR=<generator>] -P check.cmake
if(NOT GENERATOR)
  set(GENERATOR Ninja)
endif()
file(REMOVE_RECURSE ${BINARY})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G ${GENERATOR}
                        -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release
                        -DSTEER_SOURCE_DIR=${STEER_SOURCE_DIR}
                RESULT_VARIABLE configure_result)
if(NOT configure_result EQUAL 0)
  message(FATAL_ERROR "configuring the vendored-glm consumer with ${CXX} failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} RESULT_VARIABLE build_result)
if(NOT build_result EQUAL 0)
  message(FATAL_ERROR "building the vendored-glm consumer with ${CXX} (strict warnings, -Werror) failed")
endif()
execute_process(COMMAND ${BINARY}/consumer_vendored RESULT_VARIABLE run_result)
if(NOT run_result EQUAL 0)
  message(FATAL_ERROR "the vendored-glm consumer built with ${CXX} exited with ${run_result}")
endif()
message(STATUS "vendored-glm consumer built with ${CXX}: configured, built with -Werror, ran")
