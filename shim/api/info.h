// Writing clGet*Info answers: the size checks every query shares.
#pragma once

#include "entry.h"

#include "core/object.h"

#include <array>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace clcuda::api {

// param_value_size / param_value / param_value_size_ret, as the spec has
// them: a size query, or a copy into a buffer at least as large.
inline cl_int writeInfoBytes(const void *data, std::size_t size, std::size_t value_size,
                             void *value, std::size_t *size_ret) {
  if (value) {
    if (value_size < size)
      return refuse(CL_INVALID_VALUE, "param_value_size is " + std::to_string(value_size) +
                                          "; the answer needs " + std::to_string(size) + " bytes");
    if (size)
      std::memcpy(value, data, size);
  }
  if (size_ret)
    *size_ret = size;
  return CL_SUCCESS;
}

template <class T>
cl_int writeInfoValue(const T &data, std::size_t value_size, void *value, std::size_t *size_ret) {
  static_assert(std::is_trivially_copyable_v<T>, "info values are plain data");
  return writeInfoBytes(&data, sizeof(T), value_size, value, size_ret);
}
inline cl_int writeInfoValue(const std::string &data, std::size_t value_size, void *value,
                             std::size_t *size_ret) {
  return writeInfoBytes(data.c_str(), data.size() + 1, value_size, value, size_ret);
}
template <class T>
cl_int writeInfoValue(const std::vector<T> &data, std::size_t value_size, void *value,
                      std::size_t *size_ret) {
  static_assert(std::is_trivially_copyable_v<T>, "info values are plain data");
  return writeInfoBytes(data.data(), data.size() * sizeof(T), value_size, value, size_ret);
}

// One row of an info table: `expression` converted to the spec's type T.
template <class T, class Value>
cl_int writeInfo(Value &&expression, std::size_t value_size, void *value, std::size_t *size_ret) {
  const T data(std::forward<Value>(expression));
  return writeInfoValue(data, value_size, value, size_ret);
}

} // namespace clcuda::api

namespace clcuda::api {

// The array types of info answers.
using NameVersions = std::vector<cl_name_version>;
using DeviceHandles = std::vector<cl_device_id>;
using ContextProperties = std::vector<cl_context_properties>;
using QueueProperties = std::vector<cl_queue_properties>;
using MemoryProperties = std::vector<cl_mem_properties>;
using PartitionProperties = std::vector<cl_device_partition_property>;
using Bytes = std::vector<unsigned char>;
using Sizes = std::vector<std::size_t>;
using SizeTriple = std::array<std::size_t, 3>;

// The byte size of a fixed-size answer type, 0 for variable-size ones.
template <class T> struct InfoSize { static constexpr std::size_t value = sizeof(T); };
template <> struct InfoSize<std::string> { static constexpr std::size_t value = 0; };
template <class T> struct InfoSize<std::vector<T>> { static constexpr std::size_t value = 0; };

// An info table: one entry per query of one object type, each writing its
// answer (from a CLCUDA_INFO row of api/info/*.def).
template <class Object> struct InfoEntry {
  cl_uint param;
  std::size_t fixed_size; // 0 for variable-size answers
  const char *name;
  cl_int (*write)(Object &object, std::size_t size, void *value, std::size_t *size_ret);
};
template <class Object> using InfoTable = std::vector<InfoEntry<Object>>;

template <class Object>
cl_int answerInfo(const InfoTable<Object> &table, Object &object, cl_uint param, std::size_t size,
                  void *value, std::size_t *size_ret) {
  for (const InfoEntry<Object> &entry : table)
    if (entry.param == param)
      return entry.write(object, size, value, size_ret);
  return refuse(CL_INVALID_VALUE,
                "param_name " + hexText(param) + " is not a query of this object");
}

} // namespace clcuda::api

// The entry of a CLCUDA_INFO(param, type, expression) row, in which `object`
// names the Object queried.
#define CLCUDA_INFO_ENTRY(Object, object, param, type, expression)                                 \
  {param, ::clcuda::api::InfoSize<type>::value, #param,                                            \
   []([[maybe_unused]] Object &object, std::size_t size, void *value, std::size_t *size_ret)       \
       -> cl_int { return ::clcuda::api::writeInfo<type>(expression, size, value, size_ret); }},
