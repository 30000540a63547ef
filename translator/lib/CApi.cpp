// The C ABI (cl2cuda/c_api.h) over the C++ API, for the shim's dlopen.
#include <cl2cuda/c_api.h>
#include <cl2cuda/translator.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <string>

namespace {

char *copyString(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy)
    std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

// Fills *result, every string allocated; false if memory ran out.
bool fill(cl2cuda_result *result, int status, const std::string &source,
          const std::string &metadata, const std::string &log) {
  result->status = status;
  result->cuda_source = copyString(source);
  result->metadata = copyString(metadata);
  result->log = copyString(log);
  return result->cuda_source && result->metadata && result->log;
}

// Fills *result from a translation; false if memory ran out.
bool fillFrom(cl2cuda_result *result, const cl2cuda::TranslateResult &translated) {
  std::string metadata =
      translated.status == cl2cuda::Status::Ok ? translated.metadata.serialize() : "";
  return fill(result, static_cast<int>(translated.status), translated.cuda_source, metadata,
              translated.log);
}

// Both entry points: a program (clBuildProgram) or one unit of separate
// compilation (clCompileProgram), with its whole program where asked.
int translateUnit(const char *source, const char *options, const cl2cuda_header *headers,
                  unsigned num_headers, bool separate_compilation, cl2cuda_result *result,
                  cl2cuda_result *whole_program) {
  if (!result)
    return 1;
  *result = cl2cuda_result{1, nullptr, nullptr, nullptr};
  if (whole_program)
    *whole_program = cl2cuda_result{1, nullptr, nullptr, nullptr};
  try {
    if (!source || (num_headers && !headers)) {
      fill(result, 1, "", "", "error: no source given to the translator\n");
      return result->status;
    }
    cl2cuda::TranslateOptions translate_options;
    translate_options.build_options = options ? options : "";
    translate_options.separate_compilation = separate_compilation;
    translate_options.whole_program_too = whole_program != nullptr;
    for (unsigned i = 0; i < num_headers; ++i) {
      if (!headers[i].name || !headers[i].source) {
        fill(result, 1, "", "", "error: an input header has no name or no source\n");
        return result->status;
      }
      translate_options.headers.push_back({headers[i].name, headers[i].source});
    }
    cl2cuda::TranslateResult translated = cl2cuda::translate(source, translate_options);
    bool filled = fillFrom(result, translated);
    if (whole_program)
      filled &= translated.whole_program ? fillFrom(whole_program, *translated.whole_program)
                                         : fill(whole_program, 1, "", "", "");
    if (!filled) {
      cl2cuda_result_free(result);
      result->status = 1;
      if (whole_program) {
        cl2cuda_result_free(whole_program);
        whole_program->status = 1;
      }
    }
  } catch (const std::exception &) {
    cl2cuda_result_free(result);
    result->status = 1;
    if (whole_program) {
      cl2cuda_result_free(whole_program);
      whole_program->status = 1;
    }
  }
  return result->status;
}

} // namespace

extern "C" int cl2cuda_translate(const char *source, const char *options,
                                 const cl2cuda_header *headers, unsigned num_headers,
                                 cl2cuda_result *result) {
  return translateUnit(source, options, headers, num_headers, false, result, nullptr);
}

extern "C" int cl2cuda_translate_unit(const char *source, const char *options,
                                      const cl2cuda_header *headers, unsigned num_headers,
                                      cl2cuda_result *result, cl2cuda_result *whole_program) {
  return translateUnit(source, options, headers, num_headers, true, result, whole_program);
}

extern "C" int cl2cuda_translate_il(const void *il, unsigned long length,
                                    const cl2cuda_spec_constant *constants, unsigned num_constants,
                                    int as_unit, const char *options, cl2cuda_result *result) {
  if (!result)
    return 1;
  *result = cl2cuda_result{1, nullptr, nullptr, nullptr};
  try {
    if ((!il && length) || (num_constants && !constants)) {
      fill(result, 1, "", "",
           il ? "error: no specialization constants given with their count\n"
              : "error: no intermediate language given to the translator\n");
      return result->status;
    }
    std::map<uint32_t, uint64_t> specializations;
    for (unsigned i = 0; i < num_constants; ++i) {
      if (!constants[i].value || constants[i].size == 0 || constants[i].size > 8) {
        fill(result, 1, "", "",
             "error: specialization constant " + std::to_string(constants[i].id) +
                 " has no value of 1 to 8 bytes\n");
        return result->status;
      }
      uint64_t bits = 0;
      std::memcpy(&bits, constants[i].value, constants[i].size); // little-endian, as the host
      specializations[constants[i].id] = bits;
    }
    const cl2cuda::TranslateResult translated = cl2cuda::translateSpirv(
        std::string_view(static_cast<const char *>(il), length), specializations,
        as_unit ? cl2cuda::SpirvOutput::Unit : cl2cuda::SpirvOutput::WholeProgram,
        options ? options : "");
    if (!fillFrom(result, translated)) {
      cl2cuda_result_free(result);
      result->status = 1;
    }
  } catch (const std::exception &) {
    cl2cuda_result_free(result);
    result->status = 1;
  }
  return result->status;
}

extern "C" int cl2cuda_il_spec_constants(const void *il, unsigned long length, unsigned *ids,
                                         unsigned *sizes, unsigned capacity) {
  try {
    std::map<uint32_t, uint32_t> found;
    if (!il || !cl2cuda::spirvSpecializationConstants(
                   std::string_view(static_cast<const char *>(il), length), &found))
      return -1;
    unsigned index = 0;
    for (const auto &[id, size] : found) {
      if (index < capacity && ids && sizes) {
        ids[index] = id;
        sizes[index] = size;
      }
      ++index;
    }
    return static_cast<int>(found.size());
  } catch (const std::exception &) {
    return -1;
  }
}

extern "C" void cl2cuda_result_free(cl2cuda_result *result) {
  if (!result)
    return;
  std::free(result->cuda_source);
  std::free(result->metadata);
  std::free(result->log);
  result->cuda_source = result->metadata = result->log = nullptr;
}
