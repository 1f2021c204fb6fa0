//===- asc-run.cpp - run asc kernels on the CPU ---------------------------===//
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
//===----------------------------------------------------------------------===//

#include "DeviceSplit.h"

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "asc/Parser/ParseKeepingNames.h"
#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "asc/Target/AscendC/LineDirectives.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <map>
#include <optional>

using namespace mlir;
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

//===----------------------------------------------------------------------===//
// Diagnostics and small helpers
//===----------------------------------------------------------------------===//

constexpr int kExitBadInput = 2;

[[noreturn]] static void fatal(const llvm::Twine &message) {
  llvm::errs() << "asc-run: error: " << message << "\n";
  std::exit(kExitBadInput);
}

static std::string readFileOrDie(StringRef path, StringRef what) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    fatal("cannot read " + what + " '" + path +
          "': " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

static std::string absolutePath(StringRef path) {
  SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  return std::string(abs);
}

//===----------------------------------------------------------------------===//
// Launch files
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
};

/// An element type a launch may give an argument: its launch-file name, the
/// runtime's C++ type and its size.
struct ElementType {
  const char *name;
  const char *cppType;
  uint64_t bytes;
};

/// The runtime's table (runtime/asc_run/launch/element_types.def), which the
/// launcher and the random kernel generator read too.
static constexpr ElementType kElementTypes[] = {
#define ASC_RUN_ELEMENT_TYPE(NAME, CPP_TYPE, BYTES, KIND)                      \
  {#NAME, #CPP_TYPE, BYTES},
#include "asc_run/launch/element_types.def"
};

static const ElementType *findElementType(StringRef name) {
  for (const ElementType &type : kElementTypes)
    if (name == type.name)
      return &type;
  return nullptr;
}

static uint64_t elementBytes(StringRef type) {
  const ElementType *found = findElementType(type);
  return found ? found->bytes : 0;
}

/// "f16, bf16, ... or u64": the element types, for the diagnostics.
static std::string elementTypeList() {
  std::string list;
  size_t count = std::size(kElementTypes);
  for (size_t i = 0; i < count; ++i)
    list += std::string(i == 0           ? ""
                        : i + 1 == count ? " or "
                                         : ", ") +
            kElementTypes[i].name;
  return list;
}

/// The host tiling helper: the TCubeTiling fields of a Matmul of
/// `{"M", "N", "K"}` split over `"cores": [m, n]` (default [1, 1]) cores
/// along M and N, with the base block `"base": [m, n, k]` (default the
/// single-core shape, at most 128 x 256 x 64) and `"bias"`, as field
/// assignments. It is not CANN's tiling algorithm (MultiCoreMatmulTiling::
/// GetTiling, which also picks the cores and the base block): it fills the
/// fields a kernel's offsets and the runtime's Matmul read, with single
/// buffers and steps of one, so that a launch need not spell them all.
static std::string hostTiling(const llvm::json::Object &shape,
                              const std::string &at) {
  auto dim = [&](StringRef key) -> int64_t {
    std::optional<int64_t> v = shape.getInteger(key);
    if (!v || *v <= 0)
      fatal(at + ": the matmul tiling needs a positive integer \"" + key +
            "\"");
    return *v;
  };
  auto pair = [&](StringRef key, size_t count,
                  SmallVector<int64_t> fallback) -> SmallVector<int64_t> {
    const llvm::json::Value *v = shape.get(key);
    if (!v)
      return fallback;
    const llvm::json::Array *a = v->getAsArray();
    if (!a || a->size() != count)
      fatal(at + ": the matmul tiling's \"" + key + "\" is an array of " +
            std::to_string(count) + " positive integers");
    SmallVector<int64_t> out;
    for (const llvm::json::Value &e : *a) {
      std::optional<int64_t> i = e.getAsInteger();
      if (!i || *i <= 0)
        fatal(at + ": the matmul tiling's \"" + key + "\" is an array of " +
              std::to_string(count) + " positive integers");
      out.push_back(*i);
    }
    return out;
  };
  for (const auto &entry : shape)
    if (!llvm::is_contained({"M", "N", "K", "cores", "base", "bias"},
                            entry.first.str()))
      fatal(at + ": the matmul tiling has no key '" + entry.first.str() +
            "' (M, N, K, cores, base, bias)");
  int64_t m = dim("M"), n = dim("N"), k = dim("K");
  SmallVector<int64_t> cores = pair("cores", 2, {1, 1});
  int64_t singleM = (m + cores[0] - 1) / cores[0];
  int64_t singleN = (n + cores[1] - 1) / cores[1];
  SmallVector<int64_t> base =
      pair("base", 3,
           {std::min<int64_t>(singleM, 128), std::min<int64_t>(singleN, 256),
            std::min<int64_t>(k, 64)});
  std::optional<bool> bias = shape.getBoolean("bias");
  if (shape.get("bias") && !bias)
    fatal(at + ": the matmul tiling's \"bias\" is true or false");
  std::vector<std::pair<const char *, int64_t>> fields = {
      {"usedCoreNum", cores[0] * cores[1]},
      {"M", m},
      {"N", n},
      {"Ka", k},
      {"Kb", k},
      {"singleCoreM", singleM},
      {"singleCoreN", singleN},
      {"singleCoreK", k},
      {"baseM", base[0]},
      {"baseN", base[1]},
      {"baseK", base[2]},
      {"depthA1", 1},
      {"depthB1", 1},
      {"stepM", 1},
      {"stepN", 1},
      {"stepKa", 1},
      {"stepKb", 1},
      {"isBias", bias.value_or(false) ? 1 : 0},
      {"shareL1Size", 512 * 1024 - 128},
      {"shareL0CSize", 128 * 1024},
      {"batchM", 1},
      {"batchN", 1},
      {"singleBatchM", 1},
      {"singleBatchN", 1},
      {"dbL0A", 2},
      {"dbL0B", 2},
      {"dbL0C", 1}};
  std::string out;
  for (const auto &[name, value] : fields)
    out += " " + std::string(name) + "=" + std::to_string(value);
  return out;
}

/// Whether `define` is NAME, NAME=VALUE or NAME(ARGS)=VALUE.
static bool isMacroDefinition(StringRef define) {
  StringRef name =
      define.take_until([](char c) { return c == '=' || c == '('; });
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Whether `path` is a C++ member path (`a`, `a.b[2].c`), or with `scope`
/// a qualified name (`ns::Name`).
static bool isMemberPath(StringRef path, bool scope = false) {
  static const llvm::Regex member(
      "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*|\\[[0-9]+\\])*$");
  static const llvm::Regex qualified(
      "^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$");
  return (scope ? qualified : member).match(path);
}

/// Reads an argument of launch `where` (of a launch file in `launchDir`).
static LaunchArg parseArg(const llvm::json::Object &obj,
                          const std::string &where, StringRef launchDir) {
  LaunchArg arg;
  auto str = [&](StringRef key, StringRef fallback) -> std::string {
    if (auto v = obj.getString(key))
      return v->str();
    if (obj.get(key))
      fatal(where + ": '" + key + "' must be a string");
    return fallback.str();
  };
  arg.name = str("name", "");
  if (arg.name.empty())
    fatal(where + ": an argument needs a \"name\"");
  std::string at = where + ", argument '" + arg.name + "'";
  arg.role = str("role", "");
  if (!llvm::is_contained(
          {"input", "output", "workspace", "tiling", "scalar", "ffts"},
          arg.role))
    fatal(at +
          ": role must be input, output, workspace, tiling, scalar or "
          "ffts, not '" +
          arg.role + "'");
  if (arg.role == "ffts") {
    // The FFTS control block's address (pyasc's ffts_addr argument): one
    // uint64 the launcher fills.
    for (StringRef key : {"type", "shape", "bytes", "init", "tilings"})
      if (obj.get(key))
        fatal(at + ": an ffts argument takes no \"" + key +
              "\" (it is one u64 the launcher fills)");
    arg.type = "u64";
    arg.count = 1;
    arg.init = "zero";
    return arg;
  }
  bool bytesOnly = arg.role == "workspace" || arg.role == "tiling";
  arg.type = str("type", bytesOnly ? "u8" : "");
  if (!elementBytes(arg.type))
    fatal(at + ": element type must be " + elementTypeList() + ", not '" +
          arg.type + "'");
  arg.init = str("init", arg.role == "input"    ? "random"
                         : arg.role == "output" ? "nan"
                                                : "zero");
  if (!llvm::is_contained({"random", "zero", "nan"}, arg.init))
    fatal(at + ": init must be random, zero or nan");
  if (arg.role == "scalar") {
    const llvm::json::Value *value = obj.get("value");
    std::optional<double> number = value ? value->getAsNumber() : std::nullopt;
    if (!number)
      fatal(at + ": a scalar needs a numeric \"value\"");
    std::optional<int64_t> integer = value->getAsInteger();
    arg.value = integer ? std::to_string(*integer)
                        : llvm::formatv("{0:e}", *number).str();
    arg.count = 1;
    arg.init = "zero";
    return arg;
  }
  for (StringRef key : {"shape", "tilings"})
    if (obj.get(key) && !obj.getArray(key))
      fatal(at + ": \"" + key + "\" must be an array");
  if (const llvm::json::Array *shape = obj.getArray("shape")) {
    arg.count = 1;
    for (const llvm::json::Value &dim : *shape) {
      std::optional<int64_t> d = dim.getAsInteger();
      if (!d || *d <= 0)
        fatal(at + ": shape entries must be positive integers");
      arg.count *= static_cast<uint64_t>(*d);
    }
  } else if (std::optional<int64_t> bytes = obj.getInteger("bytes")) {
    if (*bytes <= 0 || *bytes % elementBytes(arg.type))
      fatal(at + ": bytes must be a positive multiple of the element size");
    arg.count = static_cast<uint64_t>(*bytes) / elementBytes(arg.type);
  } else {
    fatal(at + ": give its size as \"shape\" (elements) or \"bytes\"");
  }
  if (obj.get("struct") || obj.get("header") || obj.get("values")) {
    if (arg.role != "tiling")
      fatal(at + ": only a tiling argument has a tiling \"struct\"");
    arg.tilingStruct = str("struct", "");
    if (!isMemberPath(StringRef(arg.tilingStruct).ltrim(':'), /*scope=*/true))
      fatal(at + ": \"struct\" names the tiling struct (ns::Name), not '" +
            arg.tilingStruct + "'");
    // A header beside the launch file, else a name on the kernel's include
    // path.
    std::string header = str("header", "");
    SmallString<256> besideLaunch(launchDir);
    llvm::sys::path::append(besideLaunch, header);
    arg.tilingHeader = !header.empty() &&
                               !llvm::sys::path::is_absolute(header) &&
                               llvm::sys::fs::exists(besideLaunch)
                           ? absolutePath(besideLaunch)
                           : header;
    if (arg.tilingHeader.find_first_of("\"\n") != std::string::npos)
      fatal(at + ": \"header\" is a file name");
    if (obj.get("values") && !obj.getObject("values"))
      fatal(at + ": \"values\" is an object of member paths and numbers");
    if (const llvm::json::Object *values = obj.getObject("values")) {
      for (const auto &[name, value] : *values) {
        if (!isMemberPath(name))
          fatal(at + ": '" + name.str() +
                "' is not a member path of the tiling struct (a.b[2].c)");
        std::optional<double> number = value.getAsNumber();
        std::optional<bool> boolean = value.getAsBoolean();
        if (!number && !boolean)
          fatal(at + ": the value of '" + name.str() + "' must be a number");
        std::optional<int64_t> integer = value.getAsInteger();
        arg.structFields.push_back(
            {name.str(), boolean   ? (*boolean ? "1" : "0")
                         : integer ? std::to_string(*integer)
                                   : llvm::formatv("{0:e}", *number).str()});
      }
    }
  }
  if (const llvm::json::Array *tilings = obj.getArray("tilings")) {
    if (arg.role != "tiling")
      fatal(at + ": only a tiling argument has \"tilings\"");
    for (const llvm::json::Value &t : *tilings) {
      const llvm::json::Object *tiling = t.getAsObject();
      const llvm::json::Object *fields =
          tiling ? tiling->getObject("fields") : nullptr;
      const llvm::json::Object *shape =
          tiling ? tiling->getObject("matmul") : nullptr;
      if (!fields && !shape)
        fatal(at + ": each tiling is {\"offset\": N, \"matmul\": {...}, "
                   "\"fields\": {...}} with a matmul shape or fields");
      // The host tiling helper's fields first, the explicit ones after
      // them (the launcher applies them in order: a field overrides).
      std::string assignments = shape ? hostTiling(*shape, at) : "";
      static const llvm::json::Object none;
      if (!fields)
        fields = &none;
      for (const auto &field : *fields) {
        std::optional<int64_t> value = field.second.getAsInteger();
        if (!value)
          fatal(at + ": tiling field '" + field.first.str() +
                "' must be an integer");
        assignments += " " + field.first.str() + "=" + std::to_string(*value);
      }
      if (std::optional<StringRef> member = tiling->getString("member")) {
        // A TCubeTiling member of the launch's tiling struct: its fields
        // are the struct's members below it.
        if (arg.tilingStruct.empty())
          fatal(at + ": a tiling at a \"member\" needs the argument's "
                     "tiling \"struct\"");
        if (tiling->get("offset"))
          fatal(at + ": a tiling has an \"offset\" or a \"member\", not both");
        if (!isMemberPath(*member))
          fatal(at + ": \"member\" is a C++ member path (a.b[2].c), not '" +
                *member + "'");
        for (StringRef assignment : llvm::split(StringRef(assignments), ' ')) {
          if (assignment.empty())
            continue;
          auto [name, value] = assignment.split('=');
          arg.structFields.push_back(
              {(*member + "." + name).str(), value.str()});
        }
        continue;
      }
      arg.tilings.push_back(
          {static_cast<uint64_t>(tiling->getInteger("offset").value_or(0)),
           assignments});
    }
  }
  return arg;
}

static std::vector<Launch> readLaunches(StringRef path) {
  std::string text = readFileOrDie(path, "launch file");
  llvm::Expected<llvm::json::Value> root = llvm::json::parse(text);
  if (!root)
    fatal("launch file '" + path +
          "' is not JSON: " + llvm::toString(root.takeError()));
  const llvm::json::Object *top = root->getAsObject();
  const llvm::json::Array *launches = top ? top->getArray("launches") : nullptr;
  if (!launches || launches->empty())
    fatal("launch file '" + path + "' needs {\"launches\": [ ... ]}");
  SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  std::vector<Launch> out;
  for (size_t i = 0; i < launches->size(); ++i) {
    std::string where = path.str() + ": launch " + std::to_string(i);
    const llvm::json::Object *obj = (*launches)[i].getAsObject();
    if (!obj)
      fatal(where + " is not an object");
    Launch launch;
    if (auto k = obj->getString("kernel"))
      launch.kernel = k->str();
    else
      fatal(where + " needs a \"kernel\" (the function name)");
    std::string type = obj->getString("kernel_type").value_or("mix").str();
    if (type != "mix" && type != "aic_only")
      fatal(where + ": kernel_type is mix or aic_only, not '" + type + "'");
    launch.aicOnly = type == "aic_only";
    if (const llvm::json::Value *ratio = obj->get("mix_ratio")) {
      std::optional<StringRef> text = ratio->getAsString();
      if (!text || (*text != "1:1" && *text != "1:2"))
        fatal(where + ": mix_ratio is \"1:1\" or \"1:2\" (cube cores to " +
              "vector cores)");
      if (launch.aicOnly)
        fatal(where + ": an aic_only launch has no vector cores, so no "
                      "mix_ratio");
      launch.mixRatio = *text == "1:2" ? 2 : 1;
    }
    launch.blocks = obj->getInteger("blocks").value_or(1);
    if (launch.blocks < 1)
      fatal(where + ": blocks must be at least 1");
    launch.seed = static_cast<uint64_t>(obj->getInteger("seed").value_or(1));
    if (const llvm::json::Object *tol = obj->getObject("tolerance")) {
      launch.rtol = tol->getNumber("rtol").value_or(launch.rtol);
      launch.atol = tol->getNumber("atol").value_or(launch.atol);
    }
    if (auto ref = obj->getString("reference")) {
      // Relative to the launch file, unless absolute.
      SmallString<256> refPath(llvm::sys::path::is_absolute(*ref) ? ""
                                                                  : dir.str());
      llvm::sys::path::append(refPath, *ref);
      launch.reference = absolutePath(refPath);
      if (!llvm::sys::fs::exists(launch.reference))
        fatal(where + ": reference '" + launch.reference + "' does not exist");
    }
    if (obj->get("defines") && !obj->getObject("defines"))
      fatal(where + ": \"defines\" is an object of macro names and values");
    if (const llvm::json::Object *defs = obj->getObject("defines")) {
      for (const auto &[name, value] : *defs) {
        std::optional<StringRef> text = value.getAsString();
        std::optional<int64_t> integer = value.getAsInteger();
        if (!isMacroDefinition(name) || StringRef(name).contains('=') ||
            (!text && !integer))
          fatal(where +
                ": \"defines\" maps a macro name to a string or an "
                "integer, not '" +
                name.str() + "'");
        std::string spelled = text ? text->str() : std::to_string(*integer);
        if (StringRef(spelled).contains('\n'))
          fatal(where + ": the macro '" + name.str() + "' is one line");
        launch.defines.push_back({name.str(), spelled});
      }
    }
    if (const llvm::json::Value *key = obj->get("tiling_key")) {
      std::optional<int64_t> k = key->getAsInteger();
      if (!k || *k < 0)
        fatal(where + ": \"tiling_key\" is a non-negative integer");
      launch.tilingKey = uint64_t(*k);
    }
    const llvm::json::Array *args = obj->getArray("args");
    if (!args)
      fatal(where + " needs \"args\", one per kernel argument in order");
    for (const llvm::json::Value &a : *args) {
      const llvm::json::Object *argObj = a.getAsObject();
      if (!argObj)
        fatal(where + ": each argument is an object");
      launch.args.push_back(parseArg(*argObj, where, dir));
    }
    out.push_back(std::move(launch));
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

/// Lowers the kernel function of `launch` in `source` (the other kernels are
/// dropped first: each launch compiles one) to Ascend C with #line
/// directives, after checking the launch's arguments against it.
/// The launch element type of a scalar kernel argument of type `type`, or ""
/// for one a launch cannot give.
static std::string scalarTypeName(Type type) {
  // A float type's MLIR spelling is its launch name (f16, bf16, f32); an
  // integer's is i or u (signless, signed or unsigned) and its width.
  std::string name;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    name =
        (integer.isUnsigned() ? "u" : "i") + std::to_string(integer.getWidth());
  } else if (isa<FloatType>(type)) {
    llvm::raw_string_ostream os(name);
    type.print(os);
  }
  return findElementType(name) ? name : "";
}

/// Checks that the launch gives each kernel argument what it is: a GM
/// address for !asc.gm_addr, a scalar of the same type otherwise.
static void checkArguments(func::FuncOp kernel, const Launch &launch) {
  if (kernel.getNumArguments() != launch.args.size())
    fatal("kernel '" + launch.kernel + "' takes " +
          std::to_string(kernel.getNumArguments()) +
          " arguments, the launch gives " + std::to_string(launch.args.size()));
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    const LaunchArg &arg = launch.args[index];
    bool address = isa<asc::GmAddrType>(type);
    if (address && arg.role == "scalar")
      fatal("argument " + std::to_string(index) + " ('" + arg.name +
            "') of kernel '" + launch.kernel +
            "' is a GM address, the launch gives a scalar");
    if (!address && arg.role != "scalar")
      fatal("argument " + std::to_string(index) + " ('" + arg.name +
            "') of kernel '" + launch.kernel +
            "' is a scalar, the launch "
            "gives it the role '" +
            arg.role + "'");
    if (!address && scalarTypeName(type) != arg.type)
      fatal("argument " + std::to_string(index) + " ('" + arg.name +
            "') of kernel '" + launch.kernel + "' has a type the launch " +
            "spells '" +
            (scalarTypeName(type).empty() ? std::string("(none)")
                                          : scalarTypeName(type)) +
            "', not '" + arg.type + "'");
  }
}

/// The job's check of the buffer a kernel's asc.block_workspace argument
/// gets (runtime/asc_run/launch/launcher.h: block_workspace).
static std::string blockWorkspaceDirectives(func::FuncOp kernel,
                                            const Launch &launch) {
  std::string job;
  for (unsigned index = 0, e = kernel.getNumArguments(); index < e; ++index)
    if (auto attr = kernel.getArgAttrOfType<asc::BlockWorkspaceAttr>(
            index, asc::AscDialect::getBlockWorkspaceAttrName()))
      job += "block_workspace " + launch.args[index].name + " " +
             std::to_string(attr.getBytesPerCore()) + "\n";
  return job;
}

/// The job's check of what each call that states asc.output_elements
/// writes (runtime/asc_run/launch/launcher.h: output_elements): the
/// runtime knows a call by the .mlir line its #line directive gives.
static std::string outputElementsDirectives(ModuleOp module,
                                            bool lineDirectives) {
  std::map<unsigned, int64_t> stated;
  module.walk([&](Operation *op) {
    auto elements = op->getAttrOfType<IntegerAttr>(
        asc::AscDialect::getOutputElementsAttrName());
    if (!elements)
      return;
    if (!lineDirectives)
      fatal("asc-run checks asc.output_elements by the #line directives of "
            "the calls; it cannot with --asc-line-directives=false");
    std::optional<FileLineColLoc> line = asc::getFileLine(op->getLoc());
    if (!line)
      fatal("a call stating asc.output_elements has no source line for "
            "asc-run to check it by");
    auto [it, inserted] =
        stated.try_emplace(line->getLine(), elements.getInt());
    if (!inserted && it->second != elements.getInt())
      fatal("two calls on line " + std::to_string(line->getLine()) +
            " state different asc.output_elements; asc-run checks them by "
            "line");
  });
  std::string job;
  for (auto [line, elements] : stated)
    job += "output_elements " + std::to_string(line) + " " +
           std::to_string(elements) + "\n";
  return job;
}

static std::string lowerKernel(StringRef source, StringRef filename,
                               const Launch &launch,
                               const asc::AscToAscendCOptions &options,
                               std::string &jobExtra) {
  StringRef kernel = launch.kernel;
  DialectRegistry registry;
  registry.insert<asc::AscDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  emitc::EmitCDialect, func::FuncDialect, scf::SCFDialect>();
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, filename), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
  OwningOpRef<Operation *> parsed =
      asc::parseSourceKeepingNames(sourceMgr, &context);
  OwningOpRef<ModuleOp> module(cast_if_present<ModuleOp>(parsed.release()));
  if (!module)
    fatal("cannot parse '" + filename + "'");

  func::FuncOp found;
  SmallVector<func::FuncOp> others;
  for (func::FuncOp f : module->getOps<func::FuncOp>()) {
    if (!f->hasAttr("asc.kernel"))
      continue;
    if (f.getSymName() == kernel)
      found = f;
    else
      others.push_back(f);
  }
  if (!found)
    fatal("'" + filename + "' has no kernel function '" + kernel + "'");
  checkArguments(found, launch);
  jobExtra = blockWorkspaceDirectives(found, launch);
  for (func::FuncOp f : others)
    if (SymbolTable::symbolKnownUseEmpty(f, *module))
      f.erase();
  jobExtra += outputElementsDirectives(*module, options.lineDirectives);

  std::string cpp;
  llvm::raw_string_ostream os(cpp);
  if (failed(asc::runAscToAscendC(*module, options,
                                  asc::AscToAscendCStage::Emission, os)))
    fatal("lowering '" + filename + "' failed (see the diagnostics above)");
  return cpp;
}

//===----------------------------------------------------------------------===//
// Compilation (cached) and the run
//===----------------------------------------------------------------------===//

static std::string findRuntimeDir() {
  if (!runtimeDir.empty())
    return absolutePath(runtimeDir);
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  SmallString<256> installed(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(installed, "..", "share", "asc-mlir", "runtime");
  if (llvm::sys::fs::exists(installed + "/kernel_operator.h"))
    return absolutePath(installed);
  return ASC_RUN_RUNTIME_DIR;
}

static std::string findCompiler() {
  if (!cxx.empty())
    return cxx;
  if (std::optional<std::string> env = llvm::sys::Process::GetEnv("CXX"))
    if (auto found = llvm::sys::findProgramByName(*env))
      return *found;
  for (StringRef name : {"clang++-22", "clang++", "g++", "c++"})
    if (auto found = llvm::sys::findProgramByName(name))
      return *found;
  if (auto found =
          llvm::sys::findProgramByName("clang++", {"/usr/lib/llvm-22/bin"}))
    return *found;
  fatal("no host C++ compiler found (give one with --cxx)");
}

static std::string findCacheDir() {
  if (!cacheDir.empty())
    return absolutePath(cacheDir);
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("ASC_RUN_CACHE"))
    return absolutePath(*env);
  SmallString<256> home;
  if (!llvm::sys::path::cache_directory(home))
    fatal("no cache directory (give one with --cache-dir)");
  llvm::sys::path::append(home, "asc-run");
  return std::string(home);
}

/// Hashes everything the binary depends on: the driver, the reference, the
/// runtime headers (and the .def tables they include), the compiler and its
/// flags.
static std::string cacheKey(StringRef driver, StringRef reference,
                            StringRef runtime, StringRef compiler,
                            ArrayRef<std::string> flags) {
  llvm::SHA256 hash;
  hash.update(driver);
  hash.update(reference);
  hash.update(compiler);
  for (const std::string &f : flags)
    hash.update(f);
  std::error_code ec;
  std::vector<std::string> headers;
  for (llvm::sys::fs::recursive_directory_iterator it(runtime, ec), end;
       it != end && !ec; it.increment(ec))
    if (StringRef(it->path()).ends_with(".h") ||
        StringRef(it->path()).ends_with(".def"))
      headers.push_back(it->path());
  llvm::sort(headers);
  for (const std::string &h : headers) {
    hash.update(h);
    hash.update(readFileOrDie(h, "runtime header"));
  }
  return llvm::toHex(hash.final(), /*LowerCase=*/true).substr(0, 24);
}

/// The C++ type of a scalar launch element type.
static std::string cppScalarType(StringRef type) {
  const ElementType *found = findElementType(type);
  return found ? found->cppType : "uint64_t";
}

//===----------------------------------------------------------------------===//
// The kernel's build: flags, the device pass of a .asc, the driver
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

/// The kernel's flags for the C++ file `path` ("" for a lowered .mlir).
static KernelFlags kernelFlags(StringRef path) {
  KernelFlags flags;
  // The device pass of every Ascend C kernel compiles for a processor; the
  // runtime models Atlas A2.
  flags.source.push_back("-D__NPU_ARCH__=2201");
  if (!path.empty()) {
    flags.source.push_back("-iquote");
    flags.source.push_back(
        std::string(llvm::sys::path::parent_path(absolutePath(path))));
  }
  if (!buildPath.empty()) {
    if (path.empty())
      fatal("-p reads the --cpp file's compile command; it needs --cpp");
    std::vector<std::string> db =
        databaseFlags(absolutePath(buildPath), absolutePath(path));
    flags.source.insert(flags.source.end(), db.begin(), db.end());
  }
  for (const std::string &d : defines) {
    if (!isMacroDefinition(d))
      fatal("-D takes NAME or NAME=VALUE, not '" + d + "'");
    flags.source.push_back("-D" + d);
  }
  for (const std::string &dir : includeDirs) {
    if (!llvm::sys::fs::is_directory(dir))
      fatal("-I '" + dir + "': no such directory");
    flags.source.push_back("-I" + absolutePath(dir));
  }
  flags.cxxOnly.assign(cxxFlags.begin(), cxxFlags.end());
  return flags;
}

/// The launch's additions to the kernel's source, before it: the macros an
/// operator project's build defines (`"defines"`: DTYPE_X, ORIG_DTYPE_X),
/// and the tiling struct its op_host defines (a tiling argument's
/// `"header"` and `"struct"`), which GET_TILING_DATA takes.
static std::string launchPrologue(const Launch &launch) {
  std::string text;
  for (const auto &[name, value] : launch.defines)
    text += "#define " + name + " " + value + "\n";
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

/// The C++ that includes the kernel, the launcher and the reference.
static std::string makeDriver(StringRef cpp, StringRef cppPath,
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
  driver +=
      "static void ascRunLaunch(uint8_t **args) {\n  " + launch.kernel + "(";
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

/// The headers a compile read that the cache key does not cover (the
/// kernel's own, the project's), from the compiler's -MD output: the
/// runtime's are in the key, the system's change with the compiler.
static std::vector<std::string>
projectDependencies(StringRef depsFile, StringRef runtime, StringRef driver) {
  auto text = llvm::MemoryBuffer::getFile(depsFile);
  if (!text)
    return {};
  StringRef deps = (*text)->getBuffer();
  deps = deps.substr(std::min(deps.size(), deps.find(": ") + 2));
  SmallVector<StringRef> words;
  deps.split(words, ' ', -1, /*KeepEmpty=*/false);
  std::vector<std::string> out;
  for (StringRef word : words) {
    word = word.trim();
    if (word.empty() || word == "\\")
      continue;
    std::string path = absolutePath(word);
    if (path == driver || StringRef(path).starts_with(runtime) ||
        StringRef(path).starts_with("/usr/"))
      continue;
    out.push_back(path);
  }
  llvm::sort(out);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

static std::string contentHash(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "missing";
  return llvm::toHex(
      llvm::SHA256::hash(llvm::arrayRefFromStringRef((*buffer)->getBuffer())),
      /*LowerCase=*/true);
}

/// Whether the headers a cached binary was compiled from (its `inputs`:
/// "HASH PATH" lines) are unchanged.
static bool dependenciesCurrent(StringRef dir) {
  auto inputs = llvm::MemoryBuffer::getFile(dir + "/inputs");
  if (!inputs)
    return false;
  SmallVector<StringRef> lines;
  (*inputs)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines) {
    auto [hash, path] = line.split(' ');
    if (contentHash(path) != hash)
      return false;
  }
  return true;
}

/// Compiles the driver unless the cache has it; returns the binary. The
/// cache is keyed by `keyText` (the driver before the .asc split, which
/// determines it), the reference, the compiler, the flags and the runtime's
/// headers, and each entry records the project headers the compile read
/// with their hashes: a kernel whose own header changed is compiled again.
/// `makeDriver` is called on a miss only (a .asc's split parses it).
static std::string compileCached(StringRef keyText,
                                 llvm::function_ref<std::string()> makeDriver,
                                 const Launch &launch,
                                 const KernelFlags &kernel) {
  std::string runtime = findRuntimeDir();
  std::string compiler = findCompiler();
  // bisheng and g++ accept `obj.template IterateAll(c)` (the template
  // keyword without an argument list, as CANN's samples write it); Clang 22
  // makes it an error unless told otherwise (g++ ignores the unknown -Wno-).
  std::vector<std::string> flags = {
      "-std=c++17", "-O0",
      "-w",         "-Wno-missing-template-arg-list-after-template-kw",
      "-I",         runtime};
  flags.insert(flags.end(), kernel.source.begin(), kernel.source.end());
  flags.insert(flags.end(), kernel.cxxOnly.begin(), kernel.cxxOnly.end());
  std::string reference = launch.reference.empty()
                              ? ""
                              : readFileOrDie(launch.reference, "reference");
  std::string key = cacheKey(keyText, reference, runtime, compiler, flags);
  SmallString<256> dir(findCacheDir());
  llvm::sys::path::append(dir, key);
  std::string binary = (dir + "/kernel").str();
  if (llvm::sys::fs::can_execute(binary) && dependenciesCurrent(dir))
    return binary;
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    fatal("cannot create the cache directory '" + dir + "': " + ec.message());
  std::string source = (dir + "/driver.cpp").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(source, ec);
    if (ec)
      fatal("cannot write '" + source + "': " + ec.message());
    os << makeDriver();
  }
  // Compile to private names and rename: parallel runs share the cache.
  std::string pid = std::to_string(llvm::sys::Process::getProcessId());
  std::string partial = binary + ".partial." + pid;
  std::string depsFile = (dir + "/deps.partial." + pid).str();
  std::vector<StringRef> argv = {compiler};
  for (const std::string &f : flags)
    argv.push_back(f);
  argv.insert(argv.end(), {"-MD", "-MF", depsFile, source, "-o", partial});
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(compiler, argv, std::nullopt, {}, 0, 0,
                                     &message);
  if (rc != 0) {
    llvm::sys::fs::remove(partial);
    llvm::sys::fs::remove(depsFile);
    fatal("the C++ of kernel '" + launch.kernel +
          "' does not compile against the runtime (" + runtime + ")" +
          (message.empty() ? "" : ": " + message) + "; driver: " + source);
  }
  std::string inputs;
  for (const std::string &dep :
       projectDependencies(depsFile, runtime, absolutePath(source)))
    inputs += contentHash(dep) + " " + dep + "\n";
  llvm::sys::fs::remove(depsFile);
  std::string inputsPartial = (dir + "/inputs.partial." + pid).str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(inputsPartial, ec);
    if (ec)
      fatal("cannot write '" + inputsPartial + "': " + ec.message());
    os << inputs;
  }
  if (std::error_code ec =
          llvm::sys::fs::rename(inputsPartial, dir + "/inputs"))
    fatal("cannot move the kernel's inputs into the cache: " + ec.message());
  if (std::error_code ec = llvm::sys::fs::rename(partial, binary))
    fatal("cannot move the compiled kernel into the cache: " + ec.message());
  return binary;
}

/// The job file the launcher reads (runtime/asc_run/launch/launcher.h).
static std::string makeJob(const Launch &launch) {
  std::string job = "kernel " + launch.kernel + "\n";
  job += "blocks " +
         std::to_string(blocksOverride > 0 ? blocksOverride : launch.blocks) +
         "\n";
  job +=
      "seed " +
      std::to_string(seedOverride >= 0 ? uint64_t(seedOverride) : launch.seed) +
      "\n";
  job += std::string("format ") + (jsonOutput ? "json" : "text") + "\n";
  job +=
      llvm::formatv("tolerance {0:e} {1:e}\n", launch.rtol, launch.atol).str();
  if (launch.aicOnly)
    job += "kernel_type aic_only\n";
  job += "mix_ratio " + std::to_string(launch.mixRatio) + "\n";
  for (const std::string &c : costOverrides) {
    size_t eq = c.find('=');
    std::optional<double> value;
    double parsed;
    if (eq != std::string::npos &&
        !StringRef(c).substr(eq + 1).getAsDouble(parsed))
      value = parsed;
    if (eq == 0 || !value || c.find_first_of(" \t\n") != std::string::npos)
      fatal("--cost takes name=value (a number), not '" + c + "'");
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", *value);
    job += "cost " + c.substr(0, eq) + " " + text + "\n";
  }
  if (costSweep)
    job += "cost_sweep\n";
  if (!dumpOutputs.empty()) {
    std::string dir = absolutePath(dumpOutputs);
    if (std::error_code ec = llvm::sys::fs::create_directories(dir))
      fatal("cannot create '" + dir + "': " + ec.message());
    if (dir.find_first_of(" \t\n") != std::string::npos)
      fatal("--dump-outputs takes a directory without spaces, not '" + dir +
            "'");
    job += "dump " + dir + "\n";
  }
  for (const LaunchArg &a : launch.args)
    job += "arg " + a.name + " " + a.role + " " + a.type + " " +
           std::to_string(a.count) + " " + a.init + "\n";
  for (const LaunchArg &a : launch.args)
    if (a.role == "scalar")
      job += "scalar " + a.name + " " + a.value + "\n";
  for (const LaunchArg &a : launch.args)
    for (const auto &t : a.tilings)
      job +=
          "tiling " + a.name + " " + std::to_string(t.first) + t.second + "\n";
  return job;
}

static int runLaunch(StringRef binary, const Launch &launch,
                     StringRef jobExtra) {
  SmallString<256> jobPath;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("asc-run-job", "txt", jobPath))
    fatal("cannot create a job file: " + ec.message());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(jobPath, ec);
    if (ec)
      fatal("cannot write the job file: " + ec.message());
    os << makeJob(launch) << jobExtra;
  }
  llvm::outs().flush();
  llvm::errs().flush();
  std::vector<StringRef> argv = {binary, jobPath};
  std::string message;
  bool failedToRun = false;
  int rc = llvm::sys::ExecuteAndWait(binary, argv, std::nullopt, {}, 0, 0,
                                     &message, &failedToRun);
  llvm::sys::fs::remove(jobPath);
  if (failedToRun || rc < 0)
    fatal("kernel '" + launch.kernel + "' crashed" +
          (message.empty() ? "" : ": " + message));
  return rc;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
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
  KernelFlags flags = kernelFlags(cppFile);
  bool singleSource = StringRef(cppFile).ends_with(".asc");
  // The device pass of a .asc, parsed once (on a cache miss or for
  // --emit-cpp).
  std::optional<ascrun::DeviceSplit> split;
  auto devicePart = [&]() -> const ascrun::DeviceSplit & {
    if (!split)
      split = ascrun::splitDevicePart(source, absolutePath(cppFile),
                                      findRuntimeDir(), flags.source);
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
    if (cppFile.empty())
      cpp = lowerKernel(source, inputFile, launch, options, jobExtra);
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
        launch, flags);
    int rc = runLaunch(binary, launch, jobExtra);
    if (rc != 0 && (worst == 0 || rc > worst))
      worst = rc;
  }
  if (!ran)
    fatal(launchPath + " has no launch of kernel '" + kernelName + "'");
  return worst;
}
