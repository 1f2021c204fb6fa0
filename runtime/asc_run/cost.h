//===- cost.h - the asc-run cost model --------------------------*- C++ -*-===//
//
// Cycles per call for the cube unit, the vector unit and the copy engines of
// one AI Core, and the two timelines of a block: the vector core's program
// order (scalar, vector and copy instructions, waits) and the cube core's
// queue of Matmul work. The figures and their sources are in docs/Runtime.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_COST_H
#define ASC_RUN_COST_H

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace asc_run {

/// The parameter table (docs/Runtime.md gives the public figure behind each).
struct CostTable {
  /// Cube MACs per cycle: one 16x16x16 fp16 fractal per cycle.
  double cubeMacsF16 = 4096;
  /// int8 runs a 16x32x16 fractal per cycle.
  double cubeMacsI8 = 8192;
  /// fp32 inputs run at a quarter of the fp16 rate.
  double cubeMacsF32 = 1024;
  /// Bytes per cycle GM -> L1 / UB (MTE2) and UB -> GM / L0C -> GM (MTE3,
  /// FIXPIPE), one core's share of the HBM bandwidth.
  double gmBytesPerCycle = 32;
  /// Bytes per cycle UB -> UB copies.
  double ubBytesPerCycle = 128;
  /// Fixed latency of a GM transfer (issue to first byte).
  double gmLatency = 200;
  /// Vector unit: bytes per repeat, one repeat per cycle, plus issue cost.
  double vectorBytesPerCycle = 256;
  double vectorIssue = 8;
  /// Cycles for the vector core to post a Matmul message to the cube core
  /// and for the cube core to pick it up.
  double messageLatency = 100;
  /// A wait or a queue operation on the scalar unit.
  double scalarOp = 1;
};

inline const CostTable &costTable() {
  static const CostTable table;
  return table;
}

/// The timelines of one block.
struct Timeline {
  double vectorNow = 0;
  double cubeFree = 0;
  double vectorBusy = 0;
  double cubeBusy = 0;
  std::vector<std::pair<double, double>> vectorSpans;
  std::vector<std::pair<double, double>> cubeSpans;

  /// The vector core works for `cycles` from now.
  void vectorWork(double cycles) {
    if (cycles <= 0)
      return;
    vectorSpans.push_back({vectorNow, vectorNow + cycles});
    vectorNow += cycles;
    vectorBusy += cycles;
  }
  /// The cube core gets `cycles` of work, posted now; returns its end.
  double cubeWork(double cycles) {
    double start = std::max(vectorNow + costTable().messageLatency, cubeFree);
    cubeSpans.push_back({start, start + cycles});
    cubeFree = start + cycles;
    cubeBusy += cycles;
    return cubeFree;
  }
  /// The vector core stalls until `until`.
  void stallUntil(double until) { vectorNow = std::max(vectorNow, until); }
  double end() const { return std::max(vectorNow, cubeFree); }
  /// Cycles in which both the cube and the vector core are busy.
  double overlap() const {
    double total = 0;
    size_t i = 0, j = 0;
    while (i < vectorSpans.size() && j < cubeSpans.size()) {
      double lo = std::max(vectorSpans[i].first, cubeSpans[j].first);
      double hi = std::min(vectorSpans[i].second, cubeSpans[j].second);
      if (hi > lo)
        total += hi - lo;
      if (vectorSpans[i].second < cubeSpans[j].second)
        ++i;
      else
        ++j;
    }
    return total;
  }
};

/// Cycles of a GM <-> UB transfer of `bytes` in `bursts` bursts.
inline double copyCycles(uint64_t bytes, uint64_t bursts = 1) {
  const CostTable &t = costTable();
  return t.gmLatency + static_cast<double>(bursts) +
         static_cast<double>(bytes) / t.gmBytesPerCycle;
}

/// Cycles of a vector instruction over `bytes` of each operand.
inline double vectorCycles(uint64_t bytes) {
  const CostTable &t = costTable();
  return t.vectorIssue + static_cast<double>((bytes + 255) / 256) * 256.0 /
                             t.vectorBytesPerCycle;
}

/// Cycles of an m x n x k product on the cube, inputs of `inBytes` bytes per
/// element loaded from GM, the result of `outBytes` per element written out.
inline double cubeCycles(uint64_t m, uint64_t n, uint64_t k, unsigned inBytes,
                         unsigned outBytes, bool int8) {
  const CostTable &t = costTable();
  auto up16 = [](uint64_t v) { return (v + 15) / 16 * 16; };
  double macs = static_cast<double>(up16(m)) * up16(n) * up16(k);
  double rate =
      int8 ? t.cubeMacsI8 : (inBytes >= 4 ? t.cubeMacsF32 : t.cubeMacsF16);
  double load = static_cast<double>((m + n) * k * inBytes) / t.gmBytesPerCycle;
  double store = static_cast<double>(m * n * outBytes) / t.gmBytesPerCycle;
  return 2 * t.gmLatency + load + macs / rate + store;
}

} // namespace asc_run

#endif // ASC_RUN_COST_H
