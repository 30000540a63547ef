# clcuda_add_loading_tests(TARGET LABEL MODE...): registers the GoogleTest
# binary TARGET, a program that uses the OpenCL API through libOpenCL.so.1,
# once per way of loading libclcuda.so, so the same program is tested
# through the ICD loader and by direct relink. Each test name starts with
# its mode:
#   icd.       OCL_ICD_VENDORS=build/icd/clcuda.icd (every ocl-icd version)
#   filenames. OCL_ICD_FILENAMES=build/lib/libclcuda.so (the Khronos loader,
#              newer ocl-icd; tests skip where the loader ignores it)
#   relink.    LD_LIBRARY_PATH=build/lib/relink, where libOpenCL.so.1 is
#              libclcuda.so: no loader at all
set(clcuda_loading_env_icd "OCL_ICD_VENDORS=${CLCUDA_BUILD_ICD_DIR}/clcuda.icd")
set(clcuda_loading_env_filenames
    "OCL_ICD_FILENAMES=${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/libclcuda.so")
set(clcuda_loading_env_relink "LD_LIBRARY_PATH=${CLCUDA_RELINK_DIR}")

function(clcuda_add_loading_tests target label)
  add_dependencies(${target} clcuda)
  foreach(mode IN LISTS ARGN)
    gtest_discover_tests(${target}
      TEST_PREFIX "${mode}."
      EXTRA_ARGS "--loading=${mode}"
      DISCOVERY_MODE PRE_TEST
      PROPERTIES LABELS ${label}
                 ENVIRONMENT "${clcuda_loading_env_${mode}}"
                 SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
  endforeach()
endfunction()
