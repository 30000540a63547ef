// Image and sampler functions (OpenCL C 3.0, "Image Read and Write
// Functions"), done in software on linear memory (image_desc.h): addressing,
// filtering and format conversion follow the spec's formulas exactly, in
// float, for every format of the shim's table; read_imagef with float
// coordinates goes through the texture unit where the shim made a texture
// object for the image (sample_texture). Included only by programs that use
// images.
#pragma once

#include <clc/core.h>
#include <clc/image_desc.h>
#include <clc/vload.h>

namespace clc {

typedef unsigned int sampler_t;

// One struct per image type, each exactly the launched descriptor.
#define CLC_IMAGE_TYPE(name, dimensions, arrayed, depth_image)                                     \
  struct name {                                                                                    \
    image_desc desc;                                                                               \
  };                                                                                               \
  template <> struct image_traits<name> {                                                          \
    static constexpr int dims = dimensions;                                                        \
    static constexpr bool is_array = arrayed;                                                      \
    static constexpr bool is_depth = depth_image;                                                  \
  };
template <class Image> struct image_traits;
CLC_IMAGE_TYPE(image1d_t, 1, false, false)
CLC_IMAGE_TYPE(image1d_buffer_t, 1, false, false)
CLC_IMAGE_TYPE(image1d_array_t, 1, true, false)
CLC_IMAGE_TYPE(image2d_t, 2, false, false)
CLC_IMAGE_TYPE(image2d_array_t, 2, true, false)
CLC_IMAGE_TYPE(image3d_t, 3, false, false)
CLC_IMAGE_TYPE(image2d_depth_t, 2, false, true)
CLC_IMAGE_TYPE(image2d_array_depth_t, 2, true, true)
#undef CLC_IMAGE_TYPE

namespace detail {

// Where each RGBA component sits among the pixel's stored components (-1:
// not stored: 0 for r, g, b, 1 for a), as four 3-bit fields of slot + 1 (r
// at the bottom). One number, not an array: a loop over the components can
// stay a loop without putting the map in local memory, and code that used
// the slots of a switch's cases directly would be copied into each case.
struct component_map {
  unsigned int fields;
  __device__ int slot(int c) const { return static_cast<int>((fields >> (3 * c)) & 7) - 1; }
};
__device__ inline component_map components_of(unsigned int order) {
  constexpr auto code = [](int r, int g, int b, int a) {
    return static_cast<unsigned int>((r + 1) | (g + 1) << 3 | (b + 1) << 6 | (a + 1) << 9);
  };
  unsigned int fields;
  switch (order) {
  case order_a:
    fields = code(-1, -1, -1, 0);
    break;
  case order_rg:
    fields = code(0, 1, -1, -1);
    break;
  case order_rgb: // the fields of a packed type
    fields = code(0, 1, 2, -1);
    break;
  case order_ra:
    fields = code(0, -1, -1, 1);
    break;
  case order_rgba:
  case order_srgba:
    fields = code(0, 1, 2, 3);
    break;
  case order_bgra:
  case order_sbgra:
    fields = code(2, 1, 0, 3);
    break;
  case order_argb:
    fields = code(1, 2, 3, 0);
    break;
  case order_abgr:
    fields = code(3, 2, 1, 0);
    break;
  case order_intensity:
    fields = code(0, 0, 0, 0);
    break;
  case order_luminance:
    fields = code(0, 0, 0, -1);
    break;
  default: // CL_R, CL_DEPTH
    fields = code(0, -1, -1, -1);
    break;
  }
  return {fields};
}

// CLK_ADDRESS_CLAMP's border: transparent black where the order has alpha.
__device__ inline bool has_alpha(unsigned int order) {
  switch (order) {
  case order_a:
  case order_ra:
  case order_rgba:
  case order_srgba:
  case order_bgra:
  case order_sbgra:
  case order_argb:
  case order_abgr:
  case order_intensity:
    return true;
  default:
    return false;
  }
}

// How a channel type stores one component. Software reads decode through
// these few fields instead of a switch over the types at every component,
// whose cases the compiler filled with copies of the decoding
// (docs/design.md, "Images and samplers", build time).
struct component_format {
  enum kind_t : unsigned int { normalized, integer, half_float, single_float };
  unsigned int bytes; // 1, 2 or 4
  bool is_signed;
  kind_t kind;
  // The largest stored value, which is 1.0 for normalized types (255, 127,
  // 65535, 32767; 31 or 63 for a field of 5 or 6 bits of a packed type).
  unsigned int max;
};
// Read from bit fields indexed by the type, not a switch: the compiler
// would copy the code that uses the fields into every case of a switch.
__device__ inline component_format component_format_of(unsigned int type) {
  // One field per type from CL_SNORM_INT8 (0x10D0) to CL_FLOAT (0x10DE);
  // the packed types (0x10D4-6) are decoded apart (packed_layout).
  constexpr unsigned int N = component_format::normalized, I = component_format::integer,
                         H = component_format::half_float, F = component_format::single_float;
  constexpr unsigned int bytes_log2[15] = {0, 1, 0, 1, 1, 1, 2, 0, 1, 2, 0, 1, 2, 1, 2};
  constexpr unsigned int signedness[15] = {1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0};
  constexpr unsigned int kind[15] = {N, N, N, N, N, N, N, I, I, I, I, I, I, H, F};
  constexpr auto pack = [](const unsigned int(&field)[15], int width) {
    unsigned long long bits = 0;
    for (int i = 0; i < 15; ++i)
      bits |= static_cast<unsigned long long>(field[i]) << (i * width);
    return bits;
  };
  constexpr unsigned long long bytes_bits = pack(bytes_log2, 2), signed_bits = pack(signedness, 1),
                               kind_bits = pack(kind, 2);
  const unsigned int i = type - type_snorm_int8 < 15 ? type - type_snorm_int8 : 14;
  const unsigned int bytes = 1u << ((bytes_bits >> (2 * i)) & 3);
  const bool is_signed = ((signed_bits >> i) & 1) != 0;
  return {bytes, is_signed, static_cast<component_format::kind_t>((kind_bits >> (2 * i)) & 3),
          static_cast<unsigned int>((1ull << (8 * bytes - (is_signed ? 1 : 0))) - 1)};
}

__device__ inline bool is_packed(unsigned int type) {
  return type == type_unorm_short_565 || type == type_unorm_short_555 ||
         type == type_unorm_int_101010;
}

// Packed RGB: bits per field and the red field's shift (blue is at bit 0).
struct packed_layout {
  int red_bits, green_bits, blue_bits;
  __device__ int red_shift() const { return green_bits + blue_bits; }
  // Component c (0 red, 1 green, 2 blue) as a normalized field of the word.
  __device__ int shift(int c) const { return c == 0 ? red_shift() : c == 1 ? blue_bits : 0; }
  __device__ component_format field(int c) const {
    const int width = c == 0 ? red_bits : c == 1 ? green_bits : blue_bits;
    return {0, false, component_format::normalized, (1u << width) - 1};
  }
};
__device__ inline packed_layout packed_layout_of(unsigned int type) {
  switch (type) {
  case type_unorm_short_565:
    return {5, 6, 5};
  case type_unorm_short_555:
    return {5, 5, 5};
  default:
    return {10, 10, 10};
  }
}

// A pixel's bytes, little-endian, as four words (pixels are 1 to 16 bytes).
// Software reads load the whole pixel, in one access where it is aligned to
// its size, and take components as fields of the words: no branch per
// component width, which the compiler would answer with a copy of the loop
// over the components per width. (Writes store a component at a time: a
// store of the whole pixel built the same way measured slower, below.)
struct alignas(16) pixel_bits {
  unsigned int word[4];
  // Selected, not indexed (an indexed array would live in local memory).
  __device__ unsigned int at(unsigned int i) const {
    return i == 0 ? word[0] : i == 1 ? word[1] : i == 2 ? word[2] : word[3];
  }
};

struct alignas(8) pixel_half {
  unsigned int word[2];
};

__device__ inline pixel_bits load_pixel(const unsigned char *p, unsigned int size) {
  const auto address = reinterpret_cast<unsigned long long>(p);
  if (address % size == 0) {
    if (size == 16)
      return *reinterpret_cast<const pixel_bits *>(p);
    if (size == 8) {
      const pixel_half v = *reinterpret_cast<const pixel_half *>(p);
      return {{v.word[0], v.word[1], 0, 0}};
    }
    if (size == 4)
      return {{*reinterpret_cast<const unsigned int *>(p), 0, 0, 0}};
    if (size == 2)
      return {{*reinterpret_cast<const unsigned short *>(p), 0, 0, 0}};
  }
  // Unaligned: byte by byte.
  pixel_bits bits{{0, 0, 0, 0}};
#pragma unroll 1
  for (unsigned int i = 0; i < size; ++i) {
    const unsigned int byte = static_cast<unsigned int>(p[i]) << (8 * (i % 4));
    for (unsigned int w = 0; w < 4; ++w)
      bits.word[w] |= i / 4 == w ? byte : 0u;
  }
  return bits;
}

// The stored component in slot `slot`, sign-extended to 32 bits for signed
// types.
__device__ inline unsigned int component_bits(const pixel_bits &bits, int slot, component_format f) {
  const unsigned int offset = static_cast<unsigned int>(slot) * f.bytes;
  const unsigned int unused = 32 - 8 * f.bytes; // the bits above the component
  const unsigned int field = (bits.at(offset / 4) >> (8 * (offset % 4))) << unused;
  return f.is_signed ? static_cast<unsigned int>(static_cast<int>(field) >> unused)
                     : field >> unused;
}

// A stored component as float (normalized formats per "Conversion Rules":
// the value divided by the type's max, at least -1.0 for signed ones).
// Selected, not branched on: a branch on the kind would have the compiler
// copy the loop over the components once per kind.
__device__ inline float component_to_float(unsigned int bits, component_format f) {
  const float value = f.is_signed ? static_cast<float>(static_cast<int>(bits))
                                  : static_cast<float>(bits);
  const float normalized = ::fmaxf(-1.0f, value / static_cast<float>(f.max));
  const float half_value = float(half::from_bits(static_cast<unsigned short>(bits)));
  return f.kind == component_format::normalized   ? normalized
         : f.kind == component_format::integer    ? value
         : f.kind == component_format::half_float ? half_value
                                                  : __uint_as_float(bits);
}

// Not inlined: every software read decodes a pixel at up to nine places (the
// nearest one and a linear read's corners), and powf at each of them made
// a 2D image kernel a third larger and slower to build (NVRTC to cubin
// of a read_imagef kernel on the build machine: 452.6 -> 395.6 ms, PTX 73.9
// -> 54.7 KB). sRGB images are rare and read-only; a call is cheap there.
// Static: relocatable programs linked to the image library (below) would
// each define it.
static __device__ __noinline__ float srgb_to_linear(float c) {
  return c <= 0.04045f ? c / 12.92f : ::powf((c + 0.055f) / 1.055f, 2.4f);
}

// A component's bits as read_imagef (float), read_imagei or read_imageui
// (the bits as they are) return them.
template <class T> __device__ inline T component_value(unsigned int bits, component_format f) {
  if constexpr (is_same<T, float>)
    return component_to_float(bits, f);
  else
    return static_cast<T>(bits);
}

// The pixel at address p as (r, g, b, a) of T: float for read_imagef, int or
// unsigned int for read_imagei/ui.
template <class T>
__device__ inline vec<T, 4> decode_pixel(const unsigned char *p, const image_desc &d) {
  const unsigned int type = d.channel_data_type;
  // Packed RGB (read_imagef only): r, g and b are fields of one word.
  const bool packed = is_same<T, float> && is_packed(type);
  const packed_layout layout = packed_layout_of(type);
  const component_map map = components_of(packed ? order_rgb : d.channel_order);
  const component_format format = component_format_of(type);
  const pixel_bits stored = load_pixel(p, d.element_size);
  vec<T, 4> pixel(T(0), T(0), T(0), T(1));
  // Not unrolled, and the component placed by selects: one copy of the
  // decoding, not four.
#pragma unroll 1
  for (int c = 0; c < 4; ++c) {
    const int slot = map.slot(c);
    if (slot < 0)
      continue;
    const component_format field = packed ? layout.field(c) : format;
    const unsigned int bits = packed ? (stored.word[0] >> layout.shift(c)) & field.max
                                     : component_bits(stored, slot, format);
    const T value = component_value<T>(bits, field);
    for (int e = 0; e < 4; ++e)
      pixel.elem[e] = e == c ? value : pixel.elem[e];
  }
  if constexpr (is_same<T, float>) {
    if (d.channel_order == order_srgba || d.channel_order == order_sbgra)
      for (int c = 0; c < 3; ++c)
        pixel.elem[c] = srgb_to_linear(pixel.elem[c]);
  }
  return pixel;
}

// --- writing ----------------------------------------------------------------

__device__ inline int clamp_index(int i, int low, int high) {
  return i < low ? low : i > high ? high : i;
}

// Round to nearest even after clamping (NaN becomes 0): convert_*_sat_rte.
__device__ inline int saturate_rte(float x, float low, float high) {
  // fmaxf(NaN, low) is low: the 0 the conversion rules give NaN where low is
  // 0 (the unsigned types, known when this is inlined), a test otherwise.
  const int clamped = __float2int_rn(::fminf(::fmaxf(x, low), high));
  return low == 0.0f ? clamped : ::isnan(x) ? 0 : clamped;
}

// write_imagef: normalized types take convert_<type>_sat_rte(x * max)
// (the low bound of a signed one is -max - 1), half rounds to nearest even,
// float is stored as is (write_imagef to an integer format is undefined).
__device__ inline void store_float_component(unsigned char *p, unsigned int type, float x) {
  switch (type) {
  case type_unorm_int8:
    *p = static_cast<unsigned char>(saturate_rte(x * 255.0f, 0.0f, 255.0f));
    break;
  case type_unorm_int16:
    *reinterpret_cast<unsigned short *>(p) =
        static_cast<unsigned short>(saturate_rte(x * 65535.0f, 0.0f, 65535.0f));
    break;
  case type_snorm_int8:
    *reinterpret_cast<signed char *>(p) =
        static_cast<signed char>(saturate_rte(x * 127.0f, -128.0f, 127.0f));
    break;
  case type_snorm_int16:
    *reinterpret_cast<short *>(p) =
        static_cast<short>(saturate_rte(x * 32767.0f, -32768.0f, 32767.0f));
    break;
  case type_half_float:
    *reinterpret_cast<half *>(p) = to_half(x, rte());
    break;
  default: // CL_FLOAT (write_imagef to integer formats is undefined)
    *reinterpret_cast<float *>(p) = x;
    break;
  }
}

// write_imagei/ui: convert_<type>_sat of the value.
__device__ inline void store_signed_component(unsigned char *p, unsigned int type, int x) {
  switch (type) {
  case type_signed_int8:
    *reinterpret_cast<signed char *>(p) = static_cast<signed char>(clamp_index(x, -128, 127));
    break;
  case type_signed_int16:
    *reinterpret_cast<short *>(p) = static_cast<short>(clamp_index(x, -32768, 32767));
    break;
  default:
    *reinterpret_cast<int *>(p) = x;
    break;
  }
}
__device__ inline void store_unsigned_component(unsigned char *p, unsigned int type,
                                                unsigned int x) {
  switch (type) {
  case type_unsigned_int8:
    *p = static_cast<unsigned char>(x < 255u ? x : 255u);
    break;
  case type_unsigned_int16:
    *reinterpret_cast<unsigned short *>(p) = static_cast<unsigned short>(x < 65535u ? x : 65535u);
    break;
  default:
    *reinterpret_cast<unsigned int *>(p) = x;
    break;
  }
}

// write_imagef to RGBA and BGRA images of floats or unorm8 as one store of
// the whole pixel (16 or 4 bytes) where the shim found every pixel aligned
// (image_desc::whole_pixel), instead of a store per component
// (clcuda-bench image_bilinear_rgba32f on an H200: 1,377 GB/s before, 2,115
// after). False where it does not apply. Every write encoding its pixel in
// one loop of table fields and selects, then one store, built faster but ran
// slower (H200, 9ebf5df: 388 GB/s RGBA8, 1,522 RGBA float), so other formats
// keep the switch per component (encode_components).
__device__ inline bool store_whole_pixel(unsigned char *p, unsigned int whole_pixel,
                                         const vec<float, 4> &color) {
  if (whole_pixel == whole_pixel_none)
    return false;
  // Selected, not indexed (an indexed array would live in local memory).
  const bool bgra = whole_pixel & whole_pixel_bgra_bit;
  const float first = bgra ? color.elem[2] : color.elem[0];
  const float third = bgra ? color.elem[0] : color.elem[2];
  if (!(whole_pixel & whole_pixel_float_bit)) {
    // saturate_rte(x * 255, 0, 255) in two instructions, not four: 255 times
    // x saturated to [0, 1] (NaN to 0) is x * 255 clamped to [0, 255].
    auto byte = [](float x) { return __float2uint_rn(__saturatef(x) * 255.0f); };
    *reinterpret_cast<unsigned int *>(p) =
        byte(first) | byte(color.elem[1]) << 8 | byte(third) << 16 | byte(color.elem[3]) << 24;
    return true;
  }
  struct alignas(16) words {
    unsigned int word[4];
  };
  *reinterpret_cast<words *>(p) = {{__float_as_uint(first), __float_as_uint(color.elem[1]),
                                    __float_as_uint(third), __float_as_uint(color.elem[3])}};
  return true;
}

// Any pixel of `order` and `type`, a component (or a packed field) at a time.
template <class T>
__device__ inline void encode_components(unsigned char *p, unsigned int order, unsigned int type,
                                         vec<T, 4> color) {
  if constexpr (is_same<T, float>) {
    if (is_packed(type)) {
      packed_layout layout = packed_layout_of(type);
      auto field = [](float x, int shift, int width) {
        float max = static_cast<float>((1u << width) - 1);
        return static_cast<unsigned int>(saturate_rte(x * max, 0.0f, max)) << shift;
      };
      unsigned int bits = field(color.elem[0], layout.red_shift(), layout.red_bits) |
                          field(color.elem[1], layout.blue_bits, layout.green_bits) |
                          field(color.elem[2], 0, layout.blue_bits);
      if (type == type_unorm_int_101010)
        *reinterpret_cast<unsigned int *>(p) = bits;
      else
        *reinterpret_cast<unsigned short *>(p) = static_cast<unsigned short>(bits);
      return;
    }
  }
  component_map map = components_of(order);
  const unsigned int bytes = component_format_of(type).bytes;
  // Each stored component takes the first RGBA component placed there
  // (intensity and luminance store red).
  for (int c = 0; c < 4; ++c) {
    bool first = map.slot(c) >= 0;
    for (int earlier = 0; earlier < c; ++earlier)
      first = first && map.slot(earlier) != map.slot(c);
    if (!first)
      continue;
    unsigned char *component = p + map.slot(c) * bytes;
    if constexpr (is_same<T, float>)
      store_float_component(component, type, color.elem[c]);
    else if constexpr (is_same<T, int>)
      store_signed_component(component, type, color.elem[c]);
    else
      store_unsigned_component(component, type, color.elem[c]);
  }
}

// --- addressing ---------------------------------------------------------------

// Coordinates as up to three ints or floats: component i, 0 past the end.
template <class C> __device__ inline auto coordinate(const C &c, int i) {
  if constexpr (is_scalar<C>)
    return i == 0 ? c : C(0);
  else
    return i < shape<C>::size ? c.elem[i] : decltype(c.elem[0] + 0)(0);
}

template <class Image> struct geometry {
  int size[3];               // extent of each filtered dimension
  const unsigned char *base; // the layer's first pixel
};

// An image array's layer at coordinates `c` of `Dims` spatial dimensions:
// clamp(rint(coordinate), 0, array_size - 1).
template <int Dims, class C> __device__ inline int layer_of(const image_desc &d, const C &c) {
  const float layer = static_cast<float>(coordinate(c, Dims));
  return static_cast<int>(
      ::fminf(::fmaxf(::rintf(layer), 0.0f), static_cast<float>(d.array_size - 1)));
}

template <class Image, class C>
__device__ inline geometry<Image> geometry_of(const image_desc &d, const C &c) {
  constexpr int dims = image_traits<Image>::dims;
  geometry<Image> g{
      {static_cast<int>(d.width), static_cast<int>(d.height), static_cast<int>(d.depth)}, d.data};
  if constexpr (image_traits<Image>::is_array)
    g.base += layer_of<dims>(d, c) * d.slice_pitch;
  return g;
}

__device__ inline const unsigned char *pixel_address(const image_desc &d, const unsigned char *base,
                                                     const int (&i)[3]) {
  // The indices are in the image (never negative): 32-bit by 64-bit products.
  return base + static_cast<unsigned int>(i[0]) * static_cast<unsigned long long>(d.element_size) +
         static_cast<unsigned int>(i[1]) * d.row_pitch +
         static_cast<unsigned int>(i[2]) * d.slice_pitch;
}

// A pixel at integer coordinates, or the border colour when CLK_ADDRESS_CLAMP
// put a coordinate outside the image.
template <class T, int Dims>
__device__ inline vec<T, 4> texel(const image_desc &d, const unsigned char *base,
                                  const int (&size)[3], const int (&i)[3]) {
  for (int k = 0; k < Dims; ++k)
    if (i[k] < 0 || i[k] >= size[k])
      return vec<T, 4>(T(0), T(0), T(0), has_alpha(d.channel_order) ? T(0) : T(1));
  int inside[3] = {i[0], Dims > 1 ? i[1] : 0, Dims > 2 ? i[2] : 0};
  return decode_pixel<T>(pixel_address(d, base, inside), d);
}

// An integer coordinate after the addressing mode: CLAMP keeps -1 and size
// (the border); NONE is undefined outside, clamped so it never faults.
__device__ inline int address(int i, int size, unsigned int mode) {
  return mode == sampler_address_clamp ? clamp_index(i, -1, size) : clamp_index(i, 0, size - 1);
}

// Per dimension: the two neighbours and the weight of the second (NEAREST
// uses i0 only), after the spec's formulas for each addressing mode.
struct axis_sample {
  int i0, i1;
  float weight;
};
__device__ inline axis_sample sample_axis(float s, int size, sampler_t sampler, bool linear) {
  unsigned int mode = sampler & sampler_address_mask;
  bool normalized = sampler & sampler_normalized_coords;
  float extent = static_cast<float>(size);
  if (normalized && (mode == sampler_address_repeat || mode == sampler_address_mirrored_repeat)) {
    float u;
    if (mode == sampler_address_repeat) {
      u = (s - ::floorf(s)) * extent;
    } else {
      float nearest_even = 2.0f * ::rintf(0.5f * s);
      u = ::fabsf(s - nearest_even) * extent;
    }
    if (!linear) {
      int i = static_cast<int>(::floorf(u));
      i = mode == sampler_address_repeat ? (i > size - 1 ? i - size : i)
                                         : clamp_index(i, 0, size - 1);
      return {i, i, 0.0f};
    }
    int i0 = static_cast<int>(::floorf(u - 0.5f));
    int i1 = i0 + 1;
    if (mode == sampler_address_repeat) {
      if (i0 < 0)
        i0 += size;
      if (i1 > size - 1)
        i1 -= size;
    } else {
      i0 = clamp_index(i0, 0, size - 1);
      i1 = clamp_index(i1, 0, size - 1);
    }
    float t = u - 0.5f;
    return {i0, i1, t - ::floorf(t)};
  }
  float u = normalized ? s * extent : s;
  if (!linear) {
    int i = address(static_cast<int>(::floorf(u)), size, mode);
    return {i, i, 0.0f};
  }
  float t = u - 0.5f;
  int i0 = static_cast<int>(::floorf(t));
  return {address(i0, size, mode), address(i0 + 1, size, mode), t - ::floorf(t)};
}

template <class T, int Dims, class C>
__device__ inline vec<T, 4> sample(const image_desc &d, const unsigned char *base,
                                   const int (&size)[3], sampler_t sampler, const C &c) {
  // Integer formats are only defined with CLK_FILTER_NEAREST.
  bool linear = is_same<T, float> && (sampler & sampler_filter_mask) == sampler_filter_linear;
  axis_sample axis[3] = {{0, 0, 0.0f}, {0, 0, 0.0f}, {0, 0, 0.0f}};
  for (int k = 0; k < Dims; ++k)
    axis[k] = sample_axis(static_cast<float>(coordinate(c, k)), size[k], sampler, linear);
  // LINEAR: the sum over the 2^Dims corners of the product of (1 - a) or a
  // per axis. NEAREST: the first corner alone. One loop, not unrolled: one
  // copy of the pixel decoding for both filters.
  vec<T, 4> sum(T(0), T(0), T(0), T(0));
#pragma unroll 1
  for (int corner = 0; corner < (1 << Dims); ++corner) {
    int i[3] = {axis[0].i0, axis[1].i0, axis[2].i0};
    float weight = 1.0f;
    for (int k = 0; k < Dims; ++k) {
      bool second = (corner >> k) & 1;
      i[k] = second ? axis[k].i1 : axis[k].i0;
      weight *= second ? axis[k].weight : 1.0f - axis[k].weight;
    }
    vec<T, 4> value = texel<T, Dims>(d, base, size, i);
    if (!linear)
      return value;
    for (int e = 0; e < 4; ++e)
      sum.elem[e] += weight * value.elem[e];
  }
  return sum;
}

// read_image{f,i,ui} with integer coordinates and a sampler: unnormalized,
// nearest, CLAMP (border), CLAMP_TO_EDGE or NONE are the valid samplers.
template <class T, int Dims, class C>
__device__ inline vec<T, 4> fetch(const image_desc &d, const unsigned char *base,
                                  const int (&size)[3], unsigned int mode, const C &c) {
  int i[3] = {0, 0, 0};
  for (int k = 0; k < Dims; ++k)
    i[k] = address(static_cast<int>(coordinate(c, k)), size[k], mode);
  return texel<T, Dims>(d, base, size, i);
}

template <class C> constexpr bool is_float_coordinate = is_floating<decltype(coordinate(C(), 0))>;

// read_imagef through the image's texture object for this sampler, when the
// shim made one (image_desc.h): the stored channels come back filtered in
// x, y, z, w and are placed as the channel order says. A 1D image is a
// texture one texel high, read at its centre row; an image array's layer is
// chosen here, as OpenCL rounds it, and the texture filters within it.
template <int Dims, bool Array, class C>
__device__ inline bool sample_texture(const image_desc &d, sampler_t sampler, const C &c,
                                      vec<float, 4> &pixel) {
  const int slot = texture_slot(sampler);
  if (slot < 0 || !d.textures[slot])
    return false;
  const unsigned long long texture = d.textures[slot];
  const float u = static_cast<float>(coordinate(c, 0));
  const float v = Dims > 1 ? static_cast<float>(coordinate(c, 1)) : 0.5f;
  float x, y, z, w;
  if constexpr (Array && Dims == 1) {
    asm("tex.a1d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
        : "=f"(x), "=f"(y), "=f"(z), "=f"(w)
        : "l"(texture), "r"(layer_of<Dims>(d, c)), "f"(u));
  } else if constexpr (Array) {
    asm("tex.a2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"
        : "=f"(x), "=f"(y), "=f"(z), "=f"(w)
        : "l"(texture), "r"(layer_of<Dims>(d, c)), "f"(u), "f"(v));
  } else if constexpr (Dims == 3) {
    asm("tex.3d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"
        : "=f"(x), "=f"(y), "=f"(z), "=f"(w)
        : "l"(texture), "f"(u), "f"(v), "f"(static_cast<float>(coordinate(c, 2))));
  } else {
    asm("tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
        : "=f"(x), "=f"(y), "=f"(z), "=f"(w)
        : "l"(texture), "f"(u), "f"(v));
  }
  if (d.channel_order == order_rgba) { // the stored channels in place: no selects
    pixel = vec<float, 4>(x, y, z, w);
    return true;
  }
  // Selected, not indexed (an indexed array would live in local memory).
  const component_map map = components_of(d.channel_order);
  for (int e = 0; e < 4; ++e) {
    const int from = map.slot(e);
    pixel.elem[e] = from == 0   ? x
                    : from == 1 ? y
                    : from == 2 ? z
                    : from == 3 ? w
                                : (e == 3 ? 1.0f : 0.0f);
  }
  return true;
}

// The software reads and writes: inline, or out of line where the shim
// compiles them once as a library of their own and links it to the program
// (CLC_IMAGE_LIBRARY; clc/image_library.h defines these functions,
// docs/design.md, "Images and samplers", says why), so that the program
// compiles only a call. What they need of an image goes by value: a
// reference to the kernel's descriptor would make every work-item copy the
// whole descriptor to local memory.
struct image_layout {
  const unsigned char *base; // the layer's first pixel
  unsigned long long row_pitch;
  unsigned long long slice_pitch;
  int size[3];
  unsigned int element_size;
  unsigned int channel_order;
  unsigned int channel_data_type;
};

// The library per result type: sample (float coordinates), fetch (integer
// ones), and encode a pixel where a write does not store it whole.
#define CLC_IMAGE_LIBRARY_TYPES(X) X(float, f) X(int, i) X(unsigned int, ui)
#define CLC_IMAGE_SAMPLE(T, suffix)                                                                \
  extern "C" __device__ vec<T, 4> clc_image_sample_##suffix(                                       \
      image_layout layout, sampler_t sampler, int dims, float x, float y, float z)
#define CLC_IMAGE_FETCH(T, suffix)                                                                 \
  extern "C" __device__ vec<T, 4> clc_image_fetch_##suffix(image_layout layout, unsigned int mode, \
                                                           int dims, int x, int y, int z)
#define CLC_IMAGE_ENCODE(T, suffix)                                                                \
  extern "C" __device__ void clc_image_encode_##suffix(unsigned char *p, unsigned int order,       \
                                                       unsigned int type, vec<T, 4> color)
#define CLC_IMAGE_LIBRARY_DECLARE(T, suffix)                                                       \
  CLC_IMAGE_SAMPLE(T, suffix);                                                                     \
  CLC_IMAGE_FETCH(T, suffix);                                                                      \
  CLC_IMAGE_ENCODE(T, suffix);
CLC_IMAGE_LIBRARY_TYPES(CLC_IMAGE_LIBRARY_DECLARE)
#undef CLC_IMAGE_LIBRARY_DECLARE

#if defined(CLC_IMAGE_LIBRARY)
// The library's function for T: library_read(T(), ...) with float
// coordinates samples, with int ones fetches.
#define CLC_IMAGE_LIBRARY_CALLS(T, suffix)                                                         \
  __device__ inline vec<T, 4> library_read(T, const image_layout &layout, sampler_t sampler,       \
                                           int dims, float x, float y, float z) {                  \
    return clc_image_sample_##suffix(layout, sampler, dims, x, y, z);                              \
  }                                                                                                \
  __device__ inline vec<T, 4> library_read(T, const image_layout &layout, unsigned int mode,       \
                                           int dims, int x, int y, int z) {                        \
    return clc_image_fetch_##suffix(layout, mode, dims, x, y, z);                                  \
  }                                                                                                \
  __device__ inline void library_encode(unsigned char *p, unsigned int order, unsigned int type,   \
                                        const vec<T, 4> &color) {                                  \
    clc_image_encode_##suffix(p, order, type, color);                                              \
  }
CLC_IMAGE_LIBRARY_TYPES(CLC_IMAGE_LIBRARY_CALLS)
#undef CLC_IMAGE_LIBRARY_CALLS
#endif

// A read in software: float coordinates sample as the sampler says,
// integer ones fetch with its addressing mode.
template <class T, int Dims, class C>
__device__ inline vec<T, 4> software_read(const image_desc &d, const unsigned char *base,
                                          const int (&size)[3], sampler_t sampler, const C &c) {
  const unsigned int state = is_float_coordinate<C> ? sampler : sampler & sampler_address_mask;
#if defined(CLC_IMAGE_LIBRARY)
  using Coordinate = conditional_t<is_float_coordinate<C>, float, int>;
  const image_layout layout{
      base,           d.row_pitch,     d.slice_pitch,      {size[0], size[1], size[2]},
      d.element_size, d.channel_order, d.channel_data_type};
  return library_read(T(), layout, state, Dims, static_cast<Coordinate>(coordinate(c, 0)),
                      static_cast<Coordinate>(coordinate(c, 1)),
                      static_cast<Coordinate>(coordinate(c, 2)));
#else
  if constexpr (is_float_coordinate<C>)
    return sample<T, Dims>(d, base, size, state, c);
  else
    return fetch<T, Dims>(d, base, size, state, c);
#endif
}

// A write of a pixel that store_whole_pixel does not store.
template <class T>
__device__ inline void software_encode(unsigned char *p, unsigned int order, unsigned int type,
                                       const vec<T, 4> &color) {
#if defined(CLC_IMAGE_LIBRARY)
  library_encode(p, order, type, color);
#else
  encode_components<T>(p, order, type, color);
#endif
}

template <class T, class Image, class C>
__device__ inline auto read(const Image &image, sampler_t sampler, const C &c) {
  constexpr int dims = image_traits<Image>::dims;
  geometry<Image> g = geometry_of<Image>(image.desc, c);
  vec<T, 4> pixel;
  if constexpr (is_float_coordinate<C>) {
    if constexpr (is_same<T, float> && !image_traits<Image>::is_depth) {
      if (sample_texture<dims, image_traits<Image>::is_array>(image.desc, sampler, c, pixel))
        return pixel;
    }
  }
  pixel = software_read<T, dims>(image.desc, g.base, g.size, sampler, c);
  if constexpr (image_traits<Image>::is_depth)
    return pixel.elem[0];
  else
    return pixel;
}

template <class T, class Image, class C, class V>
__device__ inline void write(const Image &image, const C &c, const V &color) {
  // A write outside the image is undefined: it is dropped, so it never
  // touches memory.
  constexpr int dims = image_traits<Image>::dims;
  constexpr int checked = dims + (image_traits<Image>::is_array ? 1 : 0);
  const image_desc &d = image.desc;
  const unsigned int extent[3] = {d.width, d.height, d.depth};
  int i[3] = {0, 0, 0};
  for (int k = 0; k < checked; ++k) {
    // int coordinates: a negative one is a large unsigned one, outside too.
    const int index = static_cast<int>(coordinate(c, k));
    if (static_cast<unsigned int>(index) >= (k == dims ? d.array_size : extent[k]))
      return;
    if (k < dims)
      i[k] = index;
  }
  geometry<Image> g = geometry_of<Image>(d, c);
  vec<T, 4> pixel;
  if constexpr (image_traits<Image>::is_depth)
    pixel = vec<T, 4>(color, T(0), T(0), T(0));
  else
    pixel = color;
  unsigned char *p = const_cast<unsigned char *>(pixel_address(d, g.base, i));
  if constexpr (is_same<T, float>) {
    if (store_whole_pixel(p, d.whole_pixel, pixel))
      return;
  }
  software_encode(p, d.channel_order, d.channel_data_type, pixel);
}

} // namespace detail

// Sampler-less reads use integer coordinates and no filtering; out-of-range
// coordinates (undefined) are clamped.
#define CLC_IMAGE_READ(name, T)                                                                    \
  template <class Image, class C>                                                                  \
  __device__ inline auto name(const Image &image, sampler_t sampler, const C &c) {                 \
    return detail::read<T>(image, sampler, c);                                                     \
  }                                                                                                \
  template <class Image, class C> __device__ inline auto name(const Image &image, const C &c) {    \
    return detail::read<T>(image, sampler_address_clamp_to_edge, c);                               \
  }
CLC_IMAGE_READ(read_imagef, float)
CLC_IMAGE_READ(read_imagei, int)
CLC_IMAGE_READ(read_imageui, unsigned int)
#undef CLC_IMAGE_READ

#define CLC_IMAGE_WRITE(name, T)                                                                   \
  template <class Image, class C, class V>                                                         \
  __device__ inline void name(const Image &image, const C &c, const V &color) {                    \
    detail::write<T>(image, c, color);                                                             \
  }
CLC_IMAGE_WRITE(write_imagef, float)
CLC_IMAGE_WRITE(write_imagei, int)
CLC_IMAGE_WRITE(write_imageui, unsigned int)
#undef CLC_IMAGE_WRITE

// read_imageh and write_imageh (cl_khr_fp16): read_imagef's values rounded
// to half, write_imagef of the half values (exact in float).
namespace detail {
template <class T, class V> __device__ inline auto components_as(const V &v) {
  if constexpr (vec_size<V> == 1)
    return T(v);
  else
    return vec<T, vec_size<V>>(v);
}
} // namespace detail
template <class Image, class C>
__device__ inline auto read_imageh(const Image &image, sampler_t sampler, const C &c) {
  return detail::components_as<half>(read_imagef(image, sampler, c));
}
template <class Image, class C> __device__ inline auto read_imageh(const Image &image, const C &c) {
  return detail::components_as<half>(read_imagef(image, c));
}
template <class Image, class C, class V>
__device__ inline void write_imageh(const Image &image, const C &c, const V &color) {
  write_imagef(image, c, detail::components_as<float>(color));
}

// The queries read the descriptor; the channel order and type are the cl_*
// values, as CLK_* are.
#define CLC_IMAGE_QUERY(name, result, field)                                                       \
  template <class Image> __device__ inline result name(const Image &image) {                       \
    return static_cast<result>(image.desc.field);                                                  \
  }
CLC_IMAGE_QUERY(get_image_width, int, width)
CLC_IMAGE_QUERY(get_image_height, int, height)
CLC_IMAGE_QUERY(get_image_depth, int, depth)
CLC_IMAGE_QUERY(get_image_array_size, size_t, array_size)
CLC_IMAGE_QUERY(get_image_channel_data_type, int, channel_data_type)
CLC_IMAGE_QUERY(get_image_channel_order, int, channel_order)
#undef CLC_IMAGE_QUERY

// int2 (width, height) for 2D images and arrays, int4 (w, h, d, 0) for 3D.
template <class Image> __device__ inline auto get_image_dim(const Image &image) {
  const image_desc &d = image.desc;
  if constexpr (image_traits<Image>::dims == 3)
    return int4(static_cast<int>(d.width), static_cast<int>(d.height), static_cast<int>(d.depth),
                0);
  else
    return int2(static_cast<int>(d.width), static_cast<int>(d.height));
}

} // namespace clc
