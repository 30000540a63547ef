#include "TypeNames.h"

#include "Tables.h"

#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>

namespace cl2cuda {
namespace {

clang::PrintingPolicy printingPolicy(const clang::ASTContext &ast) {
  clang::PrintingPolicy policy(ast.getLangOpts());
  policy.SuppressTagKeyword = false;
  return policy;
}

} // namespace

std::string openclScalarName(clang::QualType type) {
  const auto *builtin = type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (!builtin)
    return "";
  switch (builtin->getKind()) {
  case clang::BuiltinType::Char_S:
  case clang::BuiltinType::Char_U:
  case clang::BuiltinType::SChar:
    return "char";
  case clang::BuiltinType::UChar:
    return "uchar";
  case clang::BuiltinType::Short:
    return "short";
  case clang::BuiltinType::UShort:
    return "ushort";
  case clang::BuiltinType::Int:
    return "int";
  case clang::BuiltinType::UInt:
    return "uint";
  case clang::BuiltinType::Long:
    return "long";
  case clang::BuiltinType::ULong:
    return "ulong";
  case clang::BuiltinType::Float:
    return "float";
  case clang::BuiltinType::Double:
    return "double";
  case clang::BuiltinType::Half:
    return "half";
  case clang::BuiltinType::Bool:
    return "bool";
  default:
    return "";
  }
}

std::string openclImageTypeName(const clang::BuiltinType *image) {
  switch (image->getKind()) {
#define IMAGE_TYPE(ImgType, Id, SingletonId, Access, Suffix)                                       \
  case clang::BuiltinType::Id:                                                                     \
    return #ImgType "_t";
#include <clang/Basic/OpenCLImageTypes.def>
  default:
    return "";
  }
}

std::string TypeSpeller::nameOf(const clang::NamedDecl *decl) const {
  auto renamed = renames_.find(decl->getCanonicalDecl());
  if (renamed != renames_.end())
    return renamed->second;
  return decl->getNameAsString();
}

std::string TypeSpeller::spellVector(const clang::ExtVectorType *vector) const {
  unsigned width = vector->getNumElements();
  const ScalarTypeInfo *element = findScalarType(openclScalarName(vector->getElementType()));
  if (element && isVectorWidth(width))
    return cudaVectorTypeName(*element, width);
  return "clc::vec<" + spell(vector->getElementType()) + ", " + std::to_string(width) + ">";
}

std::string TypeSpeller::spellBase(clang::QualType type) const {
  const clang::Type *bare = type.getTypePtr();
  if (const auto *typedef_type = llvm::dyn_cast<clang::TypedefType>(bare)) {
    const clang::TypedefNameDecl *decl = typedef_type->getDecl();
    if (!ast_.getSourceManager().isInSystemHeader(decl->getLocation()) &&
        decl->getLocation().isValid())
      return nameOf(decl);
    // A typedef of opencl-c-base.h: a vector, a scalar name or a named type.
    if (const auto *vector = decl->getUnderlyingType()->getAs<clang::ExtVectorType>())
      return spellVector(vector);
    if (const NamedTypeInfo *named = findNamedType(decl->getName()))
      return *named->cuda ? named->cuda : spell(decl->getUnderlyingType());
    if (const ScalarTypeInfo *scalar = findScalarType(decl->getName()))
      return scalar->cuda;
    return spell(decl->getUnderlyingType());
  }
  if (const auto *elaborated = llvm::dyn_cast<clang::ElaboratedType>(bare))
    return spellBase(elaborated->getNamedType());
  if (const auto *vector = llvm::dyn_cast<clang::ExtVectorType>(bare))
    return spellVector(vector);
  if (const auto *builtin = llvm::dyn_cast<clang::BuiltinType>(bare)) {
    if (builtin->getKind() == clang::BuiltinType::Half)
      return findScalarType("half")->cuda;
    if (builtin->getKind() == clang::BuiltinType::OCLEvent)
      return findNamedType("event_t")->cuda;
    // Images and samplers (kernel wrappers of separate compilation).
    const NamedTypeInfo *named = builtin->isImageType()
                                     ? findNamedType(openclImageTypeName(builtin))
                                 : builtin->isSamplerT() ? findNamedType("sampler_t")
                                                         : nullptr;
    if (named && *named->cuda)
      return named->cuda;
    return builtin->getName(printingPolicy(ast_)).str();
  }
  if (const auto *tag = llvm::dyn_cast<clang::TagType>(bare)) {
    const clang::TagDecl *decl = tag->getDecl();
    // enum memory_scope... of opencl-c-base.h
    if (decl->getIdentifier() && ast_.getSourceManager().isInSystemHeader(decl->getLocation()))
      if (const NamedTypeInfo *named = findNamedType(decl->getName()); named && *named->cuda)
        return named->cuda;
    if (decl->getIdentifier())
      return nameOf(decl);
    if (const clang::TypedefNameDecl *typedef_decl = decl->getTypedefNameForAnonDecl())
      return nameOf(typedef_decl);
  }
  clang::QualType unqualified = type;
  unqualified.removeLocalFastQualifiers();
  return unqualified.getAsString(printingPolicy(ast_));
}

std::string TypeSpeller::spell(clang::QualType type, const std::string &declarator) const {
  if (type.isNull())
    return declarator;
  clang::SplitQualType split = type.split();
  clang::Qualifiers qualifiers = split.Quals;
  const clang::Type *bare = split.Ty;
  if (const auto *paren = llvm::dyn_cast<clang::ParenType>(bare))
    return spell(ast_.getQualifiedType(paren->getInnerType(), qualifiers), declarator);
  // A parameter declared as an array or a function is the pointer it decays
  // to (`__local float a[100]` is `__local float *a`).
  if (const auto *decayed = llvm::dyn_cast<clang::AdjustedType>(bare))
    return spell(ast_.getQualifiedType(decayed->getAdjustedType(), qualifiers), declarator);
  if (const auto *pointer = llvm::dyn_cast<clang::PointerType>(bare)) {
    std::string level = "*";
    if (qualifiers.hasConst())
      level += " const";
    if (qualifiers.hasVolatile())
      level += " volatile";
    if (qualifiers.hasRestrict())
      level += " __restrict__";
    if (level.size() > 1 && !declarator.empty())
      level += " ";
    std::string inner = level + declarator;
    clang::QualType pointee = pointer->getPointeeType();
    if (pointee->isArrayType() || pointee->isFunctionType())
      inner = "(" + inner + ")";
    return spell(pointee, inner);
  }
  if (const auto *array = llvm::dyn_cast<clang::ArrayType>(bare)) {
    std::string bound;
    if (const auto *constant = llvm::dyn_cast<clang::ConstantArrayType>(array))
      bound = std::to_string(constant->getSize().getZExtValue());
    clang::QualType element = ast_.getQualifiedType(array->getElementType(), qualifiers);
    return spell(element, declarator + "[" + bound + "]");
  }
  std::string prefix;
  if (qualifiers.hasConst())
    prefix += "const ";
  if (qualifiers.hasVolatile())
    prefix += "volatile ";
  std::string base = spellBase(clang::QualType(bare, 0));
  return prefix + base + (declarator.empty() ? "" : " " + declarator);
}

std::string openclArgTypeName(clang::QualType type, const clang::ASTContext &ast) {
  bool pointer = type->isPointerType();
  clang::QualType named = pointer ? type->getPointeeType() : type;
  named = named.getUnqualifiedType();
  std::string name = named.getAsString(printingPolicy(ast));
  if (named.isCanonical() && llvm::StringRef(name).startswith("unsigned "))
    name = "u" + name.substr(9);
  return pointer ? name + "*" : name;
}

} // namespace cl2cuda
