//===- Provenance.h - where asc pointers and tensors point ------*- C++ -*-===//
//
// The provenance half of the alias analysis: every pointer and tensor gets
// the root it is based on (a kernel argument, a queue buffer's allocation,
// or "unknown") and a byte offset from it, a polynomial in SSA values that
// is exact only where the integers provably do not wrap. Every access gets
// its footprint resolved from the access itself (MemoryAccessOpInterface).
// The overlap queries built on it live in AliasAnalysis.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROVENANCE_H
#define ASC_DIALECT_ASC_ANALYSIS_PROVENANCE_H

#include "asc/Dialect/Asc/Analysis/IntegerRanges.h"
#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace mlir {
namespace asc {

/// A product of integer SSA values, each a factor as often as it occurs,
/// sorted by value address: `i`, `N * singleCoreM`, or none (the constant 1).
using Monomial = SmallVector<Value, 2>;

/// A byte offset from a root: `constant + sum of scale * term`, each term a
/// product of SSA values (a stride taken from the tiling is
/// `scale * i * N * singleCoreM`), with no terms for a constant offset.
/// Offsets are exact integers: arithmetic that could overflow makes the
/// offset unknown. Terms are kept sorted with non-zero scales, so that equal
/// offsets compare equal.
struct ByteOffset {
  bool known = false;
  SmallVector<std::pair<Monomial, int64_t>, 1> terms;
  int64_t constant = 0;

  /// At most this many factors in a term and terms in an offset: past them
  /// an offset is unknown (the products of sums grow fast).
  static constexpr unsigned kMaxDegree = 4, kMaxTerms = 8;

  static ByteOffset unknown() { return {}; }
  static ByteOffset of(int64_t constant) { return {true, {}, constant}; }
  static ByteOffset ofTerm(Value term, int64_t scale) {
    return ofMonomial(Monomial{term}, scale);
  }
  /// `scale` times the product of `factors` (in any order).
  static ByteOffset ofMonomial(Monomial factors, int64_t scale);
  /// The sum of two offsets; unknown when the sum overflows.
  ByteOffset plus(const ByteOffset &other) const;
  /// The difference `this - other`; unknown when it overflows.
  ByteOffset minus(const ByteOffset &other) const;
  /// The product of two offsets (the sums multiplied out); unknown when a
  /// coefficient overflows or the result exceeds the limits.
  ByteOffset times(const ByteOffset &other) const;
  /// The offset times `factor`; unknown when that overflows.
  ByteOffset scaledBy(int64_t factor) const;
  /// The offset with `delta` bytes added to its constant.
  ByteOffset plusConstant(int64_t delta) const;
  /// The scale of the term that is `term` alone (0 when it has none).
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

/// True for the types whose values point to memory: !asc.gm_addr, global
/// and local tensors.
bool isMemoryType(Type type);

/// The provenance of every pointer and tensor of one function, cached per
/// value, and the footprint of each access. Offsets are exact within one run
/// of the function, or, inside an `ExactWithin` scope, within one run of a
/// block (symbolic terms defined there are kept even when it repeats).
class ProvenanceAnalysis {
public:
  /// Resolves Matmul state slots (the inputs, scales and workspace in effect
  /// at an operation) through `protocol`.
  ProvenanceAnalysis(Operation *function, MatmulProtocolAnalysis &protocol)
      : function(function), protocol(protocol) {}

  /// Where `value` points.
  const Provenance &getProvenance(Value value);

  /// The location of one access, as `op` states it.
  void resolve(Operation *op, const MemoryAccess &access,
               SmallVectorImpl<ResolvedAccess> &resolved);

  /// `value`, an integer counting `unitBytes`-byte units, as a byte offset
  /// exact within one run of `context`.
  ByteOffset getIntegerOffset(Value value, int64_t unitBytes, Block *context);

  /// While it lives, offsets are exact within one run of `context`.
  class ExactWithin {
  public:
    ExactWithin(ProvenanceAnalysis &analysis, Block *context)
        : analysis(analysis), saved(analysis.termContext) {
      analysis.termContext = context;
    }
    ~ExactWithin() { analysis.termContext = saved; }

  private:
    ProvenanceAnalysis &analysis;
    Block *saved;
  };

  /// Whether `block` may run more than once per run of its function.
  bool mayRunRepeatedly(Block *block) {
    return repetition.mayRunRepeatedly(block);
  }

  /// The ranges of the function's integers, which decide where offset
  /// arithmetic is exact.
  IntegerRanges &getIntegerRanges() { return ranges; }

private:
  Provenance computeProvenance(Value value);
  Provenance getStateViewProvenance(Operation *op, Value matmul);
  Provenance getDequeuedProvenance(Value queue);
  Provenance computeDequeuedProvenance(Value queue);

  /// The tensors enqueued into each queue, found in one walk.
  struct Enqueues {
    llvm::DenseMap<Value, SmallVector<Value>> intoQueue;
    /// Through a queue value that may denote any queue of its type.
    llvm::DenseMap<Type, SmallVector<Value>> intoAnyOfType;
  };

  Operation *function;
  MatmulProtocolAnalysis &protocol;
  llvm::DenseMap<Value, Provenance> provenances;
  /// While an ExactWithin scope lives: the block whose run the offsets are
  /// exact in, and the provenances computed for it.
  Block *termContext = nullptr;
  llvm::DenseMap<Block *, llvm::DenseMap<Value, Provenance>> contextProvenances;
  /// Per queue, what a buffer dequeued from it may be.
  llvm::DenseMap<Value, Provenance> dequeuedProvenances;
  BlockRepetition repetition;
  IntegerRanges ranges;
  std::optional<Enqueues> enqueues;
};

} // namespace asc
} // namespace mlir

#endif // ASC_DIALECT_ASC_ANALYSIS_PROVENANCE_H
