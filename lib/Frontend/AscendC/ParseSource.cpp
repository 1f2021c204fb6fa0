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
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
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
/// functions are dropped, the others stop the lift.
class CollectingConsumer : public clang::DiagnosticConsumer {
public:
  explicit CollectingConsumer(SourceFacts &facts) : facts(facts) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    facts.errors.push_back({info.getLocation(), text.str().str()});
  }

private:
  SourceFacts &facts;
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

/// The compiler arguments of a kernel parse: C++17 as CANN's samples are
/// compiled, the runtime's headers, the source's own folder, then the
/// user's (they come last so that they win).
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
      "-fno-spell-checking", "-resource-dir=" ASC_CLANG_RESOURCE_DIR};
  args.push_back("-I" + (options.runtimeDir.empty()
                             ? std::string(ASC_FRONTEND_RUNTIME_DIR)
                             : options.runtimeDir));
  llvm::SmallString<256> folder(path);
  llvm::sys::fs::make_absolute(folder);
  llvm::sys::path::remove_filename(folder);
  args.push_back("-I" + std::string(folder));
  args.insert(args.end(), options.compilerArgs.begin(),
              options.compilerArgs.end());
  args.push_back(path.str());
  return args;
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
  std::vector<std::string> args = parseArguments(path, options);
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(
      new llvm::vfs::InMemoryFileSystem);
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> files(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  files->pushOverlay(memory);
  if (source)
    memory->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(*source));
  llvm::IntrusiveRefCntPtr<clang::FileManager> fileManager(
      new clang::FileManager(clang::FileSystemOptions(), files));
  LiftRequest request{facts, options, context, result};
  CollectingConsumer consumer(facts);
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
