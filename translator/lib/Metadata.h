// Kernel metadata (cl2cuda/metadata.h) from a kernel's declaration.
#pragma once

#include <cl2cuda/metadata.h>

#include <clang/AST/Decl.h>

namespace cl2cuda {

// `cuda_name` is the extern "C" symbol the kernel has in the output.
KernelMetadata kernelMetadata(const clang::FunctionDecl *kernel, const clang::ASTContext &ast,
                              std::string cuda_name);

} // namespace cl2cuda
