// Every work-item function for every work-item, including the out-of-range
// dimension 3, written at the work-item's global linear id. The test launches
// it as the shim does: a non-uniform NDRange split into launches of uniform
// blocks, each with its group_offset (docs/design.md).
#include <clc/core.h>

// Words per work-item: 8 functions x 4 dimensions, then work_dim,
// get_global_linear_id, get_local_linear_id and a written marker.
#define RECORD_WORDS 36

extern "C" __global__ void work_items(unsigned long long *out, const clc::ndrange clc_ndrange) {
  size_t linear = clc::get_global_linear_id(clc_ndrange);
  unsigned long long *record = out + linear * RECORD_WORDS;
  for (unsigned int d = 0; d < 4; ++d) {
    record[0 + d] = clc::get_global_id(clc_ndrange, d);
    record[4 + d] = clc::get_local_id(d);
    record[8 + d] = clc::get_group_id(clc_ndrange, d);
    record[12 + d] = clc::get_local_size(d);
    record[16 + d] = clc::get_global_size(clc_ndrange, d);
    record[20 + d] = clc::get_enqueued_local_size(clc_ndrange, d);
    record[24 + d] = clc::get_num_groups(clc_ndrange, d);
    record[28 + d] = clc::get_global_offset(clc_ndrange, d);
  }
  record[32] = clc::get_work_dim(clc_ndrange);
  record[33] = linear;
  record[34] = clc::get_local_linear_id();
  record[35] += 1; // each work-item once
}

// __local pointer arguments: offsets into dynamic shared memory, laid out one
// after another by the shim. Each work-group fills both and reads them back
// across work-items through a barrier.
extern "C" __global__ void local_arguments(int *out, unsigned int ints_local_offset,
                                           unsigned int doubles_local_offset) {
  int *ints = clc::local_arg<int>(ints_local_offset);
  clc::double2 *doubles = clc::local_arg<clc::double2>(doubles_local_offset);
  size_t id = clc::get_local_id(0), size = clc::get_local_size(0);
  ints[id] = int(id) * 3;
  doubles[id] = clc::double2(double(id), -double(id));
  clc::barrier(1);
  size_t other = size - 1 - id;
  out[blockIdx.x * size + id] = ints[other] + int(doubles[other].x) - int(doubles[other].y);
}
