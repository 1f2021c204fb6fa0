//===- matmul_tilingdata.h - TCubeTiling for tiling structs -----*- C++ -*-===//
//
// The header an operator's tiling struct includes for its TCubeTiling member
// (hicann/ops-nn's op_kernel tiling headers). The kernel sees TCubeTiling as
// the plain struct of kernel_tiling.h, field for field what the host's
// tiling writes.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_TILING_MATRIX_MATMUL_TILINGDATA_H
#define ASC_RUN_TILING_MATRIX_MATMUL_TILINGDATA_H

#include "kernel_tiling/kernel_tiling.h"

#endif // ASC_RUN_TILING_MATRIX_MATMUL_TILINGDATA_H
