#include "commands.h"

namespace clcuda::api {

cl_int checkCommand(cl_command_queue command_queue, std::initializer_list<cl_mem> objects,
                    MemKind kind, cl_uint num_events, const cl_event *events, core::Queue *&queue) {
  queue = fromHandle<core::Queue>(command_queue);
  if (!queue)
    return CL_INVALID_COMMAND_QUEUE;
  for (cl_mem handle : objects) {
    core::Memory *memory = fromHandle<core::Memory>(handle);
    const bool image = memory && memory->image();
    if (!memory || (kind == MemKind::buffer && image) || (kind == MemKind::image && !image))
      return CL_INVALID_MEM_OBJECT;
    if (&memory->context() != &queue->context())
      return CL_INVALID_CONTEXT;
  }
  return checkWaitList(queue->context(), num_events, events);
}

} // namespace clcuda::api
