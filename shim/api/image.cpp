// Image entry points: formats, creation, queries and the image commands
// (read, write, copy, fill, map). docs/shim.md, "Images".
#include "commands.h"
#include "common.h"
#include "image_arguments.h"
#include "image_rules.h"
#include "info_tables.h"

#include "core/image_commands.h"

namespace clcuda::api {
namespace {

struct ImageQuery {
  core::Memory &memory;
  const core::ImageLayout &image;
};

bool hasHeight(const core::ImageLayout &image) {
  return image.type == CL_MEM_OBJECT_IMAGE2D || image.type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
         image.type == CL_MEM_OBJECT_IMAGE3D;
}
bool hasSlices(const core::ImageLayout &image) {
  return image.isArray() || image.type == CL_MEM_OBJECT_IMAGE3D;
}

const InfoTable<ImageQuery> &imageInfoTable() {
  static const InfoTable<ImageQuery> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(ImageQuery, query, param, type, expression)
#include "info/image_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

// An image on desc->mem_object: the buffer's flags are inherited as a
// sub-buffer's are; no host pointer of its own.
cl_int imageOnBufferFlags(const cl_image_desc &desc, const core::Context &context,
                          cl_mem_flags flags, const void *host_ptr, cl_mem_flags &effective,
                          core::Memory *&buffer) {
  buffer = fromHandle<core::Memory>(desc.mem_object);
  if (!buffer || buffer->image())
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR, "image_desc's mem_object is not a buffer");
  if (&buffer->context() != &context)
    return refuse(CL_INVALID_IMAGE_DESCRIPTOR,
                  "image_desc's mem_object belongs to another context");
  if (host_ptr)
    return refuse(CL_INVALID_HOST_PTR, "host_ptr is not NULL for an image on a buffer");
  return subBufferFlags(buffer->flags(), flags, effective);
}

cl_mem createImage(cl_context context, std::vector<cl_mem_properties> properties,
                   cl_mem_flags flags, const cl_image_format *format, const cl_image_desc *desc,
                   void *host_ptr, cl_int &error) {
  core::Context *object = fromHandle<core::Context>(context);
  if (!object)
    return failWith<cl_mem>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
  core::Memory *buffer = nullptr;
  cl_mem_flags effective = flags;
  error = desc && desc->mem_object
              ? imageOnBufferFlags(*desc, *object, flags, host_ptr, effective, buffer)
              : checkBufferFlags(flags, host_ptr);
  if (error != CL_SUCCESS)
    return nullptr;
  core::ImageLayout layout;
  if ((error = checkImageDescriptor(format, desc, effective, host_ptr, layout)) != CL_SUCCESS)
    return nullptr;
  if (layout.bytes() > (buffer ? buffer->size() : maxAllocation(*object)))
    return failWith<cl_mem>(error, CL_INVALID_IMAGE_SIZE,
                            "the image's " + std::to_string(layout.bytes()) + " bytes are above " +
                                (buffer ? "its buffer's size" : "CL_DEVICE_MAX_MEM_ALLOC_SIZE"));
  core::Memory *memory = nullptr;
  error = coreResult(buffer ? core::Memory::createImageOnBuffer(*buffer, effective, layout,
                                                                std::move(properties), memory)
                            : core::Memory::createImage(*object, flags, layout, host_ptr,
                                                        std::move(properties), memory),
                     "creating the image");
  return error == CL_SUCCESS ? toHandle(memory) : nullptr;
}

cl_image_desc describe(cl_mem_object_type type, size_t width, size_t height, size_t depth,
                       size_t row_pitch, size_t slice_pitch) {
  cl_image_desc desc{};
  desc.image_type = type;
  desc.image_width = width;
  desc.image_height = height;
  desc.image_depth = depth;
  desc.image_row_pitch = row_pitch;
  desc.image_slice_pitch = slice_pitch;
  return desc;
}

// Read and write: the checks they share, then the core command.
template <class Pointer, class Enqueue>
cl_int transferImage(cl_command_queue command_queue, cl_mem image, HostAccess access,
                     cl_command_type type, cl_bool blocking, const size_t *origin,
                     const size_t *region, size_t row_pitch, size_t slice_pitch, Pointer ptr,
                     cl_uint num_events, const cl_event *events, cl_event *event, Enqueue enqueue) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {image}, MemKind::image, num_events, events, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &memory = memoryOf(image);
  const core::ImageLayout &layout = *memory.image();
  core::Pixels at, size;
  if (!ptr)
    return refuse(CL_INVALID_VALUE, "ptr is NULL");
  if ((error = checkImageRegion(layout, origin, region, at, size)) != CL_SUCCESS ||
      (error = resolveImageHostPitches(layout, size, row_pitch, slice_pitch)) != CL_SUCCESS)
    return error;
  if (!hostAccessAllowed(memory.flags(), access))
    return refuse(CL_INVALID_OPERATION, access == HostAccess::read
                                            ? "the image's flags deny the host reads"
                                            : "the image's flags deny the host writes");
  EventOut out(event);
  return coreResult(enqueue(*queue, memory, at, size, row_pitch, slice_pitch, ptr,
                            command(type, num_events, events, blocking), out.get()),
                    "the transfer");
}

} // namespace

// clEnqueueCopyImageToBuffer and clEnqueueCopyBufferToImage: the region of
// the image, and its tight bytes in the buffer from `offset`.
cl_int copyImageBuffer(cl_command_queue command_queue, cl_mem image_handle, cl_mem buffer_handle,
                       const size_t *origin, const size_t *region, std::size_t offset,
                       core::ImageBufferDirection direction, cl_uint num_events,
                       const cl_event *events, cl_event *event, const core::Recording *recording) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {image_handle}, MemKind::image, 0, nullptr, queue);
  if (error == CL_SUCCESS)
    error =
        checkCommand(command_queue, {buffer_handle}, MemKind::buffer, num_events, events, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &image = memoryOf(image_handle), &buffer = memoryOf(buffer_handle);
  const core::ImageLayout &layout = *image.image();
  core::Pixels at, size;
  if ((error = checkImageRegion(layout, origin, region, at, size)) != CL_SUCCESS)
    return error;
  const std::size_t bytes = size[0] * size[1] * size[2] * layout.element_size;
  if (!inBounds(offset, bytes, buffer.size()))
    return refuse(CL_INVALID_VALUE, "the buffer's offset " + std::to_string(offset) + " + the " +
                                        std::to_string(bytes) +
                                        " bytes of the region are beyond "
                                        "its " +
                                        std::to_string(buffer.size()) + " bytes");
  // An image on this very buffer: the image's span and the buffer's range
  // must not meet.
  if (image.imageBuffer() == &buffer) {
    const std::size_t first =
        at[0] * layout.element_size + at[1] * layout.rectRowPitch() + at[2] * layout.slice_pitch;
    const std::size_t last = (at[0] + size[0]) * layout.element_size +
                             (at[1] + size[1] - 1) * layout.rectRowPitch() +
                             (at[2] + size[2] - 1) * layout.slice_pitch;
    if (rangesOverlap(first, last - first, offset, bytes))
      return refuse(CL_MEM_COPY_OVERLAP, "the image's region and the buffer's range overlap in "
                                         "the image's own buffer");
  }
  const cl_command_type type = direction == core::ImageBufferDirection::to_buffer
                                   ? CL_COMMAND_COPY_IMAGE_TO_BUFFER
                                   : CL_COMMAND_COPY_BUFFER_TO_IMAGE;
  EventOut out(event);
  return coreResult(
      core::enqueueCopyImageBuffer(*queue, image, buffer, at, size, offset, direction,
                                   command(type, num_events, events, false, recording), out.get()),
      "the copy");
}

cl_int copyImage(cl_command_queue command_queue, cl_mem src_image, cl_mem dst_image,
                 const size_t *src_origin, const size_t *dst_origin, const size_t *region,
                 cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event,
                 const core::Recording *recording) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {src_image, dst_image}, MemKind::image,
                              num_events_in_wait_list, event_wait_list, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &source = memoryOf(src_image), &destination = memoryOf(dst_image);
  const cl_image_format &from = source.image()->format, &to = destination.image()->format;
  if (from.image_channel_order != to.image_channel_order ||
      from.image_channel_data_type != to.image_channel_data_type)
    return refuse(CL_IMAGE_FORMAT_MISMATCH, "src_image and dst_image have different formats");
  core::Pixels source_at, destination_at, size, destination_size;
  if ((error = checkImageRegion(*source.image(), src_origin, region, source_at, size)) !=
          CL_SUCCESS ||
      (error = checkImageRegion(*destination.image(), dst_origin, region, destination_at,
                                destination_size)) != CL_SUCCESS)
    return error;
  if (&source == &destination && imageRegionsOverlap(source_at, destination_at, size))
    return refuse(CL_MEM_COPY_OVERLAP, "the source and destination regions overlap");
  EventOut out(event);
  return coreResult(core::enqueueCopyImage(*queue, source, destination, source_at, destination_at,
                                           size,
                                           command(CL_COMMAND_COPY_IMAGE, num_events_in_wait_list,
                                                   event_wait_list, false, recording),
                                           out.get()),
                    "the copy");
}

cl_int fillImage(cl_command_queue command_queue, cl_mem image, const void *fill_color,
                 const size_t *origin, const size_t *region, cl_uint num_events_in_wait_list,
                 const cl_event *event_wait_list, cl_event *event,
                 const core::Recording *recording) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {image}, MemKind::image, num_events_in_wait_list,
                              event_wait_list, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &memory = memoryOf(image);
  core::Pixels at, size;
  if (!fill_color)
    return refuse(CL_INVALID_VALUE, "fill_color is NULL");
  if ((error = checkImageRegion(*memory.image(), origin, region, at, size)) != CL_SUCCESS)
    return error;
  EventOut out(event);
  return coreResult(core::enqueueFillImage(*queue, memory, fill_color, at, size,
                                           command(CL_COMMAND_FILL_IMAGE, num_events_in_wait_list,
                                                   event_wait_list, false, recording),
                                           out.get()),
                    "the fill");
}

cl_int setImageArgument(core::Kernel &kernel, cl_uint index, const void *value) {
  core::Memory *image =
      value ? fromHandle<core::Memory>(*static_cast<const cl_mem *>(value)) : nullptr;
  if (!image || !image->image())
    return refuse(CL_INVALID_MEM_OBJECT, "arg_value does not point to an image's cl_mem");
  if (&image->context() != &kernel.context())
    return refuse(CL_INVALID_MEM_OBJECT, "the image belongs to another context than the kernel");
  const cl2cuda::KernelArg &arg = kernel.arg(index);
  cl_int error =
      checkImageArgument(arg.type_name, arg.access_qualifier, *image->image(), image->flags());
  if (error == CL_SUCCESS)
    kernel.setImage(index, *image);
  return error;
}

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                                         cl_mem_object_type image_type,
                                                         cl_uint num_entries,
                                                         cl_image_format *image_formats,
                                                         cl_uint *num_image_formats) {
  return guarded(__func__, [&] {
    if (!fromHandle<core::Context>(context))
      return invalidHandle(CL_INVALID_CONTEXT, "context");
    const bool image =
        image_type >= CL_MEM_OBJECT_IMAGE2D && image_type <= CL_MEM_OBJECT_IMAGE1D_BUFFER;
    // Any valid image flags (no host pointer is given here), and the
    // query-only CL_MEM_KERNEL_READ_AND_WRITE.
    const cl_mem_flags creation_flags =
        flags & ~(CL_MEM_KERNEL_READ_AND_WRITE | CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
    if (!image)
      return refuse(CL_INVALID_VALUE,
                    "image_type " + hexText(image_type) + " is not an image type");
    if (checkBufferFlags(creation_flags, nullptr) != CL_SUCCESS)
      return refuse(CL_INVALID_VALUE, "flags: " + refusal());
    if (num_entries == 0 && image_formats)
      return refuse(CL_INVALID_VALUE, "num_entries is 0 but image_formats is not NULL");
    cl_uint count = 0;
    for (const core::ImageFormat &format : core::imageFormats()) {
      if (!core::formatSupports(format, image_type, flags))
        continue;
      if (image_formats && count < num_entries)
        image_formats[count] = {format.order, format.type};
      ++count;
    }
    if (num_image_formats)
      *num_image_formats = count;
    return CL_SUCCESS;
  });
}

CLCUDA_API cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags,
                                            const cl_image_format *image_format,
                                            const cl_image_desc *image_desc, void *host_ptr,
                                            cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    return createImage(context, {}, flags, image_format, image_desc, host_ptr, error);
  });
}

CLCUDA_API cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context,
                                                          const cl_mem_properties *properties,
                                                          cl_mem_flags flags,
                                                          const cl_image_format *image_format,
                                                          const cl_image_desc *image_desc,
                                                          void *host_ptr, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_mem {
    if (!fromHandle<core::Context>(context))
      return failWith<cl_mem>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    std::vector<cl_mem_properties> copy;
    if ((error = copyMemoryProperties(properties, copy)) != CL_SUCCESS)
      return nullptr;
    return createImage(context, std::move(copy), flags, image_format, image_desc, host_ptr, error);
  });
}

CLCUDA_API cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags,
                                              const cl_image_format *image_format,
                                              size_t image_width, size_t image_height,
                                              size_t image_row_pitch, void *host_ptr,
                                              cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    const cl_image_desc desc =
        describe(CL_MEM_OBJECT_IMAGE2D, image_width, image_height, 0, image_row_pitch, 0);
    return createImage(context, {}, flags, image_format, &desc, host_ptr, error);
  });
}

CLCUDA_API cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags,
                                              const cl_image_format *image_format,
                                              size_t image_width, size_t image_height,
                                              size_t image_depth, size_t image_row_pitch,
                                              size_t image_slice_pitch, void *host_ptr,
                                              cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_mem {
    // OpenCL 1.0's 3D images have a depth above 1.
    if (fromHandle<core::Context>(context) && image_depth <= 1)
      return failWith<cl_mem>(error, CL_INVALID_IMAGE_SIZE,
                              "image_depth is " + std::to_string(image_depth) +
                                  "; a 3D image has a depth above 1");
    const cl_image_desc desc = describe(CL_MEM_OBJECT_IMAGE3D, image_width, image_height,
                                        image_depth, image_row_pitch, image_slice_pitch);
    return createImage(context, {}, flags, image_format, &desc, host_ptr, error);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info param_name,
                                             size_t param_value_size, void *param_value,
                                             size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    core::Memory *memory = fromHandle<core::Memory>(image);
    if (!memory)
      return invalidHandle(CL_INVALID_MEM_OBJECT, "image");
    if (!memory->image())
      return refuse(CL_INVALID_MEM_OBJECT, "image is a buffer");
    ImageQuery query{*memory, *memory->image()};
    return answerInfo(imageInfoTable(), query, param_name, param_value_size, param_value,
                      param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue command_queue, cl_mem image,
                                                 cl_bool blocking_read, const size_t *origin,
                                                 const size_t *region, size_t row_pitch,
                                                 size_t slice_pitch, void *ptr,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return transferImage(command_queue, image, HostAccess::read, CL_COMMAND_READ_IMAGE,
                         blocking_read, origin, region, row_pitch, slice_pitch, ptr,
                         num_events_in_wait_list, event_wait_list, event, core::enqueueReadImage);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueWriteImage(
    cl_command_queue command_queue, cl_mem image, cl_bool blocking_write, const size_t *origin,
    const size_t *region, size_t input_row_pitch, size_t input_slice_pitch, const void *ptr,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return transferImage(command_queue, image, HostAccess::write, CL_COMMAND_WRITE_IMAGE,
                         blocking_write, origin, region, input_row_pitch, input_slice_pitch, ptr,
                         num_events_in_wait_list, event_wait_list, event, core::enqueueWriteImage);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue command_queue, cl_mem src_image,
                                                 cl_mem dst_image, const size_t *src_origin,
                                                 const size_t *dst_origin, const size_t *region,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return copyImage(command_queue, src_image, dst_image, src_origin, dst_origin, region,
                     num_events_in_wait_list, event_wait_list, event, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueCopyImageToBuffer(
    cl_command_queue command_queue, cl_mem src_image, cl_mem dst_buffer, const size_t *src_origin,
    const size_t *region, size_t dst_offset, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return copyImageBuffer(command_queue, src_image, dst_buffer, src_origin, region, dst_offset,
                           core::ImageBufferDirection::to_buffer, num_events_in_wait_list,
                           event_wait_list, event, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueCopyBufferToImage(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_image, size_t src_offset,
    const size_t *dst_origin, const size_t *region, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return copyImageBuffer(command_queue, dst_image, src_buffer, dst_origin, region, src_offset,
                           core::ImageBufferDirection::to_image, num_events_in_wait_list,
                           event_wait_list, event, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue command_queue, cl_mem image,
                                                 const void *fill_color, const size_t *origin,
                                                 const size_t *region,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return fillImage(command_queue, image, fill_color, origin, region, num_events_in_wait_list,
                     event_wait_list, event, nullptr);
  });
}

CLCUDA_API void *CL_API_CALL clEnqueueMapImage(cl_command_queue command_queue, cl_mem image,
                                               cl_bool blocking_map, cl_map_flags map_flags,
                                               const size_t *origin, const size_t *region,
                                               size_t *image_row_pitch, size_t *image_slice_pitch,
                                               cl_uint num_events_in_wait_list,
                                               const cl_event *event_wait_list, cl_event *event,
                                               cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> void * {
    core::Queue *queue;
    if ((error = checkCommand(command_queue, {image}, MemKind::image, num_events_in_wait_list,
                              event_wait_list, queue)) != CL_SUCCESS)
      return nullptr;
    core::Memory &memory = memoryOf(image);
    const core::ImageLayout &layout = *memory.image();
    core::Pixels at, size;
    if (!image_row_pitch)
      return failWith<void *>(error, CL_INVALID_VALUE, "image_row_pitch is NULL");
    // 3D images and arrays step slices or layers: their slice pitch is needed.
    const bool sliced = layout.isArray() || layout.type == CL_MEM_OBJECT_IMAGE3D;
    if (sliced && !image_slice_pitch)
      return failWith<void *>(error, CL_INVALID_VALUE,
                              "image_slice_pitch is NULL for a 3D image or an image array");
    if ((error = checkImageRegion(layout, origin, region, at, size)) != CL_SUCCESS ||
        (error = checkMapFlags(map_flags, memory.flags())) != CL_SUCCESS)
      return nullptr;
    EventOut out(event);
    void *mapped = nullptr;
    error = coreResult(core::enqueueMapImage(*queue, memory, map_flags, at, size,
                                             command(CL_COMMAND_MAP_IMAGE, num_events_in_wait_list,
                                                     event_wait_list, blocking_map),
                                             out.get(), mapped),
                       "the map");
    if (error == CL_SUCCESS) {
      *image_row_pitch = layout.row_pitch;
      if (image_slice_pitch)
        *image_slice_pitch = sliced ? layout.slice_pitch : 0;
    }
    return mapped;
  });
}
