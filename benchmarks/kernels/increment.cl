// A small kernel for the command-buffer measure: what a launch costs when
// the work is tiny. Each work-item adds 1 to its own element, so the buffer
// counts the launches that ran.
__kernel void increment(__global uint *counts) { counts[get_global_id(0)] += 1u; }
