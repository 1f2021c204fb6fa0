//===- cores.h - the cores of a launch, run as coroutines -------*- C++ -*-===//
//
// A launch has, per group, a cube core (AIC) and the vector cores (AIV) it
// serves (mix 1:1 or 1:2; an aic_only launch has cube cores alone). On the
// device they run at once and meet only at cross-core flags and SyncAll
// (spec section 2c, O6 and O7). asc-run runs each core as a coroutine on
// its own stack, one at a time, in a fixed order (per group its vector
// cores, then its cube core): each runs until it finishes or waits for
// something another core has not done yet, and then the next one that can
// go on does. Runs are deterministic, and a kernel with no cross-core wait
// runs as the plain sequence of its cores. When every unfinished core
// waits, the kernel hangs on the device: asc-run reports the first wait.
//
// The scheduler swaps each core's part of the run state (its block index,
// clocks, pending Matmul work, trace, local memories) and its group's part
// (the shared shadow memory) in and out, so the rest of the runtime sees
// one core at a time as before.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LAUNCH_CORES_H
#define ASC_RUN_LAUNCH_CORES_H

#include "kernel_operator.h"

#include <sys/mman.h>
#include <ucontext.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace asc_run {

/// One core of the launch.
struct CoreRun {
  int32_t type = 0; ///< AscendC::AIC or AscendC::AIV
  enum Status { NotStarted, Runnable, Waiting, Done } status = NotStarted;
  std::function<bool()> ready; ///< what a waiting core waits for
  std::string waitingFor;      ///< and how to report it if it never comes
  bool secondaryWait = false;  ///< the runtime's own wait (ffts.h)
  ucontext_t context;
  void *stack = nullptr;
  CoreLocals locals; ///< its state while another core runs
  /// AscendC's local-memory bases (kernel_operator.h) while another runs.
  AscendC::detail::LocalBases localBases;
  /// Its built-in variables block_idx, block_num, sub_block_idx and
  /// sub_block_num (kernel_operator.h) while another runs.
  int64_t builtins[4] = {0, 1, 0, 1};
};

class CoreScheduler {
public:
  /// `body` runs the kernel on the current core and returns when it does;
  /// `finish` runs in the core's context after it (its end-of-kernel
  /// checks).
  CoreScheduler(std::function<void()> body, std::function<void()> finish)
      : body_(std::move(body)), finish_(std::move(finish)) {}
  ~CoreScheduler() {
    for (CoreRun &c : cores_)
      releaseStack(c);
  }

  /// The launch's vector cores per cube core (1 or 2).
  void setMixRatio(int ratio) { mixRatio_ = ratio; }

  /// Adds a core of `group`; `slot` 0 is the cube core, 1 + the sub-block
  /// index a vector core.
  void addCore(int32_t type, int64_t blockIdx, int64_t group, int slot,
               bool quiet) {
    if (size_t(group) >= groups_.size())
      groups_.resize(size_t(group) + 1);
    CoreRun c;
    c.type = type;
    c.locals.blockIdx = blockIdx;
    c.locals.coreType = type;
    c.locals.quiet = quiet;
    c.locals.group = group;
    c.locals.subBlock = slot == 0 ? 0 : slot - 1;
    c.locals.clocks.slot = slot;
    c.builtins[0] = group;
    c.builtins[2] = slot == 0 ? 0 : slot - 1;
    cores_.push_back(std::move(c));
  }

  /// Runs every core to its end. `resolve` may unblock waiting cores when
  /// all wait (the kernel entry's own flag); otherwise the first wait is
  /// reported as a hang.
  void run(const std::function<bool()> &resolve) {
    setGroupCounts();
    RunState &s = state();
    s.waitUntil = [this](const std::function<bool()> &ready,
                         const std::string &what,
                         bool secondary) { suspend(ready, what, secondary); };
    for (;;) {
      bool progressed = false, unfinished = false;
      for (size_t i = 0; i < cores_.size(); ++i) {
        CoreRun &c = cores_[i];
        if (c.status == CoreRun::Done)
          continue;
        unfinished = true;
        if (c.status == CoreRun::Waiting) {
          switchIn(i);
          bool go = c.ready();
          switchOut(i);
          if (!go)
            continue;
          c.status = CoreRun::Runnable;
        }
        resume(i);
        progressed = true;
      }
      if (!unfinished)
        break;
      if (!progressed && !resolve())
        reportHang();
    }
    s.waitUntil = nullptr;
  }

  const std::vector<CoreRun> &cores() const { return cores_; }

private:
  static constexpr size_t kStackBytes = size_t(256) << 20;

  static void entry() {
    CoreScheduler *self = running();
    self->body_();
    self->finish_();
    self->cores_[self->current_].status = CoreRun::Done;
    swapcontext(&self->cores_[self->current_].context, &self->main_);
  }
  static CoreScheduler *&running() {
    static CoreScheduler *scheduler = nullptr;
    return scheduler;
  }

  /// block_num (the groups) and sub_block_num (the launch's vector cores
  /// per cube core, as the hardware's get_subblockdim; 1 on a cube core) of
  /// every core.
  void setGroupCounts() {
    for (CoreRun &c : cores_) {
      c.builtins[1] = int64_t(groups_.size());
      c.builtins[3] = c.type == AscendC::AIV ? mixRatio_ : 1;
    }
  }
  void swapBuiltins(CoreRun &c) {
    std::swap(block_idx, c.builtins[0]);
    std::swap(block_num, c.builtins[1]);
    std::swap(sub_block_idx, c.builtins[2]);
    std::swap(sub_block_num, c.builtins[3]);
  }
  void switchIn(size_t i) {
    current_ = i;
    CoreRun &c = cores_[i];
    RunState &s = state();
    swapCoreLocals(s, c.locals);
    swapGroupLocals(s, groups_[size_t(s.group)]);
    std::swap(AscendC::detail::localBases(), c.localBases);
    swapBuiltins(c);
    g_coreType = c.type;
  }
  void switchOut(size_t i) {
    CoreRun &c = cores_[i];
    RunState &s = state();
    swapBuiltins(c);
    std::swap(AscendC::detail::localBases(), c.localBases);
    swapGroupLocals(s, groups_[size_t(s.group)]);
    swapCoreLocals(s, c.locals);
  }

  /// Runs core `i` from where it stopped (or from its start) until it
  /// finishes or waits.
  void resume(size_t i) {
    CoreRun &c = cores_[i];
    switchIn(i);
    running() = this;
    if (c.status == CoreRun::NotStarted) {
      c.stack = mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (c.stack == MAP_FAILED) {
        std::fprintf(stderr, "asc-run: cannot map a core's stack\n");
        std::exit(kExitBadLaunch);
      }
      getcontext(&c.context);
      c.context.uc_stack.ss_sp = c.stack;
      c.context.uc_stack.ss_size = kStackBytes;
      c.context.uc_link = nullptr;
      makecontext(&c.context, &CoreScheduler::entry, 0);
      c.status = CoreRun::Runnable;
    }
    swapcontext(&main_, &c.context);
    switchOut(i);
    if (c.status == CoreRun::Done) {
      releaseStack(c);
      forgetFinishedGroup(c.locals.group);
    }
  }

  /// Frees the shared shadow of a group whose cores have all finished.
  void forgetFinishedGroup(int64_t group) {
    for (const CoreRun &c : cores_)
      if (c.locals.group == group && c.status != CoreRun::Done)
        return;
    groups_[size_t(group)] = GroupLocals();
  }

  /// In a core: waits until `ready()` holds, letting the others run.
  void suspend(const std::function<bool()> &ready, const std::string &what,
               bool secondary) {
    CoreRun &c = cores_[current_];
    c.status = CoreRun::Waiting;
    c.ready = ready;
    c.waitingFor = what;
    c.secondaryWait = secondary;
    swapcontext(&c.context, &main_);
  }

  /// Reports the first stuck wait the kernel wrote (the runtime's own
  /// waits are stuck because of it), else the first stuck wait.
  [[noreturn]] void reportHang() {
    for (bool secondary : {false, true})
      for (size_t i = 0; i < cores_.size(); ++i)
        if (cores_[i].status == CoreRun::Waiting &&
            cores_[i].secondaryWait == secondary) {
          switchIn(i);
          hang(cores_[i].waitingFor);
        }
    hang("the launch's cores wait for each other");
  }

  static void releaseStack(CoreRun &c) {
    if (c.stack && c.stack != MAP_FAILED)
      munmap(c.stack, kStackBytes);
    c.stack = nullptr;
  }

  std::function<void()> body_, finish_;
  std::vector<CoreRun> cores_;
  std::vector<GroupLocals> groups_;
  int mixRatio_ = 1;
  size_t current_ = 0;
  ucontext_t main_;
};

} // namespace asc_run

#endif // ASC_RUN_LAUNCH_CORES_H
