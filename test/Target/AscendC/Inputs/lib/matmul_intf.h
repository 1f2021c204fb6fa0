//===- matmul_intf.h - Ascend C Matmul API shim -----------------*- C++ -*-===//
//
// Stands in for CANN's lib/matmul_intf.h in the syntax checks of the emitted
// kernels.
//
//===----------------------------------------------------------------------===//

#include "../ascendc_matmul_api.h"
