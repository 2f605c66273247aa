# docs/playground.md lists every scene of the playground in the table that
# `playground_selftest --markdown` prints, and the guide each scene names links back to the
# playground with the scene's name ("Try it live: scene `name` in [the playground](playground.md)."):
# both must hold.
# Usage: cmake -DPROGRAM=<playground_selftest> -DDOCS=<docs directory> -P check_playground_table.cmake
execute_process(COMMAND ${PROGRAM} --markdown OUTPUT_VARIABLE table RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --markdown failed (${code})")
endif()
file(READ ${DOCS}/playground.md text)
string(FIND "${text}" "${table}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${DOCS}/playground.md does not hold the scene table that `playground_selftest --markdown` "
                      "prints now:\n${table}\nReplace the table under \"The scenes\" with it.")
endif()
# Each row: | `name` | group | about | [file.md#anchor](file.md#anchor) |  (semicolons, which
# would split CMake's lists, taken out first)
string(REPLACE ";" "," rows_text "\n${table}")
string(REGEX MATCHALL "\n\\| `[a-z0-9_]+` \\|[^\n]*\\]\\([a-z_]+\\.md#" rows "${rows_text}")
set(missing "")
set(count 0)
foreach(row IN LISTS rows)
  string(REGEX REPLACE ".*\\| `([a-z0-9_]+)` \\|.*" "\\1" name "${row}")
  string(REGEX REPLACE ".*\\]\\(([a-z_]+\\.md)#$" "\\1" guide "${row}")
  file(READ ${DOCS}/${guide} guide_text)
  string(REGEX MATCH "\nTry it live: scenes? [^\n]*`${name}`[^\n]*\\]\\(playground\\.md\\)" link "${guide_text}")
  if(NOT link)
    list(APPEND missing "${guide} has no link to the playground's scene `${name}`")
  endif()
  math(EXPR count "${count} + 1")
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "no scene rows found in the table:\n${table}")
endif()
if(missing)
  string(REPLACE ";" "\n" missing "${missing}")
  message(FATAL_ERROR "${missing}")
endif()
message(STATUS "docs/playground.md lists the ${count} scenes as the program does, and each guide links to its scenes")
