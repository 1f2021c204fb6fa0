#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  for (size_t i3 = 0; i3 < sizeof(TCubeTiling) / sizeof(uint32_t); i3 += 1) {
    ((uint32_t*) v1)[i3] = ((__gm__ uint32_t*) v2)[i3];
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
  int32_t v19 = (v16 / v17) * v12;
  AscendC::GlobalTensor<half> v20;
  v20.SetGlobalBuffer((__gm__ half *)v1 + ((v18 * v10) * v11));
  AscendC::GlobalTensor<half> v21;
  v21.SetGlobalBuffer((__gm__ half *)v2 + v19);
  AscendC::GlobalTensor<float> v22;
  v22.SetGlobalBuffer((__gm__ float *)v3 + ((v18 * v9) * v11 + v19));
  AscendC::GlobalTensor<float> v23 = v22;
  int32_t v24 = v11 * v12;
  int64_t v25 = static_cast<int64_t>(v24);
  AscendC::GlobalTensor<float> v26;
  v26.SetGlobalBuffer((__gm__ float *)v4 + (v15 * v25), v24);
  MatmulT v27;
  GM_ADDR v28 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v6, v28, v27, &v7);
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v29;
  int32_t v30 = v13 * v14;
  v6.InitBuffer(v29, 2, (v30 * 4));
  v27.SetWorkspace(v26);
  v27.SetTensorA(v20);
  v27.SetTensorB(v21);
  int32_t v31 = v11 / v13;
  int32_t v32 = ((v9 - v14) * 4) / 32;
  v27.Iterate<false>();
  for (int32_t i33 = 0; i33 < (v31 * (v12 / v14)); i33 += 1) {
    AscendC::LocalTensor<float> v34 = v29.AllocTensor<float>();
    v27.GetTensorC<false>(v34, 0, true);
    int32_t v35 = (i33 / v31) * v14;
    int32_t v36 = ((i33 % v31) * v13) * v9 + v35;
    v27.WaitGetTensorC();
    AscendC::Muls(v34, v34, 0.088388346f, v30);
    v29.EnQue(v34);
    AscendC::LocalTensor<float> v37 = v29.DeQue<float>();
    AscendC::GlobalTensor<float> v38 = v23[v36];
    AscendC::DataCopyParams v39 = AscendC::DataCopyParams(v13, (v14 * 4) / 32, 0, v32);
    AscendC::DataCopy(v38, v37, v39);
    v29.FreeTensor(v37);
  }
  v27.End();
  return;
}

