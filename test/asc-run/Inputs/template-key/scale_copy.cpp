// A kernel template whose parameters are the operator's template tiling key
// (ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_SEL, as hicann/ops-nn's MatmulFp32
// declares its key), and a body that also tests a plain tiling key with
// `if constexpr (TILING_KEY_IS(k))`, as ops-nn's FusedPatchMlp does: y = x
// * SCALE, plus OFFSET when the key is 5. It ends with SetAtomicNone and
// DisableDmaAtomic, as kernels that may have turned on an atomic copy do.
#include "ascendc/host_api/tiling/template_argument.h"
#include "kernel_operator.h"
using namespace AscendC;

#define SCALE_TWO 2
#define SCALE_THREE 3
ASCENDC_TPL_ARGS_DECL(ScaleCopy,
                      ASCENDC_TPL_UINT_DECL(SCALE, ASCENDC_TPL_4_BW,
                                            ASCENDC_TPL_UI_LIST, SCALE_TWO,
                                            SCALE_THREE),
                      ASCENDC_TPL_BOOL_DECL(OFFSET, 0, 1), );
ASCENDC_TPL_SEL(
    ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
                         ASCENDC_TPL_UINT_SEL(SCALE, ASCENDC_TPL_UI_LIST,
                                              SCALE_TWO, SCALE_THREE),
                         ASCENDC_TPL_BOOL_SEL(OFFSET, 0, 1), ), );

constexpr int32_t kN = 64;

template <int SCALE, bool OFFSET>
__global__ __aicore__ void scale_copy(GM_ADDR x, GM_ADDR y) {
  if ASCEND_IS_AIC {
    return;
  }
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kN * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer((__gm__ float *)x);
  gy.SetGlobalBuffer((__gm__ float *)y);
  DataCopy(t, gx, kN);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  Muls(t, t, float(SCALE), kN);
  if constexpr (OFFSET && TILING_KEY_IS(5))
    Adds(t, t, 0.5f, kN);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(gy, t, kN);
  PipeBarrier<PIPE_ALL>();
  SetAtomicNone();
  DisableDmaAtomic();
}
