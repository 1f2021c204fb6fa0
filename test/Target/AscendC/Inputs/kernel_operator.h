//===- kernel_operator.h - Ascend C kernel API shim -------------*- C++ -*-===//
//
// Stands in for CANN's kernel_operator.h in the syntax checks of the emitted
// kernels.
//
//===----------------------------------------------------------------------===//

#include "ascendc_api.h"
