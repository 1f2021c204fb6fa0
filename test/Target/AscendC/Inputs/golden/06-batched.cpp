#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false, true);
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  uint32_t* v3 = (uint32_t*) v1;
  __gm__ uint32_t* v4 = (__gm__ uint32_t*) v2;
  for (size_t i5 = 0; i5 < sizeof(TCubeTiling) / sizeof(uint32_t); i5 += 1) {
    v3[i5] = v4[i5];
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
  int32_t v18 = v13 * (v9 * v11);
  int32_t v19 = v17 * v18;
  int32_t v20 = v14 * (v12 * v10);
  int32_t v21 = v17 * v20;
  int32_t v22 = v15 * (v9 * v10);
  int32_t v23 = v17 * v22;
  int32_t v24 = v15 * v10;
  int32_t v25 = v17 * v24;
  AscendC::GlobalTensor<half> v26;
  v26.SetGlobalBuffer((__gm__ half *)v1 + v19);
  AscendC::GlobalTensor<half> v27 = v26;
  AscendC::GlobalTensor<half> v28;
  v28.SetGlobalBuffer((__gm__ half *)v2 + v21);
  AscendC::GlobalTensor<half> v29 = v28;
  AscendC::GlobalTensor<float> v30;
  v30.SetGlobalBuffer((__gm__ float *)v3 + v25);
  AscendC::GlobalTensor<float> v31 = v30;
  AscendC::GlobalTensor<float> v32;
  v32.SetGlobalBuffer((__gm__ float *)v4 + v23);
  AscendC::GlobalTensor<float> v33 = v32;
  matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> v34;
  GM_ADDR v35 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v7, v35, v34, &v8);
  v34.SetTensorA(v27);
  v34.SetTensorB(v29);
  int32_t v36 = v8.isBias;
  if (v36 != 0) {
    v34.SetBias(v31);
  }
  v34.IterateBatch<false, true>(v33, v13, v14, false);
  v34.WaitIterateBatch();
  v34.End();
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
  int32_t v17 = v12 * (v8 * v10);
  int32_t v18 = v16 * v17;
  int32_t v19 = v13 * (v11 * v9);
  int32_t v20 = v16 * v19;
  int32_t v21 = v8 * v9;
  int32_t v22 = (v12 > v13 ? v12 : v13) * v21;
  int32_t v23 = v16 * v22;
  AscendC::GlobalTensor<half> v24;
  v24.SetGlobalBuffer((__gm__ half *)v1 + v18);
  AscendC::GlobalTensor<half> v25 = v24;
  AscendC::GlobalTensor<half> v26;
  v26.SetGlobalBuffer((__gm__ half *)v2 + v20);
  AscendC::GlobalTensor<half> v27 = v26;
  AscendC::GlobalTensor<float> v28;
  v28.SetGlobalBuffer((__gm__ float *)v3 + v23);
  AscendC::GlobalTensor<float> v29 = v28;
  int32_t v30 = v22 * 4;
  AscendC::GlobalTensor<float> v31;
  v31.SetGlobalBuffer((__gm__ float *)v4 + v23, v30);
  AscendC::GlobalTensor<float> v32 = v31;
  matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, MM_CFG_NORM_NBATCH> v33;
  GM_ADDR v34 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v6, v34, v33, &v7);
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v35;
  int32_t v36 = v22 * 4;
  v6.InitBuffer(v35, 2, v36);
  v33.SetWorkspace(v32);
  v33.SetTensorA(v25);
  v33.SetTensorB(v27);
  v33.IterateNBatch<false, true>(4, v12, v13, false);
  v33.WaitIterateBatch();
  for (int32_t i37 = 0; i37 < 4; i37 += 1) {
    AscendC::LocalTensor<float> v38 = v35.AllocTensor<float>();
    v33.GetBatchTensorC<false>(v38, v12, v13);
    AscendC::Muls(v38, v38, 0.125f, v22);
    v35.EnQue(v38);
    AscendC::LocalTensor<float> v39 = v35.DeQue<float>();
    int32_t v40 = i37 * v22;
    AscendC::GlobalTensor<float> v41 = v29[v40];
    AscendC::DataCopy(v41, v39, v22);
    v35.FreeTensor(v39);
  }
  v33.End();
  return;
}

