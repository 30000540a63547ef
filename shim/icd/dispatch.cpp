// The ICD side: the dispatch table every object carries, the loader's entry
// point, and extension function lookup.
#include "api/command_buffer.h"
#include "api/commands.h"
#include "api/entry.h"
#include "core/capabilities.h"

#include <cstring>
#include <type_traits>

namespace clcuda {
namespace api {
cl_int listPlatforms(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms);
bool validPlatform(cl_platform_id platform);
} // namespace api

namespace {

// The Direct3D/DX9 slots: Windows-only functions no loader calls here.
cl_int CL_API_CALL windowsSharingUnsupported() { return CL_INVALID_OPERATION; }

// A slot is the entry point's own pointer type (a signature mismatch does
// not compile), or void * where the headers give no type on this platform.
template <class Slot, class Function> void assign(Slot &slot, Function *function) {
  if constexpr (std::is_same_v<Slot, void *>)
    slot = reinterpret_cast<void *>(function);
  else
    slot = function;
}

// Debian 12's headers end cl_icd_dispatch at OpenCL 3.0's slots; the Khronos
// headers' table goes on with OpenCL 3.1's one, which loaders that know 3.1
// read through every object's dispatch pointer.
template <class Table, class = void> struct HasOpenCL31Slot : std::false_type {};
template <class Table>
struct HasOpenCL31Slot<Table, std::void_t<decltype(&Table::clGetKernelSuggestedLocalWorkSize)>>
    : std::true_type {};
static_assert(!HasOpenCL31Slot<cl_icd_dispatch>::value,
              "these headers' cl_icd_dispatch has OpenCL 3.1's slot: DispatchTable repeats it");

struct DispatchTable : cl_icd_dispatch {
  void *clGetKernelSuggestedLocalWorkSize;
};
static_assert(sizeof(DispatchTable) == sizeof(cl_icd_dispatch) + sizeof(void *),
              "OpenCL 3.1's slot follows the 3.0 table directly");

DispatchTable makeDispatchTable() {
  DispatchTable table{};
#define CLCUDA_ENTRY_POINT(name, major, minor, area, status, note) assign(table.name, &::name);
#define CLCUDA_WINDOWS_SLOT(name) assign(table.name, &windowsSharingUnsupported);
#include "entry_points.def"
  return table;
}

// The functions of claimed extensions (icd/extension_functions.def).
struct ExtensionFunction {
  const char *name;
  void *function;
  const char *extension;
};
const ExtensionFunction kExtensionFunctions[] = {
#define CLCUDA_EXTENSION_FUNCTION(name, function, extension)                                       \
  {#name, reinterpret_cast<void *>(&function), #extension},
#include "extension_functions.def"
};

void *extensionFunction(const char *name) {
  if (!name)
    return nullptr;
  for (const ExtensionFunction &entry : kExtensionFunctions)
    if (std::strcmp(entry.name, name) == 0)
      return core::claimsExtension(entry.extension) ? entry.function : nullptr;
  return nullptr;
}

} // namespace

const cl_icd_dispatch *core::icdDispatch() {
  static const DispatchTable table = makeDispatchTable();
  return &table;
}

} // namespace clcuda

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id *platforms,
                                                     cl_uint *num_platforms) {
  return guarded(__func__, [&] { return listPlatforms(num_entries, platforms, num_platforms); });
}

CLCUDA_API void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name) {
  return extensionFunction(func_name);
}

CLCUDA_API void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
                                                                      const char *func_name) {
  return platform && validPlatform(platform) ? extensionFunction(func_name) : nullptr;
}
