#include "commands.h"

namespace clcuda::api {

cl_int checkCommand(cl_command_queue command_queue, std::initializer_list<cl_mem> objects,
                    MemKind kind, cl_uint num_events, const cl_event *events, core::Queue *&queue) {
  queue = fromHandle<core::Queue>(command_queue);
  if (!queue)
    return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
  for (cl_mem handle : objects) {
    core::Memory *memory = fromHandle<core::Memory>(handle);
    const bool image = memory && memory->image();
    if (!memory)
      return refuse(CL_INVALID_MEM_OBJECT, "a memory object argument is not a valid cl_mem");
    if (kind == MemKind::buffer && image)
      return refuse(CL_INVALID_MEM_OBJECT, "an image where the command takes a buffer");
    if (kind == MemKind::image && !image)
      return refuse(CL_INVALID_MEM_OBJECT, "a buffer where the command takes an image");
    if (&memory->context() != &queue->context())
      return refuse(CL_INVALID_CONTEXT,
                    "a memory object and command_queue belong to different contexts");
  }
  return checkWaitList(queue->context(), num_events, events);
}

} // namespace clcuda::api
