# The shim's GPU tests (label `gpu`: they need a CUDA device and report
# SKIPPED with the reason where there is none), included by
# testsuite/shim/CMakeLists.txt, whose test support they share. Each also
# runs, labelled `unit`, against fake_cuda: a CPU stand-in for libcuda.so.1
# that runs their host-side logic anywhere (prefix `fakecuda.`).

# Installed as the driver is: libcuda.so.1 links to libcuda.so.<release>, from
# which the shim reads the driver's release (CL_DRIVER_VERSION).
add_library(clcuda_fake_cuda SHARED ${CMAKE_CURRENT_LIST_DIR}/fake_cuda/fake_cuda.cpp)
target_include_directories(clcuda_fake_cuda SYSTEM PRIVATE ${CUDAToolkit_INCLUDE_DIRS})
target_link_libraries(clcuda_fake_cuda PRIVATE Threads::Threads)
set_target_properties(clcuda_fake_cuda PROPERTIES
  OUTPUT_NAME cuda SUFFIX ".so.${CLCUDA_FAKE_CUDA_RELEASE}" NO_SONAME ON
  CXX_VISIBILITY_PRESET hidden
  LIBRARY_OUTPUT_DIRECTORY ${CLCUDA_FAKE_CUDA_DIR})
add_custom_command(TARGET clcuda_fake_cuda POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E create_symlink $<TARGET_FILE_NAME:clcuda_fake_cuda>
          ${CLCUDA_FAKE_CUDA_DIR}/libcuda.so.1
  VERBATIM)
clcuda_warnings(clcuda_fake_cuda)

# The stand-in itself, called directly: its stream capture and graphs
# (label `unit`, prefix `fakecuda.`).
add_executable(fake_cuda_test ${CMAKE_CURRENT_LIST_DIR}/fake_cuda/fake_graph_test.cpp)
target_include_directories(fake_cuda_test SYSTEM PRIVATE ${CUDAToolkit_INCLUDE_DIRS})
target_link_libraries(fake_cuda_test PRIVATE GTest::gtest_main ${CMAKE_DL_LIBS})
clcuda_warnings(fake_cuda_test)
add_dependencies(fake_cuda_test clcuda_fake_cuda)
clcuda_register_gtest(fake_cuda_test "fakecuda.driver." unit "${CLCUDA_FAKE_CUDA_DIR}")

# Through the OpenCL API, once through the ICD loader and once by relink.
add_executable(shim_gpu_api
  ${CMAKE_CURRENT_LIST_DIR}/api/gpu_fixture.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/buffer_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/device_queue_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/event_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/image_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/transfer_test.cpp)
target_include_directories(shim_gpu_api PRIVATE ${CMAKE_CURRENT_LIST_DIR}/api)
target_link_libraries(shim_gpu_api PRIVATE clcuda_test_support Threads::Threads)
clcuda_warnings(shim_gpu_api)
clcuda_add_loading_tests(shim_gpu_api LABEL gpu FAKE_CUDA_LABEL unit MODES icd relink)

# clcuda against NVIDIA's OpenCL on the same GPU: the answers applications
# take NVIDIA's code paths on (skips where NVIDIA's OpenCL is not installed).
add_executable(nvidia_comparison
  ${CMAKE_CURRENT_LIST_DIR}/api/gpu_fixture.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/nvidia_comparison_test.cpp)
target_include_directories(nvidia_comparison PRIVATE ${CMAKE_CURRENT_LIST_DIR}/api)
target_link_libraries(nvidia_comparison PRIVATE clcuda_test_support)
clcuda_warnings(nvidia_comparison)
clcuda_add_loading_tests(nvidia_comparison LABEL gpu MODES reference)

# Shared virtual memory through the OpenCL API, kernels included (the
# program fixture of programs_tests.cmake builds them).
add_executable(shim_gpu_svm
  ${CMAKE_CURRENT_LIST_DIR}/api/gpu_fixture.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/program_fixture.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/svm_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/api/svm_kernel_test.cpp)
target_include_directories(shim_gpu_svm PRIVATE ${CMAKE_CURRENT_LIST_DIR}/api
                           ${CMAKE_CURRENT_LIST_DIR}/fake_cuda)
target_link_libraries(shim_gpu_svm PRIVATE clcuda_test_support clcuda_child_process
                      Threads::Threads ${CMAKE_DL_LIBS})
add_dependencies(shim_gpu_svm cl2cuda)
clcuda_warnings(shim_gpu_svm)
clcuda_add_loading_tests(shim_gpu_svm LABEL gpu FAKE_CUDA_LABEL unit MODES icd relink)

# Inside the shim: commands issued through the core (a PTX spin kernel
# launched as a command, as issue 5's kernels will be) for the concurrency,
# CPU-time and launch-cost tests.
add_executable(shim_gpu_core
  ${CMAKE_CURRENT_LIST_DIR}/core/spin_kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/core/concurrency_test.cpp)
target_link_libraries(shim_gpu_core PRIVATE clcuda_api clcuda_core GTest::gtest_main
                      Threads::Threads)
clcuda_warnings(shim_gpu_core)
add_dependencies(shim_gpu_core clcuda_fake_cuda)
clcuda_register_gtest(shim_gpu_core "core." gpu "")
clcuda_register_gtest(shim_gpu_core "fakecuda.core." unit "${CLCUDA_FAKE_CUDA_DIR}")
