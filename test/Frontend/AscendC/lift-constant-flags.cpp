// A transpose flag the kernel passes down as a literal through its Init's
// parameters and a field (CANN's matmul_k_reorder_load) is a constant once
// lifted: asc's attribute. The kernel's early return leaves the kernel
// object's tiling field set on the path that goes on only; nothing reads it
// on the other.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

__aicore__ inline void CopyTiling(TCubeTiling *tiling, GM_ADDR tilingGm) {
  uint32_t *ptr = reinterpret_cast<uint32_t *>(tiling);
  auto tiling32 = reinterpret_cast<__gm__ uint32_t *>(tilingGm);
  for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i++, ptr++)
    *ptr = *(tiling32 + i);
}

class Kernel {
public:
  __aicore__ inline void Init(GM_ADDR a, const TCubeTiling &tiling,
                              bool isTransA) {
    this->tiling = tiling;
    this->isTransA = isTransA;
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  }
  __aicore__ inline void Process() {
    mm.SetTensorA(aGlobal, isTransA);
    mm.End();
  }
  AscendC::Matmul<G, G, G> mm;

private:
  AscendC::GlobalTensor<float> aGlobal;
  TCubeTiling tiling;
  bool isTransA{true};
};

extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR tilingGm) {
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGm);
  Kernel kernel;
  AscendC::TPipe pipe;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), kernel.mm, &tiling);
  if (AscendC::GetBlockIdx() >= tiling.usedCoreNum) {
    return;
  }
  kernel.Init(a, tiling, false);
  kernel.Process();
}

// CHECK-LABEL: func.func @k(
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: } else {
// CHECK: asc.matmul.set_tensor_a %{{.*}}, %{{.*}} {is_transpose = false}
// CHECK-NEXT: asc.matmul.end
// CHECK-NEXT: }
// CHECK-NEXT: return
