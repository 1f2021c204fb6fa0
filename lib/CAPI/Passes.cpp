//===- Passes.cpp - C API of the asc passes -------------------------------===//
//
// Registration and creation of the asc passes and conversions, generated
// from their ODS.
//
//===----------------------------------------------------------------------===//

#include "asc-c/Passes.h"
#include "asc/Conversion/Passes.h"
#include "asc/Transforms/Passes.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::asc;

#ifdef __cplusplus
extern "C" {
#endif

#include "asc-c/AscConversionPasses.capi.cpp.inc"
#include "asc-c/AscPasses.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
