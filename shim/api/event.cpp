// Event entry points, markers and barriers.
#include "common.h"
#include "info_tables.h"

#include "core/queue.h"

namespace clcuda::api {

const InfoTable<core::Event> &eventInfoTable() {
  static const InfoTable<core::Event> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Event, event, param, type, expression)
#include "info/event_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

namespace {

// Markers and barriers: commands with no CUDA work of their own.
cl_int enqueueSynchronization(cl_command_queue command_queue, cl_command_type type,
                              core::CommandKind kind, cl_uint num_events, const cl_event *events,
                              cl_event *event) {
  core::Queue *queue = fromHandle<core::Queue>(command_queue);
  if (!queue)
    return CL_INVALID_COMMAND_QUEUE;
  cl_int error = checkWaitList(queue->context(), num_events, events);
  if (error != CL_SUCCESS)
    return error;
  EventOut out(event);
  auto nothing = [](CUstream) { return CUDA_SUCCESS; };
  return queue->enqueue(core::Command{type, num_events, events, kind, false}, nothing, out.get());
}

bool validProfilingParam(cl_profiling_info param) {
  switch (param) {
  case CL_PROFILING_COMMAND_QUEUED:
  case CL_PROFILING_COMMAND_SUBMIT:
  case CL_PROFILING_COMMAND_START:
  case CL_PROFILING_COMMAND_END:
  case CL_PROFILING_COMMAND_COMPLETE:
    return true;
  default:
    return false;
  }
}

} // namespace

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_event CL_API_CALL clCreateUserEvent(cl_context context, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_event {
    core::Context *object = fromHandle<core::Context>(context);
    if (!object) {
      error = CL_INVALID_CONTEXT;
      return nullptr;
    }
    return toHandle(core::Event::createUser(*object));
  });
}

CLCUDA_API cl_int CL_API_CALL clSetUserEventStatus(cl_event event, cl_int execution_status) {
  return guarded(__func__, [&] {
    core::Event *object = fromHandle<core::Event>(event);
    if (!object || !object->isUserEvent())
      return CL_INVALID_EVENT;
    if (execution_status > CL_COMPLETE)
      return CL_INVALID_VALUE;
    return object->setUserStatus(execution_status);
  });
}

CLCUDA_API cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list) {
  return guarded(__func__, [&] {
    if (num_events == 0 || !event_list)
      return CL_INVALID_VALUE;
    std::vector<core::Event *> events;
    for (cl_uint i = 0; i < num_events; ++i) {
      core::Event *event = fromHandle<core::Event>(event_list[i]);
      if (!event)
        return CL_INVALID_EVENT;
      if (!events.empty() && &event->context() != &events.front()->context())
        return CL_INVALID_CONTEXT;
      events.push_back(event);
    }
    cl_int result = CL_SUCCESS;
    for (core::Event *event : events)
      if (event->wait() < 0)
        result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    return result;
  });
}

CLCUDA_API cl_int CL_API_CALL clGetEventInfo(cl_event event, cl_event_info param_name,
                                             size_t param_value_size, void *param_value,
                                             size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Event>(event, CL_INVALID_EVENT, eventInfoTable(), param_name,
                                      param_value_size, param_value, param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                                                 void(CL_CALLBACK *pfn_notify)(cl_event, cl_int,
                                                                               void *),
                                                 void *user_data) {
  return guarded(__func__, [&] {
    core::Event *object = fromHandle<core::Event>(event);
    if (!object)
      return CL_INVALID_EVENT;
    if (!pfn_notify ||
        (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
         command_exec_callback_type != CL_COMPLETE))
      return CL_INVALID_VALUE;
    return object->addCallback(command_exec_callback_type, pfn_notify, user_data);
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainEvent(cl_event event) {
  return guarded(__func__, [&] {
    return changeReferences<core::Event>(event, CL_INVALID_EVENT, &core::Event::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseEvent(cl_event event) {
  return guarded(__func__, [&] {
    return changeReferences<core::Event>(event, CL_INVALID_EVENT, &core::Event::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    core::Event *object = fromHandle<core::Event>(event);
    if (!object)
      return CL_INVALID_EVENT;
    if (!validProfilingParam(param_name))
      return CL_INVALID_VALUE;
    cl_ulong value = 0;
    cl_int error = object->profilingInfo(param_name, value);
    if (error != CL_SUCCESS)
      return error;
    return writeInfoValue(value, param_value_size, param_value, param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueMarker(cl_command_queue command_queue, cl_event *event) {
  return guarded(__func__, [&] {
    if (!fromHandle<core::Queue>(command_queue))
      return CL_INVALID_COMMAND_QUEUE;
    if (!event)
      return CL_INVALID_VALUE;
    return enqueueSynchronization(command_queue, CL_COMMAND_MARKER, core::CommandKind::marker, 0,
                                  nullptr, event);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue command_queue) {
  return guarded(__func__, [&] {
    return enqueueSynchronization(command_queue, CL_COMMAND_BARRIER, core::CommandKind::barrier, 0,
                                  nullptr, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue command_queue,
                                                     cl_uint num_events,
                                                     const cl_event *event_list) {
  return guarded(__func__, [&] {
    core::Queue *queue = fromHandle<core::Queue>(command_queue);
    if (!queue)
      return CL_INVALID_COMMAND_QUEUE;
    if (num_events == 0 || !event_list)
      return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_events; ++i) {
      core::Event *event = fromHandle<core::Event>(event_list[i]);
      if (!event)
        return CL_INVALID_EVENT;
      if (&event->context() != &queue->context())
        return CL_INVALID_CONTEXT;
    }
    // Later commands wait for the events: a barrier on them.
    return enqueueSynchronization(command_queue, CL_COMMAND_BARRIER, core::CommandKind::barrier,
                                  num_events, event_list, nullptr);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue command_queue,
                                                          cl_uint num_events_in_wait_list,
                                                          const cl_event *event_wait_list,
                                                          cl_event *event) {
  return guarded(__func__, [&] {
    return enqueueSynchronization(command_queue, CL_COMMAND_MARKER, core::CommandKind::marker,
                                  num_events_in_wait_list, event_wait_list, event);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue command_queue,
                                                           cl_uint num_events_in_wait_list,
                                                           const cl_event *event_wait_list,
                                                           cl_event *event) {
  return guarded(__func__, [&] {
    return enqueueSynchronization(command_queue, CL_COMMAND_BARRIER, core::CommandKind::barrier,
                                  num_events_in_wait_list, event_wait_list, event);
  });
}
