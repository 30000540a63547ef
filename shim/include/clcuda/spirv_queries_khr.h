// cl_khr_spirv_queries 1.0.0's tokens, which Debian 12's OpenCL headers
// (3.0~2023.02) lack; the values are the Khronos headers' (2025 and later).
#pragma once

#include <CL/cl_ext.h>

#ifndef CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR
#define CL_DEVICE_SPIRV_EXTENDED_INSTRUCTION_SETS_KHR 0x12B9
#endif
#ifndef CL_DEVICE_SPIRV_EXTENSIONS_KHR
#define CL_DEVICE_SPIRV_EXTENSIONS_KHR 0x12BA
#endif
#ifndef CL_DEVICE_SPIRV_CAPABILITIES_KHR
#define CL_DEVICE_SPIRV_CAPABILITIES_KHR 0x12BB
#endif
