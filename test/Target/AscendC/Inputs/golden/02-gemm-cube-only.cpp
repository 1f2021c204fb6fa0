#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm) {
  for (size_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i += 1) {
    ((uint32_t*) tiling)[i] = ((__gm__ uint32_t*) tilingGm)[i];
  }
  return;
}
extern "C" __global__ __aicore__ void matmul_cube_only(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling_gm) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tiling_gm);
  MatmulT mm;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm);
  mm.Init(&tiling);
  if ASCEND_IS_AIC {
    int32_t m = tiling.M;
    int32_t n = tiling.N;
    int32_t ka = tiling.Ka;
    int32_t kb = tiling.Kb;
    int32_t single_m = tiling.singleCoreM;
    int32_t single_n = tiling.singleCoreN;
    int64_t block_idx_i64 = AscendC::GetBlockIdx();
    int32_t block_idx = static_cast<int32_t>(block_idx_i64);
    int32_t m_blocks = ((m + single_m) - 1) / single_m;
    int32_t m_core = block_idx % m_blocks;
    int32_t n_core = block_idx / m_blocks;
    int32_t offset_bias = n_core * single_n;
    AscendC::GlobalTensor<half> a_global;
    a_global.SetGlobalBuffer((__gm__ half *)a + ((m_core * ka) * single_m));
    AscendC::GlobalTensor<half> b_global;
    b_global.SetGlobalBuffer((__gm__ half *)b + ((n_core * kb) * single_n));
    AscendC::GlobalTensor<float> bias_global;
    bias_global.SetGlobalBuffer((__gm__ float *)bias + offset_bias);
    AscendC::GlobalTensor<float> c_global;
    c_global.SetGlobalBuffer((__gm__ float *)c + ((m_core * n) * single_m + offset_bias));
    mm.SetTensorA(a_global);
    mm.SetTensorB(b_global, true);
    int32_t is_bias_i32 = tiling.isBias;
    if (is_bias_i32 != 0) {
      mm.SetBias(bias_global);
    }
    mm.IterateAll(c_global);
    mm.End();
  }
  return;
}

