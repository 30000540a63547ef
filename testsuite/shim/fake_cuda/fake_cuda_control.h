// What tests read back from the CPU stand-in for libcuda.so.1
// (fake_cuda.cpp): the kernel launches it recorded. A test looks the
// function up in the loaded fake with
//   dlsym(dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD), "clcuda_fake_take_launches")
// and finds nothing when the real driver is loaded.
#pragma once

#include <cstddef>

struct ClcudaFakeLaunch {
  static constexpr int kMaxParameters = 64;
  static constexpr int kParameterBytes = 4096;
  char function[128];
  unsigned grid[3];
  unsigned block[3];
  unsigned shared_bytes;
  unsigned parameter_count; // as the CUBIN describes the kernel
  unsigned parameter_offset[kMaxParameters];
  unsigned parameter_size[kMaxParameters];
  unsigned char parameters[kParameterBytes]; // copies, taken at the launch
};

// Moves up to `capacity` recorded launches, oldest first, into `out` and
// returns how many it moved.
extern "C" std::size_t clcuda_fake_take_launches(ClcudaFakeLaunch *out, std::size_t capacity);
using ClcudaFakeTakeLaunches = decltype(&clcuda_fake_take_launches);

// Streams created and not yet destroyed, in the whole process.
extern "C" long clcuda_fake_live_streams();
using ClcudaFakeLiveStreams = decltype(&clcuda_fake_live_streams);

// Graphs (CUgraph: cuGraphCreate, cuStreamEndCapture) and executable
// graphs (cuGraphInstantiate) made and not yet destroyed, in the whole
// process.
extern "C" long clcuda_fake_live_graphs();
using ClcudaFakeLiveGraphs = decltype(&clcuda_fake_live_graphs);
extern "C" long clcuda_fake_live_graph_execs();
using ClcudaFakeLiveGraphExecs = decltype(&clcuda_fake_live_graph_execs);

// Texture objects created and not yet destroyed, in the whole process.
extern "C" long clcuda_fake_live_textures();
using ClcudaFakeLiveTextures = decltype(&clcuda_fake_live_textures);

// CUDA arrays created and not yet destroyed, and copies into arrays so far,
// in the whole process.
extern "C" long clcuda_fake_live_arrays();
using ClcudaFakeLiveArrays = decltype(&clcuda_fake_live_arrays);
extern "C" long clcuda_fake_array_copies();
using ClcudaFakeArrayCopies = decltype(&clcuda_fake_array_copies);
