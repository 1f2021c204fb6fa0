// Partial sums (enPartialSum) in a mix kernel: the product is added to what
// the cube's L0C (CO1) holds instead of starting from zero and the bias, as
// CANN's schedulers do (L0C initialised only without enPartialSum). A single
// shape of one baseM x baseN block, as CANN requires. The reference is
// partial-sum.ref.cpp.
// - psum_iterate: C = A0 * B0 + bias + A1 * B1, the second product by
//   Iterate(true) after SetTensorA/B of the second pair; GetTensorC<true>.
// - psum_iterate_async: the same with Iterate<false>(true), GetTensorC<false>
//   into UB and WaitGetTensorC.
// - psum_batch: IterateBatch of two batches into c1, then IterateBatch<false,
//   true> with enPartialSum into c2: every batch adds to the one L0C buffer,
//   so c2's batch b is c1's last batch plus the products of batches 0..b
//   (dbL0C 1: one CO1 buffer).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using ABatch =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
using BBatch =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
using CBatch =
    MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;

extern "C" __global__ __aicore__ void
psum_iterate(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  int mk = tiling.M * tiling.Ka, kn = tiling.Kb * tiling.N;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  while (mm.Iterate()) {
  }
  mm.SetTensorA(ga[mk]);
  mm.SetTensorB(gb[kn]);
  while (mm.Iterate(true)) {
    mm.GetTensorC(gc);
  }
  mm.End();
}

extern "C" __global__ __aicore__ void
psum_iterate_async(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c,
                   GM_ADDR workspace, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  int mk = tiling.M * tiling.Ka, kn = tiling.Kb * tiling.N;
  int mn = tiling.M * tiling.N;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gc, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gc.SetGlobalBuffer((__gm__ float *)c);
  gws.SetGlobalBuffer((__gm__ float *)workspace, mn);
  TQue<TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, mn * sizeof(float));
  matmul::Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  while (mm.Iterate()) {
  }
  mm.SetTensorA(ga[mk]);
  mm.SetTensorB(gb[kn]);
  LocalTensor<float> cLocal = que.AllocTensor<float>();
  while (mm.Iterate<false>(true)) {
    mm.GetTensorC<false>(cLocal);
    mm.WaitGetTensorC();
  }
  que.EnQue(cLocal);
  cLocal = que.DeQue<float>();
  DataCopy(gc, cLocal, mn);
  que.FreeTensor(cLocal);
  mm.End();
}

constexpr static MatmulConfig BATCH_CFG = GetNormalConfig();

extern "C" __global__ __aicore__ void psum_batch(GM_ADDR a, GM_ADDR b,
                                                 GM_ADDR bias, GM_ADDR c1,
                                                 GM_ADDR c2, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gc1, gc2;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gc1.SetGlobalBuffer((__gm__ float *)c1);
  gc2.SetGlobalBuffer((__gm__ float *)c2);
  matmul::Matmul<ABatch, BBatch, CBatch, BiasType, BATCH_CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  mm.IterateBatch(gc1, 2, 2, false);
  // Each issue carries its inputs: the server applies none of a message's
  // setters without SetTensorA or SetTensorB
  // (MatmulService::IterateSetMessage).
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateBatch<false, true>(gc2, 2, 2, false, 0, 0, 0, true);
  mm.WaitIterateBatch();
  mm.End();
}
