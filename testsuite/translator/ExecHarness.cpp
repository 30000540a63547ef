#include "ExecHarness.h"
#include "ExecHarnessInternals.h"

#include "launch_plan.h"
#include "nvrtc_compile.h"

#include <cl2cuda/metadata.h>
#include <clc/ndrange.h>
#include <cuda/driver.h>

#include <dlfcn.h>

#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS // clcuda_cuda's users may define it already
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#endif
#include <CL/cl.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace cl2cuda::testing {
namespace {

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::string platformName(cl_platform_id platform) {
  size_t size = 0;
  clGetPlatformInfo(platform, CL_PLATFORM_NAME, 0, nullptr, &size);
  std::string name(size, '\0');
  clGetPlatformInfo(platform, CL_PLATFORM_NAME, size, name.data(), nullptr);
  while (!name.empty() && name.back() == '\0')
    name.pop_back();
  return name;
}

template <typename Bits> int64_t orderedBits(Bits bits) {
  using Signed = std::make_signed_t<Bits>;
  Signed value = static_cast<Signed>(bits);
  // Negative floats count down from zero, so neighbours differ by one.
  return value < 0 ? static_cast<int64_t>(std::numeric_limits<Signed>::min()) - value : value;
}

template <typename Float, typename Bits>
bool withinUlps(const unsigned char *expected, const unsigned char *actual, unsigned max_ulps,
                std::string *shown) {
  Float e, a;
  std::memcpy(&e, expected, sizeof e);
  std::memcpy(&a, actual, sizeof a);
  std::ostringstream text;
  text.precision(std::is_same_v<Float, float> ? 9 : 17);
  text << e << " vs " << a;
  *shown = text.str();
  if (std::isnan(e) || std::isnan(a))
    return std::isnan(e) && std::isnan(a);
  Bits eb, ab;
  std::memcpy(&eb, expected, sizeof eb);
  std::memcpy(&ab, actual, sizeof ab);
  int64_t distance = orderedBits(eb) - orderedBits(ab);
  *shown += " (" + std::to_string(distance < 0 ? -distance : distance) + " ulp)";
  return static_cast<uint64_t>(distance < 0 ? -distance : distance) <= max_ulps;
}

std::string integerText(const unsigned char *bytes, Element element) {
  auto load = [&](auto value) {
    std::memcpy(&value, bytes, sizeof value);
    return std::to_string(value);
  };
  switch (element) {
  case Element::Int8:
    return load(int8_t());
  case Element::UInt8:
    return load(uint8_t());
  case Element::Int16:
    return load(int16_t());
  case Element::UInt16:
    return load(uint16_t());
  case Element::Int32:
    return load(int32_t());
  case Element::UInt32:
    return load(uint32_t());
  case Element::Int64:
    return load(int64_t());
  default:
    return load(uint64_t());
  }
}

} // namespace

RunResult failure(const std::string &what) {
  RunResult result;
  result.error = what;
  return result;
}

std::string sourcePathOf(const ExecCase &test) {
  return std::string(CL2CUDA_TEST_DIR) + "/exec/" + test.file;
}

std::string sourceOf(const ExecCase &test) {
  std::ifstream file(sourcePathOf(test), std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

const Translator &translator() {
  static const Translator loaded = [] {
    Translator result;
    void *library = dlopen(CL2CUDA_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      result.error = dlerror();
      return result;
    }
    result.translate =
        reinterpret_cast<decltype(&cl2cuda_translate)>(dlsym(library, "cl2cuda_translate"));
    result.translate_il =
        reinterpret_cast<decltype(&cl2cuda_translate_il)>(dlsym(library, "cl2cuda_translate_il"));
    result.free =
        reinterpret_cast<decltype(&cl2cuda_result_free)>(dlsym(library, "cl2cuda_result_free"));
    // cl2cuda::translate(std::string_view, const TranslateOptions &), by its
    // Itanium name: a change of that signature changes the name, so it shows
    // here as a missing symbol rather than as a call of the wrong type.
    result.translate_with_options = reinterpret_cast<decltype(&cl2cuda::translate)>(
        dlsym(library, "_ZN7cl2cuda9translateESt17basic_string_viewIcSt11char_traitsIcEERKNS_"
                       "16TranslateOptionsE"));
    if (!result.translate || !result.translate_il || !result.free)
      result.error = "libcl2cuda.so lacks the C ABI";
    else if (!result.translate_with_options)
      result.error = "libcl2cuda.so lacks cl2cuda::translate(std::string_view, const "
                     "TranslateOptions &)";
    return result;
  }();
  return loaded;
}

std::string deviceArchitecture(std::string *error) {
  if (!clcuda::cuda::driver()) {
    *error = "no CUDA driver: " + clcuda::cuda::driverUnavailableReason();
    return "";
  }
  const clcuda::cuda::DriverApi &cu = clcuda::cuda::api();
  CUdevice device = 0;
  int major = 0, minor = 0;
  if (cu.cuDeviceGet(&device, 0) != CUDA_SUCCESS ||
      cu.cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device) !=
          CUDA_SUCCESS ||
      cu.cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device) !=
          CUDA_SUCCESS) {
    *error = "cannot read the compute capability of CUDA device 0";
    return "";
  }
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

size_t elementSize(Element element) {
  switch (element) {
  case Element::Int8:
  case Element::UInt8:
    return 1;
  case Element::Int16:
  case Element::UInt16:
    return 2;
  case Element::Int32:
  case Element::UInt32:
  case Element::Float:
    return 4;
  default:
    return 8;
  }
}

RunResult runOnReference(const ExecCase &test) {
  cl_uint count = 0;
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0)
    return failure("no OpenCL platform (the ICD loader found none)");
  std::vector<cl_platform_id> platforms(count);
  clGetPlatformIDs(count, platforms.data(), nullptr);
  const char *wanted = std::getenv("CLCUDA_REFERENCE_PLATFORM");
  // By default NVIDIA's OpenCL where it is installed (as the differential
  // harness does), else the first platform that is not clcuda.
  cl_platform_id chosen = nullptr, nvidia = nullptr;
  std::string names;
  for (cl_platform_id platform : platforms) {
    std::string name = platformName(platform);
    names += (names.empty() ? "" : ", ") + name;
    bool match = wanted ? lowercase(name).find(lowercase(wanted)) != std::string::npos
                        : lowercase(name).find("clcuda") == std::string::npos;
    if (match && !chosen)
      chosen = platform;
    if (!wanted && !nvidia && lowercase(name) == "nvidia cuda")
      nvidia = platform;
  }
  if (nvidia)
    chosen = nvidia;
  if (!chosen)
    return failure("no reference OpenCL platform among: " + names +
                   " (CLCUDA_REFERENCE_PLATFORM picks one by name)");
  cl_device_id device = nullptr;
  if (clGetDeviceIDs(chosen, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) != CL_SUCCESS)
    return failure("the reference platform " + platformName(chosen) + " has no device");

  Cleanup cleanup;
  cl_int status = CL_SUCCESS;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
  if (status != CL_SUCCESS)
    return failure("clCreateContext: " + std::to_string(status));
  cleanup.add([=] { clReleaseContext(context); });
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &status);
  if (status != CL_SUCCESS)
    return failure("clCreateCommandQueue: " + std::to_string(status));
  cleanup.add([=] { clReleaseCommandQueue(queue); });

  std::string source = sourceOf(test);
  const char *text = source.c_str();
  cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &status);
  if (status != CL_SUCCESS)
    return failure("clCreateProgramWithSource: " + std::to_string(status));
  cleanup.add([=] { clReleaseProgram(program); });
  if (clBuildProgram(program, 1, &device, test.build_options.c_str(), nullptr, nullptr) !=
      CL_SUCCESS) {
    size_t size = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    return failure("the reference platform could not build " + test.file + ":\n" + log);
  }
  cl_kernel kernel = clCreateKernel(program, test.kernel.c_str(), &status);
  if (status != CL_SUCCESS)
    return failure("clCreateKernel(" + test.kernel + "): " + std::to_string(status));
  cleanup.add([=] { clReleaseKernel(kernel); });

  std::vector<cl_mem> buffers(test.args.size(), nullptr);
  for (size_t i = 0; i < test.args.size(); ++i) {
    const ExecArg &arg = test.args[i];
    cl_uint index = static_cast<cl_uint>(i);
    if (arg.kind == ExecArg::Buffer) {
      std::vector<unsigned char> initial = arg.bytes;
      initial.resize(std::max<size_t>(initial.size(), 1));
      buffers[i] = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, initial.size(),
                                  initial.data(), &status);
      if (status != CL_SUCCESS)
        return failure("clCreateBuffer: " + std::to_string(status));
      cl_mem buffer = buffers[i];
      cleanup.add([=] { clReleaseMemObject(buffer); });
      status = clSetKernelArg(kernel, index, sizeof(cl_mem), &buffers[i]);
    } else if (arg.kind == ExecArg::Local) {
      status = clSetKernelArg(kernel, index, arg.local_bytes, nullptr);
    } else {
      status = clSetKernelArg(kernel, index, arg.bytes.size(), arg.bytes.data());
    }
    if (status != CL_SUCCESS)
      return failure("clSetKernelArg(" + std::to_string(i) + "): " + std::to_string(status));
  }
  status = clEnqueueNDRangeKernel(queue, kernel, test.work_dim, test.global_offset,
                                  test.global_size, test.local_size, 0, nullptr, nullptr);
  if (status != CL_SUCCESS)
    return failure("clEnqueueNDRangeKernel: " + std::to_string(status));
  RunResult result;
  for (size_t i = 0; i < test.args.size(); ++i) {
    if (test.args[i].kind != ExecArg::Buffer || !test.args[i].output)
      continue;
    std::vector<unsigned char> bytes(test.args[i].bytes.size());
    if (!bytes.empty() && clEnqueueReadBuffer(queue, buffers[i], CL_TRUE, 0, bytes.size(),
                                              bytes.data(), 0, nullptr, nullptr) != CL_SUCCESS)
      return failure("clEnqueueReadBuffer");
    result.outputs.push_back(std::move(bytes));
  }
  result.ok = true;
  return result;
}

std::string cudaUnavailableReason() {
  if (clcuda::cuda::deviceCount() > 0)
    return "";
  if (!clcuda::cuda::driver())
    return "no CUDA driver: " + clcuda::cuda::driverUnavailableReason();
  return "no CUDA device";
}

RunResult runTranslatedOnCuda(const ExecCase &test) {
  const Translator &library = translator();
  if (!library.translate)
    return failure("cannot load " CL2CUDA_LIBRARY_PATH ": " + library.error);
  cl2cuda_result result_strings;
  int status = 0;
  if (test.spirv.empty()) {
    const std::string source = sourceOf(test);
    status =
        library.translate(source.c_str(), test.build_options.c_str(), nullptr, 0, &result_strings);
  } else {
    std::ifstream file(std::string(CL2CUDA_SPIRV_BINARY_DIR) + "/" + test.spirv, std::ios::binary);
    std::stringstream module;
    module << file.rdbuf();
    const std::string binary = module.str();
    if (binary.empty())
      return failure("no assembled module " + test.spirv + " in " CL2CUDA_SPIRV_BINARY_DIR);
    status =
        library.translate_il(binary.data(), binary.size(), nullptr, 0, 0, nullptr, &result_strings);
  }
  std::string cuda_source = result_strings.cuda_source ? result_strings.cuda_source : "";
  std::string log = result_strings.log ? result_strings.log : "";
  std::string metadata_text = result_strings.metadata ? result_strings.metadata : "";
  library.free(&result_strings);
  if (status != 0)
    return failure("translation failed:\n" + log);
  ProgramMetadata program;
  std::string parse_error;
  if (!ProgramMetadata::parse(metadata_text, &program, &parse_error))
    return failure("the metadata does not parse: " + parse_error + "\n" + metadata_text);
  const KernelMetadata *metadata = program.findKernel(test.kernel);
  if (!metadata || metadata->args.size() != test.args.size())
    return failure("the metadata has no kernel " + test.kernel + " with " +
                   std::to_string(test.args.size()) + " arguments");

  const clcuda::cuda::DriverApi &cu = clcuda::cuda::api();
  std::string error;
  auto check = [&](CUresult result, const char *what) {
    if (result == CUDA_SUCCESS)
      return true;
    const char *name = nullptr;
    cu.cuGetErrorName(result, &name);
    error = std::string(what) + ": " + (name ? name : std::to_string(result));
    return false;
  };
  const std::string arch = deviceArchitecture(&error);
  CUdevice device = 0;
  if (arch.empty() || !check(cu.cuDeviceGet(&device, 0), "cuDeviceGet"))
    return failure(error);
  const clcuda::NvrtcOutput compiled = clcuda::compileCuda(
      cuda_source, clcuda::GpuTarget{arch}, program.nvrtc_options, clcuda::CompileKind::whole);
  if (!compiled.ok)
    return failure("NVRTC (" + arch + ") rejected the translation:\n" + compiled.log +
                   "\n--- source ---\n" + cuda_source);

  Cleanup cleanup;
  CUcontext context = nullptr;
  if (!check(cu.cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain"))
    return failure(error);
  cleanup.add([&cu, device] { cu.cuDevicePrimaryCtxRelease(device); });
  if (!check(cu.cuCtxPushCurrent(context), "cuCtxPushCurrent"))
    return failure(error);
  cleanup.add([&cu] {
    CUcontext popped;
    cu.cuCtxPopCurrent(&popped);
  });
  CUmodule module = nullptr;
  if (!check(cu.cuModuleLoadData(&module, compiled.cubin.data()), "cuModuleLoadData"))
    return failure(error);
  cleanup.add([&cu, module] { cu.cuModuleUnload(module); });
  CUfunction function = nullptr;
  if (!check(cu.cuModuleGetFunction(&function, module, metadata->cuda_name.c_str()),
             "cuModuleGetFunction"))
    return failure(error + " (" + metadata->cuda_name + ")");

  // The arguments as the shim passes them: device pointers, offsets of the
  // __local buffers laid out in dynamic shared memory (the shim's layout),
  // values, the NDRange.
  std::vector<std::size_t> local_sizes(test.args.size(), 0);
  for (size_t i = 0; i < test.args.size(); ++i) {
    if (test.args[i].kind != ExecArg::Local)
      continue;
    if (metadata->args[i].kind != ArgKind::LocalPointer)
      return failure("argument " + std::to_string(i) + " is not a __local pointer in the metadata");
    local_sizes[i] = test.args[i].local_bytes;
  }
  const clcuda::LocalArgumentLayout local = clcuda::layOutLocalArguments(*metadata, local_sizes);
  std::vector<CUdeviceptr> pointers(test.args.size(), 0);
  std::vector<std::vector<unsigned char>> values(test.args.size());
  for (size_t i = 0; i < test.args.size(); ++i) {
    const ExecArg &arg = test.args[i];
    const KernelArg &expected = metadata->args[i];
    if (arg.kind == ExecArg::Buffer) {
      size_t size = std::max<size_t>(arg.bytes.size(), 1);
      if (!check(cu.cuMemAlloc(&pointers[i], size), "cuMemAlloc"))
        return failure(error);
      CUdeviceptr pointer = pointers[i];
      cleanup.add([&cu, pointer] { cu.cuMemFree(pointer); });
      if (!arg.bytes.empty() &&
          !check(cu.cuMemcpyHtoD(pointers[i], arg.bytes.data(), arg.bytes.size()), "cuMemcpyHtoD"))
        return failure(error);
      values[i].resize(sizeof(CUdeviceptr));
      std::memcpy(values[i].data(), &pointers[i], sizeof(CUdeviceptr));
    } else if (arg.kind == ExecArg::Local) {
      values[i].resize(sizeof(std::uint32_t));
      std::memcpy(values[i].data(), &local.offsets[i], sizeof(std::uint32_t));
    } else {
      if (arg.bytes.size() != expected.size)
        return failure("argument " + std::to_string(i) + " has " +
                       std::to_string(arg.bytes.size()) + " bytes; the metadata says " +
                       std::to_string(expected.size));
      values[i] = arg.bytes;
    }
  }

  // The shim's launch plan: a non-uniform NDRange is launches of uniform
  // blocks.
  clcuda::Size3 global{1, 1, 1}, offset{0, 0, 0}, local_size{1, 1, 1};
  for (unsigned d = 0; d < test.work_dim; ++d) {
    global[d] = test.global_size[d];
    offset[d] = test.global_offset[d];
    local_size[d] = test.local_size[d];
  }
  const clcuda::LaunchPlan plan(test.work_dim, global, offset, local_size);
  clc::ndrange range = plan.range();
  std::vector<void *> parameters;
  for (std::vector<unsigned char> &value : values)
    parameters.push_back(value.data());
  parameters.push_back(&range);
  const unsigned shared_bytes = static_cast<unsigned>(local.bytes);
  // Past 48 KiB a launch needs the function's opt-in, as the shim sets it.
  if (!check(cu.cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                   int(shared_bytes)),
             "cuFuncSetAttribute"))
    return failure(error);
  // forEach stops at the first piece that returns true: one that failed.
  const bool failed = plan.forEach([&](const clcuda::SubLaunch &piece) {
    for (unsigned d = 0; d < 3; ++d)
      range.group_offset[d] = piece.group_offset[d];
    return !check(cu.cuLaunchKernel(function, piece.grid[0], piece.grid[1], piece.grid[2],
                                    piece.block[0], piece.block[1], piece.block[2], shared_bytes,
                                    nullptr, parameters.data(), nullptr),
                  "cuLaunchKernel") ||
           !check(cu.cuCtxSynchronize(), "cuCtxSynchronize (the kernel failed)");
  });
  if (failed)
    return failure(error);

  RunResult result;
  for (size_t i = 0; i < test.args.size(); ++i) {
    if (test.args[i].kind != ExecArg::Buffer || !test.args[i].output)
      continue;
    std::vector<unsigned char> bytes(test.args[i].bytes.size());
    if (!bytes.empty() &&
        !check(cu.cuMemcpyDtoH(bytes.data(), pointers[i], bytes.size()), "cuMemcpyDtoH"))
      return failure(error);
    result.outputs.push_back(std::move(bytes));
  }
  result.ok = true;
  return result;
}

std::string compareOutputs(const ExecCase &test, const Outputs &expected, const Outputs &actual) {
  if (expected.size() != actual.size())
    return "different numbers of output buffers";
  std::string report;
  size_t output = 0;
  for (size_t i = 0; i < test.args.size(); ++i) {
    const ExecArg &arg = test.args[i];
    if (arg.kind != ExecArg::Buffer || !arg.output)
      continue;
    const std::vector<unsigned char> &want = expected[output], &got = actual[output];
    ++output;
    size_t size = elementSize(arg.element);
    unsigned shown = 0, mismatches = 0;
    for (size_t at = 0; at + size <= want.size() && at + size <= got.size(); at += size) {
      std::string values;
      bool equal;
      if (arg.element == Element::Float)
        equal = withinUlps<float, uint32_t>(&want[at], &got[at], arg.max_ulps, &values);
      else if (arg.element == Element::Double)
        equal = withinUlps<double, uint64_t>(&want[at], &got[at], arg.max_ulps, &values);
      else {
        equal = std::memcmp(&want[at], &got[at], size) == 0;
        values = integerText(&want[at], arg.element) + " vs " + integerText(&got[at], arg.element);
      }
      if (equal)
        continue;
      ++mismatches;
      if (shown++ < 8)
        report += "  argument " + std::to_string(i) + "[" + std::to_string(at / size) +
                  "]: expected vs actual: " + values + "\n";
    }
    if (mismatches)
      report += "  argument " + std::to_string(i) + ": " + std::to_string(mismatches) + " of " +
                std::to_string(want.size() / size) + " elements differ\n";
  }
  return report;
}

} // namespace cl2cuda::testing
