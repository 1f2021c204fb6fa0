// The advanced-API vector calls asc-run models (runtime/asc_run/
// adv_vector.h), on inputs the kernel writes itself, so that the reference
// (adv-vector.ref.cpp) holds hand-computed numbers:
// - FasterGelu (include/adv_api/activation/gelu.h) of eight floats, and of
//   the same eight as half, without and with highPrecision;
// - AscendDequant (include/adv_api/quantization/ascend_dequant.h) of int32_t
//   i - 10 with float deqScale 0.5 + 0.25 c: DequantParams {2, 16, 16}, and
//   {1, 16, 8}, which DEQUANT_WITH_SINGLE_ROW takes as {2, 8, 8};
// - BroadCast (include/adv_api/pad/broadcast.h) of 1..8: [3, 1] to [3, 16]
//   (axis 1), [1, 8] to [4, 8] (axis 0), one element to [2, 8];
// - LocalTensor::SetSize (the deqScale tensor's count) and InitSocState.
// The second FasterGelu of half, the second AscendDequant and the last
// BroadCast take the framework's temporary buffer (no sharedTmpBuffer).
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void adv_vector(GM_ADDR gelu, GM_ADDR geluHalf,
                                                 GM_ADDR deq, GM_ADDR brc) {
  InitSocState();
  if ASCEND_IS_AIC {
    return;
  }
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 8192);
  // Inputs.
  LocalTensor<float> x = buf.GetWithOffset<float>(8, 0);
  LocalTensor<half> xh = buf.GetWithOffset<half>(16, 32);
  LocalTensor<int32_t> q = buf.GetWithOffset<int32_t>(32, 64);
  LocalTensor<float> scale = buf.GetWithOffset<float>(8, 192);
  LocalTensor<float> b = buf.GetWithOffset<float>(8, 256);
  // Outputs.
  LocalTensor<float> y = buf.GetWithOffset<float>(8, 512);
  LocalTensor<half> yh = buf.GetWithOffset<half>(16, 544);
  LocalTensor<float> d = buf.GetWithOffset<float>(48, 576);
  LocalTensor<float> r = buf.GetWithOffset<float>(96, 768);
  // Temporary buffers.
  LocalTensor<uint8_t> tmp = buf.GetWithOffset<uint8_t>(1024, 2048);

  const float xs[8] = {-4.0f, -2.0f, -1.0f, -0.5f, 0.0f, 0.5f, 1.0f, 3.0f};
  for (int i = 0; i < 8; ++i) {
    x.SetValue(i, xs[i]);
    xh.SetValue(i, half(xs[i]));
    xh.SetValue(8 + i, half(xs[i]));
    b.SetValue(i, float(i + 1));
  }
  for (int i = 0; i < 32; ++i)
    q.SetValue(i, i - 10);
  // The scale tensor holds 16 floats; it is handed out with 8 and grown.
  scale.SetSize(16);
  for (int c = 0; c < 16; ++c)
    scale.SetValue(c, 0.5f + 0.25f * c);

  FasterGelu(y, x, tmp, 8);
  FasterGelu(yh, xh, tmp, 8);
  FasterGelu<half, true>(yh[8], xh[8], 8);
  AscendDequant(d, q, scale, tmp, {2, 16, 16});
  AscendDequant(d[32], q, scale, {1, 16, 8});
  const uint32_t rowsDst[2] = {3, 16}, rowsSrc[2] = {3, 1};
  BroadCast<float, 2, 1>(r, b, rowsDst, rowsSrc, tmp);
  const uint32_t colsDst[2] = {4, 8}, colsSrc[2] = {1, 8};
  BroadCast<float, 2, 0>(r[48], b, colsDst, colsSrc, tmp);
  const uint32_t oneDst[2] = {2, 8}, oneSrc[2] = {1, 1};
  BroadCast<float, 2, 1>(r[80], b[5], oneDst, oneSrc);

  event_t computed = GetTPipePtr()->FetchEventID(HardEvent::V_MTE3);
  SetFlag<HardEvent::V_MTE3>(computed);
  WaitFlag<HardEvent::V_MTE3>(computed);
  GlobalTensor<float> gGelu, gDeq, gBrc;
  GlobalTensor<half> gGeluHalf;
  gGelu.SetGlobalBuffer((__gm__ float *)gelu);
  gGeluHalf.SetGlobalBuffer((__gm__ half *)geluHalf);
  gDeq.SetGlobalBuffer((__gm__ float *)deq);
  gBrc.SetGlobalBuffer((__gm__ float *)brc);
  DataCopy(gGelu, y, 8);
  DataCopy(gGeluHalf, yh, 16);
  DataCopy(gDeq, d, 48);
  DataCopy(gBrc, r, 96);
}
