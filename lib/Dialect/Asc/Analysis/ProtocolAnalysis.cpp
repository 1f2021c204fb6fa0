//===- ProtocolAnalysis.cpp - Matmul async protocol analysis --------------===//
//
// The protocol analysis behind --asc-verify-sync and --asc-sync-placement,
// and the checker of rules P1-P4.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asc;

using ObjectState = ProtocolState::ObjectState;

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

template <typename Vector>
static bool unionSorted(Vector &set, const Vector &other) {
  bool changed = false;
  for (auto value : other)
    changed |= insertSorted(set, value);
  return changed;
}

static bool lessByValue(const ObjectState &lhs, Value rhs) {
  return lhs.matmul.getAsOpaquePointer() < rhs.getAsOpaquePointer();
}

bool ObjectState::operator==(const ObjectState &other) const {
  return matmul == other.matmul && events == other.events &&
         setters == other.setters;
}

bool ObjectState::join(const ObjectState &other) {
  bool changed = unionSorted(events, other.events);
  for (unsigned slot = 0; slot < kNumMatmulSlots; ++slot)
    changed |= unionSorted(setters[slot], other.setters[slot]);
  return changed;
}

bool ProtocolState::operator==(const ProtocolState &other) const {
  return objects == other.objects && unwaitedIssues == other.unwaitedIssues;
}

bool ProtocolState::join(const ProtocolState &other) {
  bool changed = false;
  for (const ObjectState &incoming : other.objects) {
    auto it = llvm::lower_bound(objects, incoming.matmul, lessByValue);
    if (it == objects.end() || it->matmul != incoming.matmul) {
      objects.insert(it, incoming);
      changed = true;
      continue;
    }
    changed |= it->join(incoming);
  }
  changed |= unionSorted(unwaitedIssues, other.unwaitedIssues);
  return changed;
}

const ObjectState *ProtocolState::lookup(Value matmul) const {
  auto it = llvm::lower_bound(objects, matmul, lessByValue);
  if (it == objects.end() || it->matmul != matmul)
    return nullptr;
  return &*it;
}

/// What is known of an object from outside: nothing.
static ObjectState getUnknownObject(Value matmul) {
  ObjectState object;
  object.matmul = matmul;
  object.events.push_back(nullptr);
  for (auto &setters : object.setters)
    setters.push_back(nullptr);
  return object;
}

ObjectState ProtocolState::getObjectView(Value matmul) const {
  if (const ObjectState *own = lookup(matmul))
    return *own;
  ObjectState view = getUnknownObject(matmul);
  for (const ObjectState &other : objects)
    if (mayBeSameMatmulObject(other.matmul, matmul))
      view.join(other);
  return view;
}

ObjectState &ProtocolState::getOrCreate(Value matmul) {
  auto it = llvm::lower_bound(objects, matmul, lessByValue);
  if (it != objects.end() && it->matmul == matmul)
    return *it;
  ObjectState view = getObjectView(matmul);
  return *objects.insert(it, std::move(view));
}

//===----------------------------------------------------------------------===//
// Transfer function
//===----------------------------------------------------------------------===//

bool mlir::asc::isPendingIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && issue.isWaitable();
}

bool mlir::asc::isUnwaitedIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && !issue.isWaitable();
}

/// The effect of `wait` on one object: the pending issues of its kind are
/// complete. Pending issues of another kind stay pending (rule P1 reports
/// it); paths through any other event end here with the wait as their last
/// event.
static void completeWith(ObjectState &object, MatmulWaitOpInterface wait) {
  SmallVector<Operation *, 2> events;
  bool anyCompleted = false;
  for (Operation *event : object.events) {
    if (isPendingIssue(event) &&
        cast<MatmulAsyncIssueOpInterface>(event).getWaitKind() !=
            wait.getWaitKind())
      events.push_back(event);
    else
      anyCompleted = true;
  }
  if (anyCompleted || events.empty())
    events.push_back(wait);
  llvm::sort(events);
  object.events.assign(events.begin(), events.end());
}

/// Applies `update` to the entry of `matmul` (a strong update: that value
/// denotes one object) and, as a may-update joined with what was there, to
/// every other entry that may denote the same object.
static void updateObject(ProtocolState &state, Value matmul,
                         function_ref<void(ObjectState &)> update) {
  update(state.getOrCreate(matmul));
  for (ObjectState &other : state.objects) {
    if (other.matmul == matmul || !mayBeSameMatmulObject(other.matmul, matmul))
      continue;
    ObjectState updated = other;
    update(updated);
    other.join(updated);
  }
}

static void transferMatmulUse(MatmulOpInterface use, ProtocolState &state) {
  Operation *op = use;
  Value matmul = use.getMatmul();
  MatmulUseKind kind = use.getMatmulUseKind();
  updateObject(state, matmul, [&](ObjectState &object) {
    switch (kind) {
    case MatmulUseKind::Initialize:
    case MatmulUseKind::Release:
      object.events.assign(1, op);
      break;
    case MatmulUseKind::Wait:
      completeWith(object, cast<MatmulWaitOpInterface>(op));
      break;
    case MatmulUseKind::Configure:
      if (std::optional<MatmulSlotUpdate> update = use.getSlotUpdate())
        object.setters[static_cast<unsigned>(update->slot)].assign(1, op);
      break;
    case MatmulUseKind::Compute:
      if (isPendingIssue(op))
        object.events.assign(1, op);
      break;
    }
  });
  if (kind == MatmulUseKind::Release) {
    // Only issues made through this very value are known to be complete.
    llvm::erase_if(state.unwaitedIssues, [&](Operation *issue) {
      return cast<MatmulOpInterface>(issue).getMatmul() == matmul;
    });
  }
  if (kind == MatmulUseKind::Compute && isUnwaitedIssue(op))
    insertSorted(state.unwaitedIssues, op);
}

/// Applies the effect of `op` (without nested regions) to `state`.
static void applyProtocolTransfer(Operation *op, ProtocolState &state) {
  if (auto create = dyn_cast<MatmulCreateOp>(op)) {
    // A new object holds no memory yet: its creation is the setter of
    // every slot.
    ObjectState &object = state.getOrCreate(create.getMatmul());
    object.events.assign(1, op);
    for (auto &setters : object.setters)
      setters.assign(1, op);
    return;
  }
  if (auto registration = dyn_cast<MatmulRegisterOp>(op)) {
    for (Value matmul : registration.getMatmuls())
      updateObject(state, matmul,
                   [&](ObjectState &object) { object.events.assign(1, op); });
    return;
  }
  if (auto use = dyn_cast<MatmulOpInterface>(op))
    return transferMatmulUse(use, state);
  if (isPure(op))
    return;
  // Any other op handed a Matmul object (a call) may do anything to it.
  for (Value operand : op->getOperands()) {
    if (!isa<MatmulType>(operand.getType()))
      continue;
    updateObject(state, operand, [&](ObjectState &object) {
      object.join(getUnknownObject(object.matmul));
    });
  }
}

//===----------------------------------------------------------------------===//
// Propagation over structured and unstructured control flow
//===----------------------------------------------------------------------===//

namespace mlir::asc {
/// Propagates protocol states through regions. Loops and CFGs are iterated
/// to a fixpoint without recording; then one more walk with the converged
/// entry states records the states the analysis keeps.
///
/// The state only changes at Matmul operations, so a copy per operation (as
/// a dense lattice per program point would hold) is avoided: one state
/// flows through each block in place.
class ProtocolFlow {
public:
  explicit ProtocolFlow(MatmulProtocolAnalysis *record) : record(record) {}

  /// Flows `entry` through `region`; returns the join of the states at the
  /// region's exits.
  ProtocolState flowRegion(Region &region, const ProtocolState &entry,
                           bool recording);

private:
  void flowBlock(Block &block, ProtocolState state, bool recording,
                 ProtocolState &exits,
                 DenseMap<Block *, ProtocolState> *blockStates,
                 SmallVectorImpl<Block *> *changed);
  void flowOp(Operation *op, ProtocolState &state, bool recording);
  void flowRegionBranch(RegionBranchOpInterface branch, ProtocolState &state,
                        bool recording);
  void flowUnknownRegions(Operation *op, ProtocolState &state, bool recording);

  MatmulProtocolAnalysis *record;
};
} // namespace mlir::asc

/// The constant values of `op`'s operands (null where not constant).
static SmallVector<Attribute> getConstantOperands(Operation *op) {
  SmallVector<Attribute> constants;
  for (Value operand : op->getOperands()) {
    Attribute constant;
    (void)matchPattern(operand, m_Constant(&constant));
    constants.push_back(constant);
  }
  return constants;
}

/// True for an op that stores the state before it: the ops that use a
/// Matmul object.
static bool recordsState(Operation *op) {
  return isa<MatmulOpInterface, MatmulCreateOp, MatmulRegisterOp>(op);
}

void ProtocolFlow::flowBlock(Block &block, ProtocolState state, bool recording,
                             ProtocolState &exits,
                             DenseMap<Block *, ProtocolState> *blockStates,
                             SmallVectorImpl<Block *> *changed) {
  if (recording)
    record->blockEntryStates[&block] = state;
  for (Operation &op : block) {
    if (recording && recordsState(&op))
      record->matmulOpStates[&op] = state;
    flowOp(&op, state, recording);
  }
  Operation *terminator = block.empty() ? nullptr : &block.back();
  if (!terminator || terminator->getNumSuccessors() == 0) {
    exits.join(state);
    return;
  }
  if (!blockStates)
    return;
  // A branch on a constant takes one successor.
  SmallVector<Block *, 2> successors(terminator->getSuccessors());
  if (auto branch = dyn_cast<BranchOpInterface>(terminator))
    if (Block *only =
            branch.getSuccessorForOperands(getConstantOperands(terminator)))
      successors.assign(1, only);
  for (Block *successor : successors) {
    auto [it, inserted] = blockStates->try_emplace(successor, state);
    if ((inserted || it->second.join(state)) && changed)
      changed->push_back(successor);
  }
}

ProtocolState ProtocolFlow::flowRegion(Region &region,
                                       const ProtocolState &entry,
                                       bool recording) {
  ProtocolState exits;
  if (region.empty())
    return entry;
  if (region.hasOneBlock()) {
    flowBlock(region.front(), entry, recording, exits, nullptr, nullptr);
    return exits;
  }
  // A CFG: iterate the block entry states to a fixpoint, then record.
  DenseMap<Block *, ProtocolState> blockStates;
  blockStates[&region.front()] = entry;
  SmallVector<Block *> worklist{&region.front()};
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    ProtocolState ignoredExits;
    flowBlock(*block, blockStates[block], /*recording=*/false, ignoredExits,
              &blockStates, &worklist);
  }
  for (Block &block : region) {
    auto it = blockStates.find(&block);
    if (it == blockStates.end())
      continue; // Unreachable.
    flowBlock(block, it->second, recording, exits, nullptr, nullptr);
  }
  return exits;
}

void ProtocolFlow::flowRegionBranch(RegionBranchOpInterface branch,
                                    ProtocolState &state, bool recording) {
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
  // Paths are the feasible ones as far as constants decide: an scf.if on a
  // constant takes one branch, a loop that runs at least once has no
  // zero-trip path.
  SmallVector<RegionSuccessor> successors;
  branch.getEntrySuccessorRegions(getConstantOperands(branch), successors);
  std::optional<APInt> trips;
  if (auto loop = dyn_cast<LoopLikeOpInterface>(branch.getOperation()))
    trips = loop.getStaticTripCount();
  auto dropIf = [&](bool condition, bool parent) {
    if (condition)
      llvm::erase_if(successors, [&](const RegionSuccessor &successor) {
        return successor.isParent() == parent;
      });
  };
  // No zero-trip path when the loop runs at least once, no second trip
  // when it runs once.
  dropIf(trips && !trips->isZero(), /*parent=*/true);
  propagate(successors, state);
  while (!worklist.empty()) {
    Region *region = worklist.pop_back_val();
    ProtocolState exit =
        flowRegion(*region, entryStates[region], /*recording=*/false);
    successors.clear();
    branch.getSuccessorRegions(*region, successors);
    dropIf(trips && trips->isOne(), /*parent=*/false);
    propagate(successors, exit);
  }
  if (recording)
    for (Region &region : branch->getRegions()) {
      auto it = entryStates.find(&region);
      if (it != entryStates.end())
        (void)flowRegion(region, it->second, /*recording=*/true);
    }
  state = std::move(after);
}

void ProtocolFlow::flowUnknownRegions(Operation *op, ProtocolState &state,
                                      bool recording) {
  // Regions of unknown semantics may run in any order, any number of times.
  ProtocolState entry = state;
  bool changed = true;
  while (changed) {
    changed = false;
    for (Region &region : op->getRegions())
      changed |= entry.join(flowRegion(region, entry, /*recording=*/false));
  }
  if (recording)
    for (Region &region : op->getRegions())
      (void)flowRegion(region, entry, /*recording=*/true);
  state = std::move(entry);
}

void ProtocolFlow::flowOp(Operation *op, ProtocolState &state, bool recording) {
  if (op->getNumRegions() == 0)
    return applyProtocolTransfer(op, state);
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    flowRegionBranch(branch, state, recording);
  else
    flowUnknownRegions(op, state, recording);
  if (recording)
    record->stateAfterRegionOp[op] = state;
}

//===----------------------------------------------------------------------===//
// MatmulProtocolAnalysis
//===----------------------------------------------------------------------===//

MatmulProtocolAnalysis::MatmulProtocolAnalysis(Operation *function)
    : function(function) {
  Region &body = function->getRegion(0);
  ProtocolState entry;
  // Matmul objects passed in as arguments start in an unknown state.
  if (!body.empty())
    for (BlockArgument argument : body.getArguments())
      if (isa<MatmulType>(argument.getType()))
        entry.getOrCreate(argument);
  ProtocolFlow flow(this);
  (void)flow.flowRegion(body, entry, /*recording=*/true);
}

const ProtocolState *
MatmulProtocolAnalysis::getStateBefore(Operation *op) const {
  auto it = matmulOpStates.find(op);
  return it == matmulOpStates.end() ? nullptr : &it->second;
}

/// Replays `block` from its recorded entry state.
static void
replayBlock(Block &block, const MatmulProtocolAnalysis &analysis,
            const DenseMap<Block *, ProtocolState> &entries,
            const DenseMap<Operation *, ProtocolState> &afterRegionOps,
            function_ref<void(Operation *, const ProtocolState &)> visitor) {
  auto entry = entries.find(&block);
  if (entry == entries.end())
    return; // Unreachable.
  ProtocolState state = entry->second;
  for (Operation &op : block) {
    visitor(&op, state);
    if (op.getNumRegions() == 0) {
      applyProtocolTransfer(&op, state);
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        replayBlock(nested, analysis, entries, afterRegionOps, visitor);
    auto after = afterRegionOps.find(&op);
    if (after == afterRegionOps.end())
      return;
    state = after->second;
  }
}

void MatmulProtocolAnalysis::walkStates(
    function_ref<void(Operation *, const ProtocolState &)> visitor) const {
  for (Block &block : function->getRegion(0))
    replayBlock(block, *this, blockEntryStates, stateAfterRegionOp, visitor);
}

std::optional<SmallVector<Value, 2>>
MatmulProtocolAnalysis::getSlotMemory(Operation *op, Value matmul,
                                      MatmulSlot slot) const {
  const ProtocolState *state = getStateBefore(op);
  if (!state)
    return std::nullopt;
  ObjectState object = state->getObjectView(matmul);
  SmallVector<Value, 2> memory;
  for (Operation *setter : object.setters[static_cast<unsigned>(slot)]) {
    // Nothing set since the object was created: no input, but a workspace
    // the object finds by itself, anywhere in GM.
    if (isa_and_nonnull<MatmulCreateOp>(setter)) {
      if (slot == MatmulSlot::Workspace)
        return std::nullopt;
      continue;
    }
    auto use = dyn_cast_or_null<MatmulOpInterface>(setter);
    std::optional<MatmulSlotUpdate> update =
        use ? use.getSlotUpdate() : std::nullopt;
    if (!update)
      return std::nullopt;
    memory.push_back(update->memory);
  }
  return memory;
}

//===----------------------------------------------------------------------===//
// ProtocolChecker
//===----------------------------------------------------------------------===//

ArrayRef<ResolvedAccess>
ProtocolChecker::getInFlightFootprint(Operation *issue) {
  auto [it, inserted] = footprints.try_emplace(issue);
  if (inserted)
    aliases.getAccesses(issue, it->second);
  return it->second;
}

std::optional<std::pair<ResolvedAccess, ResolvedAccess>>
ProtocolChecker::findConflict(Operation *op,
                              ArrayRef<ResolvedAccess> footprint) {
  if (footprint.empty())
    return std::nullopt;
  SmallVector<ResolvedAccess> accesses;
  aliases.getAccesses(op, accesses);
  return findConflict(accesses, footprint);
}

std::optional<std::pair<ResolvedAccess, ResolvedAccess>>
ProtocolChecker::findConflict(ArrayRef<ResolvedAccess> accesses,
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

/// The Matmul objects `op` acts on, with what it does to them.
static SmallVector<std::pair<Value, MatmulUseKind>, 2>
getObjectsUsed(Operation *op) {
  SmallVector<std::pair<Value, MatmulUseKind>, 2> objects;
  if (auto use = dyn_cast<MatmulOpInterface>(op))
    objects.push_back({use.getMatmul(), use.getMatmulUseKind()});
  else if (auto registration = dyn_cast<MatmulRegisterOp>(op))
    for (Value matmul : registration.getMatmuls())
      objects.push_back({matmul, MatmulUseKind::Initialize});
  else if (!isa<MatmulCreateOp>(op) && !isPure(op))
    // A call or unknown op handed the object may issue on it or end it.
    for (Value operand : op->getOperands())
      if (isa<MatmulType>(operand.getType()))
        objects.push_back({operand, MatmulUseKind::Compute});
  return objects;
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
  Operation *function = protocol.getFunction();

  for (auto [matmul, kind] : getObjectsUsed(op)) {
    ObjectState object = state.getObjectView(matmul);
    SmallVector<Operation *> pending, idle, ended;
    for (Operation *event : object.events) {
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
    llvm::SmallPtrSet<Operation *, 4> reported;
    for (const ObjectState &object : state.objects) {
      for (Operation *event : object.events) {
        if (!isPendingIssue(event) || !reported.insert(event).second)
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
    for (Operation *issue : state.unwaitedIssues) {
      InFlightDiagnostic diag =
          error() << "returns while an async '" << issue->getName()
                  << "' without a wait flag is pending: rule P1 needs the "
                     "object's 'asc.matmul.end' first";
      if (report)
        diag.attachNote(issue->getLoc()) << "the pending async issue";
    }
  }

  // Rule P3: before an in-flight issue completes, nothing touches its
  // outputs and nothing writes its inputs.
  // The op's own accesses, resolved once for all the issues in flight.
  std::optional<SmallVector<ResolvedAccess>> accesses;
  auto checkRace = [&](Operation *issue, bool unwaited) {
    if (issue == op)
      return;
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    // Uses of the issue's own object are rule P1's business.
    if (auto use = dyn_cast<MatmulOpInterface>(op))
      if (mayBeSameMatmulObject(use.getMatmul(), asyncIssue.getMatmul()))
        return;
    if (!accesses) {
      accesses.emplace();
      aliases.getAccesses(op, *accesses);
    }
    std::optional<std::pair<ResolvedAccess, ResolvedAccess>> conflict =
        findConflict(*accesses, getInFlightFootprint(issue));
    if (!conflict)
      return;
    const ResolvedAccess &inFlight = conflict->second;
    InFlightDiagnostic diag = error();
    if (inFlight.isWrite())
      diag << "may access memory that aliases the pending output of an async '"
           << issue->getName() << "' (rule P3)";
    else
      diag << "may write memory that an async '" << issue->getName()
           << "' reads while it runs (its "
           << (inFlight.slot ? describeMatmulSlot(*inFlight.slot) : "input")
           << " input) (rule P3)";
    if (!report)
      return;
    StringRef what = inFlight.isWrite() ? "output" : "input";
    if (unwaited)
      diag.attachNote(issue->getLoc())
          << (inFlight.isWrite()
                  ? "this issue has no wait flag: its output stays pending "
                    "until the object's end"
                  : "this issue has no wait flag: it reads its inputs until "
                    "the object's end");
    else
      diag.attachNote(issue->getLoc())
          << "the async issue " << (inFlight.isWrite() ? "writing" : "reading")
          << " that " << what << "; its '"
          << getWaitOpName(asyncIssue.getWaitKind())
          << "' must come before the access";
  };
  llvm::SmallPtrSet<Operation *, 4> checked;
  for (const ObjectState &object : state.objects)
    for (Operation *event : object.events)
      if (isPendingIssue(event) && checked.insert(event).second)
        checkRace(event, /*unwaited=*/false);
  for (Operation *issue : state.unwaitedIssues)
    checkRace(issue, /*unwaited=*/true);

  return failure(failed);
}

LogicalResult ProtocolChecker::check(bool reportErrors) {
  bool failed = false;
  protocol.walkStates([&](Operation *op, const ProtocolState &state) {
    failed |= mlir::failed(checkOperation(op, state, reportErrors));
  });
  return failure(failed);
}
