// A constant tiling (CANN's GetMatmulApiTiling with a constant shape,
// include/adv_api/matmul/constant_tiling.h) and no runtime tiling
// (REGIST_MATMUL_OBJ(..., nullptr)), cube only: GetMMConfig's
// MatmulShapeParams give the single-core shape and the basic block, the
// kernel sets the L1 steps as CANN's constant-tiling sample does.
// - const_all: IterateAll, which runs (the reference is plain C = A * B);
// - const_iterate: Iterate + GetTensorC block by block, whose order is the
//   tiling's iterateOrder, which GetMatmulApiTiling computes from CANN's
//   L1 factors and asc-run does not: refused by name;
// - const_iterate_order: the same with the kernel's own iterateOrder, which
//   runs;
// - const_no_shape: GetMatmulApiTiling(CFG_NORM) has no shapes, and no
//   runtime tiling gives them: a misuse.
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using F16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using F32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

constexpr MatmulShapeParams kShape = {64, 96, 64, 32, 32, 32};
constexpr MatmulApiStaticTiling constantTiling(int32_t iterateOrder) {
  MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(kShape);
  MatmulApiStaticTiling t = GetMatmulApiTiling<F16, F16, F32, F32>(cfg);
  t.stepKa = t.stepKb = 2;
  t.depthA1 = t.depthB1 = 4;
  t.stepM = t.stepN = 1;
  t.iterateOrder = iterateOrder;
  return t;
}
constexpr static MatmulApiStaticTiling CONST_TILING = constantTiling(-1);
constexpr static MatmulApiStaticTiling CONST_ORDER_N = constantTiling(1);
constexpr static MatmulApiStaticTiling NO_SHAPE =
    GetMatmulApiTiling<F16, F16, F32, F32>(CFG_NORM);

template <const auto &CFG, bool iterate>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  TPipe pipe;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<F16, F16, F32, F32, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, (TCubeTiling *)nullptr);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  if constexpr (iterate) {
    while (mm.Iterate())
      mm.GetTensorC(gc);
  } else {
    mm.IterateAll(gc);
  }
  mm.End();
}

extern "C" __global__ __aicore__ void const_all(GM_ADDR a, GM_ADDR b,
                                                GM_ADDR c) {
  run<CONST_TILING, false>(a, b, c);
}
extern "C" __global__ __aicore__ void const_iterate(GM_ADDR a, GM_ADDR b,
                                                    GM_ADDR c) {
  run<CONST_TILING, true>(a, b, c);
}
extern "C" __global__ __aicore__ void const_iterate_order(GM_ADDR a, GM_ADDR b,
                                                          GM_ADDR c) {
  run<CONST_ORDER_N, true>(a, b, c);
}
extern "C" __global__ __aicore__ void const_no_shape(GM_ADDR a, GM_ADDR b,
                                                     GM_ADDR c) {
  run<NO_SHAPE, false>(a, b, c);
}
