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
    return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
  cl_int error = checkWaitList(queue->context(), num_events, events);
  if (error != CL_SUCCESS)
    return error;
  EventOut out(event);
  auto nothing = [](CUstream) { return CUDA_SUCCESS; };
  return coreResult(
      queue->enqueue(core::Command{type, num_events, events, kind, false}, nothing, out.get()),
      kind == core::CommandKind::marker ? "the marker" : "the barrier");
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
    if (!object)
      return failWith<cl_event>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    return toHandle(core::Event::createUser(*object));
  });
}

CLCUDA_API cl_int CL_API_CALL clSetUserEventStatus(cl_event event, cl_int execution_status) {
  return guarded(__func__, [&] {
    core::Event *object = fromHandle<core::Event>(event);
    if (!object)
      return invalidHandle(CL_INVALID_EVENT, "event");
    if (!object->isUserEvent())
      return refuse(CL_INVALID_EVENT, "event is not a user event");
    if (execution_status > CL_COMPLETE)
      return refuse(CL_INVALID_VALUE, "execution_status is " + std::to_string(execution_status) +
                                          "; CL_COMPLETE or a negative error is valid");
    const cl_int error = object->setUserStatus(execution_status);
    return error == CL_INVALID_OPERATION
               ? refuse(error, "the user event's status has already been set")
               : coreResult(error, "setting the status");
  });
}

CLCUDA_API cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list) {
  return guarded(__func__, [&] {
    if (num_events == 0 || !event_list)
      return refuse(CL_INVALID_VALUE, num_events ? "event_list is NULL" : "num_events is 0");
    std::vector<core::Event *> events;
    for (cl_uint i = 0; i < num_events; ++i) {
      core::Event *event = fromHandle<core::Event>(event_list[i]);
      if (!event)
        return refuse(CL_INVALID_EVENT,
                      "event_list[" + std::to_string(i) + "] is not a valid cl_event");
      if (!events.empty() && &event->context() != &events.front()->context())
        return refuse(CL_INVALID_CONTEXT, "event_list[" + std::to_string(i) +
                                              "] belongs to another context than event_list[0]");
      events.push_back(event);
    }
    cl_int result = CL_SUCCESS;
    for (std::size_t i = 0; i < events.size(); ++i)
      if (events[i]->wait() < 0 && result == CL_SUCCESS)
        result = refuse(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                        "event_list[" + std::to_string(i) + "] ended in an error");
    return result;
  });
}

CLCUDA_API cl_int CL_API_CALL clGetEventInfo(cl_event event, cl_event_info param_name,
                                             size_t param_value_size, void *param_value,
                                             size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Event>(event, CL_INVALID_EVENT, "event", eventInfoTable(),
                                      param_name, param_value_size, param_value,
                                      param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                                                 void(CL_CALLBACK *pfn_notify)(cl_event, cl_int,
                                                                               void *),
                                                 void *user_data) {
  return guarded(__func__, [&] {
    core::Event *object = fromHandle<core::Event>(event);
    if (!object)
      return invalidHandle(CL_INVALID_EVENT, "event");
    if (!pfn_notify)
      return refuse(CL_INVALID_VALUE, "pfn_notify is NULL");
    if (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
        command_exec_callback_type != CL_COMPLETE)
      return refuse(CL_INVALID_VALUE, "command_exec_callback_type is " +
                                          std::to_string(command_exec_callback_type) +
                                          "; CL_SUBMITTED, CL_RUNNING or CL_COMPLETE is valid");
    return coreResult(object->addCallback(command_exec_callback_type, pfn_notify, user_data),
                      "adding the callback");
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainEvent(cl_event event) {
  return guarded(__func__, [&] {
    return changeReferences<core::Event>(event, CL_INVALID_EVENT, "event", &core::Event::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseEvent(cl_event event) {
  return guarded(__func__, [&] {
    return changeReferences<core::Event>(event, CL_INVALID_EVENT, "event", &core::Event::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    core::Event *object = fromHandle<core::Event>(event);
    if (!object)
      return invalidHandle(CL_INVALID_EVENT, "event");
    if (!validProfilingParam(param_name))
      return refuse(CL_INVALID_VALUE,
                    "param_name " + hexText(param_name) + " is not a profiling query");
    cl_ulong value = 0;
    cl_int error = object->profilingInfo(param_name, value);
    if (error == CL_PROFILING_INFO_NOT_AVAILABLE)
      return refuse(error, "the event is a user event, its queue lacks "
                           "CL_QUEUE_PROFILING_ENABLE, or its command has not completed");
    if (error != CL_SUCCESS)
      return coreResult(error, "reading the profiling times");
    return writeInfoValue(value, param_value_size, param_value, param_value_size_ret);
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueMarker(cl_command_queue command_queue, cl_event *event) {
  return guarded(__func__, [&] {
    if (!fromHandle<core::Queue>(command_queue))
      return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
    if (!event)
      return refuse(CL_INVALID_VALUE, "event is NULL");
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
      return invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
    if (num_events == 0 || !event_list)
      return refuse(CL_INVALID_VALUE, num_events ? "event_list is NULL" : "num_events is 0");
    for (cl_uint i = 0; i < num_events; ++i) {
      core::Event *event = fromHandle<core::Event>(event_list[i]);
      if (!event)
        return refuse(CL_INVALID_EVENT,
                      "event_list[" + std::to_string(i) + "] is not a valid cl_event");
      if (&event->context() != &queue->context())
        return refuse(CL_INVALID_CONTEXT, "event_list[" + std::to_string(i) +
                                              "] belongs to another context than command_queue");
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
