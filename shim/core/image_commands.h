// The image commands: each is one rectangular copy (cuMemcpy3DAsync via
// copyRect) between the image's linear memory and the host, a buffer or
// another image, or a fill. Origins and regions are in pixels, as OpenCL
// gives them (ImageLayout::extent); arguments are valid (the API layer
// checked them against the spec).
#pragma once

#include "memory.h"
#include "queue.h"
#include "transfer.h"

#include <array>

namespace clcuda::core {

// The image's side of a copy at `byte_origin` (bytes, rows, slices).
RectSide imageSide(const Memory &image, const std::array<std::size_t, 3> &byte_origin);
// The host side of an image map (its pointer and the image's pitches).
RectSide mappedImageSide(const Memory &image, const Memory::Mapping &mapping);
// (pixels, rows, slices) -> (bytes, rows, slices).
std::array<std::size_t, 3> toBytes(const ImageLayout &layout, const Pixels &pixels);

// Host pitches are resolved (resolveImageHostPitches): the steps of y and z.
cl_int enqueueReadImage(Queue &queue, Memory &image, const Pixels &origin, const Pixels &region,
                        std::size_t row_pitch, std::size_t slice_pitch, void *pointer,
                        const Command &command, Event **event);
cl_int enqueueWriteImage(Queue &queue, Memory &image, const Pixels &origin, const Pixels &region,
                         std::size_t row_pitch, std::size_t slice_pitch, const void *pointer,
                         const Command &command, Event **event);
cl_int enqueueCopyImage(Queue &queue, Memory &source, Memory &destination,
                        const Pixels &source_origin, const Pixels &destination_origin,
                        const Pixels &region, const Command &command, Event **event);
// Between an image and a buffer, either way; the buffer side is tight: the
// region's rows one after another from `offset`.
enum class ImageBufferDirection { to_buffer, to_image };
cl_int enqueueCopyImageBuffer(Queue &queue, Memory &image, Memory &buffer, const Pixels &origin,
                              const Pixels &region, std::size_t offset,
                              ImageBufferDirection direction, const Command &command,
                              Event **event);
// `colour` as clEnqueueFillImage takes it (encodePixel).
cl_int enqueueFillImage(Queue &queue, Memory &image, const void *colour, const Pixels &origin,
                        const Pixels &region, const Command &command, Event **event);
cl_int enqueueMapImage(Queue &queue, Memory &image, cl_map_flags flags, const Pixels &origin,
                       const Pixels &region, const Command &command, Event **event, void *&mapped);

} // namespace clcuda::core
