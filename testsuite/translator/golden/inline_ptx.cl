// Inline PTX, as NVIDIA's OpenCL takes it: the statement is CUDA's own, its
// operands are rewritten like any expression, and the GNU spellings become
// the ones NVRTC knows.
#define LANE_ID(id) asm volatile("mov.u32 %0, %%laneid;" : "=r"(id))
kernel void inline_ptx(global uint *out, global float4 *values) {
  uint lane;
  // READABLE: LANE_ID(lane);
  // COMPILE: asm volatile ("mov.u32 %0, %%laneid;" : "=r" (lane));
  LANE_ID(lane);
  float x;
  // CHECK: asm volatile("mov.b32 %0, %1;" : "=f"(x) : "f"(values[0].z));
  __asm__ __volatile__("mov.b32 %0, %1;" : "=f"(x) : "f"(values[0].s2));
  ulong wide;
  // CHECK: asm("cvt.u64.u32 %0, %1;" : "=l"(wide) : "r"(lane));
  __asm("cvt.u64.u32 %0, %1;" : "=l"(wide) : "r"(lane));
  out[get_global_id(0)] = lane + (uint)x + (uint)wide;
}
