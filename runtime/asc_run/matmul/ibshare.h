//===- ibshare.h - MatmulType IBSHARE: the server's turns and cache -*- C++
//-*-===//
//
// What a Matmul object whose A or B is IBSHARE (MatmulType's sixth
// parameter) changes on the device, independent of the element types:
//
// - The cube core serves the IterateAll messages of such an object from the
//   group's two vector cores in turn, vector core 0 first
//   (MatmulService::SkipMsg, impl/adv_api/detail/matmul/kfc/matmul_server.h:
//   an ITERATE_ALL from the sub-block that sent the last one is skipped;
//   KfcServer's lastMsgId starts at 1, impl/adv_api/detail/kfc/kernel_kfc.h).
// - With CFG_IBSHARE_NORM (doIBShareNorm) the shared operand's L1 buffer is
//   one cache for the cube core (GlobalCache, resource/cube_in_buffer/
//   global_cache.h, set up by MatmulService::Init's gCache.Init()), keyed by
//   the operand's GM address alone (GlobalCache::Hit): a computation whose
//   shared operand has the address of the cached one reads the cached
//   blocks (CubeInBuffer<SINGLE_GLOBAL_BUFFER>::Hit, GetBuffer,
//   cube_in_buffer_single_global_buffer.h) without copying GM again.
// - With A and B both IBSHARE ("sameab") vector core 1 posts no message
//   (MatmulClient::PostMessage returns before sending, include/adv_api/
//   matmul/matmul_client.h) and its synchronous IterateAll waits for the
//   event of vector core 0's (WaitEvent(devEvtID - 1)); the cube core serves
//   vector core 0's IterateAll once both vector cores set flag 9
//   (SyncCubeWithVec, impl/adv_api/detail/matmul/utils/matmul_utils.h,
//   called by MatmulClient::IterateAll and MatmulService::Iterate).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_IBSHARE_H
#define ASC_RUN_MATMUL_IBSHARE_H

#include "asc_run/core.h"
#include "asc_run/ffts.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace asc_run::matmul {

/// The shared operand the cube core's cache holds: its address, its shape
/// as read (rows x columns of the single shape, transposed or not, at its
/// row stride) and its bytes when it was loaded.
struct IbShareCacheEntry {
  bool valid = false;
  const void *address = nullptr;
  std::string shape;
  std::vector<uint8_t> bytes;
  std::string loadedBy;
};

/// A sameab object of one group: vector core 0's IterateAll messages, the
/// IterateAll calls vector core 1 reached, and where each of vector core
/// 0's computations completed (the cube's FIX point its signal carries).
struct SameAbObject {
  uint32_t posted = 0, arrived = 0;
  std::vector<PipePoint> done;
};

struct IbShareState {
  std::map<std::pair<int64_t, int>, SameAbObject> sameAb;
  /// The IterateAll messages each vector core posted, per (group, object).
  std::map<std::pair<int64_t, int>, std::pair<uint32_t, uint32_t>> turns;
  /// The cache of each group's cube core.
  std::map<int64_t, IbShareCacheEntry> caches;
};

inline IbShareState &ibShare() {
  static IbShareState s;
  return s;
}

/// Waits until the server takes the current vector core's next IterateAll
/// of object `object`: vector core 0's k-th after vector core 1's (k-1)-th,
/// vector core 1's k-th after vector core 0's k-th. The computation, which
/// asc-run runs at the post, then follows the other core's earlier one as
/// on the device. A turn that never comes is a hang.
inline void takeIbShareTurn(int object, const std::string &call,
                            const std::string &where) {
  RunState &s = state();
  auto &counts = ibShare().turns[{s.group, object}];
  int sub = s.subBlock;
  uint32_t k = ++(sub == 0 ? counts.first : counts.second);
  auto ready = [&counts, sub, k] {
    return sub == 0 ? counts.second + 1 >= k : counts.first >= k;
  };
  waitForOtherCores(
      ready, call + " at " + where + " on vector core " + std::to_string(sub) +
                 " of group " + std::to_string(s.group) +
                 " waits for its turn: with IBSHARE the cube core takes the "
                 "IterateAll messages of Matmul object #" +
                 std::to_string(object) +
                 " from the group's vector cores in turn, vector core 0 first "
                 "(MatmulService::SkipMsg, matmul_server.h), and vector core " +
                 std::to_string(1 - sub) +
                 " never posts its IterateAll number " +
                 std::to_string(sub == 0 ? k - 1 : k));
}

/// Vector core 0's IterateAll number k of a sameab object: the cube core
/// serves it once vector core 1 reached its IterateAll number k too.
inline void sameAbLead(int object, const std::string &call,
                       const std::string &where) {
  RunState &s = state();
  SameAbObject &o = ibShare().sameAb[{s.group, object}];
  uint32_t k = ++o.posted;
  waitForOtherCores(
      [&o, k] { return o.arrived >= k; },
      call + " at " + where + " on vector core 0 of group " +
          std::to_string(s.group) +
          " waits for vector core 1: with IBSHARE A and B the cube core "
          "serves it once both vector cores set flag 9 (SyncCubeWithVec, "
          "matmul_utils.h), and vector core 1 never reaches its IterateAll "
          "number " +
          std::to_string(k) + " of Matmul object #" + std::to_string(object));
}

/// Vector core 0's computation has completed (its synchronous call took
/// its signal): where, for vector core 1's wait.
inline void sameAbLeadDone(int object) {
  RunState &s = state();
  ibShare().sameAb[{s.group, object}].done.push_back(crossCorePoint(10));
}

/// Vector core 1's IterateAll number k of a sameab object: no message; it
/// waits for the signal of vector core 0's IterateAll number k, which the
/// cube core sets on both vector cores (NotifyEvent of mode 2), and then
/// sees what that computation wrote.
inline void sameAbFollow(int object, const std::string &call,
                         const std::string &where) {
  RunState &s = state();
  SameAbObject &o = ibShare().sameAb[{s.group, object}];
  uint32_t k = ++o.arrived;
  waitForOtherCores([&o, k] { return o.done.size() >= k; },
                    call + " at " + where + " on vector core 1 of group " +
                        std::to_string(s.group) +
                        " waits for the signal of vector core 0's IterateAll "
                        "number " +
                        std::to_string(k) + " of Matmul object #" +
                        std::to_string(object) +
                        " (IBSHARE A and B: vector core 1 posts nothing, "
                        "MatmulClient::IterateAll), which never comes");
  takeCrossCore(o.done[k - 1]);
}

/// The cube core's cache for a computation whose shared operand is at
/// `address` with `shape` and, as GM holds it now, `bytes`: a miss loads
/// it; a hit must find what the device's cached blocks hold, else the
/// device computes with blocks asc-run does not model: the returned reason
/// is refused by the caller. Empty: modelled.
inline std::string useIbShareCache(const void *address,
                                   const std::string &shape,
                                   std::vector<uint8_t> bytes,
                                   const std::string &call) {
  IbShareCacheEntry &c = ibShare().caches[state().group];
  if (c.valid && c.address == address) {
    if (c.shape != shape)
      return "a shared operand IBShare's L1 cache holds (loaded by " +
             c.loadedBy + " as " + c.shape + ") read again as " + shape;
    if (c.bytes != bytes)
      return "a shared operand whose GM bytes changed since IBShare's L1 "
             "cache loaded them (" +
             c.loadedBy + "): the cube reads the cached blocks";
    return "";
  }
  c.valid = true;
  c.address = address;
  c.shape = shape;
  c.bytes = std::move(bytes);
  c.loadedBy = call;
  return "";
}

} // namespace asc_run::matmul

#endif // ASC_RUN_MATMUL_IBSHARE_H
