// Control flow as CANN's fused kernels write it: `while (mm.Iterate())`
// with a counter, a fetch into a VECOUT queue, LeakyRelu and a strided
// DataCopy; a tiling field the kernel overwrites on one branch; a counted
// loop over the tiling (scf.for, by upstream's uplift) and the same loop on
// a narrow counter, which stays an scf.while (C++ promotes and wraps it).
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using MmType = AscendC::Matmul<
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
    AscendC::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>>;

extern "C" __global__ __aicore__ void fused(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                            TCubeTiling tiling) {
  AscendC::TPipe pipe;
  MmType mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<half> aGlobal, bGlobal;
  AscendC::GlobalTensor<float> cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
  pipe.InitBuffer(outQueue, 1, tiling.baseM * tiling.baseN * sizeof(float));

  int32_t tailN = tiling.N - AscendC::GetBlockIdx() * tiling.singleCoreN;
  if (tailN < tiling.singleCoreN) {
    tiling.singleCoreN = tailN;
  }
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(bGlobal);
  uint32_t round = 0;
  uint32_t roundM = tiling.singleCoreM / tiling.baseM;
  while (mm.Iterate()) {
    AscendC::LocalTensor<float> out = outQueue.AllocTensor<float>();
    mm.GetTensorC(out, false, true);
    AscendC::LeakyRelu(out, out, 0.001f, tiling.baseM * tiling.baseN);
    outQueue.EnQue(out);
    AscendC::LocalTensor<float> ready = outQueue.DeQue<float>();
    AscendC::DataCopyParams params = {
        (uint16_t)tiling.baseM, (uint16_t)(tiling.baseN * sizeof(float) / 32),
        0,
        (uint16_t)((tiling.singleCoreN - tiling.baseN) * sizeof(float) / 32)};
    uint32_t offset = (round % roundM) * tiling.baseM * tiling.N +
                      (round / roundM) * tiling.baseN;
    AscendC::DataCopy(cGlobal[offset], ready, params);
    outQueue.FreeTensor(ready);
    round++;
  }
  for (int32_t i = 0; i < tiling.stepM; ++i) {
    mm.SetTail(tiling.baseM);
  }
  for (uint8_t i = 0; i < tiling.stepN; ++i) {
    mm.SetTail(tiling.baseN);
  }
  mm.End();
}

// CHECK-LABEL: func.func @fused(
// The overwritten field merges: the tail on one branch, the tiling's own
// value on the other (read before the branches).
// CHECK: %[[SCN:.*]] = asc.tiling.get %[[T:.*]][singleCoreN]
// CHECK: %[[SN:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT: scf.yield %[[TAIL:.*]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[SCN]] : i32
// The copy's stride uses the overwritten singleCoreN (hoisted out of the
// loop by LICM).
// CHECK: arith.subi %[[SN]], %{{.*}}
// CHECK: %{{.*}} = scf.while (%[[ROUND:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT: %[[MORE:.*]] = asc.matmul.iterate %{{.*}} : !matmul
// CHECK-NEXT: scf.condition(%[[MORE]]) %[[ROUND]] : i32
// CHECK: asc.queue.alloc_tensor
// CHECK-NEXT: asc.matmul.get_tensor_c %{{.*}}, %{{.*}} {en_sequential_write = true} : !matmul
// CHECK: asc.leaky_relu
// CHECK: asc.queue.enque
// CHECK-NEXT: asc.queue.deque
// CHECK: asc.data_copy %{{.*}}, %{{.*}} params(
// CHECK: asc.queue.free_tensor
// CHECK: scf.yield
// The int32 loop over the tiling is counted; the uint8 one is not.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: asc.matmul.set_tail
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (i8) -> i8 {
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.cmpi slt
// CHECK: asc.matmul.set_tail
// CHECK: asc.matmul.end

// CLEAN: no Matmul protocol violation found
