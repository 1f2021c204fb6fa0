//===- asc-check.cpp - The Matmul protocol checked on Ascend C source -----===//
//
//   asc-check KERNEL.asc|.cpp [options] [-- compiler flags]
//   asc-check -p BUILD_DIR KERNEL.cpp      (flags from compile_commands.json)
//
// Lifts the kernel with the Ascend C front end (lib/Frontend/AscendC), runs
// the asc verifiers and --asc-verify-sync on it, and prints what they find
// as clang does: `file:line:col: error: message [asc-P1]`, with the source
// line and notes at the related calls. Exit status, as clang-tidy's: 0 when
// the kernel is clean, 1 when a rule is broken, 2 when the source could not
// be lifted (one diagnostic says why). docs/Frontend.md.
//
//===----------------------------------------------------------------------===//

#include "asc/Frontend/AscendCImport.h"
#include "asc/Frontend/PlacementEdits.h"
#include "asc/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <set>

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("asc-check options");
static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<kernel source>"),
                                      cl::cat(category));
static cl::opt<bool> emitMlir("emit-mlir",
                              cl::desc("Print the lifted module (for asc-opt, "
                                       "asc-translate and asc-run) and stop"),
                              cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Check only the __global__ kernel of this name"),
               cl::cat(category));
static cl::opt<std::string>
    buildPath("p",
              cl::desc("Build folder whose compile_commands.json gives "
                       "the source's compiler flags"),
              cl::value_desc("build-dir"), cl::cat(category));
static cl::opt<std::string>
    runtimeDir("runtime-dir",
               cl::desc("Headers to parse against (default: asc-run's "
                        "runtime/)"),
               cl::cat(category));
static cl::opt<std::string>
    devkitDir("devkit",
              cl::desc("Parse against CANN's real headers in their CPU-debug "
                       "mode: an asc-devkit's include/ and impl/ with "
                       "asc-tools' cpudebug/include/ (default: "
                       "$ASC_DEVKIT_DIR; --devkit= uses asc-run's runtime/)"),
              cl::value_desc("dir"), cl::cat(category));
static cl::opt<bool> argumentsMayAlias(
    "arguments-may-alias",
    cl::desc("Do not assume the kernel's pointer arguments are separate "
             "allocations (the default assumes what every host half does)"),
    cl::cat(category));
static cl::opt<bool>
    fix("fix",
        cl::desc("Apply the placement's moves of waits and issues to "
                 "the source in place"),
        cl::cat(category));
static cl::opt<std::string> exportFixes(
    "export-fixes",
    cl::desc("Write the placement's moves as clang-apply-replacements YAML"),
    cl::value_desc("file.yaml"), cl::cat(category));
static cl::opt<bool> quiet("quiet", cl::desc("Print only the diagnostics"),
                           cl::cat(category));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Check the diagnostics against the source's expected-error "
             "comments, as mlir-opt does (for tests)"),
    cl::cat(category));

static std::string findRuntimeDir() {
  if (!runtimeDir.empty())
    return runtimeDir;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> installed(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(installed, "..", "share", "asc-mlir", "runtime");
  if (llvm::sys::fs::exists(installed + "/kernel_operator.h"))
    return std::string(installed);
  return ASC_CHECK_RUNTIME_DIR;
}

/// The real headers to parse against: --devkit when given (empty for the
/// runtime's), else $ASC_DEVKIT_DIR.
static std::string findDevkitDir() {
  if (devkitDir.getNumOccurrences())
    return devkitDir;
  if (const char *env = std::getenv("ASC_DEVKIT_DIR"))
    return env;
  return "";
}

/// The compile command's flags that matter to a parse (-D, -I, -std,
/// -include ...), from compile_commands.json in `dir`.
static std::optional<std::vector<std::string>>
flagsFromDatabase(llvm::StringRef dir, llvm::StringRef file,
                  std::string &error) {
  llvm::SmallString<256> json(dir);
  llvm::sys::path::append(json, "compile_commands.json");
  if (!llvm::sys::fs::exists(json)) {
    error = "no compile_commands.json in '" + dir.str() + "'";
    return std::nullopt;
  }
  std::unique_ptr<clang::tooling::CompilationDatabase> db =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          json, error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db)
    return std::nullopt;
  llvm::SmallString<256> absolute(file);
  llvm::sys::fs::make_absolute(absolute);
  std::vector<clang::tooling::CompileCommand> commands =
      db->getCompileCommands(absolute);
  if (commands.empty()) {
    error = "'" + file.str() + "' has no entry in " + dir.str() +
            "/compile_commands.json";
    return std::nullopt;
  }
  std::vector<std::string> flags;
  const std::vector<std::string> &line = commands.front().CommandLine;
  for (size_t i = 1; i < line.size(); ++i) {
    llvm::StringRef arg = line[i];
    if (arg == "-o" || arg == "-MF" || arg == "-MT" || arg == "-MQ") {
      ++i;
      continue;
    }
    if (arg == "-c" || arg.starts_with("-o") || arg.starts_with("-M") ||
        arg == commands.front().Filename || arg.ends_with(file))
      continue;
    // Relative include folders are relative to the command's directory.
    if (arg.starts_with("-I") && arg.size() > 2 &&
        !llvm::sys::path::is_absolute(arg.drop_front(2))) {
      llvm::SmallString<256> path(commands.front().Directory);
      llvm::sys::path::append(path, arg.drop_front(2));
      flags.push_back("-I" + std::string(path));
      continue;
    }
    flags.push_back(arg.str());
  }
  return flags;
}

namespace {
/// Prints MLIR diagnostics as clang does, the rule as a check name.
class ClangStylePrinter {
public:
  explicit ClangStylePrinter(llvm::raw_ostream &os) : os(os) {}

  void print(Diagnostic &diag) {
    printOne(diag.getLocation(), diag.getSeverity(), diag.str());
    for (Diagnostic &note : diag.getNotes())
      printOne(note.getLocation(), DiagnosticSeverity::Note, note.str());
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      ++errors;
  }
  unsigned errors = 0;

private:
  void printOne(Location loc, DiagnosticSeverity severity,
                std::string message) {
    // The rule a message names becomes the check name: "... (rule P1)"
    // reads "... [asc-P1]".
    llvm::Regex ruleInParens(" \\(rule ([LP][0-9]+[a-z]?)\\)");
    llvm::Regex rule("rule ([LP][0-9]+[a-z]?)");
    llvm::SmallVector<llvm::StringRef, 2> match;
    std::string check;
    if (ruleInParens.match(message, &match)) {
      check = "asc-" + match[1].str();
      message = ruleInParens.sub("", message);
    } else if (rule.match(message, &match)) {
      check = "asc-" + match[1].str();
    }
    // "'func.return' op returns ..." reads "returns ...": the source line
    // shows the statement, the IR op name means nothing there.
    llvm::Regex opPrefix("^'[a-z0-9_.]+' op ");
    message = opPrefix.sub("", message);
    auto fileLoc = dyn_cast<FileLineColLoc>(loc);
    if (!fileLoc)
      fileLoc = loc->findInstanceOf<FileLineColLoc>();
    if (fileLoc)
      os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
         << fileLoc.getColumn() << ": ";
    switch (severity) {
    case DiagnosticSeverity::Error:
      os << "error: ";
      break;
    case DiagnosticSeverity::Warning:
      os << "warning: ";
      break;
    case DiagnosticSeverity::Note:
      os << "note: ";
      break;
    case DiagnosticSeverity::Remark:
      os << "remark: ";
      break;
    }
    os << message;
    if (!check.empty())
      os << " [" << check << "]";
    os << "\n";
    if (fileLoc)
      printSourceLine(fileLoc);
  }

  void printSourceLine(FileLineColLoc loc) {
    std::string file = loc.getFilename().getValue().str();
    auto &buffer = buffers[file];
    if (!buffer) {
      auto read = llvm::MemoryBuffer::getFile(file);
      if (!read)
        return;
      buffer = std::move(*read);
    }
    llvm::StringRef text = buffer->getBuffer();
    unsigned line = 1;
    size_t start = 0;
    while (line < loc.getLine() && start < text.size()) {
      size_t next = text.find('\n', start);
      if (next == llvm::StringRef::npos)
        return;
      start = next + 1;
      ++line;
    }
    llvm::StringRef source = text.substr(start).split('\n').first;
    os << source << "\n";
    unsigned col = loc.getColumn();
    for (unsigned i = 1; i < col && i <= source.size(); ++i)
      os << (source[i - 1] == '\t' ? '\t' : ' ');
    os << "^\n";
  }

  llvm::raw_ostream &os;
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> buffers;
};
} // namespace

/// Reports the placement's moves (a remark at each moved statement, a
/// note at its new place) and writes them: in place (--fix) and as
/// clang-apply-replacements YAML (--export-fixes).
static LogicalResult writeFixes(ModuleOp module,
                                const asc::AscendCSourceMap &sourceMap) {
  FailureOr<std::vector<asc::PlacementMove>> moves =
      asc::computePlacementMoves(module, sourceMap);
  if (failed(moves))
    return failure();
  std::vector<asc::SourceEdit> edits;
  clang::tooling::TranslationUnitDiagnostics exported;
  llvm::SmallString<256> mainFile(inputFile.getValue());
  llvm::sys::fs::make_absolute(mainFile);
  exported.MainSourceFile = std::string(mainFile);
  for (const asc::PlacementMove &move : *moves) {
    auto to = dyn_cast<FileLineColLoc>(move.to);
    std::string where = to ? (move.followsTo ? "after line " : "before line ") +
                                 std::to_string(to.getLine())
                           : "elsewhere";
    InFlightDiagnostic remark = emitRemark(move.from);
    if (move.edits.empty())
      remark << "the placement moves this " << move.kind << " " << where
             << "; not edited: " << move.reason;
    else
      remark << "the placement moves this " << move.kind << " " << where
             << (fix ? " (fixed)" : " (fix available)");
    remark.attachNote(move.to) << "its new place";
    if (move.edits.empty())
      continue;
    clang::tooling::Diagnostic diagnostic;
    diagnostic.DiagnosticName = "asc-sync-placement";
    diagnostic.DiagLevel = clang::tooling::Diagnostic::Warning;
    diagnostic.Message.Message =
        "the placement moves this " + move.kind + " " + where;
    for (const asc::SourceEdit &edit : move.edits) {
      edits.push_back(edit);
      llvm::SmallString<256> path(edit.file);
      llvm::sys::fs::make_absolute(path);
      diagnostic.Message.FilePath = std::string(path);
      clang::tooling::Replacement replacement(path, edit.offset, edit.length,
                                              edit.text);
      llvm::consumeError(
          diagnostic.Message.Fix[std::string(path)].add(replacement));
    }
    exported.Diagnostics.push_back(std::move(diagnostic));
  }
  if (!exportFixes.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(exportFixes, ec);
    if (ec) {
      llvm::WithColor::error(llvm::errs(), "asc-check")
          << "cannot write '" << exportFixes << "': " << ec.message() << "\n";
      return failure();
    }
    llvm::yaml::Output yaml(os);
    yaml << exported;
  }
  if (fix) {
    std::set<std::string> files;
    for (const asc::SourceEdit &edit : edits)
      files.insert(edit.file);
    for (const std::string &file : files) {
      auto buffer = llvm::MemoryBuffer::getFile(file);
      if (!buffer)
        return failure();
      std::string fixed = asc::applyEdits((*buffer)->getBuffer(), file, edits);
      std::error_code ec;
      llvm::raw_fd_ostream os(file, ec);
      if (ec) {
        llvm::WithColor::error(llvm::errs(), "asc-check")
            << "cannot write '" << file << "': " << ec.message() << "\n";
        return failure();
      }
      os << fixed;
    }
  }
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Everything after `--` is the compiler's.
  std::vector<std::string> compilerArgs;
  int ownArgc = argc;
  for (int i = 1; i < argc; ++i)
    if (llvm::StringRef(argv[i]) == "--") {
      ownArgc = i;
      for (int j = i + 1; j < argc; ++j)
        compilerArgs.push_back(argv[j]);
      break;
    }
  // --mlir-print-debuginfo and friends, for --emit-mlir.
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  cl::ParseCommandLineOptions(
      ownArgc, argv,
      "asc-check: the Matmul async protocol (rules L1-L14, P1-P8) checked on "
      "an Ascend C kernel source\n");

  if (!buildPath.empty()) {
    std::string error;
    std::optional<std::vector<std::string>> flags =
        flagsFromDatabase(buildPath, inputFile, error);
    if (!flags) {
      llvm::WithColor::error(llvm::errs(), "asc-check") << error << "\n";
      return 2;
    }
    compilerArgs.insert(compilerArgs.begin(), flags->begin(), flags->end());
  }

  DialectRegistry registry;
  asc::registerAscendCImportDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // The C++ line is the context a user needs, not the op.
  context.printOpOnDiagnostic(false);
  ClangStylePrinter printer(llvm::errs());
  std::optional<ScopedDiagnosticHandler> handler;
  llvm::SourceMgr sourceMgr;
  std::optional<SourceMgrDiagnosticVerifierHandler> verifier;
  if (verifyDiagnostics) {
    auto buffer = llvm::MemoryBuffer::getFile(inputFile);
    if (!buffer) {
      llvm::WithColor::error(llvm::errs(), "asc-check")
          << "cannot open '" << inputFile << "'\n";
      return 2;
    }
    sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
    verifier.emplace(sourceMgr, &context);
  } else {
    handler.emplace(&context, [&](Diagnostic &diag) {
      printer.print(diag);
      return success();
    });
  }
  auto finish = [&](int status) {
    if (verifier)
      return failed(verifier->verify()) ? 1 : 0;
    return status;
  };

  asc::AscendCImportOptions options;
  options.runtimeDir = findRuntimeDir();
  options.devkitDir = findDevkitDir();
  options.compilerArgs = compilerArgs;
  options.kernelName = kernelName;
  options.argumentsAreDistinct = !argumentsMayAlias;
  asc::AscendCSourceMap sourceMap;
  OwningOpRef<ModuleOp> module =
      asc::importAscendCFile(inputFile, options, &context, &sourceMap);
  if (!module)
    return finish(2);
  if (failed(verify(*module)))
    return finish(2);
  if (emitMlir) {
    module->print(llvm::outs());
    return finish(0);
  }
  PassManager pm(&context);
  pm.addNestedPass<func::FuncOp>(asc::createAscVerifySync());
  if (failed(pm.run(*module)) || printer.errors)
    return finish(1);
  if (!quiet && !verifier)
    llvm::outs() << inputFile << ": no Matmul protocol violation found\n";
  if (fix || !exportFixes.empty()) {
    if (failed(writeFixes(*module, sourceMap)))
      return finish(2);
  }
  return finish(0);
}
