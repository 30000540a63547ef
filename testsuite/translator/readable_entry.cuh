// The entry points of a readable-mode program built by nvcc for the
// execution tests (ExecHarnessReadable.cpp): after the readable output, one
// CL2CUDA_TEST_READABLE_ENTRY(kernel) per kernel exports
// cl2cuda_test_entry_<kernel>, which calls launch_<kernel> with arguments
// given as an array of pointers to their values, as clSetKernelArg gives
// them. The test includes this header too, for ReadableEntry alone.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

extern "C" {
struct ReadableEntry {
  // launch_<kernel>'s own parameters, after the NDRange ones, and their sizes.
  unsigned parameter_count;
  const std::size_t *parameter_sizes;
  // The kernel keeps the clc_ndrange parameter: it takes any NDRange. Without
  // it the kernel reads CUDA's built-in variables, and its helper launches
  // only one grid of full work-groups from 0.
  bool takes_ndrange;
  // Calls launch_<kernel> on the default stream; args[i] points at the value
  // of its parameter i: a device pointer, a size_t for a __local argument,
  // the bytes of a value.
  cudaError_t (*launch)(unsigned int work_dim, const std::size_t *global_work_offset,
                        const std::size_t *global_work_size, const std::size_t *local_work_size,
                        void *const *args);
};
}

#ifdef __CUDACC__
#include <array>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cl2cuda_test {

template <typename Parameter> Parameter parameterFrom(const void *value) {
  static_assert(std::is_trivially_copyable_v<Parameter>, "a kernel parameter is copied as bytes");
  Parameter parameter;
  std::memcpy(&parameter, value, sizeof parameter);
  return parameter;
}

// The helper's parameter types, deduced from its signature.
template <auto Helper, typename Signature = decltype(Helper)> struct LaunchFromArguments;

template <auto Helper, typename... Parameters>
struct LaunchFromArguments<Helper, cudaError_t (*)(cudaStream_t, unsigned int, const std::size_t *,
                                                   const std::size_t *, const std::size_t *,
                                                   Parameters...)> {
  static constexpr std::array<std::size_t, sizeof...(Parameters)> sizes = {sizeof(Parameters)...};

  static cudaError_t launch(unsigned int work_dim, const std::size_t *global_work_offset,
                            const std::size_t *global_work_size, const std::size_t *local_work_size,
                            void *const *args) {
    return call(work_dim, global_work_offset, global_work_size, local_work_size, args,
                std::index_sequence_for<Parameters...>{});
  }

private:
  template <std::size_t... I>
  static cudaError_t call(unsigned int work_dim, const std::size_t *global_work_offset,
                          const std::size_t *global_work_size, const std::size_t *local_work_size,
                          void *const *args, std::index_sequence<I...>) {
    return Helper(nullptr, work_dim, global_work_offset, global_work_size, local_work_size,
                  parameterFrom<Parameters>(args[I])...);
  }
};

template <typename... Parameters> constexpr bool takesNdrange(void (*)(Parameters...)) {
  if constexpr (sizeof...(Parameters) == 0)
    return false;
  else
    return std::is_same_v<
        std::tuple_element_t<sizeof...(Parameters) - 1, std::tuple<Parameters...>>, clc::ndrange>;
}

} // namespace cl2cuda_test

#define CL2CUDA_TEST_READABLE_ENTRY(kernel)                                                        \
  extern "C" const ReadableEntry cl2cuda_test_entry_##kernel = {                                   \
      cl2cuda_test::LaunchFromArguments<launch_##kernel>::sizes.size(),                            \
      cl2cuda_test::LaunchFromArguments<launch_##kernel>::sizes.data(),                            \
      cl2cuda_test::takesNdrange(kernel),                                                          \
      &cl2cuda_test::LaunchFromArguments<launch_##kernel>::launch};
#endif
