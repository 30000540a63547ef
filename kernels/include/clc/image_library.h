// The device library's software image reads as a library of their own
// (docs/design.md, "Images and samplers", build time): with
// CLCUDA_IMAGE_LIBRARY=1 the shim compiles this header once per GPU
// architecture as relocatable machine code and links it to every program
// that takes images, compiled with CLC_IMAGE_LIBRARY, whose reads call these
// functions (image.h declares them) instead of compiling them again.
#pragma once

#include <clc/core.h>
#include <clc/image.h>

#if !defined(CLC_IMAGE_LIBRARY)
namespace clc::detail {

template <class T>
__device__ void sample_any(const image_desc &d, const unsigned char *base, const int (&size)[3],
                           sampler_t sampler, int dims, float x, float y, float z,
                           vec<T, 4> &pixel) {
  const vec<float, 4> c(x, y, z, 0.0f);
  pixel = dims == 1   ? sample<T, 1>(d, base, size, sampler, c)
          : dims == 2 ? sample<T, 2>(d, base, size, sampler, c)
                      : sample<T, 3>(d, base, size, sampler, c);
}

template <class T>
__device__ void fetch_any(const image_desc &d, const unsigned char *base, const int (&size)[3],
                          unsigned int mode, int dims, int x, int y, int z, vec<T, 4> &pixel) {
  const vec<int, 4> c(x, y, z, 0);
  pixel = dims == 1   ? fetch<T, 1>(d, base, size, mode, c)
          : dims == 2 ? fetch<T, 2>(d, base, size, mode, c)
                      : fetch<T, 3>(d, base, size, mode, c);
}

} // namespace clc::detail

#define CLC_IMAGE_LIBRARY_READS(T, suffix)                                                         \
  extern "C" __device__ void clc_image_sample_##suffix(                                           \
      const clc::image_desc &d, const unsigned char *base, const int(&size)[3],                  \
      clc::sampler_t sampler, int dims, float x, float y, float z, clc::vec<T, 4> &pixel) {      \
    clc::detail::sample_any<T>(d, base, size, sampler, dims, x, y, z, pixel);                    \
  }                                                                                                \
  extern "C" __device__ void clc_image_fetch_##suffix(                                            \
      const clc::image_desc &d, const unsigned char *base, const int(&size)[3],                  \
      unsigned int mode, int dims, int x, int y, int z, clc::vec<T, 4> &pixel) {                 \
    clc::detail::fetch_any<T>(d, base, size, mode, dims, x, y, z, pixel);                        \
  }
CLC_IMAGE_LIBRARY_READS(float, f)
CLC_IMAGE_LIBRARY_READS(int, i)
CLC_IMAGE_LIBRARY_READS(unsigned int, ui)
#undef CLC_IMAGE_LIBRARY_READS
#endif
