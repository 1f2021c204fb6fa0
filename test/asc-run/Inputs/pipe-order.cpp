// Program order of each pipe and the compiler's own synchronisation (spec
// section 2c, O1 and O2), written by hand. Each block copies two rows of x
// into one VECIN buffer, the second over the first: MTE2 starts its copies
// in order but overlaps them, so only the PipeBarrier<PIPE_MTE2> between
// them makes the second land last. The scalar unit then reads what MTE2
// and V wrote and writes what V and MTE3 read, with no flag of its own: the
// compiler's automatic synchronisation orders every pair of the vector
// core's pipes with S on one side.
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void pipe_order(GM_ADDR x, GM_ADDR y,
                                                 float alpha, int32_t n) {
  TPipe pipe;
  GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * 2 * n);
  gy.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * n);
  TQue<TPosition::VECIN, 1> inQue;
  TQue<TPosition::VECOUT, 1> outQue;
  pipe.InitBuffer(inQue, 1, n * sizeof(float));
  pipe.InitBuffer(outQue, 1, n * sizeof(float));
  LocalTensor<float> t = inQue.AllocTensor<float>();
  DataCopy(t, gx, n);
  PipeBarrier<PIPE_MTE2>();
  DataCopy(t, gx[n], n);
  // S reads what MTE2 wrote (the DeQue orders only V).
  float first = t.GetValue(0);
  inQue.EnQue(t);
  t = inQue.DeQue<float>();
  LocalTensor<float> u = outQue.AllocTensor<float>();
  Muls(u, t, alpha, n);
  inQue.FreeTensor(t);
  // S reads and writes what V wrote and MTE3 reads.
  u.SetValue(0, u.GetValue(0) + first);
  outQue.EnQue(u);
  u = outQue.DeQue<float>();
  DataCopy(gy, u, n);
  outQue.FreeTensor(u);
}
