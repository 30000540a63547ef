# Programs, kernels and launches (issue 5), included by
# testsuite/shim/CMakeLists.txt for its test support:
#   programs_internal (label unit): the build pipeline (translator, NVRTC,
#     nvJitLink, kernel cache), program binaries and argument rules, without
#     a GPU (launch plans: testsuite/kernels/host).
#   programs_api (label gpu, and unit as fakecuda.*): programs, kernels and
#     launches through the OpenCL API, on the GPU or on the CPU stand-in for
#     the driver.
set(programs_dir ${CMAKE_CURRENT_LIST_DIR})

add_library(clcuda_child_process OBJECT ${programs_dir}/support/child_process.cpp)
target_include_directories(clcuda_child_process PUBLIC ${programs_dir}/support)
target_link_libraries(clcuda_child_process PUBLIC GTest::gtest)
clcuda_warnings(clcuda_child_process)

# A libnvJitLink.so.13 with none of nvJitLink's functions (compiler_test.cpp).
add_library(clcuda_test_hollow_jit_link SHARED ${programs_dir}/support/hollow_library.cpp)
set_target_properties(clcuda_test_hollow_jit_link PROPERTIES
  OUTPUT_NAME nvJitLink SUFFIX ".so.13"
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib/hollow_jit_link)

add_executable(programs_internal
  ${programs_dir}/internal/argument_rules_test.cpp
  ${programs_dir}/internal/binary_test.cpp
  ${programs_dir}/internal/compiler_test.cpp)
target_link_libraries(programs_internal PRIVATE clcuda_api clcuda_core clcuda_child_process
                      GTest::gtest_main)
target_compile_definitions(programs_internal PRIVATE
  CLCUDA_TRANSLATOR_LIBRARY="$<TARGET_FILE:cl2cuda>" CLCUDA_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  CLCUDA_HOLLOW_JIT_LINK_DIR="$<TARGET_FILE_DIR:clcuda_test_hollow_jit_link>")
add_dependencies(programs_internal cl2cuda clcuda_test_hollow_jit_link)
clcuda_warnings(programs_internal)
clcuda_register_gtest(programs_internal "programs." unit "")

add_executable(programs_api
  ${programs_dir}/api/gpu_fixture.cpp
  ${programs_dir}/api/program_fixture.cpp
  ${programs_dir}/api/command_buffer_test.cpp
  ${programs_dir}/api/image_argument_test.cpp
  ${programs_dir}/api/image_kernel_test.cpp
  ${programs_dir}/api/il_program_test.cpp
  ${programs_dir}/api/nvidia_idioms_test.cpp
  ${programs_dir}/api/opencl_31_test.cpp
  ${programs_dir}/api/kernel_test.cpp
  # image_argument_test.cpp makes a program binary (NVRTC) itself.
  ${PROJECT_SOURCE_DIR}/shim/core/program_binary.cpp
  ${programs_dir}/api/launch_test.cpp
  ${programs_dir}/api/program_test.cpp
  ${programs_dir}/api/suggested_local_size_test.cpp)
target_include_directories(programs_api PRIVATE ${programs_dir}/api ${programs_dir}/fake_cuda)
target_link_libraries(programs_api PRIVATE clcuda_test_support clcuda_child_process clcuda_cuda
                      cl2cuda_headers clcuda_device_contract Threads::Threads
                      ${CMAKE_DL_LIBS})
# il_program_test.cpp builds the translator tests' SPIR-V modules.
target_compile_definitions(programs_api PRIVATE
  CLCUDA_SPIRV_TEST_MODULES="${PROJECT_BINARY_DIR}/testsuite/translator/spirv")
add_dependencies(programs_api cl2cuda translator_spirv_modules)
clcuda_warnings(programs_api)
clcuda_add_loading_tests(programs_api LABEL gpu FAKE_CUDA_LABEL unit MODES icd relink)

# The image kernels again with CLCUDA_IMAGE_LIBRARY=0 (the software reads
# and writes compiled into the program instead of linked from the image
# library, docs/design.md "Images and samplers"): on the GPU (label gpu;
# skipped without one) and on the CPU stand-in (unit). One test a process,
# so that a skip cannot hide another's failure.
foreach(test ReadsThroughASamplerAndWritesAnImage TextureUnitAndSoftwareReadTheSame
             TakesWorkGroupsAsLargeAsTheDevice)
  foreach(variant gpu fakecuda)
    set(name ${variant}.inlineimages.ImageKernelTest.${test})
    add_test(NAME ${name} COMMAND programs_api --loading=icd --gtest_filter=ImageKernelTest.${test})
    set(environment CLCUDA_IMAGE_LIBRARY=0)
    set(label gpu)
    if(variant STREQUAL "fakecuda")
      list(APPEND environment LD_LIBRARY_PATH=${CLCUDA_FAKE_CUDA_DIR})
      set(label unit)
    endif()
    set_tests_properties(${name} PROPERTIES LABELS ${label} ENVIRONMENT "${environment}"
                         SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
  endforeach()
endforeach()
