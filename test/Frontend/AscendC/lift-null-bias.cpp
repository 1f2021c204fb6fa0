// A GlobalTensor over the kernel's nullptr (CANN's matmul_splitk: a bias
// given as nullptr, set only when the tiling says there is one) is a
// GlobalTensor over asc.null_gm_addr, and its use lifts on the path the
// run-time data decides, as written.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

__aicore__ inline void process(AscendC::Matmul<G, G, G, G> &mm, GM_ADDR a,
                               GM_ADDR bias, GM_ADDR c,
                               const TCubeTiling &tiling) {
  AscendC::GlobalTensor<float> ga, gc, biasGlobal;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  biasGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(bias),
                             tiling.N);
  biasGlobal = biasGlobal[AscendC::GetBlockIdx() * tiling.singleCoreN];
  mm.SetTensorA(ga);
  mm.SetTensorB(ga);
  if (tiling.isBias) {
    mm.SetBias(biasGlobal);
  }
  mm.IterateAll(gc);
  mm.End();
}

extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR c,
                                        TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  process(mm, a, nullptr, c, tiling);
}

// CHECK-LABEL: func.func @k(
// CHECK: %[[NULL:.*]] = asc.null_gm_addr
// CHECK: %[[BIAS:.*]] = asc.set_global_buffer %[[NULL]], %{{.*}} : !asc.global_tensor<f32>
// CHECK: %[[VIEW:.*]] = asc.subview %[[BIAS]]
// CHECK: scf.if
// CHECK-NEXT: asc.matmul.set_bias %{{.*}}, %[[VIEW]]
// CLEAN: no Matmul protocol violation found
