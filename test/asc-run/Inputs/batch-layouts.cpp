// IterateBatch in the batch layouts (MatmulService::IterateBatch runs
// BatchMatmulImpl for them), against the references of nbatch-layouts.cpp,
// written from the layouts alone, and in layout NONE, which CANN's server
// drops:
// - batch_sbngd_gm: A in SBNGD, B transposed in BSNGD, C in BSNGD; one
//   IterateBatch<false, true> of every (b, n, g) straight into y, completed
//   by WaitIterateBatch.
// - batch_bngs1s2_bias: A, B, C in BNGS1S2 with a bias per batch; one
//   synchronous IterateBatch into y.
// - batch_none: the default layout NONE; a synchronous IterateBatch.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using ASbngd =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::SBNGD>;
using BBsngdT =
    MatmulType<TPosition::GM, CubeFormat::ND, half, true, LayoutMode::BSNGD>;
using CBsngd =
    MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BSNGD>;

extern "C" __global__ __aicore__ void batch_sbngd_gm(GM_ADDR a, GM_ADDR b,
                                                     GM_ADDR y,
                                                     GM_ADDR workspace,
                                                     GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  const int batches =
      tiling.CLayoutInfoB * tiling.CLayoutInfoN * tiling.CLayoutInfoG;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gy;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gy.SetGlobalBuffer((__gm__ float *)y);
  matmul::Matmul<ASbngd, BBsngdT, CBsngd> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, true);
  mm.IterateBatch<false, true>(gy, batches, batches, false);
  mm.WaitIterateBatch();
  mm.End();
}

using ABngs =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BNGS1S2>;
using CBngs = MatmulType<TPosition::GM, CubeFormat::ND, float, false,
                         LayoutMode::BNGS1S2>;
using BiasT = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
batch_bngs1s2_bias(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y,
                   GM_ADDR workspace, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  const int batches =
      tiling.CLayoutInfoB * tiling.CLayoutInfoN * tiling.CLayoutInfoG;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gy;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gy.SetGlobalBuffer((__gm__ float *)y);
  matmul::Matmul<ABngs, ABngs, CBngs, BiasT> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  mm.IterateBatch(gy, batches, batches, false);
  mm.End();
}

using ANone = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CNone = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void batch_none(GM_ADDR a, GM_ADDR b,
                                                 GM_ADDR bias, GM_ADDR y,
                                                 GM_ADDR workspace,
                                                 GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gy;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gy.SetGlobalBuffer((__gm__ float *)y);
  matmul::Matmul<ANone, ANone, CNone> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateBatch(gy, 2, 2, false);
  mm.End();
}
