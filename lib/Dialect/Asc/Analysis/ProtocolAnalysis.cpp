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
#include <map>
#include <queue>
#include <set>
#include <unordered_set>

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

static const void *getKey(Value matmul) { return matmul.getAsOpaquePointer(); }

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

namespace {
struct ObjectStateHash {
  size_t operator()(const ObjectState &object) const {
    llvm::hash_code hash = llvm::hash_combine(
        getKey(object.matmul), llvm::hash_combine_range(object.events));
    for (const auto &setters : object.setters)
      hash = llvm::hash_combine(hash, llvm::hash_combine_range(setters));
    return hash;
  }
};
} // namespace

class ProtocolState::Context {
public:
  // Not canonicalising: hash-consing compares every new tree with the
  // cached trees of its digest, which costs more than it saves here.
  ObjectMap::Factory objectFactory{/*canonicalize=*/false};
  ValueSet::Factory valueFactory{/*canonicalize=*/false};
  OpSet::Factory opFactory{/*canonicalize=*/false};
  OpCounts::Factory countFactory{/*canonicalize=*/false};
  /// Set while walkStates replays with a listener.
  InFlightListener *listener = nullptr;

  /// The one copy of `object`; stays valid as long as the context.
  const ObjectState *intern(const ObjectState &object) {
    return &*interned.insert(object).first;
  }

private:
  /// Node-based: element addresses are stable.
  std::unordered_set<ObjectState, ObjectStateHash> interned;
};

ProtocolState::ProtocolState(Context &context) : context(&context) {}

bool ProtocolState::operator==(const ProtocolState &other) const {
  return objects == other.objects && unwaitedIssues == other.unwaitedIssues;
}

void ProtocolState::countInFlight(Operation *issue, int delta) {
  const unsigned *count = inFlight.lookup(issue);
  unsigned updated = (count ? *count : 0) + delta;
  inFlight = updated ? context->countFactory.add(inFlight, issue, updated)
                     : context->countFactory.remove(inFlight, issue);
  if (context->listener && (updated == 0 || (!count && updated)))
    context->listener->changed(issue, updated != 0);
}

void ProtocolState::countInFlight(const ObjectState *object, int delta) {
  for (Operation *event : object->events)
    if (isPendingIssue(event))
      countInFlight(event, delta);
}

void ProtocolState::setObject(const ObjectState &object) {
  const void *key = getKey(object.matmul);
  const ObjectState *interned = context->intern(object);
  const ObjectState *const *old = objects.lookup(key);
  if (old && *old == interned)
    return;
  if (old)
    countInFlight(*old, -1);
  else if (!object.matmul.getDefiningOp<MatmulCreateOp>())
    indirectObjects = context->valueFactory.add(indirectObjects, key);
  countInFlight(interned, +1);
  objects = context->objectFactory.add(objects, key, interned);
}

bool ProtocolState::join(const ProtocolState &other) {
  if (this == &other || !other.context)
    return false;
  if (!context) {
    *this = other;
    return !objects.isEmpty() || !unwaitedIssues.isEmpty();
  }
  bool changed = false;
  if (objects.getRootWithoutRetain() != other.objects.getRootWithoutRetain()) {
    for (const auto &[key, incoming] : other.objects) {
      const ObjectState *const *own = objects.lookup(key);
      if (own && *own == incoming)
        continue;
      ObjectState joined = own ? **own : *incoming;
      if (own && !joined.join(*incoming))
        continue;
      setObject(joined);
      changed = true;
    }
  }
  if (unwaitedIssues.getRootWithoutRetain() !=
      other.unwaitedIssues.getRootWithoutRetain()) {
    for (const Operation *issue : other.unwaitedIssues) {
      if (unwaitedIssues.contains(issue))
        continue;
      addUnwaitedIssue(const_cast<Operation *>(issue));
      changed = true;
    }
  }
  return changed;
}

const ObjectState *ProtocolState::lookup(Value matmul) const {
  const ObjectState *const *object = objects.lookup(getKey(matmul));
  return object ? *object : nullptr;
}

SmallVector<const ObjectState *> ProtocolState::getObjects() const {
  SmallVector<const ObjectState *> all;
  for (const auto &entry : objects)
    all.push_back(entry.second);
  return all;
}

void ProtocolState::forEachOtherAlias(
    Value matmul, function_ref<void(const ObjectState &)> update) const {
  // Collected first: `update` may replace entries.
  SmallVector<const ObjectState *> aliases;
  auto consider = [&](const ObjectState *other) {
    if (other->matmul != matmul && mayBeSameMatmulObject(other->matmul, matmul))
      aliases.push_back(other);
  };
  if (matmul.getDefiningOp<MatmulCreateOp>()) {
    // A created object is another entry's only through a value that is not
    // a creation.
    for (const void *key : indirectObjects)
      consider(*objects.lookup(key));
  } else {
    for (const auto &entry : objects)
      consider(entry.second);
  }
  for (const ObjectState *other : aliases)
    update(*other);
}

SmallVector<Operation *> ProtocolState::getUnwaitedIssues() const {
  SmallVector<Operation *> issues;
  for (const Operation *issue : unwaitedIssues)
    issues.push_back(const_cast<Operation *>(issue));
  return issues;
}

void ProtocolState::addUnwaitedIssue(Operation *issue) {
  if (unwaitedIssues.contains(issue))
    return;
  unwaitedIssues = context->opFactory.add(unwaitedIssues, issue);
  countInFlight(issue, +1);
}

void ProtocolState::removeUnwaitedIssuesOf(Value matmul) {
  SmallVector<Operation *> completed;
  for (Operation *issue : getUnwaitedIssues())
    if (cast<MatmulOpInterface>(issue).getMatmul() == matmul)
      completed.push_back(issue);
  for (Operation *issue : completed) {
    unwaitedIssues = context->opFactory.remove(unwaitedIssues, issue);
    countInFlight(issue, -1);
  }
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
  forEachOtherAlias(matmul,
                    [&](const ObjectState &other) { view.join(other); });
  return view;
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
  SmallVector<const ObjectState *> others;
  state.forEachOtherAlias(
      matmul, [&](const ObjectState &other) { others.push_back(&other); });
  ObjectState own = state.getObjectView(matmul);
  update(own);
  state.setObject(own);
  for (const ObjectState *other : others) {
    ObjectState updated = *other;
    update(updated);
    ObjectState joined = *other;
    joined.join(updated);
    state.setObject(joined);
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
  // Only issues made through this very value are known to be complete.
  if (kind == MatmulUseKind::Release)
    state.removeUnwaitedIssuesOf(matmul);
  if (kind == MatmulUseKind::Compute && isUnwaitedIssue(op))
    state.addUnwaitedIssue(op);
}

/// Applies the effect of `op` (without nested regions) to `state`.
static void applyProtocolTransfer(Operation *op, ProtocolState &state) {
  if (auto create = dyn_cast<MatmulCreateOp>(op)) {
    // A new object holds no memory yet: its creation is the setter of
    // every slot.
    ObjectState object;
    object.matmul = create.getMatmul();
    object.events.assign(1, op);
    for (auto &setters : object.setters)
      setters.assign(1, op);
    state.setObject(object);
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
  // Any other op handed a Matmul object (a call) may do anything to it.
  if (llvm::none_of(op->getOperandTypes(), llvm::IsaPred<MatmulType>) ||
      isPure(op))
    return;
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
/// Propagates protocol states through a function. A point is where a run of
/// operations without regions starts (a block entry, or right after an op
/// holding regions) or an empty region; a worklist of points, taken in
/// program order, iterates loops and CFGs to a fixpoint; then one more pass
/// over the reachable points records the states the analysis keeps.
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

  void numberPoints();
  unsigned addPoint(Point point);
  unsigned getEmptyRegionPoint(Region &region);
  void joinInto(unsigned point, const ProtocolState &state);
  void flowPoint(unsigned point);
  void enterRegionOp(Operation *op, const ProtocolState &before);
  void enterRegion(Region &region, const ProtocolState &state);
  void exitRegion(Region &region, const ProtocolState &state);

  MatmulProtocolAnalysis &analysis;
  std::vector<Point> points;
  std::vector<std::optional<ProtocolState>> states;
  std::vector<bool> queued;
  DenseMap<Block *, unsigned> blockPoints;
  DenseMap<Operation *, unsigned> afterPoints;
  DenseMap<Region *, unsigned> emptyRegionPoints;
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      worklist;
  /// The final pass: record states, propagate nothing.
  bool recording = false;
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

/// The static trip count of a loop, if it has one.
static std::optional<APInt> getTripCount(Operation *op) {
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
    return loop.getStaticTripCount();
  return std::nullopt;
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
  while (!stack.empty()) {
    Item item = stack.pop_back_val();
    if (item.regionOp) {
      afterPoints[item.regionOp] =
          addPoint({item.regionOp->getBlock(), item.regionOp, nullptr});
      continue;
    }
    blockPoints[item.block] = addPoint({item.block, nullptr, nullptr});
    SmallVector<Operation *> regionOps;
    for (Operation &op : *item.block)
      if (op.getNumRegions() != 0)
        regionOps.push_back(&op);
    for (Operation *op : llvm::reverse(regionOps)) {
      stack.push_back({nullptr, op});
      pushBlocksOf(op->getRegions());
    }
  }
}

void ProtocolFlow::joinInto(unsigned point, const ProtocolState &state) {
  if (recording)
    return;
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
    joinInto(afterPoints.at(op), before);
    for (Region &region : op->getRegions())
      enterRegion(region, before);
    return;
  }
  // Paths are the feasible ones as far as constants decide: an scf.if on a
  // constant takes one branch, a loop that runs at least once has no
  // zero-trip path.
  SmallVector<RegionSuccessor> successors;
  branch.getEntrySuccessorRegions(getConstantOperands(op), successors);
  std::optional<APInt> trips = getTripCount(op);
  for (const RegionSuccessor &successor : successors) {
    if (!successor.isParent())
      enterRegion(*successor.getSuccessor(), before);
    else if (!trips || trips->isZero())
      joinInto(afterPoints.at(op), before);
  }
}

void ProtocolFlow::exitRegion(Region &region, const ProtocolState &state) {
  Operation *parent = region.getParentOp();
  if (parent == analysis.function)
    return;
  auto branch = dyn_cast<RegionBranchOpInterface>(parent);
  if (!branch) {
    joinInto(afterPoints.at(parent), state);
    for (Region &sibling : parent->getRegions())
      enterRegion(sibling, state);
    return;
  }
  // A loop of exactly one trip has no back edge.
  std::optional<APInt> trips = getTripCount(parent);
  SmallVector<RegionSuccessor> successors;
  branch.getSuccessorRegions(region, successors);
  for (const RegionSuccessor &successor : successors) {
    if (successor.isParent())
      joinInto(afterPoints.at(parent), state);
    else if (!trips || !trips->isOne())
      enterRegion(*successor.getSuccessor(), state);
  }
}

void ProtocolFlow::flowPoint(unsigned id) {
  Point point = points[id];
  ProtocolState state = *states[id];
  if (point.emptyRegion)
    return exitRegion(*point.emptyRegion, state);
  if (recording)
    analysis.runStates.push_back({{point.block, point.after}, state});
  Block *block = point.block;
  auto it =
      point.after ? std::next(point.after->getIterator()) : block->begin();
  for (; it != block->end(); ++it) {
    Operation *op = &*it;
    if (recording && recordsState(op))
      analysis.matmulOpStates[op] = state;
    if (op->getNumRegions() != 0)
      return enterRegionOp(op, state);
    applyProtocolTransfer(op, state);
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
  recording = true;
  for (unsigned point = 0, e = points.size(); point < e; ++point)
    if (states[point])
      flowPoint(point);
}

//===----------------------------------------------------------------------===//
// MatmulProtocolAnalysis
//===----------------------------------------------------------------------===//

MatmulProtocolAnalysis::MatmulProtocolAnalysis(Operation *function)
    : context(std::make_unique<ProtocolState::Context>()), function(function) {
  Region &body = function->getRegion(0);
  ProtocolState entry(*context);
  // Matmul objects passed in as arguments start in an unknown state.
  if (!body.empty())
    for (BlockArgument argument : body.getArguments())
      if (isa<MatmulType>(argument.getType()))
        entry.setObject(getUnknownObject(argument));
  ProtocolFlow(*this).run(entry);
}

MatmulProtocolAnalysis::~MatmulProtocolAnalysis() {
  // The states release their trees into the context's factories.
  matmulOpStates.clear();
  runStates.clear();
}

const ProtocolState *
MatmulProtocolAnalysis::getStateBefore(Operation *op) const {
  auto it = matmulOpStates.find(op);
  return it == matmulOpStates.end() ? nullptr : &it->second;
}

void MatmulProtocolAnalysis::walkStates(
    function_ref<void(Operation *, const ProtocolState &)> visitor,
    ProtocolState::InFlightListener *listener) const {
  context->listener = listener;
  for (const auto &[start, entry] : runStates) {
    if (listener)
      listener->startRun(entry);
    ProtocolState state = entry;
    Block *block = start.block;
    auto it =
        start.after ? std::next(start.after->getIterator()) : block->begin();
    for (; it != block->end(); ++it) {
      visitor(&*it, state);
      // The ops nested in a region op and the ones after it are runs of
      // their own.
      if (it->getNumRegions() != 0)
        break;
      applyProtocolTransfer(&*it, state);
    }
  }
  context->listener = nullptr;
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

/// The issues in flight at the operation being checked, by where their
/// footprints may be, so that an access meets only the issues it may
/// conflict with rather than every issue in flight. Kept up to date along
/// each run of operations from the changes the replay reports, and rebuilt
/// only where a run starts from a different in-flight set.
///
/// A footprint is filed under its space and, for an asc.no_alias argument,
/// its root (such a root overlaps no other root); every other traced root
/// shares one bucket per space (arguments without asc.no_alias may overlap
/// one another, queue buffers may run into each other), untraced memory has
/// its own, and "any memory" another.
class ProtocolChecker::InFlightIndex : public ProtocolState::InFlightListener {
public:
  explicit InFlightIndex(ProtocolChecker &checker) : checker(checker) {}

  bool empty() const { return issues.empty(); }

  /// Called before each operation with the state before it.
  void visit(const ProtocolState &state) {
    seen = state.getInFlight();
    changedSinceSeen = false;
  }

  void startRun(const ProtocolState &entry) override {
    const ProtocolState::OpCounts &inFlight = entry.getInFlight();
    if (!changedSinceSeen &&
        inFlight.getRootWithoutRetain() == seen.getRootWithoutRetain())
      return;
    issues.clear();
    buckets.clear();
    for (const auto &entry : inFlight)
      changed(const_cast<Operation *>(entry.first), /*inFlight=*/true);
  }

  void changed(Operation *issue, bool inFlight) override {
    changedSinceSeen = true;
    if (inFlight ? !issues.insert(issue).second : !issues.erase(issue))
      return;
    Value matmul = cast<MatmulAsyncIssueOpInterface>(issue).getMatmul();
    for (const ResolvedAccess &access : checker.getInFlightFootprint(issue)) {
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

  /// The in-flight issues whose footprints `accesses` (those of `op`) may
  /// conflict with: writes anywhere they may overlap, reads where an access
  /// writes; not the issues of the object a Matmul `op` uses, which are
  /// rule P1's business. In a stable order: waitable issues, then the ones
  /// without a wait flag, each by address.
  SmallVector<Operation *> getCandidates(Operation *op,
                                         ArrayRef<ResolvedAccess> accesses) {
    Value object;
    if (auto use = dyn_cast<MatmulOpInterface>(op))
      object = use.getMatmul();
    llvm::SmallPtrSet<Operation *, 8> found;
    SmallVector<Operation *> candidates;
    auto addFrom =
        [&](const std::map<const void *, std::set<Operation *>> &byObject) {
          for (const auto &[matmul, issuesOfObject] : byObject) {
            if (object && mayBeSameMatmulObject(
                              Value::getFromOpaquePointer(matmul), object))
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
          if ((write || !readsOnly) &&
              (bucket.space == Provenance::Space::Any ||
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
    llvm::sort(candidates);
    std::stable_partition(
        candidates.begin(), candidates.end(),
        [](Operation *issue) { return isPendingIssue(issue); });
    return candidates;
  }

private:
  struct Bucket {
    Provenance::Space space;
    /// A no_alias argument, kSharedRoot, or null for untraced memory.
    const void *root;
    bool operator<(const Bucket &other) const {
      return std::make_pair(space, root) <
             std::make_pair(other.space, other.root);
    }
  };
  static inline const void *const kSharedRoot =
      reinterpret_cast<const void *>(uintptr_t(1));

  static Bucket getBucket(const MemoryLocation &location) {
    if (location.isAnyMemory())
      return {Provenance::Space::Any, nullptr};
    Value root = location.base.root;
    if (!root)
      return {location.base.space, nullptr};
    return {location.base.space,
            isNoAliasArgument(root) ? root.getAsOpaquePointer() : kSharedRoot};
  }

  ProtocolChecker &checker;
  llvm::DenseSet<Operation *> issues;
  /// Per bucket and access kind (true: writes), the issues by object.
  /// Ordered, so that candidates come out in a stable order.
  std::map<std::pair<Bucket, bool>,
           std::map<const void *, std::set<Operation *>>>
      buckets;
  ProtocolState::OpCounts seen{nullptr};
  bool changedSinceSeen = true;
};

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
  else if (!isa<MatmulCreateOp>(op))
    // A call or unknown op handed the object may issue on it or end it.
    for (Value operand : op->getOperands())
      if (isa<MatmulType>(operand.getType()))
        objects.push_back({operand, MatmulUseKind::Compute});
  // isPure last: on a region op it looks at every op nested in it.
  if (!objects.empty() && !isa<MatmulOpInterface, MatmulRegisterOp>(op) &&
      isPure(op))
    objects.clear();
  return objects;
}

LogicalResult ProtocolChecker::checkOperation(Operation *op,
                                              const ProtocolState &state,
                                              InFlightIndex &index,
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
    for (const ObjectState *object : state.getObjects()) {
      for (Operation *event : object->events) {
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
    for (Operation *issue : state.getUnwaitedIssues()) {
      InFlightDiagnostic diag =
          error() << "returns while an async '" << issue->getName()
                  << "' without a wait flag is pending: rule P1 needs the "
                     "object's 'asc.matmul.end' first";
      if (report)
        diag.attachNote(issue->getLoc()) << "the pending async issue";
    }
  }

  // Rule P3: before an in-flight issue completes, nothing touches its
  // outputs and nothing writes its inputs. The op's own accesses, resolved
  // once, meet only the in-flight issues whose footprints the index says
  // they may overlap.
  if (index.empty())
    return failure(failed);
  SmallVector<ResolvedAccess> accesses;
  aliases.getAccesses(op, accesses);
  if (accesses.empty())
    return failure(failed);
  auto checkRace = [&](Operation *issue, bool unwaited) {
    if (issue == op)
      return;
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    // Uses of the issue's own object are rule P1's business.
    if (auto use = dyn_cast<MatmulOpInterface>(op))
      if (mayBeSameMatmulObject(use.getMatmul(), asyncIssue.getMatmul()))
        return;
    std::optional<std::pair<ResolvedAccess, ResolvedAccess>> conflict =
        findConflict(accesses, getInFlightFootprint(issue));
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
  for (Operation *issue : index.getCandidates(op, accesses))
    checkRace(issue, isUnwaitedIssue(issue));

  return failure(failed);
}

LogicalResult ProtocolChecker::check(bool reportErrors) {
  bool failed = false;
  InFlightIndex index(*this);
  protocol.walkStates(
      [&](Operation *op, const ProtocolState &state) {
        index.visit(state);
        failed |= mlir::failed(checkOperation(op, state, index, reportErrors));
      },
      &index);
  return failure(failed);
}
