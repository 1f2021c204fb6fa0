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
extern "C" __global__ __aicore__ void matmul_scale_async_custom(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5) {
  AscendC::TPipe v6;
  TCubeTiling v7;
  CopyTiling(&v7, v5);
  int32_t v8 = v7.M;
  int32_t v9 = v7.N;
  int32_t v10 = v7.Ka;
  int32_t v11 = v7.singleCoreM;
  int32_t v12 = v7.singleCoreN;
  int32_t v13 = v7.baseM;
  int32_t v14 = v7.baseN;
  int64_t v15 = AscendC::GetBlockIdx();
  int32_t v16 = static_cast<int32_t>(v15);
  int32_t v17 = ((v8 + v11) - 1) / v11;
  int32_t v18 = v16 % v17;
  int32_t v19 = v16 / v17;
  int32_t v20 = v18 * v10;
  int32_t v21 = v20 * v11;
  int32_t v22 = v19 * v12;
  int32_t v23 = (v18 * v9) * v11;
  int32_t v24 = v23 + v22;
  AscendC::GlobalTensor<half> v25;
  v25.SetGlobalBuffer((__gm__ half *)v1 + v21);
  AscendC::GlobalTensor<half> v26 = v25;
  AscendC::GlobalTensor<half> v27;
  v27.SetGlobalBuffer((__gm__ half *)v2 + v22);
  AscendC::GlobalTensor<half> v28 = v27;
  AscendC::GlobalTensor<float> v29;
  v29.SetGlobalBuffer((__gm__ float *)v3 + v24);
  AscendC::GlobalTensor<float> v30 = v29;
  int32_t v31 = v11 * v12;
  int64_t v32 = static_cast<int64_t>(v31);
  int64_t v33 = v15 * v32;
  AscendC::GlobalTensor<float> v34;
  v34.SetGlobalBuffer((__gm__ float *)v4 + v33, v31);
  AscendC::GlobalTensor<float> v35 = v34;
  matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>> v36;
  GM_ADDR v37 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v6, v37, v36, &v7);
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v38;
  int32_t v39 = v13 * v14;
  int32_t v40 = v39 * 4;
  v6.InitBuffer(v38, 2, v40);
  v36.SetWorkspace(v35);
  v36.SetTensorA(v26);
  v36.SetTensorB(v28);
  int32_t v41 = v11 / v13;
  int32_t v42 = ((v9 - v14) * 4) / 32;
  int32_t v43 = 0;
  while (v36.Iterate<false>()) {
  int32_t v44 = v43;
  AscendC::LocalTensor<float> v45 = v38.AllocTensor<float>();
  v36.GetTensorC<false>(v45, 0, true);
  int32_t v46 = (v44 / v41) * v14;
  int32_t v47 = ((v44 % v41) * v13) * v9 + v46;
  v36.WaitGetTensorC();
  AscendC::Muls(v45, v45, 0.088388346f, v39);
  v38.EnQue(v45);
  AscendC::LocalTensor<float> v48 = v38.DeQue<float>();
  AscendC::GlobalTensor<float> v49 = v30[v47];
  AscendC::DataCopyParams v50 = AscendC::DataCopyParams(v13, (v14 * 4) / 32, 0, v42);
  AscendC::DataCopy(v49, v48, v50);
  v38.FreeTensor(v48);
  v43 = v44 + 1;
  }
  int32_t v51 = v43;
  v36.End();
  return;
}

