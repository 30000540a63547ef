// The base of every OpenCL object: the ICD dispatch pointer at offset 0, a
// type tag checked on every entry, and the two reference counts.
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl_icd.h>

#include <atomic>
#include <cstdint>
#include <utility>

namespace clcuda::core {

// One value per handle type; `dead` once the object is deleted, so a stale
// handle is rejected as long as its memory has not been reused.
enum class Tag : std::uint32_t {
  dead = 0,
  platform = 0x636c5001,
  device,
  context,
  queue,
  event,
  memory,
  program,
  kernel,
  sampler,
  command_buffer,
  mutable_command,
};

// What the ICD loader reads (dispatch) and what handle checks read (tag).
// Every handle points at one of these; it is the first base of every object
// and the objects have no virtual functions, so it sits at offset 0.
struct ObjectHeader {
  const cl_icd_dispatch *dispatch;
  std::atomic<Tag> tag;
};

// The dispatch table every object carries (shim/icd/dispatch.cpp).
const cl_icd_dispatch *icdDispatch();

// Reference counting as the spec has it, plus internal references.
//
// The API count is what clRetain*/clRelease* change and what
// CL_*_REFERENCE_COUNT reports. Internal references (Ref<T>) keep an object
// alive after the application released it: a queue for its events, a
// context for its queues and buffers, a buffer for a command still held
// behind a user event. All API references together hold one internal
// reference. When the internal count reaches zero, Derived::destroy() runs;
// by default it deletes the object, a type may defer that (a buffer waits
// for the GPU work that may still use it).
template <class Derived, Tag kTag> class Object : public ObjectHeader {
public:
  static constexpr Tag kTagValue = kTag;

  Object() : ObjectHeader{icdDispatch(), {kTag}} {}
  Object(const Object &) = delete;
  Object &operator=(const Object &) = delete;
  ~Object() { tag.store(Tag::dead, std::memory_order_relaxed); }

  void retain() { api_refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() {
    if (api_refs_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      releaseInternal();
  }
  cl_uint referenceCount() const { return api_refs_.load(std::memory_order_relaxed); }

  void retainInternal() { internal_refs_.fetch_add(1, std::memory_order_relaxed); }
  void releaseInternal() {
    if (internal_refs_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      static_cast<Derived *>(this)->destroy();
  }

  // The default end of life; a Derived that declares destroy() hides it.
  void destroy() { delete static_cast<Derived *>(this); }

private:
  std::atomic<cl_uint> api_refs_{1};
  std::atomic<cl_uint> internal_refs_{1};
};

// An internal reference: keeps the object alive, invisible to the API count.
template <class T> class Ref {
public:
  Ref() = default;
  Ref(T *object) : object_(object) { // NOLINT(google-explicit-constructor)
    if (object_)
      object_->retainInternal();
  }
  Ref(const Ref &other) : Ref(other.object_) {}
  Ref(Ref &&other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
  Ref &operator=(Ref other) noexcept {
    std::swap(object_, other.object_);
    return *this;
  }
  ~Ref() {
    if (object_)
      object_->releaseInternal();
  }

  T *get() const { return object_; }
  T *operator->() const { return object_; }
  T &operator*() const { return *object_; }
  explicit operator bool() const { return object_ != nullptr; }

private:
  T *object_ = nullptr;
};

// The OpenCL handle type of each object type; specialized next to each type.
template <class T> struct HandleOf;

template <class T> typename HandleOf<T>::type toHandle(T *object) {
  return reinterpret_cast<typename HandleOf<T>::type>(static_cast<ObjectHeader *>(object));
}

// The object behind a handle, or nullptr when the handle is null or is not a
// live object of type T.
template <class T> T *fromHandle(typename HandleOf<T>::type handle) {
  auto *header = reinterpret_cast<ObjectHeader *>(handle);
  if (!header || header->tag.load(std::memory_order_relaxed) != T::kTagValue)
    return nullptr;
  return static_cast<T *>(header);
}

} // namespace clcuda::core
