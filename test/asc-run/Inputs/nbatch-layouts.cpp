// IterateNBatch with the other batch layouts, one kernel per form of
// GetBatchTensorC:
// - nbatch_sbngd_ub: A in SBNGD, B transposed in BSNGD, C in BSNGD, an
//   IterateNBatch without the wait flag; each GetBatchTensorC waits for its
//   loop and copies the loop's singleCoreM rows of batches into UB with the
//   layout's row gap, and DataCopy puts them back at their place in y.
// - nbatch_bngs1s2_view: A, B and C in BNGS1S2 with a bias per batch, an
//   IterateNBatch without the wait flag; each GetBatchTensorC waits for its
//   loop and returns a view of its batches in the workspace.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

constexpr static MatmulConfig NBATCH_CFG = GetNormalConfig(false, true);

using ASbngd =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::SBNGD>;
using BBsngdT =
    MatmulType<TPosition::GM, CubeFormat::ND, half, true, LayoutMode::BSNGD>;
using CBsngd =
    MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BSNGD>;

extern "C" __global__ __aicore__ void nbatch_sbngd_ub(GM_ADDR a, GM_ADDR b,
                                                      GM_ADDR y,
                                                      GM_ADDR workspace,
                                                      GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  const int heads = tiling.CLayoutInfoN * tiling.CLayoutInfoG;
  const int batch = tiling.BatchNum;
  const int loops = tiling.CLayoutInfoB * heads / batch;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gy, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gws.SetGlobalBuffer((__gm__ float *)workspace,
                      tiling.CLayoutInfoB * heads * tiling.M * tiling.N);
  // singleCoreM rows of `batch` matrices, a row of all heads apart.
  // The fetched batches go straight back out: MTE2 fills the buffer, MTE3
  // drains it (a VECIN -> VECOUT bind orders them both ways).
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, tiling.M * heads * tiling.N * sizeof(float));
  matmul::Matmul<ASbngd, BBsngdT, CBsngd, CBsngd, NBATCH_CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, true);
  mm.IterateNBatch<false>(loops, batch, batch, false);
  uint16_t rowBlocks = batch * tiling.N * sizeof(float) / 32;
  uint16_t gapBlocks = (heads - batch) * tiling.N * sizeof(float) / 32;
  DataCopyParams params(tiling.M, rowBlocks, gapBlocks, gapBlocks);
  for (int i = 0; i < loops; ++i) {
    LocalTensor<float> c = que.AllocTensor<float>();
    mm.GetBatchTensorC<false>(c, batch, batch);
    que.EnQue(c);
    c = que.DeQue<float>();
    int first = i * batch; // the loop's first (b, n, g)
    int offset = (first / heads) * tiling.M * heads * tiling.N +
                 (first % heads) * tiling.N;
    DataCopy(gy[offset], c, params);
    que.FreeTensor(c);
  }
  mm.End();
}

using ABngs =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BNGS1S2>;
using CBngs = MatmulType<TPosition::GM, CubeFormat::ND, float, false,
                         LayoutMode::BNGS1S2>;
using BiasT = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
nbatch_bngs1s2_view(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y,
                    GM_ADDR workspace, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  const int batch = tiling.BatchNum;
  const int loops =
      tiling.CLayoutInfoB * tiling.CLayoutInfoN * tiling.CLayoutInfoG / batch;
  const int count = batch * tiling.M * tiling.N;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gy, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gws.SetGlobalBuffer((__gm__ float *)workspace, loops * count);
  // The fetched batches go straight back out: MTE2 fills the buffer, MTE3
  // drains it (a VECIN -> VECOUT bind orders them both ways).
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, count * sizeof(float));
  matmul::Matmul<ABngs, ABngs, CBngs, BiasT, NBATCH_CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  // Without the wait flag, as CANN documents it for GetBatchTensorC: each
  // fetch waits for its loop.
  mm.IterateNBatch<false>(loops, batch, batch, false);
  for (int i = 0; i < loops; ++i) {
    GlobalTensor<float> view = mm.GetBatchTensorC<false>(batch, batch);
    LocalTensor<float> c = que.AllocTensor<float>();
    DataCopy(c, view, count);
    que.EnQue(c);
    c = que.DeQue<float>();
    DataCopy(gy[i * count], c, count);
    que.FreeTensor(c);
  }
  mm.End();
}
