#include "buffer_commands.h"
#include "image_commands.h"

#include <cstring>

namespace clcuda::core {

using cuda::api;

namespace {

RectSide bufferSide(const Memory &buffer, const BufferRect &rect) {
  return {buffer.address(), rect.buffer_origin, rect.buffer_row_pitch, rect.buffer_slice_pitch};
}

RectSide hostSide(const void *pointer, const BufferRect &rect) {
  return {CUdeviceptr(pointer), rect.host_origin, rect.host_row_pitch, rect.host_slice_pitch};
}

// A blocking read of a USE_HOST_PTR buffer also refreshes host_ptr, so the
// application sees the contents there too (docs/shim.md, "Memory model").
void *hostPtrToRefresh(const Memory &buffer, const Command &command, const void *destination,
                       std::size_t offset) {
  char *host = static_cast<char *>(buffer.hostPtr());
  if (!command.blocking || !host || buffer.isHostStorage() || host + offset == destination)
    return nullptr;
  return host;
}

} // namespace

cl_int enqueueReadBuffer(Queue &queue, Memory &buffer, std::size_t offset, std::size_t size,
                         void *pointer, const Command &command, Event **event) {
  char *refresh = static_cast<char *>(hostPtrToRefresh(buffer, command, pointer, offset));
  auto issue = [source = Ref<Memory>(&buffer), runtime = &queue.device().runtime(), offset, size,
                pointer, refresh](CUstream stream) {
    CUresult result = copyToHost(*runtime, stream, pointer, source->address() + offset, size);
    if (result == CUDA_SUCCESS && refresh)
      result = copyToHost(*runtime, stream, refresh + offset, source->address() + offset, size);
    return result;
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueWriteBuffer(Queue &queue, Memory &buffer, std::size_t offset, std::size_t size,
                          const void *pointer, const Command &command, Event **event) {
  auto issue = [destination = Ref<Memory>(&buffer), runtime = &queue.device().runtime(), offset,
                size, pointer](CUstream stream) {
    return copyToDevice(*runtime, stream, destination->address() + offset, pointer, size);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueReadBufferRect(Queue &queue, Memory &buffer, const BufferRect &rect, void *pointer,
                             const Command &command, Event **event) {
  void *refresh = hostPtrToRefresh(buffer, command, pointer, 0);
  auto issue = [source = Ref<Memory>(&buffer), runtime = &queue.device().runtime(), rect, pointer,
                refresh](CUstream stream) {
    CUresult result =
        copyRect(*runtime, stream, bufferSide(*source, rect), hostSide(pointer, rect), rect.region);
    if (result == CUDA_SUCCESS && refresh) {
      RectSide mirror = bufferSide(*source, rect);
      mirror.base = CUdeviceptr(refresh);
      result = copyRect(*runtime, stream, bufferSide(*source, rect), mirror, rect.region);
    }
    return result;
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueWriteBufferRect(Queue &queue, Memory &buffer, const BufferRect &rect,
                              const void *pointer, const Command &command, Event **event) {
  auto issue = [destination = Ref<Memory>(&buffer), runtime = &queue.device().runtime(), rect,
                pointer](CUstream stream) {
    return copyRect(*runtime, stream, hostSide(pointer, rect), bufferSide(*destination, rect),
                    rect.region);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueCopyBuffer(Queue &queue, Memory &source, Memory &destination,
                         std::size_t source_offset, std::size_t destination_offset,
                         std::size_t size, const Command &command, Event **event) {
  auto issue = [from = Ref<Memory>(&source), to = Ref<Memory>(&destination),
                runtime = &queue.device().runtime(), source_offset, destination_offset,
                size](CUstream stream) {
    return copyBuffer(*runtime, stream, to->address() + destination_offset,
                      from->address() + source_offset, size);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueCopyBufferRect(Queue &queue, Memory &source, Memory &destination,
                             const BufferRect &rect, const Command &command, Event **event) {
  auto issue = [from = Ref<Memory>(&source), to = Ref<Memory>(&destination),
                runtime = &queue.device().runtime(), rect](CUstream stream) {
    RectSide target = hostSide(nullptr, rect);
    target.base = to->address();
    return copyRect(*runtime, stream, bufferSide(*from, rect), target, rect.region);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueFill(Queue &queue, CUdeviceptr address, Ref<Memory> owner, const void *pattern,
                   std::size_t pattern_size, std::size_t size, const Command &command,
                   Event **event) {
  std::array<unsigned char, 128> bytes{}; // the spec lets the caller free `pattern` at once
  std::memcpy(bytes.data(), pattern, pattern_size);
  auto issue = [owner = std::move(owner), runtime = &queue.device().runtime(), address, bytes,
                pattern_size, size](CUstream stream) {
    return fill(*runtime, stream, address, bytes.data(), pattern_size, size);
  };
  return queue.enqueue(command, issue, event);
}

cl_int enqueueFillBuffer(Queue &queue, Memory &buffer, const void *pattern,
                         std::size_t pattern_size, std::size_t offset, std::size_t size,
                         const Command &command, Event **event) {
  return enqueueFill(queue, buffer.address() + offset, Ref<Memory>(&buffer), pattern, pattern_size,
                     size, command, event);
}

cl_int enqueueMapBuffer(Queue &queue, Memory &buffer, cl_map_flags flags, std::size_t offset,
                        std::size_t size, const Command &command, Event **event, void *&mapped) {
  void *pointer = nullptr;
  cl_int error = buffer.beginMap(offset, size, flags, pointer);
  if (error != CL_SUCCESS)
    return error;
  const bool copy = !buffer.isHostStorage() && !(flags & CL_MAP_WRITE_INVALIDATE_REGION);
  auto issue = [source = Ref<Memory>(&buffer), runtime = &queue.device().runtime(), pointer, offset,
                size, copy](CUstream stream) {
    return copy ? copyToHost(*runtime, stream, pointer, source->address() + offset, size)
                : CUDA_SUCCESS;
  };
  error = queue.enqueue(command, issue, event);
  if (error != CL_SUCCESS) {
    Memory::Mapping mapping;
    buffer.endMap(pointer, mapping);
    return error;
  }
  mapped = pointer;
  return CL_SUCCESS;
}

cl_int enqueueUnmap(Queue &queue, Memory &buffer, void *mapped, const Command &command,
                    Event **event) {
  Memory::Mapping mapping;
  if (!buffer.endMap(mapped, mapping))
    return CL_INVALID_VALUE;
  const bool copy =
      !buffer.isHostStorage() && (mapping.flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION));
  auto issue = [destination = Ref<Memory>(&buffer), runtime = &queue.device().runtime(), mapping,
                copy](CUstream stream) {
    if (!copy)
      return CUDA_SUCCESS;
    destination->noteWritten();
    if (mapping.rect) // an image: its rows only, not the bytes between them
      return copyRect(*runtime, stream, mappedImageSide(*destination, mapping),
                      imageSide(*destination, mapping.rect->origin), mapping.rect->region);
    return copyToDevice(*runtime, stream, destination->address() + mapping.offset, mapping.pointer,
                        mapping.size);
  };
  cl_int error = queue.enqueue(command, issue, event);
  if (error != CL_SUCCESS)
    buffer.restoreMap(mapping);
  return error;
}

cl_int enqueueMigrate(Queue &queue, std::vector<Ref<Memory>> buffers, cl_mem_migration_flags flags,
                      const Command &command, Event **event) {
  // Managed memory (multi-device contexts) is prefetched where it will be
  // used; other storage lives in one place, so the command only orders.
  CUmemLocation location{};
  location.type = (flags & CL_MIGRATE_MEM_OBJECT_HOST) ? CU_MEM_LOCATION_TYPE_HOST
                                                       : CU_MEM_LOCATION_TYPE_DEVICE;
  location.id = (flags & CL_MIGRATE_MEM_OBJECT_HOST) ? 0 : int(queue.device().cudaDevice());
  const bool prefetch = queue.device().properties().concurrent_managed_access;
  auto issue = [buffers = std::move(buffers), location, prefetch](CUstream stream) {
    CUresult result = CUDA_SUCCESS;
    for (const Ref<Memory> &buffer : buffers)
      if (prefetch && buffer->isManaged() && result == CUDA_SUCCESS)
        result = api().cuMemPrefetchAsync(buffer->address(), buffer->size(), location, 0, stream);
    return result;
  };
  return queue.enqueue(command, issue, event);
}

} // namespace clcuda::core
