// The checks every command on memory objects starts with (buffer and image
// commands alike).
#pragma once

#include "common.h"
#include "validation.h"

#include <initializer_list>

namespace clcuda::api {

enum class MemKind { buffer, image, any };

// A valid queue (CL_INVALID_COMMAND_QUEUE), live memory objects of `kind`
// (CL_INVALID_MEM_OBJECT) of the queue's context (CL_INVALID_CONTEXT), and
// the wait list.
cl_int checkCommand(cl_command_queue command_queue, std::initializer_list<cl_mem> objects,
                    MemKind kind, cl_uint num_events, const cl_event *events, core::Queue *&queue);

// The core::Memory of a handle checkCommand accepted.
inline core::Memory &memoryOf(cl_mem handle) { return *fromHandle<core::Memory>(handle); }

inline core::Command command(cl_command_type type, cl_uint num_events, const cl_event *events,
                             bool blocking = false) {
  return core::Command{type, num_events, events, core::CommandKind::normal, blocking};
}

} // namespace clcuda::api
