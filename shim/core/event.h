// Events: a command's event or a user event. Status, callbacks, waits,
// profiling, and the listener hooks queues use to hold commands host-side.
#pragma once

#include "context.h"
#include "device_runtime.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

namespace clcuda::core {

class Queue;
class HeldCommand;

using EventCallback = void(CL_CALLBACK *)(cl_event, cl_int, void *);

class Event : public Object<Event, Tag::event> {
public:
  // A user event: CL_SUBMITTED until clSetUserEventStatus.
  static Event *createUser(Context &context);
  // A command's event: CL_QUEUED until the queue submits the command.
  static Event *createCommand(Queue &queue, cl_command_type type);

  Context &context() const { return *context_; }
  Queue *queue() const;
  cl_command_type commandType() const { return type_; }
  bool isUserEvent() const { return is_user_; }

  // The status now; notices GPU completion with a non-blocking query, so a
  // polling application sees CL_COMPLETE without any blocking call.
  cl_int executionStatus();
  // Blocks until the event completed or failed; returns the final status.
  cl_int wait();
  cl_int setUserStatus(cl_int status);
  cl_int addCallback(cl_int status, EventCallback callback, void *user_data);
  cl_int profilingInfo(cl_profiling_info param, cl_ulong &value);

  // ---- used by queues ----
  struct Readiness {
    bool failed;     // finished with a negative status
    bool resolved;   // complete, failed, or submitted to a CUDA stream
    CUevent done;    // set while submitted and not known complete
    CUstream stream; // the stream it was submitted on
  };
  Readiness readiness();
  // Registers `command` to hear (dependencyResolved) when this event is
  // submitted or finishes; false, registering nothing, if that happened.
  bool listen(HeldCommand *command);
  void setQueuedTime(std::uint64_t ns) { queued_ns_ = ns; }
  // Called under the queue's lock right after the command's CUDA work:
  // `done` is recorded after it, `start` (profiling only) before it.
  void setSubmitted(CUstream stream, PooledEvent start, PooledEvent done, std::uint64_t submit_ns,
                    std::shared_ptr<const ClockPoint> clock);
  // Called after the queue's lock is released: wakes listeners, runs
  // CL_SUBMITTED callbacks, starts a completion watch if callbacks wait.
  void publishSubmitted();
  // Completes (CL_COMPLETE) or fails (negative) the event, once.
  void finish(cl_int status);

private:
  Event(Context &context, Queue *queue, cl_command_type type, cl_int status);

  struct Callback {
    cl_int status;
    EventCallback function;
    void *user_data;
  };
  void deliver(std::vector<Callback> callbacks, cl_int failure);
  void startWatch();
  bool resolveProfilingTimes();

  Ref<Context> context_;
  Ref<Queue> queue_;
  cl_command_type type_;
  bool is_user_;

  std::atomic<cl_int> status_;
  std::atomic<bool> submitted_{false};
  CUstream stream_ = nullptr;
  PooledEvent start_, done_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Callback> callbacks_;
  std::vector<HeldCommand *> listeners_;
  bool listeners_fired_ = false;
  bool watching_ = false;

  std::uint64_t queued_ns_ = 0, submit_ns_ = 0, start_ns_ = 0, end_ns_ = 0;
  std::shared_ptr<const ClockPoint> clock_;
  bool profiling_resolved_ = false;
};

template <> struct HandleOf<Event> { using type = cl_event; };

} // namespace clcuda::core
