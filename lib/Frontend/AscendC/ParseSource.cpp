//===- ParseSource.cpp - Clang's parse of an Ascend C kernel source -------===//
//
// Runs Clang on a kernel source the way its project compiles it, minus the
// host toolchain: host-only headers (acl/acl.h, the tiling API) are not on
// this machine, so an #include that finds no file is skipped and recorded;
// the errors that follow in host functions are expected and dropped, while
// an error in device code stops the lift with Clang's own message.
//
//===----------------------------------------------------------------------===//

#include "Lifter.h"

#include "asc/Frontend/AscendCImport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "asc/Dialect/Asc/IR/AscDialect.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::frontend;

namespace {

/// Records what the lifter needs from the preprocessor: where the kernel
/// markers expand and which includes found no file.
class MarkerCallbacks : public clang::PPCallbacks {
public:
  MarkerCallbacks(SourceFacts &facts, const clang::SourceManager &sm)
      : facts(facts), sm(sm) {}

  void MacroExpands(const clang::Token &name, const clang::MacroDefinition &,
                    clang::SourceRange range,
                    const clang::MacroArgs *) override {
    const clang::IdentifierInfo *id = name.getIdentifierInfo();
    if (!id)
      return;
    llvm::StringRef spelling = id->getName();
    clang::SourceLocation at = sm.getExpansionLoc(range.getBegin());
    if (spelling == "__global__")
      facts.globalMarks.push_back(at);
    else if (spelling == "__aicore__")
      facts.aicoreMarks.push_back(at);
    else if (spelling == "__kfc_workspace__")
      facts.workspaceMarks.push_back(at);
  }

  void MacroDefined(const clang::Token &name,
                    const clang::MacroDirective *) override {
    if (const clang::IdentifierInfo *id = name.getIdentifierInfo())
      if (id->getName() == "ASCENDC_CUBE_ONLY")
        facts.cubeOnly = true;
  }

  bool FileNotFound(llvm::StringRef fileName) override {
    facts.skippedIncludes.push_back(fileName.str());
    return true; // skip it: host-only headers are not on this machine
  }

private:
  SourceFacts &facts;
  const clang::SourceManager &sm;
};

/// Keeps Clang's errors for the lifter to judge: those inside host
/// functions are dropped, the others stop the lift. With the real headers,
/// errors in the CPU model's launcher are dropped here: a kernel source
/// includes cpu_debug_launch.h (and through it kern_fwk.h) from the
/// devkit's cpudebug/include for its host half's CPU-debug launch; they
/// hold host code only, which needs acl and securec.
class CollectingConsumer : public clang::DiagnosticConsumer {
public:
  CollectingConsumer(SourceFacts &facts, llvm::StringRef devkitDir)
      : facts(facts), devkitDir(devkitDir) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error)
      return;
    if (inCpuLauncher(info))
      return;
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    facts.errors.push_back({info.getLocation(), text.str().str()});
  }

private:
  bool inCpuLauncher(const clang::Diagnostic &info) const {
    if (devkitDir.empty() || !info.hasSourceManager() ||
        info.getLocation().isInvalid())
      return false;
    const clang::SourceManager &sm = info.getSourceManager();
    clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(
        sm.getFileID(sm.getExpansionLoc(info.getLocation())));
    if (!file)
      return false;
    llvm::StringRef path = file->getName();
    llvm::StringRef name = llvm::sys::path::filename(path);
    return (name == "cpu_debug_launch.h" || name == "kern_fwk.h") &&
           path.starts_with(devkitDir);
  }

  SourceFacts &facts;
  std::string devkitDir;
};

/// What one parse needs and gives, shared by the action and its consumer.
struct LiftRequest {
  SourceFacts &facts;
  const AscendCImportOptions &options;
  MLIRContext *context;
  OwningOpRef<ModuleOp> &result;
};

class LiftConsumer : public clang::ASTConsumer {
public:
  explicit LiftConsumer(LiftRequest &request) : request(request) {}

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    request.result =
        liftKernels(ast, request.facts, request.options, request.context);
  }

private:
  LiftRequest &request;
};

class LiftAction : public clang::ASTFrontendAction {
public:
  explicit LiftAction(LiftRequest &request) : request(request) {}

  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    clang::Preprocessor &pp = ci.getPreprocessor();
    pp.addPPCallbacks(std::make_unique<MarkerCallbacks>(request.facts,
                                                        ci.getSourceManager()));
    // Host functions may fail to type-check without their headers: keep
    // parsing, so every device function is seen and instantiated.
    ci.getDiagnostics().setErrorLimit(0);
    ci.getDiagnostics().setFatalsAsError(true);
    // Clang's own "N errors generated": the lifter reports what matters.
    ci.getDiagnosticOpts().ShowCarets = false;
    return true;
  }

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<LiftConsumer>(request);
  }

private:
  LiftRequest &request;
};

} // namespace

/// The processor of bisheng's `--npu-arch=dav-NNNN` (a CANN sample's
/// CMakeLists passes `--npu-arch=${CMAKE_ASC_ARCHITECTURES}`, which reaches
/// compile_commands.json): NNNN, the `__NPU_ARCH__` bisheng defines for the
/// device pass. std::nullopt when `arg` is not that flag; an empty string
/// when it is, with a value that names no processor.
static std::optional<std::string> npuArchOf(llvm::StringRef arg) {
  if (!arg.consume_front("--npu-arch="))
    return std::nullopt;
  unsigned number;
  if (!arg.consume_front("dav-") || arg.getAsInteger(10, number))
    return std::string();
  return arg.str();
}

/// The compiler arguments of a kernel parse: C++17 as CANN's samples are
/// compiled, Atlas A2's `__NPU_ARCH__` (2201, what bisheng defines for
/// dav-2201, the samples' default target, and the processor asc-run
/// models), the runtime's headers, the source's own folder, then the
/// user's (they come last so that they win; bisheng's `--npu-arch=dav-NNNN`
/// among them is its `-D__NPU_ARCH__=NNNN`).
static std::vector<std::string>
parseArguments(llvm::StringRef path, const AscendCImportOptions &options) {
  std::vector<std::string> args = {
      "asc-check", "-xc++", "-std=c++17", "-fsyntax-only",
      // bisheng and g++ accept `obj.template IterateAll(c)`; so must we.
      "-Wno-missing-template-arg-list-after-template-kw", "-w",
      // No typo correction: a quarter of a sample's parse went to it, for
      // the host half's errors (acl is not here) that are dropped anyway,
      // and in device code it names the wrong API ("did you mean
      // 'MTE2_MTE3'" for an event asc-run's headers lack).
      "-fno-spell-checking", "-resource-dir=" ASC_CLANG_RESOURCE_DIR,
      "-D__NPU_ARCH__=2201"};
  std::string runtime = options.runtimeDir.empty()
                            ? std::string(ASC_FRONTEND_RUNTIME_DIR)
                            : options.runtimeDir;
  if (options.devkitDir.empty()) {
    args.push_back("-I" + runtime);
  } else {
    // CANN's real headers in their CPU-debug mode, with the include folders
    // an installed toolkit puts on the path, and this project's stand-ins
    // for what the toolkit adds (the intrinsics' stub_fun.h, generated by
    // CANN's CPU model build; lib/matmul_intf.h) first.
    args.push_back("-DASCENDC_CPU_DEBUG=1");
    args.push_back("-I" + runtime + "/cpu-debug");
    for (const char *folder :
         {"include", "include/basic_api", "include/adv_api", "", "impl",
          "impl/basic_api", "cpudebug/include"}) {
      llvm::SmallString<256> dir(options.devkitDir);
      llvm::sys::path::append(dir, folder);
      args.push_back("-I" + std::string(dir));
    }
  }
  llvm::SmallString<256> folder(path);
  llvm::sys::fs::make_absolute(folder);
  llvm::sys::path::remove_filename(folder);
  args.push_back("-I" + std::string(folder));
  for (const std::string &arg : options.compilerArgs) {
    std::optional<std::string> arch = npuArchOf(arg);
    args.push_back(arch ? "-D__NPU_ARCH__=" + *arch : arg);
  }
  args.push_back(path.str());
  return args;
}

/// The source with each `<<<...>>>` of a kernel launch (`k<<<blocks, l2,
/// stream>>>(args)`, `k<M, N><<<...>>>(args)`) blanked, newlines kept, so
/// that every other byte stays at its line and column. The launch
/// configuration is the host's (how many cores, which stream); what is
/// left, `k<M, N>(args)`, is what the launch means to the device: a call of
/// the kernel, which instantiates a kernel template with the host's
/// template arguments as bisheng's launch does. C++ does not parse the
/// triple brackets, so without this a kernel template is never
/// instantiated. Raw lexing skips comments and literals. std::nullopt when
/// there is no launch.
static std::optional<std::string> blankKernelLaunches(llvm::StringRef text) {
  clang::LangOptions lang;
  lang.CPlusPlus = lang.CPlusPlus11 = lang.CPlusPlus14 = lang.CPlusPlus17 =
      true;
  clang::Lexer lexer(clang::SourceLocation(), lang, text.begin(), text.begin(),
                     text.end());
  struct Tok {
    clang::tok::TokenKind kind;
    size_t begin, end;
  };
  std::vector<Tok> toks;
  clang::Token tok;
  while (!lexer.LexFromRawLexer(tok)) {
    size_t end = lexer.getBufferLocation() - text.begin();
    toks.push_back({tok.getKind(), end - tok.getLength(), end});
  }
  auto adjacent = [&](size_t i, clang::tok::TokenKind first,
                      clang::tok::TokenKind second) {
    return i + 1 < toks.size() && toks[i].kind == first &&
           toks[i + 1].kind == second && toks[i].end == toks[i + 1].begin;
  };
  std::string result = text.str();
  bool blanked = false;
  for (size_t i = 1; i < toks.size(); ++i) {
    // `<<<` after the kernel's name or its template arguments' `>`.
    clang::tok::TokenKind before = toks[i - 1].kind;
    if (!adjacent(i, clang::tok::lessless, clang::tok::less) ||
        (before != clang::tok::identifier && before != clang::tok::greater &&
         before != clang::tok::greatergreater))
      continue;
    // Its `>>>` at the same depth of brackets, followed by the arguments.
    int depth = 0;
    size_t j = i + 2;
    for (; j < toks.size(); ++j) {
      if (depth == 0 &&
          adjacent(j, clang::tok::greatergreater, clang::tok::greater))
        break;
      if (toks[j].kind == clang::tok::l_paren ||
          toks[j].kind == clang::tok::l_square)
        ++depth;
      else if (toks[j].kind == clang::tok::r_paren ||
               toks[j].kind == clang::tok::r_square)
        --depth;
      if (depth < 0 || toks[j].kind == clang::tok::semi)
        break;
    }
    if (j + 2 >= toks.size() || depth != 0 ||
        !adjacent(j, clang::tok::greatergreater, clang::tok::greater) ||
        toks[j + 2].kind != clang::tok::l_paren)
      continue;
    for (size_t at = toks[i].begin; at < toks[j + 1].end; ++at)
      if (result[at] != '\n')
        result[at] = ' ';
    blanked = true;
    i = j + 1;
  }
  if (!blanked)
    return std::nullopt;
  return result;
}

/// Why `options.devkitDir` cannot be parsed against (std::nullopt when it
/// can): a folder without asc-devkit's headers, or without the
/// kernel_tiling.h an installed toolkit ships and the devkit generates,
/// found in the devkit or the user's `-I` folders.
static std::optional<std::string>
devkitProblem(const AscendCImportOptions &options) {
  llvm::StringRef dir = options.devkitDir;
  auto has = [&](llvm::StringRef base, llvm::StringRef file) {
    llvm::SmallString<256> path(base);
    llvm::sys::path::append(path, file);
    return llvm::sys::fs::exists(path);
  };
  for (llvm::StringRef needed : {"include/kernel_operator.h", "impl/basic_api",
                                 "cpudebug/include/kernel_fp16.h"})
    if (!has(dir, needed))
      return "the asc-devkit folder '" + dir.str() + "' has no " +
             needed.str() +
             ": expected asc-devkit's include/ and impl/ and asc-tools' "
             "cpudebug/include/ (docs/AscendC.md has the recipe)";
  std::vector<std::string> folders = {dir.str(), dir.str() + "/include"};
  const std::vector<std::string> &user = options.compilerArgs;
  for (size_t i = 0; i < user.size(); ++i) {
    llvm::StringRef arg = user[i];
    if (arg == "-I" && i + 1 < user.size())
      folders.push_back(user[++i]);
    else if (arg.consume_front("-I"))
      folders.push_back(arg.str());
  }
  for (const std::string &folder : folders)
    if (has(folder, "kernel_tiling/kernel_tiling.h"))
      return std::nullopt;
  return "no kernel_tiling/kernel_tiling.h in the asc-devkit folder '" +
         dir.str() +
         "' or the -I folders: an installed CANN ships it; for a devkit "
         "checkout, generate it with python3 " +
         dir.str() +
         "/impl/adv_api/cmake/scripts/gen_kernel_tiling_data_def.py " +
         dir.str() + "/include/adv_api " + dir.str() +
         "/kernel_tiling/kernel_tiling.h";
}

static OwningOpRef<ModuleOp> runLift(llvm::StringRef path,
                                     std::optional<llvm::StringRef> source,
                                     const AscendCImportOptions &options,
                                     MLIRContext *context,
                                     AscendCSourceMap *sourceMap = nullptr) {
  context->loadDialect<AscDialect, arith::ArithDialect, func::FuncDialect,
                       scf::SCFDialect>();
  SourceFacts facts;
  facts.sourceMap = sourceMap;
  OwningOpRef<ModuleOp> result;
  for (const std::string &arg : options.compilerArgs)
    if (std::optional<std::string> arch = npuArchOf(arg);
        arch && arch->empty()) {
      emitError(FileLineColLoc::get(context, path, 0, 0))
          << "'" << arg << "' names no processor: expected "
          << "--npu-arch=dav-NNNN, as bisheng takes it (dav-2201)";
      return {};
    }
  if (!options.devkitDir.empty())
    if (std::optional<std::string> problem = devkitProblem(options)) {
      emitError(FileLineColLoc::get(context, path, 0, 0)) << *problem;
      return {};
    }
  std::vector<std::string> args = parseArguments(path, options);
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(
      new llvm::vfs::InMemoryFileSystem);
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> files(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  files->pushOverlay(memory);
  // The host's kernel launches, blanked: the parse sees the calls they
  // stand for (the file on disk is never changed).
  std::optional<std::string> launchesBlanked;
  std::unique_ptr<llvm::MemoryBuffer> onDisk;
  if (!source) {
    if (auto read = llvm::MemoryBuffer::getFile(path))
      onDisk = std::move(*read);
  }
  if (source)
    launchesBlanked = blankKernelLaunches(*source);
  else if (onDisk)
    launchesBlanked = blankKernelLaunches(onDisk->getBuffer());
  if (launchesBlanked)
    memory->addFile(path, 0,
                    llvm::MemoryBuffer::getMemBufferCopy(*launchesBlanked));
  else if (source)
    memory->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(*source));
  llvm::IntrusiveRefCntPtr<clang::FileManager> fileManager(
      new clang::FileManager(clang::FileSystemOptions(), files));
  LiftRequest request{facts, options, context, result};
  CollectingConsumer consumer(facts, options.devkitDir);
  clang::tooling::ToolInvocation invocation(
      args, std::make_unique<LiftAction>(request), fileManager.get());
  invocation.setDiagnosticConsumer(&consumer);
  if (!invocation.run() && !result) {
    // No AST at all (the file is missing, an argument is wrong): say so
    // once; device errors were reported by the lifter.
    if (facts.errors.empty() && !facts.reported)
      emitError(FileLineColLoc::get(context, path, 0, 0))
          << "Clang could not parse the source";
  }
  if (!facts.reported && !result)
    for (const SourceFacts::Error &error : facts.errors) {
      emitError(FileLineColLoc::get(context, path, 0, 0)) << error.message;
      break;
    }
  return result;
}

OwningOpRef<ModuleOp> mlir::asc::importAscendCFile(
    llvm::StringRef path, const AscendCImportOptions &options,
    MLIRContext *context, AscendCSourceMap *sourceMap) {
  if (!llvm::sys::fs::exists(path)) {
    emitError(UnknownLoc::get(context))
        << "cannot open '" << path << "': no such file";
    return {};
  }
  return runLift(path, std::nullopt, options, context, sourceMap);
}

OwningOpRef<ModuleOp>
mlir::asc::importAscendCSource(llvm::StringRef source, llvm::StringRef path,
                               const AscendCImportOptions &options,
                               MLIRContext *context) {
  return runLift(path, source, options, context);
}

void mlir::asc::registerAscendCImportDialects(DialectRegistry &registry) {
  registry.insert<AscDialect, arith::ArithDialect, func::FuncDialect,
                  scf::SCFDialect>();
}

const LiftedStatement *AscendCSourceMap::find(Location loc) const {
  auto fileLoc = dyn_cast<FileLineColLoc>(loc);
  if (!fileLoc)
    return nullptr;
  for (const LiftedStatement &statement : statements)
    if (statement.line == fileLoc.getLine() &&
        statement.column == fileLoc.getColumn() &&
        statement.file == fileLoc.getFilename().getValue())
      return &statement;
  return nullptr;
}
