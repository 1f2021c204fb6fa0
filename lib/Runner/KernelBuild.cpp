//===- KernelBuild.cpp - how asc-run builds a kernel ----------------------===//
//
// The kernel is built as its project builds it (docs/Runtime.md, "The
// kernel's build"): its folder on the quoted include path, its entry of a
// compilation database, the command line's -D, -I and -Xcxx. The driver
// asc-run compiles holds the launch's defines and tiling struct, the kernel,
// the launcher (runtime/asc_run/launch/launcher.h) and the reference.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::asc::runner;

//===----------------------------------------------------------------------===//
// Flags
//===----------------------------------------------------------------------===//

/// The flags of `file`'s entry in BUILD_DIR/compile_commands.json that say
/// what its source means (-D, -U, -I, -iquote, -isystem, -idirafter,
/// -include, -std), paths made absolute against the entry's directory; the
/// others (the target, optimisation, outputs) are bisheng's, not the CPU's.
static std::vector<std::string> databaseFlags(StringRef buildDir,
                                              StringRef file) {
  SmallString<256> dbPath(buildDir);
  llvm::sys::path::append(dbPath, "compile_commands.json");
  std::string error;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> db =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          dbPath, error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db)
    fatal("-p: cannot read the compilation database '" + dbPath +
          "': " + error);
  std::vector<clang::tooling::CompileCommand> commands =
      db->getCompileCommands(file);
  if (commands.empty())
    fatal("-p: the compilation database '" + dbPath + "' has no entry for '" +
          file + "'");
  const clang::tooling::CompileCommand &command = commands.front();
  auto absoluteIn = [&](StringRef path) {
    SmallString<256> abs(path);
    if (!llvm::sys::path::is_absolute(abs)) {
      abs = command.Directory;
      llvm::sys::path::append(abs, path);
    }
    llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
    return std::string(abs);
  };
  std::vector<std::string> flags;
  ArrayRef<std::string> line = command.CommandLine;
  for (size_t i = 1; i < line.size(); ++i) {
    StringRef arg = line[i];
    // Flags whose value may follow or be attached.
    bool taken = false;
    for (StringRef flag : {"-D", "-U", "-I"}) {
      if (!arg.starts_with(flag))
        continue;
      std::string value = arg.size() > flag.size()
                              ? arg.drop_front(flag.size()).str()
                          : i + 1 < line.size() ? line[++i]
                                                : "";
      flags.push_back(flag.str() + (flag == "-I" ? absoluteIn(value) : value));
      taken = true;
      break;
    }
    if (taken)
      continue;
    if (llvm::is_contained({"-iquote", "-isystem", "-idirafter", "-include"},
                           arg) &&
        i + 1 < line.size()) {
      flags.push_back(arg.str());
      flags.push_back(absoluteIn(line[++i]));
    } else if (arg.starts_with("-std=")) {
      flags.push_back(arg.str());
    }
  }
  return flags;
}

KernelFlags mlir::asc::runner::kernelFlags(StringRef path,
                                           const RunOptions &options) {
  KernelFlags flags;
  // The device pass of every Ascend C kernel compiles for a processor; the
  // runtime models Atlas A2.
  flags.source.push_back("-D__NPU_ARCH__=2201");
  if (!path.empty()) {
    flags.source.push_back("-iquote");
    flags.source.push_back(
        std::string(llvm::sys::path::parent_path(absolutePath(path))));
  }
  if (!options.buildPath.empty()) {
    if (path.empty())
      fatal("-p reads the --cpp file's compile command; it needs --cpp");
    std::vector<std::string> db =
        databaseFlags(absolutePath(options.buildPath), absolutePath(path));
    flags.source.insert(flags.source.end(), db.begin(), db.end());
  }
  for (const std::string &d : options.defines) {
    if (!isMacroDefinition(d))
      fatal("-D takes NAME or NAME=VALUE, not '" + d + "'");
    flags.source.push_back("-D" + d);
  }
  for (const std::string &dir : options.includeDirs) {
    if (!llvm::sys::fs::is_directory(dir))
      fatal("-I '" + dir + "': no such directory");
    flags.source.push_back("-I" + absolutePath(dir));
  }
  flags.cxxOnly.assign(options.cxxFlags.begin(), options.cxxFlags.end());
  return flags;
}

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

/// The C++ type of a scalar launch element type.
static std::string cppScalarType(StringRef type) {
  const ElementType *found = findElementType(type);
  return found ? found->cppType : "uint64_t";
}

/// The launch's additions to the kernel's source, before it: the macros an
/// operator project's build defines (`"defines"`: DTYPE_X, ORIG_DTYPE_X),
/// and the tiling struct its op_host defines (a tiling argument's
/// `"header"` and `"struct"`), which GET_TILING_DATA takes.
static std::string launchPrologue(const Launch &launch) {
  std::string text;
  for (const auto &[name, value] : launch.defines)
    text += "#define " + name + " " + value + "\n";
  // CANN's op build compiles the kernel once per tiling key, with
  // -DTILING_KEY_VAR=<key>UL: TILING_KEY_IS is then a constant.
  if (launch.tilingKey)
    text +=
        "#define TILING_KEY_VAR " + std::to_string(*launch.tilingKey) + "UL\n";
  for (const LaunchArg &arg : launch.args) {
    // Without a header the kernel includes the struct itself: the driver
    // fills its fields after the kernel, GET_TILING_DATA needs
    // REGISTER_TILING_DEFAULT.
    if (arg.tilingStruct.empty() || arg.tilingHeader.empty())
      continue;
    text += "#define ASC_RUN_LAUNCH_TILING_STRUCT 1\n"
            "#include \"kernel_operator.h\"\n"
            "#include \"" +
            arg.tilingHeader + "\"\n";
    text += "using AscRunRegisteredTiling = " + arg.tilingStruct + ";\n";
    // CANN's build gives the kernel the op_host struct at global scope,
    // whatever namespace the host declared it in (`optiling::`): op_kernel
    // code names it unqualified.
    size_t qualifier = arg.tilingStruct.rfind("::");
    if (qualifier != std::string::npos && qualifier != 0)
      text += "using " + arg.tilingStruct + ";\n";
    break;
  }
  return text;
}

/// The driver's ascRunPrepare: what the host's tiling does before the
/// launch that the launch file states (the tiling key, the tiling struct's
/// fields), run before the reference reads the inputs.
static std::string prepareFunction(const Launch &launch) {
  std::string text = "static void ascRunPrepare(uint8_t **args) {\n";
  if (launch.tilingKey) {
    text += "  asc_run::tilingKey() = " + std::to_string(*launch.tilingKey) +
            "ULL;\n  asc_run::tilingKeyGiven() = true;\n";
  }
  for (auto [i, arg] : llvm::enumerate(launch.args)) {
    if (arg.tilingStruct.empty())
      continue;
    std::string index = std::to_string(i);
    text += "  {\n    asc_run::checkTilingStruct(" + index + ", sizeof(" +
            arg.tilingStruct + "), \"" + arg.tilingStruct + "\");\n    " +
            arg.tilingStruct + " s;\n    std::memcpy(&s, args[" + index +
            "], sizeof s);\n";
    for (const auto &[field, value] : arg.structFields)
      text += "    s." + field + " = " + value + ";\n";
    text += "    std::memcpy(args[" + index + "], &s, sizeof s);\n  }\n";
  }
  return text + "}\n";
}

std::string mlir::asc::runner::makeDriver(StringRef cpp, StringRef cppPath,
                                          const Launch &launch) {
  std::string driver = "// asc-run driver for kernel " + launch.kernel + "\n";
  driver += launchPrologue(launch);
  // Hand-written C++ keeps its own file and lines in diagnostics.
  if (!cppPath.empty())
    driver += "#line 1 \"" + absolutePath(cppPath) + "\"\n";
  driver += cpp.str();
  driver +=
      "\n#line 1 \"asc-run-driver\"\n#include \"asc_run/launch/launcher.h\"\n";
  if (!launch.reference.empty())
    driver += "#include \"" + launch.reference + "\"\n";
  std::string callee = launch.kernel;
  if (!launch.templateArgs.empty())
    callee += "<" + llvm::join(launch.templateArgs, ", ") + ">";
  driver += "static void ascRunLaunch(uint8_t **args) {\n  " + callee + "(";
  for (auto [i, arg] : llvm::enumerate(launch.args)) {
    std::string slot = "args[" + std::to_string(i) + "]";
    if (arg.role == "scalar")
      slot =
          "*reinterpret_cast<" + cppScalarType(arg.type) + " *>(" + slot + ")";
    else
      slot = "asc_run::KernelArg{" + slot + ", " + std::to_string(i) + "}";
    driver += (i ? ", " : "") + slot;
  }
  driver += ");\n}\n" + prepareFunction(launch) +
            "int main(int argc, char **argv) {\n"
            "  return asc_run::launchMain(argc, argv, ascRunLaunch, ";
  driver += launch.reference.empty() ? "nullptr" : "ascRunReference";
  driver += ", ascRunPrepare);\n}\n";
  return driver;
}
