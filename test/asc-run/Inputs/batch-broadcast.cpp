// IterateBatch in the NORMAL layout with batchA 2 and batchB 4: as CANN's
// NORMAL offsets (CalcBatchIterateAOffsetInfo: divisorA = batchNum /
// batchA; UpdateOffset: batchIndex / divisorA), batch i reads A batch
// i / 2. The reference is batch-broadcast.ref.cpp.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using ABatch =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
using CBatch =
    MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;

extern "C" __global__ __aicore__ void
batch_broadcast(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<ABatch, ABatch, CBatch> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateBatch<false, true>(gc, 2, 4, false);
  mm.WaitIterateBatch();
  mm.End();
}
