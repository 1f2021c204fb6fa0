#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false, true);
using MatmulT0 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
using MatmulT1 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, MM_CFG_NORM_NBATCH>;
__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm) {
  for (size_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i += 1) {
    ((uint32_t*) tiling)[i] = ((__gm__ uint32_t*) tilingGm)[i];
  }
  return;
}
extern "C" __global__ __aicore__ void batch_matmul_custom(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling_gm) {
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tiling_gm);
  int32_t m = tiling.M;
  int32_t n = tiling.N;
  int32_t ka = tiling.Ka;
  int32_t kb = tiling.Kb;
  int32_t batch_a = tiling.batchM;
  int32_t batch_b = tiling.batchN;
  int32_t batch_num = batch_a > batch_b ? batch_a : batch_b;
  int64_t block_idx_i64 = AscendC::GetBlockIdx();
  int32_t block_idx = static_cast<int32_t>(block_idx_i64);
  AscendC::GlobalTensor<half> a_global;
  a_global.SetGlobalBuffer((__gm__ half *)a + (block_idx * (batch_a * (m * ka))));
  AscendC::GlobalTensor<half> b_global;
  b_global.SetGlobalBuffer((__gm__ half *)b + (block_idx * (batch_b * (kb * n))));
  AscendC::GlobalTensor<float> bias_global;
  bias_global.SetGlobalBuffer((__gm__ float *)bias + (block_idx * (batch_num * n)));
  AscendC::GlobalTensor<float> c_global;
  c_global.SetGlobalBuffer((__gm__ float *)c + (block_idx * (batch_num * (m * n))));
  MatmulT0 mm;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm, &tiling);
  mm.SetTensorA(a_global);
  mm.SetTensorB(b_global);
  int32_t is_bias_i32 = tiling.isBias;
  if (is_bias_i32 != 0) {
    mm.SetBias(bias_global);
  }
  mm.IterateBatch<false, true>(c_global, batch_a, batch_b, false);
  mm.WaitIterateBatch();
  mm.End();
  return;
}
extern "C" __global__ __aicore__ void batch_matmul_nbatch_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling_gm) {
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tiling_gm);
  int32_t m = tiling.M;
  int32_t n = tiling.N;
  int32_t ka = tiling.Ka;
  int32_t kb = tiling.Kb;
  int32_t batch_a = tiling.batchM;
  int32_t batch_b = tiling.batchN;
  int64_t block_idx_i64 = AscendC::GetBlockIdx();
  int32_t block_idx = static_cast<int32_t>(block_idx_i64);
  int32_t core_loops = block_idx * 4;
  int32_t c_mat = m * n;
  int32_t c_group = (batch_a > batch_b ? batch_a : batch_b) * c_mat;
  int32_t offset_c = core_loops * c_group;
  AscendC::GlobalTensor<half> a_global;
  a_global.SetGlobalBuffer((__gm__ half *)a + (core_loops * (batch_a * (m * ka))));
  AscendC::GlobalTensor<half> b_global;
  b_global.SetGlobalBuffer((__gm__ half *)b + (core_loops * (batch_b * (kb * n))));
  AscendC::GlobalTensor<float> c_global;
  c_global.SetGlobalBuffer((__gm__ float *)c + offset_c);
  AscendC::GlobalTensor<float> workspace_global;
  workspace_global.SetGlobalBuffer((__gm__ float *)workspace + offset_c, (c_group * 4));
  MatmulT1 mm;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm, &tiling);
  AscendC::TQue<AscendC::TPosition::VECIN, 2> in_queue_c;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_queue_y;
  int32_t group_bytes = c_group * 4;
  pipe.InitBuffer(in_queue_c, 2, group_bytes);
  pipe.InitBuffer(out_queue_y, 2, group_bytes);
  mm.SetWorkspace(workspace_global);
  mm.SetTensorA(a_global);
  mm.SetTensorB(b_global);
  mm.IterateNBatch<false>(4, batch_a, batch_b, false);
  for (int32_t i = 0; i < 4; i += 1) {
    AscendC::LocalTensor<float> c_local = in_queue_c.AllocTensor<float>();
    mm.GetBatchTensorC<false>(c_local, batch_a, batch_b);
    AscendC::LocalTensor<float> y_local = out_queue_y.AllocTensor<float>();
    AscendC::Muls(y_local, c_local, 0.125f, c_group);
    in_queue_c.FreeTensor(c_local);
    out_queue_y.EnQue(y_local);
    AscendC::LocalTensor<float> c_out = out_queue_y.DeQue<float>();
    int32_t i_offset = i * c_group;
    AscendC::GlobalTensor<float> c_batch = c_global[i_offset];
    AscendC::DataCopy(c_batch, c_out, c_group);
    out_queue_y.FreeTensor(c_out);
  }
  mm.End();
  return;
}

