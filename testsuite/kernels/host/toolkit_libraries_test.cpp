// The toolkit's libraries opened at run time (kernels/host/toolkit_libraries.h)
// are found next to the linked libnvrtc, whether or not the dynamic loader
// was told where the toolkit is: CI's machines have no loader cache entry
// and no LD_LIBRARY_PATH for it.
#include "toolkit_libraries.h"

#include <gtest/gtest.h>

#include <nvrtc.h>

#include <dlfcn.h>

#include <string>

namespace {

TEST(ToolkitLibraries, NvrtcBuiltinsAreLoadedBeforeNvrtcLooksForThem) {
  ASSERT_EQ(clcuda::loadNvrtcBuiltins(), "");
  int major = 0, minor = 0;
  ASSERT_EQ(nvrtcVersion(&major, &minor), NVRTC_SUCCESS);
  const std::string soname =
      "libnvrtc-builtins.so." + std::to_string(major) + "." + std::to_string(minor);
  // NVRTC opens it by this name: already loaded, the loader hands it over
  // without searching.
  void *loaded = dlopen(soname.c_str(), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(loaded, nullptr) << soname << " is not loaded";
  dlclose(loaded);
}

// The shim's linker, from the toolkit's library directory.
TEST(ToolkitLibraries, NvJitLinkOpensFromTheToolkit) {
  std::string error;
  void *library = clcuda::openToolkitLibrary("libnvJitLink.so.13", error);
  ASSERT_NE(library, nullptr) << error;
  EXPECT_NE(dlsym(library, "__nvJitLinkCreate_13_0"), nullptr);
}

TEST(ToolkitLibraries, AMissingLibraryIsNullWithTheLoadersWords) {
  std::string error;
  EXPECT_EQ(clcuda::openToolkitLibrary("libclcuda-absent.so.0", error), nullptr);
  EXPECT_NE(error.find("libclcuda-absent.so.0"), std::string::npos) << error;
}

} // namespace
