// Scenario "cycles" (docs/reliability.md, "Load"): --cycles cycles (10^5
// for the full run) each create, use and release one object of every kind:
// a context, a queue, a buffer, a sub-buffer, an image, a sampler, a program
// built from source (a kernel cache hit after the first), a kernel, a user
// event, events of enqueued commands and, where the device has SVM, an SVM
// allocation. The fixture's context lives throughout, as an application's
// would, so the device's primary CUDA context stays. Resident memory and
// used GPU memory are taken half-way and at the end; growth beyond
// --rss-bound-mib (16) or --gpu-bound-mib (16) over the second half fails.
// A leak grows with the cycles and shows there; the first half is a
// warm-up, since caches and pools fill (on an H200 the driver's used memory
// climbs about 100 MiB in the first seconds, then stays, after 5,000 cycles
// as after 40,000).
#include "load_fixture.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <iterator>
#include <sstream>

namespace clcuda::test {
namespace {

constexpr std::size_t kBufferBytes = 4096;
constexpr std::size_t kSubOrigin = 1024, kSubBytes = 1024; // a multiple of the base alignment
constexpr std::size_t kImageSide = 16;

// AddressSanitizer keeps freed memory aside (its quarantine, 256 MiB by
// default): resident memory grows there without a leak.
#ifdef __SANITIZE_ADDRESS__
constexpr bool kResidentBound = false;
#else
constexpr bool kResidentBound = true;
#endif

// Host memory of a cycle's commands, kept by the caller: a failed cycle
// returns with commands that may still read it.
struct Host {
  std::vector<cl_uint> initial = std::vector<cl_uint>(kBufferBytes / sizeof(cl_uint));
  std::vector<cl_uint> words = std::vector<cl_uint>(kSubBytes / sizeof(cl_uint));
  std::vector<cl_uchar> pixels = std::vector<cl_uchar>(kImageSide * kImageSide * 4);
  std::vector<cl_uchar> pixels_back = std::vector<cl_uchar>(kImageSide * kImageSide * 4);
};

void cycle(cl_device_id device, std::uint64_t c, bool svm, bool kernels_run, Host &host) {
  cl_int error = CL_SUCCESS;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const cl_queue_properties properties[] = {
      CL_QUEUE_PROPERTIES, c % 2 ? cl_queue_properties(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) : 0,
      0};
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, properties, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const cl_mem_flags flags[] = {CL_MEM_READ_WRITE, CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR};
  std::fill(host.initial.begin(), host.initial.end(), cl_uint(c));
  cl_mem buffer = clCreateBuffer(context, flags[c % 3], kBufferBytes,
                                 c % 3 == 2 ? host.initial.data() : nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const cl_buffer_region region = {kSubOrigin, kSubBytes};
  cl_mem sub =
      clCreateSubBuffer(buffer, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const cl_image_format format = {CL_RGBA, CL_UNSIGNED_INT8};
  cl_image_desc description = {};
  description.image_type = CL_MEM_OBJECT_IMAGE2D;
  description.image_width = description.image_height = kImageSide;
  cl_mem image = clCreateImage(context, CL_MEM_READ_WRITE, &format, &description, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const cl_sampler_properties sampler_properties[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                                      CL_FALSE,
                                                      CL_SAMPLER_ADDRESSING_MODE,
                                                      CL_ADDRESS_CLAMP_TO_EDGE,
                                                      CL_SAMPLER_FILTER_MODE,
                                                      CL_FILTER_NEAREST,
                                                      0};
  cl_sampler sampler = clCreateSamplerWithProperties(context, sampler_properties, &error);
  ASSERT_CL(CL_SUCCESS, error);
  const char *source = kLoadSource;
  cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  ASSERT_CL(CL_SUCCESS, clBuildProgram(program, 1, &device, "", nullptr, nullptr));
  cl_kernel kernel = clCreateKernel(program, "increment", &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_event user = clCreateUserEvent(context, &error);
  ASSERT_CL(CL_SUCCESS, error);

  // Fill the sub-buffer and write the image behind the user event, add one
  // to the sub-buffer's first word, read both back.
  const cl_uint value = cl_uint(c) * 3 + 1;
  for (std::size_t i = 0; i < host.pixels.size(); ++i)
    host.pixels[i] = cl_uchar(c + i);
  const std::size_t origin[3] = {0, 0, 0}, pixels[3] = {kImageSide, kImageSide, 1}, one = 1;
  cl_event filled = nullptr, incremented = nullptr, written = nullptr;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueFillBuffer(queue, sub, &value, sizeof value, 0, kSubBytes, 1, &user, &filled));
  ASSERT_CL(CL_SUCCESS, clSetKernelArg(kernel, 0, sizeof sub, &sub));
  ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &one, nullptr, 1, &filled,
                                               &incremented));
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteImage(queue, image, CL_FALSE, origin, pixels, 0, 0,
                                            host.pixels.data(), 1, &user, &written));
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(user, CL_COMPLETE));
  ASSERT_CL(CL_SUCCESS, clEnqueueReadBuffer(queue, sub, CL_TRUE, 0, kSubBytes, host.words.data(), 1,
                                            &incremented, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueReadImage(queue, image, CL_TRUE, origin, pixels, 0, 0,
                                           host.pixels_back.data(), 1, &written, nullptr));
  ASSERT_EQ(host.words[0], kernels_run ? value + 1 : value) << "cycle " << c;
  for (std::size_t i = 1; i < host.words.size(); ++i)
    ASSERT_EQ(host.words[i], value) << "cycle " << c << ", word " << i;
  ASSERT_EQ(host.pixels_back, host.pixels) << "cycle " << c;
  for (cl_event event : {filled, incremented, written}) {
    cl_int status = CL_QUEUED;
    ASSERT_CL(CL_SUCCESS, clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                                         &status, nullptr));
    ASSERT_EQ(status, CL_COMPLETE) << "cycle " << c;
  }

  if (svm) {
    void *memory = clSVMAlloc(context, CL_MEM_READ_WRITE, kBufferBytes, 0);
    ASSERT_NE(memory, nullptr) << "cycle " << c;
    cl_event svm_filled = nullptr;
    ASSERT_CL(CL_SUCCESS, clEnqueueSVMMemFill(queue, memory, &value, sizeof value, kBufferBytes, 0,
                                              nullptr, &svm_filled));
    ASSERT_CL(CL_SUCCESS, clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, memory, kBufferBytes, 1,
                                          &svm_filled, nullptr));
    EXPECT_CL(CL_SUCCESS, clReleaseEvent(svm_filled));
    const auto *words = static_cast<const cl_uint *>(memory);
    ASSERT_EQ(words[0], value) << "cycle " << c;
    ASSERT_EQ(words[kBufferBytes / sizeof(cl_uint) - 1], value) << "cycle " << c;
    ASSERT_CL(CL_SUCCESS, clEnqueueSVMUnmap(queue, memory, 0, nullptr, nullptr));
    // Both ways of freeing: by the queue, and at once (after the work).
    if (c % 2) {
      ASSERT_CL(CL_SUCCESS,
                clEnqueueSVMFree(queue, 1, &memory, nullptr, nullptr, 0, nullptr, nullptr));
    } else {
      clSVMFree(context, memory);
    }
  }

  // Children first, or the context and the parents first: the objects hold
  // what they need either way.
  const std::function<cl_int()> parents_first[] = {
      [&] { return clReleaseContext(context); },  [&] { return clReleaseCommandQueue(queue); },
      [&] { return clReleaseMemObject(buffer); }, [&] { return clReleaseMemObject(sub); },
      [&] { return clReleaseMemObject(image); },  [&] { return clReleaseSampler(sampler); },
      [&] { return clReleaseProgram(program); },  [&] { return clReleaseKernel(kernel); }};
  if (c % 2) {
    for (const auto &release : parents_first)
      EXPECT_CL(CL_SUCCESS, release());
  }
  for (cl_event event : {user, filled, incremented, written})
    EXPECT_CL(CL_SUCCESS, clReleaseEvent(event));
  if (c % 2 == 0) {
    for (auto release = std::rbegin(parents_first); release != std::rend(parents_first); ++release)
      EXPECT_CL(CL_SUCCESS, (*release)());
  }
}

TEST_F(Load, Cycles) {
  const auto cycles = std::uint64_t(option("cycles", 300));
  const double bound = 1 << 20;
  const double rss_bound = option("rss-bound-mib", 16) * bound;
  const double gpu_bound = option("gpu-bound-mib", 16) * bound;
  const double stall_seconds = option("stall-seconds", 60);
  const std::uint64_t warm_up = std::max<std::uint64_t>(1, cycles / 2);
  ASSERT_GT(cycles, warm_up);
  cl_device_svm_capabilities capabilities = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof capabilities,
                                        &capabilities, nullptr));
  const bool svm = capabilities != 0;

  std::atomic<std::uint64_t> done{0};
  Watchdog watchdog("cycles", stall_seconds, [&] {
    return "cycle " + std::to_string(done.load()) + " of " + std::to_string(cycles);
  });
  Host host;
  Memory before{};
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t c = 0; c < cycles && !HasFailure(); ++c) {
    if (c == warm_up) {
      before = memory();
    }
    cycle(device, c, svm, kernelsRun(), host);
    takeFakeLaunches();
    done.store(c + 1);
    watchdog.progress();
  }
  const double elapsed = secondsSince(start);
  const Memory after = memory();
  if (!kernelsRun()) {
    EXPECT_EQ(fakeLaunches("increment"), done.load()) << "launches the fake driver recorded";
  }
  if (kResidentBound && done.load() > warm_up) {
    EXPECT_LE(after.resident - before.resident, rss_bound) << "resident memory grew: a leak";
  }
  if (done.load() > warm_up && before.gpu >= 0 && after.gpu >= 0) {
    EXPECT_LE(after.gpu - before.gpu, gpu_bound) << "used GPU memory grew: a leak";
  }
  std::ostringstream line;
  line << done.load() << " cycles of "
       << (svm ? "11 kinds of object" : "10 kinds of object (no SVM)") << ", " << fixed(elapsed, 1)
       << " s (" << fixed(double(done.load()) / elapsed, 0) << " per s), " << verdict()
       << "; after " << warm_up << " warm-up cycles and at the end: " << memoryChange(before, after)
       << "; bounds " << (kResidentBound ? mib(rss_bound) : "none (AddressSanitizer)") << " RSS, "
       << mib(gpu_bound) << " GPU";
  printSummary("cycles", line.str());
}

} // namespace
} // namespace clcuda::test
