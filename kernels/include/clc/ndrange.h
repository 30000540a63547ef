// The hidden NDRange parameter every translated kernel receives (docs/design.md,
// "The hidden NDRange parameter"). Plain C++: the shim includes this header to
// fill the struct, translated device code reads it.
#pragma once

namespace clc {

// A sub-group is a warp of this many work-items (clc/core.h); the
// translator's SPIR-V front end answers sub-group queries with it.
constexpr unsigned int sub_group_size = 32;

struct ndrange {
  unsigned long long global_size[3];         // unused dimensions: 1
  unsigned long long global_offset[3];       // unused dimensions: 0
  unsigned long long enqueued_local_size[3]; // unused dimensions: 1
  unsigned long long num_groups[3];          // unused dimensions: 1
  unsigned int group_offset[3];              // group id of this launch's block (0,0,0)
  unsigned int work_dim;
};

} // namespace clc
