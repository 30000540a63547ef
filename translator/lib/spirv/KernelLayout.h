// What the validator is given of a Kernel module: its layout made regular
// where producers get it wrong and the translation does not depend on it.
#pragma once

#include "spirv/SpirvModule.h"

#include <cstdint>
#include <vector>

namespace cl2cuda::spirv {

// `words` (the module `module` was parsed from, in host byte order) with,
// unless the module declares Shader: no OpLoopMerge or OpSelectionMerge (the
// translation ignores them, and OpenCL's kernels need no structured control
// flow), each function's blocks in an order where every block follows its
// dominators (the translation's gotos do not depend on it), and each entry
// point's interface listing the module's variables its version requires.
// llvm-spirv-15 writes merge blocks shared by two loops, blocks before their
// dominators and short interface lists; the semantics are the same.
std::vector<uint32_t> withKernelLayoutNormalized(const std::vector<uint32_t> &words,
                                                 const Module &module);

} // namespace cl2cuda::spirv
