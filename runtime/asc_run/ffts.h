//===- ffts.h - cross-core flags and SyncAll of the runtime ---*- C++ -*-===//
//
// The cross-core synchronisation of c220 (Atlas A2): the intrinsics
// set_ffts_base_addr, ffts_cross_core_sync and wait_flag_dev (CANN's
// NotifyEventImpl / WaitEventImpl, impl/basic_api/dav_c220/
// kernel_operator_sync_impl.h), which pyasc's launch prologue calls
// directly, CrossCoreSetFlag<mode, pipe>(id) / CrossCoreWaitFlag(id) over
// them (kernel_operator_block_sync_intf.h), and SyncAll (SyncAllImpl).
// Spec section 2c, O6 and O7.
//
// ffts_cross_core_sync(pipe, config) sets a counted flag once `pipe` has
// finished what it was given; config is CANN's GetffstMsg(mode, flagId):
// bit 0 set, the mode in bits 4-5, the flag id in bits 8-11. Mode 2 signals
// between the cube core (AIC) and the vector cores (AIV) of one group: an
// AIC's set reaches each of its AIVs; an AIC's wait takes one set of each of
// its AIVs (SyncAllImpl<false> waits once for SYNC_AIV_FLAG, which every
// AIV of the group sets). Mode 0 synchronises every core of the setter's
// type in the launch (all AICs, or all AIVs), mode 1 the AIVs of one group:
// once every such core has set the flag, each one's counter counts one
// (CrossCoreSetFlag(ISASI).md and 关键特性说明.md of asc-devkit's docs,
// 核间同步). wait_flag_dev(flagId) holds back every later instruction of its
// core until its counter for the flag is non-zero and takes one count.
// SyncAll, which CANN builds on mode 0, is modelled as the barrier it is.
//
// asc-run runs the cores of a launch as coroutines (launch/cores.h): a wait
// for a flag not yet set suspends its core until another core sets it; when
// every unfinished core waits, the kernel hangs on the device, and asc-run
// reports the first wait. The set carries what its pipe had seen (its
// vector clock) to every pipe of the waiting core, so the race checker sees
// exactly the orderings the flags give. In the cost model a cross-core
// wait of mode 2 or 1 starts after the sets it takes, plus the signal's
// latency, where the build records every core (a cube-only build: the
// cube core drives the Matmul objects); mode 0, SyncAll and the mix
// build's flags stay free (each group is scheduled on its own).
//
// The REGIST_MATMUL_OBJ of a mix kernel's client waits for flag 15
// (WORKSPACE_SYNC_ID, kfc_register_obj.h: WaitEvent(WORKSPACE_SYNC_ID)),
// which the AIC sets once it has cleared the message workspace
// (clearWorkspace, kernel_kfc.h: NotifyEvent<PIPE_MTE3>(15), i.e.
// ffts_cross_core_sync(PIPE_MTE3, 0xf21)). bisheng's mix-kernel entry calls
// clearWorkspace; pyasc's kernels call the intrinsic themselves. asc-run's
// kernel entry sets the flag for the AIVs when the AIC has finished
// without setting it.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_FFTS_H
#define ASC_RUN_FFTS_H

#include "asc_run/core.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

namespace asc_run {

/// CANN's WORKSPACE_SYNC_ID (kernel_kfc.h).
constexpr int kWorkspaceSyncFlag = 15;
constexpr int kFftsFlags = 16;

/// One count of a core's flag counter: the point the set (or, for a flag
/// several cores set, the join of theirs in this group) stood at, and
/// whether a mode-0 round of every core of a type gave it.
struct FlagCount {
  PipePoint point;
  bool modeZero = false;
  FlagCount(PipePoint p = PipePoint(), bool zero = false)
      : point(p), modeZero(zero) {}
};

/// The flags of one group: each core's counters (CANN's 16 per core, shared
/// by the modes) and the mode 1 and 2 sets of its vector cores not yet
/// complete (a set counts once every core of the mode has set).
struct GroupFlags {
  /// Each AIV's counters (by sub-block index): every set that reached it.
  std::deque<FlagCount> toAiv[kCoreSlots - 1][kFftsFlags];
  /// The AIC's counters.
  std::deque<FlagCount> toAic[kFftsFlags];
  /// Sets of each AIV not yet matched by one of every AIV of the group:
  /// mode 2 (for the AIC) and mode 1 (for the AIVs).
  std::deque<PipePoint> aivSets[2][kCoreSlots - 1][kFftsFlags];
  /// Whether the AIC set flag 15 itself.
  bool aicSetWorkspaceFlag = false;
};

/// The SyncAll barriers: arrivals at the current one of each kind (0
/// SyncAll<true>, 1 SyncAll<false>), what the arrived cores had seen per
/// group, and per passed barrier what each group had seen at it.
struct Barriers {
  uint64_t arrived[2] = {};
  uint64_t generation[2] = {};
  std::vector<Clock> seen[2];
  std::vector<std::vector<Clock>> passed[2];
};

/// The mode-0 sets (every AIC, or every AIV, of the launch) not yet matched
/// by one of every core of the type: per flag, per core (the group of an
/// AIC, the block of an AIV).
struct ModeZeroSets {
  std::vector<std::deque<PipePoint>> aic[kFftsFlags], aiv[kFftsFlags];
};

struct FftsState {
  /// The FFTS control block's address the launch passes in its `ffts`
  /// argument (0: the launch has none).
  uint64_t launchBase = 0;
  /// What set_ffts_base_addr set last (0: nothing).
  uint64_t base = 0;
  std::vector<GroupFlags> groups;
  Barriers barriers;
  ModeZeroSets modeZero;
  int vectorCoresPerGroup = 1;
  int64_t vectorCores = 0;

  void reset(int64_t groupCount, int ratio, int64_t vectorCoreCount) {
    groups.assign(size_t(groupCount), GroupFlags());
    barriers = Barriers();
    modeZero = ModeZeroSets();
    for (int f = 0; f < kFftsFlags; ++f) {
      modeZero.aic[f].resize(size_t(groupCount));
      modeZero.aiv[f].resize(size_t(vectorCoreCount));
    }
    vectorCoresPerGroup = ratio;
    vectorCores = vectorCoreCount;
  }
  /// The vector cores of group `g` (the last group of a 1:2 launch with an
  /// odd block count has one).
  int vectorCoresOf(size_t g) const {
    int64_t left = vectorCores - int64_t(g) * vectorCoresPerGroup;
    return int(
        std::max<int64_t>(0, std::min<int64_t>(vectorCoresPerGroup, left)));
  }
  GroupFlags &group() {
    if (groups.empty())
      groups.resize(1);
    return groups[size_t(state().group) % groups.size()];
  }
};

inline FftsState &ffts() {
  static FftsState s;
  return s;
}

/// The pipe of an intrinsic's pipe_t argument (pipe_t's values: PIPE_S 0,
/// PIPE_V 1, PIPE_M 2, PIPE_MTE1 3, PIPE_MTE2 4, PIPE_MTE3 5, PIPE_ALL 6,
/// PIPE_FIX 10); the cube core's own pipes are its one server unit.
inline Pipe fftsPipe(int pipe) {
  switch (pipe) {
  case 1:
    return PipeV;
  case 4:
    return PipeMte2;
  case 5:
    return PipeMte3;
  case 2:
  case 3:
  case 10:
    return PipeCube;
  default:
    return PipeS;
  }
}

/// Where a cross-core set on `pipe` stands: what the pipe had seen (with
/// PIPE_ALL, every pipe). Cross-core points carry no cost-model node.
inline PipePoint crossCorePoint(int pipe) {
  RunState &s = state();
  PipePoint point;
  if (pipe == 6) {
    for (Pipe p : {PipeS, PipeV, PipeMte2, PipeMte3, PipeCube})
      joinInto(point.clock, s.clocks.vc[p]);
  } else {
    point.clock = s.clocks.vc[fftsPipe(pipe)];
  }
  return point;
}

/// The waiting core has seen `point`: every later instruction of each of
/// its pipes (the cube core's inline Matmul work too) follows it.
inline void takeCrossCore(const PipePoint &point) {
  RunState &s = state();
  s.clocks.waitSignal(point.clock);
  s.trace.crossCoreWait(point.crossCoreSets);
  if (s.clocks.slot == 0)
    s.clocks.join(PipeCube, point.clock);
}

/// Suspends the current core until `ready()`; a launch without cores to
/// switch to (no scheduler) hangs at once.
inline void waitForOtherCores(const std::function<bool()> &ready,
                              const std::string &what, bool secondary = false) {
  if (ready())
    return;
  if (!state().waitUntil)
    hang(what);
  state().waitUntil(ready, what, secondary);
}

/// The core that runs now, for messages: "the cube core" or "vector core
/// 1".
inline std::string currentCoreName() {
  return state().clocks.slot == 0
             ? std::string("the cube core")
             : "vector core " + std::to_string(state().subBlock);
}

inline void fftsSetBase(uint64_t address, Loc loc) {
  FftsState &f = ffts();
  if (f.launchBase != 0 && address != f.launchBase) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "set_ffts_base_addr(0x%llx) is not the FFTS block address "
                  "the launch passes in its ffts argument (0x%llx)",
                  static_cast<unsigned long long>(address),
                  static_cast<unsigned long long>(f.launchBase));
    misuse(loc, text);
  }
  f.base = address;
  scalarWork(1);
}

/// ffts_cross_core_sync(pipe, config) on the current core (`aic`: the cube
/// core); `api` names the call for messages.
inline void fftsSet(bool aic, int pipe, uint64_t config, Loc loc,
                    const std::string &api = "ffts_cross_core_sync") {
  int mode = int((config >> 4) & 0x3), flag = int((config >> 8) & 0xf);
  if ((config & 1) == 0 || config >> 12 != 0)
    misuse(loc, api + " config " + std::to_string(config) +
                    " is not GetffstMsg(mode, flagId) (bit 0 set, mode in "
                    "bits 4-5, flag in bits 8-11)");
  if (mode == 3)
    misuse(loc, api + " mode 3 is no cross-core flag mode of Atlas A2 "
                      "(modes 0, 1 and 2: CrossCoreSetFlag(ISASI).md)");
  if (mode == 1 && aic)
    misuse(loc, api + " mode 1 on the cube core: mode 1 synchronises the "
                      "vector cores of one group (CrossCoreSetFlag(ISASI).md)");
  FftsState &f = ffts();
  GroupFlags &g = f.group();
  size_t group = size_t(state().group);
  PipePoint point = crossCorePoint(pipe);
  // The set's place in the cost model: the wait that takes it starts after
  // it (mode 2 and mode 1, within the group).
  if (state().trace.recording && mode != 0)
    point.crossCoreSets = {
        {state().clocks.slot,
         state().trace.crossCoreSet(pipe == 6 ? PipeS : fftsPipe(pipe))}};
  int sub = state().subBlock % (kCoreSlots - 1);
  int aivs = f.vectorCoresOf(group);
  // A set of one of the group's AIVs completes once each AIV of the group
  // has one (mode 2 for the AIC, mode 1 for every AIV of the group).
  auto matchAivs = [&](int kind, const std::function<void(PipePoint)> &done) {
    g.aivSets[kind][sub][flag].push_back(point);
    for (int v = 0; v < aivs; ++v)
      if (g.aivSets[kind][v][flag].empty())
        return;
    PipePoint all;
    for (int v = 0; v < aivs; ++v) {
      const PipePoint &set = g.aivSets[kind][v][flag].front();
      joinInto(all.clock, set.clock);
      all.crossCoreSets.insert(all.crossCoreSets.end(),
                               set.crossCoreSets.begin(),
                               set.crossCoreSets.end());
      g.aivSets[kind][v][flag].pop_front();
    }
    done(all);
  };
  if (mode == 2 && aic) {
    for (int v = 0; v < f.vectorCoresPerGroup; ++v)
      g.toAiv[v][flag].push_back(point);
    if (flag == kWorkspaceSyncFlag)
      g.aicSetWorkspaceFlag = true;
  } else if (mode == 2) {
    matchAivs(0, [&](PipePoint all) { g.toAic[flag].push_back(all); });
  } else if (mode == 1) {
    matchAivs(1, [&](PipePoint all) {
      for (int v = 0; v < aivs; ++v)
        g.toAiv[v][flag].push_back(all);
    });
  } else {
    // Mode 0: once every core of the type has set the flag, each one's
    // counter counts one. Within a group the set carries its pipe's clock;
    // between groups the round orders the accesses (checkBlocksDisjoint).
    std::vector<std::deque<PipePoint>> &sets =
        aic ? f.modeZero.aic[flag] : f.modeZero.aiv[flag];
    sets[size_t(aic ? state().group : state().blockIdx)].push_back(point);
    ++state().modeZeroSets;
    for (const std::deque<PipePoint> &q : sets)
      if (q.empty()) {
        scalarWork(1);
        return;
      }
    std::vector<PipePoint> perGroup(f.groups.size());
    for (size_t c = 0; c < sets.size(); ++c) {
      size_t owner = aic ? c : size_t(c) / size_t(f.vectorCoresPerGroup);
      joinInto(perGroup[owner].clock, sets[c].front().clock);
      sets[c].pop_front();
    }
    for (size_t gi = 0; gi < f.groups.size(); ++gi) {
      if (aic)
        f.groups[gi].toAic[flag].push_back({perGroup[gi], true});
      else
        for (int v = 0; v < f.vectorCoresOf(gi); ++v)
          f.groups[gi].toAiv[v][flag].push_back({perGroup[gi], true});
    }
  }
  scalarWork(1);
}

/// Why a wait for `flag` on the current core never returns, for the hang
/// report: the sets of this core that wait for the other cores of their
/// mode, or the cube core's set (mode 2) it never gets.
inline std::string unmatchedWait(bool aic, int flag) {
  FftsState &f = ffts();
  GroupFlags &g = f.group();
  int sub = state().subBlock % (kCoreSlots - 1);
  std::string id = std::to_string(flag);
  const auto &zero = aic ? f.modeZero.aic[flag] : f.modeZero.aiv[flag];
  size_t me = size_t(aic ? state().group : state().blockIdx);
  if (me < zero.size() && !zero[me].empty())
    return std::string(" waits for a mode-0 flag not every ") +
           (aic ? "cube core" : "vector core") +
           " of the launch sets (CrossCoreSetFlag<0, pipe>(" + id + "))";
  if (!aic && !g.aivSets[1][sub][flag].empty())
    return " waits for a mode-1 flag not every vector core of its group "
           "sets (CrossCoreSetFlag<1, pipe>(" +
           id + "))";
  return std::string(aic ? " waits for a flag a vector core of its group "
                           "never sets"
                         : " waits for a flag its cube core never sets") +
         " (CrossCoreSetFlag<2, pipe>(" + id +
         "), ffts_cross_core_sync(pipe, GetffstMsg(2, " + id + ")))";
}

/// wait_flag_dev(flagId) on the current core (`aic`: the cube core): it
/// takes one count of the core's counter for the flag.
inline void fftsWait(bool aic, int64_t flagId, Loc loc,
                     const std::string &api = "wait_flag_dev") {
  if (flagId < 0 || flagId >= kFftsFlags)
    misuse(loc, api + "(" + std::to_string(flagId) + "): flag ids are 0 to 15");
  int flag = int(flagId);
  scalarWork(1);
  FftsState &f = ffts();
  size_t group = size_t(state().group);
  std::string what = api + "(" + std::to_string(flag) + ") at " + loc.str() +
                     " on " + currentCoreName() + " of block " +
                     std::to_string(state().blockIdx) +
                     unmatchedWait(aic, flag);
  int sub = state().subBlock % (kCoreSlots - 1);
  std::deque<FlagCount> *counter = nullptr;
  waitForOtherCores(
      [&f, group, sub, flag, aic, &counter] {
        GroupFlags &g = f.groups[group];
        counter = aic ? &g.toAic[flag] : &g.toAiv[sub][flag];
        return !counter->empty();
      },
      what, /*secondary=*/!aic && flag == kWorkspaceSyncFlag);
  GroupFlags &g = f.groups[group];
  counter = aic ? &g.toAic[flag] : &g.toAiv[sub][flag];
  FlagCount count = counter->front();
  counter->pop_front();
  takeCrossCore(count.point);
  if (count.modeZero)
    ++state().modeZeroTaken;
}

/// SyncAll<isAIVOnly>(): PipeBarrier<PIPE_ALL>, then every participating
/// core (every vector core of the launch; with false every core) waits for
/// all the others, and each has then seen what the others had done.
inline void syncAll(bool aivOnly, Loc loc) {
  RunState &s = state();
  bool aic = s.clocks.slot == 0;
  std::string call = aivOnly ? "SyncAll<true>()" : "SyncAll<false>()";
  if (aivOnly && aic)
    misuse(loc, call + " on the cube core: SyncAll<true> synchronises the "
                       "vector cores only (SyncAllImpl)");
  barrierAll();
  FftsState &f = ffts();
  Barriers &b = f.barriers;
  int kind = aivOnly ? 0 : 1;
  uint64_t participants =
      uint64_t(s.vectorCores) + (aivOnly ? 0 : uint64_t(s.groups));
  if (b.seen[kind].size() != size_t(s.groups))
    b.seen[kind].assign(size_t(s.groups), Clock{});
  Clock mine = {};
  for (Pipe p : {PipeS, PipeV, PipeMte2, PipeMte3, PipeCube})
    joinInto(mine, s.clocks.vc[p]);
  size_t group = size_t(s.group);
  joinInto(b.seen[kind][group], mine);
  uint64_t generation = b.generation[kind];
  if (++b.arrived[kind] == participants) {
    b.passed[kind].push_back(b.seen[kind]);
    b.seen[kind].assign(size_t(s.groups), Clock{});
    b.arrived[kind] = 0;
    ++b.generation[kind];
  }
  waitForOtherCores(
      [&b, kind, generation] { return b.generation[kind] > generation; },
      call + " at " + loc.str() + " on " + currentCoreName() + " of block " +
          std::to_string(s.blockIdx) + " waits for cores that never call it" +
          (aivOnly || !s.cubeServes
               ? ""
               : " (in a mix kernel without ASCENDC_CUBE_ONLY the cube "
                 "core serves the Matmul objects and never joins: rule "
                 "P5)"));
  PipePoint point;
  point.clock = b.passed[kind][generation][group];
  takeCrossCore(point);
  // `s` is the run state, which holds this core's part again.
  ++s.aivEpoch;
  if (!aivOnly)
    ++s.allEpoch;
}

} // namespace asc_run

#endif // ASC_RUN_FFTS_H
