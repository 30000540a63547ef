// The device library's software image reads and writes as a library of
// their own (docs/design.md, "Images and samplers", build time): unless
// CLCUDA_IMAGE_LIBRARY=0, the shim compiles this header once per GPU
// architecture as relocatable machine code and links it to every program
// that takes images, compiled with CLC_IMAGE_LIBRARY, whose reads and
// writes call these functions (image.h declares them) instead of compiling
// them again.
#pragma once

#include <clc/core.h>
#include <clc/image.h>

#if !defined(CLC_IMAGE_LIBRARY)
namespace clc::detail {

// The descriptor fields the software reads use.
__device__ inline image_desc desc_of(const image_layout &layout) {
  image_desc d{};
  d.row_pitch = layout.row_pitch;
  d.slice_pitch = layout.slice_pitch;
  d.element_size = layout.element_size;
  d.channel_order = layout.channel_order;
  d.channel_data_type = layout.channel_data_type;
  return d;
}

// software_read for the image's dimensions, which the call gives at run
// time: float coordinates sample, integer ones fetch.
template <class T, class C>
__device__ vec<T, 4> read_any(const image_layout &layout, sampler_t sampler, int dims, const C &c) {
  const image_desc d = desc_of(layout);
  return dims == 1   ? software_read<T, 1>(d, layout.base, layout.size, sampler, c)
         : dims == 2 ? software_read<T, 2>(d, layout.base, layout.size, sampler, c)
                     : software_read<T, 3>(d, layout.base, layout.size, sampler, c);
}

// The functions image.h declares, with its signatures.
#define CLC_IMAGE_LIBRARY_DEFINE(T, suffix)                                                        \
  CLC_IMAGE_SAMPLE(T, suffix) {                                                                    \
    return read_any<T>(layout, sampler, dims, vec<float, 4>(x, y, z, 0.0f));                       \
  }                                                                                                \
  CLC_IMAGE_FETCH(T, suffix) { return read_any<T>(layout, mode, dims, vec<int, 4>(x, y, z, 0)); }  \
  CLC_IMAGE_ENCODE(T, suffix) { encode_components<T>(p, order, type, color); }
CLC_IMAGE_LIBRARY_TYPES(CLC_IMAGE_LIBRARY_DEFINE)
#undef CLC_IMAGE_LIBRARY_DEFINE

} // namespace clc::detail
#endif
