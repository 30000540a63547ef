"""Prints, as JSON, the first OpenCL platform the loader (argv[1]) offers and
its devices: {"platform": NAME, "devices": [NAME, ...]} or {"error": TEXT}.

Run in a child process with the environment of one platform, so a library
that crashes while loading takes only the probe down.
"""
import ctypes
import json
import sys

CL_PLATFORM_NAME, CL_DEVICE_NAME, CL_DEVICE_TYPE_ALL = 0x0902, 0x102B, 0xFFFFFFFF
CL_DEVICE_NOT_FOUND = -1


def info_string(function, handle, parameter):
    size = ctypes.c_size_t()
    function(handle, parameter, 0, None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    function(handle, parameter, size, buffer, None)
    return buffer.value.decode(errors="replace")


def probe(loader_path):
    try:
        cl = ctypes.CDLL(loader_path)
    except OSError as error:
        return {"error": f"no ICD loader: {error}"}
    cl.clGetDeviceIDs.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint,
                                  ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_uint)]
    for function in (cl.clGetPlatformInfo, cl.clGetDeviceInfo):
        function.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_size_t, ctypes.c_void_p,
                             ctypes.POINTER(ctypes.c_size_t)]
    count = ctypes.c_uint()
    status = cl.clGetPlatformIDs(0, None, ctypes.byref(count))
    if status != 0 or count.value == 0:
        return {"error": f"the loader offers no platform (clGetPlatformIDs: {status})"}
    platform = ctypes.c_void_p()
    cl.clGetPlatformIDs(1, ctypes.byref(platform), None)
    name = info_string(cl.clGetPlatformInfo, platform, CL_PLATFORM_NAME)
    status = cl.clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, None, ctypes.byref(count))
    if status == CL_DEVICE_NOT_FOUND:
        return {"platform": name, "devices": []}
    if status != 0:
        return {"platform": name, "devices": [], "error": f"clGetDeviceIDs: {status}"}
    devices = (ctypes.c_void_p * count.value)()
    cl.clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, devices, None)
    return {"platform": name, "devices": [info_string(cl.clGetDeviceInfo, d, CL_DEVICE_NAME) for d in devices]}


if __name__ == "__main__":
    print(json.dumps(probe(sys.argv[1])))
