//===- SyncPlacement.cpp - --asc-sync-placement ---------------------------===//
//
// Moves Matmul waits to the latest legal point and async issues to the
// earliest, so that the cube unit's work overlaps the vector core's.
//
// The pass first runs the protocol analysis and pairs every wait with the
// issues it completes (before anything moves); then it hoists issues, sinks
// waits, orders neighbouring issues of different objects by when their
// results are needed, and finally re-checks the protocol on the result.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/Analysis/ProtocolRecheck.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-sync-placement"

namespace mlir::asc {
#define GEN_PASS_DEF_ASCSYNCPLACEMENT
#include "asc/Transforms/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;

namespace {

/// Why an operation stops a wait from sinking further.
enum class StopReason {
  None,
  UsesObject,
  AccessesOutput,
  WritesInput,
  UnknownEffects,
  EndOfBlock,
  ConflictInLoop,
  PublishesToOtherCores,
};

static StringRef describeStop(StopReason reason) {
  switch (reason) {
  case StopReason::None:
    return "";
  case StopReason::UsesObject:
    return "it uses the same Matmul object";
  case StopReason::AccessesOutput:
    return "it may access the pending output";
  case StopReason::WritesInput:
    return "it may write an input the cube unit reads while the issue runs";
  case StopReason::UnknownEffects:
    return "its memory effects are unknown";
  case StopReason::EndOfBlock:
    return "it ends the wait's block";
  case StopReason::ConflictInLoop:
    return "a conflicting operation runs inside it and a wait never enters "
           "a loop";
  case StopReason::PublishesToOtherCores:
    return "it orders this core's earlier work before other cores' later "
           "work, which may use the output (spec section 2c, O6/O7, O9)";
  }
  llvm_unreachable("unknown StopReason");
}

/// A wait and the issues it completes, as paired before anything moved: the
/// pending issues of its kind and the issues without a wait flag made
/// earlier through the same object value (its signal orders them too).
struct WaitPairing {
  MatmulWaitOpInterface wait;
  SmallVector<Operation *, 1> issues;
  /// What those issues read and write while they run: the checker's own
  /// copy of one issue's footprint, or `joinedFootprint` for several (a
  /// copy per wait was most of the pairing's time on large functions: the
  /// fresh memory's page faults).
  ArrayRef<ResolvedAccess> footprint;
  SmallVector<ResolvedAccess, 0> joinedFootprint;
};

/// True when `op` hands a Matmul object that may be `matmul` to something
/// that may act on it.
static bool usesObject(Operation *op, Value matmul) {
  // isPure last: on a region op it looks at every op nested in it.
  return hasOperandDenoting(op, matmul) && !isPure(op);
}

/// Decides, for one pairing, which operations a wait must not cross.
class ConflictFinder {
public:
  ConflictFinder(InFlightConflicts &conflicts, Value matmul,
                 ArrayRef<ResolvedAccess> footprint)
      : conflicts(conflicts), matmul(matmul), footprint(footprint) {}

  /// Why `op` itself (not its nested ops) stops a wait. A setter that
  /// stages the object's next message does not: it works on a snapshot, so
  /// the wait may sink past the next issue's setters.
  StopReason getDirectConflict(Operation *op) const {
    auto use = dyn_cast<MatmulOpInterface>(op);
    if (usesObject(op, matmul) && !(use && isSafeWhileInFlight(use)))
      return StopReason::UsesObject;
    if (auto sync = dyn_cast<CrossCoreSyncOpInterface>(op);
        sync && sync.publishesToOtherCores())
      return StopReason::PublishesToOtherCores;
    auto conflict = conflicts.findConflict(op, footprint);
    if (!conflict)
      return StopReason::None;
    if (conflict->first.location.isAnyMemory())
      return StopReason::UnknownEffects;
    return conflict->second.isWrite() ? StopReason::AccessesOutput
                                      : StopReason::WritesInput;
  }

  /// The first operation nested in `op` that conflicts, if any.
  Operation *findNestedConflict(Operation *op) const {
    Operation *found = nullptr;
    op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
      if (nested == op)
        return WalkResult::advance();
      if (getDirectConflict(nested) != StopReason::None) {
        found = nested;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return found;
  }

private:
  InFlightConflicts &conflicts;
  Value matmul;
  ArrayRef<ResolvedAccess> footprint;
};

/// Number of operations (nested ones included) that run between `from` and
/// `to` when `from`'s block encloses `to`.
static unsigned countOpsBetween(Operation *from, Operation *to) {
  unsigned count = 0;
  Block *block = from->getBlock();
  Operation *ancestor = block->findAncestorOpInBlock(*to);
  if (!ancestor || !from->isBeforeInBlock(ancestor))
    return 0;
  for (Operation *op = from->getNextNode(); op != ancestor;
       op = op->getNextNode())
    op->walk([&](Operation *) { ++count; });
  // Descend into the region holding `to`.
  while (ancestor != to) {
    Operation *inner = nullptr;
    for (Region &nested : ancestor->getRegions())
      for (Block &nestedBlock : nested)
        if (Operation *found = nestedBlock.findAncestorOpInBlock(*to))
          inner = found;
    if (!inner)
      break;
    for (Operation &op : *inner->getBlock()) {
      if (&op == inner)
        break;
      op.walk([&](Operation *) { ++count; });
    }
    ancestor = inner;
  }
  return count;
}

/// The analyses placement works from, computed once on the input.
struct PlacementAnalyses {
  MatmulProtocolAnalysis &protocol;
  AscAliasAnalysis &aliases;
  ProtocolChecker checker;
};

struct AscSyncPlacementPass
    : public asc::impl::AscSyncPlacementBase<AscSyncPlacementPass> {
  using AscSyncPlacementBase::AscSyncPlacementBase;

  void runOnOperation() override;

private:
  bool promoteSyncIssues(func::FuncOp function);
  bool promoteIterateLoops(func::FuncOp function);
  bool repairMissingWaitsIn(func::FuncOp function);
  /// Pairs every wait with its issues; on the same walk, collects the
  /// reachable async issues and notes the input order for the re-check.
  SmallVector<WaitPairing, 2> pairWaits(func::FuncOp function,
                                        PlacementAnalyses &analyses,
                                        SmallVectorImpl<Operation *> &issues);
  bool
  hoistIssue(Operation *issue, PlacementAnalyses &analyses,
             const DenseMap<Operation *, const WaitPairing *> &pairingOfWait);
  void sinkWait(Operation *wait, const WaitPairing &pairing,
                InFlightConflicts &conflicts);
  bool orderIssuesByNeed(Block &block, PlacementAnalyses &analyses,
                         SetVector<Operation *> &waitsToSinkAgain,
                         SetVector<Operation *> &issuesToHoistAgain);
  void orderIssuesAndResink(ArrayRef<Operation *> issues,
                            PlacementAnalyses &analyses);
  void remark(Operation *wait, ArrayRef<Operation *> issues, Operation *stop,
              StopReason reason);
  /// Checks the protocol, hoists the issues, sinks the waits and re-checks
  /// when anything moved (or `changed` says the input is not what the
  /// cached analyses saw).
  LogicalResult placeWaits(func::FuncOp function, bool changed);

  /// Whether remark() records: the last placement's remarks only.
  bool remarksOn = false;

  /// Why each placed wait stands where it does, emitted once placement is
  /// done (a wait may sink again after the issues are ordered).
  struct WaitRemark {
    SmallVector<Operation *, 1> issues;
    Operation *stop;
    StopReason reason;
  };
  llvm::MapVector<Operation *, WaitRemark> waitRemarks;
  /// Each issue that step 6 moved and the last call it moved after: an
  /// issue may move in several rounds, and says so once.
  llvm::MapVector<Operation *, Operation *> issueOrderRemarks;
  void emitPlacementRemarks();

  /// The pairing of every wait sinkWait placed (a split wait's copies
  /// included), so that a wait whose stop moved away can sink again.
  DenseMap<Operation *, const WaitPairing *> pairingOfPlacedWait;

  /// Set when hoisting or sinking moved an op: only then is the result
  /// checked again.
  bool moved = false;
  /// What placement changed, for the incremental re-check.
  ReorderLog reorders;
};

} // namespace

//===----------------------------------------------------------------------===//
// Promotion and repair
//===----------------------------------------------------------------------===//

/// Creates the wait that completes `issue`, right after it.
static Operation *createWaitAfter(MatmulAsyncIssueOpInterface issue) {
  OpBuilder builder(issue->getContext());
  builder.setInsertionPointAfter(issue);
  return issue.createWait(builder);
}

bool AscSyncPlacementPass::promoteSyncIssues(func::FuncOp function) {
  if (AscDialect::usesCubeSideMatmulObjects(function))
    return false;
  SmallVector<MatmulAsyncIssueOpInterface> promoted;
  function.walk([&](MatmulAsyncIssueOpInterface issue) {
    if (!issue.isPromotable())
      return;
    issue.promoteToWaitable();
    promoted.push_back(issue);
  });
  // A wait right after the issue is exactly the synchronous behaviour; the
  // sinking below then moves it.
  for (MatmulAsyncIssueOpInterface issue : promoted) {
    LLVM_DEBUG(llvm::dbgs() << "promoted " << *issue << "\n");
    createWaitAfter(issue);
  }
  numIssuesPromoted += promoted.size();
  return !promoted.empty();
}

//===----------------------------------------------------------------------===//
// Promotion of a synchronous Iterate loop
//===----------------------------------------------------------------------===//
//
//   while (mm.Iterate()) { ...; mm.GetTensorC(ub); ... }
//
// becomes CANN's documented async form (Iterate.md, GetTensorC.md;
// example 05):
//
//   mm.SetWorkspace(slice of this core);   // asc.block_workspace
//   mm.Iterate<false>();                    // all blocks into the workspace
//   for (k = 0; k < blocks; ++k) {          // blocks = mIter_ * nIter_
//     ...; PipeBarrier<PIPE_ALL>(); mm.GetTensorC<false>(ub); ...
//   }
//
// guarded by `blocks > 0` (the synchronous loop runs once even without
// blocks: MatmulClient::Iterate posts on its first call), the original loop
// in the else branch.

namespace {

/// Why an Iterate loop is not promoted, and the op that stops it.
struct LoopBlocker {
  Operation *op = nullptr;
  std::string reason;
};

/// What promotion needs of one synchronous Iterate loop.
struct IterateLoop {
  scf::WhileOp loop;
  MatmulAsyncIssueOpInterface iterate;
  MatmulAsyncIssueOpInterface fetch;
  Value tiling;
  BlockArgument workspace;
  BlockWorkspaceAttr workspaceSize;
};

} // namespace

/// The synchronous Iterate that a `scf.while`'s condition region calls, if
/// any: a fetch-consumed issue (MatmulAsyncIssueOpInterface) returning its
/// answer.
static MatmulAsyncIssueOpInterface findLoopIterate(scf::WhileOp loop) {
  for (Operation &op : loop.getBeforeBody()->without_terminator())
    if (auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(&op))
      if (issue.isConsumedByFetches() && !issue.isAsync() &&
          op.getNumResults() == 1 && op.getResult(0).getType().isInteger(1))
        return issue;
  return {};
}

/// True for the loop a promotion kept for a core without blocks: in the
/// else branch of an `scf.if` whose then branch runs an async Iterate of the
/// same object (a second run of the pass leaves it alone).
static bool isKeptForNoBlocks(scf::WhileOp loop, Value matmul) {
  auto guard = dyn_cast_or_null<scf::IfOp>(loop->getParentOp());
  if (!guard || loop->getParentRegion() != &guard.getElseRegion())
    return false;
  return guard.getThenRegion()
      .walk([&](MatmulAsyncIssueOpInterface issue) {
        return issue.isConsumedByFetches() && issue.isAsync() &&
                       issue.getMatmul() == matmul
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The kernel argument whose `asc.block_workspace` states the bytes per core
/// set aside for the blocks.
static std::optional<std::pair<BlockArgument, BlockWorkspaceAttr>>
findBlockWorkspace(func::FuncOp function) {
  if (function.isExternal())
    return std::nullopt;
  for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
    if (auto attr = function.getArgAttrOfType<BlockWorkspaceAttr>(
            i, AscDialect::getBlockWorkspaceAttrName()))
      return std::make_pair(function.getArgument(i), attr);
  return std::nullopt;
}

/// The first access of `function` that may touch the user workspace of
/// `workspace`, where promotion puts the blocks: `asc.block_workspace`
/// promises that no code of the kernel uses it, and the promise is checked,
/// not trusted (a kernel that keeps its own data in GetUserWorkspace slices
/// would have it overwritten by the blocks, with no race to show for it).
/// The other kernel arguments are buffers of their own, which the
/// framework's workspace does not overlap; memory based on the workspace
/// argument, memory the alias analysis cannot trace and unknown effects may
/// be the slice.
static std::optional<LoopBlocker> findWorkspaceUse(func::FuncOp function,
                                                   BlockArgument workspace) {
  MatmulProtocolAnalysis protocol(function);
  AscAliasAnalysis aliases(function, protocol);
  std::optional<LoopBlocker> found;
  function.walk([&](Operation *op) {
    if (op == function.getOperation())
      return WalkResult::advance();
    SmallVector<ResolvedAccess> accesses;
    aliases.getAccesses(op, accesses);
    for (const ResolvedAccess &access : accesses) {
      const Provenance &base = access.location.base;
      if (base.space == Provenance::Space::Local ||
          (base.root && base.root != workspace))
        continue;
      std::string what =
          access.location.isAnyMemory()
              ? "has memory effects the analysis cannot place"
              : std::string("may ") + (access.isWrite() ? "write" : "read") +
                    (base.root ? " the workspace argument's memory"
                               : " memory the analysis cannot trace");
      found = LoopBlocker{op, "'" + op->getName().getStringRef().str() + "' " +
                                  what +
                                  ", which may be the slice of the user "
                                  "workspace asc.block_workspace sets aside "
                                  "for the blocks (it promises that no code "
                                  "of the kernel uses it)"};
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Checks everything promotion needs but the protocol (which the trial
/// promotion checks); fills `info` or says what stops it.
static std::optional<LoopBlocker> checkIterateLoop(func::FuncOp function,
                                                   IterateLoop &info) {
  scf::WhileOp loop = info.loop;
  MatmulAsyncIssueOpInterface iterate = info.iterate;
  Value matmul = iterate.getMatmul();
  Block *before = loop.getBeforeBody();
  auto condition = cast<scf::ConditionOp>(before->getTerminator());

  // The trip count is the object's block count only when the condition is
  // the Iterate's answer and nothing else runs in the condition region.
  for (Operation &op : before->without_terminator())
    if (&op != iterate.getOperation())
      return LoopBlocker{&op, "'" + op.getName().getStringRef().str() +
                                  "' runs in the loop's condition, so the "
                                  "trip count is not the object's block "
                                  "count alone"};
  if (condition.getCondition() != iterate->getResult(0))
    return LoopBlocker{condition,
                       "the loop's condition is not the Iterate's answer "
                       "alone, so its trip count is not the object's block "
                       "count"};
  for (Value forwarded : condition.getArgs())
    if (forwarded.getParentBlock() == before && !isa<BlockArgument>(forwarded))
      return LoopBlocker{condition, "the loop forwards the Iterate's answer"};
  // The CO1 form accumulates into a local tensor of the cube; the
  // asynchronous form leaves the blocks in the workspace.
  if (iterate->getNumOperands() != 1)
    return LoopBlocker{iterate, "the Iterate writes a CO1 tensor, which has "
                                "no asynchronous form"};
  // The object's tiling and workspace are known only for an object the
  // function creates (a select or a block argument may be any object).
  Operation *create = matmul.getDefiningOp();
  if (!isMatmulCreation(matmul))
    return LoopBlocker{iterate, "its Matmul object is not created in this "
                                "function (asc.matmul.create)"};

  // With isPartialOutput the client counts blocks per K step too
  // (MatmulClient::InitStatic: mnIter_ = nIter_ * mIter_ * kIter).
  auto matmulType = cast<MatmulType>(matmul.getType());
  if (MatmulConfigAttr config = matmulType.getConfig();
      config && config.getFieldValue(MatmulConfigField::IsPartialOutput))
    return LoopBlocker{create, "the object's MatmulConfig sets "
                               "isPartialOutput, whose blocks the client "
                               "counts per K step"};

  // Inside the loop only the fetch of the block may use the object: the
  // asynchronous Iterate is in flight until the fetch loop is left (rule P1).
  SmallVector<Operation *> uses;
  loop.getAfter().walk([&](Operation *op) {
    if (usesObject(op, matmul))
      uses.push_back(op);
  });
  if (uses.empty())
    return LoopBlocker{loop, "the loop's body fetches no block of the object"};
  for (Operation *use : uses) {
    auto fetch = dyn_cast<MatmulAsyncIssueOpInterface>(use);
    bool isFetch = fetch && fetch.getWaitKind() == WaitKind::GetTensorC &&
                   !fetch.isConsumedByFetches() && fetch.getMatmul() == matmul;
    if (!isFetch || info.fetch)
      return LoopBlocker{use, "'" + use->getName().getStringRef().str() +
                                  "' uses the Matmul object in the loop's "
                                  "body, where only the block's fetch may "
                                  "(the async Iterate is in flight until the "
                                  "fetch loop is left)"};
    info.fetch = fetch;
  }
  Operation *fetchOp = info.fetch;
  if (fetchOp->getBlock() != loop.getAfterBody())
    return LoopBlocker{
        fetchOp, "the fetch does not run once per iteration "
                 "(it is nested in '" +
                     fetchOp->getParentOp()->getName().getStringRef().str() +
                     "')"};
  if (info.fetch.isAsync())
    return LoopBlocker{fetchOp, "the fetch is already asynchronous"};
  // After Iterate<false> a block can only be copied to UB (or viewed):
  // MatmulClient::GetTensorC(GlobalTensor) asserts isSyncGetC.
  if (fetchOp->getNumResults() != 0 || fetchOp->getNumOperands() != 2 ||
      !isa<LocalTensorType>(fetchOp->getOperand(1).getType()))
    return LoopBlocker{fetchOp,
                       "the fetch does not copy the block into one local "
                       "tensor: after an async Iterate a block goes to UB "
                       "only (MatmulClient::GetTensorC(GlobalTensor) asserts "
                       "isSyncGetC)"};

  // Nothing in the body may depend on when the cube finishes a block. The
  // cross-core flags are the ops that synchronise with the cube directly
  // (named: no interface marks them); memory shared with the cube is the
  // protocol check's business (the trial promotion).
  Operation *crossCore = nullptr;
  loop->walk([&](Operation *op) {
    if (isa<FftsCrossCoreSyncOp, SetFftsBaseAddrOp>(op)) {
      crossCore = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (crossCore)
    return LoopBlocker{crossCore,
                       "'" + crossCore->getName().getStringRef().str() +
                           "' synchronises with the cube core, whose timing "
                           "the async Iterate changes"};

  // The block count the loop runs: the client's mIter_ * nIter_, from the
  // tiling. The ops that set the tiling or change the count are named: the
  // interfaces say what a call does to the message and the slots, not to
  // the client's counters.
  Operation *tilingSource = nullptr;
  Operation *blocker = nullptr;
  std::string blockerReason;
  function.walk([&](Operation *op) {
    if (!usesObject(op, matmul) || blocker)
      return;
    if (auto reg = dyn_cast<MatmulRegisterOp>(op)) {
      for (auto [index, registered] : llvm::enumerate(reg.getMatmuls()))
        if (registered == matmul && index < reg.getTilings().size()) {
          if (tilingSource) {
            blocker = op;
            blockerReason = "the object gets a second tiling";
            return;
          }
          tilingSource = op;
          info.tiling = reg.getTilings()[index];
        }
      return;
    }
    if (isa<MatmulInitOp>(op)) {
      blocker = op;
      blockerReason = "'asc.matmul.init' gives the object its tiling, which "
                      "promotion does not follow (MatmulClient::Init also "
                      "clears the workspace)";
      return;
    }
    if (isa<MatmulSetTailOp, MatmulSetSingleShapeOp>(op)) {
      blocker = op;
      blockerReason = "'" + op->getName().getStringRef().str() +
                      "' changes the object's block count "
                      "(MatmulClient::SetTail recomputes mIter_ and nIter_ "
                      "at once)";
      return;
    }
    if (auto use = dyn_cast<MatmulOpInterface>(op))
      if (auto update = use.getSlotUpdate();
          update && update->slot == MatmulSlot::Workspace) {
        blocker = op;
        blockerReason = "the kernel gives the object a workspace of its own";
      }
  });
  if (blocker)
    return LoopBlocker{blocker, blockerReason};
  if (!tilingSource)
    return LoopBlocker{create, "the object is registered without a tiling, "
                               "so its block count is not known"};
  Operation *ancestor = tilingSource->getBlock()->findAncestorOpInBlock(*loop);
  if (!ancestor || !tilingSource->isBeforeInBlock(ancestor))
    return LoopBlocker{tilingSource,
                       "the object's registration does not run before the "
                       "loop in its block"};

  // The workspace: only one whose size the IR states.
  auto workspace = findBlockWorkspace(function);
  if (!workspace)
    return LoopBlocker{loop, "the kernel states no workspace for the blocks "
                             "(asc.block_workspace on its asc.workspace "
                             "argument)"};
  info.workspace = workspace->first;
  info.workspaceSize = workspace->second;
  if (std::optional<LoopBlocker> use =
          findWorkspaceUse(function, info.workspace))
    return use;
  auto type = cast<MatmulType>(matmul.getType());
  unsigned cBytes = (type.getCElementType().getIntOrFloatBitWidth() + 7) / 8;
  if (std::optional<uint64_t> elements =
          info.workspaceSize.getStatedBlockElements();
      elements && *elements * cBytes > info.workspaceSize.getBytesPerCore())
    return LoopBlocker{loop, "asc.block_workspace holds fewer bytes per core "
                             "than the stated blocks of this object's C"};
  return std::nullopt;
}

/// True when `fetch`'s destination is a VECIN queue buffer allocated in the
/// fetch's block: its AllocTensor already orders MTE2 after the vector
/// pipe's last use of the buffer (FreeTensor/AllocTensor flag V_MTE2).
/// The allocation is named: which queue a buffer comes from, and so which
/// flags its AllocTensor waits for, is no interface's business.
static bool fetchIsOrderedByItsQueue(Operation *fetch) {
  Value dst = fetch->getOperand(1);
  auto alloc = dst.getDefiningOp<QueueAllocTensorOp>();
  auto type = dyn_cast<LocalTensorType>(dst.getType());
  return alloc && type && type.getPosition() == TPosition::VECIN &&
         alloc->getBlock() == fetch->getBlock();
}

/// Rewrites the checked loop into the async form.
static void rewriteIterateLoop(IterateLoop &info) {
  scf::WhileOp loop = info.loop;
  // The new ops take the loop's place in the source but not its name (the
  // source names of the Ascend C printer): only the scf.if replacing the
  // loop's results keeps it.
  Location loc = loop.getLoc();
  if (auto named = dyn_cast<NameLoc>(loc))
    loc = named.getChildLoc();
  OpBuilder builder(loop);
  Value matmul = info.iterate.getMatmul();
  auto type = cast<MatmulType>(matmul.getType());
  Type cElement = type.getCElementType();
  uint64_t cBytes = (cElement.getIntOrFloatBitWidth() + 7) / 8;
  Type i32 = builder.getI32Type();
  Type i64 = builder.getI64Type();

  // blocks = ceil(singleCoreM / baseM) * ceil(singleCoreN / baseN), the
  // client's mnIter_ (MatmulClient::InitStatic).
  auto field = [&](TilingField f) -> Value {
    return TilingGetOp::create(builder, loc, i32, info.tiling,
                               TilingFieldAttr::get(builder.getContext(), f));
  };
  Value singleM = field(TilingField::singleCoreM);
  Value singleN = field(TilingField::singleCoreN);
  Value baseM = field(TilingField::baseM);
  Value baseN = field(TilingField::baseN);
  Value roundM = arith::CeilDivSIOp::create(builder, loc, singleM, baseM);
  Value roundN = arith::CeilDivSIOp::create(builder, loc, singleN, baseN);
  Value blocks = arith::MulIOp::create(builder, loc, roundM, roundN);
  Value zero = arith::ConstantIntOp::create(builder, loc, i32, 0);
  Value one = arith::ConstantIntOp::create(builder, loc, i32, 1);
  Value hasBlocks = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::sgt, blocks, zero);
  auto guard = scf::IfOp::create(builder, loop.getLoc(), loop.getResultTypes(),
                                 hasBlocks, /*withElseRegion=*/true);

  // Else: the loop as written (no block: it runs once, see above).
  builder.setInsertionPointToStart(&guard.getElseRegion().front());
  Operation *original = builder.clone(*loop);
  if (original->getNumResults())
    scf::YieldOp::create(builder, loc, original->getResults());
  else if (guard.getElseRegion().front().empty() ||
           !guard.getElseRegion()
                .front()
                .back()
                .hasTrait<OpTrait::IsTerminator>())
    scf::YieldOp::create(builder, loc);

  // Then: this core's slice of the user workspace, Iterate<false>, and the
  // counted fetch loop.
  Block *thenBlock = &guard.getThenRegion().front();
  if (!thenBlock->empty() &&
      thenBlock->back().hasTrait<OpTrait::IsTerminator>())
    builder.setInsertionPoint(&thenBlock->back());
  else
    builder.setInsertionPointToEnd(thenBlock);
  uint64_t elements = info.workspaceSize.getBytesPerCore() / cBytes;
  Value user = GetUserWorkspaceOp::create(
      builder, loc, GmAddrType::get(builder.getContext()), info.workspace);
  Value core = GetBlockIdxOp::create(builder, loc, i64);
  Value size = arith::ConstantIntOp::create(builder, loc, i64, elements);
  Value offset = arith::MulIOp::create(builder, loc, core, size);
  Value slice = SetGlobalBufferOp::create(
      builder, loc, GlobalTensorType::get(builder.getContext(), cElement), user,
      offset, size);
  MatmulSetWorkspaceOp::create(builder, loc, matmul, slice);
  Operation *iterate = info.iterate;
  iterate->moveBefore(builder.getInsertionBlock(), builder.getInsertionPoint());
  info.iterate.setAsync();

  Block *before = loop.getBeforeBody();
  auto condition = cast<scf::ConditionOp>(before->getTerminator());
  auto forOp =
      scf::ForOp::create(builder, loc, zero, blocks, one, loop.getInits());
  // The before region's arguments are the for's iteration arguments; the
  // values the condition forwards are those (or values from outside).
  IRMapping mapping;
  for (auto [arg, iterArg] :
       llvm::zip(before->getArguments(), forOp.getRegionIterArgs()))
    mapping.map(arg, iterArg);
  Block *body = forOp.getBody();
  Block *after = loop.getAfterBody();
  SmallVector<Value> afterValues;
  for (Value forwarded : condition.getArgs())
    afterValues.push_back(mapping.lookupOrDefault(forwarded));
  // scf.for's builder gives the body a yield when there are no iteration
  // arguments; the after region brings its own.
  if (!body->empty() && isa<scf::YieldOp>(body->back()))
    body->back().erase();
  body->getOperations().splice(body->end(), after->getOperations());
  for (auto [arg, value] : llvm::zip(after->getArguments(), afterValues)) {
    // An iteration argument takes the name the loop body gave the value.
    if (auto iterArg = dyn_cast<BlockArgument>(value);
        iterArg && iterArg.getOwner() == body && iterArg.getArgNumber() > 0)
      iterArg.setLoc(arg.getLoc());
    arg.replaceAllUsesWith(value);
  }

  // The loop's results: what the condition forwards on the last check.
  IRMapping resultMapping;
  for (auto [arg, result] :
       llvm::zip(before->getArguments(), forOp.getResults()))
    resultMapping.map(arg, result);
  SmallVector<Value> results;
  for (Value forwarded : condition.getArgs())
    results.push_back(resultMapping.lookupOrDefault(forwarded));
  if (!results.empty())
    scf::YieldOp::create(builder, loc, results);
  else if (thenBlock->empty() ||
           !thenBlock->back().hasTrait<OpTrait::IsTerminator>())
    scf::YieldOp::create(builder, loc);

  // The fetch: asynchronous, and ordered after every earlier pipe's use of
  // its buffer unless its queue does it. The synchronous loop posted a
  // message per block,
  // whose PipeBarrier<PIPE_MTE3> and MTE3_S wait (KfcCommClient::PostMessage,
  // AllocMessage) finished the copies out of the previous block before the
  // next block's CopyToUB; Iterate<false> posts nothing per block.
  Operation *fetch = info.fetch;
  if (!fetchIsOrderedByItsQueue(fetch)) {
    OpBuilder barrier(fetch);
    PipeBarrierOp::create(barrier, fetch->getLoc(), PipeKind::PIPE_ALL);
  }
  info.fetch.setAsync();
  // GetTensorC<false> into UB orders the vector pipe after its copy as the
  // synchronous fetch did (CopyToUB ends with SetFlag/WaitFlag<MTE2_V> in
  // both); only a fetch a wait completes gets one.
  if (!info.fetch.returnsComplete())
    createWaitAfter(info.fetch);

  loop->replaceAllUsesWith(guard.getResults());
  loop->erase();
}

bool AscSyncPlacementPass::promoteIterateLoops(func::FuncOp function) {
  if (AscDialect::usesCubeSideMatmulObjects(function))
    return false;
  bool promoted = false;
  // Loops are tried one at a time, in program order; a refused trial puts
  // the function back, so the index of the next loop stays valid.
  for (unsigned index = 0;;) {
    SmallVector<scf::WhileOp> loops;
    function.walk<WalkOrder::PreOrder>([&](scf::WhileOp loop) {
      if (MatmulAsyncIssueOpInterface iterate = findLoopIterate(loop))
        if (!isKeptForNoBlocks(loop, iterate.getMatmul()))
          loops.push_back(loop);
    });
    if (index >= loops.size())
      return promoted;
    IterateLoop info;
    info.loop = loops[index];
    info.iterate = findLoopIterate(info.loop);
    if (std::optional<LoopBlocker> blocker = checkIterateLoop(function, info)) {
      InFlightDiagnostic diag = info.loop->emitRemark()
                                << "Iterate loop not promoted: "
                                << blocker->reason;
      if (blocker->op != info.loop.getOperation())
        diag.attachNote(blocker->op->getLoc())
            << "blocked by '" << blocker->op->getName() << "'";
      ++index;
      continue;
    }
    Location loopLoc = info.loop.getLoc();
    // The trial: promote, check the protocol on the result (a body that
    // writes the cube's inputs or reads memory it writes while the blocks
    // are computed breaks rule P3), and put the function back if it fails.
    auto backup = cast<func::FuncOp>(function->clone());
    // The body is rewritten (and maybe put back as a copy): the analyses of
    // the input no longer describe it.
    promoted = true;
    rewriteIterateLoop(info);
    std::string message;
    std::optional<Location> where;
    bool broken;
    {
      ScopedDiagnosticHandler capture(
          function.getContext(), [&](Diagnostic &diag) {
            if (diag.getSeverity() == DiagnosticSeverity::Error &&
                message.empty()) {
              message = diag.str();
              where = diag.getLocation();
            }
            return success();
          });
      MatmulProtocolAnalysis protocol(function);
      AscAliasAnalysis aliases(function, protocol);
      broken = failed(ProtocolChecker(protocol, aliases).check());
    }
    if (!broken) {
      ++numLoopsPromoted;
      backup.erase();
      continue;
    }
    function.getBody().takeBody(backup.getBody());
    backup.erase();
    InFlightDiagnostic diag = emitRemark(loopLoc)
                              << "Iterate loop not promoted: the async form "
                                 "breaks the Matmul protocol: "
                              << message;
    if (where)
      diag.attachNote(*where) << "here";
    ++index;
  }
}

bool AscSyncPlacementPass::repairMissingWaitsIn(func::FuncOp function) {
  MatmulProtocolAnalysis protocol(function);
  // Issues that some matching wait completes on some path.
  llvm::SmallPtrSet<Operation *, 8> waited;
  SmallVector<Operation *> issues;
  function.walk([&](Operation *op) {
    if (isPendingIssue(op))
      issues.push_back(op);
    auto wait = dyn_cast<MatmulWaitOpInterface>(op);
    const ProtocolState *state = wait ? protocol.getStateBefore(op) : nullptr;
    if (!state)
      return;
    ProtocolState::ObjectState scratch;
    for (Operation *event :
         state->getObjectView(wait.getMatmul(), scratch).events())
      if (isPendingIssue(event))
        waited.insert(event);
  });
  // An issue that no wait completes gets one; issues waited on only on some
  // paths are not repaired (where the missing wait belongs is ambiguous).
  bool repaired = false;
  for (Operation *issue : issues) {
    if (waited.contains(issue) || !protocol.getStateBefore(issue))
      continue;
    Operation *wait = createWaitAfter(cast<MatmulAsyncIssueOpInterface>(issue));
    wait->emitRemark() << "inserted the missing '" << wait->getName()
                       << "' for this issue";
    ++numWaitsRepaired;
    repaired = true;
  }
  return repaired;
}

//===----------------------------------------------------------------------===//
// Pairing
//===----------------------------------------------------------------------===//

SmallVector<WaitPairing, 2>
AscSyncPlacementPass::pairWaits(func::FuncOp function,
                                PlacementAnalyses &analyses,
                                SmallVectorImpl<Operation *> &issues) {
  SmallVector<WaitPairing, 2> pairings;
  // One walk over the function for all three: a walk of a large function
  // is a sweep over memory the caches no longer hold.
  function.walk([&](Operation *op) {
    if (op == function)
      return;
    reorders.noteInputOp(op);
    if (auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
        issue && issue.isAsync() && analyses.protocol.getStateBefore(issue))
      issues.push_back(issue);
    auto wait = dyn_cast<MatmulWaitOpInterface>(op);
    if (!wait)
      return;
    const ProtocolState *state = analyses.protocol.getStateBefore(wait);
    // A wait on an object reached through another name stays where it is:
    // which issues it completes is not known.
    if (!state || !isMatmulCreation(wait.getMatmul()))
      return;
    WaitPairing pairing{wait, {}, {}, {}};
    ProtocolState::ObjectState scratch;
    for (Operation *event :
         state->getObjectView(wait.getMatmul(), scratch).events())
      if (isPendingIssue(event))
        pairing.issues.push_back(event);
    llvm::append_range(pairing.issues,
                       getUnwaitedIssuesCompletedBy(wait, *state));
    InFlightConflicts &conflicts = analyses.checker.getConflicts();
    if (pairing.issues.size() == 1) {
      pairing.footprint = conflicts.getFootprint(pairing.issues.front());
    } else {
      for (Operation *issue : pairing.issues)
        llvm::append_range(pairing.joinedFootprint,
                           conflicts.getFootprint(issue));
      pairing.footprint = pairing.joinedFootprint;
    }
    if (!pairing.issues.empty())
      pairings.push_back(std::move(pairing));
  });
  return pairings;
}

//===----------------------------------------------------------------------===//
// Hoisting issues
//===----------------------------------------------------------------------===//

/// True when `op` holds the vector core until the cube core has finished a
/// call: a wait, or a synchronous computation or fetch (the client's
/// WaitEvent / WaitMessage on the server's answer).
static bool holdsVectorCoreOnCube(Operation *op) {
  auto use = dyn_cast<MatmulOpInterface>(op);
  if (!use)
    return false;
  switch (use.getMatmulUseKind()) {
  case MatmulUseKind::Wait:
    return true;
  case MatmulUseKind::Compute: {
    auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
    return !issue || !issue.isAsync();
  }
  default:
    return use.getMessageRole() == MatmulMessageRole::PostFetch;
  }
}

/// True when `op` posts a message and holds the vector core until the cube
/// core has answered it: a synchronous computation or fetch (not a wait,
/// which posts nothing).
static bool postsAndAwaitsCube(Operation *op) {
  auto use = dyn_cast<MatmulOpInterface>(op);
  return use && use.getMatmulUseKind() != MatmulUseKind::Wait &&
         holdsVectorCoreOnCube(op);
}

bool AscSyncPlacementPass::hoistIssue(
    Operation *issue, PlacementAnalyses &analyses,
    const DenseMap<Operation *, const WaitPairing *> &pairingOfWait) {
  Value matmul = cast<MatmulAsyncIssueOpInterface>(issue).getMatmul();
  ArrayRef<ResolvedAccess> footprint =
      analyses.checker.getConflicts().getFootprint(issue);

  // Whether `op` must stay before the issue: it uses the object, may touch
  // what the issue touches while in flight, is another async issue (issues
  // keep their order, which keeps the pass idempotent), a barrier that may
  // order a copy the issue depends on, or completes work whose footprint
  // conflicts with the issue's.
  auto blocks = [&](Operation *op) {
    if (usesObject(op, matmul) ||
        analyses.checker.getConflicts().findConflict(op, footprint))
      return true;
    if (auto other = dyn_cast<MatmulAsyncIssueOpInterface>(op))
      if (other.isAsync())
        return true;
    // A synchronous call or fetch of another object: the cube serves one
    // core's messages in the order they are posted, so an issue posted
    // above it holds the vector core there for the issue's whole run, and
    // the issue is needed after it: step 6 would sink it again, and the
    // two steps would undo each other on every run of the pass.
    if (postsAndAwaitsCube(op))
      return true;
    // The barrier is named on purpose: it is the dialect's one pipe barrier.
    if (auto barrier = dyn_cast<PipeBarrierOp>(op))
      return barrier.mayOrderDataCopies();
    // So is a WaitFlag: it may hold back a copy the issue depends on.
    if (isa<WaitFlagOp>(op))
      return true;
    // Another core may write the issue's inputs before the op lets this
    // core go on (O6/O7): the issue stays after it.
    if (auto sync = dyn_cast<CrossCoreSyncOpInterface>(op);
        sync && sync.waitsForOtherCores())
      return true;
    if (auto it = pairingOfWait.find(op); it != pairingOfWait.end())
      return analyses.checker.getConflicts()
          .findConflict(footprint, it->second->footprint)
          .has_value();
    // A synchronous call completes the issues without a wait flag of its
    // object; the issue must not start before they are done with what it
    // touches.
    if (auto use = dyn_cast<MatmulOpInterface>(op)) {
      const ProtocolState *state = analyses.protocol.getStateBefore(op);
      if (!state)
        return true;
      for (Operation *unwaited : getUnwaitedIssuesCompletedBy(op, *state))
        if (analyses.checker.getConflicts().findConflict(
                footprint,
                analyses.checker.getConflicts().getFootprint(unwaited)))
          return true;
    }
    return false;
  };
  auto isBarrier = [&](Operation *op) {
    if (llvm::any_of(issue->getOperands(), [&](Value operand) {
          return operand.getDefiningOp() == op;
        }))
      return true;
    if (blocks(op))
      return true;
    return op->getNumRegions() != 0 && op->walk([&](Operation *nested) {
                                           return nested != op && blocks(nested)
                                                      ? WalkResult::interrupt()
                                                      : WalkResult::advance();
                                         }).wasInterrupted();
  };

  Operation *stop = issue->getPrevNode();
  while (stop && !isBarrier(stop))
    stop = stop->getPrevNode();
  if (stop == issue->getPrevNode())
    return false;
  moved = true;
  ++numIssuesHoisted;
  LLVM_DEBUG({
    llvm::dbgs() << "hoisting " << *issue << "\n  to after ";
    if (stop)
      llvm::dbgs() << *stop << "\n";
    else
      llvm::dbgs() << "the start of its block\n";
  });
  reorders.noteReorder(issue->getBlock());
  if (stop)
    issue->moveAfter(stop);
  else
    issue->moveBefore(&issue->getBlock()->front());
  return true;
}

//===----------------------------------------------------------------------===//
// Sinking waits
//===----------------------------------------------------------------------===//

void AscSyncPlacementPass::remark(Operation *wait, ArrayRef<Operation *> issues,
                                  Operation *stop, StopReason reason) {
  if (remarksOn)
    waitRemarks[wait] = {llvm::to_vector(issues), stop, reason};
}

void AscSyncPlacementPass::emitPlacementRemarks() {
  for (auto &[issue, call] : issueOrderRemarks)
    issue->emitRemark() << "issue moved after the '" << call->getName()
                        << "' of another object: the cube runs one core's "
                           "calls in order, and that call's result is "
                           "needed first";
  issueOrderRemarks.clear();
  for (auto &[wait, info] : waitRemarks) {
    InFlightDiagnostic diag = wait->emitRemark();
    diag << "wait placed before '" << info.stop->getName()
         << "': " << describeStop(info.reason);
    for (Operation *issue : info.issues)
      diag << "; " << countOpsBetween(issue, wait)
           << " operations overlap the async '" << issue->getName() << "'";
  }
  waitRemarks.clear();
}

/// Places `wait` right before `stop`, at the start of the run of waits that
/// may already stand there: where several waits stop at one op, each run
/// of the pass leaves them in the order it found them. True when it moved.
static bool placeWaitBefore(Operation *wait, Operation *stop,
                            ReorderLog &reorders) {
  Operation *insertion = stop;
  while (Operation *prev = insertion->getPrevNode()) {
    if (prev == wait || !isa<MatmulWaitOpInterface>(prev))
      break;
    insertion = prev;
  }
  if (insertion->getPrevNode() == wait || insertion == wait)
    return false;
  reorders.noteReorder(wait->getBlock());
  wait->moveBefore(insertion);
  return true;
}

/// The regions a wait can be split into, one copy per region: those of a
/// non-looping region op that runs exactly one of its single-block regions
/// once (an scf.if with both branches, an scf.index_switch); an scf.if
/// without an else branch gets an empty one.
static SmallVector<Region *> getRegionsToSplitInto(Operation *op,
                                                   ReorderLog &reorders) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch || branch.hasLoop())
    return {};
  if (auto ifOp = dyn_cast<scf::IfOp>(op);
      ifOp && ifOp.getElseRegion().empty()) {
    reorders.noteOtherChange();
    OpBuilder builder(ifOp);
    Block *elseBlock = builder.createBlock(&ifOp.getElseRegion());
    builder.setInsertionPointToEnd(elseBlock);
    scf::YieldOp::create(builder, ifOp.getLoc());
  }
  SmallVector<RegionSuccessor> entries;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
  SmallVector<Region *> regions;
  for (const RegionSuccessor &entry : entries) {
    if (entry.isParent())
      return {};
    Region *region = entry.getSuccessor();
    if (!region->hasOneBlock())
      return {};
    SmallVector<RegionSuccessor> exits;
    branch.getSuccessorRegions(*region, exits);
    if (!llvm::all_of(
            exits, [](const RegionSuccessor &exit) { return exit.isParent(); }))
      return {};
    regions.push_back(region);
  }
  if (regions.size() != op->getNumRegions())
    return {};
  return regions;
}

/// The blocks a wait can follow a branch into: distinct successors, each
/// entered only from the branch's block.
static SmallVector<Block *> getSuccessorsToFollow(Operation *terminator) {
  if (!isa<BranchOpInterface>(terminator) || !isPure(terminator))
    return {};
  SmallVector<Block *> successors;
  Block *block = terminator->getBlock();
  for (Block *successor : terminator->getSuccessors()) {
    if (successor == block || successor->getSinglePredecessor() != block ||
        llvm::is_contained(successors, successor))
      return {};
    successors.push_back(successor);
  }
  return successors;
}

void AscSyncPlacementPass::sinkWait(Operation *wait, const WaitPairing &pairing,
                                    InFlightConflicts &conflicts) {
  Value matmul = cast<MatmulWaitOpInterface>(wait).getMatmul();
  ConflictFinder finder(conflicts, matmul, pairing.footprint);
  ArrayRef<Operation *> issues = pairing.issues;

  // Splits the wait into one copy at the start of each of `blocks`, each
  // sunk on its own.
  auto splitInto = [&](ArrayRef<Block *> blocks) {
    moved = true;
    reorders.noteOtherChange();
    OpBuilder builder(wait->getContext());
    for (Block *block : blocks) {
      builder.setInsertionPointToStart(block);
      sinkWait(builder.clone(*wait), pairing, conflicts);
    }
    pairingOfPlacedWait.erase(wait);
    waitRemarks.erase(wait);
    wait->erase();
  };

  // Moves the wait right before `stop` (after the waits already there).
  auto placeWait = [&](Operation *wait, Operation *stop) {
    if (!placeWaitBefore(wait, stop, reorders))
      return;
    moved = true;
    ++numWaitsMoved;
    LLVM_DEBUG(llvm::dbgs()
               << "sinking " << *wait << "\n  to before " << *stop << "\n");
  };

  pairingOfPlacedWait[wait] = &pairing;
  // Blocks without a terminator (graph-like regions) end the scan too.
  for (Operation *cursor = wait->getNextNode(); cursor;
       cursor = cursor->getNextNode()) {
    if (cursor->hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<Block *> successors = getSuccessorsToFollow(cursor);
      if (!successors.empty() && !usesObject(cursor, matmul))
        return splitInto(successors);
      placeWait(wait, cursor);
      return remark(wait, issues, cursor, StopReason::EndOfBlock);
    }
    StopReason reason = finder.getDirectConflict(cursor);
    if (reason != StopReason::None) {
      placeWait(wait, cursor);
      return remark(wait, issues, cursor, reason);
    }
    if (cursor->getNumRegions() == 0 || !finder.findNestedConflict(cursor))
      continue;
    SmallVector<Region *> regions = getRegionsToSplitInto(cursor, reorders);
    if (regions.empty()) {
      // A loop (or a region op of unknown control flow): the wait must not
      // run more than once, so it stays in front.
      placeWait(wait, cursor);
      return remark(wait, issues, cursor, StopReason::ConflictInLoop);
    }
    // Branch-local conflicts: one wait per branch, each sunk on its own.
    SmallVector<Block *> blocks;
    for (Region *region : regions)
      blocks.push_back(&region->front());
    return splitInto(blocks);
  }
}

//===----------------------------------------------------------------------===//
// Ordering issues by need
//===----------------------------------------------------------------------===//
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

bool AscSyncPlacementPass::orderIssuesByNeed(
    Block &block, PlacementAnalyses &analyses,
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
  // it being done (section 2c, O9).
  auto mayCross = [&](Operation *issue, Operation *op, bool between) {
    if (op->hasTrait<OpTrait::IsTerminator>())
      return false;
    Value matmul = cast<MatmulAsyncIssueOpInterface>(issue).getMatmul();
    ArrayRef<ResolvedAccess> footprint = conflicts.getFootprint(issue);
    bool unwaited = isUnwaitedIssue(issue);
    return !op->walk([&](Operation *nested) {
                bool ordered =
                    (between && holdsVectorCoreOnCube(nested)) ||
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
      issue->moveAfter(insertion);
      insertion = issue;
      ++numIssuesOrdered;
    }
  }
  return reordered;
}

/// Orders the issues of every block, hoists again the calls that issues
/// moved past (an issue never rises above another, so they may have been
/// held down) and sinks again the waits whose stop moved away, until nothing
/// moves: then running the pass again finds nothing to do either.
void AscSyncPlacementPass::orderIssuesAndResink(ArrayRef<Operation *> issues,
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
      sinkWait(wait, *pairing, analyses.checker.getConflicts());
      // Erased (split into branches) or moved: the block's needs changed.
      if (!pairingOfPlacedWait.count(wait) || wait->getNextNode() != next)
        blocks.insert(block);
    }
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

LogicalResult AscSyncPlacementPass::placeWaits(func::FuncOp function,
                                               bool changed) {
  bool provedIncrementally = false;
  reorders = ReorderLog();
  {
    // The analyses of the input, shared with an earlier --asc-verify-sync
    // when nothing changed since. They live in this scope only: the
    // re-check below builds its own, and the input's, gone by then, leave
    // their memory to it (a second set next to the first cost page faults
    // and cache misses: placement took 2.8x verify-sync for 2.1x its
    // instructions).
    std::optional<MatmulProtocolAnalysis> ownProtocol;
    std::optional<AscAliasAnalysis> ownAliases;
    MatmulProtocolAnalysis *protocol;
    AscAliasAnalysis *aliases;
    if (changed) {
      protocol = &ownProtocol.emplace(function);
      aliases = &ownAliases.emplace(function, *protocol);
    } else {
      protocol = &getAnalysis<MatmulProtocolAnalysis>();
      aliases = &getAnalysis<AscAliasAnalysis>();
    }
    PlacementAnalyses analyses{*protocol, *aliases,
                               ProtocolChecker(*protocol, *aliases)};
    if (failed(analyses.checker.check()))
      return failure();

    // Pair before anything moves: the analysis states refer to the input.
    // The reachable async issues come with them (an unreachable one has no
    // state).
    SmallVector<Operation *> issues;
    SmallVector<WaitPairing, 2> pairings =
        pairWaits(function, analyses, issues);
    if (hoistIssues) {
      DenseMap<Operation *, const WaitPairing *> pairingOfWait;
      for (WaitPairing &pairing : pairings)
        pairingOfWait[pairing.wait] = &pairing;
      for (Operation *issue : issues)
        hoistIssue(issue, analyses, pairingOfWait);
    }

    for (WaitPairing &pairing : pairings)
      sinkWait(pairing.wait, pairing, analyses.checker.getConflicts());

    // After the waits sank: where the results are needed is known.
    if (hoistIssues)
      orderIssuesAndResink(issues, analyses);
    pairingOfPlacedWait.clear();
    emitPlacementRemarks();

    // Nothing moved: the input was checked above, and the cached analyses
    // still describe it.
    if (!moved && !changed)
      return success();

    // Placement reorders ops within their blocks: where it did nothing
    // else, checking the reordered ops is enough (ProtocolRecheck.h).
    if (incrementalRecheck) {
      IncrementalRecheck recheck = recheckReordered(
          function, *protocol, analyses.checker.getConflicts(), reorders);
      LLVM_DEBUG({
        if (recheck.proved)
          llvm::dbgs() << "re-checked " << recheck.ops << " ops in "
                       << recheck.ranges << " reordered ranges\n";
        else
          llvm::dbgs() << "full re-check: " << recheck.reason << "\n";
      });
      provedIncrementally = recheck.proved;
    }
  }
  reorders = ReorderLog();
  // The cached analyses of the input describe it no more.
  if (!changed)
    getAnalysisManager().invalidate(mlir::detail::PreservedAnalyses());
  if (provedIncrementally) {
    ++numIncrementalRechecks;
    return success();
  }

  // The placement must keep the protocol; a failure here is a bug in this
  // pass, reported rather than silently emitted.
  ++numFullRechecks;
  MatmulProtocolAnalysis recheckProtocol(function);
  AscAliasAnalysis recheckAliases(function, recheckProtocol);
  ProtocolChecker recheck(recheckProtocol, recheckAliases);
  if (failed(recheck.check(/*reportErrors=*/false))) {
    function.emitError("asc-sync-placement broke the Matmul protocol; "
                       "please report this kernel");
    (void)recheck.check();
    return failure();
  }
  return success();
}

void AscSyncPlacementPass::runOnOperation() {
  func::FuncOp function = getOperation();
  bool changed = false;
  if (promoteSync) {
    changed |= promoteSyncIssues(function);
    changed |= promoteIterateLoops(function);
  }
  if (repairMissingWaits)
    changed |= repairMissingWaitsIn(function);

  // With pipeline-loops: place, rotate the loops the placed code makes
  // rotatable (a wait sunk past the work that does not need the output),
  // then place again, the rotated loops like any code. Rotated loops are
  // no candidates any more, so a second run changes nothing. The remarks
  // come from the last placement only.
  remarksOn = emitRemarks && !pipelineLoops;
  if (failed(placeWaits(function, changed)))
    return signalPassFailure();
  if (pipelineLoops) {
    bool rotated = pipelineAscLoops(function, emitRemarks);
    remarksOn = emitRemarks;
    changed |= moved || rotated;
    moved = false;
    if ((rotated || emitRemarks) && failed(placeWaits(function, true)))
      return signalPassFailure();
  }
  if (!moved && !changed)
    markAllAnalysesPreserved();
}
