// IterateNBatch on NORMAL-layout types: the client's static_assert (L12).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using A = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
using C = MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;

extern "C" __global__ __aicore__ void n_batch(GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling;
  matmul::Matmul<A, A, C> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.IterateNBatch<false, true>(2, 1, 1, false);
  mm.WaitIterateBatch();
  mm.End();
  (void)tilingGm;
}
