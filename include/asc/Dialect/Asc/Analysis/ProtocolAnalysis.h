//===- ProtocolAnalysis.h - Matmul async protocol analysis ------*- C++ -*-===//
//
// A forward analysis over structured (RegionBranchOpInterface) and
// unstructured (CFG) control flow that computes, before every operation and
// for every Matmul object, the protocol state of ProtocolState.h. The alias
// analysis resolves Matmul state slots through it, and the checker of rules
// P1-P7 (ProtocolChecker.h) turns its states into diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H

#include "asc/Dialect/Asc/Analysis/AnalysisArena.h"
#include "asc/Dialect/Asc/Analysis/ProgramOrderKeys.h"
#include "asc/Dialect/Asc/Analysis/ProtocolState.h"
#include "asc/Dialect/Asc/Analysis/ProtocolTransfer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Allocator.h"
#include <optional>
#include <vector>

namespace mlir::asc {

/// The protocol states of one function (an analysis for the pass manager).
/// States are stored where a run of operations without regions starts (a
/// block entry, or right after a region-holding op), before every Matmul
/// operation and after every op that may change the state: walking them
/// replays no transfer function.
///
/// The propagation is a worklist over those starting points in program
/// order, without recursion over the nesting of regions: its cost is
/// linear in the operations times the number of times a point's state
/// grows, whatever the nesting depth.
class MatmulProtocolAnalysis {
public:
  explicit MatmulProtocolAnalysis(Operation *function);
  ~MatmulProtocolAnalysis();
  MatmulProtocolAnalysis(MatmulProtocolAnalysis &&) = delete;

  /// The state before Matmul operation `op`; null when `op` is unreachable.
  const ProtocolState *getStateBefore(Operation *op) const;

  /// Calls `visitor` with every reachable operation and the state before
  /// it, in program order (an op holding regions before the ops nested in
  /// it).
  void
  walkStates(function_ref<void(Operation *, const ProtocolState &)> visitor,
             ProtocolState::InFlightListener *listener = nullptr) const;

  /// The memory that `slot` of `matmul` may hold right before Matmul
  /// operation `op` (null entries: slots that hold no memory), or nothing
  /// when it may hold memory the analysis cannot name. With `setters`, the
  /// setter that put each entry there, in the same order.
  std::optional<SmallVector<Value, 2>>
  getSlotMemory(Operation *op, Value matmul, MatmulSlot slot,
                SmallVectorImpl<Operation *> *setters = nullptr) const;

  /// Re-analysis after a reordering within blocks (ProtocolRecheck.h).
  /// The state right before `op` as the recorded transitions give it in
  /// the current order of its block; nothing when its run is unreachable.
  std::optional<ProtocolState> getStateAt(Operation *op) const;
  /// The recorded state after `op`, an op whose transfer may change the
  /// state; null when it has none (unreachable, or it changes nothing).
  const ProtocolState *getStateAfter(Operation *op) const;
  /// Flows the ops [`begin`, `end`) of one run without region ops again,
  /// in their current order, from `entry`, the state before `begin`, and
  /// records their states and transitions in place of the old ones (the
  /// names that die among them are found again first). Returns the state
  /// after the last.
  ProtocolState reflow(Block::iterator begin, Block::iterator end,
                       const ProtocolState &entry);
  /// walkStates over the ops [`begin`, `end`) of one run, from `entry`,
  /// up to the first op with regions (the last one visited).
  void
  walkStatesIn(Block::iterator begin, Block::iterator end,
               const ProtocolState &entry,
               function_ref<void(Operation *, const ProtocolState &)> visitor,
               ProtocolState::InFlightListener *listener = nullptr) const;

  Operation *getFunction() const { return function; }
  /// True when `op` is inside a loop that fetches the results of `issue`
  /// (a call whose results fetches take) and that `issue` is not in.
  bool isInFetchLoopOf(Operation *op, Operation *issue) const;
  /// True when the function's Matmul objects are the cube-side ones, which
  /// setters configure directly (no staged message).
  bool usesCubeSideObjects() const;

  /// Where a run of operations without regions starts: the entry of
  /// `block`, or right after `after` (an op of `block` holding regions).
  struct RunStart {
    Block *block;
    Operation *after;
  };

  /// The op after which each name in its list dies (ProtocolAnalysis.cpp).
  using NamesDeadAfter = llvm::DenseMap<Operation *, SmallVector<Value, 1>,
                                        ProgramOrderInfo<Operation>>;

private:
  friend class ProtocolFlow;
  /// Records the state before `op` when it keeps one (a Matmul op).
  void recordStateBefore(Operation *op, const ProtocolState &state);
  /// Applies the transfer of `op` (without regions) to `state` and records
  /// the transition, when `op` may change the state.
  void transfer(Operation *op, ProtocolState &state);

  /// A state kept until the analysis dies, in `keptStates`.
  ProtocolState &keepState(const ProtocolState &state);

  /// Declared first: every state below refers to it.
  std::unique_ptr<ProtocolState::Context> context;
  Operation *function;
  /// Where the kept states (run entries, states before Matmul ops, states
  /// after transitions) and the transitions' change lists live. A state
  /// owns nothing: its trees are in the context's arena, freed at once.
  AnalysisArena keptStates;
  /// The reachable run starts in program order, with their states.
  std::vector<std::pair<RunStart, const ProtocolState *>> runStates;
  /// The index in runStates of each run start, keyed by its block and the
  /// op it follows; filled on the first getStateAt.
  mutable llvm::DenseMap<std::pair<Block *, Operation *>, unsigned>
      runStateIndex;
  /// The states and transitions live in deques, in the order the flow
  /// first reaches their ops, and the maps point into them: a map of whole
  /// states would move every state each time it grows (and most of a
  /// benchmark's cache misses were those moves).
  llvm::DenseMap<Operation *, ProtocolState *, ProgramOrderInfo<Operation>>
      matmulOpStates;
  /// What an op whose transfer may change the state left: the state after
  /// it and the changes to the in-flight set, in order (both in
  /// `keptStates`).
  struct Transition {
    ProtocolState *after;
    ArrayRef<std::pair<Operation *, bool>> inFlightChanges;
  };
  llvm::DenseMap<Operation *, Transition, ProgramOrderInfo<Operation>>
      transitions;
  /// Where a transfer logs its changes before they are kept.
  SmallVector<std::pair<Operation *, bool>> changeLog;
  /// The names of objects whose entries the state drops after the op that
  /// uses them last: other names (selects, call results), since each update
  /// of an object also updates every name that may denote it, and created
  /// objects that no other name reaches, once nothing of theirs is in
  /// flight. A kernel with many short-lived names or objects would
  /// otherwise carry them all.
  NamesDeadAfter namesDeadAfter;
  /// The last use of each name whose uses are all in its block (see
  /// ProtocolAnalysis.cpp), kept up to date by reflow.
  llvm::DenseMap<Value, Operation *> lastLocalUses;
  /// The closest loops around fetches, with the object values they fetch
  /// from: leaving one, every block of those objects' fetch-consumed calls
  /// was fetched.
  llvm::DenseMap<Operation *, SmallVector<Value, 1>> fetchLoops;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
