//===- OrderIssuesByNeed.cpp - post the call needed first first -----------===//
//
// The last step of wait placement: neighbouring async issues of different
// objects are posted in the order their results are needed, and what that
// frees is hoisted and sunk again until nothing moves.
//
// The cube core's server runs one vector core's messages in the order they
// were posted (KfcServer::Run takes the next message of the client's ring
// only when MatmulService::Process is done with the last), so of two calls
// in flight together the later-posted one finishes last. When the vector
// core needs the later call's result first (its wait, its first fetch),
// it stalls for both. Posting the call needed first earlier is never
// slower: it finishes sooner, and the other finishes when the vector core
// would otherwise still be waiting for the first (earliest due date first).
// So an async issue sinks past a neighbouring issue of another object whose
// result the block needs before its own, when nothing in between may be
// ordered with it. Issues of one object never swap (the protocol orders
// them).
//
// That argument holds for issues the vector core posts while it runs on.
// An op between them that holds the vector core until the cube is done with
// a call (a wait, a synchronous call or fetch) changes it: before the swap
// the earlier issue is queued behind that call and the cube goes on to it
// at once; after the swap the cube idles through the op's completion, the
// handshake back (the client sees the server's flag, the vector core posts
// again) and the server's pick-up. Whether the other result arriving
// earlier pays for that idle time depends on how long the calls take, which
// the pass does not know, so the issue stays above such an op.
//
//===----------------------------------------------------------------------===//

#include "WaitPlacement.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-sync-placement"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::placement;

namespace {
/// The Matmul calls of one block and, for each, where the block first needs
/// its object's state after it: the first later op using the object other
/// than as a setter (a wait, a fetch, the next call, End), a nested use
/// counted for its ancestor in the block; a synchronous call is needed where
/// it stands. Places are distances from the block's end in ops, taken before
/// anything moves (0: the end itself), so that comparing two needs costs
/// nothing: MLIR's own op order is invalidated by every move.
struct BlockNeeds {
  /// In block order.
  SmallVector<MatmulAsyncIssueOpInterface> calls;
  SmallVector<unsigned> distanceFromEnd;
  SmallVector<unsigned> needDistance;
  DenseMap<Operation *, unsigned> indexOf;
  bool anyAsync = false;

  explicit BlockNeeds(Block &block) {
    DenseMap<Value, unsigned> nextUse; // distance of the next use
    unsigned distance = 0;
    auto noteUses = [&](MatmulObjectUseOpInterface user) {
      for (const MatmulObjectUse &use : user.getMatmulObjectUses())
        if (use.kind != MatmulUseKind::Configure)
          nextUse[use.matmul] = distance;
    };
    for (Operation &op : llvm::reverse(block)) {
      ++distance;
      // Most ops use no object and hold no region: one interface lookup.
      bool leaf = op.getNumRegions() == 0;
      auto user = dyn_cast<MatmulObjectUseOpInterface>(op);
      if (leaf && !user)
        continue;
      if (auto call = dyn_cast_if_present<MatmulAsyncIssueOpInterface>(
              user ? user.getOperation() : nullptr)) {
        calls.push_back(call);
        distanceFromEnd.push_back(distance);
        needDistance.push_back(
            call.isAsync() ? nextUse.lookup_or(call.getMatmul(), 0) : distance);
        anyAsync |= call.isAsync();
      }
      if (leaf)
        noteUses(user);
      else
        op.walk([&](MatmulObjectUseOpInterface nested) { noteUses(nested); });
    }
    std::reverse(calls.begin(), calls.end());
    std::reverse(distanceFromEnd.begin(), distanceFromEnd.end());
    std::reverse(needDistance.begin(), needDistance.end());
    for (auto [index, call] : llvm::enumerate(calls))
      indexOf[call] = index;
  }

  /// True when call `lhs`'s result is needed after call `rhs`'s.
  bool isNeededLater(unsigned lhs, unsigned rhs) const {
    return needDistance[lhs] < needDistance[rhs];
  }
};
} // namespace

bool WaitPlacer::isFirstOrderingOfSomeAccess(Operation *issue) const {
  auto found = pairingsOfIssue.find(issue);
  return found != pairingsOfIssue.end() &&
         llvm::any_of(found->second, [](const WaitPairing *pairing) {
           return !pairing->ordersForPipes.empty();
         });
}

/// True when `op` may order some pipe of the vector core after an earlier
/// access (section 2c): a WaitFlag, a barrier, a queue hand-off, a
/// cross-core wait or SyncAll, a Matmul call that waits for the server.
/// Told from the op alone, so that the answer does not depend on where
/// placement has put anything.
static bool mayOrderVectorPipes(Operation *op) {
  if (isa<WaitFlagOp, CrossCoreSyncOpInterface>(op) ||
      holdsVectorCoreOnCube(op))
    return true;
  auto ordering = dyn_cast<PipeOrderingOpInterface>(op);
  if (!ordering)
    return false;
  SmallVector<PipeOrderingStep> steps;
  ordering.getPipeOrderingSteps(steps);
  return llvm::any_of(steps, [](const PipeOrderingStep &step) {
    return step.kind != PipeOrderingStep::Kind::Access;
  });
}

bool WaitPlacer::orderIssuesByNeed(Block &block, PlacementAnalyses &analyses,
                                   SetVector<Operation *> &waitsToSinkAgain,
                                   SetVector<Operation *> &issuesToHoistAgain) {
  BlockNeeds needs(block);
  if (needs.calls.size() < 2 || !needs.anyAsync)
    return false;
  InFlightConflicts &conflicts = analyses.checker.getConflicts();

  // Whether async issue `issue` may move from before `op` to after it: `op`
  // (or an op nested in it) neither uses the issue's object or result nor
  // may touch what the issue touches in flight, and does not end the block.
  // Between the issue and the call it makes way for, `op` must not hold the
  // vector core on the cube either (the cube would idle through it, above);
  // the call itself may be synchronous: it is needed where it stands. An
  // issue without its wait flag crosses no other call: it completes at the
  // first wait for a call posted after it (spec revision 4, section 2), so
  // posting it later would leave it in flight where the kernel relies on
  // it being done (section 2c, O9). Nor does an issue whose wait is the
  // first ordering of some access (WaitPairing::ordersForPipes) cross an
  // op that may order accesses: posted after it, its post would see less
  // to order, and its wait was placed for the edge it had at the issue (a
  // second run would find the smaller edge and sink the wait further:
  // placement must be idempotent).
  auto mayCross = [&](Operation *issue, Operation *op, bool between) {
    if (op->hasTrait<OpTrait::IsTerminator>())
      return false;
    Value matmul = cast<MatmulAsyncIssueOpInterface>(issue).getMatmul();
    ArrayRef<ResolvedAccess> footprint = conflicts.getFootprint(issue);
    bool unwaited = isUnwaitedIssue(issue);
    bool keepsOrderings = isFirstOrderingOfSomeAccess(issue);
    return !op->walk([&](Operation *nested) {
                bool ordered =
                    (between && holdsVectorCoreOnCube(nested)) ||
                    (keepsOrderings && mayOrderVectorPipes(nested)) ||
                    (unwaited && isa<MatmulAsyncIssueOpInterface>(nested)) ||
                    usesObject(nested, matmul) ||
                    llvm::any_of(nested->getOperands(),
                                 [&](Value operand) {
                                   return operand.getDefiningOp() == issue;
                                 }) ||
                    conflicts.findConflict(nested, footprint).has_value();
                return ordered ? WalkResult::interrupt()
                               : WalkResult::advance();
              }).wasInterrupted();
  };

  // Each call, in block order, gathers the async issues right before it
  // that are needed after it and may cross everything between them and
  // past it, and they move right after it in their order. The scan looks
  // at a bounded number of ops back, which keeps the step linear.
  constexpr unsigned kScanLimit = 32;
  bool reordered = false;
  for (auto [index, call] : llvm::enumerate(needs.calls)) {
    // Most calls have no earlier issue in reach needed after them: found
    // from the list of calls, without looking at the ops between.
    bool anyCandidate = false;
    for (unsigned earlier = index; earlier-- > 0 && !anyCandidate;) {
      if (needs.distanceFromEnd[earlier] - needs.distanceFromEnd[index] >
          kScanLimit)
        break;
      anyCandidate =
          needs.calls[earlier].isAsync() && needs.isNeededLater(earlier, index);
    }
    if (!anyCandidate)
      continue;
    SmallVector<Operation *> sinking; // latest first
    SmallVector<Operation *> crossed{call};
    unsigned scanned = 0;
    for (Operation *op = call->getPrevNode(); op && scanned < kScanLimit;
         op = op->getPrevNode(), ++scanned) {
      auto earlier = dyn_cast<MatmulAsyncIssueOpInterface>(op);
      if (earlier && earlier.isAsync() &&
          needs.isNeededLater(needs.indexOf.lookup(op), index) &&
          llvm::all_of(
              crossed, [&, callOp = call.getOperation()](Operation *other) {
                return mayCross(op, other, /*between=*/other != callOp);
              })) {
        sinking.push_back(op);
        continue;
      }
      crossed.push_back(op);
    }
    if (sinking.empty())
      continue;
    moved = true;
    reordered = true;
    // The async issues the sinking ones move past (the call among them)
    // were held down by them and may rise again.
    for (Operation *op : crossed)
      if (auto other = dyn_cast<MatmulAsyncIssueOpInterface>(op))
        if (other.isAsync())
          issuesToHoistAgain.insert(op);
    Operation *insertion = call;
    for (Operation *issue : llvm::reverse(sinking)) {
      // The waits that stopped at the issue may now sink further.
      for (Operation *prev = issue->getPrevNode();
           prev && isa<MatmulWaitOpInterface>(prev); prev = prev->getPrevNode())
        if (pairingOfPlacedWait.count(prev))
          waitsToSinkAgain.insert(prev);
      LLVM_DEBUG(llvm::dbgs()
                 << "ordering " << *issue << "\n  after " << *call << "\n");
      if (remarksOn)
        issueOrderRemarks[issue] = call;
      reorders.noteReorder(issue->getBlock());
      rewriter.moveOpAfter(issue, insertion);
      insertion = issue;
      ++stats.numIssuesOrdered;
    }
  }
  return reordered;
}

/// Orders the issues of every block, hoists again the calls that issues
/// moved past (an issue never rises above another, so they may have been
/// held down) and sinks again the waits whose stop moved away, until nothing
/// moves: then running the pass again finds nothing to do either.
void WaitPlacer::orderIssuesAndResink(ArrayRef<Operation *> issues,
                                      PlacementAnalyses &analyses) {
  // Hoisting kept every issue in its block.
  SetVector<Block *> blocks;
  for (Operation *issue : issues)
    blocks.insert(issue->getBlock());
  // A guard only: a round follows one that moved something, and real
  // kernels settle in two or three.
  constexpr unsigned kMaxRounds = 16;
  for (unsigned round = 0; !blocks.empty() && round < kMaxRounds; ++round) {
    // A block that changed is looked at again: moving an issue of an
    // object moves where its earlier issues' results are needed.
    SetVector<Operation *> waitsToSinkAgain, issuesToHoistAgain;
    SetVector<Block *> reordered;
    for (Block *block : blocks)
      if (orderIssuesByNeed(*block, analyses, waitsToSinkAgain,
                            issuesToHoistAgain))
        reordered.insert(block);
    blocks = std::move(reordered);
    for (Operation *issue : issuesToHoistAgain)
      if (hoistIssue(issue, analyses, pairingOfPlacedWait))
        blocks.insert(issue->getBlock());
    for (Operation *wait : waitsToSinkAgain) {
      const WaitPairing *pairing = pairingOfPlacedWait.lookup(wait);
      Block *block = wait->getBlock();
      Operation *next = wait->getNextNode();
      sinkWait(wait, *pairing, analyses.checker);
      // Erased (split into branches) or moved: the block's needs changed.
      if (!pairingOfPlacedWait.count(wait) || wait->getNextNode() != next)
        blocks.insert(block);
    }
  }
}
