#include "spin_kernel.h"

#include "core/device.h"

namespace clcuda::test {

namespace {

// PTX ISA 7.0 for sm_70 and later: the driver JIT-compiles it for the GPU.
const char kPtx[] = R"(
.version 7.0
.target sm_70
.address_size 64

.visible .entry clcuda_test_spin(.param .u64 nanoseconds)
{
  .reg .pred %p<2>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [nanoseconds];
  mov.u64 %rd2, %globaltimer;
SPIN:
  mov.u64 %rd3, %globaltimer;
  sub.s64 %rd4, %rd3, %rd2;
  setp.lt.u64 %p1, %rd4, %rd1;
  @%p1 bra SPIN;
  ret;
}

.visible .entry clcuda_test_empty()
{
  ret;
}
)";

} // namespace

TestKernels::TestKernels(core::Queue &queue) : context_(queue.device().cudaContext()) {
  cuda::ScopedContext scope(context_);
  load_result_ = cuda::api().cuModuleLoadData(&module_, kPtx);
  if (load_result_ == CUDA_SUCCESS)
    load_result_ = cuda::api().cuModuleGetFunction(&spin_, module_, "clcuda_test_spin");
  if (load_result_ == CUDA_SUCCESS)
    load_result_ = cuda::api().cuModuleGetFunction(&empty_, module_, "clcuda_test_empty");
}

TestKernels::~TestKernels() {
  if (module_) {
    cuda::ScopedContext scope(context_);
    cuda::api().cuModuleUnload(module_);
  }
}

cl_int enqueueSpin(core::Queue &queue, CUfunction spin, std::uint64_t nanoseconds,
                   cl_uint num_events, const cl_event *wait_list, cl_event *event) {
  auto launch = [spin, nanoseconds](CUstream stream) mutable {
    void *parameters[] = {&nanoseconds};
    return cuda::api().cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, stream, parameters, nullptr);
  };
  core::Event *created = nullptr;
  cl_int error = queue.enqueue(core::Command{CL_COMMAND_NDRANGE_KERNEL, num_events, wait_list,
                                             core::CommandKind::normal, false},
                               launch, event ? &created : nullptr);
  if (error == CL_SUCCESS && event)
    *event = core::toHandle(created);
  return error;
}

} // namespace clcuda::test
