//===- launcher.h - main() of a kernel compiled by asc-run ------*- C++ -*-===//
//
// Included by the driver asc-run generates after the emitted kernel, with
//   static void ascRunLaunch(uint8_t **args);   // calls the kernel
//   ASC_RUN_HAS_REFERENCE                       // 1 with ascRunReference()
// It reads the job (job.h; written by asc-run from the launch file), passes
// the arguments to the kernel, runs the kernel on every core of every block
// (as coroutines, cores.h), computes the reference and prints the report
// (report.h) with the comparison, the checker's verdict and the cost.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LAUNCHER_H
#define ASC_RUN_LAUNCHER_H

#include "asc_run/launch/cores.h"
#include "asc_run/launch/job.h"
#include "asc_run/launch/ref.h"
#include "asc_run/launch/report.h"
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace asc_run {

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
  // GetBlockNum() is the launch's block dim, get_block_num()
  // (kernel_operator_sys_var_intf_impl.h): on Atlas A2 the number of
  // logical AI Cores, each a cube core with its mix_ratio vector cores
  // (GetBlockNum.md), so a mix launch's groups, not its vector cores.
  s.blockNum = groups;
  s.cubeServes = !job.aicOnly && !cubeOnlyBuild;
  ffts().reset(groups, ratio, s.vectorCores);
  // A cube-only build records every core (its cube cores drive the Matmul
  // objects; its vector cores, if any, work after cross-core flags), a
  // group's traces one after another; a mix build its vector cores, whose
  // traces hold the server's work for them.
  const size_t perGroup =
      cubeOnlyBuild ? size_t(1 + (job.aicOnly ? 0 : ratio)) : 0;
  s.tracesPerGroup = perGroup > 1 ? perGroup : 0;
  std::vector<Trace> traces(cubeOnlyBuild ? size_t(groups) * perGroup
                                          : size_t(job.blocks));
  CoreScheduler scheduler(
      [&] {
        s.trace.clear();
        s.trace.recording = !s.quiet && (cubeOnlyBuild || s.clocks.slot != 0);
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
          traces[cubeOnlyBuild
                     ? size_t(s.group) * perGroup + size_t(s.clocks.slot)
                     : size_t(s.blockIdx)] = s.trace;
      });
  scheduler.setMixRatio(ratio);
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
