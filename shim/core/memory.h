// Buffers and sub-buffers. Storage by flags (docs/shim.md, "Memory model"):
//   default            device memory (cuMemAlloc); in a context of more than
//                      one device, managed memory (cuMemAllocManaged) that
//                      the driver migrates to the device that touches it
//   ALLOC_HOST_PTR     pinned, mapped host memory: kernels reach it over
//                      the bus, maps return it with no copy (zero-copy)
//   USE_HOST_PTR       a device copy of host_ptr; host_ptr is brought up to
//                      date by maps (and blocking reads), written back by
//                      unmaps
//   COPY_HOST_PTR      initialized from host_ptr at creation
//   USE_HOST_PTR on    the SVM allocation itself (managed memory the host
//   an SVM pointer     reaches): no copy, maps return host_ptr
// Maps of device storage go through a pinned mirror of the root buffer.
// An image is a Memory with an ImageLayout (image.h), stored like a buffer
// of its bytes; an image on a buffer shares the buffer's storage as a
// sub-buffer does.
#pragma once

#include "context.h"
#include "image.h"

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace clcuda::core {

// Sub-buffer origins are multiples of this (CL_DEVICE_MEM_BASE_ADDR_ALIGN
// is it in bits): the size of the largest OpenCL type (long16, double16).
// CUDA allocations are aligned to at least 256 bytes.
constexpr std::size_t kBaseAddressAlignment = 128;

using MemoryDestructorCallback = void(CL_CALLBACK *)(cl_mem, void *);

class Memory : public Object<Memory, Tag::memory> {
public:
  static cl_int createBuffer(Context &context, cl_mem_flags flags, std::size_t size, void *host_ptr,
                             std::vector<cl_mem_properties> properties, Memory *&out);
  // `flags` as the spec computes them for a sub-buffer (inherited bits set).
  static cl_int createSubBuffer(Memory &parent, cl_mem_flags flags, std::size_t origin,
                                std::size_t size, Memory *&out);

  // An image whose pixels lie as `layout` says; host_ptr (USE_HOST_PTR,
  // COPY_HOST_PTR) has the same layout.
  static cl_int createImage(Context &context, cl_mem_flags flags, const ImageLayout &layout,
                            void *host_ptr, std::vector<cl_mem_properties> properties,
                            Memory *&out);
  // An image on `buffer`'s memory (1D buffer images, 2D images from buffers).
  static cl_int createImageOnBuffer(Memory &buffer, cl_mem_flags flags, const ImageLayout &layout,
                                    std::vector<cl_mem_properties> properties, Memory *&out);

  Context &context() const { return *context_; }
  // The image layout, nullptr for buffers.
  const ImageLayout *image() const { return image_ ? &*image_ : nullptr; }
  cl_mem_object_type type() const { return image_ ? image_->type : CL_MEM_OBJECT_BUFFER; }
  // CL_IMAGE_BUFFER: the buffer an image was made on.
  Memory *imageBuffer() const { return image_buffer_.get(); }
  // CL_MEM_ASSOCIATED_MEMOBJECT and CL_MEM_OFFSET.
  Memory *associated() const { return image_ ? image_buffer_.get() : parent_.get(); }
  std::size_t subBufferOffset() const { return image_ ? 0 : origin_; }
  cl_mem_flags flags() const { return flags_; }
  std::size_t size() const { return size_; }
  Memory *parent() const { return parent_.get(); }
  std::size_t origin() const { return origin_; }
  const std::vector<cl_mem_properties> &properties() const { return properties_; }
  // CL_MEM_HOST_PTR: host_ptr for USE_HOST_PTR buffers (+ origin for theirs
  // sub-buffers), else nullptr.
  void *hostPtr() const;
  // The address commands use (device, managed or mapped host memory).
  CUdeviceptr address() const;
  // ALLOC_HOST_PTR or SVM storage: maps touch the storage directly.
  bool isHostStorage() const;
  // CL_MEM_USES_SVM_POINTER: the storage is an SVM allocation's memory.
  bool usesSvmPointer() const;
  bool isManaged() const;

  void addDestructorCallback(MemoryDestructorCallback callback, void *user_data);

  // An image's texture objects (makeImageTextures), made at its first use
  // as a read-only kernel argument, destroyed with it; all 0 for images the
  // texture unit does not read (on a buffer, in host or managed memory, in
  // a context of several devices).
  const ImageTextures &textures();
  // As a launch that samples textures() is issued on `stream`: where they
  // read a copy of the image (arrays, 3D), copies the image's memory into
  // it if a command changed the memory since the last copy, and orders
  // `stream` after that copy.
  CUresult prepareTextures(CUstream stream);
  // As a command that may change an image's pixels is issued (on a view of
  // an image, the image's): the next launch that samples it copies again.
  // Nothing for buffers.
  void noteWritten();

  // While a command is captured into a command buffer on this thread: the
  // images it writes are collected in `written`, to be noted as written each
  // time the buffer runs, and the texture copies of the images it samples
  // are captured every time (the graph cannot know whether they are stale).
  class CaptureScope {
  public:
    explicit CaptureScope(std::vector<Ref<Memory>> &written);
    ~CaptureScope();
    CaptureScope(const CaptureScope &) = delete;
    CaptureScope &operator=(const CaptureScope &) = delete;

  private:
    std::vector<Ref<Memory>> *previous_;
  };

  // An image map's rectangle, in bytes, rows and slices of the image.
  struct MappedRect {
    std::array<std::size_t, 3> origin;
    std::array<std::size_t, 3> region;
  };
  struct Mapping {
    void *pointer;
    std::size_t offset; // in this buffer
    std::size_t size;
    cl_map_flags flags;
    std::optional<MappedRect> rect; // images: only these bytes are copied
  };
  // Where a map of [offset, offset + size) lands, registered as a mapping:
  // the storage itself, host_ptr, or the pinned mirror (made on first map).
  cl_int beginMap(std::size_t offset, std::size_t size, cl_map_flags flags, void *&pointer,
                  std::optional<MappedRect> rect = std::nullopt);
  // Removes the mapping at `pointer`; false if there is none.
  bool endMap(void *pointer, Mapping &mapping);
  // Puts back a mapping whose unmap could not be enqueued.
  void restoreMap(const Mapping &mapping);
  cl_uint mapCount();

  // Waits (on the worker thread) for the GPU work that may use the buffer,
  // then runs the destructor callbacks and frees the storage.
  void destroy();
  ~Memory();

private:
  struct Storage;

  Memory(Context &context, cl_mem_flags flags, std::size_t size,
         std::vector<cl_mem_properties> properties);

  Memory &root() { return parent_ ? *parent_ : *this; }
  cl_int ensureMirror();
  void finishRelease();

  Ref<Context> context_;
  cl_mem_flags flags_;
  std::size_t size_;
  std::vector<cl_mem_properties> properties_;
  void *host_ptr_ = nullptr; // USE_HOST_PTR (root buffers)
  Ref<Memory> parent_;
  std::size_t origin_ = 0;
  std::unique_ptr<Storage> storage_; // root buffers
  std::optional<ImageLayout> image_;
  Ref<Memory> image_buffer_;
  std::once_flag textures_made_;
  ImageTextures textures_;
  // The texture copy's state (prepareTextures): stale until the first copy.
  std::mutex texture_copy_mutex_;
  std::atomic<bool> texture_copy_stale_{true};

  std::mutex mutex_;
  std::vector<Mapping> mappings_;
  std::vector<std::pair<MemoryDestructorCallback, void *>> destructor_callbacks_;
};

template <> struct HandleOf<Memory> { using type = cl_mem; };

} // namespace clcuda::core
