//===- ProtocolAnalysis.h - Matmul async protocol analysis ------*- C++ -*-===//
//
// A forward analysis over structured (RegionBranchOpInterface) and
// unstructured (CFG) control flow that computes, before every operation and
// for every Matmul object, the protocol events that may have happened last
// (an async issue still pending, a wait, the object's creation or end), the
// setters whose memory may be in effect in each slot of the object's state
// (A, B, bias, scales, workspace), what the client's staged message holds,
// and the fetched blocks whose pipes are not ordered yet; and the checker
// that turns those states into diagnostics for rules P1-P7.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ImmutableMap.h"
#include "llvm/ADT/ImmutableSet.h"
#include "llvm/ADT/SmallVector.h"
#include <array>
#include <memory>

namespace mlir::asc {

/// The protocol state of the Matmul objects at one program point.
///
/// States are persistent: copying one is O(1) and updating one object is
/// O(log objects), with the unchanged objects shared between the copies
/// (llvm::ImmutableMap trees of interned object states). The analysis keeps
/// a state before every Matmul operation, so a full copy per operation
/// would cost objects x operations.
struct ProtocolState {
  /// What may be true of one object. Every list is sorted by pointer so that
  /// states compare and join cheaply. Object states in a ProtocolState are
  /// interned: equal states are one object.
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
    /// Rule P6, the staged message (docs/Protocol.md section 2b). The posts
    /// (the creation, an issue, a call that posts a message of its own, an
    /// Iterate loop that ended) after which, on some path, no SetTensorA/B of
    /// a tensor staged new inputs: an issue from there has none.
    SmallVector<Operation *, 1> postsWithoutInputs;
    /// The setters that may be staged since the last post.
    SmallVector<Operation *, 1> staged;
    /// The SetBias calls whose bias the cube core's server may hold: staged
    /// in the last message that carried inputs.
    SmallVector<Operation *, 1> appliedBias;
    /// Rule P5: the computations (or the creation or initialisation, when
    /// nothing was computed since) that may have been the object's last;
    /// GetBatchTensorC takes the signals of an IterateNBatch without its
    /// wait flag only. A null entry stands for "unknown".
    SmallVector<Operation *, 1> lastComputations;
    /// The calls whose results fetches take (an async Iterate, a flagless
    /// IterateNBatch) that may have been made through this object with no
    /// fetch of it since.
    SmallVector<Operation *, 1> unfetched;

    bool operator==(const ObjectState &other) const;
    bool join(const ObjectState &other);
  };
  using ObjectMap = llvm::ImmutableMap<const void *, const ObjectState *>;
  using OpSet = llvm::ImmutableSet<Operation *>;
  using ValueSet = llvm::ImmutableSet<const void *>;
  using OpCounts = llvm::ImmutableMap<Operation *, unsigned>;
  /// The factories and the interned object states the states of one
  /// analysis share; they outlive every state made from them.
  class Context;
  /// Told of every change to the in-flight set while states are walked
  /// (MatmulProtocolAnalysis::walkStates).
  class InFlightListener {
  public:
    virtual ~InFlightListener() = default;
    /// A run of operations starts from the recorded state `entry`.
    virtual void startRun(const ProtocolState &entry) = 0;
    /// `issue` entered (`inFlight`) or left the in-flight set.
    virtual void changed(Operation *issue, bool inFlight) = 0;
  };

  ProtocolState() = default;
  explicit ProtocolState(Context &context);

  bool operator==(const ProtocolState &other) const;
  /// Union with `other`; true when this state changed.
  bool join(const ProtocolState &other);
  /// The entry of `matmul`, or null when the state has none.
  const ObjectState *lookup(Value matmul) const;
  /// What the state says of `matmul`: its own entry or, for a value first
  /// seen here, the join of every object it may denote (with "unknown").
  ObjectState getObjectView(Value matmul) const;
  /// The same without a copy when `matmul` has an entry; `scratch` holds
  /// the view otherwise.
  const ObjectState &getObjectView(Value matmul, ObjectState &scratch) const;
  /// Replaces (or adds) the entry of `object.matmul`.
  void setObject(const ObjectState &object);
  /// Drops the entry of `matmul`, a name no later op uses.
  void eraseObject(Value matmul);
  /// Every entry, sorted by the object value's opaque pointer.
  SmallVector<const ObjectState *> getObjects() const;
  /// Applies `update` to every entry other than `matmul`'s that may denote
  /// the same object.
  void forEachOtherAlias(Value matmul,
                         function_ref<void(const ObjectState &)> update) const;

  /// Async issues without a wait flag (fire-and-forget): nothing signals
  /// them, so their output stays pending until a later call of the same
  /// object that the vector core waits for completes (a synchronous call, a
  /// wait that completes an issue), or the kernel ends; End() completes
  /// nothing (docs/Protocol.md section 2). Sorted by pointer.
  SmallVector<Operation *> getUnwaitedIssues() const;
  void addUnwaitedIssue(Operation *issue);
  /// Drops `issue`, completed, from the issues without a wait flag.
  void removeUnwaitedIssue(Operation *issue);
  /// The issues without a wait flag whose results fetches take (an async
  /// Iterate, a flagless IterateNBatch). Sorted by pointer.
  SmallVector<Operation *> getFetchConsumedIssues() const;
  /// Drops the calls made through `matmul` whose results fetches take (their
  /// fetch loop was left: every block was fetched).
  void removeFetchConsumedIssuesOf(Value matmul);

  /// Rule P7: the async fetches into local memory whose WaitGetTensorC has
  /// ordered only the vector pipe after the copy; their blocks need a
  /// PipeBarrier<PIPE_ALL> or a queue hand-off before any other pipe
  /// touches them. Sorted by pointer.
  SmallVector<Operation *> getUnorderedFetches() const;
  bool hasUnorderedFetches() const { return !unorderedFetches.isEmpty(); }
  void addUnorderedFetch(Operation *fetch);
  /// Drops the fetches whose local destination is `tensor` (handed off
  /// through a queue, or freed); every fetch when `tensor` is null.
  void removeUnorderedFetches(Value tensor);

  /// Applies `update` to every entry; `update` returns true when it changed
  /// the entry.
  void updateEachObject(function_ref<bool(ObjectState &)> update);

  /// Every issue in flight: waitable issues pending on some object and
  /// issues without a wait flag. The map's identity (its root) changes only
  /// when the set does.
  const OpCounts &getInFlight() const { return inFlight; }

private:
  void countInFlight(Operation *issue, int delta);
  void countInFlight(const ObjectState *object, int delta);

  Context *context = nullptr;
  /// Keyed by the object value's opaque pointer.
  ObjectMap objects{nullptr};
  /// The keys of `objects` whose value may denote another entry's object
  /// (not a matmul.create result): the only entries a may-update of a
  /// created object reaches.
  ValueSet indirectObjects{nullptr};
  OpSet unwaitedIssues{nullptr};
  /// The issues of `unwaitedIssues` whose results fetches take.
  OpSet fetchConsumedIssues{nullptr};
  OpSet unorderedFetches{nullptr};
  /// In-flight issues with the number of entries (objects, or the unwaited
  /// set) that hold each.
  OpCounts inFlight{nullptr};
};

/// True when `op` is an async issue that a wait completes (its output is
/// pending until then).
bool isPendingIssue(Operation *op);
/// True when `op` is an async issue that no wait can complete: its output
/// is pending until a later completion on its object or the kernel's end.
bool isUnwaitedIssue(Operation *op);
/// True for an async call whose results fetches take block by block (an
/// async Iterate, a flagless IterateNBatch): in flight until its fetch loop
/// is left.
bool isFetchConsumedIssue(Operation *op);
/// True for a call that fetches results instead of computing: GetTensorC,
/// AsyncGetTensorC, GetBatchTensorC.
bool isFetch(MatmulOpInterface use);
/// True when `use` may run while an issue of its object is in flight: a
/// setter that stages the next message or posts one of its own (each post
/// is a snapshot), not SetWorkspace or Init.
bool isSafeWhileInFlight(MatmulOpInterface use);
/// The issues without a wait flag in `state` that `op` completes when it
/// returns: those made through its object's value, when `op` is a
/// synchronous computation or a wait that completes an issue (the server
/// runs one client's messages in order).
SmallVector<Operation *>
getUnwaitedIssuesCompletedBy(Operation *op, const ProtocolState &state);
/// The local tensors an async fetch writes (rule P7 follows their blocks).
SmallVector<Value, 2> getLocalDestinations(Operation *fetch);

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
  /// when it may hold memory the analysis cannot name.
  std::optional<SmallVector<Value, 2>>
  getSlotMemory(Operation *op, Value matmul, MatmulSlot slot) const;

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

private:
  friend class ProtocolFlow;
  /// Declared first: every state below refers to it.
  std::unique_ptr<ProtocolState::Context> context;
  Operation *function;
  /// The reachable run starts in program order, with their states.
  std::vector<std::pair<RunStart, ProtocolState>> runStates;
  llvm::DenseMap<Operation *, ProtocolState> matmulOpStates;
  /// What an op whose transfer may change the state left: the state after
  /// it and the changes to the in-flight set, in order.
  struct Transition {
    ProtocolState after;
    SmallVector<std::pair<Operation *, bool>, 1> inFlightChanges;
  };
  llvm::DenseMap<Operation *, Transition> transitions;
  /// The names of objects that are not creations (selects, call results)
  /// whose entries the state drops after the op that uses them last: each
  /// update of an object also updates every name that may denote it, so a
  /// kernel with many short-lived names would otherwise carry them all.
  llvm::DenseMap<Operation *, SmallVector<Value, 1>> namesDeadAfter;
  /// The closest loops around fetches, with the object values they fetch
  /// from: leaving one, every block of those objects' fetch-consumed calls
  /// was fetched.
  llvm::DenseMap<Operation *, SmallVector<Value, 1>> fetchLoops;
};

/// Checks rules P1-P7 on the states of a MatmulProtocolAnalysis.
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
  class InFlightIndex;
  LogicalResult checkOperation(Operation *op, const ProtocolState &state,
                               InFlightIndex &index, bool report);
  LogicalResult checkStagedMessage(MatmulOpInterface use,
                                   const ProtocolState &state, bool report);
  LogicalResult checkFetchSignal(MatmulOpInterface use,
                                 const ProtocolState &state, bool report);
  LogicalResult checkFetchesDone(MatmulOpInterface use,
                                 const ProtocolState &state, bool report);
  LogicalResult checkFetchedBlockPipes(Operation *op,
                                       const ProtocolState &state,
                                       ArrayRef<ResolvedAccess> accesses,
                                       bool report);
  MatmulProtocolAnalysis &protocol;
  AscAliasAnalysis &aliases;
  llvm::DenseMap<Operation *, SmallVector<ResolvedAccess, 6>> footprints;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLANALYSIS_H
