#include "RewriterImpl.h"

#include "Diagnostics.h"
#include "Metadata.h"
#include "Tables.h"

#include <clang/AST/Attr.h>
#include <clang/Basic/SourceManager.h>

namespace cl2cuda {

ProgramRewriter::ProgramRewriter(RewriteContext &context)
    : RewriteRule(context), address_spaces_(context), locals_(context), conversions_(context),
      builtin_calls_(context, conversions_), swizzles_(context), interface_(context),
      asm_immediates_(context) {}

void ProgramRewriter::run() {
  TraverseDecl(program_.ast.getTranslationUnitDecl());
  finishTokens();
}

bool ProgramRewriter::TraverseDecl(clang::Decl *decl) {
  if (decl && !llvm::isa<clang::TranslationUnitDecl>(decl) && !isUser(decl->getLocation()))
    return true;
  if (const auto *function = llvm::dyn_cast_or_null<clang::FunctionDecl>(decl);
      function && calls_.isUnreached(function)) {
    if (std::optional<TokenRange> tokens = declarationTokens(function)) {
      // A prototype's `;` goes too: the range ends before it.
      if (!function->doesThisDeclarationHaveABody() &&
          tokens->last + 1 < program_.tokens.expanded().size() &&
          program_.tokens.kind(tokens->last + 1) == clang::tok::semi)
        ++tokens->last;
      edits_.remove(*tokens, kCompileMode);
      markHandled(*tokens);
      return true;
    }
  }
  const clang::FunctionDecl *outer = context_.function;
  if (const auto *function = llvm::dyn_cast_or_null<clang::FunctionDecl>(decl))
    context_.function = function;
  const bool result = RecursiveASTVisitor::TraverseDecl(decl);
  context_.function = outer;
  return result;
}

std::optional<TokenRange> ProgramRewriter::attributeTokens(const clang::Attr *attribute) const {
  std::optional<TokenRange> own = rangeOf(attribute->getRange());
  if (!own || attribute->getSyntax() != clang::AttributeCommonInfo::AS_GNU)
    return own;
  // Find the enclosing __attribute__((...)).
  int depth = 0;
  unsigned opens = 0;
  std::optional<unsigned> keyword;
  for (unsigned i = own->first; i-- > 0;) {
    clang::tok::TokenKind kind = program_.tokens.kind(i);
    if (kind == clang::tok::r_paren) {
      ++depth;
    } else if (kind == clang::tok::l_paren) {
      if (depth == 0)
        ++opens;
      else
        --depth;
    } else if (kind == clang::tok::kw___attribute && opens == 2 && depth == 0) {
      keyword = i;
      break;
    }
    if (opens > 2)
      break;
  }
  if (!keyword)
    return own;
  unsigned close = *keyword + 1;
  unsigned commas = 0;
  for (int nesting = 0; close < program_.tokens.expanded().size(); ++close) {
    clang::tok::TokenKind kind = program_.tokens.kind(close);
    if (kind == clang::tok::l_paren)
      ++nesting;
    else if (kind == clang::tok::r_paren && --nesting == 0)
      break;
    else if (kind == clang::tok::comma && nesting == 2)
      ++commas;
  }
  if (commas == 0)
    return TokenRange{*keyword, close};
  // One attribute of several: take it with a neighbouring comma.
  if (program_.tokens.kind(own->last + 1) == clang::tok::comma)
    return TokenRange{own->first, own->last + 1};
  return TokenRange{own->first - 1, own->last};
}

std::optional<TokenRange> ProgramRewriter::declarationTokens(const clang::Decl *decl) const {
  std::optional<TokenRange> range = rangeOf(decl->getSourceRange());
  if (!range)
    return std::nullopt;
  for (const clang::Attr *attribute : decl->attrs()) {
    // An inherited attribute is written on an earlier declaration, not this one.
    if (attribute->isImplicit() || attribute->isInherited() || !isUser(attribute->getLocation()))
      continue;
    if (std::optional<TokenRange> tokens = attributeTokens(attribute)) {
      range->first = std::min(range->first, tokens->first);
      range->last = std::max(range->last, tokens->last);
    }
  }
  return range;
}

// --- declarations -----------------------------------------------------------

bool ProgramRewriter::VisitNamedDecl(clang::NamedDecl *decl) {
  if (isUser(decl->getLocation()))
    renameAt(decl->getLocation(), decl);
  return true;
}

void ProgramRewriter::rewriteKernelAttributes(const clang::FunctionDecl *function,
                                              TokenRange declaration, std::string *launch_bounds) {
  for (const clang::Attr *attribute : function->attrs()) {
    if (attribute->isImplicit() || !isUser(attribute->getLocation()))
      continue;
    std::optional<TokenRange> tokens = attributeTokens(attribute);
    if (!tokens || !declaration.contains(*tokens))
      continue;
    AttributeAction action = llvm::isa<clang::OpenCLKernelAttr>(attribute)
                                 ? AttributeAction::Remove
                                 : attributeAction(attribute->getSpelling());
    switch (action) {
    case AttributeAction::Keep:
    case AttributeAction::UnrollPragma:
      continue;
    case AttributeAction::Unsupported:
      error(attribute->getLocation(), Diagnostic::UnsupportedAttribute, {attribute->getSpelling()});
      continue;
    case AttributeAction::LaunchBounds:
      if (const auto *size = llvm::dyn_cast<clang::ReqdWorkGroupSizeAttr>(attribute))
        *launch_bounds =
            "__launch_bounds__(" +
            std::to_string(uint64_t(size->getXDim()) * size->getYDim() * size->getZDim()) + ")";
      break;
    case AttributeAction::Remove:
      break;
    }
    edits_.remove(*tokens);
    markHandled(*tokens);
  }
}

bool ProgramRewriter::mayBeInternal(const clang::FunctionDecl *function) const {
  if (options_.separate_compilation)
    return false;
  for (const clang::FunctionDecl *declaration : function->redecls())
    if (declaration->getStorageClass() != clang::SC_None)
      return false; // `static` stays as written; `extern` asks for external linkage
  return true;
}

bool ProgramRewriter::VisitFunctionDecl(clang::FunctionDecl *function) {
  if (!isUser(function->getLocation()))
    return true;
  std::optional<TokenRange> declaration = declarationTokens(function);
  if (!declaration)
    return true;
  asm_immediates_.rewriteDeclaration(function, *declaration); // outermost: first
  bool kernel = isKernel(function);
  bool kernel_entry = kernel && !calls_.isCalledKernel(function);
  std::string launch_bounds;
  rewriteKernelAttributes(function, *declaration, &launch_bounds);

  std::string prefix = std::string(cudaSpelling(kernel_entry ? Qualifier::KernelFunction
                                                             : Qualifier::HelperFunction)) +
                       " ";
  if (kernel_entry && !launch_bounds.empty())
    prefix += launch_bounds + " ";
  // Before the first token that stays (not __kernel or a removed attribute).
  TokenRange kept = *declaration;
  while (kept.first < kept.last && handled_tokens_.count(kept.first) &&
         address_spaces_.rewrote(kept.first) == 0)
    ++kept.first;
  const bool readable_ndrange = calls_.needsNdrangeWhenReadable(function);
  if (prefixed_tokens_.insert(declaration->first).second) {
    if (!kernel_entry && mayBeInternal(function)) {
      edits_.insertBefore(kept, std::string(cudaSpelling(Qualifier::InternalHelperFunction)) + " ",
                          kCompileMode);
      edits_.insertBefore(kept, prefix, kReadableMode);
    } else if (kernel_entry && readable_ndrange) {
      edits_.insertBefore(kept, prefix, kCompileMode);
      edits_.insertBefore(
          kept,
          interface_.ndrangeComment(function, indentationOf(function->getBeginLoc())) + prefix,
          kReadableMode);
    } else {
      edits_.insertBefore(kept, prefix);
    }
  }
  // `extern "C" __global__` is already a linkage: CUDA rejects a storage class
  // after it, so an entry point's `extern` goes.
  if (std::optional<unsigned> name = tokenAt(function->getLocation());
      kernel_entry && name && function->getStorageClass() == clang::SC_Extern)
    for (unsigned i = declaration->first; i < *name; ++i)
      if (program_.tokens.kind(i) == clang::tok::kw_extern && !handled_tokens_.count(i)) {
        edits_.remove({i, i});
        markHandled({i, i});
      }

  // Address spaces in the return type.
  if (std::optional<unsigned> name = tokenAt(function->getLocation());
      name && *name > declaration->first)
    address_spaces_.rewriteTokens({declaration->first, *name - 1}, function->getReturnType(),
                                  Placement::Other, false);
  const bool defined_kernel = kernel && function->doesThisDeclarationHaveABody();
  const uint32_t local_bytes = defined_kernel ? locals_.plan(function) : 0;
  rewriteParameters(function, kernel_entry, local_bytes);
  // Readable mode: only where CUDA's built-in variables cannot serve.
  const unsigned ndrange_modes = readable_ndrange ? kBothModes : kCompileMode;
  if (kernel_entry)
    addHiddenParameter(function, "const __grid_constant__ clc::ndrange clc_ndrange", ndrange_modes);
  else if (calls_.needsNdrange(function))
    addHiddenParameter(function, "const clc::ndrange &clc_ndrange", ndrange_modes);

  if (defined_kernel) {
    recordKernelMetadata(function, local_bytes);
    if (!kernel_entry)
      addKernelWrapper(function, launch_bounds);
    if (options_.launch_helpers)
      interface_.addLaunchHelper(function, types_.nameOf(function), local_bytes,
                                 output_.kernels.back().reqd_work_group_size);
  }
  return true;
}

void ProgramRewriter::rewriteParameters(const clang::FunctionDecl *function, bool kernel_entry,
                                        uint64_t local_bytes) {
  std::string compile_declarations;
  const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(function->getBody());
  std::string indentation =
      !body || body->body_empty() ? "  " : indentationOf(body->body_front()->getBeginLoc());
  for (const clang::ParmVarDecl *parameter : function->parameters()) {
    clang::QualType type = parameter->getType();
    if (!kernel_entry || !isLocalPointer(parameter)) {
      address_spaces_.rewrite(parameter, parameter->getLocation(), Placement::Other);
      continue;
    }
    std::optional<TokenRange> tokens = rangeOf(parameter->getSourceRange());
    if (!tokens)
      continue;
    std::string name = types_.nameOf(parameter);
    std::string offset = names_.fresh(name + "_local_offset");
    edits_.replace(*tokens, "unsigned int " + offset, kCompileMode);
    edits_.replace(*tokens, interface_.sizeParameter(parameter), kReadableMode);
    markHandled(*tokens);
    converted("kernel argument", "local pointer");
    compile_declarations += " " + spell(type, name) + " = clc::local_arg<" +
                            spell(type->getPointeeType().getUnqualifiedType()) + ">(" + offset +
                            ");";
  }
  std::optional<unsigned> brace = body ? tokenAt(body->getLBracLoc()) : std::nullopt;
  if (!brace || !function->doesThisDeclarationHaveABody() || compile_declarations.empty())
    return;
  edits_.insertAfter({*brace, *brace}, compile_declarations, kCompileMode);
  edits_.insertAfter({*brace, *brace},
                     interface_.localPointerDeclarations(function, local_bytes, indentation),
                     kReadableMode);
}

void ProgramRewriter::addHiddenParameter(const clang::FunctionDecl *function,
                                         const std::string &parameter, unsigned modes) {
  clang::FunctionTypeLoc type = function->getFunctionTypeLoc();
  if (!type)
    return;
  std::optional<unsigned> open = tokenAt(type.getLParenLoc());
  std::optional<unsigned> close = tokenAt(type.getRParenLoc());
  if (!open || !close)
    return;
  if (function->getNumParams() > 0)
    edits_.insertBefore({*close, *close}, ", " + parameter, modes);
  else if (*close > *open + 1) // (void)
    edits_.replace({*open + 1, *close - 1}, parameter, modes);
  else
    edits_.insertAfter({*open, *open}, parameter, modes);
}

void ProgramRewriter::addKernelWrapper(const clang::FunctionDecl *function,
                                       const std::string &launch_bounds) {
  std::optional<TokenRange> definition = rangeOf(function->getSourceRange());
  if (!definition)
    return;
  const std::string symbol = types_.nameOf(function);
  for (const bool readable : {false, true}) {
    std::string parameters, arguments;
    for (const clang::ParmVarDecl *parameter : function->parameters()) {
      std::string name = types_.nameOf(parameter);
      clang::QualType type = parameter->getType();
      if (!isLocalPointer(parameter)) {
        parameters += spell(type, name) + ", ";
        arguments += name + ", ";
      } else if (readable) { // declared in the wrapper's body
        parameters += interface_.sizeParameter(parameter) + ", ";
        arguments += name + ", ";
      } else {
        std::string offset = names_.fresh(name + "_local_offset");
        parameters += "unsigned int " + offset + ", ";
        arguments += "clc::local_arg<" + spell(type->getPointeeType().getUnqualifiedType()) + ">(" +
                     offset + "), ";
      }
    }
    // Compile mode's entry points all take the NDRange.
    const bool entry_ndrange = !readable || calls_.needsNdrangeWhenReadable(function);
    const bool body_ndrange =
        readable ? calls_.needsNdrangeWhenReadable(function) : calls_.needsNdrange(function);
    if (body_ndrange)
      arguments += "clc_ndrange";
    else if (!arguments.empty())
      arguments.resize(arguments.size() - 2);
    if (entry_ndrange)
      parameters += "const __grid_constant__ clc::ndrange clc_ndrange";
    else if (!parameters.empty())
      parameters.resize(parameters.size() - 2);
    const std::string declarations =
        readable ? interface_.localPointerDeclarations(function, 0, "  ") : "";
    std::string wrapper = "\n" + std::string(cudaSpelling(Qualifier::KernelFunction)) + " " +
                          (launch_bounds.empty() ? "" : launch_bounds + " ") + "void " + symbol +
                          "(" + parameters + ") {" + declarations + "\n  " + symbol + "_body(" +
                          arguments + ");\n}";
    edits_.insertAfter({definition->last, definition->last}, wrapper,
                       readable ? kReadableMode : kCompileMode);
  }
}

void ProgramRewriter::recordKernelMetadata(const clang::FunctionDecl *function,
                                           uint32_t local_bytes) {
  const std::string symbol = types_.nameOf(function);
  output_.kernels.push_back(kernelMetadata(function, program_.ast, symbol));
  output_.kernels.back().local_variable_bytes = local_bytes;
}

bool ProgramRewriter::VisitVarDecl(clang::VarDecl *variable) {
  if (llvm::isa<clang::ParmVarDecl>(variable) || !isUser(variable->getLocation()))
    return true;
  bool program_scope = variable->isFileVarDecl();
  if (std::optional<uint64_t> offset = locals_.dynamicOffsetOf(variable)) {
    address_spaces_.rewrite(variable, variable->getLocation(), Placement::DynamicSharedMemory);
    locals_.declareInDynamicSharedMemory(variable, *offset);
    return true;
  }
  bool object_keyword =
      address_spaces_.rewrite(variable, variable->getLocation(),
                              program_scope ? Placement::ProgramScope : Placement::FunctionScope);
  clang::QualType object = program_.ast.getBaseElementType(variable->getType());
  initializeConstObject(variable, object);
  // OpenCL C 2.0+: program-scope and function-scope static variables in the
  // global address space, which CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE
  // counts. A function-scope static is a CUDA static already.
  if ((!program_scope && !variable->isStaticLocal()) ||
      object.getAddressSpace() != clang::LangAS::opencl_global)
    return true;
  std::optional<TokenRange> declaration = declarationTokens(variable);
  if (program_scope && !object_keyword && declaration &&
      prefixed_tokens_.insert(declaration->first).second)
    edits_.insertBefore(*declaration,
                        std::string(cudaSpelling(Qualifier::UnqualifiedProgramVariable)) + " ");
  if (variable->getType()->isIncompleteType())
    return true;
  // A function-scope static is named after its function (the module's
  // symbol is mangled, so the shim counts its declared size).
  std::string name = variable->getNameAsString();
  if (const auto *function = llvm::dyn_cast<clang::FunctionDecl>(variable->getDeclContext());
      !program_scope && function)
    name = function->getNameAsString() + "::" + name;
  output_.global_variables.push_back(
      {name,
       static_cast<uint64_t>(program_.ast.getTypeSizeInChars(variable->getType()).getQuantity())});
  return true;
}

// C lets a const object go without an initializer (a static one is zero,
// an automatic one indeterminate), C++ does not: it gets `= {}`, zero,
// which either may be (found by a mutation run: `const size_t i;`). Local
// memory takes no initializer in CUDA, so there the `const` written before
// the name goes instead: nothing may write the object either way.
void ProgramRewriter::initializeConstObject(const clang::VarDecl *variable,
                                            clang::QualType object) {
  if (!object.isConstQualified() || variable->hasInit() || variable->hasExternalStorage())
    return;
  std::optional<TokenRange> declarator = rangeOf(variable->getSourceRange());
  if (!declarator)
    return;
  if (object.getAddressSpace() != clang::LangAS::opencl_local) {
    edits_.insertAfter(*declarator, " = {}");
    return;
  }
  std::optional<unsigned> name = tokenAt(variable->getLocation());
  for (unsigned token = declarator->first; name && token < *name; ++token)
    if (program_.tokens.kind(token) == clang::tok::kw_const && !handled_tokens_.count(token)) {
      edits_.remove({token, token});
      markHandled({token, token});
    }
}

bool ProgramRewriter::VisitFieldDecl(clang::FieldDecl *field) {
  if (!isUser(field->getLocation()))
    return true;
  // C99 allows "int tail[];" last in a struct; NVRTC's C++ does not.
  if (field->getType()->isIncompleteArrayType())
    error(field->getLocation(), Diagnostic::FlexibleArrayMember, {field->getNameAsString()});
  address_spaces_.rewrite(field, field->getLocation(), Placement::Other);
  // "struct { int a; int b }": Clang and GCC only warn of the missing ';'
  // before the '}', NVRTC's C++ rejects it (found by a mutation run).
  if (std::optional<TokenRange> declaration = rangeOf(field->getSourceRange());
      declaration && declaration->last + 1 < program_.tokens.expanded().size() &&
      program_.tokens.kind(declaration->last + 1) == clang::tok::r_brace)
    edits_.insertAfter(*declaration, ";");
  return true;
}

bool ProgramRewriter::VisitTypedefNameDecl(clang::TypedefNameDecl *typedef_decl) {
  if (!isUser(typedef_decl->getLocation()))
    return true;
  std::optional<TokenRange> declaration = rangeOf(typedef_decl->getSourceRange());
  std::optional<unsigned> name = tokenAt(typedef_decl->getLocation());
  if (!declaration || !name)
    return true;
  clang::TypeLoc written = typedef_decl->getTypeSourceInfo()->getTypeLoc();
  if (const auto *vector = written.getType()->getAs<clang::ExtVectorType>();
      vector && !written.getAs<clang::TypedefTypeLoc>() &&
      !written.getAs<clang::ElaboratedTypeLoc>()) {
    // typedef float v4 __attribute__((ext_vector_type(4))); through the ';'.
    unsigned last = *name;
    while (last + 1 < program_.tokens.expanded().size() &&
           program_.tokens.kind(last + 1) != clang::tok::semi)
      ++last;
    TokenRange whole{declaration->first, last};
    edits_.replace(whole,
                   "typedef " + types_.spellVector(vector) + " " + types_.nameOf(typedef_decl));
    markHandled(whole);
    return true;
  }
  if (*name > declaration->first)
    address_spaces_.rewriteTokens({declaration->first, *name - 1},
                                  typedef_decl->getUnderlyingType(), Placement::Other, false);
  return true;
}

// --- types ------------------------------------------------------------------

bool ProgramRewriter::VisitTypedefTypeLoc(clang::TypedefTypeLoc type) {
  const clang::TypedefNameDecl *decl = type.getTypedefNameDecl();
  if (isUser(decl->getLocation())) {
    renameAt(type.getNameLoc(), decl);
    return true;
  }
  std::optional<unsigned> token = tokenAt(type.getNameLoc());
  if (!token || handled_tokens_.count(*token))
    return true;
  llvm::StringRef name = decl->getName();
  std::string cuda;
  if (const auto *vector = decl->getUnderlyingType()->getAs<clang::ExtVectorType>()) {
    cuda = types_.spellVector(vector);
  } else if (const NamedTypeInfo *named = findNamedType(name)) {
    if (!named->supported) {
      error(type.getNameLoc(), Diagnostic::UnsupportedType, {name.str(), named->note});
      return true;
    }
    useModule(named->module);
    cuda = *named->cuda ? named->cuda : spell(decl->getUnderlyingType());
  } else if (const ScalarTypeInfo *scalar = findScalarType(name)) {
    cuda = scalar->cuda;
  } else {
    cuda = spell(decl->getUnderlyingType());
  }
  if (cuda != name) {
    edits_.replace({*token, *token}, cuda);
    converted("type", name);
  }
  handled_tokens_.insert(*token);
  return true;
}

bool ProgramRewriter::VisitBuiltinTypeLoc(clang::BuiltinTypeLoc type) {
  const clang::BuiltinType *builtin = type.getTypePtr();
  std::optional<TokenRange> tokens = rangeOf(type.getSourceRange());
  if (!tokens || handled_tokens_.count(tokens->first))
    return true;
  if (builtin->getKind() == clang::BuiltinType::Half) {
    edits_.replace(*tokens, findScalarType("half")->cuda);
    markHandled(*tokens);
    converted("type", "half");
    return true;
  }
  const NamedTypeInfo *named = nullptr;
  if (builtin->getKind() == clang::BuiltinType::OCLEvent)
    named = findNamedType("event_t");
  else if (builtin->isOCLImage2dROType() || builtin->isSamplerT() ||
           builtin->getKind() == clang::BuiltinType::OCLQueue ||
           builtin->getKind() == clang::BuiltinType::OCLClkEvent ||
           builtin->getKind() == clang::BuiltinType::OCLReserveID || builtin->isImageType())
    named = findNamedType(program_.tokens.text(tokens->first));
  if (!named)
    return true;
  if (!named->supported || !*named->cuda) {
    error(type.getBeginLoc(), Diagnostic::UnsupportedType,
          {program_.tokens.text(tokens->first).str(), named->note});
    return true;
  }
  useModule(named->module);
  edits_.replace(*tokens, named->cuda);
  markHandled(*tokens);
  converted("type", program_.tokens.text(tokens->first));
  return true;
}

bool ProgramRewriter::VisitTagTypeLoc(clang::TagTypeLoc type) {
  renameAt(type.getNameLoc(), type.getDecl());
  return true;
}

bool ProgramRewriter::VisitPipeTypeLoc(clang::PipeTypeLoc type) {
  error(type.getBeginLoc(), Diagnostic::Pipes);
  return true;
}

bool ProgramRewriter::VisitAtomicTypeLoc(clang::AtomicTypeLoc type) {
  error(type.getBeginLoc(), Diagnostic::AtomicTypes);
  return true;
}

bool ProgramRewriter::VisitBlockPointerTypeLoc(clang::BlockPointerTypeLoc type) {
  error(type.getBeginLoc(), Diagnostic::Blocks);
  return true;
}

bool ProgramRewriter::VisitBlockExpr(clang::BlockExpr *block) {
  error(block->getBeginLoc(), Diagnostic::DeviceEnqueue);
  return true;
}

// --- statements -------------------------------------------------------------

std::string ProgramRewriter::pragmaLine(const std::string &pragma,
                                        const clang::Stmt *statement) const {
  // A directive needs a line of its own: start one unless the statement
  // begins its line.
  clang::SourceLocation begin = program_.sources.getExpansionLoc(statement->getBeginLoc());
  auto [file, offset] = program_.sources.getDecomposedLoc(begin);
  llvm::StringRef text = program_.sources.getBufferData(file);
  size_t line_start = offset;
  while (line_start > 0 && (text[line_start - 1] == ' ' || text[line_start - 1] == '\t'))
    --line_start;
  bool at_line_start = line_start == 0 || text[line_start - 1] == '\n';
  std::string indentation = indentationOf(statement->getBeginLoc());
  return (at_line_start ? "" : "\n" + indentation) + pragma + "\n" + indentation;
}

bool ProgramRewriter::VisitAttributedStmt(clang::AttributedStmt *statement) {
  const clang::Stmt *loop_statement = statement->getSubStmt();
  std::optional<TokenRange> loop = rangeOf(loop_statement);
  if (!loop)
    return true;
  for (const clang::Attr *attribute : statement->getAttrs()) {
    if (const auto *hint = llvm::dyn_cast<clang::OpenCLUnrollHintAttr>(attribute)) {
      std::optional<TokenRange> tokens = attributeTokens(hint);
      if (!tokens)
        continue;
      edits_.remove(*tokens);
      markHandled(*tokens);
      std::string count = hint->getUnrollHint() ? " " + std::to_string(hint->getUnrollHint()) : "";
      edits_.insertBefore(*loop, pragmaLine("#pragma unroll" + count, loop_statement));
    } else if (const auto *hint = llvm::dyn_cast<clang::LoopHintAttr>(attribute)) {
      // #pragma unroll and #pragma clang loop unroll...: compile mode lost the
      // directive with the preprocessor; readable mode still has its line.
      std::string pragma;
      if (hint->getOption() == clang::LoopHintAttr::UnrollCount) {
        clang::Expr::EvalResult count;
        if (hint->getValue() && hint->getValue()->EvaluateAsInt(count, program_.ast)) {
          pragma = "#pragma unroll " + llvm::toString(count.Val.getInt(), 10);
          if (hint->getValue()->getBeginLoc().isMacroID())
            output_.unroll_counts.push_back({hint->getLocation(), pragma});
        }
      } else if (hint->getOption() == clang::LoopHintAttr::Unroll) {
        pragma = hint->getState() == clang::LoopHintAttr::Disable ? "#pragma unroll 1"
                                                                  : "#pragma unroll";
      }
      if (!pragma.empty())
        edits_.insertBefore(*loop, pragmaLine(pragma, loop_statement), kCompileMode);
    }
  }
  return true;
}

bool ProgramRewriter::VisitGotoStmt(clang::GotoStmt *statement) {
  renameAt(statement->getLabelLoc(), statement->getLabel());
  return true;
}

bool ProgramRewriter::VisitLabelStmt(clang::LabelStmt *statement) {
  renameAt(statement->getIdentLoc(), statement->getDecl());
  return true;
}

// --- tokens no declaration claimed --------------------------------------------

// "typedef typedef", "static static", "inline inline": Clang warns of the
// repeat, NVRTC's C++ refuses it (found by a mutation run). One of the two
// goes: the one written in the file, since removing a token that a macro
// wrote would change the macro's definition in readable output (with both
// from macros, compiled output only).
void ProgramRewriter::dropRepeatedSpecifier(clang::SourceLocation repeat) {
  std::optional<unsigned> second = tokenAt(repeat);
  if (!second)
    return;
  const clang::tok::TokenKind kind = program_.tokens.kind(*second);
  std::optional<unsigned> first;
  for (unsigned i = *second; i-- > 0 && !first;) {
    const clang::tok::TokenKind before = program_.tokens.kind(i);
    if (before == kind)
      first = i;
    else if (before == clang::tok::semi || before == clang::tok::l_brace ||
             before == clang::tok::r_brace)
      break;
  }
  auto written = [&](unsigned token) {
    return program_.tokens.expanded()[token].location().isFileID();
  };
  unsigned dropped = *second;
  unsigned modes = kBothModes;
  if (!written(*second)) {
    if (first && written(*first))
      dropped = *first;
    else
      modes = kCompileMode;
  }
  if (handled_tokens_.count(dropped))
    return;
  edits_.remove({dropped, dropped}, modes);
  markHandled({dropped, dropped});
}

void ProgramRewriter::finishTokens() {
  for (clang::SourceLocation repeat : program_.repeated_specifiers)
    if (isUser(repeat))
      dropRepeatedSpecifier(repeat);
  llvm::ArrayRef<clang::syntax::Token> tokens = program_.tokens.expanded();
  for (unsigned i = 0; i < tokens.size(); ++i) {
    if (handled_tokens_.count(i) || address_spaces_.rewrote(i))
      continue;
    clang::tok::TokenKind kind = tokens[i].kind();
    bool interesting = isAddressSpaceKeyword(kind) || kind == clang::tok::kw_restrict ||
                       kind == clang::tok::kw___kernel || kind == clang::tok::kw_register ||
                       kind == clang::tok::kw___read_only || kind == clang::tok::kw___write_only ||
                       kind == clang::tok::kw___read_write || kind == clang::tok::kw_asm ||
                       kind == clang::tok::kw_volatile;
    if (!interesting || !isUser(tokens[i].location()))
      continue;
    // A keyword with other spellings (restrict, __asm__, __volatile__) takes
    // the one CUDA knows.
    auto respell = [&](Qualifier qualifier) {
      if (program_.tokens.text(i) != cudaSpelling(qualifier))
        edits_.replace({i, i}, cudaSpelling(qualifier).str());
    };
    switch (kind) {
    case clang::tok::kw_restrict:
      respell(Qualifier::Restrict);
      break;
    case clang::tok::kw_asm:
      respell(Qualifier::InlineAssembly);
      break;
    case clang::tok::kw_volatile:
      respell(Qualifier::Volatile);
      break;
    default: // address spaces in casts and sizeof, kernel prototypes, register,
             // image access qualifiers (the metadata records them)
      edits_.remove({i, i});
      break;
    }
  }
}

// --- entry point --------------------------------------------------------------

void rewriteProgram(ParsedProgram &program, const BuildOptions &options, RewriteOutput *output) {
  RewriteContext context(program, options, *output, [&](const clang::FunctionDecl *kernel) {
    return layOutLocalVariables(program.ast, kernel).exceedsStaticSharedMemory();
  });
  ProgramRewriter rewriter(context);
  rewriter.run();
}

} // namespace cl2cuda
