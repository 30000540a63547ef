// OpenCL C kernels that read an image through a sampler and write another
// image, end to end: the translator's image types and builtins (the device
// side) meeting the shim's images, samplers and descriptors (the host side).
// On the CPU stand-in for the driver the launch's descriptors and sampler
// bits are checked; on a GPU the pixels.
#include "program_fixture.h"

#include <clc/image_desc.h>

#include <cmath>

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

// A kernel that reads and writes images takes work-groups as large as the
// device allows: its image code, inline or the image library's
// (CLCUDA_IMAGE_LIBRARY), leaves it registers enough. (The library's
// functions compiled apart without a register cap took 166 on sm_90, which
// limits a kernel that can call them to 384 work-items a group: 65,536
// registers a block.)
TEST_F(ImageKernelTest, TakesWorkGroupsAsLargeAsTheDevice) {
  cl_program program = build(kCopyThroughSampler);
  ASSERT_NE(program, nullptr);
  cl_kernel copy = kernel(program, "copy_through_sampler");
  ASSERT_NE(copy, nullptr);
  size_t kernel_limit = 0, device_limit = 0;
  ASSERT_CL(CL_SUCCESS, clGetKernelWorkGroupInfo(copy, device, CL_KERNEL_WORK_GROUP_SIZE,
                                                 sizeof kernel_limit, &kernel_limit, nullptr));
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE,
                                        sizeof device_limit, &device_limit, nullptr));
  EXPECT_EQ(kernel_limit, device_limit);
}

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

// The same pixels read through the texture unit (an image of its own, a
// read-only argument) and in software (an image on a buffer, which gets no
// texture objects), at the same coordinates with the same sampler.
const char kBothPaths[] = R"(
__kernel void both_paths(__read_only image2d_t through_texture, __read_only image2d_t in_software,
                         sampler_t sampler, __global const float2 *coords,
                         __global float4 *texture_reads, __global float4 *software_reads) {
  size_t i = get_global_id(0);
  texture_reads[i] = read_imagef(through_texture, sampler, coords[i]);
  software_reads[i] = read_imagef(in_software, sampler, coords[i]);
}
)";

struct TexturedFormat {
  cl_image_format format;
  size_t bytes_per_pixel;
};

// Stored values every channel type reads back finite and in [-2, 2].
std::vector<unsigned char> texturePixels(const TexturedFormat &f, size_t count) {
  std::vector<unsigned char> bytes(count * f.bytes_per_pixel);
  const cl_channel_type type = f.format.image_channel_data_type;
  static const unsigned short kHalves[] = {0x3C00, 0x3800, 0xB800, 0x4000, 0x3555, 0x0000, 0xBC00};
  for (size_t i = 0; i < bytes.size(); i += type == CL_FLOAT ? 4 : type == CL_HALF_FLOAT ? 2 : 1) {
    const unsigned seed = unsigned(i * 2654435761u >> 7);
    if (type == CL_FLOAT) {
      const float value = float(int(seed % 4001) - 2000) / 1000.0f;
      std::memcpy(&bytes[i], &value, 4);
    } else if (type == CL_HALF_FLOAT) {
      std::memcpy(&bytes[i], &kHalves[seed % 7], 2);
    } else {
      bytes[i] = static_cast<unsigned char>(seed);
    }
  }
  return bytes;
}

long fakeLiveTextures() {
  auto live = fakeDriverFunction<ClcudaFakeLiveTextures>("clcuda_fake_live_textures");
  return live ? live() : -1;
}

TEST_F(ImageKernelTest, TextureUnitAndSoftwareReadTheSame) {
  cl_kernel both = kernel(build(kBothPaths), "both_paths");
  ASSERT_NE(both, nullptr);
  // Every order the texture path places (1, 2 and 4 stored channels,
  // swizzled, replicated) and every channel type it takes.
  const TexturedFormat formats[] = {
      {{CL_RGBA, CL_UNORM_INT8}, 4},     {{CL_BGRA, CL_UNORM_INT8}, 4},
      {{CL_R, CL_FLOAT}, 4},             {{CL_RG, CL_SNORM_INT16}, 4},
      {{CL_A, CL_HALF_FLOAT}, 2},        {{CL_LUMINANCE, CL_UNORM_INT16}, 2},
      {{CL_INTENSITY, CL_FLOAT}, 4},     {{CL_RA, CL_SNORM_INT8}, 2},
      {{CL_ARGB, CL_UNORM_INT8}, 4},
  };
  const size_t width = 16, height = 8; // rows of 32 bytes or more: the texture pitch alignment
  // Coordinates from outside one edge to outside the other, none within
  // 0.03 of a texel edge (where the hardware's coordinate rounding may pick
  // the other texel for NEAREST).
  std::vector<cl_float2> coords;
  for (int k = 0; k < 64; ++k) {
    float x = -1.3f + 0.37f * float(k), y = -1.1f + 0.17f * float(k);
    for (float *c : {&x, &y})
      if (std::fabs(*c - std::round(*c)) < 0.03f)
        *c += 0.06f;
    coords.push_back({{x, y}});
  }
  const cl_addressing_mode modes[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
                                      CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT};
  cl_mem texture_reads = makeBuffer(CL_MEM_READ_WRITE, coords.size() * 16);
  cl_mem software_reads = makeBuffer(CL_MEM_READ_WRITE, coords.size() * 16);
  cl_mem coordinates = makeBuffer(CL_MEM_READ_ONLY, coords.size() * 8);
  for (const TexturedFormat &f : formats) {
    SCOPED_TRACE("format 0x" + std::to_string(f.format.image_channel_order) + "/0x" +
                 std::to_string(f.format.image_channel_data_type));
    std::vector<unsigned char> pixels = texturePixels(f, width * height);
    cl_image_desc desc{};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = width;
    desc.image_height = height;
    cl_int error = CL_SUCCESS;
    const long textures_before = fakeLiveTextures();
    cl_mem own = clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &f.format, &desc,
                               pixels.data(), &error);
    ASSERT_CL(CL_SUCCESS, error);
    cl_mem storage = makeBuffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, pixels.size(),
                                pixels.data());
    desc.mem_object = storage;
    desc.image_row_pitch = width * f.bytes_per_pixel;
    cl_mem on_buffer = clCreateImage(context, CL_MEM_READ_ONLY, &f.format, &desc, nullptr, &error);
    ASSERT_CL(CL_SUCCESS, error);
    images_.push_back(on_buffer);
    setArg(both, 0, own);
    setArg(both, 1, on_buffer);
    setArg(both, 3, coordinates);
    setArg(both, 4, texture_reads);
    setArg(both, 5, software_reads);
    for (cl_bool normalized : {CL_FALSE, CL_TRUE})
      for (cl_addressing_mode mode : modes)
        for (cl_filter_mode filter : {CL_FILTER_NEAREST, CL_FILTER_LINEAR}) {
          if (!normalized && (mode == CL_ADDRESS_REPEAT || mode == CL_ADDRESS_MIRRORED_REPEAT))
            continue;
          SCOPED_TRACE("normalized " + std::to_string(normalized) + ", addressing 0x" +
                       std::to_string(mode) + ", filter 0x" + std::to_string(filter));
          cl_sampler sampler = clCreateSampler(context, normalized, mode, filter, &error);
          ASSERT_CL(CL_SUCCESS, error);
          std::vector<cl_float2> used = coords;
          for (cl_float2 &c : used)
            if (normalized)
              c = {{c.s[0] / float(width), c.s[1] / float(height)}};
          ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, coordinates, CL_TRUE, 0,
                                                     used.size() * 8, used.data(), 0, nullptr,
                                                     nullptr));
          setArg(both, 2, sampler);
          takeLaunches();
          const size_t global = coords.size();
          ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, both, 1, nullptr, &global, nullptr,
                                                       0, nullptr, nullptr));
          ASSERT_CL(CL_SUCCESS, clFinish(queue));
          clReleaseSampler(sampler);
          if (fakeDevice()) {
            // Kernels do not run here: the descriptors say which path each read takes.
            const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
            ASSERT_EQ(launches.size(), 1u);
            const auto hardware = parameter<clc::image_desc>(launches[0], 0);
            const auto software = parameter<clc::image_desc>(launches[0], 1);
            for (unsigned slot = 0; slot < clc::texture_slots; ++slot) {
              EXPECT_NE(hardware.textures[slot], 0u) << "slot " << slot;
              EXPECT_EQ(software.textures[slot], 0u) << "slot " << slot;
            }
            EXPECT_EQ(fakeLiveTextures() - textures_before, long(clc::texture_slots));
            continue;
          }
          const std::vector<float> through_texture = read<float>(texture_reads, global * 4);
          const std::vector<float> in_software = read<float>(software_reads, global * 4);
          // The texture unit's filter weights have 8 fractional bits: a
          // linear read may be off by up to 1/256 of the neighbours' range
          // (here at most 4).
          const float tolerance = filter == CL_FILTER_LINEAR ? 0.02f : 1e-6f;
          for (size_t i = 0; i < in_software.size(); ++i)
            ASSERT_NEAR(through_texture[i], in_software[i], tolerance)
                << "channel " << i % 4 << " at (" << used[i / 4].s[0] << ", "
                << used[i / 4].s[1] << ")";
        }
    ASSERT_CL(CL_SUCCESS, clReleaseMemObject(own));
    ASSERT_CL(CL_SUCCESS, clFinish(queue));
    if (textures_before >= 0) {
      EXPECT_TRUE(waitUntil([&] { return fakeLiveTextures() == textures_before; }))
          << "texture objects left after the image's release";
    }
  }
}

// An image array's sampled reads go through a CUDA array that holds a copy
// of its pixels (CUDA has no texture over linear memory of more than two
// dimensions): the copy is made again after each kind of command that
// changes the image (write, fill, a kernel that writes it, copy from an
// image and from a buffer, a write map's unmap), and only then. On a GPU, each read of a layer through
// the texture unit is compared with a software read of the same pixels (a
// 2D image on a buffer that the test keeps equal to that layer).
const char kArrayLayer[] = R"(
__kernel void layer_paths(__read_only image2d_array_t array, __read_only image2d_t layer_copy,
                          sampler_t sampler, __global const float2 *coords, int layer,
                          __global float4 *from_array, __global float4 *from_layer) {
  size_t i = get_global_id(0);
  from_array[i] = read_imagef(array, sampler, (float4)(coords[i].x, coords[i].y, layer, 0.0f));
  from_layer[i] = read_imagef(layer_copy, sampler, coords[i]);
}
__kernel void paint_layer(__write_only image2d_array_t array, __global uchar4 *layer_pixels,
                          int layer) {
  int x = get_global_id(0), y = get_global_id(1);
  uchar4 pixel = (uchar4)(x * 13, y * 29, x + y, 200);
  write_imagef(array, (int4)(x, y, layer, 0), convert_float4(pixel) / 255.0f);
  layer_pixels[y * get_image_width(array) + x] = pixel;
}
)";

long fakeArrayCopies() {
  auto copies = fakeDriverFunction<ClcudaFakeArrayCopies>("clcuda_fake_array_copies");
  return copies ? copies() : -1;
}

TEST_F(ImageKernelTest, AnImageArrayIsSampledThroughACopyMadeAgainAfterEachChange) {
  cl_program program = build(kArrayLayer);
  cl_kernel reads = kernel(program, "layer_paths");
  cl_kernel paint = kernel(program, "paint_layer");
  ASSERT_NE(reads, nullptr);
  ASSERT_NE(paint, nullptr);
  const size_t width = 16, height = 8, layers = 3, layer = 1;
  const cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
  std::vector<unsigned char> pixels(width * height * layers * 4);
  for (size_t i = 0; i < pixels.size(); ++i)
    pixels[i] = static_cast<unsigned char>(i * 2654435761u >> 11);
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;
  desc.image_width = width;
  desc.image_height = height;
  desc.image_array_size = layers;
  cl_int error = CL_SUCCESS;
  cl_mem array = clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &format, &desc,
                               pixels.data(), &error);
  ASSERT_CL(CL_SUCCESS, error);
  images_.push_back(array);
  const size_t layer_bytes = width * height * 4;
  cl_mem layer_pixels = makeBuffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, layer_bytes,
                                   pixels.data() + layer * layer_bytes);
  cl_image_desc on_buffer{};
  on_buffer.image_type = CL_MEM_OBJECT_IMAGE2D;
  on_buffer.image_width = width;
  on_buffer.image_height = height;
  on_buffer.image_row_pitch = width * 4;
  on_buffer.mem_object = layer_pixels;
  cl_mem layer_copy =
      clCreateImage(context, CL_MEM_READ_ONLY, &format, &on_buffer, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  images_.push_back(layer_copy);
  sampler_ = clCreateSampler(context, CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, &error);
  ASSERT_CL(CL_SUCCESS, error);
  std::vector<cl_float2> coords;
  for (int k = 0; k < 64; ++k)
    coords.push_back({{(0.37f * float(k) - 1.3f) / width, (0.17f * float(k) - 1.1f) / height}});
  cl_mem coordinates =
      makeBuffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, coords.size() * 8, coords.data());
  cl_mem from_array = makeBuffer(CL_MEM_READ_WRITE, coords.size() * 16);
  cl_mem from_layer = makeBuffer(CL_MEM_READ_WRITE, coords.size() * 16);
  setArg(reads, 0, array);
  setArg(reads, 1, layer_copy);
  setArg(reads, 2, sampler_);
  setArg(reads, 3, coordinates);
  setArg(reads, 4, cl_int(layer));
  setArg(reads, 5, from_array);
  setArg(reads, 6, from_layer);
  // Reads the layer both ways; `copied` says whether the array copy must be made first.
  auto readBothWays = [&](const char *after, bool copied) {
    SCOPED_TRACE(after);
    takeLaunches();
    const long copies_before = fakeArrayCopies();
    const size_t global = coords.size();
    ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, reads, 1, nullptr, &global, nullptr, 0,
                                                 nullptr, nullptr));
    ASSERT_CL(CL_SUCCESS, clFinish(queue));
    if (fakeDevice()) {
      const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
      ASSERT_EQ(launches.size(), 1u);
      const auto sampled = parameter<clc::image_desc>(launches[0], 0);
      for (unsigned slot = 0; slot < clc::texture_slots; ++slot)
        EXPECT_NE(sampled.textures[slot], 0u) << "slot " << slot;
      EXPECT_EQ(fakeArrayCopies() - copies_before, copied ? 1 : 0);
      return;
    }
    const std::vector<float> through_texture = read<float>(from_array, global * 4);
    const std::vector<float> in_software = read<float>(from_layer, global * 4);
    for (size_t i = 0; i < in_software.size(); ++i)
      ASSERT_NEAR(through_texture[i], in_software[i], 0.02f) // 8-bit filter weights
          << "channel " << i % 4 << " of read " << i / 4;
  };
  readBothWays("the first launch", true);
  readBothWays("a launch with nothing changed", false);

  std::vector<unsigned char> written(layer_bytes);
  for (size_t i = 0; i < written.size(); ++i)
    written[i] = static_cast<unsigned char>(255 - i * 7);
  const size_t origin[3] = {0, 0, layer}, region[3] = {width, height, 1};
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteImage(queue, array, CL_TRUE, origin, region, 0, 0,
                                            written.data(), 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, layer_pixels, CL_TRUE, 0, layer_bytes,
                                             written.data(), 0, nullptr, nullptr));
  readBothWays("clEnqueueWriteImage", true);

  const cl_float colour[4] = {0.25f, 0.5f, 0.75f, 1.0f};
  const cl_uchar4 encoded = {{64, 128, 191, 255}}; // round to nearest even
  ASSERT_CL(CL_SUCCESS,
            clEnqueueFillImage(queue, array, colour, origin, region, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueFillBuffer(queue, layer_pixels, &encoded, sizeof encoded, 0,
                                            layer_bytes, 0, nullptr, nullptr));
  readBothWays("clEnqueueFillImage", true);

  setArg(paint, 0, array);
  setArg(paint, 1, layer_pixels);
  setArg(paint, 2, cl_int(layer));
  const size_t painted[2] = {width, height};
  ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, paint, 2, nullptr, painted, nullptr, 0,
                                               nullptr, nullptr));
  readBothWays("a kernel that writes the array", true);

  // Layer 0's first pixels into layer 1, image to image.
  const size_t layer0[3] = {0, 0, 0};
  ASSERT_CL(CL_SUCCESS,
            clEnqueueCopyImage(queue, array, array, layer0, origin, region, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, layer_pixels, CL_TRUE, 0, layer_bytes,
                                             pixels.data(), 0, nullptr, nullptr));
  readBothWays("clEnqueueCopyImage", true);

  // The layer's copy, changed, back into the array from its buffer.
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, layer_pixels, CL_TRUE, 0, layer_bytes,
                                             written.data(), 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueCopyBufferToImage(queue, layer_pixels, array, 0, origin, region,
                                                   0, nullptr, nullptr));
  readBothWays("clEnqueueCopyBufferToImage", true);

  // A write map of the layer, unmapped.
  size_t row_pitch = 0, slice_pitch = 0;
  auto *mapped = static_cast<unsigned char *>(
      clEnqueueMapImage(queue, array, CL_TRUE, CL_MAP_WRITE, origin, region, &row_pitch,
                        &slice_pitch, 0, nullptr, nullptr, &error));
  ASSERT_CL(CL_SUCCESS, error);
  for (size_t y = 0; y < height; ++y)
    std::memcpy(mapped + y * row_pitch, pixels.data() + 2 * layer_bytes + y * width * 4, width * 4);
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, array, mapped, 0, nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteBuffer(queue, layer_pixels, CL_TRUE, 0, layer_bytes,
                                             pixels.data() + 2 * layer_bytes, 0, nullptr,
                                             nullptr));
  readBothWays("an unmapped write map", true);
}

// A 3D image is sampled through the texture unit (over a CUDA-array copy)
// where its format is a normalized integer; halves and floats are filtered
// in software, where the 8-bit weights of the texture unit's trilinear
// filter would miss OpenCL's precision (image.cpp says where it was seen).
const char kVolume[] = R"(
__kernel void sample_volume(__read_only image3d_t volume, sampler_t sampler,
                            __global float4 *seen) {
  seen[get_global_id(0)] = read_imagef(volume, sampler, (float4)(1.3f, 2.6f, 1.5f, 0.0f));
}
)";

TEST_F(ImageKernelTest, A3DImageIsSampledInHardwareUnlessItHoldsHalvesOrFloats) {
  cl_kernel sample = kernel(build(kVolume), "sample_volume");
  ASSERT_NE(sample, nullptr);
  cl_int error = CL_SUCCESS;
  sampler_ = clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, &error);
  ASSERT_CL(CL_SUCCESS, error);
  cl_mem seen = makeBuffer(CL_MEM_READ_WRITE, 16);
  const struct {
    cl_image_format format;
    std::vector<unsigned char> pixel; // every pixel of the image
    float stored;                     // its first channel as read_imagef returns it
    bool hardware;
  } cases[] = {
      {{CL_RGBA, CL_UNORM_INT8}, {51, 0, 0, 255}, 0.2f, true},
      {{CL_R, CL_FLOAT}, {0x00, 0x00, 0x40, 0x3F}, 0.75f, false},      // 0.75f
      {{CL_RG, CL_HALF_FLOAT}, {0x00, 0x38, 0x00, 0x00}, 0.5f, false}, // 0.5h, 0
  };
  const size_t side = 8, depth = 4;
  for (const auto &c : cases) {
    SCOPED_TRACE("channel type 0x" + std::to_string(c.format.image_channel_data_type));
    std::vector<unsigned char> pixels;
    for (size_t i = 0; i < side * side * depth; ++i)
      pixels.insert(pixels.end(), c.pixel.begin(), c.pixel.end());
    cl_image_desc desc{};
    desc.image_type = CL_MEM_OBJECT_IMAGE3D;
    desc.image_width = desc.image_height = side;
    desc.image_depth = depth;
    cl_mem volume = clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &c.format,
                                  &desc, pixels.data(), &error);
    ASSERT_CL(CL_SUCCESS, error);
    images_.push_back(volume);
    setArg(sample, 0, volume);
    setArg(sample, 1, sampler_);
    setArg(sample, 2, seen);
    takeLaunches();
    const size_t global = 1;
    ASSERT_CL(CL_SUCCESS, clEnqueueNDRangeKernel(queue, sample, 1, nullptr, &global, nullptr, 0,
                                                 nullptr, nullptr));
    ASSERT_CL(CL_SUCCESS, clFinish(queue));
    if (fakeDevice()) {
      const std::vector<ClcudaFakeLaunch> launches = takeLaunches();
      ASSERT_EQ(launches.size(), 1u);
      const auto desc_seen = parameter<clc::image_desc>(launches[0], 0);
      const int linear_clamp_to_edge = clc::texture_slot(0x2u | 0x20u);
      EXPECT_EQ(desc_seen.textures[linear_clamp_to_edge] != 0, c.hardware);
      continue;
    }
    // One value everywhere: the filter keeps it, to its 8-bit weights in hardware.
    EXPECT_NEAR(read<float>(seen, 4)[0], c.stored, 1e-3f);
  }
}

} // namespace
} // namespace clcuda::test
