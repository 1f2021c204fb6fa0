//===- ProtocolChecker.cpp - rules P1-P7 on the protocol states -----------===//
//
// The checker of rules P1-P7 behind --asc-verify-sync.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/Analysis/CrossCoreOrdering.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asc;

using ObjectState = ProtocolState::ObjectState;

//===----------------------------------------------------------------------===//
// ProtocolChecker
//===----------------------------------------------------------------------===//

/// "reconfigures", "ends", ... : what a Matmul call does, for diagnostics.
static StringRef describeUse(MatmulUseKind kind) {
  switch (kind) {
  case MatmulUseKind::Create:
    return "declares again";
  case MatmulUseKind::Initialize:
    return "re-initialises";
  case MatmulUseKind::Configure:
    return "reconfigures";
  case MatmulUseKind::Compute:
    return "issues new work on";
  case MatmulUseKind::Release:
    return "ends";
  case MatmulUseKind::Wait:
    return "waits on";
  }
  llvm_unreachable("unknown MatmulUseKind");
}

/// Note on an event that left nothing pending, for rule P2.
static void noteIdleEvent(ViolationDiagnostic &diag, Operation *event,
                          Operation *function) {
  if (!event) {
    diag.attachNote(function->getLoc())
        << "the object may come from outside the function, or through "
           "another name, with nothing issued";
    return;
  }
  auto use = dyn_cast<MatmulOpInterface>(event);
  if (use && use.getMatmulUseKind() == MatmulUseKind::Wait)
    diag.attachNote(event->getLoc())
        << "on some path this earlier wait already completed the issue";
  else
    diag.attachNote(event->getLoc())
        << "on some path nothing was issued since the object was set up here";
}

/// The Matmul objects `op` acts on, with what it does to them: the uses it
/// states (MatmulObjectUseOpInterface; a creation acts on no object before
/// it), or, for an op that is handed objects without stating its uses (a
/// call, an unknown op), anything: it may issue on them or end them.
static SmallVector<std::pair<Value, MatmulUseKind>, 2>
getObjectsUsed(Operation *op, MatmulObjectUseOpInterface user) {
  SmallVector<std::pair<Value, MatmulUseKind>, 2> objects;
  if (user) {
    for (const MatmulObjectUse &use : user.getMatmulObjectUses())
      if (use.kind != MatmulUseKind::Create)
        objects.push_back({use.matmul, use.kind});
    return objects;
  }
  for (Value operand : op->getOperands())
    if (isa<MatmulType>(operand.getType()))
      objects.push_back({operand, MatmulUseKind::Compute});
  // isPure last: on a region op it looks at every op nested in it.
  if (!objects.empty() && isPure(op))
    objects.clear();
  return objects;
}

/// True when `access` goes through a view that a fetch on `matmul` (the
/// same value) handed out.
static bool isFetchedFrom(const ResolvedAccess &access, Value matmul) {
  Operation *fetch = access.location.base.fetch;
  return fetch && cast<MatmulOpInterface>(fetch).getMatmul() == matmul;
}

/// The unwaited issues in `state` that `wait` would be waiting for: issues
/// of its kind on an object that may be its own. None of them signals.
static SmallVector<Operation *>
getUnsignalledIssuesOfKind(const ProtocolState &state,
                           MatmulWaitOpInterface wait) {
  SmallVector<Operation *> issues;
  for (Operation *issue : state.getUnwaitedIssues()) {
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    if (asyncIssue.getWaitKind() == wait.getWaitKind() &&
        mayBeSameMatmulObject(asyncIssue.getMatmul(), wait.getMatmul()))
      issues.push_back(issue);
  }
  return issues;
}

namespace {
/// The errors one check reports at `op`: into the sink, counted always.
struct OpErrors {
  Operation *op;
  ViolationSink &sink;
  bool failed = false;

  ViolationDiagnostic operator()() {
    failed = true;
    return sink.error(op);
  }
  LogicalResult result() const { return failure(failed); }
};
} // namespace

/// What the rules ask of the op being checked, found once: every op of the
/// kernel comes here.
struct ProtocolChecker::CheckedOp {
  Operation *op;
  MatmulOpInterface matmulUse;
  MatmulObjectUseOpInterface objectUser;
  /// Each Matmul object the op uses, how, and its issues pending or not on
  /// the paths to the op (in program order when reported).
  struct ObjectUse {
    Value matmul;
    MatmulUseKind kind;
    SmallVector<Operation *> pending, idle;
  };
  SmallVector<ObjectUse, 1> objects;
  /// The op's accesses, resolved on first need: an async issue's are its
  /// footprint once it is in flight.
  std::optional<ArrayRef<ResolvedAccess>> accesses;
  SmallVector<ResolvedAccess> ownAccesses;
};

ArrayRef<ResolvedAccess> ProtocolChecker::getAccesses(CheckedOp &checked) {
  if (checked.accesses)
    return *checked.accesses;
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(checked.op);
  if (checked.matmulUse && issue && issue.isAsync()) {
    checked.accesses = conflicts.getFootprint(checked.op);
  } else {
    aliases.getAccesses(checked.op, checked.ownAccesses);
    checked.accesses = ArrayRef<ResolvedAccess>(checked.ownAccesses);
  }
  return *checked.accesses;
}

/// A wait that completes nothing and waits for nothing but its own flag:
/// WaitGetTensorC is SetFlag/WaitFlag<MTE2_V> and nothing else
/// (MatmulClient::WaitGetTensorC). With nothing pending it is redundant,
/// which is allowed (rule P2's exception), and it neither waits for nor
/// completes the object's other calls.
static bool isFlagOnlyWait(Operation *op) {
  auto wait = dyn_cast<MatmulWaitOpInterface>(op);
  return wait && wait.getWaitKind() == WaitKind::GetTensorC;
}

LogicalResult ProtocolChecker::checkOperation(Operation *op,
                                              const ProtocolState &state,
                                              InFlightIndex &index,
                                              bool report) {
  // The facts the conditions around `op` establish (a versioned loop's
  // run-time check) hold for every alias query made for it.
  AscAliasAnalysis::QueryPoint point(aliases, op);
  CheckedOp checked{op,
                    dyn_cast<MatmulOpInterface>(op),
                    dyn_cast<MatmulObjectUseOpInterface>(op),
                    {},
                    {},
                    {}};
  for (auto [matmul, kind] : getObjectsUsed(op, checked.objectUser)) {
    CheckedOp::ObjectUse &use = checked.objects.emplace_back();
    use.matmul = matmul;
    use.kind = kind;
    ObjectState scratch;
    const ObjectState &object = state.getObjectView(matmul, scratch);
    for (Operation *event : object.events())
      (isPendingIssue(event) ? use.pending : use.idle).push_back(event);
    if (report) {
      sortInProgramOrder(use.pending);
      sortInProgramOrder(use.idle);
    }
  }

  // The rules in the order of docs/Protocol.md, section 4: the order of the
  // diagnostics at one op, and which violation a trial reports first.
  bool failed = false;
  failed |= mlir::failed(checkP1(checked, state, report));
  failed |= mlir::failed(checkP2(checked, state, report));
  failed |= mlir::failed(checkP3(checked, state, index, report));
  failed |= mlir::failed(checkP5(checked, state, report));
  failed |= mlir::failed(checkP6(checked, state, report));
  failed |= mlir::failed(checkP7(checked, state, report));
  // Section 2c: the vector core's own accesses; a Matmul call's copy is P7's.
  if (!checked.matmulUse && state.hasPipeAccesses())
    failed |= mlir::failed(checkOwnAccessesOrdered(op, state, report));
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP1(CheckedOp &checked,
                                       const ProtocolState &state,
                                       bool report) {
  bool failed = false;
  for (CheckedOp::ObjectUse &use : checked.objects) {
    if (use.kind == MatmulUseKind::Wait) {
      if (!isFlagOnlyWait(checked.op))
        failed |= mlir::failed(checkP1WaitCompletesItsKind(
            cast<MatmulWaitOpInterface>(checked.op), use.pending, report));
      continue;
    }
    if (checked.matmulUse && isSafeWhileInFlight(checked.matmulUse))
      continue;
    failed |= mlir::failed(
        checkP1NoUseWhilePending(checked.op, use.kind, use.pending, report));
  }
  if (checked.matmulUse) {
    failed |=
        mlir::failed(checkP1FetchesDone(checked.matmulUse, state, report));
    failed |= mlir::failed(
        checkP1FetchOfAsyncIterate(checked.matmulUse, state, report));
  }
  if (checked.objectUser)
    failed |= mlir::failed(
        checkP1NoRedeclarationWhilePending(checked.objectUser, state, report));
  failed |=
      mlir::failed(checkP1NoReturnWhilePending(checked.op, state, report));
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP2(CheckedOp &checked,
                                       const ProtocolState &state,
                                       bool report) {
  if (isFlagOnlyWait(checked.op))
    return success();
  bool failed = false;
  for (CheckedOp::ObjectUse &use : checked.objects) {
    if (use.kind != MatmulUseKind::Wait || use.idle.empty())
      continue;
    auto wait = cast<MatmulWaitOpInterface>(checked.op);
    // A wait for a signal that never comes is that (rule P5), not also
    // rule P2's.
    if (!getUnsignalledIssuesOfKind(state, wait).empty())
      continue;
    failed |= mlir::failed(checkP2SomethingPending(wait, use.idle, report));
  }
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP3(CheckedOp &checked,
                                       const ProtocolState &state,
                                       InFlightIndex &index, bool report) {
  // Before an in-flight issue completes, nothing touches its outputs and
  // nothing writes its inputs. The op's own accesses, resolved once, meet
  // only the in-flight issues whose footprints the index says they may
  // overlap.
  if (index.empty())
    return success();
  ArrayRef<ResolvedAccess> accesses = getAccesses(checked);
  if (accesses.empty())
    return success();
  SmallVector<Operation *> candidates =
      index.getCandidates(checked.op, accesses);
  if (report)
    sortInProgramOrder(candidates);
  bool failed = false;
  for (Operation *issue : candidates)
    failed |= mlir::failed(
        checkP3NoRaceWithCube(checked.op, checked.matmulUse, accesses, issue,
                              isUnwaitedIssue(issue), report));
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP5(CheckedOp &checked,
                                       const ProtocolState &state,
                                       bool report) {
  bool failed = false;
  if (!isFlagOnlyWait(checked.op))
    for (CheckedOp::ObjectUse &use : checked.objects)
      if (use.kind == MatmulUseKind::Wait && !use.idle.empty())
        failed |= mlir::failed(checkP5WaitIsSignalled(
            cast<MatmulWaitOpInterface>(checked.op), state, report));
  if (checked.matmulUse)
    failed |=
        mlir::failed(checkP5FetchSignalComes(checked.matmulUse, state, report));
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP6(CheckedOp &checked,
                                       const ProtocolState &state,
                                       bool report) {
  if (!checked.matmulUse)
    return success();
  bool failed =
      mlir::failed(checkP6StagedMessage(checked.matmulUse, state, report));
  failed |= mlir::failed(
      checkP6cSetterDuringAsyncIterate(checked.matmulUse, state, report));
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP7(CheckedOp &checked,
                                       const ProtocolState &state,
                                       bool report) {
  if (!state.hasPipeAccesses())
    return success();
  bool failed = false;
  if (checked.matmulUse)
    failed |= mlir::failed(
        checkP7CopyAfterPipeAccesses(checked.matmulUse, state, report));
  ArrayRef<ResolvedAccess> accesses = getAccesses(checked);
  if (!accesses.empty())
    failed |= mlir::failed(
        checkP7FetchedBlockPipes(checked.op, state, accesses, report));
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP1WaitCompletesItsKind(
    MatmulWaitOpInterface wait, ArrayRef<Operation *> pending, bool report) {
  OpErrors error{wait, *sink};
  for (Operation *issue : pending) {
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    if (asyncIssue.getWaitKind() == wait.getWaitKind())
      continue;
    ViolationDiagnostic diag =
        error() << "cannot complete the pending '" << issue->getName()
                << "', which needs '" << getWaitOpName(asyncIssue.getWaitKind())
                << "' (rule P1)";
    if (report)
      diag.attachNote(issue->getLoc()) << "the pending async issue";
  }
  return error.result();
}

LogicalResult ProtocolChecker::checkP5WaitIsSignalled(
    MatmulWaitOpInterface wait, const ProtocolState &state, bool report) {
  // Rule P5: a wait on a path where only issues without their wait flag
  // are in flight waits for a signal that never comes (the server
  // signals only flagged or synchronous calls: MatmulService::Iterate,
  // MatmulService::IterateBatch, MatmulService::IterateNBatch).
  SmallVector<Operation *> unsignalled =
      getUnsignalledIssuesOfKind(state, wait);
  if (unsignalled.empty())
    return success();
  OpErrors error{wait, *sink};
  ViolationDiagnostic diag =
      error() << "waits for a signal that never comes (rule P5): on "
                 "some path only an async issue without its wait flag "
                 "is in flight on its Matmul object";
  if (report) {
    sortInProgramOrder(unsignalled);
    for (Operation *issue : unsignalled)
      diag.attachNote(issue->getLoc())
          << "this '" << issue->getName()
          << "' has no wait flag: the server posts no signal for it";
  }
  return error.result();
}

LogicalResult ProtocolChecker::checkP2SomethingPending(
    MatmulWaitOpInterface wait, ArrayRef<Operation *> idle, bool report) {
  // Rule P2: every path reaching a wait has something pending.
  OpErrors error{wait, *sink};
  ViolationDiagnostic diag = error()
                             << "may be reached with nothing pending on "
                                "its Matmul object (rule P2)";
  if (report)
    for (Operation *event : idle)
      noteIdleEvent(diag, event, protocol.getFunction());
  return error.result();
}

LogicalResult
ProtocolChecker::checkP1NoUseWhilePending(Operation *op, MatmulUseKind kind,
                                          ArrayRef<Operation *> pending,
                                          bool report) {
  OpErrors error{op, *sink};
  // Rule P1: a pending issue is waited on before anything else touches the
  // object.
  for (Operation *issue : pending) {
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    ViolationDiagnostic diag =
        error() << describeUse(kind) << " the Matmul object while an async '"
                << issue->getName() << "' is pending: rule P1 needs '"
                << getWaitOpName(asyncIssue.getWaitKind()) << "' first";
    if (report)
      diag.attachNote(issue->getLoc()) << "the pending async issue";
  }
  return error.result();
}

/// Rule P1's error at `error`'s op for each of the `pending` issues (in
/// program order when reported): "<what> an async '<issue>'<whose> is
/// pending", and the wait it needs.
static void reportPendingIssues(OpErrors &error,
                                MutableArrayRef<Operation *> pending,
                                bool report, StringRef what, StringRef whose) {
  if (report)
    sortInProgramOrder(pending);
  for (Operation *issue : pending) {
    ViolationDiagnostic diag =
        error() << what << " an async '" << issue->getName() << "'" << whose
                << " is pending: rule P1 needs '"
                << getWaitOpName(
                       cast<MatmulAsyncIssueOpInterface>(issue).getWaitKind())
                << "' first";
    if (report)
      diag.attachNote(issue->getLoc()) << "the pending async issue";
  }
}

LogicalResult ProtocolChecker::checkP1NoRedeclarationWhilePending(
    MatmulObjectUseOpInterface objectUser, const ProtocolState &state,
    bool report) {
  OpErrors error{objectUser, *sink};
  // Rule P1: a declaration reached again (a loop, a CFG cycle) starts a new
  // object while the previous one's work is pending, and nothing can wait
  // for that work any more.
  for (const MatmulObjectUse &use : objectUser.getMatmulObjectUses()) {
    const ObjectState *old =
        use.kind == MatmulUseKind::Create ? state.lookup(use.matmul) : nullptr;
    if (!old)
      continue;
    SmallVector<Operation *> pending;
    for (Operation *event : old->events())
      if (isPendingIssue(event))
        pending.push_back(event);
    reportPendingIssues(error, pending, report,
                        "declares the Matmul object again while",
                        " of the previous one");
  }

  return error.result();
}

LogicalResult ProtocolChecker::checkP1NoReturnWhilePending(
    Operation *op, const ProtocolState &state, bool report) {
  OpErrors error{op, *sink};
  Operation *function = protocol.getFunction();
  // Rule P1: a kernel does not return with waitable work pending. Issues
  // without their wait flag may still run when the kernel returns: the host
  // sees their output once the kernel has ended.
  if (op->hasTrait<OpTrait::ReturnLike>() && op->getParentOp() == function) {
    llvm::SmallPtrSet<Operation *, 4> seen;
    SmallVector<Operation *> pending;
    for (const ObjectState *object : state.getObjects())
      for (Operation *event : object->events())
        if (isPendingIssue(event) && seen.insert(event).second)
          pending.push_back(event);
    reportPendingIssues(error, pending, report, "returns while", "");
  }

  return error.result();
}

LogicalResult ProtocolChecker::checkP3NoRaceWithCube(
    Operation *op, MatmulOpInterface matmulUse,
    ArrayRef<ResolvedAccess> accesses, Operation *issue, bool unwaited,
    bool report) {
  OpErrors error{op, *sink};
  if (issue == op)
    return error.result();
  auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
  // Calls of the issue's own object (its very value) are ordered after it
  // by the server, or rule P1's business. A name that only may denote the
  // object gets every conflict check.
  if (matmulUse && matmulUse.getMatmul() == asyncIssue.getMatmul())
    return error.result();
  // A block fetched from a call whose results fetches take is complete
  // once its fetch returns: reading it through the fetched view does not
  // race with the blocks still being computed (the view is taken to stay
  // inside its block; asc-run checks every access at run time).
  ArrayRef<ResolvedAccess> checked = accesses;
  SmallVector<ResolvedAccess> outsideFetchedViews;
  if (isFetchConsumedIssue(issue) &&
      llvm::any_of(accesses, [&](const ResolvedAccess &access) {
        return isFetchedFrom(access, asyncIssue.getMatmul());
      })) {
    for (const ResolvedAccess &access : accesses)
      if (!isFetchedFrom(access, asyncIssue.getMatmul()))
        outsideFetchedViews.push_back(access);
    checked = outsideFetchedViews;
  }
  std::optional<std::pair<ResolvedAccess, ResolvedAccess>> conflict =
      conflicts.findConflict(checked, conflicts.getFootprint(issue));
  // Offsets with terms that change from one run of a block to the next
  // (a loop's induction variable) are exact between an issue and an op
  // after it in the same run of the issue's block: the instance of the
  // issue pending there is that run's (an earlier one still pending would
  // break rule P1 at the issue).
  if (conflict && !unwaited && !isFetchConsumedIssue(issue) &&
      checked.size() == accesses.size()) {
    Block *block = issue->getBlock();
    Operation *ancestor = block->findAncestorOpInBlock(*op);
    if (ancestor && issue->isBeforeInBlock(ancestor)) {
      SmallVector<ResolvedAccess> exactAccesses, exactFootprint;
      aliases.getAccessesIn(op, block, exactAccesses);
      aliases.getAccessesIn(issue, block, exactFootprint);
      if (!conflicts.findConflict(exactAccesses, exactFootprint))
        conflict.reset();
    }
    if (conflict && (conflicts.isApartAcrossTrips(op, issue) ||
                     conflicts.isApartAfterLoop(op, issue)))
      conflict.reset();
  }
  if (!conflict)
    return error.result();
  const ResolvedAccess &inFlight = conflict->second;
  ViolationDiagnostic diag = error();
  if (inFlight.isWrite())
    diag << "may access memory that aliases the pending output of an async '"
         << issue->getName() << "' (rule P3)";
  else
    diag << "may write memory that an async '" << issue->getName()
         << "' reads while it runs (its "
         << (inFlight.slot ? describeMatmulSlot(*inFlight.slot) : "input")
         << " input) (rule P3)";
  if (!report)
    return error.result();
  StringRef what = inFlight.isWrite() ? "output" : "input";
  if (isFetchConsumedIssue(issue))
    diag.attachNote(issue->getLoc())
        << "fetches take this call's results block by block: it "
        << (inFlight.isWrite() ? "writes its output" : "reads its inputs")
        << " until the loop that fetches them ends";
  else if (unwaited)
    diag.attachNote(issue->getLoc())
        << (inFlight.isWrite()
                ? "this issue has no wait flag: its output stays pending "
                  "until a later synchronous call of any object, or the "
                  "wait of a call posted after it, returns, or the kernel "
                  "ends (End() completes nothing)"
                : "this issue has no wait flag: it reads its inputs until a "
                  "later synchronous call of any object, or the wait of a "
                  "call posted after it, returns, or the kernel ends (End() "
                  "completes nothing)");
  else
    diag.attachNote(issue->getLoc())
        << "the async issue " << (inFlight.isWrite() ? "writing" : "reading")
        << " that " << what << "; its '"
        << getWaitOpName(asyncIssue.getWaitKind())
        << "' must come before the access";
  return error.result();
}

/// What a post that left a message without inputs was, for rule P6's note.
static void notePostWithoutInputs(ViolationDiagnostic &diag, Operation *post) {
  if (hasMatmulUseOfKind(post, MatmulUseKind::Create)) {
    diag.attachNote(post->getLoc())
        << "the object was created here; nothing set its inputs since";
    return;
  }
  // An initialisation that is no call on one object: REGIST_MATMUL_OBJ.
  if (!isa<MatmulOpInterface>(post) &&
      hasMatmulUseOfKind(post, MatmulUseKind::Initialize)) {
    diag.attachNote(post->getLoc())
        << "REGIST_MATMUL_OBJ initialised the object here, clearing what was "
           "staged";
    return;
  }
  auto use = dyn_cast<MatmulOpInterface>(post);
  if (!use) {
    diag.attachNote(post->getLoc())
        << "the object's previous Iterate loop ended here";
    return;
  }
  switch (use.getMessageRole()) {
  case MatmulMessageRole::PostOwn:
    diag.attachNote(post->getLoc())
        << "this '" << post->getName()
        << "' posted a message of its own, clearing what was staged";
    return;
  case MatmulMessageRole::PostFetch:
    diag.attachNote(post->getLoc())
        << "this synchronous fetch posted the staged message";
    return;
  default:
    diag.attachNote(post->getLoc())
        << "the previous issue posted the staged message here";
    return;
  }
}

static bool stagesRole(ArrayRef<Operation *> staged, MatmulMessageRole role) {
  return llvm::any_of(staged, [&](Operation *setter) {
    return cast<MatmulOpInterface>(setter).getMessageRole() == role;
  });
}

LogicalResult ProtocolChecker::checkP6StagedMessage(MatmulOpInterface use,
                                                    const ProtocolState &state,
                                                    bool report) {
  MatmulMessageRole role = use.getMessageRole();
  if (role != MatmulMessageRole::PostStaged &&
      role != MatmulMessageRole::PostOwn)
    return success();
  Operation *op = use;
  ObjectState scratch;
  const ObjectState &object = state.getObjectView(use.getMatmul(), scratch);
  bool cubeSide = protocol.usesCubeSideObjects();

  // A call that posts a message of its own loses what was staged
  // (MatmulClientBase::PostMessage clears the flag word; SetOrgShape also
  // overwrites the staged shapes through the message's union).
  if (role == MatmulMessageRole::PostOwn) {
    if (cubeSide || object.staged().empty())
      return success();
    if (!report)
      return failure();
    ViolationDiagnostic diag =
        sink->error(op)
        << "posts a message of its own and loses the setters staged since the "
           "last post (rule P6): call it before them";
    SmallVector<Operation *> staged(object.staged());
    sortInProgramOrder(staged);
    for (Operation *setter : staged)
      diag.attachNote(setter->getLoc())
          << "this '" << setter->getName() << "' is lost";
    return failure();
  }

  // Every computation carries new inputs (CANN's client asserts
  // isFirstIter in IterateAll, IterateBatch and IterateNBatch; an Iterate
  // loop without them ends at once; the server applies no setter without
  // them). The Iterate that continues its own loop is the exception.
  bool failed = false;
  SmallVector<Operation *, 1> missing;
  for (Operation *post : object.postsWithoutInputs())
    if (post != op || !op->hasTrait<ContinuesItsOwnLoop>())
      missing.push_back(post);
  if (!missing.empty()) {
    failed = true;
    if (report) {
      ViolationDiagnostic diag =
          sink->error(op)
          << "expects SetTensorA or SetTensorB of a tensor since the previous "
             "issue (rule P6): the server applies a message's setters only "
             "when it carries new inputs";
      sortInProgramOrder(missing);
      for (Operation *post : missing)
        notePostWithoutInputs(diag, post);
    }
  }

  // A message with new inputs and without SetBias runs without bias
  // (MatmulService::SetBias disables it).
  if (report && !cubeSide && !object.appliedBias().empty() &&
      stagesRole(object.staged(), MatmulMessageRole::StageInputs) &&
      !stagesRole(object.staged(), MatmulMessageRole::StageBias)) {
    ViolationDiagnostic diag =
        sink->warning(op)
        << "runs without bias (rule P6): its message carries new inputs but "
           "no SetBias, so the server disables the bias of the earlier issue";
    SmallVector<Operation *> applied(object.appliedBias());
    sortInProgramOrder(applied);
    for (Operation *bias : applied)
      diag.attachNote(bias->getLoc())
          << "this bias applied to an earlier issue only";
  }
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP5FetchSignalComes(
    MatmulOpInterface use, const ProtocolState &state, bool report) {
  // The fetch that waits for a batch computation's per-loop signals
  // (MatmulClient::GetBatchTensorC).
  if (!use->hasTrait<TakesLoopSignal>())
    return success();
  ObjectState scratch;
  const ObjectState &object = state.getObjectView(use.getMatmul(), scratch);
  SmallVector<std::pair<Operation *, StringRef>> silent;
  for (Operation *last : object.lastComputations()) {
    if (!last)
      continue;
    auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(last);
    if (issue && last->hasTrait<SignalsEachLoop>()) {
      if (issue.isAsync() && !issue.isWaitable())
        continue;
      silent.push_back(
          {last, issue.isAsync()
                     ? "this 'asc.matmul.iterate_n_batch' with its wait flag "
                       "signals once, when every loop is done; "
                       "'asc.matmul.wait_iterate_batch' takes that signal"
                     : "this synchronous 'asc.matmul.iterate_n_batch' took "
                       "its only signal before it returned"});
      continue;
    }
    silent.push_back(
        {last, hasMatmulUseOfKind(last, MatmulUseKind::Create) ||
                       hasMatmulUseOfKind(last, MatmulUseKind::Initialize)
                   ? "nothing was computed since the object was set up here"
                   : "the object's last computation is this one, whose "
                     "signals GetBatchTensorC does not take"});
  }
  if (silent.empty())
    return success();
  if (!report)
    return failure();
  ViolationDiagnostic diag =
      sink->error(use)
      << "waits for a signal that never comes (rule P5): GetBatchTensorC "
         "takes the per-loop signals of an IterateNBatch without its wait "
         "flag";
  llvm::sort(silent, [](const auto &lhs, const auto &rhs) {
    return isBeforeInProgramOrder(lhs.first, rhs.first);
  });
  for (auto [last, why] : silent)
    diag.attachNote(last->getLoc()) << why;
  return failure();
}

LogicalResult ProtocolChecker::checkP1FetchesDone(MatmulOpInterface use,
                                                  const ProtocolState &state,
                                                  bool report) {
  // Rule P1 for calls whose results fetches take: the object gets no new
  // work, workspace or tiling before they are fetched. A new post resets the
  // client's fetch counter and offset (MatmulClient::Iterate, IterateNBatch),
  // SetWorkspace moves where the fetches read, and the signals of the new
  // call and the unfetched ones share one event. When nothing at all was
  // fetched from the call since it was made, that is certain.
  MatmulUseKind kind = use.getMatmulUseKind();
  if (kind == MatmulUseKind::Release || !movesObjectOn(use))
    return success();
  Operation *op = use;
  ObjectState scratch;
  const ObjectState &object = state.getObjectView(use.getMatmul(), scratch);
  bool failed = false;
  // Both ways of using the object while fetches of a call are still due.
  auto refuse = [&](Operation *issue, StringRef where, StringRef needs) {
    failed = true;
    if (!report)
      return;
    ViolationDiagnostic diag =
        sink->error(op) << describeUse(kind) << " the Matmul object " << where
                        << " an async '" << issue->getName() << "'" << needs;
    diag.attachNote(issue->getLoc())
        << "the async call whose results fetches take";
  };
  // Inside the loop that fetches a call's results, more fetches follow.
  SmallVector<Operation *> fetching, unfetched;
  for (Operation *issue : state.getFetchConsumedIssues())
    if (issue != op && !llvm::is_contained(object.unfetched(), issue) &&
        mayBeSameMatmulObject(cast<MatmulOpInterface>(issue).getMatmul(),
                              use.getMatmul()) &&
        protocol.isInFetchLoopOf(op, issue))
      fetching.push_back(issue);
  // The Iterate of a `while (mm.Iterate<false>())` loop continues it.
  for (Operation *issue : object.unfetched())
    if (issue && issue != op)
      unfetched.push_back(issue);
  if (report) {
    sortInProgramOrder(fetching);
    sortInProgramOrder(unfetched);
  }
  for (Operation *issue : fetching)
    refuse(issue, "inside the loop that fetches the results of",
           ": rule P1 needs every fetch first");
  for (Operation *issue : unfetched)
    refuse(issue, "before any result of",
           " was fetched: rule P1 needs its fetches first");
  return failure(failed);
}

LogicalResult ProtocolChecker::checkP1FetchOfAsyncIterate(
    MatmulOpInterface use, const ProtocolState &state, bool report) {
  // Rule P1 for the blocks of an async Iterate: they are fetched the way
  // Iterate<false> left them, asynchronously. The client's synchronous
  // GetTensorC posts a fetch of its own, which the server runs only after
  // the whole asynchronous Iterate, and MatmulClient::GetTensorC asserts
  // isSyncGetC on its GM forms (the two-destination one is synchronous
  // only). The fetch of one block (GetTensorC) and the call that continues
  // its own loop (Iterate) are the ones whose client keeps that mode.
  // An async fetch into GM is the c220 client's synchronous-only form too
  // (MatmulClient::GetTensorC(GlobalTensor) asserts isSyncGetC).
  auto fetch = dyn_cast<MatmulAsyncIssueOpInterface>(use.getOperation());
  if (!fetch || !fetch->hasTrait<FetchesOneBlock>())
    return success();
  SmallVector<MemoryAccess> stated;
  cast<MemoryAccessOpInterface>(use.getOperation()).getMemoryAccesses(stated);
  bool intoGlobalMemory = llvm::any_of(stated, [](const MemoryAccess &access) {
    return access.isWrite() && !access.slot && access.memory &&
           isGlobalTensorType(access.memory.getType());
  });
  bool sync = !fetch.isAsync();
  if (!sync && !intoGlobalMemory)
    return success();
  SmallVector<Operation *, 1> iterates;
  for (Operation *issue : state.getFetchConsumedIssues())
    if (issue->hasTrait<ContinuesItsOwnLoop>() &&
        mayBeSameMatmulObject(cast<MatmulOpInterface>(issue).getMatmul(),
                              use.getMatmul()))
      iterates.push_back(issue);
  if (iterates.empty())
    return success();
  if (!report)
    return failure();
  ViolationDiagnostic diag =
      sink->error(use)
      << "fetches a block " << (sync ? "synchronously" : "into global memory")
      << " while the blocks of an async "
         "'asc.matmul.iterate' are fetched (rule P1): after Iterate<false> "
         "every block is fetched with 'asc.matmul.get_tensor_c' {sync = "
         "false} into a local tensor or as a view (MatmulClient::GetTensorC "
         "asserts it)";
  sortInProgramOrder(iterates);
  for (Operation *iterate : iterates)
    diag.attachNote(iterate->getLoc())
        << "the async Iterate whose blocks are being fetched";
  return failure();
}

/// True when, after `op` in program order, a fetch of `matmul`'s blocks
/// comes before anything that moves the object on (a new computation, a
/// new workspace): the fetches of the Iterate in flight go on past `op`.
static bool isFollowedByFetch(Operation *op, Value matmul) {
  for (Operation *at = op; at && !isa<FunctionOpInterface>(at);
       at = at->getParentOp()) {
    for (Operation *next = at->getNextNode(); next;
         next = next->getNextNode()) {
      std::optional<bool> fetchFirst;
      next->walk<WalkOrder::PreOrder>([&](MatmulOpInterface use) {
        if (!mayBeSameMatmulObject(use.getMatmul(), matmul))
          return WalkResult::advance();
        if (isFetch(use))
          fetchFirst = true;
        else if (movesObjectOn(use))
          fetchFirst = false;
        return fetchFirst ? WalkResult::interrupt() : WalkResult::advance();
      });
      if (fetchFirst)
        return *fetchFirst;
    }
  }
  return false;
}

LogicalResult ProtocolChecker::checkP6cSetterDuringAsyncIterate(
    MatmulOpInterface use, const ProtocolState &state, bool report) {
  // Rule P6c: from Iterate<false>() until its last block is fetched, the
  // object's next Iterate continues the loop in flight, GetTensorC asserts
  // isFirstIter == 0, and SetTail changes the client's block count
  // (MatmulClientBase::Iterate, SetTail): the setters those read.
  Operation *op = use;
  if (!op->hasTrait<ReadByBlockFetches>())
    return success();
  ObjectState scratch;
  const ObjectState &object = state.getObjectView(use.getMatmul(), scratch);
  auto isAsyncIterate = [&](Operation *issue) {
    auto iterate = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(issue);
    return iterate && iterate->hasTrait<ContinuesItsOwnLoop>() &&
           iterate.isAsync() &&
           mayBeSameMatmulObject(cast<MatmulOpInterface>(issue).getMatmul(),
                                 use.getMatmul());
  };
  SmallVector<Operation *, 1> inFlight;
  // Nothing fetched yet, or inside the loop that fetches its blocks: more
  // fetches follow.
  for (Operation *issue : object.unfetched())
    if (isAsyncIterate(issue))
      inFlight.push_back(issue);
  // Or between two fetches of its blocks, in a loop or in straight-line
  // code.
  for (Operation *issue : state.getFetchConsumedIssues())
    if (isAsyncIterate(issue) && !llvm::is_contained(inFlight, issue) &&
        (protocol.isInFetchLoopOf(op, issue) ||
         isFollowedByFetch(op, use.getMatmul())))
      inFlight.push_back(issue);
  if (inFlight.empty())
    return success();
  if (!report)
    return failure();
  ViolationDiagnostic diag =
      sink->error(op)
      << "changes the object while the blocks of an async "
         "'asc.matmul.iterate' are still fetched (rule P6c): the client's "
         "fetches check and count with what it sets (MatmulClientBase::"
         "Iterate, SetTail); set it before the Iterate or after the last "
         "fetch";
  sortInProgramOrder(inFlight);
  for (Operation *issue : inFlight)
    diag.attachNote(issue->getLoc())
        << "the async Iterate whose blocks are being fetched";
  return failure();
}

void ProtocolChecker::getLocalPipeAccesses(
    Operation *op, SmallVectorImpl<LocalPipeAccess> &accesses) {
  SmallVector<MemoryAccess> stated;
  auto call = dyn_cast<MatmulOpInterface>(op);
  std::optional<MatmulSlotUpdate> input =
      call ? call.getSlotUpdate() : std::nullopt;
  if (input && input->memory)
    // A setter's UB input, read whole by the client's copy.
    stated.push_back(
        MemoryAccess::whole(MemoryAccess::Kind::Read, input->memory));
  else if (auto memoryOp = dyn_cast<MemoryAccessOpInterface>(op))
    memoryOp.getMemoryAccesses(stated);
  for (const MemoryAccess &access : stated) {
    auto tensor = access.memory
                      ? dyn_cast<LocalTensorType>(access.memory.getType())
                      : LocalTensorType();
    if (!tensor || !isVectorPosition(tensor.getPosition()))
      continue;
    SmallVector<ResolvedAccess> resolved;
    aliases.resolve(op, access, resolved);
    for (const ResolvedAccess &each : resolved)
      accesses.push_back({each, access.memory});
  }
}

/// The queue whose buffer `tensor` is (through views), or null.
static Value getQueueOfTensor(Value tensor) {
  while (tensor) {
    Operation *def = tensor.getDefiningOp();
    if (auto source = dyn_cast_or_null<BufferSourceOpInterface>(def)) {
      BufferSource buffer = source.getBufferSource();
      bool fromQueue = buffer.kind == BufferSource::Kind::Allocation ||
                       buffer.kind == BufferSource::Kind::Dequeued;
      return fromQueue ? buffer.from : Value();
    }
    auto view = dyn_cast_or_null<MemoryViewOpInterface>(def);
    tensor = view ? view.getViewSource() : Value();
  }
  return Value();
}

/// True when `lhs` and `rhs` are in two buffers of their own: two queue
/// buffer allocations or TBufs, or buffers of two queues. A Matmul call's
/// copy is taken to stay inside its buffer here, which its extent from the
/// tiling does not show; a copy past the buffer is an out-of-bounds write,
/// which asc-run reports.
static bool isInOtherBuffer(const ProtocolChecker::LocalPipeAccess &lhs,
                            const ProtocolChecker::LocalPipeAccess &rhs) {
  Value lhsRoot = lhs.access.location.base.root,
        rhsRoot = rhs.access.location.base.root;
  if (lhsRoot != rhsRoot && getLocalBufferOwner(lhsRoot) &&
      getLocalBufferOwner(rhsRoot))
    return true;
  Value lhsQueue = getQueueOfTensor(lhs.tensor),
        rhsQueue = getQueueOfTensor(rhs.tensor);
  return lhsQueue && rhsQueue && lhsQueue != rhsQueue &&
         lhsQueue.getDefiningOp<QueueCreateOp>() &&
         rhsQueue.getDefiningOp<QueueCreateOp>();
}

/// How to order `pipe`'s earlier access before `copyPipe`'s copy.
static StringRef describeOrderingBefore(PipeKind pipe, PipeKind copyPipe) {
  if (copyPipe == PipeKind::PIPE_MTE3)
    return "hand the tensor over through its VECIN queue (EnQue/DeQue) "
           "before the setter, put 'asc.set_flag'/'asc.wait_flag' of "
           "MTE2_MTE3 or 'asc.pipe_barrier pipe_all' in between";
  switch (pipe) {
  case PipeKind::PIPE_V:
    return "free the buffer to its VECIN queue and allocate it again, or "
           "put 'asc.set_flag'/'asc.wait_flag' of V_MTE2 or "
           "'asc.pipe_barrier pipe_all' in between";
  case PipeKind::PIPE_MTE3:
    return "put 'asc.set_flag'/'asc.wait_flag' of MTE3_MTE2 or "
           "'asc.pipe_barrier pipe_all' in between (a VECIN or VECOUT "
           "AllocTensor is not enough)";
  default:
    return "put 'asc.pipe_barrier pipe_mte2' or 'asc.pipe_barrier "
           "pipe_all' in between (two MTE2 copies overlap unless a "
           "barrier orders them)";
  }
}

LogicalResult ProtocolChecker::checkP7CopyAfterPipeAccesses(
    MatmulOpInterface use, const ProtocolState &state, bool report) {
  Operation *op = use;
  SmallVector<PipeOrderingStep> steps;
  getMatmulCallOrderingSteps(op, steps);
  const PipeOrderingStep *copy =
      llvm::find_if(steps, [](const PipeOrderingStep &step) {
        return step.kind == PipeOrderingStep::Kind::Access;
      });
  if (copy == steps.end())
    return success();
  // What the pipes see as the copy starts: the wait for the server's signal
  // a fetch makes, then the call's own orderings (a UB setter's V_MTE3).
  ProtocolState seen = state;
  orderAfterAwaitedPost(use, seen);
  applyPipeOrderingSteps(op, steps, seen, /*inFlight=*/false,
                         /*stopAtAccess=*/true);
  auto earlier =
      seen.getPipeAccessesUnorderedFor(ProtocolState::pipeBit(copy->from));
  if (earlier.empty())
    return success();
  // Reported: the first in program order (they come in address order).
  if (report)
    llvm::sort(earlier, [](const auto &lhs, const auto &rhs) {
      return isBeforeInProgramOrder(lhs.first, rhs.first);
    });
  for (auto [other, recorded] : earlier) {
    // A call's own copy in an earlier trip has the same footprint
    // expression: the trips' order is the loop rules' business.
    if (other == op || !mayOverlapInUnifiedBuffer(other, op))
      continue;
    if (!report)
      return failure();
    bool setter = copy->from == PipeKind::PIPE_MTE3;
    ViolationDiagnostic diag = sink->error(op);
    if (setter)
      diag << "copies its UB input by MTE3 at the setter (rule P6d: "
              "MatmulClient's CopyGlobalAddr) while an earlier "
           << stringifyPipeKind(recorded.pipe)
           << " write of those bytes may not be done: nothing orders "
              "it before MTE3; ";
    else
      diag << "copies its block into UB by MTE2 (rule P7) while an "
              "earlier "
           << stringifyPipeKind(recorded.pipe)
           << " access of those bytes may not be done: nothing orders "
              "it before MTE2; ";
    diag << describeOrderingBefore(recorded.pipe, copy->from);
    diag.attachNote(other->getLoc())
        << "the earlier " << stringifyPipeKind(recorded.pipe) << " access";
    return failure();
  }
  return success();
}

bool ProtocolChecker::mayBeTakenAgain(Value earlier, Value later) {
  if (!earlier || !later || earlier == later)
    return false;
  auto isAllocation = [](Value root) {
    auto source = root.getDefiningOp<BufferSourceOpInterface>();
    return source &&
           source.getBufferSource().kind == BufferSource::Kind::Allocation;
  };
  Value queue = getLocalBufferOwner(earlier);
  if (!isAllocation(earlier) || !isAllocation(later) || !queue ||
      getLocalBufferOwner(later) != queue)
    return false;
  auto [cached, inserted] = buffersTakenAgain.try_emplace({earlier, later});
  if (!inserted)
    return cached->second;
  // The queue hands out a buffer again only once it is freed (O5): a
  // FreeTensor of the earlier buffer between the two AllocTensor calls in
  // program order. Two buffers of one queue live at once are two buffers;
  // in a loop, the same op's buffer of the trip before is compared by the
  // same root (and a trip's FreeTensor after the next AllocTensor op is
  // not followed here: the check is looser there, docs/HappensBefore.md).
  Operation *earlierAllocation = earlier.getDefiningOp();
  Operation *laterAllocation = later.getDefiningOp();
  bool takenAgain = llvm::any_of(queue.getUsers(), [&](Operation *user) {
    // The queue's own call, named: FreeTensor is what returns a buffer.
    // Only a FreeTensor of the earlier buffer itself counts (doubt would
    // report every double-buffered kernel); a tensor dequeued right after
    // its EnQue is the enqueued one.
    auto free = dyn_cast<QueueFreeTensorOp>(user);
    if (!free)
      return false;
    Value tensor = free.getTensor();
    if (auto deque = tensor.getDefiningOp<QueueDeQueOp>()) {
      Operation *prev = deque->getPrevNode();
      while (prev && !llvm::is_contained(prev->getOperands(), queue))
        prev = prev->getPrevNode();
      if (auto enque = dyn_cast_or_null<QueueEnQueOp>(prev))
        tensor = enque.getTensor();
    }
    return aliases.getProvenance(tensor).root == earlier &&
           isBeforeInProgramOrder(earlierAllocation, free) &&
           isBeforeInProgramOrder(free, laterAllocation);
  });
  return buffersTakenAgain[{earlier, later}] = takenAgain;
}

std::optional<MemoryLocation>
ProtocolChecker::getLocationInOneBuffer(const MemoryLocation &earlier,
                                        const MemoryLocation &later) {
  Value earlierRoot = earlier.base.root, laterRoot = later.base.root;
  if (earlierRoot && earlierRoot == laterRoot)
    return earlier;
  if (!mayBeTakenAgain(earlierRoot, laterRoot))
    return std::nullopt;
  // Both offsets count from the start of the queue's buffer.
  MemoryLocation rebased = earlier;
  rebased.base.root = laterRoot;
  return rebased;
}

bool ProtocolChecker::mayOverlapInUnifiedBuffer(Operation *op,
                                                Operation *copy) {
  SmallVector<LocalPipeAccess> theirs, own;
  getLocalPipeAccesses(op, theirs);
  getLocalPipeAccesses(copy, own);
  for (const LocalPipeAccess &mine : own)
    for (const LocalPipeAccess &access : theirs) {
      if (!mine.access.isWrite() && !access.access.isWrite())
        continue;
      // A buffer freed and taken again from its queue is the earlier one's
      // memory, unless both stay inside the buffer apart.
      std::optional<MemoryLocation> reused =
          getLocationInOneBuffer(access.access.location, mine.access.location);
      if (reused && (reused->base.root != access.access.location.base.root))
        if (!aliases.alias(mine.access.location, *reused).isNo())
          return true;
      if (!isInOtherBuffer(mine, access) &&
          !aliases.alias(mine.access.location, access.access.location).isNo())
        return true;
    }
  return false;
}

bool ProtocolChecker::mayTouchSameBytes(Operation *earlier, Operation *later) {
  // A Matmul call's own accesses on the vector core are its copies; what
  // the cube reads and writes is rule P3's.
  auto collect = [&](Operation *op, SmallVectorImpl<ResolvedAccess> &out) {
    if (!isa<MatmulOpInterface>(op))
      return aliases.getAccesses(op, out);
    SmallVector<LocalPipeAccess> copies;
    getLocalPipeAccesses(op, copies);
    for (const LocalPipeAccess &copy : copies)
      out.push_back(copy.access);
  };
  SmallVector<ResolvedAccess> theirs, own;
  collect(earlier, theirs);
  collect(later, own);
  for (const ResolvedAccess &mine : own)
    for (const ResolvedAccess &access : theirs) {
      if (!mine.isWrite() && !access.isWrite())
        continue;
      std::optional<MemoryLocation> reused =
          getLocationInOneBuffer(access.location, mine.location);
      const MemoryLocation &other = reused ? *reused : access.location;
      if (!aliases.alias(mine.location, other).isNo())
        return true;
    }
  return false;
}

std::optional<PipeKind> mlir::asc::getOwnAccessPipe(Operation *op) {
  if (isa<MatmulOpInterface>(op)) {
    SmallVector<PipeOrderingStep> steps;
    getMatmulCallOrderingSteps(op, steps);
    for (const PipeOrderingStep &step : steps)
      if (step.kind == PipeOrderingStep::Kind::Access)
        return step.from;
    return std::nullopt;
  }
  auto access = dyn_cast<MemoryAccessOpInterface>(op);
  if (!access)
    return std::nullopt;
  PipeKind pipe = access.getExecutingPipe();
  if (pipe != PipeKind::PIPE_V && pipe != PipeKind::PIPE_MTE2 &&
      pipe != PipeKind::PIPE_MTE3)
    return std::nullopt;
  return pipe;
}

/// The lower-case name of a vector-core pipe in an event's keyword.
static StringRef getEventPipeName(PipeKind pipe) {
  return stringifyPipeKind(pipe).drop_front(strlen("pipe_"));
}

LogicalResult ProtocolChecker::checkOwnAccessesOrdered(
    Operation *op, const ProtocolState &state, bool report) {
  // In a kernel only: its pipes start idle and every access is in view. A
  // device function's own pairs are checked where it is inlined into its
  // kernel (asc-check, the pyasc import); on its own, what its caller left
  // unordered and which buffers its tensor arguments are is unknown.
  std::optional<PipeKind> pipe = getLocalAccessPipe(op);
  if (!pipe ||
      !protocol.getFunction()->hasAttr(AscDialect::getKernelAttrName()))
    return success();
  auto earlier =
      state.getPipeAccessesUnorderedFor(ProtocolState::pipeBit(*pipe));
  // Reported: the first in program order (they come in address order).
  if (report)
    llvm::sort(earlier, [](const auto &lhs, const auto &rhs) {
      return isBeforeInProgramOrder(lhs.first, rhs.first);
    });
  for (auto [other, recorded] : earlier) {
    // A Matmul call's copy is rules P6d's and P7's. The op's own access in
    // an earlier trip has the same footprint expression, which cannot say
    // whether the trips' bytes meet (docs/HappensBefore.md).
    if (other == op || isa<MatmulOpInterface>(other) || !mayConflict(other, op))
      continue;
    if (!report)
      return failure();
    StringRef earlierPipe = stringifyPipeKind(recorded.pipe),
              laterPipe = stringifyPipeKind(*pipe);
    ViolationDiagnostic diag = sink->error(op);
    diag << "may touch bytes that an earlier " << earlierPipe
         << " access touches, one of the two writing, "
            "before "
         << laterPipe << " is ordered after it ";
    if (recorded.pipe == *pipe)
      diag << "(section 2c, O1: two copies of one pipe may overlap); put "
              "'asc.pipe_barrier "
           << laterPipe << "' in between";
    else
      diag << "(section 2c: the pipes run in parallel); put "
              "'asc.set_flag'/'asc.wait_flag' of "
           << getEventPipeName(recorded.pipe) << "_" << getEventPipeName(*pipe)
           << " in between or hand the buffer over through its queue";
    diag << ", or 'asc.pipe_barrier pipe_all'";
    diag.attachNote(other->getLoc())
        << "the earlier " << earlierPipe << " access";
    return failure();
  }
  return success();
}

bool ProtocolChecker::mayConflict(Operation *earlier, Operation *later) {
  SmallVector<ResolvedAccess> theirs, own;
  aliases.getAccesses(earlier, theirs);
  aliases.getAccesses(later, own);
  for (const ResolvedAccess &mine : own)
    for (const ResolvedAccess &access : theirs) {
      // Only through one traced root (a queue's allocation, a TBuf, a GM
      // argument): the memory model's doubt about two roots (two tensor
      // arguments may be one buffer) is left to asc-run here, or every
      // helper taking two tensors would be reported.
      // A queue buffer freed and taken again is one root too (O5).
      if (!mine.isWrite() && !access.isWrite())
        continue;
      std::optional<MemoryLocation> inOneBuffer =
          getLocationInOneBuffer(access.location, mine.location);
      if (!inOneBuffer)
        continue;
      // UB only: GM pairs (a loop's tile writes and a later reload, whose
      // extents hang on the tiling) are asc-run's, which sees the launch's
      // values; statically they are doubt on every tiled kernel.
      if (mine.location.base.space != Provenance::Space::Local)
        continue;
      if (!aliases.alias(mine.location, *inOneBuffer).isNo())
        return true;
    }
  return false;
}

LogicalResult ProtocolChecker::checkP7FetchedBlockPipes(
    Operation *op, const ProtocolState &state,
    ArrayRef<ResolvedAccess> accesses, bool report) {
  // Matmul calls are rule P1's and P3's business; EnQue and FreeTensor hand
  // the block over or release it (the transfer function drops it).
  if (isa<MatmulObjectUseOpInterface, QueueEnQueOp, QueueFreeTensorOp>(op))
    return success();
  auto memoryOp = dyn_cast<MemoryAccessOpInterface>(op);
  PipeKind accessPipe =
      memoryOp ? memoryOp.getExecutingPipe() : PipeKind::PIPE_ALL;
  auto fetches = state.getUnorderedFetches(accessPipe);
  if (report)
    sortInProgramOrder(fetches);
  for (Operation *fetch : fetches) {
    for (const ResolvedAccess &block : conflicts.getFootprint(fetch)) {
      if (!block.isWrite() ||
          block.location.base.space != Provenance::Space::Local)
        continue;
      for (const ResolvedAccess &access : accesses) {
        // The fetch stays inside its buffer: a buffer of another queue or
        // TBuf is other memory. Two buffers of one queue may be one buffer
        // freed and taken again, whose earlier fetch is not yet ordered.
        Value accessOwner = getLocalBufferOwner(access.location.base.root),
              blockOwner = getLocalBufferOwner(block.location.base.root);
        if (accessOwner && blockOwner && accessOwner != blockOwner)
          continue;
        if (aliases.alias(access.location, block.location).isNo())
          continue;
        if (!report)
          return failure();
        StringRef pipe = memoryOp
                             ? stringifyPipeKind(memoryOp.getExecutingPipe())
                             : StringRef("an unknown pipe");
        ViolationDiagnostic diag =
            sink->error(op)
            << "may touch a fetched block from " << pipe
            << " before that pipe is ordered after the fetch (rule P7): the "
               "Matmul client orders only the vector pipe after its MTE2 "
               "copy into UB (SetFlag/WaitFlag<MTE2_V>); put "
               "'asc.pipe_barrier pipe_all' in between, or hand the block "
               "over through a VECOUT queue after a vector access (a VECIN "
               "hand-off orders only the vector pipe)";
        diag.attachNote(fetch->getLoc()) << "the block fetched here";
        return failure();
      }
    }
  }
  return success();
}

LogicalResult ProtocolChecker::check(bool reportErrors) {
  ViolationSink sink(reportErrors ? ViolationSink::Mode::Emit
                                  : ViolationSink::Mode::Count);
  return check(sink);
}

LogicalResult ProtocolChecker::check(ViolationSink &into) {
  sink = &into;
  bool failed = false;
  InFlightIndex index(conflicts);
  protocol.walkStates(
      [&](Operation *op, const ProtocolState &state) {
        index.visit(state);
        failed |=
            mlir::failed(checkOperation(op, state, index, sink->wantsWords()));
      },
      &index);
  // The orderings between cores (rule P8, the cross-core hangs of P5).
  CrossCoreChecker crossCore(protocol.getFunction(), conflicts);
  failed |= mlir::failed(crossCore.check(*sink));
  sink = nullptr;
  return failure(failed);
}

std::optional<ProtocolViolation> ProtocolChecker::findFirstViolation() {
  // One run: the first violation keeps its words, the rest are counted.
  ViolationSink first(ViolationSink::Mode::KeepFirst);
  if (succeeded(check(first)))
    return std::nullopt;
  return first.takeFirst();
}

std::optional<ProtocolViolation>
mlir::asc::findProtocolViolation(Operation *function) {
  MatmulProtocolAnalysis protocol(function);
  AscAliasAnalysis aliases(function, protocol);
  return ProtocolChecker(protocol, aliases).findFirstViolation();
}

LogicalResult ProtocolChecker::checkRange(Block::iterator begin,
                                          Block::iterator end,
                                          const ProtocolState &entry,
                                          bool reportErrors) {
  ViolationSink into(reportErrors ? ViolationSink::Mode::Emit
                                  : ViolationSink::Mode::Count);
  sink = &into;
  bool failed = false;
  InFlightIndex index(conflicts);
  protocol.walkStatesIn(
      begin, end, entry,
      [&](Operation *op, const ProtocolState &state) {
        index.visit(state);
        failed |= mlir::failed(checkOperation(op, state, index, reportErrors));
      },
      &index);
  sink = nullptr;
  return failure(failed);
}
