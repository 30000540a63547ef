// Host-side helpers both kinds of column use: clocks, CPU time, pageable
// memory, the kernel sources compiled into the program, result checks.
#pragma once

#include "column.h"
#include "workloads.h"

#include <clcuda/embedded_file.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clcuda::bench {

// Monotonic wall-clock time in seconds.
double wallSeconds();
// User + system CPU time of the whole process (every thread), in seconds.
double processCpuSeconds();

// Page-aligned ordinary (pageable) host memory, every page touched so that a
// first transfer does not pay for page faults.
class PageableMemory {
public:
  explicit PageableMemory(std::size_t bytes);
  unsigned char *data() const { return data_.get(); }

private:
  struct Free {
    void operator()(unsigned char *p) const;
  };
  std::unique_ptr<unsigned char, Free> data_;
};

// The text of `name` ("kernels/saxpy.cl") in an embedded file set (BenchError if absent).
std::string embeddedText(const EmbeddedFileSet &files, const std::string &name);

// What one column builds of a build measure program: its files found as
// `<directory>/<file><extension>` (or the installed kernel under
// `packages_root`), followed by the salt kernel (saltKernel of
// `salt_template` and `salt`), and the options (OpenCL's, or NVRTC's for the
// CUDA column: `cuda`). A linked program's files are `units` instead of one
// `source`, each followed by a salt kernel of its own (salt + its index), so
// that no unit's compile can come from a cache either. BenchError when an
// installed kernel's file is missing.
struct BuildInput {
  std::string source, options;
  std::vector<std::string> units;
};
BuildInput buildMeasureInput(const EmbeddedFileSet &files, const BuildProgram &program,
                             const std::string &packages_root, const std::string &directory,
                             const std::string &extension, const std::string &salt_template,
                             std::uint32_t salt, bool cuda);
// Why `program` cannot be built here ("" when it can): its package is not
// installed under `packages_root`.
std::string buildMeasureMissing(const BuildProgram &program, const std::string &packages_root);

// The phases of clcuda's "clcuda build times: ..." line in a build log
// (empty when the log has none): translate, NVRTC's own phases, link, load
// and total, in ms; the NVRTC sum and the cache lookup are left out.
BuildPhases parseBuildTimes(const std::string &log);

// `text` with every `marker` replaced by `value`.
std::string replaceMarker(std::string text, const std::string &marker, const std::string &value);

// The kernel a build appends to make its source unique: `template_text` with
// every "@SALT@" replaced by the number.
std::string saltKernel(const std::string &template_text, std::uint32_t salt);

// A word pattern that checks a transfer: fillTransferPattern writes it
// (bytes a multiple of 4), checkTransferPattern reads the first and last
// 4 KiB of a buffer that should hold it ("" when it does).
void fillTransferPattern(unsigned char *data, std::size_t bytes);
std::string checkTransferPattern(const unsigned char *data, std::size_t bytes);

// The pipeline's host input for `batches` of `batch_elements` floats.
void fillPipelineInput(float *data, std::size_t elements);
// Checks pipeline (or fma_chain) output against fmaChainReference at spread
// indices; "" when right.
std::string checkFmaChainOutput(const float *output, std::size_t elements,
                                std::uint32_t iterations);

// Checks the command-buffer measure's buffer (kernels/increment.cl): every
// element must count `launches`; "" when it does, else how many differ.
std::string checkLaunchCounts(const std::uint32_t *counts, std::size_t elements,
                              std::uint64_t launches);

} // namespace clcuda::bench
