#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  uint32_t* v3 = (uint32_t*) v1;
  __gm__ uint32_t* v4 = (__gm__ uint32_t*) v2;
  for (size_t i5 = 0; i5 < sizeof(TCubeTiling) / sizeof(uint32_t); i5 += 1) {
    v3[i5] = v4[i5];
  }
  return;
}
extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5, GM_ADDR v6) {
  AscendC::TPipe v7;
  TCubeTiling v8;
  CopyTiling(&v8, v6);
  int32_t v9 = v8.M;
  int32_t v10 = v8.N;
  int32_t v11 = v8.Ka;
  int32_t v12 = v8.singleCoreM;
  int32_t v13 = v8.singleCoreN;
  int64_t v14 = AscendC::GetBlockIdx();
  int32_t v15 = static_cast<int32_t>(v14);
  int32_t v16 = ((v9 + v12) - 1) / v12;
  int32_t v17 = v15 % v16;
  int32_t v18 = v15 / v16;
  int32_t v19 = v17 * v11;
  int32_t v20 = v19 * v12;
  int32_t v21 = v18 * v13;
  int32_t v22 = (v17 * v10) * v12;
  int32_t v23 = v22 + v21;
  AscendC::GlobalTensor<half> v24;
  v24.SetGlobalBuffer((__gm__ half *)v1 + v20);
  AscendC::GlobalTensor<half> v25 = v24;
  AscendC::GlobalTensor<half> v26;
  v26.SetGlobalBuffer((__gm__ half *)v2 + v21);
  AscendC::GlobalTensor<half> v27 = v26;
  AscendC::GlobalTensor<float> v28;
  v28.SetGlobalBuffer((__gm__ float *)v3 + v21);
  AscendC::GlobalTensor<float> v29 = v28;
  AscendC::GlobalTensor<float> v30;
  v30.SetGlobalBuffer((__gm__ float *)v4 + v23);
  AscendC::GlobalTensor<float> v31 = v30;
  GM_ADDR v32 = AscendC::GetUserWorkspace(v5);
  AscendC::GlobalTensor<float> v33;
  v33.SetGlobalBuffer((__gm__ float *)v32 + v23);
  AscendC::GlobalTensor<float> v34 = v33;
  matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> v35;
  GM_ADDR v36 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v7, v36, v35, &v8);
  int32_t v37 = v13 * 4;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> v38;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> v39;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v40;
  v7.InitBuffer(v38, 1, v37);
  v7.InitBuffer(v39, 2, v37);
  v7.InitBuffer(v40, 2, v37);
  v35.SetTensorA(v25);
  v35.SetTensorB(v27);
  v35.IterateAll<false>(v34, 0, false, true);
  v35.WaitIterateAll();
  AscendC::LocalTensor<float> v41 = v38.AllocTensor<float>();
  AscendC::DataCopy(v41, v29, v13);
  v38.EnQue(v41);
  AscendC::LocalTensor<float> v42 = v38.DeQue<float>();
  AscendC::Muls(v42, v42, 0.5f, v13);
  for (int32_t i43 = 0; i43 < v12; i43 += 1) {
    int32_t v44 = i43 * v10;
    AscendC::GlobalTensor<float> v45 = v34[v44];
    AscendC::LocalTensor<float> v46 = v39.AllocTensor<float>();
    AscendC::DataCopy(v46, v45, v13);
    v39.EnQue(v46);
    AscendC::LocalTensor<float> v47 = v39.DeQue<float>();
    AscendC::LocalTensor<float> v48 = v40.AllocTensor<float>();
    AscendC::Muls(v48, v47, 1.0f, v13);
    AscendC::Add(v48, v48, v42, v13);
    v40.EnQue(v48);
    v39.FreeTensor(v47);
    AscendC::LocalTensor<float> v49 = v40.DeQue<float>();
    AscendC::GlobalTensor<float> v50 = v31[v44];
    AscendC::DataCopy(v50, v49, v13);
    v40.FreeTensor(v49);
  }
  v38.FreeTensor(v42);
  v35.End();
  return;
}

