# glm for a cross build: glm is header-only, so the host's headers serve any target. Only
# glm's own directory goes on the include path, never the host's /usr/include, whose C
# library headers belong to the host.
include(${CMAKE_CURRENT_LIST_DIR}/host_headers.cmake)
steer_host_header_package(glm glm/glm.hpp glm)
