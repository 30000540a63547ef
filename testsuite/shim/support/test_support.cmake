# What the shim's API tests share: the support library (helpers and a main
# that takes --loading=MODE) and the registration of a test binary per way
# of loading libclcuda.so.

add_library(clcuda_test_support OBJECT ${CMAKE_CURRENT_LIST_DIR}/opencl_test.cpp)
target_include_directories(clcuda_test_support PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_include_directories(clcuda_test_support PRIVATE ${PROJECT_SOURCE_DIR}/examples)
target_link_libraries(clcuda_test_support PUBLIC OpenCL::OpenCL GTest::gtest clcuda_cuda
                      clcuda_icd_vendors)
target_compile_definitions(clcuda_test_support PRIVATE
  CLCUDA_TEST_ICD_DIR="${CLCUDA_BUILD_ICD_DIR}"
  CLCUDA_TEST_LIBRARY="${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/libclcuda.so")
clcuda_warnings(clcuda_test_support)

# clcuda_add_loading_tests(TARGET LABEL <label> [FAKE_CUDA_LABEL <label>] MODES <mode>...
#                          [GPU_SERIAL])
# registers the GoogleTest binary TARGET, a program that uses the OpenCL API
# through libOpenCL.so.1, once per way of loading libclcuda.so, so the same
# program is tested through the ICD loader and by direct relink. Test names
# start with the mode:
#   icd.       the ICD loader with OCL_ICD_VENDORS=build/icd (clcuda.icd alone), the
#              generated .icd file (works with every ocl-icd version)
#   filenames. the ICD loader with OCL_ICD_FILENAMES=build/lib/libclcuda.so
#              (the Khronos loader, newer ocl-icd; skips where it is ignored)
#   relink.    LD_LIBRARY_PATH=build/lib/relink, where libOpenCL.so.1 is
#              libclcuda.so: no loader at all
#   reference. the ICD loader with clcuda beside the installed platforms,
#              NVIDIA's OpenCL among them (testsuite/support/icd_vendors.h),
#              for tests that compare the two; never with the fake driver
# The test's main sets the ICD variables (--loading=MODE). With
# FAKE_CUDA_LABEL icd and relink also run as fakecuda.<mode>. against the CPU
# stand-in for libcuda.so.1 (testsuite/shim/fake_cuda), so the tests'
# host-side logic runs where there is no GPU. With GPU_SERIAL the runs on
# the GPU run alone (ctest RUN_SERIAL).
set(CLCUDA_FAKE_CUDA_DIR ${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/fakecuda)
# The NVIDIA driver release the fake's file name claims (libcuda.so.<release>).
set(CLCUDA_FAKE_CUDA_RELEASE 999.88.77)
set(clcuda_library_path_icd "")
set(clcuda_library_path_filenames "")
set(clcuda_library_path_reference "")
set(clcuda_library_path_relink "${CLCUDA_RELINK_DIR}")

function(clcuda_register_gtest target prefix label library_path)
  cmake_parse_arguments(ARG "SERIAL" "" "" ${ARGN})
  set(properties LABELS ${label} SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
  if(library_path)
    list(APPEND properties ENVIRONMENT "LD_LIBRARY_PATH=${library_path}")
  endif()
  if(ARG_SERIAL)
    list(APPEND properties RUN_SERIAL TRUE)
  endif()
  gtest_discover_tests(${target} TEST_PREFIX "${prefix}" ${ARG_UNPARSED_ARGUMENTS}
    PROPERTIES ${properties})
endfunction()

function(clcuda_add_loading_tests target)
  cmake_parse_arguments(ARG "GPU_SERIAL" "LABEL;FAKE_CUDA_LABEL" "MODES" ${ARGN})
  add_dependencies(${target} clcuda)
  set(serial)
  if(ARG_GPU_SERIAL)
    set(serial SERIAL)
  endif()
  foreach(mode IN LISTS ARG_MODES)
    set(path "${clcuda_library_path_${mode}}")
    clcuda_register_gtest(${target} "${mode}." ${ARG_LABEL} "${path}" EXTRA_ARGS --loading=${mode}
                          ${serial})
    if(ARG_FAKE_CUDA_LABEL AND NOT mode STREQUAL "filenames")
      add_dependencies(${target} clcuda_fake_cuda)
      if(path)
        set(path "${path}:${CLCUDA_FAKE_CUDA_DIR}")
      else()
        set(path "${CLCUDA_FAKE_CUDA_DIR}")
      endif()
      clcuda_register_gtest(${target} "fakecuda.${mode}." ${ARG_FAKE_CUDA_LABEL} "${path}"
                            EXTRA_ARGS --loading=${mode})
    endif()
  endforeach()
endfunction()
