// EXPECT-STATUS: 1
// RUN-OPTIONS: -cl-std=CL2.0
kernel void producer(write_only pipe int out) {
  int value = 1;
  write_pipe(out, &value);
}
// LOG: pipes.cl:3:{{[0-9]+}}: error: pipes are not supported by clcuda [CLC1004]
