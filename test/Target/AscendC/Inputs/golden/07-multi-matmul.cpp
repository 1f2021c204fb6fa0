#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MatmulT0 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>>;
using MatmulT1 = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>>;
__aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
  for (size_t i3 = 0; i3 < sizeof(TCubeTiling) / sizeof(uint32_t); i3 += 1) {
    ((uint32_t*) v1)[i3] = ((__gm__ uint32_t*) v2)[i3];
  }
  return;
}
extern "C" __global__ __aicore__ void qkvg_proj_custom(GM_ADDR v1, GM_ADDR v2, GM_ADDR v3, GM_ADDR v4, GM_ADDR v5, GM_ADDR v6, GM_ADDR v7, GM_ADDR v8, GM_ADDR v9, GM_ADDR v10, GM_ADDR v11) {
  AscendC::TPipe v12;
  TCubeTiling v13;
  CopyTiling(&v13, v11 + 0);
  TCubeTiling v14;
  CopyTiling(&v14, v11 + 256);
  TCubeTiling v15;
  CopyTiling(&v15, v11 + 512);
  TCubeTiling v16;
  CopyTiling(&v16, v11 + 768);
  int32_t v17 = v13.M;
  int32_t v18 = v13.N;
  int32_t v19 = v13.Ka;
  int32_t v20 = v13.singleCoreM;
  int32_t v21 = v13.singleCoreN;
  int32_t v22 = v16.baseM;
  int32_t v23 = v16.baseN;
  int64_t v24 = AscendC::GetBlockIdx();
  int32_t v25 = static_cast<int32_t>(v24);
  int32_t v26 = ((v17 + v20) - 1) / v20;
  int32_t v27 = v25 % v26;
  int32_t v28 = (v25 / v26) * v21;
  int32_t v29 = (v27 * v18) * v20 + v28;
  AscendC::GlobalTensor<half> v30;
  v30.SetGlobalBuffer((__gm__ half *)v1 + ((v27 * v19) * v20));
  AscendC::GlobalTensor<half> v31;
  v31.SetGlobalBuffer((__gm__ half *)v2 + v28);
  AscendC::GlobalTensor<half> v32;
  v32.SetGlobalBuffer((__gm__ half *)v3 + v28);
  AscendC::GlobalTensor<half> v33;
  v33.SetGlobalBuffer((__gm__ half *)v4 + v28);
  AscendC::GlobalTensor<half> v34;
  v34.SetGlobalBuffer((__gm__ half *)v5 + v28);
  AscendC::GlobalTensor<half> v35;
  v35.SetGlobalBuffer((__gm__ half *)v6 + v29);
  AscendC::GlobalTensor<half> v36;
  v36.SetGlobalBuffer((__gm__ half *)v7 + v29);
  AscendC::GlobalTensor<half> v37;
  v37.SetGlobalBuffer((__gm__ half *)v8 + v29);
  AscendC::GlobalTensor<float> v38;
  v38.SetGlobalBuffer((__gm__ float *)v9 + v29);
  AscendC::GlobalTensor<float> v39 = v38;
  int32_t v40 = v20 * v21;
  int64_t v41 = static_cast<int64_t>(v40);
  AscendC::GlobalTensor<float> v42;
  v42.SetGlobalBuffer((__gm__ float *)v10 + (v24 * v41), v40);
  MatmulT0 v43;
  MatmulT0 v44;
  MatmulT0 v45;
  MatmulT1 v46;
  GM_ADDR v47 = GetSysWorkSpacePtr();
  REGIST_MATMUL_OBJ(&v12, v47, v43, &v13, v44, &v14, v45, &v15, v46, &v16);
  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v48;
  int32_t v49 = v22 * v23;
  v12.InitBuffer(v48, 2, (v49 * 4));
  v43.SetTensorA(v30);
  v43.SetTensorB(v31);
  v44.SetTensorA(v30);
  v44.SetTensorB(v32);
  v45.SetTensorA(v30);
  v45.SetTensorB(v33);
  v46.SetWorkspace(v42);
  v46.SetTensorA(v30);
  v46.SetTensorB(v34);
  v43.IterateAll<false>(v35, 0, false, true);
  v44.IterateAll<false>(v36, 0, false, true);
  v45.IterateAll<false>(v37, 0, false, true);
  int32_t v50 = v20 / v22;
  int32_t v51 = ((v18 - v23) * 4) / 32;
  int32_t v52 = 0;
  while (v46.Iterate<false>()) {
    int32_t v53 = v52;
    AscendC::LocalTensor<float> v54 = v48.AllocTensor<float>();
    v46.GetTensorC<false>(v54, 0, true);
    int32_t v55 = (v53 / v50) * v23;
    int32_t v56 = ((v53 % v50) * v22) * v18 + v55;
    v46.WaitGetTensorC();
    AscendC::LeakyRelu(v54, v54, 0.01f, v49);
    v48.EnQue(v54);
    AscendC::LocalTensor<float> v57 = v48.DeQue<float>();
    AscendC::GlobalTensor<float> v58 = v39[v56];
    AscendC::DataCopyParams v59 = AscendC::DataCopyParams(v22, (v23 * 4) / 32, 0, v51);
    AscendC::DataCopy(v58, v57, v59);
    v48.FreeTensor(v57);
    v52 = v53 + 1;
  }
  int32_t v60 = v52;
  v43.WaitIterateAll();
  v44.WaitIterateAll();
  v45.WaitIterateAll();
  v43.End();
  v44.End();
  v45.End();
  v46.End();
  AscendC::PipeBarrier<PIPE_ALL>();
  return;
}

