#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false, true);
using MatmulT0 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
using MatmulT1 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, MM_CFG_NORM_NBATCH>;
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  for (size_t i3 = 0; i3 < sizeof(TCubeTiling) / sizeof(uint32_t); i3 += 1) {
    ((uint32_t*) v1)[i3] = ((__gm__ uint32_t*) v2)[i3];
  }
  return;
}
extern "C" __global__ __aicore__ void batch_matmul_custom(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5, GM_ADDR v6) {
  AscendC::TPipe v7;
  TCubeTiling v8;
  CopyTiling(&v8, v6);
  int32_t v9 = v8.M;
  int32_t v10 = v8.N;
  int32_t v11 = v8.Ka;
  int32_t v12 = v8.Kb;
  int32_t v13 = v8.batchM;
  int32_t v14 = v8.batchN;
  int32_t v15 = v13 > v14 ? v13 : v14;
  int64_t v16 = AscendC::GetBlockIdx();
  int32_t v17 = static_cast<int32_t>(v16);
  AscendC::GlobalTensor<half> v18;
  v18.SetGlobalBuffer((__gm__ half *)v1 + (v17 * (v13 * (v9 * v11))));
  AscendC::GlobalTensor<half> v19;
  v19.SetGlobalBuffer((__gm__ half *)v2 + (v17 * (v14 * (v12 * v10))));
  AscendC::GlobalTensor<float> v20;
  v20.SetGlobalBuffer((__gm__ float *)v3 + (v17 * (v15 * v10)));
  AscendC::GlobalTensor<float> v21;
  v21.SetGlobalBuffer((__gm__ float *)v4 + (v17 * (v15 * (v9 * v10))));
  MatmulT0 v22;
  GM_ADDR v23 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v7, v23, v22, &v8);
  v22.SetTensorA(v18);
  v22.SetTensorB(v19);
  int32_t v24 = v8.isBias;
  if (v24 != 0) {
    v22.SetBias(v20);
  }
  v22.IterateBatch<false, true>(v21, v13, v14, false);
  v22.WaitIterateBatch();
  v22.End();
  return;
}
extern "C" __global__ __aicore__ void batch_matmul_nbatch_custom(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5) {
  AscendC::TPipe v6;
  TCubeTiling v7;
  CopyTiling(&v7, v5);
  int32_t v8 = v7.M;
  int32_t v9 = v7.N;
  int32_t v10 = v7.Ka;
  int32_t v11 = v7.Kb;
  int32_t v12 = v7.batchM;
  int32_t v13 = v7.batchN;
  int64_t v14 = AscendC::GetBlockIdx();
  int32_t v15 = static_cast<int32_t>(v14);
  int32_t v16 = v15 * 4;
  int32_t v17 = v8 * v9;
  int32_t v18 = (v12 > v13 ? v12 : v13) * v17;
  int32_t v19 = v16 * v18;
  AscendC::GlobalTensor<half> v20;
  v20.SetGlobalBuffer((__gm__ half *)v1 + (v16 * (v12 * (v8 * v10))));
  AscendC::GlobalTensor<half> v21;
  v21.SetGlobalBuffer((__gm__ half *)v2 + (v16 * (v13 * (v11 * v9))));
  AscendC::GlobalTensor<float> v22;
  v22.SetGlobalBuffer((__gm__ float *)v3 + v19);
  AscendC::GlobalTensor<float> v23 = v22;
  AscendC::GlobalTensor<float> v24;
  v24.SetGlobalBuffer((__gm__ float *)v4 + v19, (v18 * 4));
  MatmulT1 v25;
  GM_ADDR v26 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v6, v26, v25, &v7);
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v27;
  v6.InitBuffer(v27, 2, (v18 * 4));
  v25.SetWorkspace(v24);
  v25.SetTensorA(v20);
  v25.SetTensorB(v21);
  v25.IterateNBatch<false, true>(4, v12, v13, false);
  v25.WaitIterateBatch();
  for (int32_t i28 = 0; i28 < 4; i28 += 1) {
    AscendC::LocalTensor<float> v29 = v27.AllocTensor<float>();
    v25.GetBatchTensorC<false>(v29, v12, v13);
    AscendC::Muls(v29, v29, 0.125f, v18);
    v27.EnQue(v29);
    AscendC::LocalTensor<float> v30 = v27.DeQue<float>();
    int32_t v31 = i28 * v18;
    AscendC::GlobalTensor<float> v32 = v23[v31];
    AscendC::DataCopy(v32, v30, v18);
    v27.FreeTensor(v30);
  }
  v25.End();
  return;
}

