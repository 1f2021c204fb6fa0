#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  for (size_t i3 = 0; i3 < sizeof(TCubeTiling) / sizeof(uint32_t); i3 += 1) {
    ((uint32_t*) v1)[i3] = ((__gm__ uint32_t*) v2)[i3];
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
  int32_t v18 = (v15 / v16) * v13;
  int32_t v19 = (v17 * v10) * v12 + v18;
  AscendC::GlobalTensor<half> v20;
  v20.SetGlobalBuffer((__gm__ half *)v1 + ((v17 * v11) * v12));
  AscendC::GlobalTensor<half> v21;
  v21.SetGlobalBuffer((__gm__ half *)v2 + v18);
  AscendC::GlobalTensor<float> v22;
  v22.SetGlobalBuffer((__gm__ float *)v3 + v18);
  AscendC::GlobalTensor<float> v23 = v22;
  AscendC::GlobalTensor<float> v24;
  v24.SetGlobalBuffer((__gm__ float *)v4 + v19);
  AscendC::GlobalTensor<float> v25 = v24;
  GM_ADDR v26 = AscendC::GetUserWorkspace(v5);
  AscendC::GlobalTensor<float> v27;
  v27.SetGlobalBuffer((__gm__ float *)v26 + v19);
  AscendC::GlobalTensor<float> v28 = v27;
  MatmulT v29;
  GM_ADDR v30 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v7, v30, v29, &v8);
  int32_t v31 = v13 * 4;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> v32;
  AscendC::TQue<AscendC::TPosition::VECIN, 2> v33;
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v34;
  v7.InitBuffer(v32, 1, v31);
  v7.InitBuffer(v33, 2, v31);
  v7.InitBuffer(v34, 2, v31);
  v29.SetTensorA(v20);
  v29.SetTensorB(v21);
  v29.IterateAll<false>(v27, 0, false, true);
  v29.WaitIterateAll();
  AscendC::LocalTensor<float> v35 = v32.AllocTensor<float>();
  AscendC::DataCopy(v35, v23, v13);
  v32.EnQue(v35);
  AscendC::LocalTensor<float> v36 = v32.DeQue<float>();
  AscendC::Muls(v36, v36, 0.5f, v13);
  for (int32_t i37 = 0; i37 < v12; i37 += 1) {
    int32_t v38 = i37 * v10;
    AscendC::GlobalTensor<float> v39 = v28[v38];
    AscendC::LocalTensor<float> v40 = v33.AllocTensor<float>();
    AscendC::DataCopy(v40, v39, v13);
    v33.EnQue(v40);
    AscendC::LocalTensor<float> v41 = v33.DeQue<float>();
    AscendC::LocalTensor<float> v42 = v34.AllocTensor<float>();
    AscendC::Muls(v42, v41, 1.0f, v13);
    AscendC::Add(v42, v42, v36, v13);
    v34.EnQue(v42);
    v33.FreeTensor(v41);
    AscendC::LocalTensor<float> v43 = v34.DeQue<float>();
    AscendC::GlobalTensor<float> v44 = v25[v38];
    AscendC::DataCopy(v44, v43, v13);
    v34.FreeTensor(v43);
  }
  v32.FreeTensor(v36);
  v29.End();
  return;
}

