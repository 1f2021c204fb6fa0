// The triangular Matmul policies (triangle.test): with
// TrianUpperMatmulPolicy the cube computes and writes only the base blocks
// of the single shape whose block row is at most their block column
// (ScheduleBase::IsInTrianMatmul), with TrianLowerMatmulPolicy those whose
// block row is at least their block column; C's other blocks keep what
// they held. trian_iterate (Iterate with the upper policy) is refused.
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using F16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using F32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

template <ASC_RUN_MATMUL_POLICY_PARAM POLICY, bool All>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c,
                           GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc, gbias;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  matmul::Matmul<F16, F16, F32, F32, CFG_NORM,
                 MatmulCallBackFunc<nullptr, nullptr, nullptr>, POLICY>
      mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  if constexpr (All) {
    mm.IterateAll(gc);
  } else {
    while (mm.Iterate())
      mm.GetTensorC(gc);
  }
  mm.End();
}

extern "C" __global__ __aicore__ void
trian_upper(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR t) {
  run<Impl::Detail::TrianUpperMatmulPolicy, true>(a, b, bias, c, t);
}
extern "C" __global__ __aicore__ void
trian_lower(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR t) {
  run<Impl::Detail::TrianLowerMatmulPolicy, true>(a, b, bias, c, t);
}
extern "C" __global__ __aicore__ void
trian_iterate(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR t) {
  run<Impl::Detail::TrianUpperMatmulPolicy, false>(a, b, bias, c, t);
}
