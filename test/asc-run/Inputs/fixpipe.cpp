// Fixpipe from L0C to GM (CANN's kernel_operator_fixpipe_intf.h,
// FixpipeParamsV220, CFG_ROW_MAJOR): a cube-only kernel runs Iterate into
// a CO1 tensor of a TQue<CO1, Impl::QUEUE_DEPTH>, then Fixpipe writes its
// M x N NZ fractals row-major into a wider C (dstStride columns), starting
// at column `col0`. The reference is fixpipe.ref.cpp.
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::CO1, CubeFormat::NZ, float>;
using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

constexpr uint32_t kDstStride = 48, kCol0 = 8;

extern "C" __global__ __aicore__ void fixpipe(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                              GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  TQue<TPosition::CO1, Impl::QUEUE_DEPTH> co1Que;
  pipe.InitBuffer(co1Que, 1, tiling.M * tiling.N * sizeof(float));
  matmul::Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  LocalTensor<float> co1 = co1Que.AllocTensor<float>();
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  while (mm.Iterate(false, co1)) {
  }
  FixpipeParamsV220 params;
  params.mSize = tiling.M;
  params.nSize = tiling.N;
  params.srcStride = (tiling.M + 15) / 16 * 16;
  params.dstStride = kDstStride;
  co1Que.EnQue(co1);
  co1 = co1Que.DeQue<float>();
  Fixpipe<float, float, CFG_ROW_MAJOR>(gc[kCol0], co1, params);
  co1Que.FreeTensor(co1);
  co1Que.FreeAllEvent();
  mm.End();
}
