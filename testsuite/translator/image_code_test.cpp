// The device library's software image read is one copy of the pixel
// decoding (docs/design.md, "Images and samplers", build time): formats are
// table fields, the loops over components and filter corners stay loops,
// and whole pixels are loaded. A kernel compiled as clBuildProgram does; a
// switch over the formats or an unrolled loop would multiply the
// conversions and memory accesses this counts.
#include "NvrtcCheck.h"

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

std::string ptxOf(const std::string &source) {
  TranslateOptions options;
  options.mode = OutputMode::Compile;
  TranslateResult result = translate(source, options);
  EXPECT_EQ(result.status, Status::Ok) << result.log;
  NvrtcCheckResult compiled =
      compileWithNvrtc(result.cuda_source, "image.cu", result.metadata.nvrtc_options, "sm_90");
  EXPECT_TRUE(compiled.ok) << compiled.log;
  return compiled.ptx;
}

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

} // namespace
} // namespace cl2cuda::testing
