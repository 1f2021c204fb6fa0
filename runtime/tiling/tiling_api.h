//===- tiling_api.h - The host tiling API, as an op_host header sees it ---===//
//
// An operator's op_host tiling header includes CANN's `tiling/tiling_api.h`
// for TCubeTiling, the Matmul member of its tiling struct
// (TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, ...)). asc-run computes that
// member from the launch file's "tilings" (docs/Runtime.md, "Operator
// projects"), so only the struct is declared here; a host tiling class
// (MultiCoreMatmulTiling, ...) used in a header does not compile and is
// named by the compiler.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_TILING_TILING_API_H
#define ASC_RUN_TILING_TILING_API_H

#include "kernel_tiling/kernel_tiling.h"

#endif // ASC_RUN_TILING_TILING_API_H
