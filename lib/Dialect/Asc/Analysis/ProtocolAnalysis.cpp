//===- ProtocolAnalysis.cpp - Matmul async protocol analysis --------------===//
//
// The protocol analysis behind --asc-verify-sync and --asc-sync-placement,
// and the checker of rules P1-P7.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Dialect/Asc/Analysis/LoopTrips.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/bit.h"
#include <deque>
#include <map>
#include <queue>
#include <set>

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
         setters == other.setters &&
         postsWithoutInputs == other.postsWithoutInputs &&
         staged == other.staged && appliedBias == other.appliedBias &&
         lastComputations == other.lastComputations &&
         unfetched == other.unfetched;
}

bool ObjectState::join(const ObjectState &other) {
  bool changed = unionSorted(events, other.events);
  for (unsigned slot = 0; slot < kNumMatmulSlots; ++slot)
    changed |= unionSorted(setters[slot], other.setters[slot]);
  changed |= unionSorted(postsWithoutInputs, other.postsWithoutInputs);
  changed |= unionSorted(staged, other.staged);
  changed |= unionSorted(appliedBias, other.appliedBias);
  changed |= unionSorted(lastComputations, other.lastComputations);
  changed |= unionSorted(unfetched, other.unfetched);
  return changed;
}

/// A hash of every list of `object`: one multiply-rotate step per pointer
/// (llvm::hash_combine per list cost more than the rest of an update).
static unsigned hashObjectState(const ObjectState &object) {
  uint64_t hash = reinterpret_cast<uintptr_t>(getKey(object.matmul));
  auto mix = [&](const void *pointer) {
    hash = llvm::rotl(hash ^ reinterpret_cast<uintptr_t>(pointer), 29) *
           0x9E3779B97F4A7C15ull;
  };
  auto mixList = [&](ArrayRef<Operation *> list) {
    mix(reinterpret_cast<const void *>(uintptr_t(list.size())));
    for (Operation *op : list)
      mix(op);
  };
  mixList(object.events);
  for (const auto &setters : object.setters)
    mixList(setters);
  mixList(object.postsWithoutInputs);
  mixList(object.staged);
  mixList(object.appliedBias);
  mixList(object.lastComputations);
  mixList(object.unfetched);
  return static_cast<unsigned>(hash ^ (hash >> 32));
}

namespace {
/// An interned object state with its hash.
struct InternedState {
  ObjectState state;
  unsigned hash;
};
/// A state to look up, with its hash computed once.
struct StateLookup {
  const ObjectState &state;
  unsigned hash;
};
struct InternedStateInfo {
  static InternedState *getEmptyKey() {
    return llvm::DenseMapInfo<InternedState *>::getEmptyKey();
  }
  static InternedState *getTombstoneKey() {
    return llvm::DenseMapInfo<InternedState *>::getTombstoneKey();
  }
  static unsigned getHashValue(const InternedState *interned) {
    return interned->hash;
  }
  static unsigned getHashValue(const StateLookup &lookup) {
    return lookup.hash;
  }
  static bool isEqual(const InternedState *lhs, const InternedState *rhs) {
    return lhs == rhs;
  }
  static bool isEqual(const StateLookup &lookup, const InternedState *rhs) {
    return rhs != getEmptyKey() && rhs != getTombstoneKey() &&
           lookup.hash == rhs->hash && lookup.state == rhs->state;
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
  /// Set while the flow records an op's transition: every change to the
  /// in-flight set goes there.
  SmallVectorImpl<std::pair<Operation *, bool>> *changeLog = nullptr;
  /// The function's objects are the cube-side ones: no staged message.
  bool cubeSide = false;

  /// The one copy of `object`; stays valid as long as the context.
  const ObjectState *intern(const ObjectState &object) {
    StateLookup lookup{object, hashObjectState(object)};
    auto it = interned.find_as(lookup);
    if (it != interned.end())
      return &(*it)->state;
    storage.push_back({object, lookup.hash});
    interned.insert(&storage.back());
    return &storage.back().state;
  }

private:
  /// A deque: element addresses are stable.
  std::deque<InternedState> storage;
  llvm::DenseSet<InternedState *, InternedStateInfo> interned;
};

ProtocolState::ProtocolState(Context &context) : context(&context) {}

bool ProtocolState::operator==(const ProtocolState &other) const {
  return objects == other.objects && unwaitedIssues == other.unwaitedIssues &&
         unorderedFetches == other.unorderedFetches;
}

void ProtocolState::countInFlight(Operation *issue, int delta) {
  const unsigned *count = inFlight.lookup(issue);
  unsigned updated = (count ? *count : 0) + delta;
  inFlight = updated ? context->countFactory.add(inFlight, issue, updated)
                     : context->countFactory.remove(inFlight, issue);
  if (context->changeLog && (updated == 0 || (!count && updated)))
    context->changeLog->push_back({issue, updated != 0});
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

void ProtocolState::eraseObject(Value matmul) {
  const void *key = getKey(matmul);
  const ObjectState *const *old = objects.lookup(key);
  if (!old)
    return;
  countInFlight(*old, -1);
  objects = context->objectFactory.remove(objects, key);
  indirectObjects = context->valueFactory.remove(indirectObjects, key);
}

static void dropAlikeCalls(ProtocolState::ObjectState &joined,
                           const ProtocolState::ObjectState &before);

bool ProtocolState::join(const ProtocolState &other) {
  if (this == &other || !other.context)
    return false;
  if (!context) {
    *this = other;
    return !objects.isEmpty() || !unwaitedIssues.isEmpty() ||
           !unorderedFetches.isEmpty();
  }
  bool changed = false;
  if (objects.getRootWithoutRetain() != other.objects.getRootWithoutRetain()) {
    for (const auto &[key, incoming] : other.objects) {
      const ObjectState *const *own = objects.lookup(key);
      if (own && *own == incoming)
        continue;
      ObjectState joined = own ? **own : *incoming;
      if (own) {
        // At a merge as in a may-update: a chain of loops that may run no
        // trip would otherwise gather each loop's alike calls.
        if (!joined.join(*incoming))
          continue;
        dropAlikeCalls(joined, **own);
        if (joined == **own)
          continue;
      }
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
  if (unorderedFetches.getRootWithoutRetain() !=
      other.unorderedFetches.getRootWithoutRetain()) {
    for (const Operation *fetch : other.unorderedFetches) {
      if (unorderedFetches.contains(fetch))
        continue;
      addUnorderedFetch(const_cast<Operation *>(fetch));
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
  if (isFetchConsumedIssue(issue))
    fetchConsumedIssues = context->opFactory.add(fetchConsumedIssues, issue);
  countInFlight(issue, +1);
}

void ProtocolState::removeUnwaitedIssue(Operation *issue) {
  if (!unwaitedIssues.contains(issue))
    return;
  unwaitedIssues = context->opFactory.remove(unwaitedIssues, issue);
  fetchConsumedIssues = context->opFactory.remove(fetchConsumedIssues, issue);
  countInFlight(issue, -1);
}

SmallVector<Operation *> ProtocolState::getFetchConsumedIssues() const {
  SmallVector<Operation *> issues;
  for (const Operation *issue : fetchConsumedIssues)
    issues.push_back(const_cast<Operation *>(issue));
  return issues;
}

void ProtocolState::removeFetchConsumedIssuesOf(Value matmul) {
  SmallVector<Operation *> completed;
  for (Operation *issue : getFetchConsumedIssues())
    if (cast<MatmulOpInterface>(issue).getMatmul() == matmul)
      completed.push_back(issue);
  for (Operation *issue : completed)
    removeUnwaitedIssue(issue);
}

SmallVector<Operation *> ProtocolState::getUnorderedFetches() const {
  SmallVector<Operation *> fetches;
  for (const Operation *fetch : unorderedFetches)
    fetches.push_back(const_cast<Operation *>(fetch));
  return fetches;
}

void ProtocolState::addUnorderedFetch(Operation *fetch) {
  unorderedFetches = context->opFactory.add(unorderedFetches, fetch);
}

void ProtocolState::removeUnorderedFetches(Value tensor) {
  for (Operation *fetch : getUnorderedFetches())
    if (!tensor || llvm::is_contained(getLocalDestinations(fetch), tensor))
      unorderedFetches = context->opFactory.remove(unorderedFetches, fetch);
}

void ProtocolState::updateEachObject(function_ref<bool(ObjectState &)> update) {
  // Collected first: setObject replaces entries.
  for (const ObjectState *object : getObjects()) {
    ObjectState updated = *object;
    if (update(updated))
      setObject(updated);
  }
}

/// What is known of an object from outside: nothing. Its staged message is
/// unknown too, so rule P6 has nothing to say of it.
static ObjectState getUnknownObject(Value matmul) {
  ObjectState object;
  object.matmul = matmul;
  object.events.push_back(nullptr);
  for (auto &setters : object.setters)
    setters.push_back(nullptr);
  object.lastComputations.push_back(nullptr);
  return object;
}

const ObjectState &ProtocolState::getObjectView(Value matmul,
                                                ObjectState &scratch) const {
  if (const ObjectState *own = lookup(matmul))
    return *own;
  scratch = getObjectView(matmul);
  return scratch;
}

ObjectState ProtocolState::getObjectView(Value matmul) const {
  if (const ObjectState *own = lookup(matmul))
    return *own;
  // A select of created objects is one of them, each of which has its entry
  // from its creation on: their join, with nothing unknown.
  SmallVector<Value, 4> origins;
  if (getMatmulObjectOrigins(matmul, origins) &&
      llvm::all_of(origins, [&](Value origin) { return lookup(origin); })) {
    ObjectState view = *lookup(origins.front());
    for (Value origin : ArrayRef<Value>(origins).drop_front())
      view.join(*lookup(origin));
    view.matmul = matmul;
    return view;
  }
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

bool mlir::asc::isFetchConsumedIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && issue.isConsumedByFetches();
}

bool mlir::asc::isFetch(MatmulOpInterface use) {
  MatmulMessageRole role = use.getMessageRole();
  return use.getMatmulUseKind() == MatmulUseKind::Compute &&
         (role == MatmulMessageRole::None ||
          role == MatmulMessageRole::PostFetch);
}

SmallVector<Value, 2> mlir::asc::getLocalDestinations(Operation *fetch) {
  SmallVector<Value, 2> destinations;
  auto access = dyn_cast<MemoryAccessOpInterface>(fetch);
  if (!access)
    return destinations;
  SmallVector<MemoryAccess> accesses;
  access.getMemoryAccesses(accesses);
  for (const MemoryAccess &write : accesses)
    if (write.isWrite() && write.memory &&
        isa<LocalTensorType>(write.memory.getType()) &&
        !llvm::is_contained(destinations, write.memory))
      destinations.push_back(write.memory);
  return destinations;
}

/// Which issues without a wait flag of its object `use` completes: the
/// server runs one client's messages in order (CANN's KfcServer::Run), so
/// when a call the vector core waits for returns, every message posted
/// before it has run. A synchronous call (but Iterate, which posts and
/// returns) and the wait of a flagged issue complete them all. A
/// WaitGetTensorC takes no signal of the server
/// (MatmulClient::WaitGetTensorC: a pipe flag), and End() completes nothing:
/// it waits for nothing (MatmulClient::End).
enum class UnwaitedCompletion { None, All };

static UnwaitedCompletion getUnwaitedCompletion(MatmulOpInterface use,
                                                WaitKind completedKind,
                                                bool waitCompleted) {
  if (use.getMatmulUseKind() == MatmulUseKind::Wait) {
    if (!waitCompleted || completedKind == WaitKind::GetTensorC)
      return UnwaitedCompletion::None;
    return UnwaitedCompletion::All;
  }
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(use.getOperation());
  return issue && !issue.isAsync() && !issue.isConsumedByFetches()
             ? UnwaitedCompletion::All
             : UnwaitedCompletion::None;
}

SmallVector<Operation *>
mlir::asc::getUnwaitedIssuesCompletedBy(Operation *op,
                                        const ProtocolState &state) {
  SmallVector<Operation *> completed;
  auto use = dyn_cast<MatmulOpInterface>(op);
  if (!use)
    return completed;
  bool waitCompletes = false;
  WaitKind kind = WaitKind::IterateAll;
  ObjectState scratch;
  if (auto wait = dyn_cast<MatmulWaitOpInterface>(op)) {
    kind = wait.getWaitKind();
    waitCompletes = llvm::any_of(
        state.getObjectView(wait.getMatmul(), scratch).events,
        [&](Operation *event) {
          return isPendingIssue(event) &&
                 cast<MatmulAsyncIssueOpInterface>(event).getWaitKind() ==
                     wait.getWaitKind();
        });
  }
  UnwaitedCompletion completion =
      getUnwaitedCompletion(use, kind, waitCompletes);
  if (completion == UnwaitedCompletion::None)
    return completed;
  for (Operation *issue : state.getUnwaitedIssues())
    if (cast<MatmulOpInterface>(issue).getMatmul() == use.getMatmul())
      completed.push_back(issue);
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
  for (Operation *event : object.events) {
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
  llvm::sort(events);
  object.events.assign(events.begin(), events.end());
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
      object.postsWithoutInputs.clear();
    if (!cubeSide)
      insertSorted(object.staged, op);
    return;
  case MatmulMessageRole::PostOwn:
    // The call posts its own message through the staged storage and clears
    // its flag word (MatmulClientBase::PostMessage): what was staged is
    // lost, the next message has no inputs.
    if (cubeSide)
      return;
    object.staged.clear();
    object.postsWithoutInputs.assign(1, op);
    return;
  case MatmulMessageRole::PostFetch:
    // A synchronous fetch posts the staged message without starting a
    // computation: staged inputs are lost for the next issue.
    if (cubeSide)
      return;
    if (llvm::any_of(object.staged, [](Operation *setter) {
          return cast<MatmulOpInterface>(setter).getMessageRole() ==
                 MatmulMessageRole::StageInputs;
        }))
      object.postsWithoutInputs.assign(1, op);
    object.staged.clear();
    return;
  case MatmulMessageRole::PostStaged: {
    if (cubeSide)
      return;
    // The server applies the setters of a message that carries inputs; one
    // without SetBias disables the bias (MatmulService::SetBias). A message
    // without inputs changes nothing on the server.
    bool mayLackInputs = !object.postsWithoutInputs.empty();
    bool mayCarryInputs = llvm::any_of(object.staged, [](Operation *setter) {
      return cast<MatmulOpInterface>(setter).getMessageRole() ==
             MatmulMessageRole::StageInputs;
    });
    SmallVector<Operation *, 1> applied;
    if (mayCarryInputs)
      for (Operation *setter : object.staged) {
        auto use = cast<MatmulOpInterface>(setter);
        std::optional<MatmulSlotUpdate> update = use.getSlotUpdate();
        if (use.getMessageRole() == MatmulMessageRole::StageBias && update &&
            update->memory)
          insertSorted(applied, setter);
      }
    if (mayLackInputs || !mayCarryInputs)
      unionSorted(applied, object.appliedBias);
    object.appliedBias = applied;
    object.staged.clear();
    object.postsWithoutInputs.assign(1, op);
    return;
  }
  }
}

/// Two Matmul calls that act alike: the same op with the same attributes on
/// the same memory (or on none). Outside the events, the analyses ask what
/// such a call staged, held or posted, never which of two alike calls it was.
static bool actAlike(Operation *lhs, Operation *rhs) {
  if (!lhs || !rhs || lhs->getName() != rhs->getName() ||
      lhs->getAttrDictionary() != rhs->getAttrDictionary())
    return false;
  auto lhsUse = dyn_cast<MatmulOpInterface>(lhs);
  auto rhsUse = dyn_cast<MatmulOpInterface>(rhs);
  if (!lhsUse || !rhsUse)
    return false;
  std::optional<MatmulSlotUpdate> lhsUpdate = lhsUse.getSlotUpdate();
  std::optional<MatmulSlotUpdate> rhsUpdate = rhsUse.getSlotUpdate();
  if (lhsUpdate.has_value() != rhsUpdate.has_value())
    return false;
  return !lhsUpdate || lhsUpdate->memory == rhsUpdate->memory;
}

/// Drops from `list` the calls that `before` did not have and that act alike
/// one it had. Through a may-update, the calls made under other names pile
/// up on every object they may denote (a kernel that issues through a new
/// select each time), and only what they did counts. An async issue stays
/// itself among the events: a wait completes that very issue. A call whose
/// results fetches take stays itself everywhere: leaving its loop marks
/// that very call (leaveLoop).
static void dropAlikeCalls(SmallVectorImpl<Operation *> &list,
                           ArrayRef<Operation *> before, bool isEvents) {
  if (list.size() == before.size())
    return;
  llvm::erase_if(list, [&](Operation *call) {
    if (llvm::is_contained(before, call))
      return false;
    auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(call);
    if (issue && (issue.isConsumedByFetches() || (isEvents && issue.isAsync())))
      return false;
    return llvm::any_of(before,
                        [&](Operation *old) { return actAlike(old, call); });
  });
}

static void dropAlikeCalls(ObjectState &joined, const ObjectState &before) {
  dropAlikeCalls(joined.events, before.events, /*isEvents=*/true);
  for (unsigned slot = 0; slot < kNumMatmulSlots; ++slot)
    dropAlikeCalls(joined.setters[slot], before.setters[slot], false);
  dropAlikeCalls(joined.postsWithoutInputs, before.postsWithoutInputs, false);
  dropAlikeCalls(joined.staged, before.staged, false);
  dropAlikeCalls(joined.appliedBias, before.appliedBias, false);
  dropAlikeCalls(joined.lastComputations, before.lastComputations, false);
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
    dropAlikeCalls(joined, *other);
    state.setObject(joined);
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
    if (llvm::none_of(other.events, [&](Operation *event) {
          return llvm::is_contained(sure, event);
        }))
      return;
    ObjectState updated = other;
    llvm::erase_if(updated.events, [&](Operation *event) {
      return llvm::is_contained(sure, event);
    });
    updates.push_back(std::move(updated));
  });
  for (const ObjectState &updated : updates)
    state.setObject(updated);
}

/// True when `use` moves its object on from the work in flight: new work, a
/// new workspace or tiling, its end.
static bool movesObjectOn(MatmulOpInterface use) {
  switch (use.getMatmulUseKind()) {
  case MatmulUseKind::Compute:
    return use.getMessageRole() == MatmulMessageRole::PostStaged;
  case MatmulUseKind::Initialize:
  case MatmulUseKind::Release:
    return true;
  case MatmulUseKind::Configure:
    return !isSafeWhileInFlight(use);
  case MatmulUseKind::Wait:
    return false;
  }
  llvm_unreachable("unknown MatmulUseKind");
}

static void transferMatmulUse(MatmulOpInterface use, ProtocolState &state,
                              bool cubeSide) {
  Operation *op = use;
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
          !llvm::is_contained(before.unfetched, issue) &&
          !llvm::is_contained(completedUnwaited, issue))
        completedUnwaited.push_back(issue);
  }
  updateObject(state, matmul, [&](ObjectState &object) {
    switch (kind) {
    case MatmulUseKind::Initialize:
      object.events.assign(1, op);
      object.lastComputations.assign(1, op);
      break;
    case MatmulUseKind::Release:
      object.events.assign(1, op);
      break;
    case MatmulUseKind::Wait:
      completed = completeWith(object, cast<MatmulWaitOpInterface>(op));
      break;
    case MatmulUseKind::Configure:
      if (std::optional<MatmulSlotUpdate> update = use.getSlotUpdate())
        object.setters[static_cast<unsigned>(update->slot)].assign(1, op);
      break;
    case MatmulUseKind::Compute:
      if (isPendingIssue(op))
        object.events.assign(1, op);
      if (isFetchConsumedIssue(op))
        object.unfetched.assign(1, op);
      else if (isFetch(use))
        object.unfetched.clear();
      // GetBatchTensorC consumes the signals of the object's last
      // computation (rule P5).
      if (role == MatmulMessageRole::PostStaged)
        object.lastComputations.assign(1, op);
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
  // Rule P7: WaitGetTensorC orders only the vector pipe after the copy
  // (MatmulClient::WaitGetTensorC: SetFlag/WaitFlag<MTE2_V>).
  for (Operation *issue : completed)
    if (!getLocalDestinations(issue).empty())
      state.addUnorderedFetch(issue);
}

/// Orders the pipes after fetched blocks (rule P7): PipeBarrier<PIPE_ALL>
/// drains every pipe; EnQue of a block hands it over with the queue's own
/// flags; FreeTensor releases it. These ops are named on purpose: they are
/// the pipe synchronisation the dialect has.
static void transferPipeOrder(Operation *op, ProtocolState &state) {
  if (auto barrier = dyn_cast<PipeBarrierOp>(op)) {
    if (barrier.getPipe() == PipeKind::PIPE_ALL)
      state.removeUnorderedFetches(Value());
  } else if (auto enque = dyn_cast<QueueEnQueOp>(op)) {
    state.removeUnorderedFetches(enque.getTensor());
  } else if (auto free = dyn_cast<QueueFreeTensorOp>(op)) {
    state.removeUnorderedFetches(free.getTensor());
  }
}

/// Applies the effect of `op` (without nested regions) to `state`.
static void applyProtocolTransfer(Operation *op, ProtocolState &state,
                                  bool cubeSide) {
  if (auto create = dyn_cast<MatmulCreateOp>(op)) {
    // Reached again (a loop, a CFG cycle), the creation declares a new
    // object under the old value; the old object's pending work goes on,
    // with nothing left that can wait for it (rule P1 reports it).
    if (const ObjectState *old = state.lookup(create.getMatmul()))
      for (Operation *event : old->events)
        if (isPendingIssue(event))
          state.addUnwaitedIssue(event);
    // A new object holds no memory yet: its creation is the setter of
    // every slot, and its message has no inputs.
    ObjectState object;
    object.matmul = create.getMatmul();
    object.events.assign(1, op);
    for (auto &setters : object.setters)
      setters.assign(1, op);
    object.postsWithoutInputs.assign(1, op);
    object.lastComputations.assign(1, op);
    state.setObject(object);
    return;
  }
  if (auto registration = dyn_cast<MatmulRegisterOp>(op)) {
    // REGIST_MATMUL_OBJ with a tiling initialises the client, which posts
    // MMFUN_INIT and clears what was staged (MatmulClient::Init).
    for (Value matmul : registration.getMatmuls())
      updateObject(state, matmul, [&](ObjectState &object) {
        object.events.assign(1, op);
        object.lastComputations.assign(1, op);
        if (!cubeSide && !registration.getTilings().empty()) {
          object.staged.clear();
          object.postsWithoutInputs.assign(1, op);
        }
      });
    return;
  }
  if (auto use = dyn_cast<MatmulOpInterface>(op))
    return transferMatmulUse(use, state, cubeSide);
  if (state.hasUnorderedFetches())
    transferPipeOrder(op, state);
  // Any other op handed a Matmul object (a call) may do anything to it.
  if (llvm::none_of(op->getOperandTypes(), llvm::IsaPred<MatmulType>) ||
      isPure(op))
    return;
  for (Value operand : op->getOperands()) {
    if (!isa<MatmulType>(operand.getType()))
      continue;
    updateObject(state, operand, [&](ObjectState &object) {
      object.join(getUnknownObject(object.matmul));
      // The callee may stage setters or post: its message is unknown.
      object.postsWithoutInputs.clear();
      object.staged.clear();
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

  void numberPoints();
  unsigned addPoint(Point point);
  unsigned getEmptyRegionPoint(Region &region);
  void joinInto(unsigned point, const ProtocolState &state);
  void flowPoint(unsigned point);
  void enterRegionOp(Operation *op, const ProtocolState &before);
  void enterRegion(Region &region, const ProtocolState &state);
  void exitRegion(Region &region, const ProtocolState &state);
  const ProtocolState &leaveLoop(Operation *loop, const ProtocolState &state);

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

/// True for an op whose transfer function may change the state: what
/// applyProtocolTransfer acts on.
static bool mayChangeState(Operation *op) {
  if (isa<MatmulOpInterface, MatmulCreateOp, MatmulRegisterOp, PipeBarrierOp,
          QueueEnQueOp, QueueFreeTensorOp>(op))
    return true;
  return llvm::any_of(op->getOperandTypes(), llvm::IsaPred<MatmulType>) &&
         !isPure(op);
}

/// True for an op that stores the state before it: the ops that use a
/// Matmul object.
static bool recordsState(Operation *op) {
  return isa<MatmulOpInterface, MatmulCreateOp, MatmulRegisterOp>(op);
}

/// A name of an object (an op result that is not a creation) all of whose
/// uses are ops of its own block is dead after the last of them: SSA gives
/// it no use elsewhere, and no path re-enters the block before its
/// definition runs again. Only a use that the flow transfers (mayChangeState)
/// drops it, so that the recorded transitions are the whole change.
static void
findNamesDeadAfter(Operation *function,
                   DenseMap<Operation *, SmallVector<Value, 1>> &deadAfter) {
  function->walk([&](Operation *op) {
    if (isa<MatmulCreateOp>(op))
      return;
    for (Value result : op->getResults()) {
      if (!isa<MatmulType>(result.getType()) || result.use_empty())
        continue;
      Operation *last = nullptr;
      bool local = llvm::all_of(result.getUsers(), [&](Operation *user) {
        if (user->getBlock() != op->getBlock())
          return false;
        if (!last || last->isBeforeInBlock(user))
          last = user;
        return true;
      });
      if (local && mayChangeState(last))
        deadAfter[last].push_back(result);
    }
  });
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
  LoopTrips trips = getEmittedLoopTrips(op);
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
        !object.unfetched.empty()) {
      object.unfetched.clear();
      changed = true;
    }
    if (!endsIterate)
      return changed;
    for (Operation *&post : object.postsWithoutInputs)
      if (post && isa<MatmulIterateOp>(post) && loop->isProperAncestor(post)) {
        post = loop;
        changed = true;
      }
    if (changed) {
      llvm::sort(object.postsWithoutInputs);
      object.postsWithoutInputs.erase(llvm::unique(object.postsWithoutInputs),
                                      object.postsWithoutInputs.end());
    }
    return changed;
  });
  return *leftLoop;
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
  LoopTrips trips = getEmittedLoopTrips(parent);
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
    if (recordsState(op))
      analysis.matmulOpStates[op] = state;
    if (op->getNumRegions() != 0)
      return enterRegionOp(op, state);
    if (!mayChangeState(op))
      continue;
    // The transition is kept, so that walkStates replays nothing.
    MatmulProtocolAnalysis::Transition &transition = analysis.transitions[op];
    transition.inFlightChanges.clear();
    analysis.context->changeLog = &transition.inFlightChanges;
    applyProtocolTransfer(op, state, analysis.context->cubeSide);
    auto dead = analysis.namesDeadAfter.find(op);
    if (dead != analysis.namesDeadAfter.end())
      for (Value name : dead->second)
        state.eraseObject(name);
    analysis.context->changeLog = nullptr;
    transition.after = state;
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

void ProtocolFlow::run(const ProtocolState &entry) {
  Region &body = analysis.function->getRegion(0);
  if (body.empty())
    return;
  numberPoints();
  // Iterate is named on purpose: it is the one call whose loop the client
  // counts by itself.
  analysis.function->walk([&](MatmulOpInterface use) {
    Operation *loop = getEnclosingLoop(use, analysis.function);
    if (!loop)
      return;
    if (isa<MatmulIterateOp>(use.getOperation()))
      iterateLoops.insert(loop);
    if (isFetch(use) && !llvm::is_contained(fetchLoops[loop], use.getMatmul()))
      fetchLoops[loop].push_back(use.getMatmul());
  });
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
      analysis.runStates.push_back(
          {{points[point].block, points[point].after}, *states[point]});
}

//===----------------------------------------------------------------------===//
// MatmulProtocolAnalysis
//===----------------------------------------------------------------------===//

MatmulProtocolAnalysis::MatmulProtocolAnalysis(Operation *function)
    : context(std::make_unique<ProtocolState::Context>()), function(function) {
  context->cubeSide = AscDialect::usesCubeSideMatmulObjects(function);
  Region &body = function->getRegion(0);
  ProtocolState entry(*context);
  // Matmul objects passed in as arguments start in an unknown state.
  if (!body.empty())
    for (BlockArgument argument : body.getArguments())
      if (isa<MatmulType>(argument.getType()))
        entry.setObject(getUnknownObject(argument));
  findNamesDeadAfter(function, namesDeadAfter);
  ProtocolFlow(*this).run(entry);
}

MatmulProtocolAnalysis::~MatmulProtocolAnalysis() {
  // The states release their trees into the context's factories.
  matmulOpStates.clear();
  transitions.clear();
  runStates.clear();
}

bool MatmulProtocolAnalysis::isInFetchLoopOf(Operation *op,
                                             Operation *issue) const {
  Value matmul = cast<MatmulOpInterface>(issue).getMatmul();
  for (Operation *loop = op->getParentOp(); loop && loop != function;
       loop = loop->getParentOp()) {
    auto fetched = fetchLoops.find(loop);
    if (fetched != fetchLoops.end() &&
        llvm::is_contained(fetched->second, matmul) &&
        !loop->isProperAncestor(issue))
      return true;
  }
  return false;
}

bool MatmulProtocolAnalysis::usesCubeSideObjects() const {
  return context->cubeSide;
}

const ProtocolState *
MatmulProtocolAnalysis::getStateBefore(Operation *op) const {
  auto it = matmulOpStates.find(op);
  return it == matmulOpStates.end() ? nullptr : &it->second;
}

void MatmulProtocolAnalysis::walkStates(
    function_ref<void(Operation *, const ProtocolState &)> visitor,
    ProtocolState::InFlightListener *listener) const {
  for (const auto &[start, entry] : runStates) {
    if (listener)
      listener->startRun(entry);
    const ProtocolState *state = &entry;
    Block *block = start.block;
    auto it =
        start.after ? std::next(start.after->getIterator()) : block->begin();
    for (; it != block->end(); ++it) {
      visitor(&*it, *state);
      // The ops nested in a region op and the ones after it are runs of
      // their own.
      if (it->getNumRegions() != 0)
        break;
      auto transition = transitions.find(&*it);
      if (transition == transitions.end())
        continue;
      if (listener)
        for (auto [issue, inFlight] : transition->second.inFlightChanges)
          listener->changed(issue, inFlight);
      state = &transition->second.after;
    }
  }
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
/// each run of operations from the recorded in-flight changes, and rebuilt
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
            if (object && Value::getFromOpaquePointer(matmul) == object)
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
  // A WaitGetTensorC waits for a pipe flag, not for the server
  // (MatmulClient::WaitGetTensorC): it never hangs.
  if (wait.getWaitKind() == WaitKind::GetTensorC)
    return issues;
  for (Operation *issue : state.getUnwaitedIssues()) {
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    if (asyncIssue.getWaitKind() == wait.getWaitKind() &&
        mayBeSameMatmulObject(asyncIssue.getMatmul(), wait.getMatmul()))
      issues.push_back(issue);
  }
  return issues;
}

/// Whether `use` can run while an issue of its object is in flight: a setter
/// that stages a field of the next message, or posts a message of its own,
/// works on a snapshot (each post copies the message: MatmulClientBase::
/// PostMessage). SetWorkspace and Init change client state the call in
/// flight still reads (MatmulClient::SetWorkspace resets the fetch offset).
bool mlir::asc::isSafeWhileInFlight(MatmulOpInterface use) {
  return use.getMatmulUseKind() == MatmulUseKind::Configure &&
         use.getMessageRole() != MatmulMessageRole::None;
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
    ObjectState scratch;
    const ObjectState &object = state.getObjectView(matmul, scratch);
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
      if (idle.empty())
        continue;
      // Rule P5: a wait on a path where only issues without their wait flag
      // are in flight waits for a signal that never comes (the server
      // signals only flagged or synchronous calls: MatmulService::Iterate,
      // MatmulService::IterateBatch, MatmulService::IterateNBatch).
      SmallVector<Operation *> unsignalled =
          getUnsignalledIssuesOfKind(state, wait);
      if (!unsignalled.empty()) {
        InFlightDiagnostic diag =
            error() << "waits for a signal that never comes (rule P5): on "
                       "some path only an async issue without its wait flag "
                       "is in flight on its Matmul object";
        if (report)
          for (Operation *issue : unsignalled)
            diag.attachNote(issue->getLoc())
                << "this '" << issue->getName()
                << "' has no wait flag: the server posts no signal for it";
        continue;
      }
      // Rule P2: every path reaching a wait has something pending.
      InFlightDiagnostic diag = error()
                                << "may be reached with nothing pending on "
                                   "its Matmul object (rule P2)";
      if (report)
        for (Operation *event : idle)
          noteIdleEvent(diag, event, function);
      continue;
    }
    if (auto use = dyn_cast<MatmulOpInterface>(op);
        use && isSafeWhileInFlight(use))
      continue;
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

  if (auto use = dyn_cast<MatmulOpInterface>(op)) {
    failed |= mlir::failed(checkStagedMessage(use, state, report));
    failed |= mlir::failed(checkFetchSignal(use, state, report));
    failed |= mlir::failed(checkFetchesDone(use, state, report));
  }

  // Rule P1: a declaration reached again (a loop, a CFG cycle) starts a new
  // object while the previous one's work is pending, and nothing can wait
  // for that work any more.
  if (auto create = dyn_cast<MatmulCreateOp>(op))
    if (const ObjectState *old = state.lookup(create.getMatmul()))
      for (Operation *event : old->events) {
        if (!isPendingIssue(event))
          continue;
        InFlightDiagnostic diag =
            error() << "declares the Matmul object again while an async '"
                    << event->getName()
                    << "' of the previous one is pending: rule P1 needs '"
                    << getWaitOpName(cast<MatmulAsyncIssueOpInterface>(event)
                                         .getWaitKind())
                    << "' first";
        if (report)
          diag.attachNote(event->getLoc()) << "the pending async issue";
      }

  // Rule P1: a kernel does not return with waitable work pending. Issues
  // without their wait flag may still run when the kernel returns: the host
  // sees their output once the kernel has ended.
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
  }

  // Rule P3: before an in-flight issue completes, nothing touches its
  // outputs and nothing writes its inputs. The op's own accesses, resolved
  // once, meet only the in-flight issues whose footprints the index says
  // they may overlap. Rule P7 looks at the same accesses.
  if (index.empty() && !state.hasUnorderedFetches())
    return failure(failed);
  SmallVector<ResolvedAccess> accesses;
  aliases.getAccesses(op, accesses);
  if (accesses.empty())
    return failure(failed);
  if (state.hasUnorderedFetches())
    failed |= mlir::failed(checkFetchedBlockPipes(op, state, accesses, report));
  if (index.empty())
    return failure(failed);
  auto checkRace = [&](Operation *issue, bool unwaited) {
    if (issue == op)
      return;
    auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
    // Calls of the issue's own object (its very value) are ordered after it
    // by the server, or rule P1's business. A name that only may denote the
    // object gets every conflict check.
    if (auto use = dyn_cast<MatmulOpInterface>(op))
      if (use.getMatmul() == asyncIssue.getMatmul())
        return;
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
        findConflict(checked, getInFlightFootprint(issue));
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
        if (!findConflict(exactAccesses, exactFootprint))
          conflict.reset();
      }
    }
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
    if (isFetchConsumedIssue(issue))
      diag.attachNote(issue->getLoc())
          << "fetches take this call's results block by block: it "
          << (inFlight.isWrite() ? "writes its output" : "reads its inputs")
          << " until the loop that fetches them ends";
    else if (unwaited)
      diag.attachNote(issue->getLoc())
          << (inFlight.isWrite()
                  ? "this issue has no wait flag: its output stays pending "
                    "until a later synchronous call or waited issue of the "
                    "same object returns, or the kernel ends (End() "
                    "completes nothing)"
                  : "this issue has no wait flag: it reads its inputs until a "
                    "later synchronous call or waited issue of the same "
                    "object returns, or the kernel ends (End() completes "
                    "nothing)");
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

/// What a post that left a message without inputs was, for rule P6's note.
static void notePostWithoutInputs(InFlightDiagnostic &diag, Operation *post) {
  if (isa<MatmulCreateOp>(post)) {
    diag.attachNote(post->getLoc())
        << "the object was created here; nothing set its inputs since";
    return;
  }
  if (isa<MatmulRegisterOp>(post)) {
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

LogicalResult ProtocolChecker::checkStagedMessage(MatmulOpInterface use,
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
    if (cubeSide || object.staged.empty())
      return success();
    if (!report)
      return failure();
    InFlightDiagnostic diag =
        op->emitOpError()
        << "posts a message of its own and loses the setters staged since the "
           "last post (rule P6): call it before them";
    for (Operation *setter : object.staged)
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
  for (Operation *post : object.postsWithoutInputs)
    if (post != op || !isa<MatmulIterateOp>(op))
      missing.push_back(post);
  if (!missing.empty()) {
    failed = true;
    if (report) {
      InFlightDiagnostic diag =
          op->emitOpError()
          << "expects SetTensorA or SetTensorB of a tensor since the previous "
             "issue (rule P6): the server applies a message's setters only "
             "when it carries new inputs";
      for (Operation *post : missing)
        notePostWithoutInputs(diag, post);
    }
  }

  // A message with new inputs and without SetBias runs without bias
  // (MatmulService::SetBias disables it).
  if (report && !cubeSide && !object.appliedBias.empty() &&
      stagesRole(object.staged, MatmulMessageRole::StageInputs) &&
      !stagesRole(object.staged, MatmulMessageRole::StageBias)) {
    InFlightDiagnostic diag =
        op->emitWarning()
        << "runs without bias (rule P6): its message carries new inputs but "
           "no SetBias, so the server disables the bias of the earlier issue";
    for (Operation *bias : object.appliedBias)
      diag.attachNote(bias->getLoc())
          << "this bias applied to an earlier issue only";
  }
  return failure(failed);
}

LogicalResult ProtocolChecker::checkFetchSignal(MatmulOpInterface use,
                                                const ProtocolState &state,
                                                bool report) {
  // GetBatchTensorC is named on purpose: it is the one fetch that waits for
  // an IterateNBatch's per-loop signals (MatmulClient::GetBatchTensorC).
  if (!isa<MatmulGetBatchTensorCOp>(use.getOperation()))
    return success();
  ObjectState scratch;
  const ObjectState &object = state.getObjectView(use.getMatmul(), scratch);
  SmallVector<std::pair<Operation *, StringRef>> silent;
  for (Operation *last : object.lastComputations) {
    if (!last)
      continue;
    auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(last);
    if (issue && isa<MatmulIterateNBatchOp>(last)) {
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
        {last, isa<MatmulCreateOp, MatmulRegisterOp>(last) ||
                       (isa<MatmulOpInterface>(last) &&
                        cast<MatmulOpInterface>(last).getMatmulUseKind() ==
                            MatmulUseKind::Initialize)
                   ? "nothing was computed since the object was set up here"
                   : "the object's last computation is this one, whose "
                     "signals GetBatchTensorC does not take"});
  }
  if (silent.empty())
    return success();
  if (!report)
    return failure();
  InFlightDiagnostic diag =
      use->emitOpError()
      << "waits for a signal that never comes (rule P5): GetBatchTensorC "
         "takes the per-loop signals of an IterateNBatch without its wait "
         "flag";
  for (auto [last, why] : silent)
    diag.attachNote(last->getLoc()) << why;
  return failure();
}

LogicalResult ProtocolChecker::checkFetchesDone(MatmulOpInterface use,
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
    InFlightDiagnostic diag =
        op->emitOpError() << describeUse(kind) << " the Matmul object " << where
                          << " an async '" << issue->getName() << "'" << needs;
    diag.attachNote(issue->getLoc())
        << "the async call whose results fetches take";
  };
  // Inside the loop that fetches a call's results, more fetches follow.
  for (Operation *issue : state.getFetchConsumedIssues())
    if (issue != op && !llvm::is_contained(object.unfetched, issue) &&
        mayBeSameMatmulObject(cast<MatmulOpInterface>(issue).getMatmul(),
                              use.getMatmul()) &&
        protocol.isInFetchLoopOf(op, issue))
      refuse(issue, "inside the loop that fetches the results of",
             ": rule P1 needs every fetch first");
  // The Iterate of a `while (mm.Iterate<false>())` loop continues it.
  for (Operation *issue : object.unfetched)
    if (issue && issue != op)
      refuse(issue, "before any result of",
             " was fetched: rule P1 needs its fetches first");
  return failure(failed);
}

LogicalResult ProtocolChecker::checkFetchedBlockPipes(
    Operation *op, const ProtocolState &state,
    ArrayRef<ResolvedAccess> accesses, bool report) {
  // Matmul calls are rule P1's and P3's business; EnQue and FreeTensor hand
  // the block over or release it (the transfer function drops it).
  if (isa<MatmulOpInterface, MatmulCreateOp, MatmulRegisterOp, QueueEnQueOp,
          QueueFreeTensorOp>(op))
    return success();
  auto memoryOp = dyn_cast<MemoryAccessOpInterface>(op);
  if (memoryOp && memoryOp.getExecutingPipe() == PipeKind::PIPE_V)
    return success();
  for (Operation *fetch : state.getUnorderedFetches()) {
    for (const ResolvedAccess &block : getInFlightFootprint(fetch)) {
      if (!block.isWrite() ||
          block.location.base.space != Provenance::Space::Local)
        continue;
      for (const ResolvedAccess &access : accesses) {
        if (aliases.alias(access.location, block.location).isNo())
          continue;
        if (!report)
          return failure();
        StringRef pipe = memoryOp
                             ? stringifyPipeKind(memoryOp.getExecutingPipe())
                             : StringRef("an unknown pipe");
        InFlightDiagnostic diag =
            op->emitOpError()
            << "may touch a fetched block from " << pipe
            << " before that pipe is ordered after the fetch (rule P7): "
               "'asc.matmul.wait_get_tensor_c' orders only the vector pipe "
               "after the copy; put 'asc.pipe_barrier pipe_all' or a queue "
               "hand-off (EnQue, DeQue) in between";
        diag.attachNote(fetch->getLoc()) << "the block fetched here";
        return failure();
      }
    }
  }
  return success();
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
