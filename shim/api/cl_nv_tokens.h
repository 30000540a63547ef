// The cl_nv_device_attribute_query tokens that NVIDIA's OpenCL answers and
// the Khronos headers lack (they stop at CL_DEVICE_INTEGRATED_MEMORY_NV,
// 0x4006); the values are NVIDIA's, as clinfo and PyOpenCL spell them. The
// shim and the tests take them from here.
#pragma once

#include <CL/cl_ext.h>

#ifndef CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV
#define CL_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT_NV 0x4007
#endif
#ifndef CL_DEVICE_PCI_BUS_ID_NV
#define CL_DEVICE_PCI_BUS_ID_NV 0x4008
#endif
#ifndef CL_DEVICE_PCI_SLOT_ID_NV
#define CL_DEVICE_PCI_SLOT_ID_NV 0x4009
#endif
#ifndef CL_DEVICE_PCI_DOMAIN_ID_NV
#define CL_DEVICE_PCI_DOMAIN_ID_NV 0x400A
#endif
