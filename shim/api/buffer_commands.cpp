// Buffer commands: read, write, copy (and their rectangles), fill, map,
// unmap, migrate.
#include "commands.h"
#include "common.h"

#include "core/buffer_commands.h"

namespace clcuda::api {
namespace {

using Origin = std::array<std::size_t, 3>;

Origin toArray(const size_t *values) { return {values[0], values[1], values[2]}; }

// Offset of a buffer's first byte in its root buffer.
std::size_t rootOffset(const core::Memory &memory) { return memory.parent() ? memory.origin() : 0; }
const core::Memory &rootOf(const core::Memory &memory) {
  return memory.parent() ? *memory.parent() : memory;
}

// A range [offset, offset + size) beyond the memory's `limit` bytes.
cl_int outOfBounds(const char *offset_name, std::size_t offset, std::size_t size,
                   std::size_t limit) {
  return refuse(CL_INVALID_VALUE, std::string(offset_name) + " " + std::to_string(offset) +
                                      " + size " + std::to_string(size) +
                                      " is beyond the buffer's " + std::to_string(limit) +
                                      " bytes");
}

// The host may not read (or write) the buffer: its CL_MEM_HOST_* flags.
cl_int deniedHost(HostAccess access) {
  return refuse(CL_INVALID_OPERATION, access == HostAccess::read
                                          ? "the buffer's flags deny the host reads"
                                          : "the buffer's flags deny the host writes");
}

// Fills and checks the rectangle of a read or write; `host` gets the host
// side, and the buffer side must fit in `buffer`.
cl_int makeRect(const core::Memory &buffer, const size_t *buffer_origin, const size_t *host_origin,
                const size_t *region, size_t buffer_row_pitch, size_t buffer_slice_pitch,
                size_t host_row_pitch, size_t host_slice_pitch, core::BufferRect &rect) {
  if (!buffer_origin || !host_origin || !region)
    return refuse(CL_INVALID_VALUE, "an origin or the region is NULL");
  rect = {toArray(buffer_origin), toArray(host_origin), toArray(region), buffer_row_pitch,
          buffer_slice_pitch,     host_row_pitch,       host_slice_pitch};
  cl_int error = resolvePitches(rect.region, rect.buffer_row_pitch, rect.buffer_slice_pitch);
  if (error == CL_SUCCESS)
    error = resolvePitches(rect.region, rect.host_row_pitch, rect.host_slice_pitch);
  if (error == CL_SUCCESS && rectEnd(rect.buffer_origin, rect.region, rect.buffer_row_pitch,
                                     rect.buffer_slice_pitch) > buffer.size())
    error = refuse(CL_INVALID_VALUE, "the rectangle ends beyond the buffer's " +
                                         std::to_string(buffer.size()) + " bytes");
  return error;
}

// Read and write: the checks they share, then the core command `enqueue`.
template <class Pointer, class Enqueue>
cl_int transferBuffer(cl_command_queue command_queue, cl_mem buffer, HostAccess access,
                      cl_command_type type, cl_bool blocking, std::size_t offset, std::size_t size,
                      Pointer ptr, cl_uint num_events, const cl_event *events, cl_event *event,
                      Enqueue enqueue) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {buffer}, MemKind::buffer, num_events, events, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &memory = memoryOf(buffer);
  if (!ptr)
    return refuse(CL_INVALID_VALUE, "ptr is NULL");
  if (!inBounds(offset, size, memory.size()))
    return outOfBounds("offset", offset, size, memory.size());
  if (!hostAccessAllowed(memory.flags(), access))
    return deniedHost(access);
  EventOut out(event);
  return coreResult(enqueue(*queue, memory, offset, size, ptr,
                            command(type, num_events, events, blocking), out.get()),
                    "the transfer");
}

// The rectangle forms of read and write, likewise.
template <class Pointer, class Enqueue>
cl_int transferRect(cl_command_queue command_queue, cl_mem buffer, HostAccess access,
                    cl_command_type type, cl_bool blocking, const size_t *buffer_origin,
                    const size_t *host_origin, const size_t *region, size_t buffer_row_pitch,
                    size_t buffer_slice_pitch, size_t host_row_pitch, size_t host_slice_pitch,
                    Pointer ptr, cl_uint num_events, const cl_event *events, cl_event *event,
                    Enqueue enqueue) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {buffer}, MemKind::buffer, num_events, events, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &memory = memoryOf(buffer);
  core::BufferRect rect;
  if (!ptr)
    return refuse(CL_INVALID_VALUE, "ptr is NULL");
  if ((error = makeRect(memory, buffer_origin, host_origin, region, buffer_row_pitch,
                        buffer_slice_pitch, host_row_pitch, host_slice_pitch, rect)) != CL_SUCCESS)
    return error;
  if (!hostAccessAllowed(memory.flags(), access))
    return deniedHost(access);
  EventOut out(event);
  return coreResult(
      enqueue(*queue, memory, rect, ptr, command(type, num_events, events, blocking), out.get()),
      "the transfer");
}

} // namespace

cl_int copyBuffer(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
                  size_t src_offset, size_t dst_offset, size_t size,
                  cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event,
                  const core::Recording *recording) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {src_buffer, dst_buffer}, MemKind::buffer,
                              num_events_in_wait_list, event_wait_list, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &source = memoryOf(src_buffer), &destination = memoryOf(dst_buffer);
  if (!inBounds(src_offset, size, source.size()))
    return outOfBounds("src_offset", src_offset, size, source.size());
  if (!inBounds(dst_offset, size, destination.size()))
    return outOfBounds("dst_offset", dst_offset, size, destination.size());
  if (&rootOf(source) == &rootOf(destination) &&
      rangesOverlap(rootOffset(source) + src_offset, size, rootOffset(destination) + dst_offset,
                    size))
    return refuse(CL_MEM_COPY_OVERLAP, "the source and destination ranges overlap");
  EventOut out(event);
  return coreResult(core::enqueueCopyBuffer(*queue, source, destination, src_offset, dst_offset,
                                            size,
                                            command(CL_COMMAND_COPY_BUFFER, num_events_in_wait_list,
                                                    event_wait_list, false, recording),
                                            out.get()),
                    "the copy");
}

cl_int copyBufferRect(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
                      const size_t *src_origin, const size_t *dst_origin, const size_t *region,
                      size_t src_row_pitch, size_t src_slice_pitch, size_t dst_row_pitch,
                      size_t dst_slice_pitch, cl_uint num_events_in_wait_list,
                      const cl_event *event_wait_list, cl_event *event,
                      const core::Recording *recording) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {src_buffer, dst_buffer}, MemKind::buffer,
                              num_events_in_wait_list, event_wait_list, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &source = memoryOf(src_buffer), &destination = memoryOf(dst_buffer);
  // The rect's "buffer" side is the source, its "host" side the destination.
  core::BufferRect rect;
  if ((error = makeRect(source, src_origin, dst_origin, region, src_row_pitch, src_slice_pitch,
                        dst_row_pitch, dst_slice_pitch, rect)) != CL_SUCCESS)
    return error;
  const std::size_t destination_end =
      rectEnd(rect.host_origin, rect.region, rect.host_row_pitch, rect.host_slice_pitch);
  if (destination_end > destination.size())
    return refuse(CL_INVALID_VALUE, "the destination rectangle ends beyond dst_buffer's " +
                                        std::to_string(destination.size()) + " bytes");
  if (&source == &destination) {
    if (rect.buffer_row_pitch != rect.host_row_pitch ||
        rect.buffer_slice_pitch != rect.host_slice_pitch)
      return refuse(CL_INVALID_VALUE,
                    "src_buffer is dst_buffer but the source and destination pitches differ");
    if (rectsOverlap(rect.buffer_origin, rect.host_origin, rect.region, rect.buffer_row_pitch,
                     rect.buffer_slice_pitch))
      return refuse(CL_MEM_COPY_OVERLAP, "the source and destination rectangles overlap");
  } else if (&rootOf(source) == &rootOf(destination)) {
    // Sub-buffers of one buffer: their spans in it must not meet.
    const std::size_t source_start =
        rectStart(rect.buffer_origin, rect.buffer_row_pitch, rect.buffer_slice_pitch);
    const std::size_t source_end =
        rectEnd(rect.buffer_origin, rect.region, rect.buffer_row_pitch, rect.buffer_slice_pitch);
    const std::size_t destination_start =
        rectStart(rect.host_origin, rect.host_row_pitch, rect.host_slice_pitch);
    if (rangesOverlap(rootOffset(source) + source_start, source_end - source_start,
                      rootOffset(destination) + destination_start,
                      destination_end - destination_start))
      return refuse(CL_MEM_COPY_OVERLAP,
                    "the source and destination rectangles overlap in their parent buffer");
  }
  EventOut out(event);
  return coreResult(
      core::enqueueCopyBufferRect(*queue, source, destination, rect,
                                  command(CL_COMMAND_COPY_BUFFER_RECT, num_events_in_wait_list,
                                          event_wait_list, false, recording),
                                  out.get()),
      "the copy");
}

cl_int fillBuffer(cl_command_queue command_queue, cl_mem buffer, const void *pattern,
                  size_t pattern_size, size_t offset, size_t size, cl_uint num_events_in_wait_list,
                  const cl_event *event_wait_list, cl_event *event,
                  const core::Recording *recording) {
  core::Queue *queue;
  cl_int error = checkCommand(command_queue, {buffer}, MemKind::buffer, num_events_in_wait_list,
                              event_wait_list, queue);
  if (error != CL_SUCCESS)
    return error;
  core::Memory &memory = memoryOf(buffer);
  if ((error = checkFill(pattern, pattern_size, offset, size, memory.size())) != CL_SUCCESS)
    return error;
  EventOut out(event);
  return coreResult(core::enqueueFillBuffer(*queue, memory, pattern, pattern_size, offset, size,
                                            command(CL_COMMAND_FILL_BUFFER, num_events_in_wait_list,
                                                    event_wait_list, false, recording),
                                            out.get()),
                    "the fill");
}

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                  cl_bool blocking_read, size_t offset, size_t size,
                                                  void *ptr, cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event) {
  return guarded(__func__, [&] {
    return transferBuffer(command_queue, buffer, HostAccess::read, CL_COMMAND_READ_BUFFER,
                          blocking_read, offset, size, ptr, num_events_in_wait_list,
                          event_wait_list, event, core::enqueueReadBuffer);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                   cl_bool blocking_write, size_t offset,
                                                   size_t size, const void *ptr,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  return guarded(__func__, [&] {
    return transferBuffer(command_queue, buffer, HostAccess::write, CL_COMMAND_WRITE_BUFFER,
                          blocking_write, offset, size, ptr, num_events_in_wait_list,
                          event_wait_list, event, core::enqueueWriteBuffer);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueReadBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, void *ptr, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return transferRect(command_queue, buffer, HostAccess::read, CL_COMMAND_READ_BUFFER_RECT,
                        blocking_read, buffer_origin, host_origin, region, buffer_row_pitch,
                        buffer_slice_pitch, host_row_pitch, host_slice_pitch, ptr,
                        num_events_in_wait_list, event_wait_list, event,
                        core::enqueueReadBufferRect);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueWriteBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, const void *ptr, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return transferRect(command_queue, buffer, HostAccess::write, CL_COMMAND_WRITE_BUFFER_RECT,
                        blocking_write, buffer_origin, host_origin, region, buffer_row_pitch,
                        buffer_slice_pitch, host_row_pitch, host_slice_pitch, ptr,
                        num_events_in_wait_list, event_wait_list, event,
                        core::enqueueWriteBufferRect);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue command_queue, cl_mem src_buffer,
                                                  cl_mem dst_buffer, size_t src_offset,
                                                  size_t dst_offset, size_t size,
                                                  cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event) {
  return guarded(__func__, [&] {
    return copyBuffer(command_queue, src_buffer, dst_buffer, src_offset, dst_offset, size,
                      num_events_in_wait_list, event_wait_list, event, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueCopyBufferRect(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer, const size_t *src_origin,
    const size_t *dst_origin, const size_t *region, size_t src_row_pitch, size_t src_slice_pitch,
    size_t dst_row_pitch, size_t dst_slice_pitch, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return guarded(__func__, [&] {
    return copyBufferRect(command_queue, src_buffer, dst_buffer, src_origin, dst_origin, region,
                          src_row_pitch, src_slice_pitch, dst_row_pitch, dst_slice_pitch,
                          num_events_in_wait_list, event_wait_list, event, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                  const void *pattern, size_t pattern_size,
                                                  size_t offset, size_t size,
                                                  cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event) {
  return guarded(__func__, [&] {
    return fillBuffer(command_queue, buffer, pattern, pattern_size, offset, size,
                      num_events_in_wait_list, event_wait_list, event, nullptr);
  });
}

CLCUDA_API void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                cl_bool blocking_map, cl_map_flags map_flags,
                                                size_t offset, size_t size,
                                                cl_uint num_events_in_wait_list,
                                                const cl_event *event_wait_list, cl_event *event,
                                                cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> void * {
    core::Queue *queue;
    if ((error = checkCommand(command_queue, {buffer}, MemKind::buffer, num_events_in_wait_list,
                              event_wait_list, queue)) != CL_SUCCESS)
      return nullptr;
    core::Memory &memory = memoryOf(buffer);
    // Unlike reads, writes, copies and fills, a map may not be empty.
    if (size == 0)
      return failWith<void *>(error, CL_INVALID_VALUE, "size is 0");
    if (!inBounds(offset, size, memory.size())) {
      error = outOfBounds("offset", offset, size, memory.size());
      return nullptr;
    }
    if ((error = checkMapFlags(map_flags, memory.flags())) != CL_SUCCESS)
      return nullptr;
    EventOut out(event);
    void *mapped = nullptr;
    error =
        coreResult(core::enqueueMapBuffer(*queue, memory, map_flags, offset, size,
                                          command(CL_COMMAND_MAP_BUFFER, num_events_in_wait_list,
                                                  event_wait_list, blocking_map),
                                          out.get(), mapped),
                   "the map");
    return mapped;
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue command_queue, cl_mem memobj,
                                                      void *mapped_ptr,
                                                      cl_uint num_events_in_wait_list,
                                                      const cl_event *event_wait_list,
                                                      cl_event *event) {
  return guarded(__func__, [&] {
    core::Queue *queue;
    cl_int error = checkCommand(command_queue, {memobj}, MemKind::any, num_events_in_wait_list,
                                event_wait_list, queue);
    if (error != CL_SUCCESS)
      return error;
    if (!mapped_ptr)
      return refuse(CL_INVALID_VALUE, "mapped_ptr is NULL");
    EventOut out(event);
    error = core::enqueueUnmap(
        *queue, memoryOf(memobj), mapped_ptr,
        command(CL_COMMAND_UNMAP_MEM_OBJECT, num_events_in_wait_list, event_wait_list), out.get());
    if (error == CL_INVALID_VALUE)
      return refuse(error, "mapped_ptr is not a pointer that mapping memobj returned");
    return coreResult(error, "the unmap");
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueMigrateMemObjects(
    cl_command_queue command_queue, cl_uint num_mem_objects, const cl_mem *mem_objects,
    cl_mem_migration_flags flags, cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
    cl_event *event) {
  return guarded(__func__, [&] {
    core::Queue *queue = fromHandle<core::Queue>(command_queue);
    if (!queue)
      return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
    if (num_mem_objects == 0 || !mem_objects)
      return refuse(CL_INVALID_VALUE,
                    num_mem_objects ? "mem_objects is NULL" : "num_mem_objects is 0");
    if (flags & ~(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
      return refuse(CL_INVALID_VALUE, "flags has unknown bits " + hexText(flags));
    std::vector<core::Ref<core::Memory>> buffers;
    for (cl_uint i = 0; i < num_mem_objects; ++i) {
      core::Memory *memory = fromHandle<core::Memory>(mem_objects[i]);
      if (!memory)
        return refuse(CL_INVALID_MEM_OBJECT,
                      "mem_objects[" + std::to_string(i) + "] is not a valid cl_mem");
      if (&memory->context() != &queue->context())
        return refuse(CL_INVALID_CONTEXT, "mem_objects[" + std::to_string(i) +
                                              "] belongs to another context than command_queue");
      buffers.emplace_back(memory);
    }
    cl_int error = checkWaitList(queue->context(), num_events_in_wait_list, event_wait_list);
    if (error != CL_SUCCESS)
      return error;
    EventOut out(event);
    return coreResult(core::enqueueMigrate(*queue, std::move(buffers), flags,
                                           command(CL_COMMAND_MIGRATE_MEM_OBJECTS,
                                                   num_events_in_wait_list, event_wait_list),
                                           out.get()),
                      "the migration");
  });
}
