// Built with -cl-fp32-correctly-rounded-divide-sqrt (clcuda reports
// CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT): single-precision division and sqrt
// round correctly, to the host's IEEE results bit for bit.
__kernel void correctly_rounded(__global float *quotient, __global float *root,
                                __global const float *a, __global const float *b) {
  size_t i = get_global_id(0);
  quotient[i] = a[i] / b[i];
  root[i] = sqrt(a[i]);
}
