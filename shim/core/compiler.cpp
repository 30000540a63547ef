#include "compiler.h"

#include "build_messages.h"
#include "capabilities.h"
#include "jit_link.h"
#include "settings.h"
#include "sha256.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace clcuda::core {
namespace {

using Clock = std::chrono::steady_clock;

// The cache key's architecture for compiled objects, which have none.
constexpr std::string_view kCompiledObjectArch = "compiled object";

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

BuildResult failure(BuildFailure kind, std::string log) {
  BuildResult result;
  result.failure = kind;
  result.log = std::move(log);
  return result;
}

// The shared translator, or a failed build that says why there is none.
const Translator *translatorOf(const BuildTools &tools, BuildResult &missing) {
  std::string why_not;
  const Translator *translator = tools.translator(why_not);
  if (!translator)
    missing =
        failure(BuildFailure::tool_missing, buildMessage(BuildMessage::ToolMissing, {why_not}));
  return translator;
}

// A translation taken into `unit` (its CUDA source and metadata), with its
// log and `seconds` in the result, which fails where the translation did.
BuildResult acceptTranslation(Translation translation, double seconds, ProgramUnit &unit) {
  BuildResult result;
  result.times.translate = seconds;
  result.log = std::move(translation.log);
  if (translation.status == Translation::Status::invalid_options) {
    result.failure = BuildFailure::invalid_options;
    return result;
  }
  if (translation.status != Translation::Status::ok)
    return result;
  std::string problem;
  if (!cl2cuda::ProgramMetadata::parse(translation.metadata, &unit.metadata, &problem)) {
    result.log += buildMessage(BuildMessage::MetadataUnreadable, {problem});
    return result;
  }
  // The translator takes every version it can parse; the device accepts
  // those it reports (OpenCL C 3.1 only while it reports OpenCL 3.1).
  const cl_version reported = openclVersion();
  const unsigned version = unit.metadata.opencl_c_version;
  if (version > CL_VERSION_MAJOR(reported) * 100 + CL_VERSION_MINOR(reported) * 10) {
    result.failure = BuildFailure::invalid_options;
    result.log +=
        buildMessage(BuildMessage::OpenCLCVersionNotReported,
                     {std::to_string(version / 100) + "." + std::to_string(version / 10 % 10),
                      openclVersionText()});
    return result;
  }
  unit.cuda_source = std::move(translation.cuda_source);
  result.failure = BuildFailure::none;
  return result;
}

bool takesImages(const cl2cuda::ProgramMetadata &metadata) {
  for (const cl2cuda::KernelMetadata &kernel : metadata.kernels)
    for (const cl2cuda::KernelArg &arg : kernel.args)
      if (arg.kind == cl2cuda::ArgKind::Image)
        return true;
  return false;
}

// The device library's software image reads and writes
// (clc/image_library.h) as relocatable machine code for `target`: from the
// kernel cache where it is on, else compiled (and stored there).
const char kImageLibrarySource[] = "#include <clc/image_library.h>\n";
// ptxas gives a function compiled apart as many registers as it likes (166
// for a sampled read on sm_90), and a kernel that can call it as many, on
// whichever path it takes. 32 registers a work-item let a multiprocessor
// hold its most work-items (65,536 registers for 2,048), so the cap costs
// the callers no occupancy (what the library keeps in registers over it is
// saved on the stack at each call, on the software path only): H100,
// image_bilinear_rgba8, 1,027 GB/s with a cap of 48, 1,169 with 40, 1,337
// with 32 (docs/performance.md).
const char kImageLibraryOptions[] = "-maxrregcount=32";

NvrtcOutput loadOrCompileImageLibrary(const GpuTarget &target) {
  KernelCache *cache = KernelCache::shared();
  const KernelCache::Key key = imageLibraryCacheKey(target.arch);
  ProgramBinary entry;
  std::string why;
  if (cache && cache->load(key, entry, why) == KernelCache::Lookup::hit) {
    NvrtcOutput cached;
    cached.ok = true;
    cached.cubin = std::move(entry.cubin);
    return cached;
  }
  NvrtcOutput compiled = compileImageLibrary(target);
  if (compiled.ok && cache) {
    entry.arch = target.arch;
    entry.cubin = compiled.cubin;
    entry.units.push_back({kImageLibrarySource, {}, "", nullptr});
    cache->store(key, entry, why); // a failed store only costs the next process a compile
  }
  return compiled;
}

// The image library for `target`, loaded or compiled once per architecture
// in the process; the first caller's NVRTC time goes to its build, and
// `times.image_library` says how much of it was the library's.
std::shared_ptr<const NvrtcOutput> imageLibrary(const GpuTarget &target, BuildTimes &times) {
  static std::mutex mutex;
  static auto &libraries = *new std::map<std::string, std::shared_ptr<const NvrtcOutput>>();
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<const NvrtcOutput> &library = libraries[target.arch];
  if (!library) {
    const Clock::time_point start = Clock::now();
    library = std::make_shared<const NvrtcOutput>(loadOrCompileImageLibrary(target));
    times.image_library += secondsSince(start);
  }
  return library;
}

// A thread a part (a program's kernel, a link's unit), at most
// CLCUDA_SPLIT_COMPILE: what kernels call is inlined into them, and the code
// depends on the program, not on the machine's cores.
unsigned splitThreads(std::size_t parts) {
  const std::uint64_t threads = std::min<std::uint64_t>(parts, settings().split_compile);
  return static_cast<unsigned>(std::max<std::uint64_t>(1, threads));
}

// A program's compile: timed for the build log, with the precompiled headers,
// its kernels optimized in parallel.
CompileAids programAids(const ProgramUnit &unit) {
  return {logs("build") || asksVerbose(unit.metadata.nvrtc_options),
          settings().precompiled_headers != 0, splitThreads(unit.metadata.kernels.size()),
          static_cast<unsigned>(settings().fast_compile)};
}

// A program that takes images, compiled as PTX that calls the image library
// (the rest of the program optimized as a whole), and linked to it by
// nvJitLink, which compiles the PTX (CLCUDA_IMAGE_LIBRARY).
NvrtcOutput compileAgainstImageLibrary(const ProgramUnit &unit, const GpuTarget &target,
                                       BuildResult &result) {
  std::vector<std::string> options = unit.metadata.nvrtc_options;
  options.push_back("-DCLC_IMAGE_LIBRARY");
  NvrtcOutput program =
      compileCuda(unit.cuda_source, target, options, CompileKind::extensible, programAids(unit));
  if (!program.ok)
    return program;
  const std::shared_ptr<const NvrtcOutput> library = imageLibrary(target, result.times);
  if (!library->ok) {
    program.ok = false;
    program.log += buildMessage(BuildMessage::ImageLibraryFailed) + library->log;
    return program;
  }
  const Clock::time_point start = Clock::now();
  LinkOutput linked = linkDeviceCode({{LinkInput::ptx, &program.ptx, "program"},
                                      {LinkInput::cubin, &library->cubin, "image library"}},
                                     target, ptxasSplitOptions(unit.metadata.kernels.size()));
  result.times.link += secondsSince(start);
  program.log += linked.log;
  program.ok = linked.ok;
  // The PTX stays the program's own (it tells whether the program calls
  // printf); alone it does not load, so a binary for another architecture
  // is rebuilt from source, not JIT-compiled.
  program.cubin = std::move(linked.cubin);
  return program;
}

// Adds `more` to `phases`, phase by phase (by name).
void addPhases(std::vector<NvrtcPhase> &phases, const std::vector<NvrtcPhase> &more) {
  for (const NvrtcPhase &phase : more) {
    auto same = std::find_if(phases.begin(), phases.end(),
                             [&](const NvrtcPhase &known) { return known.name == phase.name; });
    if (same == phases.end())
      phases.push_back(phase);
    else
      same->seconds += phase.seconds;
  }
}

// NVRTC on one unit; appends NVRTC's log and time to `result`.
bool compileUnit(ProgramUnit &unit, const GpuTarget &target, CompileKind kind,
                 ProgramBinary &binary, BuildResult &result) {
  const Clock::time_point start = Clock::now();
  const double linking_before = result.times.link;
  // Without nvJitLink, a program compiles its image code inline.
  const bool linked = kind == CompileKind::whole && settings().image_library && target.real() &&
                      takesImages(unit.metadata) && linkerAvailable();
  NvrtcOutput output = linked ? compileAgainstImageLibrary(unit, target, result)
                              : compileCuda(unit.cuda_source, target, unit.metadata.nvrtc_options,
                                            kind, programAids(unit));
  result.times.nvrtc += secondsSince(start) - (result.times.link - linking_before);
  result.times.precompiled_headers |= output.precompiled_headers;
  addPhases(result.times.nvrtc_phases, output.phases);
  result.log += output.log;
  if (!output.ok) {
    result.failure = BuildFailure::failed;
    return false;
  }
  if (kind == CompileKind::relocatable) {
    unit.lto_ir = std::move(output.lto_ir);
  } else {
    binary.cubin = std::move(output.cubin);
    binary.ptx = std::move(output.ptx);
  }
  return true;
}

// The units of `binary` at `indices`, compiled for `target` as relocatable
// code (LTO IR), several at once: NVRTC compiles programs concurrently, and
// a link's units do not depend on each other. At most CLCUDA_SPLIT_COMPILE
// threads. Their logs follow in unit order; NVRTC's time is the wall time
// of them all, its phases their sums.
bool compileUnitsConcurrently(ProgramBinary &binary, const std::vector<std::size_t> &indices,
                              const GpuTarget &target, BuildResult &result) {
  const Clock::time_point start = Clock::now();
  std::vector<BuildResult> parts(indices.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < indices.size(); i = next++) {
      parts[i].failure = BuildFailure::none;
      compileUnit(binary.units[indices[i]], target, CompileKind::relocatable, binary, parts[i]);
    }
  };
  const unsigned threads = splitThreads(indices.size());
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t)
    helpers.emplace_back(work);
  work();
  for (std::thread &helper : helpers)
    helper.join();
  result.times.nvrtc += secondsSince(start);
  for (const BuildResult &part : parts) {
    result.log += part.log;
    result.times.precompiled_headers |= part.times.precompiled_headers;
    addPhases(result.times.nvrtc_phases, part.times.nvrtc_phases);
    if (!part.ok())
      result.failure = part.failure;
  }
  return result.ok();
}

// Every kernel name once across the units; a repeated one is a link error.
bool checkKernelNames(const std::vector<ProgramUnit> &units, std::string &log) {
  std::set<std::string> names;
  for (const ProgramUnit &unit : units)
    for (const cl2cuda::KernelMetadata &kernel : unit.metadata.kernels)
      if (!names.insert(kernel.name).second) {
        log += buildMessage(BuildMessage::KernelDefinedTwice, {kernel.name});
        return false;
      }
  return true;
}

// nvJitLink over the units' LTO IR, its ptxas a kernel a thread; fills the
// executable's code.
bool linkUnits(ProgramBinary &binary, const GpuTarget &target, const LinkOptions &options,
               BuildResult &result) {
  std::vector<LinkPart> parts;
  std::size_t kernels = 0;
  for (const ProgramUnit &unit : binary.units) {
    parts.push_back({LinkInput::lto_ir, &unit.lto_ir, "unit" + std::to_string(parts.size())});
    kernels += unit.metadata.kernels.size();
  }
  std::vector<std::string> link_options = ptxasSplitOptions(kernels);
  link_options.insert(link_options.end(), options.nvjitlink_options.begin(),
                      options.nvjitlink_options.end());
  const Clock::time_point start = Clock::now();
  LinkOutput output = linkDeviceCode(parts, target, link_options);
  result.times.link += secondsSince(start);
  result.log += output.log;
  if (!output.ok) {
    result.failure = output.linker_missing ? BuildFailure::tool_missing : BuildFailure::failed;
    return false;
  }
  binary.cubin = std::move(output.cubin);
  binary.ptx = std::move(output.ptx);
  return true;
}

// An executable of `source` for `target`, translated here or, where the
// caller has it, from its translation as a whole program.
BuildResult wholeProgram(const BuildTools &tools, std::string_view source,
                         const std::string &options, const std::vector<SourceHeader> &headers,
                         const GpuTarget &target, const Translation *translated,
                         double translate_seconds = 0) {
  auto binary = std::make_shared<ProgramBinary>();
  ProgramUnit &unit = binary->units.emplace_back();
  BuildResult result;
  if (translated) {
    result = acceptTranslation(*translated, translate_seconds, unit);
  } else {
    const Translator *translator = translatorOf(tools, result);
    if (!translator)
      return result;
    const Clock::time_point start = Clock::now();
    Translation translation = translator->translate(source, options, headers);
    result = acceptTranslation(std::move(translation), secondsSince(start), unit);
  }
  if (!result.ok() || !compileUnit(unit, target, CompileKind::whole, *binary, result))
    return result;
  binary->type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  binary->arch = target.arch;
  binary->options = options;
  binary->log = result.log;
  result.binary = std::move(binary);
  return result;
}

// The OpenCL C of the one unit that `inputs` hold, when it was compiled from
// source in this process and `options` change nothing a whole program's
// build would not do: then linking it is building it.
const UnitOrigin *soleOrigin(const std::vector<const ProgramBinary *> &inputs,
                             const LinkOptions &options) {
  if (options.create_library || !options.nvjitlink_options.empty() || inputs.size() != 1 ||
      inputs[0]->units.size() != 1)
    return nullptr;
  return inputs[0]->units[0].origin.get();
}

// A compiled object of one translated unit.
BuildResult compiledObject(Translation translation, double seconds, const std::string &options,
                           std::shared_ptr<const UnitOrigin> origin) {
  auto binary = std::make_shared<ProgramBinary>();
  ProgramUnit &unit = binary->units.emplace_back();
  BuildResult result = acceptTranslation(std::move(translation), seconds, unit);
  if (!result.ok())
    return result;
  unit.origin = std::move(origin);
  binary->type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
  binary->options = options;
  binary->log = result.log;
  result.binary = std::move(binary);
  return result;
}

// A compiled object of one unit, translated (clCompileProgram): no NVRTC
// compile yet. The link compiles the unit, or builds it as a whole program
// if it is linked alone (a program's compile and link, as hashcat's, then
// costs a build), so the binary has no architecture; its origin keeps the
// source and its translation as a whole program, from the same parse.
BuildResult translatedUnit(const BuildTools &tools, std::string_view source,
                           const std::string &options, const std::vector<SourceHeader> &headers) {
  BuildResult result;
  const Translator *translator = translatorOf(tools, result);
  if (!translator)
    return result;
  auto origin = std::make_shared<UnitOrigin>(
      UnitOrigin{std::string(source), options, headers, Translation()});
  const Clock::time_point start = Clock::now();
  Translation translation =
      translator->translateUnit(source, options, headers, *origin->whole_program);
  return compiledObject(std::move(translation), secondsSince(start), options, std::move(origin));
}

// What decides a cache entry: KernelCache::keyFor's inputs.
struct CacheInputs {
  std::string_view source;
  const std::vector<SourceHeader> &headers;
  std::string_view options;
  std::string_view arch;
};

// The cache's entry of `type` for `inputs` where it has one; else `build()`,
// stored in the cache when it succeeds. The result's cache note says which.
BuildResult throughCache(const BuildTools &tools, const CacheInputs &inputs,
                         cl_program_binary_type type, const std::function<BuildResult()> &build) {
  const Clock::time_point start = Clock::now();
  KernelCache::Key key;
  std::string cache_note = "off";
  if (tools.cache) {
    key = KernelCache::keyFor(inputs.source, inputs.headers, inputs.options, inputs.arch);
    auto cached = std::make_shared<ProgramBinary>();
    std::string why;
    switch (tools.cache->load(key, *cached, why, type)) {
    case KernelCache::Lookup::hit: {
      BuildResult hit;
      hit.failure = BuildFailure::none;
      hit.log = cached->log;
      hit.binary = std::move(cached);
      hit.times.cache = secondsSince(start);
      hit.cache_note = "hit " + tools.cache->pathOf(key);
      return hit;
    }
    case KernelCache::Lookup::miss:
      cache_note = "miss";
      break;
    case KernelCache::Lookup::invalid:
      cache_note = "invalid entry (" + why + "), rebuilt";
      break;
    }
  }
  const double lookup = secondsSince(start);
  BuildResult result = build();
  result.times.cache = lookup;
  result.cache_note = cache_note;
  if (result.ok() && tools.cache) {
    std::string why;
    if (tools.cache->store(key, *result.binary, why))
      result.cache_note += ", stored";
    else
      result.cache_note += ", not stored: " + why;
  }
  return result;
}

} // namespace

NvrtcOutput compileImageLibrary(const GpuTarget &target) {
  return compileCuda(kImageLibrarySource, target, {kImageLibraryOptions},
                     CompileKind::machine_relocatable);
}

// The thread count depends on the kernels alone (for an image program it is
// in the PTX's options stamp: its NVRTC compile splits as many ways), so the
// code still depends on the program, not on the machine.
std::vector<std::string> ptxasSplitOptions(std::size_t kernels) {
  const unsigned threads = splitThreads(kernels);
  if (threads == 1)
    return {};
  return {"-Xptxas=--split-compile=" + std::to_string(threads)};
}

KernelCache::Key imageLibraryCacheKey(const std::string &arch) {
  return KernelCache::keyFor(kImageLibrarySource, {},
                             std::string("image library ") + kImageLibraryOptions, arch);
}

BuildTools BuildTools::standard() {
  BuildTools tools;
  tools.translator = &Translator::shared;
  tools.cache = KernelCache::shared();
  return tools;
}

BuildResult buildFromSource(const BuildTools &tools, std::string_view source,
                            const std::string &options, const GpuTarget &target,
                            const std::vector<SourceHeader> &headers,
                            const Translation *translated) {
  return throughCache(
      tools, {source, headers, options, target.arch}, CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
      [&] { return wholeProgram(tools, source, options, headers, target, translated); });
}

BuildResult buildFromIl(const BuildTools &tools, std::string_view il,
                        const std::map<unsigned, std::string> &specializations,
                        const std::string &options, const GpuTarget &target) {
  // The key's options say SPIR-V (the same bytes as OpenCL C are another
  // program) and hold the specialization constants' values.
  std::string key_options = "(SPIR-V";
  for (const auto &[id, bytes] : specializations)
    key_options += " " + std::to_string(id) + "=" + Sha256::hex(bytes);
  return throughCache(tools, {il, {}, key_options + ") " + options, target.arch},
                      CL_PROGRAM_BINARY_TYPE_EXECUTABLE, [&] {
                        BuildResult result;
                        const Translator *translator = translatorOf(tools, result);
                        if (!translator)
                          return result;
                        const Clock::time_point start = Clock::now();
                        Translation translation = translator->translateIl(
                            il, specializations, Translator::IlOutput::whole_program, options);
                        return wholeProgram(tools, il, options, {}, target, &translation,
                                            secondsSince(start));
                      });
}

BuildResult compileFromIl(const BuildTools &tools, std::string_view il,
                          const std::map<unsigned, std::string> &specializations,
                          const std::string &options) {
  BuildResult result;
  const Translator *translator = translatorOf(tools, result);
  if (!translator)
    return result;
  const Clock::time_point start = Clock::now();
  Translation translation =
      translator->translateIl(il, specializations, Translator::IlOutput::unit, options);
  return compiledObject(std::move(translation), secondsSince(start), options, nullptr);
}

BuildResult compileFromSource(const BuildTools &tools, std::string_view source,
                              const std::string &options,
                              const std::vector<SourceHeader> &headers) {
  BuildResult result = throughCache(tools, {source, headers, options, kCompiledObjectArch},
                                    CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, [&] {
                                      return translatedUnit(tools, source, options, headers);
                                    });
  if (result.ok() && !result.binary->units[0].origin) {
    // From the cache, without the whole program's translation: a link of
    // the unit alone finds its build in the cache, or translates it.
    auto binary = std::make_shared<ProgramBinary>(*result.binary);
    binary->units[0].origin = std::make_shared<const UnitOrigin>(
        UnitOrigin{std::string(source), options, headers, std::nullopt});
    result.binary = std::move(binary);
  }
  return result;
}

bool parseLinkOptions(std::string_view text, LinkOptions &out, std::string &error) {
  struct Row {
    const char *spelling;
    enum { none, create_library, enable_link_options } effect;
    const char *nvjitlink;
  };
  static constexpr Row kRows[] = {
#define CLCUDA_LINK_OPTION(spelling, effect, nvjitlink, description)                               \
  {spelling, Row::effect, nvjitlink},
#include "link_options.def"
#undef CLCUDA_LINK_OPTION
  };
  out = LinkOptions();
  std::size_t position = 0;
  while (position < text.size()) {
    if (text[position] == ' ' || text[position] == '\t' || text[position] == '\n') {
      ++position;
      continue;
    }
    const std::size_t end = text.find_first_of(" \t\n", position);
    const std::string_view word = text.substr(position, end - position);
    position = end == std::string_view::npos ? text.size() : end;
    const Row *row = nullptr;
    for (const Row &candidate : kRows)
      if (word == candidate.spelling)
        row = &candidate;
    if (!row) {
      error = "invalid link option '" + std::string(word) + "'";
      return false;
    }
    out.create_library |= row->effect == Row::create_library;
    out.enable_link_options |= row->effect == Row::enable_link_options;
    for (std::string_view flags = row->nvjitlink; !flags.empty();) {
      const std::size_t space = flags.find(' ');
      out.nvjitlink_options.emplace_back(flags.substr(0, space));
      flags = space == std::string_view::npos ? std::string_view() : flags.substr(space + 1);
    }
  }
  if (out.enable_link_options && !out.create_library) {
    error = "-enable-link-options is allowed with -create-library only";
    return false;
  }
  return true;
}

namespace {

// What a link's executable is made of, as bytes for the cache's key: the
// units' translations and metadata (their LTO IR follows from those and the
// target), in link order.
std::string linkedUnitsText(const std::vector<const ProgramBinary *> &inputs) {
  ProgramBinary units;
  units.type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
  for (const ProgramBinary *input : inputs)
    for (const ProgramUnit &unit : input->units)
      units.units.push_back({unit.cuda_source, unit.metadata, {}, nullptr});
  return serializeBinary(units);
}

} // namespace

BuildResult linkBinaries(const BuildTools &tools, const std::vector<const ProgramBinary *> &inputs,
                         const std::string &options, const GpuTarget &target) {
  LinkOptions link;
  std::string error;
  if (!parseLinkOptions(options, link, error))
    return failure(BuildFailure::invalid_options,
                   buildMessage(BuildMessage::InvalidLinkOptions, {error}));
  if (const UnitOrigin *origin = soleOrigin(inputs, link))
    return buildFromSource(tools, origin->source, origin->options, target, origin->headers,
                           origin->whole_program ? &*origin->whole_program : nullptr);
  auto linkNow = [&] {
    BuildResult result;
    result.failure = BuildFailure::none;
    auto binary = std::make_shared<ProgramBinary>();
    std::vector<std::size_t> uncompiled; // translated only, or for another GPU
    for (const ProgramBinary *input : inputs)
      for (const ProgramUnit &unit : input->units) {
        if (input->arch != target.arch)
          uncompiled.push_back(binary->units.size());
        binary->units.push_back(unit);
      }
    if (!compileUnitsConcurrently(*binary, uncompiled, target, result))
      return result;
    if (!checkKernelNames(binary->units, result.log)) {
      result.failure = BuildFailure::failed;
      return result;
    }
    binary->arch = target.arch;
    binary->options = options;
    if (link.create_library) {
      binary->type = CL_PROGRAM_BINARY_TYPE_LIBRARY;
    } else {
      binary->type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
      if (!linkUnits(*binary, target, link, result))
        return result;
    }
    binary->log = result.log;
    result.binary = std::move(binary);
    return result;
  };
  if (link.create_library)
    return linkNow();
  // The same units linked again (an application's next start) are a cache
  // hit, as a build of the same source is.
  const std::string units = linkedUnitsText(inputs);
  return throughCache(tools, {units, {}, "(link) " + options, target.arch},
                      CL_PROGRAM_BINARY_TYPE_EXECUTABLE, linkNow);
}

BuildResult retarget(const ProgramBinary &binary, const GpuTarget &target) {
  const bool linked = binary.type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE && !binary.units.empty() &&
                      !binary.units[0].lto_ir.empty();
  if (linked) {
    ProgramBinary units = binary;
    units.arch.clear(); // not the target's: linkBinaries compiles every unit again
    return linkBinaries(BuildTools::standard(), {&units}, binary.options, target);
  }
  BuildResult result;
  result.failure = BuildFailure::none;
  auto rebuilt = std::make_shared<ProgramBinary>(binary);
  rebuilt->arch = target.arch;
  rebuilt->cubin.clear();
  rebuilt->ptx.clear();
  const CompileKind kind = binary.type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                               ? CompileKind::whole
                               : CompileKind::relocatable;
  for (ProgramUnit &unit : rebuilt->units)
    if (!compileUnit(unit, target, kind, *rebuilt, result))
      return result;
  rebuilt->log = binary.log + result.log;
  result.binary = std::move(rebuilt);
  return result;
}

} // namespace clcuda::core
