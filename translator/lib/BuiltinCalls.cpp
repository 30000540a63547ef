#include "BuiltinCalls.h"

#include "Printf.h"
#include "Tables.h"

#include <clang/AST/ParentMapContext.h>
#include <clang/Sema/Lookup.h>

namespace cl2cuda {

void BuiltinCallRule::rewrite(clang::CallExpr *call, const clang::FunctionDecl *callee) {
  const auto *reference =
      llvm::dyn_cast<clang::DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts());
  std::optional<unsigned> name_token = reference ? tokenAt(reference->getLocation()) : std::nullopt;
  std::optional<TokenRange> whole = rangeOf(call);
  if (!callee->getIdentifier())
    return;
  llvm::StringRef name = callee->getName();
  if (!name_token) {
    // Calls Clang rebuilds (to_global...) lose the callee's location: it is
    // the name before the parenthesis that opens the arguments.
    std::optional<unsigned> close = tokenAt(call->getRParenLoc());
    std::optional<unsigned> first_argument =
        call->getNumArgs() ? tokenAt(call->getArg(0)->getBeginLoc()) : close;
    if (!close || !first_argument || *first_argument < 2 ||
        program_.tokens.kind(*first_argument - 1) != clang::tok::l_paren ||
        program_.tokens.text(*first_argument - 2) != name)
      return;
    name_token = *first_argument - 2;
    whole = TokenRange{*name_token, *close};
  }
  if (!whole)
    return;
  clang::SourceLocation location = program_.tokens.at(*name_token).location();
  auto renameCallee = [&](const std::string &cuda, unsigned modes) {
    edits_.replace({*name_token, *name_token}, cuda, modes);
    handled_tokens_.insert(*name_token);
  };

  if (const CompilerBuiltinInfo *builtin = findCompilerBuiltin(name)) {
    edits_.replace(*whole, builtin->cuda);
    useModule(builtin->module);
    converted("compiler builtin", name);
    return;
  }
  // The hidden NDRange becomes the call's first argument.
  auto passNDRange = [&](unsigned modes) {
    if (*name_token + 1 < program_.tokens.expanded().size() &&
        program_.tokens.kind(*name_token + 1) == clang::tok::l_paren)
      edits_.insertAfter({*name_token + 1, *name_token + 1},
                         call->getNumArgs() ? "clc_ndrange, " : "clc_ndrange", modes);
  };
  if (name == "printf") {
    rewritePrintf(call);
    converted("builtin", name);
    return;
  }
  if (std::optional<BuiltinCall> builtin = resolveBuiltinCall(name)) {
    if (!builtin->supported) {
      error(location, Diagnostic::UnsupportedBuiltin,
            {name.str(), std::string(": ") + builtin->note});
      return;
    }
    // Readable mode writes CUDA's own spelling where it is exact: built-in
    // variables, __syncthreads(), the math functions as written.
    std::optional<std::string> readable;
    if (const WorkItemInfo *work_item = findWorkItem(name))
      readable = work_items_.readable(call, *work_item, context_.function);
    else if (const ReadableBuiltinInfo *spelled = findReadableBuiltin(name, call->getNumArgs());
             spelled &&
             std::none_of(call->arg_begin(), call->arg_end(), [&](const clang::Expr *argument) {
               return argument->HasSideEffects(program_.ast);
             }))
      readable = spelled->cuda;
    const bool cuda_math = !readable && isCudaMathFunction(name) && takesFloatingScalars(call);
    {
      EditGroup group(edits_);
      const unsigned modes = readable || cuda_math ? kCompileMode : kBothModes;
      renameCallee(builtin->cuda, modes);
      if (builtin->passes_ndrange)
        passNDRange(modes);
    }
    if (readable)
      edits_.replace(*whole, *readable, kReadableMode);
    useModule(builtin->module);
    if (builtin->casts_arguments)
      castConvertedArguments(call, callee);
    converted(builtin->kind, name);
    return;
  }
  if (!name.startswith("__builtin_"))
    error(location, Diagnostic::UnsupportedBuiltin, {name.str(), ""});
}

bool BuiltinCallRule::takesFloatingScalars(const clang::CallExpr *call) const {
  for (const clang::Expr *argument : call->arguments()) {
    const clang::QualType type = argument->getType().getCanonicalType();
    if (hasValueConversion(argument) || !(type->isSpecificBuiltinType(clang::BuiltinType::Float) ||
                                          type->isSpecificBuiltinType(clang::BuiltinType::Double)))
      return false;
  }
  return call->getNumArgs() != 0;
}

bool BuiltinCallRule::overloadsDifferAt(const clang::FunctionDecl *callee, unsigned index) {
  auto key = std::make_pair(callee->getName().str(), index);
  auto known = overloads_differ_.find(key);
  if (known != overloads_differ_.end())
    return known->second;
  // Every overload of the builtin, as Clang's builtin table declares them.
  clang::LookupResult overloads(program_.sema, callee->getDeclName(), clang::SourceLocation(),
                                clang::Sema::LookupOrdinaryName);
  program_.sema.LookupBuiltin(overloads);
  clang::QualType seen;
  bool differ = overloads.empty(); // unknown: cast
  for (const clang::NamedDecl *decl : overloads) {
    const auto *overload = llvm::dyn_cast<clang::FunctionDecl>(decl);
    if (!overload || overload->getNumParams() != callee->getNumParams())
      continue;
    clang::QualType type = withoutAddressSpace(program_.ast, 
        overload->getParamDecl(index)->getType().getCanonicalType().getUnqualifiedType());
    if (seen.isNull())
      seen = type;
    else if (!program_.ast.hasSameType(seen, type))
      differ = true;
  }
  overloads_differ_[key] = differ;
  return differ;
}

void BuiltinCallRule::castConvertedArguments(clang::CallExpr *call,
                                             const clang::FunctionDecl *callee) {
  unsigned count = std::min(call->getNumArgs(), callee->getNumParams());
  for (unsigned i = 0; i < count; ++i) {
    const clang::Expr *argument = call->getArg(i);
    // Where every overload takes the same type, C++ converts as C did.
    if (!hasValueConversion(argument) || !overloadsDifferAt(callee, i))
      continue;
    for (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(argument); cast;
         cast = llvm::dyn_cast<clang::ImplicitCastExpr>(cast->getSubExpr()))
      conversions_.markWritten(cast);
    clang::QualType parameter = callee->getParamDecl(i)->getType().getUnqualifiedType();
    conversions_.castTo(argument, withoutAddressSpace(program_.ast, parameter));
  }
}

void BuiltinCallRule::rewritePrintf(clang::CallExpr *call) {
  if (call->getNumArgs() == 0)
    return;
  // OpenCL's printf returns 0 or -1, CUDA's the number of arguments or a
  // negative error.
  clang::DynTypedNodeList parents = program_.ast.getParents(*call);
  bool own_statement =
      !parents.empty() && parents[0].get<clang::Stmt>() && !parents[0].get<clang::Expr>();
  const auto *cast = parents.empty() ? nullptr : parents[0].get<clang::CastExpr>();
  bool discarded = own_statement || (cast && cast->getType()->isVoidType());
  std::optional<TokenRange> statement = rangeOf(call);
  if (!discarded && statement)
    edits_.wrap(*statement, "(", " < 0 ? -1 : 0)");

  const auto *format = llvm::dyn_cast<clang::StringLiteral>(call->getArg(0)->IgnoreParenImpCasts());
  std::optional<TokenRange> format_tokens = rangeOf(format);
  if (!format || !format_tokens || !format->isOrdinary())
    return;
  std::optional<PrintfRewrite> rewrite = rewritePrintfFormat(format->getString());
  unsigned passed_values = call->getNumArgs() - 1;
  if (rewrite)
    for (const PrintfArgument &passed : rewrite->arguments)
      passed_values += passed.width ? passed.width - 1 : 0;
  if (passed_values > kCudaPrintfMaxArguments) {
    error(call->getBeginLoc(), Diagnostic::PrintfTooManyValues,
          {std::to_string(passed_values), std::to_string(kCudaPrintfMaxArguments)});
    return;
  }
  // A vector conversion passes its argument element by element, so its width
  // must be the argument's (OpenCL leaves a mismatch undefined; CUDA's
  // printf would read past the values or take a vector as one).
  for (unsigned index = 1; index < call->getNumArgs(); ++index) {
    const clang::Expr *argument = call->getArg(index)->IgnoreImpCasts(); // as written
    const auto *vector = argument->getType()->getAs<clang::ExtVectorType>();
    const PrintfArgument *conversion = nullptr;
    if (rewrite)
      for (const PrintfArgument &passed : rewrite->arguments)
        if (passed.argument + 1 == index)
          conversion = &passed;
    const unsigned width = conversion ? conversion->width : 0;
    if ((vector ? vector->getNumElements() : 0) == width)
      continue;
    const std::string type = argument->getType().getUnqualifiedType().getAsString();
    if (width)
      error(argument->getBeginLoc(), Diagnostic::PrintfVectorWidth,
            {std::to_string(index), type, "%v" + std::to_string(width), std::to_string(width)});
    else
      error(argument->getBeginLoc(), Diagnostic::PrintfScalarConversion,
            {std::to_string(index), type, "%vN"});
    return;
  }
  if (!rewrite)
    return;
  edits_.replace(*format_tokens, quoteStringLiteral(rewrite->format));
  markHandled(*format_tokens);

  // A vector argument becomes its elements. One with side effects is
  // evaluated once, into a variable declared in a block around the statement.
  struct Hoisted {
    TokenRange argument;
    std::string variable;
    std::string elements;
  };
  std::vector<Hoisted> hoisted;
  for (const PrintfArgument &passed : rewrite->arguments) {
    if (passed.argument + 1 >= call->getNumArgs())
      continue;
    const clang::Expr *argument = call->getArg(passed.argument + 1);
    std::optional<TokenRange> range = rangeOf(argument);
    if (!range)
      return;
    // The hh cast is for integers (or their vectors' elements); C++ refuses
    // it on a pointer given to %hhx (found by the translator's fuzz target).
    clang::QualType value = argument->IgnoreImpCasts()->getType();
    if (const auto *vector = value->getAs<clang::ExtVectorType>())
      value = vector->getElementType();
    const bool castable = !passed.cast.empty() && value->isIntegerType();
    // A half vector's elements go as doubles (a variadic argument takes no
    // class; a scalar half's promotion is written by ConversionRule).
    std::string cast = castable                                  ? "(" + passed.cast + ")"
                       : passed.width > 0 && value->isHalfType() ? "(double)"
                                                                 : "";
    bool parenthesize = needsParentheses(argument);
    if (passed.width == 0) {
      if (parenthesize)
        edits_.wrap(*range, cast + "(", ")");
      else
        edits_.insertBefore(*range, cast);
      continue;
    }
    bool side_effects = argument->HasSideEffects(program_.ast);
    std::string variable = "clc_printf_arg" + std::to_string(passed.argument + 1);
    std::vector<Piece> elements;
    for (unsigned k = 0; k < passed.width; ++k) {
      std::string separator = (k ? ", " : "") + cast;
      std::string member = "." + vectorMemberName(k, passed.width);
      if (side_effects) {
        elements.push_back({separator + variable + member, std::nullopt});
        continue;
      }
      elements.push_back({separator + (parenthesize ? "(" : ""), std::nullopt});
      elements.push_back({"", *range});
      elements.push_back({(parenthesize ? ")" : "") + member, std::nullopt});
    }
    if (side_effects) {
      std::string text;
      for (const Piece &piece : elements)
        text += piece.text;
      hoisted.push_back({*range, variable, text});
    } else {
      edits_.restructure(*range, elements);
    }
  }
  if (hoisted.empty())
    return;

  // printf(...) must be a statement of its own: { const auto v = arg; printf(..., v.x, ...); }
  if (!statement || !own_statement || statement->last + 1 >= program_.tokens.expanded().size() ||
      program_.tokens.kind(statement->last + 1) != clang::tok::semi) {
    error(call->getBeginLoc(), Diagnostic::PrintfVectorSideEffects);
    return;
  }
  ++statement->last; // the ';'
  std::vector<Piece> pieces = {{"{ ", std::nullopt}};
  for (const Hoisted &value : hoisted) {
    pieces.push_back({"const auto " + value.variable + " = ", std::nullopt});
    pieces.push_back({"", value.argument});
    pieces.push_back({"; ", std::nullopt});
  }
  unsigned next = statement->first;
  for (const Hoisted &value : hoisted) {
    if (value.argument.first > next)
      pieces.push_back({"", TokenRange{next, value.argument.first - 1}});
    // The argument follows a comma: keep a space after it.
    pieces.push_back({" " + value.elements, std::nullopt});
    next = value.argument.last + 1;
  }
  pieces.push_back({"", TokenRange{next, statement->last}});
  pieces.push_back({" }", std::nullopt});
  edits_.restructure(*statement, pieces);
}

} // namespace cl2cuda
