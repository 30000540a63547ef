// The image side of the shim without a GPU: the format table (and its copy
// in docs/shim.md), fill colour conversion, half rounding, the descriptor,
// region and pitch rules, image and sampler kernel arguments, sampler
// properties and their CLK_* bits (api/image_rules.h, core/image.h,
// core/sampler.h).
#include "api/image_rules.h"
#include "api/validation.h"
#include "core/image.h"
#include "core/sampler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace {

using namespace clcuda;
using core::ImageFormat;
using core::ImageLayout;
using core::Pixels;

struct NamedFormat {
  std::string order, type;
  unsigned bytes;
  std::string usage;
};

std::vector<NamedFormat> namedFormats() {
  return {
#define CLCUDA_IMAGE_FORMAT(order, type, bytes, usage) {#order, #type, bytes, #usage},
#include "core/image_formats.def"
  };
}

unsigned channelCount(cl_channel_order order) {
  switch (order) {
  case CL_RG:
  case CL_RA:
    return 2;
  case CL_RGB:
    return 3;
  case CL_RGBA:
  case CL_BGRA:
  case CL_ARGB:
  case CL_ABGR:
  case CL_sRGBA:
  case CL_sBGRA:
    return 4;
  default:
    return 1;
  }
}

unsigned channelBytes(cl_channel_type type) {
  switch (type) {
  case CL_UNORM_INT8:
  case CL_SNORM_INT8:
  case CL_SIGNED_INT8:
  case CL_UNSIGNED_INT8:
    return 1;
  case CL_UNORM_INT16:
  case CL_SNORM_INT16:
  case CL_SIGNED_INT16:
  case CL_UNSIGNED_INT16:
  case CL_HALF_FLOAT:
    return 2;
  default:
    return 4;
  }
}

TEST(ImageFormats, EveryRowIsAValidFormatOfItsSize) {
  const auto &formats = core::imageFormats();
  EXPECT_EQ(formats.size(), 91u);
  std::set<std::pair<cl_channel_order, cl_channel_type>> seen;
  for (const ImageFormat &format : formats) {
    SCOPED_TRACE("order 0x" + std::to_string(format.order) + " type 0x" +
                 std::to_string(format.type));
    EXPECT_TRUE(seen.insert({format.order, format.type}).second) << "listed twice";
    const cl_image_format descriptor = {format.order, format.type};
    EXPECT_TRUE(core::validImageFormatDescriptor(descriptor));
    EXPECT_EQ(core::findImageFormat(descriptor), &format);
    const bool packed = format.order == CL_RGB;
    EXPECT_EQ(format.bytes_per_pixel, packed
                                          ? (format.type == CL_UNORM_INT_101010 ? 4u : 2u)
                                          : channelCount(format.order) * channelBytes(format.type));
    // A pixel is a power of two bytes: fills are device fills of it.
    EXPECT_EQ(format.bytes_per_pixel & (format.bytes_per_pixel - 1), 0u);
  }
  const cl_image_format rgbx = {CL_RGBx, CL_UNORM_SHORT_565};
  EXPECT_TRUE(core::validImageFormatDescriptor(rgbx));
  EXPECT_EQ(core::findImageFormat(rgbx), nullptr);
  for (const cl_image_format &invalid :
       {cl_image_format{CL_RGBA, CL_UNORM_SHORT_565}, cl_image_format{CL_RGB, CL_UNORM_INT8},
        cl_image_format{CL_INTENSITY, CL_SIGNED_INT8}, cl_image_format{0x10AF, CL_FLOAT},
        cl_image_format{CL_R, 0x10E1}})
    EXPECT_FALSE(core::validImageFormatDescriptor(invalid))
        << std::hex << invalid.image_channel_order << " " << invalid.image_channel_data_type;
}

TEST(ImageFormats, UsageLimitsTypesAndFlags) {
  const ImageFormat &srgb = *core::findImageFormat({CL_sRGBA, CL_UNORM_INT8});
  const ImageFormat &depth = *core::findImageFormat({CL_DEPTH, CL_FLOAT});
  const ImageFormat &rgba = *core::findImageFormat({CL_RGBA, CL_FLOAT});
  EXPECT_TRUE(core::formatSupports(srgb, CL_MEM_OBJECT_IMAGE3D, CL_MEM_READ_ONLY));
  EXPECT_FALSE(core::formatSupports(srgb, CL_MEM_OBJECT_IMAGE2D, CL_MEM_READ_WRITE));
  EXPECT_FALSE(core::formatSupports(srgb, CL_MEM_OBJECT_IMAGE2D, 0)); // read-write by default
  EXPECT_FALSE(core::formatSupports(srgb, CL_MEM_OBJECT_IMAGE2D,
                                    CL_MEM_READ_ONLY | CL_MEM_KERNEL_READ_AND_WRITE));
  EXPECT_FALSE(core::formatSupports(srgb, CL_MEM_OBJECT_IMAGE2D, CL_MEM_WRITE_ONLY));
  EXPECT_FALSE(core::formatSupports(srgb, CL_MEM_OBJECT_IMAGE2D, CL_MEM_KERNEL_READ_AND_WRITE));
  EXPECT_TRUE(core::formatSupports(depth, CL_MEM_OBJECT_IMAGE2D, CL_MEM_READ_WRITE));
  EXPECT_TRUE(core::formatSupports(depth, CL_MEM_OBJECT_IMAGE2D_ARRAY, 0));
  for (cl_mem_object_type type : {CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_BUFFER,
                                  CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE3D}) {
    EXPECT_FALSE(core::formatSupports(depth, type, 0)) << std::hex << type;
    EXPECT_TRUE(core::formatSupports(rgba, type, CL_MEM_READ_WRITE)) << std::hex << type;
  }
}

// docs/shim.md lists the table: one "| order | type | bytes | usage |" row
// per format, in its order.
TEST(ImageFormats, TheUserDocumentationListsTheTable) {
  std::ifstream file(std::string(CLCUDA_SOURCE_DIR) + "/docs/shim.md");
  ASSERT_TRUE(file) << "docs/shim.md";
  const std::regex row(R"(^\| `(CL_\w+)` \| `(CL_\w+)` \| (\d+) \| (\w+) \|$)");
  std::vector<std::string> documented, expected;
  for (std::string line; std::getline(file, line);) {
    std::smatch match;
    if (std::regex_match(line, match, row))
      documented.push_back(match[1].str() + " " + match[2].str() + " " + match[3].str() + " " +
                           match[4].str());
  }
  for (const NamedFormat &format : namedFormats())
    expected.push_back(format.order + " " + format.type + " " + std::to_string(format.bytes) + " " +
                       format.usage);
  EXPECT_EQ(documented, expected)
      << "docs/shim.md's format table differs from shim/core/image_formats.def";
}

// One pixel of (order, type) filled with `colour` (float4, int4 or uint4).
template <class Channel>
std::vector<unsigned char> encodeAs(cl_channel_order order, cl_channel_type type,
                                    std::array<Channel, 4> colour) {
  const ImageFormat &format = *core::findImageFormat({order, type});
  std::vector<unsigned char> pixel(format.bytes_per_pixel);
  core::encodePixel(format, colour.data(), pixel.data());
  return pixel;
}

TEST(FillColours, FloatsRoundToNearestEvenAndSaturate) {
  auto encode = encodeAs<float>;
  using Bytes = std::vector<unsigned char>;
  EXPECT_EQ(encode(CL_RGBA, CL_UNORM_INT8, {0.5f, 1.5f, -0.5f, NAN}), (Bytes{128, 255, 0, 0}));
  // 0.5 * 65535 = 32767.5: to even, 32768.
  EXPECT_EQ(encode(CL_R, CL_UNORM_INT16, {0.5f, 0, 0, 0}), (Bytes{0x00, 0x80}));
  // -0.5 * 127 = -63.5: to even, -64; -2 saturates to -127 (not -128).
  EXPECT_EQ(encode(CL_RG, CL_SNORM_INT8, {-0.5f, -2.0f, 0, 0}), (Bytes{0xc0, 0x81}));
  EXPECT_EQ(encode(CL_ARGB, CL_UNORM_INT8, {1.0f, 0.0f, 0.2f, 0.6f}), (Bytes{153, 255, 0, 51}));
  EXPECT_EQ(encode(CL_ABGR, CL_UNORM_INT8, {1.0f, 0.0f, 0.2f, 0.6f}), (Bytes{153, 51, 0, 255}));
  EXPECT_EQ(encode(CL_RA, CL_UNORM_INT8, {1.0f, 0.5f, 0.5f, 0.0f}), (Bytes{255, 0}));
  EXPECT_EQ(encode(CL_A, CL_UNORM_INT8, {1.0f, 1.0f, 1.0f, 0.2f}), (Bytes{51}));
  // Intensity, luminance and depth store the red (first) component.
  EXPECT_EQ(encode(CL_INTENSITY, CL_UNORM_INT8, {0.2f, 0.9f, 0.9f, 0.9f}), (Bytes{51}));
  EXPECT_EQ(encode(CL_LUMINANCE, CL_HALF_FLOAT, {-2.0f, 0, 0, 0}), (Bytes{0x00, 0xc0}));
  float depth = 0.25f;
  Bytes depth_bytes(4);
  std::memcpy(depth_bytes.data(), &depth, 4);
  EXPECT_EQ(encode(CL_DEPTH, CL_FLOAT, {0.25f, 0, 0, 0}), depth_bytes);
  // sRGB: 0.5 encodes to 0.7354, * 255 = 187.5 -> 188; alpha stays linear.
  EXPECT_EQ(encode(CL_sRGBA, CL_UNORM_INT8, {0.5f, 0.0f, 1.0f, 0.5f}), (Bytes{188, 0, 255, 128}));
  EXPECT_EQ(encode(CL_sBGRA, CL_UNORM_INT8, {0.5f, 0.0f, 0.002f, 0.5f}),
            (Bytes{7, 0, 188, 128})); // 0.002 * 12.92 * 255 = 6.6 -> 7
  // Packed: 565 and 555 are r g b from the high bits down, 101010 likewise.
  EXPECT_EQ(encode(CL_RGB, CL_UNORM_SHORT_565, {0.0f, 1.0f, 0.0f, 0}), (Bytes{0xe0, 0x07}));
  EXPECT_EQ(encode(CL_RGB, CL_UNORM_SHORT_555, {1.0f, 0.0f, 0.0f, 0}), (Bytes{0x00, 0x7c}));
  EXPECT_EQ(encode(CL_RGB, CL_UNORM_INT_101010, {0.0f, 0.0f, 1.0f, 0}),
            (Bytes{0xff, 0x03, 0x00, 0x00}));
  EXPECT_EQ(encode(CL_RGB, CL_UNORM_INT_101010, {1.0f, 0.0f, 0.0f, 0}),
            (Bytes{0x00, 0x00, 0xf0, 0x3f}));
}

TEST(FillColours, IntegersSaturate) {
  auto encode = encodeAs<cl_int>;
  using Bytes = std::vector<unsigned char>;
  EXPECT_EQ(encode(CL_RGBA, CL_SIGNED_INT8, {-200, 200, -5, 5}), (Bytes{0x80, 0x7f, 0xfb, 5}));
  EXPECT_EQ(encode(CL_R, CL_SIGNED_INT16, {-40000, 0, 0, 0}), (Bytes{0x00, 0x80}));
  EXPECT_EQ(encode(CL_R, CL_SIGNED_INT32, {-7, 0, 0, 0}), (Bytes{0xf9, 0xff, 0xff, 0xff}));
  // Unsigned types take a uint4: 0xffffffff saturates, it is not -1.
  EXPECT_EQ(encode(CL_RG, CL_UNSIGNED_INT8, {-1, 17, 0, 0}), (Bytes{0xff, 17}));
  EXPECT_EQ(encode(CL_R, CL_UNSIGNED_INT16, {70000, 0, 0, 0}), (Bytes{0xff, 0xff}));
  EXPECT_EQ(encode(CL_BGRA, CL_UNSIGNED_INT8, {1, 2, 3, 4}), (Bytes{3, 2, 1, 4}));
}

TEST(FillColours, HalfRoundsToNearestEvenLikeTheCompiler) {
  // _Float16 conversion is IEEE round-to-nearest-even: compare on a spread
  // of bit patterns covering every exponent, subnormals, ties, infinity, NaN.
  for (std::uint64_t bits = 0; bits <= 0xffffffffu; bits += 4099) {
    float value;
    const auto pattern = std::uint32_t(bits);
    std::memcpy(&value, &pattern, sizeof value);
    const _Float16 reference = static_cast<_Float16>(value);
    std::uint16_t expected;
    std::memcpy(&expected, &reference, sizeof expected);
    const std::uint16_t actual = core::floatToHalf(value);
    if (std::isnan(value)) {
      ASSERT_EQ(actual & 0x7c00, 0x7c00) << std::hex << pattern;
      ASSERT_NE(actual & 0x3ff, 0) << std::hex << pattern;
    } else {
      ASSERT_EQ(actual, expected) << "float bits 0x" << std::hex << pattern;
    }
  }
  // Exact ties: 1 + 2^-11 rounds down to 1, 1 + 3 * 2^-11 up; 65520 to infinity.
  EXPECT_EQ(core::floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  EXPECT_EQ(core::floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  EXPECT_EQ(core::floatToHalf(65520.0f), 0x7c00);
  EXPECT_EQ(core::floatToHalf(65519.0f), 0x7bff);
  EXPECT_EQ(core::floatToHalf(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(core::floatToHalf(std::ldexp(1.0f, -25)), 0x0000); // a tie, to even (zero)
  EXPECT_EQ(core::floatToHalf(-0.0f), 0x8000);
}

ImageLayout layoutOf(cl_mem_object_type type, std::size_t width, std::size_t height,
                     std::size_t depth, std::size_t array_size, std::size_t row_pitch = 0,
                     std::size_t slice_pitch = 0) {
  return core::makeImageLayout(type, *core::findImageFormat({CL_RGBA, CL_UNORM_INT8}), width,
                               height, depth, array_size, row_pitch, slice_pitch);
}

TEST(ImageLayouts, PitchesAreTightUnlessGiven) {
  const ImageLayout array1d = layoutOf(CL_MEM_OBJECT_IMAGE1D_ARRAY, 10, 0, 0, 3);
  EXPECT_EQ(array1d.row_pitch, 40u);
  EXPECT_EQ(array1d.slice_pitch, 40u); // layers are rows
  EXPECT_EQ(array1d.bytes(), 120u);
  EXPECT_EQ(array1d.extent(), (Pixels{10, 3, 1}));
  EXPECT_EQ(array1d.rectRowPitch(), 40u);
  const ImageLayout padded = layoutOf(CL_MEM_OBJECT_IMAGE1D_ARRAY, 10, 0, 0, 3, 44, 64);
  EXPECT_EQ(padded.rectRowPitch(), 64u); // y steps layers
  EXPECT_EQ(padded.bytes(), 192u);
  const ImageLayout array2d = layoutOf(CL_MEM_OBJECT_IMAGE2D_ARRAY, 5, 4, 0, 3, 24);
  EXPECT_EQ(array2d.slice_pitch, 96u);
  EXPECT_EQ(array2d.extent(), (Pixels{5, 4, 3}));
  EXPECT_EQ(array2d.bytes(), 288u);
  const ImageLayout volume = layoutOf(CL_MEM_OBJECT_IMAGE3D, 5, 4, 2, 0);
  EXPECT_EQ(volume.bytes(), 160u);
  EXPECT_EQ(volume.extent(), (Pixels{5, 4, 2}));
  // Sizes the type lacks are 1, whatever the descriptor said.
  const ImageLayout line = layoutOf(CL_MEM_OBJECT_IMAGE1D, 7, 9, 9, 9);
  EXPECT_EQ(line.extent(), (Pixels{7, 1, 1}));
  EXPECT_EQ(line.bytes(), 28u);
}

TEST(ImageLayouts, TheDescriptorIsTheLayout) {
  const ImageLayout layout = layoutOf(CL_MEM_OBJECT_IMAGE2D_ARRAY, 5, 4, 0, 3, 24);
  const clc::image_desc desc = layout.descriptor(0x7000);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(desc.data), 0x7000u);
  EXPECT_EQ(desc.row_pitch, 24u);
  EXPECT_EQ(desc.slice_pitch, 96u);
  EXPECT_EQ(desc.width, 5u);
  EXPECT_EQ(desc.height, 4u);
  EXPECT_EQ(desc.depth, 1u);
  EXPECT_EQ(desc.array_size, 3u);
  EXPECT_EQ(desc.channel_order, unsigned(CL_RGBA));
  EXPECT_EQ(desc.channel_data_type, unsigned(CL_UNORM_INT8));
  EXPECT_EQ(desc.element_size, 4u);
  EXPECT_EQ(desc.image_type, unsigned(CL_MEM_OBJECT_IMAGE2D_ARRAY));
  EXPECT_EQ(desc.whole_pixel, unsigned(clc::whole_pixel_unorm8_rgba));
  // A pixel that is not aligned to its size, anywhere, is stored by component.
  EXPECT_EQ(layout.descriptor(0x7002).whole_pixel, unsigned(clc::whole_pixel_none));
}

// write_imagef stores a whole pixel where every pixel of an RGBA or BGRA
// image of unorm8 or floats is aligned to its size: the first one and both
// pitches.
TEST(ImageLayouts, WholePixelStoresNeedTheFormatAndAlignedPixels) {
  EXPECT_EQ(clc::whole_pixel_of(CL_BGRA, CL_UNORM_INT8, 0x1000, 64, 0),
            clc::whole_pixel_unorm8_bgra);
  EXPECT_EQ(clc::whole_pixel_of(CL_RGBA, CL_FLOAT, 0x1000, 64, 128), clc::whole_pixel_float_rgba);
  EXPECT_EQ(clc::whole_pixel_of(CL_BGRA, CL_FLOAT, 0x1000, 64, 128), clc::whole_pixel_float_bgra);
  EXPECT_EQ(clc::whole_pixel_of(CL_RGBA, CL_FLOAT, 0x1008, 64, 128), clc::whole_pixel_none);
  EXPECT_EQ(clc::whole_pixel_of(CL_RGBA, CL_FLOAT, 0x1000, 72, 144), clc::whole_pixel_none);
  EXPECT_EQ(clc::whole_pixel_of(CL_RGBA, CL_FLOAT, 0x1000, 64, 136), clc::whole_pixel_none);
  EXPECT_EQ(clc::whole_pixel_of(CL_RGBA, CL_UNORM_INT16, 0x1000, 64, 0), clc::whole_pixel_none);
  EXPECT_EQ(clc::whole_pixel_of(CL_ARGB, CL_UNORM_INT8, 0x1000, 64, 0), clc::whole_pixel_none);
}

TEST(ImageRules, RegionsFitTheType) {
  const ImageLayout array1d = layoutOf(CL_MEM_OBJECT_IMAGE1D_ARRAY, 10, 0, 0, 3);
  const ImageLayout image2d = layoutOf(CL_MEM_OBJECT_IMAGE2D, 10, 4, 0, 0);
  Pixels at, size;
  auto check = [&](const ImageLayout &layout, Pixels origin, Pixels region) {
    return api::checkImageRegion(layout, origin.data(), region.data(), at, size);
  };
  EXPECT_EQ(check(array1d, {9, 2, 0}, {1, 1, 1}), CL_SUCCESS); // last pixel of the last layer
  EXPECT_EQ(at, (Pixels{9, 2, 0}));
  EXPECT_EQ(check(array1d, {0, 3, 0}, {1, 1, 1}), CL_INVALID_VALUE); // no fourth layer
  EXPECT_EQ(check(array1d, {0, 0, 1}, {1, 1, 1}), CL_INVALID_VALUE);
  EXPECT_EQ(check(array1d, {0, 0, 0}, {1, 1, 2}), CL_INVALID_VALUE);
  EXPECT_EQ(check(image2d, {0, 0, 0}, {10, 4, 1}), CL_SUCCESS);
  EXPECT_EQ(check(image2d, {1, 0, 0}, {10, 4, 1}), CL_INVALID_VALUE);
  EXPECT_EQ(check(image2d, {0, 0, 0}, {10, 0, 1}), CL_INVALID_VALUE); // empty
  EXPECT_EQ(check(image2d, {SIZE_MAX, 0, 0}, {2, 1, 1}), CL_INVALID_VALUE);
  EXPECT_EQ(api::checkImageRegion(image2d, nullptr, size.data(), at, size), CL_INVALID_VALUE);
}

TEST(ImageRules, HostPitchesDefaultToTight) {
  const ImageLayout image2d = layoutOf(CL_MEM_OBJECT_IMAGE2D, 10, 4, 0, 0);
  const ImageLayout array1d = layoutOf(CL_MEM_OBJECT_IMAGE1D_ARRAY, 10, 0, 0, 3);
  const ImageLayout volume = layoutOf(CL_MEM_OBJECT_IMAGE3D, 10, 4, 3, 0);
  std::size_t row = 0, slice = 0;
  EXPECT_EQ(api::resolveImageHostPitches(image2d, {3, 2, 1}, row, slice), CL_SUCCESS);
  EXPECT_EQ(row, 12u);
  EXPECT_EQ(slice, 24u);
  row = 11, slice = 0;
  EXPECT_EQ(api::resolveImageHostPitches(image2d, {3, 2, 1}, row, slice), CL_INVALID_VALUE);
  row = 0, slice = 100;
  EXPECT_EQ(api::resolveImageHostPitches(image2d, {3, 2, 1}, row, slice), CL_INVALID_VALUE);
  // A 1D array's layers step by the slice pitch (the row pitch if 0).
  row = 16, slice = 0;
  EXPECT_EQ(api::resolveImageHostPitches(array1d, {3, 2, 1}, row, slice), CL_SUCCESS);
  EXPECT_EQ(row, 16u);
  row = 16, slice = 40;
  EXPECT_EQ(api::resolveImageHostPitches(array1d, {3, 2, 1}, row, slice), CL_SUCCESS);
  EXPECT_EQ(row, 40u);
  row = 16, slice = 12;
  EXPECT_EQ(api::resolveImageHostPitches(array1d, {3, 2, 1}, row, slice), CL_INVALID_VALUE);
  row = 0, slice = 0;
  EXPECT_EQ(api::resolveImageHostPitches(volume, {3, 2, 2}, row, slice), CL_SUCCESS);
  EXPECT_EQ(slice, 24u);
  row = 0, slice = 20;
  EXPECT_EQ(api::resolveImageHostPitches(volume, {3, 2, 2}, row, slice), CL_INVALID_VALUE);
}

TEST(ImageRules, DescriptorsOnBuffersTakePitches) {
  const cl_image_format format = {CL_R, CL_FLOAT};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 10;
  desc.image_height = 3;
  desc.image_row_pitch = 64;
  desc.buffer = reinterpret_cast<cl_mem>(0x10); // checked by the caller
  ImageLayout layout{};
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout), CL_SUCCESS);
  EXPECT_EQ(layout.row_pitch, 64u);
  EXPECT_EQ(layout.bytes(), 192u);
  desc.image_type = CL_MEM_OBJECT_IMAGE3D; // no 3D image on a buffer
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout),
            CL_INVALID_IMAGE_DESCRIPTOR);
  // A 1D buffer image's row pitch (test_kernel_image_methods 1Dbuffer gives it).
  desc.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  desc.image_width = 1000;
  desc.image_row_pitch = 4000;
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout), CL_SUCCESS);
  desc.image_row_pitch = 3996; // less than a row
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout),
            CL_INVALID_IMAGE_DESCRIPTOR);
  desc.image_row_pitch = 0;
  desc.image_width = std::size_t(core::kImageMaxBufferSize) + 1;
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout), CL_INVALID_IMAGE_SIZE);
  desc.image_width = core::kImageMaxBufferSize;
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout), CL_SUCCESS);
  desc.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;
  desc.buffer = nullptr;
  desc.image_width = desc.image_height = 4;
  desc.image_array_size = core::kImageMaxArraySize + 1;
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout), CL_INVALID_IMAGE_SIZE);
  desc.image_array_size = 0;
  EXPECT_EQ(api::checkImageDescriptor(&format, &desc, 0, nullptr, layout), CL_INVALID_IMAGE_SIZE);
}

TEST(ImageRules, ImageArgumentsMatchTypeAndAccess) {
  const ImageLayout image2d = layoutOf(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0);
  const ImageLayout array1d = layoutOf(CL_MEM_OBJECT_IMAGE1D_ARRAY, 4, 0, 0, 2);
  const ImageLayout depth = core::makeImageLayout(
      CL_MEM_OBJECT_IMAGE2D, *core::findImageFormat({CL_DEPTH, CL_FLOAT}), 4, 4, 0, 0, 0, 0);
  const std::uint32_t read = cl2cuda::kArgAccessReadOnly, write = cl2cuda::kArgAccessWriteOnly,
                      both = cl2cuda::kArgAccessReadWrite;
  EXPECT_EQ(api::checkImageArgument("image2d_t", read, image2d, CL_MEM_READ_ONLY), CL_SUCCESS);
  EXPECT_EQ(api::checkImageArgument("read_only image2d_t", read, image2d, 0), CL_SUCCESS);
  EXPECT_EQ(api::checkImageArgument("image1d_array_t", both, array1d, 0), CL_SUCCESS);
  EXPECT_EQ(api::checkImageArgument("image2d_depth_t", read, depth, 0), CL_SUCCESS);
  for (const char *other : {"image1d_t", "image1d_buffer_t", "image1d_array_t", "image2d_array_t",
                            "image3d_t", "image2d_depth_t", "image2d_msaa_t"})
    EXPECT_EQ(api::checkImageArgument(other, read, image2d, 0), CL_INVALID_MEM_OBJECT) << other;
  EXPECT_EQ(api::checkImageArgument("image2d_t", read, depth, 0), CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(api::checkImageArgument("image2d_t", read, image2d, CL_MEM_WRITE_ONLY),
            CL_INVALID_ARG_VALUE);
  EXPECT_EQ(api::checkImageArgument("image2d_t", write, image2d, CL_MEM_READ_ONLY),
            CL_INVALID_ARG_VALUE);
  EXPECT_EQ(api::checkImageArgument("image2d_t", write, image2d, CL_MEM_WRITE_ONLY), CL_SUCCESS);
}

TEST(ImageRules, ImageAndSamplerArgumentsTakeTheirHandleSize) {
  cl_mem image = nullptr;
  cl_sampler sampler = nullptr;
  using cl2cuda::ArgKind;
  EXPECT_EQ(api::checkKernelArg(ArgKind::Image, 56, sizeof(cl_mem), &image), CL_SUCCESS);
  EXPECT_EQ(api::checkKernelArg(ArgKind::Image, 56, 56, &image), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(api::checkKernelArg(ArgKind::Sampler, 4, sizeof(cl_sampler), &sampler), CL_SUCCESS);
  EXPECT_EQ(api::checkKernelArg(ArgKind::Sampler, 4, 4, &sampler), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(api::checkKernelArg(ArgKind::Sampler, 4, sizeof(cl_sampler), nullptr),
            CL_INVALID_SAMPLER);
}

TEST(Samplers, BitsAreOpenCLCs) {
  const cl_addressing_mode modes[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
                                      CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT};
  // opencl-c-base.h's CLK_ADDRESS_* values, in the same order.
  const unsigned address_bits[] = {0x0, 0x2, 0x4, 0x6, 0x8};
  for (int mode = 0; mode < 5; ++mode)
    for (bool normalized : {false, true}) {
      EXPECT_EQ(core::samplerBits(normalized, modes[mode], CL_FILTER_NEAREST),
                (normalized ? 0x1u : 0u) | address_bits[mode] | 0x10u);
      EXPECT_EQ(core::samplerBits(normalized, modes[mode], CL_FILTER_LINEAR),
                (normalized ? 0x1u : 0u) | address_bits[mode] | 0x20u);
    }
}

TEST(Samplers, PropertiesHaveDefaultsAndNoRepeats) {
  api::SamplerSettings settings;
  std::vector<cl_sampler_properties> copy;
  EXPECT_EQ(api::parseSamplerProperties(nullptr, settings, copy), CL_SUCCESS);
  EXPECT_TRUE(copy.empty());
  EXPECT_EQ(settings.normalized_coords, cl_bool(CL_TRUE));
  EXPECT_EQ(settings.addressing, cl_addressing_mode(CL_ADDRESS_CLAMP));
  EXPECT_EQ(settings.filter, cl_filter_mode(CL_FILTER_NEAREST));
  const cl_sampler_properties some[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  EXPECT_EQ(api::parseSamplerProperties(some, settings, copy), CL_SUCCESS);
  EXPECT_EQ(copy, std::vector<cl_sampler_properties>(std::begin(some), std::end(some)));
  EXPECT_EQ(settings.filter, cl_filter_mode(CL_FILTER_LINEAR));
  const cl_sampler_properties bad_mode[] = {CL_SAMPLER_ADDRESSING_MODE, 0x1140, 0};
  const cl_sampler_properties bad_bool[] = {CL_SAMPLER_NORMALIZED_COORDS, 2, 0};
  const cl_sampler_properties unknown[] = {0x1234, 0, 0};
  const cl_sampler_properties twice[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_TRUE,
                                         CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE, 0};
  for (const cl_sampler_properties *list : {bad_mode, bad_bool, unknown, twice}) {
    api::SamplerSettings fresh;
    EXPECT_EQ(api::parseSamplerProperties(list, fresh, copy), CL_INVALID_VALUE) << list[0];
  }
}

} // namespace
