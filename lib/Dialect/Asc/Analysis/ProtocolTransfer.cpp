//===- ProtocolTransfer.cpp - the protocol's transfer function ------------===//
//
// What one operation does to the protocol state: issues, waits, setters and
// the staged message, fetches and the pipes their blocks are ordered on.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolTransfer.h"
#include "asc/Dialect/Asc/Analysis/ProgramOrderKeys.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asc;

using ObjectState = ProtocolState::ObjectState;

//===----------------------------------------------------------------------===//
// Transfer function
//===----------------------------------------------------------------------===//

/// True when every run of the block that holds both `before` and `after`
/// (as ops nested in two of its ops) runs `before` first: the ancestor of
/// `before` in that block comes before the ancestor of `after`. Ops in
/// different blocks of a CFG region are not known to be ordered.
static bool precedesInEveryRun(Operation *before, Operation *after) {
  for (Operation *ancestor = before; ancestor;
       ancestor = ancestor->getParentOp()) {
    Block *block = ancestor->getBlock();
    if (!block)
      return false;
    if (Operation *afterAncestor = block->findAncestorOpInBlock(*after))
      return afterAncestor != ancestor &&
             ancestor->isBeforeInBlock(afterAncestor);
  }
  return false;
}

/// Which issues without a wait flag `use` completes (spec revision 4,
/// section 2): the server runs one vector core's messages in order, for
/// every object (CANN's KfcServer::Run), so when a call the vector core
/// waits for returns, every message that core posted before the waited one
/// has run. A synchronous call (but Iterate, which posts and returns)
/// completes every unwaited issue made before it; the wait of a flagged
/// issue completes those of its own object and those of other objects
/// made before the waited issue in every run. A WaitGetTensorC takes no
/// signal of the server (MatmulClient::WaitGetTensorC: a pipe flag), and
/// End() completes nothing: it waits for nothing (MatmulClient::End).
SmallVector<Operation *>
mlir::asc::getUnwaitedIssuesCompletedBy(Operation *op,
                                        const ProtocolState &state) {
  SmallVector<Operation *> completed;
  auto use = dyn_cast<MatmulOpInterface>(op);
  if (!use)
    return completed;
  if (auto wait = dyn_cast<MatmulWaitOpInterface>(op)) {
    if (wait.getWaitKind() == WaitKind::GetTensorC)
      return completed;
    ObjectState scratch;
    SmallVector<Operation *, 2> waited;
    for (Operation *event :
         state.getObjectView(wait.getMatmul(), scratch).events())
      if (isPendingIssue(event) &&
          cast<MatmulAsyncIssueOpInterface>(event).getWaitKind() ==
              wait.getWaitKind())
        waited.push_back(event);
    if (waited.empty())
      return completed;
    for (Operation *issue : state.getUnwaitedIssues())
      if (cast<MatmulOpInterface>(issue).getMatmul() == use.getMatmul() ||
          llvm::all_of(waited, [&](Operation *waitedIssue) {
            return precedesInEveryRun(issue, waitedIssue);
          }))
        completed.push_back(issue);
    return completed;
  }
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
  if (!issue || issue.isAsync() || issue.isConsumedByFetches())
    return completed;
  llvm::append_range(completed, state.getUnwaitedIssues());
  return completed;
}

/// The effect of `wait` on one object: the pending issues of its kind are
/// complete. Pending issues of another kind stay pending (rule P1 reports
/// it); paths through any other event end here with the wait as their last
/// event. Returns the issues it completed.
static SmallVector<Operation *, 1> completeWith(ObjectState &object,
                                                MatmulWaitOpInterface wait) {
  SmallVector<Operation *, 2> events;
  SmallVector<Operation *, 1> completed;
  bool anyCompleted = false;
  for (Operation *event : object.events()) {
    if (isPendingIssue(event) &&
        cast<MatmulAsyncIssueOpInterface>(event).getWaitKind() !=
            wait.getWaitKind()) {
      events.push_back(event);
      continue;
    }
    anyCompleted = true;
    if (isPendingIssue(event))
      completed.push_back(event);
  }
  if (anyCompleted || events.empty())
    events.push_back(wait);
  object.events().assign(events);
  return completed;
}

/// The staged message of `object` after `op`, which plays `role` in it
/// (docs/Protocol.md section 2b, CANN's MatmulClient and
/// MatmulService::IterateSetMessage). A cube-side object has no message: its
/// setters configure it at once, and only its first inputs matter.
static void applyMessageRole(ObjectState &object, Operation *op,
                             MatmulMessageRole role, bool cubeSide) {
  switch (role) {
  case MatmulMessageRole::None:
    return;
  case MatmulMessageRole::Stage:
  case MatmulMessageRole::StageBias:
  case MatmulMessageRole::StageInputs:
    if (role == MatmulMessageRole::StageInputs)
      object.postsWithoutInputs().clear();
    if (!cubeSide)
      object.staged().insert(op);
    return;
  case MatmulMessageRole::PostOwn:
    // The call posts its own message through the staged storage and clears
    // its flag word (MatmulClientBase::PostMessage): what was staged is
    // lost, the next message has no inputs.
    if (cubeSide)
      return;
    object.staged().clear();
    object.postsWithoutInputs().assign(op);
    return;
  case MatmulMessageRole::PostFetch:
    // A synchronous fetch posts the staged message without starting a
    // computation: staged inputs are lost for the next issue.
    if (cubeSide)
      return;
    if (llvm::any_of(object.staged(), [](Operation *setter) {
          return cast<MatmulOpInterface>(setter).getMessageRole() ==
                 MatmulMessageRole::StageInputs;
        }))
      object.postsWithoutInputs().assign(op);
    object.staged().clear();
    return;
  case MatmulMessageRole::PostStaged: {
    if (cubeSide)
      return;
    // The server applies the setters of a message that carries inputs; one
    // without SetBias disables the bias (MatmulService::SetBias). A message
    // without inputs changes nothing on the server.
    bool mayLackInputs = !object.postsWithoutInputs().empty();
    bool mayCarryInputs = llvm::any_of(object.staged(), [](Operation *setter) {
      return cast<MatmulOpInterface>(setter).getMessageRole() ==
             MatmulMessageRole::StageInputs;
    });
    SmallVector<Operation *, 2> applied;
    if (mayCarryInputs)
      for (Operation *setter : object.staged()) {
        auto use = cast<MatmulOpInterface>(setter);
        std::optional<MatmulSlotUpdate> update = use.getSlotUpdate();
        if (use.getMessageRole() == MatmulMessageRole::StageBias && update &&
            update->memory)
          insertSorted(applied, setter);
      }
    if (mayLackInputs || !mayCarryInputs)
      for (Operation *bias : object.appliedBias())
        insertSorted(applied, bias);
    object.appliedBias().assign(applied);
    object.staged().clear();
    object.postsWithoutInputs().assign(op);
    return;
  }
  }
}

/// Applies `update` to the entry of `matmul` (a strong update: that value
/// denotes one object) and, as a may-update joined with what was there, to
/// every other entry that may denote the same object.
static void updateObject(ProtocolState &state, Value matmul,
                         function_ref<void(ObjectState &)> update) {
  SmallVector<const ObjectState *> others;
  state.forEachOtherAlias(
      matmul, [&](const ObjectState &other) { others.push_back(&other); });
  ObjectState own = state.getObjectView(matmul);
  update(own);
  state.setObject(std::move(own));
  for (const ObjectState *other : others) {
    // The join is symmetric: the updated copy joins what was there.
    ObjectState updated = *other;
    update(updated);
    updated.join(*other);
    updated.dropAlikeCalls(*other);
    // Often nothing changed (a setter alike the one the object holds):
    // cheaper to see here than after interning.
    if (updated == *other)
      continue;
    state.setObject(std::move(updated));
  }
}

/// A wait through `matmul` completes for sure the issues made through that
/// same value, whichever entry of the state holds them: they leave the
/// entries of the other names that may denote the object (which hold them
/// from a may-update), so that no name keeps a completed issue pending.
static void completeForEveryName(ProtocolState &state, Value matmul,
                                 ArrayRef<Operation *> completed) {
  SmallVector<Operation *, 1> sure;
  for (Operation *issue : completed)
    if (cast<MatmulOpInterface>(issue).getMatmul() == matmul)
      sure.push_back(issue);
  if (sure.empty())
    return;
  SmallVector<ObjectState, 1> updates;
  state.forEachOtherAlias(matmul, [&](const ObjectState &other) {
    if (llvm::none_of(other.events(), [&](Operation *event) {
          return llvm::is_contained(sure, event);
        }))
      return;
    ObjectState updated = other;
    updated.events().eraseIf(
        [&](Operation *event) { return llvm::is_contained(sure, event); });
    updates.push_back(std::move(updated));
  });
  for (ObjectState &updated : updates)
    state.setObject(std::move(updated));
}

void mlir::asc::orderAfterAwaitedPost(MatmulOpInterface use,
                                      ProtocolState &state) {
  Value matmul = use.getMatmul();
  auto wait = dyn_cast<MatmulWaitOpInterface>(use.getOperation());
  // WaitGetTensorC is SetFlag/WaitFlag<MTE2_V> alone: it waits for no
  // signal.
  if (wait && wait.getWaitKind() == WaitKind::GetTensorC)
    return;
  bool fetch =
      !wait && use.getMatmulUseKind() == MatmulUseKind::Compute && isFetch(use);
  if (!wait && !fetch)
    return;
  // Only calls made through this very value are surely the ones waited
  // for; a fetch waits for the blocks of the one async Iterate in flight.
  SmallVector<Operation *, 1> awaited;
  for (Operation *issue : state.getRecordedPosts()) {
    if (cast<MatmulOpInterface>(issue).getMatmul() != matmul)
      continue;
    if (wait ? isPendingIssue(issue) &&
                   cast<MatmulAsyncIssueOpInterface>(issue).getWaitKind() ==
                       wait.getWaitKind()
             : isFetchConsumedIssue(issue))
      awaited.push_back(issue);
  }
  if (fetch && awaited.size() > 1)
    return;
  for (Operation *issue : awaited)
    state.orderThroughPostOf(issue);
}

static void transferMatmulUse(MatmulOpInterface use, ProtocolState &state,
                              bool cubeSide) {
  Operation *op = use;
  if (!cubeSide && state.tracksPipeAccesses())
    orderAfterAwaitedPost(use, state);
  Value matmul = use.getMatmul();
  MatmulUseKind kind = use.getMatmulUseKind();
  MatmulMessageRole role = use.getMessageRole();
  SmallVector<Operation *, 1> completed;
  // Decided on the state before the call.
  SmallVector<Operation *> completedUnwaited =
      getUnwaitedIssuesCompletedBy(op, state);
  // The object moving on (new work, a new workspace or tiling, its end)
  // marks the end of the fetches of its fetch-consumed calls: CANN's client
  // requires every block fetched before (a new post resets its fetch
  // counter), which asc-run checks. A call nothing was fetched from is
  // still running.
  if (movesObjectOn(use)) {
    ObjectState scratch;
    const ObjectState &before = state.getObjectView(matmul, scratch);
    for (Operation *issue : state.getFetchConsumedIssues())
      if (issue != op && cast<MatmulOpInterface>(issue).getMatmul() == matmul &&
          !llvm::is_contained(before.unfetched(), issue) &&
          !llvm::is_contained(completedUnwaited, issue))
        completedUnwaited.push_back(issue);
  }
  // What the op is, asked once: the update runs on every name of the object.
  std::optional<MatmulSlotUpdate> slotUpdate;
  bool pending = false, fetchConsumed = false, fetch = false;
  if (kind == MatmulUseKind::Configure) {
    slotUpdate = use.getSlotUpdate();
  } else if (kind == MatmulUseKind::Compute) {
    pending = isPendingIssue(op);
    fetchConsumed = isFetchConsumedIssue(op);
    fetch = isFetch(use);
  }
  updateObject(state, matmul, [&](ObjectState &object) {
    switch (kind) {
    case MatmulUseKind::Create:
      llvm_unreachable("a call on an object does not create it");
    case MatmulUseKind::Initialize:
      object.events().assign(op);
      object.lastComputations().assign(op);
      break;
    case MatmulUseKind::Release:
      // End() changes nothing the protocol tracks: it completes nothing,
      // and the object may be issued again after it.
      break;
    case MatmulUseKind::Wait:
      // Every name's completions: the entry updated last need not hold the
      // issues the others complete.
      for (Operation *issue :
           completeWith(object, cast<MatmulWaitOpInterface>(op)))
        insertSorted(completed, issue);
      break;
    case MatmulUseKind::Configure:
      if (slotUpdate)
        object.setters(static_cast<unsigned>(slotUpdate->slot)).assign(op);
      break;
    case MatmulUseKind::Compute:
      if (pending)
        object.events().assign(op);
      if (fetchConsumed)
        object.unfetched().assign(op);
      else if (fetch)
        object.unfetched().clear();
      // GetBatchTensorC consumes the signals of the object's last
      // computation (rule P5).
      if (role == MatmulMessageRole::PostStaged)
        object.lastComputations().assign(op);
      break;
    }
    applyMessageRole(object, op, role, cubeSide);
  });
  if (kind == MatmulUseKind::Wait)
    completeForEveryName(state, matmul, completed);
  // Only issues made through this very value are known to be complete.
  for (Operation *issue : completedUnwaited)
    state.removeUnwaitedIssue(issue);
  if (kind == MatmulUseKind::Compute && isUnwaitedIssue(op))
    state.addUnwaitedIssue(op);
  if (cubeSide || !state.tracksPipeAccesses())
    return;
  // A call completed here left its result in UB by MTE2 (an async call
  // into UB), the vector pipe ordered after it as its wait returns.
  uint8_t unorderedAfterCompletedCopy =
      ProtocolState::pipeBit(PipeKind::PIPE_ALL) &
      ~ProtocolState::pipeBit(PipeKind::PIPE_V);
  for (Operation *issue : completed)
    if (!getLocalDestinations(issue).empty())
      state.recordPipeAccess(issue, PipeKind::PIPE_MTE2,
                             unorderedAfterCompletedCopy);
  // An async call's post: its wait, or a fetch of its blocks, orders what
  // the post saw.
  bool inFlight = pending || fetchConsumed || isUnwaitedIssue(op);
  if (inFlight)
    state.recordPost(op);
  // Its own steps (a fetch's copy and MTE2_V, WaitGetTensorC's MTE2_V, a
  // UB setter's V_MTE3 and copy), but the copy of a call still in flight:
  // its output is rule P3's until it completes.
  applyPipeOrderingSteps(op, state, inFlight);
}

/// The SetFlag whose event `wait` waits for: the last one of the same event
/// and id before it in its block, unless a wait of that event and id took
/// it first. Null when the block shows none (another block's set is not
/// trusted: which runs first is not known here).
static SetFlagOp findMatchingSet(WaitFlagOp wait) {
  auto sameId = [&](Value id) {
    if (id == wait.getId())
      return true;
    APInt lhs, rhs;
    return matchPattern(id, m_ConstantInt(&lhs)) &&
           matchPattern(wait.getId(), m_ConstantInt(&rhs)) && lhs == rhs;
  };
  for (Operation *op = wait->getPrevNode(); op; op = op->getPrevNode()) {
    if (auto set = dyn_cast<SetFlagOp>(op);
        set && set.getEvent() == wait.getEvent() && sameId(set.getId()))
      return set;
    if (auto other = dyn_cast<WaitFlagOp>(op);
        other && other.getEvent() == wait.getEvent() && sameId(other.getId()))
      return SetFlagOp();
  }
  return SetFlagOp();
}

/// The pipes not yet ordered after an access of local memory by `pipe` as
/// it is made: every other pipe, and MTE2 and MTE3 themselves (O1); the
/// vector pipe runs in order. The scalar unit stays in the set: the
/// compiler orders it with a conflicting access (O2), which orders nothing
/// else, so it does not carry the access on to other pipes; only a Matmul
/// call's block is checked against it (whether O2 covers a scalar read of
/// a fetched block is open, section 2c: the analysis stays stricter).
static uint8_t unorderedAfterAccess(PipeKind pipe) {
  return ProtocolState::pipeBit(PipeKind::PIPE_ALL) &
         ~(pipe == PipeKind::PIPE_V ? ProtocolState::pipeBit(PipeKind::PIPE_V)
                                    : 0);
}

void mlir::asc::applyPipeOrderingSteps(Operation *op,
                                       ArrayRef<PipeOrderingStep> steps,
                                       ProtocolState &state, bool inFlight,
                                       bool stopAtAccess) {
  for (const PipeOrderingStep &step : steps) {
    switch (step.kind) {
    case PipeOrderingStep::Kind::Order:
      state.orderPipes(step.from, step.to);
      break;
    case PipeOrderingStep::Kind::Barrier:
      state.pipeBarrier(step.from);
      break;
    case PipeOrderingStep::Kind::Server:
      state.orderThroughServer();
      break;
    case PipeOrderingStep::Kind::Access:
      if (stopAtAccess)
        return;
      if (!inFlight)
        state.recordPipeAccess(op, step.from, unorderedAfterAccess(step.from));
      break;
    }
  }
}

void mlir::asc::applyPipeOrderingSteps(Operation *op, ProtocolState &state,
                                       bool inFlight) {
  SmallVector<PipeOrderingStep> steps;
  if (auto ordering = dyn_cast<PipeOrderingOpInterface>(op))
    ordering.getPipeOrderingSteps(steps);
  applyPipeOrderingSteps(op, steps, state, inFlight, /*stopAtAccess=*/false);
}

/// The accesses among `ordered` (each with the pipes not yet ordered after
/// it, all of which the ordering orders) that some vector pipe was not
/// ordered after, with those pipes, in program order: the answers must not
/// depend on where the ops were allocated.
static SmallVector<std::pair<Operation *, uint8_t>> getAccessesFirstOrdered(
    ArrayRef<std::pair<Operation *, ProtocolState::PipeAccess>> ordered) {
  uint8_t vectorPipes = ProtocolState::pipeBit(PipeKind::PIPE_V) |
                        ProtocolState::pipeBit(PipeKind::PIPE_MTE2) |
                        ProtocolState::pipeBit(PipeKind::PIPE_MTE3);
  SmallVector<std::pair<Operation *, uint8_t>> firstOrdered;
  for (auto [op, access] : ordered)
    if (uint8_t pipes = access.unorderedFor & vectorPipes)
      firstOrdered.push_back({op, pipes});
  llvm::sort(firstOrdered, [](const auto &lhs, const auto &rhs) {
    return isBeforeInProgramOrder(lhs.first, rhs.first);
  });
  return firstOrdered;
}

SmallVector<std::pair<Operation *, uint8_t>>
mlir::asc::getAccessesFirstOrderedByWait(const ProtocolState &afterIssue,
                                         Operation *issue) {
  return getAccessesFirstOrdered(
      afterIssue.getAccessesOrderedThroughPost(issue));
}

SmallVector<std::pair<Operation *, uint8_t>>
mlir::asc::getAccessesFirstOrderedByRoundTrip(const ProtocolState &before) {
  return getAccessesFirstOrdered(
      before.getAccessesOrderedThroughPost(/*issue=*/nullptr));
}

std::optional<PipeKind> mlir::asc::getLocalAccessPipe(Operation *op) {
  auto access = dyn_cast<MemoryAccessOpInterface>(op);
  if (!access || isa<MatmulOpInterface>(op))
    return std::nullopt;
  PipeKind pipe = access.getExecutingPipe();
  if (pipe != PipeKind::PIPE_V && pipe != PipeKind::PIPE_MTE2 &&
      pipe != PipeKind::PIPE_MTE3)
    return std::nullopt;
  SmallVector<MemoryAccess> accesses;
  access.getMemoryAccesses(accesses);
  bool local = llvm::any_of(accesses, [](const MemoryAccess &each) {
    auto tensor = each.memory ? dyn_cast<LocalTensorType>(each.memory.getType())
                              : LocalTensorType();
    return tensor && isVectorPosition(tensor.getPosition());
  });
  return local ? std::optional<PipeKind>(pipe) : std::nullopt;
}

/// What an op that is no Matmul call does to the vector core's pipes
/// (rules P6d and P7): its own access of UB, a barrier's or a queue's
/// ordering (PipeOrderingOpInterface), a SetFlag/WaitFlag pair's.
static void transferPipeOrder(Operation *op, ProtocolState &state) {
  if (auto set = dyn_cast<SetFlagOp>(op)) {
    state.recordFlagSet(set, set.getSourcePipe());
    return;
  }
  if (auto wait = dyn_cast<WaitFlagOp>(op)) {
    // X's work before the set happens before Y's after the wait: the set
    // the state carries on every path. An id computed anew each trip (a
    // ping-pong id, FetchEventID in a loop) may name another flag than a
    // set of an earlier trip, so its wait takes the state's set only when
    // the last set of the flag is earlier in its own block (this trip's;
    // a stale one kept under the same key only narrows what it saw), and
    // orders nothing otherwise.
    SetFlagOp sameBlockSet = findMatchingSet(wait);
    if ((sameBlockSet || isFlagIdFixedPerRun(wait.getId())) &&
        state.orderThroughFlag(wait, wait.getTargetPipe()))
      return;
    if (SetFlagOp set = sameBlockSet)
      state.orderPipes(
          wait.getSourcePipe(), wait.getTargetPipe(),
          [&](Operation *access) { return precedesInEveryRun(access, set); });
    return;
  }
  // Cross-core flags of modes 0 and 1 count this core among the setters
  // its own wait waits for (all vector cores, or those of one group): the
  // set's pipe before it happens before every later instruction after the
  // wait (O6). Mode 2 pairs this core with the cube core: the cube's set
  // is the cross-core checker's (CrossCoreOrdering.h).
  if (auto set = dyn_cast<CrossCoreSetFlagOp>(op)) {
    if (set.getMode() != 2)
      state.recordFlagSet(set, set.getPipe());
    return;
  }
  if (auto wait = dyn_cast<CrossCoreWaitFlagOp>(op)) {
    // An id computed anew each trip may name another flag: nothing then.
    if (wait.getMode() != 2 && isFlagIdFixedPerRun(wait.getId()))
      state.orderThroughFlag(wait, PipeKind::PIPE_ALL);
    return;
  }
  if (std::optional<PipeKind> pipe = getLocalAccessPipe(op)) {
    state.recordPipeAccess(op, *pipe, unorderedAfterAccess(*pipe));
    return;
  }
  applyPipeOrderingSteps(op, state, /*inFlight=*/false);
  if (auto free = dyn_cast<QueueFreeTensorOp>(op))
    state.releaseFetchedBlocks(free.getTensor());
}

bool mlir::asc::mayChangeProtocolState(Operation *op) {
  if (isa<MatmulObjectUseOpInterface, PipeOrderingOpInterface, SetFlagOp,
          WaitFlagOp, CrossCoreSetFlagOp, CrossCoreWaitFlagOp>(op))
    return true;
  if (getLocalAccessPipe(op))
    return true;
  return llvm::any_of(op->getOperandTypes(), llvm::IsaPred<MatmulType>) &&
         !isPure(op);
}

/// A creation reached again (a loop, a CFG cycle) declares a new object
/// under the old value; the old object's pending work goes on, with nothing
/// left that can wait for it (rule P1 reports it).
static void transferCreation(Operation *op, Value matmul,
                             ProtocolState &state) {
  if (const ObjectState *old = state.lookup(matmul))
    for (Operation *event : old->events())
      if (isPendingIssue(event))
        state.addUnwaitedIssue(event);
  // A new object holds no memory yet: its creation is the setter of every
  // slot, and its message has no inputs.
  ObjectState object(matmul);
  object.events().assign(op);
  for (unsigned slot = 0; slot < kNumMatmulSlots; ++slot)
    object.setters(slot).assign(op);
  object.postsWithoutInputs().assign(op);
  object.lastComputations().assign(op);
  state.setObject(object);
}

/// An initialisation by an op that is no call on one object
/// (REGIST_MATMUL_OBJ, which sets up several): with a tiling it initialises
/// the client, which posts MMFUN_INIT and clears what was staged
/// (MatmulClient::Init), as its message role says.
static void transferInitialization(Operation *op, const MatmulObjectUse &use,
                                   ProtocolState &state, bool cubeSide) {
  updateObject(state, use.matmul, [&](ObjectState &object) {
    object.events().assign(op);
    object.lastComputations().assign(op);
    applyMessageRole(object, op, use.role, cubeSide);
  });
}

/// What an op handed Matmul objects without stating its uses (a call) does
/// to them: anything.
static void transferUnknownUse(Value matmul, ProtocolState &state) {
  updateObject(state, matmul, [&](ObjectState &object) {
    object.join(ObjectState::getUnknown(object.matmul));
    // The callee may stage setters or post: its message is unknown.
    object.postsWithoutInputs().clear();
    object.staged().clear();
  });
}

void mlir::asc::applyProtocolTransfer(Operation *op, ProtocolState &state,
                                      bool cubeSide) {
  if (auto call = dyn_cast<MatmulOpInterface>(op))
    return transferMatmulUse(call, state, cubeSide);
  if (auto user = dyn_cast<MatmulObjectUseOpInterface>(op)) {
    for (const MatmulObjectUse &use : user.getMatmulObjectUses()) {
      if (use.kind == MatmulUseKind::Create)
        transferCreation(op, use.matmul, state);
      else if (use.kind == MatmulUseKind::Initialize)
        transferInitialization(op, use, state, cubeSide);
      else
        // The other kinds are calls on one object (MatmulOpInterface).
        transferUnknownUse(use.matmul, state);
    }
    return;
  }
  if (state.tracksPipeAccesses())
    transferPipeOrder(op, state);
  // Any other op handed a Matmul object (a call) may do anything to it.
  if (llvm::none_of(op->getOperandTypes(), llvm::IsaPred<MatmulType>) ||
      isPure(op))
    return;
  for (Value operand : op->getOperands())
    if (isa<MatmulType>(operand.getType()))
      transferUnknownUse(operand, state);
}
