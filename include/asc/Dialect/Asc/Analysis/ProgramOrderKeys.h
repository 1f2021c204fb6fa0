//===- ProgramOrderKeys.h - hashing and sorting in program order *- C++ -*-===//
//
// DenseMap keys for the tables the analyses fill and read in program order
// (the state before each Matmul op, each op's transition, each issue's
// footprint). The parser allocates operations in program order, so nearby
// ops have nearby addresses; a hash that keeps the address's order puts
// them in nearby buckets, and a walk over a function then reads each table
// nearly sequentially instead of one cache miss per lookup. With the
// default pointer hash, those lookups were the part of the analyses that
// grew faster than the function once its tables left the caches
// (docs/SyncPlacement.md, "Cost").
//
// The analyses keep their sets of operations ordered by address (the
// persistent sets of ProtocolState.h, the buckets of InFlightConflicts.h).
// Addresses differ from one run to the next, so whatever reaches a
// diagnostic, a remark or the IR from such a set is put in program order
// first (sortInProgramOrder).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROGRAMORDERKEYS_H
#define ASC_DIALECT_ASC_ANALYSIS_PROGRAMORDERKEYS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/STLExtras.h"
#include <cstdint>

namespace mlir::asc {

/// The bucket hash of an address: its 64-byte line (no two operations share
/// one), with the bits above 4 GB folded in so that distant allocations do
/// not all meet in the same buckets.
inline unsigned hashInProgramOrder(const void *pointer) {
  auto address = reinterpret_cast<uintptr_t>(pointer);
  return static_cast<unsigned>((address >> 6) ^ (address >> 32));
}

/// DenseMapInfo for a pointer key looked up in program order.
template <typename T> struct ProgramOrderInfo : llvm::DenseMapInfo<T *> {
  static unsigned getHashValue(const T *pointer) {
    return hashInProgramOrder(pointer);
  }
};

/// Whether `lhs` comes before `rhs` in a pre-order walk of their common
/// ancestor: an op before the ops nested in it, regions and blocks in their
/// order. Null comes first; two ops in no common tree compare by address.
inline bool isBeforeInProgramOrder(Operation *lhs, Operation *rhs) {
  if (lhs == rhs)
    return false;
  if (!lhs || !rhs)
    return !lhs;
  auto depthOf = [](Operation *op) {
    unsigned depth = 0;
    while ((op = op->getParentOp()))
      ++depth;
    return depth;
  };
  unsigned lhsDepth = depthOf(lhs), rhsDepth = depthOf(rhs);
  Operation *lhsAt = lhs, *rhsAt = rhs;
  for (; lhsDepth > rhsDepth; --lhsDepth)
    lhsAt = lhsAt->getParentOp();
  for (; rhsDepth > lhsDepth; --rhsDepth)
    rhsAt = rhsAt->getParentOp();
  // One is nested in the other: the enclosing op comes first.
  if (lhsAt == rhsAt)
    return lhsAt == lhs;
  while (lhsAt->getParentOp() != rhsAt->getParentOp()) {
    lhsAt = lhsAt->getParentOp();
    rhsAt = rhsAt->getParentOp();
  }
  Block *lhsBlock = lhsAt->getBlock(), *rhsBlock = rhsAt->getBlock();
  if (!lhsBlock || !rhsBlock)
    return lhs < rhs;
  if (lhsBlock == rhsBlock)
    return lhsAt->isBeforeInBlock(rhsAt);
  Region *lhsRegion = lhsBlock->getParent(), *rhsRegion = rhsBlock->getParent();
  if (lhsRegion != rhsRegion)
    return lhsRegion->getRegionNumber() < rhsRegion->getRegionNumber();
  for (Block &block : *lhsRegion) {
    if (&block == lhsBlock)
      return true;
    if (&block == rhsBlock)
      return false;
  }
  return lhs < rhs;
}

/// Puts `ops`, distinct, in program order (isBeforeInProgramOrder).
inline void sortInProgramOrder(MutableArrayRef<Operation *> ops) {
  if (ops.size() > 1)
    llvm::sort(ops, isBeforeInProgramOrder);
}

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROGRAMORDERKEYS_H
