#include "image_commands.h"

#include <memory>
#include <vector>

namespace clcuda::core {

namespace {

std::size_t startOf(const ImageLayout &layout, const std::array<std::size_t, 3> &byte_origin) {
  return byte_origin[0] + byte_origin[1] * layout.rectRowPitch() +
         byte_origin[2] * layout.slice_pitch;
}

// A tight host or buffer side.
RectSide linearSide(CUdeviceptr base, const std::array<std::size_t, 3> &origin,
                    std::size_t row_pitch, std::size_t slice_pitch) {
  return {base, origin, row_pitch, slice_pitch};
}

} // namespace

std::array<std::size_t, 3> toBytes(const ImageLayout &layout, const Pixels &pixels) {
  return {pixels[0] * layout.element_size, pixels[1], pixels[2]};
}

RectSide imageSide(const Memory &image, const std::array<std::size_t, 3> &byte_origin) {
  const ImageLayout &layout = *image.image();
  return {image.address(), byte_origin, layout.rectRowPitch(), layout.slice_pitch};
}

RectSide mappedImageSide(const Memory &image, const Memory::Mapping &mapping) {
  const ImageLayout &layout = *image.image();
  const CUdeviceptr base = CUdeviceptr(mapping.pointer) - mapping.offset;
  return {base, mapping.rect->origin, layout.rectRowPitch(), layout.slice_pitch};
}

cl_int enqueueReadImage(Queue &queue, Memory &image, const Pixels &origin, const Pixels &region,
                        std::size_t row_pitch, std::size_t slice_pitch, void *pointer,
                        const Command &command, Event **event) {
  const ImageLayout &layout = *image.image();
  const auto from = toBytes(layout, origin), bytes = toBytes(layout, region);
  // A blocking read of a USE_HOST_PTR image also refreshes host_ptr, as for
  // buffers (docs/shim.md, "Memory model").
  // Not when the read lands in host_ptr itself (with pitches of its own).
  char *refresh = command.blocking ? static_cast<char *>(image.hostPtr()) : nullptr;
  if (refresh && pointer >= refresh && pointer < refresh + image.size())
    refresh = nullptr;
  auto issue = [source = Ref<Memory>(&image), runtime = &queue.device().runtime(), from, bytes,
                row_pitch, slice_pitch, pointer, refresh](CUstream stream) {
    CUresult result =
        copyRect(*runtime, stream, imageSide(*source, from),
                 linearSide(CUdeviceptr(pointer), {0, 0, 0}, row_pitch, slice_pitch), bytes);
    if (result == CUDA_SUCCESS && refresh) {
      RectSide mirror = imageSide(*source, from);
      mirror.base = CUdeviceptr(refresh);
      result = copyRect(*runtime, stream, imageSide(*source, from), mirror, bytes);
    }
    return result;
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueWriteImage(Queue &queue, Memory &image, const Pixels &origin, const Pixels &region,
                         std::size_t row_pitch, std::size_t slice_pitch, const void *pointer,
                         const Command &command, Event **event) {
  const ImageLayout &layout = *image.image();
  const auto to = toBytes(layout, origin), bytes = toBytes(layout, region);
  auto issue = [destination = Ref<Memory>(&image), runtime = &queue.device().runtime(), to, bytes,
                row_pitch, slice_pitch, pointer](CUstream stream) {
    destination->noteWritten();
    return copyRect(*runtime, stream,
                    linearSide(CUdeviceptr(pointer), {0, 0, 0}, row_pitch, slice_pitch),
                    imageSide(*destination, to), bytes);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueCopyImage(Queue &queue, Memory &source, Memory &destination,
                        const Pixels &source_origin, const Pixels &destination_origin,
                        const Pixels &region, const Command &command, Event **event) {
  const ImageLayout &layout = *source.image();
  const auto from = toBytes(layout, source_origin), to = toBytes(layout, destination_origin),
             bytes = toBytes(layout, region);
  auto issue = [source = Ref<Memory>(&source), destination = Ref<Memory>(&destination),
                runtime = &queue.device().runtime(), from, to, bytes](CUstream stream) {
    destination->noteWritten();
    return copyRect(*runtime, stream, imageSide(*source, from), imageSide(*destination, to), bytes);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueCopyImageBuffer(Queue &queue, Memory &image, Memory &buffer, const Pixels &origin,
                              const Pixels &region, std::size_t offset,
                              ImageBufferDirection direction, const Command &command,
                              Event **event) {
  const ImageLayout &layout = *image.image();
  const auto at = toBytes(layout, origin), bytes = toBytes(layout, region);
  auto issue = [image = Ref<Memory>(&image), buffer = Ref<Memory>(&buffer),
                runtime = &queue.device().runtime(), at, bytes, offset,
                direction](CUstream stream) {
    const RectSide image_side = imageSide(*image, at);
    const RectSide buffer_side =
        linearSide(buffer->address(), {offset, 0, 0}, bytes[0], bytes[0] * bytes[1]);
    if (direction == ImageBufferDirection::to_buffer)
      return copyRect(*runtime, stream, image_side, buffer_side, bytes);
    image->noteWritten();
    return copyRect(*runtime, stream, buffer_side, image_side, bytes);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueFillImage(Queue &queue, Memory &image, const void *colour, const Pixels &origin,
                        const Pixels &region, const Command &command, Event **event) {
  const ImageLayout &layout = *image.image();
  const ImageFormat &format = *findImageFormat(layout.format);
  std::array<unsigned char, 16> pixel{};
  encodePixel(format, colour, pixel.data());
  const auto to = toBytes(layout, origin), bytes = toBytes(layout, region);
  const std::size_t start = startOf(layout, to);
  // Whole rows of whole slices, pixel-aligned: one fill on the device.
  // Otherwise the filled rectangle is made on the host and copied (one copy).
  const bool whole_rows = bytes[0] == layout.rectRowPitch();
  const bool whole_slices =
      bytes[2] == 1 || (whole_rows && bytes[1] * layout.rectRowPitch() == layout.slice_pitch);
  const bool contiguous = (bytes[1] == 1 || whole_rows) && whole_slices &&
                          start % layout.element_size == 0 && !image.isHostStorage();
  std::shared_ptr<std::vector<unsigned char>> staging;
  if (!contiguous) {
    staging = std::make_shared<std::vector<unsigned char>>(bytes[0] * bytes[1] * bytes[2]);
    for (std::size_t at = 0; at < staging->size(); at += layout.element_size)
      std::copy(pixel.begin(), pixel.begin() + layout.element_size, staging->begin() + at);
  }
  auto issue = [destination = Ref<Memory>(&image), runtime = &queue.device().runtime(), pixel,
                element_size = layout.element_size, to, bytes, start, staging](CUstream stream) {
    destination->noteWritten();
    if (!staging)
      return fill(*runtime, stream, destination->address() + start, pixel.data(), element_size,
                  bytes[0] * bytes[1] * bytes[2]);
    return copyRect(
        *runtime, stream,
        linearSide(CUdeviceptr(staging->data()), {0, 0, 0}, bytes[0], bytes[0] * bytes[1]),
        imageSide(*destination, to), bytes);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueMapImage(Queue &queue, Memory &image, cl_map_flags flags, const Pixels &origin,
                       const Pixels &region, const Command &command, Event **event, void *&mapped) {
  const ImageLayout &layout = *image.image();
  const auto from = toBytes(layout, origin), bytes = toBytes(layout, region);
  const std::size_t start = startOf(layout, from);
  const std::size_t end = start + (bytes[2] - 1) * layout.slice_pitch +
                          (bytes[1] - 1) * layout.rectRowPitch() + bytes[0];
  void *pointer = nullptr;
  cl_int error =
      image.beginMap(start, end - start, flags, pointer, Memory::MappedRect{from, bytes});
  if (error != CL_SUCCESS)
    return error;
  const bool copy = !image.isHostStorage() && !(flags & CL_MAP_WRITE_INVALIDATE_REGION);
  const Memory::Mapping mapping{pointer, start, end - start, flags,
                                Memory::MappedRect{from, bytes}};
  auto issue = [source = Ref<Memory>(&image), runtime = &queue.device().runtime(), mapping, from,
                bytes, copy](CUstream stream) {
    return copy ? copyRect(*runtime, stream, imageSide(*source, from),
                           mappedImageSide(*source, mapping), bytes)
                : CUDA_SUCCESS;
  };
  error = queue.enqueue(command, issue, event);
  if (error != CL_SUCCESS) {
    Memory::Mapping ended;
    image.endMap(pointer, ended);
    return error;
  }
  mapped = pointer;
  return CL_SUCCESS;
}

} // namespace clcuda::core
