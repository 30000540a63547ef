// OpenCL C kernels that read an image through a sampler and write another
// image, end to end: the translator's image types and builtins (the device
// side) meeting the shim's images, samplers and descriptors (the host side).
// On the CPU stand-in for the driver the launch's descriptors and sampler
// bits are checked; on a GPU the pixels.
#include "program_fixture.h"

#include <clc/image_desc.h>

namespace clcuda::test {
namespace {

const char kCopyThroughSampler[] = R"(
__kernel void copy_through_sampler(__read_only image2d_t source, sampler_t sampler,
                                   __write_only image2d_t target, __global float4 *seen) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 pixel = read_imagef(source, sampler, (int2)(x, y));
  write_imagef(target, (int2)(x, y), pixel);
  seen[y * get_image_width(source) + x] = pixel;
}
)";

class ImageKernelTest : public ProgramTest {
protected:
  void TearDown() override {
    for (cl_mem image : images_)
      clReleaseMemObject(image);
    if (sampler_)
      clReleaseSampler(sampler_);
    ProgramTest::TearDown();
  }

  cl_mem image2d(cl_mem_flags flags, size_t width, size_t height, void *pixels) {
    const cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc{};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = width;
    desc.image_height = height;
    cl_int error = CL_SUCCESS;
    cl_mem image = clCreateImage(context, flags | (pixels ? CL_MEM_COPY_HOST_PTR : 0), &format,
                                 &desc, pixels, &error);
    EXPECT_CL(CL_SUCCESS, error);
    images_.push_back(image);
    return image;
  }

  std::vector<cl_mem> images_;
  cl_sampler sampler_ = nullptr;
};

// Needs the translator's image support (the device side of images).
TEST_F(ImageKernelTest, ReadsThroughASamplerAndWritesAnImage) {
  cl_program program = build(kCopyThroughSampler);
  ASSERT_NE(program, nullptr);
  cl_kernel copy = kernel(program, "copy_through_sampler");
  ASSERT_NE(copy, nullptr);
  const size_t width = 7, height = 5;
  std::vector<unsigned char> pixels = patternBytes(width * height * 4, 14);
  cl_mem source = image2d(CL_MEM_READ_ONLY, width, height, pixels.data());
  cl_mem target = image2d(CL_MEM_WRITE_ONLY, width, height, nullptr);
  cl_mem seen = makeBuffer(CL_MEM_READ_WRITE, width * height * 16);
  cl_int error = CL_SUCCESS;
  sampler_ =
      clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &error);
  ASSERT_CL(CL_SUCCESS, error);
  setArg(copy, 0, source);
  setArg(copy, 1, sampler_);
  setArg(copy, 2, target);
  setArg(copy, 3, seen);
  takeLaunches();
  const size_t global[2] = {width, height};
  ASSERT_CL(CL_SUCCESS,
            clEnqueueNDRangeKernel(queue, copy, 2, nullptr, global, nullptr, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clFinish(queue));
  if (fakeDevice()) {
    const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
    ASSERT_FALSE(launches.empty());
    const auto read = parameter<clc::image_desc>(launches[0], 0);
    const auto written = parameter<clc::image_desc>(launches[0], 2);
    EXPECT_EQ(read.width, width);
    EXPECT_EQ(read.height, height);
    EXPECT_EQ(read.row_pitch, width * 4);
    EXPECT_EQ(written.width, width);
    EXPECT_NE(read.data, written.data);
    EXPECT_EQ(parameter<unsigned>(launches[0], 1), 0x2u | 0x10u); // clamp to edge, nearest
    return;
  }
  std::vector<unsigned char> copied(pixels.size());
  const size_t origin[3] = {0, 0, 0}, region[3] = {width, height, 1};
  ASSERT_CL(CL_SUCCESS, clEnqueueReadImage(queue, target, CL_TRUE, origin, region, 0, 0,
                                           copied.data(), 0, nullptr, nullptr));
  EXPECT_EQ(copied, pixels);
  const std::vector<float> values = read<float>(seen, width * height * 4);
  for (size_t i = 0; i < values.size(); ++i)
    ASSERT_NEAR(values[i], pixels[i] / 255.0f, 1.5e-7f) // OpenCL's 1.5 ulp for unorm reads
        << "channel " << i % 4 << " of pixel " << i / 4;
}

} // namespace
} // namespace clcuda::test
