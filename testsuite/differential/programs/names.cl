// Names that are keywords in C++ or built-in names in CUDA, and plain
// identifiers in OpenCL C: a translation to CUDA C++ must rename them.
typedef struct {
  int private_value;
  int new;
} class;

int operator_of(class object, int template) { return object.new * template + object.private_value; }

__kernel void names(__global const int *this, __global int *delete) {
  int threadIdx = get_global_id(0);
  int blockDim = this[threadIdx];
  class namespace = {blockDim & 7, blockDim >> 3};
  int virtual = operator_of(namespace, 3);
  delete[threadIdx] = virtual - threadIdx;
}
