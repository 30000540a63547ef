#include "Metadata.h"

#include "LaunchAbi.h"
#include "TypeNames.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Type.h>

namespace cl2cuda {
namespace {

// Image types carry their access qualifier (__read_only by default).
uint32_t imageAccess(const clang::BuiltinType *image) {
  switch (image->getKind()) {
#define IMAGE_TYPE(ImgType, Id, SingletonId, Access, Suffix)                                       \
  case clang::BuiltinType::Id:                                                                     \
    return llvm::StringRef(#Access) == "write_only"   ? kArgAccessWriteOnly                        \
           : llvm::StringRef(#Access) == "read_write" ? kArgAccessReadWrite                        \
                                                      : kArgAccessReadOnly;
#include <clang/Basic/OpenCLImageTypes.def>
  default:
    return kArgAccessReadOnly;
  }
}

uint32_t alignmentOf(clang::QualType type, const clang::ASTContext &ast) {
  if (type->isIncompleteType())
    return 1; // __local void *
  return static_cast<uint32_t>(ast.getTypeAlignInChars(type).getQuantity());
}

KernelArg argumentMetadata(const clang::ParmVarDecl *parameter, const clang::ASTContext &ast) {
  KernelArg arg;
  clang::QualType type = parameter->getType();
  arg.name = parameter->getNameAsString();
  arg.type_name = openclArgTypeName(type, ast);
  arg.access_qualifier = kArgAccessNone;
  if (type->isImageType()) {
    // Images are global memory objects, as Clang's kernel_arg_addr_space says.
    const auto *image = type->getAs<clang::BuiltinType>();
    arg.kind = ArgKind::Image;
    arg.type_name = openclImageTypeName(image);
    arg.address_qualifier = kArgAddressGlobal;
    arg.access_qualifier = imageAccess(image);
    arg.size = kImageDescSize;
    arg.alignment = kImageDescAlignment;
    return arg;
  }
  if (type->isSamplerT()) {
    arg.kind = ArgKind::Sampler;
    arg.type_name = "sampler_t";
    arg.address_qualifier = kArgAddressPrivate;
    arg.size = arg.alignment = kSamplerSize;
    return arg;
  }
  if (!type->isPointerType()) {
    arg.kind = ArgKind::ByValue;
    arg.address_qualifier = kArgAddressPrivate;
    arg.size = static_cast<uint32_t>(ast.getTypeSizeInChars(type).getQuantity());
    arg.alignment = alignmentOf(type, ast);
    return arg;
  }
  clang::QualType pointee = type->getPointeeType();
  switch (pointee.getAddressSpace()) {
  case clang::LangAS::opencl_local:
    arg.kind = ArgKind::LocalPointer;
    arg.address_qualifier = kArgAddressLocal;
    arg.size = kLocalOffsetSize;
    arg.alignment = alignmentOf(pointee.getUnqualifiedType(), ast);
    break;
  case clang::LangAS::opencl_constant:
    arg.kind = ArgKind::ConstantBuffer;
    arg.address_qualifier = kArgAddressConstant;
    arg.size = arg.alignment = kDevicePointerSize;
    break;
  default:
    arg.kind = ArgKind::Buffer;
    arg.address_qualifier = kArgAddressGlobal;
    arg.size = arg.alignment = kDevicePointerSize;
    break;
  }
  if (pointee.isConstQualified() || pointee.getAddressSpace() == clang::LangAS::opencl_constant)
    arg.type_qualifiers |= kArgTypeConst;
  if (type.isRestrictQualified())
    arg.type_qualifiers |= kArgTypeRestrict;
  if (pointee.isVolatileQualified())
    arg.type_qualifiers |= kArgTypeVolatile;
  return arg;
}

} // namespace

KernelMetadata kernelMetadata(const clang::FunctionDecl *kernel, const clang::ASTContext &ast,
                              std::string cuda_name) {
  KernelMetadata metadata;
  metadata.name = kernel->getNameAsString();
  metadata.cuda_name = std::move(cuda_name);
  if (const auto *size = kernel->getAttr<clang::ReqdWorkGroupSizeAttr>())
    metadata.reqd_work_group_size = {size->getXDim(), size->getYDim(), size->getZDim()};
  if (const auto *hint = kernel->getAttr<clang::WorkGroupSizeHintAttr>())
    metadata.work_group_size_hint = {hint->getXDim(), hint->getYDim(), hint->getZDim()};
  if (const auto *hint = kernel->getAttr<clang::VecTypeHintAttr>())
    metadata.vec_type_hint = openclArgTypeName(hint->getTypeHint(), ast);
  for (const clang::ParmVarDecl *parameter : kernel->parameters())
    metadata.args.push_back(argumentMetadata(parameter, ast));
  return metadata;
}

} // namespace cl2cuda
