// Early returns at a function's top level: the rest of the function runs on
// the branch that does not return, whichever it is; a value returned on
// both paths is the scf.if's result.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

__aicore__ inline int32_t clampTail(int32_t tail, int32_t full) {
  if (tail >= full)
    return full;
  return tail;
}

extern "C" __global__ __aicore__ void k(GM_ADDR c, TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  int32_t tail = clampTail(tiling.M - 8, tiling.singleCoreM);
  if (tiling.N > 0) {
    mm.SetTail(tail);
  } else {
    mm.End();
    return;
  }
  mm.SetTail(-1, tail);
  mm.End();
}

// CHECK-LABEL: func.func @k(
// The returned value merges.
// CHECK: %[[TAIL:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: } else {
// CHECK: }
// The statements after the if run on the branch without the return.
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: asc.matmul.set_tail %{{.*}}, %[[TAIL]],
// CHECK-NEXT: asc.matmul.set_tail %{{.*}}, %{{.*}}, %[[TAIL]],
// CHECK-NEXT: asc.matmul.end
// CHECK-NEXT: } else {
// CHECK-NEXT: asc.matmul.end
// CHECK-NEXT: }
// CHECK-NEXT: return
