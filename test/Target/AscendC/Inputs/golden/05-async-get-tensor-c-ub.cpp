#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm) {
  for (size_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i += 1) {
    ((uint32_t*) tiling)[i] = ((__gm__ uint32_t*) tilingGm)[i];
  }
  return;
}
extern "C" __global__ __aicore__ void matmul_scale_async_custom(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling_gm) {
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tiling_gm);
  int32_t m = tiling.M;
  int32_t n = tiling.N;
  int32_t ka = tiling.Ka;
  int32_t single_m = tiling.singleCoreM;
  int32_t single_n = tiling.singleCoreN;
  int32_t base_m = tiling.baseM;
  int32_t base_n = tiling.baseN;
  int64_t block_idx_i64 = AscendC::GetBlockIdx();
  int32_t block_idx = static_cast<int32_t>(block_idx_i64);
  int32_t m_blocks = ((m + single_m) - 1) / single_m;
  int32_t m_core = block_idx % m_blocks;
  int32_t offset_b = (block_idx / m_blocks) * single_n;
  AscendC::GlobalTensor<half> a_global;
  a_global.SetGlobalBuffer((__gm__ half *)a + ((m_core * ka) * single_m));
  AscendC::GlobalTensor<half> b_global;
  b_global.SetGlobalBuffer((__gm__ half *)b + offset_b);
  AscendC::GlobalTensor<float> y_global;
  y_global.SetGlobalBuffer((__gm__ float *)y + ((m_core * n) * single_m + offset_b));
  int32_t ws_elems = single_m * single_n;
  int64_t ws_elems_i64 = static_cast<int64_t>(ws_elems);
  AscendC::GlobalTensor<float> workspace_global;
  workspace_global.SetGlobalBuffer((__gm__ float *)workspace + (block_idx_i64 * ws_elems_i64), ws_elems);
  MatmulT mm;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm, &tiling);
  AscendC::TQue<AscendC::TPosition::VECIN, 2> in_queue_c;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_queue_y;
  int32_t block_elems = base_m * base_n;
  int32_t block_bytes = block_elems * 4;
  pipe.InitBuffer(in_queue_c, 2, block_bytes);
  pipe.InitBuffer(out_queue_y, 2, block_bytes);
  mm.SetWorkspace(workspace_global);
  mm.SetTensorA(a_global);
  mm.SetTensorB(b_global);
  int32_t round_m = single_m / base_m;
  int32_t dst_stride = ((n - base_n) * 4) / 32;
  mm.Iterate<false>();
  int32_t blocks = round_m * (single_n / base_n);
  for (int32_t count = 0; count < blocks; count += 1) {
    AscendC::LocalTensor<float> c_local = in_queue_c.AllocTensor<float>();
    mm.GetTensorC<false>(c_local, 0, true);
    int32_t n_start = (count / round_m) * base_n;
    int32_t start_offset = ((count % round_m) * base_m) * n + n_start;
    AscendC::LocalTensor<float> y_local = out_queue_y.AllocTensor<float>();
    mm.WaitGetTensorC();
    AscendC::Muls(y_local, c_local, 0.088388346f, block_elems);
    in_queue_c.FreeTensor(c_local);
    out_queue_y.EnQue(y_local);
    AscendC::LocalTensor<float> y_store = out_queue_y.DeQue<float>();
    AscendC::GlobalTensor<float> y_block = y_global[start_offset];
    AscendC::DataCopyParams params = AscendC::DataCopyParams(base_m, (base_n * 4) / 32, 0, dst_stride);
    AscendC::DataCopy(y_block, y_store, params);
    out_queue_y.FreeTensor(y_store);
  }
  mm.End();
  return;
}

