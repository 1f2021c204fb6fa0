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
extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling_gm) {
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
  int32_t offset_b = (block_idx / m_blocks) * single_n;
  int32_t offset_c = (m_core * n) * single_m + offset_b;
  AscendC::GlobalTensor<half> a_global;
  a_global.SetGlobalBuffer((__gm__ half *)a + ((m_core * ka) * single_m));
  AscendC::GlobalTensor<half> b_global;
  b_global.SetGlobalBuffer((__gm__ half *)b + offset_b);
  AscendC::GlobalTensor<float> bias_global;
  bias_global.SetGlobalBuffer((__gm__ float *)bias + offset_b);
  AscendC::GlobalTensor<float> y_global;
  y_global.SetGlobalBuffer((__gm__ float *)y + offset_c);
  GM_ADDR user_workspace = AscendC::GetUserWorkspace(workspace);
  AscendC::GlobalTensor<float> c_global;
  c_global.SetGlobalBuffer((__gm__ float *)user_workspace + offset_c);
  MatmulT mm;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm, &tiling);
  int32_t row_bytes = single_n * 4;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> in_queue_bias;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> in_queue_c;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_queue_y;
  pipe.InitBuffer(in_queue_bias, 1, row_bytes);
  pipe.InitBuffer(in_queue_c, 2, row_bytes);
  pipe.InitBuffer(out_queue_y, 2, row_bytes);
  mm.SetTensorA(a_global);
  mm.SetTensorB(b_global);
  mm.IterateAll<false>(c_global, 0, false, true);
  mm.WaitIterateAll();
  AscendC::LocalTensor<float> bias_load = in_queue_bias.AllocTensor<float>();
  AscendC::DataCopy(bias_load, bias_global, single_n);
  in_queue_bias.EnQue(bias_load);
  AscendC::LocalTensor<float> bias_local = in_queue_bias.DeQue<float>();
  AscendC::Muls(bias_local, bias_local, 0.5f, single_n);
  for (int32_t row = 0; row < single_m; row += 1) {
    int32_t row_offset = row * n;
    AscendC::GlobalTensor<float> c_row = c_global[row_offset];
    AscendC::LocalTensor<float> c_load = in_queue_c.AllocTensor<float>();
    AscendC::DataCopy(c_load, c_row, single_n);
    in_queue_c.EnQue(c_load);
    AscendC::LocalTensor<float> c_local = in_queue_c.DeQue<float>();
    AscendC::LocalTensor<float> y_local = out_queue_y.AllocTensor<float>();
    AscendC::Muls(y_local, c_local, 1.0f, single_n);
    AscendC::Add(y_local, y_local, bias_local, single_n);
    out_queue_y.EnQue(y_local);
    in_queue_c.FreeTensor(c_local);
    AscendC::LocalTensor<float> y_store = out_queue_y.DeQue<float>();
    AscendC::GlobalTensor<float> y_row = y_global[row_offset];
    AscendC::DataCopy(y_row, y_store, single_n);
    out_queue_y.FreeTensor(y_store);
  }
  in_queue_bias.FreeTensor(bias_local);
  mm.End();
  return;
}

