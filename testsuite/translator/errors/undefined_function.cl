// EXPECT-STATUS: 1
// A function declared and never defined cannot be linked from anywhere in a
// whole-program build (found by the translator's fuzz target: ptxas failed
// with "Unresolved extern function" instead of the build naming the call).
float scale(float x);
int offset(void);

__kernel void apply(__global float *data) {
  data[0] = scale(data[0]);
  data[1] = scale(data[1]) + offset();
}
// LOG: undefined_function.cl:9:13: error: function 'scale' is called but never defined in the program [CLC2001]
// LOG: undefined_function.cl:10:13: error: function 'scale' is called but never defined in the program [CLC2001]
// LOG: undefined_function.cl:10:30: error: function 'offset' is called but never defined in the program [CLC2001]
