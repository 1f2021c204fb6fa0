// An NZ C (16 x 16 float fractals) written by the calls that write it
// whole or block by block into GM:
// - nz_batch: IterateBatch<false, true> of two batches, each an NZ matrix
//   of M rows, M * N elements apart (reference nz-batch.ref.cpp);
// - nz_sequential: IterateAll<false> with enSequentialWrite: the baseM x
//   baseN blocks one after the other in iteration order, each an NZ matrix
//   of baseM rows (reference nz-sequential.ref.cpp);
// - nz_view: Iterate<false> and the workspace views of GetTensorC<false>(),
//   each block copied through UB to the next slot of C: the same layout.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::NZ, float>;
using ABatch =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
using BBatch =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
using CBatch =
    MatmulType<TPosition::GM, CubeFormat::NZ, float, false, LayoutMode::NORMAL>;

extern "C" __global__ __aicore__ void nz_batch(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                               GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<ABatch, BBatch, CBatch> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateBatch<false, true>(gc, 2, 2, false);
  mm.WaitIterateBatch();
  mm.End();
}

extern "C" __global__ __aicore__ void
nz_sequential(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<AType, BType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll<false>(gc, 0, true, true);
  mm.WaitIterateAll();
  mm.End();
}

extern "C" __global__ __aicore__ void
nz_view(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  int block = tiling.baseM * tiling.baseN;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  gws.SetGlobalBuffer((__gm__ float *)workspace, tiling.M * tiling.N);
  // Each block passes through UB: MTE2 in, MTE3 out, through a VECIN ->
  // VECOUT bind (its EnQue/DeQue orders MTE3 after MTE2).
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, block * sizeof(float));
  matmul::Matmul<AType, BType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  int slot = 0;
  while (mm.Iterate<false>()) {
    GlobalTensor<float> view = mm.GetTensorC<false>();
    mm.WaitGetTensorC();
    LocalTensor<float> t = que.AllocTensor<float>();
    DataCopy(t, view, block);
    que.EnQue(t);
    t = que.DeQue<float>();
    DataCopy(gc[slot * block], t, block);
    que.FreeTensor(t);
    ++slot;
  }
  mm.End();
}
