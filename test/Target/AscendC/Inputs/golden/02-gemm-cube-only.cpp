#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  for (size_t i3 = 0; i3 < sizeof(TCubeTiling) / sizeof(uint32_t); i3 += 1) {
    ((uint32_t*) v1)[i3] = ((__gm__ uint32_t*) v2)[i3];
  }
  return;
}
extern "C" __global__ __aicore__ void matmul_cube_only(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5, GM_ADDR v6) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  AscendC::TPipe v7;
  TCubeTiling v8;
  CopyTiling(&v8, v6);
  MatmulT v9;
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
    int32_t v22 = v21 * v16;
    AscendC::GlobalTensor<half> v23;
    v23.SetGlobalBuffer((__gm__ half *)v1 + ((v20 * v13) * v15));
    AscendC::GlobalTensor<half> v24;
    v24.SetGlobalBuffer((__gm__ half *)v2 + ((v21 * v14) * v16));
    AscendC::GlobalTensor<float> v25;
    v25.SetGlobalBuffer((__gm__ float *)v3 + v22);
    AscendC::GlobalTensor<float> v26;
    v26.SetGlobalBuffer((__gm__ float *)v4 + ((v20 * v12) * v15 + v22));
    v9.SetTensorA(v23);
    v9.SetTensorB(v24, true);
    int32_t v27 = v8.isBias;
    if (v27 != 0) {
      v9.SetBias(v25);
    }
    v9.IterateAll(v26);
    v9.End();
  }
  return;
}

