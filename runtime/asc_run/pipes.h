//===- pipes.h - happens-before over the pipes of an AI core ----*- C++ -*-===//
//
// The vector core issues its instructions in program order, but each runs
// on a pipe of its own: the scalar unit (S), the vector unit (V), MTE2 (GM to
// UB) and MTE3 (UB to GM). The pipes run side by side and see each other's
// memory only through explicit ordering: a flag one pipe sets and another
// waits for (SetFlag/WaitFlag, which EnQue/DeQue and AllocTensor/FreeTensor
// use), PipeBarrier<PIPE_ALL>, and the cross-core signals of the Matmul
// server. The server (the cube core) is one more pipe here.
//
// As a thread sanitizer does for threads, each pipe keeps a vector clock;
// each access is recorded with its pipe's clock; an access races with an
// earlier one of overlapping bytes, one of them a write, when its pipe's
// clock has not seen the earlier one. The shadow memory keeps, per byte
// range, the last write and each pipe's last read.
//
// Program order (spec section 2c, O1) orders one pipe's accesses only on S,
// V and the Matmul server (whose loads and FIXPIPE writes CANN's MatmulImpl
// synchronises itself): MTE2 and MTE3 start their copies in order but let
// them overlap, so two overlapping accesses of one of them are ordered only
// by PipeBarrier<pipe>, PIPE_ALL, or a chain of flags through another pipe.
// A pipe's clock therefore counts its own accesses twice: the component of
// its lane is what it publishes (a flag it sets fires once all its earlier
// accesses are done), `selfDone` what its next access is ordered after.
//
// The cores of one group (a cube core and its vector cores, spec section
// 2c O6) share a shadow: a clock has one component per lane, a pipe of one
// core slot of the group, so that a cross-core flag carries what the
// setting core's pipe had seen to every pipe of the waiting core.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_PIPES_H
#define ASC_RUN_PIPES_H

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>

namespace asc_run {

/// The pipes the checker orders. PipeCube is the cube core's Matmul server
/// (its loads of A and B and its FIXPIPE writes of C, in message order).
enum Pipe : uint8_t { PipeS = 0, PipeV, PipeMte2, PipeMte3, PipeCube, kPipes };

inline const char *pipeName(Pipe pipe) {
  switch (pipe) {
  case PipeS:
    return "S";
  case PipeV:
    return "V";
  case PipeMte2:
    return "MTE2";
  case PipeMte3:
    return "MTE3";
  case PipeCube:
    return "cube";
  default:
    return "?";
  }
}

/// The cores of a group that share a shadow: slot 0 the cube core, slots
/// 1 and 2 its vector cores (mix 1:2 at most).
constexpr int kCoreSlots = 3;
/// A pipe of one core slot: slot * kPipes + pipe.
constexpr int kLanes = kPipes * kCoreSlots;
using Lane = uint8_t;
constexpr Lane kNoLane = kLanes;
inline Pipe pipeOfLane(Lane lane) { return Pipe(lane % kPipes); }
inline int slotOfLane(Lane lane) { return lane / kPipes; }

using Clock = std::array<uint32_t, kLanes>;

inline void joinInto(Clock &into, const Clock &from) {
  for (int i = 0; i < kLanes; ++i)
    into[i] = std::max(into[i], from[i]);
}

/// Whether program order alone orders two accesses of `p` (O1): S and V
/// run in order; MTE2 and MTE3 overlap their copies. The server is one
/// pipe here, in message order (its own pipes are CANN's to synchronise).
constexpr bool inOrderPipe(Pipe p) { return p != PipeMte2 && p != PipeMte3; }

/// The vector clocks of one core's pipes (a vector core's also of its
/// Matmul server).
struct PipeClocks {
  /// What each pipe has seen; the pipe's own component counts its accesses
  /// issued so far, which is what a flag it sets publishes.
  Clock vc[kPipes] = {};
  /// Per pipe, how many of its own accesses its next access is ordered
  /// after: all of them for an in-order pipe; for MTE2 and MTE3 those a
  /// PipeBarrier or a flag through another pipe ordered (O1).
  uint32_t selfDone[kPipes] = {};
  /// What the previous Matmul post's message copy (an MTE3 instruction) had
  /// seen: the next post's AllocMessage waits for it (WaitFlag<MTE3_S>).
  Clock lastMessage = {};
  /// The core's slot in its group (its lanes).
  int slot = 0;

  void reset() {
    int keep = slot;
    *this = PipeClocks();
    slot = keep;
  }
  Lane lane(Pipe p) const { return Lane(slot * kPipes + p); }
  /// Pipe `p` does one more thing: its own component advances.
  uint32_t tick(Pipe p) {
    uint32_t now = ++vc[p][lane(p)];
    if (inOrderPipe(p))
      selfDone[p] = now;
    return now;
  }

  /// What an access of `p` is ordered after: its clock, with its own
  /// component the accesses that program order and its barriers order.
  Clock seenBy(Pipe p) const {
    Clock seen = vc[p];
    seen[lane(p)] = selfDone[p];
    return seen;
  }

  /// Pipe `to` waits for `from` (a flag's point, a signal): it has seen
  /// what `from` had, its own earlier accesses included.
  void join(Pipe to, const Clock &from) {
    joinInto(vc[to], from);
    selfDone[to] = std::max(selfDone[to], from[lane(to)]);
  }

  /// PipeBarrier<p>: the later accesses of `p` follow its earlier ones.
  void barrier(Pipe p) { selfDone[p] = vc[p][lane(p)]; }

  /// Pipe `to` waits for what pipe `from` did so far: SetFlag<from_to> then
  /// WaitFlag<from_to>.
  void order(Pipe from, Pipe to) { join(to, vc[from]); }

  /// PipeBarrier<PIPE_ALL>: every pipe of the vector core waits for all.
  void barrierAll() {
    Clock all = {};
    for (Pipe p : {PipeS, PipeV, PipeMte2, PipeMte3})
      joinInto(all, vc[p]);
    for (Pipe p : {PipeS, PipeV, PipeMte2, PipeMte3})
      join(p, all);
  }

  /// A cross-core wait (WaitEvent, wait_flag_dev) stalls the issue of every
  /// later instruction: each pipe of the vector core has then seen `signal`.
  void waitSignal(const Clock &signal) {
    for (Pipe p : {PipeS, PipeV, PipeMte2, PipeMte3})
      join(p, signal);
  }

  /// A Matmul post (CANN's KfcCommClient::AllocMessage and PostMessage): the
  /// scalar unit waits for the previous message copy (WaitFlag<MTE3_S>), the
  /// copy waits for the scalar writes of the message (SetFlag/WaitFlag
  /// <S_MTE3>) and for every earlier MTE3 copy (PipeBarrier<PIPE_MTE3>,
  /// which also orders those before the later ones), and the server, which
  /// reads the message in order, has seen it all.
  void post() {
    join(PipeS, lastMessage);
    join(PipeMte3, vc[PipeS]);
    barrier(PipeMte3);
    tick(PipeMte3);
    lastMessage = vc[PipeMte3];
    join(PipeCube, vc[PipeMte3]);
  }

  /// The cube-side object of a cube-only kernel (MatmulImpl) runs its
  /// calls on the cube core after everything before them; its loads and
  /// its FIX writes of C are not waited for by the core's later
  /// instructions (spec rule P8: a cross-core flag on PIPE_FIX publishes
  /// C), so they stay on the cube lane.
  void inlineCubeBegin() {
    for (Pipe p : {PipeS, PipeV, PipeMte2, PipeMte3})
      join(PipeCube, vc[p]);
  }
};

/// The last write and each pipe's last read of every byte range an access
/// touched, as disjoint segments.
class Shadow {
public:
  struct Access {
    uint32_t clock = 0; ///< the accessing pipe's own clock; 0: none
    uint32_t site = 0;  ///< index into the caller's table of call sites
    bool operator==(const Access &o) const {
      return clock == o.clock && site == o.site;
    }
  };
  /// An earlier access that the new one is not ordered after.
  struct Conflict {
    uintptr_t begin, end;
    Lane lane;
    bool write;
    uint32_t site;
  };

  void clear() { segs_.clear(); }
  size_t segments() const { return segs_.size(); }

  /// Records an access of [begin, end) by `lane` at its clock `now` (a
  /// write or a read), whose pipe has seen `seen` (its own earlier accesses
  /// too: PipeClocks::seenBy). Returns the first earlier access,
  /// overlapping and unordered, one of the two a write (two atomic writes,
  /// which the device adds, excepted; the parts of one access are one
  /// instruction).
  std::optional<Conflict> access(uintptr_t begin, uintptr_t end, Lane lane,
                                 const Clock &seen, uint32_t now, uint32_t site,
                                 bool write, bool atomic = false) {
    if (begin >= end)
      return std::nullopt;
    cover(begin, end);
    auto first = segs_.find(begin);
    // A conflict with another lane is reported before one with the lane's
    // own earlier access (O1): ordering the pipes usually orders both.
    std::optional<Conflict> own;
    auto found = [&](const Conflict &c) {
      if (c.lane != lane)
        return true;
      if (!own)
        own = c;
      return false;
    };
    for (auto it = first; it != segs_.end() && it->first < end; ++it) {
      Seg &seg = it->second;
      if (seg.writer != kNoLane && seen[seg.writer] < seg.write.clock &&
          !(seg.writer == lane && seg.write.clock == now) &&
          !(write && atomic && seg.atomicWrite) &&
          found({it->first, seg.end, seg.writer, true, seg.write.site}))
        return Conflict{it->first, seg.end, seg.writer, true, seg.write.site};
      if (write)
        for (int q = 0; q < kLanes; ++q)
          if (seg.reads[q].clock && seen[q] < seg.reads[q].clock &&
              !(q == lane && seg.reads[q].clock == now) &&
              found({it->first, seg.end, Lane(q), false, seg.reads[q].site}))
            return Conflict{it->first, seg.end, Lane(q), false,
                            seg.reads[q].site};
    }
    if (own)
      return own;
    for (auto it = first; it != segs_.end() && it->first < end; ++it) {
      Seg &seg = it->second;
      if (write) {
        seg.writer = lane;
        seg.write = {now, site};
        seg.atomicWrite = atomic;
        for (Access &r : seg.reads)
          r = Access();
      } else {
        seg.reads[lane] = {now, site};
      }
    }
    coalesce(begin, end);
    return std::nullopt;
  }

private:
  struct Seg {
    uintptr_t end;
    Lane writer = kNoLane;
    bool atomicWrite = false;
    Access write;
    Access reads[kLanes];
    bool sameState(const Seg &o) const {
      return writer == o.writer && atomicWrite == o.atomicWrite &&
             write == o.write &&
             std::equal(std::begin(reads), std::end(reads),
                        std::begin(o.reads));
    }
  };

  /// Splits the segment that contains `at` so that one starts there.
  void splitAt(uintptr_t at) {
    auto it = segs_.upper_bound(at);
    if (it == segs_.begin())
      return;
    --it;
    if (it->first < at && at < it->second.end) {
      Seg right = it->second;
      it->second.end = at;
      segs_.emplace(at, right);
    }
  }

  /// Makes [begin, end) exactly a run of segments (empty ones fill gaps).
  void cover(uintptr_t begin, uintptr_t end) {
    splitAt(begin);
    splitAt(end);
    uintptr_t cur = begin;
    auto it = segs_.lower_bound(begin);
    while (cur < end) {
      if (it == segs_.end() || it->first >= end) {
        Seg gap;
        gap.end = end;
        segs_.emplace(cur, gap);
        return;
      }
      if (it->first > cur) {
        Seg gap;
        gap.end = it->first;
        segs_.emplace(cur, gap);
      }
      cur = it->second.end;
      ++it;
    }
  }

  /// Merges neighbouring segments in and around [begin, end) whose state is
  /// the same, so that repeated accesses do not grow the map.
  void coalesce(uintptr_t begin, uintptr_t end) {
    auto it = segs_.lower_bound(begin);
    if (it != segs_.begin()) {
      auto prev = std::prev(it);
      if (prev->second.end == it->first)
        it = prev;
    }
    while (it != segs_.end()) {
      auto next = std::next(it);
      if (next == segs_.end() || it->first > end)
        break;
      if (it->second.end == next->first && it->second.sameState(next->second)) {
        it->second.end = next->second.end;
        segs_.erase(next);
        continue;
      }
      it = next;
    }
  }

  std::map<uintptr_t, Seg> segs_;
};

} // namespace asc_run

#endif // ASC_RUN_PIPES_H
