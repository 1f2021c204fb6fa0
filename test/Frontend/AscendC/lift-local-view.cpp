// CANN's matmul_fused: a LocalTensor field each trip dequeues before its
// use, read through views (`reluInLocal[offset]`, asc.subview). With no
// value before the loop it is not carried; a read after the loop is a use
// before it is set.
//
// RUN: split-file %s %t
// RUN: asc-check %t/view.cpp --emit-mlir | FileCheck %s
// RUN: asc-check %t/view.cpp | FileCheck %s --check-prefix=CLEAN
// RUN: asc-check %t/after.cpp --verify-diagnostics

//--- view.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
using V = AscendC::MatmulType<AscendC::TPosition::VECIN, CubeFormat::ND, float>;
class Kernel {
public:
  __aicore__ inline void Process(GM_ADDR a, AscendC::TPipe *pipe, int32_t n) {
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
    pipe->InitBuffer(inQueue, 1, 2 * n * sizeof(float));
    pipe->InitBuffer(outQueue, 1, n * sizeof(float));
    mm.SetTensorA(aGlobal);
    mm.SetTensorB(aGlobal);
    mm.template Iterate<false>();
    for (int32_t i = 0; i < 4; ++i) {
      inLocal = inQueue.AllocTensor<float>();
      mm.template GetTensorC<false>(inLocal, false, true);
      inQueue.EnQue(inLocal);
      inLocal = inQueue.DeQue<float>();
      for (int32_t j = 0; j < 2; ++j) {
        auto outLocal = outQueue.AllocTensor<float>();
        AscendC::LeakyRelu(outLocal, inLocal[j * n], 0.001f, n);
        outQueue.EnQue(outLocal);
        outLocal = outQueue.DeQue<float>();
        outQueue.FreeTensor(outLocal);
      }
      inQueue.FreeTensor(inLocal);
    }
    mm.End();
  }
  AscendC::Matmul<G, G, V> mm;

private:
  AscendC::GlobalTensor<float> aGlobal;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
  AscendC::LocalTensor<float> inLocal;
};
extern "C" __global__ __aicore__ void k(GM_ADDR a, TCubeTiling tiling) {
  AscendC::TPipe pipe;
  Kernel kernel;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), kernel.mm, &tiling);
  kernel.Process(a, &pipe, tiling.baseM * tiling.baseN);
}

// CHECK-LABEL: func.func @k(
// CHECK: scf.for
// CHECK: %[[IN:.*]] = asc.queue.deque
// CHECK: scf.for %[[J:.*]] =
// CHECK: %[[VIEW:.*]] = asc.subview %[[IN]][%{{.*}}] : !asc.local_tensor<vecin, f32>
// CHECK: asc.leaky_relu %{{.*}}, %[[VIEW]]

//--- after.cpp
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR a, int32_t n) {
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
  pipe.InitBuffer(inQueue, 1, n * sizeof(float));
  AscendC::LocalTensor<float> inLocal;
  for (int32_t i = 0; i < 4; ++i) {
    inLocal = inQueue.AllocTensor<float>();
    inQueue.FreeTensor(inLocal);
  }
  // expected-error@+1 {{this value is used before it is set}}
  inQueue.FreeTensor(inLocal);
}

// CLEAN: no Matmul protocol violation found
