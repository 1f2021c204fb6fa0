//===- job.h - the job a kernel compiled by asc-run runs ---------*- C++
//-*-===//
//
// The job file asc-run writes from the launch file (one directive per line,
// the keys of job_keys.def) read into a Job: the arguments with their roles,
// element types and sizes, filled as the launch says; the tiling field
// values; the seed, the blocks, the tolerance, the cost overrides.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LAUNCH_JOB_H
#define ASC_RUN_LAUNCH_JOB_H

#include "asc_run/launch/ref.h"
#include "asc_run/matmul/tiling_invariants.h"
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace asc_run {

/// The directives of the job file (job_keys.def).
enum class JobKey {
#define ASC_RUN_JOB_KEY(ID, SPELLING, OPERANDS) ID,
#include "asc_run/launch/job_keys.def"
};

/// The directive a job line starts with; false for an unknown word.
inline bool parseJobKey(const std::string &word, JobKey &key) {
#define ASC_RUN_JOB_KEY(ID, SPELLING, OPERANDS)                                \
  if (word == SPELLING) {                                                      \
    key = JobKey::ID;                                                          \
    return true;                                                               \
  }
#include "asc_run/launch/job_keys.def"
  return false;
}

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
    JobKey id;
    if (!parseJobKey(key, id))
      badJob(where() + "unknown directive '" + key + "'");
    switch (id) {
    case JobKey::Kernel: {
      words >> job.kernel;
      break;
    }
    case JobKey::Blocks: {
      if (!(words >> job.blocks) || job.blocks < 1 || job.blocks > 4096)
        badJob(where() + "blocks must be 1 to 4096");
      break;
    }
    case JobKey::Seed: {
      words >> job.seed;
      break;
    }
    case JobKey::Format: {
      std::string f;
      words >> f;
      job.json = f == "json";
      break;
    }
    case JobKey::KernelType: {
      std::string type;
      words >> type;
      if (type != "aic_only" && type != "mix")
        badJob(where() + "kernel_type is mix or aic_only");
      job.aicOnly = type == "aic_only";
      break;
    }
    case JobKey::MixRatio: {
      if (!(words >> job.mixRatio) || (job.mixRatio != 1 && job.mixRatio != 2))
        badJob(where() + "mix_ratio is 1 or 2 (vector cores per cube core)");
      break;
    }
    case JobKey::Cost: {
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
      break;
    }
    case JobKey::Dump: {
      if (!(words >> job.dumpDir))
        badJob(where() + "dump takes a directory");
      break;
    }
    case JobKey::CostSweep: {
      job.costSweep = true;
      break;
    }
    case JobKey::Tolerance: {
      if (!(words >> job.rtol >> job.atol))
        badJob(where() + "tolerance takes rtol and atol");
      break;
    }
    case JobKey::Arg: {
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
      break;
    }
    case JobKey::Scalar: {
      std::string name;
      double value;
      if (!(words >> name >> value))
        badJob(where() + "scalar takes NAME VALUE");
      Ref::Arg *a = findArg(job, name);
      if (!a || a->count != 1)
        badJob(where() + "no scalar argument '" + name + "'");
      setElement(*a, value);
      break;
    }
    case JobKey::Tiling: {
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
      // The invariants CANN's Init does not assert, on the host tiling as
      // the launch file describes it (the Matmul object checks the others
      // when it takes a tiling).
      TCubeTiling written;
      std::memcpy(&written, a->data.data() + offset, sizeof(TCubeTiling));
      if (const TilingInvariant *inv =
              findBrokenTilingInvariant(written, TilingCheck::HostOnly))
        badJob("the TCubeTiling at offset " + std::to_string(offset) + " of '" +
               name + "' " + describeBrokenTilingInvariant(written, *inv));
      break;
    }
    case JobKey::BlockWorkspace: {
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
      break;
    }
    case JobKey::OutputElements: {
      // A call on LINE of the kernel's .mlir states asc.output_elements:
      // it writes no element of its output at or past N (checked where
      // each call's output footprint is known: checkStatedOutput).
      unsigned line;
      uint64_t elements;
      if (!(words >> line >> elements) || elements == 0)
        badJob(where() + "output_elements takes LINE ELEMENTS (at least 1)");
      asc_run::statedOutputElements()[line] = elements;
      break;
    }
    }
  }
  return job;
}

} // namespace asc_run

#endif // ASC_RUN_LAUNCH_JOB_H
