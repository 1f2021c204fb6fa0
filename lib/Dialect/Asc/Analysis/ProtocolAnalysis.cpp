//===- ProtocolAnalysis.cpp - Matmul async protocol analysis --------------===//
//
// Propagates the protocol states of ProtocolState.h through a function, over
// structured and unstructured control flow, and keeps them for the queries
// of MatmulProtocolAnalysis.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Dialect/Asc/Analysis/LoopTrips.h"
#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include <queue>

using namespace mlir;
using namespace mlir::asc;

using ObjectState = ProtocolState::ObjectState;

//===----------------------------------------------------------------------===//
// Propagation over structured and unstructured control flow
//===----------------------------------------------------------------------===//

namespace mlir::asc {
/// Propagates protocol states through a function. A point is where a run of
/// operations without regions starts (a block entry, or right after an op
/// holding regions) or an empty region; a worklist of points, taken in
/// program order, iterates loops and CFGs to a fixpoint. The last flow of a
/// point is the one with its final state (a point is flowed again whenever
/// its state grows), so the states the analysis keeps are recorded as the
/// flow goes: before every Matmul op, and the transition (state and
/// in-flight changes) of every op that may change the state.
///
/// Region-holding ops are not flowed recursively: entering one joins the
/// state into its regions' entry points and its exits into the point after
/// it, so each point is flowed again only when its state grows, however
/// deep the nesting. The state only changes at Matmul operations: one
/// persistent state flows through each run in place.
class ProtocolFlow {
public:
  explicit ProtocolFlow(MatmulProtocolAnalysis &analysis)
      : analysis(analysis) {}

  void run(const ProtocolState &entry);

private:
  struct Point {
    Block *block = nullptr;
    Operation *after = nullptr;
    Region *emptyRegion = nullptr;
  };

  /// Numbers the points in program order and, on the same walk, notes the
  /// names that die and the loops of Iterate calls and fetches.
  void numberPoints();
  void noteLoopOf(MatmulOpInterface use);
  unsigned addPoint(Point point);
  unsigned getEmptyRegionPoint(Region &region);
  void joinInto(unsigned point, const ProtocolState &state);
  void flowPoint(unsigned point);
  void enterRegionOp(Operation *op, const ProtocolState &before);
  void enterRegion(Region &region, const ProtocolState &state);
  void exitRegion(Region &region, const ProtocolState &state);
  const ProtocolState &leaveLoop(Operation *loop, const ProtocolState &state);
  /// getEmittedLoopTrips(op), computed once per op: a loop is entered and
  /// left again on every visit of the fixpoint.
  LoopTrips getTrips(Operation *op);

  MatmulProtocolAnalysis &analysis;
  std::vector<Point> points;
  std::vector<std::optional<ProtocolState>> states;
  std::vector<bool> queued;
  DenseMap<Block *, unsigned> blockPoints;
  DenseMap<Operation *, unsigned> afterPoints;
  DenseMap<Region *, unsigned> emptyRegionPoints;
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      worklist;
  /// The closest loops around Iterate calls (rule P6: leaving one ends the
  /// Iterate loop, so reaching the Iterate again starts a new one).
  llvm::SmallPtrSet<Operation *, 4> iterateLoops;
  /// The analysis' fetch loops, which the checker asks too.
  DenseMap<Operation *, SmallVector<Value, 1>> &fetchLoops =
      analysis.fetchLoops;
  /// The state `leaveLoop` last made.
  std::optional<ProtocolState> leftLoop;
  DenseMap<Operation *, LoopTrips> loopTrips;
};
} // namespace mlir::asc

/// The constant values of `op`'s operands (null where not constant).
static SmallVector<Attribute> getConstantOperands(Operation *op) {
  SmallVector<Attribute> constants;
  for (Value operand : op->getOperands()) {
    Attribute constant;
    (void)matchConstant(operand, constant);
    constants.push_back(constant);
  }
  return constants;
}

/// True for an op that stores the state before it: the ops that use a
/// Matmul object (MatmulObjectUseOpInterface).
static bool recordsState(Operation *op) {
  return isa<MatmulObjectUseOpInterface>(op);
}

/// A name of an object all of whose uses are ops of its own block is dead
/// after the last of them: SSA gives it no use elsewhere, and no path
/// re-enters the block before its definition runs again. Only a use that
/// the flow transfers (mayChangeProtocolState) drops it, so that the
/// recorded transitions are the whole change.
///
/// A creation counts only when no other name can reach its object: every
/// use is an asc op without regions or Matmul results (not a select, a
/// call, a branch or a yield that would hand the object on). The flow drops
/// such an entry only once nothing of it is in flight
/// (ProtocolState::eraseSettledObject): pending work never disappears.
static bool mayHandObjectOn(Operation *user) {
  return !isa_and_nonnull<AscDialect>(user->getDialect()) ||
         user->getNumRegions() != 0 ||
         llvm::any_of(user->getResultTypes(), llvm::IsaPred<MatmulType>);
}

/// True when every use of `name`, the result of an op, is local as above
/// (in the defining op's block, and not handing a created object on).
static bool hasOnlyLocalUses(Value name) {
  bool creation = isMatmulCreation(name);
  Block *block = name.getDefiningOp()->getBlock();
  return llvm::all_of(name.getUsers(), [&](Operation *user) {
    return user->getBlock() == block && !(creation && mayHandObjectOn(user));
  });
}

/// A Matmul object name that is an op's result defined in `block`.
static bool isMatmulResultIn(Value value, Block *block) {
  auto result = dyn_cast<OpResult>(value);
  return result && isa<MatmulType>(result.getType()) &&
         result.getOwner()->getBlock() == block;
}

unsigned ProtocolFlow::addPoint(Point point) {
  points.push_back(point);
  states.emplace_back();
  queued.push_back(false);
  return points.size() - 1;
}

unsigned ProtocolFlow::getEmptyRegionPoint(Region &region) {
  auto [it, inserted] = emptyRegionPoints.try_emplace(&region, 0);
  if (inserted)
    it->second = addPoint({nullptr, nullptr, &region});
  return it->second;
}

void ProtocolFlow::numberPoints() {
  // Program order (a block, then the blocks nested in its first region op,
  // then the point after that op, ...) with an explicit stack: the nesting
  // depth is not bounded by the native stack.
  struct Item {
    Block *block;
    Operation *regionOp;
  };
  SmallVector<Item> stack;
  auto pushBlocksOf = [&](MutableArrayRef<Region> regions) {
    for (Region &region : llvm::reverse(regions))
      for (Block &block : llvm::reverse(region))
        stack.push_back({&block, nullptr});
  };
  pushBlocksOf(analysis.function->getRegions().take_front());
  size_t matmulUses = 0;
  while (!stack.empty()) {
    Item item = stack.pop_back_val();
    if (item.regionOp) {
      afterPoints[item.regionOp] =
          addPoint({item.regionOp->getBlock(), item.regionOp, nullptr});
      continue;
    }
    blockPoints[item.block] = addPoint({item.block, nullptr, nullptr});
    // The one walk over the function before the flow: it also finds the
    // names that die (after their last use in the block, found on the way:
    // comparing ops by MLIR's order would compute the order of every
    // block) and the loops that end Iterate loops or fetch.
    SmallVector<Operation *> regionOps;
    llvm::MapVector<Value, Operation *> lastUses;
    for (Operation &op : *item.block) {
      if (op.getNumRegions() != 0)
        regionOps.push_back(&op);
      for (Value operand : op.getOperands())
        if (isMatmulResultIn(operand, item.block))
          lastUses[operand] = &op;
      if (auto use = dyn_cast<MatmulOpInterface>(&op))
        noteLoopOf(use);
      if (recordsState(&op))
        ++matmulUses;
    }
    for (auto [name, last] : lastUses) {
      if (!hasOnlyLocalUses(name))
        continue;
      analysis.lastLocalUses[name] = last;
      if (mayChangeProtocolState(last))
        analysis.namesDeadAfter[last].push_back(name);
    }
    for (Operation *op : llvm::reverse(regionOps)) {
      stack.push_back({nullptr, op});
      pushBlocksOf(op->getRegions());
    }
  }
  // Each op that uses an object keeps its state, nearly every transition is
  // one of theirs, and most of them make a new object state: sized once,
  // the tables are not rehashed as they grow (on one function of 1M ops,
  // the growth of the first two was a sixth of the placement's samples).
  analysis.matmulOpStates.reserve(matmulUses);
  analysis.transitions.reserve(matmulUses);
  analysis.context->reserveInterned(matmulUses);
}

/// The closest op around `op` whose regions may repeat.
static Operation *getEnclosingLoop(Operation *op, Operation *function) {
  for (Operation *parent = op->getParentOp(); parent && parent != function;
       parent = parent->getParentOp()) {
    auto branch = dyn_cast<RegionBranchOpInterface>(parent);
    if (!branch || branch.hasLoop())
      return parent;
  }
  return nullptr;
}

void ProtocolFlow::noteLoopOf(MatmulOpInterface use) {
  Operation *loop = getEnclosingLoop(use, analysis.function);
  if (!loop)
    return;
  // The one call whose loop the client counts by itself (Iterate).
  if (use->hasTrait<ContinuesItsOwnLoop>())
    iterateLoops.insert(loop);
  if (isFetch(use) && !llvm::is_contained(fetchLoops[loop], use.getMatmul()))
    fetchLoops[loop].push_back(use.getMatmul());
}

void ProtocolFlow::joinInto(unsigned point, const ProtocolState &state) {
  std::optional<ProtocolState> &slot = states[point];
  bool changed = !slot;
  if (slot)
    changed = slot->join(state);
  else
    slot = state;
  if (changed && !queued[point]) {
    queued[point] = true;
    worklist.push(point);
  }
}

void ProtocolFlow::enterRegion(Region &region, const ProtocolState &state) {
  if (region.empty())
    return joinInto(getEmptyRegionPoint(region), state);
  joinInto(blockPoints.at(&region.front()), state);
}

void ProtocolFlow::enterRegionOp(Operation *op, const ProtocolState &before) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch) {
    // Regions of unknown semantics may run in any order, any number of
    // times, or not at all.
    joinInto(afterPoints.at(op), leaveLoop(op, before));
    for (Region &region : op->getRegions())
      enterRegion(region, before);
    return;
  }
  // Paths are the feasible ones as far as constants decide: an scf.if on a
  // constant takes one branch, a loop that runs at least once has no
  // zero-trip path.
  // The counts are the emitted C++ loop's (LoopTrips.h).
  SmallVector<RegionSuccessor> successors;
  branch.getEntrySuccessorRegions(getConstantOperands(op), successors);
  LoopTrips trips = getTrips(op);
  for (const RegionSuccessor &successor : successors) {
    if (!successor.isParent()) {
      if (trips != LoopTrips::Zero)
        enterRegion(*successor.getSuccessor(), before);
    } else if (trips == LoopTrips::Unknown || trips == LoopTrips::Zero) {
      joinInto(afterPoints.at(op), leaveLoop(op, before));
    }
  }
}

/// The state after `loop` is left:
/// - an Iterate inside it that was the last post of an object's message
///   becomes the loop itself ("the Iterate loop ended here"): the same
///   Iterate reached again without new inputs is a new loop that computes
///   nothing (MatmulClient::Iterate counts past the last block), not the
///   next block of the running one;
/// - the calls whose blocks the loop fetched are complete: a fetch loop
///   takes every block (CANN's client leaves the count to the kernel; asc-run
///   checks it), and each fetch waited for its block.
const ProtocolState &ProtocolFlow::leaveLoop(Operation *loop,
                                             const ProtocolState &state) {
  bool endsIterate = iterateLoops.contains(loop);
  auto fetched = fetchLoops.find(loop);
  if (!endsIterate && fetched == fetchLoops.end())
    return state;
  leftLoop = state;
  if (fetched != fetchLoops.end())
    for (Value matmul : fetched->second)
      leftLoop->removeFetchConsumedIssuesOf(matmul);
  leftLoop->updateEachObject([&](ObjectState &object) {
    bool changed = false;
    // A zero-trip path leaves the fetch loop without a fetch.
    if (fetched != fetchLoops.end() &&
        llvm::is_contained(fetched->second, object.matmul) &&
        !object.unfetched().empty()) {
      object.unfetched().clear();
      changed = true;
    }
    if (!endsIterate)
      return changed;
    // The Iterate calls inside the loop stand for the loop that ended.
    SmallVector<Operation *, 2> posts(object.postsWithoutInputs().get());
    for (Operation *&post : posts)
      if (post && post->hasTrait<ContinuesItsOwnLoop>() &&
          loop->isProperAncestor(post)) {
        post = loop;
        changed = true;
      }
    if (changed)
      object.postsWithoutInputs().assign(posts);
    return changed;
  });
  return *leftLoop;
}

LoopTrips ProtocolFlow::getTrips(Operation *op) {
  auto [it, inserted] = loopTrips.try_emplace(op, LoopTrips::Unknown);
  if (inserted)
    it->second = getEmittedLoopTrips(op);
  return it->second;
}

void ProtocolFlow::exitRegion(Region &region, const ProtocolState &state) {
  Operation *parent = region.getParentOp();
  if (parent == analysis.function)
    return;
  auto branch = dyn_cast<RegionBranchOpInterface>(parent);
  if (!branch) {
    joinInto(afterPoints.at(parent), leaveLoop(parent, state));
    for (Region &sibling : parent->getRegions())
      enterRegion(sibling, state);
    return;
  }
  // A loop of exactly one trip has no back edge.
  LoopTrips trips = getTrips(parent);
  SmallVector<RegionSuccessor> successors;
  branch.getSuccessorRegions(region, successors);
  for (const RegionSuccessor &successor : successors) {
    if (successor.isParent())
      joinInto(afterPoints.at(parent), leaveLoop(parent, state));
    else if (trips != LoopTrips::One)
      enterRegion(*successor.getSuccessor(), state);
  }
}

void ProtocolFlow::flowPoint(unsigned id) {
  Point point = points[id];
  ProtocolState state = *states[id];
  if (point.emptyRegion)
    return exitRegion(*point.emptyRegion, state);
  Block *block = point.block;
  auto it =
      point.after ? std::next(point.after->getIterator()) : block->begin();
  for (; it != block->end(); ++it) {
    Operation *op = &*it;
    // The last flow of a point is the one with its final state: a point is
    // flowed again whenever its state grows.
    analysis.recordStateBefore(op, state);
    if (op->getNumRegions() != 0)
      return enterRegionOp(op, state);
    analysis.transfer(op, state);
  }
  Operation *terminator = block->empty() ? nullptr : &block->back();
  if (!terminator || terminator->getNumSuccessors() == 0)
    return exitRegion(*block->getParent(), state);
  // A branch on a constant takes one successor.
  SmallVector<Block *, 2> successors(terminator->getSuccessors());
  if (auto branch = dyn_cast<BranchOpInterface>(terminator))
    if (Block *only =
            branch.getSuccessorForOperands(getConstantOperands(terminator)))
      successors.assign(1, only);
  for (Block *successor : successors)
    joinInto(blockPoints.at(successor), state);
}

void ProtocolFlow::run(const ProtocolState &entry) {
  Region &body = analysis.function->getRegion(0);
  if (body.empty())
    return;
  numberPoints();
  joinInto(blockPoints.at(&body.front()), entry);
  while (!worklist.empty()) {
    unsigned point = worklist.top();
    worklist.pop();
    queued[point] = false;
    flowPoint(point);
  }
  // The converged entry state of every reachable run, in program order.
  for (unsigned point = 0, e = points.size(); point < e; ++point)
    if (states[point] && !points[point].emptyRegion)
      analysis.runStates.push_back({{points[point].block, points[point].after},
                                    &analysis.keepState(*states[point])});
}

//===----------------------------------------------------------------------===//
// MatmulProtocolAnalysis
//===----------------------------------------------------------------------===//

MatmulProtocolAnalysis::MatmulProtocolAnalysis(Operation *function)
    : context(std::make_unique<ProtocolState::Context>()), function(function) {
  context->cubeSide = AscDialect::usesCubeSideMatmulObjects(function);
  // Rules P6d and P7 and, in a kernel, the vector core's own pairs
  // (section 2c) ask about accesses of UB: without one, its pipes need not
  // be followed.
  bool kernel = function->hasAttr(AscDialect::getKernelAttrName());
  if (!context->cubeSide)
    context->tracksPipeAccesses =
        function
            ->walk([&](Operation *op) {
              if (kernel && getLocalAccessPipe(op))
                return WalkResult::interrupt();
              auto call = dyn_cast<MatmulOpInterface>(op);
              if (!call)
                return WalkResult::advance();
              SmallVector<PipeOrderingStep> steps;
              getMatmulCallOrderingSteps(call, steps);
              return llvm::any_of(steps,
                                  [](const PipeOrderingStep &step) {
                                    return step.kind ==
                                           PipeOrderingStep::Kind::Access;
                                  })
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
  Region &body = function->getRegion(0);
  ProtocolState entry(*context);
  // Matmul objects passed in as arguments start in an unknown state.
  if (!body.empty())
    for (BlockArgument argument : body.getArguments())
      if (isa<MatmulType>(argument.getType()))
        entry.setObject(ObjectState::getUnknown(argument));
  ProtocolFlow(*this).run(entry);
}

// The kept states own nothing: their trees go with the context's arena.
static_assert(std::is_trivially_destructible_v<ProtocolState>,
              "kept states are never destroyed");
MatmulProtocolAnalysis::~MatmulProtocolAnalysis() = default;

ProtocolState &MatmulProtocolAnalysis::keepState(const ProtocolState &state) {
  return *new (keptStates.Allocate<ProtocolState>()) ProtocolState(state);
}

bool MatmulProtocolAnalysis::isInFetchLoopOf(Operation *op,
                                             Operation *issue) const {
  Value matmul = cast<MatmulOpInterface>(issue).getMatmul();
  for (Operation *loop = op->getParentOp(); loop && loop != function;
       loop = loop->getParentOp()) {
    auto fetched = fetchLoops.find(loop);
    if (fetched == fetchLoops.end() ||
        !llvm::is_contained(fetched->second, matmul))
      continue;
    if (!loop->isProperAncestor(issue))
      return true;
    // `while (mm.Iterate<false>())`: the Iterate in the condition continues
    // the call whose blocks the body fetches, so more blocks follow the
    // body's fetch on every trip but the last.
    auto whileLoop = dyn_cast<scf::WhileOp>(loop);
    if (whileLoop &&
        whileLoop.getBefore().isAncestor(issue->getParentRegion()) &&
        whileLoop.getAfter().isAncestor(op->getParentRegion()))
      return true;
  }
  return false;
}

bool MatmulProtocolAnalysis::usesCubeSideObjects() const {
  return context->cubeSide;
}

const ProtocolState *
MatmulProtocolAnalysis::getStateBefore(Operation *op) const {
  return matmulOpStates.lookup(op);
}

void MatmulProtocolAnalysis::recordStateBefore(Operation *op,
                                               const ProtocolState &state) {
  if (!recordsState(op))
    return;
  ProtocolState *&recorded = matmulOpStates[op];
  if (!recorded)
    recorded = &keepState(state);
  else
    *recorded = state;
}

void MatmulProtocolAnalysis::transfer(Operation *op, ProtocolState &state) {
  if (!mayChangeProtocolState(op))
    return;
  // The transition is kept, so that walkStates replays nothing.
  changeLog.clear();
  context->changeLog = &changeLog;
  applyProtocolTransfer(op, state, context->cubeSide);
  auto dead = namesDeadAfter.find(op);
  if (dead != namesDeadAfter.end())
    for (Value name : dead->second)
      state.eraseSettledObject(name);
  context->changeLog = nullptr;
  Transition &transition = transitions[op];
  if (!transition.after)
    transition.after = &keepState(state);
  else
    *transition.after = state;
  // Most transitions change nothing in flight, and most changes are one
  // issue; a change list is kept only where there is one.
  transition.inFlightChanges = changeLog.empty()
                                   ? ArrayRef<std::pair<Operation *, bool>>()
                                   : ArrayRef(changeLog).copy(keptStates);
}

const ProtocolState *
MatmulProtocolAnalysis::getStateAfter(Operation *op) const {
  auto transition = transitions.find(op);
  return transition == transitions.end() ? nullptr : transition->second.after;
}

std::optional<ProtocolState>
MatmulProtocolAnalysis::getStateAt(Operation *op) const {
  auto runState = [&](Operation *after) -> std::optional<ProtocolState> {
    if (runStateIndex.empty())
      for (auto [index, run] : llvm::enumerate(runStates))
        runStateIndex[{run.first.block, run.first.after}] = index;
    auto it = runStateIndex.find({op->getBlock(), after});
    if (it == runStateIndex.end())
      return std::nullopt;
    return *runStates[it->second].second;
  };
  // Back to the closest op with a recorded state after it, or to the start
  // of the run.
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (prev->getNumRegions() != 0)
      return runState(prev);
    if (const ProtocolState *after = getStateAfter(prev))
      return *after;
  }
  return runState(nullptr);
}

ProtocolState MatmulProtocolAnalysis::reflow(Block::iterator begin,
                                             Block::iterator end,
                                             const ProtocolState &entry) {
  // Where a name dies may have moved, but only within the ops reordered:
  // an op whose order against every other op stayed keeps its place. So a
  // name whose last use is in the range now dies after its last use in
  // the range; one backward scan finds both.
  llvm::SmallDenseMap<Value, Operation *, 4> lastUsesHere;
  SmallVector<Value, 4> namesHere;
  llvm::SmallPtrSet<Value, 4> lastUsedHere;
  for (Operation &op : llvm::reverse(llvm::make_range(begin, end))) {
    namesDeadAfter.erase(&op);
    for (Value operand : op.getOperands()) {
      auto known = lastLocalUses.find(operand);
      if (known == lastLocalUses.end())
        continue;
      if (lastUsesHere.try_emplace(operand, &op).second)
        namesHere.push_back(operand);
      if (known->second == &op)
        lastUsedHere.insert(operand);
    }
  }
  for (Value name : namesHere) {
    if (!lastUsedHere.contains(name))
      continue;
    Operation *last = lastUsesHere.lookup(name);
    lastLocalUses[name] = last;
    if (mayChangeProtocolState(last))
      namesDeadAfter[last].push_back(name);
  }

  ProtocolState state = entry;
  for (Operation &op : llvm::make_range(begin, end)) {
    assert(op.getNumRegions() == 0 && "a run without region ops");
    recordStateBefore(&op, state);
    transfer(&op, state);
  }
  return state;
}

void MatmulProtocolAnalysis::walkStatesIn(
    Block::iterator begin, Block::iterator end, const ProtocolState &entry,
    function_ref<void(Operation *, const ProtocolState &)> visitor,
    ProtocolState::InFlightListener *listener) const {
  if (listener)
    listener->startRun(entry);
  const ProtocolState *state = &entry;
  for (Operation &op : llvm::make_range(begin, end)) {
    visitor(&op, *state);
    // The ops nested in a region op and the ones after it are runs of
    // their own.
    if (op.getNumRegions() != 0)
      break;
    auto transition = transitions.find(&op);
    if (transition == transitions.end())
      continue;
    if (listener)
      for (auto [issue, inFlight] : transition->second.inFlightChanges)
        listener->changed(issue, inFlight);
    state = transition->second.after;
  }
}

void MatmulProtocolAnalysis::walkStates(
    function_ref<void(Operation *, const ProtocolState &)> visitor,
    ProtocolState::InFlightListener *listener) const {
  for (const auto &[start, entry] : runStates) {
    Block *block = start.block;
    walkStatesIn(start.after ? std::next(start.after->getIterator())
                             : block->begin(),
                 block->end(), *entry, visitor, listener);
  }
}

std::optional<SmallVector<Value, 2>> MatmulProtocolAnalysis::getSlotMemory(
    Operation *op, Value matmul, MatmulSlot slot,
    SmallVectorImpl<Operation *> *setters) const {
  const ProtocolState *state = getStateBefore(op);
  if (!state)
    return std::nullopt;
  ObjectState scratch;
  const ObjectState &object = state->getObjectView(matmul, scratch);
  SmallVector<Value, 2> memory;
  if (setters)
    setters->clear();
  for (Operation *setter : object.setters(static_cast<unsigned>(slot))) {
    // Nothing set since the object was created: no input, but a workspace
    // the object finds by itself, anywhere in GM.
    if (setter && setter->getNumResults() == 1 &&
        isMatmulCreation(setter->getResult(0))) {
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
    if (setters)
      setters->push_back(setter);
  }
  return memory;
}
