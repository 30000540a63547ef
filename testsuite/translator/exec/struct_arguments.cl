// A structure passed by value to a kernel and to a helper. Its compiler-made
// SPIR-V passes both as pointers to copies (FuncParamAttr ByVal), which the
// SPIR-V front end launches by value like OpenCL C's.
typedef struct {
  float scale;
  int offset;
  float4 bias;
} params_t;
float apply(params_t p, float x) { return p.scale * x + p.bias.y; }
kernel void struct_arguments(global float *out, params_t p) {
  int i = get_global_id(0);
  out[i] = apply(p, (float)(i + p.offset));
}
