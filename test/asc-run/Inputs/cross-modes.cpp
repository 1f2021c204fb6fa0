// Cross-core flags of modes 0 and 1 (CrossCoreSetFlag(ISASI).md): mode 1
// synchronises the vector cores of one group, mode 0 every vector core of
// the launch; a wait returns once each core of the mode has set the flag.
// Each vector core copies its row of x to y[b][0] through a VECIN -> VECOUT
// bind (EnQue/DeQue orders MTE2 before MTE3, FreeTensor/AllocTensor MTE3
// before the next MTE2), then, after a mode-1 flag on MTE3, copies its
// sibling's y[b ^ 1][0] to y[b][1], and after a mode-0 flag the row of the
// core two blocks on, in the other group, to y[b][2]. The vector cores
// number GetBlockNum() (the groups, the launch's block dim) times the
// launch's two vector cores a group.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t kN = 64;
// The launch's vector cores per group (mix 1:2).
constexpr int64_t kRatio = 2;

__aicore__ inline void
copyRow(TPipe &pipe, TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> &que,
        const GlobalTensor<float> &from, const GlobalTensor<float> &to) {
  LocalTensor<float> t = que.AllocTensor<float>();
  DataCopy(t, from, kN);
  que.EnQue(t);
  t = que.DeQue<float>();
  DataCopy(to, t, kN);
  que.FreeTensor(t);
}

extern "C" __global__ __aicore__ void cross_modes(GM_ADDR x, GM_ADDR y) {
  if ASCEND_IS_AIC {
    return;
  }
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> que;
  pipe.InitBuffer(que, 1, kN * sizeof(float));
  int64_t b = GetBlockIdx(), blocks = GetBlockNum() * kRatio;
  GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer((__gm__ float *)x);
  gy.SetGlobalBuffer((__gm__ float *)y);
  copyRow(pipe, que, gx[b * kN], gy[(b * 3) * kN]);
  CrossCoreSetFlag<1, PIPE_MTE3>(1);
  CrossCoreWaitFlag(1);
  copyRow(pipe, que, gy[((b ^ 1) * 3) * kN], gy[(b * 3 + 1) * kN]);
  CrossCoreSetFlag<0, PIPE_MTE3>(2);
  CrossCoreWaitFlag(2);
  copyRow(pipe, que, gy[(((b + 2) % blocks) * 3) * kN], gy[(b * 3 + 2) * kN]);
}
