// Test kernels issued through the core, the way issue 5's kernel launches
// will be: a command whose issue function calls cuLaunchKernel.
//   clcuda_test_spin(ns)  one thread that spins on %globaltimer for ns
//   clcuda_test_empty()   returns at once (launch cost)
#pragma once

#include "core/queue.h"

#include <cstdint>

namespace clcuda::test {

class TestKernels {
public:
  // Loads the PTX into the primary context of `queue`'s device.
  explicit TestKernels(core::Queue &queue);
  ~TestKernels();
  TestKernels(const TestKernels &) = delete;
  TestKernels &operator=(const TestKernels &) = delete;

  CUresult loadResult() const { return load_result_; }
  CUfunction spin() const { return spin_; }
  CUfunction empty() const { return empty_; }

private:
  CUcontext context_ = nullptr;
  CUmodule module_ = nullptr;
  CUfunction spin_ = nullptr, empty_ = nullptr;
  CUresult load_result_ = CUDA_SUCCESS;
};

// Enqueues a spin of `nanoseconds` on `queue` as a command.
cl_int enqueueSpin(core::Queue &queue, CUfunction spin, std::uint64_t nanoseconds,
                   cl_uint num_events = 0, const cl_event *wait_list = nullptr,
                   cl_event *event = nullptr);

} // namespace clcuda::test
