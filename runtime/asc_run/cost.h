//===- cost.h - the asc-run cost model --------------------------*- C++ -*-===//
//
// While a kernel runs, each call records what it costs as nodes of work on
// the units of its core: the scalar unit (S, which also issues every other
// instruction in program order), the vector unit (V), MTE2 (GM to local
// memory), MTE3 (local memory to GM) and the cube core (the Matmul
// server's work, message by message). A node is an amount of work (a
// vector instruction over so many bytes, a copy, a cube product, scalar
// instructions, the server's handling of a message) or a mark that only
// orders (a WaitFlag, a barrier, the wait for a cross-core signal), with
// the earlier nodes it must wait for and the latency of each such edge.
//
// After the run, schedule() places the nodes: each unit runs its nodes in
// order; a node starts when its unit is free, when the scalar unit has
// issued it (the end of the last S node before it) and when its edges
// allow. The cube core of a 1:2 mix launch serves the messages of its two
// vector cores in turn (KfcServer::Run polls their rings alternately).
// Because a node records amounts, not cycles, the same trace can be
// scheduled again under other parameters: --cost-sweep does that.
//
// The parameters and their sources are in docs/Runtime.md ("Cost model").
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_COST_H
#define ASC_RUN_COST_H

#include "asc_run/pipes.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace asc_run {

/// The parameters of the cost model.
enum Param : uint8_t {
  ParamCubeMacsF16,
  ParamCubeMacsI8,
  ParamCubeMacsF32,
  ParamL1ToL0A,
  ParamL1ToL0B,
  ParamFixpipeElements,
  ParamCubeOverlap,
  ParamGmBytes,
  ParamGmLatency,
  ParamBurstCycles,
  ParamVectorBytes,
  ParamVectorLatency,
  ParamUbCopyBytes,
  ParamScalarCycles,
  ParamServerDispatch,
  ParamSignalLatency,
  kParams
};

/// A parameter: its name (for --cost and the sweep), its value, and for an
/// assumption the range the sweep tries. docs/Runtime.md gives the source
/// of each sourced value and the reasoning behind each assumed one.
struct ParamInfo {
  const char *name;
  double value;
  bool assumed;
  double low, high;
};

inline const ParamInfo &paramInfo(Param p) {
  static const ParamInfo info[kParams] = {
      {"cube_macs_f16", 4096, false, 0, 0},
      {"cube_macs_i8", 8192, false, 0, 0},
      {"cube_macs_f32", 1024, false, 0, 0},
      {"l1_to_l0a_bytes", 256, false, 0, 0},
      {"l1_to_l0b_bytes", 128, false, 0, 0},
      {"fixpipe_elements", 64, false, 0, 0},
      {"cube_overlap", 0.5, true, 0, 1},
      {"gm_bytes", 32, true, 16, 64},
      {"gm_latency", 200, true, 100, 600},
      {"burst_cycles", 1, true, 0, 8},
      {"vector_bytes", 256, false, 0, 0},
      {"vector_latency", 8, true, 2, 32},
      {"ub_copy_bytes", 128, true, 64, 256},
      {"scalar_cycles", 1, true, 1, 4},
      {"server_dispatch", 100, true, 30, 400},
      {"signal_latency", 50, true, 20, 200},
  };
  return info[p];
}

/// The parameter values a schedule uses.
struct CostTable {
  double v[kParams];
  CostTable() {
    for (int p = 0; p < kParams; ++p)
      v[p] = paramInfo(Param(p)).value;
  }
  double operator[](Param p) const { return v[p]; }
  /// Sets parameter `name`; false when there is none of that name or the
  /// value is out of its domain (a bandwidth or rate must be positive, the
  /// overlap in [0, 1], a latency not negative).
  bool set(const std::string &name, double value) {
    for (int p = 0; p < kParams; ++p)
      if (name == paramInfo(Param(p)).name) {
        if (!std::isfinite(value) || value < 0)
          return false;
        if (Param(p) == ParamCubeOverlap && value > 1)
          return false;
        bool rate = p <= ParamFixpipeElements || p == ParamGmBytes ||
                    p == ParamVectorBytes || p == ParamUbCopyBytes;
        if (rate && value == 0)
          return false;
        v[p] = value;
        return true;
      }
    return false;
  }
};

/// The table of the current run (the job file's `cost` lines change it).
inline CostTable &costTable() {
  static CostTable table;
  return table;
}

/// The units a node runs on: the pipes of pipes.h, the cube being the
/// cube core (shared by the two vector cores of a 1:2 launch).
using Unit = Pipe;

/// What a node's work is, which decides how its cycles follow from its
/// amounts and the parameters.
enum class Work : uint8_t {
  Mark,     ///< no work: only orders
  Scalar,   ///< `a` scalar instructions
  Vector,   ///< one vector instruction over `a` bytes of each operand
  UbCopy,   ///< a copy of `a` bytes between two local tensors
  GmCopy,   ///< a copy of `a` bytes between GM and local memory in `b` bursts
  Dispatch, ///< the server's handling of one message
  Product,  ///< `count` products of a x b x c on the cube, with its loads and
            ///< its write out
};

/// The input kinds of a product (the cube's rate).
enum class Rate : uint8_t { F16, I8, F32 };

/// An edge's latency on top of its source node's end.
enum class Latency : uint8_t {
  None,
  Poll,   ///< the server's read of the message slot (a GM round trip)
  Signal, ///< a cross-core signal (NotifyEvent to WaitEvent)
};

constexpr uint32_t kNoNode = 0xffffffffu;

/// A node of another core of the same group (its slot: 0 the cube core, 1
/// + GetSubBlockIdx() a vector core), for a cross-core flag's edge.
struct CoreNode {
  int core;
  uint32_t node;
};

struct Node {
  double a = 0, b = 0, c = 0;
  uint32_t count = 1;
  uint32_t issueAfter = kNoNode; ///< the last S node issued before it
  uint32_t firstDep = 0;
  uint32_t deps = 0;
  /// The other cores' nodes it waits for (Trace::crossCoreDeps), each
  /// with the signal's latency: a cross-core wait.
  uint32_t firstCrossDep = 0;
  uint32_t crossDeps = 0;
  Unit unit = PipeS;
  Work work = Work::Mark;
  /// Work of the Matmul server: not issued by this core's scalar unit.
  bool server = false;
  /// The copy of a Matmul message (not the kernel's own work).
  bool message = false;
  Rate rate = Rate::F16;
  uint8_t inBytes = 2, outBytes = 4;
};

struct Dep {
  uint32_t node;
  Latency latency;
};

/// The cycles of one node under `t`.
inline double nodeCycles(const Node &n, const CostTable &t) {
  switch (n.work) {
  case Work::Mark:
    return 0;
  case Work::Scalar:
    return n.a * t[ParamScalarCycles];
  case Work::Vector:
    // A repeat reads 256 bytes of each operand; the unit runs
    // vector_bytes of them per cycle.
    return t[ParamVectorLatency] +
           std::ceil(n.a / 256.0) * 256.0 / t[ParamVectorBytes];
  case Work::UbCopy:
    return t[ParamVectorLatency] + n.a / t[ParamUbCopyBytes];
  case Work::GmCopy:
    return t[ParamGmLatency] + n.b * t[ParamBurstCycles] +
           n.a / t[ParamGmBytes];
  case Work::Dispatch:
    return t[ParamServerDispatch];
  case Work::Product: {
    auto up16 = [](double v) { return std::ceil(v / 16) * 16; };
    double m = n.a, nn = n.b, k = n.c;
    double aBytes = m * k * n.inBytes, bBytes = k * nn * n.inBytes;
    double macs = up16(m) * up16(nn) * up16(k);
    double rate = n.rate == Rate::I8    ? t[ParamCubeMacsI8]
                  : n.rate == Rate::F32 ? t[ParamCubeMacsF32]
                                        : t[ParamCubeMacsF16];
    double load = t[ParamGmLatency] + (aBytes + bBytes) / t[ParamGmBytes];
    double mte1 = aBytes / t[ParamL1ToL0A] + bBytes / t[ParamL1ToL0B];
    double mmad = macs / rate;
    double out =
        std::min(t[ParamFixpipeElements] * n.outBytes, t[ParamGmBytes]);
    double fix = t[ParamGmLatency] + m * nn * n.outBytes / out;
    double serial = load + mte1 + mmad + fix;
    double longest = std::max({load, mte1, mmad, fix});
    return n.count * (serial - t[ParamCubeOverlap] * (serial - longest));
  }
  }
  return 0;
}

inline double edgeLatency(Latency l, const CostTable &t) {
  switch (l) {
  case Latency::None:
    return 0;
  case Latency::Poll:
    return t[ParamGmLatency];
  case Latency::Signal:
    return t[ParamSignalLatency];
  }
  return 0;
}

/// The nodes of one block's core, in program order.
struct Trace {
  std::vector<Node> nodes;
  std::vector<Dep> deps;
  /// The last node of each unit so far (kNoNode: none).
  uint32_t last[kPipes] = {kNoNode, kNoNode, kNoNode, kNoNode, kNoNode};
  /// The MTE3 copy of the last Matmul message (the next AllocMessage
  /// waits for it).
  uint32_t lastMessage = kNoNode;
  /// The sources of its cross-core waits (Node::firstCrossDep).
  std::vector<CoreNode> crossCoreDeps;
  bool recording = true;

  void clear() { *this = Trace(); }

  /// Adds `node` on its unit, after the nodes in `after`; returns it.
  uint32_t add(Node node, std::initializer_list<Dep> after = {}) {
    if (!recording)
      return kNoNode;
    if (!node.server)
      node.issueAfter = last[PipeS];
    node.firstDep = uint32_t(deps.size());
    for (const Dep &d : after)
      if (d.node != kNoNode) {
        deps.push_back(d);
        ++node.deps;
      }
    uint32_t id = uint32_t(nodes.size());
    nodes.push_back(node);
    last[node.unit] = id;
    return id;
  }
  /// A node of `work` on `unit` with amounts.
  uint32_t work(Unit unit, Work w, double a = 0, double b = 0) {
    Node n;
    n.unit = unit;
    n.work = w;
    n.a = a;
    n.b = b;
    return add(n);
  }
  /// A cross-core set's place: an S mark after `pipe`'s last node (the
  /// flag fires once the pipe has done what it was given).
  uint32_t crossCoreSet(Unit pipe) {
    Node n;
    n.unit = PipeS;
    return add(n, {{last[pipe], Latency::None}});
  }
  /// A cross-core wait that the sets `sources` of other cores of the group
  /// release: nothing is issued after it before their signal arrives.
  uint32_t crossCoreWait(const std::vector<CoreNode> &sources) {
    if (!recording || sources.empty())
      return kNoNode;
    Node n;
    n.unit = PipeS;
    n.firstCrossDep = uint32_t(crossCoreDeps.size());
    n.crossDeps = uint32_t(sources.size());
    crossCoreDeps.insert(crossCoreDeps.end(), sources.begin(), sources.end());
    return add(n);
  }
  /// A mark on `to` after `from` (with `latency`).
  uint32_t mark(Unit to, uint32_t from, Latency latency = Latency::None) {
    if (from == kNoNode)
      return kNoNode;
    Node n;
    n.unit = to;
    return add(n, {{from, latency}});
  }
};

/// The schedule of the traces of a launch.
struct CostResult {
  double total = 0;         ///< the end of the last node of any block
  double cube = 0;          ///< cube busy cycles, summed over cube cores
  double vector = 0;        ///< cycles a vector core has V, MTE2 or MTE3 busy,
                            ///< summed over blocks
  double overlap = 0;       ///< cycles in which a Matmul call of a core is in
                            ///< flight (its message copied, polled, handled,
                            ///< computed) while the core's V, MTE2 or MTE3 does
                            ///< the kernel's own work, summed over blocks
  double pipe[kPipes] = {}; ///< busy cycles per unit, summed over blocks
  int64_t cubeCores = 0;
};

/// The Matmul calls of `trace` that gave the cube work: the messages after
/// which the server computed at least one product before the next message
/// (a setter, End or a fetch from the workspace computes nothing). The
/// results report divides a block's cube busy cycles by it for "one call of
/// cube work", the prologue a software-pipelined loop cannot hide.
inline int64_t cubeCalls(const Trace &trace) {
  int64_t calls = 0;
  bool sinceMessage = false;
  for (const Node &n : trace.nodes) {
    if (n.message)
      sinceMessage = true;
    else if (sinceMessage && n.server && n.work == Work::Product) {
      ++calls;
      sinceMessage = false;
    }
  }
  return calls;
}

/// Measure of the union of spans (sorted by start on return).
inline double unionLength(std::vector<std::pair<double, double>> &spans) {
  std::sort(spans.begin(), spans.end());
  double total = 0, lo = 0, hi = -1;
  for (const auto &s : spans) {
    if (s.first > hi) {
      if (hi > lo)
        total += hi - lo;
      lo = s.first;
      hi = s.second;
    } else {
      hi = std::max(hi, s.second);
    }
  }
  if (hi > lo)
    total += hi - lo;
  return total;
}

/// Merges sorted spans into disjoint ones.
inline std::vector<std::pair<double, double>>
mergeSpans(const std::vector<std::pair<double, double>> &sorted) {
  std::vector<std::pair<double, double>> out;
  for (const auto &s : sorted) {
    if (s.second <= s.first)
      continue;
    if (!out.empty() && s.first <= out.back().second)
      out.back().second = std::max(out.back().second, s.second);
    else
      out.push_back(s);
  }
  return out;
}

/// Measure of the intersection of two sets of disjoint sorted spans.
inline double
intersectionLength(const std::vector<std::pair<double, double>> &lhs,
                   const std::vector<std::pair<double, double>> &rhs) {
  double total = 0;
  size_t i = 0, j = 0;
  while (i < lhs.size() && j < rhs.size()) {
    double lo = std::max(lhs[i].first, rhs[j].first);
    double hi = std::min(lhs[i].second, rhs[j].second);
    if (hi > lo)
      total += hi - lo;
    if (lhs[i].second < rhs[j].second)
      ++i;
    else
      ++j;
  }
  return total;
}

/// Schedules `traces` (one per block) under `t`, `ratio` vector cores to a
/// cube core (1 or 2; blocks ratio*k .. ratio*k + ratio - 1 share cube core
/// k, as GetBlockIdx on the vector core is block * ratio + sub-block:
/// GetBlockIdxImpl, dav_c220/kernel_operator_sys_var_impl.h).
inline CostResult schedule(const std::vector<Trace> &traces, int ratio,
                           const CostTable &t) {
  using Spans = std::vector<std::pair<double, double>>;
  CostResult r;
  for (size_t g = 0; g < traces.size(); g += size_t(ratio)) {
    size_t members = std::min(size_t(ratio), traces.size() - g);
    ++r.cubeCores;
    struct Cursor {
      const Trace *trace;
      size_t next = 0;
      double free[kPipes] = {};
      std::vector<double> start, end;
      Spans work;     ///< V, MTE2, MTE3 busy, the message copies excepted
      Spans busy;     ///< V, MTE2, MTE3 busy
      Spans inFlight; ///< from a message's copy to the server's last work
                      ///< for it (an inline cube call: its work)
      double openStart = -1, openEnd = 0;
    };
    std::vector<Cursor> cores(members);
    for (size_t i = 0; i < members; ++i) {
      cores[i].trace = &traces[g + i];
      cores[i].start.assign(traces[g + i].nodes.size(), 0);
      cores[i].end.assign(traces[g + i].nodes.size(), 0);
    }
    double cubeFree = 0;
    size_t serving = members; // none yet: core 0 is first in turn
    auto ready = [&](Cursor &c, const Node &n) {
      double at = n.issueAfter == kNoNode ? 0 : c.end[n.issueAfter];
      for (uint32_t d = 0; d < n.deps; ++d) {
        const Dep &dep = c.trace->deps[n.firstDep + d];
        at = std::max(at, c.end[dep.node] + edgeLatency(dep.latency, t));
      }
      return at;
    };
    auto place = [&](Cursor &c, const Node &n, double start) {
      double cycles = nodeCycles(n, t);
      double end = start + cycles;
      size_t id = c.next++;
      c.start[id] = start;
      c.end[id] = end;
      r.total = std::max(r.total, end);
      r.pipe[n.unit] += cycles;
      if (n.unit == PipeCube) {
        r.cube += cycles;
        if (n.work == Work::Dispatch || !n.server) {
          if (c.openStart >= 0)
            c.inFlight.push_back({c.openStart, c.openEnd});
          // A message is in flight from the start of its copy (the
          // dispatch's edge), an inline call from its own start.
          c.openStart =
              n.deps ? c.start[c.trace->deps[n.firstDep].node] : start;
        }
        c.openEnd = end;
      } else if (n.unit != PipeS && cycles > 0) {
        c.busy.push_back({start, end});
        if (!n.message)
          c.work.push_back({start, end});
      }
      if (n.unit != PipeCube)
        c.free[n.unit] = end;
    };
    for (;;) {
      // Each core runs up to its next cube node (or its end).
      for (Cursor &c : cores) {
        const auto &nodes = c.trace->nodes;
        while (c.next < nodes.size() && nodes[c.next].unit != PipeCube) {
          const Node &n = nodes[c.next];
          place(c, n, std::max(c.free[n.unit], ready(c, n)));
        }
      }
      // The cube core serves one message at a time (MatmulService::
      // Process runs all of it): the rest of the message being served
      // first; else the first core in turn after the last served whose
      // next message is there when the cube is free; else the one whose
      // message comes first (KfcServer::Run polls the rings in turn).
      auto waiting = [&](size_t i) {
        return cores[i].next < cores[i].trace->nodes.size();
      };
      size_t pick = members;
      double pickReady = 0;
      bool pickNow = false;
      if (serving < members && waiting(serving) &&
          cores[serving].trace->nodes[cores[serving].next].work !=
              Work::Dispatch) {
        pick = serving;
        pickReady =
            ready(cores[pick], cores[pick].trace->nodes[cores[pick].next]);
      } else {
        for (size_t step = 1; step <= members; ++step) {
          size_t i = (serving == members ? step - 1 : serving + step) % members;
          if (!waiting(i))
            continue;
          double at = ready(cores[i], cores[i].trace->nodes[cores[i].next]);
          bool now = at <= cubeFree;
          if (pick == members || (!pickNow && (now || at < pickReady))) {
            pick = i;
            pickReady = at;
            pickNow = now;
          }
        }
      }
      if (pick == members)
        break;
      Cursor &c = cores[pick];
      place(c, c.trace->nodes[c.next], std::max(cubeFree, pickReady));
      cubeFree = c.end[c.next - 1];
      serving = pick;
    }
    // Overlap: a core's own work on V, MTE2 or MTE3 while one of its
    // Matmul calls is in flight.
    for (Cursor &c : cores) {
      if (c.openStart >= 0)
        c.inFlight.push_back({c.openStart, c.openEnd});
      r.vector += unionLength(c.busy);
      std::sort(c.work.begin(), c.work.end());
      std::sort(c.inFlight.begin(), c.inFlight.end());
      r.overlap +=
          intersectionLength(mergeSpans(c.work), mergeSpans(c.inFlight));
    }
  }
  return r;
}

/// Schedules the traces of a cube-only build (ASCENDC_CUBE_ONLY), where
/// every core runs its own work: `perGroup` traces per group, its cube core
/// first, then its vector cores. Each core runs its nodes in order on its
/// own units (the cube core's Matmul work inline on its cube unit); a
/// cross-core wait starts once the sets it takes have fired and their
/// signal has arrived (CrossCoreSetFlag to CrossCoreWaitFlag, mode 2 and
/// 1). Overlap is a vector core's own V, MTE2 or MTE3 work while its cube
/// core computes.
inline CostResult scheduleCoreGroups(const std::vector<Trace> &traces,
                                     size_t perGroup, const CostTable &t) {
  using Spans = std::vector<std::pair<double, double>>;
  CostResult r;
  for (size_t g = 0; g < traces.size(); g += perGroup) {
    size_t members = std::min(perGroup, traces.size() - g);
    ++r.cubeCores;
    struct Cursor {
      const Trace *trace;
      size_t next = 0;
      double free[kPipes] = {};
      std::vector<double> end;
      Spans busy, work, cube;
    };
    std::vector<Cursor> cores(members);
    for (size_t i = 0; i < members; ++i) {
      cores[i].trace = &traces[g + i];
      cores[i].end.assign(traces[g + i].nodes.size(), 0);
    }
    // The earliest start of `n` on core `c`, or -1 while a set it waits
    // for has not been placed.
    auto ready = [&](const Cursor &c, const Node &n) {
      double at = n.issueAfter == kNoNode ? 0 : c.end[n.issueAfter];
      for (uint32_t d = 0; d < n.deps; ++d) {
        const Dep &dep = c.trace->deps[n.firstDep + d];
        at = std::max(at, c.end[dep.node] + edgeLatency(dep.latency, t));
      }
      for (uint32_t d = 0; d < n.crossDeps; ++d) {
        const CoreNode &src = c.trace->crossCoreDeps[n.firstCrossDep + d];
        if (src.core < 0 || size_t(src.core) >= members)
          continue; // another group's: not ordered here
        const Cursor &other = cores[size_t(src.core)];
        if (other.next <= src.node)
          return -1.0;
        at = std::max(at, other.end[src.node] + t[ParamSignalLatency]);
      }
      return at;
    };
    for (bool progress = true; progress;) {
      progress = false;
      for (Cursor &c : cores) {
        const auto &nodes = c.trace->nodes;
        while (c.next < nodes.size()) {
          const Node &n = nodes[c.next];
          double at = ready(c, n);
          if (at < 0)
            break;
          double start = std::max(c.free[n.unit], at);
          double cycles = nodeCycles(n, t);
          double end = start + cycles;
          c.end[c.next++] = end;
          c.free[n.unit] = end;
          progress = true;
          r.total = std::max(r.total, end);
          r.pipe[n.unit] += cycles;
          if (n.unit == PipeCube) {
            r.cube += cycles;
            c.cube.push_back({start, end});
          } else if (n.unit != PipeS && cycles > 0) {
            c.busy.push_back({start, end});
            if (!n.message)
              c.work.push_back({start, end});
          }
        }
      }
    }
    Spans cube;
    for (Cursor &c : cores)
      cube.insert(cube.end(), c.cube.begin(), c.cube.end());
    std::sort(cube.begin(), cube.end());
    Spans computing = mergeSpans(cube);
    for (Cursor &c : cores) {
      r.vector += unionLength(c.busy);
      std::sort(c.work.begin(), c.work.end());
      r.overlap += intersectionLength(mergeSpans(c.work), computing);
    }
  }
  return r;
}

} // namespace asc_run

#endif // ASC_RUN_COST_H
