// Command queues and the one mechanism every command goes through.
//
// A command is (type, queue, wait list, a function that issues its CUDA work
// on a stream) and yields an event. Markers, barriers, copies, fills, maps
// and kernel launches are all commands. An in-order queue is one
// non-blocking CUstream; an out-of-order queue spreads commands over a pool
// of streams and orders dependent ones with CUevents. A command whose wait
// list holds an event that is not yet in a CUDA stream (a user event, or a
// command held itself) is held host-side and submitted when that event is
// submitted or finishes; the enqueuing thread never blocks for it.
// docs/shim.md, "Queues, commands and events", tells the whole story.
#pragma once

#include "context.h"
#include "event.h"

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace clcuda::core {

enum class CommandKind {
  normal,
  marker,  // completes after its wait list, or after all previous commands
  barrier, // a marker that later commands also wait for
};

struct Recording;

struct Command {
  cl_command_type type;
  cl_uint num_events = 0;
  const cl_event *wait_list = nullptr; // validated by the API layer
  CommandKind kind = CommandKind::normal;
  bool blocking = false;
  // Set when the command goes into a command buffer instead of the queue
  // (core/command_buffer.h); it then has no wait list and no event.
  const Recording *recording = nullptr;
};

// The CUDA work of a command: issues it on `stream` (it may also do host
// work first, e.g. fill staging buffers) and returns the first CUDA error.
using IssueFunction = std::function<CUresult(CUstream)>;

// Records `issue` into the command buffer `recording` names (command_buffer.cpp).
cl_int recordCommand(const Recording &recording, cl_command_type type, IssueFunction issue);

// A non-owning reference to a callable CUresult(CUstream): the no-allocation
// way to pass a command's work when it is issued at once.
class IssueRef {
public:
  template <class F>
  IssueRef(F &function) // NOLINT(google-explicit-constructor)
      : object_(&function),
        call_([](void *object, CUstream stream) { return (*static_cast<F *>(object))(stream); }) {}
  CUresult operator()(CUstream stream) const { return call_(object_, stream); }

private:
  void *object_;
  CUresult (*call_)(void *, CUstream);
};

class Queue;

// A command waiting host-side for its dependencies to be submitted.
class HeldCommand {
public:
  struct Dependency {
    Ref<Event> event;
    bool propagates_failure; // wait-list entries do; implicit ordering does not
  };
  HeldCommand(Queue &queue, Ref<Event> event, CommandKind kind, bool all_previous,
              std::vector<Dependency> dependencies, IssueFunction issue);
  // Registers with the dependencies; returns true if all are resolved.
  bool arm();
  // Called once per dependency when it is submitted or finishes.
  void dependencyResolved();
  bool ready() const { return unresolved_.load(std::memory_order_acquire) == 0; }

private:
  friend class Queue;
  Ref<Queue> queue_;
  Ref<Event> event_;
  CommandKind kind_;
  bool all_previous_;
  std::vector<Dependency> dependencies_;
  IssueFunction issue_;
  std::atomic<int> unresolved_{1};
};

class Queue : public Object<Queue, Tag::queue> {
public:
  static cl_int create(Context &context, Device &device, cl_command_queue_properties properties,
                       std::vector<cl_queue_properties> properties_array, Queue *&out);

  Context &context() const { return *context_; }
  Device &device() const { return *device_; }
  cl_command_queue_properties properties() const;
  const std::vector<cl_queue_properties> &propertiesArray() const { return properties_array_; }
  bool profiling() const { return properties() & CL_QUEUE_PROFILING_ENABLE; }
  bool outOfOrder() const { return properties() & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE; }

  // Enqueues a command; `issue` is called with the stream, now or later.
  // When the command may be held, `issue` is moved into an IssueFunction, so
  // it must own (capture by value, retain) everything it uses.
  // A command with a `recording` is recorded into its command buffer instead.
  template <class Issue> cl_int enqueue(const Command &command, Issue &&issue, Event **event_out) {
    return enqueueBorrowing(
        command, issue, [&] { return IssueFunction(std::forward<Issue>(issue)); }, event_out);
  }
  // As enqueue, for an `issue` that borrows what it uses (the caller's
  // stack, a kernel's argument block) and so costs no copy when issued at
  // once: when the command must be held, `own()` makes the function that
  // owns copies instead.
  template <class Issue, class Own>
  cl_int enqueueBorrowing(const Command &command, Issue &issue, Own &&own, Event **event_out) {
    if (command.recording)
      return recordCommand(*command.recording, command.type, own());
    Enqueue operation(*this, command, event_out);
    switch (operation.path()) {
    case Enqueue::Path::issue:
      operation.issue(IssueRef(issue));
      break;
    case Enqueue::Path::hold:
      operation.hold(own());
      break;
    case Enqueue::Path::fail:
      break;
    }
    return operation.complete();
  }

  // clFinish: waits for every command enqueued so far.
  cl_int finish();
  // clSetCommandQueueProperty: waits for the queue, then changes the bits.
  cl_int setProperties(cl_command_queue_properties bits, bool enable,
                       cl_command_queue_properties *old_properties);

  // For Context::recordFence: an event on each stream this queue used.
  CUresult recordTails(std::vector<SharedEvent> &tails);

  void destroy();

private:
  struct StreamSlot {
    cuda::UniqueStream stream;
    bool used = false;               // ever, for fences
    bool used_since_barrier = false; // for markers and barriers
    std::uint64_t barrier_seen = 0;  // the barrier epoch this stream waited for
  };

  // Events to publish or finish once the queue's lock is released.
  struct Notifications {
    std::vector<Ref<Event>> submitted;
    std::vector<std::pair<Ref<Event>, cl_int>> finished;
    void deliver();
  };

  // One enqueue, from analysis under the lock to the caller's return.
  class Enqueue {
  public:
    enum class Path { issue, hold, fail };
    Enqueue(Queue &queue, const Command &command, Event **event_out);
    Path path() const { return path_; }
    void issue(IssueRef function);
    void hold(IssueFunction function);
    cl_int complete();

  private:
    Queue &queue_;
    const Command &command_;
    Event **event_out_;
    std::unique_lock<std::mutex> lock_;
    Path path_ = Path::issue;
    cl_int error_ = CL_SUCCESS;
    std::uint64_t queued_ns_ = 0;
    Ref<Event> event_;
    PooledEvent blocking_done_;
    // A blocking command of an in-order queue waits for its stream instead.
    CUstream blocking_stream_ = nullptr;
    Notifications notifications_;
    // Commands submitted during this enqueue; destroyed after the unlock.
    std::vector<std::unique_ptr<HeldCommand>> submitted_held_;
  };

  friend class HeldCommand;

  Queue(Context &context, Device &device, cl_command_queue_properties properties,
        std::vector<cl_queue_properties> properties_array);

  Ref<Event> newEvent(cl_command_type type, bool for_application);
  StreamSlot *pickStream(CUstream preferred, cl_int &error);
  CUresult waitForDependency(StreamSlot &slot, const Event::Readiness &readiness);
  // Issues a command whose dependencies are met, under the lock.
  cl_int submitLocked(StreamSlot &slot, CommandKind kind, bool all_previous, IssueRef issue,
                      Event *event, PooledEvent *blocking_done, Notifications &notifications);
  cl_int submitHeld(HeldCommand &command, Notifications &notifications);
  // Waits until `stream` has done what it holds: a poll first (no event),
  // then a sleep on an event behind it. Commands enqueued meanwhile may be
  // waited for too, never fewer.
  CUresult waitForStream(CUstream stream);
  void heldCommandReady();
  void drainHeld(std::vector<std::unique_ptr<HeldCommand>> &finished, Notifications &notifications);

  Ref<Context> context_;
  Device *device_;
  std::atomic<cl_command_queue_properties> properties_;
  std::vector<cl_queue_properties> properties_array_;

  std::mutex mutex_;
  std::vector<StreamSlot> streams_;
  std::size_t next_stream_ = 0;
  std::deque<std::unique_ptr<HeldCommand>> held_;
  Ref<Event> barrier_; // the last barrier (out-of-order queues)
  std::uint64_t barrier_epoch_ = 0;
};

template <> struct HandleOf<Queue> { using type = cl_command_queue; };

} // namespace clcuda::core
