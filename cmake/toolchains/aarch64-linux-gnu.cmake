# Cross-compiles for 64-bit ARM Linux with Debian's cross toolchain (g++-aarch64-linux-gnu)
# and runs what it builds under qemu-user (qemu-aarch64, with the cross C library as its
# root). glm and doctest are header-only: the host's copies serve every target, through
# cmake/host-headers (see docs/determinism.md, "The platforms CI runs").
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(STEER_CROSS_SYSROOT /usr/aarch64-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${STEER_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH ${STEER_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# The shims for the host's header-only packages live outside the root path.
set(glm_DIR ${CMAKE_CURRENT_LIST_DIR}/../host-headers CACHE PATH "glm: the host's headers")
set(doctest_DIR ${CMAKE_CURRENT_LIST_DIR}/../host-headers CACHE PATH "doctest: the host's headers")
