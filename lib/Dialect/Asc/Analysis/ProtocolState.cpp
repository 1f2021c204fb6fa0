//===- ProtocolState.cpp - Matmul protocol state --------------------------===//
//
// The persistent protocol state of the Matmul objects at one program point,
// and which objects a value may denote.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolState.h"
#include "asc/Dialect/Asc/Analysis/AnalysisArena.h"
#include "asc/Dialect/Asc/Analysis/ProgramOrderKeys.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Allocator.h"
#include <deque>

using namespace mlir;
using namespace mlir::asc;

using ObjectState = ProtocolState::ObjectState;

//===----------------------------------------------------------------------===//
// ProtocolState
//===----------------------------------------------------------------------===//

static const void *getKey(Value matmul) { return matmul.getAsOpaquePointer(); }

ObjectState::Entries &ObjectState::Entries::operator=(const Entries &other) {
  if (this != &other)
    assign(other.begin(), other.end());
  return *this;
}

ObjectState::Entries &ObjectState::Entries::operator=(Entries &&other) {
  if (this == &other)
    return *this;
  if (!other.ownsHeap())
    return *this = static_cast<const Entries &>(other);
  release();
  storage = other.storage;
  count = other.count;
  capacity = other.capacity;
  other.storage = other.inlineStorage;
  other.count = 0;
  other.capacity = kInline;
  return *this;
}

void ObjectState::Entries::release() {
  if (ownsHeap())
    free(storage);
  storage = inlineStorage;
  count = 0;
  capacity = kInline;
}

void ObjectState::Entries::reserve(size_t size) {
  if (size <= capacity)
    return;
  size_t grown = std::max<size_t>(size, 2 * size_t(capacity));
  auto *heap =
      static_cast<Operation **>(llvm::safe_malloc(grown * sizeof(Operation *)));
  std::copy(begin(), end(), heap);
  uint32_t kept = count;
  release();
  storage = heap;
  count = kept;
  capacity = grown;
}

void ObjectState::Entries::insert(Operation **pos, size_t number,
                                  Operation *value) {
  size_t index = pos - storage;
  reserve(count + number);
  pos = storage + index;
  std::move_backward(pos, end(), end() + number);
  std::fill_n(pos, number, value);
  count += number;
}

void ObjectState::Entries::erase(Operation **first, Operation **last) {
  std::move(last, end(), first);
  count -= last - first;
}

void ObjectState::Entries::assign(Operation *const *first,
                                  Operation *const *last) {
  size_t size = last - first;
  if (size > capacity || !capacity) {
    // A frozen array is never written: a copy gets storage of its own.
    SmallVector<Operation *, 8> copy(first, last);
    release();
    reserve(size);
    std::copy(copy.begin(), copy.end(), storage);
  } else {
    std::copy(first, last, storage);
  }
  count = size;
}

void ObjectState::shiftEnds(List list, int delta) {
  for (unsigned index = static_cast<unsigned>(list); index < kNumLists; ++index)
    ends[index] += delta;
}

bool ObjectState::insert(List list, Operation *op) {
  ArrayRef<Operation *> current = get(list);
  auto it = llvm::lower_bound(current, op);
  if (it != current.end() && *it == op)
    return false;
  entries.insert(entries.begin() + (it - entries.data()), 1, op);
  shiftEnds(list, +1);
  return true;
}

void ObjectState::replace(List list, ArrayRef<Operation *> sorted) {
  ArrayRef<Operation *> current = get(list);
  size_t begin = current.data() - entries.data();
  size_t oldSize = current.size();
  if (sorted.size() > oldSize)
    entries.insert(entries.begin() + begin + oldSize, sorted.size() - oldSize,
                   nullptr);
  else if (sorted.size() < oldSize)
    entries.erase(entries.begin() + begin + sorted.size(),
                  entries.begin() + begin + oldSize);
  llvm::copy(sorted, entries.begin() + begin);
  shiftEnds(list, int(sorted.size()) - int(oldSize));
}

/// True when `ops` is sorted with no duplicates.
static bool isStrictlySorted(ArrayRef<Operation *> ops) {
  for (size_t index = 1; index < ops.size(); ++index)
    if (!(ops[index - 1] < ops[index]))
      return false;
  return true;
}

void ObjectState::assign(List list, ArrayRef<Operation *> ops) {
  if (isStrictlySorted(ops))
    return replace(list, ops);
  SmallVector<Operation *, 4> sorted(ops);
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  replace(list, sorted);
}

void ObjectState::eraseIf(List list, function_ref<bool(Operation *)> pred) {
  ArrayRef<Operation *> current = get(list);
  auto first = entries.begin() + (current.data() - entries.data());
  auto last = first + current.size();
  auto kept = std::remove_if(first, last, pred);
  int removed = last - kept;
  if (!removed)
    return;
  entries.erase(kept, last);
  shiftEnds(list, -removed);
}

bool ObjectState::ListRef::insertAll(ArrayRef<Operation *> ops) {
  ArrayRef<Operation *> current = get();
  if (std::includes(current.begin(), current.end(), ops.begin(), ops.end()))
    return false;
  SmallVector<Operation *, 8> merged;
  merged.resize_for_overwrite(current.size() + ops.size());
  Operation **out = std::set_union(current.begin(), current.end(), ops.begin(),
                                   ops.end(), merged.begin());
  owner.replace(list, ArrayRef(merged.begin(), out));
  return true;
}

bool ObjectState::join(const ObjectState &other) {
  if (ends == other.ends && entries == other.entries)
    return false;
  // One merge over every list, into a vector of its own.
  SmallVector<Operation *, 16> merged;
  merged.resize_for_overwrite(entries.size() + other.entries.size());
  Operation **out = merged.begin();
  std::array<uint32_t, kNumLists> mergedEnds;
  for (unsigned index = 0; index < kNumLists; ++index) {
    auto list = static_cast<List>(index);
    ArrayRef<Operation *> own = get(list), theirs = other.get(list);
    out = std::set_union(own.begin(), own.end(), theirs.begin(), theirs.end(),
                         out);
    mergedEnds[index] = out - merged.begin();
  }
  if (size_t(out - merged.begin()) == entries.size())
    return false;
  entries.assign(merged.begin(), out);
  ends = mergedEnds;
  return true;
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
  for (unsigned end : object.getListEnds())
    mix(reinterpret_cast<const void *>(uintptr_t(end)));
  for (Operation *op : object.getAllEntries())
    mix(op);
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
  /// isPendingIssue of each op asked.
  DenseMap<Operation *, bool, ProgramOrderInfo<Operation>> pendingIssues;
  /// getQueueBuffer of each tensor asked.
  DenseMap<Value, Value> queueBuffers;
  /// getFlagKey: one key per event and id (a constant's value, or a
  /// value), each an element of flagKeyStorage; the ops asked, memoised.
  /// The event, the id's value (null for a constant) and the constant.
  using FlagKeyTuple = std::tuple<unsigned, const void *, int64_t>;
  DenseMap<FlagKeyTuple, const char *> flagKeys;
  std::deque<char> flagKeyStorage;
  DenseMap<Operation *, const void *> flagKeyOfOp;

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

/// The previous EnQue or DeQue of `queue` before `op` in its block, if any.
static Operation *previousHandOff(Operation *op, Value queue) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
    if (isa<QueueEnQueOp, QueueDeQueOp>(prev) &&
        llvm::is_contained(prev->getOperands(), queue))
      return prev;
  return nullptr;
}

/// The tensor the DeQue `deque` hands back, when the kernel pins it down:
/// every DeQue of the queue comes right after an EnQue of it in its block
/// (no other hand-off of the queue in between) and every EnQue right
/// before a DeQue, so the queue holds one buffer at most, the one just
/// enqueued. Otherwise (double buffering, a DeQue in the next trip of a
/// loop) which buffer comes back is not known here.
static Value getDequeuedTensor(QueueDeQueOp deque) {
  Value queue = deque.getQueue();
  for (Operation *user : queue.getUsers()) {
    if (isa<QueueDeQueOp>(user) &&
        !isa_and_nonnull<QueueEnQueOp>(previousHandOff(user, queue)))
      return Value();
    if (!isa<QueueEnQueOp>(user))
      continue;
    // The next hand-off after the EnQue is a DeQue.
    Operation *next = user->getNextNode();
    while (next && !(isa<QueueEnQueOp, QueueDeQueOp>(next) &&
                     llvm::is_contained(next->getOperands(), queue)))
      next = next->getNextNode();
    if (!isa_and_nonnull<QueueDeQueOp>(next))
      return Value();
  }
  return cast<QueueEnQueOp>(previousHandOff(deque, queue)).getTensor();
}

/// The buffer `tensor` is a name of, as far as the queue calls tell: a view
/// names its source, and a DeQue names the buffer enqueued right before it
/// (getDequeuedTensor). Anything else is its own buffer.
static Value computeQueueBuffer(Value tensor) {
  for (unsigned depth = 0; depth < 8; ++depth) {
    Operation *def = tensor.getDefiningOp();
    if (auto view = dyn_cast_or_null<MemoryViewOpInterface>(def)) {
      tensor = view.getViewSource();
      continue;
    }
    // Every tensor a TBuf hands out is its one buffer.
    if (auto source = dyn_cast_or_null<BufferSourceOpInterface>(def)) {
      BufferSource buffer = source.getBufferSource();
      if (buffer.kind == BufferSource::Kind::WholeBuffer)
        return buffer.from;
    }
    auto deque = dyn_cast_or_null<QueueDeQueOp>(def);
    Value enqueued = deque ? getDequeuedTensor(deque) : Value();
    if (!enqueued)
      return tensor;
    tensor = enqueued;
  }
  return tensor;
}

Value ProtocolState::Context::getQueueBuffer(Value tensor) {
  auto [it, inserted] = table->queueBuffers.try_emplace(tensor);
  if (inserted)
    it->second = computeQueueBuffer(tensor);
  return it->second;
}

bool ProtocolState::Context::isPendingIssue(Operation *op) {
  if (!op)
    return false;
  auto [it, inserted] = table->pendingIssues.try_emplace(op);
  if (inserted)
    it->second = mlir::asc::isPendingIssue(op);
  return it->second;
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
  // In the arena, with its lists (Entries::freezeInto): it owns nothing
  // to destroy, and a new state costs no malloc of its own.
  auto *interned = new (arena.Allocate<ObjectState>())
      ObjectState(std::forward<Object>(object));
  interned->freezeInto(arena);
  table->interned.insert({interned, hash});
  return interned;
}

const ObjectState *ProtocolState::Context::intern(const ObjectState &object) {
  return internAny(object);
}

const ObjectState *ProtocolState::Context::intern(ObjectState &&object) {
  return internAny(std::move(object));
}

/// True when `value` is defined where nothing runs it again while its
/// function runs: in no loop, no region of unknown control flow and no
/// block of a CFG region but its entry.
static bool isDefinedOncePerRun(Value value) {
  for (Block *block = value.getParentBlock(); block;) {
    Region *region = block->getParent();
    if (!region->hasOneBlock() && &region->front() != block)
      return false;
    Operation *parent = region->getParentOp();
    if (isa<FunctionOpInterface>(parent))
      return true;
    auto branch = dyn_cast<RegionBranchOpInterface>(parent);
    if (!branch || branch.hasLoop())
      return false;
    block = parent->getBlock();
  }
  return false;
}

bool mlir::asc::isFlagIdFixedPerRun(Value id) {
  return matchPattern(id, m_Constant()) || isDefinedOncePerRun(id);
}

const void *ProtocolState::Context::getFlagKey(Operation *flagOp) {
  auto [memo, inserted] = table->flagKeyOfOp.try_emplace(flagOp, nullptr);
  if (!inserted)
    return memo->second;
  // A cross-core flag of mode m keys as an event past HardEvent's values,
  // one per mode: its counter is not a SetFlag/WaitFlag event's.
  constexpr unsigned kCrossCoreEvents = 1u << 16;
  unsigned event;
  Value id;
  if (auto set = dyn_cast<SetFlagOp>(flagOp))
    std::tie(event, id) = std::make_pair(unsigned(set.getEvent()), set.getId());
  else if (auto wait = dyn_cast<WaitFlagOp>(flagOp))
    std::tie(event, id) =
        std::make_pair(unsigned(wait.getEvent()), wait.getId());
  else if (auto set = dyn_cast<CrossCoreSetFlagOp>(flagOp))
    std::tie(event, id) =
        std::make_pair(kCrossCoreEvents + set.getMode(), set.getId());
  else if (auto wait = dyn_cast<CrossCoreWaitFlagOp>(flagOp))
    std::tie(event, id) =
        std::make_pair(kCrossCoreEvents + wait.getMode(), wait.getId());
  else
    return nullptr;
  InternTable::FlagKeyTuple key;
  APInt constant;
  if (matchPattern(id, m_ConstantInt(&constant)))
    key = {event, nullptr, constant.getSExtValue()};
  else
    key = {event, id.getAsOpaquePointer(), 0};
  auto [entry, fresh] = table->flagKeys.try_emplace(key, nullptr);
  if (fresh) {
    table->flagKeyStorage.emplace_back();
    entry->second = &table->flagKeyStorage.back();
  }
  return table->flagKeyOfOp[flagOp] = entry->second;
}

void ProtocolState::Context::reserveInterned(size_t count) {
  table->interned.reserve(count);
}

ProtocolState::ProtocolState(Context &context) : context(&context) {}

bool ProtocolState::operator==(const ProtocolState &other) const {
  return objects == other.objects && unwaitedIssues == other.unwaitedIssues &&
         fetchConsumedIssues == other.fetchConsumedIssues &&
         pipeAccesses == other.pipeAccesses && postsSeen == other.postsSeen &&
         flagsSeen == other.flagsSeen;
}

void ProtocolState::logInFlightChange(Operation *issue, bool inFlight) {
  if (context->changeLog)
    context->changeLog->push_back({issue, inFlight});
  // A call no tree holds any more was completed: no wait is left for its
  // signal.
  if (!inFlight && postsSeen.contains(issue) &&
      !waitableInFlight.contains(issue) && !unwaitedIssues.contains(issue) &&
      !fetchConsumedIssues.contains(issue))
    postsSeen = postsSeen.remove(issue, context->arena);
}

void ProtocolState::countInFlight(Operation *issue, int delta) {
  const unsigned *count = waitableInFlight.lookup(issue);
  unsigned updated = (count ? *count : 0) + delta;
  waitableInFlight = updated
                         ? waitableInFlight.add(issue, updated, context->arena)
                         : waitableInFlight.remove(issue, context->arena);
  if (updated == 0 || (!count && updated))
    logInFlightChange(issue, updated != 0);
}

bool ProtocolState::InFlightTrees::isSameAs(const InFlightTrees &other) const {
  return waitable.getRoot() == other.waitable.getRoot() &&
         unwaited.getRoot() == other.unwaited.getRoot() &&
         fetchConsumed.getRoot() == other.fetchConsumed.getRoot();
}

void ProtocolState::forEachInFlight(
    function_ref<void(Operation *)> visit) const {
  for (const auto &entry : waitableInFlight)
    visit(entry.first);
  for (Operation *issue : unwaitedIssues)
    visit(issue);
  for (Operation *issue : fetchConsumedIssues)
    visit(issue);
}

void ProtocolState::countInFlight(const ObjectState *object, int delta) {
  for (Operation *event : object->events())
    if (context->isPendingIssue(event))
      countInFlight(event, delta);
}

void ProtocolState::replaceInFlight(const ObjectState *old,
                                    const ObjectState *updated) {
  // Both lists are sorted: only the events in one of them change a count.
  ArrayRef<Operation *> before = old->events(), after = updated->events();
  while (!before.empty() || !after.empty()) {
    if (!after.empty() && (before.empty() || after.front() < before.front())) {
      if (context->isPendingIssue(after.front()))
        countInFlight(after.front(), +1);
      after = after.drop_front();
    } else if (after.empty() || before.front() < after.front()) {
      if (context->isPendingIssue(before.front()))
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
      indirectObjects = indirectObjects.add(key, context->arena);
    countInFlight(interned, +1);
  }
  objects = objects.add(key, interned, context->arena);
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
  objects = objects.remove(key, context->arena);
  indirectObjects = indirectObjects.remove(key, context->arena);
}

void ProtocolState::eraseSettledObject(Value matmul) {
  const ObjectState *object = lookup(matmul);
  if (!object || !isCreation(context, matmul)) {
    eraseObject(matmul);
    return;
  }
  if (llvm::none_of(object->events(), isPendingIssue))
    eraseObject(matmul);
}

template <typename Key>
bool ProtocolState::mergeSeenAccesses(PersistentMap<Key, OpSet> &own,
                                      const PersistentMap<Key, OpSet> &incoming,
                                      const ProtocolState &other) {
  if (own.getRoot() == incoming.getRoot())
    return false;
  // An access both paths' posts (or sets) saw, or that one path saw and
  // the other has no instance of (nothing to order there). A path without
  // the post saw nothing. Decided on the accesses before they merge.
  auto merge = [&](const OpSet *ownSeen, const OpSet *incomingSeen) {
    OpSet merged;
    auto keep = [&](Operation *access, const OpSet *seen,
                    const PersistentMap<Operation *, PipeAccess> &accesses) {
      return (seen && seen->contains(access)) || !accesses.contains(access);
    };
    if (ownSeen)
      for (Operation *access : *ownSeen)
        if (keep(access, incomingSeen, other.pipeAccesses))
          merged = merged.add(access, context->arena);
    if (incomingSeen)
      for (Operation *access : *incomingSeen)
        if (keep(access, ownSeen, pipeAccesses))
          merged = merged.add(access, context->arena);
    return merged;
  };
  SmallVector<std::pair<Key, OpSet>> updates;
  for (const auto &[key, seen] : own) {
    const OpSet *theirs = incoming.lookup(key);
    if (theirs && theirs->getRoot() == seen.getRoot())
      continue;
    if (OpSet merged = merge(&seen, theirs); merged != seen)
      updates.push_back({key, merged});
  }
  for (const auto &[key, theirs] : incoming)
    if (!own.contains(key))
      if (OpSet merged = merge(nullptr, &theirs); !merged.isEmpty())
        updates.push_back({key, merged});
  for (auto &[key, merged] : updates)
    own = merged.isEmpty() ? own.remove(key, context->arena)
                           : own.add(key, merged, context->arena);
  return !updates.empty();
}

bool ProtocolState::join(const ProtocolState &other) {
  if (this == &other || !other.context)
    return false;
  if (!context) {
    *this = other;
    return !objects.isEmpty() || !unwaitedIssues.isEmpty() ||
           !fetchConsumedIssues.isEmpty() || hasPipeAccesses();
  }
  bool changed = false;
  if (objects.getRoot() != other.objects.getRoot()) {
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
    if (own->getRoot() == incoming->getRoot())
      continue;
    for (Operation *issue : *incoming) {
      if (own->contains(issue))
        continue;
      addUnwaitedIssue(issue);
      changed = true;
    }
  }
  // What a post or a flag's set saw, at the merge.
  changed |= mergeSeenAccesses(postsSeen, other.postsSeen, other);
  changed |= mergeSeenAccesses(flagsSeen, other.flagsSeen, other);
  // An access some pipe may not be ordered after on one path is so at the
  // merge.
  if (pipeAccesses.getRoot() != other.pipeAccesses.getRoot()) {
    for (auto [op, incoming] : other.pipeAccesses) {
      const PipeAccess *own = pipeAccesses.lookup(op);
      PipeAccess merged = incoming;
      if (own)
        merged.unorderedFor |= own->unorderedFor;
      if (own && *own == merged)
        continue;
      if (own)
        countPipeAccess(op, *own, -1);
      countPipeAccess(op, merged, 1);
      pipeAccesses = pipeAccesses.add(op, merged, context->arena);
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
  } else if (const SmallVector<Value, 2> *origins =
                 context ? context->getOrigins(matmul) : nullptr) {
    // A select of created objects is one of them, or another name that
    // may be one of them: no other created object.
    for (Value origin : *origins)
      if (const ObjectState *const *entry = objects.lookup(getKey(origin)))
        aliases.push_back(*entry);
    for (const void *key : indirectObjects)
      consider(*objects.lookup(key));
    // Sorted by key, as a walk of the whole map gives them.
    llvm::sort(aliases, [](const ObjectState *lhs, const ObjectState *rhs) {
      return getKey(lhs->matmul) < getKey(rhs->matmul);
    });
  } else {
    for (const auto &entry : objects)
      consider(entry.second);
  }
  for (const ObjectState *other : aliases)
    update(*other);
}

SmallVector<Operation *> ProtocolState::getUnwaitedIssues() const {
  SmallVector<Operation *> issues;
  std::merge(unwaitedIssues.begin(), unwaitedIssues.end(),
             fetchConsumedIssues.begin(), fetchConsumedIssues.end(),
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
  issues = issues.add(issue, context->arena);
  logInFlightChange(issue, /*inFlight=*/true);
}

void ProtocolState::removeUnwaitedIssue(Operation *issue) {
  OpSet &issues = getUnwaitedSetOf(issue);
  if (!issues.contains(issue))
    return;
  issues = issues.remove(issue, context->arena);
  logInFlightChange(issue, /*inFlight=*/false);
}

SmallVector<Operation *> ProtocolState::getFetchConsumedIssues() const {
  SmallVector<Operation *> issues;
  for (Operation *issue : fetchConsumedIssues)
    issues.push_back(issue);
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

uint8_t ProtocolState::pipeBit(PipeKind pipe) {
  switch (pipe) {
  case PipeKind::PIPE_S:
    return 1;
  case PipeKind::PIPE_V:
    return 2;
  case PipeKind::PIPE_MTE2:
    return 4;
  case PipeKind::PIPE_MTE3:
    return 8;
  case PipeKind::PIPE_ALL:
    return 15;
  default:
    return 0;
  }
}

SmallVector<std::pair<Operation *, ProtocolState::PipeAccess>>
ProtocolState::getPipeAccessesUnorderedFor(uint8_t pipes) const {
  SmallVector<std::pair<Operation *, PipeAccess>> found;
  if (llvm::none_of(llvm::seq(0u, 4u), [&](unsigned bit) {
        return (pipes & (1u << bit)) && unorderedCounts[bit];
      }))
    return found;
  for (auto [op, access] : pipeAccesses)
    if (access.unorderedFor & pipes)
      found.push_back({op, access});
  return found;
}

/// Takes `op` out of every set of `seenBy` (what posts or flags' sets saw).
template <typename Key>
static void forgetAccess(PersistentMap<Key, ProtocolState::OpSet> &seenBy,
                         Operation *op, AnalysisArena &arena) {
  SmallVector<std::pair<Key, ProtocolState::OpSet>> updates;
  for (const auto &[key, seen] : seenBy)
    if (seen.contains(op))
      updates.push_back({key, seen.remove(op, arena)});
  for (auto &[key, seen] : updates)
    seenBy = seen.isEmpty() ? seenBy.remove(key, arena)
                            : seenBy.add(key, seen, arena);
}

void ProtocolState::recordPipeAccess(Operation *op, PipeKind pipe,
                                     uint8_t unorderedFor) {
  // No post or flag's set made so far saw this access: only an earlier
  // one of the op.
  forgetAccess(postsSeen, op, context->arena);
  forgetAccess(flagsSeen, op, context->arena);
  setPipeAccess(op, pipe, unorderedFor);
}

void ProtocolState::setPipeAccess(Operation *op, PipeKind pipe,
                                  uint8_t unorderedFor) {
  const PipeAccess *old = pipeAccesses.lookup(op);
  if (old)
    countPipeAccess(op, *old, -1);
  if (unorderedFor) {
    countPipeAccess(op, {pipe, unorderedFor}, 1);
    pipeAccesses = pipeAccesses.add(op, {pipe, unorderedFor}, context->arena);
  } else if (old) {
    pipeAccesses = pipeAccesses.remove(op, context->arena);
  }
}

void ProtocolState::orderPipes(PipeKind from, PipeKind to,
                               function_ref<bool(Operation *)> before) {
  uint8_t fromBit = pipeBit(from), toBit = pipeBit(to);
  for (auto [op, access] : getPipeAccessesUnorderedFor(toBit)) {
    bool seenByFrom = access.pipe == from || !(access.unorderedFor & fromBit);
    if (seenByFrom && (!before || before(op)))
      setPipeAccess(op, access.pipe, access.unorderedFor & ~toBit);
  }
}

bool ProtocolState::recordFlagSet(Operation *set, PipeKind from) {
  const void *flag = context->getFlagKey(set);
  if (!flag)
    return false;
  uint8_t fromBit = pipeBit(from);
  OpSet seen;
  for (auto [op, access] : pipeAccesses)
    if (access.pipe == from || !(access.unorderedFor & fromBit))
      seen = seen.add(op, context->arena);
  // Set again before its wait: the wait may return on the first set.
  if (const OpSet *earlier = flagsSeen.lookup(flag)) {
    OpSet both;
    for (Operation *op : seen)
      if (earlier->contains(op))
        both = both.add(op, context->arena);
    seen = both;
  }
  flagsSeen = seen.isEmpty() ? flagsSeen.remove(flag, context->arena)
                             : flagsSeen.add(flag, seen, context->arena);
  return true;
}

bool ProtocolState::orderThroughFlag(Operation *wait, PipeKind to) {
  const void *flag = context->getFlagKey(wait);
  if (!flag)
    return false;
  const OpSet *seen = flagsSeen.lookup(flag);
  if (!seen)
    return true;
  uint8_t toBit = pipeBit(to);
  SmallVector<std::pair<Operation *, PipeAccess>> ordered;
  for (Operation *op : *seen)
    if (const PipeAccess *access = pipeAccesses.lookup(op))
      ordered.push_back({op, *access});
  for (auto [op, access] : ordered)
    setPipeAccess(op, access.pipe, access.unorderedFor & ~toBit);
  flagsSeen = flagsSeen.remove(flag, context->arena);
  return true;
}

/// True when the post of a call now would see `access` (O8: the scalar
/// unit made it or is ordered after it, or MTE3 is).
static bool isSeenByPost(const ProtocolState::PipeAccess &access) {
  uint8_t seen = ProtocolState::pipeBit(PipeKind::PIPE_S) |
                 ProtocolState::pipeBit(PipeKind::PIPE_MTE3);
  return (ProtocolState::pipeBit(access.pipe) & seen) ||
         (~access.unorderedFor & seen);
}

void ProtocolState::countPipeAccess(Operation *op, const PipeAccess &access,
                                    int delta) {
  for (unsigned bit = 0; bit < 4; ++bit)
    if (access.unorderedFor & (1u << bit))
      unorderedCounts[bit] += delta;
  if (isSeenByPost(access))
    seenByPost = delta > 0 ? seenByPost.add(op, context->arena)
                           : seenByPost.remove(op, context->arena);
}

void ProtocolState::orderThroughServer() {
  // Collected first, as the other updates do: setPipeAccess replaces the
  // set being walked.
  for (auto [op, access] : getAccessesOrderedThroughPost(/*issue=*/nullptr))
    setPipeAccess(op, access.pipe, 0);
}

void ProtocolState::recordPost(Operation *issue) {
  // The set is persistent: the post keeps this version of it.
  OpSet seen = seenByPost;
  postsSeen = seen.isEmpty() ? postsSeen.remove(issue, context->arena)
                             : postsSeen.add(issue, seen, context->arena);
}

void ProtocolState::orderThroughPostOf(Operation *issue) {
  for (auto [op, access] : getAccessesOrderedThroughPost(issue))
    setPipeAccess(op, access.pipe, 0);
}

SmallVector<std::pair<Operation *, ProtocolState::PipeAccess>>
ProtocolState::getAccessesOrderedThroughPost(Operation *issue) const {
  SmallVector<std::pair<Operation *, PipeAccess>> found;
  const OpSet *seen = issue ? postsSeen.lookup(issue) : &seenByPost;
  if (!seen)
    return found;
  for (Operation *op : *seen)
    if (const PipeAccess *access = pipeAccesses.lookup(op))
      found.push_back({op, *access});
  return found;
}

SmallVector<Operation *> ProtocolState::getRecordedPosts() const {
  SmallVector<Operation *> issues;
  for (const auto &entry : postsSeen)
    issues.push_back(entry.first);
  return issues;
}

void ProtocolState::pipeBarrier(PipeKind pipe) {
  if (pipe == PipeKind::PIPE_ALL) {
    pipeAccesses = {};
    unorderedCounts = {};
    seenByPost = {};
    return;
  }
  uint8_t bit = pipeBit(pipe);
  for (auto [op, access] : getPipeAccessesUnorderedFor(bit))
    if (access.pipe == pipe)
      setPipeAccess(op, access.pipe, access.unorderedFor & ~bit);
}

SmallVector<Operation *>
ProtocolState::getUnorderedFetches(PipeKind pipe) const {
  SmallVector<Operation *> fetches;
  for (auto [op, access] : getPipeAccessesUnorderedFor(pipeBit(pipe)))
    if (access.pipe == PipeKind::PIPE_MTE2 && isa<MatmulOpInterface>(op))
      fetches.push_back(op);
  return fetches;
}

/// True when `fetch` wrote the buffer `tensor` names.
static bool fetchedInto(ProtocolState::Context &context, Operation *fetch,
                        Value tensor) {
  Value buffer = context.getQueueBuffer(tensor);
  return llvm::any_of(getLocalDestinations(fetch), [&](Value destination) {
    return context.getQueueBuffer(destination) == buffer;
  });
}

void ProtocolState::releaseFetchedBlocks(Value tensor) {
  uint8_t scalar = pipeBit(PipeKind::PIPE_S);
  for (Operation *fetch : getUnorderedFetches(PipeKind::PIPE_S))
    if (fetchedInto(*context, fetch, tensor))
      setPipeAccess(fetch, PipeKind::PIPE_MTE2,
                    pipeAccesses.lookup(fetch)->unorderedFor & ~scalar);
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
  ObjectState object(matmul);
  object.events().insert(nullptr);
  for (unsigned slot = 0; slot < kNumMatmulSlots; ++slot)
    object.setters(slot).insert(nullptr);
  object.lastComputations().insert(nullptr);
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
static void dropAlikeCalls(ObjectState::ListRef list,
                           ArrayRef<Operation *> before, bool isEvents) {
  if (list.size() == before.size())
    return;
  list.eraseIf([&](Operation *call) {
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
  // Every list but the unfetched calls, which stay themselves.
  for (unsigned index = 0; index < kNumLists; ++index) {
    auto list = static_cast<List>(index);
    if (list != List::Unfetched)
      ::dropAlikeCalls(get(list), before.get(list), list == List::Events);
  }
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
