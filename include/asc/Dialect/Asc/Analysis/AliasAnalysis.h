//===- AliasAnalysis.h - may-overlap queries on asc memory ------*- C++ -*-===//
//
// Decides whether two memory accesses may overlap, in the shape of MLIR's
// AliasAnalysis (`alias` and `getModRef`), over the provenances of
// Provenance.h: two footprints of one root are compared by their offsets
// (constant, or polynomials whose difference the integer ranges, the
// tiling's invariants or a versioning check bound), footprints of distinct
// roots by what the roots are. Footprints come from the accesses
// themselves, never from a declared buffer size. When unsure, the answer
// is "may alias".
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H
#define ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H

#include "asc/Dialect/Asc/Analysis/Provenance.h"
#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>
#include <optional>

namespace mlir {
class AnalysisManager;
namespace asc {

/// Two footprints of one root `difference` bytes apart (the start of the
/// second minus the start of the first, a non-constant offset), of
/// `firstSize` and `secondSize` bytes: they are apart when
/// `difference >= firstSize` or `difference <= -secondSize`, which a
/// run-time check can test. A missing size is a footprint that runs to the
/// end of the buffer (a Matmul output the tiling sizes): only the other
/// side can keep it apart (the first ahead of an unbounded second, the
/// second behind an unbounded first); one of the two has a size.
struct SymbolicGap {
  ByteOffset difference;
  std::optional<uint64_t> firstSize, secondSize;
};

/// What holds where a condition is true: `polynomial <= atMost` or
/// `polynomial >= atLeast` (a missing bound: that side does not hold).
/// The then-region of an `scf.if` whose condition tests it (the check a
/// versioned loop runs) lets tiles a symbolic stride apart be apart.
struct GapFact {
  ByteOffset polynomial;
  std::optional<int64_t> atMost, atLeast;
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
  const Provenance &getProvenance(Value value) {
    return provenance.getProvenance(value);
  }

  /// Whether `root` is a function argument marked asc.no_alias
  /// (isNoAliasArgument), asked once per root: every access of a kernel
  /// asks it of its root, and the attribute lookup is by name.
  bool isNoAliasRoot(Value root);

  /// Whether two locations may overlap: NoAlias only when that is proven
  /// (for offsets a symbolic amount apart, from the ranges of the values,
  /// the tiling's invariants, or the facts that hold at the query point).
  AliasResult alias(const MemoryLocation &lhs, const MemoryLocation &rhs);

  /// When `lhs` and `rhs` are footprints of known sizes of one root whose
  /// offsets differ by a non-constant amount, that difference: the
  /// condition under which a run-time check can prove them apart.
  std::optional<SymbolicGap> getSymbolicGap(const MemoryLocation &lhs,
                                            const MemoryLocation &rhs);

  /// The gap checks the condition of `ifOp` (an scf.if) establishes in its
  /// then-region.
  ArrayRef<GapFact> getConditionFacts(Operation *ifOp);
  /// The facts that hold at `op`: the gap checks of the `scf.if`
  /// conditions whose then-region holds it.
  ArrayRef<GapFact> getFactsAt(Operation *op);

  /// While it lives, `alias` may use the facts that hold at `op`: both
  /// locations are accessed there, by `op` and by what is in flight at it.
  class QueryPoint {
  public:
    QueryPoint(AscAliasAnalysis &aliases, Operation *op)
        : aliases(aliases), saved(aliases.facts) {
      aliases.facts = aliases.getFactsAt(op);
    }
    ~QueryPoint() { aliases.facts = saved; }

  private:
    AscAliasAnalysis &aliases;
    ArrayRef<GapFact> saved;
  };

  /// The accesses of `op` itself (not of the ops nested in it), with their
  /// footprints resolved. An op whose effects the analysis cannot attribute
  /// to asc memory accesses all memory.
  void getAccesses(Operation *op, SmallVectorImpl<ResolvedAccess> &accesses);

  /// Whether `op` or an op nested in it may read or write `location`.
  ModRefResult getModRef(Operation *op, const MemoryLocation &location);

  /// The location of one access, as `op` states it.
  void resolve(Operation *op, const MemoryAccess &access,
               SmallVectorImpl<ResolvedAccess> &resolved) {
    provenance.resolve(op, access, resolved);
  }

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
    return provenance.mayRunRepeatedly(block);
  }

  /// The ranges of the function's integers, which decide where offset
  /// arithmetic is exact.
  IntegerRanges &getIntegerRanges() { return provenance.getIntegerRanges(); }

private:
  /// Whether a call's callee is visible and touches no memory at all.
  bool isCallWithoutMemoryEffects(Operation *call);
  bool staysInsideBuffer(const MemoryLocation &location);
  /// Whether two footprints `difference` bytes apart are proven apart by
  /// the ranges of the difference's values or by the facts in force.
  bool isSymbolicGapApart(const SymbolicGap &gap);
  /// The signed range of `offset`'s value, from its values' ranges.
  std::optional<std::pair<__int128, __int128>>
  getOffsetRange(const ByteOffset &offset);
  bool distinctRootsMayOverlap(const MemoryLocation &lhs,
                               const MemoryLocation &rhs);

  ProvenanceAnalysis provenance;
  llvm::DenseMap<Operation *, bool> effectFreeCallees;
  llvm::DenseMap<Value, std::optional<int64_t>> bufferLengths;
  llvm::DenseMap<Value, bool> noAliasRoots;
  /// The facts each `scf.if` condition establishes in its then-region.
  llvm::DenseMap<Operation *, SmallVector<GapFact, 1>> conditionFacts;
  /// The facts in each region, all conditions around it.
  llvm::DenseMap<Region *, std::unique_ptr<SmallVector<GapFact, 2>>> factsAt;
  /// The facts in force while a QueryPoint lives.
  ArrayRef<GapFact> facts;
};

/// True for a function argument marked asc.no_alias: a root that overlaps
/// no other root.
bool isNoAliasArgument(Value root);

/// The TQue or TBuf whose buffer `root` (a provenance root) is: the queue of
/// a buffer allocation (BufferSourceOpInterface's Allocation), or the TBuf
/// itself, the root of every tensor its Get returns. Null for anything else.
Value getLocalBufferOwner(Value root);

} // namespace asc
} // namespace mlir

#endif // ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H
