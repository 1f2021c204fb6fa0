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
extern "C" __global__ __aicore__ void matmul_custom(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5) {
  AscendC::TPipe v6;
  TCubeTiling v7;
  CopyTiling(&v7, v5);
  int32_t v8 = v7.M;
  int32_t v9 = v7.N;
  int32_t v10 = v7.Ka;
  int32_t v11 = v7.singleCoreM;
  int32_t v12 = v7.singleCoreN;
  int64_t v13 = AscendC::GetBlockIdx();
  int32_t v14 = static_cast<int32_t>(v13);
  int32_t v15 = ((v8 + v11) - 1) / v11;
  int32_t v16 = v14 % v15;
  int32_t v17 = v14 / v15;
  int32_t v18 = v16 * v10;
  int32_t v19 = v18 * v11;
  int32_t v20 = v17 * v12;
  int32_t v21 = (v16 * v9) * v11;
  int32_t v22 = v21 + v20;
  int32_t v23 = v8 - v16 * v11;
  bool v24 = v23 < v11;
  int32_t v25 = v24 ? v23 : v11;
  int32_t v26 = v9 - v17 * v12;
  bool v27 = v26 < v12;
  int32_t v28 = v27 ? v26 : v12;
  bool v29 = v28 < v12;
  AscendC::GlobalTensor<half> v30;
  v30.SetGlobalBuffer((__gm__ half *)v1 + v19);
  AscendC::GlobalTensor<half> v31 = v30;
  AscendC::GlobalTensor<half> v32;
  v32.SetGlobalBuffer((__gm__ half *)v2 + v20);
  AscendC::GlobalTensor<half> v33 = v32;
  AscendC::GlobalTensor<float> v34;
  v34.SetGlobalBuffer((__gm__ float *)v3 + v22);
  AscendC::GlobalTensor<float> v35 = v34;
  matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> v36;
  GM_ADDR v37 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v6, v37, v36, &v7);
  v36.SetTensorA(v31);
  v36.SetTensorB(v33);
  if (v25 < v11 | v29) {
    v36.SetTail(v25, v28);
  }
  v36.IterateAll(v35);
  v36.End();
  AscendC::PipeBarrier<PIPE_ALL>();
  return;
}

