include_guard(GLOBAL)
# steer_host_header_package(NAME HEADER DIRECTORY): defines NAME::NAME, an imported interface
# target whose include path is a directory holding only a link to the host's
# /usr/include/DIRECTORY (found by HEADER), so that a cross compiler sees that library and
# nothing else of the host's.
function(steer_host_header_package name header directory)
  if(TARGET ${name}::${name})
    return()
  endif()
  find_path(host_root ${header} PATHS /usr/include /usr/local/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
  if(NOT host_root)
    message(FATAL_ERROR "${header} not found on the host: install it (scripts/install-deps)")
  endif()
  set(view ${CMAKE_BINARY_DIR}/host-headers/${name})
  file(MAKE_DIRECTORY ${view})
  if(NOT EXISTS ${view}/${directory})
    file(CREATE_LINK ${host_root}/${directory} ${view}/${directory} SYMBOLIC)
  endif()
  add_library(${name}::${name} INTERFACE IMPORTED)
  set_target_properties(${name}::${name} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${view})
  set(${name}_FOUND TRUE PARENT_SCOPE)
  unset(host_root CACHE)
endfunction()
