// A synchronous IterateAll into a GM workspace, then a vector epilogue over
// its two tiles through one VECOUT queue of one buffer, one call of
// DoubleTile each: each tile copied in (MTE2), doubled (V), handed to MTE3
// through the queue and copied out. FreeTensor hands the buffer back
// with MTE3 before V only (spec section 2c, O5), so the next tile's copy in
// (MTE2) into the buffer taken again needs its own MTE3_MTE2 pair.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

__aicore__ inline void CopyTiling(TCubeTiling *tiling, GM_ADDR tilingGM) {
  uint32_t *ptr = reinterpret_cast<uint32_t *>(tiling);
  auto tiling32 = reinterpret_cast<__gm__ uint32_t *>(tilingGM);
  for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i++, ptr++)
    *ptr = *(tiling32 + i);
}

class DoubleThroughQueue {
public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR c,
                              const TCubeTiling &tiling) {
    this->tiling = tiling;
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
    bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b));
    yGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y));
    cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
    tileElems = tiling.baseM * tiling.N;
    pipe.InitBuffer(outQueue, 1, tileElems * sizeof(float));
  }
  __aicore__ inline void Process() {
    mm.SetTensorA(aGlobal);
    mm.SetTensorB(bGlobal);
    mm.IterateAll(cGlobal);
    mm.End();
    DoubleTile(0);
    DoubleTile(1);
  }

  TPipe pipe;
  Matmul<AType, AType, CType> mm;

private:
  __aicore__ inline void DoubleTile(uint32_t t) {
    LocalTensor<float> tile = outQueue.AllocTensor<float>();
    DataCopy(tile, cGlobal[t * tileElems], tileElems);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Muls(tile, tile, 2.0f, tileElems);
    outQueue.EnQue(tile);
    LocalTensor<float> out = outQueue.DeQue<float>();
    DataCopy(yGlobal[t * tileElems], out, tileElems);
    outQueue.FreeTensor(out);
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
  }

  TQue<TPosition::VECOUT, 1> outQueue;
  GlobalTensor<half> aGlobal, bGlobal;
  GlobalTensor<float> yGlobal, cGlobal;
  TCubeTiling tiling;
  uint32_t tileElems;
};

extern "C" __global__ __aicore__ void
queue_reuse(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR c, GM_ADDR tilingGm) {
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGm);
  DoubleThroughQueue op;
  REGIST_MATMUL_OBJ(&op.pipe, GetSysWorkSpacePtr(), op.mm, &tiling);
  op.Init(a, b, y, c, tiling);
  op.Process();
}
