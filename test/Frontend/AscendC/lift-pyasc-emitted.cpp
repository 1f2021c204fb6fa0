// The C++ that pyasc's compiler emits (its ascendc.cpp) lifts: the FFTS
// prologue of its launch ABI, the tiling copied from GM byte by byte in an
// inline loop, GM pointers advanced by an offset before SetGlobalBuffer,
// a `using namespace` in the body, a kernel argument registered as the
// workspace, and a variable set only on a loop's exit path that nothing
// reads afterwards. The kernel is ours, written the way pyasc writes.
//
// RUN: asc-check %s --emit-mlir --arguments-may-alias | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

// CHECK-LABEL: func.func @mix_kernel(
// CHECK-SAME: %[[A:[a-z0-9]+]]: !asc.gm_addr, %[[B:[a-z0-9]+]]: !asc.gm_addr, %[[C:[a-z0-9]+]]: !asc.gm_addr, %[[T:[a-z0-9]+]]: !asc.gm_addr, %[[WS:[a-z0-9]+]]: !asc.gm_addr {asc.workspace}, %[[FFTS:[a-z0-9]+]]: !asc.gm_addr)
// CHECK: asc.set_ffts_base_addr %[[FFTS]]
// CHECK: %[[AIC:.*]] = asc.is_aic
// CHECK: scf.if %[[AIC]] {
// CHECK-NEXT: asc.ffts_cross_core_sync pipe_mte3, 3873
// CHECK: %[[TILING:.*]] = asc.get_tiling %[[T]]
// CHECK-NOT: scf.for
// CHECK: %[[OFF:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK-NEXT: asc.set_global_buffer %[[A]][%[[OFF]]] : !asc.global_tensor<f16>
// CHECK: %[[N:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK-NEXT: %[[BACK:.*]] = arith.addi %[[N]], %c-16_i64 : i64
// CHECK-NEXT: asc.set_global_buffer %[[B]][%[[BACK]]] : !asc.global_tensor<f16>
// CHECK: %[[ROW:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[SUM:.*]] = arith.addi %[[ROW]], %{{.*}} : i64
// CHECK-NEXT: asc.set_global_buffer %[[C]][%[[SUM]]] : !asc.global_tensor<f32>
// CHECK: asc.matmul.register %{{.*}}, %[[WS]], %{{.*}} tiling %[[TILING]]
// CHECK: asc.matmul.iterate_all
// CLEAN: no Matmul protocol violation found
extern "C" __global__ __aicore__ void mix_kernel(__gm__ half *a, __gm__ half *b,
                                                 __gm__ float *c,
                                                 __gm__ TCubeTiling *tilingGm,
                                                 __gm__ uint8_t *workspace,
                                                 __gm__ uint64_t *fftsAddr) {
  set_ffts_base_addr(*fftsAddr);
  bool isCube = g_coreType == AscendC::AIC;
  if (isCube) {
    constexpr int64_t config = 3873;
    ffts_cross_core_sync(PIPE_MTE3, config);
  }
  TCubeTiling tiling;
  for (size_t i = 0; i < sizeof(tiling); i++) {
    auto byte = reinterpret_cast<__gm__ uint8_t *>(tilingGm)[i];
    reinterpret_cast<uint8_t *>(&tiling)[i] = byte;
  };
  int32_t block = static_cast<int32_t>(AscendC::GetBlockIdx());
  uint32_t offsetA = static_cast<uint32_t>(block * tiling.Ka);
  __gm__ half *aAt = a + offsetA;
  AscendC::GlobalTensor<half> aGlobal;
  aGlobal.SetGlobalBuffer(aAt);
  AscendC::GlobalTensor<half> bGlobal;
  bGlobal.SetGlobalBuffer(b + tiling.N - 16);
  AscendC::GlobalTensor<float> cGlobal;
  uint32_t row = static_cast<uint32_t>(block * tiling.N);
  cGlobal.SetGlobalBuffer(c + row + tiling.singleCoreN);
  AscendC::TPipe pipe;
  using MT = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
  using CT = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
  matmul::Matmul<MT, MT, CT, CT> mm;
  using namespace AscendC;
  REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling);
  int32_t rounds;
  int32_t count = 0;
  while (true) {
    if (count >= 1) {
      rounds = count;
      break;
    };
    mm.SetTensorA(aGlobal, false);
    mm.SetTensorB(bGlobal, false);
    mm.IterateAll(cGlobal);
    count = count + 1;
  }
  mm.End();
  AscendC::PipeBarrier<PIPE_ALL>();
}
