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

template <class T>
__device__ vec<T, 4> sample_any(const image_layout &layout, sampler_t sampler, int dims, float x,
                                float y, float z) {
  const image_desc d = desc_of(layout);
  const vec<float, 4> c(x, y, z, 0.0f);
  return dims == 1   ? sample<T, 1>(d, layout.base, layout.size, sampler, c)
         : dims == 2 ? sample<T, 2>(d, layout.base, layout.size, sampler, c)
                     : sample<T, 3>(d, layout.base, layout.size, sampler, c);
}

template <class T>
__device__ vec<T, 4> fetch_any(const image_layout &layout, unsigned int mode, int dims, int x,
                               int y, int z) {
  const image_desc d = desc_of(layout);
  const vec<int, 4> c(x, y, z, 0);
  return dims == 1   ? fetch<T, 1>(d, layout.base, layout.size, mode, c)
         : dims == 2 ? fetch<T, 2>(d, layout.base, layout.size, mode, c)
                     : fetch<T, 3>(d, layout.base, layout.size, mode, c);
}

// The functions image.h declares, with its signatures.
#define CLC_IMAGE_LIBRARY_DEFINE(T, suffix)                                                        \
  CLC_IMAGE_SAMPLE(T, suffix) { return sample_any<T>(layout, sampler, dims, x, y, z); }            \
  CLC_IMAGE_FETCH(T, suffix) { return fetch_any<T>(layout, mode, dims, x, y, z); }                 \
  CLC_IMAGE_ENCODE(T, suffix) { encode_components<T>(p, order, type, color); }
CLC_IMAGE_LIBRARY_TYPES(CLC_IMAGE_LIBRARY_DEFINE)
#undef CLC_IMAGE_LIBRARY_DEFINE

} // namespace clc::detail
#endif
