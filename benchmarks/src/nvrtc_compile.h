// NVRTC for the raw CUDA column and for the check that its sources compile.
#pragma once

#include <clcuda/embedded_file.h>

#include <string>
#include <vector>

namespace clcuda {
extern const EmbeddedFileSet cuda_benchmark_sources; // cuda/*.cu
} // namespace clcuda

namespace clcuda::bench {

// The kernel a build measure appends to the CUDA program (see saltKernel()).
inline constexpr const char *kCudaSaltKernel =
    "extern \"C\" __global__ void clcuda_bench_salt_@SALT@(unsigned *out) { out[0] = @SALT@u; }\n";

// CUDA C++ `source` compiled for `arch` ("sm_90") to a CUBIN, with `options`
// (blank-separated; a -D value may hold no blank); BenchError with NVRTC's
// log when it does not compile.
std::vector<char> compileToCubin(const std::string &source, const std::string &name,
                                 const std::string &arch, const std::string &options = "");

} // namespace clcuda::bench
