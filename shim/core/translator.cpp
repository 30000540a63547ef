#include "translator.h"

#include "build_messages.h"

#include <cl2cuda/c_api.h>

#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

namespace clcuda::core {

constexpr const char *kTranslatorLibrary = "libcl2cuda.so";

struct Translator::Entry {
  decltype(&cl2cuda_translate) translate = nullptr;
  decltype(&cl2cuda_translate_unit) translate_unit = nullptr;
  decltype(&cl2cuda_translate_il) translate_il = nullptr;
  decltype(&cl2cuda_il_spec_constants) il_spec_constants = nullptr;
  decltype(&cl2cuda_result_free) free = nullptr;
  std::unique_ptr<Translator> translator;
  std::string why_not;
};

namespace {

// The directory of the shared object (or executable) this code is linked
// into, symbolic links resolved.
std::string ownDirectory() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&ownDirectory), &info) || !info.dli_fname)
    return ".";
  char *resolved = realpath(info.dli_fname, nullptr);
  const std::string path = resolved ? resolved : info.dli_fname;
  std::free(resolved);
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

} // namespace

const Translator *Translator::load(const std::string &path, std::string &why_not) {
  // Loaded libraries are never unloaded: LLVM does not survive dlclose well,
  // and translations may run on several threads.
  static std::mutex mutex;
  static auto &entries = *new std::map<std::string, Entry>();
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = entries.try_emplace(path);
  Entry &entry = it->second;
  if (inserted) {
    void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *error = dlerror();
      entry.why_not = "the OpenCL C translator " + path + " could not be loaded (" +
                      (error ? error : "unknown error") + ")";
    } else {
      entry.translate =
          reinterpret_cast<decltype(&cl2cuda_translate)>(dlsym(library, "cl2cuda_translate"));
      entry.translate_unit = reinterpret_cast<decltype(&cl2cuda_translate_unit)>(
          dlsym(library, "cl2cuda_translate_unit"));
      entry.translate_il =
          reinterpret_cast<decltype(&cl2cuda_translate_il)>(dlsym(library, "cl2cuda_translate_il"));
      entry.il_spec_constants = reinterpret_cast<decltype(&cl2cuda_il_spec_constants)>(
          dlsym(library, "cl2cuda_il_spec_constants"));
      entry.free =
          reinterpret_cast<decltype(&cl2cuda_result_free)>(dlsym(library, "cl2cuda_result_free"));
      if (entry.translate && entry.translate_unit && entry.translate_il &&
          entry.il_spec_constants && entry.free)
        entry.translator.reset(new Translator(entry));
      else
        entry.why_not = path + " lacks one of cl2cuda_translate, cl2cuda_translate_unit, "
                               "cl2cuda_translate_il, cl2cuda_il_spec_constants and "
                               "cl2cuda_result_free";
    }
  }
  why_not = entry.why_not;
  return entry.translator.get();
}

const std::string &Translator::defaultPath() {
  static const std::string path = ownDirectory() + "/" + kTranslatorLibrary;
  return path;
}

const Translator *Translator::shared(std::string &why_not) { return load(defaultPath(), why_not); }

namespace {

// The C ABI's translation as a Translation; `status` is what the call returned.
Translation translationOf(int status, const cl2cuda_result &result) {
  Translation translation;
  translation.status = status == 2 ? Translation::Status::invalid_options
                       : status == 0 && result.cuda_source && result.metadata
                           ? Translation::Status::ok
                           : Translation::Status::build_failure;
  if (result.cuda_source)
    translation.cuda_source = result.cuda_source;
  if (result.metadata)
    translation.metadata = result.metadata;
  if (result.log)
    translation.log = result.log;
  else if (status != 0)
    translation.log = buildMessage(BuildMessage::TranslatorOutOfMemory);
  return translation;
}

std::vector<cl2cuda_header> headerList(const std::vector<SourceHeader> &headers) {
  std::vector<cl2cuda_header> list;
  list.reserve(headers.size());
  for (const SourceHeader &header : headers)
    list.push_back({header.name.c_str(), header.source.c_str()});
  return list;
}

} // namespace

Translation Translator::translate(std::string_view source, std::string_view options,
                                  const std::vector<SourceHeader> &headers) const {
  const std::string source_text(source), options_text(options);
  const std::vector<cl2cuda_header> list = headerList(headers);
  cl2cuda_result result{};
  const int status = entry_.translate(source_text.c_str(), options_text.c_str(), list.data(),
                                      unsigned(list.size()), &result);
  Translation translation = translationOf(status, result);
  entry_.free(&result);
  return translation;
}

Translation Translator::translateUnit(std::string_view source, std::string_view options,
                                      const std::vector<SourceHeader> &headers,
                                      Translation &whole_program) const {
  const std::string source_text(source), options_text(options);
  const std::vector<cl2cuda_header> list = headerList(headers);
  cl2cuda_result result{}, whole{};
  const int status = entry_.translate_unit(source_text.c_str(), options_text.c_str(), list.data(),
                                           unsigned(list.size()), &result, &whole);
  Translation translation = translationOf(status, result);
  whole_program = translationOf(whole.status, whole);
  entry_.free(&result);
  entry_.free(&whole);
  return translation;
}

Translation Translator::translateIl(std::string_view il,
                                    const std::map<unsigned, std::string> &specializations,
                                    IlOutput output, const std::string &options) const {
  std::vector<cl2cuda_spec_constant> constants;
  for (const auto &[id, bytes] : specializations)
    constants.push_back({id, unsigned(bytes.size()), bytes.data()});
  cl2cuda_result result{};
  const int status =
      entry_.translate_il(il.data(), il.size(), constants.data(), unsigned(constants.size()),
                          output == IlOutput::unit, options.c_str(), &result);
  Translation translation = translationOf(status, result);
  entry_.free(&result);
  return translation;
}

bool Translator::specializationConstants(std::string_view il,
                                         std::map<unsigned, unsigned> &sizes) const {
  const int count = entry_.il_spec_constants(il.data(), il.size(), nullptr, nullptr, 0);
  if (count < 0)
    return false;
  std::vector<unsigned> ids(count), bytes(count);
  entry_.il_spec_constants(il.data(), il.size(), ids.data(), bytes.data(), unsigned(count));
  for (int i = 0; i < count; ++i)
    sizes[ids[i]] = bytes[i];
  return true;
}

} // namespace clcuda::core
