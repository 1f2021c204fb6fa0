//===- AscInterfaces.h - asc op interfaces ----------------------*- C++ -*-===//
//
// The Matmul op interfaces, the enums they speak in, and the memory
// resources asc operations declare effects on.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCINTERFACES_H
#define ASC_DIALECT_ASC_IR_ASCINTERFACES_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::asc {

/// What an operation does to a Matmul object's protocol state.
enum class MatmulUseKind {
  /// Makes the object usable (REGIST_MATMUL_OBJ, Init).
  Initialize,
  /// Changes what the next computation does (SetTensorA, SetTail, ...).
  Configure,
  /// Runs, or issues, work on the cube unit (Iterate, IterateAll, ...).
  Compute,
  /// Completes a pending async issue (WaitIterateAll, ...).
  Wait,
  /// Releases the object (End).
  Release,
};

/// The families of async issues and the waits that complete them.
enum class WaitKind {
  /// IterateAll<false>, completed by WaitIterateAll.
  IterateAll,
  /// IterateBatch<false, true> and IterateNBatch<false, true>, completed by
  /// WaitIterateBatch.
  IterateBatch,
  /// GetTensorC<false> and AsyncGetTensorC, completed by WaitGetTensorC.
  GetTensorC,
};

/// The asc op name of the wait that completes issues of `kind`.
llvm::StringRef getWaitOpName(WaitKind kind);
/// A readable list of the issue ops of `kind`, for diagnostics.
llvm::StringRef getIssueDescription(WaitKind kind);

/// Global memory (GM), reached through global tensors.
struct GlobalMemoryResource
    : public SideEffects::Resource::Base<GlobalMemoryResource> {
  llvm::StringRef getName() final { return "asc::GlobalMemory"; }
};
/// On-chip local memory (UB, L1, L0, CO1), reached through local tensors.
struct LocalMemoryResource
    : public SideEffects::Resource::Base<LocalMemoryResource> {
  llvm::StringRef getName() final { return "asc::LocalMemory"; }
};
/// The protocol state of a Matmul object (its configuration and pending work).
struct MatmulStateResource
    : public SideEffects::Resource::Base<MatmulStateResource> {
  llvm::StringRef getName() final { return "asc::MatmulState"; }
};
/// The state of the pipe and its queues.
struct QueueStateResource
    : public SideEffects::Resource::Base<QueueStateResource> {
  llvm::StringRef getName() final { return "asc::QueueState"; }
};
/// The hardware pipelines a barrier drains.
struct PipelineResource : public SideEffects::Resource::Base<PipelineResource> {
  llvm::StringRef getName() final { return "asc::Pipeline"; }
};

/// The memory resource a tensor of `type` lives in.
SideEffects::Resource *getTensorResource(Type type);

class MatmulWaitOpInterface;
namespace detail {
/// Rule L10: some waitable issue of the wait's kind on the same Matmul object
/// reaches `wait`.
LogicalResult verifyWaitHasReachingIssue(Operation *wait);
} // namespace detail

} // namespace mlir::asc

#include "asc/Dialect/Asc/IR/AscInterfaces.h.inc"

#endif // ASC_DIALECT_ASC_IR_ASCINTERFACES_H
