//===- Passes.h - asc conversion passes -------------------------*- C++ -*-===//
//
// Declarations and registration of the conversions into and out of asc.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_CONVERSION_PASSES_H
#define ASC_CONVERSION_PASSES_H

#include "asc/Conversion/AscToEmitC/AscToEmitC.h"
#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "mlir/Pass/Pass.h"

namespace mlir::asc {

#define GEN_PASS_REGISTRATION
#include "asc/Conversion/Passes.h.inc"

} // namespace mlir::asc

#endif // ASC_CONVERSION_PASSES_H
