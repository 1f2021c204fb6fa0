//===- Runner.h - the pieces of asc-run -------------------------*- C++ -*-===//
//
// What the files of the runner share: the launch file read into launches,
// the run's options from the command line, the kernel's build flags, and one
// entry point per job: the lowering of a .mlir kernel, the driver, the
// compile cache, the run. Private to lib/Runner; asc-run's main calls
// ascRunMain (asc/Runner/AscRunMain.h).
//
//===----------------------------------------------------------------------===//

#ifndef LIB_RUNNER_RUNNER_H
#define LIB_RUNNER_RUNNER_H

#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::asc::runner {

//===----------------------------------------------------------------------===//
// Diagnostics and files (AscRunMain.cpp)
//===----------------------------------------------------------------------===//

/// The exit code of a bad input or of a C++ that does not compile.
constexpr int kExitBadInput = 2;

/// Prints `asc-run: error: MESSAGE` and exits with kExitBadInput.
[[noreturn]] void fatal(const llvm::Twine &message);

/// The contents of `path`; `what` names it in the error.
std::string readFileOrDie(StringRef path, StringRef what);

/// `path` made absolute, without `.` and `..`.
std::string absolutePath(StringRef path);

//===----------------------------------------------------------------------===//
// The command line (AscRunMain.cpp)
//===----------------------------------------------------------------------===//

/// What asc-run's command line says about the build and the run of every
/// launch (the kernel and the launch file aside).
struct RunOptions {
  /// --cxx, --cache-dir, --runtime-dir, -p, --dump-outputs ("": not given).
  std::string cxx, cacheDir, runtimeDir, buildPath, dumpOutputs;
  /// --blocks (0: the launch's), --seed (-1: the launch's).
  int blocks = 0;
  long seed = -1;
  /// --json, --cost-sweep.
  bool json = false, costSweep = false;
  /// --cost NAME=VALUE, -D, -I, -Xcxx.
  std::vector<std::string> costOverrides, defines, includeDirs, cxxFlags;
};

//===----------------------------------------------------------------------===//
// Launch files (LaunchFile.cpp)
//===----------------------------------------------------------------------===//

/// One argument of a launch.
struct LaunchArg {
  std::string name, role, type, init;
  uint64_t count = 0;
  /// A scalar argument's value, as written in the launch file.
  std::string value;
  /// Tiling directives: offset and field assignments.
  std::vector<std::pair<uint64_t, std::string>> tilings;
  /// An operator project's tiling struct (`"struct"`), the header that
  /// defines it (`"header"`: a path, or a name on the include path) and the
  /// assignments to its members (`"values"`, and `"tilings"` at a
  /// `"member"`): C++ member paths and values.
  std::string tilingStruct, tilingHeader;
  std::vector<std::pair<std::string, std::string>> structFields;
};

/// One run of one kernel function.
struct Launch {
  std::string kernel;
  bool aicOnly = false;
  int mixRatio = 1; ///< vector cores per cube core
  int64_t blocks = 1;
  uint64_t seed = 1;
  double rtol = 1e-3, atol = 1e-3;
  std::string reference; // absolute path, or empty
  std::vector<LaunchArg> args;
  /// The macros an operator project's build defines (DTYPE_X, ...).
  std::vector<std::pair<std::string, std::string>> defines;
  /// The tiling key the host's tiling chooses (TILING_KEY_IS).
  std::optional<uint64_t> tilingKey;
  /// The template arguments of a kernel template (`"template_args"`), as
  /// C++: an operator's template tiling key (ASCENDC_TPL_ARGS_DECL) is
  /// decoded into them by CANN's build; empty for a plain kernel.
  std::vector<std::string> templateArgs;
};

/// An element type a launch may give an argument: its launch-file name, the
/// runtime's C++ type and its size.
struct ElementType {
  const char *name;
  const char *cppType;
  uint64_t bytes;
};

/// The element type a launch spells `name` (element_types.def), or null.
const ElementType *findElementType(StringRef name);

/// Whether `define` is NAME, NAME=VALUE or NAME(ARGS)=VALUE.
bool isMacroDefinition(StringRef define);

/// Reads the launches of the launch file at `path`; a malformed one is
/// fatal, naming the launch and the argument.
std::vector<Launch> readLaunches(StringRef path);

//===----------------------------------------------------------------------===//
// The job file (Run.cpp)
//===----------------------------------------------------------------------===//

/// The directives of the job file the launcher reads
/// (runtime/asc_run/launch/job_keys.def, which the launcher's job.h reads
/// too).
enum class JobKey {
#define ASC_RUN_JOB_KEY(ID, SPELLING, OPERANDS) ID,
#include "asc_run/launch/job_keys.def"
};

/// One line of the job file: the key's spelling, then `operands` if any.
std::string jobLine(JobKey key, const llvm::Twine &operands = "");

//===----------------------------------------------------------------------===//
// Lowering a .mlir kernel (Lowering.cpp)
//===----------------------------------------------------------------------===//

/// Lowers the kernel function of `launch` in `source` (the other kernels are
/// dropped first: each launch compiles one) to Ascend C with #line
/// directives, after checking the launch's arguments against it, in a
/// context of `registry`'s dialects. `jobExtra` receives the job's
/// directives the kernel states (block_workspace, output_elements).
std::string lowerKernel(const DialectRegistry &registry, StringRef source,
                        StringRef filename, const Launch &launch,
                        const AscToAscendCOptions &options,
                        std::string &jobExtra);

//===----------------------------------------------------------------------===//
// The kernel's build: flags and the driver (KernelBuild.cpp)
//===----------------------------------------------------------------------===//

/// The flags that build the kernel as its project builds it: its folder on
/// the quoted include path (bisheng compiles the file where it is), the
/// project's compilation database entry, then the command line's -D and -I.
/// `source` flags go to the parse of a .asc and to the compile, `cxxOnly`
/// (-Xcxx) to the compile alone.
struct KernelFlags {
  std::vector<std::string> source;
  std::vector<std::string> cxxOnly;
};

/// The kernel's flags for the C++ file `path` ("" for a lowered .mlir).
KernelFlags kernelFlags(StringRef path, const RunOptions &options);

/// The C++ that includes the kernel (`cpp`, from the file `cppPath`, "" for
/// a lowered kernel), the launcher and the reference.
std::string makeDriver(StringRef cpp, StringRef cppPath, const Launch &launch);

//===----------------------------------------------------------------------===//
// The compile cache (CompileCache.cpp)
//===----------------------------------------------------------------------===//

/// The runtime headers: --runtime-dir, those installed beside asc-run, else
/// the source tree's.
std::string findRuntimeDir(const RunOptions &options);

/// Compiles the driver unless the cache has it; returns the binary. The
/// cache is keyed by `keyText` (the driver before the .asc split, which
/// determines it), the reference, the compiler, the flags and the runtime's
/// headers, and each entry records the project headers the compile read
/// with their hashes: a kernel whose own header changed is compiled again.
/// `makeDriver` is called on a miss only (a .asc's split parses it).
std::string compileCached(StringRef keyText,
                          llvm::function_ref<std::string()> makeDriver,
                          const Launch &launch, const KernelFlags &kernel,
                          const RunOptions &options);

//===----------------------------------------------------------------------===//
// The run (Run.cpp)
//===----------------------------------------------------------------------===//

/// Runs the compiled kernel `binary` on the job of `launch` (the launch, the
/// options, then `jobExtra`); returns its exit code.
int runLaunch(StringRef binary, const Launch &launch, StringRef jobExtra,
              const RunOptions &options);

} // namespace mlir::asc::runner

#endif // LIB_RUNNER_RUNNER_H
