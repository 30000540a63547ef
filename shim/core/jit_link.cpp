#include "jit_link.h"

#include "build_messages.h"
#include "toolkit_libraries.h"

#include <nvJitLink.h>

#include <algorithm>

#include <dlfcn.h>

namespace clcuda::core {
namespace {

// The versioned symbols behind nvJitLink.h's inline wrappers.
#define CLCUDA_JIT_LINK_FUNCTIONS(X)                                                               \
  X(Create)                                                                                        \
  X(Destroy)                                                                                       \
  X(AddData)                                                                                       \
  X(Complete)                                                                                      \
  X(GetLinkedCubinSize) X(GetLinkedCubin) X(GetLinkedPtxSize) X(GetLinkedPtx) X(GetErrorLogSize)   \
      X(GetErrorLog) X(GetInfoLogSize) X(GetInfoLog)

struct JitLinkApi {
#define CLCUDA_DECLARE(name) decltype(&__nvJitLink##name##_13_0) name = nullptr;
  CLCUDA_JIT_LINK_FUNCTIONS(CLCUDA_DECLARE)
#undef CLCUDA_DECLARE
  std::string why_not;
};

const JitLinkApi &jitLink() {
  static const JitLinkApi api = [] {
    JitLinkApi loaded;
    std::string error;
    void *library = openToolkitLibrary("libnvJitLink.so.13", error);
    if (!library) {
      loaded.why_not = "the CUDA linker libnvJitLink.so.13 could not be loaded (" + error + ")";
      return loaded;
    }
#define CLCUDA_RESOLVE(name)                                                                       \
  loaded.name =                                                                                    \
      reinterpret_cast<decltype(loaded.name)>(dlsym(library, "__nvJitLink" #name "_13_0"));        \
  if (!loaded.name && loaded.why_not.empty())                                                      \
    loaded.why_not = "libnvJitLink.so.13 lacks nvJitLink" #name;
    CLCUDA_JIT_LINK_FUNCTIONS(CLCUDA_RESOLVE)
#undef CLCUDA_RESOLVE
    return loaded;
  }();
  return api;
}

// nvJitLink's input type of each LinkInput, in its order.
constexpr nvJitLinkInputType kInputTypes[] = {NVJITLINK_INPUT_LTOIR, NVJITLINK_INPUT_PTX,
                                              NVJITLINK_INPUT_CUBIN};
static_assert(int(LinkInput::lto_ir) == 0 && int(LinkInput::ptx) == 1 &&
              int(LinkInput::cubin) == 2);

class Handle {
public:
  explicit Handle(const JitLinkApi &api) : api_(api) {}
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  ~Handle() {
    if (handle_)
      api_.Destroy(&handle_);
  }
  nvJitLinkHandle &get() { return handle_; }

  // The error log, then the info log: what the linker said.
  std::string logs() {
    std::string text;
    for (auto [get_size, get] : {std::pair{api_.GetErrorLogSize, api_.GetErrorLog},
                                 std::pair{api_.GetInfoLogSize, api_.GetInfoLog}}) {
      std::size_t size = 0;
      if (!handle_ || get_size(handle_, &size) != NVJITLINK_SUCCESS || size <= 1)
        continue;
      std::string part(size, '\0');
      if (get(handle_, part.data()) == NVJITLINK_SUCCESS) {
        part.resize(part.find('\0') == std::string::npos ? part.size() : part.find('\0'));
        text += part;
        if (!text.empty() && text.back() != '\n')
          text += '\n';
      }
    }
    return text;
  }

private:
  const JitLinkApi &api_;
  nvJitLinkHandle handle_ = nullptr;
};

} // namespace

bool linkerAvailable() { return jitLink().why_not.empty(); }

LinkOutput linkDeviceCode(const std::vector<LinkPart> &parts, const GpuTarget &target,
                          const std::vector<std::string> &options) {
  LinkOutput output;
  const JitLinkApi &api = jitLink();
  if (!api.why_not.empty()) {
    output.linker_missing = true;
    output.log = buildMessage(BuildMessage::ToolMissing, {api.why_not});
    return output;
  }
  // nvJitLink takes real architectures; a GPU newer than the toolkit gets
  // PTX of the newest one it knows (GpuTarget), which the driver compiles.
  const std::string number = target.arch.substr(target.arch.find('_') + 1);
  std::vector<std::string> all = {"-arch=sm_" + number};
  if (std::any_of(parts.begin(), parts.end(),
                  [](const LinkPart &part) { return part.kind == LinkInput::lto_ir; }))
    all.push_back("-lto");
  if (!target.real())
    all.push_back("-ptx");
  all.insert(all.end(), options.begin(), options.end());
  std::vector<const char *> pointers;
  for (const std::string &option : all)
    pointers.push_back(option.c_str());
  Handle handle(api);
  nvJitLinkResult result =
      api.Create(&handle.get(), std::uint32_t(pointers.size()), pointers.data());
  for (std::size_t i = 0; result == NVJITLINK_SUCCESS && i < parts.size(); ++i) {
    const LinkPart &part = parts[i];
    result = api.AddData(handle.get(), kInputTypes[int(part.kind)], part.code->data(),
                         part.code->size(), part.name.c_str());
  }
  if (result == NVJITLINK_SUCCESS)
    result = api.Complete(handle.get());
  std::size_t size = 0;
  if (result == NVJITLINK_SUCCESS && target.real()) {
    result = api.GetLinkedCubinSize(handle.get(), &size);
    output.cubin.resize(size);
    if (result == NVJITLINK_SUCCESS)
      result = api.GetLinkedCubin(handle.get(), output.cubin.data());
  } else if (result == NVJITLINK_SUCCESS) {
    result = api.GetLinkedPtxSize(handle.get(), &size);
    output.ptx.resize(size);
    if (result == NVJITLINK_SUCCESS)
      result = api.GetLinkedPtx(handle.get(), output.ptx.data());
    while (!output.ptx.empty() && output.ptx.back() == '\0')
      output.ptx.pop_back();
  }
  output.log = handle.logs();
  output.ok = result == NVJITLINK_SUCCESS;
  if (!output.ok && output.log.empty())
    output.log = buildMessage(BuildMessage::LinkerFailed, {std::to_string(int(result))});
  return output;
}

} // namespace clcuda::core
