// A cube-driven Matmul object (spec rule P8), the production idiom of
// CANN's matmul_fused_manual sample in a kernel of our own: the cube core
// runs IterateAll itself (ASCENDC_CUBE_ONLY: MatmulImpl) and sets a
// cross-core flag on PIPE_FIX, the pipe that writes C; each of its two
// vector cores waits for the flag, then applies LeakyRelu to its half of C
// in place (cross-core.test).
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

constexpr uint16_t kCCReady = 3;

extern "C" __global__ __aicore__ void cross_core(GM_ADDR a, GM_ADDR b,
                                                 GM_ADDR bias, GM_ADDR c,
                                                 GM_ADDR workspace,
                                                 GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  if ASCEND_IS_AIC {
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gbias, gc;
    ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a),
                       tiling.M * tiling.Ka);
    gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b),
                       tiling.Kb * tiling.N);
    gbias.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(bias), tiling.N);
    gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c),
                       tiling.M * tiling.N);
    Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>,
           MatmulType<TPosition::GM, CubeFormat::ND, half>,
           MatmulType<TPosition::GM, CubeFormat::ND, float>,
           MatmulType<TPosition::GM, CubeFormat::ND, float>>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    mm.SetBias(gbias);
    mm.IterateAll(gc);
    mm.End();
    CrossCoreSetFlag<2, PIPE_FIX>(kCCReady);
  }
  if ASCEND_IS_AIV {
    uint32_t half = tiling.M * tiling.N / 2;
    GlobalTensor<float> gc;
    gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c) +
                       GetSubBlockIdx() * half);
    TQue<TPosition::VECIN, 1> inQue;
    TQue<TPosition::VECOUT, 1> outQue;
    pipe.InitBuffer(inQue, 1, half * sizeof(float));
    pipe.InitBuffer(outQue, 1, half * sizeof(float));
    CrossCoreWaitFlag(kCCReady);
    LocalTensor<float> in = inQue.AllocTensor<float>();
    DataCopy(in, gc, half);
    inQue.EnQue(in);
    in = inQue.DeQue<float>();
    LocalTensor<float> out = outQue.AllocTensor<float>();
    LeakyRelu(out, in, 0.001f, half);
    inQue.FreeTensor(in);
    outQue.EnQue(out);
    out = outQue.DeQue<float>();
    DataCopy(gc, out, half);
    outQue.FreeTensor(out);
  }
}
