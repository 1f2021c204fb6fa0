//===- ProtocolState.cpp - Matmul protocol state --------------------------===//
//
// The persistent protocol state of the Matmul objects at one program point,
// and which objects a value may denote.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolState.h"
#include "asc/Dialect/Asc/Analysis/ProgramOrderKeys.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Allocator.h"

using namespace mlir;
using namespace mlir::asc;

using ObjectState = ProtocolState::ObjectState;

//===----------------------------------------------------------------------===//
// ProtocolState
//===----------------------------------------------------------------------===//

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
///
/// Its high bits are the program order of the latest op the state names
/// (ProgramOrderKeys.h): the flow makes states in program order, so a new
/// state's lookup lands next to the last one's instead of anywhere in a
/// table as large as the function.
static unsigned hashObjectState(const ObjectState &object) {
  uint64_t hash = reinterpret_cast<uintptr_t>(getKey(object.matmul));
  const void *latest = getKey(object.matmul);
  auto mix = [&](const void *pointer) {
    hash = llvm::rotl(hash ^ reinterpret_cast<uintptr_t>(pointer), 29) *
           0x9E3779B97F4A7C15ull;
    latest = std::max(latest, pointer);
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
  // Eight buckets' worth of the full hash under each position, so that the
  // states that name the same latest op still spread.
  return (hashInProgramOrder(latest) << 3) ^
         static_cast<unsigned>((hash ^ (hash >> 32)) & 7);
}

namespace {
/// An interned object state in the table, with its hash beside the
/// pointer: a probe compares hashes without reading the state (a cache
/// miss each, most of the interning's time on large functions).
struct InternedRef {
  ObjectState *state;
  unsigned hash;
};
/// A state to look up, with its hash computed once.
struct StateLookup {
  const ObjectState &state;
  unsigned hash;
};
struct InternedRefInfo {
  static InternedRef getEmptyKey() {
    return {llvm::DenseMapInfo<ObjectState *>::getEmptyKey(), 0};
  }
  static InternedRef getTombstoneKey() {
    return {llvm::DenseMapInfo<ObjectState *>::getTombstoneKey(), 0};
  }
  static bool isMarker(const InternedRef &ref) {
    return ref.state == getEmptyKey().state ||
           ref.state == getTombstoneKey().state;
  }
  static unsigned getHashValue(const InternedRef &ref) { return ref.hash; }
  static unsigned getHashValue(const StateLookup &lookup) {
    return lookup.hash;
  }
  static bool isEqual(const InternedRef &lhs, const InternedRef &rhs) {
    return lhs.state == rhs.state;
  }
  static bool isEqual(const StateLookup &lookup, const InternedRef &rhs) {
    return lookup.hash == rhs.hash && !isMarker(rhs) &&
           lookup.state == *rhs.state;
  }
};
} // namespace

/// The interned object states of one context.
struct ProtocolState::Context::InternTable {
  /// Slabs: element addresses are stable, and a new state costs no malloc
  /// of its own (a deque of states this size holds one per block).
  llvm::SpecificBumpPtrAllocator<ObjectState> storage;
  llvm::DenseSet<InternedRef, InternedRefInfo> interned;
  /// What the context knows of one object value, computed on first use.
  struct Identity {
    bool creation = false;
    /// The created objects it may be; none when it may be any object.
    std::optional<SmallVector<Value, 2>> origins;
  };
  /// In slabs, so that a reference lasts while the map grows: a pair of
  /// values costs two lookups.
  llvm::SpecificBumpPtrAllocator<Identity> identityStorage;
  DenseMap<Value, Identity *> identities;

  const Identity &getIdentity(Value matmul) {
    auto [it, inserted] = identities.try_emplace(matmul);
    if (inserted) {
      it->second = new (identityStorage.Allocate()) Identity;
      it->second->creation = isMatmulCreation(matmul);
      SmallVector<Value, 4> origins;
      if (getMatmulObjectOrigins(matmul, origins))
        it->second->origins.emplace(origins.begin(), origins.end());
    }
    return *it->second;
  }
};

ProtocolState::Context::Context() : table(std::make_unique<InternTable>()) {}
ProtocolState::Context::~Context() = default;

bool ProtocolState::Context::isCreation(Value matmul) {
  return table->getIdentity(matmul).creation;
}

const SmallVector<Value, 2> *ProtocolState::Context::getOrigins(Value matmul) {
  const std::optional<SmallVector<Value, 2>> &origins =
      table->getIdentity(matmul).origins;
  return origins ? &*origins : nullptr;
}

bool ProtocolState::Context::mayBeSame(Value lhs, Value rhs) {
  // mayBeSameMatmulObject on the memoised identities. Not memoised per
  // pair: a kernel that makes a new select for every call asks of each
  // pair a few times, and a table of pairs cost more than the answers.
  if (lhs == rhs)
    return true;
  if (lhs.getType() != rhs.getType())
    return false;
  const InternTable::Identity &lhsIdentity = table->getIdentity(lhs);
  const InternTable::Identity &rhsIdentity = table->getIdentity(rhs);
  if (lhsIdentity.creation && rhsIdentity.creation)
    return false;
  if (!lhsIdentity.origins || !rhsIdentity.origins)
    return true;
  return llvm::any_of(*lhsIdentity.origins, [&](Value origin) {
    return llvm::is_contained(*rhsIdentity.origins, origin);
  });
}

/// The context's memoised answers where the state has one (a state built
/// empty has none).
static bool isCreation(ProtocolState::Context *context, Value matmul) {
  return context ? context->isCreation(matmul) : isMatmulCreation(matmul);
}
static bool mayBeSame(ProtocolState::Context *context, Value lhs, Value rhs) {
  return context ? context->mayBeSame(lhs, rhs)
                 : mayBeSameMatmulObject(lhs, rhs);
}

template <typename Object>
const ObjectState *ProtocolState::Context::internAny(Object &&object) {
  StateLookup lookup{object, hashObjectState(object)};
  auto it = table->interned.find_as(lookup);
  if (it != table->interned.end())
    return it->state;
  unsigned hash = lookup.hash;
  auto *interned =
      new (table->storage.Allocate()) ObjectState(std::forward<Object>(object));
  table->interned.insert({interned, hash});
  return interned;
}

const ObjectState *ProtocolState::Context::intern(const ObjectState &object) {
  return internAny(object);
}

const ObjectState *ProtocolState::Context::intern(ObjectState &&object) {
  return internAny(std::move(object));
}

ProtocolState::ProtocolState(Context &context) : context(&context) {}

bool ProtocolState::operator==(const ProtocolState &other) const {
  return objects == other.objects && unwaitedIssues == other.unwaitedIssues &&
         fetchConsumedIssues == other.fetchConsumedIssues &&
         unorderedFetches == other.unorderedFetches;
}

void ProtocolState::logInFlightChange(Operation *issue, bool inFlight) {
  if (context->changeLog)
    context->changeLog->push_back({issue, inFlight});
}

void ProtocolState::countInFlight(Operation *issue, int delta) {
  const unsigned *count = waitableInFlight.lookup(issue);
  unsigned updated = (count ? *count : 0) + delta;
  waitableInFlight =
      updated ? context->countFactory.add(waitableInFlight, issue, updated)
              : context->countFactory.remove(waitableInFlight, issue);
  if (updated == 0 || (!count && updated))
    logInFlightChange(issue, updated != 0);
}

bool ProtocolState::InFlightTrees::isSameAs(const InFlightTrees &other) const {
  return waitable.getRootWithoutRetain() ==
             other.waitable.getRootWithoutRetain() &&
         unwaited.getRootWithoutRetain() ==
             other.unwaited.getRootWithoutRetain() &&
         fetchConsumed.getRootWithoutRetain() ==
             other.fetchConsumed.getRootWithoutRetain();
}

void ProtocolState::forEachInFlight(
    function_ref<void(Operation *)> visit) const {
  for (const auto &entry : waitableInFlight)
    visit(entry.first);
  for (const Operation *issue : unwaitedIssues)
    visit(const_cast<Operation *>(issue));
  for (const Operation *issue : fetchConsumedIssues)
    visit(const_cast<Operation *>(issue));
}

void ProtocolState::countInFlight(const ObjectState *object, int delta) {
  for (Operation *event : object->events)
    if (isPendingIssue(event))
      countInFlight(event, delta);
}

void ProtocolState::replaceInFlight(const ObjectState *old,
                                    const ObjectState *updated) {
  // Both lists are sorted: only the events in one of them change a count.
  ArrayRef<Operation *> before = old->events, after = updated->events;
  while (!before.empty() || !after.empty()) {
    if (!after.empty() && (before.empty() || after.front() < before.front())) {
      if (isPendingIssue(after.front()))
        countInFlight(after.front(), +1);
      after = after.drop_front();
    } else if (after.empty() || before.front() < after.front()) {
      if (isPendingIssue(before.front()))
        countInFlight(before.front(), -1);
      before = before.drop_front();
    } else {
      before = before.drop_front();
      after = after.drop_front();
    }
  }
}

void ProtocolState::setInterned(const ObjectState *interned) {
  const void *key = getKey(interned->matmul);
  const ObjectState *const *old = objects.lookup(key);
  if (old && *old == interned)
    return;
  if (old) {
    replaceInFlight(*old, interned);
  } else {
    if (!isCreation(context, interned->matmul))
      indirectObjects = context->valueFactory.add(indirectObjects, key);
    countInFlight(interned, +1);
  }
  objects = context->objectFactory.add(objects, key, interned);
}

void ProtocolState::setObject(const ObjectState &object) {
  setInterned(context->intern(object));
}

void ProtocolState::setObject(ObjectState &&object) {
  setInterned(context->intern(std::move(object)));
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

void ProtocolState::eraseSettledObject(Value matmul) {
  const ObjectState *object = lookup(matmul);
  if (!object || !isCreation(context, matmul)) {
    eraseObject(matmul);
    return;
  }
  if (llvm::none_of(object->events, isPendingIssue))
    eraseObject(matmul);
}

bool ProtocolState::join(const ProtocolState &other) {
  if (this == &other || !other.context)
    return false;
  if (!context) {
    *this = other;
    return !objects.isEmpty() || !unwaitedIssues.isEmpty() ||
           !fetchConsumedIssues.isEmpty() || !unorderedFetches.isEmpty();
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
        joined.dropAlikeCalls(**own);
        if (joined == **own)
          continue;
      }
      setObject(std::move(joined));
      changed = true;
    }
  }
  for (auto [own, incoming] :
       {std::make_pair(&unwaitedIssues, &other.unwaitedIssues),
        std::make_pair(&fetchConsumedIssues, &other.fetchConsumedIssues)}) {
    if (own->getRootWithoutRetain() == incoming->getRootWithoutRetain())
      continue;
    for (const Operation *issue : *incoming) {
      if (own->contains(issue))
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
    if (other->matmul != matmul && mayBeSame(context, other->matmul, matmul))
      aliases.push_back(other);
  };
  if (isCreation(context, matmul)) {
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
  auto asMutable = [](const Operation *issue) {
    return const_cast<Operation *>(issue);
  };
  std::merge(llvm::map_iterator(unwaitedIssues.begin(), asMutable),
             llvm::map_iterator(unwaitedIssues.end(), asMutable),
             llvm::map_iterator(fetchConsumedIssues.begin(), asMutable),
             llvm::map_iterator(fetchConsumedIssues.end(), asMutable),
             std::back_inserter(issues));
  return issues;
}

ProtocolState::OpSet &ProtocolState::getUnwaitedSetOf(Operation *issue) {
  return isFetchConsumedIssue(issue) ? fetchConsumedIssues : unwaitedIssues;
}

void ProtocolState::addUnwaitedIssue(Operation *issue) {
  OpSet &issues = getUnwaitedSetOf(issue);
  if (issues.contains(issue))
    return;
  issues = context->opFactory.add(issues, issue);
  logInFlightChange(issue, /*inFlight=*/true);
}

void ProtocolState::removeUnwaitedIssue(Operation *issue) {
  OpSet &issues = getUnwaitedSetOf(issue);
  if (!issues.contains(issue))
    return;
  issues = context->opFactory.remove(issues, issue);
  logInFlightChange(issue, /*inFlight=*/false);
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
      setObject(std::move(updated));
  }
}

ObjectState ObjectState::getUnknown(Value matmul) {
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
  std::optional<ArrayRef<Value>> origins;
  SmallVector<Value, 4> ownOrigins;
  if (context) {
    if (const SmallVector<Value, 2> *known = context->getOrigins(matmul))
      origins = ArrayRef<Value>(*known);
  } else if (getMatmulObjectOrigins(matmul, ownOrigins)) {
    origins = ArrayRef<Value>(ownOrigins);
  }
  if (origins &&
      llvm::all_of(*origins, [&](Value origin) { return lookup(origin); })) {
    ObjectState view = *lookup(origins->front());
    for (Value origin : origins->drop_front())
      view.join(*lookup(origin));
    view.matmul = matmul;
    return view;
  }
  ObjectState view = ObjectState::getUnknown(matmul);
  forEachOtherAlias(matmul,
                    [&](const ObjectState &other) { view.join(other); });
  return view;
}

/// Two Matmul calls that act alike: the same op with the same attributes on
/// the same memory (or on none). Outside the events, the analyses ask what
/// such a call staged, held or posted, never which of two alike calls it was.
static bool actAlike(Operation *lhs, Operation *rhs) {
  if (!lhs || !rhs || lhs->getName() != rhs->getName() ||
      lhs->getRawDictionaryAttrs() != rhs->getRawDictionaryAttrs())
    return false;
  // The inherent attributes compared where they live: getAttrDictionary
  // would build a dictionary of an op's properties on every call.
  if (lhs->getPropertiesStorage() &&
      !lhs->getName().compareOpProperties(lhs->getPropertiesStorage(),
                                          rhs->getPropertiesStorage()))
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
    if (llvm::is_contained(before, call) ||
        llvm::none_of(before,
                      [&](Operation *old) { return actAlike(old, call); }))
      return false;
    auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(call);
    return !issue ||
           (!issue.isConsumedByFetches() && !(isEvents && issue.isAsync()));
  });
}

void ObjectState::dropAlikeCalls(const ObjectState &before) {
  ::dropAlikeCalls(events, before.events, /*isEvents=*/true);
  for (unsigned slot = 0; slot < kNumMatmulSlots; ++slot)
    ::dropAlikeCalls(setters[slot], before.setters[slot], false);
  ::dropAlikeCalls(postsWithoutInputs, before.postsWithoutInputs, false);
  ::dropAlikeCalls(staged, before.staged, false);
  ::dropAlikeCalls(appliedBias, before.appliedBias, false);
  ::dropAlikeCalls(lastComputations, before.lastComputations, false);
}

//===----------------------------------------------------------------------===//
// Object identity
//===----------------------------------------------------------------------===//
//
// A creation (a use of kind Create, isMatmulCreation) is what defines one
// object, and a select of created objects is one of them; any other value is
// some object of its type.

bool mlir::asc::getMatmulObjectOrigins(Value object,
                                       SmallVectorImpl<Value> &origins) {
  // Deep select trees are rare; past this, any object of the type.
  constexpr unsigned kMaxOrigins = 8;
  SmallVector<Value, 4> worklist{object};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (isMatmulCreation(value)) {
      if (!llvm::is_contained(origins, value))
        origins.push_back(value);
    } else if (auto select = value.getDefiningOp<arith::SelectOp>()) {
      worklist.push_back(select.getTrueValue());
      worklist.push_back(select.getFalseValue());
    } else {
      return false;
    }
    if (origins.size() + worklist.size() > kMaxOrigins)
      return false;
  }
  return true;
}

bool mlir::asc::mayBeSameMatmulObject(Value lhs, Value rhs) {
  if (lhs == rhs)
    return true;
  if (lhs.getType() != rhs.getType())
    return false;
  bool lhsCreated = isMatmulCreation(lhs);
  bool rhsCreated = isMatmulCreation(rhs);
  if (lhsCreated && rhsCreated)
    return false;
  SmallVector<Value, 4> lhsOrigins, rhsOrigins;
  if (getMatmulObjectOrigins(lhs, lhsOrigins) &&
      getMatmulObjectOrigins(rhs, rhsOrigins))
    return llvm::any_of(lhsOrigins, [&](Value origin) {
      return llvm::is_contained(rhsOrigins, origin);
    });
  return true;
}

bool mlir::asc::hasOperandDenoting(Operation *op, Value matmul) {
  return llvm::any_of(op->getOperands(), [&](Value operand) {
    return isa<MatmulType>(operand.getType()) &&
           mayBeSameMatmulObject(operand, matmul);
  });
}
