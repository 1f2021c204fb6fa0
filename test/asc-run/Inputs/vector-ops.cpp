// The vector instructions Sub, Mul, Div and Cast and LocalTensor's
// arithmetic operators (CANN's kernel_operator_vec_binary_intf.h,
// kernel_operator_vec_vconv_intf.h, kernel_tensor.h): x and y (half) are
// widened to float with Cast, then
//   p = x * y, q = x - y, d = y * y + 1, r = p / d  (Mul, Sub, Adds, Div)
//   s = p + q, t = s * r, u = t - q, v = u / d      (the operators)
// and Cast narrows v back to half. The reference is vector-ops.ref.cpp,
// the same in float, rounded to half at the end.
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void vector_ops(GM_ADDR x, GM_ADDR y,
                                                 GM_ADDR p, GM_ADDR z) {
  if ASCEND_IS_AIC {
    return;
  }
  constexpr int32_t n = 64;
  TPipe pipe;
  GlobalTensor<half> gx, gy, gz;
  GlobalTensor<float> gp;
  gx.SetGlobalBuffer((__gm__ half *)x);
  gy.SetGlobalBuffer((__gm__ half *)y);
  gp.SetGlobalBuffer((__gm__ float *)p);
  gz.SetGlobalBuffer((__gm__ half *)z);
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 12 * n * sizeof(float));
  LocalTensor<half> hx = buf.GetWithOffset<half>(n, 0);
  LocalTensor<half> hy = buf.GetWithOffset<half>(n, n * sizeof(half));
  LocalTensor<float> fx = buf.GetWithOffset<float>(n, 1 * n * sizeof(float));
  LocalTensor<float> fy = buf.GetWithOffset<float>(n, 2 * n * sizeof(float));
  LocalTensor<float> fp = buf.GetWithOffset<float>(n, 3 * n * sizeof(float));
  LocalTensor<float> fq = buf.GetWithOffset<float>(n, 4 * n * sizeof(float));
  LocalTensor<float> fr = buf.GetWithOffset<float>(n, 5 * n * sizeof(float));
  LocalTensor<float> fs = buf.GetWithOffset<float>(n, 6 * n * sizeof(float));
  LocalTensor<float> ft = buf.GetWithOffset<float>(n, 7 * n * sizeof(float));
  LocalTensor<float> fu = buf.GetWithOffset<float>(n, 8 * n * sizeof(float));
  LocalTensor<float> fv = buf.GetWithOffset<float>(n, 9 * n * sizeof(float));
  LocalTensor<half> hz = buf.GetWithOffset<half>(n, 10 * n * sizeof(float));
  DataCopy(hx, gx, n);
  DataCopy(hy, gy, n);
  event_t copied = GetTPipePtr()->FetchEventID(HardEvent::MTE2_V);
  SetFlag<HardEvent::MTE2_V>(copied);
  WaitFlag<HardEvent::MTE2_V>(copied);
  Cast(fx, hx, RoundMode::CAST_NONE, n);
  Cast(fy, hy, RoundMode::CAST_NONE, n);
  Mul(fp, fx, fy, n);
  Sub(fq, fx, fy, n);
  LocalTensor<float> fd = buf.GetWithOffset<float>(n, 11 * n * sizeof(float));
  Mul(fd, fy, fy, n);
  Adds(fd, fd, 1.0f, n);
  Div(fr, fp, fd, n);
  fs = fp + fq;
  ft = fs * fr;
  fu = ft - fq;
  fv = fu / fd;
  Cast(hz, fv, RoundMode::CAST_RINT, n);
  event_t computed = GetTPipePtr()->FetchEventID(HardEvent::V_MTE3);
  SetFlag<HardEvent::V_MTE3>(computed);
  WaitFlag<HardEvent::V_MTE3>(computed);
  DataCopy(gp, fp, n);
  DataCopy(gz, hz, n);
}
