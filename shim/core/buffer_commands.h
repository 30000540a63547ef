// The buffer commands: each one is a Queue::enqueue with a function that
// issues its copy, fill, map or prefetch. Arguments are valid (the API layer
// checked them against the spec).
#pragma once

#include "memory.h"
#include "queue.h"
#include "transfer.h"

#include <array>
#include <vector>

namespace clcuda::core {

struct BufferRect {
  std::array<std::size_t, 3> buffer_origin; // bytes, rows, slices
  std::array<std::size_t, 3> host_origin;
  std::array<std::size_t, 3> region; // bytes per row, rows, slices
  std::size_t buffer_row_pitch, buffer_slice_pitch;
  std::size_t host_row_pitch, host_slice_pitch;
};

cl_int enqueueReadBuffer(Queue &queue, Memory &buffer, std::size_t offset, std::size_t size,
                         void *pointer, const Command &command, Event **event);
cl_int enqueueWriteBuffer(Queue &queue, Memory &buffer, std::size_t offset, std::size_t size,
                          const void *pointer, const Command &command, Event **event);
cl_int enqueueReadBufferRect(Queue &queue, Memory &buffer, const BufferRect &rect, void *pointer,
                             const Command &command, Event **event);
cl_int enqueueWriteBufferRect(Queue &queue, Memory &buffer, const BufferRect &rect,
                              const void *pointer, const Command &command, Event **event);
cl_int enqueueCopyBuffer(Queue &queue, Memory &source, Memory &destination,
                         std::size_t source_offset, std::size_t destination_offset,
                         std::size_t size, const Command &command, Event **event);
// `source` is the rect's buffer side, `destination` its host side.
cl_int enqueueCopyBufferRect(Queue &queue, Memory &source, Memory &destination,
                             const BufferRect &rect, const Command &command, Event **event);
// Fills `size` bytes at `address` with the pattern (buffers and SVM
// memory); `owner`, when given, is held until the fill is issued.
cl_int enqueueFill(Queue &queue, CUdeviceptr address, Ref<Memory> owner, const void *pattern,
                   std::size_t pattern_size, std::size_t size, const Command &command,
                   Event **event);
cl_int enqueueFillBuffer(Queue &queue, Memory &buffer, const void *pattern,
                         std::size_t pattern_size, std::size_t offset, std::size_t size,
                         const Command &command, Event **event);
cl_int enqueueMapBuffer(Queue &queue, Memory &buffer, cl_map_flags flags, std::size_t offset,
                        std::size_t size, const Command &command, Event **event, void *&mapped);
cl_int enqueueUnmap(Queue &queue, Memory &buffer, void *mapped, const Command &command,
                    Event **event);
cl_int enqueueMigrate(Queue &queue, std::vector<Ref<Memory>> buffers, cl_mem_migration_flags flags,
                      const Command &command, Event **event);

} // namespace clcuda::core
