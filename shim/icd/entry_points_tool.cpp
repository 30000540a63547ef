// Renders shim/icd/entry_points.def (and, for the page, the claims of
// NVIDIA's extensions: nvidia_extensions.def beside capabilities.def):
//   --version-script       the linker version script of libclcuda.so
//   --markdown             docs/entry-points.md
//   --check-markdown FILE  exit 1 when FILE differs from --markdown
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Row {
  std::string name;
  int major, minor; // 0.0: not exported
  std::string area, status, note;
};

std::vector<Row> rows() {
  return {
#define CLCUDA_ENTRY_POINT(name, major, minor, area, status, note)                                 \
  {#name, major, minor, #area, #status, note},
#define CLCUDA_LOADER_ENTRY_POINT(name, major, minor, note)                                        \
  {#name, major, minor, "ICD", "implemented", note},
#define CLCUDA_WINDOWS_SLOT(name)                                                                  \
  {#name, 0, 0, "Windows", "windows", "Direct3D/DX9 sharing: no such function on Linux"},
#include "entry_points.def"
  };
}

struct Extension {
  std::string name, note;
};

std::vector<Extension> nvidiaExtensions() {
  return {
#define CLCUDA_NVIDIA_EXTENSION(name, note) {#name, note},
#include "nvidia_extensions.def"
  };
}

struct ExtensionFunction {
  std::string name, extension;
};

std::vector<ExtensionFunction> extensionFunctions() {
  return {
#define CLCUDA_EXTENSION_FUNCTION(name, function, extension) {#name, #extension},
#include "extension_functions.def"
  };
}

struct CudaEquivalent {
  std::string name, cuda, note;
};

std::vector<CudaEquivalent> cudaEquivalents() {
  return {
#define CLCUDA_CUDA_EQUIVALENT(name, cuda, note) {#name, cuda, note},
#include "cuda_equivalents.def"
  };
}

bool claimed(const std::string &extension) {
  const std::vector<std::string> claims = {
#define CLCUDA_EXTENSION(name, major, minor, patch) #name,
#define CLCUDA_HOST_EXTENSION(name, major, minor, patch) #name,
#include <cl2cuda/capabilities.def>
  };
  return std::find(claims.begin(), claims.end(), extension) != claims.end();
}

std::string code(const std::string &text) { return "`" + text + "`"; }

// "| a | b |\n": one row of a markdown table.
std::string tableRow(std::initializer_list<std::string> cells) {
  std::string row = "|";
  for (const std::string &cell : cells)
    row += " " + cell + " |";
  return row + "\n";
}

std::string node(int major, int minor) {
  return "OPENCL_" + std::to_string(major) + "." + std::to_string(minor);
}

std::string versionScript() {
  std::map<std::pair<int, int>, std::vector<std::string>> nodes;
  for (const Row &row : rows())
    if (row.major)
      nodes[{row.major, row.minor}].push_back(row.name);
  std::ostringstream out;
  out << "/* Generated from shim/icd/entry_points.def: the symbol versions of\n"
         "   ocl-icd's libOpenCL.so.1, so binaries linked against it run on clcuda. */\n";
  std::string previous;
  for (const auto &[version, names] : nodes) {
    const std::string name = node(version.first, version.second);
    out << name << " {\n  global:\n";
    for (const std::string &symbol : names)
      out << "    " << symbol << ";\n";
    if (previous.empty())
      out << "  local:\n    *;\n};\n";
    else
      out << "} " << previous << ";\n";
    previous = name;
  }
  return out.str();
}

std::string statusText(const std::string &status) {
  if (status == "implemented")
    return "implemented";
  if (status == "unsupported")
    return "unsupported";
  return "dispatch slot only";
}

std::string markdown() {
  std::vector<std::string> areas;
  std::map<std::string, std::vector<Row>> by_area;
  std::map<std::string, int> counts;
  for (const Row &row : rows()) {
    if (!by_area.count(row.area))
      areas.push_back(row.area);
    by_area[row.area].push_back(row);
    ++counts[statusText(row.status)];
  }
  std::ostringstream out;
  out << "# OpenCL entry points of libclcuda.so\n\n"
         "<!-- Generated from shim/icd/entry_points.def (and nvidia_extensions.def) by\n"
         "     `clcuda_entry_points --markdown`; the unit test entry_points_doc fails when\n"
         "     this page and the tables differ. -->\n\n"
         "Every OpenCL 3.1 entry point, every extension function the ICD loader\n"
         "exports, and every slot of the ICD dispatch table, with its status:\n\n"
         "* **implemented**: works as the OpenCL 3.1 specification says.\n"
         "* **unsupported**: a feature clcuda does not have (pipes,\n"
         "  native kernels, GL/EGL sharing, device partitioning); the entry point checks\n"
         "  its handles and returns the error the specification names for a device\n"
         "  without the feature (the note says which).\n"
         "* **dispatch slot only**: Direct3D/DX9 sharing slots of the dispatch table;\n"
         "  these functions exist only on Windows. Not exported.\n\n"
         "\"Exported as\" is the symbol version, the same as ocl-icd's\n"
         "`libOpenCL.so.1`, so a binary linked against the ICD loader runs with\n"
         "`build/lib/relink/libOpenCL.so.1` in its place (OpenCL 3.1's one entry point\n"
         "is `OPENCL_3.1`, a version ocl-icd 2.3.1 does not have yet).\n\n";
  out << "Totals:";
  const char *separator = " ";
  for (const auto &[status, count] : counts) {
    out << separator << count << " " << status;
    separator = ", ";
  }
  out << ".\n";
  for (const std::string &area : areas) {
    out << "\n## " << area
        << "\n\n| Entry point | Exported as | Status | Note |\n|---|---|---|---|\n";
    for (const Row &row : by_area[area])
      out << tableRow({code(row.name), row.major ? node(row.major, row.minor) : "-",
                       statusText(row.status), row.note});
  }
  out << "\n## Extension functions\n\n"
         "What `clGetExtensionFunctionAddressForPlatform` returns "
         "(`shim/icd/extension_functions.def`);\n"
         "not exported. The command-buffer functions have the signatures of\n"
         "`cl_khr_command_buffer` 0.9.8 and its mutable dispatch 0.9.5\n"
         "(`shim/include/clcuda/command_buffer_khr.h`, docs/shim.md \"Command buffers\").\n\n"
         "| Function | Extension |\n|---|---|\n";
  for (const ExtensionFunction &function : extensionFunctions())
    out << tableRow({code(function.name), code(function.extension)});
  out << "\n## Extensions\n\n"
         "clcuda claims the rows of `translator/include/cl2cuda/capabilities.def`\n"
         "(`CL_DEVICE_EXTENSIONS`). NVIDIA's OpenCL reports these besides the Khronos\n"
         "ones both claim, and applications written for it may look for them:\n\n"
         "| Extension | clcuda | Note |\n|---|---|---|\n";
  for (const Extension &extension : nvidiaExtensions())
    out << tableRow({code(extension.name), claimed(extension.name) ? "claimed" : "not claimed",
                     extension.note});
  out << "\n## Migrating to CUDA\n\n"
         "For a host program moving to CUDA for good (its kernels through `cl2cuda`,\n"
         "docs/translator.md), the CUDA runtime calls that do what these entry points\n"
         "do (`shim/icd/cuda_equivalents.def`):\n\n"
         "| Entry point | CUDA runtime | Note |\n|---|---|---|\n";
  for (const CudaEquivalent &equivalent : cudaEquivalents())
    out << tableRow({code(equivalent.name),
                     equivalent.cuda[0] == '(' ? equivalent.cuda : code(equivalent.cuda),
                     equivalent.note});
  return out.str();
}

int checkMarkdown(const char *path) {
  std::ifstream file(path);
  std::stringstream contents;
  contents << file.rdbuf();
  if (file && contents.str() == markdown())
    return 0;
  std::cerr << path << " differs from shim/icd/entry_points.def. Regenerate it:\n"
            << "  build/bin/clcuda_entry_points --markdown > docs/entry-points.md\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "--version-script") {
    std::cout << versionScript();
    return 0;
  }
  const std::vector<Row> entry_points = rows();
  for (const CudaEquivalent &equivalent : cudaEquivalents())
    if (std::none_of(entry_points.begin(), entry_points.end(),
                     [&](const Row &row) { return row.name == equivalent.name; })) {
      std::cerr << "cuda_equivalents.def: " << equivalent.name << " is no entry point\n";
      return 1;
    }
  if (mode == "--markdown") {
    std::cout << markdown();
    return 0;
  }
  if (mode == "--check-markdown" && argc > 2)
    return checkMarkdown(argv[2]);
  std::cerr << "usage: clcuda_entry_points --version-script | --markdown | "
               "--check-markdown FILE\n";
  return 2;
}
