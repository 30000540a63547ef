// Kernels: a program's kernel on each device that has its executable, the
// argument values as they will be launched, and the launch command.
//
// Arguments live in one block laid out when the kernel is made, in CUDA
// parameter order (docs/design.md, "Kernel arguments as launched"), with
// the `void *` array cuLaunchKernel takes precomputed; clSetKernelArg writes
// into the block. An enqueue fills the hidden clc::ndrange on its own stack
// and hands CUDA the same block: no allocation, no string work, one lock
// (the queue's) in the steady state.
#pragma once

#include "launch_plan.h"
#include "memory.h"
#include "program.h"
#include "queue.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace clcuda::core {

// A kernel's CUDA function on one device and what cuFuncGetAttribute says.
struct KernelFunction {
  std::shared_ptr<const LoadedModule> module;
  CUfunction function = nullptr;
  int max_threads = 0;   // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
  int static_shared = 0; // CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
  int local_bytes = 0;   // CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES (private memory)
  int registers = 0;     // CU_FUNC_ATTRIBUTE_NUM_REGS
  // The dynamic shared memory the function may use now; raised with
  // cuFuncSetAttribute when a launch needs more (above 48 KiB).
  mutable std::atomic<int> dynamic_shared_limit{0};
  // The occupancy API's block size, for the dynamic shared memory it was
  // asked with (bits 0-31 block size, 32-63 dynamic bytes + 1; 0: not yet).
  mutable std::atomic<std::uint64_t> preferred_block{0};
  // What clEnqueueNDRangeKernel checks work sizes against here.
  WorkSizeLimits limits;
  // The last local size chosen for a NULL local_work_size, and for what.
  struct LocalSizeChoice {
    unsigned work_dim = 0;
    Size3 global{};
    std::size_t local_bytes = 0;
    Size3 local{};
  };
  mutable std::mutex choice_mutex;
  mutable LocalSizeChoice last_choice;

  Device &device() const { return module->device(); }
};

class Kernel : public Object<Kernel, Tag::kernel> {
public:
  // CL_INVALID_KERNEL_NAME when the executable has no such kernel.
  static cl_int create(Program &program, const std::string &name, Kernel *&out);
  static cl_int clone(const Kernel &source, Kernel *&out);

  Program &program() const { return *program_; }
  Context &context() const { return program_->context(); }
  const cl2cuda::KernelMetadata &metadata() const { return *metadata_; }
  // The OpenCL C version and -cl-uniform-work-group-size of its unit.
  const cl2cuda::ProgramMetadata &unitMetadata() const { return *unit_; }
  cl_uint argCount() const { return cl_uint(metadata_->args.size()); }
  const cl2cuda::KernelArg &arg(cl_uint index) const { return metadata_->args[index]; }
  // CL_KERNEL_ATTRIBUTES: the attributes as __attribute__((...)) spells them.
  std::string attributes() const;

  // The function on `device`, nullptr when it has no executable there.
  const KernelFunction *function(const Device &device) const;
  // The devices it has functions on (the program's devices with executables).
  std::vector<Device *> devices() const;

  // ---- arguments (checked by the API layer) ----
  void setBuffer(cl_uint index, Memory *buffer);
  // clSetKernelArgSVMPointer: the address itself, no buffer behind it.
  void setSvmPointer(cl_uint index, const void *pointer);
  // An image argument: its clc::image_desc; the image is held as a buffer is.
  void setImage(cl_uint index, Memory &image);
  void setLocalSize(cl_uint index, std::size_t size);
  void setValue(cl_uint index, const void *value);
  // Empty when every argument is set, and every buffer set is still held by
  // the application (a released one is gone for OpenCL even while it is
  // still set); else which argument is not, for the error log.
  std::string missingArgument() const;
  // The dynamic shared memory the __local arguments take, laid out.
  std::size_t localArgumentBytes() const { return local_bytes_; }

  // ---- launching ----
  // CL_KERNEL_WORK_GROUP_SIZE on `function`'s device.
  std::size_t maxWorkGroupSize(const KernelFunction &function) const;
  // The local size for a NULL local_work_size: the required one, else
  // chosen (clcuda::chooseLocalSize) and remembered for the next launch.
  Size3 chooseLocalSize(const KernelFunction &function, unsigned work_dim,
                        const Size3 &global) const;
  // Raises the function's dynamic shared memory limit to what the
  // arguments need; CL_OUT_OF_RESOURCES beyond the device's.
  cl_int prepareSharedMemory(const KernelFunction &function) const;
  // Enqueues `plan` as one command on `queue` (the function's device).
  // A held launch keeps a reference to the kernel: not const.
  cl_int enqueue(Queue &queue, const KernelFunction &function, const LaunchPlan &plan,
                 const Command &command, Event **event_out);

  void destroy();

private:
  struct Slot {
    std::uint32_t offset; // in values_
    std::uint32_t size;
  };
  class HeldLaunch;

  // The occupancy API's block size for this kernel as its arguments are.
  std::size_t preferredBlockSize(const KernelFunction &function) const;
  Kernel(Program &program, const cl2cuda::ProgramMetadata &unit,
         const cl2cuda::KernelMetadata &metadata);
  void layOut();
  void markSet(cl_uint index);
  void storePointer(cl_uint index, CUdeviceptr address, Memory *buffer);
  void storeLocalArgumentOffsets();

  Ref<Program> program_;
  const cl2cuda::ProgramMetadata *unit_;
  const cl2cuda::KernelMetadata *metadata_;
  std::vector<std::unique_ptr<KernelFunction>> functions_;

  std::vector<Slot> slots_;
  std::vector<unsigned char> values_;
  std::vector<void *> params_; // into values_, one per argument
  // Per argument: the buffer set. Not a reference: the spec deletes a
  // buffer once the application has released it and the commands using it
  // are done, set as an argument or not (clReleaseMemObject; the CTS's
  // retain_mem_object_set_kernel_arg waits for its destructor callback).
  // Issued launches are covered by Memory::destroy waiting for pending
  // work, held ones by their own references.
  std::vector<Memory *> buffers_;
  std::vector<cl_uint> image_args_;      // the image arguments' indices
  std::vector<std::size_t> local_sizes_; // per argument: __local bytes
  std::vector<bool> set_;
  std::size_t unset_ = 0;
  std::size_t local_bytes_ = 0;
};

template <> struct HandleOf<Kernel> { using type = cl_kernel; };

} // namespace clcuda::core
