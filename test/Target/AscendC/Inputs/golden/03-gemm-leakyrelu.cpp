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
  matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> v16;
  GM_ADDR v17 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v7, v17, v16, &v8);
  int64_t v18 = AscendC::GetBlockIdx();
  int32_t v19 = static_cast<int32_t>(v18);
  int32_t v20 = ((v9 + v12) - 1) / v12;
  int32_t v21 = v19 % v20;
  int32_t v22 = v19 / v20;
  int32_t v23 = v21 * v11;
  int32_t v24 = v23 * v12;
  int32_t v25 = v22 * v13;
  int32_t v26 = (v21 * v10) * v12;
  int32_t v27 = v26 + v25;
  AscendC::GlobalTensor<half> v28;
  v28.SetGlobalBuffer((__gm__ half *)v1 + v24);
  AscendC::GlobalTensor<half> v29 = v28;
  AscendC::GlobalTensor<half> v30;
  v30.SetGlobalBuffer((__gm__ half *)v2 + v25);
  AscendC::GlobalTensor<half> v31 = v30;
  AscendC::GlobalTensor<float> v32;
  v32.SetGlobalBuffer((__gm__ float *)v3 + v25);
  AscendC::GlobalTensor<float> v33 = v32;
  AscendC::GlobalTensor<float> v34;
  v34.SetGlobalBuffer((__gm__ float *)v4 + v27);
  AscendC::GlobalTensor<float> v35 = v34;
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> v36;
  int32_t v37 = v14 * v15;
  int32_t v38 = v37 * 4;
  v7.InitBuffer(v36, 1, v38);
  v16.SetTensorA(v29);
  v16.SetTensorB(v31);
  v16.SetBias(v33);
  int32_t v39 = v12 / v14;
  int32_t v40 = ((v10 - v15) * 4) / 32;
  int32_t v41 = 0;
  while (v16.Iterate()) {
  int32_t v42 = v41;
  AscendC::LocalTensor<float> v43 = v36.AllocTensor<float>();
  v16.GetTensorC(v43, 0, true);
  AscendC::LeakyRelu(v43, v43, 0.001f, v37);
  v36.EnQue(v43);
  AscendC::LocalTensor<float> v44 = v36.DeQue<float>();
  int32_t v45 = (v42 / v39) * v15;
  int32_t v46 = ((v42 % v39) * v14) * v10 + v45;
  AscendC::GlobalTensor<float> v47 = v35[v46];
  AscendC::DataCopyParams v48 = AscendC::DataCopyParams(v14, (v15 * 4) / 32, 0, v40);
  AscendC::DataCopy(v47, v44, v48);
  v36.FreeTensor(v44);
  v41 = v42 + 1;
  }
  int32_t v49 = v41;
  v16.End();
  return;
}

