// Iterate on a Matmul whose configuration enables MixDualMaster: the real
// MatmulClient rejects it at compile time.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
constexpr static MatmulConfig MM_CFG_DUAL = GetNormalConfig(
    false, false, false, BatchMode::BATCH_LESS_THAN_L1, true,
    IterateOrder::UNDEF, ScheduleType::INNER_PRODUCT, true, true);

extern "C" __global__ __aicore__ void mix_dual(GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling;
  matmul::Matmul<A, A, C, C, MM_CFG_DUAL> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  while (mm.Iterate()) {
  }
  mm.End();
  (void)tilingGm;
}
