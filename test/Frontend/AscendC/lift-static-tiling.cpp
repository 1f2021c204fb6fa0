// A MatmulApiStaticTiling as the Matmul's configuration (CANN's constant
// tiling, GetMatmulApiTiling) whose fields are left to CANN: the Matmul's
// config is the tiling's own MatmulConfig.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
using F = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
constexpr MatmulShapeParams shape = {128, 256, 64, 64, 128, 64};
constexpr MatmulConfig SHAPED_CFG =
    GetMMConfig<MatmulConfigMode::CONFIG_NORM>(shape);
constexpr auto STATIC_TILING =
    AscendC::GetMatmulApiTiling<G, G, F, F>(SHAPED_CFG);

extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR c,
                                        TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, F, F, STATIC_TILING> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.End();
}

// CHECK: !matmul = !asc.matmul<{{.*}}config = <norm, basic_m = 64, basic_n = 128, basic_k = 64, single_core_m = 128, single_core_n = 256, single_core_k = 64>>
// CHECK-LABEL: func.func @k(
// CHECK: asc.matmul.create : !matmul
