#include "KernelInterface.h"

#include <clc/launch_plan.h>

#include <set>

namespace cl2cuda {
namespace {

// The launch helper's own names: a kernel argument of one of them is passed
// as `<name>_arg`.
const std::set<std::string> kHelperNames = {
    "stream", "work_dim", "global_work_offset", "global_work_size", "local_work_size",
    "shared_bytes", "allowed", "grid", "block", "range"};

} // namespace

bool isLocalPointer(const clang::ParmVarDecl *parameter) {
  const clang::QualType type = parameter->getType();
  return type->isPointerType() &&
         type->getPointeeType().getAddressSpace() == clang::LangAS::opencl_local;
}

std::vector<const clang::ParmVarDecl *>
KernelInterfaceRule::localPointers(const clang::FunctionDecl *kernel) const {
  std::vector<const clang::ParmVarDecl *> pointers;
  for (const clang::ParmVarDecl *parameter : kernel->parameters())
    if (isLocalPointer(parameter))
      pointers.push_back(parameter);
  return pointers;
}

std::string KernelInterfaceRule::bytesName(const clang::ParmVarDecl *local_pointer) const {
  return names_.fresh(types_.nameOf(local_pointer) + "_bytes");
}

std::string KernelInterfaceRule::pointeeType(const clang::ParmVarDecl *local_pointer) const {
  return spell(local_pointer->getType()->getPointeeType().getUnqualifiedType());
}

std::string KernelInterfaceRule::sizeParameter(const clang::ParmVarDecl *local_pointer) const {
  return "size_t " + bytesName(local_pointer);
}

std::string KernelInterfaceRule::localPointerDeclarations(const clang::FunctionDecl *kernel,
                                                          uint64_t base,
                                                          const std::string &indentation) const {
  std::vector<const clang::ParmVarDecl *> pointers = localPointers(kernel);
  if (pointers.empty())
    return "";
  const std::string memory = names_.fresh("shared_memory");
  std::string text = "\n" + indentation + "extern __shared__ __align__(128) unsigned char " +
                     memory +
                     "[]; // cl2cuda: the __local arguments, one after another at their "
                     "alignments";
  std::string previous_end; // where the previous argument ends
  for (const clang::ParmVarDecl *pointer : pointers) {
    const std::string name = types_.nameOf(pointer);
    const std::string type = pointeeType(pointer);
    std::string offset;
    if (previous_end.empty()) {
      const uint64_t alignment = uint64_t(
          program_.ast.getTypeAlignInChars(pointer->getType()->getPointeeType()).getQuantity());
      // Where the launch helpers' clc::local_arguments_end puts it.
      const uint64_t first = clc::align_local(base, std::max<uint64_t>(alignment, 1));
      offset = first ? " + " + std::to_string(first) : "";
      previous_end = (first ? std::to_string(first) + " + " : "") + bytesName(pointer);
    } else {
      const std::string variable = names_.fresh(name + "_offset");
      const std::string alignment = "alignof(" + type + ")";
      text += "\n" + indentation + "size_t " + variable + " = (" + previous_end + " + " +
              alignment + " - 1) / " + alignment + " * " + alignment + ";";
      offset = " + " + variable;
      previous_end = variable + " + " + bytesName(pointer);
    }
    text += "\n" + indentation + spell(pointer->getType(), name) + " = reinterpret_cast<" +
            spell(pointer->getType()) + ">(" + memory + offset + ");";
  }
  return text;
}

std::string KernelInterfaceRule::ndrangeComment(const clang::FunctionDecl *kernel,
                                                const std::string &indentation) const {
  const llvm::StringRef reason = calls_.readableNdrangeReason(kernel);
  const std::string why =
      reason == ProgramCalls::kSeparateCompilation
          ? "in separate compilation, a kernel may call other units' functions that read it"
          : reason.str() + " needs more than CUDA's built-in variables carry (the launch helper "
                           "of cl2cuda --launch-helpers fills it)";
  return "// cl2cuda: clc_ndrange, the last parameter, is the NDRange OpenCL launches: " + why +
         "\n" + indentation;
}

void KernelInterfaceRule::addLaunchHelper(const clang::FunctionDecl *kernel,
                                          const std::string &symbol, uint64_t base,
                                          const std::array<uint32_t, 3> &required) {
  const bool plain = !calls_.needsNdrangeWhenReadable(kernel);
  std::string parameters, arguments, sizes;
  unsigned index = 0;
  for (const clang::ParmVarDecl *parameter : kernel->parameters()) {
    const clang::QualType type = parameter->getType();
    const bool local_pointer = isLocalPointer(parameter);
    std::string name = local_pointer ? bytesName(parameter) : types_.nameOf(parameter);
    if (name.empty())
      name = "arg" + std::to_string(index);
    else if (kHelperNames.count(name))
      name += "_arg";
    ++index;
    if (local_pointer) {
      parameters += ", size_t " + name;
      sizes += std::string(sizes.empty() ? "" : ", ") + "{" + name + ", alignof(" +
               pointeeType(parameter) + ")}";
    } else {
      parameters += ", " + spell(type, name);
    }
    arguments += (arguments.empty() ? "" : ", ") + name;
  }
  if (!plain)
    arguments += std::string(arguments.empty() ? "" : ", ") + "range";
  std::string text =
      "\n// " + symbol +
      " as clEnqueueNDRangeKernel(queue, kernel, work_dim, global_work_offset,\n"
      "// global_work_size, local_work_size, ...) launches it, with the arguments that\n"
      "// clSetKernelArg sets (a __local argument: its size in bytes).";
  if (plain)
    text += " It reads CUDA's\n// built-in variables: one launch of full work-groups, no global offset.";
  text += "\ninline cudaError_t " + names_.fresh("launch_" + symbol) +
          "(cudaStream_t stream, unsigned int work_dim,\n"
          "    const size_t *global_work_offset, const size_t *global_work_size,\n"
          "    const size_t *local_work_size" +
          parameters + ") {\n";
  std::string shared = "0";
  if (!sizes.empty() || base) {
    shared = "shared_bytes";
    text += "  const size_t shared_bytes = " +
            (sizes.empty() ? std::to_string(base)
                           : "clc::local_arguments_end(" + std::to_string(base) + ", {" + sizes +
                                 "})") +
            ";\n  const cudaError_t allowed = clc::allow_shared_memory(" + symbol +
            ", shared_bytes);\n  if (allowed != cudaSuccess)\n    return allowed;\n";
  }
  text += "  return clc::launch_ndrange(\n      " + symbol + ", clc::launch_groups::" +
          (plain ? "uniform" : "any") + ", {" + std::to_string(required[0]) + ", " +
          std::to_string(required[1]) + ", " + std::to_string(required[2]) +
          "}, work_dim,\n      global_work_offset, global_work_size, local_work_size,\n"
          "      [&](dim3 grid, dim3 block, const clc::ndrange &" +
          (plain ? "" : "range") + ") {\n        " + symbol + "<<<grid, block, " + shared +
          ", stream>>>(" + arguments + ");\n      });\n}\n";
  output_.launch_helpers += text;
}

} // namespace cl2cuda
