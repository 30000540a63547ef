// EXPECT-STATUS: 1
// RUN-OPTIONS: -cl-std=CL2.0
// Builtins clcuda does not implement are errors where they are called.
kernel void device_side_events(global int *p) {
  create_user_event();
  get_default_queue();
}
// LOG: unsupported_builtins.cl:5:3: error: 'create_user_event' is not supported by clcuda: Device-side enqueue is not supported. [CLC1001]
// LOG: unsupported_builtins.cl:6:3: error: 'get_default_queue' is not supported by clcuda: Device-side enqueue is not supported. [CLC1001]
