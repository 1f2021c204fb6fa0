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

#include "asc/Dialect/Asc/IR/AscEnums.h.inc"
#include "asc/Dialect/Asc/IR/MatmulConfigFields.h"

#define GET_ATTRDEF_CLASSES
#include "asc/Dialect/Asc/IR/AscAttrs.h.inc"

namespace mlir::asc {
/// The source and target pipes of a hardware event: its SetFlag waits for
/// the source, its WaitFlag holds back the target.
std::pair<PipeKind, PipeKind> getHardEventPipes(HardEvent event);

/// True for the unified-buffer positions vector code reads and writes.
inline bool isVectorPosition(TPosition position) {
  return position == TPosition::VECIN || position == TPosition::VECOUT ||
         position == TPosition::VECCALC;
}
} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_IR_ASCATTRS_H
