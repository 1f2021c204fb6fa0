//===- InFlightConflicts.h - what may touch an issue in flight --*- C++ -*-===//
//
// Rule P3's question, in one place: does an operation conflict with what an
// async issue reads and writes while it runs (its in-flight footprint)? The
// checker asks it at every operation an issue is in flight across;
// --asc-sync-placement asks it of every operation a wait would sink past or
// an issue be hoisted above, and --asc-pipeline-loops of every operation a
// rotation would move an issue past, one or more iterations early. The
// loop rules that tell two instances of one issue apart live here too, so
// that the checker, placement and pipelining ask the same rules.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_INFLIGHTCONFLICTS_H
#define ASC_DIALECT_ASC_ANALYSIS_INFLIGHTCONFLICTS_H

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Dialect/Asc/Analysis/AnalysisArena.h"
#include "asc/Dialect/Asc/Analysis/ProgramOrderKeys.h"
#include "asc/Dialect/Asc/Analysis/ProtocolState.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>

namespace mlir::asc {

/// Two accesses that conflict: the first is the op's, the second the
/// in-flight footprint's.
using AccessConflict = std::pair<ResolvedAccess, ResolvedAccess>;

/// The in-flight footprints of async issues and the conflict test against
/// them: an access conflicts with a footprint when it may touch memory the
/// issue writes (its pending outputs), or may write memory it reads (its
/// in-flight inputs).
class InFlightConflicts {
public:
  explicit InFlightConflicts(AscAliasAnalysis &aliases) : aliases(aliases) {}
  ~InFlightConflicts();
  InFlightConflicts(const InFlightConflicts &) = delete;

  /// What `issue` reads and writes while it runs (its in-flight inputs and
  /// pending outputs), resolved where it is issued; cached, and valid as
  /// long as this object.
  ArrayRef<ResolvedAccess> getFootprint(Operation *issue);

  /// The first access of `op` (not of the ops nested in it) that conflicts
  /// with `footprint`, with the footprint's access it conflicts with.
  std::optional<AccessConflict>
  findConflict(Operation *op, ArrayRef<ResolvedAccess> footprint);
  /// The same for the accesses `accesses` of an op, resolved already.
  std::optional<AccessConflict>
  findConflict(ArrayRef<ResolvedAccess> accesses,
               ArrayRef<ResolvedAccess> footprint);

  /// The same for `op` at iteration i and `issue` at iteration i +
  /// `distance` of `loop` (both in its body), the offsets taken affine in
  /// the induction variable (AscAliasAnalysis::getCrossIterationAccesses).
  std::optional<AccessConflict> findCrossIterationConflict(Operation *op,
                                                           Operation *issue,
                                                           Operation *loop,
                                                           int64_t distance);
  /// Every such conflict of `op` and `issue` across `distance` iterations,
  /// into `found`: a loop versioned on run-time checks needs them all.
  void findCrossIterationConflicts(Operation *op, Operation *issue,
                                   Operation *loop, int64_t distance,
                                   SmallVectorImpl<AccessConflict> &found);

  /// Whether the instance of waited issue `issue` that may be in flight at
  /// `op` is, by the scf.for around them, one whose footprint `op` provably
  /// does not touch (the previous trip's, or none but the first trip's),
  /// where comparing both in one run of a block could not tell.
  bool isApartAcrossTrips(Operation *op, Operation *issue);
  /// Whether the instance of waited issue `issue` that may be in flight at
  /// `op`, after an scf.for in the block of `op`'s ancestor, is one whose
  /// footprint `op` provably does not touch once the loop's results are
  /// known (the last trip's, or the one from before a loop that made no
  /// trip).
  bool isApartAfterLoop(Operation *op, Operation *issue);

  AscAliasAnalysis &getAliases() { return aliases; }

private:
  AscAliasAnalysis &aliases;
  /// The footprints, each an array of its exact size in `footprintStorage`:
  /// a returned footprint stays valid when the map grows, and a function
  /// with an issue per few ops keeps one per issue.
  llvm::DenseMap<Operation *, ArrayRef<ResolvedAccess>,
                 ProgramOrderInfo<Operation>>
      footprints;
  AnalysisArena footprintStorage;
};

/// The issues in flight at the operation being checked, by where their
/// footprints may be, so that an access meets only the issues it may
/// conflict with rather than every issue in flight. Kept up to date along
/// each run of operations from the recorded in-flight changes, and rebuilt
/// only where a run starts from a different in-flight set.
///
/// A footprint is filed under its space and, for an asc.no_alias argument,
/// its root (such a root overlaps no other root); every other traced root
/// shares one bucket per space (arguments without asc.no_alias may overlap
/// one another, queue buffers may run into each other), untraced memory has
/// its own, and "any memory" another.
class InFlightIndex : public ProtocolState::InFlightListener {
public:
  explicit InFlightIndex(InFlightConflicts &conflicts) : conflicts(conflicts) {}

  bool empty() const { return issues.empty(); }

  /// Called before each operation with the state before it.
  void visit(const ProtocolState &state);

  void startRun(const ProtocolState &entry) override;
  void changed(Operation *issue, bool inFlight) override;

  /// The in-flight issues whose footprints `accesses` (those of `op`) may
  /// conflict with: writes anywhere they may overlap, reads where an access
  /// writes; not the issues of the object a Matmul `op` uses, which are
  /// rule P1's business. In a stable order: waitable issues, then the ones
  /// without a wait flag, each by address.
  SmallVector<Operation *> getCandidates(Operation *op,
                                         ArrayRef<ResolvedAccess> accesses);

private:
  struct Bucket {
    Provenance::Space space;
    /// A no_alias argument, kSharedRoot, or null for untraced memory.
    const void *root;
    bool operator<(const Bucket &other) const {
      return std::make_pair(space, root) <
             std::make_pair(other.space, other.root);
    }
  };
  Bucket getBucket(const MemoryLocation &location);

  InFlightConflicts &conflicts;
  llvm::DenseSet<Operation *> issues;
  /// The issues in flight of each object, by the object value's opaque
  /// pointer. Hashed: getCandidates sorts what it finds, and a node-based
  /// tree cost a malloc per issue in flight and per object.
  using IssuesByObject =
      llvm::DenseMap<const void *, llvm::SmallPtrSet<Operation *, 4>>;
  /// Per bucket and access kind (true: writes), the issues by object.
  std::map<std::pair<Bucket, bool>, IssuesByObject> buckets;
  ProtocolState::InFlightTrees seen;
  bool changedSinceSeen = true;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_INFLIGHTCONFLICTS_H
