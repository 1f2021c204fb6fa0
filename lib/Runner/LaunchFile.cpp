//===- LaunchFile.cpp - asc-run's launch files ----------------------------===//
//
// Reads a launch file (docs/Runtime.md, "Launch files"): the launches of a
// kernel, each argument's role, element type, size and initial values, the
// tilings (the host tiling helper's fields, an operator project's tiling
// struct) and what the host's build defines. Anything malformed is fatal,
// naming the launch and the argument.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace mlir::asc::runner;

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// The runtime's table (runtime/asc_run/launch/element_types.def), which the
/// launcher and the random kernel generator read too.
static constexpr ElementType kElementTypes[] = {
#define ASC_RUN_ELEMENT_TYPE(NAME, CPP_TYPE, BYTES, KIND)                      \
  {#NAME, #CPP_TYPE, BYTES},
#include "asc_run/launch/element_types.def"
};

const ElementType *mlir::asc::runner::findElementType(StringRef name) {
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

//===----------------------------------------------------------------------===//
// Tilings and names
//===----------------------------------------------------------------------===//

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

/// The fields a launch's tiling `assignments` (" F=V ...", the last one of
/// a field wins) leave unset among depthA1, depthB1, stepM, stepN, stepKa,
/// stepKb and usedCoreNum, as assignments derived from the others the way
/// CANN's tiling API relates them (docs/TilingInvariants.md, "Defaults of a
/// launch file's tiling"): one base block per L1 load (stepM = stepN =
/// stepKa = stepKb = 1), no L1 double buffer (depthA1 = stepM * stepKa,
/// depthB1 = stepN * stepKb) and usedCoreNum = ceil(M / singleCoreM) *
/// ceil(N / singleCoreN), or 1 where those are not positive. A field the
/// launch sets keeps its value, valid or not.
static std::string derivedTilingFields(StringRef assignments) {
  llvm::StringMap<int64_t> value;
  for (StringRef assignment : llvm::split(assignments, ' ')) {
    auto [name, number] = assignment.split('=');
    int64_t parsed;
    if (!name.empty() && !number.getAsInteger(10, parsed))
      value[name] = parsed;
  }
  std::string out;
  auto derive = [&](StringRef name, int64_t derived) {
    if (value.try_emplace(name, derived).second)
      out += " " + name.str() + "=" + std::to_string(derived);
  };
  for (StringRef step : {"stepM", "stepN", "stepKa", "stepKb"})
    derive(step, 1);
  derive("depthA1", value["stepM"] * value["stepKa"]);
  derive("depthB1", value["stepN"] * value["stepKb"]);
  auto blocksAlong = [&](StringRef total, StringRef single) -> int64_t {
    int64_t t = value.lookup(total), s = value.lookup(single);
    return t > 0 && s > 0 ? (t + s - 1) / s : 0;
  };
  int64_t cores =
      blocksAlong("M", "singleCoreM") * blocksAlong("N", "singleCoreN");
  derive("usedCoreNum", cores > 0 ? cores : 1);
  return out;
}

bool mlir::asc::runner::isMacroDefinition(StringRef define) {
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

//===----------------------------------------------------------------------===//
// Arguments and launches
//===----------------------------------------------------------------------===//

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
      // them (the launcher applies them in order: a field overrides), then
      // the L1 fields and the core count neither sets, derived from them.
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
      assignments += derivedTilingFields(assignments);
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

std::vector<Launch> mlir::asc::runner::readLaunches(StringRef path) {
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
    if (const llvm::json::Value *targs = obj->get("template_args")) {
      const llvm::json::Array *list = targs->getAsArray();
      if (!list || list->empty())
        fatal(where + ": \"template_args\" is a non-empty array of the "
                      "kernel template's arguments");
      for (const llvm::json::Value &v : *list) {
        std::optional<StringRef> text = v.getAsString();
        std::optional<int64_t> integer = v.getAsInteger();
        if ((!text && !integer) ||
            (text && (text->empty() || text->contains('\n'))))
          fatal(where + ": each of \"template_args\" is an integer or a "
                        "one-line C++ type or constant");
        launch.templateArgs.push_back(text ? text->str()
                                           : std::to_string(*integer));
      }
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
