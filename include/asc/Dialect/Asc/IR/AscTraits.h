//===- AscTraits.h - asc operation traits -----------------------*- C++ -*-===//
//
// Facts of an operation kind, attached in ODS (AscOps.td): what a Matmul call
// does to its object, which wait family completes it, and verifier pieces
// several ops share.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCTRAITS_H
#define ASC_DIALECT_ASC_IR_ASCTRAITS_H

#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir {
namespace asc {
namespace detail {
LogicalResult verifyTensorAtQueuePosition(Operation *op, Type queue,
                                          Type tensor);
LogicalResult verifyCubeOnlyCall(Operation *op);
LogicalResult verifyMatmulInput(Operation *op, MatmulSlot slot, Type matmul,
                                Type input, bool hasTranspose);
} // namespace detail

/// What every op of this kind does to its Matmul object's protocol state;
/// it implements MatmulOpInterface::getMatmulUseKind.
template <MatmulUseKind Kind> struct HasMatmulUseKind {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static MatmulUseKind getMatmulUseKind() { return Kind; }
  };
};

/// How every op of this kind takes part in the client's staged message; it
/// implements MatmulOpInterface::getMessageRole (an op whose role depends on
/// its operands defines its own getMessageRole, which hides this one).
template <MatmulMessageRole Role> struct HasMatmulMessageRole {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static MatmulMessageRole getMessageRole() { return Role; }
  };
};

/// The wait family of an async issue or of a wait; it implements
/// getWaitKind of MatmulAsyncIssueOpInterface and MatmulWaitOpInterface.
template <WaitKind Kind> struct HasWaitKind {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static WaitKind getWaitKind() { return Kind; }
  };
};

/// A setter of the A or B input (`Slot`): the input is a tensor whose kind
/// (global or local) and element type match the Matmul type's part, or a
/// scalar of that element type without is_transpose.
template <MatmulSlot Slot> struct MatmulInputFor {
  template <typename ConcreteType>
  class Impl : public OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static LogicalResult verifyTrait(Operation *op) {
      auto concrete = cast<ConcreteType>(op);
      return detail::verifyMatmulInput(op, Slot, concrete.getMatmul().getType(),
                                       concrete.getInput().getType(),
                                       concrete.getIsTransposeAttr() !=
                                           nullptr);
    }
  };
};

/// A queue operation whose tensor must sit at the queue's TPosition.
template <typename ConcreteType>
class TensorAtQueuePosition
    : public OpTrait::TraitBase<ConcreteType, TensorAtQueuePosition> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    auto concrete = cast<ConcreteType>(op);
    return detail::verifyTensorAtQueuePosition(
        op, concrete.getQueue().getType(), concrete.getTensor().getType());
  }
};

/// A call that exists only on the cube-side Matmul object, so only in a
/// cube-only kernel (rule L13).
template <typename ConcreteType>
class CubeOnlyCall : public OpTrait::TraitBase<ConcreteType, CubeOnlyCall> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyCubeOnlyCall(op);
  }
};

/// Facts of CANN's Matmul client about a call (AscOps.td says which calls
/// and why): marker traits the analyses test with `hasTrait`.

/// Called again while its computation runs, it continues that loop.
template <typename ConcreteType>
class ContinuesItsOwnLoop
    : public OpTrait::TraitBase<ConcreteType, ContinuesItsOwnLoop> {};

/// Fetches one block of the computation in flight.
template <typename ConcreteType>
class FetchesOneBlock
    : public OpTrait::TraitBase<ConcreteType, FetchesOneBlock> {};

/// Signals each of its loops when issued without its wait flag.
template <typename ConcreteType>
class SignalsEachLoop
    : public OpTrait::TraitBase<ConcreteType, SignalsEachLoop> {};

/// Takes one per-loop signal of a SignalsEachLoop computation.
template <typename ConcreteType>
class TakesLoopSignal
    : public OpTrait::TraitBase<ConcreteType, TakesLoopSignal> {};

/// Checked or counted with by the client while an async Iterate's blocks are
/// fetched.
template <typename ConcreteType>
class ReadByBlockFetches
    : public OpTrait::TraitBase<ConcreteType, ReadByBlockFetches> {};

} // namespace asc
} // namespace mlir

#endif // ASC_DIALECT_ASC_IR_ASCTRAITS_H
