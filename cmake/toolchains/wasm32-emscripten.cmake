# WebAssembly (wasm32: 32-bit pointers and size_t) with Debian's emscripten, run under node.
# Debian's emscripten 3.1.6 needs two things from its surroundings that it does not set itself:
# - its JavaScript optimizer requires the `acorn` module from /usr/share/nodejs, which a node
#   other than Debian's own (NodeSource's, say) does not search: NODE_PATH is set for the
#   compiler and the linker;
# - the programs it writes fetch their .wasm with `fetch` whenever it exists, and node 18 and
#   later have a `fetch` that refuses file paths: node runs them with --no-experimental-fetch.
include(/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake)
find_program(STEER_NODE NAMES node nodejs REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${STEER_NODE} --no-experimental-fetch CACHE STRING "node, for the programs" FORCE)
set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
set(CMAKE_CXX_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(glm_DIR ${CMAKE_CURRENT_LIST_DIR}/../host-headers CACHE PATH "glm: the host's headers")
set(doctest_DIR ${CMAKE_CURRENT_LIST_DIR}/../host-headers CACHE PATH "doctest: the host's headers")
