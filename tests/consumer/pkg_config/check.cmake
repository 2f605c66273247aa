# Compiles the consumer program with the flags pkg-config gives for the installed steer.pc,
# the way a Makefile-built game would, and runs it. steer.pc must not force a -std flag.
# Usage: cmake -DPREFIX=<install prefix> -DCXX=<compiler> -DSOURCE=<consumer main.cpp>
#              -DBINARY=<scratch dir> -P check.cmake
find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/share/pkgconfig")
execute_process(COMMAND ${PKG_CONFIG} --cflags steer RESULT_VARIABLE status
                OUTPUT_VARIABLE cflags ERROR_VARIABLE errors OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "pkg-config --cflags steer failed: ${errors}")
endif()
if(cflags MATCHES "-std=")
  message(FATAL_ERROR "steer.pc forces a language standard on consumers: ${cflags}")
endif()
separate_arguments(cflags UNIX_COMMAND "${cflags}")
file(MAKE_DIRECTORY ${BINARY})
execute_process(COMMAND ${CXX} -std=c++20 ${cflags} ${SOURCE} -o ${BINARY}/consumer_pkg_config
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "compiling with `pkg-config --cflags steer` (${cflags}) failed:\n${errors}")
endif()
execute_process(COMMAND ${BINARY}/consumer_pkg_config RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the pkg-config consumer exited with ${status}")
endif()
message(STATUS "compiled with -std=c++20 ${cflags} and ran")
