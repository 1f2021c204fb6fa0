// scale-rows.mlir written by hand in Ascend C: the lowering does not yet
// take scalar kernel arguments, the runtime and asc-run do.
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void scale_rows(GM_ADDR x, GM_ADDR y,
                                                 float alpha, int32_t n) {
  TPipe pipe;
  GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * n);
  gy.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * n);
  // Copy in, compute, copy out, each hand-off through its queue: MTE2 then
  // V through VECIN, V then MTE3 through VECOUT.
  TQue<TPosition::VECIN, 1> inQue;
  TQue<TPosition::VECOUT, 1> outQue;
  pipe.InitBuffer(inQue, 1, n * sizeof(float));
  pipe.InitBuffer(outQue, 1, n * sizeof(float));
  LocalTensor<float> t = inQue.AllocTensor<float>();
  DataCopy(t, gx, n);
  inQue.EnQue(t);
  t = inQue.DeQue<float>();
  LocalTensor<float> u = outQue.AllocTensor<float>();
  Muls(u, t, alpha, n);
  inQue.FreeTensor(t);
  outQue.EnQue(u);
  u = outQue.DeQue<float>();
  DataCopy(gy, u, n);
  outQue.FreeTensor(u);
}
