// DataCopyPad (CANN's GMToUB/UBToGM非对齐数据搬运): rows of 10 floats (40
// bytes, not a multiple of 32) copied into 64-byte rows of the unified
// buffer with two elements of right padding, incremented there, and copied
// out twice: the 40 bytes of each row to y, the whole padded rows to z.
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint32_t kRows = 4, kCols = 10, kRowElems = 16;

extern "C" __global__ __aicore__ void pad_copy(GM_ADDR x, GM_ADDR y,
                                               GM_ADDR z) {
  if ASCEND_IS_AIC {
    return;
  }
  TPipe pipe;
  GlobalTensor<float> gx, gy, gz;
  gx.SetGlobalBuffer((__gm__ float *)x);
  gy.SetGlobalBuffer((__gm__ float *)y);
  gz.SetGlobalBuffer((__gm__ float *)z);
  TQue<TPosition::VECIN, 1> inQue;
  TQue<TPosition::VECOUT, 1> outQue;
  pipe.InitBuffer(inQue, 1, kRows * kRowElems * sizeof(float));
  pipe.InitBuffer(outQue, 1, kRows * kRowElems * sizeof(float));
  LocalTensor<float> t = inQue.AllocTensor<float>();
  DataCopyExtParams in(kRows, kCols * sizeof(float), 0, 0, 0);
  DataCopyPad(t, gx, in, DataCopyPadExtParams<float>(true, 0, 2, -1.0f));
  inQue.EnQue(t);
  t = inQue.DeQue<float>();
  LocalTensor<float> u = outQue.AllocTensor<float>();
  Adds(u, t, 1.0f, kRows * kRowElems);
  inQue.FreeTensor(t);
  outQue.EnQue(u);
  u = outQue.DeQue<float>();
  DataCopyPad(gy, u, DataCopyExtParams(kRows, kCols * sizeof(float), 0, 0, 0));
  DataCopy(gz, u, kRows * kRowElems);
  outQue.FreeTensor(u);
}
