#include "kernel.h"

#include "cuda/errors.h"
#include "device.h"
#include "settings.h"

#include <algorithm>
#include <cstring>

namespace clcuda::core {

using cuda::api;

namespace {

// Kernels with up to this many arguments launch with the parameter array
// on the stack.
constexpr std::size_t kStackParameters = 32;

std::size_t roundUp(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

bool sameSignature(const cl2cuda::KernelMetadata &a, const cl2cuda::KernelMetadata &b) {
  if (a.args.size() != b.args.size())
    return false;
  for (std::size_t i = 0; i < a.args.size(); ++i)
    if (a.args[i].type_name != b.args[i].type_name || a.args[i].kind != b.args[i].kind ||
        a.args[i].size != b.args[i].size)
      return false;
  return true;
}

// Reads the cuFuncGetAttribute values clGetKernelWorkGroupInfo answers from.
CUresult describe(KernelFunction &function) {
  int dynamic_limit = 0;
  const struct {
    CUfunction_attribute attribute;
    int *field;
  } rows[] = {
      {CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &function.max_threads},
      {CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, &function.static_shared},
      {CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, &function.local_bytes},
      {CU_FUNC_ATTRIBUTE_NUM_REGS, &function.registers},
      {CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, &dynamic_limit},
  };
  for (const auto &row : rows)
    if (CUresult result = api().cuFuncGetAttribute(row.field, row.attribute, function.function);
        result != CUDA_SUCCESS)
      return result;
  function.dynamic_shared_limit.store(dynamic_limit, std::memory_order_relaxed);
  return CUDA_SUCCESS;
}

// Issues every piece of `plan` on `stream`; `range` is parameters' last entry.
// With CLCUDA_LOG_ERRORS=1 a refused launch says why on stderr.
CUresult launchPieces(CUfunction function, const LaunchPlan &plan, clc::ndrange &range,
                      void **parameters, unsigned shared_bytes, CUstream stream) {
  return plan.forEach([&](const SubLaunch &piece) {
    std::copy(piece.group_offset.begin(), piece.group_offset.end(), range.group_offset);
    const CUresult result = api().cuLaunchKernel(
        function, piece.grid[0], piece.grid[1], piece.grid[2], piece.block[0], piece.block[1],
        piece.block[2], shared_bytes, stream, parameters, nullptr);
    if (result != CUDA_SUCCESS && settings().log_errors) {
      const char *name = nullptr;
      api().cuGetErrorName(result, &name);
      auto dims = [](const auto &d) {
        return std::to_string(d[0]) + "x" + std::to_string(d[1]) + "x" + std::to_string(d[2]);
      };
      logLine("cuLaunchKernel(grid " + dims(piece.grid) + ", block " + dims(piece.block) + ", " +
              std::to_string(shared_bytes) + " shared bytes) failed: " + (name ? name : "?"));
    }
    return result;
  });
}

Memory *memoryOf(Memory *buffer) { return buffer; }
Memory *memoryOf(const Ref<Memory> &buffer) { return buffer.get(); }

// As a launch is issued: the texture copies of its read-only image arguments
// made current (Memory::prepareTextures), its other image arguments noted as
// written (Memory::noteWritten).
template <class Buffers>
CUresult prepareImageArguments(const cl2cuda::KernelMetadata &metadata,
                               const std::vector<cl_uint> &image_args, const Buffers &buffers,
                               CUstream stream) {
  for (cl_uint index : image_args) {
    Memory *image = memoryOf(buffers[index]);
    if (metadata.args[index].access_qualifier != cl2cuda::kArgAccessReadOnly)
      image->noteWritten();
    else if (CUresult result = image->prepareTextures(stream); result != CUDA_SUCCESS)
      return result;
  }
  return CUDA_SUCCESS;
}

} // namespace

// A launch that waits host-side (behind a user event): it owns a copy of
// the argument values and references to the kernel and the buffers, since
// the application may change or release them before it runs.
class Kernel::HeldLaunch {
public:
  HeldLaunch(Kernel &kernel, const KernelFunction &function, const LaunchPlan &plan)
      : kernel_(&kernel), function_(&function), plan_(plan), values_(kernel.values_),
        buffers_(kernel.buffers_.begin(), kernel.buffers_.end()),
        shared_bytes_(unsigned(kernel.local_bytes_)) {}

  CUresult operator()(CUstream stream) {
    std::vector<void *> parameters;
    for (const Slot &slot : kernel_->slots_)
      parameters.push_back(values_.data() + slot.offset);
    clc::ndrange range = plan_.range();
    parameters.push_back(&range);
    if (CUresult result =
            prepareImageArguments(*kernel_->metadata_, kernel_->image_args_, buffers_, stream);
        result != CUDA_SUCCESS)
      return result;
    return launchPieces(function_->function, plan_, range, parameters.data(), shared_bytes_,
                        stream);
  }

private:
  Ref<Kernel> kernel_;
  const KernelFunction *function_;
  LaunchPlan plan_;
  std::vector<unsigned char> values_;
  std::vector<Ref<Memory>> buffers_;
  unsigned shared_bytes_;
};

Kernel::Kernel(Program &program, const cl2cuda::ProgramMetadata &unit,
               const cl2cuda::KernelMetadata &metadata)
    : program_(&program), unit_(&unit), metadata_(&metadata) {
  program.kernelCreated();
  layOut();
}

void Kernel::destroy() {
  program_->kernelDestroyed();
  delete this;
}

cl_int Kernel::create(Program &program, const std::string &name, Kernel *&out) {
  const std::vector<std::shared_ptr<const LoadedModule>> modules = program.executables();
  if (modules.empty())
    return CL_INVALID_PROGRAM_EXECUTABLE;
  const cl2cuda::ProgramMetadata *unit = nullptr;
  const cl2cuda::KernelMetadata *metadata = modules.front()->binary().findKernel(name, &unit);
  if (!metadata)
    return CL_INVALID_KERNEL_NAME;
  std::unique_ptr<Kernel> kernel(new Kernel(program, *unit, *metadata));
  for (const std::shared_ptr<const LoadedModule> &module : modules) {
    // Each device's executable must define the kernel the same way.
    const cl2cuda::KernelMetadata *own = module->binary().findKernel(name);
    if (!own || !sameSignature(*own, *metadata))
      return CL_INVALID_KERNEL_DEFINITION;
    auto function = std::make_unique<KernelFunction>();
    function->module = module;
    cuda::ScopedContext scope(module->device().cudaContext());
    CUresult result =
        api().cuModuleGetFunction(&function->function, module->module(), own->cuda_name.c_str());
    if (result == CUDA_SUCCESS)
      result = describe(*function);
    if (result != CUDA_SUCCESS)
      return cuda::toClError(result);
    const DeviceProperties &device = module->device().properties();
    WorkSizeLimits &limits = function->limits;
    for (int d = 0; d < 3; ++d)
      limits.max_work_item_sizes[d] = std::size_t(device.max_block_dim[d]);
    limits.max_work_group_size = std::size_t(function->max_threads);
    limits.required = metadata->reqd_work_group_size;
    limits.uniform = unit->opencl_c_version < 200 || unit->uniform_work_group_size;
    kernel->functions_.push_back(std::move(function));
  }
  out = kernel.release();
  return CL_SUCCESS;
}

cl_int Kernel::clone(const Kernel &source, Kernel *&out) {
  std::unique_ptr<Kernel> kernel(new Kernel(*source.program_, *source.unit_, *source.metadata_));
  for (const std::unique_ptr<KernelFunction> &function : source.functions_) {
    auto copy = std::make_unique<KernelFunction>();
    copy->module = function->module;
    copy->function = function->function;
    copy->max_threads = function->max_threads;
    copy->static_shared = function->static_shared;
    copy->local_bytes = function->local_bytes;
    copy->registers = function->registers;
    copy->dynamic_shared_limit.store(function->dynamic_shared_limit.load());
    copy->limits = function->limits;
    kernel->functions_.push_back(std::move(copy));
  }
  kernel->values_ = source.values_;
  for (std::size_t i = 0; i < kernel->slots_.size(); ++i)
    kernel->params_[i] = kernel->values_.data() + kernel->slots_[i].offset;
  kernel->buffers_ = source.buffers_;
  kernel->local_sizes_ = source.local_sizes_;
  kernel->set_ = source.set_;
  kernel->unset_ = source.unset_;
  kernel->local_bytes_ = source.local_bytes_;
  out = kernel.release();
  return CL_SUCCESS;
}

void Kernel::layOut() {
  std::size_t end = 0;
  for (const cl2cuda::KernelArg &arg : metadata_->args) {
    // A __local argument is passed as a 4-byte offset; its metadata
    // alignment is the pointee's, for the layout in shared memory.
    const std::size_t alignment =
        arg.kind == cl2cuda::ArgKind::LocalPointer ? sizeof(std::uint32_t) : arg.alignment;
    const std::size_t offset = roundUp(end, std::max<std::size_t>(alignment, 1));
    slots_.push_back({std::uint32_t(offset), arg.size});
    if (arg.kind == cl2cuda::ArgKind::Image)
      image_args_.push_back(cl_uint(slots_.size() - 1));
    end = offset + arg.size;
  }
  values_.assign(end, 0);
  for (const Slot &slot : slots_)
    params_.push_back(values_.data() + slot.offset);
  buffers_.resize(slots_.size());
  local_sizes_.assign(slots_.size(), 0);
  set_.assign(slots_.size(), false);
  unset_ = slots_.size();
  storeLocalArgumentOffsets();
}

void Kernel::markSet(cl_uint index) {
  if (!set_[index]) {
    set_[index] = true;
    --unset_;
  }
}

std::string Kernel::missingArgument() const {
  auto named = [this](std::size_t index) {
    const cl2cuda::KernelArg &arg = metadata_->args[index];
    return "argument " + std::to_string(index) + " (" + arg.type_name + " " + arg.name + ")";
  };
  for (std::size_t i = 0; unset_ != 0 && i < set_.size(); ++i)
    if (!set_[i])
      return named(i) + " of kernel " + metadata_->name + " is not set";
  // The handle check reads the object as the API's handle checks do; a
  // buffer whose last application reference is gone awaits deletion.
  for (std::size_t i = 0; i < buffers_.size(); ++i)
    if (Memory *buffer = buffers_[i];
        buffer && !(fromHandle<Memory>(toHandle(buffer)) && buffer->referenceCount()))
      return named(i) + " of kernel " + metadata_->name + " is a released buffer";
  return "";
}

void Kernel::setBuffer(cl_uint index, Memory *buffer) {
  storePointer(index, buffer ? buffer->address() : 0, buffer);
}

void Kernel::setSvmPointer(cl_uint index, const void *pointer) {
  storePointer(index, CUdeviceptr(pointer), nullptr);
}

void Kernel::storePointer(cl_uint index, CUdeviceptr address, Memory *buffer) {
  std::memcpy(values_.data() + slots_[index].offset, &address, sizeof address);
  buffers_[index] = buffer;
  markSet(index);
}

void Kernel::setImage(cl_uint index, Memory &image) {
  clc::image_desc desc = image.image()->descriptor(image.address());
  // Only a read-only image may be read through the texture cache, which
  // does not see the kernel's own writes.
  if (metadata_->args[index].access_qualifier == cl2cuda::kArgAccessReadOnly) {
    const ImageTextures &textures = image.textures();
    std::copy(textures.handles.begin(), textures.handles.end(), desc.textures);
  }
  std::memcpy(values_.data() + slots_[index].offset, &desc,
              std::min<std::size_t>(sizeof desc, slots_[index].size));
  buffers_[index] = &image;
  markSet(index);
}

void Kernel::setLocalSize(cl_uint index, std::size_t size) {
  local_sizes_[index] = size;
  markSet(index);
  storeLocalArgumentOffsets();
}

void Kernel::setValue(cl_uint index, const void *value) {
  std::memcpy(values_.data() + slots_[index].offset, value, slots_[index].size);
  markSet(index);
}

void Kernel::storeLocalArgumentOffsets() {
  const LocalArgumentLayout layout = clcuda::layOutLocalArguments(*metadata_, local_sizes_);
  for (std::size_t i = 0; i < slots_.size(); ++i)
    if (metadata_->args[i].kind == cl2cuda::ArgKind::LocalPointer)
      std::memcpy(values_.data() + slots_[i].offset, &layout.offsets[i], sizeof(std::uint32_t));
  local_bytes_ = layout.bytes;
}

std::string Kernel::attributes() const {
  std::string text;
  auto add = [&text](const std::string &attribute) {
    text += (text.empty() ? "" : " ") + attribute;
  };
  auto triple = [](const std::array<std::uint32_t, 3> &xyz) {
    return "(" + std::to_string(xyz[0]) + "," + std::to_string(xyz[1]) + "," +
           std::to_string(xyz[2]) + ")";
  };
  if (metadata_->reqd_work_group_size[0])
    add("reqd_work_group_size" + triple(metadata_->reqd_work_group_size));
  if (metadata_->work_group_size_hint[0])
    add("work_group_size_hint" + triple(metadata_->work_group_size_hint));
  if (!metadata_->vec_type_hint.empty())
    add("vec_type_hint(" + metadata_->vec_type_hint + ")");
  return text;
}

const KernelFunction *Kernel::function(const Device &device) const {
  for (const std::unique_ptr<KernelFunction> &candidate : functions_)
    if (&candidate->device() == &device)
      return candidate.get();
  return nullptr;
}

std::vector<Device *> Kernel::devices() const {
  std::vector<Device *> list;
  for (const std::unique_ptr<KernelFunction> &candidate : functions_)
    list.push_back(&candidate->device());
  return list;
}

std::size_t Kernel::maxWorkGroupSize(const KernelFunction &function) const {
  return std::size_t(function.max_threads);
}

std::size_t Kernel::preferredBlockSize(const KernelFunction &function) const {
  const std::uint64_t key = (std::uint64_t(local_bytes_) + 1) << 32;
  const std::uint64_t cached = function.preferred_block.load(std::memory_order_relaxed);
  if ((cached & ~std::uint64_t(0xffffffff)) == key)
    return std::size_t(cached & 0xffffffff);
  int min_grid = 0, block = 0;
  cuda::ScopedContext scope(function.device().cudaContext());
  if (api().cuOccupancyMaxPotentialBlockSize(&min_grid, &block, function.function, nullptr,
                                             local_bytes_, 0) != CUDA_SUCCESS ||
      block <= 0)
    block = function.max_threads;
  function.preferred_block.store(key | std::uint32_t(block), std::memory_order_relaxed);
  return std::size_t(block);
}

Size3 Kernel::chooseLocalSize(const KernelFunction &function, unsigned work_dim,
                              const Size3 &global) const {
  const WorkSizeLimits &limits = function.limits;
  if (limits.required[0])
    return {limits.required[0], limits.required[1], limits.required[2]};
  // A loop launches the same range again and again: remember the last
  // choice. An enqueue that finds the lock taken computes its own.
  std::unique_lock<std::mutex> lock(function.choice_mutex, std::try_to_lock);
  KernelFunction::LocalSizeChoice &last = function.last_choice;
  if (lock && last.work_dim == work_dim && last.global == global &&
      last.local_bytes == local_bytes_)
    return last.local;
  const DeviceProperties &device = function.device().properties();
  LocalSizeLimits choice;
  choice.max_work_item_sizes = limits.max_work_item_sizes;
  choice.max_work_group = limits.max_work_group_size;
  choice.preferred = preferredBlockSize(function);
  choice.warp = std::size_t(device.warp_size);
  choice.multiprocessors = std::size_t(device.multiprocessors);
  choice.uniform = limits.uniform;
  const Size3 local = clcuda::chooseLocalSize(work_dim, global, choice);
  if (lock)
    last = {work_dim, global, local_bytes_, local};
  return local;
}

cl_int Kernel::prepareSharedMemory(const KernelFunction &function) const {
  const std::size_t needed = local_bytes_;
  if (needed <= std::size_t(function.dynamic_shared_limit.load(std::memory_order_relaxed)))
    return CL_SUCCESS;
  const DeviceProperties &properties = function.device().properties();
  if (std::size_t(function.static_shared) + needed >
      std::size_t(properties.shared_memory_per_block_optin))
    return CL_OUT_OF_RESOURCES;
  // Rare (a launch needs more than any before it): one lock for all.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  if (needed <= std::size_t(function.dynamic_shared_limit.load(std::memory_order_relaxed)))
    return CL_SUCCESS;
  cuda::ScopedContext scope(function.device().cudaContext());
  const CUresult result = api().cuFuncSetAttribute(
      function.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(needed));
  if (result != CUDA_SUCCESS)
    return cuda::toClError(result);
  function.dynamic_shared_limit.store(int(needed), std::memory_order_relaxed);
  return CL_SUCCESS;
}

cl_int Kernel::enqueue(Queue &queue, const KernelFunction &function, const LaunchPlan &plan,
                       const Command &command, Event **event_out) {
  const std::size_t count = params_.size();
  void *stack_parameters[kStackParameters];
  std::vector<void *> heap_parameters;
  void **parameters = stack_parameters;
  if (count + 1 > kStackParameters) {
    heap_parameters.resize(count + 1);
    parameters = heap_parameters.data();
  }
  std::copy(params_.begin(), params_.end(), parameters);
  clc::ndrange range = plan.range();
  parameters[count] = &range;
  if (function.module->callsPrintf())
    noteDevicePrintf();
  const CUfunction cuda_function = function.function;
  const unsigned shared_bytes = unsigned(local_bytes_);
  auto issue = [&](CUstream stream) {
    if (!image_args_.empty())
      if (CUresult result = prepareImageArguments(*metadata_, image_args_, buffers_, stream);
          result != CUDA_SUCCESS)
        return result;
    return launchPieces(cuda_function, plan, range, parameters, shared_bytes, stream);
  };
  return queue.enqueueBorrowing(
      command, issue, [&] { return IssueFunction(HeldLaunch(*this, function, plan)); }, event_out);
}

} // namespace clcuda::core
