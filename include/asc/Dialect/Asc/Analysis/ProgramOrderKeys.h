//===- ProgramOrderKeys.h - hashing that keeps program order ---*- C++ -*-===//
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
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROGRAMORDERKEYS_H
#define ASC_DIALECT_ASC_ANALYSIS_PROGRAMORDERKEYS_H

#include "llvm/ADT/DenseMapInfo.h"
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

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROGRAMORDERKEYS_H
