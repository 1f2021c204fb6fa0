//===- DeviceSplit.cpp - the device pass of a single-source .asc ----------===//
//
// Clang parses the .asc with the runtime's headers, where `__global__` and
// `__aicore__` are annotations (runtime/kernel_operator.h keeps a definition
// it is given), and asc-run blanks what the device pass would not compile:
// the host's function definitions and the includes it cannot find. A missing
// header is an error, not the end of the parse (fatal errors are made
// errors), and so are the host code's unknown names (aclrtMalloc) and its
// <<<...>>> launch, which C++ does not parse: the declarations around them
// are still there.
//
//===----------------------------------------------------------------------===//

#include "DeviceSplit.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>

using namespace clang;
using llvm::StringRef;

namespace {

/// Whether `header` is one of CANN's host-side headers (the runtime, the
/// tiling API, the op registration and the graph: the device pass of a .asc
/// includes them and uses nothing of them) or a sample's host helper. Only
/// those are dropped when not found; any other header the kernel includes
/// must be found, so that a missing one stops the compile with its name
/// rather than change what the kernel means.
bool isHostHeader(StringRef header) {
  for (StringRef prefix : {"acl/", "aclnn/", "tiling/", "register/", "graph/",
                           "platform/", "exe_graph/", "runtime/", "ge/"})
    if (header.starts_with(prefix))
      return true;
  return llvm::is_contained({"data_utils.h", "cpu_debug_launch.h"}, header);
}

/// A blanked byte range of the main file and what it was.
struct Blank {
  unsigned begin, end;
  std::string what;
};

/// Records the main file's includes of CANN's host headers that were not
/// found, and its includes of a header that includes one (a sample's
/// data_utils.h includes acl/acl.h): both are the host's. Every other
/// diagnostic is dropped: the host code's errors are expected.
class MissingIncludes : public DiagnosticConsumer {
public:
  /// Offset of the main file's include -> what it is.
  std::map<unsigned, std::string> lines;

  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (info.getID() != diag::err_pp_file_not_found || !info.hasSourceManager())
      return;
    std::string header =
        info.getNumArgs() > 0 &&
                info.getArgKind(0) == DiagnosticsEngine::ak_std_string
            ? info.getArgStdStr(0)
            : "";
    if (!isHostHeader(header))
      return;
    const SourceManager &sm = info.getSourceManager();
    SourceLocation loc = sm.getExpansionLoc(info.getLocation());
    if (sm.isWrittenInMainFile(loc)) {
      lines[sm.getFileOffset(loc)] =
          "#include \"" + header + "\" (a host header, not found)";
      return;
    }
    // The main file's include that led here.
    SourceLocation included = loc;
    while (included.isValid() && !sm.isWrittenInMainFile(included))
      included = sm.getIncludeLoc(sm.getFileID(included));
    if (included.isInvalid())
      return;
    StringRef name = sm.getFilename(loc);
    lines.try_emplace(sm.getFileOffset(included),
                      "#include of " + llvm::sys::path::filename(name).str() +
                          " (it includes the host header " + header +
                          ", not found)");
  }
};

/// Whether `fn` is device code: `__global__` or `__aicore__` (the parse's
/// annotations), or constexpr, which the device pass may evaluate.
bool isDeviceFunction(const FunctionDecl *fn) {
  for (const FunctionDecl *redecl : fn->redecls())
    for (const auto *attr : redecl->specific_attrs<AnnotateAttr>())
      if (attr->getAnnotation() == "asc.global" ||
          attr->getAnnotation() == "asc.aicore")
        return true;
  return fn->isConstexpr();
}

class SplitConsumer : public ASTConsumer {
public:
  explicit SplitConsumer(std::vector<Blank> &blanks) : blanks(blanks) {}

  void HandleTranslationUnit(ASTContext &context) override {
    visit(context.getTranslationUnitDecl(), context);
  }

private:
  std::vector<Blank> &blanks;

  void visit(const DeclContext *dc, ASTContext &context) {
    for (const Decl *decl : dc->decls()) {
      if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(decl)) {
        visit(cast<DeclContext>(decl), context);
        continue;
      }
      const FunctionDecl *fn = nullptr;
      if (const auto *tmpl = dyn_cast<FunctionTemplateDecl>(decl))
        fn = tmpl->getTemplatedDecl();
      else
        fn = dyn_cast<FunctionDecl>(decl);
      // Members are kept with their class; out-of-line member definitions
      // are judged like functions.
      if (fn && fn->doesThisDeclarationHaveABody() && !isDeviceFunction(fn)) {
        blankDecl(decl, fn->getQualifiedNameAsString() + " (host function)",
                  context);
        continue;
      }
      // A declaration that names what only the host's headers declare
      // (`aclrtStream stream;`) is the host's too.
      if (decl->isInvalidDecl() && !isa<TagDecl>(decl))
        if (const auto *named = dyn_cast<NamedDecl>(decl))
          blankDecl(decl,
                    named->getQualifiedNameAsString() +
                        " (needs the host's headers)",
                    context);
    }
  }

  void blankDecl(const Decl *decl, const std::string &what,
                 ASTContext &context) {
    const SourceManager &sm = context.getSourceManager();
    SourceLocation begin = sm.getExpansionLoc(decl->getBeginLoc());
    SourceLocation last = sm.getExpansionLoc(decl->getEndLoc());
    if (!sm.isWrittenInMainFile(begin) || !sm.isWrittenInMainFile(last))
      return;
    SourceLocation end =
        Lexer::getLocForEndOfToken(last, 0, sm, context.getLangOpts());
    if (end.isInvalid())
      return;
    blanks.push_back({sm.getFileOffset(begin), sm.getFileOffset(end), what});
  }
};

class SplitAction : public ASTFrontendAction {
public:
  explicit SplitAction(std::vector<Blank> &blanks) : blanks(blanks) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<SplitConsumer>(blanks);
  }

  bool BeginSourceFileAction(CompilerInstance &ci) override {
    // A header the device pass cannot find (acl/acl.h) ends a normal parse;
    // here it is one more error, and so is every error of the host code.
    ci.getDiagnostics().setFatalsAsError(true);
    ci.getDiagnostics().setErrorLimit(0);
    // Nor does the parse print "N errors generated.".
    ci.getDiagnosticOpts().ShowCarets = false;
    return true;
  }

private:
  std::vector<Blank> &blanks;
};

/// Blanks [begin, end) of `text` but its newlines.
void blank(std::string &text, size_t begin, size_t end) {
  for (size_t i = begin; i < end && i < text.size(); ++i)
    if (text[i] != '\n')
      text[i] = ' ';
}

unsigned lineOf(StringRef text, size_t offset) {
  return 1 + StringRef(text).take_front(offset).count('\n');
}

} // namespace

mlir::asc::runner::DeviceSplit
mlir::asc::runner::splitDevicePart(StringRef source, StringRef path,
                                   StringRef runtimeDir,
                                   llvm::ArrayRef<std::string> flags) {
  // The device pass's view: C++17 (bisheng's default for Ascend C), Atlas
  // A2, the device qualifiers as annotations the split reads.
  std::vector<std::string> args = {ASC_RUN_CLANG,
                                   "-fsyntax-only",
                                   "-x",
                                   "c++",
                                   "-std=c++17",
                                   "-w",
                                   "-D__NPU_ARCH__=2201",
                                   "-D__global__=__attribute__((annotate("
                                   "\"asc.global\")))",
                                   "-D__aicore__=__attribute__((annotate("
                                   "\"asc.aicore\")))",
                                   "-I",
                                   runtimeDir.str()};
  args.insert(args.end(), flags.begin(), flags.end());
  args.push_back(path.str());

  std::vector<Blank> blanks;
  MissingIncludes missing;
  // The file is parsed as it is in memory (the text asc-run read).
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  overlay->pushOverlay(memory);
  memory->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(source, path));
  auto files =
      llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), overlay);
  tooling::ToolInvocation invocation(
      args, std::make_unique<SplitAction>(blanks), files.get());
  invocation.setDiagnosticConsumer(&missing);
  (void)invocation.run(); // the host code's errors are expected

  for (const auto &[offset, what] : missing.lines) {
    size_t lineStart = source.rfind('\n', offset);
    lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
    size_t end = source.find('\n', offset);
    blanks.push_back({unsigned(lineStart),
                      unsigned(end == StringRef::npos ? source.size() : end),
                      what});
  }
  llvm::sort(blanks,
             [](const Blank &a, const Blank &b) { return a.begin < b.begin; });
  DeviceSplit split;
  split.devicePart = source.str();
  for (const Blank &b : blanks) {
    blank(split.devicePart, b.begin, b.end);
    split.blanked.push_back("line " + std::to_string(lineOf(source, b.begin)) +
                            ": " + b.what);
  }
  return split;
}
