// Images on the GPU (sources/gpu/images.cu, kernels/include/clc/image.h):
// each clc::image_desc is built by hand here, as the shim builds it, and the
// results are compared with a host reference written from the OpenCL C 3.0
// spec ("Image Addressing and Filtering", "Conversion Rules"): every format's
// read and write conversions, channel orders, every addressing mode with
// normalized and unnormalized coordinates, nearest and linear filtering in
// 1D, 2D and 3D, arrays, buffer and depth images, integer coordinates with a
// sampler, and the queries.
#include "gpu_harness.h"
#include "reference.h"

#include <clc/image_desc.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

namespace clcuda::test {
namespace {

CUmodule images() { return loadTestModule("images.cu"); }

// cl_channel_order / cl_channel_type / cl_mem_object_type values (CL/cl.h).
enum : uint32_t {
  R = 0x10B0,
  A = 0x10B1,
  RG = 0x10B2,
  RA = 0x10B3,
  RGB = 0x10B4,
  RGBA = 0x10B5,
  BGRA = 0x10B6,
  ARGB = 0x10B7,
  INTENSITY = 0x10B8,
  LUMINANCE = 0x10B9,
  DEPTH = 0x10BD,
  sRGBA = 0x10C1,
  sBGRA = 0x10C2,
  ABGR = 0x10C3,
  SNORM_INT8 = 0x10D0,
  SNORM_INT16 = 0x10D1,
  UNORM_INT8 = 0x10D2,
  UNORM_INT16 = 0x10D3,
  UNORM_SHORT_565 = 0x10D4,
  UNORM_SHORT_555 = 0x10D5,
  UNORM_INT_101010 = 0x10D6,
  SIGNED_INT8 = 0x10D7,
  SIGNED_INT16 = 0x10D8,
  SIGNED_INT32 = 0x10D9,
  UNSIGNED_INT8 = 0x10DA,
  UNSIGNED_INT16 = 0x10DB,
  UNSIGNED_INT32 = 0x10DC,
  HALF_FLOAT = 0x10DD,
  FLOAT = 0x10DE,
  IMAGE2D = 0x10F1,
  IMAGE3D = 0x10F2,
  IMAGE2D_ARRAY = 0x10F3,
  IMAGE1D = 0x10F4,
  IMAGE1D_ARRAY = 0x10F5,
  IMAGE1D_BUFFER = 0x10F6,
};
// CLK_* sampler bits.
enum : uint32_t {
  NORMALIZED = 0x1,
  ADDRESS_NONE = 0x0,
  CLAMP_TO_EDGE = 0x2,
  CLAMP = 0x4,
  REPEAT = 0x6,
  MIRRORED_REPEAT = 0x8,
  NEAREST = 0x10,
  LINEAR = 0x20,
};

const char *orderName(uint32_t order) {
  switch (order) {
  case R:
    return "R";
  case A:
    return "A";
  case RG:
    return "RG";
  case RA:
    return "RA";
  case RGB:
    return "RGB";
  case RGBA:
    return "RGBA";
  case BGRA:
    return "BGRA";
  case ARGB:
    return "ARGB";
  case INTENSITY:
    return "INTENSITY";
  case LUMINANCE:
    return "LUMINANCE";
  case DEPTH:
    return "DEPTH";
  case sRGBA:
    return "sRGBA";
  case sBGRA:
    return "sBGRA";
  default:
    return "ABGR";
  }
}
const char *typeName(uint32_t type) {
  const char *names[] = {
      "SNORM_INT8",      "SNORM_INT16",      "UNORM_INT8",     "UNORM_INT16",  "UNORM_SHORT_565",
      "UNORM_SHORT_555", "UNORM_INT_101010", "SIGNED_INT8",    "SIGNED_INT16", "SIGNED_INT32",
      "UNSIGNED_INT8",   "UNSIGNED_INT16",   "UNSIGNED_INT32", "HALF_FLOAT",   "FLOAT"};
  return names[type - SNORM_INT8];
}

struct Format {
  uint32_t order, type;
  std::string name;
  Format(uint32_t o, uint32_t t)
      : order(o), type(t), name(std::string(orderName(o)) + "/" + typeName(t)) {}
};

// The formats clcuda supports (the shim's table, shim/core/image_formats.def).
std::vector<Format> supportedFormats() {
  std::vector<Format> formats;
  for (uint32_t order : {R, A, RG, RA, RGBA})
    for (uint32_t type :
         {UNORM_INT8, UNORM_INT16, SNORM_INT8, SNORM_INT16, SIGNED_INT8, SIGNED_INT16, SIGNED_INT32,
          UNSIGNED_INT8, UNSIGNED_INT16, UNSIGNED_INT32, HALF_FLOAT, FLOAT})
      formats.emplace_back(order, type);
  for (uint32_t order : {BGRA, ARGB, ABGR})
    for (uint32_t type : {UNORM_INT8, SNORM_INT8, SIGNED_INT8, UNSIGNED_INT8})
      formats.emplace_back(order, type);
  for (uint32_t order : {INTENSITY, LUMINANCE})
    for (uint32_t type : {UNORM_INT8, UNORM_INT16, SNORM_INT8, SNORM_INT16, HALF_FLOAT, FLOAT})
      formats.emplace_back(order, type);
  for (uint32_t type : {UNORM_SHORT_565, UNORM_SHORT_555, UNORM_INT_101010})
    formats.emplace_back(RGB, type);
  formats.emplace_back(sRGBA, UNORM_INT8);
  formats.emplace_back(sBGRA, UNORM_INT8);
  formats.emplace_back(DEPTH, UNORM_INT16);
  formats.emplace_back(DEPTH, FLOAT);
  return formats;
}

int channelCount(uint32_t order) {
  switch (order) {
  case RG:
  case RA:
    return 2;
  case RGBA:
  case BGRA:
  case ARGB:
  case ABGR:
  case sRGBA:
  case sBGRA:
    return 4;
  default:
    return 1;
  }
}
bool isPacked(uint32_t type) {
  return type == UNORM_SHORT_565 || type == UNORM_SHORT_555 || type == UNORM_INT_101010;
}
int componentSize(uint32_t type) {
  switch (type) {
  case SNORM_INT8:
  case UNORM_INT8:
  case SIGNED_INT8:
  case UNSIGNED_INT8:
    return 1;
  case SIGNED_INT32:
  case UNSIGNED_INT32:
  case FLOAT:
  case UNORM_INT_101010:
    return 4;
  default:
    return 2;
  }
}
uint32_t elementSize(const Format &f) {
  return isPacked(f.type) ? componentSize(f.type) : componentSize(f.type) * channelCount(f.order);
}
bool isSignedInteger(uint32_t t) {
  return t == SIGNED_INT8 || t == SIGNED_INT16 || t == SIGNED_INT32;
}
bool isUnsignedInteger(uint32_t t) {
  return t == UNSIGNED_INT8 || t == UNSIGNED_INT16 || t == UNSIGNED_INT32;
}

// Which stored component holds R, G, B, A (-1: none), per the spec's orders.
std::array<int, 4> storedComponentOf(uint32_t order) {
  switch (order) {
  case A:
    return {-1, -1, -1, 0};
  case RG:
    return {0, 1, -1, -1};
  case RA:
    return {0, -1, -1, 1};
  case RGBA:
  case sRGBA:
    return {0, 1, 2, 3};
  case BGRA:
  case sBGRA:
    return {2, 1, 0, 3};
  case ARGB:
    return {1, 2, 3, 0};
  case ABGR:
    return {3, 2, 1, 0};
  case INTENSITY:
    return {0, 0, 0, 0};
  case LUMINANCE:
    return {0, 0, 0, -1};
  default:
    return {0, -1, -1, -1};
  }
}

template <class T> T loadAs(const uint8_t *p) {
  T value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

// The spec's conversion of one stored component to float.
float componentAsFloat(uint32_t type, const uint8_t *p) {
  switch (type) {
  case UNORM_INT8:
    return float(*p) / 255.0f;
  case UNORM_INT16:
    return float(loadAs<uint16_t>(p)) / 65535.0f;
  case SNORM_INT8:
    return std::max(-1.0f, float(int8_t(*p)) / 127.0f);
  case SNORM_INT16:
    return std::max(-1.0f, float(loadAs<int16_t>(p)) / 32767.0f);
  case HALF_FLOAT:
    return float(halfValue(loadAs<uint16_t>(p)));
  default:
    return loadAs<float>(p);
  }
}
int64_t componentAsInteger(uint32_t type, const uint8_t *p) {
  switch (type) {
  case SIGNED_INT8:
    return int8_t(*p);
  case SIGNED_INT16:
    return loadAs<int16_t>(p);
  case SIGNED_INT32:
    return loadAs<int32_t>(p);
  case UNSIGNED_INT8:
    return *p;
  case UNSIGNED_INT16:
    return loadAs<uint16_t>(p);
  default:
    return loadAs<uint32_t>(p);
  }
}

// Pixel bytes -> (r, g, b, a): float for read_imagef, integers for i/ui.
std::array<double, 4> decodePixel(const Format &f, const uint8_t *p) {
  if (isPacked(f.type)) {
    uint32_t bits = f.type == UNORM_INT_101010 ? loadAs<uint32_t>(p) : loadAs<uint16_t>(p);
    if (f.type == UNORM_SHORT_565)
      return {((bits >> 11) & 31) / 31.0f, ((bits >> 5) & 63) / 63.0f, (bits & 31) / 31.0f, 1};
    if (f.type == UNORM_SHORT_555)
      return {((bits >> 10) & 31) / 31.0f, ((bits >> 5) & 31) / 31.0f, (bits & 31) / 31.0f, 1};
    return {((bits >> 20) & 1023) / 1023.0f, ((bits >> 10) & 1023) / 1023.0f,
            (bits & 1023) / 1023.0f, 1};
  }
  std::array<int, 4> stored = storedComponentOf(f.order);
  std::array<double, 4> rgba = {0, 0, 0, 1};
  bool integer = isSignedInteger(f.type) || isUnsignedInteger(f.type);
  for (int c = 0; c < 4; ++c) {
    if (stored[c] < 0)
      continue;
    const uint8_t *component = p + stored[c] * componentSize(f.type);
    rgba[c] = integer ? double(componentAsInteger(f.type, component))
                      : componentAsFloat(f.type, component);
  }
  if (f.order == sRGBA || f.order == sBGRA)
    for (int c = 0; c < 3; ++c)
      rgba[c] = rgba[c] <= 0.04045 ? rgba[c] / 12.92 : std::pow((rgba[c] + 0.055) / 1.055, 2.4);
  return rgba;
}

// convert_<T>_sat_rte of a float, NaN to 0 (the write rules).
int64_t saturateRte(float x, double low, double high) {
  if (std::isnan(x))
    return 0;
  return int64_t(std::nearbyint(std::min(std::max(double(x), low), high)));
}
void encodeComponentFloat(uint32_t type, float x, uint8_t *p) {
  auto store = [p](auto value) { std::memcpy(p, &value, sizeof value); };
  switch (type) {
  case UNORM_INT8:
    store(uint8_t(saturateRte(x * 255.0f, 0, 255)));
    break;
  case UNORM_INT16:
    store(uint16_t(saturateRte(x * 65535.0f, 0, 65535)));
    break;
  case SNORM_INT8:
    store(int8_t(saturateRte(x * 127.0f, -128, 127)));
    break;
  case SNORM_INT16:
    store(int16_t(saturateRte(x * 32767.0f, -32768, 32767)));
    break;
  case HALF_FLOAT:
    store(halfBits(roundToFormat(x, halfFormat, Rounding::rte)));
    break;
  default:
    store(x);
    break;
  }
}
std::vector<uint8_t> encodePixelFloat(const Format &f, std::array<float, 4> rgba) {
  std::vector<uint8_t> bytes(elementSize(f));
  if (isPacked(f.type)) {
    uint32_t bits = 0;
    if (f.type == UNORM_SHORT_565)
      bits =
          uint32_t(saturateRte(rgba[0] * 31.0f, 0, 31) << 11 |
                   saturateRte(rgba[1] * 63.0f, 0, 63) << 5 | saturateRte(rgba[2] * 31.0f, 0, 31));
    else if (f.type == UNORM_SHORT_555)
      bits =
          uint32_t(saturateRte(rgba[0] * 31.0f, 0, 31) << 10 |
                   saturateRte(rgba[1] * 31.0f, 0, 31) << 5 | saturateRte(rgba[2] * 31.0f, 0, 31));
    else
      bits = uint32_t(saturateRte(rgba[0] * 1023.0f, 0, 1023) << 20 |
                      saturateRte(rgba[1] * 1023.0f, 0, 1023) << 10 |
                      saturateRte(rgba[2] * 1023.0f, 0, 1023));
    std::memcpy(bytes.data(), &bits, bytes.size());
    return bytes;
  }
  std::array<int, 4> stored = storedComponentOf(f.order);
  for (int c = 3; c >= 0; --c) // red wins for intensity and luminance
    if (stored[c] >= 0)
      encodeComponentFloat(f.type, rgba[c], bytes.data() + stored[c] * componentSize(f.type));
  return bytes;
}
std::vector<uint8_t> encodePixelInteger(const Format &f, std::array<int64_t, 4> rgba) {
  std::vector<uint8_t> bytes(elementSize(f));
  std::array<int, 4> stored = storedComponentOf(f.order);
  for (int c = 3; c >= 0; --c) {
    if (stored[c] < 0)
      continue;
    uint8_t *p = bytes.data() + stored[c] * componentSize(f.type);
    int64_t x = rgba[c];
    switch (f.type) {
    case SIGNED_INT8:
      *p = uint8_t(int8_t(std::clamp<int64_t>(x, -128, 127)));
      break;
    case SIGNED_INT16: {
      int16_t v = int16_t(std::clamp<int64_t>(x, -32768, 32767));
      std::memcpy(p, &v, 2);
      break;
    }
    case UNSIGNED_INT8:
      *p = uint8_t(std::min<uint64_t>(uint32_t(x), 255));
      break;
    case UNSIGNED_INT16: {
      uint16_t v = uint16_t(std::min<uint64_t>(uint32_t(x), 65535));
      std::memcpy(p, &v, 2);
      break;
    }
    default: {
      uint32_t v = uint32_t(x);
      std::memcpy(p, &v, 4);
      break;
    }
    }
  }
  return bytes;
}

// A host image with padded rows (the pitches are the descriptor's, not the
// packed ones) and its device copy.
struct Image {
  Format format;
  uint32_t type, width, height, depth, arraySize;
  uint64_t rowPitch, slicePitch;
  std::vector<uint8_t> bytes;

  Image(Format f, uint32_t objectType, uint32_t w, uint32_t h, uint32_t d, uint32_t layers)
      : format(f), type(objectType), width(w), height(h), depth(d), arraySize(layers) {
    rowPitch = uint64_t(w) * elementSize(f) + 8;
    // A 1D array's layers are rows (image_desc.h).
    slicePitch = objectType == IMAGE1D_ARRAY ? rowPitch : rowPitch * h + 16;
    uint32_t slices = objectType == IMAGE3D ? d : layers;
    bytes.assign(slicePitch * slices, 0);
  }
  // The address of pixel (x, y, z-or-layer), as image_desc.h defines it.
  uint8_t *pixel(int x, int y, int z) {
    return bytes.data() + uint64_t(x) * elementSize(format) + uint64_t(y) * rowPitch +
           uint64_t(z) * slicePitch;
  }
  clc::image_desc descriptor(const DeviceBuffer &memory) const {
    clc::image_desc d{};
    d.data = reinterpret_cast<unsigned char *>(memory.address());
    d.row_pitch = rowPitch;
    d.slice_pitch = slicePitch;
    d.width = width;
    d.height = height;
    d.depth = depth;
    d.array_size = arraySize;
    d.channel_order = format.order;
    d.channel_data_type = format.type;
    d.element_size = elementSize(format);
    d.image_type = type;
    d.whole_pixel = clc::whole_pixel_of(d.channel_order, d.channel_data_type, memory.address(),
                                        rowPitch, slicePitch);
    return d;
  }
};

// Random pixel bytes that decode to finite values (half and float formats
// get values in [-2, 2]).
void fillRandom(Image &image, std::mt19937 &random) {
  for (uint8_t &b : image.bytes)
    b = uint8_t(random());
  if (image.format.type != HALF_FLOAT && image.format.type != FLOAT)
    return;
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  int components = channelCount(image.format.order);
  uint32_t slices = image.type == IMAGE3D ? image.depth : image.arraySize;
  uint32_t rows = image.type == IMAGE1D_ARRAY ? 1 : image.height;
  for (uint32_t z = 0; z < slices; ++z)
    for (uint32_t y = 0; y < rows; ++y)
      for (uint32_t x = 0; x < image.width; ++x)
        for (int c = 0; c < components; ++c) {
          uint8_t *p = image.pixel(x, y, z) + c * componentSize(image.format.type);
          float v = value(random);
          if (image.format.type == FLOAT)
            std::memcpy(p, &v, 4);
          else {
            uint16_t h = halfBits(roundToFormat(v, halfFormat, Rounding::rte));
            std::memcpy(p, &h, 2);
          }
        }
}

std::string describe(std::array<double, 4> v) {
  std::ostringstream s;
  s.precision(9);
  s << "(" << v[0] << ", " << v[1] << ", " << v[2] << ", " << v[3] << ")";
  return s.str();
}
std::string samplerName(uint32_t s) {
  std::string name = s & NORMALIZED ? "normalized" : "unnormalized";
  const char *modes[] = {"NONE", "CLAMP_TO_EDGE", "CLAMP", "REPEAT", "MIRRORED_REPEAT"};
  name += std::string("|") + modes[(s & 0xE) / 2];
  return name + ((s & 0x30) == LINEAR ? "|LINEAR" : "|NEAREST");
}

// --- the spec's sampling, on the host ----------------------------------------

struct Axis {
  int i0, i1;
  double a;
};
int addressInt(int i, int size, uint32_t mode) {
  return mode == CLAMP ? std::clamp(i, -1, size) : std::clamp(i, 0, size - 1);
}
Axis referenceAxis(float s, int size, uint32_t sampler) {
  uint32_t mode = sampler & 0xE;
  bool linear = (sampler & 0x30) == LINEAR;
  bool normalized = sampler & NORMALIZED;
  if (normalized && mode == REPEAT) {
    float u = (s - std::floor(s)) * size;
    if (!linear) {
      int i = int(std::floor(u));
      return {i > size - 1 ? i - size : i, 0, 0};
    }
    int i0 = int(std::floor(u - 0.5f)), i1 = i0 + 1;
    if (i0 < 0)
      i0 += size;
    if (i1 > size - 1)
      i1 -= size;
    float t = u - 0.5f;
    return {i0, i1, t - std::floor(t)};
  }
  if (normalized && mode == MIRRORED_REPEAT) {
    float sp = 2.0f * std::rint(0.5f * s);
    float u = std::fabs(s - sp) * size;
    if (!linear)
      return {std::min(int(std::floor(u)), size - 1), 0, 0};
    int i0 = std::max(int(std::floor(u - 0.5f)), 0);
    int i1 = std::min(int(std::floor(u - 0.5f)) + 1, size - 1);
    float t = u - 0.5f;
    return {i0, i1, t - std::floor(t)};
  }
  float u = normalized ? s * size : s;
  if (!linear)
    return {addressInt(int(std::floor(u)), size, mode), 0, 0};
  float t = u - 0.5f;
  int i0 = int(std::floor(t));
  return {addressInt(i0, size, mode), addressInt(i0 + 1, size, mode), t - std::floor(t)};
}

std::array<double, 4> texelOrBorder(Image &image, int dims, std::array<int, 3> i, int layer) {
  int sizes[3] = {int(image.width), int(image.height), int(image.depth)};
  for (int k = 0; k < dims; ++k)
    if (i[k] < 0 || i[k] >= sizes[k]) {
      bool alpha = storedComponentOf(image.format.order)[3] >= 0;
      return {0, 0, 0, alpha ? 0.0 : 1.0};
    }
  int y = dims > 1 ? i[1] : 0;
  int z = dims > 2 ? i[2] : layer;
  return decodePixel(image.format, image.pixel(i[0], y, z));
}

// read_imagef(image, sampler, coordinate) as the spec defines it; c holds
// (x, y, z) with the layer of an array after the filtered dimensions.
std::array<double, 4> referenceRead(Image &image, int dims, bool arrayed, uint32_t sampler,
                                    std::array<float, 4> c) {
  int layer = 0;
  if (arrayed)
    layer = int(std::clamp(std::rint(double(c[dims])), 0.0, double(image.arraySize - 1)));
  int sizes[3] = {int(image.width), int(image.height), int(image.depth)};
  Axis axis[3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  for (int k = 0; k < dims; ++k)
    axis[k] = referenceAxis(c[k], sizes[k], sampler);
  if ((sampler & 0x30) != LINEAR)
    return texelOrBorder(image, dims, {axis[0].i0, axis[1].i0, axis[2].i0}, layer);
  std::array<double, 4> sum = {0, 0, 0, 0};
  for (int corner = 0; corner < (1 << dims); ++corner) {
    std::array<int, 3> i = {0, 0, 0};
    double weight = 1;
    for (int k = 0; k < dims; ++k) {
      bool second = (corner >> k) & 1;
      i[k] = second ? axis[k].i1 : axis[k].i0;
      weight *= second ? axis[k].a : 1 - axis[k].a;
    }
    std::array<double, 4> t = texelOrBorder(image, dims, i, layer);
    for (int e = 0; e < 4; ++e)
      sum[e] += weight * t[e];
  }
  return sum;
}

bool close(double result, double expected, double tolerance) {
  if (std::isnan(expected))
    return std::isnan(result);
  return std::fabs(result - expected) <= tolerance * std::max(1.0, std::fabs(expected));
}

class Images : public GpuTest {};

unsigned blocksFor(size_t n) { return unsigned((n + 63) / 64); }

// --- conversions ----------------------------------------------------------------

TEST_F(Images, ReadConvertsEveryFormat) {
  std::mt19937 random(7);
  for (const Format &format : supportedFormats()) {
    Image image(format, IMAGE2D, 9, 3, 1, 1);
    fillRandom(image, random);
    DeviceBuffer memory = deviceCopy(image.bytes);
    clc::image_desc desc = image.descriptor(memory);
    std::vector<std::array<float, 4>> coords;
    for (uint32_t y = 0; y < image.height; ++y)
      for (uint32_t x = 0; x < image.width; ++x)
        coords.push_back({float(x), float(y), 0, 0});
    int n = int(coords.size());
    DeviceBuffer coordinates = deviceCopy(coords), out(n * 16);
    bool integer = isSignedInteger(format.type) || isUnsignedInteger(format.type);
    const char *name = isSignedInteger(format.type)     ? "plain_i"
                       : isUnsignedInteger(format.type) ? "plain_ui"
                                                        : "plain_f";
    launch(kernel(images(), name), {blocksFor(n)}, {64}, 0,
           {&desc, coordinates.parameter(), out.parameter(), &n});
    std::vector<std::array<float, 4>> floats = hostCopy<std::array<float, 4>>(out, n);
    std::vector<std::array<int32_t, 4>> ints = hostCopy<std::array<int32_t, 4>>(out, n);
    std::vector<std::array<uint32_t, 4>> uints = hostCopy<std::array<uint32_t, 4>>(out, n);
    double tolerance = format.order == sRGBA || format.order == sBGRA ? 1e-6 : 0;
    for (int i = 0; i < n; ++i) {
      std::array<double, 4> expected =
          decodePixel(format, image.pixel(int(coords[i][0]), int(coords[i][1]), 0));
      for (int c = 0; c < 4; ++c) {
        double result = isSignedInteger(format.type)     ? double(ints[i][c])
                        : isUnsignedInteger(format.type) ? double(uints[i][c])
                                                         : double(floats[i][c]);
        ASSERT_TRUE(integer ? result == expected[c] : close(result, expected[c], tolerance))
            << format.name << " pixel (" << coords[i][0] << ", " << coords[i][1] << ") component "
            << c << ": got " << result << ", expected " << describe(expected);
      }
    }
  }
}

TEST_F(Images, WriteConvertsEveryFormat) {
  const float edges[] = {
      0.0f,          1.0f,        0.5f,         -0.5f,  2.0f,  -2.0f, 0.5f / 255.0f, 1.5f / 255.0f,
      0.5f / 127.0f, 1.0f / 3.0f, -1.0f / 3.0f, 0.999f, -1.0f, 1e-3f, std::nanf(""), 0.25f};
  // NaN's half encoding is not unique: half images get 0.75 instead.
  const int64_t integerEdges[] = {
      0,   1,     -1,    127,    128,   -128,  -129,       255,
      256, 32767, 32768, -32769, 65535, 65536, 2147483647, -2147483647 - 1};
  for (const Format &format : supportedFormats()) {
    if (format.order == sRGBA || format.order == sBGRA)
      continue; // read-only (no cl_khr_srgb_image_writes)
    const int n = 16;
    Image image(format, IMAGE2D, n, 1, 1, 1);
    DeviceBuffer memory = deviceCopy(image.bytes);
    clc::image_desc desc = image.descriptor(memory);
    std::vector<std::vector<uint8_t>> expected;
    int count = n;
    if (isSignedInteger(format.type) || isUnsignedInteger(format.type)) {
      std::vector<std::array<int32_t, 4>> values;
      for (int i = 0; i < n; ++i) {
        std::array<int64_t, 4> v = {integerEdges[i], integerEdges[(i + 3) % n],
                                    integerEdges[(i + 7) % n], integerEdges[(i + 11) % n]};
        values.push_back({int32_t(v[0]), int32_t(v[1]), int32_t(v[2]), int32_t(v[3])});
        expected.push_back(encodePixelInteger(
            format, {values.back()[0], values.back()[1], values.back()[2], values.back()[3]}));
        if (isUnsignedInteger(format.type))
          expected.back() =
              encodePixelInteger(format, {int64_t(uint32_t(v[0])), int64_t(uint32_t(v[1])),
                                          int64_t(uint32_t(v[2])), int64_t(uint32_t(v[3]))});
      }
      DeviceBuffer input = deviceCopy(values);
      launch(kernel(images(), isSignedInteger(format.type) ? "write_i" : "write_ui"),
             {blocksFor(n)}, {64}, 0, {&desc, input.parameter(), &count});
    } else if (format.order == DEPTH) {
      std::vector<float> values(std::begin(edges), std::end(edges));
      for (float v : values)
        expected.push_back(encodePixelFloat(format, {v, 0, 0, 0}));
      DeviceBuffer input = deviceCopy(values);
      launch(kernel(images(), "write_depth"), {blocksFor(n)}, {64}, 0,
             {&desc, input.parameter(), &count});
    } else {
      std::vector<std::array<float, 4>> values;
      auto edge = [&](int i) {
        return std::isnan(edges[i]) && format.type == HALF_FLOAT ? 0.75f : edges[i];
      };
      for (int i = 0; i < n; ++i) {
        values.push_back({edge(i), edge((i + 5) % n), edge((i + 9) % n), edge((i + 13) % n)});
        expected.push_back(encodePixelFloat(format, values.back()));
      }
      DeviceBuffer input = deviceCopy(values);
      launch(kernel(images(), "write_f"), {blocksFor(n)}, {64}, 0,
             {&desc, input.parameter(), &count});
    }
    std::vector<uint8_t> result = hostCopy<uint8_t>(memory, image.bytes.size());
    for (int i = 0; i < n; ++i)
      for (uint32_t b = 0; b < elementSize(format); ++b)
        ASSERT_EQ(int(result[i * elementSize(format) + b]), int(expected[i][b]))
            << format.name << " pixel " << i << " byte " << b << " (value #" << i << ")";
  }
}

// --- addressing and filtering ----------------------------------------------------

struct Geometry {
  const char *kernelSuffix;
  uint32_t type;
  int dims;
  bool arrayed;
};
const Geometry kGeometries[] = {{"image1d_t", IMAGE1D, 1, false},
                                {"image1d_array_t", IMAGE1D_ARRAY, 1, true},
                                {"image2d_t", IMAGE2D, 2, false},
                                {"image2d_array_t", IMAGE2D_ARRAY, 2, true},
                                {"image3d_t", IMAGE3D, 3, false}};

std::vector<uint32_t> everySampler() {
  std::vector<uint32_t> samplers;
  for (uint32_t normalized : {0u, uint32_t(NORMALIZED)})
    for (uint32_t mode : {ADDRESS_NONE, CLAMP_TO_EDGE, CLAMP, REPEAT, MIRRORED_REPEAT})
      for (uint32_t filter : {NEAREST, LINEAR})
        if (normalized || (mode != REPEAT && mode != MIRRORED_REPEAT))
          samplers.push_back(normalized | mode | filter);
  return samplers;
}

// Coordinates inside, on texel edges and centres, and outside, for a size.
std::vector<float> coordinateValues(int size, bool normalized, std::mt19937 &random) {
  std::vector<float> values = {0.0f, 0.5f, 1.0f, 1.25f, 2.5f, -0.25f, -1.75f, -3.0f};
  for (float &v : values)
    if (normalized)
      v /= size;
  for (float v : {float(size) - 0.5f, float(size), float(size) + 0.7f, 2.0f * size + 0.3f})
    values.push_back(normalized ? v / size : v);
  std::uniform_real_distribution<float> any(-1.5f, 2.5f);
  for (int i = 0; i < 8; ++i)
    values.push_back(normalized ? any(random) : any(random) * size);
  return values;
}

void checkSampling(const Format &format, uint32_t addressingFilter) {
  std::mt19937 random(11);
  for (const Geometry &g : kGeometries) {
    Image image(format, g.type, 5, g.dims > 1 ? 4 : 1, g.dims > 2 ? 3 : 1, g.arrayed ? 3 : 1);
    fillRandom(image, random);
    DeviceBuffer memory = deviceCopy(image.bytes);
    clc::image_desc desc = image.descriptor(memory);
    int sizes[3] = {int(image.width), int(image.height), int(image.depth)};
    for (uint32_t sampler : everySampler()) {
      if (addressingFilter && (sampler & 0xE) != addressingFilter)
        continue;
      bool normalized = sampler & NORMALIZED;
      std::vector<std::array<float, 4>> coords;
      std::vector<float> xs = coordinateValues(sizes[0], normalized, random);
      for (size_t i = 0; i < xs.size(); ++i) {
        std::array<float, 4> c = {xs[i], 0, 0, 0};
        for (int k = 1; k < g.dims; ++k) {
          std::vector<float> others = coordinateValues(sizes[k], normalized, random);
          c[k] = others[(i * 7 + k) % others.size()];
        }
        if (g.arrayed) // layers: unnormalized, rounded and clamped
          c[g.dims] = float(i % 5) * 0.8f - 1.0f;
        coords.push_back(c);
      }
      int n = int(coords.size());
      DeviceBuffer coordinates = deviceCopy(coords), out(n * 16);
      launch(kernel(images(), std::string("sampled_") + g.kernelSuffix), {blocksFor(n)}, {64}, 0,
             {&desc, &sampler, coordinates.parameter(), out.parameter(), &n});
      std::vector<std::array<float, 4>> result = hostCopy<std::array<float, 4>>(out, n);
      for (int i = 0; i < n; ++i) {
        std::array<float, 4> c = coords[i];
        std::array<double, 4> expected = referenceRead(image, g.dims, g.arrayed, sampler, c);
        for (int e = 0; e < 4; ++e)
          ASSERT_TRUE(close(result[i][e], expected[e], 2e-6))
              << format.name << " " << g.kernelSuffix << " " << samplerName(sampler)
              << " coordinate (" << c[0] << ", " << c[1] << ", " << c[2] << ") component " << e
              << ": got " << result[i][e] << ", expected " << describe(expected);
      }
    }
  }
}

TEST_F(Images, SamplesEveryAddressingModeAndFilterInEveryDimension) {
  checkSampling(Format(RGBA, FLOAT), 0);
  checkSampling(Format(RGBA, UNORM_INT8), 0);
}

TEST_F(Images, ClampBorderDependsOnTheChannelOrder) {
  for (Format f :
       {Format(R, FLOAT), Format(A, UNORM_INT8), Format(RG, SNORM_INT16),
        Format(LUMINANCE, UNORM_INT16), Format(INTENSITY, HALF_FLOAT), Format(BGRA, UNORM_INT8)})
    checkSampling(f, CLAMP);
}

// read_imagef(image, sampler, int2): unnormalized nearest samplers only.
TEST_F(Images, IntegerCoordinatesWithASampler) {
  std::mt19937 random(5);
  Image image(Format(RGBA, UNORM_INT8), IMAGE2D, 6, 4, 1, 1);
  fillRandom(image, random);
  DeviceBuffer memory = deviceCopy(image.bytes);
  clc::image_desc desc = image.descriptor(memory);
  std::vector<std::array<float, 4>> coords;
  for (int y = -2; y < 6; ++y)
    for (int x = -2; x < 8; ++x)
      coords.push_back({float(x), float(y), 0, 0});
  int n = int(coords.size());
  for (uint32_t sampler : {CLAMP | NEAREST, CLAMP_TO_EDGE | NEAREST, ADDRESS_NONE | NEAREST}) {
    DeviceBuffer coordinates = deviceCopy(coords), out(n * 16);
    launch(kernel(images(), "sampled_int_image2d_t"), {blocksFor(n)}, {64}, 0,
           {&desc, &sampler, coordinates.parameter(), out.parameter(), &n});
    std::vector<std::array<float, 4>> result = hostCopy<std::array<float, 4>>(out, n);
    for (int i = 0; i < n; ++i) {
      int x = int(coords[i][0]), y = int(coords[i][1]);
      bool inside = x >= 0 && x < 6 && y >= 0 && y < 4;
      if (!inside && (sampler & 0xE) == ADDRESS_NONE)
        continue; // undefined, only required not to fault
      std::array<double, 4> expected =
          (sampler & 0xE) == CLAMP && !inside
              ? std::array<double, 4>{0, 0, 0, 0}
              : decodePixel(image.format, image.pixel(std::clamp(x, 0, 5), std::clamp(y, 0, 3), 0));
      for (int e = 0; e < 4; ++e)
        ASSERT_EQ(double(result[i][e]), expected[e])
            << samplerName(sampler) << " int2(" << x << ", " << y << ") component " << e;
    }
  }
}

TEST_F(Images, BufferImagesReadByIndex) {
  std::mt19937 random(9);
  Image image(Format(RGBA, UNSIGNED_INT8), IMAGE1D_BUFFER, 100, 1, 1, 1);
  fillRandom(image, random);
  DeviceBuffer memory = deviceCopy(image.bytes);
  clc::image_desc desc = image.descriptor(memory);
  int n = 100;
  DeviceBuffer out(n * 16);
  launch(kernel(images(), "buffer_ui"), {blocksFor(n)}, {64}, 0, {&desc, out.parameter(), &n});
  std::vector<std::array<uint32_t, 4>> result = hostCopy<std::array<uint32_t, 4>>(out, n);
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < 4; ++c)
      ASSERT_EQ(result[i][c], image.pixel(i, 0, 0)[c]) << "pixel " << i << " component " << c;
}

TEST_F(Images, DepthImagesReadOneFloat) {
  std::mt19937 random(13);
  for (Format f : {Format(DEPTH, UNORM_INT16), Format(DEPTH, FLOAT)}) {
    Image image(f, IMAGE2D, 7, 5, 1, 1);
    fillRandom(image, random);
    DeviceBuffer memory = deviceCopy(image.bytes);
    clc::image_desc desc = image.descriptor(memory);
    std::vector<std::array<float, 4>> coords;
    for (int i = 0; i < 40; ++i)
      coords.push_back(
          {float(random() % 90) / 10.0f - 1.0f, float(random() % 70) / 10.0f - 1.0f, 0, 0});
    int n = int(coords.size());
    for (uint32_t sampler : {CLAMP_TO_EDGE | NEAREST, CLAMP | LINEAR}) {
      DeviceBuffer coordinates = deviceCopy(coords), out(n * 4);
      launch(kernel(images(), "depth_f"), {blocksFor(n)}, {64}, 0,
             {&desc, &sampler, coordinates.parameter(), out.parameter(), &n});
      std::vector<float> result = hostCopy<float>(out, n);
      for (int i = 0; i < n; ++i) {
        double expected = referenceRead(image, 2, false, sampler, coords[i])[0];
        ASSERT_TRUE(close(result[i], expected, 2e-6))
            << f.name << " " << samplerName(sampler) << " (" << coords[i][0] << ", " << coords[i][1]
            << "): got " << result[i] << ", expected " << expected;
      }
    }
  }
}

// Writes address the right pixel in 3D images and 2D arrays (pitches padded)
// and drop coordinates outside the image.
TEST_F(Images, WritesTo3DImagesAndArrays) {
  for (auto [type, name] :
       {std::pair{IMAGE3D, "write_3d"}, std::pair{IMAGE2D_ARRAY, "write_2d_array"}}) {
    Format f(RGBA, FLOAT);
    Image image(f, type, 4, 3, type == IMAGE3D ? 5 : 1, type == IMAGE3D ? 1 : 5);
    DeviceBuffer memory = deviceCopy(image.bytes);
    clc::image_desc desc = image.descriptor(memory);
    std::vector<std::array<float, 4>> coords, values;
    for (int z = 0; z < 5; ++z)
      for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 4; ++x) {
          coords.push_back({float(x), float(y), float(z), 0});
          values.push_back({float(x), float(y), float(z), float(x + 10 * y + 100 * z)});
        }
    int inside = int(coords.size());
    // Writes outside the image (undefined) must not land on any pixel.
    for (std::array<float, 4> outside : {std::array<float, 4>{-1, 0, 0, 0},
                                         {4, 1, 1, 0},
                                         {0, -1, 2, 0},
                                         {1, 3, 2, 0},
                                         {2, 2, -1, 0},
                                         {3, 0, 5, 0}}) {
      coords.push_back(outside);
      values.push_back({-7, -7, -7, -7});
    }
    int n = int(coords.size());
    DeviceBuffer coordinates = deviceCopy(coords), input = deviceCopy(values);
    launch(kernel(images(), name), {blocksFor(n)}, {64}, 0,
           {&desc, coordinates.parameter(), input.parameter(), &n});
    image.bytes = hostCopy<uint8_t>(memory, image.bytes.size());
    for (int i = 0; i < inside; ++i) {
      std::array<double, 4> stored =
          decodePixel(f, image.pixel(int(coords[i][0]), int(coords[i][1]), int(coords[i][2])));
      for (int c = 0; c < 4; ++c)
        ASSERT_EQ(stored[c], values[i][c]) << name << " pixel (" << coords[i][0] << ", "
                                           << coords[i][1] << ", " << coords[i][2] << ")";
    }
  }
}

TEST_F(Images, QueriesReturnTheDescriptor) {
  Image volume(Format(RGBA, UNORM_INT8), IMAGE3D, 7, 5, 3, 1);
  Image layers(Format(RG, HALF_FLOAT), IMAGE2D_ARRAY, 9, 2, 1, 6);
  DeviceBuffer volumeMemory = deviceCopy(volume.bytes), layersMemory = deviceCopy(layers.bytes);
  clc::image_desc volumeDesc = volume.descriptor(volumeMemory);
  clc::image_desc layersDesc = layers.descriptor(layersMemory);
  DeviceBuffer out(12 * 4);
  launch(kernel(images(), "queries"), {1}, {1}, 0, {&volumeDesc, &layersDesc, out.parameter()});
  std::vector<int> result = hostCopy<int>(out, 12);
  const int expected[12] = {7, 5, 3, 6, int(RG), int(HALF_FLOAT), 7, 5, 3, 0, 9, 2};
  const char *names[12] = {
      "width", "height", "depth", "array_size", "channel_order", "channel_data_type",
      "dim.x", "dim.y",  "dim.z", "dim.w",      "array dim.x",   "array dim.y"};
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(result[i], expected[i]) << names[i];
}

} // namespace
} // namespace clcuda::test
