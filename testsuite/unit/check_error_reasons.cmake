# Every error an entry point returns is logged with its reason: runs the
# shim's API tests (TEST_BINARY, on the CPU stand-in for the driver in
# LIBRARY_PATH) with CLCUDA_LOG_ERRORS=1 and CLCUDA_LOG_FILE=LOG_FILE, then
# checks that each "clX returned CL_Y" line of the log goes on with ": why".
# cmake -DTEST_BINARY=... -DLIBRARY_PATH=... -DLOG_FILE=... -P check_error_reasons.cmake
foreach(variable TEST_BINARY LIBRARY_PATH LOG_FILE)
  if(NOT ${variable})
    message(FATAL_ERROR "check_error_reasons.cmake needs -D${variable}=...")
  endif()
endforeach()

file(REMOVE ${LOG_FILE})
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${LIBRARY_PATH} CLCUDA_LOG_ERRORS=1
          CLCUDA_LOG_FILE=${LOG_FILE} ${TEST_BINARY} --loading=icd
  RESULT_VARIABLE status
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${TEST_BINARY} failed (${status}):\n${output}")
endif()
if(NOT EXISTS ${LOG_FILE})
  message(FATAL_ERROR "${TEST_BINARY} wrote no ${LOG_FILE}: CLCUDA_LOG_FILE was not honoured")
endif()

file(STRINGS ${LOG_FILE} lines REGEX " returned ")
list(LENGTH lines count)
if(count LESS 20)
  message(FATAL_ERROR "only ${count} error lines in ${LOG_FILE}; the API tests should refuse "
                      "many calls (is CLCUDA_LOG_ERRORS read?)")
endif()
set(without "")
foreach(line IN LISTS lines)
  # "clX returned CL_Y: why" (an unnamed status reads "error -N").
  if(NOT line MATCHES " returned (CL_[A-Z0-9_]+|error -?[0-9]+): .")
    string(APPEND without "  ${line}\n")
  endif()
endforeach()
if(without)
  message(FATAL_ERROR "errors logged without a reason (refuse(error, \"why\") in shim/api/):\n"
                      "${without}")
endif()
message(STATUS "${count} logged errors, each with its reason")
