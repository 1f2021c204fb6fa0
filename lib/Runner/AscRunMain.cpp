//===- AscRunMain.cpp - asc-run's command line and driver loop ------------===//
//
// asc-run KERNEL.mlir: lowers the kernel with the asc-to-ascendc pipeline
// (optionally placing the Matmul waits first), with #line directives that
// point at the .mlir; compiles the Ascend C with the host C++ compiler against
// runtime/ (asc-run's emulation of the Ascend C API, race checker and cost
// model), caching the binary; runs it on the blocks a launch file describes;
// and prints the outputs checked against the reference, the checker's verdict
// and the cost. Exit codes: 0 ok, 1 wrong result, 2 bad input or a C++ that
// does not compile, 3 race or protocol violation, 4 misuse of the API.
//
// The options and the loop over the launches; the jobs are the other files
// of lib/Runner (Runner.h), and tools/asc-run/asc-run.cpp is the main, as
// upstream's mlir-runner is over lib/ExecutionEngine/JitRunner.cpp.
//
//===----------------------------------------------------------------------===//

#include "asc/Runner/AscRunMain.h"
#include "DeviceSplit.h"
#include "Runner.h"

#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;
using namespace mlir::asc::runner;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

static cl::OptionCategory category("asc-run options");

// The pipeline's options are the flags every tool shares, `--asc-<flag>`
// (asc/Pipelines/AscToAscendCOptions.def): --asc-sync-placement,
// --asc-promote-sync, --asc-hoist-issues=false, --asc-verify-sync=false, ...
// registered in main. asc-run lowers with #line directives unless told
// --asc-line-directives=false.

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel.mlir>"),
                                      cl::cat(category));
static cl::opt<std::string> launchFile(
    "launch",
    cl::desc("Launch file (default: the kernel's base name + .launch.json, "
             "beside it)"),
    cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Run only the launch of this kernel function"),
               cl::value_desc("name"), cl::cat(category));
static cl::opt<bool> jsonOutput("json",
                                cl::desc("Print one JSON object per launch"),
                                cl::cat(category));
static cl::opt<bool> emitCpp(
    "emit-cpp",
    cl::desc("Print the C++ that would be compiled (the lowered kernel) and "
             "stop"),
    cl::cat(category));
static cl::opt<std::string> cppFile(
    "cpp",
    cl::desc("Run this Ascend C file instead of lowering a .mlir kernel (needs "
             "--launch)"),
    cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string>
    cxx("cxx",
        cl::desc("Host C++ compiler (default: $CXX, else clang++-22, clang++, "
                 "g++, c++)"),
        cl::value_desc("path"), cl::cat(category));
static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Where compiled kernels are kept (default: $ASC_RUN_CACHE, else "
             "~/.cache/asc-run)"),
    cl::value_desc("dir"), cl::cat(category));
static cl::opt<std::string>
    runtimeDir("runtime-dir",
               cl::desc("The runtime headers (default: the build's)"),
               cl::value_desc("dir"), cl::cat(category));
static cl::opt<int>
    blocksOverride("blocks",
                   cl::desc("Run on this many blocks instead of the launch's"),
                   cl::init(0), cl::cat(category));
static cl::opt<long>
    seedOverride("seed", cl::desc("Input seed instead of the launch's"),
                 cl::init(-1), cl::cat(category));
static cl::list<std::string>
    costOverrides("cost",
                  cl::desc("Set a cost model parameter (docs/Runtime.md, "
                           "\"Cost model\"); repeatable"),
                  cl::value_desc("name=value"), cl::cat(category));
static cl::opt<std::string> dumpOutputs(
    "dump-outputs",
    cl::desc("Write each output's bytes to DIR/NAME.bin after the run (to "
             "compare two runs byte for byte)"),
    cl::value_desc("dir"), cl::cat(category));
static cl::list<std::string> defines(
    "D", cl::Prefix,
    cl::desc("Define a macro for the kernel's C++ (as the compiler's -D; "
             "CANN's samples pick variants with -DSCENARIO_NUM=N)"),
    cl::value_desc("name[=value]"), cl::cat(category));
static cl::list<std::string>
    includeDirs("I", cl::Prefix,
                cl::desc("Add a directory to the kernel's include path"),
                cl::value_desc("dir"), cl::cat(category));
static cl::list<std::string> cxxFlags(
    "Xcxx",
    cl::desc("Pass a flag to the host C++ compiler that compiles the kernel "
             "(repeatable)"),
    cl::value_desc("flag"), cl::cat(category));
static cl::opt<std::string> buildPath(
    "p",
    cl::desc("The build directory whose compile_commands.json has the "
             "--cpp file's entry: its -D, -U, -I, -iquote, -isystem, "
             "-include and -std flags are the kernel's (as clang-tidy's -p)"),
    cl::value_desc("build dir"), cl::cat(category));
static cl::opt<bool> costSweep(
    "cost-sweep",
    cl::desc("Also schedule the run's trace with each assumed cost parameter "
             "at the low and the high end of its range, and print how the "
             "total cycles and the overlap move"),
    cl::cat(category));

/// The command line's options for the build and the run of every launch.
static RunOptions getRunOptions() {
  RunOptions options;
  options.cxx = cxx;
  options.cacheDir = cacheDir;
  options.runtimeDir = runtimeDir;
  options.buildPath = buildPath;
  options.dumpOutputs = dumpOutputs;
  options.blocks = blocksOverride;
  options.seed = seedOverride;
  options.json = jsonOutput;
  options.costSweep = costSweep;
  options.costOverrides.assign(costOverrides.begin(), costOverrides.end());
  options.defines.assign(defines.begin(), defines.end());
  options.includeDirs.assign(includeDirs.begin(), includeDirs.end());
  options.cxxFlags.assign(cxxFlags.begin(), cxxFlags.end());
  return options;
}

//===----------------------------------------------------------------------===//
// Diagnostics and files
//===----------------------------------------------------------------------===//

[[noreturn]] void mlir::asc::runner::fatal(const llvm::Twine &message) {
  llvm::errs() << "asc-run: error: " << message << "\n";
  std::exit(kExitBadInput);
}

std::string mlir::asc::runner::readFileOrDie(StringRef path, StringRef what) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    fatal("cannot read " + what + " '" + path +
          "': " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

std::string mlir::asc::runner::absolutePath(StringRef path) {
  SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  return std::string(abs);
}

//===----------------------------------------------------------------------===//
// The launches
//===----------------------------------------------------------------------===//

int mlir::asc::ascRunMain(int argc, char **argv,
                          const DialectRegistry &registry) {
  asc::registerAscToAscendCCLOptions();
  cl::HideUnrelatedOptions({&category, &asc::getAscToAscendCCLCategory()});
  cl::ParseCommandLineOptions(
      argc, argv,
      "asc-run: run asc kernels on the CPU with a race checker and a cost "
      "model\n\n"
      "  asc-run KERNEL.mlir [--asc-sync-placement [--asc-promote-sync]\n"
      "                      [--asc-hoist-issues=false]] "
      "[--asc-pipeline-loops]\n"
      "  asc-run --cpp KERNEL.cpp --launch FILE\n\n"
      "Lowers KERNEL.mlir to Ascend C (with #line directives into the .mlir),\n"
      "compiles it with the host C++ compiler against asc-run's runtime\n"
      "(cached), runs every launch of the launch file (default: KERNEL's base\n"
      "name + .launch.json) and prints each output against the reference, the\n"
      "race checker's verdict and the cost model's cycles. Exit: 0 ok, 1 "
      "wrong\n"
      "result, 2 bad input or C++ that does not compile, 3 race or protocol\n"
      "violation, 4 misuse of the Ascend C API.\n");

  if (inputFile.empty() == cppFile.empty())
    fatal("give either a kernel .mlir or --cpp FILE (see --help)");
  asc::AscToAscendCOptions options;
  options.lineDirectives = true;
  asc::applyAscToAscendCCLOptions(options);
  if (failed(asc::verifyAscToAscendCOptions(options, [](const Twine &message) {
        llvm::errs() << "asc-run: error: " << message << "\n";
      })))
    return kExitBadInput;
  std::string launchPath = launchFile;
  if (launchPath.empty()) {
    if (!cppFile.empty())
      fatal("--cpp needs --launch");
    SmallString<256> path(inputFile);
    llvm::sys::path::replace_extension(path, "launch.json");
    launchPath = std::string(path);
  }
  std::vector<Launch> launches = readLaunches(launchPath);
  std::string source = readFileOrDie(cppFile.empty() ? inputFile : cppFile,
                                     cppFile.empty() ? "kernel" : "C++ file");
  RunOptions runOptions = getRunOptions();
  KernelFlags flags = kernelFlags(cppFile, runOptions);
  bool singleSource = StringRef(cppFile).ends_with(".asc");
  // The device pass of a .asc, parsed once (on a cache miss or for
  // --emit-cpp).
  std::optional<DeviceSplit> split;
  auto devicePart = [&]() -> const DeviceSplit & {
    if (!split)
      split = splitDevicePart(source, absolutePath(cppFile),
                              findRuntimeDir(runOptions), flags.source);
    return *split;
  };
  int worst = 0;
  bool ran = false;
  for (const Launch &launch : launches) {
    if (!kernelName.empty() && launch.kernel != kernelName)
      continue;
    ran = true;
    std::string cpp = source;
    std::string jobExtra;
    if (cppFile.empty() && !launch.templateArgs.empty())
      fatal("kernel '" + launch.kernel +
            "': \"template_args\" instantiate a --cpp kernel template; "
            "a .mlir kernel is not a template");
    if (cppFile.empty())
      cpp = lowerKernel(registry, source, inputFile, launch, options, jobExtra);
    if (emitCpp) {
      if (singleSource) {
        for (const std::string &part : devicePart().blanked)
          llvm::outs() << "// asc-run: blanked " << part << "\n";
        cpp = devicePart().devicePart;
      }
      llvm::outs() << cpp;
      continue;
    }
    std::string binary = compileCached(
        makeDriver(cpp, cppFile, launch),
        [&] {
          return makeDriver(singleSource ? devicePart().devicePart : cpp,
                            cppFile, launch);
        },
        launch, flags, runOptions);
    int rc = runLaunch(binary, launch, jobExtra, runOptions);
    if (rc != 0 && (worst == 0 || rc > worst))
      worst = rc;
  }
  if (!ran)
    fatal(launchPath + " has no launch of kernel '" + kernelName + "'");
  return worst;
}
