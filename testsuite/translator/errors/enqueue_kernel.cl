// EXPECT-STATUS: 1
// RUN-OPTIONS: -cl-std=CL2.0
kernel void parent(global int *out) {
  queue_t queue = get_default_queue();
  ndrange_t range = ndrange_1D(1);
  enqueue_kernel(queue, CLK_ENQUEUE_FLAGS_NO_WAIT, range, ^{ out[0] = 1; });
}
// LOG: enqueue_kernel.cl:4:3: error: type 'queue_t' is not supported by clcuda: Device-side enqueue is not supported. [CLC1002]
// LOG: enqueue_kernel.cl:6:{{[0-9]+}}: error: blocks (device-side enqueue) are not supported by clcuda [CLC1007]
