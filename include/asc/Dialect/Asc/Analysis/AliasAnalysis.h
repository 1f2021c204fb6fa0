//===- AliasAnalysis.h - may-overlap queries on asc memory ------*- C++ -*-===//
//
// Decides whether two memory accesses may overlap, in the shape of MLIR's
// AliasAnalysis (`alias` and `getModRef`). Every pointer and tensor gets a
// provenance: the root it is based on (a kernel argument, a queue buffer's
// allocation, or "unknown") and a byte offset from it, constant or a
// constant plus a multiple of one SSA value. Every access gets a footprint
// from the access itself (MemoryAccessOpInterface), never from a declared
// buffer size. When unsure, the answer is "may alias".
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H
#define ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H

#include "asc/Dialect/Asc/Analysis/IntegerRanges.h"
#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace mlir {
class AnalysisManager;
namespace asc {

/// A byte offset from a root: `constant + sum of scale * term`, with no
/// terms for a constant offset. Offsets are exact integers: arithmetic that
/// could overflow makes the offset unknown. Terms are kept sorted (by value
/// address) with non-zero scales, so that equal offsets compare equal.
struct ByteOffset {
  bool known = false;
  SmallVector<std::pair<Value, int64_t>, 1> terms;
  int64_t constant = 0;

  static ByteOffset unknown() { return {}; }
  static ByteOffset of(int64_t constant) { return {true, {}, constant}; }
  static ByteOffset ofTerm(Value term, int64_t scale) {
    ByteOffset offset = of(0);
    offset.terms.push_back({term, scale});
    return offset;
  }
  /// The sum of two offsets; unknown when the sum overflows.
  ByteOffset plus(const ByteOffset &other) const;
  /// The offset with `delta` bytes added to its constant.
  ByteOffset plusConstant(int64_t delta) const;
  /// The scale of `term` (0 when it has none).
  int64_t getScale(Value term) const;
  /// True when the difference of the two offsets is a known constant.
  bool isComparableWith(const ByteOffset &other) const;
  bool operator==(const ByteOffset &other) const;
};

/// Where a pointer or tensor points.
struct Provenance {
  enum class Space {
    /// Global memory.
    Global,
    /// On-chip local memory (UB, L1, L0, CO1).
    Local,
    /// Not an asc pointer or tensor: it may point anywhere.
    Any,
  };
  Space space = Space::Any;
  /// What the memory is based on: a function argument or the result of an
  /// allocation (a queue buffer). Null when the analysis cannot trace it:
  /// then it may be based on anything in its space.
  Value root;
  /// The offset of the first byte from the root.
  ByteOffset offset;
  /// The fetch (GetTensorC, GetBatchTensorC) that handed out this view of
  /// the workspace, when it is one; views of it keep it.
  Operation *fetch = nullptr;
};

/// A region of memory: `size` bytes from where `base` points (unbounded
/// without a size).
struct MemoryLocation {
  Provenance base;
  std::optional<uint64_t> size;

  static MemoryLocation anyMemory() { return {}; }
  bool isAnyMemory() const { return base.space == Provenance::Space::Any; }
};

/// An access with its footprint resolved to a location.
struct ResolvedAccess {
  MemoryAccess::Kind kind;
  MemoryLocation location;
  /// The Matmul state slot the memory was held in, for diagnostics.
  std::optional<MatmulSlot> slot;

  bool isWrite() const { return kind == MemoryAccess::Kind::Write; }
};

/// Whether blocks may run more than once per run of their function, cached
/// per block: an offset with a symbolic term is exact only in a block that
/// runs once.
class BlockRepetition {
public:
  /// True when `block` is in a CFG cycle, nested in a region that repeats,
  /// or in a region of an op whose control flow is not known.
  bool mayRunRepeatedly(Block *block);

private:
  bool isInCycle(Block *block);
  struct RegionCycles {
    llvm::DenseSet<Block *> reached, cyclic;
  };
  llvm::DenseMap<Block *, bool> cache;
  llvm::DenseMap<Region *, RegionCycles> cyclicBlocks;
};

/// Alias queries over the asc memory of one function. Provenances are
/// cached per value; they stay valid while the ops that define pointers and
/// tensors stay put (moving waits and issues does not invalidate them).
class AscAliasAnalysis {
public:
  /// Resolves Matmul state slots (the inputs, scales and workspace in effect
  /// at an operation) through `protocol`.
  AscAliasAnalysis(Operation *function, MatmulProtocolAnalysis &protocol);
  /// For the pass manager: takes the protocol analysis from `manager`.
  AscAliasAnalysis(Operation *function, AnalysisManager &manager);

  /// Where `value` points.
  const Provenance &getProvenance(Value value);

  /// Whether `root` is a function argument marked asc.no_alias
  /// (isNoAliasArgument), asked once per root: every access of a kernel
  /// asks it of its root, and the attribute lookup is by name.
  bool isNoAliasRoot(Value root);

  /// Whether two locations may overlap: NoAlias only when that is proven.
  AliasResult alias(const MemoryLocation &lhs, const MemoryLocation &rhs);

  /// The accesses of `op` itself (not of the ops nested in it), with their
  /// footprints resolved. An op whose effects the analysis cannot attribute
  /// to asc memory accesses all memory.
  void getAccesses(Operation *op, SmallVectorImpl<ResolvedAccess> &accesses);

  /// Whether `op` or an op nested in it may read or write `location`.
  ModRefResult getModRef(Operation *op, const MemoryLocation &location);

  /// The location of one access, as `op` states it.
  void resolve(Operation *op, const MemoryAccess &access,
               SmallVectorImpl<ResolvedAccess> &resolved);

  /// The accesses of `op` as `getAccesses`, with the offsets exact within one
  /// run of `context`: a symbolic term defined in `context` or in a block
  /// enclosing it is kept even when that block repeats. Sound for comparing
  /// two ops that run in the same execution of `context` (an issue and an op
  /// after it in the same block) with no redefinition in between.
  void getAccessesIn(Operation *op, Block *context,
                     SmallVectorImpl<ResolvedAccess> &accesses);

  /// The accesses of `x` at iteration i and of `y` at iteration
  /// i + `distance` of `loop` (an scf.for with a constant step, both ops in
  /// its body), with the ops nested in them, comparable with each other: the
  /// offsets are taken affine in the induction variable (terms defined in
  /// the body must reduce to it, terms defined outside are fixed for the
  /// loop's run; anything else is at an unknown offset).
  void getCrossIterationAccesses(Operation *x, Operation *y, Operation *loop,
                                 int64_t distance,
                                 SmallVectorImpl<ResolvedAccess> &xAccesses,
                                 SmallVectorImpl<ResolvedAccess> &yAccesses);

  /// The accesses of `op` (in the body of `loop`, an scf.for, at any
  /// depth), with the ops nested in it, in the loop's first iteration: the
  /// offsets exact within one run of the body, the induction variable
  /// replaced by the lower bound when that is a constant.
  void getFirstIterationAccesses(Operation *op, Operation *loop,
                                 SmallVectorImpl<ResolvedAccess> &accesses);

  /// The accesses of `op` (after `loop`, an scf.for, in the loop's block,
  /// at any depth), with the ops nested in it, exact within one run of that
  /// block, each result of the loop replaced by what the loop hands over on
  /// one way out: with `lastTrip`, the values its last trip yields (exact
  /// within that trip's run of the body, so comparable with `getAccessesIn`
  /// of an op in the body); otherwise its initial values (a run of the loop
  /// that made no trip).
  void getAccessesAfterLoop(Operation *op, Operation *loop, bool lastTrip,
                            SmallVectorImpl<ResolvedAccess> &accesses);

  /// Whether `block` may run more than once per run of its function.
  bool mayRunRepeatedly(Block *block) {
    return repetition.mayRunRepeatedly(block);
  }

  /// The ranges of the function's integers, which decide where offset
  /// arithmetic is exact.
  IntegerRanges &getIntegerRanges() { return ranges; }

private:
  Provenance computeProvenance(Value value);
  /// `value`, an integer counting `unitBytes`-byte units, as a byte offset
  /// exact within one run of `context`.
  ByteOffset getIntegerOffset(Value value, int64_t unitBytes, Block *context);
  Provenance getStateViewProvenance(Operation *op, Value matmul);
  Provenance getDequeuedProvenance(Value queue);
  Provenance computeDequeuedProvenance(Value queue);
  /// Whether a call's callee is visible and touches no memory at all.
  bool isCallWithoutMemoryEffects(Operation *call);
  bool staysInsideBuffer(const MemoryLocation &location);
  bool distinctRootsMayOverlap(const MemoryLocation &lhs,
                               const MemoryLocation &rhs);

  /// The tensors enqueued into each queue, found in one walk.
  struct Enqueues {
    llvm::DenseMap<Value, SmallVector<Value>> intoQueue;
    /// Through a queue value that may denote any queue of its type.
    llvm::DenseMap<Type, SmallVector<Value>> intoAnyOfType;
  };

  Operation *function;
  MatmulProtocolAnalysis &protocol;
  llvm::DenseMap<Value, Provenance> provenances;
  /// While getAccessesIn runs: the block whose run the offsets are exact in,
  /// and the provenances computed for it.
  Block *termContext = nullptr;
  llvm::DenseMap<Block *, llvm::DenseMap<Value, Provenance>> contextProvenances;
  /// Per queue, what a buffer dequeued from it may be.
  llvm::DenseMap<Value, Provenance> dequeuedProvenances;
  llvm::DenseMap<Operation *, bool> effectFreeCallees;
  BlockRepetition repetition;
  IntegerRanges ranges;
  std::optional<Enqueues> enqueues;
  llvm::DenseMap<Value, std::optional<int64_t>> bufferLengths;
  llvm::DenseMap<Value, bool> noAliasRoots;
};

/// True for the types whose values point to memory: !asc.gm_addr, global
/// and local tensors.
bool isMemoryType(Type type);

/// True for a function argument marked asc.no_alias: a root that overlaps
/// no other root.
bool isNoAliasArgument(Value root);

} // namespace asc
} // namespace mlir

#endif // ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H
