#include "capabilities.h"

#include "settings.h"

#include <spirv/unified1/spirv.hpp11>

#include <cstring>

namespace clcuda::core {
namespace {

struct Claim {
  const char *name;
  cl_version version;
};

constexpr Claim kExtensions[] = {
#define CLCUDA_EXTENSION(name, major, minor, patch) {#name, CL_MAKE_VERSION(major, minor, patch)},
#define CLCUDA_HOST_EXTENSION(name, major, minor, patch)                                           \
  {#name, CL_MAKE_VERSION(major, minor, patch)},
#include <cl2cuda/capabilities.def>
};

constexpr Claim kIlExtensions[] = {
#define CLCUDA_IL_EXTENSION(name, major, minor, patch)                                             \
  {#name, CL_MAKE_VERSION(major, minor, patch)},
#include <cl2cuda/capabilities.def>
};

// The extensions claimed: kExtensions, and kIlExtensions while the SPIR-V
// front end is on (the settings are read once per process).
const std::vector<Claim> &claimedExtensions() {
  static const std::vector<Claim> claims = [] {
    std::vector<Claim> all(std::begin(kExtensions), std::end(kExtensions));
    if (settings().spirv)
      all.insert(all.end(), std::begin(kIlExtensions), std::end(kIlExtensions));
    return all;
  }();
  return claims;
}

constexpr Claim kCFeatures[] = {
#define CLCUDA_C_FEATURE(name, major, minor, patch) {#name, CL_MAKE_VERSION(major, minor, patch)},
#include <cl2cuda/capabilities.def>
};

constexpr cl_version kCVersions[] = {
#define CLCUDA_C_VERSION(major, minor, patch) CL_MAKE_VERSION(major, minor, patch),
#include <cl2cuda/capabilities.def>
};

template <class Claims> std::vector<cl_name_version> nameVersions(const Claims &claims) {
  std::vector<cl_name_version> result;
  for (const Claim &claim : claims) {
    cl_name_version entry{};
    entry.version = claim.version;
    std::strncpy(entry.name, claim.name, CL_NAME_VERSION_MAX_NAME_SIZE - 1);
    result.push_back(entry);
  }
  return result;
}

template <class Claims> bool contains(const Claims &claims, std::string_view name) {
  for (const Claim &claim : claims)
    if (name == claim.name)
      return true;
  return false;
}

} // namespace

const std::string &extensionString() {
  static const std::string text = [] {
    std::string joined;
    for (const Claim &claim : claimedExtensions()) {
      if (!joined.empty())
        joined += ' ';
      joined += claim.name;
    }
    return joined;
  }();
  return text;
}

const std::vector<cl_name_version> &extensionsWithVersion() {
  static const std::vector<cl_name_version> list = nameVersions(claimedExtensions());
  return list;
}

const std::vector<cl_name_version> &openclCFeatures() {
  static const std::vector<cl_name_version> list = nameVersions(kCFeatures);
  return list;
}

cl_version openclVersion() {
  return settings().opencl_3_1 ? CL_MAKE_VERSION(3, 1, 0) : CL_MAKE_VERSION(3, 0, 0);
}

std::string openclVersionText() {
  const cl_version version = openclVersion();
  return std::to_string(CL_VERSION_MAJOR(version)) + "." +
         std::to_string(CL_VERSION_MINOR(version));
}

// What SPIR-V may use is listed only while the front end is on (the
// settings are read once per process).
template <class T> const std::vector<T> &whileSpirvIsOn(const std::vector<T> &list) {
  static const std::vector<T> none;
  return settings().spirv ? list : none;
}

const std::vector<const char *> &spirvExtendedInstructionSets() {
  static const std::vector<const char *> list = {
#define CLCUDA_SPIRV_EXTENDED_INSTRUCTION_SET(name) name,
#include <cl2cuda/capabilities.def>
  };
  return whileSpirvIsOn(list);
}

const std::vector<const char *> &spirvExtensions() {
  static const std::vector<const char *> list = {
#define CLCUDA_SPIRV_EXTENSION(name) #name,
#include <cl2cuda/capabilities.def>
  };
  return whileSpirvIsOn(list);
}

const std::vector<cl_uint> &spirvCapabilities() {
  static const std::vector<cl_uint> list = {
#define CLCUDA_SPIRV_CAPABILITY(name) static_cast<cl_uint>(spv::Capability::name),
#include <cl2cuda/capabilities.def>
  };
  return whileSpirvIsOn(list);
}

const std::vector<cl_name_version> &openclCVersions() {
  static const std::vector<cl_name_version> list = [] {
    std::vector<cl_name_version> versions;
    for (cl_version version : kCVersions) {
      if (version > openclVersion())
        continue;
      cl_name_version entry{};
      entry.version = version;
      std::strncpy(entry.name, "OpenCL C", CL_NAME_VERSION_MAX_NAME_SIZE - 1);
      versions.push_back(entry);
    }
    return versions;
  }();
  return list;
}

const std::string &openclCVersionString() {
  static const std::string text = [] {
    cl_version best = 0;
    for (cl_version version : kCVersions)
      if (CL_VERSION_MAJOR(version) < 3 && version > best)
        best = version;
    return "OpenCL C " + std::to_string(CL_VERSION_MAJOR(best)) + "." +
           std::to_string(CL_VERSION_MINOR(best)) + " ";
  }();
  return text;
}

bool claimsExtension(std::string_view name) { return contains(claimedExtensions(), name); }
bool claimsCFeature(std::string_view name) { return contains(kCFeatures, name); }

} // namespace clcuda::core
