// A cube-only kernel as CANN writes it (ASCENDC_CUBE_ONLY before
// lib/matmul_intf.h, `if ASCEND_IS_AIV { return; }` first): it runs on the
// cube core alone, so the core test is constant and the registration stays
// in the kernel's top-level block; a scalar argument is a scalar (L14).
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

extern "C" __cube__ __global__ __aicore__ void
cube(GM_ADDR a, GM_ADDR c, int32_t rows, TCubeTiling tiling) {
  if ASCEND_IS_AIV {
    return;
  }
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> ga, gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(ga);
  mm.SetTensorB(ga);
  mm.SetTail(rows);
  mm.IterateAll(gc);
  mm.End();
}

// CHECK-LABEL: func.func @cube(
// CHECK-SAME: %{{[^:]*}}: i32,
// CHECK-SAME: attributes {asc.cube_only, asc.kernel}
// CHECK-NOT: scf.if
// CHECK: asc.matmul.register
// CHECK: asc.matmul.set_tail %{{.*}}, %arg2,
// CHECK: asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.end
// CLEAN: no Matmul protocol violation found
