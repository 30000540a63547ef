// Integer builtins for every integer type, checked row by row against the
// host's implementation of the same expressions (integer_builtins.def).
#include "host_reference.h"
#include "integer_reference.h"
#include "program.h"

#include <string>

namespace differential {
namespace integer_reference {

template <class T> struct Row {
  const char *name;
  T (*compute)(T a, T b, T c);
};

// The rows of integer_builtins.def that apply to T. Unqualified names in the
// expressions resolve to this namespace's builtins.
template <class T> std::vector<Row<T>> rowsFor() {
  std::vector<Row<T>> rows;
#define INTEGER_BUILTIN(name, expression)                                                          \
  rows.push_back({#name, [](T a, T b, T c) {                                                       \
                    (void)a, (void)b, (void)c;                                                     \
                    return static_cast<T>(expression);                                             \
                  }});
#define INTEGER_BUILTIN_WIDE(name, expression)                                                     \
  if constexpr (kBits<T> >= 32) {                                                                  \
    INTEGER_BUILTIN(name, expression)                                                              \
  }
#define INTEGER_BUILTIN_INT32(name, expression)                                                    \
  if constexpr (kBits<T> == 32) {                                                                  \
    INTEGER_BUILTIN(name, expression)                                                              \
  }
#include "integer_builtins.def"
#undef INTEGER_BUILTIN
#undef INTEGER_BUILTIN_WIDE
#undef INTEGER_BUILTIN_INT32
  return rows;
}

} // namespace integer_reference

namespace {

using namespace clexample;
using integer_reference::kBits;

constexpr size_t kCount = 1024; // inputs per type

// Edge values first (every pair of them for a and b), then random ones.
template <class T> void makeInputs(std::vector<T> &a, std::vector<T> &b, std::vector<T> &c) {
  using Limits = std::numeric_limits<T>;
  const T edges[] = {T(0),
                     T(1),
                     T(2),
                     static_cast<T>(-1),
                     Limits::min(),
                     Limits::max(),
                     T(Limits::min() + 1),
                     T(Limits::max() - 1),
                     T(kBits<T> - 1),
                     T(kBits<T>),
                     T(kBits<T> + 1)};
  const size_t edgeCount = std::size(edges);
  Random random(81 + sizeof(T) + std::is_signed_v<T>);
  for (size_t i = 0; i < kCount; ++i) {
    if (i < edgeCount * edgeCount) {
      a[i] = edges[i % edgeCount];
      b[i] = edges[i / edgeCount];
      c[i] = edges[(i * 7) % edgeCount];
    } else {
      a[i] = static_cast<T>(random.next64());
      b[i] = static_cast<T>(random.next64());
      c[i] = static_cast<T>(random.next64());
    }
  }
}

template <class T>
void checkType(const Device &device, cl_program program, cl_command_queue queue,
               const char *typeName, RunResult &result) {
  const std::vector<integer_reference::Row<T>> rows = integer_reference::rowsFor<T>();
  std::vector<T> a(kCount), b(kCount), c(kCount);
  makeInputs(a, b, c);
  Memory aBuffer = device.createBuffer(CL_MEM_READ_ONLY, a);
  Memory bBuffer = device.createBuffer(CL_MEM_READ_ONLY, b);
  Memory cBuffer = device.createBuffer(CL_MEM_READ_ONLY, c);
  Memory out = device.createBuffer(CL_MEM_WRITE_ONLY, rows.size() * kCount * sizeof(T));
  Kernel kernel = createKernel(program, (std::string("integer_builtins_") + typeName).c_str());
  setKernelArgs(kernel, aBuffer, bBuffer, cBuffer, out);
  enqueueKernel(queue, kernel, NDRange(kCount));
  const std::vector<T> all = readBuffer<T>(queue, out, rows.size() * kCount);

  for (size_t r = 0; r < rows.size(); ++r) {
    std::vector<T> got(all.begin() + r * kCount, all.begin() + (r + 1) * kCount);
    std::vector<T> expected(kCount);
    for (size_t i = 0; i < kCount; ++i)
      expected[i] = rows[r].compute(a[i], b[i], c[i]);
    const std::string name = std::string(rows[r].name) + "(" + typeName + ")";
    checkAndKeep(result, name, got, expected);
  }
}

RunResult runIntegerBuiltins(const Device &device) {
  Program program =
      device.buildProgram(programPath("integer_builtins.cl"), "-I " + programPath(""));
  Queue queue = device.createQueue();
  RunResult result;
  checkType<int8_t>(device, program, queue, "char", result);
  checkType<uint8_t>(device, program, queue, "uchar", result);
  checkType<int16_t>(device, program, queue, "short", result);
  checkType<uint16_t>(device, program, queue, "ushort", result);
  checkType<int32_t>(device, program, queue, "int", result);
  checkType<uint32_t>(device, program, queue, "uint", result);
  checkType<int64_t>(device, program, queue, "long", result);
  checkType<uint64_t>(device, program, queue, "ulong", result);
  return result;
}

} // namespace

std::vector<DifferentialProgram> integerBuiltinPrograms() {
  return {{"integer builtins", "exact (integers)", runIntegerBuiltins}};
}

} // namespace differential
