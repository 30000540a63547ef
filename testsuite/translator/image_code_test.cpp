// The device library's software image read is one copy of the pixel
// decoding (docs/design.md, "Images and samplers", build time): formats are
// table fields, the loops over components and filter corners stay loops,
// and whole pixels are loaded. A kernel compiled as clBuildProgram does; a
// switch over the formats or an unrolled loop would multiply the
// conversions and memory accesses this counts.
#include "nvrtc_compile.h"

#include <cl2cuda/translator.h>

#include <gtest/gtest.h>

#include <regex>
#include <string>

namespace cl2cuda::testing {
namespace {

int count(const std::string &text, const std::string &pattern) {
  std::regex expression(pattern);
  return static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), expression),
                                        std::sregex_iterator()));
}

// The PTX clBuildProgram compiles for `source` by default, or as a program
// that calls the image library.
std::string ptxOf(const std::string &source, bool calls_image_library = false) {
  TranslateOptions options;
  options.mode = OutputMode::Compile;
  TranslateResult result = translate(source, options);
  EXPECT_EQ(result.status, Status::Ok) << result.log;
  std::vector<std::string> nvrtc_options = result.metadata.nvrtc_options;
  if (calls_image_library)
    nvrtc_options.push_back("-DCLC_IMAGE_LIBRARY");
  const clcuda::NvrtcOutput compiled = clcuda::compileCuda(
      result.cuda_source, clcuda::GpuTarget{"sm_90"}, nvrtc_options,
      calls_image_library ? clcuda::CompileKind::extensible : clcuda::CompileKind::whole);
  EXPECT_TRUE(compiled.ok) << compiled.log;
  return compiled.ptx;
}

// benchmarks/kernels/image_bilinear.cl's shape: a helper function takes the
// images by value, reads through a program-scope sampler and writes.
const char kResample[] = R"(
    const sampler_t bilinear =
        CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
    void resample(read_only image2d_t src, write_only image2d_t dst) {
      int x = get_global_id(0), y = get_global_id(1);
      float2 at = (float2)(x + 0.5f, y + 0.5f) / (float2)(get_image_width(src), get_image_height(src));
      write_imagef(dst, (int2)(x, y), read_imagef(src, bilinear, at));
    }
    __kernel void resampled(read_only image2d_t src, write_only image2d_t dst) {
      resample(src, dst);
    })";

// The CTS's test_image_streams kernel: a sampler argument, so every filter,
// addressing mode and format is decoded at run time.
TEST(ImageCode, ASampledReadDecodesOnce) {
  const std::string ptx = ptxOf(R"(
    __kernel void sample(read_only image2d_t input, sampler_t sampler, __global float *x,
                         __global float *y, __global float4 *results) {
      int i = get_global_id(1) * get_image_width(input) + get_global_id(0);
      results[i] = read_imagef(input, sampler, (float2)(x[i], y[i]));
    })");
  // One decoding for NEAREST and LINEAR alike: one half conversion, one
  // division by a normalized type's max (the sRGB decode, a function of
  // its own, has the other two).
  EXPECT_EQ(count(ptx, R"(cvt\.f32\.f16)"), 1);
  EXPECT_EQ(count(ptx, R"(div\.rn\.f32)"), 3);
  // x and y, then the pixel: 2, 4, 8 and 16 bytes at once, or a byte at a time.
  EXPECT_EQ(count(ptx, R"(ld\.global)"), 7);
}

// A program compiled to call the image library (CLCUDA_IMAGE_LIBRARY, as
// compileAgainstImageLibrary does) stays one optimized whole around its
// calls: its own functions are inlined, and the calls pass what they need
// by value, so no work-item copies a descriptor to local memory (a
// reference to it made every work-item copy all 160 bytes: image_bilinear
// on an H200 ran at 119 GB/s instead of 689).
TEST(ImageCode, ACallToTheImageLibraryKeepsTheDescriptorInParameters) {
  const std::string ptx = ptxOf(kResample, /*calls_image_library=*/true);
  EXPECT_EQ(count(ptx, R"(\.local)"), 0);
  EXPECT_EQ(count(ptx, R"(\.visible \.func)"), 0);
  EXPECT_EQ(count(ptx, R"(call(\.uni)?\s*\(retval0\),\s*clc_image_sample_f,)"), 1);
  EXPECT_EQ(count(ptx, R"(call(\.uni)?\s*clc_image_encode_f,)"), 1);
}

} // namespace
} // namespace cl2cuda::testing
