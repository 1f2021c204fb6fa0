//===- PromoteIterateLoops.cpp - while (Iterate()) made async -------------===//
//
// promote-sync's second half: a synchronous `while (mm.Iterate())` loop
// that fetches each block becomes CANN's documented async form, one loop at
// a time as a trial that is backed out when the result breaks the
// protocol.
//
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
//
//===----------------------------------------------------------------------===//

#include "OrderingPath.h"
#include "WaitPlacement.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Transforms/ProtocolTrial.h"
#include "asc/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::asc;
using mlir::asc::placement::usesObject;

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
  /// Two accesses of the body that only a block's round trip orders (the
  /// earlier block's, the next block's): the promoted loop puts a barrier
  /// of all pipes at the start of each block in its place.
  std::optional<std::pair<Operation *, Operation *>> roundTripEdge;
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

/// True when `op`, outside `loop`, may run after it: later in a block that
/// holds one of the loop's ancestors, or anywhere in a loop around it (its
/// next iteration).
static bool mayRunAfter(Operation *op, scf::WhileOp loop) {
  for (Operation *ancestor = loop; ancestor && !isa<func::FuncOp>(ancestor);
       ancestor = ancestor->getParentOp()) {
    Operation *opAncestor = ancestor->getBlock()->findAncestorOpInBlock(*op);
    if (!opAncestor)
      continue;
    if (opAncestor == ancestor)
      // Another region of an op around the loop: a branch the loop is not
      // in runs instead of it (an outer loop is checked below), a loop's
      // other region runs again.
      return isa<LoopLikeOpInterface>(ancestor);
    if (ancestor->isBeforeInBlock(opAncestor))
      return true;
  }
  for (Operation *parent = loop->getParentOp();
       parent && !isa<func::FuncOp>(parent); parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent) && parent->isProperAncestor(op))
      return true;
  return false;
}

/// The first use of the object after `loop` that promotion would change:
/// the synchronous loop ends the client's Iterate loop (its last Iterate
/// returns false, cntIter_ reaches mnIter_), the counted async form never
/// calls Iterate again, so the client still counts the object inside it.
/// End, which releases the object, and the input setters, which only stage
/// the next message (MatmulClient::SetTensorA; the Iterate after them starts
/// a new loop: isFirstIter), do not depend on that; the other calls do
/// (asc-run refuses an IterateAll there; an Iterate without new inputs
/// counts on from cntIter_). The ops are named: no interface says which
/// calls read the client's loop counters.
static std::optional<LoopBlocker>
findUseAfterLoop(func::FuncOp function, scf::WhileOp loop, Value matmul) {
  std::optional<LoopBlocker> found;
  function.walk([&](Operation *op) {
    if (found || op == loop.getOperation() || loop->isProperAncestor(op) ||
        isa<MatmulEndOp, MatmulSetTensorAOp, MatmulSetTensorBOp,
            MatmulSetBiasOp, MatmulDisableBiasOp>(op) ||
        !usesObject(op, matmul) || !mayRunAfter(op, loop))
      return;
    found = LoopBlocker{
        op, "'" + op->getName().getStringRef().str() +
                "' uses the Matmul object after the loop: the counted async "
                "form never calls Iterate until it returns false, so the "
                "client still counts the object inside its Iterate loop "
                "there (MatmulClient::Iterate's cntIter_ stays below "
                "mnIter_), where the synchronous loop had ended it"};
  });
  return found;
}

/// Two accesses of the vector core in `loop`'s body, in two blocks, that
/// only the next block's round trip orders (spec section 2c, O8: the post
/// of its synchronous Iterate sees the scalar unit's and MTE3's work, and
/// its fetch waits for the answer, which orders that work before every
/// pipe; taken at the loop's head, so an access of the next block above
/// its fetch counts too, which only adds a barrier): Iterate<false> posts
/// once, so the promoted loop keeps the edge only with an ordering of its
/// own. Work before the loop the one post sees as well. UB pairs
/// the trial's re-check finds (the own accesses); GM pairs it leaves to
/// asc-run, so they are looked for here: `x` an access the round trip is
/// the first to order for some pipe, `y` an access of that pipe to the same
/// global memory in the next block that the kernel's own orderings along
/// the body (Matmul calls left out) do not order after `x`. An access
/// against itself is not compared (the own-access check's rule).
static std::optional<std::pair<Operation *, Operation *>>
findRoundTripEdge(func::FuncOp function, scf::WhileOp loop,
                  Operation *iterate) {
  MatmulProtocolAnalysis protocol(function);
  AscAliasAnalysis aliases(function, protocol);
  const ProtocolState *atHead = protocol.getStateBefore(iterate);
  if (!atHead)
    return std::nullopt;
  Block *body = loop.getAfterBody();
  auto notMatmul = [](Operation *op) {
    return !isa<MatmulObjectUseOpInterface>(op);
  };
  for (auto [access, accessPipes] :
       getAccessesFirstOrderedByRoundTrip(*atHead)) {
    // Named again: a lambda cannot capture a structured binding (C++17).
    Operation *x = access;
    uint8_t pipes = accessPipes;
    if (!loop.getAfter().isAncestor(x->getParentRegion()))
      continue;
    SmallVector<ResolvedAccess> xAccesses;
    aliases.getAccesses(x, xAccesses);
    std::optional<std::pair<Operation *, Operation *>> found;
    body->walk<WalkOrder::PreOrder>([&](Operation *y) {
      std::optional<PipeKind> pipe = getOwnAccessPipe(y);
      if (y == x || !pipe || isa<MatmulOpInterface>(y) ||
          !(ProtocolState::pipeBit(*pipe) & pipes))
        return WalkResult::advance();
      SmallVector<ResolvedAccess> yAccesses;
      aliases.getAccesses(y, yAccesses);
      bool conflict = llvm::any_of(xAccesses, [&](const ResolvedAccess &first) {
        return llvm::any_of(yAccesses, [&](const ResolvedAccess &second) {
          return mayConflictInGlobalMemory(aliases, first, second);
        });
      });
      if (!conflict || OrderingPath(*atHead, x, notMatmul)
                           .ordersBefore(&body->front(), y, *pipe))
        return WalkResult::advance();
      found = {x, y};
      return WalkResult::interrupt();
    });
    if (found)
      return found;
  }
  return std::nullopt;
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

  // MatmulClient::GetTensorC into UB without enSequentialWrite puts a
  // synchronous block at its place in the single shape (its row and column
  // offsets in the destination); after Iterate<false> it copies the block
  // as it lies in the workspace, to the destination's start (CopyToUB), so
  // every block but the first would land elsewhere.
  if (auto getC = dyn_cast<MatmulGetTensorCOp>(fetchOp);
      getC && !getC.getEnSequentialWrite())
    return LoopBlocker{fetchOp,
                       "the fetch places each block at its place in the "
                       "single shape (en_sequential_write is false), the "
                       "asynchronous fetch copies it to the destination's "
                       "start (MatmulClient::GetTensorC, CopyToUB)"};

  if (std::optional<LoopBlocker> later =
          findUseAfterLoop(function, loop, matmul))
    return later;
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
static void rewriteIterateLoop(RewriterBase &rewriter, IterateLoop &info) {
  scf::WhileOp loop = info.loop;
  // The new ops take the loop's place in the source but not its name (the
  // source names of the Ascend C printer): only the scf.if replacing the
  // loop's results keeps it.
  Location loc = loop.getLoc();
  if (auto named = dyn_cast<NameLoc>(loc))
    loc = named.getChildLoc();
  OpBuilder::InsertionGuard insertionGuard(rewriter);
  rewriter.setInsertionPoint(loop);
  RewriterBase &builder = rewriter;
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
  rewriter.moveOpBefore(iterate, builder.getInsertionBlock(),
                        builder.getInsertionPoint());
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
  if (info.roundTripEdge) {
    // The block's round trip ordered more than the fetch's buffer: a
    // barrier of all pipes at the block's start orders that, the fetch
    // included.
    rewriter.setInsertionPointToStart(body);
    PipeBarrierOp::create(rewriter, fetch->getLoc(), PipeKind::PIPE_ALL);
  } else if (!fetchIsOrderedByItsQueue(fetch)) {
    rewriter.setInsertionPoint(fetch);
    PipeBarrierOp::create(rewriter, fetch->getLoc(), PipeKind::PIPE_ALL);
  }
  info.fetch.setAsync();
  // GetTensorC<false> into UB orders the vector pipe after its copy as the
  // synchronous fetch did (CopyToUB ends with SetFlag/WaitFlag<MTE2_V> in
  // both); only a fetch a wait completes gets one.
  if (!info.fetch.returnsComplete())
    createWaitAfter(rewriter, info.fetch);

  rewriter.replaceOp(loop, guard.getResults());
}

FailureOr<unsigned> mlir::asc::promoteIterateLoops(RewriterBase &rewriter,
                                                   func::FuncOp function) {
  if (AscDialect::usesCubeSideMatmulObjects(function))
    return false;
  bool touched = false;
  unsigned promoted = 0;
  // Loops are tried one at a time, in program order; a refused trial puts
  // the function back, so the index of the next loop stays valid.
  for (unsigned index = 0;;) {
    SmallVector<scf::WhileOp> loops;
    function.walk<WalkOrder::PreOrder>([&](scf::WhileOp loop) {
      if (MatmulAsyncIssueOpInterface iterate = findLoopIterate(loop))
        if (!isKeptForNoBlocks(loop, iterate.getMatmul()))
          loops.push_back(loop);
    });
    if (index >= loops.size()) {
      if (!touched)
        return failure();
      return promoted;
    }
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
    info.roundTripEdge = findRoundTripEdge(function, info.loop, info.iterate);
    ProtocolTrial trial(function, ProtocolTrial::BackOut::Snapshot);
    // The body is rewritten (and maybe put back as a copy): the analyses of
    // the input no longer describe it.
    touched = true;
    rewriteIterateLoop(rewriter, info);
    std::optional<ProtocolViolation> violation = trial.check();
    if (!violation) {
      // The kept loop's body holds the accesses (moved, not copied).
      if (info.roundTripEdge) {
        auto [x, y] = *info.roundTripEdge;
        InFlightDiagnostic diag =
            emitRemark(loopLoc)
            << "Iterate loop promoted with 'asc.pipe_barrier pipe_all' at "
               "the start of each block: the synchronous Iterate's round "
               "trip ordered the '"
            << x->getName() << "' of a block before the '" << y->getName()
            << "' of the next, which touches the same global memory, and "
               "Iterate<false> posts once (spec section 2c, O8, O9)";
        diag.attachNote(x->getLoc()) << "the earlier access";
        diag.attachNote(y->getLoc()) << "the later access";
      }
      ++promoted;
      continue;
    }
    InFlightDiagnostic diag = emitRemark(loopLoc)
                              << "Iterate loop not promoted: the async form "
                                 "breaks the Matmul protocol: "
                              << violation->message;
    diag.attachNote(violation->location) << "here";
    ++index;
  }
}
