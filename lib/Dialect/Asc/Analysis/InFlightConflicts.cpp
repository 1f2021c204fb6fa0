//===- InFlightConflicts.cpp - what may touch an issue in flight ----------===//
//
// The in-flight footprints of async issues, the one conflict test against
// them, and the index of the issues in flight the checker keeps.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/InFlightConflicts.h"
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
