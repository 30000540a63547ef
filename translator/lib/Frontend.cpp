#include "Frontend.h"

#include "Tables.h"

#include <clcuda/embedded_file.h>

#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/DiagnosticLex.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Tooling/Syntax/Tokens.h>

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>

namespace clcuda {
extern const EmbeddedFileSet clang_opencl_headers;
} // namespace clcuda

namespace cl2cuda {
namespace {

// Where the in-memory files live. The user's file and headers sit in the
// working directory, so diagnostics name them as the caller did.
constexpr const char *kResourceDir = "/__cl2cuda__/clang";
constexpr const char *kSourceDir = "/__cl2cuda__/src";

std::string extensionFlag(unsigned opencl_c_version) {
  std::string flag = "-cl-ext=-all";
  // An extension's feature macros come with it in every version.
#define CLCUDA_EXTENSION(name, major, minor, patch) flag += ",+" #name;
#define CLCUDA_EXTENSION_C_FEATURE(name, extension, major, minor, patch) flag += ",+" #name;
#include <cl2cuda/capabilities.def>
  // Feature macros exist from OpenCL C 3.0 on; 2.0 implies its features.
  if (opencl_c_version >= 300) {
#define CLCUDA_C_FEATURE(name, major, minor, patch) flag += ",+" #name;
#define CLCUDA_EXTENSION_C_FEATURE(name, extension, major, minor, patch)
#include <cl2cuda/capabilities.def>
  }
  return flag;
}

// Clang 16 knows OpenCL C up to 3.0: 3.1 is parsed as 3.0, its version
// macros defined by hand (versionMacros).
constexpr unsigned kLatestClangOpenCLC = 300;

std::string languageVersionFlag(unsigned version) {
  version = std::min(version, kLatestClangOpenCLC);
  return "-cl-std=CL" + std::to_string(version / 100) + "." + std::to_string(version / 10 % 10);
}

// __OPENCL_VERSION__, the device's OpenCL version: 3.0, or 3.1 for a program
// built as OpenCL C 3.1 (which only a device reporting 3.1 accepts); past
// Clang's latest version, __OPENCL_C_VERSION__ and CL_VERSION_X_Y too.
std::vector<std::string> versionMacros(unsigned version) {
  const std::string number = std::to_string(std::max(version, kLatestClangOpenCLC));
  std::vector<std::string> macros = {"-D__OPENCL_VERSION__=" + number};
  if (version > kLatestClangOpenCLC) {
    macros.push_back("-U__OPENCL_C_VERSION__");
    macros.push_back("-D__OPENCL_C_VERSION__=" + number);
    macros.push_back("-DCL_VERSION_" + std::to_string(version / 100) + "_" +
                     std::to_string(version / 10 % 10) + "=" + number);
  }
  return macros;
}

// -I paths are the caller's, relative to the process's working directory.
std::string absoluteIncludeArg(const std::string &arg) {
  if (arg.compare(0, 2, "-I") != 0)
    return arg;
  llvm::SmallString<256> path(arg.substr(2));
  llvm::sys::fs::make_absolute(path);
  llvm::sys::path::remove_dots(path, true);
  return "-I" + std::string(path);
}

// The real file system (for -I directories) under the virtual working
// directory: relative paths are taken from it, and it can be set to a
// directory the disk does not have.
class RealFilesUnderVirtualDirectory : public llvm::vfs::ProxyFileSystem {
public:
  RealFilesUnderVirtualDirectory()
      : ProxyFileSystem(llvm::vfs::createPhysicalFileSystem()), directory_(kSourceDir) {}

  std::error_code setCurrentWorkingDirectory(const llvm::Twine &path) override {
    directory_ = absolute(path);
    return {};
  }
  llvm::ErrorOr<std::string> getCurrentWorkingDirectory() const override { return directory_; }
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &path) override {
    return ProxyFileSystem::status(absolute(path));
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &path) override {
    return ProxyFileSystem::openFileForRead(absolute(path));
  }
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &path,
                                          std::error_code &error) override {
    return ProxyFileSystem::dir_begin(absolute(path), error);
  }
  std::error_code getRealPath(const llvm::Twine &path,
                              llvm::SmallVectorImpl<char> &output) const override {
    return ProxyFileSystem::getRealPath(absolute(path), output);
  }

private:
  std::string absolute(const llvm::Twine &path) const {
    llvm::SmallString<256> result;
    path.toVector(result);
    if (!llvm::sys::path::is_absolute(result)) {
      llvm::SmallString<256> joined(directory_);
      llvm::sys::path::append(joined, result);
      result = joined;
    }
    return std::string(result);
  }
  std::string directory_;
};

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> makeFileSystem(const FrontendInput &input) {
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  const clcuda::EmbeddedFileSet &headers = clcuda::clang_opencl_headers;
  for (size_t i = 0; i < headers.count; ++i) {
    const clcuda::EmbeddedFile &file = headers.files[i];
    memory->addFile(
        std::string(kResourceDir) + "/include/" + file.name, 0,
        llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(file.data, file.size), file.name, false));
  }
  auto addSource = [&](const std::string &name, llvm::StringRef text) {
    llvm::SmallString<256> path(name);
    if (!llvm::sys::path::is_absolute(path))
      path = std::string(kSourceDir) + "/" + name;
    llvm::sys::path::remove_dots(path, true);
    memory->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(text, name));
  };
  addSource(input.options.file_name, llvm::StringRef(input.source.data(), input.source.size()));
  for (const InMemoryHeader &header : input.options.headers)
    addSource(header.name, header.source);
  // The working directory must exist even when every file has an absolute
  // name: Clang looks "." up for the implicit #include of opencl-c-base.h.
  memory->addFile(std::string(kSourceDir) + "/.cl2cuda", 0, llvm::MemoryBuffer::getMemBuffer(""));
  memory->setCurrentWorkingDirectory(kSourceDir);

  // The in-memory files first; real ones for -I directories (absolute by now).
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::makeIntrusiveRefCnt<RealFilesUnderVirtualDirectory>());
  overlay->pushOverlay(memory);
  overlay->setCurrentWorkingDirectory(kSourceDir);
  return overlay;
}

std::vector<std::string> clangArguments(const FrontendInput &input) {
  const BuildOptions &options = input.build_options;
  std::vector<std::string> args = {
      "-cc1",
      "-triple",
      "nvptx64-nvidia-cuda",
      "-fsyntax-only",
      "-x",
      "cl",
      languageVersionFlag(options.opencl_c_version),
      "-finclude-default-header",
      "-fdeclare-opencl-builtins",
      extensionFlag(options.opencl_c_version),
      "-resource-dir",
      kResourceDir,
      "-nostdsysteminc",
      "-fmessage-length=0",
      // `asm("..." : outputs : inputs)`, inline PTX, as NVIDIA's OpenCL takes
      // it (cl_nv_*; CLBlast and hashcat use it on NVIDIA): CUDA's syntax too.
      "-fgnu-keywords",
      // A device with images defines it (OpenCL C 3.0, "Preprocessor Directives
      // and Macros"); the nvptx target does not.
      "-D__IMAGE_SUPPORT__=1",
  };
  for (std::string &macro : versionMacros(options.opencl_c_version))
    args.push_back(std::move(macro));
    // Clang 16 defines some feature and extension macros only in its header,
    // and for SPIR alone (__opencl_c_work_group_collective_functions,
    // cl_khr_subgroup_ballot...), yet declares the builtins they guard only when
    // the macro is defined: each claimed one is defined here too.
#define CLCUDA_EXTENSION(name, major, minor, patch) args.push_back("-D" #name "=1");
#define CLCUDA_EXTENSION_C_FEATURE(name, extension, major, minor, patch)                           \
  args.push_back("-D" #name "=1");
#include <cl2cuda/capabilities.def>
  if (options.opencl_c_version >= 300) {
#define CLCUDA_C_FEATURE(name, major, minor, patch) args.push_back("-D" #name "=1");
#define CLCUDA_EXTENSION_C_FEATURE(name, extension, major, minor, patch)
#include <cl2cuda/capabilities.def>
  }
  for (const std::string &arg : options.clang_args)
    args.push_back(absoluteIncludeArg(arg));
  // clCompileProgram's headers are found from any including file.
  args.push_back(std::string("-I") + kSourceDir);
  args.push_back(input.options.file_name);
  return args;
}

class RecordingCallbacks : public clang::PPCallbacks {
public:
  RecordingCallbacks(clang::SourceManager &sources, PreprocessorRecord &record)
      : sources_(sources), record_(record) {}

  void InclusionDirective(clang::SourceLocation hash, const clang::Token &, llvm::StringRef, bool,
                          clang::CharSourceRange filename_range, clang::OptionalFileEntryRef,
                          llvm::StringRef, llvm::StringRef, const clang::Module *,
                          clang::SrcMgr::CharacteristicKind) override {
    pending_include_ = PreprocessorRecord::Include{hash, 0, clang::FileID()};
    bool invalid = false;
    llvm::StringRef buffer = sources_.getBufferData(sources_.getFileID(hash), &invalid);
    unsigned begin = sources_.getFileOffset(hash);
    // A computed name (#include M2S(x)) has a location in a macro expansion.
    unsigned end = sources_.getFileOffset(sources_.getExpansionLoc(filename_range.getEnd()));
    while (!invalid && end < buffer.size() && buffer[end] != '\n')
      ++end;
    pending_include_->directive_length = end - begin;
  }

  void FileChanged(clang::SourceLocation location, FileChangeReason reason,
                   clang::SrcMgr::CharacteristicKind, clang::FileID) override {
    if (reason != EnterFile || !pending_include_)
      return;
    pending_include_->included = sources_.getFileID(location);
    if (isUserLocation(sources_, pending_include_->hash))
      record_.includes.push_back(*pending_include_);
    pending_include_.reset();
  }

  void PragmaDirective(clang::SourceLocation location,
                       clang::PragmaIntroducerKind introducer) override {
    if (introducer != clang::PIK_HashPragma || !isUserLocation(sources_, location) ||
        location.isMacroID())
      return;
    auto [file, offset] = sources_.getDecomposedLoc(location);
    llvm::StringRef buffer = sources_.getBufferData(file);
    size_t end = buffer.find('\n', offset);
    llvm::StringRef line = buffer.substr(offset, end == llvm::StringRef::npos ? end : end - offset);
    PreprocessorRecord::Pragma pragma{location, static_cast<unsigned>(line.size()), {}};
    // The lexer reads up to a terminating NUL, which the file's buffer has
    // only at its end: lex a copy of the line.
    const std::string text = line.str();
    clang::Lexer lexer(location, clang::LangOptions(), text.c_str(), text.c_str(),
                       text.c_str() + text.size());
    clang::Token token;
    bool more = true;
    while (more) {
      more = !lexer.LexFromRawLexer(token);
      if (token.is(clang::tok::raw_identifier))
        pragma.words.push_back(token.getRawIdentifier().str());
    }
    if (!pragma.words.empty() && pragma.words.front() == "pragma")
      pragma.words.erase(pragma.words.begin());
    record_.pragmas.push_back(std::move(pragma));
  }

  void MacroExpands(const clang::Token &name, const clang::MacroDefinition &definition,
                    clang::SourceRange, const clang::MacroArgs *) override {
    notePredefinedUse(name, definition);
  }
  void Defined(const clang::Token &name, const clang::MacroDefinition &definition,
               clang::SourceRange) override {
    notePredefinedUse(name, definition);
  }
  void Ifdef(clang::SourceLocation keyword, const clang::Token &name,
             const clang::MacroDefinition &definition) override {
    notePredefinedUse(name, definition);
    noteCudaTest(keyword, false, name, static_cast<bool>(definition));
  }
  void Ifndef(clang::SourceLocation keyword, const clang::Token &name,
              const clang::MacroDefinition &definition) override {
    notePredefinedUse(name, definition);
    noteCudaTest(keyword, false, name, !definition);
  }
  void Elifdef(clang::SourceLocation keyword, const clang::Token &name,
               const clang::MacroDefinition &definition) override {
    notePredefinedUse(name, definition);
    noteCudaTest(keyword, true, name, static_cast<bool>(definition));
  }
  void Elifndef(clang::SourceLocation keyword, const clang::Token &name,
                const clang::MacroDefinition &definition) override {
    notePredefinedUse(name, definition);
    noteCudaTest(keyword, true, name, !definition);
  }
  void If(clang::SourceLocation keyword, clang::SourceRange, ConditionValueKind value) override {
    noteCudaCondition(keyword, false, value);
  }
  void Elif(clang::SourceLocation keyword, clang::SourceRange, ConditionValueKind value,
            clang::SourceLocation) override {
    noteCudaCondition(keyword, true, value);
  }

private:
  // The raw tokens of a directive from its keyword to the end of its line
  // (continuation lines included, comments skipped).
  std::vector<clang::Token> directiveTokens(clang::SourceLocation keyword) const {
    auto [file, offset] = sources_.getDecomposedLoc(keyword);
    llvm::StringRef buffer = sources_.getBufferData(file);
    clang::Lexer lexer(sources_.getLocForStartOfFile(file), clang::LangOptions(), buffer.begin(),
                       buffer.begin() + offset, buffer.end());
    lexer.setParsingPreprocessorDirective(true);
    std::vector<clang::Token> tokens;
    clang::Token token;
    while (!lexer.LexFromRawLexer(token) && !token.is(clang::tok::eod))
      tokens.push_back(token);
    return tokens;
  }

  void noteCudaTest(clang::SourceLocation keyword, bool is_elif, const clang::Token &name,
                    bool value) {
    if (name.getIdentifierInfo() && isCudaMacro(name.getIdentifierInfo()->getName()))
      noteCudaConditional(keyword, is_elif, value, name.getIdentifierInfo()->getName());
  }

  void noteCudaCondition(clang::SourceLocation keyword, bool is_elif, ConditionValueKind value) {
    if (value == CVK_NotEvaluated || !isUserLocation(sources_, keyword) || keyword.isMacroID())
      return;
    // Raw tokens: an undefined name in #if is 0 and reaches no callback.
    for (const clang::Token &token : directiveTokens(keyword))
      if (token.is(clang::tok::raw_identifier) && isCudaMacro(token.getRawIdentifier())) {
        noteCudaConditional(keyword, is_elif, value == CVK_True, token.getRawIdentifier());
        return;
      }
  }

  void noteCudaConditional(clang::SourceLocation keyword, bool is_elif, bool value,
                           llvm::StringRef macro) {
    if (!isUserLocation(sources_, keyword) || keyword.isMacroID())
      return;
    std::vector<clang::Token> tokens = directiveTokens(keyword);
    if (tokens.empty())
      return;
    unsigned length =
        sources_.getFileOffset(tokens.back().getEndLoc()) - sources_.getFileOffset(keyword);
    record_.cuda_conditionals.push_back({keyword, length, is_elif, value, macro.str()});
  }

  void notePredefinedUse(const clang::Token &name, const clang::MacroDefinition &definition) {
    const clang::MacroInfo *info = definition.getMacroInfo();
    if (!info || !isUserLocation(sources_, name.getLocation()) ||
        isUserLocation(sources_, info->getDefinitionLoc()))
      return;
    record_.predefined_macros_used.insert({name.getIdentifierInfo(), info});
  }

  clang::SourceManager &sources_;
  PreprocessorRecord &record_;
  std::optional<PreprocessorRecord::Include> pending_include_;
};

// The build log's printer, which also notes where Clang warned of a
// repeated declaration specifier (the rewriter drops the repeats).
class RepeatedSpecifierRecorder : public clang::ForwardingDiagnosticConsumer {
public:
  RepeatedSpecifierRecorder(clang::DiagnosticConsumer &printer,
                            std::vector<clang::SourceLocation> &found)
      : ForwardingDiagnosticConsumer(printer), printer_(printer), found_(found) {}

  // Not forwarded by ForwardingDiagnosticConsumer; the printer needs them.
  void BeginSourceFile(const clang::LangOptions &options,
                       const clang::Preprocessor *preprocessor) override {
    printer_.BeginSourceFile(options, preprocessor);
  }
  void EndSourceFile() override { printer_.EndSourceFile(); }
  void finish() override { printer_.finish(); }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    switch (info.getID()) {
    case clang::diag::ext_duplicate_declspec:
    case clang::diag::ext_warn_duplicate_declspec:
    case clang::diag::warn_duplicate_declspec:
      found_.push_back(info.getLocation());
      break;
    default:
      break;
    }
    ForwardingDiagnosticConsumer::HandleDiagnostic(level, info);
  }

private:
  clang::DiagnosticConsumer &printer_;
  std::vector<clang::SourceLocation> &found_;
};

// Collects tokens and preprocessor facts while Clang parses; the work runs
// after Execute(), with everything still alive.
class ProgramAction : public clang::ASTFrontendAction {
public:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &compiler,
                                                        llvm::StringRef) override {
    clang::Preprocessor &preprocessor = compiler.getPreprocessor();
    collector_ = std::make_unique<clang::syntax::TokenCollector>(preprocessor);
    preprocessor.addPPCallbacks(
        std::make_unique<RecordingCallbacks>(compiler.getSourceManager(), record_));
    return std::make_unique<clang::ASTConsumer>();
  }

  void runWork(clang::CompilerInstance &compiler, llvm::ArrayRef<clang::SourceLocation> repeated,
               llvm::function_ref<void(ParsedProgram &)> work) {
    clang::syntax::TokenBuffer buffer = std::move(*collector_).consume();
    buffer.indexExpandedTokens();
    TokenIndex tokens(buffer);
    ParsedProgram program{compiler.getASTContext(),
                          compiler.getSema(),
                          compiler.getPreprocessor(),
                          compiler.getSourceManager(),
                          compiler.getDiagnostics(),
                          tokens,
                          record_,
                          repeated};
    work(program);
  }

private:
  std::unique_ptr<clang::syntax::TokenCollector> collector_;
  PreprocessorRecord record_;
};

} // namespace

bool isUserFile(const clang::SourceManager &sources, clang::FileID file) {
  if (file.isInvalid() || !sources.getFileEntryRefForID(file))
    return false; // predefines and scratch buffers have no file
  return !clang::SrcMgr::isSystem(
      sources.getFileCharacteristic(sources.getLocForStartOfFile(file)));
}

bool isUserLocation(const clang::SourceManager &sources, clang::SourceLocation location) {
  if (location.isInvalid())
    return false;
  return isUserFile(sources, sources.getFileID(sources.getExpansionLoc(location)));
}

void runFrontend(const FrontendInput &input, llvm::function_ref<void(ParsedProgram &)> work,
                 FrontendOutcome *outcome) {
  outcome->succeeded = false;
  llvm::raw_string_ostream log(outcome->log); // unbuffered
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diagnostic_options =
      new clang::DiagnosticOptions();
  diagnostic_options->ShowColors = false;
  clang::TextDiagnosticPrinter printer(log, diagnostic_options.get());
  std::vector<clang::SourceLocation> repeated_specifiers;
  clang::CompilerInstance compiler;
  compiler.createDiagnostics(new RepeatedSpecifierRecorder(printer, repeated_specifiers),
                             /*ShouldOwnClient=*/true);

  std::vector<std::string> args = clangArguments(input);
  std::vector<const char *> arg_pointers;
  for (size_t i = 1; i < args.size(); ++i) // CreateFromArgs takes the arguments after -cc1
    arg_pointers.push_back(args[i].c_str());
  if (!clang::CompilerInvocation::CreateFromArgs(compiler.getInvocation(), arg_pointers,
                                                 compiler.getDiagnostics())) {
    return;
  }
  compiler.getDiagnosticOpts().ShowColors = false;
  // -w, -Werror and the other warning options of the build options.
  clang::ProcessWarningOptions(compiler.getDiagnostics(), compiler.getDiagnosticOpts());
  // What Clang only warns about and NVRTC rejects in the output, found by
  // the translator's fuzz target: "int8;" declares nothing (an error in
  // C++), a raw NUL byte ends NVRTC's input where Clang keeps it, NVRTC
  // has no zero-length arrays ("int a[0];", "int a[] = {};"), reads GNU
  // imaginary constants ("1.5if") as user-defined literals and refuses a
  // character constant of more than 4 characters (Clang keeps the last 4).
  for (clang::diag::kind kind : {clang::diag::kind(clang::diag::ext_no_declarators),
                                 clang::diag::kind(clang::diag::ext_typecheck_zero_array_size),
                                 clang::diag::kind(clang::diag::ext_imaginary_constant),
                                 clang::diag::kind(clang::diag::warn_char_constant_too_large),
                                 clang::diag::kind(clang::diag::null_in_char_or_string),
                                 clang::diag::kind(clang::diag::null_in_file)})
    compiler.getDiagnostics().setSeverity(kind, clang::diag::Severity::Error,
                                          clang::SourceLocation());
  compiler.createFileManager(makeFileSystem(input));
  if (!compiler.createTarget()) {
    return;
  }

  ProgramAction action;
  if (action.BeginSourceFile(compiler, compiler.getFrontendOpts().Inputs[0])) {
    if (llvm::Error error = action.Execute())
      log << "error: " << llvm::toString(std::move(error)) << "\n";
    else if (!compiler.getDiagnostics().hasErrorOccurred())
      action.runWork(compiler, repeated_specifiers, work);
    outcome->succeeded = !compiler.getDiagnostics().hasErrorOccurred();
    action.EndSourceFile();
  }
}

} // namespace cl2cuda
