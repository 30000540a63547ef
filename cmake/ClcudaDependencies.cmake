# Finds every dependency the standard way; a missing one stops configuration
# with the Debian package that provides it (scripts/install-deps installs them).

function(clcuda_require found what package)
  if(NOT ${found})
    message(FATAL_ERROR "clcuda: ${what} not found. Install it with "
      "`sudo apt-get install ${package}` or run scripts/install-deps.")
  endif()
endfunction()

# CUDA Toolkit 13: NVRTC (linked) and the driver API headers. The shim loads
# libcuda.so.1 at run time instead of linking the stub: docs/design.md says why.
find_package(CUDAToolkit 13 QUIET)
clcuda_require(CUDAToolkit_FOUND "CUDA Toolkit 13 (nvrtc, cuda.h)"
  "cuda-toolkit-13 (NVIDIA's repository; or set CUDAToolkit_ROOT)")

# Khronos OpenCL headers and the ICD loader.
set(CL_TARGET_OPENCL_VERSION 300)
find_package(OpenCL QUIET)
clcuda_require(OpenCL_FOUND "OpenCL headers and ICD loader" "opencl-headers ocl-icd-opencl-dev")

# Clang/LLVM 16 LibTooling, used through the shared libraries libclang-cpp
# and libLLVM so the translator stays small and loads only when needed.
find_package(LLVM 16 CONFIG QUIET HINTS /usr/lib/llvm-16/lib/cmake/llvm)
clcuda_require(LLVM_FOUND "LLVM 16 (LLVMConfig.cmake)" "llvm-16-dev")
find_package(Clang CONFIG QUIET HINTS ${LLVM_DIR}/../clang /usr/lib/llvm-16/lib/cmake/clang)
clcuda_require(Clang_FOUND "Clang 16 LibTooling (ClangConfig.cmake)" "libclang-16-dev clang-16")
if(NOT LLVM_VERSION_MAJOR EQUAL 16)
  message(FATAL_ERROR "clcuda: found LLVM ${LLVM_PACKAGE_VERSION}, need 16 (llvm-16-dev).")
endif()
# Clang's OpenCL base header is embedded in the translator.
set(CLCUDA_CLANG_RESOURCE_INCLUDE
  "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}/include")
if(NOT EXISTS "${CLCUDA_CLANG_RESOURCE_INCLUDE}/opencl-c-base.h")
  message(FATAL_ERROR "clcuda: opencl-c-base.h not found in "
    "${CLCUDA_CLANG_RESOURCE_INCLUDE}; install libclang-common-16-dev.")
endif()

# The translator's SPIR-V front end: SPIRV-Tools validates a module (its
# static library, linked into libcl2cuda: nothing travels with it) and
# spirv-headers' grammar gives the instruction tables; the tests assemble
# their modules with spirv-as.
find_package(SPIRV-Tools CONFIG QUIET)
clcuda_require(SPIRV-Tools_FOUND "SPIRV-Tools (SPIRV-ToolsConfig.cmake)" "spirv-tools")
find_path(SPIRV_HEADERS_GRAMMAR_DIR spirv.core.grammar.json PATH_SUFFIXES spirv/unified1)
clcuda_require(SPIRV_HEADERS_GRAMMAR_DIR "spirv-headers (spirv/unified1/spirv.core.grammar.json)"
  "spirv-headers")
# OpenCL C to SPIR-V, for SPIR-V programs made by a real compiler (the
# benchmark's --il programs): clang-15 to SPIR target LLVM IR, and Khronos's
# LLVM-SPIRV translator of the same LLVM version.
find_program(CLCUDA_SPIRV_CLANG clang-15)
clcuda_require(CLCUDA_SPIRV_CLANG "clang-15 (OpenCL C to LLVM IR for llvm-spirv-15)" "clang-15")
find_program(CLCUDA_LLVM_SPIRV llvm-spirv-15)
clcuda_require(CLCUDA_LLVM_SPIRV "llvm-spirv-15 (LLVM IR to SPIR-V)" "llvm-spirv-15")
find_package(Python3 QUIET COMPONENTS Interpreter)
clcuda_require(Python3_Interpreter_FOUND "Python 3 (the SPIR-V tables, the CTS runner's test)"
  "python3")

if(CLCUDA_BUILD_TESTS)
  find_package(GTest QUIET)
  clcuda_require(GTest_FOUND "GoogleTest" "libgtest-dev")
  find_program(SPIRV_AS spirv-as)
  clcuda_require(SPIRV_AS "spirv-as (the SPIR-V tests' assembler)" "spirv-tools")
endif()
