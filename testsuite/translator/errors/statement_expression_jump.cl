// EXPECT-STATUS: 1
// A statement expression whose value is used becomes a lambda: a break out
// of it would leave the lambda, not the loop around it.
kernel void jump(global float *p) {
  for (int i = 0; i < 4; ++i)
    p[i] = ({ if (i == 2) break; 1.0f; });
}
// LOG: statement_expression_jump.cl:6:12: error: a statement expression whose value is used cannot return, break, continue or goto out of itself in clcuda (NVRTC has no statement expressions: it becomes a lambda) [CLC1010]
