// Two asynchronous Iterate loops on one Matmul object before its End(): the
// second loop's blocks replace the first's in the workspace. Each block is
// fetched into UB, waited for, and copied to its place in y. Each loop sets
// its inputs: only a message with SetTensorA or SetTensorB starts a loop
// (MatmulClient::Iterate posts on isFirstIter).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::VECOUT, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void two_loops(GM_ADDR a, GM_ADDR b, GM_ADDR y,
                                                GM_ADDR workspace,
                                                GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gy, gws;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gws.SetGlobalBuffer((__gm__ float *)workspace, tiling.M * tiling.N);
  // The fetched block goes straight back out: MTE2 fills the buffer, MTE3
  // drains it, so it passes through a VECIN -> VECOUT bind, whose EnQue/DeQue
  // orders MTE3 after MTE2 (WaitGetTensorC orders only the vector pipe) and
  // whose FreeTensor/AllocTensor orders the next fetch after the copy out.
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, tiling.baseM * tiling.baseN * sizeof(float));
  matmul::Matmul<AType, AType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetWorkspace(gws);
  int roundM = tiling.M / tiling.baseM;
  DataCopyParams params(tiling.baseM, tiling.baseN * sizeof(float) / 32, 0,
                        (tiling.N - tiling.baseN) * sizeof(float) / 32);
  for (int pass = 0; pass < 2; ++pass) {
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    int round = 0;
    while (mm.Iterate<false>()) {
      LocalTensor<float> c = que.AllocTensor<float>();
      mm.GetTensorC<false>(c, 0, true);
      mm.WaitGetTensorC();
      que.EnQue(c);
      c = que.DeQue<float>();
      int offset = round % roundM * tiling.baseM * tiling.N +
                   round / roundM * tiling.baseN;
      DataCopy(gy[offset], c, params);
      que.FreeTensor(c);
      ++round;
    }
  }
  mm.End();
}
