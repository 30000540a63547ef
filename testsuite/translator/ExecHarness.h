// Runs one OpenCL kernel three ways and compares the results: the original
// .cl on a reference OpenCL platform (PoCL, or NVIDIA's OpenCL; never clcuda)
// through the ICD loader; the translated CUDA compiled by NVRTC and launched
// through the CUDA driver API exactly as the shim launches it (docs/design.md:
// the hidden clc::ndrange, __local arguments as offsets into dynamic shared
// memory, non-uniform NDRanges split into uniform launches); and the readable
// translation built by nvcc, launched through its launch helper.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace cl2cuda::testing {

enum class Element { Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64, Float, Double };

size_t elementSize(Element element);

// A kernel argument.
struct ExecArg {
  enum Kind { Buffer, Local, Value } kind = Value;
  // Buffer: initial contents; an output buffer is compared after the run.
  std::vector<unsigned char> bytes;
  Element element = Element::UInt8;
  bool output = false;
  // How far floating-point results may differ, in units in the last place.
  unsigned max_ulps = 0;
  size_t local_bytes = 0; // Local: the size passed to clSetKernelArg

  template <typename T>
  static ExecArg buffer(const std::vector<T> &values, Element element, bool output = false,
                        unsigned max_ulps = 0) {
    ExecArg arg;
    arg.kind = Buffer;
    arg.bytes.resize(values.size() * sizeof(T));
    if (!values.empty())
      std::memcpy(arg.bytes.data(), values.data(), arg.bytes.size());
    arg.element = element;
    arg.output = output;
    arg.max_ulps = max_ulps;
    return arg;
  }
  static ExecArg local(size_t bytes) {
    ExecArg arg;
    arg.kind = Local;
    arg.local_bytes = bytes;
    return arg;
  }
  template <typename T> static ExecArg value(const T &scalar) {
    ExecArg arg;
    arg.kind = Value;
    arg.bytes.resize(sizeof(T));
    std::memcpy(arg.bytes.data(), &scalar, sizeof(T));
    return arg;
  }
};

struct ExecCase {
  ExecCase(std::string file_name, std::string kernel_name, std::string options = "")
      : file(std::move(file_name)), kernel(std::move(kernel_name)),
        build_options(std::move(options)) {}
  std::string file;   // testsuite/translator/exec/<file>
  std::string kernel; // the kernel to run
  // When set, the CUDA side runs this SPIR-V module instead of the translated
  // file (a path under the tests' build directory, "spirv/<name>.spv", as
  // spirv-as assembled testsuite/translator/spirv/<name>.spvasm); the
  // reference still runs `file`, the same kernel in OpenCL C.
  std::string spirv;
  std::string build_options;
  unsigned work_dim = 1;
  size_t global_size[3] = {1, 1, 1};
  size_t local_size[3] = {1, 1, 1};
  size_t global_offset[3] = {0, 0, 0};
  std::vector<ExecArg> args;
};

// The output buffers of one run, in argument order.
using Outputs = std::vector<std::vector<unsigned char>>;

struct RunResult {
  bool ok = false;
  std::string error; // why not, with enough detail to diagnose
  Outputs outputs;
};

// The reference OpenCL platform: CLCUDA_REFERENCE_PLATFORM (a substring of
// its name) if set, else the first platform that is not clcuda.
RunResult runOnReference(const ExecCase &test);

// Why the CUDA side cannot run here ("" when it can).
std::string cudaUnavailableReason();
RunResult runTranslatedOnCuda(const ExecCase &test);

// The case's program translated in readable mode with launch helpers (issue
// 26: the output a migration keeps), built by nvcc and launched through its
// launch_<kernel> with the CUDA runtime API (ExecHarnessReadable.cpp).
struct ReadableRun {
  RunResult run;       // the outputs, or why there are none
  std::string skipped; // why it could not run here (no nvcc), else ""
  // The kernel reads CUDA's built-in variables and the NDRange is not one
  // grid of full work-groups from 0: its helper returned the error
  // clEnqueueNDRangeKernel's rules give, as it must, and launched nothing.
  bool refused = false;
};
ReadableRun runReadableOnCuda(const ExecCase &test);

// "" when `actual` matches `expected` for every output buffer, else the
// first mismatches, with indices and values.
std::string compareOutputs(const ExecCase &test, const Outputs &expected, const Outputs &actual);

} // namespace cl2cuda::testing
