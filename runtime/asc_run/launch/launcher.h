//===- launcher.h - main() of a kernel compiled by asc-run ------*- C++ -*-===//
//
// Included by the driver asc-run generates after the emitted kernel, with
//   static void ascRunLaunch(uint8_t **args);   // calls the kernel
//   ASC_RUN_HAS_REFERENCE                       // 1 with ascRunReference()
// It reads a job file (written by asc-run from the launch file): the
// arguments with their roles, element types and sizes, the tiling field
// values and the seed; builds the arguments; runs the kernel on every core
// of every block (as coroutines, cores.h); computes the reference; compares;
// and prints the report (text or JSON) with the checker's verdict and the cost.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LAUNCHER_H
#define ASC_RUN_LAUNCHER_H

#include "asc_run/launch/cores.h"
#include "asc_run/launch/ref.h"
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace asc_run {

struct TilingField {
  const char *name;
  size_t offset;
};

inline const std::vector<TilingField> &tilingFields() {
  static const std::vector<TilingField> fields = {
#define ASC_RUN_TILING_ENTRY(name) {#name, offsetof(TCubeTiling, name)},
      ASC_RUN_TCUBETILING_FIELDS(ASC_RUN_TILING_ENTRY)
#undef ASC_RUN_TILING_ENTRY
  };
  return fields;
}

[[noreturn]] inline void badJob(const std::string &message) {
  std::fprintf(stderr, "asc-run: error: launch: %s\n", message.c_str());
  std::exit(kExitBadLaunch);
}

/// The FFTS control block whose address a launch's `ffts` argument holds
/// (the kernel never reads it; set_ffts_base_addr checks the address).
inline std::vector<uint8_t> &fftsBlock() {
  static std::vector<uint8_t> block(4096, 0);
  return block;
}

/// How the launcher fills, reads and compares an element type
/// (element_types.def).
enum class ElementKind { Float, Int, Bits64 };

/// An element type of the table: its C++ type and kind.
template <class T, ElementKind K> struct Element {
  using Type = T;
  static constexpr ElementKind kind = K;
};

/// Calls `f(Element<T, K>{})` for the element type a launch spells `type`;
/// false for a type the table does not have.
template <class F> bool visitElementType(const std::string &type, F &&f) {
#define ASC_RUN_ELEMENT_TYPE(NAME, CPP_TYPE, BYTES, KIND)                      \
  if (type == #NAME) {                                                         \
    static_assert(sizeof(CPP_TYPE) == BYTES, #NAME " is " #BYTES " bytes");    \
    f(Element<CPP_TYPE, ElementKind::KIND>{});                                 \
    return true;                                                               \
  }
#include "asc_run/launch/element_types.def"
  return false;
}

/// The bytes of an element type a launch may give an argument (0: none).
inline unsigned elementBytes(const std::string &type) {
  unsigned bytes = 0;
  visitElementType(type,
                   [&](auto e) { bytes = sizeof(typename decltype(e)::Type); });
  return bytes;
}

/// Whether outputs of `type` are compared bit for bit (not with the
/// tolerance).
inline bool elementExact(const std::string &type) {
  bool exact = true;
  visitElementType(
      type, [&](auto e) { exact = decltype(e)::kind != ElementKind::Float; });
  return exact;
}

inline double elementValue(const std::string &type, const uint8_t *p) {
  double value = 0;
  visitElementType(type, [&](auto e) {
    using T = typename decltype(e)::Type;
    if constexpr (decltype(e)::kind == ElementKind::Bits64) {
      uint64_t bits;
      std::memcpy(&bits, p, 8);
      value = static_cast<double>(bits);
    } else {
      T v;
      std::memcpy(&v, p, sizeof v);
      if constexpr (decltype(e)::kind == ElementKind::Float)
        value = float(v);
      else
        value = v;
    }
  });
  return value;
}

/// Fills `arg` with reproducible values: small multiples of 1/8 for floats
/// (exact in half), small integers for integers, random bits for 64-bit
/// integers.
inline void fillRandom(Ref::Arg &arg, uint64_t seed) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
  for (char c : arg.name)
    x = (x ^ static_cast<uint8_t>(c)) * 0x100000001B3ull;
  auto next = [&x]() {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  visitElementType(arg.type, [&](auto e) {
    using T = typename decltype(e)::Type;
    for (uint64_t i = 0; i < arg.count; ++i) {
      uint8_t *p = arg.data.data() + i * sizeof(T);
      int small = static_cast<int>(next() % 17) - 8;
      if constexpr (decltype(e)::kind == ElementKind::Float) {
        T v(small / 8.0f);
        std::memcpy(p, &v, sizeof v);
      } else if constexpr (decltype(e)::kind == ElementKind::Int) {
        int64_t v = std::is_signed_v<T> ? small : small + 8;
        std::memcpy(p, &v, sizeof(T)); // little endian: the low bytes
      } else {
        uint64_t v = next();
        std::memcpy(p, &v, 8);
      }
    }
  });
}

/// Stores `value` as the single element of scalar argument `a`.
inline void setElement(Ref::Arg &a, double value) {
  uint8_t *p = a.data.data();
  visitElementType(a.type, [&](auto e) {
    using T = typename decltype(e)::Type;
    T v;
    if constexpr (decltype(e)::kind == ElementKind::Float)
      v = T(static_cast<float>(value));
    else
      v = static_cast<T>(value);
    std::memcpy(p, &v, sizeof v);
  });
}

struct Job {
  std::string kernel;
  int64_t blocks = 1;
  uint64_t seed = 1;
  bool json = false;
  double rtol = 1e-3, atol = 1e-3;
  bool aicOnly = false; ///< KERNEL_TYPE_AIC_ONLY: no vector cores
  int mixRatio = 1;     ///< vector cores per cube core (1:1 or 1:2)
  bool costSweep = false;
  uint64_t sysWorkspaceBytes = 1 << 20;
  std::vector<Ref::Arg> args;
  /// Where to write each output's bytes after the run ("": nowhere).
  std::string dumpDir;
};

inline Ref::Arg *findArg(Job &job, const std::string &name) {
  for (auto &a : job.args)
    if (a.name == name)
      return &a;
  return nullptr;
}

inline Job readJob(const char *path) {
  std::ifstream in(path);
  if (!in)
    badJob(std::string("cannot open job file ") + path);
  Job job;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    std::istringstream words(line);
    std::string key;
    if (!(words >> key) || key[0] == '#')
      continue;
    auto where = [&]() { return "job line " + std::to_string(lineNo) + ": "; };
    if (key == "kernel") {
      words >> job.kernel;
    } else if (key == "blocks") {
      if (!(words >> job.blocks) || job.blocks < 1 || job.blocks > 4096)
        badJob(where() + "blocks must be 1 to 4096");
    } else if (key == "seed") {
      words >> job.seed;
    } else if (key == "format") {
      std::string f;
      words >> f;
      job.json = f == "json";
    } else if (key == "kernel_type") {
      std::string type;
      words >> type;
      if (type != "aic_only" && type != "mix")
        badJob(where() + "kernel_type is mix or aic_only");
      job.aicOnly = type == "aic_only";
    } else if (key == "mix_ratio") {
      if (!(words >> job.mixRatio) || (job.mixRatio != 1 && job.mixRatio != 2))
        badJob(where() + "mix_ratio is 1 or 2 (vector cores per cube core)");
    } else if (key == "cost") {
      std::string name;
      double value;
      if (!(words >> name >> value))
        badJob(where() + "cost takes NAME VALUE");
      if (!costTable().set(name, value)) {
        std::string names;
        for (int p = 0; p < kParams; ++p)
          names += std::string(p ? ", " : "") + paramInfo(Param(p)).name;
        badJob("cost parameter '" + name + "' = " + std::to_string(value) +
               ": no such parameter, or a value outside its domain (rates "
               "and bandwidths positive, cube_overlap 0 to 1, the others not "
               "negative); the parameters: " +
               names);
      }
    } else if (key == "dump") {
      if (!(words >> job.dumpDir))
        badJob(where() + "dump takes a directory");
    } else if (key == "cost_sweep") {
      job.costSweep = true;
    } else if (key == "tolerance") {
      if (!(words >> job.rtol >> job.atol))
        badJob(where() + "tolerance takes rtol and atol");
    } else if (key == "arg") {
      Ref::Arg a;
      std::string init;
      if (!(words >> a.name >> a.role >> a.type >> a.count >> init))
        badJob(where() + "arg takes NAME ROLE TYPE COUNT INIT");
      unsigned size = elementBytes(a.type);
      if (!size)
        badJob(where() + "unknown element type '" + a.type + "'");
      if (a.count > (uint64_t(1) << 28))
        badJob(where() + "argument '" + a.name + "' is too large");
      a.data.assign(a.count * size, 0);
      if (init == "random")
        fillRandom(a, job.seed);
      else if (init == "nan")
        std::fill(a.data.begin(), a.data.end(), 0xff);
      else if (init != "zero")
        badJob(where() + "init is random, zero or nan, not '" + init + "'");
      if (a.role == "ffts") {
        // The FFTS control block's address, which the kernel reads from
        // this argument and passes to set_ffts_base_addr.
        if (a.type != "u64" || a.count != 1)
          badJob(where() + "the ffts argument '" + a.name + "' is one u64");
        uint64_t base = reinterpret_cast<uintptr_t>(fftsBlock().data());
        std::memcpy(a.data.data(), &base, 8);
        ffts().launchBase = base;
      }
      if (a.role == "tiling" && a.data.size() < sizeof(TCubeTiling))
        badJob(where() + "tiling argument '" + a.name + "' has " +
               std::to_string(a.data.size()) + " bytes, less than one " +
               "TCubeTiling (" + std::to_string(sizeof(TCubeTiling)) + ")");
      job.args.push_back(std::move(a));
    } else if (key == "scalar") {
      std::string name;
      double value;
      if (!(words >> name >> value))
        badJob(where() + "scalar takes NAME VALUE");
      Ref::Arg *a = findArg(job, name);
      if (!a || a->count != 1)
        badJob(where() + "no scalar argument '" + name + "'");
      setElement(*a, value);
    } else if (key == "tiling") {
      std::string name;
      uint64_t offset;
      if (!(words >> name >> offset))
        badJob(where() + "tiling takes ARG OFFSET FIELD=VALUE...");
      Ref::Arg *a = findArg(job, name);
      if (!a)
        badJob(where() + "no argument '" + name + "' for the tiling");
      if (offset + sizeof(TCubeTiling) > a->data.size())
        badJob(where() + "a TCubeTiling (" +
               std::to_string(sizeof(TCubeTiling)) + " bytes) at offset " +
               std::to_string(offset) + " does not fit in '" + name + "' (" +
               std::to_string(a->data.size()) + " bytes)");
      std::string assignment;
      while (words >> assignment) {
        size_t eq = assignment.find('=');
        std::string field = assignment.substr(0, eq);
        const TilingField *found = nullptr;
        for (const TilingField &f : tilingFields())
          if (field == f.name)
            found = &f;
        if (!found || eq == std::string::npos)
          badJob("the TCubeTiling at offset " + std::to_string(offset) +
                 " of '" + name + "' has no field '" + field + "'");
        int32_t value =
            static_cast<int32_t>(std::stol(assignment.substr(eq + 1)));
        std::memcpy(a->data.data() + offset + found->offset, &value, 4);
      }
    } else if (key == "block_workspace") {
      // The kernel's asc.block_workspace: BYTES of user workspace per core
      // for the blocks of an async Iterate (the compiler gives core i the
      // i-th slice), so the buffer holds at least BYTES x blocks.
      std::string name;
      uint64_t bytes;
      if (!(words >> name >> bytes))
        badJob(where() + "block_workspace takes ARG BYTES_PER_CORE");
      Ref::Arg *a = findArg(job, name);
      if (!a)
        badJob(where() + "no argument '" + name + "' for the block workspace");
      uint64_t needed = bytes * uint64_t(job.blocks);
      if (a->data.size() < needed)
        badJob("the workspace buffer '" + name + "' holds " +
               std::to_string(a->data.size()) + " bytes; the kernel's " +
               "asc.block_workspace sets aside " + std::to_string(bytes) +
               " bytes per core for the blocks of an async Iterate, " +
               std::to_string(needed) + " bytes for " +
               std::to_string(job.blocks) + " blocks");
    } else if (key == "output_elements") {
      // A call on LINE of the kernel's .mlir states asc.output_elements:
      // it writes no element of its output at or past N (checked where
      // each call's output footprint is known: checkStatedOutput).
      unsigned line;
      uint64_t elements;
      if (!(words >> line >> elements) || elements == 0)
        badJob(where() + "output_elements takes LINE ELEMENTS (at least 1)");
      asc_run::statedOutputElements()[line] = elements;
    } else {
      badJob(where() + "unknown directive '" + key + "'");
    }
  }
  return job;
}

inline std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out + "\"";
}

/// What one output's comparison found.
struct OutputCheck {
  std::string name, type;
  uint64_t count = 0, mismatches = 0, first = 0;
  double got = 0, want = 0, maxAbs = 0;
  bool exact = false;
  uint64_t digest = 0; ///< FNV-1a of the output's bytes
};

/// FNV-1a over `bytes`: equal digests, bit-identical outputs.
inline uint64_t digestBytes(const std::vector<uint8_t> &bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint8_t b : bytes)
    h = (h ^ b) * 0x100000001b3ull;
  return h;
}

inline std::string hex16(uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(v));
  return text;
}

struct Report {
  const Job *job = nullptr;
  std::vector<OutputCheck> outputs;
  bool checked = false;
  int code = 0;
  std::string message;

  /// The sweep: the trace scheduled again with each assumed parameter at
  /// the low and the high end of its range.
  struct Variant {
    Param param;
    double value;
    CostResult result;
  };
  std::vector<Variant> sweep() const {
    std::vector<Variant> out;
    for (int p = 0; p < kParams; ++p) {
      const ParamInfo &info = paramInfo(Param(p));
      if (!info.assumed)
        continue;
      for (double value : {info.low, info.high}) {
        CostTable t = costTable();
        t.v[p] = value;
        out.push_back(
            {Param(p), value, schedule(state().traces, job->mixRatio, t)});
      }
    }
    return out;
  }

  void print() const {
    const RunState &s = state();
    CostResult cost = schedule(s.traces, job->mixRatio, costTable());
    double total = cost.total, cube = cost.cube, vec = cost.vector,
           overlap = cost.overlap;
    std::vector<Variant> variants;
    if (job->costSweep)
      variants = sweep();
    const char *verdict = code == 0                  ? "ok"
                          : code == kExitWrongResult ? "wrong result"
                          : code == kExitRace ? "race or protocol violation"
                                              : "error";
    if (job->json) {
      std::ostringstream os;
      os << "{\"kernel\": " << jsonString(job->kernel)
         << ", \"blocks\": " << job->blocks << ", \"verdict\": \"" << verdict
         << "\", \"exit_code\": " << code << ", \"checker\": {\"verdict\": \""
         << (code == kExitRace                       ? "violation"
             : code == 0 || code == kExitWrongResult ? "clean"
                                                     : "not run to the end")
         << "\", \"message\": " << jsonString(message) << "}, \"notes\": [";
      for (size_t i = 0; i < s.notes.size(); ++i)
        os << (i ? ", " : "") << jsonString(s.notes[i]);
      os << "], \"outputs\": [";
      for (size_t i = 0; i < outputs.size(); ++i) {
        const OutputCheck &o = outputs[i];
        os << (i ? ", " : "") << "{\"name\": " << jsonString(o.name)
           << ", \"type\": \"" << o.type << "\", \"count\": " << o.count
           << ", \"compare\": \""
           << (!checked  ? "none"
               : o.exact ? "exact"
                         : "tolerance")
           << "\", \"mismatches\": " << o.mismatches
           << ", \"max_abs_error\": " << o.maxAbs << ", \"digest\": \""
           << hex16(o.digest) << "\"}";
      }
      os << "], \"tolerance\": {\"rtol\": " << job->rtol
         << ", \"atol\": " << job->atol
         << "}, \"cost\": {\"total_cycles\": " << total
         << ", \"cube_busy_cycles\": " << cube
         << ", \"vector_busy_cycles\": " << vec
         << ", \"overlap_cycles\": " << overlap << ", \"pipe_busy_cycles\": {";
      for (int p = 0; p < kPipes; ++p)
        os << (p ? ", " : "") << "\"" << pipeName(Pipe(p))
           << "\": " << cost.pipe[p];
      os << "}, \"cube_cores\": " << cost.cubeCores
         << ", \"mix_ratio\": \"1:" << job->mixRatio << "\"";
      if (job->costSweep) {
        os << ", \"sweep\": [";
        for (size_t i = 0; i < variants.size(); ++i) {
          const Variant &v = variants[i];
          os << (i ? ", " : "") << "{\"param\": \"" << paramInfo(v.param).name
             << "\", \"value\": " << v.value
             << ", \"total_cycles\": " << v.result.total
             << ", \"cube_busy_cycles\": " << v.result.cube
             << ", \"vector_busy_cycles\": " << v.result.vector
             << ", \"overlap_cycles\": " << v.result.overlap << "}";
        }
        os << "]";
      }
      // Per cube core and the vector blocks it serves (one block at mix
      // 1:1), each group scheduled on its own: what bounds a block with
      // perfect overlap, max(cube, vector) busy.
      os << ", \"blocks\": [";
      for (size_t g = 0; g < s.traces.size(); g += size_t(job->mixRatio)) {
        size_t members = std::min(size_t(job->mixRatio), s.traces.size() - g);
        std::vector<Trace> group(s.traces.begin() + g,
                                 s.traces.begin() + g + members);
        CostResult c = schedule(group, job->mixRatio, costTable());
        int64_t calls = 0;
        for (const Trace &t : group)
          calls += cubeCalls(t);
        os << (g ? ", " : "") << "{\"first_block\": " << g
           << ", \"vector_blocks\": " << members
           << ", \"total_cycles\": " << c.total
           << ", \"cube_busy_cycles\": " << c.cube
           << ", \"vector_busy_cycles\": " << c.vector
           << ", \"overlap_cycles\": " << c.overlap
           << ", \"cube_calls\": " << calls << "}";
      }
      os << "]}}";
      std::printf("%s\n", os.str().c_str());
      return;
    }
    std::printf("kernel %s on %lld blocks: %s\n", job->kernel.c_str(),
                static_cast<long long>(job->blocks), verdict);
    if (!message.empty())
      std::printf("checker: %s\n", message.c_str());
    else
      std::printf("checker: no race, no protocol violation\n");
    for (const std::string &n : s.notes)
      std::printf("note: %s\n", n.c_str());
    for (const OutputCheck &o : outputs) {
      if (!checked)
        std::printf("output %s: %s[%llu] (digest %016llx)\n", o.name.c_str(),
                    o.type.c_str(), static_cast<unsigned long long>(o.count),
                    static_cast<unsigned long long>(o.digest));
      else if (o.mismatches == 0)
        std::printf("output %s: %s[%llu] matches the reference (%s; max abs "
                    "error %g; digest %016llx)\n",
                    o.name.c_str(), o.type.c_str(),
                    static_cast<unsigned long long>(o.count),
                    o.exact ? "exact" : "rtol/atol tolerance", o.maxAbs,
                    static_cast<unsigned long long>(o.digest));
      else
        std::printf("output %s: %s[%llu] differs from the reference in %llu "
                    "elements; first at [%llu]: got %g, expected %g (digest "
                    "%016llx)\n",
                    o.name.c_str(), o.type.c_str(),
                    static_cast<unsigned long long>(o.count),
                    static_cast<unsigned long long>(o.mismatches),
                    static_cast<unsigned long long>(o.first), o.got, o.want,
                    static_cast<unsigned long long>(o.digest));
    }
    if (!checked && code == 0)
      std::printf("output: no reference given, nothing compared\n");
    std::printf("cost: total %.0f cycles, cube busy %.0f, vector busy %.0f, "
                "overlap %.0f (tolerance rtol %g atol %g)\n",
                total, cube, vec, overlap, job->rtol, job->atol);
    std::printf("cost: busy S %.0f, V %.0f, MTE2 %.0f, MTE3 %.0f; %lld "
                "blocks on %lld cube cores (mix 1:%d)\n",
                cost.pipe[PipeS], cost.pipe[PipeV], cost.pipe[PipeMte2],
                cost.pipe[PipeMte3], static_cast<long long>(s.traces.size()),
                static_cast<long long>(cost.cubeCores), job->mixRatio);
    for (const Variant &v : variants) {
      auto change = [](double now, double base) {
        return base > 0 ? 100.0 * (now - base) / base : 0.0;
      };
      const ParamInfo &info = paramInfo(v.param);
      std::printf("cost sweep: %s %g (%s; this run %g): total %.0f cycles "
                  "(%+.1f%%), overlap %.0f (%+.1f%%)\n",
                  info.name, v.value, v.value == info.low ? "low" : "high",
                  costTable()[v.param], v.result.total,
                  change(v.result.total, total), v.result.overlap,
                  change(v.result.overlap, overlap));
    }
  }
};

inline Report &report() {
  static Report r;
  return r;
}

inline OutputCheck digestOutput(const Ref::Arg &a) {
  OutputCheck o;
  o.name = a.name;
  o.type = a.type;
  o.count = a.count;
  o.digest = digestBytes(a.data);
  return o;
}

inline OutputCheck compareOutput(const Ref::Arg &a, double rtol, double atol) {
  OutputCheck o;
  o.name = a.name;
  o.type = a.type;
  o.count = a.count;
  unsigned size = elementBytes(a.type);
  o.exact = elementExact(a.type);
  o.digest = digestBytes(a.data);
  for (uint64_t i = 0; i < a.count; ++i) {
    double got = elementValue(a.type, a.data.data() + i * size);
    double want = elementValue(a.type, a.expected.data() + i * size);
    bool same;
    if (o.exact) {
      same = std::memcmp(a.data.data() + i * size, a.expected.data() + i * size,
                         size) == 0;
    } else if (std::isnan(got) || std::isnan(want)) {
      same = std::isnan(got) && std::isnan(want);
    } else {
      double err = std::fabs(got - want);
      o.maxAbs = std::max(o.maxAbs, err);
      same = err <= atol + rtol * std::fabs(want);
    }
    if (!same && o.mismatches++ == 0) {
      o.first = i;
      o.got = got;
      o.want = want;
    }
  }
  return o;
}

/// A crash in the kernel's own code (a division by zero with a tiling field
/// left 0, a raw pointer out of bounds): say which block, then die of it.
inline void onCrash(int signal) {
  static char text[160];
  int n = std::snprintf(
      text, sizeof text,
      "asc-run: error: kernel %s crashed on block %lld (%s); "
      "check the launch's tiling fields and shapes\n",
      state().kernelName.c_str(), static_cast<long long>(state().blockIdx),
      signal == SIGFPE ? "arithmetic exception" : "invalid memory access");
  if (n > 0 && ::write(2, text, static_cast<size_t>(n)) < 0)
    n = 0;
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

inline const Job *&currentJob() {
  static const Job *job = nullptr;
  return job;
}

/// The launch type of a kernel parameter's element type ("": a byte or an
/// untyped pointer, which takes any argument).
template <class T> const char *launchTypeOf() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, uint8_t>)
    return ""; // GM_ADDR: a byte pointer takes any argument
  if constexpr (std::is_same_v<U, TCubeTiling>)
    return "tiling";
#define ASC_RUN_ELEMENT_TYPE(NAME, CPP_TYPE, BYTES, KIND)                      \
  if constexpr (std::is_same_v<U, CPP_TYPE>)                                   \
    return #NAME;
#include "asc_run/launch/element_types.def"
  return "";
}

/// A kernel argument as the driver passes it: the launch's buffer,
/// converted to the type of the kernel's parameter. A GM pointer of any
/// element type (GM_ADDR, `__gm__ half *`, `__gm__ TCubeTiling *`) points
/// at the buffer, whose launch type must be the element type (a byte
/// pointer takes any); a struct by value (a TCubeTiling) is copied from a
/// tiling argument, as the host's launch copies it into the kernel's
/// parameters.
struct KernelArg {
  uint8_t *data;
  size_t index;

  const Ref::Arg &arg() const { return currentJob()->args[index]; }
  [[noreturn]] void mismatch(const std::string &param) const {
    badJob("argument " + std::to_string(index) + " ('" + arg().name +
           "', role " + arg().role + ", type " + arg().type +
           ") does not fit the kernel's parameter of type " + param);
  }

  template <class T> operator T() const {
    if constexpr (std::is_pointer_v<T>) {
      using E = std::remove_pointer_t<T>;
      std::string want = launchTypeOf<E>();
      const Ref::Arg &a = arg();
      if (want == "tiling" ? a.role != "tiling"
                           : !want.empty() && want != a.type)
        mismatch(want == "tiling" ? "TCubeTiling *" : want + " *");
      return reinterpret_cast<T>(data);
    } else {
      static_assert(std::is_trivially_copyable_v<T> && std::is_class_v<T>,
                    "asc-run passes a kernel parameter by value only as a "
                    "struct (a TCubeTiling) or a launch scalar");
      const Ref::Arg &a = arg();
      if (a.role != "tiling" || a.data.size() < sizeof(T))
        mismatch("a struct of " + std::to_string(sizeof(T)) +
                 " bytes by value (it takes a tiling argument at least as "
                 "large)");
      T value;
      std::memcpy(&value, data, sizeof(T));
      return value;
    }
  }
};

/// Writes each output's bytes to DIR/NAME.bin.
inline void dumpOutputs(const Job &job) {
  for (const Ref::Arg &a : job.args) {
    if (a.role != "output")
      continue;
    std::string path = job.dumpDir + "/" + a.name + ".bin";
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(a.data.data()),
              std::streamsize(a.data.size()));
    if (!out)
      badJob("cannot write the output dump '" + path + "'");
  }
}

/// The driver's check that tiling argument `index` holds the launch's
/// tiling struct (`bytes` of `name`) before it fills the struct's fields.
inline void checkTilingStruct(size_t index, size_t bytes, const char *name) {
  const Ref::Arg &a = currentJob()->args[index];
  if (a.data.size() < bytes)
    badJob("the tiling argument '" + a.name + "' has " +
           std::to_string(a.data.size()) + " bytes, less than its struct " +
           name + " (" + std::to_string(bytes) + ")");
}

/// Runs a job: `prepare` does what the host's tiling does that the launch
/// file states (the tiling key, an operator's tiling struct), before the
/// reference reads the inputs; `launch` calls the kernel.
inline int launchMain(int argc, char **argv, void (*launch)(uint8_t **),
                      void (*reference)(Ref &),
                      void (*prepare)(uint8_t **) = nullptr) {
  std::signal(SIGFPE, onCrash);
  std::signal(SIGSEGV, onCrash);
  std::signal(SIGBUS, onCrash);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s JOB\n", argv[0]);
    return kExitBadLaunch;
  }
  static Job job = readJob(argv[1]);
  currentJob() = &job;
  Report &rep = report();
  rep.job = &job;
  RunState &s = state();
  s.kernelName = job.kernel;
  s.blockNum = job.blocks;
  s.fail = [](int code, const std::string &message) {
    report().code = code;
    report().message = message;
    if (!state().quiet)
      state().traces.push_back(state().trace);
    report().print();
    std::fflush(stdout);
  };
  static std::vector<uint8_t> sysWorkspace(job.sysWorkspaceBytes, 0);
  s.sysWorkspace = sysWorkspace.data();
  s.regions.push_back(
      {"system workspace", reinterpret_cast<uintptr_t>(sysWorkspace.data()),
       reinterpret_cast<uintptr_t>(sysWorkspace.data() + sysWorkspace.size())});
  std::vector<uint8_t *> pointers;
  for (Ref::Arg &a : job.args) {
    pointers.push_back(a.data.data());
    s.regions.push_back(
        {a.name, reinterpret_cast<uintptr_t>(a.data.data()),
         reinterpret_cast<uintptr_t>(a.data.data() + a.data.size())});
  }
  if (prepare)
    prepare(pointers.data());
  // The reference sees the inputs as the kernel does before it runs.
  for (Ref::Arg &a : job.args)
    a.expected = a.data;
  if (reference) {
    Ref ref(job.args, job.blocks);
    reference(ref);
  }

  // The cores run as coroutines (cores.h): per group its vector cores, then
  // its cube core (an aic_only launch: cube cores alone, one per block).
  // The vector blocks of a mix launch are numbered as GetBlockIdx() counts
  // them; the cube core of group g has block index g. A core that does not
  // drive the Matmul objects through a client (the cube core of a mix
  // build, whose server work the client models) runs quietly: only whether
  // it terminates and what it touches count. The cost model records the
  // cores that issue the Matmul work: the vector cores of a mix build, the
  // cube cores of a cube-only one.
#ifdef ASCENDC_CUBE_ONLY
  const bool cubeOnlyBuild = true;
#else
  const bool cubeOnlyBuild = false;
#endif
  const int ratio = job.aicOnly ? 1 : job.mixRatio;
  const int64_t groups =
      job.aicOnly ? job.blocks : (job.blocks + ratio - 1) / ratio;
  s.vectorCores = job.aicOnly ? 0 : job.blocks;
  s.groups = groups;
  s.cubeServes = !job.aicOnly && !cubeOnlyBuild;
  ffts().reset(groups, ratio, s.vectorCores);
  std::vector<Trace> traces(size_t(cubeOnlyBuild ? groups : job.blocks));
  CoreScheduler scheduler(
      [&] {
        s.trace.clear();
        s.trace.recording = !s.quiet && (cubeOnlyBuild ? s.clocks.slot == 0
                                                       : s.clocks.slot != 0);
        ffts().base = 0;
        s.resetPipes();
        launch(pointers.data());
      },
      [&] {
        // The server finishes what the kernel left without a wait (issues
        // without their wait flag, loops and blocks not fetched) before the
        // kernel ends: published here, so that the outputs are compared
        // with them. Work with a wait that never came breaks rule P1.
        for (const auto &p : s.pending)
          if (!(p->seq >= 0 && p->waitName.empty()))
            failRun(kExitRace,
                    "asc-run: protocol: kernel " + job.kernel +
                        " returns on block " + std::to_string(s.blockIdx) +
                        " with work pending: " + describePending(*p) +
                        " (wait with " + p->waitName + "())");
        while (!s.pending.empty())
          complete(s.pending.front().get());
        if (s.trace.recording)
          traces[size_t(cubeOnlyBuild ? s.group : s.blockIdx)] = s.trace;
      });
  for (int64_t g = 0; g < groups; ++g) {
    if (!job.aicOnly)
      for (int v = 0; v < ratio && g * ratio + v < job.blocks; ++v)
        scheduler.addCore(AscendC::AIV, g * ratio + v, g, 1 + v,
                          /*quiet=*/false);
    scheduler.addCore(AscendC::AIC, g, g, 0, /*quiet=*/!cubeOnlyBuild);
  }
  // The kernel entry's clearWorkspace sets flag 15 for the vector cores of
  // a mix build when the cube core finished without setting it (ffts.h).
  auto entrySetsWorkspaceFlag = [&] {
    bool any = false;
    if (job.aicOnly)
      return false;
    for (size_t i = 0; i < scheduler.cores().size(); ++i) {
      const CoreRun &c = scheduler.cores()[i];
      if (c.type != AscendC::AIC || c.status != CoreRun::Done)
        continue;
      GroupFlags &f = ffts().groups[size_t(c.locals.group)];
      if (f.aicSetWorkspaceFlag)
        continue;
      f.aicSetWorkspaceFlag = true;
      for (int v = 0; v < ratio; ++v)
        f.toAiv[v][kWorkspaceSyncFlag].push_back(PipePoint());
      any = true;
    }
    return any;
  };
  scheduler.run(entrySetsWorkspaceFlag);
  for (Trace &t : traces)
    s.traces.push_back(std::move(t));
  s.quiet = false;
  checkBlocksDisjoint();

  rep.checked = reference != nullptr;
  for (const Ref::Arg &a : job.args)
    if (a.role == "output") {
      // Without a reference, only the digest: runs compare bit for bit.
      rep.outputs.push_back(reference ? compareOutput(a, job.rtol, job.atol)
                                      : digestOutput(a));
      if (rep.outputs.back().mismatches)
        rep.code = kExitWrongResult;
    }
  if (!job.dumpDir.empty())
    dumpOutputs(job);
  rep.print();
  return rep.code;
}

} // namespace asc_run

#endif // ASC_RUN_LAUNCHER_H
