//===- ProtocolAnalysis.h - Matmul async protocol analysis ------*- C++ -*-===//
//
// A forward analysis over structured (RegionBranchOpInterface) and
// unstructured (CFG) control flow that computes, before every operation and
// for every Matmul object, the protocol events that may have happened last
// (an async issue still pending, a wait, the object's creation or end), and a
// checker that turns those states into diagnostics for rules P1-P4.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::asc {

/// The protocol state of the Matmul objects at one program point.
struct ProtocolState {
  /// For one object, the operations that may have been its last protocol
  /// event on some path: a pending async issue, a wait, its creation or
  /// initialisation, its end. A null entry stands for "unknown since the
  /// function entry" (objects that are function arguments).
  struct ObjectEvents {
    Value matmul;
    /// Sorted by pointer so that states compare and join cheaply.
    SmallVector<Operation *, 2> events;
  };
  /// Sorted by the object value's opaque pointer.
  SmallVector<ObjectEvents, 4> objects;
  /// Async issues without a wait flag: their output stays pending until the
  /// object's end (docs/Protocol.md section 2). Sorted by pointer.
  SmallVector<Operation *, 2> unwaitedIssues;

  bool operator==(const ProtocolState &other) const;
  /// Union with `other`; true when this state changed.
  bool join(const ProtocolState &other);
  /// The events of `matmul`, or null when the state says nothing about it.
  const ObjectEvents *lookup(Value matmul) const;
  /// Replaces the events of `matmul` with `event`.
  void setEvent(Value matmul, Operation *event);
  /// The effect of `wait`: the pending issues of its kind are complete.
  void completeWith(Value matmul, MatmulWaitOpInterface wait);
  /// Drops the unwaited issues of `matmul` (it ended).
  void releaseUnwaited(Value matmul);
  void addUnwaited(Operation *issue);
};

/// Applies the effect of `op` to `state` (the analysis' transfer function).
void applyProtocolTransfer(Operation *op, ProtocolState &state);

/// True when `op` is an async issue that a wait completes (its output is
/// pending until then).
bool isPendingIssue(Operation *op);

/// The tensor an async issue writes asynchronously; for IterateNBatch, the
/// workspace tensor given to the object by set_workspace, if any.
Value getPendingOutput(Operation *issue);

/// Runs the protocol analysis on a function and checks rules P1-P4.
class ProtocolChecker {
public:
  explicit ProtocolChecker(Operation *function) : function(function) {}

  /// Runs the analysis; with `reportErrors`, emits every violation as an
  /// error with notes. Failure when there was any violation.
  LogicalResult check(bool reportErrors = true);

  /// The state before Matmul operation `op` as of the last check(); null when
  /// the analysis found `op` unreachable.
  const ProtocolState *getStateBefore(Operation *op) const;

  TensorAliasAnalysis &getAliasAnalysis() { return aliases; }

  /// True when `op` may read or write memory that may alias `output`.
  bool mayAccess(Operation *op, Value output) {
    return mayTouch(op, output, /*writesOnly=*/false);
  }
  /// True when `op` may write memory that may alias `memory`.
  bool mayWrite(Operation *op, Value memory) {
    return mayTouch(op, memory, /*writesOnly=*/true);
  }

  /// The tensors set as inputs (A, B, bias) of `matmul` anywhere in the
  /// function; computed once per object.
  ArrayRef<Value> getMatmulInputs(Value matmul);

private:
  /// What mayAccess and mayWrite share: `op`'s effects on tensor values, the
  /// inputs a computing Matmul call reads, and, for ops of unknown effects,
  /// the memory they are handed.
  bool mayTouch(Operation *op, Value memory, bool writesOnly);
  LogicalResult checkOperation(Operation *op, const ProtocolState &state,
                               bool report);
  Operation *function;
  TensorAliasAnalysis aliases;
  llvm::DenseMap<Value, SmallVector<Value, 2>> matmulInputs;
  /// States before the Matmul operations, recorded by check().
  llvm::DenseMap<Operation *, ProtocolState> matmulStates;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
