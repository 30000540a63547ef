// Long runs of stores (docs/translator.md): both front ends end the basic
// block (clc::end_basic_block) after this many scalar components stored in
// straight-line code. NVVM merges a block's scalar stores into vector stores
// only up to about 2,000 stores to one object; splitting this often keeps
// every block well under that, and typical kernels never store this much
// without a branch or a loop between.
#pragma once

namespace cl2cuda {

inline constexpr unsigned kStoredComponentsPerBlock = 512;

} // namespace cl2cuda
