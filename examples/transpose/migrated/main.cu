// The transpose example migrated to CUDA for good (docs/translator.md, "A
// worked migration"). transpose.cu is `cl2cuda ../transpose.cl
// --launch-helpers`, unchanged; this file is ../transpose.cpp's host program
// in the CUDA runtime API: the same matrix, the same NDRange, the same check
// against the host, the bandwidth of each kernel.
//
// usage: transpose_cuda [WIDTH HEIGHT [ITERATIONS]]   (multiples of 32)
#include "transpose.cu"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

constexpr size_t kTile = 32; // TILE in transpose.cl
constexpr size_t kRows = 8;  // ROWS in transpose.cl

// What the OpenCL program's check() did with a cl_int.
void check(cudaError_t status, const char *what) {
  if (status == cudaSuccess)
    return;
  std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
  std::exit(1);
}

} // namespace

int main(int argc, char **argv) {
  const size_t width = argc > 2 ? std::strtoul(argv[1], nullptr, 10) : 4096;
  const size_t height = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 4096;
  const int iterations = argc > 3 ? std::atoi(argv[3]) : 20;
  if (width == 0 || height == 0 || width % kTile || height % kTile || iterations <= 0) {
    std::fprintf(stderr, "usage: %s [WIDTH HEIGHT [ITERATIONS]], multiples of 32\n", argv[0]);
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("SKIPPED: no CUDA device\n");
    return 77;
  }

  const size_t count = width * height, bytes = count * sizeof(float);
  std::vector<float> input(count), expected(count);
  std::mt19937 random(3);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (float &value : input)
    value = uniform(random);
  for (size_t y = 0; y < height; ++y)
    for (size_t x = 0; x < width; ++x)
      expected[x * height + y] = input[y * width + x];

  // clCreateCommandQueue: a stream. clCreateBuffer: cudaMalloc.
  cudaStream_t stream;
  check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  float *in = nullptr, *out = nullptr;
  check(cudaMalloc(&in, bytes), "cudaMalloc");
  check(cudaMalloc(&out, bytes), "cudaMalloc");
  check(cudaMemcpyAsync(in, input.data(), bytes, cudaMemcpyHostToDevice, stream),
        "cudaMemcpyAsync");
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");

  // transpose.cpp's NDRange: TILE x ROWS work-groups, each moving a tile.
  const size_t global[2] = {width, height * kRows / kTile};
  const size_t local[2] = {kTile, kRows};
  const char *names[2] = {"naive", "tiled"};
  int failures = 0;
  for (int k = 0; k < 2; ++k) {
    // clSetKernelArg and clEnqueueNDRangeKernel: the naive kernel through its
    // launch helper, the tiled one with <<<>>> as CUDA code would.
    auto launch = [&] {
      if (k == 0)
        return launch_transpose_naive(stream, 2, nullptr, global, local, in, out, uint(width),
                                      uint(height));
      transpose_tiled<<<dim3(unsigned(width / kTile), unsigned(height / kTile)),
                        dim3(kTile, kRows), 0, stream>>>(in, out, uint(width), uint(height));
      return cudaGetLastError();
    };
    check(cudaMemsetAsync(out, 0, bytes, stream), "cudaMemsetAsync");
    check(launch(), names[k]); // warm-up
    check(cudaEventRecord(start, stream), "cudaEventRecord");
    for (int i = 0; i < iterations; ++i)
      check(launch(), names[k]);
    check(cudaEventRecord(stop, stream), "cudaEventRecord");
    std::vector<float> transposed(count);
    check(cudaMemcpyAsync(transposed.data(), out, bytes, cudaMemcpyDeviceToHost, stream),
          "cudaMemcpyAsync");
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize"); // clFinish
    float milliseconds = 0;
    check(cudaEventElapsedTime(&milliseconds, start, stop), "cudaEventElapsedTime");

    size_t wrong = 0;
    for (size_t i = 0; i < count; ++i)
      wrong += transposed[i] != expected[i];
    const double seconds = milliseconds / 1e3 / iterations;
    std::printf("%s: %zu x %zu, %.1f us per launch, %.1f GB/s\n", names[k], width, height,
                seconds * 1e6, 2.0 * double(bytes) / seconds / 1e9);
    if (wrong) {
      std::fprintf(stderr, "%s: %zu of %zu elements differ from the host's transpose\n",
                   names[k], wrong, count);
      ++failures;
    }
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(in);
  cudaFree(out);
  cudaStreamDestroy(stream);
  std::printf(failures ? "FAILED\n" : "PASSED\n");
  return failures ? 1 : 0;
}
