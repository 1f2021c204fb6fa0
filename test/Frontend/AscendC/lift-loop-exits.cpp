// break and continue at a loop body's top level, alone or as
// `if (...) break;`, CANN's tile filters: the rest of the body runs on the
// other branch; a break sets a flag the loop carries, which ends the loop
// and skips the increment.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN
// An issue on the continue path, never waited for, is still pending at the
// next trip's issue: P1 at that line, the note at the first.
// RUN: sed -e 's/^      continue;$/      mm.template IterateAll<false>(cGlobal, 0, false, true);\n      continue;/' %s > %t.cpp
// RUN: not asc-check %t.cpp 2>&1 | FileCheck %s --check-prefix=SKIP

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR c,
                                        TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  for (int32_t group = 0; group < 8; ++group) {
    int32_t m = tiling.M - group * 16;
    if (m <= 0) {
      continue;
    }
    mm.SetTail(m);
    mm.SetTensorA(aGlobal);
    mm.SetTensorB(aGlobal);
    mm.template IterateAll<false>(cGlobal, 0, false, true);
    mm.WaitIterateAll();
  }
  for (int32_t i = 0; i < 4; i++) {
    if (i >= tiling.usedCoreNum)
      break;
    mm.SetTensorA(aGlobal);
    mm.SetTensorB(aGlobal);
    mm.IterateAll(cGlobal);
  }
  mm.End();
}

// CHECK-LABEL: func.func @k(
// The continue: the rest of the body on the else branch, then the increment.
// CHECK: scf.for
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: } else {
// CHECK-NEXT: asc.matmul.set_tail
// CHECK-NEXT: asc.matmul.set_tensor_a
// CHECK-NEXT: asc.matmul.set_tensor_b
// CHECK-NEXT: asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: }
// The break: a carried flag ends the loop and skips the increment.
// CHECK: scf.while (%[[BROKEN:.*]] = %false, %[[I:.*]] = %{{.*}})
// CHECK: %[[GOON:.*]] = arith.xori %[[BROKEN]], %true
// CHECK: arith.andi %{{.*}}, %[[GOON]]
// CHECK: scf.if %{{.*}} -> (i1) {
// CHECK-NEXT: scf.yield %true
// CHECK-NEXT: } else {
// CHECK: asc.matmul.iterate_all
// CHECK: scf.yield %[[BROKEN]]
// CHECK: asc.matmul.end
// SKIP: .cpp:35:5: error: issues new work on the Matmul object while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first [asc-P1]
// SKIP-NEXT: mm.template IterateAll<false>(cGlobal, 0, false, true);
// SKIP: .cpp:29:7: note: the pending async issue

// CLEAN: no Matmul protocol violation found
