//===- core.h - run state and race checker of the CPU runtime ---*- C++ -*-===//
//
// The state one kernel launch runs in: the named memory regions (the kernel's
// GM arguments and the unified buffer), the block and core being run, the
// race checker's table of pending asynchronous Matmul operations with the
// byte-exact footprints of their outputs and inputs, and the cost model's
// trace of the block's core.
//
// Every runtime call that touches memory reports its footprint here. A
// footprint that overlaps the output of a pending operation, or writes an
// input of one, is a race: the checker prints both calls, the tensor, the byte
// range and the source line of each, and ends the process with kExitRace.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_CORE_H
#define ASC_RUN_CORE_H

#include "asc_run/cost.h"
#include "asc_run/pipes.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace asc_run {

/// Exit codes of a launch (asc-run passes them on).
constexpr int kExitWrongResult = 1;
constexpr int kExitBadLaunch = 2;
constexpr int kExitRace = 3;
constexpr int kExitMisuse = 4;

/// The source location of an API call: the caller's, through the default
/// argument (with the lowering's #line directives, a line of the .mlir).
struct Loc {
  const char *file;
  unsigned line;
  static Loc current(const char *file = __builtin_FILE(),
                     unsigned line = __builtin_LINE()) {
    return {file, line};
  }
  std::string str() const {
    return std::string(file ? file : "?") + ":" + std::to_string(line);
  }
};

/// A half-open byte range [begin, end) of host memory.
struct Range {
  uintptr_t begin;
  uintptr_t end;
  bool overlaps(const Range &other) const {
    return begin < other.end && other.begin < end;
  }
};

/// Byte ranges with what they are (an output, or input "A", "B", ...).
struct Footprint {
  struct Part {
    Range range;
    std::string role;
  };
  std::vector<Part> parts;
  /// Written with enAtomic: atomic writes of two cores do not race.
  bool atomic = false;
  void add(const void *p, uint64_t bytes, const std::string &role) {
    if (bytes == 0)
      return;
    uintptr_t b = reinterpret_cast<uintptr_t>(p);
    if (!parts.empty() && parts.back().role == role &&
        parts.back().range.end == b) {
      parts.back().range.end = b + bytes;
      return;
    }
    parts.push_back({{b, b + bytes}, role});
  }
  /// Removes [p, p + bytes) from every part.
  void subtract(const void *p, uint64_t bytes) {
    uintptr_t b = reinterpret_cast<uintptr_t>(p), e = b + bytes;
    std::vector<Part> kept;
    for (const Part &part : parts) {
      if (part.range.end <= b || e <= part.range.begin) {
        kept.push_back(part);
        continue;
      }
      if (part.range.begin < b)
        kept.push_back({{part.range.begin, b}, part.role});
      if (e < part.range.end)
        kept.push_back({{e, part.range.end}, part.role});
    }
    parts = std::move(kept);
  }
  /// `rows` rows of `rowBytes` bytes, `strideBytes` apart.
  void addRows(const void *p, uint64_t rows, uint64_t rowBytes,
               uint64_t strideBytes, const std::string &role) {
    const uint8_t *base = static_cast<const uint8_t *>(p);
    for (uint64_t r = 0; r < rows; ++r)
      add(base + r * strideBytes, rowBytes, role);
  }
};

/// A named memory region: a kernel argument in GM or the unified buffer.
struct Region {
  std::string name;
  uintptr_t begin;
  uintptr_t end;
};

/// An asynchronous operation whose result is not yet published.
///
/// Work of the cube core's Matmul server carries the sequence number of the
/// message that asked for it (`seq`, per object) and its part (a loop of
/// IterateNBatch, a block of an async Iterate): it is published when the
/// vector core consumes a signal the server sent after it (CANN's server runs
/// one client's messages in order, MatmulService in matmul_server.h). Work of
/// the vector core itself (the UB copy of an async GetTensorC) has seq -1 and
/// is published by its wait.
struct Pending {
  std::string call; ///< e.g. "IterateAll<false>"
  Loc loc;
  int object;              ///< index of the Matmul object in registration order
  std::string waitName;    ///< the wait that completes it ("": none)
  bool background = false; ///< a block of an async Iterate in the workspace
  /// The fetch that waits for it (a loop of an IterateNBatch without its
  /// wait flag: "GetBatchTensorC"; a block of an async Iterate:
  /// "GetTensorC"), for the messages.
  std::string fetchedBy;
  int64_t seq = -1; ///< the server message it belongs to (-1: vector core)
  /// Where that message sits in the vector core's one message ring, over
  /// every object: the server runs the ring in order (KfcServer::Run).
  uint64_t ring = UINT64_MAX;
  uint32_t part = 0; ///< its loop or block within that message
  Footprint outputs;
  Footprint inputs;
  std::function<void()> publish; ///< copies the private result into place

  /// Server work without a wait and without a fetch: IterateAll<false>
  /// without waitIterateAll, IterateBatch<false, false>, GetTensorC<false>
  /// to GM after a synchronous Iterate. The server never signals it.
  bool fireAndForget() const {
    return seq >= 0 && waitName.empty() && fetchedBy.empty();
  }
};

/// Marks parameters the emulation does not need.
template <class... T> inline void unused(const T &...) {}

/// Formats a byte range as "NAME bytes [a, b)" relative to its region.
std::string describeRange(const Range &range);

/// A GM access of one block, kept to find races between blocks, which run
/// in parallel on their cores but one after the other here.
struct GmAccess {
  Range range;
  int64_t block;
  bool write;
  bool atomic;
  std::string call;
  Loc loc;
  /// The group of the core (a cube core and its vector cores: their
  /// accesses are ordered by the shared shadow, not by this check), whether
  /// the core is the cube core, and the SyncAll barriers it had passed.
  int64_t group = 0;
  bool cube = false;
  uint32_t aivEpoch = 0, allEpoch = 0;
  /// The mode-0 cross-core flags (every core of its type) the core had set
  /// and taken: an access before a core's n-th set happens before every
  /// access of a core of its type after its n-th take.
  uint32_t modeZeroSets = 0, modeZeroTaken = 0;
};

/// A point in a pipe's order: what it had done (its vector clock, for the
/// race checker) and its last node (for the cost model).
struct PipePoint {
  Clock clock = {};
  uint32_t node = kNoNode;
  /// A cross-core set's places in the cost model's traces of its group
  /// (the sets a wait takes: one, or each core's for a joined mode).
  std::vector<CoreNode> crossCoreSets;
};

/// The state of the launch (one per process).
struct RunState {
  std::vector<GmAccess> gmAccesses;
  std::vector<Region> regions;
  std::vector<std::unique_ptr<Pending>> pending;
  int64_t blockIdx = 0;
  int64_t blockNum = 1;
  /// Messages the vector core has posted, for every object (the ring
  /// position of the next one).
  uint64_t postedMessages = 0;
  int32_t coreType = 0;
  bool quiet = false; ///< the core pass that only checks registration
  std::string kernelName;
  /// The cost model's trace of the current block's core, and the finished
  /// blocks' traces (cost.h).
  Trace trace;
  std::vector<Trace> traces;
  /// In a cube-only build with vector cores, the traces of a group (its
  /// cube core, then its vector cores) one after another, this many per
  /// group (scheduleCoreGroups); 0: one trace per vector block (schedule).
  size_t tracesPerGroup = 0;
  /// Matmul objects registered by the vector pass of the current block.
  int registeredObjects = 0;
  int nextObject = 0;
  /// The number of the next Matmul object constructed without
  /// REGIST_MATMUL_OBJ (counting down from -1).
  int nextUnregisteredObject = -1;
  /// The system workspace GetSysWorkSpacePtr() returns.
  uint8_t *sysWorkspace = nullptr;
  /// Messages of the checker and of misuse, for the report.
  std::function<void(int, const std::string &)> fail;
  /// Notes: what the device does that the kernel may not mean (a setter the
  /// server never applies), each once, with the first block it happened on.
  std::vector<std::string> notes;
  /// The pipe checker: the pipe the current call runs on (kPipes: the
  /// call's check is no access of a pipe), the pipes' clocks, the shadow
  /// memory and the call sites its accesses name.
  Pipe pipe = PipeS;
  PipeClocks clocks;
  Shadow shadow;
  struct Site {
    std::string call;
    Loc loc;
  };
  std::vector<Site> sites;
  /// Flags set (SetFlag) and not yet waited for: (event, id) and the source
  /// pipe's point.
  std::vector<std::pair<std::pair<int, int32_t>, PipePoint>> flags;
  /// The current core's group (clocks.slot is its place in it: 0 the cube
  /// core, 1 + GetSubBlockIdx() a vector core), GetSubBlockIdx() and the
  /// SyncAll barriers it passed: SyncAll<true> orders the vector cores,
  /// SyncAll<false> every core.
  int64_t group = 0;
  int subBlock = 0;
  uint32_t aivEpoch = 0, allEpoch = 0;
  uint32_t modeZeroSets = 0, modeZeroTaken = 0;
  /// Vector cores and groups of the launch, and whether its cube cores
  /// serve the vector cores' Matmul clients (a mix kernel built without
  /// ASCENDC_CUBE_ONLY).
  int64_t vectorCores = 0, groups = 0;
  bool cubeServes = false;
  /// Suspends the current core until `ready()` holds, for the cores of the
  /// launch to run on (launch/cores.h); `what` says what it waits for if
  /// it never does (a hang); a `secondary` wait (the runtime's own: the
  /// server's wait for registration, the client's for flag 15) is reported
  /// only when no kernel-written wait is stuck too. Unset: one core,
  /// nothing to wait for.
  std::function<void(const std::function<bool()> &ready,
                     const std::string &what, bool secondary)>
      waitUntil;
  void resetPipes() {
    clocks.reset();
    flags.clear();
    pipe = PipeS;
  }
};

/// What belongs to one core of a launch, not to the launch: the scheduler
/// (launch/cores.h) keeps it for each core and swaps it into RunState for
/// the core that runs.
struct CoreLocals {
  int64_t blockIdx = 0;
  int32_t coreType = 0;
  bool quiet = false;
  std::vector<std::unique_ptr<Pending>> pending;
  uint64_t postedMessages = 0;
  int nextObject = 0;
  int nextUnregisteredObject = -1;
  int64_t group = 0;
  int subBlock = 0;
  uint32_t aivEpoch = 0, allEpoch = 0;
  uint32_t modeZeroSets = 0, modeZeroTaken = 0;
  Trace trace;
  Pipe pipe = PipeS;
  PipeClocks clocks;
  std::vector<std::pair<std::pair<int, int32_t>, PipePoint>> flags;
  /// The core's unified buffer and L0C (a TPipe's regions).
  std::vector<Region> localRegions;
};

/// What the cores of one group share: the shadow memory and its call sites
/// (their accesses are ordered by clocks over every lane of the group) and
/// the objects its vector cores registered (the server serves them).
struct GroupLocals {
  Shadow shadow;
  std::vector<RunState::Site> sites;
  int registeredObjects = 0;
};

bool isLocalMemory(const std::string &regionName);

/// Exchanges the running core's part of `s` with `c`.
inline void swapCoreLocals(RunState &s, CoreLocals &c) {
  using std::swap;
  swap(s.blockIdx, c.blockIdx);
  swap(s.coreType, c.coreType);
  swap(s.quiet, c.quiet);
  swap(s.pending, c.pending);
  swap(s.postedMessages, c.postedMessages);
  swap(s.nextObject, c.nextObject);
  swap(s.nextUnregisteredObject, c.nextUnregisteredObject);
  swap(s.group, c.group);
  swap(s.subBlock, c.subBlock);
  swap(s.aivEpoch, c.aivEpoch);
  swap(s.allEpoch, c.allEpoch);
  swap(s.modeZeroSets, c.modeZeroSets);
  swap(s.modeZeroTaken, c.modeZeroTaken);
  swap(s.trace, c.trace);
  swap(s.pipe, c.pipe);
  swap(s.clocks, c.clocks);
  swap(s.flags, c.flags);
  std::vector<Region> mine;
  std::vector<Region> shared;
  for (Region &r : s.regions)
    (isLocalMemory(r.name) ? mine : shared).push_back(r);
  shared.insert(shared.end(), c.localRegions.begin(), c.localRegions.end());
  s.regions = std::move(shared);
  c.localRegions = std::move(mine);
}

/// Exchanges the running group's part of `s` with `g`.
inline void swapGroupLocals(RunState &s, GroupLocals &g) {
  using std::swap;
  swap(s.shadow, g.shadow);
  swap(s.sites, g.sites);
  swap(s.registeredObjects, g.registeredObjects);
}

inline RunState &state() {
  static RunState s;
  return s;
}

inline uint8_t *sysWorkspace() { return state().sysWorkspace; }

//===----------------------------------------------------------------------===//
// Orderings between pipes: the race checker's clocks and the cost model's
// nodes move together
//===----------------------------------------------------------------------===//

/// Where pipe `p` is now.
inline PipePoint pointOf(Pipe p) {
  return {state().clocks.vc[p], state().trace.last[p]};
}

/// Pipe `to` waits for `point` (a WaitFlag, a DeQue, an AllocTensor): its
/// later accesses are ordered after what `point` had seen, and its later
/// nodes start after the node there.
inline void waitFor(Pipe to, const PipePoint &point,
                    Latency latency = Latency::None) {
  state().clocks.join(to, point.clock);
  state().trace.mark(to, point.node, latency);
}

/// SetFlag<from_to> then WaitFlag<from_to> at once.
inline void orderPipes(Pipe from, Pipe to) { waitFor(to, pointOf(from)); }

/// PipeBarrier<PIPE_ALL>: every pipe waits for all; the scalar unit issues
/// nothing until they are done.
inline void barrierAll() {
  RunState &s = state();
  s.clocks.barrierAll();
  Node n;
  n.unit = PipeS;
  s.trace.add(n, {{s.trace.last[PipeV], Latency::None},
                  {s.trace.last[PipeMte2], Latency::None},
                  {s.trace.last[PipeMte3], Latency::None}});
}

/// PipeBarrier<p> of one pipe: its later accesses follow its earlier ones
/// (spec section 2c, O1/O4; S and V are in order anyway). The cost model's
/// pipes run their nodes in order already.
inline void barrierPipe(Pipe p) { state().clocks.barrier(p); }

/// A cross-core wait (WaitEvent) for a signal the server sent at `point`:
/// every later instruction is issued after it arrives.
inline void waitSignal(const PipePoint &point) {
  state().clocks.waitSignal(point.clock);
  state().trace.mark(PipeS, point.node, Latency::Signal);
}

/// `n` scalar instructions (the staging of a setter, a queue operation).
inline void scalarWork(double n) { state().trace.work(PipeS, Work::Scalar, n); }

/// A Matmul post (KfcCommClient::AllocMessage, MatmulClientBase::
/// PostMessage, KfcCommClient::PostMessage): the scalar unit waits for the
/// previous message's copy (WaitFlag<MTE3_S>) and writes the 16 words of
/// the message into UB; MTE3, after every earlier UB -> GM copy
/// (PipeBarrier<PIPE_MTE3>), copies its 128 bytes to the ring slot in GM;
/// the server finds it with its next poll (a GM read) and handles it.
inline void postMessage() {
  RunState &s = state();
  s.clocks.post();
  Trace &t = s.trace;
  t.mark(PipeS, t.lastMessage);
  t.work(PipeS, Work::Scalar, 16);
  Node copyNode;
  copyNode.unit = PipeMte3;
  copyNode.work = Work::GmCopy;
  copyNode.a = 128;
  copyNode.b = 1;
  copyNode.message = true;
  uint32_t copy = t.add(copyNode);
  if (copy != kNoNode)
    t.lastMessage = copy;
  Node dispatch;
  dispatch.unit = PipeCube;
  dispatch.work = Work::Dispatch;
  dispatch.server = true;
  t.add(dispatch, {{copy, Latency::Poll}});
}

/// A product of the Matmul server (after the message that asked for it):
/// `count` times m x n x k with inputs of `inBytes` and outputs of
/// `outBytes` per element; returns its node (the point its signal is sent
/// at).
inline uint32_t serverProduct(uint32_t count, double m, double n, double k,
                              unsigned inBytes, unsigned outBytes, Rate rate,
                              bool server = true) {
  Node node;
  node.unit = PipeCube;
  node.work = Work::Product;
  node.server = server;
  node.a = m;
  node.b = n;
  node.c = k;
  node.count = count;
  node.inBytes = uint8_t(inBytes);
  node.outBytes = uint8_t(outBytes);
  node.rate = rate;
  return state().trace.add(node);
}

/// The cube's point now (for a signal the server sends after its last
/// node).
inline PipePoint cubePoint() { return pointOf(PipeCube); }

/// Ends the launch: a race or protocol violation, a misuse of the API.
[[noreturn]] inline void failRun(int code, const std::string &message) {
  if (state().fail)
    state().fail(code, message); // the launcher's report carries the message
  else
    std::fprintf(stderr, "%s\n", message.c_str());
  std::exit(code);
}

[[noreturn]] inline void misuse(Loc loc, const std::string &message) {
  failRun(kExitMisuse, "asc-run: error: " + loc.str() + ": " + message +
                           " (block " + std::to_string(state().blockIdx) + ")");
}

/// A launch that does not give the kernel what it needs (exit 2).
[[noreturn]] inline void badInput(Loc loc, const std::string &message) {
  failRun(kExitBadLaunch, "asc-run: error: " + loc.str() + ": " + message +
                              " (block " + std::to_string(state().blockIdx) +
                              ")");
}

/// The asc.output_elements the kernel's calls state, by the .mlir line of
/// the call (the launcher's output_elements directives).
inline std::map<unsigned, uint64_t> &statedOutputElements() {
  static std::map<unsigned, uint64_t> stated;
  return stated;
}

/// A call at `loc` that states asc.output_elements writes no byte of
/// `outputs` outside its first N elements of `elementBytes` from `base`:
/// the analyses took its footprint to end there.
inline void checkStatedOutput(const std::string &call, Loc loc,
                              const Footprint &outputs, const void *base,
                              uint64_t elementBytes) {
  auto it = statedOutputElements().find(loc.line);
  if (it == statedOutputElements().end())
    return;
  uintptr_t begin = reinterpret_cast<uintptr_t>(base);
  uintptr_t end = begin + it->second * elementBytes;
  std::string stated = "; its asc.output_elements states " +
                       std::to_string(it->second) + " elements";
  for (const Footprint::Part &part : outputs.parts) {
    if (part.range.begin < begin)
      misuse(loc,
             call + " writes before the first element of its output" + stated);
    if (part.range.end > end)
      misuse(loc,
             call + " writes element " +
                 std::to_string((part.range.end - begin) / elementBytes - 1) +
                 " of its output (counting from its first element)" + stated);
  }
}

/// A wait on the device that never returns: reported, not reproduced.
[[noreturn]] inline void hang(const std::string &message) {
  failRun(kExitRace, "asc-run: hang: " + message + " (block " +
                         std::to_string(state().blockIdx) + ")");
}

/// Records a note for the report (once per text; the block of its first
/// occurrence is kept). A quiet core's notes are dropped unless
/// `evenWhenQuiet` (what the kernel asked for and the device does not do).
inline void note(const std::string &message, bool evenWhenQuiet = false) {
  if (state().quiet && !evenWhenQuiet)
    return;
  for (const std::string &n : state().notes)
    if (n.compare(0, message.size(), message) == 0 &&
        n.compare(message.size(), 8, " (block ") == 0)
      return;
  state().notes.push_back(message + " (block " +
                          std::to_string(state().blockIdx) + ")");
}

inline std::string describeRange(const Range &range) {
  for (const Region &r : state().regions)
    if (range.begin >= r.begin && range.begin < r.end) {
      if (range.end > r.end) {
        std::ostringstream os;
        os << r.name << " byte " << (range.begin - r.begin) << " (its size is "
           << (r.end - r.begin) << ")";
        return os.str();
      }
      std::ostringstream os;
      os << r.name << " bytes [" << (range.begin - r.begin) << ", "
         << (range.end - r.begin) << ")";
      return os.str();
    }
  // Outside every region: name the closest one that ends below it.
  const Region *below = nullptr;
  for (const Region &r : state().regions)
    if (r.end <= range.begin && (!below || r.end > below->end))
      below = &r;
  std::ostringstream os;
  if (below && range.begin - below->end < (uint64_t(1) << 20))
    os << (range.begin - below->end) << " bytes past the end of " << below->name
       << " (its size is " << (below->end - below->begin) << ")";
  else
    os << "unregistered memory at 0x" << std::hex << range.begin;
  return os.str();
}

inline std::string describePending(const Pending &p) {
  return p.call + " of Matmul object #" + std::to_string(p.object) + " at " +
         p.loc.str();
}

[[noreturn]] inline void misuse(Loc loc, const std::string &message);

/// The core's own memories (the unified buffer, L0C), which other blocks
/// never see.
inline bool isLocalMemory(const std::string &regionName) {
  return regionName == "UB" || regionName == "L0C" || regionName == "L1";
}

inline bool inLocalMemory(const Range &range) {
  for (const Region &r : state().regions)
    if (isLocalMemory(r.name) && range.begin >= r.begin && range.begin < r.end)
      return true;
  return false;
}

/// Stops an access that leaves every kernel argument and the unified buffer
/// (on the device it would corrupt or fault; here, the host's memory).
inline void checkBounds(const std::string &call, Loc loc, const Range &range) {
  for (const Region &r : state().regions)
    if (range.begin >= r.begin && range.end <= r.end)
      return;
  misuse(loc, call + " accesses " + std::to_string(range.end - range.begin) +
                  " bytes from " + describeRange(range) +
                  ", outside every kernel argument and the unified buffer");
}

inline void checkPipes(const std::string &call, Loc loc, const Footprint &fp,
                       bool write);

/// Whether `p` is ordered before the server work `self`: an earlier message
/// of the same object (KfcServer::Run serves one client's messages in turn,
/// each to its end, so a later call's reads and writes follow it).
inline bool orderedBefore(const Pending &p, const Pending *self) {
  return self && self->seq >= 0 && p.seq >= 0 && p.object == self->object &&
         p.seq < self->seq;
}

/// Reports an access of `call` at `loc` to `fp` (read or write) against every
/// pending operation, then against the other pipes' accesses (checkPipes).
/// `self` is skipped (an issue's own footprint), and so is the earlier work
/// of its object's server that it follows (orderedBefore).
inline void checkAccess(const std::string &call, Loc loc, const Footprint &fp,
                        bool write, const Pending *self = nullptr) {
  for (const auto &part : fp.parts) {
    checkBounds(call, loc, part.range);
    if (!state().quiet && !inLocalMemory(part.range)) {
      const RunState &s = state();
      state().gmAccesses.push_back({part.range, s.blockIdx, write, fp.atomic,
                                    call, loc, s.group, s.clocks.slot == 0,
                                    s.aivEpoch, s.allEpoch, s.modeZeroSets,
                                    s.modeZeroTaken});
    }
  }
  for (const auto &p : state().pending) {
    if (p.get() == self || orderedBefore(*p, self))
      continue;
    for (const auto &mine : fp.parts) {
      for (const auto &out : p->outputs.parts)
        if (mine.range.overlaps(out.range)) {
          Range both{std::max(mine.range.begin, out.range.begin),
                     std::min(mine.range.end, out.range.end)};
          failRun(kExitRace,
                  "asc-run: race: " + call + " at " + loc.str() +
                      (write ? " writes " : " reads ") + describeRange(both) +
                      ", the pending output of " + describePending(*p) +
                      (!p->waitName.empty()
                           ? " (wait with " + p->waitName + "() first)"
                       : !p->fetchedBy.empty()
                           ? " (fetch it with " + p->fetchedBy + "() first)"
                           : " (it has no wait flag and the server never "
                             "signals it: only the completion of a call of "
                             "any Matmul object posted after it that the "
                             "vector core waits for, or the kernel's end, "
                             "completes it; End() waits for nothing)") +
                      " (block " + std::to_string(state().blockIdx) + ")");
        }
      if (!write)
        continue;
      for (const auto &in : p->inputs.parts)
        if (mine.range.overlaps(in.range)) {
          Range both{std::max(mine.range.begin, in.range.begin),
                     std::min(mine.range.end, in.range.end)};
          failRun(kExitRace, "asc-run: race: " + call + " at " + loc.str() +
                                 " writes " + describeRange(both) + ", input " +
                                 in.role + " of the in-flight " +
                                 describePending(*p) + " (block " +
                                 std::to_string(state().blockIdx) + ")");
        }
    }
  }
  checkPipes(call, loc, fp, write);
}

/// The pipe a runtime call's accesses run on, for the call's scope.
class OnPipe {
public:
  explicit OnPipe(Pipe pipe) : saved_(state().pipe) { state().pipe = pipe; }
  ~OnPipe() { state().pipe = saved_; }
  OnPipe(const OnPipe &) = delete;
  OnPipe &operator=(const OnPipe &) = delete;

private:
  Pipe saved_;
};

/// A call of the cube-side object (a cube-only kernel): inline on the cube
/// core, ordered after everything before it (CANN's MatmulImpl synchronises
/// its own pipes). The cost model lets the core's later work wait for it;
/// the race checker does so only for a call whose result stays in the cube
/// core (`orderLater`: an Iterate into a CO1 tensor, which the kernel's own
/// Fixpipe reads), not for C written to GM by FIX (pipes.h,
/// inlineCubeBegin).
class InlineCube {
public:
  explicit InlineCube(bool active, bool orderLater = false)
      : active_(active), orderLater_(orderLater), pipe_(PipeCube) {
    if (!active_)
      return;
    state().clocks.inlineCubeBegin();
    Trace &t = state().trace;
    Node n; // the cube's work starts after everything before it
    t.add(n, {{t.last[PipeV], Latency::None},
              {t.last[PipeMte2], Latency::None},
              {t.last[PipeMte3], Latency::None}});
  }
  ~InlineCube() {
    if (!active_)
      return;
    if (orderLater_)
      state().clocks.waitSignal(state().clocks.vc[PipeCube]);
    Trace &t = state().trace;
    t.mark(PipeS, t.last[PipeCube]); // and everything after waits for it
  }
  InlineCube(const InlineCube &) = delete;
  InlineCube &operator=(const InlineCube &) = delete;

private:
  bool active_;
  bool orderLater_;
  OnPipe pipe_;
};

/// Why an access after one of another core of the group needs an ordering.
inline std::string crossCoreHint() {
  return "nothing orders the two cores (only a cross-core flag, "
         "CrossCoreSetFlag on the pipe of the earlier access and "
         "CrossCoreWaitFlag on the later core, or SyncAll orders them: spec "
         "section 2c O6/O7, rule P8)";
}

/// Why an access of `pipe` after one of `other` needs an ordering, and
/// what gives it, for the race messages.
inline std::string pipeHint(Pipe pipe, Pipe other, const std::string &call) {
  std::string hint =
      std::string("nothing orders ") + pipeName(pipe) + " after " +
      pipeName(other) +
      (pipe == other
           ? std::string(" (") + pipeName(pipe) +
                 " overlaps its copies: only PipeBarrier<PIPE_" +
                 pipeName(pipe) +
                 ">, PipeBarrier<PIPE_ALL> or flags through another pipe "
                 "order them, spec section 2c O1)"
       : pipe == PipeCube || other == PipeCube
           ? " (the server's work is ordered by a Matmul post, which orders "
             "what S and MTE3 did before it, and by the vector core's waits "
             "for its signals)"
           : " (a queue hand-off EnQue/DeQue, AllocTensor after FreeTensor, "
             "PipeBarrier<PIPE_ALL> or SetFlag/WaitFlag)");
  bool fetched = call.rfind("GetTensorC", 0) == 0 ||
                 call.rfind("AsyncGetTensorC", 0) == 0 ||
                 call.rfind("GetBatchTensorC", 0) == 0;
  if (other == PipeMte2 && pipe == PipeMte3 && fetched)
    hint += "; the Matmul client orders only the vector pipe after its "
            "copy (WaitGetTensorC is SetFlag/WaitFlag<MTE2_V>: "
            "MatmulClient::WaitGetTensorC, rule P7)";
  return hint;
}

/// A lane's pipe, and its core when that is another core of the group than
/// the current one's: "V", "cube core: cube", "vector core 1: MTE3".
inline std::string laneName(Lane lane) {
  std::string pipe = pipeName(pipeOfLane(lane));
  int slot = slotOfLane(lane);
  if (slot == state().clocks.slot)
    return pipe;
  return (slot == 0 ? std::string("cube core")
                    : "vector core " + std::to_string(slot - 1)) +
         ": " + pipe;
}

/// Whether the compiler's automatic synchronisation orders an access of
/// `pipe` after an earlier one of `earlier` (spec section 2c, O2: every
/// pair of the vector core's own pipes with S on one side; not the Matmul
/// server's work, not another core's, nothing on the cube core).
inline bool compilerOrders(Pipe pipe, Lane earlier) {
  const PipeClocks &clocks = state().clocks;
  Pipe other = pipeOfLane(earlier);
  return clocks.slot != 0 && slotOfLane(earlier) == clocks.slot &&
         (pipe == PipeS || other == PipeS) && pipe != PipeCube &&
         other != PipeCube;
}

/// Records the accesses of one call on the current pipe and reports the
/// first that is not ordered after an earlier one (of another pipe or, for
/// MTE2 and MTE3, of its own, O1; of this core or, in the group's shared
/// shadow, of another core). A pair the compiler orders (O2) is ordered
/// the way its inserted flag would: the later pipe waits for the earlier.
inline void checkPipes(const std::string &call, Loc loc, const Footprint &fp,
                       bool write) {
  RunState &s = state();
  Pipe pipe = s.pipe;
  if (pipe == kPipes || s.quiet || fp.parts.empty())
    return;
  Lane lane = s.clocks.lane(pipe);
  uint32_t now = s.clocks.tick(pipe);
  uint32_t site = uint32_t(s.sites.size());
  s.sites.push_back({call, loc});
  for (const auto &part : fp.parts) {
    std::optional<Shadow::Conflict> c;
    for (;;) {
      c = s.shadow.access(part.range.begin, part.range.end, lane,
                          s.clocks.seenBy(pipe), now, site, write, fp.atomic);
      if (!c || !compilerOrders(pipe, c->lane))
        break;
      s.clocks.order(pipeOfLane(c->lane), pipe);
    }
    if (!c)
      continue;
    const RunState::Site &other = s.sites[c->site];
    Range both{std::max(part.range.begin, c->begin),
               std::min(part.range.end, c->end)};
    bool crossCore = slotOfLane(c->lane) != s.clocks.slot;
    failRun(kExitRace,
            "asc-run: race: " + call + " at " + loc.str() + " (" +
                pipeName(pipe) + ")" + (write ? " writes " : " reads ") +
                describeRange(both) + ", which " + other.call + " at " +
                other.loc.str() + " (" + laneName(c->lane) + ")" +
                (c->write ? " writes" : " reads") + ", and " +
                (crossCore ? crossCoreHint()
                           : pipeHint(pipe, pipeOfLane(c->lane), other.call)) +
                " (block " + std::to_string(s.blockIdx) + ")");
  }
}

inline void checkRead(const std::string &call, Loc loc, const void *p,
                      uint64_t bytes) {
  Footprint fp;
  fp.add(p, bytes, "read");
  checkAccess(call, loc, fp, false);
}

inline void checkWrite(const std::string &call, Loc loc, const void *p,
                       uint64_t bytes) {
  Footprint fp;
  fp.add(p, bytes, "write");
  checkAccess(call, loc, fp, true);
}

/// Reports the first GM range that one block writes and another block reads
/// or writes (two atomic writes excepted): the blocks run at once on the
/// device, so the result depends on their timing.
inline void checkBlocksDisjoint() {
  // By start address, then in the order the accesses happened (std::sort
  // with the index as tie-break: stable_sort trips libstdc++ deprecations).
  const std::vector<GmAccess> &recorded = state().gmAccesses;
  std::vector<size_t> order(recorded.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&recorded](size_t a, size_t b) {
    if (recorded[a].range.begin != recorded[b].range.begin)
      return recorded[a].range.begin < recorded[b].range.begin;
    return a < b;
  });
  std::vector<const GmAccess *> reads, writes;
  auto retire = [](std::vector<const GmAccess *> &active, uintptr_t at) {
    active.erase(
        std::remove_if(active.begin(), active.end(),
                       [at](const GmAccess *a) { return a->range.end <= at; }),
        active.end());
  };
  auto conflict = [](const GmAccess &a, const GmAccess &b) {
    Range both{std::max(a.range.begin, b.range.begin),
               std::min(a.range.end, b.range.end)};
    failRun(kExitRace,
            "asc-run: race between blocks: " + b.call + " at " + b.loc.str() +
                " on block " + std::to_string(b.block) +
                (b.write ? " writes " : " reads ") + describeRange(both) +
                ", which " + a.call + " at " + a.loc.str() + " on block " +
                std::to_string(a.block) + (a.write ? " writes" : " reads"));
  };
  // Accesses of one group are the shared shadow's business; a SyncAll
  // between two accesses orders them (SyncAll<true> only vector cores'),
  // and so does a mode-0 cross-core flag the earlier core set and the
  // later one, of the same type, took.
  auto unordered = [](const GmAccess &a, const GmAccess &b) {
    if (a.group == b.group || a.allEpoch != b.allEpoch)
      return false;
    if (a.cube == b.cube &&
        (a.modeZeroSets < b.modeZeroTaken || b.modeZeroSets < a.modeZeroTaken))
      return false;
    return a.cube || b.cube || a.aivEpoch == b.aivEpoch;
  };
  for (size_t index : order) {
    const GmAccess &a = recorded[index];
    retire(reads, a.range.begin);
    retire(writes, a.range.begin);
    for (const GmAccess *w : writes)
      if (unordered(*w, a) && !(a.write && a.atomic && w->atomic))
        conflict(*w, a);
    if (a.write)
      for (const GmAccess *r : reads)
        if (unordered(*r, a))
          conflict(*r, a);
    (a.write ? writes : reads).push_back(&a);
  }
}

/// Every pending operation of Matmul object `object`.
inline std::vector<Pending *> pendingOfObject(int object) {
  std::vector<Pending *> out;
  for (const auto &p : state().pending)
    if (p->object == object)
      out.push_back(p.get());
  return out;
}

/// Publishes and forgets pending operation `p` (the wait that completes it
/// has ordered the pipes and placed its mark).
inline void complete(Pending *p) {
  if (p->publish)
    p->publish();
  auto &all = state().pending;
  for (auto it = all.begin(); it != all.end(); ++it)
    if (it->get() == p) {
      all.erase(it);
      return;
    }
}

} // namespace asc_run

#endif // ASC_RUN_CORE_H
