// IterateNBatch beyond one batch of A per batch of B, all in BNGS1S2, each
// loop fetched into UB by GetBatchTensorC (no wait flag: each fetch waits
// for its loop):
// - nbatch_broadcast: A's G axis 1, B's 2 (batchA 1, batchB 2 a loop): each
//   A matrix serves both G of its N (CANN's G broadcast, batch i of the loop
//   reads A batch i / BLayoutInfoG). Reference nbatch-broadcast.ref.cpp.
// - nbatch_reduce: A and B with G 2, C with G 1: CANN reduces each G pair
//   into one C batch (atomic add into the workspace, the bias once).
//   Reference nbatch-reduce.ref.cpp.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

constexpr static MatmulConfig NBATCH_CFG = GetNormalConfig(false, true);

using HalfBngs =
    MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BNGS1S2>;
using FloatBngs = MatmulType<TPosition::GM, CubeFormat::ND, float, false,
                             LayoutMode::BNGS1S2>;
using BiasT = MatmulType<TPosition::GM, CubeFormat::ND, float>;

/// Runs `loops` loops of (batchA, batchB) and copies each loop's C batches
/// (`perLoop` matrices) from UB to y.
template <class MM>
__aicore__ void runLoops(TPipe &pipe, MM &mm, GlobalTensor<half> &ga,
                         GlobalTensor<half> &gb, GlobalTensor<float> &gws,
                         GlobalTensor<float> &gy, const TCubeTiling &tiling,
                         int loops, int batchA, int batchB, int perLoop) {
  int count = perLoop * tiling.M * tiling.N;
  // The fetched batches go straight back out: MTE2 fills the buffer, MTE3
  // drains it (a VECIN -> VECOUT bind orders them both ways).
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, count * sizeof(float));
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.template IterateNBatch<false>(loops, batchA, batchB, false);
  for (int i = 0; i < loops; ++i) {
    LocalTensor<float> c = que.template AllocTensor<float>();
    mm.template GetBatchTensorC<false>(c, batchA, batchB);
    que.EnQue(c);
    c = que.template DeQue<float>();
    DataCopy(gy[i * count], c, count);
    que.FreeTensor(c);
  }
  mm.End();
}

extern "C" __global__ __aicore__ void nbatch_broadcast(GM_ADDR a, GM_ADDR b,
                                                       GM_ADDR y,
                                                       GM_ADDR workspace,
                                                       GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gy, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gws.SetGlobalBuffer((__gm__ float *)workspace, 4 * tiling.M * tiling.N);
  matmul::Matmul<HalfBngs, HalfBngs, FloatBngs, BiasT, NBATCH_CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  runLoops(pipe, mm, ga, gb, gws, gy, tiling, 2, 1, 2, 2);
}

extern "C" __global__ __aicore__ void nbatch_reduce(GM_ADDR a, GM_ADDR b,
                                                    GM_ADDR bias, GM_ADDR y,
                                                    GM_ADDR workspace,
                                                    GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gy, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gws.SetGlobalBuffer((__gm__ float *)workspace, 2 * tiling.M * tiling.N);
  matmul::Matmul<HalfBngs, HalfBngs, FloatBngs, BiasT, NBATCH_CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetBias(gbias);
  runLoops(pipe, mm, ga, gb, gws, gy, tiling, 2, 2, 2, 1);
}

// nbatch_psum: a first IterateNBatch of one loop (batch 0) leaves its
// product in L0C; a second of two loops with enPartialSum adds each loop's
// product to it (one L0C buffer: a running sum). Reference
// nbatch-psum.ref.cpp.
extern "C" __global__ __aicore__ void nbatch_psum(GM_ADDR a, GM_ADDR b,
                                                  GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  int count = tiling.M * tiling.N;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gy, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gws.SetGlobalBuffer((__gm__ float *)workspace, 2 * count);
  // The fetched batches go straight back out: MTE2 fills the buffer, MTE3
  // drains it (a VECIN -> VECOUT bind orders them both ways).
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, count * sizeof(float));
  matmul::Matmul<HalfBngs, HalfBngs, FloatBngs, BiasT, NBATCH_CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateNBatch<false, true>(1, 1, 1, false);
  mm.WaitIterateBatch();
  // Each issue carries its inputs (the server applies a message's setters
  // only with SetTensorA or SetTensorB: MatmulService::IterateSetMessage).
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateNBatch<false>(2, 1, 1, false, 0, 0, 0, true);
  for (int i = 0; i < 2; ++i) {
    LocalTensor<float> c = que.AllocTensor<float>();
    mm.GetBatchTensorC<false>(c, 1, 1);
    que.EnQue(c);
    c = que.DeQue<float>();
    DataCopy(gy[i * count], c, count);
    que.FreeTensor(c);
  }
  mm.End();
}

// nbatch_atomic: IterateNBatch with enAtomic = 1 adds its products to what
// the workspace holds. A first IterateNBatch of two loops leaves A_l B_l
// there (fetched, so complete); the second, atomic, adds A_l B_l again:
// y_l = 2 A_l B_l, where overwriting would give A_l B_l. Reference
// nbatch-atomic.ref.cpp.
extern "C" __global__ __aicore__ void nbatch_atomic(GM_ADDR a, GM_ADDR b,
                                                    GM_ADDR y,
                                                    GM_ADDR workspace,
                                                    GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  int count = tiling.M * tiling.N;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gy, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gws.SetGlobalBuffer((__gm__ float *)workspace, 2 * count);
  // The fetched batches go straight back out: MTE2 fills the buffer, MTE3
  // drains it (a VECIN -> VECOUT bind orders them both ways).
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, count * sizeof(float));
  matmul::Matmul<HalfBngs, HalfBngs, FloatBngs, BiasT, NBATCH_CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateNBatch<false>(2, 1, 1, false);
  for (int i = 0; i < 2; ++i) {
    LocalTensor<float> c = que.AllocTensor<float>();
    mm.GetBatchTensorC<false>(c, 1, 1);
    que.FreeTensor(c);
    // Nothing reads this block: the next fetch's copy into the same buffer
    // is ordered after this one by a barrier of MTE2 (which overlaps its
    // copies, spec section 2c O1), not by the bind, which saw no hand-off.
    PipeBarrier<PIPE_MTE2>();
  }
  // The fetches' MTE2 reads of the workspace must be done before the server
  // adds into it again: a Matmul post orders only what S and MTE3 did before
  // it (KfcCommClient::PostMessage), and these fetches are copied nowhere.
  PipeBarrier<PIPE_ALL>();
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateNBatch<false>(2, 1, 1, false, 0, 0, 0, false, 1);
  for (int i = 0; i < 2; ++i) {
    LocalTensor<float> c = que.AllocTensor<float>();
    mm.GetBatchTensorC<false>(c, 1, 1);
    que.EnQue(c);
    c = que.DeQue<float>();
    DataCopy(gy[i * count], c, count);
    que.FreeTensor(c);
  }
  mm.End();
}
