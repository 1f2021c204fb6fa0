// CANN's async IterateAll with its WaitIterateAll deleted: one P1 error,
// at the kernel's end where the issue is still pending, with a note at the
// issue in the user's header.
//
// RUN: not asc-check %s 2>&1 | FileCheck %s

#define WAIT_LINE (void)0
#include "Inputs/iterate_all_kernel.h"

extern "C" __global__ __aicore__ void
iterate_all_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                   __kfc_workspace__ GM_ADDR workspace, GM_ADDR tilingGm) {
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGm);
  IterateAllKernel<half, float> kernel;
  AscendC::TPipe pipe;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), kernel.matmulObj, &tiling);
  kernel.Init(a, b, c, tiling);
  kernel.Process();
}

// CHECK: p1-missing-wait.cpp:20:1: error: returns while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first [asc-P1]
// CHECK-NEXT: }
// CHECK-NEXT: ^
// CHECK-NEXT: iterate_all_kernel.h:40:5: note: the pending async issue
// CHECK-NEXT: matmulObj.template IterateAll<false>(cGlobal, 0, false, true);
// CHECK-NEXT: ^
// CHECK-NOT: error
