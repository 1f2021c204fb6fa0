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
  TQue<TPosition::VECIN, 1> que;
  pipe.InitBuffer(que, 1, n * sizeof(float));
  LocalTensor<float> t = que.AllocTensor<float>();
  DataCopy(t, gx, n);
  Muls(t, t, alpha, n);
  DataCopy(gy, t, n);
  que.FreeTensor(t);
}
