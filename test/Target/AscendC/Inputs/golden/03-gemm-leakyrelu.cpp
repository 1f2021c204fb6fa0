#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  for (size_t i3 = 0; i3 < sizeof(TCubeTiling) / sizeof(uint32_t); i3 += 1) {
    ((uint32_t*) v1)[i3] = ((__gm__ uint32_t*) v2)[i3];
  }
  return;
}
extern "C" __global__ __aicore__ void matmul_leakyrelu_custom(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5, GM_ADDR v6) {
  AscendC::TPipe v7;
  TCubeTiling v8;
  CopyTiling(&v8, v6);
  int32_t v9 = v8.M;
  int32_t v10 = v8.N;
  int32_t v11 = v8.Ka;
  int32_t v12 = v8.singleCoreM;
  int32_t v13 = v8.singleCoreN;
  int32_t v14 = v8.baseM;
  int32_t v15 = v8.baseN;
  MatmulT v16;
  GM_ADDR v17 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v7, v17, v16, &v8);
  int64_t v18 = AscendC::GetBlockIdx();
  int32_t v19 = static_cast<int32_t>(v18);
  int32_t v20 = ((v9 + v12) - 1) / v12;
  int32_t v21 = v19 % v20;
  int32_t v22 = (v19 / v20) * v13;
  AscendC::GlobalTensor<half> v23;
  v23.SetGlobalBuffer((__gm__ half *)v1 + ((v21 * v11) * v12));
  AscendC::GlobalTensor<half> v24;
  v24.SetGlobalBuffer((__gm__ half *)v2 + v22);
  AscendC::GlobalTensor<float> v25;
  v25.SetGlobalBuffer((__gm__ float *)v3 + v22);
  AscendC::GlobalTensor<float> v26;
  v26.SetGlobalBuffer((__gm__ float *)v4 + ((v21 * v10) * v12 + v22));
  AscendC::GlobalTensor<float> v27 = v26;
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> v28;
  int32_t v29 = v14 * v15;
  v7.InitBuffer(v28, 1, (v29 * 4));
  v16.SetTensorA(v23);
  v16.SetTensorB(v24);
  v16.SetBias(v25);
  int32_t v30 = v12 / v14;
  int32_t v31 = ((v10 - v15) * 4) / 32;
  int32_t v32 = 0;
  while (v16.Iterate()) {
    int32_t v33 = v32;
    AscendC::LocalTensor<float> v34 = v28.AllocTensor<float>();
    v16.GetTensorC(v34, 0, true);
    AscendC::LeakyRelu(v34, v34, 0.001f, v29);
    v28.EnQue(v34);
    AscendC::LocalTensor<float> v35 = v28.DeQue<float>();
    int32_t v36 = (v33 / v30) * v15;
    int32_t v37 = ((v33 % v30) * v14) * v10 + v36;
    AscendC::GlobalTensor<float> v38 = v27[v37];
    AscendC::DataCopyParams v39 = AscendC::DataCopyParams(v14, (v15 * 4) / 32, 0, v31);
    AscendC::DataCopy(v38, v35, v39);
    v28.FreeTensor(v35);
    v32 = v33 + 1;
  }
  int32_t v40 = v32;
  v16.End();
  return;
}

