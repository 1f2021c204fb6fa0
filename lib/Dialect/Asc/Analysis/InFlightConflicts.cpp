//===- InFlightConflicts.cpp - what may touch an issue in flight ----------===//
//
// The in-flight footprints of async issues, the one conflict test against
// them, the loop rules that tell two instances of an issue apart, and the
// index of the issues in flight the checker keeps.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/InFlightConflicts.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// InFlightConflicts
//===----------------------------------------------------------------------===//

InFlightConflicts::~InFlightConflicts() {
  for (auto &entry : footprints)
    for (const ResolvedAccess &access : entry.second)
      access.~ResolvedAccess();
}

ArrayRef<ResolvedAccess> InFlightConflicts::getFootprint(Operation *issue) {
  auto [it, inserted] = footprints.try_emplace(issue);
  if (inserted) {
    SmallVector<ResolvedAccess, 6> accesses;
    aliases.getAccesses(issue, accesses);
    auto *stored = footprintStorage.Allocate<ResolvedAccess>(accesses.size());
    std::uninitialized_move(accesses.begin(), accesses.end(), stored);
    it->second = ArrayRef(stored, accesses.size());
  }
  return it->second;
}

std::optional<AccessConflict>
InFlightConflicts::findConflict(Operation *op,
                                ArrayRef<ResolvedAccess> footprint) {
  if (footprint.empty())
    return std::nullopt;
  AscAliasAnalysis::QueryPoint point(aliases, op);
  SmallVector<ResolvedAccess> accesses;
  aliases.getAccesses(op, accesses);
  return findConflict(accesses, footprint);
}

std::optional<AccessConflict>
InFlightConflicts::findConflict(ArrayRef<ResolvedAccess> accesses,
                                ArrayRef<ResolvedAccess> footprint) {
  for (const ResolvedAccess &access : accesses) {
    for (const ResolvedAccess &inFlight : footprint) {
      // Outputs may be neither read nor written; inputs may only be read.
      if (!inFlight.isWrite() && !access.isWrite())
        continue;
      if (!aliases.alias(access.location, inFlight.location).isNo())
        return std::make_pair(access, inFlight);
    }
  }
  return std::nullopt;
}

std::optional<AccessConflict> InFlightConflicts::findCrossIterationConflict(
    Operation *op, Operation *issue, Operation *loop, int64_t distance) {
  AscAliasAnalysis::QueryPoint point(aliases, op);
  SmallVector<ResolvedAccess> accesses, footprint;
  aliases.getCrossIterationAccesses(op, issue, loop, distance, accesses,
                                    footprint);
  return findConflict(accesses, footprint);
}

void InFlightConflicts::findCrossIterationConflicts(
    Operation *op, Operation *issue, Operation *loop, int64_t distance,
    SmallVectorImpl<AccessConflict> &found) {
  AscAliasAnalysis::QueryPoint point(aliases, op);
  SmallVector<ResolvedAccess> accesses, footprint;
  aliases.getCrossIterationAccesses(op, issue, loop, distance, accesses,
                                    footprint);
  for (const ResolvedAccess &access : accesses)
    for (const ResolvedAccess &inFlight : footprint)
      if ((inFlight.isWrite() || access.isWrite()) &&
          !aliases.alias(access.location, inFlight.location).isNo())
        found.push_back({access, inFlight});
}

//===----------------------------------------------------------------------===//
// The loop rules
//===----------------------------------------------------------------------===//

/// True when the emitted C++ counts `loop`'s trips without wrapping: its
/// induction variable is an index (size_t) or an integer of 32 bits or more
/// (signed overflow is undefined), so trip t's value is the lower bound
/// plus t - 1 steps and the previous trip's is one step back. An int8_t or
/// int16_t counter wraps around (LoopTrips.h).
static bool countsWithoutWrapping(scf::ForOp loop) {
  Type type = loop.getInductionVar().getType();
  return type.isIndex() || type.getIntOrFloatBitWidth() >= 32;
}

/// True when `block` waits on `matmul` for `kind` at its top level (after
/// `after`, when given): every run of the block that gets there completes
/// the object's pending issue of that kind.
static bool waitsAtTopLevel(Block &block, Operation *after, Value matmul,
                            WaitKind kind) {
  auto ops =
      after ? llvm::make_range(std::next(after->getIterator()), block.end())
            : llvm::make_range(block.begin(), block.end());
  return llvm::any_of(ops, [&](Operation &op) {
    auto wait = dyn_cast<MatmulWaitOpInterface>(op);
    return wait && wait.getMatmul() == matmul && wait.getWaitKind() == kind;
  });
}

/// Whether the instance of waited issue `issue` that may be in flight at
/// `op` is, by the loop around them, one whose footprint `op` provably does
/// not touch, where comparing both in one run of a block could not tell:
///
/// - `issue` at the top level of an scf.for body, `op` before it in that
///   body: the instance in flight at `op` is the previous trip's (the issue
///   runs every trip, and an older instance still pending would break rule
///   P1 at it), so the two compare with the induction variable one step
///   apart. The first trip has none when the loop runs once per run of the
///   function, or when its block waits on the object after it (so no
///   instance leaves the loop's run);
/// - `issue` outside an scf.for around `op` whose body waits on the
///   issue's object at its top level: every trip completes the issue, so it
///   is in flight at `op` in the loop's first trip only, and `op` compares
///   with the induction variable at the lower bound.
///
/// A double-buffered loop keeps one object's call in flight across the back
/// edge while the vector core works on the other's output; without this the
/// checker would compare the two trips' offsets as unknown.
bool InFlightConflicts::isApartAcrossTrips(Operation *op, Operation *issue) {
  auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
  Value matmul = asyncIssue.getMatmul();
  if (!isMatmulCreation(matmul))
    return false;

  Block *body = issue->getBlock();
  if (auto loop = dyn_cast_if_present<scf::ForOp>(body->getParentOp())) {
    Operation *ancestor = body->findAncestorOpInBlock(*op);
    if (ancestor && ancestor != issue && ancestor->isBeforeInBlock(issue) &&
        countsWithoutWrapping(loop) &&
        !loop->isAncestor(matmul.getDefiningOp()) &&
        (!aliases.mayRunRepeatedly(loop->getBlock()) ||
         waitsAtTopLevel(*loop->getBlock(), loop, matmul,
                         asyncIssue.getWaitKind())))
      return !findCrossIterationConflict(op, issue, loop, /*distance=*/-1);
  }

  ArrayRef<ResolvedAccess> footprint = getFootprint(issue);
  for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    if (loop->isAncestor(issue))
      break;
    // Every trip completes the issue.
    if (!waitsAtTopLevel(*loop.getBody(), nullptr, matmul,
                         asyncIssue.getWaitKind()))
      continue;
    SmallVector<ResolvedAccess> firstTrip;
    aliases.getFirstIterationAccesses(op, loop, firstTrip);
    if (!findConflict(firstTrip, footprint))
      return true;
  }
  return false;
}

/// Whether the instance of waited issue `issue` that may be in flight at
/// `op`, after an scf.for in the block of `op`'s ancestor, is one whose
/// footprint `op` provably does not touch once the loop's results are
/// known for the way the instance got past the loop:
///
/// - `issue` at the top level of the loop's body: the instance is the last
///   trip's (every trip issues it, and an older one still pending would
///   break rule P1), so the loop's results are what that trip yields. Not
///   when the loop's block runs again with the instance of an earlier run
///   still pending;
/// - `issue` before the loop in its block, and the body waits on its object
///   at its top level: every trip completes it, so it is in flight after
///   the loop only when the loop made no trip, and the results are the
///   loop's initial values.
///
/// A loop that carries the next tile's index out lets the work after it
/// overlap the call the loop (or the code before it) left in flight.
bool InFlightConflicts::isApartAfterLoop(Operation *op, Operation *issue) {
  auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
  Value matmul = asyncIssue.getMatmul();
  WaitKind kind = asyncIssue.getWaitKind();
  if (!isMatmulCreation(matmul))
    return false;
  auto isApart = [&](scf::ForOp loop, bool lastTrip, Block *issueContext) {
    if (loop.getNumResults() == 0)
      return false;
    SmallVector<ResolvedAccess> after, footprint;
    aliases.getAccessesAfterLoop(op, loop, lastTrip, after);
    aliases.getAccessesIn(issue, issueContext, footprint);
    return !findConflict(after, footprint);
  };

  if (auto loop =
          dyn_cast_if_present<scf::ForOp>(issue->getBlock()->getParentOp())) {
    Block *block = loop->getBlock();
    Operation *ancestor = block->findAncestorOpInBlock(*op);
    if (ancestor && loop->isBeforeInBlock(ancestor) &&
        !loop->isAncestor(matmul.getDefiningOp()) &&
        (!aliases.mayRunRepeatedly(block) ||
         waitsAtTopLevel(*block, loop, matmul, kind)))
      return isApart(loop, /*lastTrip=*/true, loop.getBody());
  }

  Block *block = issue->getBlock();
  Operation *ancestor = block->findAncestorOpInBlock(*op);
  if (!ancestor || ancestor == issue || !issue->isBeforeInBlock(ancestor))
    return false;
  for (Operation *between = issue->getNextNode(); between != ancestor;
       between = between->getNextNode()) {
    auto loop = dyn_cast<scf::ForOp>(between);
    if (loop && waitsAtTopLevel(*loop.getBody(), nullptr, matmul, kind) &&
        isApart(loop, /*lastTrip=*/false, block))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// InFlightIndex
//===----------------------------------------------------------------------===//

/// The bucket of every traced root other than an asc.no_alias argument.
static const void *const kSharedRoot =
    reinterpret_cast<const void *>(uintptr_t(1));

InFlightIndex::Bucket InFlightIndex::getBucket(const MemoryLocation &location) {
  if (location.isAnyMemory())
    return {Provenance::Space::Any, nullptr};
  Value root = location.base.root;
  if (!root)
    return {location.base.space, nullptr};
  return {location.base.space, conflicts.getAliases().isNoAliasRoot(root)
                                   ? root.getAsOpaquePointer()
                                   : kSharedRoot};
}

void InFlightIndex::visit(const ProtocolState &state) {
  seen = state.getInFlightTrees();
  changedSinceSeen = false;
}

void InFlightIndex::startRun(const ProtocolState &entry) {
  if (!changedSinceSeen && entry.getInFlightTrees().isSameAs(seen))
    return;
  issues.clear();
  buckets.clear();
  entry.forEachInFlight(
      [&](Operation *issue) { changed(issue, /*inFlight=*/true); });
}

void InFlightIndex::changed(Operation *issue, bool inFlight) {
  changedSinceSeen = true;
  if (inFlight ? !issues.insert(issue).second : !issues.erase(issue))
    return;
  Value matmul = cast<MatmulAsyncIssueOpInterface>(issue).getMatmul();
  for (const ResolvedAccess &access : conflicts.getFootprint(issue)) {
    auto &byObject = buckets[{getBucket(access.location), access.isWrite()}];
    if (inFlight) {
      byObject[matmul.getAsOpaquePointer()].insert(issue);
      continue;
    }
    // Two accesses of one footprint may share a bucket.
    auto it = byObject.find(matmul.getAsOpaquePointer());
    if (it == byObject.end())
      continue;
    it->second.erase(issue);
    if (it->second.empty())
      byObject.erase(it);
  }
}

SmallVector<Operation *>
InFlightIndex::getCandidates(Operation *op, ArrayRef<ResolvedAccess> accesses) {
  Value object;
  if (auto use = dyn_cast<MatmulOpInterface>(op))
    object = use.getMatmul();
  llvm::SmallPtrSet<Operation *, 8> found;
  SmallVector<Operation *> candidates;
  auto addFrom = [&](const IssuesByObject &byObject) {
    for (const auto &[matmul, issuesOfObject] : byObject) {
      if (object && Value::getFromOpaquePointer(matmul) == object)
        continue;
      for (Operation *issue : issuesOfObject)
        if (found.insert(issue).second)
          candidates.push_back(issue);
    }
  };
  auto take = [&](const Bucket &bucket, bool writesOnly) {
    for (bool write : {true, false}) {
      if (!write && writesOnly)
        continue;
      auto it = buckets.find({bucket, write});
      if (it != buckets.end())
        addFrom(it->second);
    }
  };
  for (const ResolvedAccess &access : accesses) {
    bool readsOnly = !access.isWrite();
    Bucket bucket = getBucket(access.location);
    if (bucket.space == Provenance::Space::Any || !bucket.root) {
      // Any memory, or anywhere in a space: every bucket it may reach.
      for (const auto &[key, byObject] : buckets) {
        const auto &[inFlight, write] = key;
        if ((write || !readsOnly) && (bucket.space == Provenance::Space::Any ||
                                      inFlight.space == bucket.space ||
                                      inFlight.space == Provenance::Space::Any))
          addFrom(byObject);
      }
      continue;
    }
    take(bucket, readsOnly);
    take({bucket.space, nullptr}, readsOnly);
    take({Provenance::Space::Any, nullptr}, readsOnly);
  }
  // Waitable issues first, each kind by address.
  llvm::sort(candidates, [](Operation *lhs, Operation *rhs) {
    bool lhsPending = isPendingIssue(lhs), rhsPending = isPendingIssue(rhs);
    return lhsPending != rhsPending ? lhsPending : lhs < rhs;
  });
  return candidates;
}
