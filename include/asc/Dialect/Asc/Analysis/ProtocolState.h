//===- ProtocolState.h - Matmul protocol state and transfer -----*- C++ -*-===//
//
// The bottom layer of the protocol analysis: which Matmul objects a value
// may denote, the protocol state of the objects at one program point (the
// events that may have happened last, the memory in effect in each slot of
// an object's state, the client's staged message, the fetched blocks whose
// pipes are not ordered yet), and the transfer function of one operation.
// ProtocolAnalysis.h propagates these states through a function.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLSTATE_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLSTATE_H

#include "asc/Dialect/Asc/Analysis/PersistentMap.h"
#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include <array>
#include <memory>

namespace mlir::asc {

//===----------------------------------------------------------------------===//
// Object identity
//===----------------------------------------------------------------------===//

/// Collects the `matmul.create` results that `object` may be, through
/// `arith.select` operands; false when one of its origins is something else
/// (a block argument, a call result: any object of its type) or there are
/// too many to follow.
bool getMatmulObjectOrigins(Value object, SmallVectorImpl<Value> &origins);

/// True when `lhs` and `rhs` may denote the same Matmul object: the same
/// value, values of one type whose known origins (getMatmulObjectOrigins)
/// meet, or values of one type of which one has unknown origins (any object
/// of its type).
bool mayBeSameMatmulObject(Value lhs, Value rhs);

/// True when an operand of `op` itself (not of the ops nested in it) is a
/// Matmul object that may be `matmul`.
bool hasOperandDenoting(Operation *op, Value matmul);

/// The protocol state of the Matmul objects at one program point.
///
/// States are persistent: copying one is O(1) and updating one object is
/// O(log objects), with the unchanged objects shared between the copies
/// (PersistentMap trees of interned object states). The analysis keeps
/// a state before every Matmul operation, so a full copy per operation
/// would cost objects x operations.
struct ProtocolState {
  /// What may be true of one object: lists of operations, each sorted by
  /// pointer so that states compare and join cheaply. Object states in a
  /// ProtocolState are interned: equal states are one object.
  ///
  /// The lists share one array (each list's end in `ends`): the analysis
  /// keeps an object state for every change of every object, and eleven
  /// vectors of their own made each state 360 bytes, most of them empty
  /// inline storage, and a may-update spilled them to the heap.
  class ObjectState {
  public:
    /// Which list: the events, the setters of each slot, and the rest.
    enum class List : uint8_t {
      Events,
      SettersFirst,
      PostsWithoutInputs = SettersFirst + kNumMatmulSlots,
      Staged,
      AppliedBias,
      LastComputations,
      Unfetched,
    };
    static constexpr unsigned kNumLists =
        static_cast<unsigned>(List::Unfetched) + 1;

    /// One list of a state, to read and change in place.
    class ListRef {
    public:
      ListRef(ObjectState &owner, List list) : owner(owner), list(list) {}
      operator ArrayRef<Operation *>() const { return get(); }
      ArrayRef<Operation *> get() const {
        return static_cast<const ObjectState &>(owner).get(list);
      }
      Operation *const *begin() const { return get().begin(); }
      Operation *const *end() const { return get().end(); }
      size_t size() const { return get().size(); }
      bool empty() const { return get().empty(); }
      Operation *front() const { return get().front(); }
      /// Inserts `op` in order; true when it was new.
      bool insert(Operation *op) { return owner.insert(list, op); }
      /// Inserts every op of the sorted `ops`; true when one was new.
      bool insertAll(ArrayRef<Operation *> ops);
      /// Replaces the list by `ops` (any order, duplicates dropped).
      void assign(ArrayRef<Operation *> ops) { owner.assign(list, ops); }
      void clear() { owner.assign(list, {}); }
      /// Drops the ops for which `pred` holds.
      void eraseIf(function_ref<bool(Operation *)> pred) {
        owner.eraseIf(list, pred);
      }

    private:
      ObjectState &owner;
      List list;
    };

    Value matmul;

    explicit ObjectState(Value matmul = nullptr) : matmul(matmul) {
      ends.fill(0);
    }

    // The lists of a temporary state would not outlive it: the accessors
    // take named states only.
    ArrayRef<Operation *> get(List list) const & {
      unsigned index = static_cast<unsigned>(list);
      unsigned begin = index ? ends[index - 1] : 0;
      return ArrayRef<Operation *>(entries).slice(begin, ends[index] - begin);
    }
    ListRef get(List list) & { return ListRef(*this, list); }
    void get(List list) && = delete;

    /// The operations that may have been the object's last protocol event
    /// on some path: a pending async issue, a wait, its creation or
    /// initialisation, its end. A null entry stands for "unknown": an
    /// object from outside the function, or one handed to an operation the
    /// analysis cannot see into.
    ArrayRef<Operation *> events() const & { return get(List::Events); }
    ListRef events() & { return get(List::Events); }
    void events() && = delete;
    /// Per slot, the configuring calls whose memory may be in effect; a
    /// null entry stands for "unknown memory" (nothing set yet on some
    /// path, or set out of sight).
    ArrayRef<Operation *> setters(unsigned slot) const & {
      return get(getSetterList(slot));
    }
    ListRef setters(unsigned slot) & { return get(getSetterList(slot)); }
    void setters(unsigned slot) && = delete;
    /// Rule P6, the staged message (docs/Protocol.md section 2b). The posts
    /// (the creation, an issue, a call that posts a message of its own, an
    /// Iterate loop that ended) after which, on some path, no SetTensorA/B of
    /// a tensor staged new inputs: an issue from there has none.
    ArrayRef<Operation *> postsWithoutInputs() const & {
      return get(List::PostsWithoutInputs);
    }
    ListRef postsWithoutInputs() & { return get(List::PostsWithoutInputs); }
    void postsWithoutInputs() && = delete;
    /// The setters that may be staged since the last post.
    ArrayRef<Operation *> staged() const & { return get(List::Staged); }
    ListRef staged() & { return get(List::Staged); }
    void staged() && = delete;
    /// The SetBias calls whose bias the cube core's server may hold: staged
    /// in the last message that carried inputs.
    ArrayRef<Operation *> appliedBias() const & {
      return get(List::AppliedBias);
    }
    ListRef appliedBias() & { return get(List::AppliedBias); }
    void appliedBias() && = delete;
    /// Rule P5: the computations (or the creation or initialisation, when
    /// nothing was computed since) that may have been the object's last;
    /// GetBatchTensorC takes the signals of an IterateNBatch without its
    /// wait flag only. A null entry stands for "unknown".
    ArrayRef<Operation *> lastComputations() const & {
      return get(List::LastComputations);
    }
    ListRef lastComputations() & { return get(List::LastComputations); }
    void lastComputations() && = delete;
    /// The calls whose results fetches take (an async Iterate, a flagless
    /// IterateNBatch) that may have been made through this object with no
    /// fetch of it since.
    ArrayRef<Operation *> unfetched() const & { return get(List::Unfetched); }
    ListRef unfetched() & { return get(List::Unfetched); }
    void unfetched() && = delete;

    static List getSetterList(unsigned slot) {
      return static_cast<List>(static_cast<unsigned>(List::SettersFirst) +
                               slot);
    }
    /// Every list's operations, list after list (for hashing).
    ArrayRef<Operation *> getAllEntries() const & { return entries; }
    /// Where each list ends in getAllEntries().
    ArrayRef<uint32_t> getListEnds() const & { return ends; }

    /// What is known of an object from outside: nothing. Its staged
    /// message is unknown too, so rule P6 has nothing to say of it.
    static ObjectState getUnknown(Value matmul);

    bool operator==(const ObjectState &other) const {
      return matmul == other.matmul && ends == other.ends &&
             entries == other.entries;
    }
    bool operator!=(const ObjectState &other) const {
      return !(*this == other);
    }
    /// Union with `other`, list by list; true when this state changed.
    bool join(const ObjectState &other);
    /// Drops from every list the calls that `before` did not have and that
    /// act alike one it had (see ProtocolState.cpp).
    void dropAlikeCalls(const ObjectState &before);
    /// For a state being interned: its lists move into `allocator`'s
    /// memory, and the state is never changed again.
    template <typename Allocator> void freezeInto(Allocator &allocator) {
      entries.freezeInto(allocator);
    }

  private:
    bool insert(List list, Operation *op);
    void assign(List list, ArrayRef<Operation *> ops);
    /// assign() of ops already sorted, without duplicates.
    void replace(List list, ArrayRef<Operation *> sorted);
    void eraseIf(List list, function_ref<bool(Operation *)> pred);
    /// Moves the end of `list` and of every list after it by `delta`.
    void shiftEnds(List list, int delta);

    /// The operations of every list, in the order of List: inline room for
    /// a created object's state (an event, a setter per slot, a post, a
    /// computation) and what a may-update or a join adds to it, the heap
    /// beyond that, or, for an interned state that outgrew it, an array of
    /// its exact size in the context's arena.
    class Entries {
    public:
      Entries() = default;
      Entries(const Entries &other) { assign(other.begin(), other.end()); }
      Entries(Entries &&other) { *this = std::move(other); }
      Entries &operator=(const Entries &other);
      Entries &operator=(Entries &&other);
      ~Entries() { release(); }

      Operation **data() { return storage; }
      Operation *const *data() const { return storage; }
      Operation **begin() { return storage; }
      Operation **end() { return storage + count; }
      Operation *const *begin() const { return storage; }
      Operation *const *end() const { return storage + count; }
      size_t size() const { return count; }
      operator ArrayRef<Operation *>() const { return {storage, count}; }
      bool operator==(const Entries &other) const {
        return ArrayRef<Operation *>(*this) == ArrayRef<Operation *>(other);
      }

      void insert(Operation **pos, size_t number, Operation *value);
      void erase(Operation **first, Operation **last);
      void assign(Operation *const *first, Operation *const *last);
      /// Moves the entries out of the heap into `allocator`'s memory, at
      /// their exact size; the state is immutable from then on.
      template <typename Allocator> void freezeInto(Allocator &allocator) {
        if (!ownsHeap())
          return;
        uint32_t size = count;
        auto *frozen = allocator.template Allocate<Operation *>(size);
        std::copy(begin(), end(), frozen);
        release();
        storage = frozen;
        count = size;
        capacity = 0;
      }

    private:
      static constexpr uint32_t kInline = 16;
      bool ownsHeap() const { return storage != inlineStorage && capacity; }
      /// Frees the heap array, if any, and empties the list.
      void release();
      /// Makes room for `size` entries.
      void reserve(size_t size);

      Operation **storage = inlineStorage;
      uint32_t count = 0;
      /// 0 for a frozen array, which is never written again.
      uint32_t capacity = kInline;
      Operation *inlineStorage[kInline];
    };

    Entries entries;
    std::array<uint32_t, kNumLists> ends;
  };
  using ObjectMap = PersistentMap<const void *, const ObjectState *>;
  using OpSet = PersistentSet<Operation *>;
  using ValueSet = PersistentSet<const void *>;
  using OpCounts = PersistentMap<Operation *, unsigned>;
  /// The memory and the interned object states the states of one analysis
  /// share; they outlive every state made from them.
  class Context {
  public:
    Context();
    ~Context();
    /// Where the interned object states and every version of the states'
    /// maps and sets live (PersistentMap.h).
    AnalysisArena arena;
    /// Set while the flow records an op's transition: every change to the
    /// in-flight set goes there.
    SmallVectorImpl<std::pair<Operation *, bool>> *changeLog = nullptr;
    /// The function's objects are the cube-side ones: no staged message.
    bool cubeSide = false;

    /// The one copy of `object`; stays valid as long as the context.
    const ObjectState *intern(const ObjectState &object);
    const ObjectState *intern(ObjectState &&object);
    /// Sizes the table of interned states for about `count` of them.
    void reserveInterned(size_t count);

    // Object identity, computed once per value: the IR does not change
    // while a context lives (one run of the flow).
    /// isMatmulCreation(matmul).
    bool isCreation(Value matmul);
    /// getMatmulObjectOrigins(matmul): the created objects it may be, or
    /// null when it may be any object of its type.
    const SmallVector<Value, 2> *getOrigins(Value matmul);
    /// mayBeSameMatmulObject(lhs, rhs).
    bool mayBeSame(Value lhs, Value rhs);
    /// isPendingIssue(op), memoised: it is asked of every event of every
    /// state the flow makes, and each answer reads an interface and the
    /// op's flags.
    bool isPendingIssue(Operation *op);
    /// The buffer `tensor` names through views and DeQue hand-offs
    /// (rule P7), memoised: every hand-off and free asks it of each fetch
    /// in the state, and each answer walks the queue's uses.
    Value getQueueBuffer(Value tensor);
    /// The vector core accesses UB (a Matmul call's copy, a copy or vector
    /// op of the kernel's own): the state follows its pipes
    /// (ProtocolState::PipeAccess).
    bool tracksPipeAccesses = false;
    /// The flag an `asc.set_flag`/`asc.wait_flag` names, one key per event
    /// and id: the same constant or the same value. A value computed in a
    /// loop may name another id on the next trip (isFlagIdFixedPerRun):
    /// its key serves a wait only for a set earlier in the wait's own
    /// block, that is of the same trip (transferPipeOrder). Null for an op
    /// that is neither.
    const void *getFlagKey(Operation *flagOp);

  private:
    /// intern() for either kind of reference: moved into the table when
    /// new and an rvalue, copied otherwise.
    template <typename Object> const ObjectState *internAny(Object &&object);

    struct InternTable;
    std::unique_ptr<InternTable> table;
  };
  /// Told of every change to the in-flight set while states are walked
  /// (MatmulProtocolAnalysis::walkStates).
  class InFlightListener {
  public:
    virtual ~InFlightListener() = default;
    /// A run of operations starts from the recorded state `entry`.
    virtual void startRun(const ProtocolState &entry) = 0;
    /// `issue` entered (`inFlight`) or left the in-flight set.
    virtual void changed(Operation *issue, bool inFlight) = 0;
  };

  ProtocolState() = default;
  explicit ProtocolState(Context &context);

  bool operator==(const ProtocolState &other) const;
  /// Union with `other`; true when this state changed.
  bool join(const ProtocolState &other);
  /// The entry of `matmul`, or null when the state has none.
  const ObjectState *lookup(Value matmul) const;
  /// What the state says of `matmul`: its own entry or, for a value first
  /// seen here, the join of every object it may denote (with "unknown").
  ObjectState getObjectView(Value matmul) const;
  /// The same without a copy when `matmul` has an entry; `scratch` holds
  /// the view otherwise.
  const ObjectState &getObjectView(Value matmul, ObjectState &scratch) const;
  /// Replaces (or adds) the entry of `object.matmul`.
  void setObject(const ObjectState &object);
  void setObject(ObjectState &&object);
  /// Drops the entry of `matmul`, a name no later op uses.
  void eraseObject(Value matmul);
  /// The same, except that a created object's entry stays while an issue
  /// of it is pending: its work is in flight, and rule P1 at the return
  /// still asks for its wait.
  void eraseSettledObject(Value matmul);
  /// Every entry, sorted by the object value's opaque pointer.
  SmallVector<const ObjectState *> getObjects() const;
  /// Applies `update` to every entry other than `matmul`'s that may denote
  /// the same object.
  void forEachOtherAlias(Value matmul,
                         function_ref<void(const ObjectState &)> update) const;

  /// Async issues without a wait flag (fire-and-forget): nothing signals
  /// them, so their output stays pending until a later call of the same
  /// object that the vector core waits for completes (a synchronous call, a
  /// wait that completes an issue), or the kernel ends; End() completes
  /// nothing (docs/Protocol.md section 2). Sorted by pointer.
  SmallVector<Operation *> getUnwaitedIssues() const;
  void addUnwaitedIssue(Operation *issue);
  /// Drops `issue`, completed, from the issues without a wait flag.
  void removeUnwaitedIssue(Operation *issue);
  /// The issues without a wait flag whose results fetches take (an async
  /// Iterate, a flagless IterateNBatch). Sorted by pointer.
  SmallVector<Operation *> getFetchConsumedIssues() const;
  /// Drops the calls made through `matmul` whose results fetches take (their
  /// fetch loop was left: every block was fetched).
  void removeFetchConsumedIssuesOf(Value matmul);

  /// The vector core's own happens-before (spec section 2c, O1-O5 and
  /// O8; rules P6d and P7): the recent accesses of local memory by its
  /// pipes, each with the pipes not yet ordered after it. An access leaves
  /// once every pipe is. Only kept in functions where a Matmul call
  /// touches UB (Context::tracksPipeAccesses): every check is against one.
  struct PipeAccess {
    /// The pipe that made the access.
    PipeKind pipe;
    /// The pipes (pipeBit) not yet ordered after it.
    uint8_t unorderedFor;
    bool operator==(const PipeAccess &other) const {
      return pipe == other.pipe && unorderedFor == other.unorderedFor;
    }
    bool operator!=(const PipeAccess &other) const { return !(*this == other); }
  };
  /// The bit of `pipe` (S, V, MTE2, MTE3) in PipeAccess::unorderedFor; 0
  /// for the others.
  static uint8_t pipeBit(PipeKind pipe);
  /// The accesses some pipe of `pipes` (pipeBit mask) is not ordered after,
  /// sorted by op.
  SmallVector<std::pair<Operation *, PipeAccess>>
  getPipeAccessesUnorderedFor(uint8_t pipes) const;
  bool hasPipeAccesses() const { return !pipeAccesses.isEmpty(); }
  /// The state follows the vector core's pipes (Context::tracksPipeAccesses).
  bool tracksPipeAccesses() const {
    return context && context->tracksPipeAccesses;
  }
  /// `op` accessed local memory on `pipe` (again: a new access, which no
  /// earlier post saw); the pipes in `unorderedFor` are not ordered after it.
  void recordPipeAccess(Operation *op, PipeKind pipe, uint8_t unorderedFor);
  /// SetFlag/WaitFlag<from_to> (O3): `to` is ordered after every access
  /// `from` is (made on it, or ordered before it), among those `before`
  /// accepts (every one when null): the flag composes through a pipe.
  void orderPipes(PipeKind from, PipeKind to,
                  function_ref<bool(Operation *)> before = nullptr);
  /// SetFlag<from_to>(id) (O3): the accesses `from` has seen now (made on
  /// it, or ordered before it) are kept for the flag's wait. A second set
  /// before a wait keeps what both saw: the wait may return on either.
  /// False, and nothing kept, when the flag has no key
  /// (Context::getFlagKey).
  bool recordFlagSet(Operation *set, PipeKind from);
  /// WaitFlag<from_to>(id): `to` is ordered after every access the flag's
  /// set saw on every path to here, and the set is consumed. False when
  /// the flag has no key.
  bool orderThroughFlag(Operation *wait, PipeKind to);
  /// A post and the wait for the server's signal (O8): every access the
  /// scalar unit or MTE3 had seen is ordered before every pipe.
  void orderThroughServer();
  /// The post of the async call `issue` (O8): the server handles it after
  /// every access the scalar unit or MTE3 has seen now. Kept for the wait
  /// or fetch that waits for its signal (orderThroughPostOf).
  void recordPost(Operation *issue);
  /// A wait for the signal of `issue`'s message (its wait, or a fetch of
  /// its blocks): every access its post saw is ordered before every pipe.
  /// Nothing when the post is not known on every path to here.
  void orderThroughPostOf(Operation *issue);
  /// The accesses orderThroughPostOf(issue) (or, with a null `issue`,
  /// orderThroughServer) would order, each with the pipes not yet ordered
  /// after it: only these change, so what such a wait is the first to
  /// order is read off them without copying the state and comparing every
  /// access (an access no post sees, such as a vector op on UB, stays in
  /// the state until a barrier or flag orders it).
  SmallVector<std::pair<Operation *, PipeAccess>>
  getAccessesOrderedThroughPost(Operation *issue) const;
  /// The in-flight async calls whose posts are known on every path
  /// (recordPost), sorted by pointer.
  SmallVector<Operation *> getRecordedPosts() const;
  /// PipeBarrier<pipe> (O4): `pipe` is ordered after its own accesses;
  /// PIPE_ALL orders every pipe after every access.
  void pipeBarrier(PipeKind pipe);
  /// The Matmul calls that left a block in UB whose blocks `pipe` is not
  /// ordered after (PIPE_ALL: some pipe), sorted by pointer: rule P7's
  /// "after the fetch".
  SmallVector<Operation *> getUnorderedFetches(PipeKind pipe) const;
  /// FreeTensor of `tensor` releases the blocks fetched into its buffer:
  /// a scalar access after it belongs to the next allocation (the
  /// compiler's automatic synchronisation orders it, O2).
  void releaseFetchedBlocks(Value tensor);

  /// Applies `update` to every entry; `update` returns true when it changed
  /// the entry.
  void updateEachObject(function_ref<bool(ObjectState &)> update);

  /// The trees that together hold every issue in flight, each issue in
  /// one of them: the waitable issues pending on some object, the issues
  /// without a wait flag that fetches do not take, and those they take.
  /// Their identities (roots) change only when the set does.
  struct InFlightTrees {
    OpCounts waitable;
    OpSet unwaited;
    OpSet fetchConsumed;
    /// True when both hold the same trees (not merely equal sets).
    bool isSameAs(const InFlightTrees &other) const;
  };
  InFlightTrees getInFlightTrees() const {
    return {waitableInFlight, unwaitedIssues, fetchConsumedIssues};
  }
  /// Calls `visit` with every issue in flight.
  void forEachInFlight(function_ref<void(Operation *)> visit) const;

private:
  /// Merges `incoming` (of `other`) into `own`, maps of what posts or
  /// flags' sets saw; true when `own` changed.
  template <typename Key>
  bool mergeSeenAccesses(PersistentMap<Key, OpSet> &own,
                         const PersistentMap<Key, OpSet> &incoming,
                         const ProtocolState &other);
  /// Adds (`delta` 1) or takes away (-1) `access` from the counts below.
  void countPipeAccess(Operation *op, const PipeAccess &access, int delta);
  /// Replaces what is known of `op`'s latest access.
  void setPipeAccess(Operation *op, PipeKind pipe, uint8_t unorderedFor);
  void countInFlight(Operation *issue, int delta);
  /// Tells the context's change log that `issue` entered or left.
  void logInFlightChange(Operation *issue, bool inFlight);
  /// The set of the issues without a wait flag that holds `issue`.
  OpSet &getUnwaitedSetOf(Operation *issue);
  void countInFlight(const ObjectState *object, int delta);
  /// The in-flight counts of `old`'s events moved to `updated`'s.
  void replaceInFlight(const ObjectState *old, const ObjectState *updated);
  void setInterned(const ObjectState *interned);

  Context *context = nullptr;
  /// Keyed by the object value's opaque pointer.
  ObjectMap objects;
  /// The keys of `objects` whose value may denote another entry's object
  /// (not a matmul.create result): the only entries a may-update of a
  /// created object reaches.
  ValueSet indirectObjects;
  // The issues without a wait flag in two disjoint sets, so that each
  // issue changes one tree: every state before a Matmul op is kept, and
  // with it every version of the trees the op changed (path copies of
  // log n nodes each).
  /// Those whose results fetches do not take.
  OpSet unwaitedIssues;
  /// Those whose results fetches take.
  OpSet fetchConsumedIssues;
  /// The vector core's recent accesses of local memory, by op.
  PersistentMap<Operation *, PipeAccess> pipeAccesses;
  /// How many of them each pipe (by pipeBit's position) is not ordered
  /// after, and those a post now would see: the queries skip the walk when
  /// there is none, and a post keeps the set as it is (a kernel of many
  /// vector ops and copies would otherwise walk them all at each op and
  /// each post, quadratic in the kernel).
  std::array<uint32_t, 4> unorderedCounts{};
  OpSet seenByPost;
  /// For each async call in flight whose post every path to here made: the
  /// accesses of pipeAccesses that its post saw (spec section 2c, O8). An
  /// access made again after the post leaves the set; a merge keeps what
  /// both paths' posts saw.
  PersistentMap<Operation *, OpSet> postsSeen;
  /// For each flag set on every path to here and not yet waited for: the
  /// accesses of pipeAccesses its set saw (O3), merged as postsSeen is.
  PersistentMap<const void *, OpSet> flagsSeen;
  /// The waitable issues pending on some object, with the number of
  /// entries that hold each (the names of one object share its issues).
  OpCounts waitableInFlight;
};

/// Inserts `value` into the sorted vector `set`; true when it was new.
template <typename T, typename Vector> bool insertSorted(Vector &set, T value) {
  auto it = llvm::lower_bound(set, value);
  if (it != set.end() && *it == value)
    return false;
  set.insert(it, value);
  return true;
}

/// Inserts every element of the sorted vector `other` into `set`; true when
/// one was new.
template <typename Vector> bool unionSorted(Vector &set, const Vector &other) {
  bool changed = false;
  for (auto value : other)
    changed |= insertSorted(set, value);
  return changed;
}

/// Whether a flag id names one flag for the whole run of its function: a
/// constant, or a value defined where nothing runs it again (in no loop).
bool isFlagIdFixedPerRun(Value id);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLSTATE_H
