// A tiling whose fields the kernel changed (CANN's batch_matmul sets the
// share sizes before REGIST_MATMUL_OBJ) is registered and passed to Init as
// an asc.tiling.create of every TCubeTiling member: the changed ones with
// their values, the others read from the loaded tiling. A GlobalTensor over
// the kernel's nullptr bias stays null while nothing uses it.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

__aicore__ inline void setBias(AscendC::GlobalTensor<float> &bias, GM_ADDR b) {
  bias.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(b));
  bias = bias[16];
}

extern "C" __global__ __aicore__ void k(GM_ADDR c, TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  AscendC::Matmul<G, G, G> other;
  AscendC::GlobalTensor<float> bias;
  setBias(bias, nullptr);
  tiling.shareL1Size = 512 * 1024;
  if (tiling.M > 64)
    tiling.singleCoreM = 64;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  other.Init(&tiling);
  mm.End();
  other.End();
}

// CHECK-LABEL: func.func @k(
// CHECK-DAG: %[[L1:.*]] = arith.constant 524288 : i32
// CHECK-DAG: %[[LOADED:.*]] = asc.get_tiling
// CHECK: %[[M:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK: %[[TILING:.*]] = asc.tiling.create(usedCoreNum = %{{.*}}, {{.*}}singleCoreM = %[[M]], {{.*}}shareL1Size = %[[L1]],
// CHECK: asc.matmul.register %{{.*}}, %{{.*}}, %{{.*}} tiling %[[TILING]]
// The same tiling for Init (one op after CSE).
// CHECK-NEXT: asc.matmul.init %{{.*}}, %[[TILING]]

// CLEAN: no Matmul protocol violation found
