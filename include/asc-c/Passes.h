//===- Passes.h - C API of the asc passes -------------------------*- C -*-===//
//
// Registration and creation of the asc passes and conversions, generated
// from their ODS by mlir-tblgen -gen-pass-capi-header:
//
// include/asc/Transforms/Passes.td, --prefix Asc:
//   void mlirRegisterAscPasses(void);             all asc passes
//   MlirPass mlirCreateAscAscVerifySync(void);    --asc-verify-sync
//   MlirPass mlirCreateAscAscSyncPlacement(void); --asc-sync-placement
//   void mlirRegisterAscAscVerifySync(void);      one pass
//   void mlirRegisterAscAscSyncPlacement(void);
//
// include/asc/Conversion/Passes.td, --prefix AscConversion:
//   void mlirRegisterAscConversionPasses(void);   all conversions
//   MlirPass mlirCreateAscConversionConvertAscToEmitC(void);
//                                                 --convert-asc-to-emitc
//   void mlirRegisterAscConversionConvertAscToEmitC(void);
//
// asc-verify-sync and asc-sync-placement run on func.func,
// convert-asc-to-emitc on builtin.module. The created passes use their
// default options; to set options, register the passes and parse a textual
// pipeline ("func.func(asc-sync-placement{promote-sync=true})") with
// mlirParsePassPipeline or mlirOpPassManagerAddPipeline.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_C_PASSES_H
#define ASC_C_PASSES_H

#include "mlir-c/Pass.h"

#include "asc-c/AscConversionPasses.capi.h.inc"
#include "asc-c/AscPasses.capi.h.inc"

#endif // ASC_C_PASSES_H
