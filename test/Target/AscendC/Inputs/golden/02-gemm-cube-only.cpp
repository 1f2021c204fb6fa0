#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
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
extern "C" __global__ __aicore__ void matmul_cube_only(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5, GM_ADDR v6) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  AscendC::TPipe v7;
  TCubeTiling v8;
  CopyTiling(&v8, v6);
  matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> v9;
  GM_ADDR v10 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v7, v10, v9);
  v9.Init(&v8);
  if ASCEND_IS_AIC {
  int32_t v11 = v8.M;
  int32_t v12 = v8.N;
  int32_t v13 = v8.Ka;
  int32_t v14 = v8.Kb;
  int32_t v15 = v8.singleCoreM;
  int32_t v16 = v8.singleCoreN;
  int64_t v17 = AscendC::GetBlockIdx();
  int32_t v18 = static_cast<int32_t>(v17);
  int32_t v19 = ((v11 + v15) - 1) / v15;
  int32_t v20 = v18 % v19;
  int32_t v21 = v18 / v19;
  int32_t v22 = v20 * v13;
  int32_t v23 = v22 * v15;
  int32_t v24 = v21 * v14;
  int32_t v25 = v24 * v16;
  int32_t v26 = v21 * v16;
  int32_t v27 = (v20 * v12) * v15;
  int32_t v28 = v27 + v26;
  AscendC::GlobalTensor<half> v29;
  v29.SetGlobalBuffer((__gm__ half *)v1 + v23);
  AscendC::GlobalTensor<half> v30 = v29;
  AscendC::GlobalTensor<half> v31;
  v31.SetGlobalBuffer((__gm__ half *)v2 + v25);
  AscendC::GlobalTensor<half> v32 = v31;
  AscendC::GlobalTensor<float> v33;
  v33.SetGlobalBuffer((__gm__ float *)v3 + v26);
  AscendC::GlobalTensor<float> v34 = v33;
  AscendC::GlobalTensor<float> v35;
  v35.SetGlobalBuffer((__gm__ float *)v4 + v28);
  AscendC::GlobalTensor<float> v36 = v35;
  v9.SetTensorA(v30);
  v9.SetTensorB(v32, true);
  int32_t v37 = v8.isBias;
  if (v37 != 0) {
    v9.SetBias(v34);
  }
  v9.IterateAll(v36);
  v9.End();
  }
  return;
}

