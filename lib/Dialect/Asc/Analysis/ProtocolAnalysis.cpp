//===- ProtocolAnalysis.cpp - Matmul async protocol analysis --------------===//
//
// The dataflow analysis behind --asc-verify-sync and --asc-sync-placement,
// and the checker of rules P1-P4.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::dataflow;

//===----------------------------------------------------------------------===//
// ProtocolState
//===----------------------------------------------------------------------===//

/// Inserts `value` into the sorted vector `set`; true when it was new.
template <typename T, typename Vector>
static bool insertSorted(Vector &set, T value) {
  auto it = llvm::lower_bound(set, value);
  if (it != set.end() && *it == value)
    return false;
  set.insert(it, value);
  return true;
}

static bool lessByValue(const ProtocolState::ObjectEvents &lhs, Value rhs) {
  return lhs.matmul.getAsOpaquePointer() < rhs.getAsOpaquePointer();
}

bool ProtocolState::operator==(const ProtocolState &other) const {
  if (objects.size() != other.objects.size() ||
      unwaitedIssues != other.unwaitedIssues)
    return false;
  for (auto [lhs, rhs] : llvm::zip(objects, other.objects))
    if (lhs.matmul != rhs.matmul || lhs.events != rhs.events)
      return false;
  return true;
}

bool ProtocolState::join(const ProtocolState &other) {
  bool changed = false;
  for (const ObjectEvents &incoming : other.objects) {
    auto it = llvm::lower_bound(objects, incoming.matmul, lessByValue);
    if (it == objects.end() || it->matmul != incoming.matmul) {
      objects.insert(it, incoming);
      changed = true;
      continue;
    }
    for (Operation *event : incoming.events)
      changed |= insertSorted(it->events, event);
  }
  for (Operation *issue : other.unwaitedIssues)
    changed |= insertSorted(unwaitedIssues, issue);
  return changed;
}

const ProtocolState::ObjectEvents *ProtocolState::lookup(Value matmul) const {
  auto it = llvm::lower_bound(objects, matmul, lessByValue);
  if (it == objects.end() || it->matmul != matmul)
    return nullptr;
  return &*it;
}

void ProtocolState::setEvent(Value matmul, Operation *event) {
  auto it = llvm::lower_bound(objects, matmul, lessByValue);
  if (it == objects.end() || it->matmul != matmul)
    it = objects.insert(it, ObjectEvents{matmul, {}});
  it->events.assign(1, event);
}

void ProtocolState::completeWith(Value matmul, MatmulWaitOpInterface wait) {
  // Pending issues of another kind stay pending: this wait cannot complete
  // them (rule P1 reports it). Paths through any other event end here with
  // the wait as their last event.
  SmallVector<Operation *, 2> events;
  bool anyCompleted = true;
  if (const ObjectEvents *entry = lookup(matmul)) {
    anyCompleted = false;
    for (Operation *event : entry->events) {
      if (isPendingIssue(event) &&
          cast<MatmulAsyncIssueOpInterface>(event).getWaitKind() !=
              wait.getWaitKind())
        events.push_back(event);
      else
        anyCompleted = true;
    }
  }
  if (anyCompleted)
    events.push_back(wait);
  llvm::sort(events);
  auto it = llvm::lower_bound(objects, matmul, lessByValue);
  if (it == objects.end() || it->matmul != matmul)
    it = objects.insert(it, ObjectEvents{matmul, {}});
  it->events.assign(events.begin(), events.end());
}

void ProtocolState::releaseUnwaited(Value matmul) {
  llvm::erase_if(unwaitedIssues, [&](Operation *issue) {
    return cast<MatmulOpInterface>(issue).getMatmul() == matmul;
  });
}

void ProtocolState::addUnwaited(Operation *issue) {
  insertSorted(unwaitedIssues, issue);
}

void ProtocolState::print(raw_ostream &os) const {
  for (const ObjectEvents &object : objects) {
    os << "object ";
    object.matmul.printAsOperand(os, OpPrintingFlags());
    os << ":";
    for (Operation *event : object.events)
      os << " " << (event ? event->getName().getStringRef() : "<entry>");
    os << "\n";
  }
}

//===----------------------------------------------------------------------===//
// ProtocolLattice and ProtocolAnalysis
//===----------------------------------------------------------------------===//

ChangeResult ProtocolLattice::join(const AbstractDenseLattice &rhs) {
  return state.join(static_cast<const ProtocolLattice &>(rhs).state)
             ? ChangeResult::Change
             : ChangeResult::NoChange;
}

ChangeResult ProtocolLattice::assign(const ProtocolState &newState) {
  if (state == newState)
    return ChangeResult::NoChange;
  state = newState;
  return ChangeResult::Change;
}

bool mlir::asc::isPendingIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && issue.isWaitable();
}

/// An async issue that no wait can complete: pending until the object ends.
static bool isUnwaitedIssue(Operation *op) {
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && !issue.isWaitable();
}

ProtocolState mlir::asc::applyProtocolTransfer(Operation *op,
                                               const ProtocolState &before) {
  ProtocolState after = before;
  if (auto create = dyn_cast<MatmulCreateOp>(op)) {
    after.setEvent(create.getMatmul(), op);
    return after;
  }
  if (auto registration = dyn_cast<MatmulRegisterOp>(op)) {
    for (Value matmul : registration.getMatmuls())
      after.setEvent(matmul, op);
    return after;
  }
  auto use = dyn_cast<MatmulOpInterface>(op);
  if (!use)
    return after;
  Value matmul = use.getMatmul();
  switch (use.getMatmulUseKind()) {
  case MatmulUseKind::Initialize:
    after.setEvent(matmul, op);
    break;
  case MatmulUseKind::Wait:
    after.completeWith(matmul, cast<MatmulWaitOpInterface>(op));
    break;
  case MatmulUseKind::Release:
    after.setEvent(matmul, op);
    after.releaseUnwaited(matmul);
    break;
  case MatmulUseKind::Compute:
    if (isPendingIssue(op))
      after.setEvent(matmul, op);
    else if (isUnwaitedIssue(op))
      after.addUnwaited(op);
    break;
  case MatmulUseKind::Configure:
    break;
  }
  return after;
}

LogicalResult ProtocolAnalysis::visitOperation(Operation *op,
                                               const ProtocolLattice &before,
                                               ProtocolLattice *after) {
  propagateIfChanged(
      after, after->assign(applyProtocolTransfer(op, before.getState())));
  return success();
}

void ProtocolAnalysis::setToEntryState(ProtocolLattice *lattice) {
  // Matmul objects passed in as arguments start in an unknown state.
  ProtocolState state;
  if (auto *point = dyn_cast<ProgramPoint *>(lattice->getAnchor())) {
    if (point->isBlockStart())
      for (BlockArgument argument : point->getBlock()->getArguments())
        if (isa<MatmulType>(argument.getType()))
          state.setEvent(argument, nullptr);
  }
  propagateIfChanged(lattice, lattice->assign(state));
}

//===----------------------------------------------------------------------===//
// ProtocolChecker
//===----------------------------------------------------------------------===//

Value mlir::asc::getPendingOutput(Operation *issue) {
  auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
  if (Value output = asyncIssue.getAsyncOutput())
    return output;
  // IterateNBatch writes the workspace set by SetWorkspace.
  for (Operation *user : asyncIssue.getMatmul().getUsers())
    if (auto setWorkspace = dyn_cast<MatmulSetWorkspaceOp>(user))
      return setWorkspace.getWorkspace();
  return {};
}

ProtocolChecker::ProtocolChecker(Operation *function) : function(function) {
  loadBaselineAnalyses(solver);
  solver.load<ProtocolAnalysis>();
  solved = succeeded(solver.initializeAndRun(function));
}

const ProtocolState *ProtocolChecker::getStateBefore(Operation *op) {
  const auto *lattice =
      solver.lookupState<ProtocolLattice>(solver.getProgramPointBefore(op));
  return lattice ? &lattice->getState() : nullptr;
}

/// The tensors a computing Matmul call reads: its recorded inputs.
static void collectMatmulInputs(Value matmul, SmallVectorImpl<Value> &inputs) {
  for (Operation *user : matmul.getUsers()) {
    if (auto setA = dyn_cast<MatmulSetTensorAOp>(user))
      inputs.push_back(setA.getInput());
    else if (auto setB = dyn_cast<MatmulSetTensorBOp>(user))
      inputs.push_back(setB.getInput());
    else if (auto setBias = dyn_cast<MatmulSetBiasOp>(user))
      inputs.push_back(setBias.getBias());
  }
}

static bool isMemoryValue(Value value) {
  return isa<GlobalTensorType, LocalTensorType, GmAddrType>(value.getType());
}

bool ProtocolChecker::mayAccess(Operation *op, Value output) {
  if (!output)
    return false;
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      Value value = instance.getValue();
      if (value && isMemoryValue(value) && aliases.mayAlias(value, output))
        return true;
    }
    // A computing Matmul call reads the inputs recorded on its object.
    auto use = dyn_cast<MatmulOpInterface>(op);
    if (use && use.getMatmulUseKind() == MatmulUseKind::Compute) {
      SmallVector<Value> inputs;
      collectMatmulInputs(use.getMatmul(), inputs);
      for (Value input : inputs)
        if (aliases.mayAlias(input, output))
          return true;
    }
    return false;
  }
  // Ops whose nested ops carry the effects are judged op by op.
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  // Unknown effects: any memory the op is handed may be touched.
  for (Value operand : op->getOperands())
    if (isMemoryValue(operand) && aliases.mayAlias(operand, output))
      return true;
  return false;
}

/// "reconfigures", "ends", ... : what a Matmul call does, for diagnostics.
static StringRef describeUse(MatmulUseKind kind) {
  switch (kind) {
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

static bool isEndEvent(Operation *event) {
  auto use = dyn_cast_or_null<MatmulOpInterface>(event);
  return use && use.getMatmulUseKind() == MatmulUseKind::Release;
}

/// Note on an event that left nothing pending, for rule P2.
static void noteIdleEvent(InFlightDiagnostic &diag, Operation *event,
                          Operation *function) {
  if (!event) {
    diag.attachNote(function->getLoc())
        << "nothing was issued on the object since the function entry";
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

LogicalResult ProtocolChecker::checkOperation(Operation *op,
                                              const ProtocolState &state,
                                              bool report) {
  bool failed = false;
  auto error = [&]() -> InFlightDiagnostic {
    failed = true;
    if (!report)
      return InFlightDiagnostic();
    return op->emitOpError();
  };

  auto use = dyn_cast<MatmulOpInterface>(op);
  SmallVector<Value, 4> objects;
  if (use)
    objects.push_back(use.getMatmul());
  else if (auto registration = dyn_cast<MatmulRegisterOp>(op))
    llvm::append_range(objects, registration.getMatmuls());

  for (Value matmul : objects) {
    const ProtocolState::ObjectEvents *entry = state.lookup(matmul);
    if (!entry)
      continue;
    MatmulUseKind kind =
        use ? use.getMatmulUseKind() : MatmulUseKind::Initialize;
    SmallVector<Operation *> pending, idle, ended;
    for (Operation *event : entry->events) {
      if (isPendingIssue(event))
        pending.push_back(event);
      else if (isEndEvent(event))
        ended.push_back(event);
      else
        idle.push_back(event);
    }
    // Rule P4: nothing but a new initialisation after End.
    if (!ended.empty() && kind != MatmulUseKind::Initialize) {
      InFlightDiagnostic diag = error()
                                << "uses the Matmul object after its end "
                                   "(rule P4)";
      if (report)
        for (Operation *end : ended)
          diag.attachNote(end->getLoc()) << "the object was ended here";
    }
    if (kind == MatmulUseKind::Wait) {
      auto wait = cast<MatmulWaitOpInterface>(op);
      for (Operation *issue : pending) {
        auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
        if (asyncIssue.getWaitKind() == wait.getWaitKind())
          continue;
        InFlightDiagnostic diag =
            error() << "cannot complete the pending '" << issue->getName()
                    << "', which needs '"
                    << getWaitOpName(asyncIssue.getWaitKind()) << "' (rule P1)";
        if (report)
          diag.attachNote(issue->getLoc()) << "the pending async issue";
      }
      // Rule P2: every path reaching a wait has something pending.
      if (!idle.empty()) {
        InFlightDiagnostic diag = error()
                                  << "may be reached with nothing pending on "
                                     "its Matmul object (rule P2)";
        if (report)
          for (Operation *event : idle)
            noteIdleEvent(diag, event, function);
      }
      continue;
    }
    // Rule P1: a pending issue is waited on before anything else touches the
    // object.
    for (Operation *issue : pending) {
      auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
      InFlightDiagnostic diag =
          error() << describeUse(kind) << " the Matmul object while an async '"
                  << issue->getName() << "' is pending: rule P1 needs '"
                  << getWaitOpName(asyncIssue.getWaitKind()) << "' first";
      if (report)
        diag.attachNote(issue->getLoc()) << "the pending async issue";
    }
  }

  // Rule P1: a kernel does not return with work pending.
  if (op->hasTrait<OpTrait::ReturnLike>() && op->getParentOp() == function) {
    for (const ProtocolState::ObjectEvents &object : state.objects) {
      for (Operation *event : object.events) {
        if (!isPendingIssue(event))
          continue;
        InFlightDiagnostic diag =
            error() << "returns while an async '" << event->getName()
                    << "' is pending: rule P1 needs '"
                    << getWaitOpName(cast<MatmulAsyncIssueOpInterface>(event)
                                         .getWaitKind())
                    << "' first";
        if (report)
          diag.attachNote(event->getLoc()) << "the pending async issue";
      }
    }
  }

  // Rule P3: nobody touches a pending output before its wait.
  auto checkRace = [&](Operation *issue, bool unwaited) {
    if (issue == op)
      return;
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    // Uses of the issue's own object are rule P1's business.
    if (use && use.getMatmul() == asyncIssue.getMatmul())
      return;
    Value output = getPendingOutput(issue);
    if (!mayAccess(op, output))
      return;
    InFlightDiagnostic diag = error()
                              << "may access memory that aliases the pending "
                                 "output of an async '"
                              << issue->getName() << "' (rule P3)";
    if (!report)
      return;
    if (unwaited)
      diag.attachNote(issue->getLoc())
          << "this issue has no wait flag: its output stays pending until "
             "the object's end";
    else
      diag.attachNote(issue->getLoc())
          << "the async issue writing that output; its '"
          << getWaitOpName(asyncIssue.getWaitKind())
          << "' must come before the access";
  };
  for (const ProtocolState::ObjectEvents &object : state.objects)
    for (Operation *event : object.events)
      if (isPendingIssue(event))
        checkRace(event, /*unwaited=*/false);
  for (Operation *issue : state.unwaitedIssues)
    checkRace(issue, /*unwaited=*/true);

  return failure(failed);
}

LogicalResult ProtocolChecker::check(bool reportErrors) {
  if (!solved) {
    if (reportErrors)
      function->emitError("the Matmul protocol analysis did not converge");
    return failure();
  }
  bool failed = false;
  function->walk([&](Operation *op) {
    if (op == function)
      return;
    const ProtocolState *state = getStateBefore(op);
    if (!state)
      return; // Unreachable.
    failed |= mlir::failed(checkOperation(op, *state, reportErrors));
  });
  return failure(failed);
}
