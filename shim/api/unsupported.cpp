// Entry points of features clcuda does not have: pipes, native kernels,
// GL and EGL sharing. Each checks the handles it gets and returns the error
// the spec names for a device without the feature (docs/entry-points.md
// lists them).
#include "common.h"

#include "core/context.h"
#include "core/memory.h"
#include "core/queue.h"

namespace clcuda::api {
namespace {

// `then`, refused with `why`, for a valid context; CL_INVALID_CONTEXT otherwise.
cl_int inContext(cl_context context, cl_int then, const char *why) {
  return fromHandle<core::Context>(context) ? refuse(then, why)
                                            : invalidHandle(CL_INVALID_CONTEXT, "context");
}
cl_int onQueue(cl_command_queue queue, cl_int then, const char *why) {
  return fromHandle<core::Queue>(queue) ? refuse(then, why)
                                        : invalidHandle(CL_INVALID_COMMAND_QUEUE, "command_queue");
}
cl_int ofBuffer(cl_mem memory, cl_int then, const char *why) {
  return fromHandle<core::Memory>(memory) ? refuse(then, why)
                                          : invalidHandle(CL_INVALID_MEM_OBJECT, "memobj");
}

constexpr const char *kNoPipes = "no device supports pipes (CL_DEVICE_PIPE_SUPPORT is CL_FALSE)";
constexpr const char *kNoGl = "cl_khr_gl_sharing is not supported: no context comes from GL";
constexpr const char *kNoGlObject = "cl_khr_gl_sharing is not supported: memobj is not a GL object";
constexpr const char *kNoEgl = "cl_khr_egl_image and cl_khr_egl_event are not supported";

// The create functions of GL sharing: no context is a GL context.
template <class Handle> Handle noGlContext(cl_int &error) {
  error = refuse(CL_INVALID_CONTEXT, kNoGl);
  return nullptr;
}

} // namespace
} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

// ---- pipes: CL_DEVICE_PIPE_SUPPORT is CL_FALSE ----

CLCUDA_API cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags, cl_uint, cl_uint,
                                           const cl_pipe_properties *, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_mem {
    error = inContext(context, CL_INVALID_OPERATION, kNoPipes);
    return nullptr;
  });
}

CLCUDA_API cl_int CL_API_CALL clGetPipeInfo(cl_mem, cl_pipe_info, size_t, void *, size_t *) {
  // No pipe exists.
  return guarded(__func__, [] { return refuse(CL_INVALID_MEM_OBJECT, kNoPipes); });
}

// ---- native kernels: CL_DEVICE_EXECUTION_CAPABILITIES lacks CL_EXEC_NATIVE_KERNEL ----

CLCUDA_API cl_int CL_API_CALL clEnqueueNativeKernel(cl_command_queue command_queue,
                                                    void(CL_CALLBACK *)(void *), void *, size_t,
                                                    cl_uint, const cl_mem *, const void **, cl_uint,
                                                    const cl_event *, cl_event *) {
  return guarded(__func__, [&] {
    return onQueue(command_queue, CL_INVALID_OPERATION,
                   "no device runs native kernels (CL_DEVICE_EXECUTION_CAPABILITIES lacks "
                   "CL_EXEC_NATIVE_KERNEL)");
  });
}

// ---- GL sharing (cl_khr_gl_sharing is not claimed): no context comes from GL ----

CLCUDA_API cl_mem CL_API_CALL clCreateFromGLBuffer(cl_context, cl_mem_flags, cl_GLuint,
                                                   cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, noGlContext<cl_mem>);
}

CLCUDA_API cl_mem CL_API_CALL clCreateFromGLTexture(cl_context, cl_mem_flags, cl_GLenum, cl_GLint,
                                                    cl_GLuint, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, noGlContext<cl_mem>);
}

CLCUDA_API cl_mem CL_API_CALL clCreateFromGLTexture2D(cl_context, cl_mem_flags, cl_GLenum, cl_GLint,
                                                      cl_GLuint, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, noGlContext<cl_mem>);
}

CLCUDA_API cl_mem CL_API_CALL clCreateFromGLTexture3D(cl_context, cl_mem_flags, cl_GLenum, cl_GLint,
                                                      cl_GLuint, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, noGlContext<cl_mem>);
}

CLCUDA_API cl_mem CL_API_CALL clCreateFromGLRenderbuffer(cl_context, cl_mem_flags, cl_GLuint,
                                                         cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, noGlContext<cl_mem>);
}

CLCUDA_API cl_int CL_API_CALL clGetGLObjectInfo(cl_mem memobj, cl_gl_object_type *, cl_GLuint *) {
  return guarded(__func__, [&] { return ofBuffer(memobj, CL_INVALID_GL_OBJECT, kNoGlObject); });
}

CLCUDA_API cl_int CL_API_CALL clGetGLTextureInfo(cl_mem memobj, cl_gl_texture_info, size_t, void *,
                                                 size_t *) {
  return guarded(__func__, [&] { return ofBuffer(memobj, CL_INVALID_GL_OBJECT, kNoGlObject); });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueAcquireGLObjects(cl_command_queue command_queue, cl_uint,
                                                        const cl_mem *, cl_uint, const cl_event *,
                                                        cl_event *) {
  return guarded(__func__, [&] { return onQueue(command_queue, CL_INVALID_CONTEXT, kNoGl); });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueReleaseGLObjects(cl_command_queue command_queue, cl_uint,
                                                        const cl_mem *, cl_uint, const cl_event *,
                                                        cl_event *) {
  return guarded(__func__, [&] { return onQueue(command_queue, CL_INVALID_CONTEXT, kNoGl); });
}

CLCUDA_API cl_int CL_API_CALL clGetGLContextInfoKHR(const cl_context_properties *,
                                                    cl_gl_context_info, size_t, void *, size_t *) {
  return guarded(__func__, [] { return refuse(CL_INVALID_OPERATION, kNoGl); });
}

CLCUDA_API cl_event CL_API_CALL clCreateEventFromGLsyncKHR(cl_context, cl_GLsync,
                                                           cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, noGlContext<cl_event>);
}

// ---- EGL sharing (cl_khr_egl_image, cl_khr_egl_event are not claimed) ----

CLCUDA_API cl_mem CL_API_CALL clCreateFromEGLImageKHR(cl_context context, CLeglDisplayKHR,
                                                      CLeglImageKHR, cl_mem_flags,
                                                      const cl_egl_image_properties_khr *,
                                                      cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_mem {
    error = inContext(context, CL_INVALID_OPERATION, kNoEgl);
    return nullptr;
  });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueAcquireEGLObjectsKHR(cl_command_queue command_queue, cl_uint,
                                                            const cl_mem *, cl_uint,
                                                            const cl_event *, cl_event *) {
  return guarded(__func__, [&] { return onQueue(command_queue, CL_INVALID_OPERATION, kNoEgl); });
}

CLCUDA_API cl_int CL_API_CALL clEnqueueReleaseEGLObjectsKHR(cl_command_queue command_queue, cl_uint,
                                                            const cl_mem *, cl_uint,
                                                            const cl_event *, cl_event *) {
  return guarded(__func__, [&] { return onQueue(command_queue, CL_INVALID_OPERATION, kNoEgl); });
}

CLCUDA_API cl_event CL_API_CALL clCreateEventFromEGLSyncKHR(cl_context context, CLeglSyncKHR,
                                                            CLeglDisplayKHR, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_event {
    error = inContext(context, CL_INVALID_OPERATION, kNoEgl);
    return nullptr;
  });
}
