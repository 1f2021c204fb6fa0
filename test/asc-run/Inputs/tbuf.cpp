// A TBuf (CANN's TBuf<pos>: one buffer, no queue, no ordering) as the
// vector unit's scratch between two instructions and as the staging of a
// copy in, ordered by the kernel's own flags: MTE2 -> V after the copy in,
// V -> MTE3 before the copy out (spec section 2c, O3 and O5). The flags'
// event IDs come from the TPipe (GetTPipePtr()->FetchEventID, AllocEventID,
// ReleaseEventID), the staging buffer is taken as bytes and reinterpreted.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include <type_traits>
using namespace AscendC;

// The element type of L0C for each A type on Atlas A2.
static_assert(std::is_same_v<GetMmDstType<half>::Type, float> &&
              std::is_same_v<GetMmDstType<int8_t>::Type, int32_t> &&
              std::is_same_v<GetMmDstType<float>::Type, float>);

extern "C" __global__ __aicore__ void tbuf_scale(GM_ADDR x, GM_ADDR y,
                                                 float alpha, int32_t n) {
  if ASCEND_IS_AIC {
    return;
  }
  TPipe pipe;
  GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * n);
  gy.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * n);
  TBuf<TPosition::VECCALC> stage;
  TBuf<> scratch;
  pipe.InitBuffer(stage, n * sizeof(float));
  GetTPipePtr()->InitBuffer(scratch, 2 * n * sizeof(float));
  LocalTensor<float> in = stage.Get<uint8_t>().ReinterpretCast<float>();
  DataCopy(in, gx, n);
  event_t copied = GetTPipePtr()->FetchEventID(HardEvent::MTE2_V);
  SetFlag<HardEvent::MTE2_V>(copied);
  WaitFlag<HardEvent::MTE2_V>(copied);
  LocalTensor<float> tmp = scratch.Get<float>(n);
  LocalTensor<float> out = scratch.GetWithOffset<float>(n, n * sizeof(float));
  Muls(tmp, in, alpha, n);
  Adds(out, tmp, 1.0f, n);
  event_t computed = GetTPipePtr()->AllocEventID<HardEvent::V_MTE3>();
  SetFlag<HardEvent::V_MTE3>(computed);
  WaitFlag<HardEvent::V_MTE3>(computed);
  GetTPipePtr()->ReleaseEventID<HardEvent::V_MTE3>(computed);
  DataCopy(gy, out, n);
}
