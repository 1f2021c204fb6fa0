#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm) {
  for (size_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i += 1) {
    ((uint32_t*) tiling)[i] = ((__gm__ uint32_t*) tilingGm)[i];
  }
  return;
}
extern "C" __global__ __aicore__ void matmul_leakyrelu_custom(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling_gm) {
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
  MatmulT mm;
  GM_ADDR sys_workspace = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm, &tiling);
  int64_t block_idx_i64 = AscendC::GetBlockIdx();
  int32_t block_idx = static_cast<int32_t>(block_idx_i64);
  int32_t m_blocks = ((m + single_m) - 1) / single_m;
  int32_t m_core = block_idx % m_blocks;
  int32_t offset_b = (block_idx / m_blocks) * single_n;
  AscendC::GlobalTensor<half> a_global;
  a_global.SetGlobalBuffer((__gm__ half *)a + ((m_core * ka) * single_m));
  AscendC::GlobalTensor<half> b_global;
  b_global.SetGlobalBuffer((__gm__ half *)b + offset_b);
  AscendC::GlobalTensor<float> bias_global;
  bias_global.SetGlobalBuffer((__gm__ float *)bias + offset_b);
  AscendC::GlobalTensor<float> c_global;
  c_global.SetGlobalBuffer((__gm__ float *)c + ((m_core * n) * single_m + offset_b));
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> relu_out_queue;
  int32_t block_elems = base_m * base_n;
  pipe.InitBuffer(relu_out_queue, 1, (block_elems * 4));
  mm.SetTensorA(a_global);
  mm.SetTensorB(b_global);
  mm.SetBias(bias_global);
  int32_t round_m = single_m / base_m;
  int32_t dst_stride = ((n - base_n) * 4) / 32;
  int32_t round = 0;
  while (mm.Iterate()) {
    int32_t count = round;
    AscendC::LocalTensor<float> relu_out_local = relu_out_queue.AllocTensor<float>();
    mm.GetTensorC(relu_out_local, 0, true);
    AscendC::LeakyRelu(relu_out_local, relu_out_local, 0.001f, block_elems);
    relu_out_queue.EnQue(relu_out_local);
    AscendC::LocalTensor<float> copy_local = relu_out_queue.DeQue<float>();
    int32_t n_start = (count / round_m) * base_n;
    int32_t start_offset = ((count % round_m) * base_m) * n + n_start;
    AscendC::GlobalTensor<float> c_block = c_global[start_offset];
    AscendC::DataCopyParams params = AscendC::DataCopyParams(base_m, (base_n * 4) / 32, 0, dst_stride);
    AscendC::DataCopy(c_block, copy_local, params);
    relu_out_queue.FreeTensor(copy_local);
    round = count + 1;
  }
  mm.End();
  return;
}

