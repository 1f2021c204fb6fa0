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
  int32_t v18 = v17 * v12;
  int32_t v19 = v8 - v16 * v11;
  int32_t v20 = v19 < v11 ? v19 : v11;
  int32_t v21 = v9 - v17 * v12;
  int32_t v22 = v21 < v12 ? v21 : v12;
  bool v23 = v22 < v12;
  AscendC::GlobalTensor<half> v24;
  v24.SetGlobalBuffer((__gm__ half *)v1 + ((v16 * v10) * v11));
  AscendC::GlobalTensor<half> v25;
  v25.SetGlobalBuffer((__gm__ half *)v2 + v18);
  AscendC::GlobalTensor<float> v26;
  v26.SetGlobalBuffer((__gm__ float *)v3 + ((v16 * v9) * v11 + v18));
  MatmulT v27;
  GM_ADDR v28 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v6, v28, v27, &v7);
  v27.SetTensorA(v24);
  v27.SetTensorB(v25);
  if (v20 < v11 | v23) {
    v27.SetTail(v20, v22);
  }
  v27.IterateAll(v26);
  v27.End();
  AscendC::PipeBarrier<PIPE_ALL>();
  return;
}

