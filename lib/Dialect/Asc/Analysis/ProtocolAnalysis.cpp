//===- ProtocolAnalysis.cpp - Matmul async protocol analysis --------------===//
//
// The protocol analysis behind --asc-verify-sync and --asc-sync-placement,
// and the checker of rules P1-P4.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asc;

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

//===----------------------------------------------------------------------===//
// Transfer function
//===----------------------------------------------------------------------===//

bool mlir::asc::isPendingIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && issue.isWaitable();
}

/// An async issue that no wait can complete: pending until the object ends.
static bool isUnwaitedIssue(Operation *op) {
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && !issue.isWaitable();
}

void mlir::asc::applyProtocolTransfer(Operation *op, ProtocolState &state) {
  if (auto create = dyn_cast<MatmulCreateOp>(op))
    return state.setEvent(create.getMatmul(), op);
  if (auto registration = dyn_cast<MatmulRegisterOp>(op)) {
    for (Value matmul : registration.getMatmuls())
      state.setEvent(matmul, op);
    return;
  }
  auto use = dyn_cast<MatmulOpInterface>(op);
  if (!use)
    return;
  Value matmul = use.getMatmul();
  switch (use.getMatmulUseKind()) {
  case MatmulUseKind::Initialize:
    state.setEvent(matmul, op);
    break;
  case MatmulUseKind::Wait:
    state.completeWith(matmul, cast<MatmulWaitOpInterface>(op));
    break;
  case MatmulUseKind::Release:
    state.setEvent(matmul, op);
    state.releaseUnwaited(matmul);
    break;
  case MatmulUseKind::Compute:
    if (isPendingIssue(op))
      state.setEvent(matmul, op);
    else if (isUnwaitedIssue(op))
      state.addUnwaited(op);
    break;
  case MatmulUseKind::Configure:
    break;
  }
}

//===----------------------------------------------------------------------===//
// Propagation over structured and unstructured control flow
//===----------------------------------------------------------------------===//

namespace {
/// Called with each reachable operation and the state before it, once the
/// states have converged.
using StateVisitor = function_ref<void(Operation *, const ProtocolState &)>;

/// Propagates protocol states through regions. Loops and CFGs are iterated
/// to a fixpoint without reporting; then one more walk with the converged
/// entry states reports each reachable operation exactly once.
///
/// The state only changes at Matmul operations, so a copy per operation (as
/// a dense lattice per program point would hold) is avoided: one state
/// flows through each block in place.
class ProtocolFlow {
public:
  /// Flows `state` through `region`; returns the join of the states at the
  /// region's exits. With a visitor, reports every reachable op.
  ProtocolState flowRegion(Region &region, const ProtocolState &entry,
                           const StateVisitor *visitor);

private:
  /// Flows `state` through one block; `exits` receives the state at a
  /// terminator without successors. Successor states are joined into
  /// `blockStates`, and `changed` collects blocks whose state grew.
  void flowBlock(Block &block, ProtocolState state, const StateVisitor *visitor,
                 ProtocolState &exits,
                 DenseMap<Block *, ProtocolState> *blockStates,
                 SmallVectorImpl<Block *> *changed);
  void flowOp(Operation *op, ProtocolState &state, const StateVisitor *visitor);
  void flowRegionBranch(RegionBranchOpInterface branch, ProtocolState &state,
                        const StateVisitor *visitor);
};
} // namespace

void ProtocolFlow::flowBlock(Block &block, ProtocolState state,
                             const StateVisitor *visitor, ProtocolState &exits,
                             DenseMap<Block *, ProtocolState> *blockStates,
                             SmallVectorImpl<Block *> *changed) {
  for (Operation &op : block) {
    if (visitor)
      (*visitor)(&op, state);
    flowOp(&op, state, visitor);
  }
  Operation *terminator = block.empty() ? nullptr : &block.back();
  if (!terminator || terminator->getNumSuccessors() == 0) {
    exits.join(state);
    return;
  }
  if (!blockStates)
    return;
  for (Block *successor : terminator->getSuccessors()) {
    auto [it, inserted] = blockStates->try_emplace(successor, state);
    if ((inserted || it->second.join(state)) && changed)
      changed->push_back(successor);
  }
}

ProtocolState ProtocolFlow::flowRegion(Region &region,
                                       const ProtocolState &entry,
                                       const StateVisitor *visitor) {
  ProtocolState exits;
  if (region.empty())
    return entry;
  if (region.hasOneBlock()) {
    flowBlock(region.front(), entry, visitor, exits, nullptr, nullptr);
    return exits;
  }
  // A CFG: iterate the block entry states to a fixpoint, then report.
  DenseMap<Block *, ProtocolState> blockStates;
  blockStates[&region.front()] = entry;
  SmallVector<Block *> worklist{&region.front()};
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    ProtocolState ignoredExits;
    flowBlock(*block, blockStates[block], nullptr, ignoredExits, &blockStates,
              &worklist);
  }
  for (Block &block : region) {
    auto it = blockStates.find(&block);
    if (it == blockStates.end())
      continue; // Unreachable.
    flowBlock(block, it->second, visitor, exits, nullptr, nullptr);
  }
  return exits;
}

void ProtocolFlow::flowRegionBranch(RegionBranchOpInterface branch,
                                    ProtocolState &state,
                                    const StateVisitor *visitor) {
  DenseMap<Region *, ProtocolState> entryStates;
  ProtocolState after;
  SmallVector<Region *> worklist;
  auto propagate = [&](ArrayRef<RegionSuccessor> successors,
                       const ProtocolState &from) {
    for (const RegionSuccessor &successor : successors) {
      if (successor.isParent()) {
        after.join(from);
        continue;
      }
      Region *region = successor.getSuccessor();
      auto [it, inserted] = entryStates.try_emplace(region, from);
      if (inserted || it->second.join(from))
        worklist.push_back(region);
    }
  };
  SmallVector<RegionSuccessor> successors;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  propagate(successors, state);
  while (!worklist.empty()) {
    Region *region = worklist.pop_back_val();
    ProtocolState exit = flowRegion(*region, entryStates[region], nullptr);
    successors.clear();
    branch.getSuccessorRegions(*region, successors);
    propagate(successors, exit);
  }
  if (visitor)
    for (Region &region : branch->getRegions()) {
      auto it = entryStates.find(&region);
      if (it != entryStates.end())
        (void)flowRegion(region, it->second, visitor);
    }
  state = std::move(after);
}

void ProtocolFlow::flowOp(Operation *op, ProtocolState &state,
                          const StateVisitor *visitor) {
  if (op->getNumRegions() == 0)
    return applyProtocolTransfer(op, state);
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    return flowRegionBranch(branch, state, visitor);
  // Regions of unknown semantics may run or not, once each.
  ProtocolState after = state;
  for (Region &region : op->getRegions())
    after.join(flowRegion(region, state, visitor));
  state = std::move(after);
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

const ProtocolState *ProtocolChecker::getStateBefore(Operation *op) const {
  auto it = matmulStates.find(op);
  return it == matmulStates.end() ? nullptr : &it->second;
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

ArrayRef<Value> ProtocolChecker::getMatmulInputs(Value matmul) {
  auto [it, inserted] = matmulInputs.try_emplace(matmul);
  if (inserted)
    collectMatmulInputs(matmul, it->second);
  return it->second;
}

static bool isMemoryValue(Value value) {
  return isa<GlobalTensorType, LocalTensorType, GmAddrType>(value.getType());
}

bool ProtocolChecker::mayTouch(Operation *op, Value memory, bool writesOnly) {
  if (!memory)
    return false;
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (writesOnly && !isa<MemoryEffects::Write>(instance.getEffect()))
        continue;
      Value value = instance.getValue();
      if (value && isMemoryValue(value) && aliases.mayAlias(value, memory))
        return true;
    }
    // A computing Matmul call reads the inputs recorded on its object.
    auto use = dyn_cast<MatmulOpInterface>(op);
    if (!writesOnly && use && use.getMatmulUseKind() == MatmulUseKind::Compute)
      for (Value input : getMatmulInputs(use.getMatmul()))
        if (aliases.mayAlias(input, memory))
          return true;
    return false;
  }
  // Ops whose nested ops carry the effects are judged op by op.
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  // Unknown effects: any memory the op is handed may be read or written.
  for (Value operand : op->getOperands())
    if (isMemoryValue(operand) && aliases.mayAlias(operand, memory))
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
  matmulStates.clear();
  bool failed = false;
  auto visit = [&](Operation *op, const ProtocolState &state) {
    if (isa<MatmulOpInterface>(op))
      matmulStates[op] = state;
    failed |= mlir::failed(checkOperation(op, state, reportErrors));
  };
  StateVisitor visitor(visit);
  ProtocolState entry;
  // Matmul objects passed in as arguments start in an unknown state.
  Region &body = function->getRegion(0);
  if (!body.empty())
    for (BlockArgument argument : body.getArguments())
      if (isa<MatmulType>(argument.getType()))
        entry.setEvent(argument, nullptr);
  (void)ProtocolFlow().flowRegion(body, entry, &visitor);
  return failure(failed);
}
