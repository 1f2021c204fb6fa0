// An NZ C fetched block by block (baseM x baseN = 16 x 16 of a 32 x 48 C),
// each block at its fractal place:
// - nz_blocks_gm: Iterate<true> + GetTensorC<true> into C in GM;
// - nz_blocks_ub: Iterate<false> + GetTensorC<false> into one NZ matrix in
//   UB, copied to C at the end. The async fetch copies a block as it lies
//   in the workspace (MatmulClient::GetTensorC: CopyToUB from the fetch
//   offset, whatever enSequentialWrite says), so each block goes to its
//   fractal place through a sub-tensor: block (r, c) of an NZ matrix of
//   height M is the 16-column fractal strip c at row r, contiguous.
// A is NZ, B transposed NZ, with a bias: the reference is nz-f16.ref.cpp.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::NZ, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::NZ, half, true>;
using CType = MatmulType<TPosition::GM, CubeFormat::NZ, float>;
using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
nz_blocks_gm(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, true);
  mm.SetBias(gbias);
  while (mm.Iterate()) {
    mm.GetTensorC(gc);
  }
  mm.End();
}

extern "C" __global__ __aicore__ void nz_blocks_ub(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR bias, GM_ADDR c,
                                                   GM_ADDR workspace,
                                                   GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gc, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gc.SetGlobalBuffer((__gm__ float *)c);
  gws.SetGlobalBuffer((__gm__ float *)workspace, tiling.M * tiling.N);
  TQue<TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, tiling.M * tiling.N * sizeof(float));
  matmul::Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, true);
  mm.SetBias(gbias);
  LocalTensor<float> cLocal = que.AllocTensor<float>();
  uint32_t blocksM = tiling.singleCoreM / tiling.baseM;
  uint32_t k = 0;
  while (mm.Iterate<false>()) {
    uint32_t row = k % blocksM * tiling.baseM;
    uint32_t col = k / blocksM * tiling.baseN;
    mm.GetTensorC<false>(cLocal[col * tiling.singleCoreM + row * 16]);
    ++k;
  }
  que.EnQue(cLocal);
  cLocal = que.DeQue<float>();
  DataCopy(gc, cLocal, tiling.M * tiling.N);
  que.FreeTensor(cLocal);
  mm.End();
}
