//===- AliasAnalysis.h - may-alias queries on asc tensors -------*- C++ -*-===//
//
// Decides whether two asc tensors may share memory, from where each tensor's
// memory comes from: a kernel pointer argument plus a byte range, a queue's
// buffers, or a Matmul object's workspace.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H
#define ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

namespace mlir::asc {

/// The memory a tensor value reaches.
struct MemoryRegion {
  enum class Space {
    /// Global memory.
    Global,
    /// On-chip local memory.
    Local,
    /// Not a tensor, or nothing is known.
    Unknown,
  };
  Space space = Space::Unknown;
  /// What the memory derives from: a kernel argument, a queue, a Matmul
  /// object (its workspace) or another root value; null when unknown.
  Value root;
  /// Byte offset from the root, when constant.
  std::optional<int64_t> offset;
  /// Byte size from the offset on, when known; unbounded otherwise.
  std::optional<int64_t> size;
};

/// May-alias queries over the tensors of one function. Results are cached per
/// value; the cache stays valid while the ops that define tensors stay put
/// (moving waits and issues around does not invalidate it).
class TensorAliasAnalysis {
public:
  /// The memory `tensor` reaches.
  const MemoryRegion &getMemoryRegion(Value tensor);

  /// False only when `a` and `b` provably touch disjoint memory: different
  /// spaces, distinct roots of which one is a kernel argument marked
  /// `asc.no_alias` (or two different queues), or disjoint constant byte
  /// ranges of one root.
  bool mayAlias(Value a, Value b);

private:
  MemoryRegion computeMemoryRegion(Value tensor);
  llvm::DenseMap<Value, MemoryRegion> regions;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_ALIASANALYSIS_H
