// y = exp(x) * scales[0] + scales[1] in float, for a half or float x: the
// op_kernel names the op_host's struct unqualified (CANN's build gives the
// kernel the struct at global scope) and picks the widening with
// IsSameType, as ops-nn's kernels do.
#include "kernel_operator.h"
using namespace AscendC;

template <typename T> class ExpScale {
public:
  __aicore__ inline void Process(const ExpScaleTilingData &tiling, GM_ADDR x,
                                 GM_ADDR y) {
    uint32_t n = tiling.count;
    TPipe pipe;
    GlobalTensor<T> gx, gy;
    gx.SetGlobalBuffer((__gm__ T *)x);
    gy.SetGlobalBuffer((__gm__ T *)y);
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 4 * n * sizeof(float));
    LocalTensor<T> tx = buf.GetWithOffset<T>(n, 0);
    LocalTensor<float> fx = buf.GetWithOffset<float>(n, n * sizeof(float));
    DataCopy(tx, gx, n);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    if constexpr (IsSameType<T, half>::value)
      Cast(fx, tx, RoundMode::CAST_NONE, n);
    else
      Adds(fx, tx, 0.0f, n);
    Exp(fx, fx, n);
    Muls(fx, fx, tiling.scales[0], n);
    Adds(fx, fx, tiling.scales[1], n);
    if constexpr (IsSameType<T, half>::value)
      Cast(tx, fx, RoundMode::CAST_RINT, n);
    else
      Adds(tx, fx, 0.0f, n);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(gy, tx, n);
  }
};

extern "C" __global__ __aicore__ void
exp_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  if ASCEND_IS_AIC {
    return;
  }
  GET_TILING_DATA(tilingData, tiling);
  ExpScale<DTYPE_X> op;
  op.Process(tilingData, x, y);
}
