//===- ffts.h - FFTS cross-core flags of the CPU runtime --------*- C++ -*-===//
//
// The cross-core synchronisation of c220 (Atlas A2), which kernels reach
// through the intrinsics set_ffts_base_addr, ffts_cross_core_sync and
// wait_flag_dev (CANN's NotifyEventImpl / WaitEventImpl,
// impl/basic_api/dav_c220/kernel_operator_sync_impl.h) and which pyasc's
// launch prologue calls directly.
//
// ffts_cross_core_sync(pipe, config) sets a counted flag once `pipe` has
// finished what it was given; config is CANN's GetffstMsg(mode, flagId):
// bit 0 set, the mode in bits 4-5, the flag id in bits 8-11. Mode 2 signals
// between the cube core (AIC) and the vector cores (AIV) of one group: an
// AIC's flag reaches its AIVs, an AIV's its AIC. wait_flag_dev(flagId) takes
// one count of the flag from the calling core's counter and waits until
// there is one. Modes 0 and 1 (all cores of a type, the AIVs of a group) are
// not modelled: asc-run refuses them by name.
//
// The REGIST_MATMUL_OBJ of a mix kernel's client waits for flag 15
// (WORKSPACE_SYNC_ID, kfc_register_obj.h: WaitEvent(WORKSPACE_SYNC_ID)),
// which the AIC sets once it has cleared the message workspace
// (clearWorkspace, kernel_kfc.h: NotifyEvent<PIPE_MTE3>(15), i.e.
// ffts_cross_core_sync(PIPE_MTE3, 0xf21)). bisheng's mix-kernel entry calls
// clearWorkspace; pyasc's kernels call the intrinsic themselves. asc-run's
// kernel entry sets the flag on the AIC unless the kernel's AIC does.
//
// asc-run runs a block's vector core before its cube core, so an AIV's wait
// for an AIC flag is checked when the block's AIC has run (a wait that no
// set matches is reported as a hang). The cost model takes the AIC's flags
// as set before the AIVs wait (the AIC's prologue is its first work): such a
// wait costs nothing.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_FFTS_H
#define ASC_RUN_FFTS_H

#include "asc_run/core.h"

#include <cstdint>
#include <string>
#include <vector>

namespace asc_run {

/// CANN's WORKSPACE_SYNC_ID (kernel_kfc.h).
constexpr int kWorkspaceSyncFlag = 15;
constexpr int kFftsFlags = 16;

struct FftsState {
  /// The FFTS control block's address the launch passes in its `ffts`
  /// argument (0: the launch has none).
  uint64_t launchBase = 0;
  /// What set_ffts_base_addr set on the current core (0: nothing).
  uint64_t base = 0;
  /// Flags the block's AIC set (mode 2: for its AIVs), and the AIV's sets
  /// (for its AIC) not yet taken, with the pipe point each was set at.
  int aicSets[kFftsFlags] = {};
  std::vector<std::pair<int, PipePoint>> aivSets;
  /// The AIV's waits for AIC flags, checked after the block's AIC has run.
  std::vector<std::pair<int, Loc>> aivWaits;

  /// A new block: no flags set, none waited for.
  void resetBlock() {
    for (int &n : aicSets)
      n = 0;
    aivSets.clear();
    aivWaits.clear();
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
/// core).
inline void fftsSet(bool aic, int pipe, uint64_t config, Loc loc) {
  int mode = int((config >> 4) & 0x3), flag = int((config >> 8) & 0xf);
  if ((config & 1) == 0 || config >> 12 != 0)
    misuse(loc, "ffts_cross_core_sync config " + std::to_string(config) +
                    " is not GetffstMsg(mode, flagId) (bit 0 set, mode in "
                    "bits 4-5, flag in bits 8-11)");
  if (mode != 2)
    misuse(loc, "ffts_cross_core_sync mode " + std::to_string(mode) +
                    (mode == 0 ? " (all cores of one type)"
                               : " (the vector cores of one group)") +
                    " is not modelled by asc-run; mode 2 (between the cube "
                    "core and the vector cores of its group) is");
  FftsState &f = ffts();
  if (aic)
    ++f.aicSets[flag];
  else
    f.aivSets.push_back({flag, pointOf(fftsPipe(pipe))});
  scalarWork(1);
}

/// wait_flag_dev(flagId) on the current core (`aic`: the cube core).
inline void fftsWait(bool aic, int64_t flagId, Loc loc) {
  if (flagId < 0 || flagId >= kFftsFlags)
    misuse(loc, "wait_flag_dev(" + std::to_string(flagId) +
                    "): flag ids are 0 to 15");
  FftsState &f = ffts();
  int flag = int(flagId);
  scalarWork(1);
  if (!aic) {
    // Set by the block's AIC, which runs after this core here.
    f.aivWaits.push_back({flag, loc});
    return;
  }
  for (auto it = f.aivSets.begin(); it != f.aivSets.end(); ++it)
    if (it->first == flag) {
      waitSignal(it->second);
      f.aivSets.erase(it);
      return;
    }
  hang("wait_flag_dev(" + std::to_string(flag) + ") at " + loc.str() +
       " on the cube core waits for a flag no vector core of its group set "
       "with ffts_cross_core_sync");
}

/// After the block's AIC has run: each AIV wait takes one of the AIC's
/// sets of its flag; the kernel entry sets flag 15 when the AIC did not.
inline void fftsCheckBlock(bool mix) {
  FftsState &f = ffts();
  if (mix && f.aicSets[kWorkspaceSyncFlag] == 0)
    f.aicSets[kWorkspaceSyncFlag] = 1;
  for (const auto &[flag, loc] : f.aivWaits)
    if (f.aicSets[flag]-- == 0)
      hang("wait_flag_dev(" + std::to_string(flag) + ") at " + loc.str() +
           " on the vector core of block " + std::to_string(state().blockIdx) +
           " waits for a flag its cube core never sets with "
           "ffts_cross_core_sync(pipe, GetffstMsg(2, " +
           std::to_string(flag) + "))");
}

} // namespace asc_run

#endif // ASC_RUN_FFTS_H
