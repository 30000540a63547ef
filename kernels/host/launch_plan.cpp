#include "launch_plan.h"

#include <algorithm>

namespace clcuda {

LocalArgumentLayout layOutLocalArguments(const cl2cuda::KernelMetadata &kernel,
                                         const std::vector<std::size_t> &sizes) {
  LocalArgumentLayout layout;
  layout.offsets.assign(kernel.args.size(), 0);
  layout.bytes = kernel.local_variable_bytes;
  for (std::size_t i = 0; i < kernel.args.size() && i < sizes.size(); ++i) {
    const cl2cuda::KernelArg &arg = kernel.args[i];
    if (arg.kind != cl2cuda::ArgKind::LocalPointer)
      continue;
    const std::size_t offset =
        clc::align_local(layout.bytes, std::max<std::uint32_t>(arg.alignment, 1));
    layout.offsets[i] = std::uint32_t(std::min<std::size_t>(offset, UINT32_MAX));
    layout.bytes = offset + sizes[i];
  }
  return layout;
}

} // namespace clcuda
