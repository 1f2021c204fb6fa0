//===- AscAttrs.h - asc enums and attributes --------------------*- C++ -*-===//
//
// TPosition, CubeFormat and the other API enums; Matmul part/config attrs.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCATTRS_H
#define ASC_DIALECT_ASC_IR_ASCATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"

#include "asc/Dialect/Asc/IR/AscEnums.h.inc"
#include "asc/Dialect/Asc/IR/MatmulConfigFields.h"

#define GET_ATTRDEF_CLASSES
#include "asc/Dialect/Asc/IR/AscAttrs.h.inc"

namespace mlir::asc {
/// The source and target pipes of a hardware event: its SetFlag waits for
/// the source, its WaitFlag holds back the target.
std::pair<PipeKind, PipeKind> getHardEventPipes(HardEvent event);

/// One step of a call that orders the vector core's pipes on its own (spec
/// section 2c, O5 and O8). The steps come from the table asc-run runs too
/// (runtime/asc_run/call_orderings.def).
struct PipeOrderingStep {
  enum class Kind {
    /// SetFlag/WaitFlag<from_to>: `from`'s earlier work happens before
    /// `to`'s later work.
    Order,
    /// PipeBarrier<from>.
    Barrier,
    /// The call's own access of local memory, on pipe `from`.
    Access,
    /// A post of a message and the wait for the server's signal: what
    /// `from` (MTE3, and the scalar unit before it) had done happens before
    /// every pipe after it.
    Server,
  };
  Kind kind;
  PipeKind from;
  PipeKind to;
};

/// The pipes a queue hands its buffers between (producer, consumer): a
/// TQueBind<source, position> when `source` is given, else a
/// TQue<position>. EnQue/DeQue orders the producer before the consumer,
/// FreeTensor/AllocTensor the consumer before the producer. None for a
/// queue whose hand-offs the vector core's checkers do not follow.
std::optional<std::pair<PipeKind, PipeKind>>
getQueueHandOffPipes(std::optional<TPosition> source, TPosition position);

/// True for the unified-buffer positions vector code reads and writes.
inline bool isVectorPosition(TPosition position) {
  return position == TPosition::VECIN || position == TPosition::VECOUT ||
         position == TPosition::VECCALC;
}
} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_IR_ASCATTRS_H
