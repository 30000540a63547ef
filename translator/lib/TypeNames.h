// Type spellings: the CUDA C++ spelling of a Clang type (for casts, kernel
// wrappers and local_arg<T>), and the OpenCL spelling clGetKernelArgInfo
// reports.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Type.h>

#include <llvm/ADT/DenseMap.h>

#include <string>

namespace cl2cuda {

// User declarations renamed because their names are reserved in CUDA C++.
using RenameMap = llvm::DenseMap<const clang::Decl *, std::string>; // keyed by canonical decl

class TypeSpeller {
public:
  TypeSpeller(const clang::ASTContext &ast, const RenameMap &renames)
      : ast_(ast), renames_(renames) {}

  // The CUDA spelling of `type` declaring `declarator` (a name, or "" for
  // an abstract type as in a cast), without address spaces.
  std::string spell(clang::QualType type, const std::string &declarator = "") const;

  // The device-library type name of a vector or a scalar element type
  // ("clc::float4", "float"); empty if `type` is neither.
  std::string spellVector(const clang::ExtVectorType *vector) const;

  // The name a user declaration has in the output.
  std::string nameOf(const clang::NamedDecl *decl) const;

private:
  std::string spellBase(clang::QualType type) const;

  const clang::ASTContext &ast_;
  const RenameMap &renames_;
};

// The OpenCL C name of a builtin scalar type ("uint", "float"); empty if none.
std::string openclScalarName(clang::QualType type);

// The argument type name clGetKernelArgInfo reports (CL_KERNEL_ARG_TYPE_NAME):
// declared typedef names kept, qualifiers and address spaces dropped,
// "unsigned int" written "uint", pointers as "float4*".
// An image type as OpenCL C spells it, without the access qualifier Clang
// prints ("image2d_t").
std::string openclImageTypeName(const clang::BuiltinType *image);

std::string openclArgTypeName(clang::QualType type, const clang::ASTContext &ast);

} // namespace cl2cuda
