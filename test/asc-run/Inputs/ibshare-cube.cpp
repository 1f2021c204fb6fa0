// The cube-side Matmul object (a cube-only build) with IBSHARE operands
// (ibshare.test): MatmulImpl reads IBSHARE only to choose its L1 buffers
// and enableMixDualMaster not at all, so ibshare_cube (A and B shared,
// enableMixDualMaster, as CANN's mix dual-master sample) computes plain C;
// IBShareNorm's cache is MatmulService's, refused here (ibshare_cube_norm).
// lib/matmul_intf.h comes first, as in CANN's quant_group_matmul sample:
// the runtime's Matmul headers stand alone (int4b_t among what they use).
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#include "kernel_operator.h"
using namespace AscendC;

using A16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using A16Shared = MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                             LayoutMode::NONE, true>;
using B16Shared = MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                             LayoutMode::NONE, true>;
using C32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

constexpr MatmulConfig dualMasterConfig() {
  MatmulConfig c = CFG_NORM;
  c.enableMixDualMaster = true;
  return c;
}
constexpr MatmulConfig DUAL_MASTER = dualMasterConfig();

template <class A, class B, const auto &CFG>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  matmul::Matmul<A, B, C32, C32, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  uint32_t rows = GetBlockIdx() * tiling.singleCoreM;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a + rows * tiling.Ka);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c + rows * tiling.N);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
}

extern "C" __global__ __aicore__ void ibshare_cube(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR c, GM_ADDR t) {
  run<A16Shared, B16Shared, DUAL_MASTER>(a, b, c, t);
}
extern "C" __global__ __aicore__ void ibshare_cube_norm(GM_ADDR a, GM_ADDR b,
                                                        GM_ADDR c, GM_ADDR t) {
  run<A16, B16Shared, CFG_IBSHARE_NORM>(a, b, c, t);
}
