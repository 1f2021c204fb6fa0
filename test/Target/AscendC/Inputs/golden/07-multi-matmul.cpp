#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT0 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>>;
using MatmulT1 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm) {
  for (size_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i += 1) {
    ((uint32_t*) tiling)[i] = ((__gm__ uint32_t*) tilingGm)[i];
  }
  return;
}
extern "C" __global__ __aicore__ void qkvg_proj_custom(GM_ADDR x, GM_ADDR wq, GM_ADDR wk, GM_ADDR wv, GM_ADDR wg, GM_ADDR q, GM_ADDR k, GM_ADDR v, GM_ADDR g, GM_ADDR workspace, GM_ADDR tiling_gm) {
  AscendC::TPipe pipe;
  TCubeTiling q_tiling;
  CopyTiling(&q_tiling, tiling_gm + 0);
  TCubeTiling k_tiling;
  CopyTiling(&k_tiling, tiling_gm + 256);
  TCubeTiling v_tiling;
  CopyTiling(&v_tiling, tiling_gm + 512);
  TCubeTiling g_tiling;
  CopyTiling(&g_tiling, tiling_gm + 768);
  int32_t m = q_tiling.M;
  int32_t n = q_tiling.N;
  int32_t ka = q_tiling.Ka;
  int32_t single_m = q_tiling.singleCoreM;
  int32_t single_n = q_tiling.singleCoreN;
  int32_t base_m = g_tiling.baseM;
  int32_t base_n = g_tiling.baseN;
  int64_t block_idx_i64 = AscendC::GetBlockIdx();
  int32_t block_idx = static_cast<int32_t>(block_idx_i64);
  int32_t m_blocks = ((m + single_m) - 1) / single_m;
  int32_t m_core = block_idx % m_blocks;
  int32_t offset_b = (block_idx / m_blocks) * single_n;
  int32_t offset_c = (m_core * n) * single_m + offset_b;
  AscendC::GlobalTensor<half> x_global;
  x_global.SetGlobalBuffer((__gm__ half *)x + ((m_core * ka) * single_m));
  AscendC::GlobalTensor<half> wq_global;
  wq_global.SetGlobalBuffer((__gm__ half *)wq + offset_b);
  AscendC::GlobalTensor<half> wk_global;
  wk_global.SetGlobalBuffer((__gm__ half *)wk + offset_b);
  AscendC::GlobalTensor<half> wv_global;
  wv_global.SetGlobalBuffer((__gm__ half *)wv + offset_b);
  AscendC::GlobalTensor<half> wg_global;
  wg_global.SetGlobalBuffer((__gm__ half *)wg + offset_b);
  AscendC::GlobalTensor<half> q_global;
  q_global.SetGlobalBuffer((__gm__ half *)q + offset_c);
  AscendC::GlobalTensor<half> k_global;
  k_global.SetGlobalBuffer((__gm__ half *)k + offset_c);
  AscendC::GlobalTensor<half> v_global;
  v_global.SetGlobalBuffer((__gm__ half *)v + offset_c);
  AscendC::GlobalTensor<float> g_global;
  g_global.SetGlobalBuffer((__gm__ float *)g + offset_c);
  int32_t ws_elems = single_m * single_n;
  int64_t ws_elems_i64 = static_cast<int64_t>(ws_elems);
  AscendC::GlobalTensor<float> workspace_global;
  workspace_global.SetGlobalBuffer((__gm__ float *)workspace + (block_idx_i64 * ws_elems_i64), ws_elems);
  MatmulT0 mm_q;
  MatmulT0 mm_k;
  MatmulT0 mm_v;
  MatmulT1 mm_g;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm_q, &q_tiling, mm_k, &k_tiling, mm_v, &v_tiling, mm_g, &g_tiling);
  AscendC::TQue<AscendC::TPosition::VECIN, 2> in_queue_g;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_queue_g;
  int32_t block_elems = base_m * base_n;
  int32_t block_bytes = block_elems * 4;
  pipe.InitBuffer(in_queue_g, 2, block_bytes);
  pipe.InitBuffer(out_queue_g, 2, block_bytes);
  mm_q.SetTensorA(x_global);
  mm_q.SetTensorB(wq_global);
  mm_k.SetTensorA(x_global);
  mm_k.SetTensorB(wk_global);
  mm_v.SetTensorA(x_global);
  mm_v.SetTensorB(wv_global);
  mm_g.SetWorkspace(workspace_global);
  mm_g.SetTensorA(x_global);
  mm_g.SetTensorB(wg_global);
  mm_q.IterateAll<false>(q_global, 0, false, true);
  mm_k.IterateAll<false>(k_global, 0, false, true);
  mm_v.IterateAll<false>(v_global, 0, false, true);
  int32_t round_m = single_m / base_m;
  int32_t dst_stride = ((n - base_n) * 4) / 32;
  mm_g.Iterate<false>();
  int32_t blocks = round_m * (single_n / base_n);
  for (int32_t count = 0; count < blocks; count += 1) {
    AscendC::LocalTensor<float> g_local = in_queue_g.AllocTensor<float>();
    mm_g.GetTensorC<false>(g_local, 0, true);
    int32_t n_start = (count / round_m) * base_n;
    int32_t start_offset = ((count % round_m) * base_m) * n + n_start;
    AscendC::LocalTensor<float> g_result = out_queue_g.AllocTensor<float>();
    mm_g.WaitGetTensorC();
    AscendC::LeakyRelu(g_result, g_local, 0.01f, block_elems);
    in_queue_g.FreeTensor(g_local);
    out_queue_g.EnQue(g_result);
    AscendC::LocalTensor<float> g_out = out_queue_g.DeQue<float>();
    AscendC::GlobalTensor<float> g_block = g_global[start_offset];
    AscendC::DataCopyParams params = AscendC::DataCopyParams(base_m, (base_n * 4) / 32, 0, dst_stride);
    AscendC::DataCopy(g_block, g_out, params);
    out_queue_g.FreeTensor(g_out);
  }
  mm_q.WaitIterateAll();
  mm_k.WaitIterateAll();
  mm_v.WaitIterateAll();
  mm_q.End();
  mm_k.End();
  mm_v.End();
  mm_g.End();
  AscendC::PipeBarrier<PIPE_ALL>();
  return;
}

