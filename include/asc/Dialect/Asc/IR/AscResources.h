//===- AscResources.h - what asc operations have effects on -----*- C++ -*-===//
//
// The side-effect resources asc operations declare their memory effects on
// (AscOps.td's Asc_GlobalMemory, Asc_LocalMemory, Asc_MatmulState,
// Asc_QueueState, Asc_Pipeline), which the alias analysis tells apart.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCRESOURCES_H
#define ASC_DIALECT_ASC_IR_ASCRESOURCES_H

#include "mlir/IR/Types.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::asc {

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

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_IR_ASCRESOURCES_H
