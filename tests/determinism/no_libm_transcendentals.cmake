# The library's headers compute no transcendental function with the C library's (or glm's,
# which calls it): those differ between platforms in the last bits (docs/determinism.md).
# Only detail/portable_math.hpp, which replaces them, may name them. Run with
# -DINCLUDE_DIR=<the include directory>.
file(GLOB_RECURSE headers "${INCLUDE_DIR}/steer/*.hpp")
set(pattern "((std|glm)::(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|exp|exp2|expm1|log|log2|log10|log1p|pow|cbrt|hypot)|glm::(rotate|angleAxis))[ ]*[(<]")
set(found "")
foreach(header IN LISTS headers)
  if(header MATCHES "detail/portable_math\\.hpp$")
    continue()
  endif()
  file(STRINGS "${header}" lines REGEX "${pattern}")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(NOT line MATCHES "^///|^//")
      string(APPEND found "\n  ${header}: ${line}")
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "C library transcendentals in the library's headers (use detail/portable_math.hpp):${found}")
endif()
message(STATUS "no C library transcendentals in ${INCLUDE_DIR}/steer")
