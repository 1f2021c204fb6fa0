//===- ProtocolAnalysis.h - Matmul async protocol analysis ------*- C++ -*-===//
//
// A forward analysis over structured (RegionBranchOpInterface) and
// unstructured (CFG) control flow that computes, before every operation and
// for every Matmul object, the protocol events that may have happened last
// (an async issue still pending, a wait, the object's creation or end) and
// the setters whose memory may be in effect in each slot of the object's
// state (A, B, bias, scales, workspace); and the checker that turns those
// states into diagnostics for rules P1-P4.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include <array>

namespace mlir::asc {

/// The protocol state of the Matmul objects at one program point.
struct ProtocolState {
  /// What may be true of one object. Every list is sorted by pointer so that
  /// states compare and join cheaply.
  struct ObjectState {
    Value matmul;
    /// The operations that may have been the object's last protocol event
    /// on some path: a pending async issue, a wait, its creation or
    /// initialisation, its end. A null entry stands for "unknown": an
    /// object from outside the function, or one handed to an operation the
    /// analysis cannot see into.
    SmallVector<Operation *, 2> events;
    /// Per slot, the configuring calls whose memory may be in effect; a
    /// null entry stands for "unknown memory" (nothing set yet on some
    /// path, or set out of sight).
    std::array<SmallVector<Operation *, 1>, kNumMatmulSlots> setters;

    bool operator==(const ObjectState &other) const;
    bool join(const ObjectState &other);
  };
  /// Sorted by the object value's opaque pointer.
  SmallVector<ObjectState, 4> objects;
  /// Async issues without a wait flag: their output stays pending until the
  /// object's end (docs/Protocol.md section 2). Sorted by pointer.
  SmallVector<Operation *, 2> unwaitedIssues;

  bool operator==(const ProtocolState &other) const;
  /// Union with `other`; true when this state changed.
  bool join(const ProtocolState &other);
  /// The entry of `matmul`, or null when the state has none.
  const ObjectState *lookup(Value matmul) const;
  /// What the state says of `matmul`: its own entry or, for a value first
  /// seen here, the join of every object it may denote (with "unknown").
  ObjectState getObjectView(Value matmul) const;
  /// The entry of `matmul`, created from getObjectView when missing.
  ObjectState &getOrCreate(Value matmul);
};

/// True when `op` is an async issue that a wait completes (its output is
/// pending until then).
bool isPendingIssue(Operation *op);
/// True when `op` is an async issue that no wait can complete: its output
/// is pending until the object's end.
bool isUnwaitedIssue(Operation *op);

/// The protocol states of one function (an analysis for the pass manager).
/// States are stored at block entries, after region-holding ops and before
/// every Matmul operation; any other point is replayed from those.
class MatmulProtocolAnalysis {
public:
  explicit MatmulProtocolAnalysis(Operation *function);

  /// The state before Matmul operation `op`; null when `op` is unreachable.
  const ProtocolState *getStateBefore(Operation *op) const;

  /// Calls `visitor` with every reachable operation and the state before
  /// it, block by block.
  void walkStates(
      function_ref<void(Operation *, const ProtocolState &)> visitor) const;

  /// The memory that `slot` of `matmul` may hold right before Matmul
  /// operation `op` (null entries: slots that hold no memory), or nothing
  /// when it may hold memory the analysis cannot name.
  std::optional<SmallVector<Value, 2>>
  getSlotMemory(Operation *op, Value matmul, MatmulSlot slot) const;

  Operation *getFunction() const { return function; }

private:
  friend class ProtocolFlow;
  Operation *function;
  llvm::DenseMap<Block *, ProtocolState> blockEntryStates;
  llvm::DenseMap<Operation *, ProtocolState> stateAfterRegionOp;
  llvm::DenseMap<Operation *, ProtocolState> matmulOpStates;
};

/// Checks rules P1-P4 on the states of a MatmulProtocolAnalysis.
class ProtocolChecker {
public:
  ProtocolChecker(MatmulProtocolAnalysis &protocol, AscAliasAnalysis &aliases)
      : protocol(protocol), aliases(aliases) {}

  /// Checks every reachable operation; with `reportErrors`, emits every
  /// violation as an error with notes. Failure when there was any.
  LogicalResult check(bool reportErrors = true);

  /// What `issue` reads and writes while it runs (its in-flight inputs and
  /// pending outputs), resolved where it is issued; cached.
  ArrayRef<ResolvedAccess> getInFlightFootprint(Operation *issue);

  /// The first access of `op` that conflicts with the in-flight footprint
  /// `footprint`: one that may touch its outputs, or write its inputs.
  std::optional<std::pair<ResolvedAccess, ResolvedAccess>>
  findConflict(Operation *op, ArrayRef<ResolvedAccess> footprint);
  /// The same for the accesses `accesses` of an op, resolved already.
  std::optional<std::pair<ResolvedAccess, ResolvedAccess>>
  findConflict(ArrayRef<ResolvedAccess> accesses,
               ArrayRef<ResolvedAccess> footprint);

private:
  LogicalResult checkOperation(Operation *op, const ProtocolState &state,
                               bool report);
  MatmulProtocolAnalysis &protocol;
  AscAliasAnalysis &aliases;
  llvm::DenseMap<Operation *, SmallVector<ResolvedAccess, 6>> footprints;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
