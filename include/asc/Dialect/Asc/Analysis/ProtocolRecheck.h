//===- ProtocolRecheck.h - re-check only what a reordering moved -*- C++
//-*-===//
//
// Checking rules P1-P7 again after a transformation that only reorders ops
// within their blocks (--asc-sync-placement moves waits later and issues
// earlier), without analysing and checking the whole function again. The
// ops whose order against another op changed form ranges; each is flowed
// again from the state before it, and when the state after it is the one
// the input analysis recorded there, nothing after it sees a difference:
// only the range's ops are checked. Anything else (ops created or erased,
// a range holding an op with regions, a state after a range that
// changed, an issue whose footprint changed) is left to a full re-check.
//
// The re-check shares nothing with the transformation's reasoning but the
// input's protocol analysis: the alias analysis and the checker are new.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLRECHECK_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLRECHECK_H

#include "asc/Dialect/Asc/Analysis/InFlightConflicts.h"
#include "llvm/ADT/MapVector.h"
#include <vector>

namespace mlir::asc {

/// What a transformation changed since the protocol analysis of its input:
/// the blocks it reordered, each with its ops in their input order.
class ReorderLog {
public:
  /// To be called before ops of `block` move within it; the first call
  /// keeps the block's order (one walk of it).
  void noteReorder(Block *block);
  /// Or, by a transformation that walks the whole function before it
  /// changes anything: each op in its block's order, every op of a block
  /// (a function walk does), and then noteReorder walks nothing.
  void noteInputOp(Operation *op);
  /// To be called for any other change: ops created, erased or moved to
  /// another block. The re-check is then a full one.
  void noteOtherChange() { otherChange = true; }

  bool hasOtherChange() const { return otherChange; }
  const llvm::MapVector<Block *, std::vector<Operation *>> &
  getInputOrders() const {
    return inputOrders;
  }

private:
  llvm::MapVector<Block *, std::vector<Operation *>> inputOrders;
  /// The blocks noteInputOp recorded whole, and the one it fills.
  llvm::DenseMap<Block *, std::vector<Operation *>> recordedOrders;
  Block *recordingBlock = nullptr;
  std::vector<Operation *> *recording = nullptr;
  bool otherChange = false;
};

/// What recheckReordered found.
struct IncrementalRecheck {
  /// True when the reordered function keeps rules P1-P7.
  bool proved = false;
  /// When not proved: why the incremental re-check could not tell (a full
  /// re-check decides, and reports what breaks).
  StringRef reason;
  /// The ranges of reordered ops and the ops in them that were checked.
  unsigned ranges = 0, ops = 0;
};

/// Re-checks a function whose blocks were reordered as `log` says after
/// `protocol` was computed (and `inputConflicts`, over an alias analysis of
/// it, which gives the input's footprints). `protocol` is updated in place:
/// when proved, it describes the reordered function; otherwise it may
/// describe neither and must be dropped.
IncrementalRecheck recheckReordered(Operation *function,
                                    MatmulProtocolAnalysis &protocol,
                                    InFlightConflicts &inputConflicts,
                                    const ReorderLog &log);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLRECHECK_H
