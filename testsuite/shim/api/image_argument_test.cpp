// Image and sampler kernel arguments through the OpenCL API: clSetKernelArg's
// checks, clGetKernelArgInfo, and the clc::image_desc and CLK_* bits as
// launched (docs/design.md, "Images and samplers"). The kernel is built here
// as the translator would leave it (CUDA C++ compiled by NVRTC, metadata
// with kinds image and sampler) and loaded with clCreateProgramWithBinary,
// so the host side is tested without the translator's image support. On the
// CPU stand-in for the driver the launch's parameters are read back; on a
// GPU the kernel copies the descriptor's fields and the first pixel out.
#include "program_fixture.h"

#include "core/program_binary.h"
#include "nvrtc_compile.h"

#include <clc/image_desc.h>

namespace {

using namespace clcuda::test;

const char *const kKernelSource = R"(
#include <clc/core.h>
#include <clc/image_desc.h>
extern "C" __global__ void describe(clc::image_desc image, unsigned int sampler,
                                    unsigned long long *out,
                                    const __grid_constant__ clc::ndrange clc_ndrange) {
  out[0] = image.width;
  out[1] = image.height;
  out[2] = image.row_pitch;
  out[3] = image.slice_pitch;
  out[4] = image.element_size;
  out[5] = image.channel_order;
  out[6] = image.channel_data_type;
  out[7] = image.image_type;
  out[8] = sampler;
  out[9] = image.data[0] | image.data[1] << 8 | image.data[2] << 16 | image.data[3] << 24;
}
)";

cl2cuda::KernelArg argument(const char *name, const char *type_name, cl2cuda::ArgKind kind,
                            std::uint32_t address, std::uint32_t access, std::uint32_t size) {
  cl2cuda::KernelArg arg;
  arg.name = name;
  arg.type_name = type_name;
  arg.kind = kind;
  arg.address_qualifier = address;
  arg.access_qualifier = access;
  arg.size = size;
  arg.alignment = size == 4 ? 4 : 8;
  return arg;
}

// A program binary holding `describe` for compute capability 9.0 (the
// H200's; the fake device claims it too), with PTX for newer GPUs.
std::string describeBinary(std::string &log) {
  const clcuda::GpuTarget target = clcuda::targetFor(9, 0);
  const clcuda::NvrtcOutput output =
      clcuda::compileCuda(kKernelSource, target, {}, clcuda::CompileKind::whole);
  log = output.log;
  if (!output.ok)
    return {};
  cl2cuda::ProgramMetadata metadata;
  metadata.kernel_arg_info = true;
  cl2cuda::KernelMetadata kernel;
  kernel.name = kernel.cuda_name = "describe";
  kernel.args = {argument("image", "image2d_t", cl2cuda::ArgKind::Image, cl2cuda::kArgAddressGlobal,
                          cl2cuda::kArgAccessReadOnly, sizeof(clc::image_desc)),
                 argument("sampler", "sampler_t", cl2cuda::ArgKind::Sampler,
                          cl2cuda::kArgAddressPrivate, cl2cuda::kArgAccessNone, 4),
                 argument("out", "ulong*", cl2cuda::ArgKind::Buffer, cl2cuda::kArgAddressGlobal,
                          cl2cuda::kArgAccessNone, 8)};
  metadata.kernels.push_back(kernel);
  clcuda::core::ProgramBinary binary;
  binary.arch = target.arch;
  binary.cubin = output.cubin;
  binary.ptx = output.ptx;
  binary.units.push_back({kKernelSource, metadata, "", nullptr});
  return clcuda::core::serializeBinary(binary);
}

class ImageArgumentTest : public ProgramTest {
protected:
  cl_kernel describeKernel() {
    std::string log;
    const std::string bytes = describeBinary(log);
    EXPECT_FALSE(bytes.empty()) << "NVRTC: " << log;
    if (bytes.empty())
      return nullptr;
    const size_t length = bytes.size();
    const auto *pointer = reinterpret_cast<const unsigned char *>(bytes.data());
    cl_int error = CL_SUCCESS, status = CL_SUCCESS;
    cl_program program =
        keep(clCreateProgramWithBinary(context, 1, &device, &length, &pointer, &status, &error));
    EXPECT_CL(CL_SUCCESS, error);
    EXPECT_CL(CL_SUCCESS, status);
    EXPECT_CL(CL_SUCCESS, clBuildProgram(program, 1, &device, nullptr, nullptr, nullptr))
        << buildLog(program);
    return kernel(program, "describe");
  }

  cl_mem image(cl_mem_flags flags, cl_mem_object_type type, const void *pixels = nullptr) {
    const cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc{};
    desc.image_type = type;
    desc.image_width = 8;
    desc.image_height = 4;
    desc.image_depth = 2;
    cl_int error = CL_SUCCESS;
    cl_mem created = clCreateImage(context, flags | (pixels ? CL_MEM_COPY_HOST_PTR : 0), &format,
                                   &desc, const_cast<void *>(pixels), &error);
    EXPECT_CL(CL_SUCCESS, error);
    images_.push_back(created);
    return created;
  }

  void TearDown() override {
    for (cl_mem created : images_)
      clReleaseMemObject(created);
    if (sampler_)
      clReleaseSampler(sampler_);
    ProgramTest::TearDown();
  }

  std::vector<cl_mem> images_;
  cl_sampler sampler_ = nullptr;
};

TEST_F(ImageArgumentTest, SetKernelArgChecksImagesAndSamplers) {
  cl_kernel kernel = describeKernel();
  ASSERT_NE(kernel, nullptr);
  cl_mem buffer = makeBuffer(CL_MEM_READ_WRITE, 64);
  cl_mem volume = image(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE3D);
  cl_mem written = image(CL_MEM_WRITE_ONLY, CL_MEM_OBJECT_IMAGE2D);
  cl_mem flat = image(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D);
  // negative_set_kernel_arg_invalid_image: a buffer is no image.
  EXPECT_CL(CL_INVALID_MEM_OBJECT, clSetKernelArg(kernel, 0, sizeof(cl_mem), &buffer));
  EXPECT_CL(CL_INVALID_MEM_OBJECT, clSetKernelArg(kernel, 0, sizeof(cl_mem), &volume));
  EXPECT_CL(CL_INVALID_MEM_OBJECT, clSetKernelArg(kernel, 0, sizeof(cl_mem), nullptr));
  EXPECT_CL(CL_INVALID_ARG_VALUE, clSetKernelArg(kernel, 0, sizeof(cl_mem), &written));
  EXPECT_CL(CL_INVALID_ARG_SIZE, clSetKernelArg(kernel, 0, sizeof(clc::image_desc), &flat));
  EXPECT_CL(CL_SUCCESS, clSetKernelArg(kernel, 0, sizeof(cl_mem), &flat));
  // negative_invalid_arg_sampler_size, and a handle that is no sampler.
  cl_int error = CL_SUCCESS;
  sampler_ = clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_INVALID_ARG_SIZE, clSetKernelArg(kernel, 1, sizeof(cl_uint), &sampler_));
  EXPECT_CL(CL_INVALID_SAMPLER, clSetKernelArg(kernel, 1, sizeof(cl_sampler), &buffer));
  EXPECT_CL(CL_INVALID_SAMPLER, clSetKernelArg(kernel, 1, sizeof(cl_sampler), nullptr));
  EXPECT_CL(CL_SUCCESS, clSetKernelArg(kernel, 1, sizeof(cl_sampler), &sampler_));

  // clGetKernelArgInfo describes both.
  char name[64] = {};
  cl_kernel_arg_access_qualifier access = 0;
  cl_kernel_arg_address_qualifier address = 0;
  ASSERT_CL(CL_SUCCESS,
            clGetKernelArgInfo(kernel, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof name, name, nullptr));
  EXPECT_STREQ(name, "image2d_t");
  ASSERT_CL(CL_SUCCESS, clGetKernelArgInfo(kernel, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof access,
                                           &access, nullptr));
  EXPECT_EQ(access, cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_READ_ONLY));
  ASSERT_CL(CL_SUCCESS, clGetKernelArgInfo(kernel, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                                           sizeof address, &address, nullptr));
  EXPECT_EQ(address, cl_kernel_arg_address_qualifier(CL_KERNEL_ARG_ADDRESS_GLOBAL));
  ASSERT_CL(CL_SUCCESS,
            clGetKernelArgInfo(kernel, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof name, name, nullptr));
  EXPECT_STREQ(name, "sampler_t");
}

TEST_F(ImageArgumentTest, LaunchesTheDescriptorAndTheSamplerBits) {
  cl_kernel kernel = describeKernel();
  ASSERT_NE(kernel, nullptr);
  std::vector<unsigned char> pixels = patternBytes(8 * 4 * 4, 13);
  cl_mem flat = image(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, pixels.data());
  std::vector<unsigned long long> zeros(10, 0);
  cl_mem out = makeBuffer(CL_MEM_COPY_HOST_PTR, zeros.size() * 8, zeros.data());
  cl_int error = CL_SUCCESS;
  sampler_ =
      clCreateSampler(context, CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR, &error);
  ASSERT_CL(CL_SUCCESS, error);
  setArg(kernel, 0, flat);
  setArg(kernel, 1, sampler_);
  setArg(kernel, 2, out);
  takeLaunches();
  const size_t one = 1;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &one, &one, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  const unsigned bits = 0x1 | 0x8 | 0x20; // normalized, mirrored repeat, linear
  const unsigned first_pixel = pixels[0] | pixels[1] << 8 | pixels[2] << 16 | pixels[3] << 24;
  if (fakeDevice()) {
    const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
    ASSERT_EQ(launches.size(), 1u);
    const auto desc = parameter<clc::image_desc>(launches[0], 0);
    EXPECT_NE(desc.data, nullptr);
    EXPECT_EQ(desc.row_pitch, 32u);
    EXPECT_EQ(desc.slice_pitch, 128u);
    EXPECT_EQ(desc.width, 8u);
    EXPECT_EQ(desc.height, 4u);
    EXPECT_EQ(desc.depth, 1u);
    EXPECT_EQ(desc.array_size, 1u);
    EXPECT_EQ(desc.channel_order, unsigned(CL_RGBA));
    EXPECT_EQ(desc.channel_data_type, unsigned(CL_UNORM_INT8));
    EXPECT_EQ(desc.element_size, 4u);
    EXPECT_EQ(desc.image_type, unsigned(CL_MEM_OBJECT_IMAGE2D));
    EXPECT_EQ(parameter<unsigned>(launches[0], 1), bits);
    // The fake driver's device memory is host memory: the first pixel is there.
    EXPECT_EQ(std::memcmp(desc.data, pixels.data(), 4), 0);
    return;
  }
  const auto fields = read<unsigned long long>(out, 10);
  const std::vector<unsigned long long> expected = {
      8, 4, 32, 128, 4, CL_RGBA, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE2D, bits, first_pixel};
  EXPECT_EQ(fields, expected) << "width height row_pitch slice_pitch element_size order type "
                                 "image_type sampler first_pixel";
}

} // namespace
