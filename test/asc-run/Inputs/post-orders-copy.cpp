// One async Iterate per tile of M, each of one block, fetched into a TBuf
// scratch block and copied straight out. The copy out of tile t (MTE3) and
// the fetch of tile t + 1 into the same bytes (MTE2) have no flag of the
// kernel's between them: the post of tile t + 1's Iterate orders the
// vector core's earlier MTE3 work before the server handles it
// (KfcCommClient::PostMessage), and the fetch waits for a block the server
// signalled after that (spec section 2c, O8).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::VECOUT, CubeFormat::ND, float>;

__aicore__ inline void CopyTiling(TCubeTiling *tiling, GM_ADDR tilingGM) {
  uint32_t *ptr = reinterpret_cast<uint32_t *>(tiling);
  auto tiling32 = reinterpret_cast<__gm__ uint32_t *>(tilingGM);
  for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i++, ptr++)
    *ptr = *(tiling32 + i);
}

class TilesThroughScratch {
public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR ws,
                              const TCubeTiling &tiling) {
    this->tiling = tiling;
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
    bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b));
    cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
    wsGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(ws));
    blockElems = tiling.baseM * tiling.baseN;
    pipe.InitBuffer(scratch, blockElems * sizeof(float));
  }
  __aicore__ inline void Process() {
    mm.SetWorkspace(wsGlobal);
    mm.SetTensorB(bGlobal);
    LocalTensor<float> block = scratch.Get<float>();
    // The tiling makes each tile one block (singleCoreM = baseM,
    // singleCoreN = baseN = N).
    uint32_t tiles = tiling.M / tiling.singleCoreM;
    for (uint32_t t = 0; t < tiles; ++t) {
      mm.SetTensorA(aGlobal[t * tiling.singleCoreM * tiling.Ka]);
      mm.Iterate<false>();
      mm.GetTensorC<false>(block, false, true);
      SetFlag<HardEvent::MTE2_MTE3>(0);
      WaitFlag<HardEvent::MTE2_MTE3>(0);
      DataCopy(cGlobal[t * blockElems], block, blockElems);
    }
    mm.End();
  }

  TPipe pipe;
  Matmul<AType, AType, CType> mm;

private:
  TBuf<TPosition::VECCALC> scratch;
  GlobalTensor<half> aGlobal, bGlobal;
  GlobalTensor<float> cGlobal, wsGlobal;
  TCubeTiling tiling;
  uint32_t blockElems;
};

extern "C" __global__ __aicore__ void post_orders_copy(GM_ADDR a, GM_ADDR b,
                                                       GM_ADDR c, GM_ADDR ws,
                                                       GM_ADDR tilingGm) {
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGm);
  TilesThroughScratch op;
  REGIST_MATMUL_OBJ(&op.pipe, GetSysWorkSpacePtr(), op.mm, &tiling);
  op.Init(a, b, c, ws, tiling);
  op.Process();
}
