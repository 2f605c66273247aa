# doctest for a cross build: header-only, taken from the host like glm (see glmConfig.cmake),
# with the host's doctest.cmake for doctest_discover_tests (which runs the test program
# through CMAKE_CROSSCOMPILING_EMULATOR).
include(${CMAKE_CURRENT_LIST_DIR}/host_headers.cmake)
steer_host_header_package(doctest doctest/doctest.h doctest)
find_path(STEER_HOST_DOCTEST_MODULES doctest.cmake PATHS /usr/lib/cmake/doctest /usr/local/lib/cmake/doctest
          NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
if(NOT STEER_HOST_DOCTEST_MODULES)
  message(FATAL_ERROR "doctest.cmake not found on the host (Debian: apt-get install doctest-dev)")
endif()
list(APPEND CMAKE_MODULE_PATH ${STEER_HOST_DOCTEST_MODULES})
