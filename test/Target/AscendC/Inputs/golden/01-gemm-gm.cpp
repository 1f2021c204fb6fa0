#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm) {
  for (size_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i += 1) {
    ((uint32_t*) tiling)[i] = ((__gm__ uint32_t*) tilingGm)[i];
  }
  return;
}
extern "C" __global__ __aicore__ void matmul_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling_gm) {
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tiling_gm);
  int32_t m = tiling.M;
  int32_t n = tiling.N;
  int32_t ka = tiling.Ka;
  int32_t single_m = tiling.singleCoreM;
  int32_t single_n = tiling.singleCoreN;
  int64_t block_idx_i64 = AscendC::GetBlockIdx();
  int32_t block_idx = static_cast<int32_t>(block_idx_i64);
  int32_t m_blocks = ((m + single_m) - 1) / single_m;
  int32_t m_core = block_idx % m_blocks;
  int32_t n_core = block_idx / m_blocks;
  int32_t offset_b = n_core * single_n;
  int32_t m_rest = m - m_core * single_m;
  int32_t tail_m = m_rest < single_m ? m_rest : single_m;
  int32_t n_rest = n - n_core * single_n;
  int32_t tail_n = n_rest < single_n ? n_rest : single_n;
  bool short_n = tail_n < single_n;
  AscendC::GlobalTensor<half> a_global;
  a_global.SetGlobalBuffer((__gm__ half *)a + ((m_core * ka) * single_m));
  AscendC::GlobalTensor<half> b_global;
  b_global.SetGlobalBuffer((__gm__ half *)b + offset_b);
  AscendC::GlobalTensor<float> c_global;
  c_global.SetGlobalBuffer((__gm__ float *)c + ((m_core * n) * single_m + offset_b));
  MatmulT mm;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm, &tiling);
  mm.SetTensorA(a_global);
  mm.SetTensorB(b_global);
  if (tail_m < single_m | short_n) {
    mm.SetTail(tail_m, tail_n);
  }
  mm.IterateAll(c_global);
  mm.End();
  AscendC::PipeBarrier<PIPE_ALL>();
  return;
}

